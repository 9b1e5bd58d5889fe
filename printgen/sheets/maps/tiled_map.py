"""The map at table size, tiled across as many sheets as it needs: lay them on the table (or use
them as a template) and every base sits where the deployment puts it.

Each sheet prints one tile of the table at 1:1 (at the scaled table's size). Neighbouring tiles
overlap by half an inch: the strip a sheet shares with its east and south neighbours is shaded,
the neighbour is laid over it, and crosshairs printed on both sheets line them up. Sheets are
named like a spreadsheet, rows A, B, ... from the north edge and columns 1, 2, ... from the west,
and an index sheet first shows the grid of sheets over a small map."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.draw import fonts
from printgen.draw.shapes import Circle, Drawing, Line, Page, Rect, Shape, Span, Text
from printgen.draw.theme import TYPE
from printgen.errors import PrintgenError, Problem
from printgen.game.deploy import Deployment
from printgen.i18n import LANG, N_, _, using
from printgen.options import Options
from printgen.registry import system_of
from printgen.sheets.maps.map_parts import MapView, grid_of, unit_pt
from printgen.sheets.maps.tile_ship import ink_box, tile_ship
from printgen.sheets.page.clip import clip_segment, overlaps
from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN, Box, frame
from printgen.sheets.page.words import said, titled

OVERLAP_PT = 36.0                 # half an inch of paper shared by neighbouring sheets
MAX_SHEETS = 400
SHEET = N_("Tiled map (table size)")
# Which tile of the table a sheet is: printgen/check/tiles.py reads it back in the kit's language.
TILE_LABEL = N_("row %(row)s of %(rows)s, column %(column)s of %(columns)s")


@dataclass(frozen=True)
class TilePlan:
    rows: int
    cols: int
    page_w: float
    page_h: float
    area: Box                     # where a tile is printed on its sheet
    k: float                      # page points per table inch: the table's own size
    width_in: float
    height_in: float

    @property
    def overlap_in(self) -> float:
        return OVERLAP_PT / self.k

    @property
    def step_w(self) -> float:
        return self.area.w / self.k - self.overlap_in

    @property
    def step_h(self) -> float:
        return self.area.h / self.k - self.overlap_in

    @property
    def sheets(self) -> int:
        return self.rows * self.cols

    def view(self, r: int, c: int) -> MapView:
        return MapView(self.area.x - c * self.step_w * self.k, self.area.y - r * self.step_h * self.k, self.k,
                       self.width_in, self.height_in)

    def clip(self) -> tuple[float, float, float, float]:
        return (self.area.x, self.area.y, self.area.right, self.area.bottom)


def row_name(r: int) -> str:
    """A, B, ..., Z, AA, AB, ... (letters only: the column carries the traced number)."""
    name = ""
    r += 1
    while r:
        r, rem = divmod(r - 1, 26)
        name = chr(65 + rem) + name
    return name


def tile_spans(r: int, c: int) -> tuple[Span, ...]:
    return (Span(row_name(r)), Span(str(c + 1), source=("meta", "tile-column"), kind="count"))


def plan_tiles(dep: Deployment, options: Options) -> TilePlan:
    """Portrait or landscape sheets, whichever needs fewer."""
    k = unit_pt(options)
    w, h = options.page_size
    best = None
    for pw, ph in ((w, h), (h, w)):
        area = Box(MARGIN, MARGIN + HEADER, pw - 2 * MARGIN, ph - 2 * MARGIN - HEADER - FOOTER)
        ov = OVERLAP_PT / k
        cols = max(1, math.ceil((dep.width_in - ov) / (area.w / k - ov) - 1e-9))
        rows = max(1, math.ceil((dep.height_in - ov) / (area.h / k - ov) - 1e-9))
        plan = TilePlan(rows, cols, pw, ph, area, k, dep.width_in, dep.height_in)
        if best is None or plan.sheets < best.sheets:
            best = plan
    if best.sheets > MAX_SHEETS:
        raise PrintgenError(Problem(f"the table-size map would need {best.sheets} sheets", field="--tiled",
                                    fix="print it for a smaller table (--table or --scale), or leave out --tiled"))
    return best


NEEDED = ("ship:", "edge:", "edge-label", "wind-label")      # what makes a sheet worth printing


def tiled_sheets(scenario, dep: Deployment, options: Options) -> Drawing:
    """The index, then only the sheets that carry something the table needs (a base, an edge or its
    label): open water is left out, and the index shows which sheets exist. In the options' language
    (the map command draws them outside DocumentKind.make, which would set it)."""
    with using(options.lang):
        return _tiled_sheets(scenario, dep, options)


def _tiled_sheets(scenario, dep: Deployment, options: Options) -> Drawing:
    plan = plan_tiles(dep, options)
    bases = on_table(dep)
    tiles = {(r, c): tile_page(scenario, dep, options, plan, r, c, needed=True, bases=bases)
             for r in range(plan.rows) for c in range(plan.cols)}
    tiles = {rc: page for rc, page in tiles.items() if page is not None}
    kept = set(tiles)
    for (r, c), page in tiles.items():
        page.add(*_sheet_label(plan, r, c, kept))
    pages = [index_page(scenario, dep, options, plan, kept)] + [tiles[rc] for rc in sorted(kept)]
    for i, page in enumerate(pages):
        frame(page, options, scenario.title, _(SHEET), i + 1, len(pages),
              hint=_("Lay each sheet over its neighbours' shaded strips.") if i else "")
    return Drawing(titled(scenario.title, N_("table-size map"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen map tiled")


def on_table(dep: Deployment) -> list[tuple[tuple, tuple]]:
    """Each base's corners on the table and their extremes (x0, y0, x1, y1): the same on every tile."""
    out = []
    for p in dep.placements:
        corners = dep.corners(p)
        xs, ys = [q[0] for q in corners], [q[1] for q in corners]
        out.append((corners, (min(xs), min(ys), max(xs), max(ys))))
    return out


