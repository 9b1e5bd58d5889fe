"""A drawing to scale measured back (the broadside diagram: printgen/systems/broadside/diagram.py).
Each traced zone says which rule distance its length along x or y is (a band from short range to
long, a base's side); the checker reads each zone's drawn length from the PDF, derives the scale
it is drawn at (the rule's distance on the kit's table over the length on paper) and compares it
with the number the caption prints ("1 in here is k in on the table"), to 0.01 in on the paper.
A piece traced with a chevron carries one: two lines from the middle of the end its word names
("bow", traced where it prints) back to its sides, the point at that end."""

from __future__ import annotations

import ctypes

from printgen.check.discrepancy import Discrepancy
from printgen.rules.trace import Source, resolve

TOL_PT = 0.72                     # 0.01 inch
EDGES = ("to-scale", "chevron")


def check_scaled(page, shapes: list[dict], words: list[dict], plan, file: str, number: int) -> list[Discrepancy]:
    """`words`: the page's traced words and numbers (the caption's scale, the word a chevron points at)."""
    zones = [e for e in shapes if e["shape"]["edge"] == "to-scale"]
    out = _scale(page, zones, words, plan, file, number) if zones else []
    for e in shapes:
        if e["shape"]["edge"] == "chevron":
            out += _chevron(page, e, words, file, number)
    return out


def _rect_at(paths, box, along: str):
    """The rectangle drawn at the traced box, its length `along` x or y read from the PDF (its other
    side and its start where traced), or None."""
    x0, top, x1, bottom = box
    if along == "x":
        found = [p for p in paths if p.kind == "rect" and abs(p.x0 - x0) <= TOL_PT and abs(p.top - top) <= TOL_PT
                 and abs(p.bottom - bottom) <= TOL_PT]
    else:
        found = [p for p in paths if p.kind == "rect" and abs(p.x0 - x0) <= TOL_PT and abs(p.top - top) <= TOL_PT
                 and abs(p.x1 - x1) <= TOL_PT]
    return found[-1] if found else None


def _distance(ruleset, frame: dict) -> float:
    to = float(resolve(ruleset, Source.from_json(frame["to"])))
    return to - (float(resolve(ruleset, Source.from_json(frame["from"]))) if "from" in frame else 0.0)


def _named(frame: dict) -> str:
    to = frame["to"][1]
    return f"rule:{frame['from'][1]} to {to}" if "from" in frame else f"rule:{to}"


def _drawings(zones: list[dict]) -> list[list[dict]]:
    """The zones grouped into drawings: zones that touch belong to one (a card may hold two)."""
    groups: list[tuple[list[float], list[dict]]] = []
    for e in zones:
        box = list(e["bbox"])
        touching = [g for g in groups if _touch(g[0], box)]
        for g in touching:
            groups.remove(g)
            box = [min(box[0], g[0][0]), min(box[1], g[0][1]), max(box[2], g[0][2]), max(box[3], g[0][3])]
        groups.append((box, [e for g in touching for e in g[1]] + [e]))
    return [g[1] for g in groups]


def _touch(a, b) -> bool:
    return a[0] <= b[2] + TOL_PT and b[0] <= a[2] + TOL_PT and a[1] <= b[3] + TOL_PT and b[1] <= a[3] + TOL_PT


CAPTION_REACH = 48.0     # points beyond a drawing's sides where its caption's number may fall: a caption's
#                          line is the text column's width, wider than the drawing (Spanish on A4: 32 pt)


def _caption_of(zones: list[dict], captions: list[dict]) -> dict | None:
    """The caption nearest below the drawing, printed within its width."""
    x0, x1 = min(e["bbox"][0] for e in zones), max(e["bbox"][2] for e in zones)
    bottom = max(e["bbox"][3] for e in zones)
    below = [c for c in captions if c["bbox"][1] >= bottom - TOL_PT
             and x0 - CAPTION_REACH <= (c["bbox"][0] + c["bbox"][2]) / 2 <= x1 + CAPTION_REACH]
    return min(below, key=lambda c: c["bbox"][1], default=None)


def _scale(page, zones: list[dict], words: list[dict], plan, file: str, number: int) -> list[Discrepancy]:
    captions = [w for w in words if w["source"] == zones[0]["source"]]
    units = [w for w in words if w["source"] == ["meta", "diagram-unit"]]
    out = []
    for mine in _drawings(zones):
        c = _caption_of(mine, captions)
        if c is None:
            out.append(Discrepancy(file, number, "a drawing to scale whose scale is printed nowhere below it",
                                   tuple(mine[0]["bbox"])))
            continue
        unit = min(units, key=lambda u: abs(u["bbox"][3] - c["bbox"][3]) + abs(u["bbox"][2] - c["bbox"][0]),
                   default=None)                              # the "1" before it on its line
        out += _measured(page, c, unit, mine, plan, file, number)
    return out


