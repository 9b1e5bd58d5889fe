"""Issue 45: every word on a page is what the re-laid page says (check/laidwords.py), and a table's
numbers are read with the headers they stand under. Planted in the drawn PDF only (the trace and the
data untouched): a column header renamed, a chart's axis caption changed, two columns' headers
swapped, a word added. Each makes `printgen check` fail naming the page, the words and the place."""

from __future__ import annotations

import re

import pytest
from tamper import append, copy_kit, edit_page, fails, load_trace, replace, replace_shown_at

NAME = "cards-color.pdf"


def _page_with(kit, shown: bytes) -> int:
    """The first page of the rule cards whose content shows `shown` (a `(text) Tj`)."""
    import pikepdf

    with pikepdf.open(kit / NAME) as pdf:
        for k, page in enumerate(pdf.pages, start=1):
            contents = page.obj.Contents
            streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
            if shown in b"".join(s.read_bytes() for s in streams):
                return k
    raise AssertionError(f"{shown!r} is on no page of {NAME}")


@pytest.mark.parametrize("old, new", [(b"Broadside", b"Boardside"),       # a table's column header
                                      (b"hits", b"dice")])                # a chart's axis caption
def test_a_word_changed_in_the_drawn_pdf_fails(built, tmp_path, old, new):
    kit = copy_kit(built, tmp_path)
    page = _page_with(kit, b"(" + old + b") Tj")
    edit_page(kit, NAME, page, replace(b"(" + old + b") Tj", b"(" + new + b") Tj"))
    found = fails(kit)
    pattern = (rf"FAIL  {re.escape(NAME)}, page {page}: '{new.decode()}' is printed at \(\d+, \d+\) pt where the "
               rf"layout prints '{old.decode()}'; make the kit again")
    assert any(re.match(pattern, f) for f in found), found


def test_two_column_headers_swapped_fail_under_their_numbers(built, tmp_path):
    """The odds table's "Long" and "Short" trade places (each found at its traced place)."""
    kit = copy_kit(built, tmp_path)
    long_, short = ["label", "shooting.to_hit.long"], ["label", "shooting.to_hit.short"]
    page, entries = next((k, entries) for k, entries in enumerate(load_trace(kit)[NAME], start=1)
                         if any(["col", long_] in [list(x) for x in e.get("labels", ())] for e in entries))
    number = next(e for e in entries if ["col", long_] in [list(x) for x in e.get("labels", ())])
    x0, top, x1, _ = number["bbox"]
    head = max((e for e in entries if e["source"] == long_ and e["bbox"][3] <= top and e["bbox"][0] < x1
                and x0 < e["bbox"][2]), key=lambda e: e["bbox"][3])               # the header it stands under
    other = next(e for e in entries if e["source"] == short and abs(e["bbox"][1] - head["bbox"][1]) < 1)
    edit_page(kit, NAME, page, replace_shown_at(b"Long", b"Short", head["bbox"]))
    edit_page(kit, NAME, page, replace_shown_at(b"Short", b"Long", other["bbox"]))
    found = fails(kit)
    at = rf"FAIL  {re.escape(NAME)}, page {page}: "
    assert any(re.match(at + r"'[^']+' at \(\d+, \d+\) pt stands under 'Short' on the page; its column's header is "
                        r"'Long'", f) for f in found), found
    assert any(re.match(at + r"'Short' is printed at \(\d+, \d+\) pt where the layout prints 'Long'", f)
               for f in found), found


def test_a_word_added_where_the_layout_has_none_fails(built, tmp_path):
    kit = copy_kit(built, tmp_path)
    page = _page_with(kit, b"(hits) Tj")
    edit_page(kit, NAME, page, append(b"BT 1 0 0 -1 300 700 Tm /F1+0 9 Tf (Impossible) Tj ET"))
    found = fails(kit)
    assert any(re.match(rf"FAIL  {re.escape(NAME)}, page {page}: 'Impossible' is printed at \(300, \d+\) pt, where the "
                        rf"layout prints no words", f) for f in found), found


def test_a_quick_reference_word_changed_fails_in_the_other_family(built_sluys, tmp_path):
    """Sluys (the sectors family, black and white): the first long word the quick reference shows on
    its own and no traced item prints, spelled backwards. The untouched kit passes first (tamper.fails
    checks the original)."""
    import pikepdf

    kit = copy_kit(built_sluys, tmp_path)
    name = "quickref-bw.pdf"
    with pikepdf.open(kit / name) as pdf:
        contents = pdf.pages[0].obj.Contents
        streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
        data = b"".join(s.read_bytes() for s in streams)
    traced = " ".join(e["text"] for e in load_trace(kit)[name][0])          # a word no other check reads
    word = next(m.group(1) for m in re.finditer(rb"\(([A-Za-z]{6,})\) Tj", data)
                if m.group(1) != m.group(1)[::-1] and m.group(1).decode() not in traced)
    edit_page(kit, name, 1, replace(b"(" + word + b") Tj", b"(" + word[::-1] + b") Tj"))
    found = fails(kit)
    back, ahead = word[::-1].decode(), word.decode()
    assert any(re.match(rf"FAIL  {re.escape(name)}, page 1: '[^']*{back}[^']*' is printed at \(\d+, \d+\) "
                        rf"pt where the layout prints '[^']*{ahead}[^']*'", f) for f in found), found


def _line(text: str, x0: float, top: float, size: float = 16.0) -> list:
    """A line of characters as pdfium reads them, each letter 0.55 of the size wide."""
    from printgen.check.numbers import Char

    width = size * 0.55
    return [Char(c, x0 + k * width, top, x0 + (k + 1) * width, top + size) for k, c in enumerate(text)]


def _french_shot_card(header: str) -> tuple[list, list[dict]]:
    """L'Écluse's large-print shooting card as printed (positions read from the kit): the card's text names
    the French at (367, 260) pt, the hit table's "Français" header at (431, 416) pt, and the French short-range
    "5–6" at the start of its wider cell "5–6 : 1/3 (33,3 %)", at (398, 441) pt: beside its header, not under it."""
    chars = _line("arbalètes des Français et des", 290, 260) + _line(header, 431, 416) + \
        _line("5–6 : 1/3 (33,3 %)", 398, 441)
    src = ["label", "sides.french.name"]
    trace = [{"text": "Français", "source": src, "bbox": [367.0, 260.0, 434.0, 276.0]},
             {"text": "Français", "source": src, "bbox": [431.0, 416.0, 507.0, 432.0]},
             {"text": "5–6", "source": ["rule", "missile.hit_on.french"], "bbox": [398.0, 441.0, 427.0, 457.0],
              "labels": [["col", src]]}]
    return chars, trace


def test_a_number_beside_its_header_is_not_read_under_the_cards_text():
    """The Sluys French large-print kit failed its check: the French "5–6", at the start of a cell wider than
    its header, was read under the side's name in the card's text two paragraphs up (the nearest of the
    header's words overlapping it) instead of the header beside it, nearer."""
    from printgen.check.laidwords import check_headers

    chars, trace = _french_shot_card("Français")
    assert check_headers(chars, trace, "cards-large.pdf", 2) == []
    # a header under the text that names it still holds its numbers to it: moved over the number and renamed,
    # the number is read under the new name
    chars = [c for c in chars if c.top != 416] + _line("Anglais", 392, 416)
    trace[1]["bbox"] = [392.0, 416.0, 430.0, 432.0]
    found = check_headers(chars, trace, "cards-large.pdf", 2)
    assert len(found) == 1 and "stands under 'Anglais'" in found[0].what, found
