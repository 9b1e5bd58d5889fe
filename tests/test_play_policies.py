"""The captains' habits (printgen/play/policies.py) on hand-built tables: each does what its name
says, and a family refuses a habit it does not play."""

from __future__ import annotations


import pytest
from playkit import family, game, ruleset

from printgen.errors import PrintgenError
from printgen.play.geom import distance, gap
from printgen.play.policies import CLOSE, KEEP, POLICIES, wants_grapple
from printgen.play.state import board_of

HOLD = POLICIES["hold-the-line"]


@pytest.fixture(scope="module")
def rs():
    return ruleset()


def sail(rs, policy: str, ships: list[tuple], turns: int):
    """The British sail `turns` moves under `policy` against allied ships that hold; their poses after each."""
    f = family(rs)
    g = game(rs, ships)
    track = []
    for turn in range(1, turns + 1):
        g.turn = turn
        f.move(g, "british", {"british": POLICIES[policy], "allied": HOLD})
        track.append([(s.x, s.y, s.h) for s in g.ships])
    return g, track


LINE = [("allied", 30, 37.5, 0), ("allied", 30, 42.5, 0)]        # two ships 3" apart, bow to stern


def test_break_the_line_sails_through_the_gap(rs):
    """Nelson's plan: the ship heads for the gap between the two enemies, not for either of them, and
    comes out beyond it; close-and-fire stops short of the line to fight."""
    g, track = sail(rs, "break-the-line", [("british", 12, 40, 90)] + LINE, 6)
    xs = [pose[0][0] for pose in track]
    assert max(xs) > 31.5                                        # through, and beyond the far side
    ship = g.ships[0]
    assert all(gap(ship.r, o.r) >= -1e-6 for o in g.ships[1:])
    _, other = sail(rs, "close-and-fire", [("british", 12, 40, 90)] + LINE, 6)
    assert max(pose[0][0] for pose in other) < 30


def test_keep_range_stays_beyond_short_range(rs):
    """The cautious captain closes to long range and stays there, never within short range."""
    short, long = rs.shooting.range_in.bands()["short"][1], rs.shooting.range_in.bands()["long"][1]
    g, track = sail(rs, "keep-range", [("british", 5, 40, 90), ("allied", 35, 40, 0)], 8)
    ship, enemy = g.ships
    assert short < distance(ship.r, enemy.r) <= long
    S = board_of(g, tuple(rs.sides)).S
    assert not wants_grapple(KEEP, S, 0, 1) and wants_grapple(CLOSE, S, 0, 1)
    g2, _ = sail(rs, "close-and-fire", [("british", 5, 40, 90), ("allied", 35, 40, 0)], 8)
    assert distance(g2.ships[0].r, g2.ships[1].r) <= short


@pytest.mark.parametrize("name, policy", [("trafalgar", "archers-first"), ("sluys-1340", "break-the-line")])
def test_a_family_refuses_a_policy_it_does_not_play(name, policy):
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.play.engine import setup

    s, o = prepare(name)
    side = next(iter(s.ruleset.sides))
    with pytest.raises(PrintgenError, match="does not play policy"):
        setup(s, deploy(s, o), {side: policy})


def test_archers_first_stand_off_then_board():
    """The English at Sluys: the archers shoot from short range until the enemy has lost half its crew,
    then the ship closes and boards."""
    from test_sectors_rulings import boat, table

    from printgen.data.checked import load_checked

    rs = load_checked("sluys-1340").ruleset
    short = rs.missile.range_in.bands()["short"][1]
    g = table(rs, [boat(rs, 0, "english", "cog", 10, 20, 90), boat(rs, 1, "french", "cog", 30, 20, 0, chained=True)],
              wind=270)
    g.policies = {"english": "archers-first", "french": "hold-the-line"}
    g.holding = {"french"}
    g.phase = rs.sequence.phases[1]
    ship, enemy = g.boats
    for turn in range(1, 8):
        g.turn = turn
        g.movement()
    assert 0 < distance(ship.r, enemy.r) < short                 # within short range, not alongside
    assert not g.wants_grapple(ship, enemy)
    enemy.crew = enemy.crew_max // 2                              # half its crew lost: now board
    for turn in range(8, 12):
        g.turn = turn
        g.movement()
    assert distance(ship.r, enemy.r) <= 0.25 and g.wants_grapple(ship, enemy)
