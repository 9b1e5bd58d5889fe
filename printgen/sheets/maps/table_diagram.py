"""The table seen from above, small: its wind edges in colour (or line pattern), compass letters,
the wind and the drift. Drawn from the ruleset's table data, for the sheets that explain movement."""

from __future__ import annotations

import math

from printgen.draw.shapes import Line, Poly, Rect, Shape, Span, Text
from printgen.sheets.text.textfit import fit_size

COMPASS = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def edge_segments(table, x: float, y: float, w: float, h: float) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(colour, (x1, y1, x2, y2)) for each edge segment of the ruleset, on a w x h picture of the
    table (north up); distances run clockwise along each side, as in the ruleset."""
    sx, sy = w / table.east_west_ft, h / table.north_south_ft
    out = []
    for e in table.edges:
        a, b = e.from_ft, e.to_ft
        if e.side == "north":
            seg = (x + a * sx, y, x + b * sx, y)
        elif e.side == "east":
            seg = (x + w, y + a * sy, x + w, y + b * sy)
        elif e.side == "south":
            seg = (x + w - a * sx, y + h, x + w - b * sx, y + h)
        else:
            seg = (x, y + h - a * sy, x, y + h - b * sy)
        out.append((e.colour, seg))
    return out


def arrow(x1: float, y1: float, x2: float, y2: float, head: float, role: str = "arrow") -> list[Shape]:
    ang = math.atan2(y2 - y1, x2 - x1)
    left = (x2 - head * math.cos(ang - 0.45), y2 - head * math.sin(ang - 0.45))
    right = (x2 - head * math.cos(ang + 0.45), y2 - head * math.sin(ang + 0.45))
    return [Line(x1, y1, x2 - head * 0.6 * math.cos(ang), y2 - head * 0.6 * math.sin(ang), role),
            Poly(((x2, y2), left, right), role)]


def table_diagram(rs, width: float, size: float, measure=None) -> tuple[list[Shape], float]:
    """The diagram in a column `width` wide; returns (shapes, height)."""
    t = rs.table
    h_max = width * 0.9
    w = min(width * 0.3, h_max * t.east_west_ft / t.north_south_ft)
    h = w * t.north_south_ft / t.east_west_ft
    x0, y0 = size * 1.6, size * 1.4
    shapes: list[Shape] = [Rect(x0, y0, w, h, "table")]
    for colour, seg in edge_segments(t, x0, y0, w, h):
        shapes.append(Line(*seg, f"edge.{colour}"))
    c = size * 0.8
    shapes += [Text(x0 + w / 2, y0 - c * 0.6, (Span("N"),), c, font="bold", anchor="middle"),
               Text(x0 + w / 2, y0 + h + c * 1.5, (Span("S"),), c, font="bold", anchor="middle"),
               Text(x0 - c * 0.9, y0 + h / 2 + c * 0.35, (Span("W"),), c, font="bold", anchor="middle"),
               Text(x0 + w + c * 0.9, y0 + h / 2 + c * 0.35, (Span("E"),), c, font="bold", anchor="middle")]
    # Wind: an arrow blowing from the wind's quarter across the table; drift: downwind.
    frm = math.radians(COMPASS[t.wind_from])
    dx, dy = -math.sin(frm), math.cos(frm)                   # the direction the wind blows, page coords
    cx, cy, r = x0 + w / 2, y0 + h / 2, min(w, h) * 0.32
    shapes += arrow(cx - dx * r, cy - dy * r, cx + dx * r, cy + dy * r, size * 0.9)
    shapes.append(Text(cx - dx * r - size * 0.2, cy - dy * r - size * 0.5, (Span("wind"),), size * 0.8,
                       font="italic", anchor="middle"))
    # Legend to the right of the picture, its type shrunk to the room left.
    lx = x0 + w + size * 2.6
    room = width - lx - size * 2.8
    meaning = {"green": "wind behind: full speed", "yellow": "close-hauled: half speed",
               "red": "into the wind: in-irons check"}
    drift = getattr(rs, "drift", None)
    lines = [f"Wind from the {_compass_word(t.wind_from)}."] + list(meaning.values()) + ["close-hauled (reading of a damaged source)"]
    ls = min(size * 0.85, *(fit_size(s, room, size * 0.85) for s in lines))
    y = y0 + size * 0.4
    for colour in ("green", "yellow", "red"):
        shapes.append(Line(lx, y, lx + size * 2.2, y, f"edge.{colour}"))
        shapes.append(Text(lx + size * 2.8, y + ls * 0.4, (Span(colour.capitalize(), "bold"),), ls * 1.05))
        words = (Span(meaning[colour]),)
        if colour == "yellow":                         # the seed says "close quartered": a reading
            from printgen.rules.provenance import mark_spans

            head, tail = meaning[colour].split(":", 1)
            words = (Span(head), *mark_spans(rs, "words.close_hauled"), Span(":" + tail))
        shapes.append(Text(lx + size * 2.8, y + ls * 1.6, words, ls, role="text.muted"))
        y += size * 2.7
    shapes.append(Text(lx, y + size * 0.2, (Span(lines[0]),), ls))
    if drift is not None and measure is not None:
        shapes.append(Text(lx, y + size * 0.2 + ls * 1.3,
                           (Span("Drift: "), Span(measure.fmt(drift.distance_in), source=("rule", "drift.distance_in"),
                                                  kind="distance"), Span(f" {_compass_word(drift.direction)}")), ls))
    return shapes, y0 + h + size * 2.0


def _compass_word(c: str) -> str:
    words = {"N": "north", "E": "east", "S": "south", "W": "west"}
    return "-".join(words[ch] for ch in c) if len(c) == 2 else words[c]
