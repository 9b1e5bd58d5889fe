"""Students to ships: sides in proportion, one to three ships of one squadron each."""

from collections import Counter

import pytest

from printgen.errors import PrintgenError
from printgen.game.prepare import prepare
from printgen.game.students import assign


@pytest.fixture(scope="module")
def trafalgar():
    return prepare("trafalgar")[0]


@pytest.mark.parametrize("students", [20, 24, 30, 45, 60])
def test_every_ship_has_one_captain_with_one_to_three_ships(trafalgar, students):
    captains = assign(trafalgar, students)
    assert len(captains) == students
    ships = [s.key for c in captains for s in c.ships]
    assert sorted(ships) == sorted(s.key for s in trafalgar.fleet.ships)
    for c in captains:
        assert 1 <= len(c.ships) <= 3
        assert {s.squadron for s in c.ships} == {c.squadron}


def test_sides_in_proportion_to_their_ships(trafalgar):
    by_side = Counter(c.side for c in assign(trafalgar, 30))
    assert by_side == {"british": 14, "allied": 16}          # 27 : 33 of 30 students


def test_flagships_go_to_different_captains(trafalgar):
    captains = assign(trafalgar, 24)
    first = {c.squadron: c for c in reversed(captains)}
    assert first["North"].ships[0].name == "Victory"
    assert sum(s.flagship for s in first["North"].ships) == 1


@pytest.mark.parametrize("students", [0, 181])
def test_impossible_class_sizes_say_what_works(trafalgar, students):
    """No pupil, or more than three a ship: refused, saying what works (60 ships: 1 to 180)."""
    with pytest.raises(PrintgenError, match="from 1 to 180"):
        assign(trafalgar, students)
