"""`printgen scenario`: the game printgen fits to a lesson, written as a scenario folder to edit."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.cli.kit_cmd import Balance, BreakOff, Engagement, Minutes, Periods, Students

Out = Annotated[Path, typer.Option("--out", help="a new or empty folder for scenario.toml and ships.csv")]


@app.command("scenario")
def scenario_cmd(scenario: str = typer.Argument("trafalgar", help="a scenario name or folder"),
                 out: Out = ..., students: Students = 24, periods: Periods = None, minutes: Minutes = None,
                 table: c.Table = None, scale: c.Scale = None, fraction: c.Fraction = None, ships: c.Ships = None,
                 preset: c.Preset = None, units: c.Units = None, seed: c.Seed = 1805, engagement: Engagement = None,
                 balance: Balance = "fair", break_off: BreakOff = None) -> None:
    """Choose the game that fits a lesson (the minutes, the class, the table), play it to check it, and
    write it as a scenario folder to edit: `printgen kit FOLDER` plays it as written."""
    from printgen.errors import PrintgenError, Problem
    from printgen.game.prepare import prepare
    from printgen.lesson.fit import fit
    from printgen.lesson.folder import MARK, scenario_files
    from printgen.output import refuse_source, starts_with, write_all
    from printgen.request import KitRequest

    units = units or "in"                 # a scenario folder has no language: inches unless chosen
    request = KitRequest(scenario, students, table=table, scale=scale, fraction=fraction, ships=ships, preset=preset,
                         units=units, seed=seed, periods=periods, minutes=minutes, engagement=engagement,
                         balance=balance, break_off=break_off)
    source, options = prepare(request.scenario, **request.choices())
    folder = out.expanduser()
    refuse_source(folder, source.folder)
    mine = folder / "scenario.toml"
    if folder.is_file() or (os.path.lexists(mine) and not starts_with(mine, MARK.encode())) or (
            not mine.exists() and (folder / "ships.csv").exists()):
        raise PrintgenError(Problem("holds a scenario printgen did not write: it will not replace it", file=folder,
                                    fix="give a new or empty folder with --out"))
    for note in options.notes:
        typer.echo(note)
    game, t = fit(source, options, students, engagement, balance, break_off, request.sized)
    lesson = game.lesson
    asked = (f"{lesson.periods} period{'s' if lesson.periods != 1 else ''} of {lesson.period_minutes} minutes and "
             f"{students} student{'s' if students != 1 else ''}")
    files = scenario_files(source, game, t, asked)
    ours = {folder / name for name in files} if mine.is_file() and not mine.is_symlink() else set()   # checked above
    written = write_all({folder / name: data for name, data in files.items()}, ours)
    if t is not None:
        from printgen.lesson.search import why

        typer.echo(why(source, t))
    c.echo_written(written)
