"""Print craft of the ship pieces, measured on the printed PDF: fold lines where the paper folds and
nothing solid drawn over them, a gutter between neighbours, glue marked, a legend, and in the
black-and-white edition a different pattern on each nation's bases."""

from __future__ import annotations

from collections import defaultdict

import pytest

from pdfread import PT, box, fill_pattern, inside, open_pdf

FOLD_DASH = [6.0, 2.5, 1.5, 2.5]          # the theme's "fold" paint, read back as the PDF's dash array
TOL = 0.01 * PT                           # 0.01 in


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    from printgen.game.prepare import prepare
    from printgen.sheets.page.write import write_sheet
    from printgen.sheets.pieces.sprites import sprite_sheets

    out = tmp_path_factory.mktemp("craft")
    opened = {}
    for key, kw in {"color": {}, "bw": {"edition": "bw"}, "half-a4": {"scale": 0.5, "paper": "a4"},
                    "small-table": {"table": "4x3ft", "paper": "a4"}}.items():
        s, o = prepare("trafalgar", **kw)
        opened[key] = open_pdf(write_sheet(sprite_sheets(s, o), o, out / key, "sprites")[0])
    yield opened
    for pdf in opened.values():
        pdf.close()


def _dash(obj) -> list[float]:
    d = obj.get("dash")
    return list(d[0]) if d else []


def pieces(page) -> list[tuple]:
    """Each piece's outline: a stroked rectangle about twice as tall as it is wide."""
    return sorted({tuple(round(v, 2) for v in box(r)) for r in page.rects
                   if r["stroke"] and r["width"] > 20 and r["height"] > 1.8 * r["width"]})


def tabs(page, piece) -> list[tuple]:
    """The glue tabs of a piece: grey fills without outline, the piece's full width."""
    return sorted((box(r) for r in page.rects if r["fill"] and not r["stroke"] and inside(r, piece, 0.1)
                   and abs(r["width"] - (piece[2] - piece[0])) < 0.5 and r["height"] < 0.1 * r["width"]),
                  key=lambda b: b[1])


def other_horizontal_strokes(page):
    """(y, x0, x1) of every horizontal stretch stroked other than as a fold (solid or dashed): lines,
    rectangle edges, path segments."""
    out = []
    for obj in page.lines + page.rects + page.curves:
        if not obj["stroke"] or _dash(obj) == FOLD_DASH:
            continue
        if obj["object_type"] == "rect":
            out += [(obj["top"], obj["x0"], obj["x1"]), (obj["bottom"], obj["x0"], obj["x1"])]
            continue
        pts = obj["pts"]
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            if abs(ya - yb) < 0.05:
                out.append((ya, min(xa, xb), max(xa, xb)))
    return out


def fold_lines(page):
    return [ln for ln in page.lines if _dash(ln) == FOLD_DASH]


@pytest.mark.parametrize("key", ["color", "bw", "half-a4"])
def test_fold_lines_lie_on_the_folds(sheets, key):
    """Three folds a piece: the tabs' inner edges and the masthead halfway between them."""
    checked = 0
    for page in sheets[key].pages:
        folds = fold_lines(page)
        for p in pieces(page):
            t1, t2 = tabs(page, p)
            want = [t1[3], (t1[3] + t2[1]) / 2, t2[1]]
            mine = sorted((ln for ln in folds if inside(ln, p, 0.1)), key=lambda ln: ln["top"])
            assert len(mine) == 3, (key, p)
            for ln, y in zip(mine, want):
                assert abs(ln["top"] - y) <= TOL and abs(ln["bottom"] - y) <= TOL, (key, p, ln["top"], y)
                assert abs(ln["x0"] - p[0]) <= TOL and abs(ln["x1"] - p[2]) <= TOL      # across the piece
            checked += 1
    assert checked == 60


@pytest.mark.parametrize("key", ["color", "bw"])
def test_no_other_stroke_lies_over_a_fold(sheets, key):
    for page in sheets[key].pages:
        solid = other_horizontal_strokes(page)
        for ln in fold_lines(page):
            y = ln["top"]
            over = [s for s in solid if abs(s[0] - y) < 0.5 and min(s[2], ln["x1"]) - max(s[1], ln["x0"]) > 1]
            assert not over, (key, page.page_number, y, over[:3])


