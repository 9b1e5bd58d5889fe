"""Deployment positions on the map measured against deployment.json. A map page traces its table
outline (the meaning "table"); the checker finds that rectangle in the PDF, takes the map's scale
from its width and the table's width in deployment.json, and then, for every placement of the file,
computes the four corners of the ship's base (its centre, heading and base size, as the file gives
them, in print units) and looks for a drawn outline with those corners, to within TOL_IN inches of
the table scaled to the map. Each ship's number, printed beside its base, must touch it (NEAR_PT).
Read from the PDF paths by pdfium; the drawing code is not used."""

from __future__ import annotations

import ctypes
import json
import math

from printgen.check.numbers import Discrepancy
from printgen.units import CM_PER_GAME_IN

TOL_IN = 0.01        # on the table: a base drawn further off than this is in the wrong place
MIN_PT = 0.03        # the PDF's own rounding (two decimals of a point), when the map is very small
NEAR_PT = 8.0        # a ship's number sits within this of its base (a point's gap, and a flagship's star before it)
EDGE = "table"


def table_entries(shapes: list[dict]) -> list[dict]:
    return [e for e in shapes if e.get("shape", {}).get("edge") == EDGE]


def check_deployment(page, shapes: list[dict], words: list[dict], plan, file: str, n: int) -> list[Discrepancy]:
    """Every base of deployment.json on each map the page traces (most pages trace none)."""
    tables = table_entries(shapes)
    if not tables:
        return []
    from printgen.check.geometry import TOL_PT

    data = deployment_file(plan)[1]                          # as deployment.json holds it
    inch = CM_PER_GAME_IN if data["units"] == "cm" else 1.0
    rects = [p for p in page.paths if p.kind == "rect"]
    outlines = _outlines(page.page, page.height)
    out = []
    for t in tables:
        x0, top, x1, bottom = t["bbox"]
        drawn = next((r for r in rects if abs(r.x0 - x0) <= TOL_PT and abs(r.top - top) <= TOL_PT
                      and abs(r.x1 - x1) <= TOL_PT and abs(r.bottom - bottom) <= TOL_PT), None)
        if drawn is None:
            out.append(Discrepancy(file, n, "the map's table outline is not drawn where the map says", tuple(t["bbox"])))
            continue
        k = drawn.w / data["table"]["east_west"]                          # points per print unit on this map
        tall = drawn.h / k
        if abs(tall - data["table"]["north_south"]) > TOL_IN * inch:
            out.append(Discrepancy(file, n, f"the map's table is {tall:.2f} {data['units']} north to south, "
                                            f"deployment.json says {data['table']['north_south']:g}", tuple(t["bbox"])))
            continue
        tol = max(TOL_IN * inch * k, MIN_PT)
        near = _near(outlines, tol)
        for p in data["placements"]:
            want = corners(p, base_size(p, plan, inch), drawn.x0, drawn.bottom, k)
            if not any(_same(want, got, tol) for got in near(*want[0])):
                cx, cy = sum(q[0] for q in want) / 4, sum(q[1] for q in want) / 4
                out.append(Discrepancy(file, n, f"{p['ship']}: no base drawn at x {p['x']:g}, y {p['y']:g} {data['units']}, "
                                                f"heading {p['heading_deg']:g}° as deployment.json places it "
                                                f"(to {TOL_IN:g}\" on the table)", (cx - 4, cy - 4, cx + 4, cy + 4)))
                continue
            out += _number_by(p, want, words, plan, file, n)
    return out


def deployment_file(plan) -> tuple[bytes, dict]:
    """deployment.json as the plan gives it, its bytes and its data (not to be changed): made once a
    plan and deployment, not once a page (every document's check reads it, for the map's positions)."""
    from printgen.game.deploy_data import to_json

    cached = plan.__dict__.get("_deployment_file")
    if cached is None or cached[0] is not plan.deployment or cached[1] != plan.options:
        data = to_json(plan.deployment, plan.scenario, plan.options)
        cached = plan.__dict__["_deployment_file"] = (plan.deployment, plan.options, data, json.loads(data))
    return cached[2], cached[3]


