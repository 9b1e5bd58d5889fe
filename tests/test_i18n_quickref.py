"""The Trafalgar quick reference in French and Spanish, both editions, end to end (issue 31's first
slice): a kit of the documents translated so far, built through the kit's own code with --lang's
request and checked by `printgen check`, which reads the kit's language from its manifest; every
page read back with its numbers in the language's way and no English left; a tampered French number
caught; English paying nothing; and every command whose pages are not all translated refusing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from langkit import NO_CONFIG, traced_decimals
from langkit import run as _run
from pdfread import open_pdf, page_texts
from tamper import copy_kit, edit_page, fails, load_trace, replace_shown_at

LANGS = ("fr", "es")
# Common English words that are no French or Spanish word: one of them on a page is a message left
# untranslated (ship names aside: the quick reference prints none).
ENGLISH = {"the", "and", "of", "to", "with", "ship", "ships", "roll", "hits", "hit", "wind", "move", "turn", "range",
           "short", "long", "print", "square", "inch", "edition", "from", "drift", "each", "fire", "may", "must",
           "only", "this", "or", "not", "point", "points", "bow", "stern", "page", "reference", "quick", "side",
           "dice", "die", "green", "yellow", "red", "flagship", "speed", "table", "colour", "black", "white"}
WORDS_OF_THE_LANGUAGE = {"fr": {"page", "table", "point", "points"}, "es": set()}       # French words too


def _build(lang: str) -> Path:
    """A small kit (six ships, scale 0.5: distances with decimals) in `lang`, as `printgen kit` builds
    one, with its check; it holds the documents translated into `lang` (the quick reference among them).
    The same request as tests/test_i18n_drawn.py's (the table-size map too): one kit a language for both."""
    from langkit import built_checked_once

    from printgen.request import KitRequest

    out, plan = built_checked_once(KitRequest("trafalgar", students=4, ships=6, scale=0.5, edition="both",
                                              lang=lang, with_tiled=True))
    assert "quickref" in plan.kinds()                 # with the drawn documents (tests/test_i18n_drawn.py)
    return out


@pytest.fixture(scope="module")
def kits() -> dict[str, Path]:
    return {lang: _build(lang) for lang in LANGS}


def _pages(kit: Path, edition: str) -> list[str]:
    return page_texts(kit / f"quickref-{edition}.pdf")


