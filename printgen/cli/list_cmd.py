"""`printgen list`: the scenarios and rulesets printgen can find."""

from __future__ import annotations

import typer

from printgen import paths
from printgen.cli.app import app


@app.command("list")
def list_cmd() -> None:
    """List the built-in scenarios and rulesets."""
    from printgen.data.scenario import load_scenario, scenario_names
    from printgen.errors import PrintgenError

    typer.echo("Scenarios (fleets/):")
    for name in scenario_names():
        try:
            s = load_scenario(name)
            typer.echo(f"  {name:<14} {s.title} - {len(s.fleet.ships)} ships, ruleset {s.ruleset.ruleset.id}")
            for preset, p in s.file.presets.items():
                typer.echo(f"  {'':<14}   preset {preset}: {p.title}")
        except PrintgenError as e:
            typer.echo(f"  {name:<14} (does not load: {e.problems[0].what})")
    typer.echo("Rulesets (rulesets/):")
    import tomllib

    for path in sorted(paths.rulesets_dir().glob("*.toml")):
        title = tomllib.loads(path.read_text(encoding="utf-8")).get("ruleset", {}).get("title", "")
        typer.echo(f"  {path.stem:<22} {title}")
