"""The game engine one phase at a time, on hand-built positions with loaded dice.

Positions: the shooter's base centre at (30, 40) heading north, so its starboard side runs along
x = 30.5 (bases 2" x 1"); distances are worked out by hand from there."""

from __future__ import annotations

import math

import pytest
from playkit import Loaded, family, game, ruleset

from printgen.play.geom import colour_at, sectors, sweeps_through
from printgen.play.policies import POLICIES

CLOSE, HOLD = POLICIES["close-and-fire"], POLICIES["hold-the-line"]


@pytest.fixture(scope="module")
def rs():
    return ruleset()


def shoot_once(rs, target: tuple, dice_face: int):
    """The British shooter fires one broadside, every die showing `dice_face`; the target's hit points after."""
    g = game(rs, [("british", 30, 40, 0), target], dice=[dice_face] * rs.dice_of("british", False))
    family(rs).shoot(g, "british")
    return g.ships[1]


def test_a_target_at_5_9_inches_is_at_short_range_and_at_6_1_at_long(rs):
    f = family(rs)
    near = game(rs, [("british", 30, 40, 0), ("allied", 30.5 + 5.9 + 0.5, 40, 0)])
    far = game(rs, [("british", 30, 40, 0), ("allied", 30.5 + 6.1 + 0.5, 40, 0)])
    assert f.target_band(near, *near.ships)[0] == "short"
    assert f.target_band(far, *far.ships)[0] == "long"
    # and the dice say so: a 5 hits at short range (5-6), misses at long (6 only)
    assert shoot_once(rs, ("allied", 36.9, 40, 0), 5).struck            # 7 hits on 5 hit points
    assert shoot_once(rs, ("allied", 37.1, 40, 0), 5).hp == rs.hit_points.ship
    assert shoot_once(rs, ("allied", 37.1, 40, 0), 6).struck


def test_a_target_at_exactly_6_inches_is_at_short_range(rs):
    """printgen's ruling where the seed's bands meet ("0-6", "6-12"): the nearer band."""
    g = game(rs, [("british", 30, 40, 0), ("allied", 30.5 + 6 + 0.5, 40, 0)])
    assert family(rs).target_band(g, *g.ships) == ("short", 6.0)


def test_beyond_long_range_nobody_fires(rs):
    reach = rs.shooting.range_in.bands()["long"][1]
    g = game(rs, [("british", 30, 40, 0), ("allied", 30.5 + reach + 0.1 + 0.5, 40, 0)])
    assert family(rs).target_band(g, *g.ships) is None


def test_a_bow_on_target_is_raked_and_a_broadside_one_is_not(rs):
    f = family(rs)
    bow_on = game(rs, [("british", 30, 40, 0), ("allied", 36, 40, 270)])      # its bow 4.5" away, pointing at us
    assert f.target_band(bow_on, *bow_on.ships) == ("rake", 4.5)
    stern_on = game(rs, [("british", 30, 40, 0), ("allied", 36, 40, 90)])
    assert f.target_band(stern_on, *stern_on.ships)[0] == "rake"
    side_on = game(rs, [("british", 30, 40, 0), ("allied", 35, 40, 0)])
    assert f.target_band(side_on, *side_on.ships)[0] == "short"
    # the dice: a 4 hits only when raking (4-6)
    assert shoot_once(rs, ("allied", 36, 40, 270), 4).struck
    assert shoot_once(rs, ("allied", 35, 40, 0), 4).hp == rs.hit_points.ship


def test_a_target_outside_the_broadside_area_cannot_be_shot(rs):
    f = family(rs)
    # the shooter's bow edge is the line y = 41: a base whose stern is beyond it is out of the area
    ahead = game(rs, [("british", 30, 40, 0), ("allied", 30, 45, 0)])
    beyond = game(rs, [("british", 30, 40, 0), ("allied", 33, 42.1, 0)])
    grazing = game(rs, [("british", 30, 40, 0), ("allied", 33, 41.9, 0)])
    assert f.target_band(ahead, *ahead.ships) is None
    assert f.target_band(beyond, *beyond.ships) is None
    assert f.target_band(grazing, *grazing.ships) is not None
    assert shoot_once(rs, ("allied", 33, 42.1, 0), 6).hp == rs.hit_points.ship    # no dice rolled at all


def test_no_fire_through_a_third_ship(rs):
    f = family(rs)
    g = game(rs, [("british", 30, 40, 0), ("allied", 38, 40, 0), ("british", 34, 40, 0)])
    assert f.target_band(g, g.ships[0], g.ships[1]) is None
    g.ships[2].place(34, 43, 0)                                               # moved out of the line of fire
    assert f.target_band(g, g.ships[0], g.ships[1]) is not None


def test_a_ship_pointing_into_the_red_moves_only_after_passing_the_in_irons_check(rs):
    f = family(rs)
    for side, face in (("allied", 4), ("allied", 5), ("british", 3), ("british", 4)):
        g = game(rs, [(side, 10, 75, 270), ("british" if side == "allied" else "allied", 40, 75, 0)], dice=[face])
        ship = g.ships[0]
        assert colour_at(g.edges, g.width, g.height, ship.x, ship.y, ship.h) == "red"
        f.move(g, side, {side: CLOSE, "british" if side == "allied" else "allied": HOLD})
        passed = face in rs.movement.in_irons[side].move
        moved = math.hypot(ship.x - 10, ship.y - 75) > 1e-9 or abs(ship.h - 270) > 1e-9
        assert moved == passed, (side, face)
        assert not g.rng.faces                                                # exactly one roll
        if passed:
            assert math.hypot(ship.x - 10, ship.y - 75) <= rs.movement.speed_in.red + 1e-9


