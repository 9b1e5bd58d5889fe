"""Issue 46, the fifth French reader's findings (a French history teacher on the default L'Écluse kit built
from b72bdd5), read back from the pages of the kit as a teacher builds it:

- one instruction for the wind gauge on every page (the ruler, the teacher's sheet, the wind card): its
  arrow follows the wind, N to the north at the start, laid on a ship to read its angle;
- the captain cards' sail line sends the pupil to the wind gauge for how far "wind behind" reaches, in the
  record cards' word (sail set = "déployée"), and the cards say where to measure to (the base's centre);
- references that point at what exists (the debrief sheet's title, the technician's box);
- "modificateur" for what is added to a die ("facteur" multiplies); the elliptic labels said in full."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from langkit import reader_kits
from langkit import reading as _text

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fr() -> Path:
    return reader_kits()["sluys-fr"]


def test_the_wind_gauge_has_one_instruction(fr):
    rulers, teacher = _text(fr / "rulers-color.pdf"), _text(fr / "teacher-color.pdf")
    cards = _text(fr / "cards-color.pdf")
    assert "Pose N vers le nord, le navire au centre" not in rulers
    assert "au bord d'où vient le vent" not in teacher
    # the card turns the gauge with the wind; the ruler and the teacher's sheet say the same
    assert "son N n'indique alors plus le nord" in cards
    assert re.search(r"flèche dans le sens du vent.{0,80}tourne-le avec lui", rulers), rulers[-900:]
    assert re.search(r"flèche dans le sens du vent.{0,120}tournent avec lui", teacher)


def test_captain_cards_state_the_rule_and_where_to_measure(fr):
    captains = _text(fr / "captains-color.pdf")
    assert "voile hissée" not in captains and ", vent arrière :" not in captains
    assert captains.count("voile déployée, vent arrière (l'indicateur du vent montre jusqu'où de chaque côté) : "
                          "2,5 cm de plus") == 14                      # no degrees on a captain card (issue 44)
    assert "Mesure depuis les bords ouest et sud." not in captains
    assert captains.count("Mesure des bords ouest et sud au centre du socle.") == 24


def test_references_point_at_what_exists(fr):
    lesson, debrief = _text(fr / "lesson-color.pdf"), _text(fr / "debrief-color.pdf")
    assert "ce qui s'est vraiment passé" not in lesson.lower()
    assert "lisez ensemble la fiche « Histoire et bilan »" in lesson and "Histoire et bilan" in debrief
    assert "en une séance" not in lesson
    index = (fr / "index.html").read_text(encoding="utf-8")
    assert "--with-tiled" in index and "voir « Pour le technicien »" not in index


def test_what_is_added_to_a_die_is_a_modifier(fr):
    for name in ("quickref", "cards"):
        page = _text(fr / f"{name}-color.pdf")
        assert not re.search(r"\b[Ff]acteurs?\b", page), (name, re.findall(r".{60}[Ff]acteurs?.{30}", page))
    quickref, cards = _text(fr / "quickref-color.pdf"), _text(fr / "cards-color.pdf")
    assert quickref.count("Situation") == 2 and "Facteur" not in quickref
    assert "Total des modificateurs" in cards             # a table heading, capitalised as every heading


def test_labels_said_in_full(fr):
    records, sprites = _text(fr / "records-color.pdf"), _text(fr / "sprites-color.pdf")
    assert "Déferlage" not in records and "pas pendant un combat" not in records
    assert "c'est impossible pendant un combat aux grappins" in records
    assert "Taille des socles et points de structure†." not in sprites
    assert sprites.count("Socles et points de structure ajoutés pour le jeu†.") == 3
