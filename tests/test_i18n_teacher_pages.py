"""Issue 46, the second readers' findings (a Spanish teacher on the Nile, a French teacher on L'Écluse),
read back from the pages of the two default kits they read, each built and checked as a teacher builds one:

- a side's name in running text is lower case in Spanish ("13 británicos contra 17 franceses",
  "Capitanes británicos"), the side's label only heads a table row or a card;
- a document only the teacher reads is copied "for you", not "for the class" (the secret map);
- the marks' legend on the teacher's pages reads as sentences, under "Leyenda" in Spanish;
- the plays page is titled for what it gives (simulated results), on every page that names it;
- one word for a struck ship in Spanish (rendido; arriar is what one does with the flag);
- a base exactly at the short range is short on every page: no band reads "Larga de 15 cm";
- the British captain cards' drift line says who drifts;
- one name for the rulers card;
- the rule text agrees across pages (English source, so every language follows): a squadron's captains
  act together, the first turn is a few pages of a game the computer played, a prize is what the
  lesson plan says;
- the French pupils' glossary: no "recule, adonne", "sous le vent" as a side, bardi explained."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from langkit import kit_words, pdf_words, reader_kits

pytestmark = pytest.mark.slow


_text = pdf_words


@pytest.fixture(scope="module")
def kits() -> dict[str, Path]:
    return reader_kits()


_all = kit_words


def test_spanish_sides_are_lower_case_in_running_text(kits):
    nile = kits["nile-es"]
    lesson, plays, first = (_text(nile / f"{d}-color.pdf") for d in ("lesson", "plays", "first-turn"))
    assert "13 británicos contra 17 franceses" in lesson and "13 Británicos" not in lesson
    assert re.search(r"británicos: \d+ % de victorias, franceses: \d+ % de victorias", lesson)   # tried first
    assert "británicos: " in lesson                                                # the class's split
    assert "(británicos)" in plays and "(Británicos)" not in plays
    assert re.search(r"británicos \d+, franceses \d+", plays)                      # the real battle's score
    assert "Capitanes británicos:" in first and "Capitanes franceses:" in first
    assert "Capitanes (" not in first
    teacher = _text(nile / "teacher-color.pdf")
    assert "13 británicos contra 17 franceses" in teacher


def test_a_teacher_s_document_is_copied_for_the_teacher(kits):
    sluys = kits["sluys-fr"]
    lesson = _text(sluys / "lesson-color.pdf")
    for title in ("Plan de la séance", "Fiche du professeur", "Carte secrète des obstacles"):
        assert re.search(re.escape(title) + r"[^|]{0,40}? \d+ 1 \(pour vous\)", lesson), title
    assert re.search(r"Cartes de capitaine \d+ 1 \(pour la classe\)", lesson)       # a pupil's: the class's
    index = (sluys / "index.html").read_text(encoding="utf-8")
    copies = r'data-path="{}-color.pdf"[^>]*><strong>[^<]*</strong> 1 exemplaire, pour {}\s;'
    assert re.search(copies.format("secret-map", "vous"), index)
    assert re.search(copies.format("captains", "la classe"), index)
    assert "pour la classe :" not in index                                         # "Kit …, au total :"


def test_the_marks_legend_reads_as_sentences(kits):
    teacher_fr = _text(kits["sluys-fr"] / "teacher-color.pdf", layout=False)
    assert "« choix du kit » : décision prise par le kit là où la source ne dit rien" in teacher_fr
    assert "« absent de la source » : règle ajoutée pour combler un silence de la source" in teacher_fr
    lesson_es = _text(kits["nile-es"] / "lesson-color.pdf", layout=False)
    assert "Leyenda: «" in lesson_es and "Signos." not in lesson_es
    assert "«decisión del kit»: decisión tomada por el kit donde la fuente no dice nada" in lesson_es


def test_the_plays_page_is_titled_for_what_it_gives(kits):
    nile = kits["nile-es"]
    words = _all(nile) + (nile / "index.html").read_text(encoding="utf-8")
    assert "Cómo se juega este escenario" not in words
    assert words.count("Resultados simulados del escenario") >= 4                  # its title, the teacher's sheet…


def test_one_spanish_word_for_a_struck_ship(kits):
    words = _all(kits["nile-es"])
    ship = r"\b[Aa]rriados?\b(?! la bandera)"        # one strikes the flag (arriar la bandera); a ship se rinde
    assert not re.search(ship, words), re.findall(".{40}" + ship + ".{20}", words)[:5]
    score = _text(kits["nile-es"] / "score-color.pdf")
    assert "Rendido" in score and "buque insignia rendido" in score


def test_a_base_at_exactly_the_short_range_is_short_on_every_page(kits):
    words = _all(kits["nile-es"])
    assert not re.search(r"[Ll]arga (distancia )?(de )?15 cm a 30 cm", words), \
        re.findall(r".{30}[Ll]arga[^.]{0,30}15 cm a 30 cm", words)[:4]
    assert "Larga: más de 15 cm, hasta 30 cm" in _text(kits["nile-es"] / "rulers-color.pdf")
    assert "más de 15 cm, hasta 30 cm" in _text(kits["nile-es"] / "quickref-color.pdf")


def test_the_british_cards_drift_line_says_who_drifts(kits):
    cards = _text(kits["nile-es"] / "captains-color.pdf")
    assert "si no, deriva" not in cards
    assert cards.count("si fallas, vas a la deriva") >= 10                       # each British card


def test_one_name_for_the_rulers_card(kits):
    words = _all(kits["nile-es"]) + (kits["nile-es"] / "index.html").read_text(encoding="utf-8")
    assert "eglas de medir" not in words
    assert "cartulina de reglas y plantillas" not in words
    assert "Reglas graduadas y plantillas" in words


def test_the_rule_text_agrees_across_pages(kits):
    sluys = kits["sluys-fr"]
    lesson, teacher, first, plays = (_text(sluys / f"{d}-color.pdf") for d in ("lesson", "teacher", "first-turn",
                                                                               "plays"))
    assert "chacun à son tour" not in lesson and "agir ensemble à chaque phase" in lesson
    assert "de vrais dés" not in first and "une partie donnée en exemple, jouée sur cette même table" in first
    assert "une page (pour la classe" not in teacher and "Le premier tour, pas à pas : quelques pages" in teacher
    assert "encore au grappin à la fin" not in plays and re.search(r"prise \d", plays)   # the lesson plan's prize
    nile_first = _text(kits["nile-es"] / "first-turn-color.pdf")
    assert "dados de verdad" not in nile_first and "una partida de ejemplo jugada en esta misma mesa" in nile_first
    assert "nunca directamente contra el viento" not in _text(kits["nile-es"] / "lesson-color.pdf")


def test_the_french_pupils_glossary_speaks_as_a_sailor(kits):
    quickref = _text(kits["sluys-fr"] / "quickref-color.pdf")
    assert "recule, adonne" not in quickref and "a le vent dans le dos" not in quickref
    assert "sous le vent : du côté vers lequel souffle le vent" in quickref
    assert "bardi : mot scandinave de la source" in quickref and "à la proue ou à la poupe" in quickref
    assert "voie d'eau sous la flottaison" in _text(kits["sluys-fr"] / "quickref-color.pdf", layout=False)  # a cell
