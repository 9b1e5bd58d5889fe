"""The engine follows the rules as printed and the kit's rulings page, on hand-built Trafalgar tables
with loaded dice: each test quotes the words it holds the engine to (the seed, shared/seeds/000_*,
or the lesson plan's rulings, templates/broadside/lesson.md.j2).

Bases are 2" x 1"; a ship heading north at (30, 40) has its starboard side along x = 30.5."""

from __future__ import annotations

import math

import pytest
from playkit import family, game, ruleset

from printgen.play.geom import colour_at
from printgen.play.policies import POLICIES

CLOSE, HOLD = POLICIES["close-and-fire"], POLICIES["hold-the-line"]


@pytest.fixture(scope="module")
def rs():
    return ruleset()


# -- "Firing through gaps: a gap between two other ships narrower than a base is wide (1") blocks fire;
#    so does any ship, friend or foe, on the line between the bases." (rulings)

def _gap_table(rs, gap: float):
    """A British ship at (30, 40) fires east at an allied ship at (37, 40); two other ships heading
    north stand across the line of fire at x = 34, `gap` inches apart, the line through the middle:
    allied wrecks (struck ships still block fire), so the shooter has no other target."""
    half = gap / 2 + rs.bases.length_in / 2
    g = game(rs, [("british", 30, 40, 0), ("allied", 37, 40, 0),
                  ("allied", 34, 40 + half, 0), ("allied", 34, 40 - half, 0)])
    for wreck in g.ships[2:]:
        wreck.struck, wreck.hp = True, 0
    return g


@pytest.mark.parametrize("gap, blocked", [(0.5, True), (0.9, True), (1.1, False), (3.0, False)])
def test_a_gap_narrower_than_a_base_is_wide_blocks_fire(rs, gap, blocked):
    assert rs.bases.width_in == 1
    g = _gap_table(rs, gap)
    assert (family(rs).target_band(g, g.ships[0], g.ships[1]) is None) == blocked


def test_two_ships_near_the_line_but_far_apart_along_it_make_no_gap(rs):
    """Each is a quarter inch from the line of fire, on either side of it, but 4" apart: the line
    does not squeeze between them."""
    g = game(rs, [("british", 30, 40, 0), ("allied", 39, 40, 0),
                  ("allied", 32.5, 40.75, 90), ("allied", 36.5, 39.25, 90)])
    assert family(rs).target_band(g, g.ships[0], g.ships[1]) is not None


def test_a_narrow_gap_beside_the_line_of_fire_does_not_block(rs):
    """Two ships half an inch apart, both on the same side of the line of fire: it passes them by."""
    g = game(rs, [("british", 30, 40, 0), ("allied", 37, 40, 0),
                  ("allied", 34, 41.5, 90), ("allied", 34, 43, 90)])
    assert family(rs).target_band(g, g.ships[0], g.ships[1]) is not None


def test_a_shot_through_a_narrow_gap_rolls_no_dice(rs):
    g = _gap_table(rs, 0.5)
    g.rng.random = lambda: pytest.fail("no die may be rolled")
    family(rs).shoot(g, "british")
    assert g.ships[1].hp == rs.hit_points.ship


# -- "Red yarn ran 2.5' south from the northwest corner (can't move directly into the wind)." (seed)
#    "If a ship is pointing towards the red then it is "locked in irons." [...] If the roll fails the
#    ship does not move." (seed)

def test_a_bow_pointing_straight_into_the_wind_is_red_though_it_meets_the_yellow_yarn(rs):
    f = family(rs)
    g = game(rs, [("british", 30, 20, 315), ("allied", 10, 40, 0)], dice=[1])   # British move on 4-6
    ship = g.ships[0]
    assert colour_at(g.edges, g.width, g.height, 30, 20, 315) == "yellow"           # the yarn it points at
    assert f.colour_of(g, 30, 20, 315) == "red"
    assert f.colour_of(g, 30, 20, 0) == "yellow" and f.colour_of(g, 30, 20, 270) == "yellow"
    f.move(g, "british", {"british": CLOSE, "allied": HOLD})
    assert (ship.x, ship.y, ship.h) == (30, 20, 315)                                # failed the check: stays
    assert not g.rng.faces                                                          # and rolled for it


