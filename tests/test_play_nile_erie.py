"""What the broadside engine plays for the Nile and Lake Erie (docs/battles/engine-needs.md), on
hand-built tables with loaded dice: ship types, ships at anchor, ground, the explosion, night, the
admiral's boat. Every number is read from the two rulesets (rulesets/nile-fastplay.toml,
rulesets/lake-erie-fastplay.toml): a test says which and works its positions out from it.

Bases are 2" x 1"; a ship heading north at (30, 40) has its starboard side along x = 30.5. The Nile's
drift is 3" to the south-east; its night falls on turn 3 (short range only); its landward side is east."""

from __future__ import annotations

import random

import pytest
from pdfread import page_texts
from playkit import Loaded, family, game, ruleset

from printgen.play.geom import gap, rect
from printgen.play.policies import POLICIES

CLOSE, HOLD = POLICIES["close-and-fire"], POLICIES["hold-the-line"]


@pytest.fixture(scope="module")
def nile():
    return ruleset("nile-1798")


@pytest.fixture(scope="module")
def erie():
    return ruleset("lake-erie-1813")


def rolls(g, rule: str) -> list:
    return [e for e in g.events if e.rule == rule]


def pose(ship) -> tuple:
    return (round(ship.x, 9), round(ship.y, 9), round(ship.h, 9))


# -- ground: shoals and shore ---------------------------------------------------------------------------
SHOAL = (31.5, 0.0, 5.0, 80.0)           # x, y, width east, depth north: its west edge 1" east of x = 30.5


def test_a_drifting_ship_stops_where_it_touches_a_shoal_and_is_aground(nile):
    assert (nile.drift.direction, nile.drift.distance_in) == ("SE", 3)
    g = game(nile, [("french", 30, 40, 0), ("british", 10, 80, 0)], dice=[])
    g.ships[0].struck, g.ships[0].hp = True, 0                # a wreck: it drifts
    family(nile, ground=[SHOAL]).drift(g, {})
    wreck = g.ships[0]
    # 3" south-east would take its east side 2.1" east; it stops after 1" east (and 1" south), touching
    assert (wreck.x, wreck.y) == pytest.approx((31.0, 39.0))
    assert gap(wreck.r, rect(34.0, 40.0, 0.0, 80.0, 5.0)) == pytest.approx(0.0, abs=1e-6)
    assert wreck.aground
    # without the shoal it drifts its full 3"
    free = game(nile, [("french", 30, 40, 0), ("british", 10, 80, 0)], dice=[])
    free.ships[0].struck = True
    family(nile).drift(free, {})
    assert not free.ships[0].aground and free.ships[0].x == pytest.approx(30 + 3 * 0.5 ** 0.5)


def test_a_ship_aground_floats_off_only_on_the_rulesets_faces(nile):
    assert nile.aground.refloat == (6,)
    f = family(nile, ground=[SHOAL])
    g = game(nile, [("british", 30, 20, 0), ("french", 30, 60, 180)], dice=[5])
    g.ships[0].aground = True
    g.events = []
    f.drift(g, {})
    assert g.ships[0].aground and [(e.ship, e.faces, e.result) for e in rolls(g, "aground.refloat")] == [(0, (5,), 0)]
    g.rng = random.Random(1)
    before = pose(g.ships[0])
    f.move(g, "british", {"british": CLOSE, "french": HOLD})
    assert pose(g.ships[0]) == before                          # aground: it does not move
    g.rng, g.events = Loaded([6]), []
    f.drift(g, {})
    assert not g.ships[0].aground and [e.result for e in rolls(g, "aground.refloat")] == [1]
    g.rng = random.Random(1)
    f.move(g, "british", {"british": CLOSE, "french": HOLD})
    assert pose(g.ships[0]) != before                          # afloat: it sails for the enemy


def test_a_captain_does_not_sail_onto_a_shoal_he_can_see(nile):
    """Sailing east at the enemy, a shoal 3.5" ahead across the whole way: every run east would touch
    it, so the captain takes a move that does not (the rules' penalty), and does not run aground."""
    shoal = (34.0, 20.0, 6.0, 40.0)
    g = game(nile, [("british", 30, 40, 90), ("french", 55, 40, 0)], seed=3)
    family(nile, ground=[shoal]).move(g, "british", {"british": CLOSE, "french": HOLD})
    ship = g.ships[0]
    assert not ship.aground
    assert gap(ship.r, rect(37.0, 40.0, 0.0, 40.0, 6.0)) > 0.01


