"""Type for children, measured on the printed PDF: every student handout (captain cards, quick
reference, rule cards, worksheet, score sheet, debrief, ship records) prints no character below the
theme's TYPE.body at scale 1, and every card or panel heading of a document has one size (a card
that does not fit takes two slots; nothing shrinks to fit)."""

from __future__ import annotations

from collections import defaultdict

import pytest

from pdfread import open_pdf

HANDOUTS = ("quickref", "cards", "captains", "score", "worksheet", "debrief", "records")


@pytest.fixture(scope="module")
def handouts(tmp_path_factory):
    """scenario -> kind -> the handout's PDF (colour edition; both editions share the layout)."""
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest
    from printgen.sheets.page.write import write_sheet

    out = tmp_path_factory.mktemp("handouts")
    opened: dict[str, dict] = {}
    for name in ("trafalgar", "sluys-1340"):
        plan = plan_kit(KitRequest(name, 24))
        opened[name] = {kind: open_pdf(write_sheet(plan.draw(kind), plan.options, out / name, kind)[0])
                        for kind in plan.kinds() if kind in HANDOUTS}
    yield opened
    for docs in opened.values():
        for pdf in docs.values():
            pdf.close()


def _content_chars(page):
    """The characters inside the page's content box: the frame (header, print-at-100% note and the
    marks' legend in the footer) is for the teacher."""
    from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN

    return [c for c in page.chars if c["top"] >= MARGIN + HEADER - 1 and c["bottom"] <= page.height - MARGIN - FOOTER]


def _is_white(colour) -> bool:
    return colour is not None and len(colour) in (1, 3) and all(abs(v - 1.0) < 1e-3 for v in colour)


def test_the_kits_have_their_handouts(handouts):
    assert set(handouts["trafalgar"]) == {"quickref", "cards", "captains", "score", "worksheet", "debrief"}
    assert {"quickref", "cards", "captains", "records"} <= set(handouts["sluys-1340"])


@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_no_handout_text_below_the_body_size(handouts, name):
    from printgen.draw.theme import TYPE

    assert TYPE.body >= 9.0                               # the floor for a 10-year-old
    for kind, pdf in handouts[name].items():
        chars = [c for page in pdf.pages for c in _content_chars(page)]
        assert len(chars) > 200, kind
        smallest = min(chars, key=lambda c: c["size"])
        assert smallest["size"] >= TYPE.body - 0.01, (
            f"{name} {kind}: '{smallest['text']}' at {smallest['size']:.2f} pt on page {smallest['page_number']}")


@pytest.mark.parametrize("name", ["trafalgar", "sluys-1340"])
def test_headings_have_one_size_in_each_handout(handouts, name):
    """A heading is the white bold type on a card's or panel's dark band: one size in each document."""
    from printgen.draw.theme import TYPE

    for kind, pdf in handouts[name].items():
        lines: dict[tuple, list] = defaultdict(list)
        for page in pdf.pages:
            for c in _content_chars(page):
                if _is_white(c.get("non_stroking_color")) and "Bold" in c["fontname"]:
                    lines[(page.page_number, round(c["top"]))].append(round(c["size"], 2))
        sizes = {s for line in lines.values() for s in line}
        assert lines, f"{kind}: no headings found"
        assert len(sizes) == 1, f"{name} {kind}: headings at {sorted(sizes)} pt"
        if kind in ("cards", "captains", "records"):
            assert sizes == {TYPE.heading}, f"{kind}: card headings at {sizes}, the theme says {TYPE.heading}"
