"""`printgen map`, measured on the printed PDF: the map's scale, the ships' rectangles and places,
the wind edges, the placement table, the traced numbers, the tiled full-size sheets; and the
command line's promises (same seed same bytes, --table says its factor, impossible requests)."""

import math
import re
from collections import Counter
from pathlib import Path

import pytest

from maprun import run_map

from pdfread import colours, is_grey, open_pdf
from printgen.draw.theme import BW, COLOUR, theme
from printgen.registry import get

LOOK = theme("color", get("broadside"))          # the colour theme with the family's nations

CASES = {"color": [], "again": [], "bw": ["--edition", "bw"], "seed-7": ["--seed", "7"],
         "half": ["--fraction", "0.5"], "twenty": ["--ships", "20"], "small": ["--table", "4x3ft"],
         "cm": ["--units", "cm", "--paper", "a4"], "tiled": ["--scale", "0.25", "--tiled"]}
SHIP_RGB = {n: LOOK.paint(f"ship.{n}").fill for n in ("British", "French", "Spanish")}    # the nations on the map
EDGE_RGB = {c: COLOUR.paint(f"edge.{c}").stroke for c in ("green", "yellow", "red")}   # the theme's edge colours


def rgb(hex_colour: str) -> tuple:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


def colour(c) -> tuple | None:
    """pdfplumber's colour as an RGB tuple (greys come as one number)."""
    if c is None:
        return None
    c = tuple(c) if isinstance(c, (list, tuple)) else (c,)
    return c * 3 if len(c) == 1 else c


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Each case run once through the command line: its folder, output, data and opened PDFs."""
    root = tmp_path_factory.mktemp("map")
    out = {}
    for name, args in CASES.items():
        out[name] = run_map("trafalgar", args, root / name)
    opened = []
    for name in ("color", "bw", "half", "small", "cm", "tiled"):
        for file, path in out[name]["pdfs"].items():
            out[name][file] = open_pdf(path)
            opened.append(out[name][file])
    yield out
    for pdf in opened:
        pdf.close()


def map_pdf(run):
    return next(v for k, v in run.items() if k.startswith("map-") and k.endswith(".pdf") and "tiled" not in k
                and not isinstance(v, Path))


def ratio_of(page) -> float:
    m = re.search(r"Map scale 1 : ([\d.]+)", page.extract_text())
    assert m, "the map says its scale"
    return float(m.group(1))


def table_rect(page):
    (t,) = [r for r in page.rects if r["width"] > 150 and r["height"] > 150]
    return t


def ship_shapes(page):
    """Every filled quadrilateral of a ship colour on the table: (nation, centre, long side, short side)."""
    t = table_rect(page)
    found = []
    nation_of = {rgb(v): k for k, v in SHIP_RGB.items()}
    for obj in page.rects + page.curves:
        fill = obj.get("non_stroking_color")
        nation = nation_of.get(tuple(fill) if isinstance(fill, (list, tuple)) else None)
        if nation is None or not obj["fill"] or (obj["object_type"] == "curve" and len(obj["pts"]) not in (4, 5)):
            continue
        if obj["object_type"] == "rect":
            pts = [(obj["x0"], obj["top"]), (obj["x1"], obj["top"]), (obj["x1"], obj["bottom"]), (obj["x0"], obj["bottom"])]
        else:
            pts = obj["pts"][:4]
        sides = sorted(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4))
        centre = (sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4)
        if t["x0"] < centre[0] < t["x1"] and t["top"] < centre[1] < t["bottom"]:
            found.append((nation, centre, sides[3], sides[0]))
    return found


# --- the map page --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case, scale", [("color", 1.0), ("small", 0.53), ("cm", 1.0)])
def test_table_and_ship_rectangles_measure_what_the_map_scale_says(runs, case, scale):
    run = runs[case]
    page = map_pdf(run).pages[0]
    ratio = ratio_of(page)
    unit_pt = 72.0 if case != "cm" else 2.5 * 72 / 2.54             # a game inch is 2.5 cm in cm mode
    k = unit_pt / ratio                                              # points on paper per table inch
    t = table_rect(page)
    assert t["width"] == pytest.approx(60 * scale * k, abs=0.05)
    assert t["height"] == pytest.approx(90 * scale * k, abs=0.05)
    ships = ship_shapes(page)
    assert Counter(n for n, *_ in ships) == {"British": 27, "French": 18, "Spanish": 15}
    for _, _, long_side, short_side in ships:
        assert long_side == pytest.approx(2 * scale * k, abs=0.05)
        assert short_side == pytest.approx(1 * scale * k, abs=0.05)


def test_full_size_map_is_one_inch_to_the_foot(runs):
    page = map_pdf(runs["color"]).pages[0]
    assert ratio_of(page) == 12
    assert table_rect(page)["width"] == pytest.approx(5 * 72) and table_rect(page)["height"] == pytest.approx(7.5 * 72)


@pytest.mark.parametrize("case", ["color", "small", "half"])
def test_ships_stand_on_the_map_where_the_data_puts_them(runs, case):
    run = runs[case]
    page = map_pdf(run).pages[0]
    k = 72.0 / ratio_of(page)
    t = table_rect(page)
    drawn = [((c[0] - t["x0"]) / k, (t["bottom"] - c[1]) / k) for _, c, _, _ in ship_shapes(page)]
    for r in run["data"]["placements"]:                              # inches on the (scaled) table
        assert min(math.dist((r["x"], r["y"]), d) for d in drawn) < 0.06, r["ship"]
    assert len(drawn) == len(run["data"]["placements"])


@pytest.mark.parametrize("case, grid_in, label", [("color", 12, "1 ft"), ("cm", 10, "25 cm")])
def test_scale_bar_and_grid_measure_the_scale(runs, case, grid_in, label):
    page = map_pdf(runs[case]).pages[0]
    unit_pt = 72.0 if case == "color" else 2.5 * 72 / 2.54
    step = grid_in * unit_pt / ratio_of(page)                        # one grid square on paper
    bar = [r for r in page.rects if abs(r["height"] - 4) < 0.01]
    assert bar and all(r["width"] == pytest.approx(step, abs=0.02) for r in bar)
    assert label in page.extract_text()
    t = table_rect(page)
    xs = sorted({round(ln["x0"], 2) for ln in page.lines if ln["x0"] == ln["x1"] and t["x0"] < ln["x0"] < t["x1"]
                 and ln["linewidth"] < 1 and ln["height"] > 0})           # not the dots of a dotted base
    assert len(xs) == int(60 / grid_in - 1e-6)
    assert all(b - a == pytest.approx(step, abs=0.02) for a, b in zip([t["x0"], *xs], xs))


def edges_on(page, by_colour: dict):
    """Wind-edge lines on the map: (side, from, to as fractions along the side from its start, colour)."""
    t = table_rect(page)
    found = []
    for ln in page.lines:
        colour = by_colour(ln)
        if colour is None:
            continue
        (x1, y1), (x2, y2) = ln["pts"]
        if abs(y1 - y2) < 0.1:
            side = "north" if abs(y1 - t["top"]) < 0.1 else "south" if abs(y1 - t["bottom"]) < 0.1 else None
            a, b = sorted(((x1 - t["x0"]) / t["width"], (x2 - t["x0"]) / t["width"]))
        else:
            side = "west" if abs(x1 - t["x0"]) < 0.1 else "east" if abs(x1 - t["x1"]) < 0.1 else None
            a, b = sorted(((t["bottom"] - y1) / t["height"], (t["bottom"] - y2) / t["height"]))
        if side:
            found.append((side, round(a, 3), round(b, 3), colour))
    return sorted(found)


SEED_EDGES = [("east", 0, 1, "green"), ("north", 0, 1, "yellow"), ("south", 0, 1, "green"),
              ("west", 0, 0.667, "yellow"), ("west", 0.667, 1, "red")]      # west measured from the south


def test_wind_edges_cover_the_perimeter_as_the_seed_says(runs):
    colour_of = {rgb(v): k for k, v in EDGE_RGB.items()}
    page = map_pdf(runs["color"]).pages[0]
    found = edges_on(page, lambda ln: colour_of.get(tuple(ln["stroking_color"])) if ln["linewidth"] > 3 else None)
    assert found == SEED_EDGES


def test_colour_edges_carry_the_black_and_white_patterns_too(runs):
    """Colour alone does not tell the edges apart: solid green, dashed yellow, dotted red."""
    page = map_pdf(runs["color"]).pages[0]
    kinds = {(): "green"}
    for ln in page.lines:
        d = ln["dash"][0] if ln.get("dash") else []
        if ln["linewidth"] > 3 and d:
            kinds[tuple(d)] = "red" if d[0] < 0.1 else "yellow"
    found = edges_on(page, lambda ln: kinds.get(tuple(ln["dash"][0])) if ln["linewidth"] > 3 else None)
    assert found == SEED_EDGES


def test_black_and_white_edges_differ_by_pattern_and_label(runs):
    page = map_pdf(runs["bw"]).pages[0]
    dashes = {tuple(round(d, 2) for d in BW.paint(f"edge.{c}").dash): c for c in ("green", "yellow", "red")}
    assert len(dashes) == 3                                                        # three patterns
    found = edges_on(page, lambda ln: dashes.get(tuple(round(d, 2) for d in ln["dash"][0]))
                     if ln["linewidth"] > 3 else None)
    assert found == SEED_EDGES
    text = page.extract_text()
    assert 'NORTH EDGE · YELLOW: half speed 3"' in text
    assert 'SOUTH EDGE · GREEN: wind behind, full speed 6"' in text
    t = table_rect(page)
    west = [c for c in page.chars if not c["upright"] and c["x1"] < t["x0"]]
    east = [c for c in page.chars if not c["upright"] and c["x0"] > t["x1"]]
    west_text = "".join(c["text"] for c in sorted(west, key=lambda c: (round(c["x0"]), -c["top"])))
    east_text = "".join(c["text"] for c in sorted(east, key=lambda c: (round(c["x0"]), c["top"])))
    assert "RED: into the wind" in west_text and "WEST EDGE · YELLOW" in west_text
    assert "EAST EDGE · GREEN: wind behind, full speed 6\"" in east_text
    used = colours(map_pdf(runs["bw"]))
    assert used and all(is_grey(c) for c in used)
    assert not all(is_grey(c) for c in colours(map_pdf(runs["color"])))


def test_legend_gives_speeds_wind_and_drift_from_the_rules(runs):
    def legend(page):
        return " ".join(page.crop((table_rect(page)["x1"] + 25, 0, page.width, page.height)).extract_text().split())

    text = legend(map_pdf(runs["color"]).pages[0])
    for words in ('wind behind: full speed, up to 6"', 'close-hauled: half speed, up to 3"',
                  "(reading of a damaged source)", "Wind from the NW", 'Drift: 3" to the SE', "flagship",
                  "Set-up code: 1805 (not a year"):
        assert words in text
    small = legend(map_pdf(runs["small"]).pages[0])
    assert 'full speed, up to 3.2"' in small and "scaled by 0.53" in small       # 6" x 0.53


# --- the placement table ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", ["color", "half", "cm"])
def test_placement_table_gives_every_ship_its_measurements(runs, case):
    from printgen.game.deploy_data import print_units_text
    from printgen.sheets.pieces.ensigns import nation_code

    run = runs[case]
    pdf = map_pdf(run)
    lines = [ln for page in pdf.pages[1:] for ln in page.extract_text().splitlines()]
    units = run["data"]["units"]
    for r in run["data"]["placements"]:
        want = [f"{r['number']} {r['ship']} {nation_code(r['nation'])}", print_units_text(r["x"], units), print_units_text(r["y"], units),
                f"{r['heading_deg']}° {r['heading']}", r["edge"]]
        row = [ln for ln in lines if re.search(rf"(^|\s){re.escape(want[0])} ", ln)]
        assert row, r["ship"]
        assert any(re.search(r"\s*".join(re.escape(w) for w in want), ln) for ln in row), (want, row)


@pytest.mark.parametrize("case", ["color", "small", "cm"])
def test_every_number_printed_is_traced_and_true(runs, case):
    from dataclasses import asdict

    import pdfplumber

    from printgen.check.numbers import Char, Context, check_page
    from printgen.draw.render import render
    from printgen.game.deploy import deploy
    from printgen.game.deploy_data import source_resolver
    from printgen.game.prepare import prepare
    from printgen.sheets.maps.deploy_map import map_sheets

    kw = {"color": {}, "small": {"table": "4x3ft"}, "cm": {"units": "cm", "paper": "a4"}}[case]
    s, o = prepare("trafalgar", **kw)
    rendered = render(map_sheets(s, deploy(s, o), o), o.edition, "pdf")
    assert rendered.files[0][1] == runs[case]["pdfs"][f"map-{o.edition}.pdf"].read_bytes()
    pdf = pdfplumber.open(runs[case]["pdfs"][f"map-{o.edition}.pdf"])
    extra = source_resolver(runs[case]["data"])
    problems = []
    for i, (page, flat) in enumerate(zip(pdf.pages, rendered.pages)):
        chars = [Char(c["text"], c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars]
        ctx = Context(s.ruleset, o.measure, s.fleet, s.title, i + 1, len(pdf.pages), extra=extra)
        problems += check_page(chars, [asdict(e) for e in flat.trace], ctx, "map.pdf")
    pdf.close()
    assert not problems, [str(p) for p in problems][:10]
    assert sum(len(flat.trace) for flat in rendered.pages) > 60 * 5        # numbers, positions, headings...


# --- the command line ------------------------------------------------------------------------------------------

def test_same_seed_same_bytes_another_seed_another_deployment(runs):
    a, b, c = runs["color"]["folder"], runs["again"]["folder"], runs["seed-7"]["folder"]
    for name in ("map-color.pdf", "deployment.json", "deployment.csv"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    assert (a / "map-color.pdf").read_bytes() != (c / "map-color.pdf").read_bytes()
    moved = sum(1 for p, q in zip(runs["color"]["data"]["placements"], runs["seed-7"]["data"]["placements"])
                if (p["x"], p["y"]) != (q["x"], q["y"]))
    assert moved > 40


@pytest.mark.parametrize("case, counts", [
    ("color", {"North": 12, "South": 15, "French": 18, "Spanish": 15}),
    ("half", {"North": 6, "South": 8, "French": 9, "Spanish": 7}),
    ("twenty", {"North": 4, "South": 5, "French": 6, "Spanish": 5}),
])
def test_counts_per_squadron(runs, case, counts):
    run = runs[case]
    assert Counter(r["squadron"] for r in run["data"]["placements"]) == counts
    names = {r["ship"] for r in run["data"]["placements"]}
    assert {"Victory", "Britannia", "Royal Sovereign", "Africa", "Santísima Trinidad", "Bucentaure"} <= names
    if case == "half":
        assert len(ship_shapes(map_pdf(run).pages[0])) == 30
        assert "Fleet reduced to 30 of 60 ships" in run["stdout"]


def test_table_option_says_the_factor(runs):
    run = runs["small"]
    assert "scaled by 0.53" in run["stdout"] and run["data"]["scale"] == 0.53
    assert run["data"]["table"] == {"east_west": pytest.approx(31.8), "north_south": pytest.approx(47.7)}


def test_cm_units_print_quarter_centimetres(runs):
    """Positions stand on tenths of an inch in either unit (issue 45: units never move a ship), so in
    centimetres they print to the quarter centimetre, exactly."""
    data = runs["cm"]["data"]
    assert data["units"] == "cm" and data["table"] == {"east_west": 150, "north_south": 225}
    for r in data["placements"]:
        assert r["x"] * 4 == int(r["x"] * 4) and r["y"] * 4 == int(r["y"] * 4)
    assert ratio_of(map_pdf(runs["cm"]).pages[0]) == 12.5


def test_impossible_requests_exit_2_with_a_message(run, tmp_path):
    code, _, err = run("map", "trafalgar", "--scale", "4", "--tiled", "--out", tmp_path / "x")
    assert code == 2 and "sheets" in err and "--table or --scale" in err and not (tmp_path / "x").exists()
    code, _, err = run("map", "trafalgar", "--ships", "2", "--out", tmp_path / "x")
    assert code == 2 and "from 4 (one ship a squadron) to 60" in err
    code, _, err = run("map", "trafalgar", "--table", "tiny", "--out", tmp_path / "x")
    assert code == 2 and "4x3ft" in err


# --- the tiled full-size map ----------------------------------------------------------------------------------
# At --scale 0.25 the table is 15" x 22.5". Letter landscape leaves a printed area of 10.2" x 6.35"
# (0.4" margins, the header and the footer every sheet has): with 0.5" overlaps that is 2 columns x 4 rows,
# 8 sheets (portrait, 7.7" x 8.85", would need 3 x 3), after an index sheet.
from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN  # noqa: E402

AREA_X, AREA_Y, AREA_W, AREA_H = MARGIN, MARGIN + HEADER, 792 - 2 * MARGIN, 612 - 2 * MARGIN - HEADER - FOOTER
STEP_W, STEP_H = AREA_W - 36, AREA_H - 36


def tile_of(page) -> tuple[int, int]:
    m = re.search(r"row ([A-Z]) of \d+, column (\d+) of \d+", page.extract_text())
    return ord(m.group(1)) - 65, int(m.group(2)) - 1


def test_tiled_sheet_count_and_labels(runs):
    pdf = runs["tiled"]["map-tiled-color.pdf"]
    assert len(pdf.pages) == 1 + 8
    assert "Table-size map: 8 sheets of a grid of 4 rows by 2" in pdf.pages[0].extract_text()
    tiles = [tile_of(p) for p in pdf.pages[1:]]
    assert tiles == [(r, c) for r in range(4) for c in range(2)]
    assert all(p.width == 792 and p.height == 612 for p in pdf.pages[1:])
    index = pdf.pages[0].extract_text()
    for label in ("A1", "A2", "B1", "D2"):
        assert label in index


def test_full_size_tiled_map_prints_no_sheet_without_content(tmp_path):
    """At full size most of the table is open water: only sheets with a base or a wind edge print, and
    the index names exactly those."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.sheets.maps.tiled_map import plan_tiles, tiled_sheets
    from printgen.sheets.page.write import write_sheet

    s, o = prepare("trafalgar")
    dep = deploy(s, o)
    path = write_sheet(tiled_sheets(s, dep, o), o, tmp_path, "map-tiled")[0]
    plan = plan_tiles(dep, o)
    base_fills = {rgb(LOOK.paint(f"base.{n}").fill) for n in ("British", "French", "Spanish")}
    with open_pdf(path) as pdf:
        sheets = pdf.pages[1:]
        assert 0 < len(sheets) < plan.sheets                   # open water left out
        for page in sheets:
            bases = [b for b in page.rects + page.curves if b["fill"] and colour(b.get("non_stroking_color")) in base_fills]
            edges = [ln for ln in page.lines if ln["linewidth"] > 3]
            assert bases or edges, tile_of(page)
        index = pdf.pages[0].extract_text()
        assert f"Table-size map: {len(sheets)} sheets" in index
        printed = {f"{chr(65 + r)}{c + 1}" for r, c in map(tile_of, sheets)}
        labels = set(re.findall(r"\b([A-K])\s?(\d+)\b", index))
        assert {a + b for a, b in labels} == printed


