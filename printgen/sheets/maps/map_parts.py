"""The pieces of a deployment map, shared by the one-page map and the tiled full-size map: the
table seen from above (north up), its grid, the wind edges, the ships, arrows and a scale bar.
What the edges and the wind mean under a ruleset is its family's (printgen/systems).

A MapView turns table inches (x from the west edge, y from the south edge) into page points."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.draw.shapes import Group, Line, Poly, Rect, Shape, Span, Text, compose, rotate, translate
from printgen.game.deploy import Deployment, Placement
from printgen.i18n import LANG, N_, _
from printgen.options import Options
from printgen.units import CM_PER_GAME_IN, PT_PER_CM, PT_PER_IN


@dataclass(frozen=True)
class MapView:
    x0: float                       # page x of the west edge
    y0: float                       # page y of the north edge
    k: float                        # page points per table inch
    width_in: float
    height_in: float

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + x * self.k, self.y0 + (self.height_in - y) * self.k)

    @property
    def w(self) -> float:
        return self.width_in * self.k

    @property
    def h(self) -> float:
        return self.height_in * self.k


@dataclass(frozen=True)
class Grid:
    """Grid lines every `step_in` table inches, labelled `value` print units ("1 ft", "25 cm")."""
    step_in: float
    value: float
    unit: str

    def label(self, i: int) -> str:
        return f"{i * self.value:g}"

    def unit_word(self, i: int) -> str:
        """The unit after the i-th line's label, in the language of the document being drawn: "ft" in
        English whatever the count, "pie" for one foot and "pies" for more in Spanish."""
        if LANG.get() == "en":
            return self.unit
        if self.unit == "ft" and i * self.value == 1:
            return _("ft (after 1)")          # (never printed in English: the abbreviation after one, "pie")
        return _(self.unit)


def grid_of(options: Options) -> Grid:
    if options.units == "cm":
        return Grid(25 / CM_PER_GAME_IN, 25, "cm")
    return Grid(12.0, 1, N_("ft"))                   # printed as _(grid.unit): "pi" in French


def unit_pt(options: Options) -> float:
    """Page points of one table inch printed at table size (a game inch is 2.5 cm in cm mode)."""
    return CM_PER_GAME_IN * PT_PER_CM if options.units == "cm" else PT_PER_IN


TABLE = (("table", ("meta", "table")),)     # the checker finds the outline, and each base of deployment.json on it


def table_shapes(view: MapView, grid: Grid, x_range=None, y_range=None) -> list[Shape]:
    """The table cloth and its grid (optionally only the lines within x/y ranges, for tiles)."""
    out: list[Shape] = [Rect(view.x0, view.y0, view.w, view.h, "table", tag="table", meaning=TABLE)]
    xs = _steps(view.width_in, grid.step_in)
    ys = _steps(view.height_in, grid.step_in)
    for x in xs:
        px, _ = view.pt(x, 0)
        out.append(Line(px, view.y0, px, view.y0 + view.h, "grid", tag="grid"))
    for y in ys:
        _, py = view.pt(0, y)
        out.append(Line(view.x0, py, view.x0 + view.w, py, "grid", tag="grid"))
    return out


def _steps(length: float, step: float) -> list[float]:
    return [i * step for i in range(1, int(length / step - 1e-6) + 1)]


def grid_labels(view: MapView, grid: Grid, size: float, font: str = "regular") -> list[Shape]:
    """Distances from the west edge below the map, from the south edge left of it."""
    out: list[Shape] = []
    n_x = int(view.width_in / grid.step_in - 1e-6)
    for i in range(0, n_x + 1):
        px, py = view.pt(i * grid.step_in, 0)
        out.append(Text(px, py + 4.5 + size, _grid_spans(grid, i), size, role="text.muted", font=font,
                        anchor="middle", tag="grid-label"))
    n_y = int(view.height_in / grid.step_in - 1e-6)
    for i in range(1, n_y + 1):
        px, py = view.pt(0, i * grid.step_in)
        out.append(Text(px - 4.5, py + size * 0.35, _grid_spans(grid, i), size, role="text.muted", font=font,
                        anchor="end", tag="grid-label"))
    return out


def _grid_spans(grid: Grid, i: int) -> tuple[Span, ...]:
    return (Span(grid.label(i), source=("meta", "grid"), kind="count"), Span(" " + grid.unit_word(i)))


def edge_lines(view: MapView, dep: Deployment, rs_edges) -> list[Shape]:
    out: list[Shape] = []
    from printgen.game.geometry import side_point
    from printgen.sheets.maps.table_diagram import edge_line

    for i, (e, rule) in enumerate(zip(dep.edges, rs_edges)):          # the deployment's edges are the ruleset's, scaled
        corner = view.pt(*side_point(e.side, 0.0, dep.width_in, dep.height_in))
        one = view.pt(*side_point(e.side, 1.0, dep.width_in, dep.height_in))
        along = ((one[0] - corner[0]) / view.k, (one[1] - corner[1]) / view.k)
        out.append(edge_line(i, rule, corner, along, 12 * dep.scale * view.k))
    return out


def ship_glyph(view: MapView, dep: Deployment, p: Placement, role_prefix: str = "ship") -> Group:
    """The ship's own base to scale, rotated to its heading, with a bow triangle."""
    length, beam = p.length_in * view.k, p.width_in * view.k
    px, py = view.pt(p.x_in, p.y_in)
    bow = Poly(((length / 2 - beam * 0.85, -beam * 0.3), (length / 2 - beam * 0.12, 0.0),
                (length / 2 - beam * 0.85, beam * 0.3)), "map.bow", tag="bow")
    base = Rect(-length / 2, -beam / 2, length, beam, f"{role_prefix}.{p.ship.nation}", tag="ship")
    return Group((base, bow), compose(translate(px, py), rotate(p.heading_deg - 90)), tag=p.ship.key)


