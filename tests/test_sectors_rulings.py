"""The sectors engine plays the medieval fragment's ships as their bases, on hand-built positions
with loaded dice: each test quotes the words it holds the engine to (the fragment,
shared/seeds/001_*, or the kit's rulings, templates/sectors/lesson.md.j2).

A Mediterranean galley's base is 3" x 0.75", a cog's 2.5" x 1.25" (the ruleset's defaults)."""

from __future__ import annotations

import math

import pytest

from printgen.data.checked import load_checked
from printgen.systems.sectors.boats import Boat
from printgen.systems.sectors.play import Game


@pytest.fixture(scope="module")
def rs():
    return load_checked("sluys-1340").ruleset


def boat(rs, i: int, side: str, kind: str, x: float, y: float, h: float, **kw) -> Boat:
    t = rs.types[kind]
    length, width = t.base_in
    st = t.structure
    return Boat(i, f"{kind}{i}", side, kind, False, x, y, h, length, width,
                {"bow": st.bow, "stern": st.stern, "port": st.port, "starboard": st.starboard, "mast": st.mast},
                t.crew_boxes, t.crew_boxes, **kw)


def table(rs, boats: list[Boat], dice: list[int] | None = None, wind: float = 270.0) -> Game:
    """A 72" x 48" table, no obstacles, the wind from `wind` (default W); dice as listed (None:
    seeded), and a test fails if the engine rolls one more."""
    g = Game(rs, boats, [], 72.0, 48.0, 1, 8)
    g.wind = wind
    if dice is not None:
        faces = list(dice)

        def bits(k: int) -> int:
            if not faces:
                raise AssertionError("the engine rolled more dice than the test loaded")
            return faces.pop(0) - 1
        g._bits = bits
        g.faces = faces
    return g


# -- "Measure between the nearest points of the two bases." (rulings) -------------------------------

def test_missile_range_is_measured_base_to_base(rs):
    """Galleys side by side, 11.5" apart between their bases (12.25" between centres): in long range."""
    w = rs.types["med-galley"].base_in[1]
    g = table(rs, [boat(rs, 0, "english", "med-galley", 10, 20, 0), boat(rs, 1, "french", "med-galley", 10 + w + 11.5, 20, 0)],
              dice=[6, 6, 6, 1, 1, 1])                     # English: 3 bowmen, 6 hits at long range; French miss
    g.phase = rs.sequence.phases[2]
    g.missile()
    assert g.boats[1].crew == rs.types["med-galley"].crew_boxes - 3 and not g.faces


def test_beyond_long_range_base_to_base_nobody_shoots(rs):
    w = rs.types["med-galley"].base_in[1]
    g = table(rs, [boat(rs, 0, "english", "med-galley", 10, 20, 0), boat(rs, 1, "french", "med-galley", 10 + w + 12.2, 20, 0)],
              dice=[])
    g.phase = rs.sequence.phases[2]
    g.missile()
    assert g.boats[1].crew == rs.types["med-galley"].crew_boxes


# -- ships are bases: a base stops where it touches another ------------------------------------------

def test_a_ship_does_not_sail_through_a_friend(rs):
    """An English cog sails east for a French ship; another English cog lies across its way, at anchor."""
    g = table(rs, [boat(rs, 0, "english", "cog", 10, 20, 90), boat(rs, 1, "english", "cog", 13.5, 20, 0, chained=True),
                   boat(rs, 2, "french", "cog", 30, 20, 0, chained=True)], dice=[], wind=270)
    g.phase = rs.sequence.phases[1]
    g.movement()
    from printgen.play.geom import gap

    assert gap(g.boats[0].r, g.boats[1].r) >= -1e-6
    assert (g.boats[0].x, g.boats[0].y) != (10, 20)         # it still made way, round its friend


# -- "Any ship that is turning 90' cannot simply pivot and take its full move, but must alter course 45'
#    and move forward twice, in a sweep, and then, in the case of the galley, resume whatever is left of
#    its move in the new direction." (the fragment)