@pytest.mark.parametrize("name, scale", [("trafalgar", None), ("trafalgar", 0.25), ("sluys-1340", None)])
def test_a_tile_is_left_out_exactly_when_its_whole_sheet_would_be_open_water(name, scale):
    """The tiled map decides a sheet is open water from its bases and edges alone, before drawing the
    rest: never a sheet left out that would print a base, an edge or an edge's label, and a kept
    sheet is the very sheet drawn whole. A ship's box on the page (for that decision and to keep grid
    labels clear) is the box of its corners on the page, to the last bit."""
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.sheets.maps.tiled_map import NEEDED, _extent, _page_extent, _tag, on_table, plan_tiles, tile_page

    s, o = prepare(name, scale=scale)
    dep = deploy(s, o)
    plan = plan_tiles(dep, o)
    kept = 0
    for r in range(plan.rows):
        for c in range(plan.cols):
            whole = tile_page(s, dep, o, plan, r, c)
            short = tile_page(s, dep, o, plan, r, c, needed=True)
            assert (short is not None) == any(_tag(i).startswith(NEEDED) for i in whole.items), (r, c)
            if short is not None:
                kept += 1
                assert short.items == whole.items
            view = plan.view(r, c)
            for corners, extremes in on_table(dep):
                assert _page_extent(view, extremes) == _extent([view.pt(*q) for q in corners])
    assert 0 < kept