def test_a_turn_may_not_pass_through_the_red(rs):
    red = [e.endpoints(*f_table(rs)) for e in _edges(rs) if e.colour == "red"]
    secs = sectors(red, 40, 75)                       # from here the red edge spans headings 249-291
    assert sweeps_through(230, 90, secs)              # SW round to NW passes through west
    assert sweeps_through(320, -90, secs)             # and back the other way
    assert not sweeps_through(230, 15, secs)          # stops short of it
    assert not sweeps_through(270, 90, secs)          # turning out of the red
    assert not sweeps_through(200, 60, secs)          # turning into it, ending there


def test_drift_moves_struck_and_fouled_ships_downwind_and_leaves_free_ones(rs):
    f = family(rs)
    g = game(rs, [("allied", 30, 40, 0), ("british", 20, 60, 0), ("allied", 20, 61, 0), ("british", 45, 40, 0)],
             dice=[1, 4])                              # both captains fail to cut loose (5-6 frees)
    g.ships[0].struck, g.ships[0].hp = True, 0
    g.link(g.ships[1], g.ships[2], "fouled")
    f.drift(g, {"british": HOLD, "allied": HOLD})
    d = rs.drift.distance_in / math.sqrt(2)                                   # SE: as far east as south
    assert (g.ships[0].x, g.ships[0].y) == pytest.approx((30 + d, 40 - d))
    assert (g.ships[1].x, g.ships[1].y) == pytest.approx((20 + d, 60 - d))
    assert (g.ships[2].x, g.ships[2].y) == pytest.approx((20 + d, 61 - d))
    assert (g.ships[3].x, g.ships[3].y) == (45, 40)
    assert (1, 2) in g.links


def test_a_captain_who_rolls_free_cuts_loose_and_does_not_drift(rs):
    f = family(rs)
    g = game(rs, [("british", 20, 60, 0), ("allied", 20, 61, 0)], dice=[2, 5])
    g.link(g.ships[0], g.ships[1], "fouled")
    f.drift(g, {"british": HOLD, "allied": HOLD})
    assert not g.links and (g.ships[0].x, g.ships[0].y) == (20, 60)


def test_a_drifting_wreck_stops_against_a_base(rs):
    f = family(rs)
    g = game(rs, [("allied", 30, 40, 135), ("british", 33, 37, 135)])      # in its drift path, SE
    g.ships[0].struck = True
    f.drift(g, {"british": HOLD, "allied": HOLD})
    gap_left = math.hypot(g.ships[1].x - g.ships[0].x, g.ships[1].y - g.ships[0].y)
    assert gap_left == pytest.approx(rs.bases.length_in, abs=1e-3)            # bow to stern, touching


def test_touching_ships_foul_on_a_6(rs):
    f = family(rs)
    for face, fouled in ((6, True), (5, False)):
        g = game(rs, [("british", 30, 40, 0), ("allied", 31, 40, 0)], dice=[face])   # side by side, touching
        f.entangle(g, {"british": HOLD, "allied": HOLD})
        assert (g.links.get((0, 1)) == "fouled") == fouled


def test_a_captain_who_wants_to_grapple_rolls_for_it(rs):
    f = family(rs)
    g = game(rs, [("british", 30, 40, 0), ("allied", 31, 40, 0)], dice=[5])
    f.entangle(g, {"british": CLOSE, "allied": HOLD})
    assert g.links == {(0, 1): "grappled"}


def test_boarding_hits_on_4_to_6_one_die_a_hit_point(rs):
    f = family(rs)
    g = game(rs, [("british", 30, 40, 0), ("allied", 31, 40, 0)], dice=[4, 5, 6, 1, 2] + [1, 2, 3])
    # British: 5 dice (5 hit points), 3 hits; allied: 3 dice, none
    g.ships[1].hp = 3
    g.link(g.ships[0], g.ships[1], "grappled")
    f.board(g, {"british": CLOSE, "allied": HOLD})
    assert g.ships[1].struck and g.ships[0].hp == rs.hit_points.ship and not g.rng.faces


def test_boarding_where_all_strike_is_won_by_the_roll_off_with_one_hit_point(rs):
    f = family(rs)
    # both have one hit point and hit; roll-off 3-3 is re-rolled, then 2-5: the allied ship wins
    g = game(rs, [("british", 30, 40, 0), ("allied", 31, 40, 0)], dice=[6, 6, 3, 3, 2, 5])
    g.ships[0].hp = g.ships[1].hp = 1
    g.link(g.ships[0], g.ships[1], "grappled")
    f.board(g, {"british": CLOSE, "allied": HOLD})
    assert g.ships[0].struck and g.ships[0].hp == 0
    assert not g.ships[1].struck and g.ships[1].hp == rs.boarding.survivor_hit_points
    assert not g.rng.faces


def f_table(rs):
    return rs.table.east_west_ft * 12, rs.table.north_south_ft * 12


def _edges(rs):
    from playkit import table

    return table(rs)[2]


def test_loaded_dice_roll_the_faces_given():
    rng = Loaded([1, 6, 3])
    g = game(ruleset(), [], dice=[1, 6, 3])
    assert [g.roll() for _ in range(3)] == [1, 6, 3] and rng.faces == [1, 6, 3]
