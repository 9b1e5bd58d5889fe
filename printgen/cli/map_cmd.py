"""`printgen map`: the deployment map a teacher sets the table from, its data, and a full-size print."""

from __future__ import annotations

from typing import Annotated

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.sheets.maps.kinds import MAP, TILED

Tiled = Annotated[bool, typer.Option("--tiled", help="also print the map at table size across several sheets")]


@app.command(MAP.kind, help=MAP.help)
@c.speaking
def map_cmd(scenario: str = typer.Argument(..., help="a scenario name or folder"),
            edition: c.Edition = "color", paper: c.Paper = None, scale: c.Scale = None,
            table: c.Table = None, units: c.Units = None, fmt: c.Format = "pdf", dpi: c.Dpi = 100,
            fraction: c.Fraction = None, ships: c.Ships = None, preset: c.Preset = None, seed: c.Seed = 1805,
            tiled: Tiled = False, lang: c.Lang = "en", out: c.Out = None) -> None:
    from printgen.draw.render import render
    from printgen.game.deploy import deploy
    from printgen.game.deploy_data import data_files
    from printgen.game.prepare import prepare
    from printgen.output import write_all
    from printgen.sheets.maps.deploy_map import map_sheets
    from printgen.sheets.page.write import sheet_stem

    paper, units = c.usual(lang, paper, units)
    s, opts = prepare(scenario, edition=edition, paper=paper, scale=scale, table=table, units=units, fmt=fmt,
                      dpi=dpi, fraction=fraction, ships=ships, preset=preset, seed=seed, lang=lang)
    from printgen.i18n import N_
    from printgen.registry.documents import refuse_untranslated

    refuse_untranslated([MAP, TILED] if tiled else [MAP], lang, s.ruleset, N_("the deployment map"))
    for note in opts.notes:
        typer.echo(note)
    dep = deploy(s, opts)                                   # gather everything first: errors leave no files
    drawings = {MAP.file_stem: map_sheets(s, dep, opts)}
    if tiled:
        from printgen.sheets.maps.tiled_map import tiled_sheets

        drawings[TILED.file_stem] = tiled_sheets(s, dep, opts)
    folder = c.out_dir(out, s)
    files = {folder / name: data for name, data in data_files(dep, s, opts).items()}
    for stem, drawing in drawings.items():
        for suffix, data in render(drawing, opts.edition, opts.fmt, opts.dpi).files:
            files[folder / f"{sheet_stem(stem, opts)}{suffix}"] = data
    typer.echo(f"Deployed {len(dep.placements)} ships on a {opts.measure.fmt(dep.height_in / dep.scale)} x "
               f"{opts.measure.fmt(dep.width_in / dep.scale)} table (seed {dep.seed}"
               + (f", {dep.line_columns} lines side by side" if dep.line_form == "squadrons" and dep.line_columns > 1
                  else f", lines abreast in {dep.line_columns} rows"
                  if dep.line_form == "abreast" and dep.line_columns > 1
                  else f", line doubled into {dep.line_columns} columns" if dep.line_columns > 1 else "") + ").")
    c.echo_written(write_all(files))