def test_tiles_overlap_by_half_an_inch_and_share_crosshairs(runs):
    pdf = runs["tiled"]["map-tiled-color.pdf"]
    marks = {}
    for page in pdf.pages[1:]:
        r, c = tile_of(page)
        strips = {(round(s["x0"], 1), round(s["top"], 1), round(s["width"], 1), round(s["height"], 1))
                  for s in page.rects if colour(s["non_stroking_color"]) == (0.93, 0.93, 0.93)}      # map.overlap
        assert sorted(min(w, h) for _, _, w, h in strips) == [36.0] * (int(c == 0) + int(r < 3))
        circles = [cv for cv in page.curves if abs(cv["width"] - 10) < 0.1 and abs(cv["height"] - 10) < 0.1]
        # crosshair centres in table inches from the west edge and the north edge
        marks[(r, c)] = {(round(((cv["x0"] + cv["x1"]) / 2 - AREA_X + c * STEP_W) / 72, 3),
                          round(((cv["top"] + cv["bottom"]) / 2 - AREA_Y + r * STEP_H) / 72, 3)) for cv in circles}
    for (r, c), pts in marks.items():
        for nb in ((r, c + 1), (r + 1, c)):
            if nb in marks:
                shared = pts & marks[nb]
                assert len(shared) == 2, ((r, c), nb, pts, marks[nb])


