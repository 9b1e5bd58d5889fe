"""A teacher's first hour (issue 49): the defaults named, a battle's class size as data and said when a
kit's class is outside it, and the terminal saying why the kit plays fewer ships than the battle has."""

from __future__ import annotations

import re

import pytest

from printgen import paths


def test_config_names_the_value_of_every_default(run, monkeypatch, tmp_path):
    monkeypatch.setenv("PRINTGEN_CONFIG", str(tmp_path / "config.toml"))
    code, out, _ = run("config")
    assert code == 0
    rows = {m[1]: m[2] for m in re.finditer(r"^  (\w+)\s+(\S+)\s+printgen's default", out, re.M)}
    assert rows == {"paper": "letter", "units": "in", "edition": "color", "students": "24", "lang": "en"}


def test_every_built_in_battle_gives_its_class_size_and_list_shows_it(run):
    import tomllib

    for folder in sorted(paths.fleets_dir().iterdir()):
        size = tomllib.loads((folder / "scenario.toml").read_text(encoding="utf-8"))["scenario"]["class_size"]
        assert 1 <= size[0] <= size[1], folder.name
    code, out, _ = run("list")
    assert "lake-erie-1813 Lake Erie, 10 September 1813 - 15 ships, for a class of 10 to 16" in out
    assert "A preset is a smaller version of a battle" in out


def test_a_class_size_out_of_order_is_refused_naming_the_field(run, scenario_dir):
    folder = scenario_dir(scenario={"scenario": {"class_size": [16, 10]}})
    code, out, err = run("check", folder)
    assert code == 2
    assert "class_size" in err and "[10, 16]" in err


def _plan(scenario: str, students: int):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    return plan_kit(KitRequest(scenario=scenario, students=students))


@pytest.mark.parametrize("students", [24, 6])
def test_a_class_outside_the_battles_size_is_told_what_to_do(students):
    notes = [n for n in _plan("lake-erie-1813", students).options.notes if "suits a class" in n]
    assert len(notes) == 1
    assert notes[0].startswith("Lake Erie, 10 September 1813 suits a class of 10 to 16 students. "
                               f"For {students}, choose a ")
    if students > 16:
        assert "larger battle" in notes[0] and "crews of up to 2 pupils" in notes[0]
    else:
        assert "smaller battle" in notes[0] and "each pupil commands up to" in notes[0]


def test_a_class_inside_the_battles_size_gets_no_note():
    assert not [n for n in _plan("lake-erie-1813", 12).options.notes if "suits a class" in n]


def test_the_terminal_says_why_ships_were_left_out():
    from printgen.cli.kit_cmd import ships_left_out

    plan = _plan("trafalgar", 24)
    said = ships_left_out(plan)
    ships = len(plan.scenario.fleet.ships)
    assert ships < 60
    assert said == (f"Game: The whole battle. Ships: {ships} of the battle's 60, as many as fit "
                    f"{plan.scenario.lesson.turn_limit} turns of the lesson, the flagships and the ships the story "
                    "names first (the lesson plan says how printgen chose; --ships or --engagement choose otherwise).")
