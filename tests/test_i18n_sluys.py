"""The Sluys kit (the medieval fragment) in French and Spanish, both editions (issue 31): the
documents translated so far, built through the kit's own code with --lang's request and checked by
`printgen check` in the kit's language; every page read back with its numbers in the language's way
and no English left; a tampered French number and an English word on a French page caught; no text
below the type floors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from langkit import run as _run
from langkit import traced_decimals
from pdfread import open_pdf
from tamper import copy_kit, edit_page, fails, load_trace, replace_shown_at

LANGS = ("fr", "es")
EDITIONS = ("color", "bw")
# the Sluys documents printed in French and Spanish so far
TRANSLATED = ("lesson", "background", "quickref", "cards", "records", "markers", "score", "worksheet", "debrief")
# The rule cards', captain cards' and score sheets' words are all the catalogue's but what the shared
# code draws (the sheet's name in the header, the captain card's line of base patterns:
# printgen/sheets/text/, translated on another branch): the kits here are built as if it were
# (printgen.systems.sectors.kinds.SHARED_WORDS emptied), the shared words set aside when a page is
# read (SHARED), and test_the_cards_wait_for_the_shared_words says they are refused until then.
SHARED = re.compile(r"Rule cards|Captain cards|Score sheets|Odds worksheet|\b\w+ ships: [\w -]+ bases")
# English words of the medieval rules that are no French or Spanish word: one of them on a page is a
# message left untranslated (the Sluys quick reference prints no ship's name).
ENGLISH = {"the", "and", "of", "to", "with", "ship", "ships", "roll", "hits", "hit", "wind", "move", "turn", "turns",
           "range", "short", "long", "each", "may", "must", "only", "or", "not", "bow", "stern", "side", "sides",
           "dice", "die", "speed", "table", "galley", "galleys", "longship", "longships", "crew", "ram", "bowmen",
           "storm", "mast", "boarding", "grappling", "grapple", "morale", "damage", "steady", "yes", "attack",
           "english", "french", "factor", "round", "lost", "quick", "reference", "page", "inch", "edition", "print",
           "square", "struck", "sector", "marker", "modifier", "running", "aground", "sequence", "weather", "type",
           "types", "missile", "fire", "cog", "hulk", "starboard", "port", "less", "more", "effect", "holed"}
WORDS_OF_THE_LANGUAGE = {"fr": {"page", "table", "type", "types", "port", "sector", "long"},
                         "es": {"sector", "no", "factor", "dice"}}          # "dice": says
TITLE = {"fr": "Sluys, 24 juin 1340", "es": "Sluys, 24 de junio de 1340"}


def _build(where: Path, lang: str) -> Path:
    """A small Sluys kit (scale 0.5: distances with decimals) in `lang`, as `printgen kit` builds one,
    with its check; it holds the documents translated into `lang`."""
    from langkit import build_checked

    from printgen.request import KitRequest

    out, plan = build_checked(where, KitRequest("sluys-1340", students=4, ships=6, scale=0.5, edition="both",
                                                lang=lang))
    assert plan.kinds() == TRANSLATED
    return out


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    from printgen.systems.sectors import kinds

    root = tmp_path_factory.mktemp("i18n-sluys")
    with pytest.MonkeyPatch.context() as mp:
        # the captain cards wait for more than words: printgen check reads their starting places in
        # English numbers (the shared deployment check), so they stay out of the kits here
        mp.setattr(kinds, "SHARED_WORDS", {"captains": kinds.SHARED_WORDS["captains"]})
        yield {lang: _build(root / lang, lang) for lang in LANGS}


def test_the_cards_wait_for_the_shared_words():
    """Until the catalogue translates the sheet's name the shared card code prints, no French cards."""
    from printgen.i18n.catalogue import messages
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest
    from printgen.systems.sectors.kinds import SHARED_WORDS

    if all(w in messages("fr") for w in SHARED_WORDS["cards"]):
        pytest.skip("the shared card code's words are translated: nothing to wait for")
    kinds = plan_kit(KitRequest("sluys-1340", students=4, ships=6, lang="fr")).kinds()
    assert not {"cards", "captains", "score", "worksheet"} & set(kinds) and "records" in kinds


