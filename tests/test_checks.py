"""Each consistency check passes on the built-in data and fails on a fixture built to break it."""

import pytest

from printgen.data.scenario import load_scenario
from printgen.rules import run_checks
from printgen.rules.checks import damage_tracks


def failing(folder):
    return {r.name: r for r in run_checks(load_scenario(str(folder))) if not r.ok}


def test_built_in_data_passes(run):
    code, out, err = run("check", "trafalgar")
    assert code == 0, out + err
    assert "9 of 9 checks pass" in out


@pytest.mark.parametrize("patch, check, says", [
    (dict(ruleset="ruleset_die_table_gap.toml"), "die tables", "fouling: face 4 gives no outcome"),
    (dict(ruleset="ruleset_die_table_doubled.toml"), "die tables", "grappling: face 5 gives two outcomes"),
    (dict(ruleset="ruleset_range_gap.toml"), "ranges", "gap between 'short' (to 6) and 'long' (from 8)"),
    (dict(ruleset="ruleset_rake_worse.toml"), "rake > short > long", "rake (1/3) does not beat short range (1/3)"),
    (dict(ruleset="ruleset_edges_overlap.toml"), "wind edges", "west edge: 5-5.5 ft is coloured twice"),
    (dict(ruleset="ruleset_speeds_reversed.toml"), "wind speeds", "green 3, yellow 6"),
    (dict(ruleset="ruleset_flagship_weaker.toml"), "flagship hit points", "a flagship has 4 hit points, fewer than"),
    (dict(ruleset="ruleset_bands_reversed.toml"), "better bands nearer", "'short' hits more often (1/3) than 'long'"),
    (dict(scenario="scenario_squadron_count.toml"), "squadron counts", "North: scenario.toml says 13 ships, ships.csv has 12"),
])
def test_check_fails_on_its_fixture(run, scenario_dir, patch, check, says):
    folder = scenario_dir(**patch)
    failed = failing(folder)
    assert set(failed) == {check}
    assert says in "\n".join(failed[check].failures)
    code, out, _ = run("check", folder)
    assert code == 1 and f"FAIL  {check}" in out


def test_edges_gap_is_reported(scenario_dir):
    folder = scenario_dir(ruleset="ruleset_edges_overlap.toml")
    failures = failing(folder)["wind edges"].failures
    assert "west edge: 7-7.5 ft has no colour" in failures


def test_hit_circles_must_equal_hit_points():
    s = load_scenario("trafalgar")
    printed = {ship.key: (6 if ship.flagship else 5) for ship in s.fleet.ships}
    assert damage_tracks(s, printed).ok
    printed["Victory (British)"] = 5
    result = damage_tracks(s, printed)
    assert not result.ok and result.failures == ["Victory (British): 5 hit circles printed, the rules give 6"]


def test_check_counts_the_circles_the_sprites_draw(run, monkeypatch):
    """`printgen check` compares the rules with the drawing, not with themselves."""
    from printgen.systems.broadside import sprites

    real = sprites.track_shapes
    monkeypatch.setattr(sprites, "track_shapes", lambda track, *a: real(track, *a)[:-1] if track.count == 6 else
                        real(track, *a))
    code, out, _ = run("check", "trafalgar")
    assert code == 1 and "FAIL  hit circles: Victory (British): 5 hit circles printed, the rules give 6" in out
