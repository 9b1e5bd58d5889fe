"""Gauge angles measured against the rules. A gauge's ray or arrow carries what its direction says
(printgen.sheets.gauges.rulers: "angle", the rule's degrees times a factor, anticlockwise from its
frame's heading; "bearing", the compass direction the rule names, turned by some degrees); the
checker finds the line that starts where the traced one starts and reads its direction from the
PDF path, read back by pdfium, to within TOL_DEG. The frame is only moved and scaled on a gauge
sheet (never mirrored), so anticlockwise on the page is anticlockwise in the frame."""

from __future__ import annotations

import math

from printgen.check.numbers import Discrepancy
from printgen.rules.trace import Source, resolve

TOL_DEG = 0.5        # a ray 100 pt long drawn 0.5 degrees off ends 0.9 pt (0.012") away from where it must
START_PT = 0.72      # 0.01": the ray must start where the trace says (the bow, the compass's shaft)
MIN_PT = 12.0        # a line shorter than this cannot show its direction to TOL_DEG
EDGES = ("angle", "bearing")
COMPASS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}   # the seed's eight points


def want_deg(source: Source, shape: dict, ruleset) -> float:
    """The direction the rules give the line, anticlockwise from the frame's heading, in degrees.
    The compass is spelled here, not imported from the sheets that draw it: a wrong table there fails."""
    value = resolve(ruleset, source)
    if shape["edge"] == "angle":
        return float(value) * shape["per"]
    bearing = COMPASS[str(value)] + shape["per"]              # clockwise from north, up the page
    return 90.0 - bearing


def _diff(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def _from(p, x: float, y: float) -> tuple[float, float] | None:
    """The far end of line `p` when one of its bounding box's corners is (x, y); pdfium gives a
    line's box, and a line from a known start runs to the opposite corner."""
    for cx, cy, fx, fy in ((p.x0, p.top, p.x1, p.bottom), (p.x1, p.top, p.x0, p.bottom),
                           (p.x0, p.bottom, p.x1, p.top), (p.x1, p.bottom, p.x0, p.top)):
        if abs(cx - x) <= START_PT and abs(cy - y) <= START_PT:
            return fx, fy
    return None


def measured_deg(paths: list, shape: dict) -> list[float]:
    """Directions (degrees, anticlockwise from the frame's heading) of the lines in the PDF that
    start where the traced line starts and are as long (another line from there, such as the first
    leg of the sweep's track, says nothing of this ray)."""
    (sx, sy), (ax, ay) = shape["ends"][0], shape["axis"]
    (ex, ey) = shape["ends"][1]
    length = math.hypot(ex - sx, ey - sy)
    heading = math.degrees(math.atan2(-ay, ax))                 # page y runs down
    out = []
    for p in paths:
        if p.kind != "line" or length < MIN_PT or abs(math.hypot(p.w, p.h) - length) > START_PT:
            continue
        end = _from(p, sx, sy)
        if end is not None:
            out.append(math.degrees(math.atan2(-(end[1] - sy), end[0] - sx)) - heading)
    return out


def check_angles(paths: list, shapes: list[dict], ruleset, file: str, page: int) -> list[Discrepancy]:
    out = []
    for e in (e for e in shapes if e["shape"]["edge"] in EDGES):
        source = Source.from_json(e["source"])
        try:
            want = want_deg(source, e["shape"], ruleset)
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            out.append(Discrepancy(file, page, f"a gauge's line measures {source}, which the rules no longer have"))
            continue
        got = measured_deg(paths, e["shape"])
        if any(_diff(g, want) <= TOL_DEG for g in got):
            continue
        near = min(got, key=lambda g: _diff(g, want), default=None)
        drawn = "no line starts there" if near is None else f"the nearest line there stands at {round(near, 1) % 360:.1f}°"
        what = (f"{resolve(ruleset, source)} (a line at {round(want, 1) % 360:.1f}°)" if e["shape"]["edge"] == "bearing"
                else f"{want:g}° from the heading")
        out.append(Discrepancy(file, page, f"{source}: a gauge's line must point {what}, {drawn} "
                                           f"(to {TOL_DEG:g}°)", tuple(e["bbox"])))
    return out
