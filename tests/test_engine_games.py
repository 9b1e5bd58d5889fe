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
