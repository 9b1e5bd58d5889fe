"""Fleet reduction (--fraction, --ships): each squadron in proportion, flagships and named ships
kept, the rest evenly along the line, the same ships every time; impossible requests refused."""

from collections import Counter

import pytest

from printgen.data.scenario import load_scenario
from printgen.errors import PrintgenError
from printgen.game.reduce import reduce_fleet


@pytest.fixture(scope="module")
def trafalgar():
    return load_scenario("trafalgar")


def counts(scenario) -> dict:
    return dict(Counter(s.squadron for s in scenario.fleet.ships))


def test_half_keeps_each_squadron_in_proportion(trafalgar):
    half, note = reduce_fleet(trafalgar, fraction=0.5)
    # 12, 15, 18, 15 halved: 6, 7.5, 9, 7.5 -> 30 ships; the one left-over ship goes to the first of the
    # two equal remainders (South, before Spanish in scenario.toml).
    assert counts(half) == {"North": 6, "South": 8, "French": 9, "Spanish": 7}
    assert len(half.fleet.ships) == 30
    assert note.startswith("Fleet reduced to 30 of 60 ships (North 6, South 8, French 9, Spanish 7); kept: Victory")


def test_flagships_and_named_ships_are_kept(trafalgar):
    half, _ = reduce_fleet(trafalgar, fraction=0.5)
    names = {s.name for s in half.fleet.ships}
    flagships = {s.name for s in trafalgar.fleet.ships if s.flagship}
    assert len(flagships) == 9 and flagships <= names
    assert set(trafalgar.file.fleet.named) <= names            # Africa, Belleisle, Héros, Santísima Trinidad...


def test_others_are_spread_along_the_csv_order(trafalgar):
    half, _ = reduce_fleet(trafalgar, fraction=0.5)
    kept = set(half.fleet.ships)
    for squadron in ("North", "South", "French", "Spanish"):
        members = trafalgar.fleet.by_squadron(squadron)
        idx = [i for i, s in enumerate(members) if s in kept]
        gaps = [b - a for a, b in zip(idx, idx[1:])]
        assert max(gaps) <= 4, (squadron, idx)                 # no long stretch of the line dropped
        assert idx[-1] - idx[0] >= len(members) // 2, (squadron, idx)


def test_order_of_the_csv_is_kept(trafalgar):
    half, _ = reduce_fleet(trafalgar, fraction=0.5)
    lines = [s.line for s in half.fleet.ships]
    assert lines == sorted(lines)


def test_ships_total_is_shared_by_largest_remainder(trafalgar):
    small, note = reduce_fleet(trafalgar, ships=20)
    assert counts(small) == {"North": 4, "South": 5, "French": 6, "Spanish": 5}
    assert "20 of 60" in note


def test_one_ship_a_squadron_keeps_the_first_flagship(trafalgar):
    tiny, _ = reduce_fleet(trafalgar, ships=4)
    assert counts(tiny) == {"North": 1, "South": 1, "French": 1, "Spanish": 1}
    assert {s.name for s in tiny.fleet.ships} >= {"Victory", "Royal Sovereign"}


def test_a_tiny_fraction_still_keeps_a_ship_a_squadron(trafalgar):
    tiny, _ = reduce_fleet(trafalgar, fraction=0.01)
    assert counts(tiny) == {"North": 1, "South": 1, "French": 1, "Spanish": 1}


def test_whole_fleet(trafalgar):
    same, note = reduce_fleet(trafalgar, fraction=1.0)
    assert same.fleet.ships == trafalgar.fleet.ships and "whole" in note


def test_deterministic(trafalgar):
    a, _ = reduce_fleet(trafalgar, fraction=0.37)
    b, _ = reduce_fleet(trafalgar, fraction=0.37)
    assert a.fleet.ships == b.fleet.ships


@pytest.mark.parametrize("kw, field, says", [
    ({"fraction": 0}, "--fraction", "above 0 and at most 1"),
    ({"fraction": 1.5}, "--fraction", "above 0 and at most 1"),
    ({"fraction": -0.2}, "--fraction", "above 0 and at most 1"),
    ({"ships": 3}, "--ships", "from 4 (one ship a squadron) to 60"),
    ({"ships": 61}, "--ships", "from 4 (one ship a squadron) to 60"),
    ({"ships": 10, "fraction": 0.5}, "--ships", "give one of them"),
])
def test_impossible_requests_say_what_would_work(trafalgar, kw, field, says):
    with pytest.raises(PrintgenError) as e:
        reduce_fleet(trafalgar, **kw)
    (problem,) = e.value.problems
    assert problem.field == field and says in problem.fix


def test_cli_refuses_a_bad_fraction_without_writing(run, tmp_path):
    code, out, err = run("map", "trafalgar", "--fraction", "1.5", "--out", tmp_path / "out")
    assert code == 2 and "--fraction" in err and "at most 1" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_teachers_fleet_size_wins_over_the_presets():
    """--preset second-battle sets half the fleet; --ships or --fraction given with it sets the size
    instead (said in a note), rather than failing as if both size options had been given."""
    from printgen.game.prepare import prepare

    s, o = prepare("trafalgar", preset="second-battle")
    assert len(s.fleet.ships) == 30
    s, o = prepare("trafalgar", preset="second-battle", ships=13)
    assert len(s.fleet.ships) == 13 and "--ships 13 sets the fleet size instead of preset 'second-battle'" in o.notes
    s, o = prepare("trafalgar", preset="second-battle", fraction=0.2)
    assert len(s.fleet.ships) == 12 and any("--fraction 0.2" in n for n in o.notes)