def test_a_90_degree_turn_is_a_sweep_of_two_45_degree_turns(rs):
    t = rs.types["med-galley"]
    g = table(rs, [boat(rs, 0, "english", "med-galley", 20, 20, 0), boat(rs, 1, "french", "cog", 60, 20, 0)],
              dice=[], wind=0)                               # the wind from the north: no bonus heading east
    g.phase = rs.sequence.phases[1]
    ship = g.boats[0]
    g.movement()
    leg = t.base_in[0]                                       # a ship's length forward after the first 45
    diag = leg * math.sqrt(0.5)
    assert ship.h == pytest.approx(90)
    assert (ship.x, ship.y) == pytest.approx((20 + diag + (t.speed_in - leg), 20 + diag))
    assert "movement.sweep_turn_deg" in g.used[rs.sequence.phases[1]]


def test_a_turn_of_45_degrees_is_made_where_the_ship_lies(rs):
    t = rs.types["med-galley"]
    g = table(rs, [boat(rs, 0, "english", "med-galley", 20, 20, 0), boat(rs, 1, "french", "cog", 60, 60, 0)],
              dice=[], wind=135)                             # from the south-east: abeam, no bonus
    g.phase = rs.sequence.phases[1]
    ship = g.boats[0]
    g.movement()
    assert ship.h == pytest.approx(45)
    assert (ship.x, ship.y) == pytest.approx((20 + t.speed_in * math.sqrt(0.5), 20 + t.speed_in * math.sqrt(0.5)))


# -- "Two bounds are required to go from full speed to a stop, the speed being reduced by a half each
#    move." (the fragment)

def test_a_ship_under_way_cannot_stop_at_once(rs, monkeypatch):
    """Its captain wants to stop where it is (its enemy is as near as it wants it), but it sailed its
    full speed last turn: it goes on at least half its speed; the turn after, it may stop."""
    t = rs.types["cog"]
    g = table(rs, [boat(rs, 0, "english", "cog", 20, 20, 90, last_move=t.speed_in),
                   boat(rs, 1, "french", "cog", 40, 20, 0, chained=True)], dice=[], wind=0)
    monkeypatch.setattr(Game, "standoff", lambda self, b, target, near: near)
    g.phase = rs.sequence.phases[1]
    ship = g.boats[0]
    g.movement()
    assert ship.x - 20 == pytest.approx(t.speed_in * rs.movement.stop_speed_factor)
    g.movement()                                             # last move: half speed; now it may stop
    assert ship.x - 20 == pytest.approx(t.speed_in * rs.movement.stop_speed_factor)


# -- the sectors of the base: "Dice against the structure points of the proper sector" (the fragment);
#    the pieces draw the sector lines across the base (printgen/systems/sectors/hulls.py)

def test_a_ram_near_the_bow_strikes_the_bow_sector(rs):
    """The galley's bow touches the target's side 1" from the target's bow end, inside its bow
    sector, though the galley's centre lies off the target's side (62 degrees off its bow)."""
    target = boat(rs, 1, "french", "cog", 30, 20, 0, lines=(0.24, 0.75))
    tl, tw = rs.types["cog"].base_in
    gl = rs.types["med-galley"].base_in[0]
    tip = 20 + tl / 2 - 0.5                                  # on the side, in the bow sector (f = 0.8)
    rammer = boat(rs, 0, "english", "med-galley", 30 - tw / 2 - gl / 2, tip, 90)
    g = table(rs, [rammer, target], dice=[4])
    g.phase = rs.sequence.phases[1]
    bearing = math.degrees(math.atan2(rammer.x - 30, rammer.y - 20)) % 360
    assert 45 < abs((bearing - 0 + 180) % 360 - 180) < 135  # the old centre-to-centre arcs: a side
    g.touch(rammer, target, ram=True, attack=False)
    assert target.structure["bow"] < rs.types["cog"].structure.bow
    assert target.structure["port"] == rs.types["cog"].structure.port