def tile_page(scenario, dep: Deployment, options: Options, plan: TilePlan, r: int, c: int,
              needed: bool = False, bases: list | None = None, centred: bool = False) -> Page | None:
    """The tile's sheet; with `needed`, None for a sheet of open water (nothing NEEDED on it: no
    base, edge or edge label), found before the rest of it is drawn. `bases`: on_table(dep).
    `centred`: each edge's label in the middle of its edge, where ships may be (the poster moves
    them off the table itself)."""
    view, box, a = plan.view(r, c), plan.clip(), plan.area
    bases = on_table(dep) if bases is None else bases
    ships = [_page_extent(view, extremes) for _, extremes in bases]
    drawn = [tile_ship(view, box, p, corners) if overlaps(e, box) else []
             for p, (corners, _), e in zip(dep.placements, bases, ships)]
    # an edge's label slides along its edge clear of the ships there: their bases, and their numbers
    # and names (a long name at a small scale runs past its base's ends)
    edges = _edges(view, box, dep, scenario.ruleset, options, avoid=None if centred else
                   [(x0 - SHIP_PAD, y0 - SHIP_PAD, x1 + SHIP_PAD, y1 + SHIP_PAD)
                    for (x0, y0, x1, y1), shapes in zip(ships, drawn) if shapes]
                   + [ink_box(t) for shapes in drawn for t in shapes if isinstance(t, Text)]
                   + [(m.cx - 9, m.cy - 9, m.cx + 9, m.cy + 9) for m in _crosshairs(plan, r, c) if isinstance(m, Circle)])
    if needed and not any(_tag(item).startswith(NEEDED) for item in edges + [s for b in drawn for s in b]):
        return None
    page = Page(plan.page_w, plan.page_h)
    if c < plan.cols - 1:
        page.add(Rect(a.right - OVERLAP_PT, a.y, OVERLAP_PT, a.h, "map.overlap", tag="overlap"))
    if r < plan.rows - 1:
        page.add(Rect(a.x, a.bottom - OVERLAP_PT, a.w - (OVERLAP_PT if c < plan.cols - 1 else 0), OVERLAP_PT,
                      "map.overlap", tag="overlap"))
    grid = _grid(view, box, options, a.right - (OVERLAP_PT if c < plan.cols - 1 else 0),
                 a.bottom - (OVERLAP_PT if r < plan.rows - 1 else 0))
    # grid labels keep clear of ships, of the edges' labels and of the thick edge lines themselves
    blocked = ships + [_label_box(t) for t in edges if isinstance(t, Text)] + \
        [(min(e.x1, e.x2) - 3, min(e.y1, e.y2) - 3, max(e.x1, e.x2) + 3, max(e.y1, e.y2) + 3)
         for e in edges if isinstance(e, Line)]
    from printgen.sheets.maps.hazards import chain_shapes, hazard_shapes

    page.add(*hazard_shapes(view, scenario, dep.scale, box=box))      # shore and banks under the grid's labels
    page.add(*(g for g in grid if not (isinstance(g, Text) and _meets_any(_text_box(g), blocked))))
    page.add(*edges)
    page.add(*chain_shapes(view, scenario, dep, box=box))
    for shapes in drawn:
        page.add(*shapes)
    page.add(*_crosshairs(plan, r, c))
    return page


