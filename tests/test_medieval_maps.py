"""The second ruleset (the medieval fragment, system "sectors") through the deployment, the maps,
the rulers, the captain cards and the teacher's sheet, with Sluys 1340: bases per ship type, the
English out of bow range, the French in three chained lines, no coloured edges (the wind's angle
instead), every printed number traced and true. Geometry is measured here afresh, from the
ruleset file and the printed PDF, not with the generator's own functions."""

from __future__ import annotations

from types import SimpleNamespace

import itertools
import json
import math
import re
import tomllib
from collections import Counter
from dataclasses import asdict

import pytest

from maprun import run_map
from pdfread import says
from rectgeom import gap, rect_corners

from pdfread import colours, is_grey, open_pdf
from printgen import paths
from printgen.draw.theme import theme
from printgen.registry import get

LOOK = theme("color", get("sectors"))            # the colour theme with the family's nations
from printgen.game.deploy import deploy
from printgen.game.prepare import prepare

RULES = tomllib.loads((paths.rulesets_dir() / "medieval-fragment.toml").read_text(encoding="utf-8"))
SCENARIO = tomllib.loads((paths.fleets_dir() / "sluys-1340" / "scenario.toml").read_text(encoding="utf-8"))
BASES = {k: tuple(t["base_in"]) for k, t in RULES["types"].items()}
ROUND = {k for k, t in RULES["types"].items() if t["round_ship"]}
BOW_RANGE = max(b for _, b in RULES["missile"]["range_in"].values())            # 12", a default of the ruleset
NO_GO = RULES["movement"]["round_ship_min_angle_to_wind_deg"]
SHIP_RGB = {n: LOOK.paint(f"ship.{n}").fill for n in ("English", "French", "Genoese")}    # the nations on the map

CASES = {"full": {}, "half": {"fraction": 0.5}, "small-table": {"table": "3x2ft"}, "cm": {"units": "cm"},
         "seed-7": {"seed": 7}}


@pytest.fixture(scope="module")
def deployments():
    out = {}
    for name, kw in CASES.items():
        s, o = prepare("sluys-1340", **kw)
        out[name] = (s, o, deploy(s, o))
    return out


def corners(p, scale):
    """Base corners from the placement and the ruleset's base for its type: x east, y north."""
    length, width = (v * scale for v in BASES[p.ship.type])
    return rect_corners(p.x_in, p.y_in, p.heading_deg, length, width)


# --- the deployment ---------------------------------------------------------------------------------------------

def test_every_squadron_is_placed_whole_or_in_proportion(deployments):
    s, _, dep = deployments["full"]
    want = {name: sq["ships"] for name, sq in SCENARIO["squadrons"].items()}
    assert Counter(p.ship.squadron for p in dep.placements) == want
    assert [p.ship for p in dep.placements] == list(s.fleet.ships)
    _, _, half = deployments["half"]
    assert Counter(p.ship.squadron for p in half.placements) == {
        "First division": 4, "Second division": 4, "First line": 2, "Second line": 2, "Third line": 2,
        "Genoese galleys": 1}
    assert {"Cog Thomas", "Christopher", "Barbavera's galley"} <= {p.ship.name for p in half.placements}


@pytest.mark.parametrize("case", list(CASES))
def test_each_ship_stands_on_its_own_type_s_base(deployments, case):
    _, o, dep = deployments[case]
    for p in dep.placements:
        assert (p.length_in, p.width_in) == pytest.approx(tuple(v * o.scale for v in BASES[p.ship.type]))
    assert len({(p.length_in, p.width_in) for p in dep.placements}) == len({p.ship.type for p in dep.placements}) > 1
    for p in dep.placements:
        assert [v for pt in dep.corners(p) for v in pt] == pytest.approx([v for pt in corners(p, o.scale) for v in pt])


