"""The compiled broadside engine plays the games the Python engine played, move for move and die for
die: every game of tests/data/engine_games.txt (written by benchmarks/engine_reference.py with the
Python engine, before it was compiled) is played again here and its snapshots after every phase
hashed the same way; a simulation on threads, one game at a time and on one thread give those games."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from printgen.play.engine import game_seed, new_game, play
from printgen.play.rerun import SimRun, prepare_run
from printgen.play.run import simulate

SETUPS = {          # benchmarks/engine_reference.py's set-ups of these names
    "traf-default": ("trafalgar", dict(seed=1805)),
    "traf-16-close-20": ("trafalgar", dict(seed=11, ships=16, policies=(("allied", "close-and-fire"),), turns=20)),
    "traf-scale-half": ("trafalgar", dict(seed=1805, scale=0.5, turns=10)),
    "traf-second-seed7": ("trafalgar", dict(seed=7, preset="second-battle", turns=12)),
    "traf-brit-hold": ("trafalgar", dict(seed=3, ships=24, policies=(("allied", "close-and-fire"),
                                                                     ("british", "hold-the-line")), turns=15)),
    "traf-break-keep": ("trafalgar", dict(seed=2, ships=30, policies=(("allied", "keep-range"),
                                                                      ("british", "break-the-line")), turns=12)),
}


def _reference() -> dict[str, list[list[str]]]:
    out: dict[str, list[list[str]]] = {}
    for line in (Path(__file__).parent / "data" / "engine_games.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, rest = line.split(" ", 1)
            out.setdefault(name, []).append(rest.split(" ", 1))
    return out


REFERENCE = _reference()


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_compiled_engine_plays_the_python_engines_games(name):
    scenario, opts = SETUPS[name]
    run = SimRun(scenario, games=len(REFERENCE[name]), **opts)
    st = prepare_run(run)[2]
    games = {int(index): line for index, line in REFERENCE[name]}
    fast = simulate(st, max(games) + 1, run.seed, workers=2)
    assert fast == simulate(st, max(games) + 1, run.seed, workers=1)
    for index, expected in games.items():
        g = new_game(st, random.Random(game_seed(run.seed, index)), log=True)
        r = play(st, run.seed, index, g)
        digest = hashlib.sha256("\n".join(repr(entry) for entry in g.log).encode()).hexdigest()[:20]
        got = f"{r.turns} {r.by_limit} {r.winner} {r.struck} {r.points} {len(g.log)} {digest}"
        assert got == expected, f"{name} game {index}"
        assert r == fast[index] == play(st, run.seed, index)


# -- the compiled engine and the same code run as Python play the same games ---------------------------
# (printgen/play/jit.py: PRINTGEN_JIT=off runs the engine's source as Python). A game of each battle whose
# rules the Trafalgar games above never reach, chosen for the rolls it makes: the Nile's ships run
# aground, strike and blow up (14 turns, Nelson's break-the-line); Lake Erie's admiral goes by boat.
# The game is the first of the run that rolls those rules (of the first SEARCHED), not a fixed index: a change to a
# battle's fleet or deployment plays other games (on 6 December the Nile lost the Culloden and Lake
# Erie's van was reordered, and games 1 and 9 no longer rolled them), and must not leave the rules untested.
BOTH_WAYS = {
    "nile-1798": (dict(seed=1805, turns=14, policies=(("british", "break-the-line"),)),
                  ("aground.refloat", "explosion.blows_up")),
    "lake-erie-1813": (dict(seed=1805, turns=12), ("flag.boat_in",)),
}
SEARCHED = 40                    # games looked through for one that rolls the rules (each finds one in the first 10)


def played(scenario: str, index: int) -> tuple[str, str, list[str]]:
    """Game `index` of BOTH_WAYS[scenario]: its result, a digest of its snapshots and rolls, the rules rolled."""
    opts = BOTH_WAYS[scenario][0]
    run = SimRun(scenario, games=index + 1, **opts)
    st = prepare_run(run)[2]
    g = new_game(st, random.Random(game_seed(run.seed, index)), log=True)
    g.events = []
    r = play(st, run.seed, index, g)
    text = "\n".join(repr(entry) for entry in g.log) + "\n" + "\n".join(repr(e) for e in g.events)
    return repr(r), hashlib.sha256(text.encode()).hexdigest()[:20], sorted({e.rule for e in g.events if hasattr(e, "rule")})


@pytest.mark.parametrize("scenario", sorted(BOTH_WAYS))
def test_the_compiled_engine_and_python_play_the_same_nile_and_lake_erie_games(scenario):
    import json
    import os
    import subprocess
    import sys

    from printgen.play import jit

    rules = set(BOTH_WAYS[scenario][1])
    index, here = next(((i, p) for i in range(SEARCHED) for p in [played(scenario, i)] if rules <= set(p[2])),
                       (None, None))
    assert here is not None, f"none of {scenario}'s first {SEARCHED} games rolls {sorted(rules)}"
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from test_engine_games import played; "
            "print(json.dumps(played(sys.argv[2], int(sys.argv[3]))))")
    out = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent), scenario, str(index)],
                         env={**os.environ, "PRINTGEN_JIT": "off"}, capture_output=True, text=True, check=True,
                         timeout=600)
    assert jit.compiled() or os.environ.get("PRINTGEN_JIT") == "off"
    assert tuple(json.loads(out.stdout.splitlines()[-1])) == (here[0], here[1], here[2])
