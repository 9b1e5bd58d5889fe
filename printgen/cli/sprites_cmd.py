"""`printgen sprites`: paper ships to cut out, one piece a ship."""

from __future__ import annotations

import math

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.sheets.pieces.kinds import SPRITES


@app.command(SPRITES.kind, help=SPRITES.help)
@c.speaking
def sprites_cmd(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                edition: c.Edition = "color", paper: c.Paper = None, scale: c.Scale = None,
                table: c.Table = None, units: c.Units = None, fmt: c.Format = "pdf", dpi: c.Dpi = 100,
                fraction: c.Fraction = None, ships: c.Ships = None, preset: c.Preset = None,
                lang: c.Lang = "en", out: c.Out = None) -> None:
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import LEGIBLE_PT, noting_names, sprite_sheets
    from printgen.sheets.page.write import write_sheet

    paper, units = c.usual(lang, paper, units)
    s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt,
                      dpi=dpi, fraction=fraction, ships=ships, preset=preset, lang=lang)
    from printgen.i18n import N_
    from printgen.registry.documents import refuse_untranslated

    refuse_untranslated([SPRITES], lang, s.ruleset, N_("the ship pieces"))
    for note in opts.notes:
        typer.echo(note)
    sizes: list[float] = []                   # the names' sizes, noted as the pages are laid out to be written
    # large print's pieces are drawn as the kit draws them (their names and hit circles at its scale)
    drawn = SPRITES.make(s, opts) if opts.edition == "large" else sprite_sheets(s, opts)
    written = write_sheet(noting_names(drawn, sizes), opts, c.out_dir(out, s), SPRITES.file_stem)
    smallest = min(sizes, default=LEGIBLE_PT)
    if smallest < LEGIBLE_PT:
        legible = math.ceil(opts.scale * LEGIBLE_PT / smallest * 100) / 100
        typer.echo(f"warning: at scale {opts.scale:g} ship names print at {smallest:.1f} pt, too small to read; "
                   f"the smallest legible scale is {legible:g}", err=True)
    c.echo_written(written)