@pytest.mark.parametrize("case", list(CASES))
def test_no_two_bases_touch_and_all_are_on_the_table(deployments, case):
    _, o, dep = deployments[case]
    assert (dep.width_in, dep.height_in) == pytest.approx((72 * o.scale, 48 * o.scale))
    polys = [corners(p, o.scale) for p in dep.placements]
    for poly in polys:
        assert all(0 <= x <= dep.width_in and 0 <= y <= dep.height_in for x, y in poly)
    closest = min(gap(a, b) for a, b in itertools.combinations(polys, 2))
    assert closest >= 0.35 * o.scale, closest


@pytest.mark.parametrize("case", list(CASES))
def test_english_start_west_and_out_of_bow_range_of_every_french_base(deployments, case):
    s, o, dep = deployments[case]
    assert s.ruleset.long_range_in() == BOW_RANGE == 12
    assert dep.long_range_in == pytest.approx(BOW_RANGE * o.scale)
    english, french = dep.side("english"), dep.side("french")
    assert max(p.x_in for p in english) < min(p.x_in for p in french)
    closest = min(gap(corners(e, o.scale), corners(f, o.scale)) for e in english for f in french)
    assert closest > BOW_RANGE * o.scale, closest
    assert all(abs(p.heading_deg - 90) <= 5 for p in english)                   # heading east, the wind behind


@pytest.mark.parametrize("case", ["full", "half", "small-table", "seed-7"])
def test_french_lie_in_three_chained_lines_heading_north(deployments, case):
    _, o, dep = deployments[case]
    s = o.scale
    french = dep.side("french")
    assert dep.line_columns == 3 and dep.line_form == "squadrons"
    assert all(p.group == "line" and min(p.heading_deg, 360 - p.heading_deg) <= 3 for p in french)
    # three columns of x, each holding whole squadrons: west to east First, Second, Third line (+ Genoese)
    xs = sorted(p.x_in for p in french)
    breaks = [b for a, b in zip(xs, xs[1:]) if b - a > 2 * s]
    assert len(breaks) == 2, xs
    column = {p.ship.name: sum(p.x_in >= b for b in breaks) for p in french}
    by_squadron = {}
    for p in french:
        by_squadron.setdefault(p.ship.squadron, set()).add(column[p.ship.name])
    assert by_squadron == {"First line": {0}, "Second line": {1}, "Third line": {2}, "Genoese galleys": {2}}
    # within a line, bow to stern 1" to 2" apart (scenario line_gap_in), the Genoese behind the Third line
    for col in range(3):
        ships = sorted((p for p in french if column[p.ship.name] == col), key=lambda p: -p.y_in)
        for a, b in zip(ships, ships[1:]):
            between = (a.y_in - a.length_in / 2) - (b.y_in + b.length_in / 2)
            assert 0.9 * s <= between <= 2.1 * s, (a.ship.name, b.ship.name, between)
        if col == 2:                                                              # the Genoese close up behind
            n = sum(p.ship.squadron == "Genoese galleys" for p in ships)
            assert [p.ship.squadron for p in ships][-n:] == ["Genoese galleys"] * n
    top = max(y for p in french for _, y in corners(p, s))
    assert dep.height_in - top == pytest.approx(3 * s, abs=0.35 * s)             # line_start_from_north_in


@pytest.mark.parametrize("case", list(CASES))
def test_no_round_ship_starts_pointing_into_the_wind(deployments, case):
    _, _, dep = deployments[case]
    assert dep.wind_from == RULES["table"]["wind_from"] == "W"
    for p in dep.placements:
        off = min(abs(p.heading_deg - 270) % 360, 360 - abs(p.heading_deg - 270) % 360)
        assert dep.off_wind(p) == round(off)
        if p.ship.type in ROUND:
            assert off >= NO_GO
    assert not dep.edges and {p.edge for p in dep.placements} == {"none"}


def test_same_seed_same_deployment_another_seed_another(deployments):
    s, o, dep = deployments["full"]
    assert deploy(s, o) == dep
    _, _, other = deployments["seed-7"]
    assert sum((a.x_in, a.y_in) != (b.x_in, b.y_in) for a, b in zip(dep.placements, other.placements)) > 20


