"""Issue 46, the fourth Spanish reader's findings (a history teacher on the default Nile kit, built from
c7ccff0: /work/helpers/s5/readers/es-nile-4.md), read back from the pages of the default Spanish kit,
built and checked as a teacher builds one:

- short range starts at 0 on every page: the ruler, the quick reference and the rake gauge say "de 0 cm
  a 15 cm" as the cards do, never "más de 0 cm";
- the first turn's grapple and fouling step says what the cards and the quick reference say (each captain
  who wants to may throw; fouling is rolled only when nobody throws), in the English source;
- the captain cards' columns measure from an edge ("Al borde oeste"), the landward broadside is a
  side ("Por el costado de tierra"); the reader's other rewrites, each where it was printed;
- the map counts the ships that fought (31: the Culloden ran aground) as such, not as "the fleet";
- the plays page's intervals take an en dash; index.html's headings all say "(edición en color, N páginas)"."""

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


def test_short_range_starts_at_zero_on_every_page(nile):
    words = kit_words(nile, layout=False)
    assert "más de 0 cm" not in words, re.findall(r".{30}más de 0 cm.{20}", words)[:3]
    rulers, quickref = _text(nile / "rulers-color.pdf"), pdf_words(nile / "quickref-color.pdf")   # a table's row
    assert "Corta: de 0 cm a 15 cm" in rulers and "Enfilada: de 0 cm a 15 cm" in rulers
    assert "Larga: más de 15 cm, hasta 30 cm" in rulers
    assert re.search(r"Corta de 0 cm a 15 cm 5–6", quickref), quickref[:2000]


def test_first_turn_grapple_agrees_with_the_cards(nile):
    turn = _text(nile / "first-turn-color.pdf")
    assert "o no engancha" not in turn
    assert "cada capitán que quiera lanzar el garfio tira un dado" in turn
    assert "Si nadie quiere lanzar el garfio, tirad un dado" in turn


def test_captain_cards_say_edges_and_the_landward_side(nile):
    cards = _text(nile / "captains-color.pdf")
    assert "Desde el oeste" not in cards and "Desde el sur" not in cards and "Desde el Desde el oeste" not in cards
    assert cards.count("Borde") >= 48 and cards.count("oeste") >= 24   # a column's heading, on 2 lines
    assert "Hacia tierra" not in cards and cards.count("Por el costado de tierra (este)") >= 10
    assert "dados como mucho" not in cards


def test_the_readers_rewrites_are_printed(nile):
    rules = _text(nile / "cards-color.pdf")
    quickref = _text(nile / "quickref-color.pdf")
    assert "Bandas oscuras" not in rules + quickref
    assert "Un enemigo con la peana casi entera dentro de una de ellas dispara en enfilada" in rules
    assert "una sobre otra" not in rules and "hasta que se solapen un poco" in rules
    assert "una encima de otra" not in quickref and "nunca se mueven, ni giran, ni van a la deriva" in quickref
    assert "la prueba para avanzar" not in rules and "ganas el combate, si" not in rules
    sprites = _text(nile / "sprites-color.pdf")
    assert "Bandos: británicos (GB): liso; franceses (FR): rayado; cascos y peanas" in sprites
    debrief = _text(nile / "debrief-color.pdf")
    assert "batalla, y por cuántos" not in debrief and "recibieron, y" not in debrief
    assert "Majestic (capitán: George Blagdon Westcott, muerto): el barco sobrevivió" in debrief
    assert "Unos 218" not in debrief and "Murieron 218 marineros británicos y 677 resultaron heridos" in debrief
    turn = _text(nile / "first-turn-color.pdf")
    assert "de su fila de impactos" not in turn
    assert "hoja «Reglas graduadas" not in turn and "cartulina de reglas graduadas" not in turn
    assert turn.count("la cartulina «Reglas graduadas y plantillas»") >= 2         # one word for the card
    lesson = _text(nile / "lesson-color.pdf")
    assert "a exactamente" not in lesson and "tantos barcos como caben" not in lesson
    worksheet = _text(nile / "worksheet-color.pdf")
    assert "«Británicos, navío de línea: probabilidad de cada número de impactos»" in worksheet   # the card's title
    teacher = pdf_words(nile / "teacher-color.pdf")
    assert "sin traducción exacta" not in teacher and "(en español: «muy de cerca»)" in teacher
    assert "• los barcos de la fuente nunca fondean. " not in teacher + " "        # said twice, once alone


def test_the_map_counts_the_ships_that_fought(nile):
    map_ = _text(nile / "map-color.pdf")
    assert "de las dos flotas" not in map_
    assert re.search(r"Barcos: \d+ de los 31 que combatieron", map_), re.findall(r"Barcos: .{60}", map_)


def test_plays_intervals_and_index_headings(nile):
    plays = _text(nile / "plays-color.pdf")
    assert not re.search(r"\d,\d-\d", plays), re.findall(r".{10}\d,\d-\d.{10}", plays)[:3]
    assert re.search(r"\(\d+,\d–\d+,\d %\)", plays)
    assert "el 1 minuto" not in plays
    index = (nile / "index.html").read_text(encoding="utf-8")
    notes = re.findall(r"<small>([^<]*)</small>", index)
    assert notes and all(n.startswith("(edición en ") for n in notes), [n for n in notes if "edición" not in n]
    assert ": resultados simulados del escenario</a>" in index
    assert "hecho con la opción" not in index and "si se genera con la opción --with-tiled" in index


def _pages(pdf: Path) -> list[str]:
    import subprocess

    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True)
    return [" ".join(page.split()) for page in done.stdout.split("\f") if page.strip()]


def test_first_turn_keeps_a_phase_with_its_example(nile):
    """Each phase's example ("En esta partida") is on the page of its heading, and no page holds only
    the end of one phase's steps (the reader's page 2: one line of phase 3, then its example alone)."""
    for pdf in sorted(nile.glob("first-turn-*.pdf")):                # the editions the kit has
        edition, pages = pdf.stem, _pages(pdf)
        for n, page in enumerate(pages, start=1):
            body = page.split("paso a paso", 2)[-1]                # after the frame's running head
            if "En esta partida" in body:
                assert "Fase " in body.split("En esta partida")[0], (edition, n, body[:300])
            assert body.split()[:2] != ["explica", "por"], (edition, n)


def test_every_rule_card_says_when(nile):
    cards = _text(nile / "cards-color.pdf")
    start = cards.index("Arriar la bandera y explotar")
    assert "Cuándo: un barco recibe impactos, en cualquier fase." in cards[start:start + 200]


def test_french_index_headings_and_the_whole_kit_sentence():
    """The French reader's T37 and T38 (fr-sluys-4), in the same index.html code: every heading
    "(édition en couleurs, N pages)", and the joined kit's map "(généré avec l'option …"."""
    import html

    index = html.unescape((reader_kits()["sluys-fr"] / "index.html").read_text(encoding="utf-8"))
    notes = re.findall(r"<small>([^<]*)</small>", index)
    assert notes and all(n.startswith("(édition en ") for n in notes), [n for n in notes if "édition" not in n]
    assert "fait avec l'option" not in index
    assert "(généré avec l'option --with-tiled, il contient aussi la carte" in index
