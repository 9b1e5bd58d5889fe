"""`printgen cards`: a card a procedure, with its exact odds."""

from __future__ import annotations

import typer

from printgen.cli import app
from printgen.cli import common as c


@app.command("cards")
def cards_cmd(scenario: str = typer.Argument(..., help="a scenario name or folder"),
              edition: c.Edition = "color", paper: c.Paper = "letter", scale: c.Scale = None,
              table: c.Table = None, units: c.Units = "in", fmt: c.Format = "pdf", dpi: c.Dpi = 100,
              out: c.Out = None) -> None:
    """Print the dice-verified rule cards (distances after scale and units; odds never change)."""
    from printgen.game.prepare import prepare
    from printgen.sheets.cards import card_sheets
    from printgen.sheets.write import write_sheet

    s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt, dpi=dpi)
    for note in opts.notes:
        typer.echo(note)
    c.echo_written(write_sheet(card_sheets(s, opts), opts, c.out_dir(out, s), "cards"))