def test_a_move_that_runs_aground_stops_at_the_shoal():
    """The moves a captain weighs: the straight run east stops where the base touches the shoal, and
    is marked as running aground (its stop is the ground, after the bases near it)."""
    import numpy as np

    from printgen.play.state import board_of
    from printgen.systems.broadside import sailing

    rs = ruleset("nile-1798")
    f = family(rs, ground=[(34.0, 20.0, 6.0, 40.0)])
    g = game(rs, [("british", 30, 40, 90), ("french", 55, 40, 0)])
    T, B = f._game_tables(g, {"british": CLOSE}), board_of(g, tuple(rs.sides))
    out = [np.empty(32) for _ in range(5)] + [np.empty(32, np.int64)]
    aim = (1, 6.0, False, 0.0, 0.0, 0.0, 0.0)
    count = sailing.moves(T, B.P, 0, aim, 6.0, np.zeros(0, np.int64), 0, *out)
    mx, my, mh, _, _, mstop = out
    east = [k for k in range(count) if mh[k] == 90.0 and (mx[k], my[k]) != (30.0, 40.0)]
    assert east and mx[east[0]] == pytest.approx(33.0) and mstop[east[0]] == 0     # ground row 0 after 0 bases


# -- ships at anchor ------------------------------------------------------------------------------------
def test_a_ship_at_anchor_never_moves_though_its_captain_would(nile):
    g = game(nile, [("french", 30, 40, 0, False, 0, "line", True), ("french", 20, 40, 0),
                    ("british", 40, 52, 180)], seed=5)
    before = [pose(s) for s in g.ships]
    family(nile).move(g, "french", {"french": CLOSE, "british": HOLD})
    assert pose(g.ships[0]) == before[0]
    assert pose(g.ships[1]) != before[1]                       # the same captain, not at anchor, sails


@pytest.mark.parametrize("anchored", [True, False])
def test_a_ship_at_anchor_does_not_drift_nor_does_her_prize_and_she_tries_to_cut_loose(nile, anchored):
    """A French ship grappled to a struck British ship: a close-and-fire captain keeps his prize (no
    roll) and the two drift; at anchor he tries to cut loose (a 1: held) and neither drifts, nor does a
    struck ship at anchor."""
    g = game(nile, [("french", 30, 40, 0, False, 0, "line", anchored), ("british", 31, 40, 0),
                    ("french", 10, 60, 0, False, 0, "line", True)], dice=[1] if anchored else [])
    g.link(g.ships[0], g.ships[1], "grappled")
    g.ships[1].struck, g.ships[1].hp = True, 0
    g.ships[2].struck, g.ships[2].hp = True, 0                # a wreck at anchor
    before = [pose(s) for s in g.ships]
    g.events = []
    family(nile).drift(g, {"french": CLOSE, "british": CLOSE})
    assert g.links == {(0, 1): "grappled"} and pose(g.ships[2]) == before[2]
    assert ([pose(s) for s in g.ships[:2]] == before[:2]) == anchored
    assert [(e.ship, e.faces) for e in rolls(g, "drift.cut_loose.free")] == ([(0, (1,))] if anchored else [])


def test_a_ship_at_anchor_never_grapples(nile):
    """Touching an enemy no stronger than itself, a close-and-fire captain would grapple; at anchor he
    does not, so the two roll to foul (a 6) instead."""
    for anchored, kind in ((True, "fouled"), (False, "grappled")):
        g = game(nile, [("french", 30, 40, 0, False, 0, "line", anchored), ("british", 31, 40, 0)], dice=[6])
        family(nile).entangle(g, {"french": CLOSE, "british": HOLD})
        assert g.links == {(0, 1): kind}


def test_the_landward_broadside_of_a_ship_at_anchor_rolls_at_most_the_landward_dice(nile):
    assert (nile.anchors.landward, nile.anchors.landward_dice, nile.shooting.dice["french"]) == ("E", 2, 5)
    for east, anchored, dice in ((True, True, 2), (False, True, 5), (True, False, 5)):
        x = 33 if east else 27
        g = game(nile, [("french", 30, 40, 0, False, 0, "line", anchored), ("british", x, 40, 0)], dice=[1] * dice)
        g.events = []
        family(nile).shoot(g, "french")
        assert [len(e.faces) for e in g.events] == [dice], (east, anchored)
    # heading south, the landward broadside is the port side: still the east
    g = game(nile, [("french", 30, 40, 180, False, 0, "line", True), ("british", 33, 40, 0)], dice=[1, 1])
    g.events = []
    family(nile).shoot(g, "french")
    assert [len(e.faces) for e in g.events] == [2]


