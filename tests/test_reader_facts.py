"""What the readers of issue 45 found on the pages, read back from the pages: the odds auditor's
leftovers at Lake Erie (an unexplained "admiral's flag 3", the turn tracker said to be "on this
sheet", two answers missing, an expected-hits row that fits no ship of the kit and no flagship row),
the plays page's and lesson plan's different game counts, the Sluys pages that disagree (who rolls
the wind die, the skeg, what a prize is, "a burning ship is lost" where no fire rule exists) and the
Nile's Minotaur, left out of the default game while the brig Mutine played."""

from __future__ import annotations

import re
import tomllib

import pytest
from test_turn_time import _pages

from printgen import paths


@pytest.fixture(scope="module")
def erie():
    return _pages("lake-erie-1813", ("status-markers", "teacher", "lesson", "cards", "plays", "worksheet"))


def test_the_admirals_flag_markers_are_one_a_flagship_and_say_what_they_are_for(erie):
    plan, text = erie
    page = text["status-markers"]
    flags = int(re.search(r"admiral's flag (\d+)", page).group(1))
    assert flags == sum(1 for s in plan.scenario.fleet.ships if s.flagship)
    assert re.search(r"Admiral's flag: one for each flagship, beside her base; when her admiral moves to another "
                     r"ship, the marker moves with him", page), "the markers page does not say what the flag is for"


def test_the_turn_tracker_is_said_to_be_where_it_is(erie):
    _, text = erie
    assert "Turn tracker" in text["teacher"]
    said = re.search(r"Score sheets[^.]*turn tracker[^.]*\.", text["teacher"]).group(0)
    assert "teacher's sheet" in said and "this sheet" not in said, said


def test_the_answer_key_answers_every_question_it_asks(erie):
    _, text = erie
    rules = tomllib.loads((paths.rulesets_dir() / "lake-erie-fastplay.toml").read_text())

    def faces(v):                       # [5, 6] or "5-6" as the data writes them
        if isinstance(v, str):
            a, _, b = v.partition("-")
            return range(int(a), int(b or a) + 1)
        return v

    more = len(faces(rules["grappling"]["grappled"])) - len(faces(rules["fouling"]["fouled"]))
    assert "By how many faces?" in text["worksheet"]
    assert re.search(rf"grappling is more likely, by {more} faces?\.", text["lesson"]), "Q4's 'by how many faces?'"
    assert "Which range suits her, and which suits the brig?" in text["worksheet"]
    assert re.search(r"Long range suits her: a brig with carronades expects only 1/6 there\. Short range suits the "
                     r"brig: she expects 2 hits there, as many as the Detroit\.", text["lesson"]), "Q7's ranges"


def test_the_expected_hits_rows_are_the_kits_own_ships(erie):
    """Each row names a side, flagship or not, and a type that a ship of this kit has, and every such
    ship has its row; the Detroit's row gives her dice (6 short, 5 long, her captain card's)."""
    plan, text = erie
    table = text["cards"][text["cards"].index("Expected hits per broadside"):]
    table = table[:table.index("Expected hits: short range") if "Expected hits: short range" in table else None]
    rs = plan.scenario.ruleset
    names = {rs.sides[k].name: k for k in rs.sides}
    types = {t.name.lower(): k for k, t in rs.types.items()}
    rows = re.findall(r"(American|British)( flagship)?, ([a-z() -]+?), (\d+) d", table)
    printed = {(names[side], bool(flag), types[kind]) for side, flag, kind, _ in rows}
    kit = {(s.side, s.flagship, s.type) for s in plan.scenario.fleet.ships}
    assert printed == kit, (printed ^ kit)
    detroit = next(s for s in plan.scenario.fleet.ships if s.name == "Detroit")
    row = re.search(r"British flagship, ship with long guns, (\d+) dice short, (\d+) long", table)
    assert row and tuple(map(int, row.groups())) == (rs.dice_of(detroit.side, True, detroit.type),
                                                     rs.dice_of(detroit.side, True, detroit.type, "long"))


def test_the_plays_page_and_the_lesson_plan_say_why_their_games_differ(erie):
    _, text = erie
    games = int(re.search(r"played this game (\d+) times on \d+ different deployments", text["lesson"]).group(1))
    assert "counts only the games on this kit's own map" in text["lesson"]
    said = re.search(r"The lesson plan gives those (\d+) games together \(the (\w+) won (\d+)%\); the games above "
                     r"are this kit's map alone", text["plays"])
    assert said and int(said.group(1)) == games
    assert re.search(rf"{said.group(2)} won {said.group(3)}%", text["lesson"])


@pytest.fixture(scope="module")
def sluys():
    return _pages("sluys-1340", ("cards", "quickref", "records", "teacher", "lesson", "score"))


def test_sluys_pages_agree_on_who_rolls_the_wind(sluys):
    _, text = sluys
    said = [s for page in text.values()           # (a die's roll: not the glossary's "to roll up the sails")
            for s in re.findall(r"[^.]*\brolls?\b(?! up)[^.]*\bwind\b[^.]*\.", page)]
    assert said and all(re.search(r"umpire|teacher", s) for s in said), said


def test_sluys_has_no_fire_rule_on_any_page(sluys):
    _, text = sluys
    assert "Fire and pyrotechnics have no default" in text["teacher"]
    assert not [k for k, page in text.items() if re.search(r"burning ship is lost|ship on fire", page, re.I)
                and k != "teacher"]


def test_sluys_pages_read_the_skeg_one_way(sluys):
    """The engine's reading (printgen/systems/sectors/play.py): a ship struck in the prow by a ship with a
    skeg adds the skeg's +2 to its own damage roll; the card, the quick reference and the record card say so."""
    _, text = sluys
    for kind in ("cards", "quickref"):
        assert "your own ship is struck in the prow by a ship with a skeg" in text[kind], kind
        assert "the other ship is struck in the prow and it has a skeg" not in text[kind], kind
    assert re.search(r"Skeg\W*: \+2\W* to the damage roll of a ship whose prow it strikes", text["records"])


def test_sluys_pages_say_one_thing_of_a_prize(sluys):
    """A prize is a ship captured while grappled (the engine: its last crew box lost, or it breaks,
    while grappled); no page says only boarding, or that a grappled ship that breaks merely strikes."""
    _, text = sluys
    assert "A prize: captured while grappled to a ship of yours" in text["lesson"]
    assert "prize when it is captured while grappled to one of your ships" in text["score"]
    assert "captured if grappled" in text["quickref"] and "strikes if grappled" not in text["quickref"]
    assert "captured by boarding" not in text["lesson"] and "boarders capture" not in text["score"]


def test_the_nile_lesson_plan_names_the_ships_its_game_leaves_out():
    """A reader asked whether HMS Minotaur was missing: she is in the fleet, and the default game of 13
    British ships leaves her out (docs/battles/nile-1798.md says why); the lesson plan now says so."""
    plan, text = _pages("nile-1798", ("lesson",))
    rows = (paths.fleets_dir() / "nile-1798" / "ships.csv").read_text().splitlines()[1:]
    fleet = [r.split(",")[0] for r in rows]
    kept = {s.name for s in plan.scenario.fleet.ships}
    out = [n for n in fleet if n not in kept]
    assert "Minotaur" in fleet and 0 < len(out) <= 8
    said = re.search(r"Not in this game: (.*?)\. (?:She|They) fought in the battle too", text["lesson"])
    assert said, "the lesson plan does not name the ships the game leaves out"
    assert said.group(1).split(", ") == out
