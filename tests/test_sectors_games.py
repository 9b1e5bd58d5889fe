"""The sectors engine (Sluys, Lepanto) plays the games it played before it was made faster, move for move
and die for die: every game of tests/data/sectors_games.txt (written by this module's __main__ with the
engine of commit bf9504a, 2026-12-06, again on 2026-12-07 for the lessons' new turn limits) is played
again and compared by a digest of its snapshot after every
phase (every base's pose, crew, out) and every roll it made (rule, faces, result); a simulation (the
path `printgen simulate` and the lesson's search take, its games sharing what they remember) gives the
same results as the games played one by one.

Rewrite the reference (only for a change to the games that is a fix, said in the commit):
    python tests/test_sectors_games.py tests/data/sectors_games.txt"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

import pytest

from printgen.play.engine import game_seed, new_game, play
from printgen.play.rerun import SimRun, prepare_run
from printgen.play.run import simulate

REFERENCE_FILE = Path(__file__).parent / "data" / "sectors_games.txt"

# name: (scenario, SimRun options, games); chosen to reach every phase and policy of the family:
# Sluys's chains, hazards and boarding, Lepanto's oars, rams, guns and galleasses
SETUPS = {
    "sluys-default": ("sluys-1340", dict(seed=1805), 40),
    "sluys-archers": ("sluys-1340", dict(seed=4, policies=(("english", "archers-first"), ("french", "keep-range")),
                                         turns=12), 25),
    "sluys-30": ("sluys-1340", dict(seed=1805, turns=30), 20),
    "sluys-small-seed3": ("sluys-1340", dict(seed=3, preset="small-class", turns=12), 30),
    "sluys-scale": ("sluys-1340", dict(seed=9, scale=0.75), 20),
    "sluys-eng-hold": ("sluys-1340", dict(seed=5, policies=(("english", "hold-the-line"),), turns=10), 15),
    "lepanto-default": ("lepanto-1571", dict(seed=1571), 40),
    "lepanto-30": ("lepanto-1571", dict(seed=1805, turns=30), 20),
    "lepanto-keep": ("lepanto-1571", dict(seed=7, policies=(("league", "keep-range"), ("ottoman", "archers-first")),
                                          turns=15), 20),
}


def _run(name: str):
    scenario, opts, games = SETUPS[name]
    run = SimRun(scenario, games=games, **opts)
    return run, prepare_run(run)[2]


def played(st, seed: int, index: int) -> tuple[object, str]:
    """Game `index`: its Result and the line the reference holds for it."""
    g = new_game(st, random.Random(game_seed(seed, index)), log=True)
    g.events = []
    r = play(st, seed, index, g)
    text = "\n".join(repr(entry) for entry in g.log) + "\n" + "\n".join(repr(e) for e in g.events)
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    return r, f"{r.turns} {r.by_limit} {r.winner} {r.struck} {r.points} {len(g.log)} {len(g.events)} {digest}"


def _reference() -> dict[str, dict[int, str]]:
    out: dict[str, dict[int, str]] = {}
    for line in REFERENCE_FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, index, rest = line.split(" ", 2)
            out.setdefault(name, {})[int(index)] = rest
    return out


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_sectors_engine_plays_the_recorded_games(name):
    reference = _reference()[name]
    run, st = _run(name)
    fast = simulate(st, run.games, run.seed, workers=1)           # the games sharing what they remember
    assert len(reference) == run.games
    _, st = _run(name)
    for index, expected in sorted(reference.items()):
        r, got = played(st, run.seed, index)
        assert got == expected, f"{name} game {index}"
        assert r == fast[index], f"{name} game {index}: simulated otherwise"


def test_the_recorded_games_are_worth_replaying():
    """Sluys's recorded games end both ways and either side wins; Lepanto's strike ships of both sides
    (its lesson's break-off ends them early, the League winning)."""
    reference = _reference()
    sluys = [v.split() for k, games in reference.items() if k.startswith("sluys") for v in games.values()]
    assert {line[2] for line in sluys} >= {"english", "french"}
    assert {line[1] for line in sluys} == {"True", "False"}
    lepanto = [v.split() for k, games in reference.items() if k.startswith("lepanto") for v in games.values()]
    assert any(line[3] != "(0," for line in lepanto) and any(line[4] != "0)" for line in lepanto)


def main(out: str) -> None:
    lines = ["# The sectors engine's games (tests/test_sectors_games.py): set-up, game, turns, by limit, winner,",
             "# struck, points, snapshots, rolls, digest of every snapshot and roll. Recorded with commit bf9504a",
             "# (2026-12-06); again on 2026-12-07 when the lessons' turn limits followed the phases' minutes",
             "# (Sluys 8 -> 7 turns): the same games, stopped at the new limit."]
    for name in SETUPS:
        run, st = _run(name)
        for index in range(run.games):
            lines.append(f"{name} {index} {played(st, run.seed, index)[1]}")
        print(name, file=sys.stderr)
    Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
