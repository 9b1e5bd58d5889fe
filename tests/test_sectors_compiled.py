"""The compiled sectors game (printgen/systems/sectors/battle.py) and the Python one (play.Game) play the same
games, Sluys and Lepanto, to the last bit: from the same start and dice, each game ends in the same turn
with every ship where the Python game left it (position and heading to the bit, crew, every sector and
mast, state, grapnels, obstacles met), the same tally after every turn, and the same dice drawn (the
generator's state at the end). The games are the first GAMES of set-ups chosen so that, together, they roll
every rule of the family: the test says which rule no game rolled.

(tests/test_sectors_games.py checks the simulations against games recorded before the engine was
compiled; this one compares the whole state, not only the results.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from printgen.play import jit
from printgen.play.engine import game_seed
from printgen.play.rerun import SimRun, prepare_run
from printgen.systems.sectors import battle
from printgen.systems.sectors.play import start

GAMES = 30

SETUPS = {
    "sluys-1340": [
        dict(seed=1805),
        dict(seed=4, policies=(("english", "archers-first"), ("french", "keep-range")), turns=12),
        dict(seed=3, preset="small-class", turns=20),
        dict(seed=9, scale=0.75),
        dict(seed=5, policies=(("english", "hold-the-line"),), turns=10),
    ],
    "lepanto-1571": [
        dict(seed=1571),
        dict(seed=1805, turns=30),
        dict(seed=7, policies=(("league", "keep-range"), ("ottoman", "archers-first")), turns=15),
    ],
}

# every rule the family's engine rolls or applies (play.Game.used's keys and the rolls' outcomes), and
# where each battle's ruleset has it
EVERY = {"weather.roll.backs", "weather.roll.veers", "weather.roll.storm", "movement.with_wind_bonus_in",
         "movement.furl_within_in", "movement.unfurl_turns", "movement.attack_speed_uses", "movement.stop_bounds",
         "movement.sweep_turn_deg", "ramming", "ramming.clear_turns", "collision", "collision.mast",
         "effects.sinks_at_sectors_lost", "aground", "aground.refloat", "grappling.roll.grappled", "boarding.loss",
         "boarding", "morale.roll.breaks", "damage"}
RULES = {
    "sluys-1340": EVERY | {"obstacles", "boarding.chained_bonus", "movement.round_ship_min_angle_to_wind_deg",
                           "missile.to_hit.english.short.hit", "missile.to_hit.french.long.hit"},
    "lepanto-1571": EVERY | {"guns.to_hit.short.hit", "guns.to_hit.long.hit", "guns.reload_turns",
                             "missile.to_hit.league.short.hit", "missile.to_hit.ottoman.long.hit"},
}


def aground_galley(g) -> None:
    """The start changed so that the refloat roll is rolled (no built-in game puts a galley with most of its
    crew on the shore): the fleet's first ship with oars lies aground."""
    b = next(b for b in g.boats if g.rs.types[b.type].oars)
    b.state = "aground"


def both(st, seed: int, index: int, change=None) -> set[str]:
    """Game `index` played by both engines from the same start: asserts they agree; the rules it rolled."""
    engine = st.family
    table = engine._table_of()
    policies = {side: p.name for side, p in st.policies.items()}
    g = start(table, game_seed(seed, index), st.turn_limit, policies, None, None, events=[])
    if change is not None:
        change(g)
    limit = st.turn_limit or table.turn_limit
    found = battle.prepared(table, policies, limit, (g.boats, g.hazards))
    assert found is not None
    (F, S, G, M), rules = found
    mt = np.array(g.rng.getstate()[1], np.int64)
    tally: list = []
    g.play(tally)
    sides = tuple(g.rs.sides)
    struck = np.zeros((limit + 1, len(sides)), np.int64)
    points = np.zeros_like(struck)
    turn, limited = battle.play(mt, F, S, G, M, *rules, struck, points)
    where = f"game {index}"
    assert turn == g.turn, where
    assert mt.tolist() == list(g.rng.getstate()[1]), f"{where}: other dice drawn"
    for b in g.boats:
        assert (F[b.i, battle.X], F[b.i, battle.Y], F[b.i, battle.H]) == (b.x, b.y, b.h), \
            f"{where}: {b.name} lies elsewhere"
        assert tuple(F[b.i, battle.R0:battle.R0 + 6]) == b.r and F[b.i, battle.LAST] == b.last_move, where
        assert battle.STATES[S[b.i, battle.STATE]] == b.state, f"{where}: {b.name}"
        assert S[b.i, battle.CREW] == b.crew, f"{where}: {b.name}'s crew"
        assert S[b.i, battle.ST0:battle.ST0 + 5].tolist() == [b.structure[p] for p in
                                                             ("bow", "stern", "port", "starboard", "mast")], where
        assert [S[b.i, k] for k in (battle.ATT_USES, battle.ATT_LAST, battle.RAM_CLEAR, battle.MOVED, battle.FURLED,
                                    battle.UNFURL_AT, battle.LOADED_AT)] == \
            [b.attack_uses, b.attack_last, b.ram_clear, b.moved, b.furled, b.unfurl_at, b.loaded_at], where
        assert set(np.flatnonzero(G[b.i]).tolist()) == b.grappled, f"{where}: {b.name}'s grapnels"
        assert set(np.flatnonzero(M[b.i]).tolist()) == b.hazards_met, where
    assert [(r.struck, r.points) for r in tally] == \
        [(tuple(struck[t].tolist()), tuple(points[t].tolist())) for t in range(turn)], f"{where}: tally"
    assert bool(limited) == (all(any(b.fighting for b in g.boats if b.side == s) for s in sides)
                             and not any(g.broken())), where
    return set().union(*g.used.values()) | {e.rule for e in g.events if hasattr(e, "rule")}


@pytest.mark.skipif(not jit.compiled(), reason="the engine runs as Python here (PRINTGEN_JIT=off): one engine")
@pytest.mark.parametrize("scenario", sorted(SETUPS))
def test_the_compiled_sectors_game_is_the_python_game(scenario):
    rolled: set[str] = set()
    for opts in SETUPS[scenario]:
        st = prepare_run(SimRun(scenario, games=GAMES, **opts))[2]
        for index in range(GAMES):
            rolled |= both(st, opts["seed"], index)
        rolled |= both(st, opts["seed"], 0, aground_galley)
    missing = RULES[scenario] - rolled
    assert not missing, f"no game of {scenario} rolled {sorted(missing)}"


def test_a_simulation_plays_the_compiled_games_in_threads():
    """`printgen simulate` and the lesson's search take the compiled games (play.Engine.play_games) when the
    engine is compiled, and the same results come from one thread, two, and the games one by one."""
    from printgen.play.engine import play
    from printgen.play.run import simulate

    st = prepare_run(SimRun("lepanto-1571", games=12, seed=3))[2]
    assert hasattr(st.family, "play_games") == jit.compiled()
    one = simulate(st, 12, 3, workers=1, tallies=True)
    assert simulate(st, 12, 3, workers=2, tallies=True) == one
    for index in range(12):
        tally: list = []
        assert (play(st, 3, index, tally=tally), tally) == one[index]
        log: list = []
        g = start(st.family._table_of(), game_seed(3, index), st.turn_limit,
                  {side: p.name for side, p in st.policies.items()}, log)
        assert random.Random(game_seed(3, index)).getstate() == g.rng.getstate()