def test_a_wind_round_ships_cannot_sail_is_refused(scenario_dir):
    from printgen.errors import PrintgenError

    folder = scenario_dir(name="sluys-1340", ruleset={"table": {"wind_from": "N"}})
    s, o = prepare(str(folder))
    with pytest.raises(PrintgenError) as e:
        deploy(s, o)
    assert "round ships" in str(e.value) and "table.wind_from" in str(e.value)


def test_a_line_too_long_for_the_table_says_what_would_fit(scenario_dir, run, tmp_path):
    folder = scenario_dir(name="sluys-1340", scenario={"deployment": {"line_start_from_north_in": 30}})
    code, _, err = run("map", folder, "--out", tmp_path / "out")
    assert code == 2 and "7 ships are too many for the 'Third line' line" in err and "--fraction" in err, err
    assert not (tmp_path / "out").exists()


def test_the_data_files_give_type_base_and_angle_off_the_wind(deployments):
    from printgen.game.deploy_data import to_csv, to_json

    s, o, dep = deployments["cm"]
    data = json.loads(to_json(dep, s, o))
    thomas = next(r for r in data["placements"] if r["ship"] == "Cog Thomas")
    assert thomas["type"] == "cog" and (thomas["length"], thomas["width"]) == (6.5, 3)    # 2.5" x 1.25" at 2.5 cm
    assert thomas["edge"] == "none" and 170 <= thomas["off_wind_deg"] <= 180
    assert data["edges"] == [] and data["long_range"] == 30
    header = to_csv(dep, o).decode("utf-8-sig").splitlines()[0]
    assert header.endswith("edge,type,length,width,off_wind_deg")


# --- the map, read back from the PDF ----------------------------------------------------------------------------

MAP_CASES = {"color": [], "bw": ["--edition", "bw"], "half": ["--fraction", "0.5"], "small": ["--table", "3x2ft"],
             "cm": ["--units", "cm", "--paper", "a4"], "tiled": ["--scale", "0.25", "--tiled"]}


@pytest.fixture(scope="module")
def maps(tmp_path_factory):
    root = tmp_path_factory.mktemp("sluys-map")
    out = {}
    for name, args in MAP_CASES.items():
        out[name] = run_map("sluys-1340", args, root / name)
    return out


def rgb(hex_colour: str) -> tuple:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


def table_rect(page):
    (t,) = [r for r in page.rects if r["width"] > 150 and r["height"] > 100]
    return t


def ship_shapes(page):
    """Filled quadrilaterals of a nation's colour on the table: (nation, centre, long side, short side)."""
    t = table_rect(page)
    nation_of = {rgb(v): k for k, v in SHIP_RGB.items()}
    found = []
    for obj in page.rects + page.curves:
        fill = obj.get("non_stroking_color")
        nation = nation_of.get(tuple(fill) if isinstance(fill, (list, tuple)) else None)
        if nation is None or not obj["fill"] or (obj["object_type"] == "curve" and len(obj["pts"]) not in (4, 5)):
            continue
        pts = obj["pts"][:4] if obj["object_type"] == "curve" else [
            (obj["x0"], obj["top"]), (obj["x1"], obj["top"]), (obj["x1"], obj["bottom"]), (obj["x0"], obj["bottom"])]
        sides = sorted(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4))
        centre = (sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4)
        if t["x0"] < centre[0] < t["x1"] and t["top"] < centre[1] < t["bottom"]:
            found.append((nation, centre, sides[3], sides[0]))
    return found


def ratio_of(page) -> float:
    return float(re.search(r"Map scale 1 : ([\d.]+)", page.extract_text()).group(1))


