"""Sides at a glance on a photocopy, beyond the pieces: in the black-and-white edition each nation's
captain cards and status markers carry its bases' pattern (theme PATTERNS), read back from the PDF,
so the two sides' cards and markers never share one; each page that prints them explains them."""

from __future__ import annotations

from collections import defaultdict

import pytest

from pdfread import PT, box, fill_pattern, inside, open_pdf


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest
    from printgen.sheets.page.write import write_sheet

    out = tmp_path_factory.mktemp("patterns")
    plan = plan_kit(KitRequest("trafalgar", 24))
    o = plan.options.but(edition="bw")
    sides = {s.nation: s.side for s in plan.scenario.fleet.ships}
    pdfs = {kind: open_pdf(write_sheet(plan.draw(kind, o), o, out, kind)[0]) for kind in ("captains", "status-markers")}
    yield pdfs, sides
    for pdf in pdfs.values():
        pdf.close()


def _check(found: dict[str, set], sides: dict[str, str]) -> None:
    assert set(found) == set(sides), found                        # every nation has its swatches
    assert all(len(p) == 1 for p in found.values()), found          # one pattern a nation
    pattern = {n: next(iter(p)) for n, p in found.items()}
    assert len(set(pattern.values())) == len(pattern), pattern      # nations never share one
    by_side = defaultdict(set)
    for n, p in pattern.items():
        by_side[sides[n]].add(p)
    a, b = by_side.values()
    assert not a & b, by_side                                       # so neither do the sides
    assert any(p != "plain" for p in pattern.values())


def test_captain_cards_carry_their_nations_pattern(printed):
    from printgen.sheets.page.frame import MARGIN, HEADER

    pdfs, sides = printed
    found: dict[str, set] = defaultdict(set)
    cards = 0
    for page in pdfs["captains"].pages:
        for r in page.rects:
            if r["stroke"] and abs(r["width"] - 45) < 0.5 and abs(r["height"] - 23.4) < 0.5 and r["top"] > MARGIN + HEADER:
                line = [c for c in page.chars if abs((c["top"] + c["bottom"]) / 2 - (r["top"] + r["bottom"]) / 2) < 4
                        and r["x1"] < c["x0"] < r["x1"] + 15 * PT / 10]
                nation = "".join(c["text"] for c in sorted(line, key=lambda c: c["x0"]) if "Bold" in c["fontname"])
                found[nation].add(fill_pattern(page, box(r)))
                cards += 1
    assert cards >= 24                                              # one swatch a card at least
    _check(found, sides)


def test_status_markers_carry_their_nations_pattern(printed):
    from printgen.sheets.pieces.ensigns import nation_code

    pdfs, sides = printed
    codes = {nation_code(n): n for n in sides}
    found: dict[str, set] = defaultdict(set)
    strips = 0
    for page in pdfs["status-markers"].pages:
        for r in page.rects:
            if r["stroke"] and abs(r["width"] - PT) < 0.5 and abs(r["height"] - 0.3 * 0.5 * PT) < 0.5:
                words = "".join(c["text"] for c in page.chars if inside(c, box(r), 0.5))
                found[codes[words]].add(fill_pattern(page, box(r)))
                strips += 1
    assert strips >= 60
    _check(found, sides)
    legend = pdfs["status-markers"].pages[0].extract_text()
    assert "British plain" in legend and "French hatched" in legend and "Spanish dotted" in legend
