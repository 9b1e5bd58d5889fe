"""Drawing the table's wind edges and arrows, shared by the maps, the rulers and the families'
diagrams: a ruleset edge as a measured line, and the compass."""

from __future__ import annotations

import math

from printgen.draw.shapes import Group, Line, Poly, Shape

COMPASS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def edge_line(index: int, edge, start: tuple[float, float], along: tuple[float, float], per_ft: float) -> Group:
    """Wind edge `index` of the ruleset as a line measured along its side: drawn in the side's own
    frame (origin at the side's first corner, x along it, in points), so the checker can measure
    where it starts and ends in feet and the colour it is drawn in (printgen/check/geometry.py)."""
    key = f"table.edges.{index}"
    meaning = (("from", ("rule", f"{key}.from_ft"), per_ft), ("to", ("rule", f"{key}.to_ft"), per_ft),
               ("colour", ("rule", f"{key}.colour")))
    ax, ay = along
    line = Line(edge.from_ft * per_ft, 0, edge.to_ft * per_ft, 0, f"edge.{edge.colour}", tag=f"edge:{edge.side}:{edge.colour}",
                meaning=meaning)
    return Group((line,), (ax, ay, -ay, ax, start[0], start[1]))


SIDE_FRAME = {"north": ((0, 0), (1, 0)), "east": ((1, 0), (0, 1)), "south": ((1, 1), (-1, 0)), "west": ((0, 1), (0, -1))}


def arrow(x1: float, y1: float, x2: float, y2: float, head: float, role: str = "arrow") -> list[Shape]:
    ang = math.atan2(y2 - y1, x2 - x1)
    left = (x2 - head * math.cos(ang - 0.45), y2 - head * math.sin(ang - 0.45))
    right = (x2 - head * math.cos(ang + 0.45), y2 - head * math.sin(ang + 0.45))
    return [Line(x1, y1, x2 - head * 0.6 * math.cos(ang), y2 - head * 0.6 * math.sin(ang), role),
            Poly(((x2, y2), left, right), role)]