@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_records_its_language_and_passes_printgen_check(kits, lang):
    manifest = json.loads((kits[lang] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["request"]["lang"] == lang
    assert {"quickref-color.pdf", "quickref-bw.pdf", "kit-color.pdf", "kit-bw.pdf"} <= {d["path"] for d in
                                                                                        manifest["documents"]}
    result = _run("check", str(kits[lang]))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(manifest['documents'])} documents agree with the rules" in result.stdout


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("edition", ["color", "bw"])
def test_every_page_is_in_the_language(kits, lang, edition):
    title = {"fr": "Trafalgar, 21 octobre 1805", "es": "Trafalgar, 21 de octubre de 1805"}[lang]
    sheet = {"fr": "Aide-mémoire", "es": "Resumen de reglas"}[lang]
    pages = _pages(kits[lang], edition)
    assert len(pages) >= 1
    for k, text in enumerate(pages, 1):
        assert title in text and sheet in text
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", text)}
        left = words & (ENGLISH - WORDS_OF_THE_LANGUAGE[lang])
        assert not left, f"{lang} {edition} page {k}: English words {sorted(left)}"
        point = re.search(r".{0,12}\d\.\d.{0,6}", text)
        assert point is None, f"{lang} page {k}: a decimal point ({point})"
    every = "\n".join(pages)
    assert "22,5°" in every and "0,5\"" in every                     # the bow's arc, a distance halved
    assert {"fr": "Dérive", "es": "Deriva"}[lang] in every and "‡" in every


@pytest.mark.parametrize("lang", LANGS)
def test_every_traced_number_is_written_the_language_s_way(kits, lang):
    """The trace records what each number prints: a decimal comma wherever there is a fraction."""
    trace = load_trace(kits[lang])["quickref-color.pdf"]
    decimals = traced_decimals(trace)
    assert decimals and all("," in t and "." not in t for t in decimals), decimals


def test_percentages_and_counts_in_the_language_s_way():
    """fmt, which the sheets and the check share: Babel's way, its no-break space included."""
    from fractions import Fraction

    from printgen.rules.printed import fmt
    from printgen.units import Measure

    fr, es, en = Measure(lang="fr"), Measure(lang="es"), Measure()
    # French: a narrow no-break space before % (docs/i18n/fr.md); Spanish: Babel's no-break space
    assert fmt(Fraction(598, 1000), "percent", fr) == "59,8\u202f%"
    assert fmt(Fraction(598, 1000), "percent", es) == "59,8\u00a0%"
    assert fmt(Fraction(598, 1000), "percent", en) == "59.8%" and fmt(Fraction(1, 3000), "percent", fr) == "<0,1\u202f%"
    assert (fmt(1, "word", fr), fmt(2, "word", es), fmt(1, "word", en)) == ("un", "dos", "one")
    assert fmt(2.5, "distance", Measure(0.5, "cm", "fr")) == "3 cm"
    assert fmt(2.65, "size", Measure(1, "cm", "es")) == "6,6 cm"
    assert fmt("NW", "compass", fr) == "nord-ouest" and fmt("SE", "compass", es) == "sureste"


def test_a_changed_number_on_the_french_sheet_is_caught(kits, tmp_path):
    """The tamper tests' way: one traced number's digits changed in the page, the manifest re-hashed."""
    kit = copy_kit(kits["fr"], tmp_path)
    trace = load_trace(kit)["quickref-color.pdf"]
    page, entry = next((k + 1, e) for k, p in enumerate(trace) for e in p
                       if e["source"] == ["rule", "movement.into_wind_deg"])
    assert entry["text"] == "22,5°"
    degree = re.compile(rb"\(22,5(\\\d{3})\) Tj")                 # the degree sign: a code of the font's subset
    edit_page(kit, "quickref-color.pdf", page, lambda data: degree.sub(rb"(22,0\1) Tj", data, count=1))
    found = fails(kit)
    assert any("movement.into_wind_deg" in f and "22,0" in f for f in found), found


def test_an_english_word_where_a_french_one_belongs_is_caught(kits, tmp_path):
    """A traced word read back in the kit's language: the English label on a French page fails."""
    kit = copy_kit(kits["fr"], tmp_path)
    trace = load_trace(kit)["quickref-color.pdf"]
    page, entry = next((k + 1, e) for k, p in enumerate(trace) for e in p
                       if e["source"] == ["label", "sides.british.name"])
    edit_page(kit, "quickref-color.pdf", page, replace_shown_at(entry["text"].encode(), b"British", entry["bbox"]))
    assert any("sides.british.name" in f for f in fails(kit))




@pytest.mark.parametrize("lang", ["fr", "es"])
def test_what_is_not_translated_is_refused(lang, scenario_dir, tmp_path):
    """A teacher's own rules (a copy of Trafalgar's beside its fleet) are in no catalogue: its kit
    is refused in French and Spanish, never printed half in English."""
    result = _run("kit", str(scenario_dir()), "--lang", lang, "--out", str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    # in the language asked for (printgen.cli.common.speaking)
    assert ("pas encore de version française pour" in result.stderr
            or "todavía no hay versión en español para" in result.stderr)
    assert "--lang en" in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_choices_are_the_languages():
    from typing import get_args

    from printgen.cli.common import Lang
    from printgen.i18n import LANGS
    from printgen.i18n.catalogue import LOCALE

    assert get_args(get_args(Lang)[0]) == LANGS
    assert {p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/messages.po")} == set(LANGS) - {"en"}


def test_the_usual_language_is_a_setting(scenario_dir, tmp_path):
    result = _run("kit", str(scenario_dir()), "--out", str(tmp_path / "out"), PRINTGEN_LANG="es")
    assert result.returncode == 2 and "todavía no hay versión en español para el kit" in result.stderr
    assert _run("quickref", "trafalgar", "--lang", "de").returncode == 2          # not a choice
    done = _run("quickref", "trafalgar", "--out", str(tmp_path / "q"), PRINTGEN_LANG="fr")
    assert done.returncode == 0, done.stderr
    with open_pdf(tmp_path / "q" / "quickref-color.pdf") as pdf:
        assert "Aide-mémoire" in (pdf.pages[0].extract_text() or "")


def test_english_imports_no_babel_and_reads_no_catalogue(tmp_path):
    probe = ("import sys, runpy; sys.argv = ['printgen', 'quickref', 'trafalgar', '--out', sys.argv[1]]\n"
             "try:\n    runpy.run_module('printgen', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel' or m.startswith('printgen.i18n.')))")
    result = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True,
                            env={**os.environ, "PRINTGEN_CONFIG": str(NO_CONFIG)})
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout + result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_below_the_type_floors(kits, lang):
    """French and Spanish run longer: the sheet wraps and takes a page, never smaller type than a
    handout allows (TYPE.body inside the content box: tests/test_handout_type.py's rule)."""
    from printgen.draw.theme import TYPE
    from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN

    with open_pdf(kits[lang] / "quickref-color.pdf") as pdf:
        for page in pdf.pages:
            inside = [c for c in page.chars
                      if c["top"] >= MARGIN + HEADER - 1 and c["bottom"] <= page.height - MARGIN - FOOTER]
            assert len(inside) > 200
            body = [c for c in inside if c["size"] < TYPE.body - 0.01]
            assert not body, f"{lang}: '{body[0]['text']}' at {body[0]['size']:.2f} pt"
            assert min(c["size"] for c in page.chars) >= 5.0 * 0.5 - 0.01     # the check's floor at this scale
