"""`printgen simulate`: play the scenario thousands of times and say who wins and how long it takes."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Annotated, Literal, Optional

import typer

from printgen.cli.app import app
from printgen.cli import common as c
from printgen.cli.kit_cmd import BreakOff, Engagement, Minutes, Periods
from printgen import limits
from printgen.errors import PrintgenError, Problem
from printgen.request import BALANCES

MAX_GAMES = limits.GAMES
MAX_DEPLOYMENTS = 100
Games = Annotated[int, typer.Option("--games", help="how many games to play")]
Policy = Annotated[Optional[list[str]], typer.Option(
    "--policy", help="a side's policy, e.g. allied=close-and-fire (repeat for each side); "
                     "policies: close-and-fire, hold-the-line, break-the-line, keep-range, archers-first "
                     "(each family plays some)")]
History = Annotated[bool, typer.Option(
    "--history", help="play the battle as it was fought (the scenario's [simulation] history policies) and say "
                      "how often the real outcome happens")]
Deployments = Annotated[int, typer.Option(
    "--deployments", help="play GAMES games on each of N deployments (--seed, --seed + 1, ...) and say how much "
                          "the map moves the figures, beside the dice")]
Turns = Annotated[Optional[int], typer.Option("--turns", help="turn limit (default: from the scenario's lesson)")]
Workers = Annotated[Optional[int], typer.Option("--workers", help="processes (default: every core)")]
Seed = Annotated[int, typer.Option("--seed", help="seed of the deployment (the kit's map) and of every game's dice")]
Report = Annotated[Optional[Path], typer.Option("--report", help="also write the teacher's page, e.g. plays.pdf")]
Replay = Annotated[Optional[Path], typer.Option("--replay", help="also write one game as map frames, e.g. game.pdf")]
ReplayGame = Annotated[int, typer.Option("--replay-game", help="which game --replay draws (0 is the first)")]
Students = Annotated[Optional[int], typer.Option(
    "--students", help="students in the class: with --periods, --minutes, --engagement, --balance or --break-off, "
                       "play the lesson's game the kit would print for them [default: the scenario as written]")]


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
@c.speaking
def simulate_cmd(scenario: str = typer.Argument(..., help="a scenario name or folder"),
                 games: Games = 1000, seed: Seed = 1805, edition: c.Edition = "color", paper: c.Paper = None, scale: c.Scale = None, table: c.Table = None,
                 fraction: c.Fraction = None, ships: c.Ships = None, preset: c.Preset = None,
                 policy: Policy = None, turns: Turns = None, workers: Workers = None, report: Report = None,
                 replay: Replay = None, replay_game: ReplayGame = 0, history: History = False,
                 deployments: Deployments = 1, students: Students = None, periods: Periods = None,
                 minutes: Minutes = None, engagement: Engagement = None, balance: Optional[Literal[BALANCES]] = typer.Option(
                     None, "--balance", help="fair or historical (as printgen kit)"),
                 break_off: BreakOff = None, lang: c.Lang = "en") -> None:
    """Play the scenario GAMES times from its deployment (--seed: the kit's map; game i rolls its own
    seeded dice) and print win rates, game lengths, ships struck and games that reached the turn limit."""
    from printgen.data.simulation import policies_of
    from printgen.rules.provenance import Provenance
    from printgen.kit.progress import Progress
    from printgen.play.run import chunks, simulate
    from printgen.play.stats import report as text_report, spread_report, summarise

    if not 1 <= games <= MAX_GAMES:
        raise PrintgenError(Problem(f"{games} games", field="--games", fix=f"play 1 to {MAX_GAMES:,} games"))
    if turns is not None and not 1 <= turns <= 1000:
        raise PrintgenError(Problem(f"turn limit {turns}", field="--turns", fix="give 1 to 1000 turns"))
    if workers is not None and not 1 <= workers <= 256:
        raise PrintgenError(Problem(f"{workers} workers", field="--workers", fix="give 1 to 256"))
    for path, name in ((report, "--report"), (replay, "--replay")):
        if path is not None and path.suffix.lower() != ".pdf":
            raise PrintgenError(Problem(f"'{path}' is not a .pdf file name", field=name, fix="e.g. plays.pdf"))
    if not 1 <= deployments <= MAX_DEPLOYMENTS:
        raise PrintgenError(Problem(f"{deployments} deployments", field="--deployments",
                                    fix=f"give 1 to {MAX_DEPLOYMENTS}"))
    if deployments > 1 and (report is not None or replay is not None):
        raise PrintgenError(Problem("--report and --replay draw one deployment's games", field="--deployments",
                                    fix="leave out --deployments, or --report and --replay"))
    if not 0 <= replay_game < games:
        raise PrintgenError(Problem(f"game {replay_game} is not among the {games} played", field="--replay-game",
                                    fix=f"give 0 to {games - 1}"))
    from printgen.play.rerun import SimRun, prepare_run

    overrides = parse_policies(policy)
    if history:                                            # the battle's own policies, under any --policy given
        from printgen.data.simulation import history_policies
        from printgen.data.checked import load_checked

        overrides = {**history_policies(load_checked(scenario)), **overrides}
    from printgen.request import KitRequest

    lesson = KitRequest(scenario, 24 if students is None else students, table=table, scale=scale, fraction=fraction,
                        ships=ships, preset=preset, seed=seed, periods=periods, minutes=minutes, engagement=engagement,
                        balance=balance or "fair", break_off=break_off)
    fitted = any(v is not None for v in (students, periods, minutes, engagement, balance, break_off))
    from printgen.play import wanted

    wanted.expect(games * deployments * 300)   # ships x turns unknown before the set-up: a large fleet's (50 x 6)
    plan = None
    if fitted:                                             # the lesson's game, chosen as the kit chooses it
        from printgen.data.simulation import lesson_policies
        from printgen.kit.build import plan_kit
        from printgen.sheets.plays.records import kit_setup, lesson_words

        if deployments > 1:
            raise PrintgenError(Problem("--deployments plays the scenario as written; the lesson's game was chosen "
                                        "by playing it on several deployments already", field="--deployments",
                                        fix="leave out --deployments (the kit's plays page gives each map's figure), "
                                            "or the lesson's options"))
        plan = plan_kit(lesson)
        overrides = {**lesson_policies(plan.scenario), **overrides}      # as a class plays it, as the kit's page
    run = SimRun(scenario, seed, games, fraction, ships, scale, table, preset, tuple(sorted(overrides.items())), turns,
                 lesson_words(lesson) if fitted else ())
    if plan is not None:
        s, opts, st = plan.scenario, plan.options, kit_setup(plan, run)
    else:
        s, opts, st = prepare_run(run)
    # the page's look (the reader's paper unless chosen); the games do not depend on it
    opts = opts.but(edition=edition, paper=c.usual(lang, paper, None)[0], lang=lang)
    if lang != "en" and report is not None:                 # refused before any game is played
        from printgen.i18n import N_
        from printgen.registry.documents import find, refuse_untranslated

        refuse_untranslated([find("plays")], lang, s.ruleset, N_("the page “How this scenario plays”"))
    for note in opts.notes:
        typer.echo(note)
    names = {k: side.name for k, side in s.ruleset.sides.items()}
    lesson = s.lesson
    marks = {side: origin for side, (_, origin) in policies_of(s).items()}
    typer.echo(f"{s.title}: {games} games, seed {seed}, {len(st.start)} ships, turn limit {st.turn_limit}"
               + (" (--turns)" if turns is not None else
                  f" ({Provenance(s.provenance_table).words('lesson') or 'the scenario'}: {lesson.play_minutes} "
                  f"minutes of play, {lesson.minutes_per_turn} a turn)"))
    if plan is not None and plan.fitted is not None:
        from printgen.lesson.search import why

        typer.echo(f"The lesson's game (printgen's choice, as printgen kit chooses it): {why(plan.scenario, plan.fitted)}")
    asked = parse_policies(policy)

    def origin(side: str) -> str:
        if side in asked:
            return "--policy"
        return "as the battle was fought" if history else ("as a class plays it" if fitted else marks[side])

    typer.echo("Policies: " + ", ".join(f"{names[side]} {p.name} ({origin(side)})" for side, p in st.policies.items()))
    seeds = [seed + k for k in range(deployments)]
    runs = [run] + [dataclasses.replace(run, seed=k) for k in seeds[1:]]
    bar = Progress(len(runs) * len(chunks(games, workers or os.cpu_count() or 1)))
    summaries, results = [], []
    for k, one in enumerate(runs):
        one_st = st if k == 0 else prepare_run(one)[2]
        played = simulate(one_st, one.games, one.seed, workers,
                          progress=lambda done, k=k: bar.step(f"{k * games + done}/{len(runs) * games} games"))
        results += played
        summaries.append(summarise(one_st.sides, played))
    bar.close()
    summary = summaries[0] if len(runs) == 1 else summarise(st.sides, results)
    typer.echo("")
    if len(runs) > 1:
        typer.echo(f"All {len(results)} games, {len(runs)} deployments:")
    for line in text_report(summary, names):
        typer.echo(line)
    if len(runs) > 1:
        typer.echo("")
        for line in spread_report(seeds, summaries, names):
            typer.echo(line)
    if history:
        from printgen.play.history import report as history_report, yardstick

        typer.echo("")
        for line in history_report(yardstick(s), results, names):
            typer.echo(line)
    files = {}
    if report is not None or replay is not None:
        from printgen.draw.render import render
        from printgen.output import write_all
        from printgen.sheets.plays.page import plays_page
        from printgen.sheets.plays.replay import replay_drawing

        if report is not None:                          # drawn in its language, as its record draws it
            from printgen.i18n import using

            with using(opts.lang):
                files[report] = render(plays_page(s, opts, st, summary, run), opts.edition, "pdf").files[0][1]
        if replay is not None:
            drawing = replay_drawing(s, opts, st, seed, replay_game)
            files[replay] = render(drawing, opts.edition, "pdf").files[0][1]
        c.echo_written(write_all(files))
