"""Issue 46, the fourth French reader's findings (a French history teacher on the default L'Écluse kit built
from c7ccff0), read back from the pages of the kit as a teacher builds it:

- a side after a noun is an adjective agreeing with it ("les archers anglais", "une cogue anglaise",
  "arbalètes françaises et génoises"), not "des Anglais"; Spanish the same ("arqueros ingleses");
- a squadron's name has no brackets ("Première ligne enchaînée (4 capitaines)"), and one mark closes a
  list whose items share it (the turn's phases), not a bracket after each;
- one word for the morale threshold in prose ("la moitié"), for the phase ("Grappins et abordage"), for
  a draw ("parties nulles"), for the attack speed on the rulers and the quick reference;
- the prize defined as the scoring counts it; the "Nef" pieces explained; the damage table titled once;
- the plays page's real battle agrees with the debrief (most French ships lost, by the histories);
- the first turn gives the rule before what the game did in every phase; the debrief's admirals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from langkit import pdf_words, reader_kits

pytestmark = pytest.mark.slow


def _text(pdf: Path) -> str:
    return pdf_words(pdf, layout=False)                  # in reading order, a column whole


@pytest.fixture(scope="module")
def kits() -> dict[str, Path]:
    from tamper import built_once

    return {**reader_kits(), "sluys-es": built_once("sluys-1340", "--lang", "es")}


def _pupils(kit: Path) -> str:
    return " ".join(_text(kit / f"{name}-color.pdf") for name in ("captains", "cards", "worksheet", "quickref"))


def test_sides_after_a_noun_are_adjectives_that_agree(kits):
    fr = kits["sluys-fr"]
    captains, cards = _text(fr / "captains-color.pdf"), _text(fr / "cards-color.pdf")
    lesson, worksheet = _text(fr / "lesson-color.pdf"), _text(fr / "worksheet-color.pdf")
    teacher = _text(fr / "teacher-color.pdf")
    assert "des Anglais touchent" not in captains and "des Français touchent" not in captains
    assert captains.count("Les archers anglais touchent") >= 10
    assert captains.count("Les arbalétriers français touchent") >= 8
    assert "Arcs longs anglais : ils touchent" in cards and "arbalètes françaises et génoises" in cards
    assert "Un archer anglais" in lesson and "une cogue anglaise" in lesson and "cogue des Anglais" not in lesson
    assert "une cogue anglaise marque-t-elle" in worksheet and "Et une cogue française ?" in worksheet
    assert "Les navires français sont en lignes" in teacher
    es = _text(kits["sluys-es"] / "captains-color.pdf") + _text(kits["sluys-es"] / "cards-color.pdf")
    assert "de los ingleses hacen" not in es and "arqueros ingleses hacen impacto" in es
    assert "ballestas francesas y genovesas" in es


def test_squadron_names_and_marks_are_not_stacked_brackets(kits):
    fr = kits["sluys-fr"]
    every = " ".join(_text(p) for p in sorted(fr.glob("*.pdf")) if p.name != "kit-color.pdf")
    assert "(enchaînée)" not in every and not re.search(r"\) \(\d+ capitaines", _text(fr / "lesson-color.pdf"))
    assert "Première ligne enchaînée (4 capitaines)" in _text(fr / "lesson-color.pdf")
    assert "Première ligne enchaînée. Nom" in _text(fr / "captains-color.pdf")
    lesson = _text(fr / "lesson-color.pdf")
    turn = lesson[lesson.index("minutes d'un tour"):][:600]
    assert turn.count("absent de la source") == 1 and "(toutes ces phases : absent de la source)" in turn
    teacher = _text(fr / "teacher-color.pdf")
    assert "(pour tous ces points" not in teacher and "Ces règles portent la mention « absent de la source »" in teacher
    plays = _text(fr / "plays-color.pdf")
    assert "(ajout pour la classe) (plus bas" not in plays and "(tours)" not in plays
    nile = _text(kits["nile-es"] / "lesson-color.pdf")
    assert "(Vanguard) (" not in nile and "(Vanguard, 5 capitanes)" in nile


def test_one_word_for_one_thing(kits):
    fr = kits["sluys-fr"]
    pages = {name: _text(fr / f"{name}-color.pdf") for name in
             ("quickref", "cards", "teacher", "first-turn", "lesson", "plays", "rulers", "worksheet")}
    for name in ("quickref", "cards", "teacher", "first-turn"):
        assert not re.search(r"1/2 (ou plus|de ses|de leurs)|50 %† de ses", pages[name]), name
    assert "la moitié ou plus de ses points d'équipage" in pages["cards"]
    assert "Ton navire a-t-il perdu la moitié" in pages["first-turn"]
    assert "Grappin et abordage" not in pages["lesson"] and "Grappins et abordage" in pages["lesson"]
    assert "match nul" not in pages["lesson"] + pages["plays"] and " nuls" not in pages["plays"]
    assert "parties nulles" in pages["plays"] and "parties nulles 5" in pages["lesson"]
    assert not re.search(r"(?<!parties) nulles \d", pages["teacher"] + pages["lesson"])
    assert "Vitesse d'attaque" in pages["rulers"]
    assert "Légende des signes :" in pages["lesson"] and "Signes." not in pages["lesson"] + pages["plays"]


def test_prize_nef_and_damage_table(kits):
    fr = kits["sluys-fr"]
    quickref, cards = _text(fr / "quickref-color.pdf"), _text(fr / "cards-color.pdf")
    assert "prise : un navire ennemi capturé alors qu'il était accroché au grappin" in quickref
    assert "nef : au Moyen Âge" in quickref
    assert "équipage ramant" not in quickref and "(sur une galère, l'équipage rame" in quickref
    assert quickref.count("Table des dégâts") == 1 and "La table des dégâts†" in cards
    assert "Table des dégâts†" not in cards                 # the heading's words again over the table


def test_plays_page_real_battle_agrees_with_the_debrief(kits):
    fr = kits["sluys-fr"]
    plays = _text(fr / "plays-color.pdf")
    assert "selon les historiens, navires perdus : 13 sur 16" in plays
    assert "cette part de ses navires" not in _text(fr / "teacher-color.pdf")
    assert re.search(r"un camp qui a perdu 5 navires \(Anglais\) ou 6 \(Français\) rompt le combat",
                     _text(fr / "teacher-color.pdf"))


def test_first_turn_rule_before_the_game_and_debrief_admirals(kits):
    fr = kits["sluys-fr"]
    turn = _text(fr / "first-turn-color.pdf")
    for phase in ("Phase 4", "Phase 5"):
        part = turn[turn.index(phase):]
        assert part.index("Ce que fait un capitaine") < part.index("Dans cette partie"), phase
    debrief = _text(fr / "debrief-color.pdf")
    assert "L'amiral Nicolas Béhuchet" in debrief
    assert "même ceux à bord desquels se trouvent les chefs cités plus haut" in debrief


def test_calques_the_reader_listed(kits):
    fr = kits["sluys-fr"]
    lesson, teacher = _text(fr / "lesson-color.pdf"), _text(fr / "teacher-color.pdf")
    plays, cards = _text(fr / "plays-color.pdf"), _text(fr / "cards-color.pdf")
    quickref, maps = _text(fr / "quickref-color.pdf"), _text(fr / "map-color.pdf")
    for wrong in ("Essayée d'abord", "à la minute", "lit les arbitrages", "prend la prise", "appellent leurs escadres"):
        assert wrong not in lesson, wrong
    for wrong in ("lus ainsi", "chances des règles", "l'encadré du technicien dit comment", "rejouées (davantage"):
        assert wrong not in teacher, wrong
    assert "À côté, la vraie bataille" not in plays and "(amené, en fuite" not in plays
    assert "Touches d'un dé" not in cards and "Le total le plus bas perd" not in cards
    assert "plus près que" not in quickref
    assert "numéro du professeur" not in maps and "Arc face au vent" not in maps
    assert "souffle du O)" not in maps and "souffle de l'ouest" in maps
    assert "+1 : ton navire éperonne à la vitesse d'attaque" in cards
    assert "ton avance" not in cards and "Ton écart de points" in cards     # a column heading, capitalised
    assert "réussit son grappin (absent de la source) : 8/9" in lesson and "%) (absent" not in lesson
    markers = _text(fr / "markers-color.pdf")
    assert "Les règles anciennes demandent" in markers and "noirs. »" not in markers and "noirs »." in markers
    assert "Carte à la taille de la table (en option)" in lesson and "table (facultatif)" not in lesson
    assert "à la place : « Les Anglais tombent sur la première ligne enchaînée » ; « Les Anglais" in lesson
