"""`printgen odds`: the exact odds of every dice procedure, in the terminal."""

from __future__ import annotations

import typer

from printgen.cli.app import app


@app.command("odds")
def odds_cmd(scenario: str = typer.Argument(..., help="a scenario name (see `printgen list`) or folder")) -> None:
    """Print the odds tables of a scenario's ruleset (exact fractions and percentages)."""
    from printgen.data.checked import load_checked
    from printgen.rules.printed import fmt
    from printgen.rules.tables_text import odds_tables, render_text

    s = load_checked(scenario)
    typer.echo(f"{s.ruleset.ruleset.title}: exact odds\n")
    for table in odds_tables(s.ruleset):
        typer.echo(render_text(table, fmt))
