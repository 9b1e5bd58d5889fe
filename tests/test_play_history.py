"""`printgen simulate --history` and `--deployments`: the real battle as a yardstick, and how much
the map moves the figures beside the dice."""

from __future__ import annotations

import re

import pytest
from printgen.play.engine import Result
from printgen.play.history import yardstick
from printgen.play.stats import Spread, spread_report, summarise
from printgen.data.checked import load_checked


def test_trafalgar_s_yardstick_comes_from_the_fates():
    """No British ship lost; 17 Combined ships taken and Achille blown up (ships.csv's fate column)."""
    y = yardstick(load_checked("trafalgar"))
    assert y.sides == ("british", "allied") and y.lost == (0, 18) and y.winner == "british"
    assert y.source == "the fleet's fates" and y.tolerance == 3
    assert y.matches(Result(6, True, "british", (3, 15), (20, 4)))
    assert not y.matches(Result(6, True, "british", (4, 15), (20, 5)))       # one British ship too many lost
    assert not y.matches(Result(6, True, "allied", (0, 18), (0, 30)))        # the wrong winner
    assert y.band(1) == (15, 21)


def test_sluys_s_yardstick_comes_from_the_scenario_where_the_fates_are_silent():
    y = yardstick(load_checked("sluys-1340"))
    assert y.lost == (1, 13) and y.winner == "english" and y.source == "the scenario's [history] table"


def test_the_spread_of_the_maps_is_what_the_dice_do_not_explain():
    sp = Spread("british", (0.80, 0.90, 0.85, 0.95), 400)
    assert sp.mean == pytest.approx(0.875)
    assert sp.between == pytest.approx(0.06455, abs=1e-4)                    # sample sd of the four rates
    assert sp.dice == pytest.approx((0.875 * 0.125 / 400) ** 0.5)
    assert sp.maps == pytest.approx((sp.between ** 2 - sp.dice ** 2) ** 0.5)
    same = Spread("british", (0.80, 0.81, 0.80, 0.79), 100)                   # well within the dice
    assert same.maps == 0.0


def test_spread_report_says_which_varies_more():
    a = summarise(("a", "b"), [Result(1, False, "a", (0, 1), (1, 0))] * 9 + [Result(1, False, "b", (1, 0), (0, 1))])
    b = summarise(("a", "b"), [Result(1, False, "b", (1, 0), (0, 1))] * 9 + [Result(1, False, "a", (0, 1), (1, 0))])
    lines = spread_report([1, 2], [a, b], {"a": "A", "b": "B"})
    assert "A win 50.0% on average (10.0%-90.0%)" in lines[3]
    assert lines[3].endswith("the deployment varies more than the dice.")


def test_simulate_history_prints_the_real_battle_s_frequency(run):
    code, out, err = run("simulate", "trafalgar", "--ships", "16", "--games", "12", "--workers", "1", "--history")
    assert code == 0, err
    assert "Policies: British break-the-line (as the battle was fought)" in out
    assert re.search(r"The real battle \(British win; ships lost: British 0-\d+, Franco-Spanish \d+-\d+", out)
    assert re.search(r"\d+\.\d% of 12 games", out)


def test_simulate_over_several_deployments_reports_each_and_the_spread(run):
    code, out, err = run("simulate", "sluys-1340", "--games", "6", "--workers", "1", "--deployments", "3", "--turns", "3")
    assert code == 0, err
    assert "All 18 games, 3 deployments:" in out and "Across 3 deployments (6 games each; --seed 1805 to 1807)" in out
    assert len(re.findall(r"seed +180[567]: English win", out)) == 3
    assert re.search(r"(the deployment varies more than the dice|the dice vary more than the deployment)\.", out)


def test_deployments_are_bounded(run):
    code, _, err = run("simulate", "sluys-1340", "--games", "6", "--deployments", "0")
    assert code == 2 and "--deployments" in err