def test_only_the_bow_rams(rs):
    """A galley whose side touches the enemy does not ram: "Contact with the target must be made by
    the fore-most part of the bow" (the fragment)."""
    target = boat(rs, 1, "french", "cog", 30, 20, 0)
    tw = rs.types["cog"].base_in[1]
    gw = rs.types["med-galley"].base_in[1]
    rammer = boat(rs, 0, "english", "med-galley", 30 - tw / 2 - gw / 2, 20, 0)     # alongside, bow north
    g = table(rs, [rammer, target], dice=[])
    g.touch(rammer, target, ram=True, attack=False)
    assert target.structure == {"bow": 5, "stern": 5, "port": 4, "starboard": 4, "mast": 3}


def test_a_ship_slowing_down_halves_the_speed_it_made(rs, monkeypatch):
    """"Two bounds are required to go from full speed to a stop, the speed being reduced by a half each
    move" (the fragment): a cog that made 3" of its 4" last turn, its captain wanting to stop, goes on
    half of those 3" (not half its full speed); then it may stop."""
    t = rs.types["cog"]
    assert t.speed_in == 4 and rs.movement.stop_speed_factor == 0.5
    g = table(rs, [boat(rs, 0, "english", "cog", 20, 20, 90, last_move=3.0),
                   boat(rs, 1, "french", "cog", 40, 20, 0, chained=True)], dice=[], wind=0)   # wind abeam: 4"
    monkeypatch.setattr(Game, "standoff", lambda self, b, target, near: near)
    g.phase = rs.sequence.phases[1]
    ship = g.boats[0]
    g.movement()
    assert ship.x - 20 == pytest.approx(1.5)
    g.movement()                                             # 1.5" is under half its speed: it stops
    assert ship.x - 20 == pytest.approx(1.5)


# -- the captains' habits (printgen/play/policies.py): "hold-the-line: keep station and heading (do
#    not move), fire when possible, never grapple"

@pytest.mark.parametrize("english", ["keep-range", "archers-first"])
def test_a_ship_holding_the_line_never_throws_grapnels(rs, english):
    """A chained French cog holding the line lies alongside an English cog whose captain does not
    grapple (the cautious never do; the archers not before the French have lost half their crew):
    nobody rolls to grapple (the test loads no die), and they stay apart."""
    tw = rs.types["cog"].base_in[1]
    g = table(rs, [boat(rs, 0, "english", "cog", 30 - tw, 20, 0),
                   boat(rs, 1, "french", "cog", 30, 20, 0, chained=True)], dice=[])
    g.policies = {"english": english, "french": "hold-the-line"}
    g.phase = rs.sequence.phases[3]
    g.boarding()
    assert not g.boats[0].grappled and not g.boats[1].grappled


# -- the rule card: "A chained ship with a chained neighbour still fighting adds +1: men cross the
#    chains to help it." The scenario: the French "chained in three lines", a squadron a line.

@pytest.mark.parametrize("same_line", [True, False])
def test_the_chained_bonus_comes_from_a_neighbour_of_its_own_line(rs, same_line):
    """An English cog grappled to a chained French cog; another chained French cog lies 1.5" off, of
    the same line or of the next. Both roll: English 3 + 4 crew = 7, French 2 + 4 crew (+1 chained).
    With the bonus it is a tie (both lose a box), without it the French lose one."""
    tw = rs.types["cog"].base_in[1]
    eng = boat(rs, 0, "english", "cog", 30 - tw, 20, 0, squad=0)
    fr = boat(rs, 1, "french", "cog", 30, 20, 0, chained=True, squad=2)
    other = boat(rs, 2, "french", "cog", 30 + tw + 1.5, 20, 0, chained=True, squad=2 if same_line else 3)
    eng.grappled.add(1)
    fr.grappled.add(0)
    g = table(rs, [eng, fr, other], dice=[3, 2])
    g.phase = rs.sequence.phases[3]
    g.boarding()
    assert fr.crew == 3 and not g.faces
    assert eng.crew == (3 if same_line else 4)