# -- the explosion -------------------------------------------------------------------------------------
def _blast_table(nile, faces: list[int]):
    """A British ship at (30, 40) fires east at A (33, 40); behind A, B (35.5, 40) with 2 hit points and
    C (38.5, 40); D far off. A: 2" from the shooter, 1.5" from B; B 2" from C; C 4.5" from A."""
    g = game(nile, [("british", 30, 40, 0), ("french", 33, 40, 0), ("french", 35.5, 40, 0),
                    ("french", 38.5, 40, 0), ("french", 50, 40, 0)], dice=faces)
    g.ships[2].hp = 2
    g.events = []
    return g


def test_a_ship_that_strikes_may_blow_up_and_her_blast_strikes_another_that_blows_up_in_turn(nile):
    ex = nile.explosion
    assert (ex.blows_up, ex.radius_in, ex.hits, nile.hit_points.ship) == ((6,), 3, 2, 5)
    g = _blast_table(nile, [6] * 7 + [6, 6])                 # 7 hits strike A; A blows up; then B
    family(nile).shoot(g, "british")
    shooter, a, b, c, d = g.ships
    assert a.struck and a.gone and b.struck and b.gone
    assert (shooter.hp, c.hp, d.hp) == (5 - 2, 5 - 2, 5)       # within 3" of A; of B; of neither
    assert [(e.ship, e.result) for e in rolls(g, "explosion.blows_up")] == [(1, 1), (2, 1)]
    assert (a.x, a.y) == (33, 40) and g.links == {}           # the record keeps where she lay
    # her base has left the table: the shooter now fires through where A and B lay, at C (long range)
    g.rng, g.events = Loaded([6] * 7 + [1]), []
    family(nile).shoot(g, "british")
    assert c.struck and not c.gone
    assert [(e.ship, e.faces) for e in rolls(g, "explosion.blows_up")] == [(3, (1,))]


def test_a_ship_that_blows_up_leaves_the_table_within_the_phase(nile):
    """In the compiled phase itself: once A has blown up no line of fire crosses where she lay and no
    base touches her (E touched her), so the squadrons after hers and the contact rolls see the table
    without her."""
    import numpy as np

    from printgen.play.dice import dice_of
    from printgen.play.state import STRUCK, board_of
    from printgen.systems.broadside import blast, contact, firing
    from printgen.systems.broadside.record import no_record

    g = game(nile, [("british", 30, 40, 0), ("french", 33, 40, 0), ("french", 38.5, 40, 0), ("french", 33, 42, 0)])
    f = family(nile)
    T, B = f._game_tables(g, None), board_of(g, tuple(nile.sides))
    everyone, pairs = np.arange(4), np.empty((7, 2), np.int64)

    def seen() -> tuple:
        m = contact.touching(T, B, pairs)
        return firing.clear(T, B.P, 0, firing.rect_at(B.P, 0), 2, everyone, 4), [tuple(p) for p in pairs[:m]]

    assert seen() == (False, [(1, 3)])
    B.S[1, STRUCK] = 1
    blast.explode(T, B, dice_of(Loaded([6])), no_record(4))
    assert seen() == (True, [])


def test_a_ship_that_holds_never_rolls_again_and_nothing_else_is_hit(nile):
    g = _blast_table(nile, [6] * 7 + [5])
    family(nile).shoot(g, "british")
    shooter, a, b, c, d = g.ships
    assert a.struck and not a.gone and (shooter.hp, b.hp, c.hp) == (5, 2, 5)
    a.struck = True
    g.events, g.rng = [], Loaded([])                       # nobody new struck: nobody rolls
    family(nile).board(g, {})
    assert rolls(g, "explosion.blows_up") == []


def test_without_the_rule_nobody_blows_up():
    rs = ruleset()                                          # Trafalgar's rules: no [explosion]
    assert rs.explosion is None
    g = game(rs, [("british", 30, 40, 0), ("allied", 33, 40, 0)], dice=[6] * 7)
    g.events = []
    family(rs).shoot(g, "british")
    assert g.ships[1].struck and not g.ships[1].gone and rolls(g, "explosion.blows_up") == []


