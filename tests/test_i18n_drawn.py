"""The Trafalgar kit's drawn documents in French and Spanish, both editions (issue 31): the ship
pieces, the markers, the rulers, the deployment map and the table-size map, "How this scenario
plays", the first turn and index.html. A small kit in each language (the documents translated so
far), built by the kit's own code and checked by `printgen check` in the kit's language; every page
read back with no common English word and no decimal point; the table-size map's sheets say their
row and column in the kit's language, which the check reads; a tampered French number caught; no
text below the check's floor."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from langkit import run as _run
from pdfread import open_pdf, page_texts
from tamper import copy_kit, edit_page, fails, load_trace, replace

LANGS = ("fr", "es")
DRAWN = ("sprites", "status-markers", "rulers", "map", "tiled-map", "plays", "first-turn")
STEMS = ("sprites", "status-markers", "rulers", "map", "map-tiled", "plays", "first-turn")
# Common English words (and the drawn documents' own) that are no French or Spanish word.
ENGLISH = {"the", "and", "of", "to", "with", "ship", "ships", "roll", "rolls", "hits", "hit", "wind", "move", "turn",
           "turns", "range", "short", "long", "print", "square", "inch", "edition", "from", "drift", "each", "fire",
           "must", "only", "this", "or", "not", "point", "bow", "stern", "page", "side", "dice", "die", "green",
           "yellow", "red", "flagship", "speed", "table", "colour", "black", "white", "cut", "fold", "glue", "map",
           "row", "column", "sheet", "sheets", "edge", "north", "south", "east", "west", "games", "wins", "draws",
           "markers", "marker", "struck", "fouled", "grappled", "moved", "irons", "piece", "pieces", "ruler",
           "template", "scale", "heading", "next", "how", "who", "captains", "sails", "umpire", "plays", "shown"}
OURS = {"fr": {"page", "table", "point", "long"}, "es": {"dice"}}     # French "long du bord", Spanish "no dice nada"


def _build(lang: str) -> Path:
    """A small kit (six ships, scale 0.5: distances with decimals, the table-size map) in `lang`, as
    `printgen kit` builds one, with its check."""
    from langkit import built_checked_once

    from printgen.request import KitRequest

    out, plan = built_checked_once(KitRequest("trafalgar", students=4, ships=6, scale=0.5, edition="both",
                                              lang=lang, with_tiled=True))
    assert set(DRAWN) <= set(plan.kinds()), plan.kinds()
    return out


@pytest.fixture(scope="module")
def kits() -> dict[str, Path]:
    return {lang: _build(lang) for lang in LANGS}


def _pages(kit: Path, name: str) -> list[str]:
    return page_texts(kit / name)




@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_holds_the_drawn_documents_and_passes_printgen_check(kits, lang):
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["request"]["lang"] == lang
    paths = {d["path"] for d in manifest["documents"]}
    assert {f"{stem}-{e}.pdf" for stem in STEMS for e in ("color", "bw")} <= paths
    result = _run("check", str(kits[lang]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(manifest['documents'])} documents agree with the rules" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", ["color", "bw"])
@pytest.mark.parametrize("stem", STEMS)
def test_every_page_is_in_the_language(kits, lang, edition, stem):
    title = {"fr": "Trafalgar, 21 octobre 1805", "es": "Trafalgar, 21 de octubre de 1805"}[lang]
    pages = _pages(kits[lang], f"{stem}-{edition}.pdf")
    assert pages
    for k, text in enumerate(pages, 1):
        assert title in text, f"{stem} page {k}"
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}
        left = words & (ENGLISH - OURS[lang])
        assert not left, f"{lang} {stem}-{edition} page {k}: English words {sorted(left)}"
        point = re.search(r".{0,12}\d\.\d.{0,6}", text)
        assert point is None, f"{lang} {stem} page {k}: a decimal point ({point})"


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_of_each_document(kits, lang):
    """A few words of each, as the catalogue gives them (the glossary's words, the compass's words: a
    child reads the Spanish letters "NO" as "no")."""
    said = {"fr": {"sprites": ("Comment fabriquer un navire", "PROUE", "POUPE", "colle"),
                   "status-markers": ("Marqueurs à découper", "AMENÉ", "DEBOUT"),
                   "rulers": ("Réglette de portée", "Gabarit de virage", "Vent et dérive", "0,5"),
                   "map": ("Carte de déploiement", "BORD NORD", "Tableau de placement", "Vent du nord-ouest"),
                   "map-tiled": ("rangée A sur", "colonne 1 sur", "Carte à la taille de la table"),
                   "plays": ("Comment se joue ce scénario", "Qui gagne", "modélisé", "%"),
                   "first-turn": ("Le premier tour, pas à pas", "Phase 1")},
            "es": {"sprites": ("Cómo hacer un barco", "PROA", "POPA", "pega"),
                   "status-markers": ("Marcadores para recortar", "RENDIDO", "VIENTO"),
                   "rulers": ("Regla de distancias", "Plantilla de giro", "Viento y deriva", "0,5"),
                   "map": ("Mapa de despliegue", "BORDE NORTE", "Tabla de colocación", "Viento del noroeste"),
                   "map-tiled": ("fila A de", "columna 1 de", "Mapa a tamaño real"),
                   "plays": ("Resultados simulados del escenario", "Quién gana", "simulación", "%"),
                   "first-turn": ("El primer turno, paso a paso", "Fase 1")}}[lang]
    for stem, words in said.items():
        every = "\n".join(_pages(kits[lang], f"{stem}-color.pdf"))
        missing = [w for w in words if w not in every]
        assert not missing, f"{lang} {stem}: {missing}"
    index = (kits[lang] / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in index
    assert {"fr": "Pièces des navires", "es": "Piezas de los barcos"}[lang] in index


@pytest.mark.parametrize("lang", LANGS)
def test_the_tiled_map_says_its_sheets_in_the_language_and_the_check_reads_them(kits, lang):
    from printgen.check.tiles import LABEL, label_pattern

    pages = _pages(kits[lang], "map-tiled-color.pdf")
    said = [label_pattern(lang).search(text) for text in pages[1:]]
    assert all(said) and not any(LABEL.search(text) for text in pages)
    assert said[0]["row"] == "A" and said[0]["column"] == "1"


def test_a_translation_may_put_the_row_after_the_column(monkeypatch):
    """The check follows the message's values by name, whatever order the translation gives them."""
    from printgen.check import tiles
    from printgen.i18n import catalogue

    monkeypatch.setitem(catalogue.messages("fr"), "row %(row)s of %(rows)s, column %(column)s of %(columns)s",
                        "colonne %(column)s/%(columns)s, rangée\u00a0%(row)s/%(rows)s")
    found = tiles.label_pattern("fr").search("A1 colonne 3/7, rangée B/4 voisines")
    assert found is not None
    assert (found["row"], found["rows"], found["column"], found["columns"]) == ("B", "4", "3", "7")


