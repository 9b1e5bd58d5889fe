"""`printgen simulate`: play the scenario thousands of times and say who wins and how long it takes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.errors import PrintgenError, Problem

MAX_GAMES = 1_000_000
Games = Annotated[int, typer.Option("--games", help="how many games to play")]
Policy = Annotated[Optional[list[str]], typer.Option(
    "--policy", help="a side's policy, e.g. allied=close-and-fire (repeat for each side); "
                     "policies: close-and-fire, hold-the-line")]
Turns = Annotated[Optional[int], typer.Option("--turns", help="turn limit (default: from the scenario's lesson)")]
Workers = Annotated[Optional[int], typer.Option("--workers", help="processes (default: every core)")]
Seed = Annotated[int, typer.Option("--seed", help="seed of the deployment (the kit's map) and of every game's dice")]
Report = Annotated[Optional[Path], typer.Option("--report", help="also write the teacher's page, e.g. plays.pdf")]
Replay = Annotated[Optional[Path], typer.Option("--replay", help="also write one game as map frames, e.g. game.pdf")]
ReplayGame = Annotated[int, typer.Option("--replay-game", help="which game --replay draws (0 is the first)")]


def parse_policies(given: list[str] | None) -> dict[str, str]:
    out = {}
    for item in given or []:
        side, sep, name = item.partition("=")
        if not sep or not side.strip() or not name.strip():
            raise PrintgenError(Problem(f"'{item}' is not SIDE=POLICY", field="--policy",
                                        fix="write it like allied=close-and-fire"))
        out[side.strip()] = name.strip()
    return out


@app.command("simulate")
def simulate_cmd(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                 games: Games = 1000, seed: Seed = 1805, edition: c.Edition = "color", paper: c.Paper = "letter", scale: c.Scale = None, table: c.Table = None,
                 fraction: c.Fraction = None, ships: c.Ships = None, preset: c.Preset = None,
                 policy: Policy = None, turns: Turns = None, workers: Workers = None, report: Report = None,
                 replay: Replay = None, replay_game: ReplayGame = 0) -> None:
    """Play the scenario GAMES times from its deployment (--seed: the kit's map; game i rolls its own
    seeded dice) and print win rates, game lengths, ships struck and games that reached the turn limit."""
    from printgen.data.simulation import policies_of
    from printgen.rules.provenance import Provenance
    from printgen.kit.progress import Progress
    from printgen.play.run import chunks
    from printgen.play.stats import report as text_report

    if not 1 <= games <= MAX_GAMES:
        raise PrintgenError(Problem(f"{games} games", field="--games", fix=f"play 1 to {MAX_GAMES:,} games"))
    if turns is not None and not 1 <= turns <= 1000:
        raise PrintgenError(Problem(f"turn limit {turns}", field="--turns", fix="give 1 to 1000 turns"))
    if workers is not None and not 1 <= workers <= 256:
        raise PrintgenError(Problem(f"{workers} workers", field="--workers", fix="give 1 to 256"))
    for path, name in ((report, "--report"), (replay, "--replay")):
        if path is not None and path.suffix.lower() != ".pdf":
            raise PrintgenError(Problem(f"'{path}' is not a .pdf file name", field=name, fix="e.g. plays.pdf"))
    if not 0 <= replay_game < games:
        raise PrintgenError(Problem(f"game {replay_game} is not among the {games} played", field="--replay-game",
                                    fix=f"give 0 to {games - 1}"))
    from printgen.play.rerun import SimRun, play_run, prepare_run

    overrides = parse_policies(policy)
    run = SimRun(scenario, seed, games, fraction, ships, scale, table, preset, tuple(sorted(overrides.items())), turns)
    s, opts, st = prepare_run(run)
    opts = opts.but(edition=edition, paper=paper)          # the page's look; the games do not depend on it
    for note in opts.notes:
        typer.echo(note)
    names = {k: side.name for k, side in s.ruleset.sides.items()}
    lesson = s.lesson
    marks = {side: origin for side, (_, origin) in policies_of(s).items()}
    typer.echo(f"{s.title}: {games} games, seed {seed}, {len(st.start)} ships, turn limit {st.turn_limit}"
               + (" (--turns)" if turns is not None else
                  f" ({Provenance(s.provenance_table).words('lesson') or 'the scenario'}: {lesson.play_minutes} "
                  f"minutes of play, {lesson.minutes_per_turn} a turn)"))
    typer.echo("Policies: " + ", ".join(f"{names[side]} {p.name} ({'--policy' if side in overrides else marks[side]})"
                                        for side, p in st.policies.items()))
    bar = Progress(len(chunks(games, workers or os.cpu_count() or 1)))
    summary = play_run(run, st, workers, progress=lambda done: bar.step(f"{done}/{games} games"))
    bar.close()
    typer.echo("")
    for line in text_report(summary, names):
        typer.echo(line)
    files = {}
    if report is not None or replay is not None:
        from printgen.draw.render import render
        from printgen.output import write_all
        from printgen.sheets.plays.page import plays_page
        from printgen.sheets.plays.replay import replay_drawing

        if report is not None:
            files[report] = render(plays_page(s, opts, st, summary, run), opts.edition, "pdf").files[0][1]
        if replay is not None:
            drawing = replay_drawing(s, opts, st, seed, replay_game)
            files[replay] = render(drawing, opts.edition, "pdf").files[0][1]
        c.echo_written(write_all(files))