def _tag(shape) -> str:
    return getattr(shape, "tag", "") or ""


def _extent(points) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _page_extent(view: MapView, extremes) -> tuple[float, float, float, float]:
    """_extent of a base's corners on the page, from their extremes on the table (on_table): view.pt
    moves x up and y down monotonically, rounding included, so the extremes land on the very same
    points."""
    (x0, y0), (x1, y1) = view.pt(extremes[0], extremes[3]), view.pt(extremes[2], extremes[1])
    return x0, y0, x1, y1


def _text_box(t: Text) -> tuple[float, float, float, float]:
    w = sum(fonts.width(sp.text, t.size, sp.font or t.font) for sp in t.spans)
    return t.x, t.y - t.size, t.x + w, t.y + t.size * 0.3


def _label_box(t: Text) -> tuple[float, float, float, float]:
    """Box of a label centred on (x, y), upright or a quarter turn."""
    half = sum(fonts.width(sp.text, t.size, sp.font or t.font) for sp in t.spans) / 2
    if t.angle % 180:
        return t.x - t.size, t.y - half, t.x + t.size, t.y + half
    return t.x - half, t.y - t.size, t.x + half, t.y + t.size * 0.3


def _meets(a, b, pad: float = 2.0) -> bool:
    """Boxes (x0, y0, x1, y1) that touch or overlap: a grid label there would hide under a ship."""
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def _meets_any(a, boxes) -> bool:
    return any(_meets(a, b) for b in boxes)


def _grid(view: MapView, box, options: Options, right: float, bottom: float) -> list[Shape]:
    """Grid lines with their distances, labelled where no neighbour's sheet will cover them."""
    grid = grid_of(options)
    out: list[Shape] = []
    x0, y0, x1, y1 = box
    for i in range(1, int(view.width_in / grid.step_in - 1e-6) + 1):
        seg = clip_segment(view.pt(i * grid.step_in, 0), view.pt(i * grid.step_in, view.height_in), box)
        if seg:
            out.append(Line(*seg[0], *seg[1], "grid", tag="grid"))
            spans = said(_("%(distance)s %(unit)s from the west edge"), unit=grid.unit_word(i),
                         distance=Span(grid.label(i), source=("meta", "grid"), kind="count"))
            if seg[0][0] + 3 + sum(fonts.width(sp.text, 7) for sp in spans) <= right:
                out.append(Text(seg[0][0] + 3, min(bottom, max(seg[0][1], seg[1][1])) - 5, spans, 7,
                                role="text.muted", tag="grid-label"))
    for i in range(1, int(view.height_in / grid.step_in - 1e-6) + 1):
        seg = clip_segment(view.pt(0, i * grid.step_in), view.pt(view.width_in, i * grid.step_in), box)
        if seg and box[1] + 8 < seg[0][1] < bottom:
            out.append(Line(*seg[0], *seg[1], "grid", tag="grid"))
            clear = 24 if seg[0][0] >= x0 - 0.5 else 3       # the west edge's own label runs along it here
            out.append(Text(max(x0, seg[0][0]) + clear, seg[0][1] - 3,
                            said(_("%(distance)s %(unit)s from the south edge"), unit=grid.unit_word(i),
                                 distance=Span(grid.label(i), source=("meta", "grid"), kind="count")),
                            7, role="text.muted", tag="grid-label"))
        elif seg:
            out.append(Line(*seg[0], *seg[1], "grid", tag="grid"))
    return out