def test_a_changed_number_on_the_french_rulers_is_caught(kits, tmp_path):
    """One traced distance of the French range ruler ("1,5\"") changed in the page: the check fails."""
    kit = copy_kit(kits["fr"], tmp_path)
    trace = load_trace(kit)["rulers-color.pdf"]
    page, entry = next((k + 1, e) for k, p in enumerate(trace) for e in p
                       if e["source"] == ["rule", "movement.speed_in.yellow"] and e["text"])
    assert entry["text"] == '1,5"'
    yellow = re.compile(rb"(demi-mouvement \) Tj /\S+ [\d.]+ Tf \()1,5")        # "Jaune : demi-mouvement 1,5\""
    edit_page(kit, "rulers-color.pdf", page, lambda data: yellow.sub(rb"\g<1>1,0", data, count=1))
    found = fails(kit)
    assert any("movement.speed_in.yellow" in f and "1,0" in f for f in found), found


def test_an_english_sheet_label_on_the_french_tiled_map_is_caught(kits, tmp_path):
    """A sheet that says its tile in English on a French map no longer says which tile it is."""
    kit = copy_kit(kits["fr"], tmp_path)
    edit_page(kit, "map-tiled-color.pdf", 2, replace(b"(rang", b"(row "))
    assert any("does not say which row and column" in f for f in fails(kit))


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_below_the_floors(kits, lang):
    """French and Spanish run longer: nothing shrinks below the check's floor at this scale, and the
    words inside the page's content box (below the header) never run off the page."""
    from printgen.sheets.page.frame import MARGIN

    for stem in STEMS:
        with open_pdf(kits[lang] / f"{stem}-color.pdf") as pdf:
            for k, page in enumerate(pdf.pages, 1):
                chars = [c for c in page.chars if c["text"].strip()]
                small = [c for c in chars if c["upright"] and c["size"] < 5.0 * 0.5 - 0.01]   # (a turned one's
                #                                       size reads as its width: the check measures those itself)
                assert not small, f"{lang} {stem} page {k}: '{small[0]['text']}' at {small[0]['size']:.2f} pt"
                out = [c for c in chars if c["x0"] < MARGIN / 2 - 0.5 or c["x1"] > page.width - MARGIN / 2 + 0.5]
                assert not out, f"{lang} {stem} page {k}: '{''.join(c['text'] for c in out[:20])}' off the page"
