"""A teacher's own words may hold digits (issue 48): "1st Division", a squadron called "2nd Windward
group", an engagement "Nelson's 1st boarding", a story heading "14 February 1797". The kit prints them
and passes its own check, which traces those digits to the teacher's field, not to a rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
from langkit import build_checked

from printgen.request import KitRequest

BATTLE = Path(__file__).parent / "data" / "own-battle"


def _with_digits(folder: Path) -> Path:
    shutil.copytree(BATTLE, folder)
    text = (folder / "scenario.toml").read_text(encoding="utf-8")
    for old, new in (('label = "Troubridge\'s van"', 'label = "1st Division"'),
                     ('[squadrons."Windward group"]', '[squadrons."2nd Windward group"]'),
                     ('label = "Córdoba\'s windward group"', 'label = "Córdoba\'s 2nd group of 7"'),
                     ('title = "Nelson\'s Captain leaves the line"', 'title = "Nelson\'s 1st boarding"'),
                     ('heading = "Why the fleets met"', 'heading = "14 February 1797"')):
        assert old in text
        text = text.replace(old, new)
    (folder / "scenario.toml").write_text(text, encoding="utf-8")
    ships = (folder / "ships.csv").read_text(encoding="utf-8")
    (folder / "ships.csv").write_text(ships.replace(",Windward group,", ",2nd Windward group,"), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    where = tmp_path_factory.mktemp("digits")
    battle = _with_digits(where / "battle")
    return build_checked(where / "kit", KitRequest(str(battle), students=12, periods=1, engagement="whole-battle"))


def _text(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(" ".join((p.extract_text() or "").split()) for p in doc.pages)


def test_a_battle_whose_words_hold_digits_prints_them_and_passes_its_check(kit):
    folder, plan = kit                                 # build_checked asserts the kit's own check passed
    said = " ".join(_text(p) for p in sorted(folder.glob("*-color.pdf")))
    for words in ("1st Division", "Córdoba's 2nd group of 7", "14 February 1797"):
        assert words in said, words


def test_the_digits_are_the_teachers_and_a_changed_one_is_still_caught(kit):
    """The digits inside the teacher's words are traced to the scenario's field; the same digits
    elsewhere, or the words printed otherwise ("3rd Division"), have no source."""
    from printgen.check.own_words import own_words, uncovered_digits

    folder, plan = kit
    words = own_words(plan.scenario)
    where = dict((w, f) for w, f in words)
    assert where["1stDivision"] == "scenario.toml: squadrons.Van.label"
    assert where["2ndWindwardgroup"].startswith("scenario.toml: squadrons.2nd Windward group")
    assert uncovered_digits("the 1st Division sails", words) == []
    assert uncovered_digits("the 1st\nDivision sails", words) == []           # wrapped
    assert uncovered_digits("the 3rd Division sails 1st", words) == ["3", "1"]
    assert uncovered_digits("7 ships", words) == ["7"]                        # a number alone is no one's words
