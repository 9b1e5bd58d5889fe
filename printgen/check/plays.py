"""`printgen check` for the page "How this scenario plays": replay a sample of the recorded games
through the engine and compare each with its record, then recompute every printed figure from the
records (the `simulation` plan derivation: the page's figures trace to it, as lesson numbers do).

The sample is deterministic (the same games every check) and small, so the check stays quick: SAMPLE
games, one job for the check's workers beside the documents they read (check/kit.py), played by the
compiled engine where this computer has it (a few milliseconds after 0.45 s of loading it) and as
Python elsewhere (about 3 s of one core for Trafalgar's)."""

from __future__ import annotations

import json
from pathlib import Path

from printgen.check.discrepancy import Discrepancy
from printgen.sheets.plays.records import RECORDS, decode, kit_setup, row, sample
from printgen.play.rerun import SimRun, printed
from printgen.rules.trace import plan_derivation


def check_plays(folder: Path, manifest: dict, plan, bad: dict,
                made: dict[str, str] | None = None) -> tuple[list[Discrepancy], list[tuple]]:
    """What is wrong with the records, and the replays still to run (`replay(job)` each).

    `made`: data file -> sha256 of the bytes the kit's own build wrote in this process (none in
    `printgen check`). Records that are those very bytes are not replayed: their games were played
    in this run, by this printgen, from this plan (a kit never takes the records of the kit before
    it: a sample cannot vouch for the games outside it; nor a stored lesson answer's games unplayed:
    printgen/lesson/search.py `_stored` plays a stored choice's games again before they are used).
    Playing the same games with the same code from the same inputs can only give the same results,
    so the replay would prove nothing new; what it
    guards against, records edited or played by another printgen, needs bytes the build did not
    write, and then they are replayed. Every `printgen check` replays."""
    docs = [d["path"] for d in manifest["documents"] if d["kind"] in plan.kinds() and RECORDS in plan.record(d["kind"]).data]
    if not docs:
        return [], []
    if RECORDS not in manifest.get("data", {}):
        return [Discrepancy(docs[0], 0, f"the manifest lists no {RECORDS}: the simulated figures cannot be checked")], []
    if RECORDS in bad:
        return [], []                               # missing or changed: reported with the other files
    from printgen.check.manifest import read_listed
    from printgen.reading import Unreadable

    try:
        run, sides, results = decode(read_listed(folder, RECORDS))
    except Unreadable as e:
        return [Discrepancy(RECORDS, 0, e.why)], []
    except ValueError as e:
        return [Discrepancy(RECORDS, 0, f"is damaged: {e}")], []
    st = kit_setup(plan, run)
    if sides != st.sides:
        return [Discrepancy(RECORDS, 0, f"records sides {', '.join(sides)}, the rules {', '.join(st.sides)}")], []
    _figures_from(plan, run, sides, results)          # forked check workers inherit them
    if made and made.get(RECORDS) == manifest["data"][RECORDS]:       # = the file's (it is not in `bad`)
        return [], []
    return [], [(st, run, i, results[i]) for i in sample(run, len(results))]


def expect_replays(folder: Path, manifest: dict, bad: dict) -> None:
    """Say how many ship-turns the check's replays will play (play/wanted.py), before the kit's request
    is planned again (planning imports the engine, and the engine is compiled or not as it is imported):
    a check that replays a large fleet's sample loads the compiled engine where this computer has it,
    instead of playing about 3 s of Python (Trafalgar's). The count is the sample's recorded turns times
    the kit's ships; records that cannot be read say nothing (check_plays reports them)."""
    if RECORDS not in manifest.get("data", {}) or RECORDS in bad:
        return
    from printgen.check.manifest import read_listed
    from printgen.play import wanted
    from printgen.reading import Unreadable

    try:
        run, _, results = decode(read_listed(folder, RECORDS))
    except (Unreadable, ValueError):
        return
    ships = len(manifest.get("fleet") or ())
    wanted.expect_planned(sum(results[i].turns for i in sample(run, len(results))) * ships)


def take_records(plan, data: bytes) -> None:
    """The kit's build checks the page in a worker from its bytes and the records made with it:
    the printed figures are checked against those records, decoded, as `printgen check` does."""
    _figures_from(plan, *decode(data))


def _figures_from(plan, run: SimRun, sides, results) -> None:
    """What the page's printed figures are checked against (the `simulation` derivation below)."""
    from printgen.play.stats import summarise

    plan.__dict__["_plays_checked"] = (_key(run.key()), run, summarise(sides, results))


def replay_job(games: list[tuple], family: str) -> tuple:
    """The sample's replays as one job for a check's worker (`replay_all`): where this computer has
    the family's compiled engine, that worker loads it (0.45 s of CPU, once) and the sample plays in
    milliseconds instead of about 3 s of Python for Trafalgar's; elsewhere it plays as Python (never
    a compile for a check: play/wanted.py). Decided in the worker, before it imports the engine (the
    check's own process never does), so a spawned worker decides the same way as a forked one."""
    return family, sum(len(st.start) * st.turn_limit for st, *_ in games), tuple(games)


def replay_all(job: tuple) -> list[Discrepancy]:
    """The games of a `replay_job` played again, each compared with its record."""
    from printgen.play import wanted

    family, turns, games = job
    wanted.expect(turns, family)                  # before the engine is imported (play/jit.py decides then)
    return [d for g in games for d in replay(g)]


def replay(job: tuple) -> list[Discrepancy]:
    """One game of the sample played again, compared with its record."""
    from printgen.play.engine import play

    st, run, i, recorded = job
    again = play(st, run.seed, i)
    if again == recorded:
        return []
    return [Discrepancy(RECORDS, 0, f"game {i} is recorded as {row(recorded, st.sides)}, played again it gives "
                                    f"{row(again, st.sides)} (turns, by limit, winner, struck, points)")]


def _key(key) -> str:
    return json.dumps(list(key))


@plan_derivation
def simulation(plan, *args):
    """A simulated figure of the page, from the kit's records as the check read them (or, without
    them, from the games played again)."""
    key, (stat, arg) = ("simulation", *args[:-2]), args[-2:]
    cached = plan.__dict__.get("_plays_checked")
    if cached is not None and cached[0] == _key(key):
        return printed(cached[1], cached[2], stat, arg)
    from printgen.play import wanted
    from printgen.play.run import simulate
    from printgen.play.stats import summarise

    run = SimRun.from_key(key)
    wanted.expect(run.games * len(plan.deployment.placements) * (run.turns or plan.scenario.lesson.turn_limit),
                  plan.scenario.ruleset.ruleset.system)
    st = kit_setup(plan, run)
    summary = summarise(st.sides, simulate(st, run.games, run.seed, workers=1))
    plan.__dict__["_plays_checked"] = (_key(key), run, summary)
    return printed(run, summary, stat, arg)
