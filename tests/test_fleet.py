"""The Trafalgar fleet database: counts, names with accents, look-ups by the seed's spellings."""

from collections import Counter

import pytest

from printgen.data.scenario import load_scenario
from printgen.errors import PrintgenError


@pytest.fixture(scope="module")
def trafalgar():
    return load_scenario("trafalgar")


def test_counts_by_side_and_squadron(trafalgar):
    ships = trafalgar.fleet.ships
    assert Counter(s.side for s in ships) == {"british": 27, "allied": 33}
    assert Counter(s.squadron for s in ships) == {"North": 12, "South": 15, "French": 18, "Spanish": 15}
    assert Counter(s.nation for s in ships) == {"British": 27, "French": 18, "Spanish": 15}


def test_names_keep_their_accents(trafalgar):
    names = {s.name for s in trafalgar.fleet.ships}
    assert {"Santísima Trinidad", "Algésiras", "Príncipe de Asturias", "Téméraire", "Montañés", "Héros"} <= names


def test_seed_spellings_are_aliases(trafalgar):
    find = trafalgar.fleet.find
    assert find("Brittania").name == "Britannia"
    assert find("Belle Isle").name == "Belleisle"
    assert find("Santissima-Trinidad").name == "Santísima Trinidad"
    assert find("Santa Anna").name == "Santa Ana"
    assert find("Heros").name == "Héros"
    assert find("Algeciras").name == "Algésiras"


def test_a_name_alone_is_not_a_key(trafalgar):
    for name in ("Neptune", "Swiftsure", "Achille"):
        with pytest.raises(PrintgenError, match="names 2 ships"):
            trafalgar.fleet.find(name)
        assert trafalgar.fleet.find(f"{name} (French)").nation == "French"


def test_game_flagships_come_from_the_scenario(trafalgar):
    flag = {s.name for s in trafalgar.fleet.ships if s.flagship}
    assert {"Victory", "Britannia", "Royal Sovereign"} <= flag
    assert len(flag) == 9
    assert trafalgar.fleet.find("Victory").admiral.startswith("Vice-Admiral Lord Nelson")
