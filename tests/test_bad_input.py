"""Bad input gets a clear error: file, line or field, what is wrong, how to fix; exit 2; no traceback."""

import pytest


def assert_clear_error(result, *must_say):
    code, out, err = result
    assert code == 2, (code, out, err)
    assert "Traceback" not in err
    assert "fix:" in err
    for text in must_say:
        assert text in err, (text, err)


@pytest.mark.parametrize("fixture, says", [
    ("ships_missing_column.csv", ["ships.csv, line 1", "missing column 'flagship'"]),
    ("ships_unknown_nation.csv", ["ships.csv, line 3", "field 'nation'", "unknown nation 'Frnech'", "British, French, Spanish"]),
    ("ships_duplicate.csv", ["ships.csv, line 4", "Neptune (British) is listed twice (first on line 2)"]),
    ("ships_bad_flag.csv", ["ships.csv, line 2", "field 'flagship'", "'maybe'", "yes or no"]),
    ("ships_negative_guns.csv", ["ships.csv, line 2", "field 'guns'", "'-100'"]),
    ("ships_unknown_column.csv", ["ships.csv, line 1", "unknown column 'colour'", "valid columns are"]),
    ("ships_latin1.csv", ["ships.csv, line 2", "not UTF-8", "CSV UTF-8"]),
])
def test_broken_fleet(run, scenario_dir, fixture, says):
    folder = scenario_dir(ships=fixture)
    assert_clear_error(run("odds", folder), *says)


def test_same_name_on_both_sides_is_fine(run, scenario_dir):
    """Neptune fought on both sides: only the same name *and* nation twice is an error."""
    folder = scenario_dir(ships="ships_duplicate.csv")
    code, out, err = run("odds", folder)
    assert "Neptune (French)" not in err


def test_excel_bom_and_semicolons_are_read_as_meant(scenario_dir):
    from printgen.data.scenario import load_scenario

    folder = scenario_dir(ships="ships_excel_bom_semicolon.csv",
                          scenario={"fleet": {"flagships": ["Victory"], "named": []}})
    ships = load_scenario(str(folder)).fleet.ships
    assert [s.name for s in ships] == ["Victory", "Santísima Trinidad"]
    assert ships[1].guns == 136


@pytest.mark.parametrize("fixture, says", [
    ("ruleset_face_7.toml", ["rules.toml, line", "shooting.to_hit.long.hit", "die face 7 is not on a six-sided die"]),
    ("ruleset_overlapping_ranges.toml", ["shooting.range_in", "'short' (0-6) and 'long' (4-12) overlap"]),
    ("ruleset_misspelt_key.toml", ["shooting.flagship_extra_die", "not a setting printgen knows"]),
    ("ruleset_unknown_side.toml", ["shooting.dice must give a value for each side (british, allied); it has british, allied, brtish"]),
])
def test_broken_ruleset(run, scenario_dir, fixture, says):
    assert_clear_error(run("odds", scenario_dir(ruleset=fixture)), *says)


def test_missing_ships_file(run, scenario_dir):
    folder = scenario_dir()
    (folder / "ships.csv").unlink()
    assert_clear_error(run("odds", folder), "ships.csv: file not found")


def test_unknown_scenario(run):
    assert_clear_error(run("odds", "waterloo"), "no scenario named 'waterloo'", "trafalgar")


def test_face_7_points_at_the_line(scenario_dir):
    from printgen.data.scenario import load_scenario
    from printgen.errors import PrintgenError

    folder = scenario_dir(ruleset="ruleset_face_7.toml")
    with pytest.raises(PrintgenError) as e:
        load_scenario(str(folder))
    problem = e.value.problems[0]
    lines = (folder / "rules.toml").read_text().splitlines()
    assert lines[problem.line - 1].startswith("hit = [")
    assert lines[problem.line - 2].strip() == "[shooting.to_hit.long]"
