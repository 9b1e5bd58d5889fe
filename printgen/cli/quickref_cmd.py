"""`printgen quickref`: every rule table on one page."""

from __future__ import annotations

import typer

from printgen.cli import app
from printgen.cli import common as c


@app.command("quickref")
def quickref_cmd(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                 edition: c.Edition = "color", paper: c.Paper = "letter", scale: c.Scale = None,
                 table: c.Table = None, units: c.Units = "in", fmt: c.Format = "pdf", dpi: c.Dpi = 100,
                 out: c.Out = None) -> None:
    """Print the quick-reference sheet (numbers from the ruleset, after scale and units)."""
    from printgen.game.prepare import prepare
    from printgen.sheets.quickref import quickref_sheet
    from printgen.sheets.write import write_sheet

    s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt, dpi=dpi)
    for note in opts.notes:
        typer.echo(note)
    c.echo_written(write_sheet(quickref_sheet(s, opts), opts, c.out_dir(out, s), "quickref"))
