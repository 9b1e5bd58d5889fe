"""Issue 46, the fifth Spanish reader's findings (a history teacher on the default Nile kit, built from
b72bdd5: /work/helpers/s6/readers/es-nile-5.md), read back from the pages of the default Spanish kit,
built and checked as a teacher builds one:

- one word a thing across the pages: a ship is "apresado" (a prize), never "capturado"; guns are on the
  landward side of a ship ("costado de tierra"); a ship "gira", never "vira"; "la zona de tiro";
- the captain cards' shooting line gives the rake (in the English source: every language follows), its
  faces the quick reference's; "En cada turno, fase a fase:"; the rule cards' table headings capitalised;
- the contradictions: the cotton (the source's mark) against the STRUCK marker, a squadron's captains
  rolling at once (not moving at once), the table turned and mirrored, the print advice that agrees with
  index.html's "in colour only"; "sir James Saumarez" in lower case, as "sir Horatio Nelson";
- the reader's one-by-one rewrites, each where it was printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from langkit import kit_words, pdf_words, reader_kits
from langkit import reading as _text

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def nile() -> Path:
    return reader_kits()["nile-es"]


def test_one_word_for_a_prize_a_side_a_turn_and_the_firing_area(nile):
    words = kit_words(nile, layout=False)
    debrief, plays = _text(nile / "debrief-color.pdf"), _text(nile / "plays-color.pdf")
    assert "capturad" not in debrief + plays, re.findall(r".{40}capturad.{20}", debrief + plays)[:3]
    assert "sus barcos fueron apresados uno a uno" in debrief and "nueve fueron apresados" in debrief
    assert debrief.count("apresado; quemado por los británicos") >= 1
    assert re.search(r"Británicos, de los \d+ barcos de esta partida: apresados por el enemigo, \d+; perdidos, \d+\.",
                     plays), plays[:1500]
    assert "del lado de tierra sin preparar" not in words and "Cañones del lado de tierra" not in words
    assert "Cañones del costado de tierra sin preparar" in _text(nile / "quickref-color.pdf")
    cards = _text(nile / "cards-color.pdf")
    assert "Cañones del costado de tierra y noche" in cards
    assert "Andanada del costado de tierra de un barco fondeado" in cards
    assert "desde su costado de tierra" in _text(nile / "worksheet-color.pdf")
    assert "sin preparar los cañones del costado de tierra" in debrief
    assert not re.search(r"\b(vira|viran|virar)\b", words), re.findall(r".{30}\bvira.{20}", words)[:3]
    assert "nunca se mueve ni gira" in cards and "no puede moverse, girar ni ir a la deriva" in cards
    assert "zona de disparo" not in words and "zona de costado" not in words
    assert "Franjas claras: la zona de tiro, al lado de la peana" in cards


def test_the_captain_cards_give_the_rake(nile):
    cards = _text(nile / "captains-color.pdf")
    quickref = pdf_words(nile / "quickref-color.pdf")
    rake = re.search(r"Enfilada corta distancia, desde delante o detrás (\d–\d)", quickref)
    assert rake, "the quick reference's rake row"
    shots = re.findall(r"cada (\d–\d) es impacto \(en enfilada, cada (\d–\d)\); hasta", cards)
    assert len(shots) == cards.count("tira tus dados") >= 24, (len(shots), cards.count("tira tus dados"))
    assert {r for _, r in shots} == {rake.group(1)}
    assert "números de las fases" not in cards and cards.count("En cada turno, fase a fase:") >= 24


def test_the_rule_cards_headings_begin_with_a_capital(nile):
    cards = pdf_words(nile / "cards-color.pdf")
    for heading in ("Bando Sale con Probabilidad", "Quién tira", "Tú contra él", "Al menos un", "El enemigo se"):
        assert heading in cards, heading
    assert "bando sale con probabilidad" not in cards


def test_the_pages_agree_with_each_other(nile):
    lesson, teacher = _text(nile / "lesson-color.pdf"), _text(nile / "teacher-color.pdf")
    plays = _text(nile / "plays-color.pdf")
    for page in (lesson, teacher, plays):
        assert "se añade para la clase" not in page
    assert "no figura en las reglas de la fuente; lo añade este kit" in lesson + teacher
    assert "por si arría la bandera" not in lesson
    assert "opcional: la marca de la fuente para un barco que arría la bandera; este kit usa en su lugar el " \
           "marcador RENDIDO" in lesson
    assert "los capitanes de una escuadra actúan a la vez" not in lesson
    assert "en el disparo, los capitanes de una escuadra tiran a la vez" in lesson
    assert "y la de blanco y negro en una fotocopiadora" not in lesson
    assert "Para fotocopiar, imprime la edición en blanco y negro; si este kit no la tiene, genérala" in lesson
    assert "Este kit solo está en color" in (nile / "index.html").read_text(encoding="utf-8")
    assert "la mesa está girada para que" not in teacher and "la mesa está girada y en espejo" in teacher
    debrief = _text(nile / "debrief-color.pdf")
    assert "(capitán: sir James Saumarez, herido)" in debrief and "Sir James" not in debrief


def test_the_readers_one_by_one_rewrites_are_printed(nile):
    assert "Quién mandaba cada flota" in _text(nile / "background-color.pdf")
    assert "del lado de tierra están las fragatas y, más allá, los bajíos" in _text(nile / "background-color.pdf")
    quickref = _text(nile / "quickref-color.pdf")
    assert "en parte en esa zona" not in quickref and "en la zona de tiro de ese costado" in quickref
    assert "Disparan, desde donde están, a cualquier enemigo que tengan en la zona de tiro de un costado" in quickref
    assert "(muestran su fuerza)" not in quickref and "los círculos muestran su fuerza" in quickref
    cards = _text(nile / "cards-color.pdf")
    assert "Cuándo: cuando dispara un barco fondeado y, después de anochecer, en cada fase de disparo" in cards
    assert "de modo que los dos costados queden dorso con dorso" in _text(nile / "sprites-color.pdf")
    map_ = _text(nile / "map-color.pdf")
    assert "el número del profesor" not in map_ and "es el número que identifica esta colocación" in map_
    plays = _text(nile / "plays-color.pdf")
    assert "otras tiradas de dados que" not in plays and "con tiradas de dados distintas de las de arriba" in plays
    lesson = _text(nile / "lesson-color.pdf")
    assert "de abajo" not in lesson and "los documentos de la tabla siguiente que van en cartulina" in lesson
    assert re.search(r"\d+ dados para cada una de las \d+ tripulaciones de la escuadra «[^»]+» \(un capitán, o los "
                     r"capitanes que comparten un barco\), que tiran a la vez: es la mayor andanada de la escuadra, "
                     r"la del \w+",
                     lesson), re.findall(r".{80}que tiran a la vez.{60}", lesson)


def test_the_map_and_the_lesson_say_it_plainly(nile):
    map_ = _text(nile / "map-color.pdf")
    assert "el norte está arriba en esta mesa, no en la batalla real" not in map_
    assert "Norte arriba; la mesa no sigue la brújula de la batalla real: mira «La historia antes de la batalla»" \
        in map_
    assert "(una batalla más pequeña)" not in map_ and "(una versión reducida de la batalla)" in map_
    lesson = _text(nile / "lesson-color.pdf")
    assert "(de bolina (" not in lesson and "los bordes amarillos, de bolina (" in lesson
    assert "que en la batalla real fueron apresados" not in lesson
    assert re.search(r"Barcos de los británicos de esta partida apresados en la batalla real: \d+;", lesson), \
        re.findall(r".{60}batalla real.{30}", lesson)[:3]