@pytest.mark.parametrize("case, scale, units", [("color", 1.0, "in"), ("small", 0.5, "in"), ("cm", 1.0, "cm")])
def test_map_draws_every_ship_on_its_type_s_base_where_the_data_says(maps, case, scale, units):
    run = maps[case]
    pdf = open_pdf(next(p for n, p in run["pdfs"].items() if n.startswith("map-") and "tiled" not in n))
    page = pdf.pages[0]
    unit_pt = 72.0 if units == "in" else 2.5 * 72 / 2.54
    k = unit_pt / ratio_of(page)
    t = table_rect(page)
    assert (t["width"], t["height"]) == pytest.approx((72 * scale * k, 48 * scale * k), abs=0.05)
    ships = ship_shapes(page)
    assert Counter(n for n, *_ in ships) == {"English": 14, "French": 13, "Genoese": 3}
    by_place = []
    for r in run["data"]["placements"]:
        length, width = (v * scale * k for v in BASES[r["type"]])
        x, y = (r["x"] if units == "in" else r["x"] / 2.5), (r["y"] if units == "in" else r["y"] / 2.5)
        px, py = t["x0"] + x * k, t["bottom"] - y * k
        nation, _, long_side, short_side = min(ships, key=lambda sh: math.dist(sh[1], (px, py)))
        assert nation == r["nation"] and math.dist(_, (px, py)) < 0.1 * k, r["ship"]
        assert (long_side, short_side) == pytest.approx((length, width), abs=0.05), r["ship"]
        by_place.append(r["ship"])
    assert len(set(by_place)) == 30
    pdf.close()


def test_legend_gives_the_wind_and_its_meaning_from_the_rules_and_no_drift(maps):
    pdf = open_pdf(maps["color"]["pdfs"]["map-color.pdf"])
    page = pdf.pages[0]
    t = table_rect(page)
    below = [page.crop((x - 1, t["bottom"] + 20, x + 168, page.height)) for x in (28.8, 200.8, 372.8)]     # 3 columns
    text = " ".join(" ".join((c.extract_text() or "").split()) for c in below)
    for words in ("Wind and sailing", "Wind from the W", "round ships cannot steer within 60° (reading of a damaged source) of the wind",
                  "within 45° (reading of a damaged source) of dead downwind adds 1\" to its move",
                  "Mediterranean galley 3\" × 0.75\" (not from the source)", "Cog (round ship) 2.5\" × 1.25\"", "English", "Genoese"):
        assert words in text, words
    assert "Drift" not in text and "drift" not in text and "yarn" not in text
    assert not [ln for ln in page.lines if ln["linewidth"] > 3]                  # no coloured wind edges
    assert "WEST EDGE · wind from the W" in west_text(page, t["x0"])
    table = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages[1:])
    assert "Off wind" in table and "First chained line, from its head (north) to its rear" in table
    names = {key: t.name for key, t in prepare("sluys-1340")[0].ruleset.types.items()}   # printed by name
    for r in maps["color"]["data"]["placements"]:
        assert re.search(rf"{r['number']} {re.escape(r['ship'])} \w+ {re.escape(names[r['type']])} .*?{r['off_wind_deg']}°",
                         table), r
    pdf.close()


def test_black_and_white_map_is_grey_and_tells_nations_by_pattern(maps):
    pdf = open_pdf(maps["bw"]["pdfs"]["map-bw.pdf"])
    assert all(is_grey(c) for c in colours(pdf))
    page = pdf.pages[0]
    t = table_rect(page)
    dots = [ln for ln in page.lines if ln["width"] == ln["height"] == 0 and ln["linewidth"] < 3    # round-capped points
            and t["x0"] < ln["x0"] < t["x1"] and t["top"] < ln["top"] < t["bottom"]]
    assert len(dots) >= 9                                     # the Genoese are dotted: three galleys, three dots each
    pdf.close()


