"""`printgen quickref`, `cards`, and each rule family's own sheets (`records`, `markers`): one command a sheet."""

from __future__ import annotations

from importlib import import_module

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen import registry

SHEETS = {
    "quickref": ("printgen.sheets.text.quickref:quickref_sheet",
                 "Print the quick-reference sheet: every rule table, numbers from the ruleset after scale and units."),
    "cards": ("printgen.sheets.text.cards:card_sheets",
              "Print the rule cards: a card a procedure with its exact odds (distances scale; odds never change)."),
}


def _register(kind: str, maker: str | None, doc: str) -> None:
    @app.command(kind, help=doc)
    def command(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                edition: c.Edition = "color", paper: c.Paper = "letter", scale: c.Scale = None,
                table: c.Table = None, units: c.Units = "in", fmt: c.Format = "pdf", dpi: c.Dpi = 100,
                out: c.Out = None) -> None:
        from printgen.game.prepare import prepare
        from printgen.sheets.page.write import write_sheet
        from printgen.registry import system_of

        s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt,
                          dpi=dpi)
        if maker:
            module, name = maker.split(":")
            make = getattr(import_module(module), name)
        else:                                          # a document only some rule families have
            family = system_of(s.ruleset)
            if kind not in family.documents:
                from printgen.errors import PrintgenError, Problem

                has = [f.name for f in map(registry.get, registry.known()) if kind in f.documents]
                raise PrintgenError(Problem(f"the {s.ruleset.ruleset.id} ruleset has no {kind}: they belong to "
                                            f"rulesets of the {' or '.join(has)} system",
                                            fix="try `printgen kit` for everything it has"))
            make = lambda s, o: family.document(kind, s, o)      # noqa: E731
        for note in opts.notes:
            typer.echo(note)
        c.echo_written(write_sheet(make(s, opts), opts, c.out_dir(out, s), kind))


for _kind, (_maker, _doc) in SHEETS.items():
    _register(_kind, _maker, _doc)
# the rule families' own documents (ship records, obstacle markers): one command each
for _kind, _doc in registry.documents().items():
    _register(_kind, None, _doc)