def _measured(page, caption: dict, unit: dict | None, zones: list[dict], plan, file: str,
              number: int) -> list[Discrepancy]:
    """Each zone's drawn length against the caption's scale; one line if all are drawn at one other scale."""
    rs, m = plan.scenario.ruleset, plan.options.measure
    printed = "".join(page.quick_text_in(tuple(caption["bbox"])).split())
    one = "".join(page.quick_text_in(tuple(unit["bbox"])).split()) if unit else "1"
    try:
        k = float(printed) / float(one)
    except (ValueError, ZeroDivisionError):
        return [Discrepancy(file, number, f"a drawing's caption prints its scale as '{one}' here is '{printed}' on the "
                                          f"table, not a number", tuple(caption["bbox"]))]
    u = "in" if m.units == "in" else "cm"
    says = f"the drawing's caption says {one} {u} here is {printed} {u} on the table (1:{k:g})"
    out, scales = [], []
    for e in zones:
        frame = e["shape"]
        try:
            table = m.pt(_distance(rs, frame))                 # on the kit's table, in points
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            out.append(Discrepancy(file, number, f"a zone drawn to scale measures {_named(frame)}, which the rules "
                                                 "lack"))
            continue
        drawn = _rect_at(page.paths, e["bbox"], frame["along"])
        if drawn is None:
            out.append(Discrepancy(file, number, f"no zone drawn to scale at ({e['bbox'][0]:.1f}, {e['bbox'][1]:.1f}) "
                                                 f"pt ({_named(frame)})", tuple(e["bbox"])))
            continue
        length = drawn.w if frame["along"] == "x" else drawn.h
        if abs(length - table / k) <= TOL_PT:
            continue
        scales.append(table / length if length > 0 else 0.0)
        out.append(Discrepancy(file, number, f"{says}; its zone {_named(frame)} ({m.fmt(_distance(rs, frame))} on the "
                                             f"table) is drawn {length / 72:.2f} in {_dimension(frame)}, 1:"
                                             f"{scales[-1]:.1f}, not {table / k / 72:.2f} in", tuple(e["bbox"])))
    if len(scales) == len(zones) > 1 and max(scales) - min(scales) < 0.1 * max(scales):
        at = sum(scales) / len(scales)
        return [Discrepancy(file, number, f"{says}; its {len(zones)} zones are drawn at 1:{at:.1f} "
                                          f"(each measured against its rule)", tuple(caption["bbox"]))]
    return out


def _dimension(frame: dict) -> str:
    return "wide" if frame["along"] == "x" else "long"


def _chevron(page, e: dict, words: list[dict], file: str, number: int) -> list[Discrepancy]:
    """The piece's chevron points at the end its word (traced where it prints) names."""
    x0, top, x1, bottom = e["bbox"]
    near = [w for w in words if w["source"] == e["source"]]
    word = ":".join(str(a) for a in e["source"])
    if not near:
        return [Discrepancy(file, number, f"a piece's chevron points where {word} prints, and it prints nowhere here",
                            tuple(e["bbox"]))]
    w = min(near, key=lambda w: abs((w["bbox"][0] + w["bbox"][2]) / 2 - (x0 + x1) / 2)
            + abs((w["bbox"][1] + w["bbox"][3]) / 2 - (top + bottom) / 2))
    wx, wy = (w["bbox"][0] + w["bbox"][2]) / 2, (w["bbox"][1] + w["bbox"][3]) / 2
    ends = {"top": ((x0 + x1) / 2, top), "bottom": ((x0 + x1) / 2, bottom),
            "left": (x0, (top + bottom) / 2), "right": (x1, (top + bottom) / 2)}
    end = min(ends, key=lambda k: abs(ends[k][0] - wx) + abs(ends[k][1] - wy))
    opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[end]
    lines = _lines_inside(page, e["bbox"])
    if _points_at(lines, ends[end]):
        return []
    there = _points_at(lines, ends[opposite])
    says = (f"its chevron points at its {opposite} end instead" if there
            else "no chevron drawn there (two lines from the middle of that end back to the sides)")
    return [Discrepancy(file, number, f"a piece's {word} end is at its {end} (where the word prints): {says}",
                        tuple(e["bbox"]))]


def _lines_inside(page, box) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight lines drawn inside the box, each as its two ends on the page."""
    out = []
    for i, p in enumerate(page.paths):
        if p.kind == "line" and p.inside(box, TOL_PT) and page.handles[i]:
            falling = _falling(*page.handles[i])
            out.append(((p.x0, p.top), (p.x1, p.bottom)) if falling else ((p.x0, p.bottom), (p.x1, p.top)))
    return out


def _points_at(lines, point) -> bool:
    """Two lines meet at `point` and go from it to either side (a point, not a stroke across)."""
    px, py = point
    away = []
    for a, b in lines:
        for here, there in ((a, b), (b, a)):
            if abs(here[0] - px) <= TOL_PT and abs(here[1] - py) <= TOL_PT:
                away.append((there[0] - px, there[1] - py))
    return any(u[0] * v[0] < 0 or u[1] * v[1] < 0 for u in away for v in away)


def _falling(obj: int, a: float, b: float, c: float, d: float) -> bool:
    """Does the line's y on the page (downwards) grow with its x? Read from its two points (pdfium)."""
    from printgen.check.fastcalls import fn

    x, y = ctypes.c_float(), ctypes.c_float()
    pts = []
    for k in (0, 1):
        fn("FPDFPathSegment_GetPoint")(fn("FPDFPath_GetPathSegment")(obj, k), ctypes.addressof(x), ctypes.addressof(y))
        pts.append((a * x.value + c * y.value, -(b * x.value + d * y.value)))
    (xa, ya), (xb, yb) = pts
    return (xb - xa) * (yb - ya) > 0