@pytest.mark.parametrize("case", ["color", "small", "cm", "half"])
def test_every_number_on_the_map_is_traced_and_true(maps, case):
    from printgen.check.numbers import Char, Context, check_page
    from printgen.draw.render import render
    from printgen.game.deploy_data import source_resolver
    from printgen.sheets.maps.deploy_map import map_sheets

    kw = {"color": {}, "small": {"table": "3x2ft"}, "cm": {"units": "cm", "paper": "a4"}, "half": {"fraction": 0.5}}[case]
    s, o = prepare("sluys-1340", **kw)
    rendered = render(map_sheets(s, deploy(s, o), o), o.edition, "pdf")
    path = maps[case]["pdfs"][f"map-{o.edition}.pdf"]
    assert rendered.files[0][1] == path.read_bytes()
    pdf = open_pdf(path)
    extra = source_resolver(maps[case]["data"])
    problems = []
    for i, (page, flat) in enumerate(zip(pdf.pages, rendered.pages)):
        chars = [Char(c["text"], c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars]
        ctx = Context(s.ruleset, o.measure, s.fleet, s.title, i + 1, len(pdf.pages), extra=extra)
        problems += check_page(chars, [asdict(e) for e in flat.trace], ctx, "map.pdf")
    pdf.close()
    assert not problems, [str(p) for p in problems][:10]
    sources = {tuple(e.source) for flat in rendered.pages for e in flat.trace}
    for key in ("movement.round_ship_min_angle_to_wind_deg", "movement.with_wind_within_deg",
                "movement.with_wind_bonus_in"):
        assert ("rule", key) in sources
    assert sum(1 for src in sources if src[0] == "deploy" and src[2] == "off_wind") == len(s.fleet.ships)


def test_tiled_map_prints_the_bases_at_table_size(maps):
    run = maps["tiled"]
    pdf = open_pdf(run["pdfs"]["map-tiled-color.pdf"])
    text = pdf.pages[0].extract_text()
    m = re.search(r"Table-size map: (\d+) sheets", text)
    assert m and int(m.group(1)) == len(pdf.pages) - 1
    sizes = Counter()
    for page in pdf.pages[1:]:
        for cv in page.curves:
            if len(cv.get("pts", [])) == 5 and colour_of(cv) in {rgb(LOOK.paint(f"base.{n}").fill) for n in ("English", "French", "Genoese")}:
                pts = cv["pts"][:4]
                sides = sorted(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4))
                sizes[(round(sides[3] / 18, 2), round(sides[0] / 18, 2))] += 1    # quarter scale: 18 pt a rule inch
    full = {(round(length, 2), round(width, 2)) for length, width in BASES.values()}
    assert {s for s in sizes if s in full} >= {(2.5, 1.25), (3.0, 0.75)}
    assert any("WEST EDGE · wind from the W" in west_text(p, 60) for p in pdf.pages[1:])
    pdf.close()


def west_text(page, right: float) -> str:
    """Words read bottom to top (turned a quarter) left of x = right."""
    chars = [c for c in page.chars if not c["upright"] and c["x1"] < right]
    return "".join(c["text"] for c in sorted(chars, key=lambda c: (round(c["x0"]), -c["top"])))


def colour_of(obj) -> tuple | None:
    c = obj.get("non_stroking_color")
    if c is None:
        return None
    c = tuple(c) if isinstance(c, (list, tuple)) else (c,)
    return c * 3 if len(c) == 1 else c


# --- rulers and gauges ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rulers(tmp_path_factory):
    from printgen.sheets.gauges.rulers import ruler_sheets
    from tracecheck import render_and_read

    out = {}
    for name, kw in {"full": {}, "half": {"table": "3x2ft"}, "cm": {"units": "cm", "paper": "a4", "edition": "bw"},
                     "trafalgar": {}}.items():
        s, o = prepare("trafalgar" if name == "trafalgar" else "sluys-1340", **kw)
        pdf, traces = render_and_read(ruler_sheets(s, o), o, tmp_path_factory.mktemp("rulers") / f"{name}.pdf")
        out[name] = (pdf, traces, s, o)
    yield out
    for pdf, *_ in out.values():
        pdf.close()


@pytest.mark.parametrize("case", ["full", "half", "cm", "trafalgar"])
def test_every_number_on_the_rulers_is_traced_and_true(rulers, case):
    from tracecheck import discrepancies

    pdf, traces, s, o = rulers[case]
    assert discrepancies(pdf, traces, s, o) == []