def glyph_box(view: MapView, dep: Deployment, p: Placement) -> tuple[float, float, float, float]:
    """Page box (x0, y0, x1, y1) of a rotated base."""
    px, py = view.pt(p.x_in, p.y_in)
    r = math.radians(p.heading_deg)
    hl, hw = p.length_in * view.k / 2, p.width_in * view.k / 2
    ex = abs(math.sin(r)) * hl + abs(math.cos(r)) * hw
    ey = abs(math.cos(r)) * hl + abs(math.sin(r)) * hw
    return (px - ex, py - ey, px + ex, py + ey)


def arrow(cx: float, cy: float, length: float, bearing: float, role: str = "arrow", width: float = 2.4,
          tag: str = "arrow") -> Poly:
    """An arrow centred on (cx, cy) pointing towards a compass bearing (0 = up the page, north)."""
    head, hw = min(length * 0.4, width * 3.2), width * 1.6
    pts = [(-length / 2, -width / 2), (length / 2 - head, -width / 2), (length / 2 - head, -hw),
           (length / 2, 0.0), (length / 2 - head, hw), (length / 2 - head, width / 2), (-length / 2, width / 2)]
    r = math.radians(bearing - 90)
    c, s = math.cos(r), math.sin(r)
    return Poly(tuple((cx + x * c - y * s, cy + x * s + y * c) for x, y in pts), role, tag=tag)


def scale_bar(x: float, y: float, view: MapView, grid: Grid, max_w: float, size: float = 6.5) -> tuple[list[Shape], float]:
    """Alternating black and white grid steps with their distances (in bold: small type a copy
    keeps); returns (shapes, width)."""
    seg = grid.step_in * view.k
    n = max(1, min(4, int(max_w / seg)))
    while n > 1 and n * seg > max_w:
        n -= 1
    out: list[Shape] = []
    for i in range(n):
        out.append(Rect(x + i * seg, y, seg, 4.0, "map.scalebar" if i % 2 == 0 else "map.scalebar.light",
                        tag="scalebar"))
    for i in range(n + 1):
        spans: tuple[Span, ...] = (Span(grid.label(i), source=("meta", "grid"), kind="count"),)
        if i == n:
            spans += (Span(" " + grid.unit_word(i)),)
        out.append(Text(x + i * seg, y + 5 + size, spans, size, font="bold", anchor="middle", tag="scalebar-label"))
    return out, n * seg
