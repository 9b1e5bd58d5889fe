"""What a scenario puts on the table besides ships: the shore, shoals and banks (on every map),
hidden obstacles (only on the teacher's secret map), and the chains between the ships of a
chained squadron. Drawn on the deployment map, the table-size tiles and the secret obstacle map,
from the scenario's `[[obstacles]]` and `fleet.chained` (printgen.data.scenario)."""

from __future__ import annotations

from printgen.draw import fonts
from printgen.draw.shapes import Line, Poly, Rect, Shape, Span, Text
from printgen.i18n import _
from printgen.rules.trace import plan_derivation
from printgen.sheets.maps.map_parts import MapView
from printgen.sheets.page.clip import clip_polygon, clip_segment
from printgen.sheets.text.textfit import wrap

SHOWN = ("shore", "shoal")                 # on every map; "hidden" only on the secret map
NAME_PT, NAME_MIN, LETTER_PT = 6.5, 5.5, 8.0   # bold: small type a copy keeps


def letter(n: int) -> str:
    """An obstacle's letter: A, B, ..., Z, AA, ... (never a number: the ships on the map are numbered)."""
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out


def obstacles(scenario, secret: bool = False) -> list:
    return [o for o in scenario.file.terrain if secret or o.kind in SHOWN]


def rect_in(o, scale: float, marker_in: tuple[float, float]) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 in table inches at the kit's scale (a hidden obstacle: a marker's size)."""
    x, y, w, d = (v * scale for v in o.area_in(marker_in))
    return x, y, x + w, y + d


def hazard_shapes(view: MapView, scenario, scale: float, secret: bool = False, box=None,
                  numbered: bool = False) -> list[Shape]:
    """Each obstacle as its area, clipped to `box` (a tile) if given, with its name (or letter) on a
    patch of paper, inside its area."""
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
        lettered = numbered or o.kind == "hidden"
        w, h = abs(corners[1][0] - corners[0][0]), abs(corners[2][1] - corners[1][1])
        vertical = h > 1.5 * w and not lettered
        if lettered:                                   # beside its marker-sized area, which it would hide
            cx = max(x for x, _y in corners) + 2 + fonts.width(letter(n), LETTER_PT, "bold") / 2
        out += _label(letter(n) if lettered else _(o.name), lettered, cx, cy, h if vertical else w,
                      w if vertical else h, vertical)
    return out


def _label(label: str, lettered: bool, cx: float, cy: float, along: float, across: float, vertical: bool) -> list[Shape]:
    """The label centred at (cx, cy), in lines that fit the area (`along` its lines, `across` them),
    at the largest size that does (not below NAME_MIN), each line on a patch of paper."""
    if lettered:
        size, lines = LETTER_PT, [label]
    else:
        size, lines = NAME_PT, [label]
        while size > NAME_MIN:
            lines = wrap(label, along - 4, size, "bold")
            if max(fonts.width(ln, size, "bold") for ln in lines) <= along - 4 and len(lines) * size * 1.2 <= across - 2:
                break
            size = round(size - 0.25, 2)
        lines = wrap(label, along - 4, size, "bold")
    lead = size * 1.2
    out: list[Shape] = []
    for i, line in enumerate(lines):
        off = (i - (len(lines) - 1) / 2) * lead          # from the centre, across the lines
        x, y = (cx + off, cy) if vertical else (cx, cy + off)      # a turned line's next is to its right
        wd = fonts.width(line, size, "bold")
        spans = (Span(line, source=("meta", "obstacle"), kind="text"),) if lettered else (Span(line),)
        patch = (x - size * 0.6, y - wd / 2 - 1, size * 1.2, wd + 2) if vertical else (x - wd / 2 - 1, y - size * 0.6, wd + 2, size * 1.2)
        out += [Rect(*patch, "label.band", tag="obstacle-label"),
                Text(x + (size * 0.35 if vertical else 0), y + (0 if vertical else size * 0.35), spans, size,
                     font="bold", anchor="middle", role="hazard.label", angle=-90 if vertical else 0, tag="obstacle-label")]
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
