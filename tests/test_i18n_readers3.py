"""Issue 46, the third readers' findings (a Spanish teacher on the Nile, a French teacher on L'Écluse, both
reading kits built from dc8320c), read back from the pages of the two default kits, each built and checked
as a teacher builds one:

- the Spanish captain cards' phase lines are sentences: the drift has its direction, the move is "con la
  proa al verde", the enemy's fire says who ticks, boarding says what the 5 is;
- the teacher's pages name no tool ("printgen" only in the technician's box), no "(modelado)", no
  "despliegue número": the map's set-up code;
- French: the wind indicator (no "jauge du vent"); the Genoese captains' crossbowmen are Genoese;
- the rule text agrees across pages (English source): the chained ship's +1 only while a chained
  neighbour fights, on the quick reference too; the French plays page counts ships lost (perdus), as
  the lesson plan and the score sheets do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from langkit import kit_words, pdf_words, reader_kits

pytestmark = pytest.mark.slow


def _text(pdf: Path) -> str:
    return pdf_words(pdf, layout=False)                  # in reading order, a column whole


@pytest.fixture(scope="module")
def kits() -> dict[str, Path]:
    return reader_kits()


def _all(kit: Path) -> str:
    return kit_words(kit, layout=False)


def test_spanish_captain_cards_phase_lines_are_sentences(kits):
    cards = _text(kits["nile-es"] / "captains-color.pdf")
    assert cards.count("vas a la deriva 7,5 cm al sureste") >= 10        # each British card ("al": a line saved)
    assert "al verde," not in cards and cards.count("con la proa al verde avanzas hasta 15 cm") >= 10
    assert "el enemigo dispara, marca" not in cards and "marca aquí un círculo por cada impacto que recibas" in cards
    assert "(de 5)" not in cards and "tu barco tiene 5" in cards


def test_teacher_pages_name_no_tool(kits):
    nile = kits["nile-es"]
    lesson, plays = _text(nile / "lesson-color.pdf"), _text(nile / "plays-color.pdf")
    teacher = _text(nile / "teacher-color.pdf")
    technician = teacher.index("Para el técnico")
    assert "printgen" not in lesson and "printgen" not in plays and "printgen" not in teacher[:technician]
    assert "modelado" not in plays and "(simulación)" in plays
    assert "despliegue número" not in plays + teacher and "Código de colocación: 1805" in teacher
    index = (nile / "index.html").read_text(encoding="utf-8")
    assert "printgen kit --with-tiled" not in index
    sluys = _text(kits["sluys-fr"] / "teacher-color.pdf")
    assert "estimation de printgen" not in sluys and "déploiement numéro" not in sluys


def test_french_wind_indicator_and_genoese_crossbowmen(kits):
    sluys = kits["sluys-fr"]
    words = _all(sluys) + (sluys / "index.html").read_text(encoding="utf-8")
    assert "jauge" not in words.lower(), re.findall(".{30}jauge.{20}", words, re.I)[:3]
    assert "Indicateur du vent" in _text(sluys / "rulers-color.pdf")
    captains = _text(sluys / "captains-color.pdf")
    assert captains.count("l'indicateur du vent montre jusqu'où de chaque côté") >= 10
    genoese = captains.count("Galères génoises de Barbavera. Nom")               # their three cards
    assert genoese == 3 and captains.count("Les arbalétriers génois touchent") == genoese


def test_the_chained_bonus_and_the_score_agree_across_pages(kits):
    quickref = _text(kits["sluys-fr"] / "quickref-color.pdf")
    assert "navire enchaîné : +1 tant qu'un voisin enchaîné combat encore" in quickref
    plays = _text(kits["sluys-fr"] / "plays-color.pdf")
    assert "navires amenés" not in plays and re.search(r"\d+,\d navires perdus", plays)
    assert "navire ennemi perdu (rendu, en fuite ou coulé) : 1, navire amiral 2" in plays


def test_the_source_s_english_words_have_their_translation_beside_them(kits):
    teacher = _text(kits["nile-es"] / "teacher-color.pdf")
    assert "«close quartered» (en español: «" in teacher
    assert re.search(r"«Red yarn ran 2\.5' south[^»]*» \(en español: «la lana roja iba unos 75 cm", teacher)
    assert "según delimita la peana del barco atacado" in teacher
    sluys = _text(kits["sluys-fr"] / "teacher-color.pdf")
    assert "« +1 if the other ship is unusually large » (en français : « +1 si l'autre navire est " in sluys


def test_a_teacher_s_mark_follows_its_whole_phrase(kits):
    sluys = kits["sluys-fr"]
    teacher, lesson = _text(sluys / "teacher-color.pdf"), _text(sluys / "lesson-color.pdf")
    assert "60° (lecture" not in teacher + lesson and "45° (lecture" not in teacher
    assert "à moins de 60° du vent (lecture d'une source abîmée)" in teacher
    assert "jamais à moins de 60° du vent (lecture d'une source abîmée)" in lesson
    gaps = teacher[teacher.index("Ce kit comble chaque lacune"):teacher.index("Mettez-vous d'accord")]
    assert gaps.count("absent de la source") == 1, gaps                        # not once for each of the eight
    quickref = _text(sluys / "quickref-color.pdf")
    assert "pas les galères ni" not in quickref and "ajouté pour ta classe" not in quickref


def test_one_rule_for_touching_and_one_word_for_a_ship_s_move(kits):
    sluys = kits["sluys-fr"]
    first = _text(sluys / "first-turn-color.pdf")
    assert "Des socles qui se touchent seulement ne font pas de dégâts" in first    # the lesson plan's ruling
    assert "Si tu fonces à la vitesse d'attaque et que ta proue heurte un navire ennemi" in first
    records, captains = _text(sluys / "records-color.pdf"), _text(sluys / "captains-color.pdf")
    assert "Mouvement 10 cm" not in records and "Vitesse 10 cm, vitesse d'attaque" in records
    assert "avance de" not in captains and "vitesse 10 cm, vitesse d'attaque" in captains
    assert captains.count("Tes navires : arbalétriers") == 10                      # chained ships do not move


def test_the_readers_calques_are_rewritten(kits):
    quickref = _text(kits["sluys-fr"] / "quickref-color.pdf")
    assert "un flanc de l'autre navire heurte" not in quickref and "l'autre navire heurte avec son flanc" in quickref
    assert "jamais plus de dés que de points d'équipage restants" in quickref
    assert "comptent une fois" not in quickref and "Les dégâts ne s'appliquent qu'une fois" in quickref
    records = _text(kits["sluys-fr"] / "records-color.pdf")
    assert "(entoure un mot)" not in records and "au jet de dégâts du navire qu'il heurte" in records
    cards = _text(kits["nile-es"] / "cards-color.pdf")
    assert "Nunca gires cruzando el rojo" not in cards
    assert "No gires nunca de modo que la proa pase por el rojo" in cards
    assert "Esos barcos no pueden moverse por sí mismos" in cards and "en esta ronda" not in cards
    first = _text(kits["nile-es"] / "first-turn-color.pdf")
    assert "Di tus impactos" not in first and "Dile al capitán enemigo cuántos impactos has logrado" in first


def test_one_way_to_lay_the_tiled_map_and_what_a_lone_student_uses(kits):
    sluys = kits["sluys-fr"]
    teacher = _text(sluys / "teacher-color.pdf") + (sluys / "index.html").read_text(encoding="utf-8")
    assert "découpez et scotchez" not in teacher and "posez chaque feuille sur les bandes grisées" in teacher
    lesson = _text(kits["nile-es"] / "lesson-color.pdf")
    assert "y cada alumno tiene su tarjeta de capitán" not in lesson
    assert "usa todas las tarjetas de capitán de ese bando" in lesson
    score = _text(kits["nile-es"] / "score-color.pdf")
    assert re.search(r"La batalla real daría \d+ puntos\*", score)