def test_a_ship_that_sails_never_points_into_the_wind(rs):
    """Its enemy lies straight up wind (NW): it may close with it, but not by sailing into the wind."""
    f = family(rs)
    for heading in (0, 270, 300, 330):
        g = game(rs, [("british", 30, 20, heading), ("allied", 15, 35, 90)], dice=[6])
        ship = g.ships[0]
        f.move(g, "british", {"british": CLOSE, "allied": HOLD})
        moved = math.hypot(ship.x - 30, ship.y - 20) > 1e-9
        into = abs((ship.h - 315 + 180) % 360 - 180) <= rs.movement.into_wind_deg
        assert not (moved and into), (heading, ship)


# -- "Each captain of the squadron names a target, then all of them roll at once; mark the hits when
#    the whole squadron has rolled." / "A ship that strikes mid-phase: it strikes when its squadron's
#    hits are marked. If it has not fired yet this turn, it does not fire." (lesson plan)

def test_every_captain_of_a_squadron_fires_at_a_target_that_strikes_to_the_first(rs):
    dice = rs.dice_of("british", False)
    g = game(rs, [("british", 30, 38, 0, False, 0), ("british", 36, 38, 0, False, 0), ("allied", 33, 38, 0)],
             dice=[6] * (2 * dice))
    g.ships[2].hp = 1
    family(rs).shoot(g, "british")
    assert g.ships[2].struck and not g.rng.faces             # both broadsides were rolled


def test_the_next_squadron_sees_the_hits_of_the_one_before(rs):
    """Ship 1, a flagship of the first squadron of the roster, fires first (8 dice) and the target
    strikes; ship 0, of the second squadron, then has nothing to fire at: only 8 dice are rolled."""
    g = game(rs, [("british", 36, 38, 0, False, 1), ("british", 30, 38, 0, True, 0), ("allied", 33, 38, 0)],
             dice=[6] * rs.dice_of("british", True))
    g.ships[2].hp = 1
    family(rs).shoot(g, "british")
    assert g.ships[2].struck and not g.rng.faces


def test_squadrons_move_in_the_order_of_the_roster(rs):
    """"Moves: squadron by squadron in the order of the roster [...]; within a squadron, ship by ship
    from the head of its line" (the lesson plan): the ships of the roster's first squadron move first.
    Every ship points into the red, so each rolls its in-irons check as its turn to move comes."""
    f = family(rs)
    g = game(rs, [("british", 20, 64, 270, False, 1), ("british", 20, 70, 270, False, 0),
                  ("british", 20, 76, 270, False, 1), ("british", 20, 82, 270, False, 0), ("allied", 40, 35, 0)],
             dice=[1, 1, 1, 1])                                     # all stay in irons
    g.events = []
    f.move(g, "british", {"british": CLOSE, "allied": HOLD})
    assert [e.ship for e in g.events] == [1, 3, 0, 2]
    assert all(e.rule == "movement.in_irons.british.move" and e.result == 0 for e in g.events)


def test_a_ship_struck_by_the_first_side_does_not_fire_in_its_own_phase(rs):
    dice = rs.dice_of("british", False)
    g = game(rs, [("british", 30, 40, 0), ("allied", 33, 40, 0)], dice=[6] * dice)
    g.ships[1].hp = 1
    f = family(rs)
    f.shoot(g, "british")
    g.rng.random = lambda: pytest.fail("a struck ship fired")
    f.shoot(g, "allied")
    assert g.ships[0].hp == rs.hit_points.ship


@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_each_family_says_in_a_line_where_its_engine_simplifies(name):
    """The plays page prints these lines: sentences, no rule number written out (those live in the ruleset)."""
    from printgen.play.engine import family_phases
    from printgen.data.checked import load_checked

    lines = family_phases(load_checked(name).ruleset, 1.0).simplifications
    assert lines and all(isinstance(t, str) and t.endswith(".") and not any(c.isdigit() for c in t) for t in lines)
