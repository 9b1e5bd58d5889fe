"""The kit's teacher's document "How this scenario plays" (kind `plays`) and its records (plays.json).

The games are played inside the worker that draws this document, so they overlap the other
documents; each game's outcome is written, one short row a game, to plays.json, which the kit's
manifest hashes and `printgen check` replays a sample of (printgen/check/plays.py).

How many games: a budget in ship-turns (ships x turn limit), measured: a Trafalgar game (60 ships,
6 turns) costs about 28 ms of one core, so SHIP_TURNS buys about 1 s for it; a smaller fleet or
shorter game gets more games. The count is printgen's choice and the page prints it with the
95% intervals it gives; `printgen simulate` (the command on the page) plays as many as wanted."""

from __future__ import annotations

import json

from printgen.play.engine import Result
from printgen.play.rerun import SimRun

RECORDS = "plays.json"
SHIP_TURNS = 13_000                 # about one core-second of Trafalgar (28 ms a game of 360 ship-turns)
MIN_GAMES, MAX_GAMES = 20, 400
FORMAT = 1


def has_engine(ruleset, kind: str = "") -> bool:
    """Whether the rule family can play the scenario (RuleSystem.phases). A ruleset whose phases the
    engine cannot read (a teacher's own phase names) still prints its kit, without this page;
    `printgen simulate` says why."""
    from printgen.errors import PrintgenError
    from printgen.registry import system_of

    try:
        return system_of(ruleset).phases(ruleset) is not None
    except PrintgenError:
        return False