def test_a_movement_stick_for_each_ship_type_of_the_fleet(rulers):
    from tracecheck import printed

    pdf, traces, s, o = rulers["full"]
    text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    present = {sh.type for sh in s.fleet.ships}
    for key, t in RULES["types"].items():
        assert (f"Movement stick: {t['name']}" in text) == (key in present), key
        if key in present:
            assert printed(pdf, traces, ("rule", f"types.{key}.speed_in")) == [f'{t["speed_in"]:g}"']
            assert printed(pdf, traces, ("rule", f"types.{key}.attack_speed_in")) == [f'{t["attack_speed_in"]:g}"']
    assert "speeds not from the source" in text and "ranges not from the source" in text
    # each stick is as long as its furthest mark: move + the with-wind bonus, or the attack speed
    bonus = RULES["movement"]["with_wind_bonus_in"]
    want = sorted(max(RULES["types"][k]["speed_in"] + bonus, RULES["types"][k]["attack_speed_in"]) for k in present)
    cut = sorted(round(r["width"] / 72, 2) for p in pdf.pages for r in p.rects
                 if abs(r["height"] - 54) < 0.01 and not r["fill"] and r["stroke"])             # the cut lines
    assert [w for w in want if w * 72 <= 554] == [c for c in cut if c in want]


def test_half_size_rulers_halve_the_distances_not_the_angles(rulers):
    from tracecheck import printed

    pdf, traces, *_ = rulers["half"]
    assert printed(pdf, traces, ("rule", "types.cog.speed_in")) == ['2"']
    assert set(printed(pdf, traces, ("rule", "movement.with_wind_bonus_in"))) == {'0.5"'}
    assert set(printed(pdf, traces, ("rule", "missile.range_in.long.1"))) == {'6"'}
    assert set(printed(pdf, traces, ("rule", "movement.furl_within_in"))) == {'3"'}
    assert set(printed(pdf, traces, ("rule", "movement.round_ship_min_angle_to_wind_deg"))) == {"60°"}
    assert set(printed(pdf, traces, ("rule", "movement.sweep_step_deg"))) == {"45°"}


def test_sweep_template_and_wind_gauge_carry_the_source_s_angles(rulers):
    from tracecheck import printed

    pdf, traces, *_ = rulers["full"]
    text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    for words in ("Sweep template", "Wind gauge", "Furl gauge", "alter course 45° and move forward",
                  "two moves in a sweep"):
        assert words in text, words
    # the sentence beside the gauge, read in text order: a label of the drawing beside it may fall between its words
    assert re.search(r"Round ships cannot point (?:\d+° )?within 60° \(reading of a damaged source\) of the wind", text), text
    assert printed(pdf, traces, ("rule", "movement.sweep_turn_deg")).count("90°") >= 3
    assert printed(pdf, traces, ("rule", "movement.with_wind_within_deg")).count("45°") >= 3
    assert "one" in printed(pdf, traces, ("rule", "movement.unfurl_turns"))


def test_black_and_white_rulers_in_cm_are_grey(rulers):
    from tracecheck import printed

    pdf, traces, *_ = rulers["cm"]
    assert all(is_grey(c) for c in colours(pdf))
    assert printed(pdf, traces, ("rule", "types.med-galley.attack_speed_in")) == ["22.5 cm"]


def test_each_system_picks_its_own_gauges(rulers):
    from printgen import registry

    GAUGES = {name: registry.get(name).gauges() for name in registry.known()}
    assert set(GAUGES) == {"broadside", "sectors"}
    pdf, *_ = rulers["trafalgar"]
    text = " ".join(p.extract_text() for p in pdf.pages)
    assert "Turn template" in text and "Wind and drift" in text and "Range ruler" in text
    assert "Sweep" not in text and "Wind gauge" not in text and "not from the source" not in text


# --- captain cards and the teacher's sheet ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    from printgen.game.students import assign
    from printgen.sheets.text.cards import card_sheets
    from printgen.sheets.text.teacher import teacher_sheet
    from tracecheck import render_and_read

    s, o = prepare("sluys-1340")
    dep = deploy(s, o)
    captains = assign(s, 24)
    where = tmp_path_factory.mktemp("sheets")
    from printgen.registry.documents import AUDIENCE

    token = AUDIENCE.set("pupil")                       # as the kit draws the captain cards
    try:
        cards = card_sheets(s, o, "captains.md.j2", "Captain cards", captains=captains, deployment=dep)
    finally:
        AUDIENCE.reset(token)
    docs = {"captains": cards, "teacher": teacher_sheet(s, o, captains)}
    out = {k: render_and_read(d, o, where / f"{k}.pdf") for k, d in docs.items()}
    yield out, s, o, dep
    for pdf, _ in out.values():
        pdf.close()