def corners(p: dict, size: tuple[float, float], west: float, south: float, k: float) -> list[tuple[float, float]]:
    """The page corners of a placement's base (`size`: its length and width in print units): x east
    of the west edge, y north of the south edge."""
    length, width = size
    cx, cy = west + p["x"] * k, south - p["y"] * k
    h = math.radians(p["heading_deg"])
    fx, fy = math.sin(h), -math.cos(h)                 # towards the bow, on the page (y runs down)
    sx, sy = -fy, fx
    a, b = length * k / 2, width * k / 2
    return [(cx + i * a * fx + j * b * sx, cy + i * a * fy + j * b * sy) for i, j in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def base_size(p: dict, plan, inch: float) -> tuple[float, float]:
    """The ship's base as the ruleset gives it (full-scale inches), at the kit's scale in print units:
    deployment.json rounds base sizes as the placement table prints them, its positions are exact."""
    ship = next(q.ship for q in plan.deployment.placements if q.number == p["number"])
    length, width = plan.scenario.ruleset.base_of(ship)
    return length * plan.options.scale * inch, width * plan.options.scale * inch


CELL_PT = 36.0       # the grid that finds the outlines near a point


def _near(outlines: list[list[tuple[float, float]]], tol: float):
    """A function of (x, y) giving every outline with a corner within `tol` of it (and maybe others):
    each outline is filed under the grid cells its corners' box, grown by `tol`, touches."""
    cells: dict[tuple[int, int], list] = {}
    for pts in outlines:
        xs, ys = [q[0] for q in pts], [q[1] for q in pts]
        for i in range(int((min(xs) - tol) // CELL_PT), int((max(xs) + tol) // CELL_PT) + 1):
            for j in range(int((min(ys) - tol) // CELL_PT), int((max(ys) + tol) // CELL_PT) + 1):
                cells.setdefault((i, j), []).append(pts)
    return lambda x, y: cells.get((int(x // CELL_PT), int(y // CELL_PT)), ())


def _same(want: list[tuple[float, float]], got: list[tuple[float, float]], tol: float) -> bool:
    return all(any(abs(x - gx) <= tol and abs(y - gy) <= tol for gx, gy in got) for x, y in want)


def _number_by(p: dict, base: list, words: list[dict], plan, file: str, n: int) -> list[Discrepancy]:
    key = next((q.ship.key for q in plan.deployment.placements if q.number == p["number"]), None)   # names repeat
    xs, ys = [q[0] for q in base], [q[1] for q in base]
    out = []
    for e in words:
        if e["source"] != ["deploy", key, "number"]:
            continue
        x0, top, x1, bottom = e["bbox"]
        gap = max(min(xs) - x1, x0 - max(xs), min(ys) - bottom, top - max(ys), 0.0)
        if gap > NEAR_PT:
            out.append(Discrepancy(file, n, f"{p['ship']}: its number is printed {gap:.1f} pt from its base "
                                            f"(at most {NEAR_PT:g})", tuple(e["bbox"])))
    return out


def _outlines(page, height: float, sides: tuple[int, ...] = (4, 5)) -> list[list[tuple[float, float]]]:
    """The corner points of every path of the page with `sides` segments: four-sided (a base turned
    to its heading, or not) unless asked for others (a base cut at a sheet's edge)."""
    import pypdfium2.raw as raw

    from printgen.check.fastcalls import fn, handle
    from printgen.check.geometry import then as _then

    x, y, m = ctypes.c_float(), ctypes.c_float(), (ctypes.c_float * 6)()      # m: FS_MATRIX's a..f
    x_at, y_at, m_at = ctypes.addressof(x), ctypes.addressof(y), ctypes.addressof(m)
    kind_of, get_matrix, count = fn("FPDFPageObj_GetType"), fn("FPDFPageObj_GetMatrix"), fn("FPDFPath_CountSegments")
    segment, point = fn("FPDFPath_GetPathSegment"), fn("FPDFPathSegment_GetPoint")
    form_count, form_get = fn("FPDFFormObj_CountObjects"), fn("FPDFFormObj_GetObject")
    FORM, PATH = raw.FPDF_PAGEOBJ_FORM, raw.FPDF_PAGEOBJ_PATH
    out = []

    def walk(parent: int, n: int, get, outer) -> None:
        for i in range(n):
            obj = get(parent, i)
            kind = kind_of(obj)
            if kind == FORM:
                get_matrix(obj, m_at)
                walk(obj, form_count(obj), form_get, _then(m[:], outer))
                continue
            segments = count(obj) if kind == PATH else 0
            if segments not in sides:
                continue
            get_matrix(obj, m_at)
            a, b, c, d, e, f = _then(m[:], outer)
            pts = []
            for s in range(min(segments, max(4, segments - 1))):      # a closing segment repeats the first point
                point(segment(obj, s), x_at, y_at)
                pts.append((a * x.value + c * y.value + e, height - (b * x.value + d * y.value + f)))
            out.append(pts)

    at = handle(page.raw)
    walk(at, fn("FPDFPage_CountObjects")(at), fn("FPDFPage_GetObject"), None)
    return out