def test_tiles_print_the_table_at_its_own_size(runs):
    pdf = runs["tiled"]["map-tiled-color.pdf"]
    data = runs["tiled"]["data"]
    full = 0
    for page in pdf.pages[1:]:
        r, c = tile_of(page)
        # the grid line 12" from the west edge of the table falls on column 2, 12 - 9.7 = 2.3" into the sheet
        verticals = {round(ln["x0"], 1) for ln in page.lines if ln["x0"] == ln["x1"] and ln["linewidth"] < 1
                     and ln["height"] > 30}                              # grid lines (not crosshairs)
        if c == 1:
            assert round(AREA_X + (12 - STEP_W / 72) * 72, 1) in verticals
        else:
            assert not any(AREA_X < x < AREA_X + AREA_W for x in verticals)
        nation_of = {rgb(LOOK.paint(f"base.{n}").fill): n for n in ("British", "French", "Spanish")}
        for cv in page.curves:
            if nation_of.get(colour(cv["non_stroking_color"])) and len(cv["pts"]) == 5:
                pts = cv["pts"][:4]
                sides = sorted(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4))
                inside = all(AREA_X + 0.5 < x < AREA_X + AREA_W - 0.5 and AREA_Y + 0.5 < y < AREA_Y + AREA_H - 0.5
                             for x, y in pts)
                if inside:                                              # not cut by the sheet's edge
                    assert sides[0] == pytest.approx(0.25 * 72, abs=0.05) and sides[3] == pytest.approx(0.5 * 72, abs=0.05)
                    full += 1
                    cx = (sum(p[0] for p in pts) / 4 - AREA_X) / 72 + c * STEP_W / 72
                    cy = 22.5 - ((sum(p[1] for p in pts) / 4 - AREA_Y) / 72 + r * STEP_H / 72)
                    assert min(math.dist((cx, cy), (q["x"], q["y"])) for q in data["placements"]) < 0.01
    assert full >= 55                      # a base straddling a sheet's edge is cut on both sheets
