"""`printgen list`: the scenarios and rulesets printgen can find.

Read straight from the files (no validation, so no pydantic or dice library to import): a listing
is not a check; `printgen check NAME` validates a scenario in full."""

from __future__ import annotations

import csv
import tomllib

import typer

from printgen import paths
from printgen.cli.app import app


@app.command("list")
def list_cmd() -> None:
    """List the built-in scenarios and rulesets."""
    typer.echo("Scenarios (fleets/):")
    for folder in sorted(p.parent for p in paths.fleets_dir().glob("*/scenario.toml")):
        try:
            data = tomllib.loads((folder / "scenario.toml").read_text(encoding="utf-8"))
            info = data["scenario"]
            with open(folder / info.get("ships", "ships.csv"), encoding="utf-8-sig", newline="") as f:
                ships = sum(1 for row in csv.reader(f) if any(cell.strip() for cell in row)) - 1
            ruleset = str(info["ruleset"])
            path = folder / ruleset if ruleset.endswith(".toml") else paths.rulesets_dir() / f"{ruleset}.toml"
            rid = tomllib.loads(path.read_text(encoding="utf-8")).get("ruleset", {}).get("id", ruleset)
            size = info.get("class_size")
            suits = f", for a class of {size[0]} to {size[1]}" if isinstance(size, list) and len(size) == 2 else ""
            typer.echo(f"  {folder.name:<14} {info['title']} - {ships} ships{suits}, ruleset {rid}")
            for preset, p in data.get("presets", {}).items():
                typer.echo(f"  {'':<14}   preset {preset}: {p.get('title', '')}")
        except (OSError, UnicodeError, tomllib.TOMLDecodeError, KeyError, TypeError, AttributeError, csv.Error) as e:
            typer.echo(f"  {folder.name:<14} (does not load: {type(e).__name__} {e}; "
                       f"`printgen check {folder.name}` says more)")
    typer.echo("A preset is a smaller version of a battle, fewer ships for a smaller class or a shorter lesson: "
               "printgen kit trafalgar --preset second-battle.")
    typer.echo("Rulesets (rulesets/):")
    for path in sorted(paths.rulesets_dir().glob("*.toml")):
        title = tomllib.loads(path.read_text(encoding="utf-8")).get("ruleset", {}).get("title", "")
        typer.echo(f"  {path.stem:<22} {title}")
