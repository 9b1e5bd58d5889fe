"""Issue 44: a teacher's large-print kit builds for every built-in battle in every language. The
Nile in French and Lake Erie in Spanish did not ("the card 'Tir, suite' does not fit on a page even
at 14 pt": the expected-hits table, its ship types traced as one unbreakable word, was taller than a
page in the parts of its columns, and a directive's table could not be cut between its rows), and
the Nile's French quick reference ran "debout" 46 pt out of its box (the wind legend kept beside
the picture at the 14 pt floor). Cheap: only the rule cards and the quick reference of each battle
and language, laid out and printed, then read back: every character 14 pt or more, none outside
the page's content box, and every row of the cards' expected-hits tables printed."""

from __future__ import annotations

import re

import pytest

from printgen.check.pdfread import read_pdf
from printgen.draw.render import render
from printgen.game.prepare import prepare
from printgen.i18n import using
from printgen.registry.documents import declared
from printgen.sheets.page.frame import content_box

BATTLES = ("trafalgar", "nile-1798", "lake-erie-1813", "lepanto-1571", "sluys-1340")
LANGS = ("en", "fr", "es")
FLOOR = 14.0


def _printed(name: str, lang: str, kind: str, tmp_path):
    """The document KIND of the battle's large-print edition as printed: (options, pages read back,
    the font size of each character of each page)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    with using(lang):
        s, opts = prepare(name, edition="large", paper="letter" if lang == "en" else "a4",
                          units="in" if lang == "en" else "cm", lang=lang)
        drawing = declared(s.ruleset)[kind].make(s, opts)
        data = render(drawing, "large", "pdf").files[0][1]
    path = tmp_path / f"{kind}.pdf"
    path.write_bytes(data)
    pdf = pdfium.PdfDocument(data)
    try:
        sizes = []
        for i in range(len(pdf)):
            tp = pdf[i].get_textpage()
            sizes.append([(chr(raw.FPDFText_GetUnicode(tp.raw, k)), raw.FPDFText_GetFontSize(tp.raw, k))
                          for k in range(raw.FPDFText_CountChars(tp.raw))])
    finally:
        pdf.close()
    return s, opts, read_pdf(path, shapes=False, colours=False), sizes


def _within_and_large(opts, pages, sizes, what: str) -> None:
    box = content_box(opts)
    for n, (page, chars) in enumerate(zip(pages, sizes), 1):
        small = {c for c, size in chars if c.strip() and size < FLOOR - 0.05}
        assert not small, f"{what}, page {n}: characters under {FLOOR:g} pt: {sorted(small)[:10]}"
        out = [c for c in page.chars if c.text.strip() and (c.x0 < box.x - 1 or c.x1 > box.right + 1)]
        assert not out, (f"{what}, page {n}: {''.join(c.text for c in out)!r} printed outside the content box "
                         f"({box.x:.0f}-{box.right:.0f} pt)")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", BATTLES)
def test_the_rule_cards_of_every_battle_print_in_large_print(name, lang, tmp_path):
    s, opts, pages, sizes = _printed(name, lang, "cards", tmp_path)
    _within_and_large(opts, pages, sizes, f"{name} {lang} rule cards")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", BATTLES)
def test_the_quick_reference_of_every_battle_prints_in_large_print(name, lang, tmp_path):
    _, opts, pages, sizes = _printed(name, lang, "quickref", tmp_path)
    _within_and_large(opts, pages, sizes, f"{name} {lang} quick reference")


def test_a_cut_expected_hits_table_keeps_every_row(tmp_path):
    """The Nile in French: the table cut onto three cards, some pieces in two parts of their columns,
    still prints each broadside of the kit's ships (its dice in its label: British 8 flagship, 7, 4,
    2; French 6 flagship, 5, 3): no row lost."""
    _, _, pages, _ = _printed("nile-1798", "fr", "cards", tmp_path)
    dice = []
    for p in pages:
        text = "".join(c.text for c in p.chars)
        for table in text.split("Touches attendues par bordée")[1:]:
            table = table.split("Aboukir, 1er août 1798")[0].split("Touches attendues :")[0]
            dice += [int(n) for n in re.findall(r"(\d+) dés", table)]
    # a piece that fits the page whole prints its rows once, one cut into two parts of columns twice
    assert set(dice) == {8, 7, 4, 2, 6, 5, 3} and all(dice.count(n) <= 2 for n in dice), dice
