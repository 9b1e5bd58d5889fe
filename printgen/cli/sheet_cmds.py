"""`printgen quickref`, `cards`, and each rule family's own sheets (`records`, `markers`): one command
for each document kind whose catalogue record asks for one (printgen.registry.documents)."""

from __future__ import annotations

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.registry.documents import DocumentKind, commands


def _register(record: DocumentKind, families: tuple[str, ...]) -> None:
    @app.command(record.kind, help=record.help)
    @c.speaking
    def command(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                edition: c.Edition = "color", paper: c.Paper = None, scale: c.Scale = None,
                table: c.Table = None, units: c.Units = None, fmt: c.Format = "pdf", dpi: c.Dpi = 100,
                lang: c.Lang = "en", out: c.Out = None) -> None:
        from printgen.game.prepare import prepare
        from printgen.registry.documents import declared
        from printgen.sheets.page.write import write_sheet

        paper, units = c.usual(lang, paper, units)
        s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt,
                          dpi=dpi, lang=lang)
        own = declared(s.ruleset).get(record.kind)
        if own is None:                                # a document only some rule families have
            from printgen.errors import PrintgenError, Problem

            raise PrintgenError(Problem(f"the {s.ruleset.ruleset.id} ruleset has no {record.kind}: they belong to "
                                        f"rulesets of the {' or '.join(families)} system",
                                        fix="try `printgen kit` for everything it has"))
        from printgen.i18n import _
        from printgen.registry.documents import refuse_untranslated

        what = _("the %(document)s of %(ruleset)s") % {"document": _(own.title).lower(), "ruleset": s.ruleset.ruleset.id}
        refuse_untranslated([own], lang, s.ruleset, what)
        for note in opts.notes:
            typer.echo(note)
        c.echo_written(write_sheet(own.make(s, opts), opts, c.out_dir(out, s), own.file_stem))


for _record, _families in commands().values():
    _register(_record, _families)