# -- night ---------------------------------------------------------------------------------------------
def test_from_nightfall_no_ship_fires_beyond_the_nights_range(nile):
    assert (nile.night.from_turn, nile.night.range_in) == (3, 6)
    for turn, x, fires in ((2, 39, True), (3, 39, False), (4, 39, False), (3, 36.9, True)):
        g = game(nile, [("british", 30, 40, 0), ("french", x, 40, 0)], dice=[1] * 7 if fires else [])
        g.turn, g.events = turn, []
        family(nile).shoot(g, "british")
        assert len(g.events) == (1 if fires else 0), (turn, x)


# -- ship types ----------------------------------------------------------------------------------------
def _typed(erie, name: str, **dice):
    t = erie.types[name].model_copy(update=dice)
    return erie.model_copy(update={"types": {**erie.types, name: t}})


def test_a_ship_with_no_dice_at_long_range_does_not_fire_there(erie):
    """Lake Erie's carronade ship rolls 4 dice at short range, 1 at long; with none at long (a ruleset
    that says 0), a target at long range is no target."""
    assert erie.dice_of("british", False, "carronade-ship", "long") == 1
    none = _typed(erie, "carronade-ship", long_dice=0)
    for rs, dice in ((erie, 1), (none, 0)):
        g = game(rs, [("british", 30, 40, 0, False, 0, "carronade-ship"), ("american", 39, 40, 0, False, 0, "brig")],
                 dice=[1] * dice)
        g.events = []
        family(rs).shoot(g, "british")
        assert [len(e.faces) for e in g.events] == ([dice] if dice else [])


def test_a_ship_fires_where_it_expects_the_most_hits(erie):
    """One die at short range (a hit on 5-6: a third of a hit) against four at long range (a hit on 6:
    two thirds): the ship fires at the long-range target, though a die's odds are better at short."""
    rs = _typed(erie, "long-gun-ship", dice=1, long_dice=4)
    g = game(rs, [("british", 30, 40, 0, False, 0, "long-gun-ship"), ("american", 26, 40, 0, False, 0, "brig"),
                  ("american", 39, 40, 0, False, 0, "brig")], dice=[6] * 4)
    family(rs).shoot(g, "british")
    assert (g.ships[1].hp, g.ships[2].hp) == (6, 6 - 4)


def test_a_simulated_game_starts_each_ship_with_its_types_hit_points_and_dice(erie):
    from printgen.play.rerun import SimRun, prepare_run
    from printgen.play.state import HP

    s, _, st = prepare_run(SimRun("lake-erie-1813", seed=1, games=1))
    T, board = st.family._prepared(st)
    ships = {p.name: p for p in s.fleet.ships}
    for k, (name, side, flag, *_rest) in enumerate(st.start):
        kind = ships[name].type
        assert board.S[k, HP] == erie.hit_points_of(flag, kind), name
        assert list(T.dice[k, :, int(flag)]) == [erie.dice_of(side, flag, kind, band) for band in ("long", "short", "rake")]
    assert {ships[name].type for name, *_ in st.start} >= {"brig", "gunboat", "long-gun-ship", "carronade-ship"}


def test_each_ship_has_its_types_hit_points_and_dice(erie):
    f = family(erie)
    g = game(erie, [("american", 30, 40, 0, True, 0, "brig"), ("british", 33, 40, 0, False, 0, "gunboat")],
             dice=[1] * 7)
    assert (g.ships[0].hp, g.ships[1].hp) == (6 + 1, 2)          # a flagship brig; a gunboat: the rules' own
    g.events = []
    f.shoot(g, "american")
    assert [len(e.faces) for e in g.events] == [6 + 1]


# -- the admiral's boat ----------------------------------------------------------------------------------
def _lake(erie, hp: int, niagara_x: float = 33):
    """Lawrence (a brig, the flagship) at (30, 40) and Niagara (a brig) east of her, heading south,
    the British far to the south-east."""
    g = game(erie, [("american", 30, 40, 180, True, 0, "brig"), ("american", niagara_x, 40, 180, False, 0, "brig"),
                    ("british", 45, 10, 0, False, 0, "long-gun-ship"), ("british", 55, 85, 0, False, 0, "gunboat")],
             seed=2)
    g.ships[0].hp = hp
    g.events = []
    return g


