"""The games of a simulation share what they work out from the same table (Game.remember): a game
that uses the shared answers plays exactly as it would alone, move for move and die for die."""

from __future__ import annotations

import random

import pytest

from printgen.game.deploy import deploy
from printgen.game.prepare import prepare
from printgen.play import state
from printgen.play.engine import game_seed, new_game, play, setup


def _setup(name: str, ships: int | None, policies: dict | None, turns: int | None):
    s, o = prepare(name, ships=ships)
    return setup(s, deploy(s, o), policies, turns)


def _game(st, index: int, alone: bool):
    g = new_game(st, random.Random(game_seed(3, index)), log=True)
    if alone:
        g.memo = {}                                   # nothing shared: worked out afresh
    return play(st, 3, index, g), g.log


@pytest.mark.parametrize("name, ships, policies, turns", [
    ("trafalgar", 16, {"allied": "close-and-fire"}, 12),        # both sides move, fight, grapple, drift
    ("trafalgar", 24, None, None),                              # the scenario's policies: one side holds
])
def test_a_game_that_shares_the_memo_plays_as_it_would_alone(name, ships, policies, turns):
    st = _setup(name, ships, policies, turns)
    shared = [_game(st, i, alone=False) for i in range(10)]
    moving = sum(1 for p in st.policies.values() if p.moves)
    phases = sum(result.turns for result, _ in shared) * moving
    worked = sum(1 for key in st.memo if key[0] == "move")
    assert 0 < worked < phases                                   # the opening moves were shared, not redone
    for i, (result, log) in enumerate(shared):
        assert _game(st, i, alone=True) == (result, log), f"game {i}"


def test_the_memo_is_bounded_and_a_full_memo_changes_nothing(monkeypatch):
    st = _setup("trafalgar", 16, {"allied": "close-and-fire"}, 8)
    alone = [_game(st, i, alone=True) for i in range(6)]
    monkeypatch.setattr(state, "MEMO_ENTRIES", 7)
    assert [_game(st, i, alone=False) for i in range(6)] == alone
    assert len(st.memo) == 7


def test_every_ships_pose_is_where_it_stands_after_every_phase(monkeypatch):
    """The memo keys are built of each ship's pose, made when it is placed: a ship moved any other
    way (its x set directly) would key the memo with where it was, and replay another game."""
    from printgen.play.geom import rect
    from printgen.systems.broadside.play import Broadside

    real, seen = Broadside.play_phase, []

    def checked(self, game, *args):
        real(self, game, *args)
        for s in game.ships:
            assert s.pose == (s.x, s.y, s.h) and s.r == rect(s.x, s.y, s.h, s.length, s.width), s
        seen.append(len(game.ships))

    monkeypatch.setattr(Broadside, "play_phase", checked)
    st = _setup("trafalgar", 16, {"allied": "close-and-fire"}, 12)       # moves, drift, fouling, boarding
    for i in range(4):
        _game(st, i, alone=False)
    assert len(seen) > 40
