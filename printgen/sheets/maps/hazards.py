"""What a scenario puts on the table besides ships: the shore, shoals and banks (on every map),
hidden obstacles (only on the teacher's secret map), and the chains between the ships of a
chained squadron. Drawn on the deployment map, the table-size tiles and the secret obstacle map,
from the scenario's `[[obstacles]]` and `fleet.chained` (printgen.data.scenario)."""

from __future__ import annotations

from printgen.draw.shapes import Line, Poly, Shape, Span, Text
from printgen.rules.trace import plan_derivation
from printgen.sheets.maps.map_parts import MapView
from printgen.sheets.page.clip import clip_polygon, clip_segment

SHOWN = ("shore", "shoal")                 # on every map; "hidden" only on the secret map


def obstacles(scenario, secret: bool = False) -> list:
    return [o for o in scenario.file.terrain if secret or o.kind in SHOWN]


def rect_in(o, scale: float, marker_in: tuple[float, float]) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 in table inches at the kit's scale (a hidden obstacle: a marker's size)."""
    x, y, w, d = (v * scale for v in o.area_in(marker_in))
    return x, y, x + w, y + d


def hazard_shapes(view: MapView, scenario, scale: float, secret: bool = False, box=None,
                  numbered: bool = False) -> list[Shape]:
    """Each obstacle as its area, clipped to `box` (a tile) if given, with its name (or number)."""
    out: list[Shape] = []
    for n, o in enumerate(obstacles(scenario, secret), start=1):
        x0, y0, x1, y1 = rect_in(o, scale, _marker(scenario))
        corners = [view.pt(x0, y0), view.pt(x1, y0), view.pt(x1, y1), view.pt(x0, y1)]
        poly = clip_polygon(corners, box) if box is not None else corners
        if len(poly) < 3:
            continue
        out.append(Poly(tuple(poly), f"hazard.{o.kind}", tag=f"obstacle:{o.name}"))
        cx, cy = view.pt((x0 + x1) / 2, (y0 + y1) / 2)
        if box is not None and not (box[0] <= cx <= box[2] and box[1] <= cy <= box[3]):
            continue
        label = str(n) if numbered or o.kind == "hidden" else o.name
        size = 6.5 if label != str(n) else 8.0
        spans = (Span(label, source=("meta", "obstacle"), kind="count"),) if label == str(n) else (Span(label),)
        vertical = (y1 - y0) > 1.5 * (x1 - x0) and label != str(n)
        out.append(Text(cx, cy + size * 0.35, spans, size, font="bold", anchor="middle", role="hazard.label",
                        angle=-90 if vertical else 0, tag="obstacle-label"))
    return out


def chain_shapes(view: MapView, scenario, dep, box=None) -> list[Shape]:
    """A chain between neighbouring ships of each chained squadron, along its line (north to south)."""
    out: list[Shape] = []
    for squadron in scenario.file.fleet.chained:
        line = sorted((p for p in dep.placements if p.ship.squadron == squadron), key=lambda p: -p.y_in)
        for a, b in zip(line, line[1:]):
            seg = (view.pt(a.x_in, a.y_in), view.pt(b.x_in, b.y_in))
            if box is not None:
                seg = clip_segment(*seg, box)
                if seg is None:
                    continue
            out.append(Line(*seg[0], *seg[1], "chain", tag="chain"))
    return out


@plan_derivation
def obstacle_at(plan, n: int, what: str) -> float:
    """The n-th obstacle's (1-based, the secret map's numbering) x, y, width or depth, full-scale
    inches from the west and south edges (printed at the kit's scale)."""
    o = plan.scenario.file.terrain[n - 1]
    return o.area_in(_marker(plan.scenario))[("x", "y", "width", "depth").index(what)]


def _marker(scenario) -> tuple[float, float]:
    """The obstacle marker's size, where the rules have markers (else a hidden obstacle is a 1" square)."""
    obstacles_rule = getattr(scenario.ruleset, "obstacles", None)
    return tuple(getattr(obstacles_rule, "marker_in", (1.0, 1.0)))