def test_a_flagship_half_beaten_sends_her_admiral_by_boat_and_the_extra_die_goes_with_him(erie):
    assert erie.flag.boat_in == 6 and erie.hit_points_of(True, "brig") == 7
    g = _lake(erie, 3)
    before = pose(g.ships[0])
    family(erie).move(g, "american", {"american": CLOSE, "british": HOLD})
    lawrence, niagara = g.ships[0], g.ships[1]
    assert not lawrence.flagship and niagara.flagship
    assert pose(lawrence) == before and (lawrence.hp, niagara.hp) == (3, 6)
    assert [(e.ship, e.other, e.result) for e in rolls(g, "flag.boat_in")] == [(0, 1, 1)]
    # the dice: Niagara now rolls a flagship's 7, Lawrence a brig's 6
    lawrence.place(30, 40, 0)
    niagara.place(30, 50, 0)
    g.ships[2].place(33, 40, 0)
    g.ships[3].place(33, 50, 0)
    g.rng, g.events = Loaded([1] * 13), []
    family(erie).shoot(g, "american")
    assert sorted((e.ship, len(e.faces)) for e in g.events) == [(0, 6), (1, 7)]


@pytest.mark.parametrize("hp, niagara_x", [(4, 33), (3, 38)])
def test_the_admiral_stays_while_his_ship_holds_or_no_ship_is_near(erie, hp, niagara_x):
    g = _lake(erie, hp, niagara_x)                             # 4 of 7 left; Niagara 7" off (base to base)
    family(erie).move(g, "american", {"american": CLOSE, "british": HOLD})
    assert g.ships[0].flagship and not g.ships[1].flagship and rolls(g, "flag.boat_in") == []


def test_without_the_rule_the_flag_never_moves():
    rs = ruleset()
    g = game(rs, [("british", 30, 40, 180, True), ("british", 33, 40, 180), ("allied", 45, 10, 0)], seed=2)
    g.ships[0].hp = 1
    family(rs).move(g, "british", {"british": CLOSE, "allied": HOLD})
    assert g.ships[0].flagship and not g.ships[1].flagship


# -- the first-turn page says these rolls --------------------------------------------------------------
@pytest.mark.parametrize("name, lang, said", [
    ("nile-1798", "en", ["{british} rolls 5 (refloat on 6 (classroom addition): no).",
                         "{french} rolls 6 (blows up on 6 (classroom addition))."]),
    ("nile-1798", "fr", ["{british} fait 5 (remis à flot sur 6 (ajout pour la classe) : non).",
                         "{french} fait 6 (explose sur 6 (ajout pour la classe))."]),
    ("lake-erie-1813", "en", ["The admiral leaves Lawrence by boat for Niagara, and his flag goes with him.",
                              "Niagara rolls 1 die at"]),
    ("lake-erie-1813", "es", ["El almirante deja el Lawrence en bote para ir al Niagara, y su insignia va con él.",
                              "Niagara lanza 1 dado contra"]),
])
def test_the_first_turn_page_says_a_refloat_an_explosion_and_the_admirals_boat(name, lang, said):
    """The kit's first turn with such a roll put into it (no first turn of these kits has one): each is
    worded for pupils in the kit's language, its faces read from the ruleset."""
    import io

    from printgen.draw.render import render
    from printgen.i18n import using
    from printgen.kit.build import plan_kit
    from printgen.play.state import Event
    from printgen.request import KitRequest
    from printgen.sheets.plays import first_turn as ft

    plan = plan_kit(KitRequest(name, 24, "color", periods=1, lang=lang))
    names = [p.ship.name for p in plan.deployment.placements]
    phases = ft.first_turn(plan)[2]
    # the first ship of each side in this kit's game (the lesson's fit chooses which ships play)
    first = {side: next(p.ship.name for p in plan.deployment.placements if p.ship.side == side)
             for side in plan.scenario.ruleset.sides}
    if name == "nile-1798":
        phases[0].events.append(Event(names.index(first["british"]), None, "aground.refloat", (5,), 0))
        phases[3].events.append(Event(names.index(first["french"]), None, "explosion.blows_up", (6,), 1))
    else:
        phases[2].events.append(Event(names.index("Lawrence"), names.index("Niagara"), "flag.boat_in", (), 1))
    with using(lang):
        pdf = render(ft.first_turn_document(plan, plan.options), "color").files[0][1]
    text = " ".join(" ".join(t.split()) for t in page_texts(io.BytesIO(pdf)))
    for sentence in said:
        sentence = sentence.format(**first)
        assert sentence in text, (sentence, text)
