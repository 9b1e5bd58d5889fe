"""Run `printgen map` once per case, as a teacher would, for the map tests of both rulesets."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from printgen.cli import app


def run_map(scenario: str, args: list[str], folder) -> dict:
    """The case's folder, what the command printed, its deployment data and its PDFs."""
    result = CliRunner().invoke(app, ["map", scenario, *args, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    return {"folder": folder, "stdout": result.output,
            "data": json.loads((folder / "deployment.json").read_text(encoding="utf-8")),
            "pdfs": {p.name: p for p in folder.glob("*.pdf")}}