def _pages(kit: Path, name: str) -> list[str]:
    with open_pdf(kit / name) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def _names() -> list[str]:
    """The fleet's names (ships, captains), longest first: never translated."""
    import csv

    with open(Path(__file__).parent.parent / "fleets" / "sluys-1340" / "ships.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return sorted({r[c] for r in rows for c in ("name", "admiral") if r[c]}, key=len, reverse=True)




@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_is_in_its_language_and_passes_printgen_check(kits, lang):
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["request"]["lang"] == lang
    wanted = {f"{kind}-{e}.pdf" for kind in (*TRANSLATED, "kit") for e in EDITIONS}
    assert {d["path"] for d in manifest["documents"]} == wanted
    result = _run("check", str(kits[lang]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(wanted)} documents agree with the rules" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", [k for k in TRANSLATED if k != "debrief"])   # its books' titles: test_i18n_lesson.py
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_is_in_the_language(kits, lang, kind, edition):
    pages = _pages(kits[lang], f"{kind}-{edition}.pdf")
    assert pages
    for k, text in enumerate(pages, 1):
        assert TITLE[lang] in text, f"{kind} {lang} page {k}: no title"
        for name in _names():                                   # ships' and captains' names stay as they are
            text = text.replace(name, " ")
        text = SHARED.sub(" ", text)
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}
        left = words & (ENGLISH - WORDS_OF_THE_LANGUAGE[lang])
        assert not left, f"{kind} {lang} {edition} page {k}: English words {sorted(left)}"
        point = re.search(r".{0,12}\d\.\d.{0,6}", text)
        assert point is None, f"{kind} {lang} page {k}: a decimal point ({point})"


@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_reference_says_the_medieval_words(kits, lang):
    every = "\n".join(_pages(kits[lang], "quickref-color.pdf"))
    words = {"fr": ("Anglais", "Français", "Galère méditerranéenne", "Cogue (navire rond)", "Table des dégâts",
                    "membrures enfoncées", "Éperonnage", "talon de quille"),
             "es": ("Ingleses", "Franceses", "Galera mediterránea", "Coca (barco redondo)", "Tabla de daños",
                    "tablones sueltos", "Embestida", "talón de quilla")}[lang]
    for w in words:
        assert w in every, w
    assert "0,5\"" in every and "‡" in every and "†" in every        # a distance halved; the marks kept


@pytest.mark.parametrize("lang", LANGS)
def test_every_traced_number_is_written_the_language_s_way(kits, lang):
    trace = load_trace(kits[lang])["quickref-color.pdf"]
    decimals = traced_decimals(trace)
    assert decimals and all("," in t and "." not in t for t in decimals), decimals


def _entry(kit: Path, name: str, source: list) -> tuple[int, dict]:
    trace = load_trace(kit)[name]
    return next((k + 1, e) for k, p in enumerate(trace) for e in p if e["source"] == source)


def test_a_changed_number_on_the_french_quick_reference_is_caught(kits, tmp_path):
    kit = copy_kit(kits["fr"], tmp_path)
    page, entry = _entry(kit, "quickref-color.pdf", ["rule", "movement.with_wind_bonus_in"])
    assert entry["text"] == "0,5\""
    bonus = re.compile(rb'\(\+\) Tj (/\S+ [\d.]+ Tf )\(0,5"\) Tj')         # "+0,5"": the only one on its page
    edit_page(kit, "quickref-color.pdf", page, lambda data: bonus.sub(rb'(+) Tj \1(0,7") Tj', data, count=1))
    found = fails(kit)
    assert any("movement.with_wind_bonus_in" in f and "0,7" in f for f in found), found


def test_an_english_word_on_the_french_quick_reference_is_caught(kits, tmp_path):
    """A ruleset's word read back in the kit's language: the English side's name on a French page."""
    kit = copy_kit(kits["fr"], tmp_path)
    page, entry = _entry(kit, "quickref-color.pdf", ["label", "sides.english.name"])
    assert entry["text"] == "Anglais"
    edit_page(kit, "quickref-color.pdf", page, replace_shown_at(b"Anglais", b"English", entry["bbox"]))
    assert any("sides.english.name" in f for f in fails(kit))


@pytest.mark.parametrize("lang", LANGS)
# handouts (a map has its own sizes; the lesson plan is the teacher's: tests/test_i18n_lesson.py)
@pytest.mark.parametrize("kind", [k for k in TRANSLATED if k not in ("markers", "background", "lesson")])
def test_no_text_below_the_type_floors(kits, lang, kind):
    """French and Spanish run longer: never smaller type than a handout allows (TYPE.body inside the
    content box, tests/test_handout_type.py's rule), nor below the check's floor at this scale."""
    from printgen.draw.theme import TYPE
    from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN

    with open_pdf(kits[lang] / f"{kind}-color.pdf") as pdf:
        for page in pdf.pages:
            inside = [c for c in page.chars
                      if c["top"] >= MARGIN + HEADER - 1 and c["bottom"] <= page.height - MARGIN - FOOTER]
            assert len(inside) > 200
            body = [c for c in inside if c["size"] < TYPE.body - 0.01]
            assert not body, f"{lang}: '{body[0]['text']}' at {body[0]['size']:.2f} pt"
            assert min(c["size"] for c in page.chars) >= 5.0 * 0.5 - 0.01
