"""`printgen quickref`, `cards`, `records`, `markers`: one command a sheet, declared once."""

from __future__ import annotations

from importlib import import_module

import typer

from printgen.cli import app
from printgen.cli import common as c

SHEETS = {
    "quickref": ("printgen.sheets.text.quickref:quickref_sheet",
                 "Print the quick-reference sheet: every rule table, numbers from the ruleset after scale and units.",
                 None),
    "cards": ("printgen.sheets.text.cards:card_sheets",
              "Print the rule cards: a card a procedure with its exact odds (distances scale; odds never change).",
              None),
    "records": ("printgen.systems.sectors.records:record_sheets",
                "Print a record card for each ship (structure boxes, attack speed, ram, sail): sectors rulesets.",
                "sectors"),
    "markers": ("printgen.systems.sectors.markers:marker_sheets",
                "Print the obstacle markers to cut out: sectors rulesets.", "sectors"),
}


def _register(kind: str, maker: str, doc: str, system: str | None) -> None:
    @app.command(kind, help=doc)
    def command(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                edition: c.Edition = "color", paper: c.Paper = "letter", scale: c.Scale = None,
                table: c.Table = None, units: c.Units = "in", fmt: c.Format = "pdf", dpi: c.Dpi = 100,
                out: c.Out = None) -> None:
        from printgen.game.prepare import prepare
        from printgen.sheets.page.write import write_sheet

        module, name = maker.split(":")
        make = getattr(import_module(module), name)
        s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt,
                          dpi=dpi)
        if system and s.ruleset.ruleset.system != system:
            from printgen.errors import PrintgenError, Problem

            raise PrintgenError(Problem(f"the {s.ruleset.ruleset.id} ruleset has no {kind}: they belong to rulesets "
                                        f"of the {system} system", fix="try `printgen kit` for everything it has"))
        for note in opts.notes:
            typer.echo(note)
        c.echo_written(write_sheet(make(s, opts), opts, c.out_dir(out, s), kind))


for _kind, (_maker, _doc, _system) in SHEETS.items():
    _register(_kind, _maker, _doc, _system)