@pytest.mark.parametrize("key", ["color", "half-a4"])
def test_neighbours_stand_a_gutter_apart(sheets, key):
    """Each piece is cut out on its own, a gutter from the next across and below: a cut that strays
    spoils one piece, not two (n pieces in a row have 2 n vertical cut lines)."""
    from printgen.sheets.pieces.pack import GUTTER

    assert GUTTER >= 0.08 * PT                                     # 2 mm: room for scissors
    for page in sheets[key].pages:
        rows = defaultdict(list)
        for p in pieces(page):
            rows[round(p[1])].append(p)
        for row in rows.values():
            row.sort()
            for a, b in zip(row, row[1:]):
                assert abs(b[0] - a[2] - GUTTER) <= TOL, (key, a, b)
            edges = {round(x, 1) for p in row for x in (p[0], p[2])}
            assert len(edges) == 2 * len(row)
        tops = sorted(rows)
        for a, b in zip(tops, tops[1:]):
            assert abs(b - rows[a][0][3] - GUTTER) <= 0.5, (key, a, b)


def test_glue_is_marked_and_the_page_has_a_legend(sheets):
    for page in sheets["bw"].pages:
        text = page.extract_text()
        n = len(pieces(page))
        assert text.count("glue") >= 3 * n + 1                     # two tabs and a strip a piece, the legend
        assert "cut: cut along it" in text and "fold: fold along it" in text and "glue: glue here" in text
        # hits are ticked in one place, the captain card (issue 44's readers found two or three tracks)
        assert "tick hits on its captain card, not on the base" in " ".join(text.split())


def test_each_nation_has_its_own_pattern_in_black_and_white(sheets):
    """Read the bases' patterns back; nations (and so the two sides) never share one, and every
    base of a nation has the same."""
    codes = {"GB": "British", "FR": "French", "ES": "Spanish"}
    found = defaultdict(set)
    for page in sheets["bw"].pages:
        for r in page.rects:
            if r["stroke"] and abs(r["width"] - 2 * PT) < 0.72 and abs(r["height"] - PT) < 0.72:
                b = box(r)
                words = "".join(ch["text"] for ch in page.chars if inside(ch, b, 0.1))
                (nation,) = [n for c, n in codes.items() if c in words]
                found[nation].add(fill_pattern(page, b))
    assert set(found) == {"British", "French", "Spanish"}
    assert all(len(p) == 1 for p in found.values()), found
    patterns = [next(iter(p)) for p in found.values()]
    assert len(set(patterns)) == 3, found
    assert found["British"] == {"plain"}


@pytest.mark.parametrize("key", ["color", "bw", "half-a4", "small-table"])
def test_piece_type_meets_the_floor_on_any_table(sheets, key):
    """At scale 1, at half scale and on a 4' x 3' table (0.53): the ships' names at least 7 pt (in
    two lines where one will not hold them), every other word on a piece at least 6 pt (a 4' x 3'
    table printed names at 4.5 pt and 'glue', 'STERN', 'BOW' at 3.2 pt)."""
    from printgen.draw.theme import TYPE
    from printgen.game.prepare import prepare

    assert TYPE.piece_name_min >= 7 and TYPE.piece_label >= 6
    name_words = {w for s in prepare("trafalgar")[0].fleet.ships for w in s.name.split()}
    sizes = {"name": [], "other": []}
    for page in sheets[key].pages:
        ps = pieces(page)
        for w in page.extract_words(extra_attrs=["size"]):
            if any(inside(w, p, 0.2) for p in ps):
                sizes["name" if w["text"] in name_words else "other"].append(w["size"])
    assert len(sizes["name"]) >= 2 * 60 and len(sizes["other"]) >= 3 * 60      # upright: on the near side and the base
    assert min(sizes["name"]) >= 7 - 0.01, min(sizes["name"])
    assert min(sizes["other"]) >= 6 - 0.01, min(sizes["other"])
