"""The Trafalgar text documents translated after the quick reference (issue 31): the story before the
battle, the rule cards, the captain cards, the score sheets and the odds worksheet, in French and
Spanish, both editions. A kit
planned in each language holds them and passes `printgen check`; every page reads back with no
common English word and the language's numbers; the pupils' type floor holds; a tampered French
percentage and a tampered French starting position are caught; a no-break space never breaks a line."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from pdfread import open_pdf, page_texts
from tamper import copy_kit, edit_page, fails, load_trace, replace_shown_at

LANGS = ("fr", "es")
TEXT = ("background", "cards", "captains", "score", "worksheet")          # this slice's documents
KINDS = ("background", "quickref", "cards", "captains", "score", "worksheet")
# Common English words that are no French or Spanish word: one on a page is a message left in English
# (ship names taken out first: they are never translated).
ENGLISH = {"the", "and", "of", "to", "with", "ship", "ships", "roll", "hits", "hit", "wind", "move", "turn", "range",
           "short", "long", "from", "drift", "each", "fire", "may", "must", "only", "this", "or", "not", "bow",
           "stern", "side", "dice", "die", "green", "yellow", "red", "flagship", "when", "your", "you", "card", "cards",
           "captain", "captains", "chance", "odds", "worksheet", "score", "enemy", "struck", "prize", "name", "west",
           "south", "north", "facing", "track", "tick", "squadron", "fleet", "plain", "hatched", "dotted", "bases",
           "expected", "broadside", "rake", "raking", "boarding", "grapple", "fouled", "strike", "strikes", "colours",
           "one", "two", "what", "how", "many", "faces", "core", "extension", "several", "gunner", "navigator",
           "who", "rolls", "against", "points", "edition", "print", "square", "inch", "page", "phases"}
WORDS_OF_THE_LANGUAGE = {"fr": {"points", "page", "phases", "score", "chance", "faces", "long"},  # French too
                         "es": set()}
TITLES = {"fr": {"background": "L'histoire avant la bataille", "cards": "Cartes de règles",
                 "captains": "Cartes de capitaine", "score": "Feuilles de score",
                 "worksheet": "Fiche d'exercices de probabilités"},
          "es": {"background": "La historia antes de la batalla", "cards": "Tarjetas de reglas",
                 "captains": "Tarjetas de capitán", "score": "Hojas de puntuación",
                 "worksheet": "Ficha de probabilidades"}}


def _build(where: Path, lang: str):
    """A class's kit (8 students, 12 ships: captain cards of several ships) in `lang`, built and
    checked as `printgen kit` does: it holds the documents translated into `lang`."""
    from langkit import build_checked

    from printgen.request import KitRequest

    out, plan = build_checked(where, KitRequest("trafalgar", students=8, ships=12, edition="both", lang=lang))
    assert set(KINDS) <= set(plan.kinds())                 # with the drawn documents (tests/test_i18n_drawn.py)
    return out, plan


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("i18n-text")
    return {lang: _build(root / lang, lang) for lang in LANGS}


def _pages(kit: Path, kind: str, edition: str) -> list[str]:
    return page_texts(kit / f"{kind}-{edition}.pdf")


@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_holds_them_and_passes_printgen_check(kits, lang):
    from test_i18n_quickref import _run

    kit, _plan = kits[lang]
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["request"]["lang"] == lang
    assert {d["path"] for d in manifest["documents"]} >= {f"{k}-{e}.pdf" for k in TEXT for e in ("color", "bw")}
    result = _run("check", str(kit))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(manifest['documents'])} documents agree with the rules" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", ["color", "bw"])
@pytest.mark.parametrize("kind", TEXT)
def test_every_page_is_in_the_language(kits, lang, edition, kind):
    kit, plan = kits[lang]
    names = {w.lower() for s in plan.scenario.fleet.ships for w in re.findall(r"[A-Za-zÀ-ÿ]+", s.name)}
    pages = _pages(kit, kind, edition)
    assert pages
    for k, text in enumerate(pages, 1):
        assert TITLES[lang][kind] in text, f"{lang} {kind} page {k}: no title"
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)} - names
        left = words & (ENGLISH - WORDS_OF_THE_LANGUAGE[lang])
        assert not left, f"{lang} {edition} {kind} page {k}: English words {sorted(left)}"
        point = re.search(r".{0,12}\d\.\d.{0,6}", text)
        assert point is None, f"{lang} {kind} page {k}: a decimal point ({point})"


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_are_written_the_language_s_way(kits, lang):
    """Percentages with a decimal comma and the language's no-break space ('33,3 %': a narrow one in
    French), starting positions as a pupil measures them (whole centimetres: no decimal point)."""
    kit, _plan = kits[lang]
    trace = load_trace(kit)
    percents = [e["text"] for p in trace["cards-color.pdf"] for e in p if e["kind"] == "percent"]
    assert percents and all("." not in t for t in percents), percents
    assert ("33,3\u202f%" if lang == "fr" else "33,3\u00a0%") in percents, percents[:8]
    places = [e["text"] for p in trace["captains-color.pdf"] for e in p if e["source"][0] == "deploy"
              and e["source"][2] in ("x_measured", "y_measured")]
    assert places and all("." not in t for t in places) and any("," in t for t in places), places[:6]


@pytest.mark.parametrize("lang", LANGS)
def test_the_pupils_type_floor_holds(kits, lang):
    """tests/test_handout_type.py's floors on the translated pages: nothing below TYPE.body in the
    content box, one heading size a document (the cards' the theme's)."""
    from test_handout_type import _content_chars, _is_white

    from printgen.draw.theme import TYPE

    kit, _plan = kits[lang]
    for kind in TEXT:
        with open_pdf(kit / f"{kind}-color.pdf") as pdf:
            chars = [c for page in pdf.pages for c in _content_chars(page)]
            assert len(chars) > 200, kind
            smallest = min(chars, key=lambda c: c["size"])
            assert smallest["size"] >= TYPE.body - 0.01, \
                f"{lang} {kind}: '{smallest['text']}' at {smallest['size']:.2f}"
            lines: dict[tuple, list] = defaultdict(list)
            for page in pdf.pages:
                for c in _content_chars(page):
                    if _is_white(c.get("non_stroking_color")) and "Bold" in c["fontname"]:
                        lines[(page.page_number, round(c["top"]))].append(round(c["size"], 2))
            sizes = {s for line in lines.values() for s in line}
            assert len(sizes) == 1, f"{lang} {kind}: headings at {sorted(sizes)} pt"
            if kind in ("cards", "captains"):
                assert sizes == {TYPE.heading}, f"{lang} {kind}: card headings at {sizes}"


def _tamper(kit: Path, tmp_path: Path, name: str, wanted, shown: bytes, new: bytes) -> list[str]:
    kit = copy_kit(kit, tmp_path)
    trace = load_trace(kit)[name]
    page, entry = next((k + 1, e) for k, p in enumerate(trace) for e in p if wanted(e))
    edit_page(kit, name, page, replace_shown_at(shown, new, entry["bbox"]))
    return fails(kit)


def test_a_changed_percentage_on_the_french_rule_cards_is_caught(kits, tmp_path):
    """'55,6 %' (its narrow no-break space a glyph of the subset font) printed '58,6 %': the check says so."""
    import re

    kit = copy_kit(kits["fr"][0], tmp_path)
    trace = load_trace(kit)["cards-color.pdf"]
    page, entry = next((k + 1, e) for k, p in enumerate(trace) for e in p
                       if e["kind"] == "percent" and e["text"] == "55,6\u202f%")

    def change(data: bytes) -> bytes:
        found = list(re.finditer(rb"(-?[\d.]+) (-?[\d.]+) Tm (/\S+ [\d.]+ Tf )\(55,6([^)]{1,6}?)%\) Tj", data, re.S))
        x, y = entry["bbox"][0], entry["bbox"][3]
        m = min(found, key=lambda m: abs(float(m.group(1)) - x) + abs(float(m.group(2)) - y))
        return data[:m.start()] + m.group(0).replace(b"(55,6", b"(58,6") + data[m.end():]

    edit_page(kit, "cards-color.pdf", page, change)
    found = fails(kit)
    assert any("58,6" in f for f in found), found


def test_a_changed_starting_position_on_the_french_captain_cards_is_caught(kits, tmp_path):
    """The check reads a ship's position as the card prints it, in the kit's language ("71,5\"", to the
    half inch a pupil measures): a changed one fails."""
    kit, _plan = kits["fr"]
    trace = load_trace(kit)["captains-color.pdf"]
    entry = next(e for p in trace for e in p
                 if e["source"][0] == "deploy" and e["source"][2] == "x_measured" and "," in e["text"])
    changed = entry["text"].replace(",", ",9", 1)[:-1].encode()       # '71,5"' -> '71,95"' without the quote
    found = _tamper(kit, tmp_path, "captains-color.pdf", lambda e: e == entry,
                    entry["text"][:-1].encode() + b'"', changed + b'"')
    assert any("deploy" in f and entry["source"][1] in f for f in found), found
