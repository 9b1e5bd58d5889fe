"""The medieval fragment's rules module: data, exact odds of modified rolls, consistency checks."""

from fractions import Fraction as F

import pytest

from printgen.data.scenario import load_scenario
from printgen.rules import run_checks
from printgen.systems.sectors import odds as so
from printgen.rules.tracks import tracks


@pytest.fixture(scope="module")
def sluys():
    return load_scenario("sluys-1340")


def test_the_fleet_and_its_types(sluys):
    rs = sluys.ruleset
    assert len(sluys.fleet.ships) == 30
    assert {s.type for s in sluys.fleet.ships} == {"cog", "hulk", "english-galley", "med-galley"}
    rammers = {k for k, t in rs.types.items() if t.ram}
    assert rammers == {"med-galley", "dromon"}                  # "dromons and Mediterranean-style galleys"
    assert sluys.fleet.find("Christopher").nation == "French"   # the captured English ship, in the French line
    thomas = sluys.fleet.find("Thomas")
    assert thomas.name == "Cog Thomas" and thomas.flagship


def test_structure_tracks_follow_the_type(sluys):
    rs = sluys.ruleset
    cog = sluys.fleet.find("Christopher")
    t = {tr.label: tr.count for tr in tracks(rs, cog)}
    assert t == {"bow": 5, "stern": 5, "port": 4, "starboard": 4, "mast": 3}
    assert all(tr.shape == "box" for tr in tracks(rs, cog))


def test_source_rules_as_data(sluys):
    rs = sluys.ruleset
    m = rs.movement
    assert (m.round_ship_min_angle_to_wind_deg, m.with_wind_bonus_in, m.with_wind_within_deg) == (60, 1, 45)
    assert (m.sweep_turn_deg, m.sweep_step_deg, m.sweep_moves, m.attack_speed_uses, m.furl_within_in) == (90, 45, 2, 4, 6)
    mods = {k: v.value for k, v in rs.collision.modifiers.items()}
    assert mods == {"bow": 2, "stern": 1, "storm": 2, "side": -2, "large": 1, "downwind": 1, "skeg": 2, "bardi": -2}
    assert {k: v.value for k, v in rs.ramming.modifiers.items()} == {"attack-speed": 1, "large": 1, "round-ship": -2,
                                                                    "moved": -1}
    assert rs.collision.mast_modifiers == ["storm", "downwind"]
    assert rs.ramming.clear_turns == 2 and rs.aground.crew_lost_stays == 0.75


def test_roll_odds_by_hand(sluys):
    rs = sluys.ruleset
    assert so.chance_faces(rs, "obstacles.sector.bow") == F(1, 6)
    assert so.chance_faces(rs, "obstacles.sector.port") == F(1, 3)
    assert so.chance_faces(rs, "obstacles.passage.through") == F(1, 2)
    assert so.refloat_within(rs, 1) == F(1, 2) and so.refloat_within(rs, 3) == F(7, 8)


def test_damage_distributions_by_hand(sluys):
    rs = sluys.ruleset
    # default table: <=1 -> 0, 2-3 -> 1, 4-5 -> 2, 6-7 -> 3, >=8 -> 4
    # bow +2: rolls 3..8 -> 1,2,2,3,3,4
    assert [so.damage_chance(rs, "collision", "bow", p) for p in range(5)] == [0, F(1, 6), F(1, 3), F(1, 3), F(1, 6)]
    assert so.damage_expected(rs, "collision", "bow") == F(15, 6)
    # side -2: rolls -1..4 -> 0,0,0,1,1,2
    assert [so.damage_chance(rs, "collision", "side", p) for p in range(3)] == [F(1, 2), F(1, 3), F(1, 6)]
    # ramming at attack speed against a round ship: +1 -2 = -1
    assert so.modifier_total(rs, "ramming", "attack-speed+round-ship") == -1
    # the mast: hit on 4-6 (1/2); with a storm (+2) the roll 3..8 gives 4 points on an 8: 1/2 * 1/6
    assert so.mast_damage_chance(rs, "storm", 4) == F(1, 12)
    assert so.mast_damage_chance(rs, "", 0) == F(1, 2) + F(1, 2) * F(1, 6)


def test_built_in_medieval_data_passes(run):
    code, out, _ = run("check", "sluys-1340")
    assert code == 0 and "8 of 8 checks pass" in out and "damage table" in out


@pytest.mark.parametrize("patch, check, says", [
    ("medieval_damage_gap.toml", "damage table", "rolls 4-5 are on no row"),
    ("medieval_damage_closed.toml", "damage table", "collision: a modified roll can be -3, the table starts at 1"),
    ("medieval_sector_face_missing.toml", "die tables", "obstacles.sector: face 2 gives no outcome"),
])
def test_medieval_checks_fail_on_their_fixtures(scenario_dir, patch, check, says):
    import tomllib

    from conftest import DATA

    data = tomllib.loads((DATA / patch).read_text())
    folder = scenario_dir(ruleset=data, name="sluys-1340")
    failed = {r.name: r for r in run_checks(load_scenario(str(folder))) if not r.ok}
    assert check in failed and says in "\n".join(failed[check].failures)


def test_an_unknown_ship_type_is_a_clear_error(run, scenario_dir):
    folder = scenario_dir(ships="ships_medieval_unknown_type.csv", name="sluys-1340")
    code, out, err = run("odds", folder)
    assert code == 2 and "type 'carrack'" in err and "ships.csv, line 2" in err and "cog (Cog (round ship))" in err