def kit_games(ships: int, turn_limit: int) -> int:
    return max(MIN_GAMES, min(MAX_GAMES, SHIP_TURNS // max(1, ships * turn_limit)))


def expect_games(chosen, family: str) -> None:
    """Say (printgen/play/wanted.py) the games the kit's page will play beyond those the lesson's answer
    `chosen` (lesson.fit.wish's, known before the search) holds on the kit's map, before anything
    imports the engine: the kit draws the page, and `printgen check` lays it out again (check/retrace.py).
    A small fleet's page plays hundreds (measured: a 6-ship Trafalgar kit's page played them as Python,
    2.5 s of CPU in the kit and again in its check, where loading the compiled engine costs under one).
    Where the search plays, it has said so, and more."""
    if chosen is None:
        return
    from printgen.play import wanted

    c = chosen.choice
    wanted.expect(max(0, kit_games(c.ships, c.turns) - len(chosen.kit_map)) * c.ships * c.turns, family)


def kit_run(plan) -> SimRun:
    """The simulation a kit's page reports: the kit's scenario, options and seed, each side steered as
    a class plays it (the lesson's policies); `--turns` only when the kit's lesson (--periods,
    --minutes) is not the scenario's own."""
    from printgen.data.simulation import lesson_policies
    from printgen.paths import printed_ref

    r = plan.request
    games = kit_games(len(plan.deployment.placements), plan.scenario.lesson.turn_limit)
    policies = tuple(sorted(lesson_policies(plan.scenario).items()))      # as a class plays it
    return SimRun(printed_ref(plan), plan.options.seed, games, r.fraction, r.ships, r.scale, r.table,
                  r.preset, policies, None, lesson_words(r))


def lesson_words(r) -> tuple[tuple[str, str], ...]:
    """The request's options that choose the lesson's game, as `printgen simulate` takes them."""
    given = (("--students", r.students), ("--periods", r.periods), ("--minutes", r.minutes),
             ("--engagement", r.engagement), ("--balance", None if r.balance == "fair" else r.balance),
             ("--break-off", r.break_off))
    return tuple((k, str(v)) for k, v in given if v is not None)


def kit_setup(plan, run: SimRun):
    from printgen.play.engine import setup

    return setup(plan.scenario, plan.deployment, dict(run.policies), run.turns)


def kit_results(plan) -> tuple[SimRun, object, list[Result]]:
    """(run, setup, results) of the kit's games, played once a process (both editions share them).
    The lesson's search played the first of them already, on this very map and set-up (the same
    seeds, the same digest of what decides a game: play.engine.same_games): those are taken from it
    and only the rest are played (`printgen check` replays a sample of them all)."""
    cache = plan.__dict__.setdefault("_plays", {})
    if "results" not in cache:
        from printgen.play import wanted
        from printgen.play.engine import same_games
        from printgen.play.run import simulate

        run = kit_run(plan)
        t = plan.fitted
        wanted.expect(max(0, run.games - (len(t.kit_map) if t is not None else 0)) * len(plan.deployment.placements)
                   * (run.turns or plan.scenario.lesson.turn_limit), plan.scenario.ruleset.ruleset.system)
        st = kit_setup(plan, run)
        known = [Result(*r) for r in t.kit_map[:run.games]] if t is not None and t.kit_setup == same_games(st) else []
        rest = simulate(st, run.games - len(known), run.seed, workers=1, start=len(known)) if run.games > len(known) else []
        cache["results"] = (run, st, known + rest)                     # the kit's pool has the cores
    return cache["results"]


SAMPLE = 10                         # games replayed by a check to trust a kit's records


def sample(run: SimRun, games: int) -> list[int]:
    """The games replayed to trust a kit's records: the same every time (seeded by the simulation's seed)."""
    import random

    return sorted(random.Random(f"{run.seed}:check").sample(range(games), min(SAMPLE, games)))




# -- the records ------------------------------------------------------------------------------------
def row(r: Result, sides: tuple[str, ...]) -> list[int]:
    """One game: turns, 1 if ended by the turn limit, the winner's side index (-1: a draw), then the
    ships struck and the victory points of each side."""
    return [r.turns, int(r.by_limit), sides.index(r.winner) if r.winner is not None else -1, *r.struck, *r.points]


def encode(run: SimRun, sides: tuple[str, ...], results: list[Result]) -> bytes:
    head = {"format": FORMAT, "simulation": list(run.key()), "sides": list(sides),
            "row": "turns, by_limit, winner (side index, -1 a draw), struck per side, points per side"}
    games = ",\n".join(json.dumps(row(r, sides), separators=(",", ":")) for r in results)
    return (json.dumps(head, ensure_ascii=False)[:-1] + ',\n"games": [\n' + games + "\n]}\n").encode("utf-8")


def decode(data: bytes) -> tuple[SimRun, tuple[str, ...], list[Result]]:
    """The records, read with suspicion (a kit folder may be damaged): ValueError says what is wrong."""
    from printgen.reading import load_json

    d = load_json(data)                      # nesting bounded (UnicodeDecodeError is a ValueError too)
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise ValueError("not a printgen game record (format)")
    sides, key, games = d.get("sides"), d.get("simulation"), d.get("games")
    if not (isinstance(sides, list) and 2 <= len(sides) <= 20 and all(isinstance(s, str) for s in sides)):
        raise ValueError("'sides' is not a list of side names")
    try:
        run = SimRun.from_key(key)
    except (TypeError, ValueError):
        raise ValueError("'simulation' does not name a simulation") from None
    n = len(sides)
    if not isinstance(games, list) or len(games) != run.games:
        raise ValueError(f"holds {len(games) if isinstance(games, list) else 'no'} games, the simulation {run.games}")
    results = []
    for i, g in enumerate(games):
        if not (isinstance(g, list) and len(g) == 3 + 2 * n and all(type(v) is int for v in g)
                and g[1] in (0, 1) and -1 <= g[2] < n):
            raise ValueError(f"game {i} is not a row of {3 + 2 * n} whole numbers")
        results.append(Result(g[0], bool(g[1]), sides[g[2]] if g[2] >= 0 else None, tuple(g[3:3 + n]),
                              tuple(g[3 + n:])))
    return run, tuple(sides), results