@pytest.mark.parametrize("kind", ["captains", "teacher"])
def test_every_ship_is_on_the_sheet_and_every_number_is_true(sheets, kind):
    from printgen.check.numbers import Char, Context, check_page
    from printgen.game.deploy_data import source_resolver, to_json

    docs, s, o, dep = sheets
    pdf, traces = docs[kind]
    named = {e["source"][1] for t in traces for e in t if e["source"][0] == "fleet" and e["source"][2] == "name"}
    assert named == {sh.key for sh in s.fleet.ships}
    extra = source_resolver(json.loads(to_json(dep, s, o)))
    problems = []
    for i, page in enumerate(pdf.pages):
        chars = [Char(c["text"], c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars]
        ctx = Context(s.ruleset, o.measure, s.fleet, s.title, i + 1, len(pdf.pages), extra=extra,
                      plan=SimpleNamespace(scenario=s))          # the scenario's marks (its story's readings)
        problems += check_page(chars, traces[i], ctx, f"{kind}.pdf")
    assert not problems, [str(p) for p in problems][:10]


def test_captain_cards_give_type_speeds_start_and_no_damage_boxes(sheets):
    """Damage is kept in one place, the record cards: the captain cards refer to them. A chained
    ship's card says it does not move and prints no speeds (issue 27)."""
    docs, s, o, dep = sheets
    pdf, traces = docs["captains"]
    sources = Counter(tuple(e["source"]) for t in traces for e in t)
    for sh in s.fleet.ships:          # what a pupil measures: half inches or whole cm, a compass point (issue 44)
        for what in ("x_measured", "y_measured", "point"):
            assert sources[("deploy", sh.key, what)] == 1, (sh.key, what)
        assert not [w for w in ("x", "y", "heading") if sources[("deploy", sh.key, w)]]     # no tenths, no degrees
    galleys = [sh for sh in s.fleet.ships if sh.type == "med-galley"]
    free = [sh for sh in galleys if sh.squadron not in s.file.fleet.chained]
    assert len(galleys) == 4 and len(free) == 3
    assert sources[("rule", "types.med-galley.attack_speed_in")] == len(free)     # a row each, the chained one none
    boxes = sum(1 for p in pdf.pages for r in p.rects
                if abs(r["width"] - r["height"]) < 0.01 and 3 < r["width"] < 20 and r["linewidth"] == pytest.approx(0.8))
    assert boxes == 0
    assert len(pdf.pages) == 6                                    # four cards a page for 24 captains
    pages = [" ".join(p.extract_text().split()) for p in pdf.pages]
    text = " ".join(pages)
    assert "Damage: tick it on each ship's record card" in text
    assert says(text, "Chained: your ships are chained to their line and do not move all game")
    assert text.count("Chained:") == sum(
        1 for c in __import__("printgen.game.students", fromlist=["assign"]).assign(s, 24) if c.squadron in s.file.fleet.chained)
    assert "not from the source" not in text and "reading of a damaged source" not in text
    assert "Your ships: speed and bowmen\u2020" in text
    assert all("\u2020 not in the old rules: filled in for this game." in p for p in pages)


def test_teacher_sheet_sets_up_the_chained_lines_and_marks_the_default_turn(sheets):
    docs, s, *_ = sheets
    pdf, _ = docs["teacher"]
    text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    for words in ("Table: 4 ft north to south by 6 ft west to east (not from the source)", "Wind from the W",
                  "First chained line; Second chained line; Third chained line with Barbavera's Genoese galleys",
                  "The English come in from the west", "A turn, step by step (not from the source)",
                  "a movement stick for each ship type"):
        assert words in text, words
    for phase in s.ruleset.sequence.phases:
        assert phase in text