SHIP_PAD = 12.0                   # points around a base where its number and name may print
SLIDE_STEP = 12.0                 # points an edge's label moves along its edge to find a clear place


def _edges(view: MapView, box, dep: Deployment, rs, options: Options, avoid: list | None = None) -> list[Shape]:
    """Coloured edges with their meaning; without them, the windward side named (no line). Each
    label is centred on what the sheet shows of its edge, or as near the centre as keeps it clear of
    the `avoid` boxes (the ships: a label over a name makes both unreadable)."""
    from printgen.game.geometry import EdgeSegment
    from printgen.sheets.maps.deploy_map import WINDWARD, colour_word, edge_word

    out: list[Shape] = []
    inward = {"north": (0, 1), "south": (0, -1), "east": (-1, 0), "west": (1, 0)}
    labelled = [(e, (Span(edge_word(e.side)), Span(colour_word(e.colour), font="bold"), Span(_(": ")),
                     *system_of(rs).edge_words(rs, e.colour, options, short=True))) for e in dep.edges]
    if not dep.edges:
        from printgen.sheets.maps.map_legend import wind_words

        wind = wind_words(dep.wind_from)
        labelled = [(EdgeSegment(side, 0.0, dep.width_in if side in ("north", "south") else dep.height_in, ""),
                     (Span(edge_word(side)), Span(wind, font="bold")))
                    for side in WINDWARD[dep.wind_from]]
    for e, spans in labelled:
        (ax, ay), (bx, by) = e.endpoints(dep.width_in, dep.height_in)
        seg = clip_segment(view.pt(ax, ay), view.pt(bx, by), box)
        if not seg:
            continue
        (sx, sy), (ex, ey) = seg
        if e.colour:
            out.append(Line(sx, sy, ex, ey, f"edge.{e.colour}", tag=f"edge:{e.side}:{e.colour}"))
        length = math.hypot(ex - sx, ey - sy)
        width = sum(fonts.width(s.text, 9, s.font or "regular") for s in spans)
        if length < width + 20:
            continue
        dx, dy = inward[e.side]
        mx, my = (sx + ex) / 2 + dx * 14, (sy + ey) / 2 + dy * 14
        angle = {"north": 0, "south": 0, "east": 90, "west": -90}[e.side]
        ux, uy = (ex - sx) / length, (ey - sy) / length
        room = (length - width) / 2 - 10                   # how far it may slide and stay beside its edge
        slides = [0.0] + [k * SLIDE_STEP * way for k in range(1, int(max(0.0, room) // SLIDE_STEP) + 1)
                          for way in (1, -1)]
        # on the table beside its edge; where ships crowd it there, off the table if the sheet shows
        # paper beyond the edge (the poster's place for it)
        spots = [(mx, my)] + ([((sx + ex) / 2 - dx * 14, (sy + ey) / 2 - dy * 14)] if avoid else [])
        labels = (Text(x + ux * d, y + uy * d + (3 if angle == 0 else 0), spans, 9, anchor="middle", angle=angle,
                       tag="edge-label" if e.colour else "wind-label") for x, y in spots for d in slides)
        def clear(t: Text) -> bool:
            return not _meets_any(_label_box(t), avoid or [])

        first = next(labels)                               # the middle of its edge, kept if nothing better
        out.append(first if clear(first) else next((t for t in labels if _inside(_label_box(t), box) and clear(t)),
                                                   first))
    return out


def _inside(a, box) -> bool:
    return box[0] <= a[0] and a[2] <= box[2] and box[1] <= a[1] and a[3] <= box[3]


def _crosshairs(plan: TilePlan, r: int, c: int) -> list[Shape]:
    """Marks at the middle of each shared strip; the neighbour prints the very same table points."""
    a, half = plan.area, OVERLAP_PT / 2
    points = []
    for x in ([a.right - half] if c < plan.cols - 1 else []) + ([a.x + half] if c > 0 else []):
        points += [(x, a.y + a.h * 0.3), (x, a.y + a.h * 0.7)]
    for y in ([a.bottom - half] if r < plan.rows - 1 else []) + ([a.y + half] if r > 0 else []):
        points += [(a.x + a.w * 0.3, y), (a.x + a.w * 0.7, y)]
    out: list[Shape] = []
    for x, y in points:
        out += [Circle(x, y, 5, "map.cross", tag="crosshair"), Line(x - 9, y, x + 9, y, "map.cross"),
                Line(x, y - 9, x, y + 9, "map.cross")]
    return out


def _sheet_label(plan: TilePlan, r: int, c: int, kept: set) -> list[Shape]:
    a = plan.area
    y = a.bottom + 27
    out: list[Shape] = [Text(MARGIN, y, tile_spans(r, c), 22, font="bold", tag="sheet-label")]
    x = MARGIN + fonts.width(row_name(r) + str(c + 1), 22, "bold") + 8
    out.append(Text(x, y - 12, said(_(TILE_LABEL), row=row_name(r),
                                    rows=Span(str(plan.rows), source=("meta", "tile-rows"), kind="count"),
                                    column=Span(str(c + 1), source=("meta", "tile-column"), kind="count"),
                                    columns=Span(str(plan.cols), source=("meta", "tile-columns"), kind="count")),
                    TYPE.small, role="text.muted"))
    near = [("north", r - 1, c), ("south", r + 1, c), ("west", r, c - 1), ("east", r, c + 1)]
    spans: list[Span] = [Span(_("next: "))]
    for name, rr, cc in near:
        if (rr, cc) in kept:
            spans += [Span(_compass_name(name) + " "), *tile_spans(rr, cc), Span(" ")]
    out.append(Text(x, y - 2, tuple(spans), TYPE.small, role="text.muted"))
    return out


def index_page(scenario, dep: Deployment, options: Options, plan: TilePlan, kept: set) -> Page:
    """The grid of printed sheets over a small map, and how to put them together; their labels sit
    where no ship is."""
    from printgen.sheets.maps.map_parts import TABLE, edge_lines, ship_glyph
    from printgen.sheets.text.textfit import wrap

    w, h = options.page_size
    page = Page(w, h)
    box = Box(MARGIN, MARGIN + HEADER, w - 2 * MARGIN, h - 2 * MARGIN - HEADER - FOOTER)
    title = said(_("Table-size map: %(sheets)s sheets of a grid of %(rows)s rows by %(columns)s"),
                 sheets=Span(str(len(kept)), source=("meta", "tile-sheets"), kind="count"),
                 rows=Span(str(plan.rows), source=("meta", "tile-rows"), kind="count"),
                 columns=Span(str(plan.cols), source=("meta", "tile-columns"), kind="count"))
    page.add(Text(box.x, box.y + 14, title, fit_title(title, box.w, 13), font="bold"))
    howto = _("Print at actual size. Only the sheets drawn below are printed: the others carry no ship and no table"
              " edge. Lay them out row by row, row A along the north edge and the first column along the west edge."
              " Each sheet is laid over the shaded strips of the sheets to its west and north: match the crosshairs"
              " and tape the sheets together; a sheet alone is placed by the distances printed on its grid lines. "
              "Every base then sits where the deployment puts it, its number and name printed on it.")
    y = box.y + 30
    for line in wrap(howto, box.w, 8.5):
        page.add(Text(box.x, y, (Span(line),), 8.5, role="text.muted"))
        y += 11
    top = y + 10
    ext_w = (plan.cols - 1) * plan.step_w + plan.area.w / plan.k          # the sheets reach past the table
    ext_h = (plan.rows - 1) * plan.step_h + plan.area.h / plan.k
    k = min((box.w - 20) / ext_w, (box.bottom - top - 10) / ext_h)
    view = MapView(box.x + (box.w - ext_w * k) / 2, top, k, dep.width_in, dep.height_in)
    page.add(Rect(view.x0, view.y0, view.w, view.h, "table", tag="table", meaning=TABLE))
    from printgen.sheets.maps.hazards import chain_shapes, hazard_shapes

    page.add(*(h for h in hazard_shapes(view, scenario, dep.scale) if not isinstance(h, Text)))
    page.add(*edge_lines(view, dep, system_of(scenario.ruleset).wind_edges(scenario.ruleset)))
    page.add(*chain_shapes(view, scenario, dep))
    for p in dep.placements:
        page.add(ship_glyph(view, dep, p))
    ratio = k / plan.k
    ships = [_extent([view.pt(*xy) for xy in dep.corners(p)]) for p in dep.placements]
    for r, c in sorted(kept):
        x = view.x0 + c * plan.step_w * k
        yy = view.y0 + r * plan.step_h * k
        tw, th = plan.area.w * ratio, plan.area.h * ratio
        page.add(Rect(x, yy, tw, th, "map.tile", tag="tile"))
        size = min(14.0, th * 0.3, tw * 0.3)
        label_w = fonts.width(row_name(r) + str(c + 1), size, "bold")
        spots = [(x + tw / 2, yy + th / 2), (x + tw / 2, yy + size * 0.8), (x + tw / 2, yy + th - size * 0.6),
                 (x + label_w / 2 + 3, yy + th / 2), (x + tw - label_w / 2 - 3, yy + th / 2),
                 (x + label_w / 2 + 3, yy + size * 0.8), (x + tw - label_w / 2 - 3, yy + size * 0.8),
                 (x + label_w / 2 + 3, yy + th - size * 0.6), (x + tw - label_w / 2 - 3, yy + th - size * 0.6)]
        boxes = [(sx - label_w / 2, sy - size * 0.7, sx + label_w / 2, sy + size * 0.5) for sx, sy in spots]
        around = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                  max(b[2] for b in boxes), max(b[3] for b in boxes))
        near = [s for s in ships if _meets(around, s, 1.0)]         # a ship clear of them all is clear of each
        crowd = [sum(_meets(b, s, 1.0) for s in near) for b in boxes]
        lx, ly = spots[crowd.index(min(crowd))]                     # the first spot clear of ships, or the least crowded
        base, lw = ly + size * 0.35, label_w + 2                    # on paper: a ship may still lie under it
        page.add(Rect(lx - lw / 2, base - fonts.ascent(size) - 1, lw, fonts.ascent(size) + fonts.descent(size) + 2,
                      "paper"),
                 Text(lx, base, tile_spans(r, c), size, font="bold", anchor="middle", tag="tile-label"))
    return page


def _compass_name(side: str) -> str:
    """ "north": a side of the table in the glossary's word."""
    if LANG.get() == "en":
        return side
    from printgen.i18n.numbers import compass_word

    return compass_word(side[0].upper(), LANG.get())


def fit_title(spans, width: float, size: float) -> float:
    """The title's size: `size`, smaller where a longer language would run past `width` (bold)."""
    from printgen.sheets.text.textfit import fit_size

    return fit_size("".join(s.text for s in spans), width, size, "bold")


def tiled_document(plan, options: Options) -> Drawing:
    return tiled_sheets(plan.scenario, plan.deployment, options)
