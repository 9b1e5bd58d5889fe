"""The deployment map: the whole table to scale on one page, north up, with its grid, wind edges,
every ship as its base, and a legend; the placement table follows on the next page.

The map scale is the largest round ratio (1:12 at full size: an inch on the map is a foot on the
table) at which the table and its legend fit the page, so at any table size the map fills the
page and a ruler on the map measures the table."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.draw import fonts
from printgen.draw.shapes import Drawing, Page, Shape, Span, Text
from printgen.draw.theme import TYPE
from printgen.game.deploy import Deployment
from printgen.game.geometry import EdgeSegment
from printgen.i18n import LANG, N_, _, using
from printgen.options import Options
from printgen.registry import system_of
from printgen.sheets.maps.hazards import chain_shapes, hazard_shapes
from printgen.sheets.maps.map_legend import WIDTH as LEGEND_W
from printgen.sheets.maps.map_legend import Block, legend_blocks
from printgen.sheets.maps.map_parts import (
    Grid,
    MapView,
    edge_lines,
    glyph_box,
    grid_labels,
    grid_of,
    ship_glyph,
    table_shapes,
    unit_pt,
)
from printgen.sheets.maps.placement_table import placement_pages
from printgen.sheets.page.frame import Box, content_box, frame, new_page
from printgen.sheets.page.words import titled
from printgen.sheets.pieces.sprites import star_shape
from printgen.sheets.text.textfit import fit_size

RATIOS = {"in": (1, 2, 3, 4, 6, 8, 10, 12, 16, 18, 20, 24, 30, 36, 48, 60, 72, 96, 120, 144, 192, 240),
          "cm": (1, 2, 2.5, 4, 5, 7.5, 10, 12.5, 15, 20, 25, 30, 40, 50, 75, 100, 125, 150, 200, 250)}
PAD = (36.0, 18.0, 18.0, 34.0)          # room around the outline: west, north, east, south (labels)
GAP = 12.0
STACK = 6.0                              # between legend blocks one above the other (their titles part them)
LEGEND_MIN, LEGEND_MAX = 118.0, 190.0   # legend width beside the map
HEAD = 22.0                              # the page title above the map
WINDWARD = {"N": ("north",), "NE": ("north", "east"), "E": ("east",), "SE": ("east", "south"), "S": ("south",),
            "SW": ("south", "west"), "W": ("west",), "NW": ("north", "west")}


@dataclass(frozen=True)
class MapLayout:
    view: MapView
    ratio: float
    legend: tuple[tuple[float, float], ...]      # top-left of each legend block
    legend_w: float


def map_sheets(scenario, dep: Deployment, options: Options) -> Drawing:
    """Page 1: the map and its legend; then the placement table; in the options' language (the map
    command draws it outside DocumentKind.make, which would set it)."""
    with using(options.lang):
        return _map_sheets(scenario, dep, options)


def _map_sheets(scenario, dep: Deployment, options: Options) -> Drawing:
    page = map_page(scenario, dep, options)
    pages = [page, *placement_pages(scenario, dep, options)]
    for i, p in enumerate(pages):
        frame(p, options, scenario.title, _("Deployment map"), i + 1, len(pages),
              hint=_("Set the table from the map and the placement table."))
    return Drawing(titled(scenario.title, N_("deployment map"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen map")


def map_page(scenario, dep: Deployment, options: Options, secret: bool = False, title: str = N_("Deployment map")) -> Page:
    """The map; `secret`: with the hidden obstacles, numbered (the teacher's secret obstacle map)."""
    page = new_page(options)
    box = content_box(options)
    grid = grid_of(options)
    layout = fit_map(dep, options, box,
                     lambda view, ratio, width: legend_blocks(scenario, dep, options, view, grid, ratio, width))
    view = layout.view
    north = (_("   north is up on this table, not in the real battle: see the story page")
             if scenario.file.story.turned else _("   north is up; the table seen from above"))
    wide = fonts.width(_(title), 13, "bold") + fonts.width(north, 13, "regular")
    size = min(13.0, 13.0 * box.w / wide)          # the line kept inside the page (Spanish, French: longer)
    page.add(Text(box.x, box.y + 13, (Span(_(title)), Span(north, font="regular")), size, font="bold"))
    page.add(*table_shapes(view, grid))
    page.add(*hazard_shapes(view, scenario, dep.scale, secret=secret))
    page.add(*chain_shapes(view, scenario, dep))
    page.add(*edge_lines(view, dep, system_of(scenario.ruleset).wind_edges(scenario.ruleset)))
    page.add(*grid_labels(view, grid, 6.0, "bold"))
    page.add(*edge_labels(view, dep, scenario.ruleset, options))
    for p in dep.placements:
        page.add(ship_glyph(view, dep, p))
    page.add(*ship_labels(view, dep))
    for block, (x, y) in zip(legend_blocks(scenario, dep, options, view, grid, layout.ratio, layout.legend_w),
                             layout.legend):
        page.add(block.at(x, y))
    return page


def fit_map(dep: Deployment, options: Options, box: Box, blocks_of) -> MapLayout:
    """The smallest ratio (the biggest map) at which map and legend fit, legend beside or below."""
    pw, pn, pe, ps = PAD
    top = box.y + HEAD
    avail_h = box.bottom - top
    best = None
    for ratio in RATIOS[options.units]:
        k = unit_pt(options) / ratio
        mw, mh = dep.width_in * k, dep.height_in * k
        view = MapView(box.x + pw, top + pn, k, dep.width_in, dep.height_in)
        if mw + pw + pe > box.w or mh + pn + ps > avail_h:
            continue
        x_right = box.x + pw + mw + pe + GAP
        side_w = min(LEGEND_MAX, box.right - x_right)
        if side_w >= LEGEND_MIN:
            heights = [b.height for b in blocks_of(view, ratio, side_w)]
            if sum(heights) + STACK * (len(heights) - 1) <= avail_h:
                y, spots = top, []
                for h in heights:
                    spots.append((x_right, y))
                    y += h + STACK
                best = MapLayout(view, ratio, tuple(spots), side_w)
                break
        heights = [b.height for b in blocks_of(view, ratio, LEGEND_W)]
        below = _flow(heights, box.x, top + pn + mh + ps + GAP, box.w)
        if below and max(y + h for (_, y), h in zip(below, heights)) <= box.bottom:
            best = MapLayout(view, ratio, tuple(below), LEGEND_W)
            break
    if best is None:                                # tiny page or huge legend: the map alone, legend overflows
        ratio = RATIOS[options.units][-1]
        k = unit_pt(options) / ratio
        view = MapView(box.x + pw, top + pn, k, dep.width_in, dep.height_in)
        heights = [b.height for b in blocks_of(view, ratio, LEGEND_W)]
        best = MapLayout(view, ratio, tuple(_flow(heights, box.x, top + pn + dep.height_in * k + ps + GAP, box.w)
                                            or []), LEGEND_W)
    return best


def _flow(heights: list[float], x: float, y: float, width: float) -> list[tuple[float, float]] | None:
    """Blocks into columns of LEGEND_W across `width`, each into the shortest column."""
    n = int((width + GAP) / (LEGEND_W + GAP))
    if n < 1:
        return None
    cols = [y] * n
    spots = []
    for h in heights:
        j = min(range(n), key=lambda i: (cols[i], i))
        spots.append((x + j * (LEGEND_W + GAP), cols[j]))
        cols[j] += h + GAP
    return spots


def edge_labels(view: MapView, dep: Deployment, rs, options: Options, size: float = TYPE.small) -> list[Shape]:
    """Each wind-edge segment named outside the outline: side, colour and meaning (the only way to
    tell them apart on a black-and-white photocopy besides the line pattern); on a table without
    coloured edges, the side (or sides) the wind blows from."""
    out: list[Shape] = []
    words = {e.colour: system_of(rs).edge_words(rs, e.colour, options, short=True) for e in dep.edges}
    colon = _(": ")
    labels = [(e, [(Span(edge_word(e.side)), Span(colour_word(e.colour), font="bold"), Span(colon), *words[e.colour]),
                   (Span(colour_word(e.colour), font="bold"), Span(colon), *words[e.colour]),      # the side is where it is
                   (Span(edge_word(e.side)), Span(colour_word(e.colour), font="bold")),
                   (Span(colour_word(e.colour), font="bold"),)]) for e in dep.edges]
    if not dep.edges:                               # no coloured edges: say where the wind comes from

        from printgen.sheets.maps.map_legend import wind_words

        wind = wind_words(dep.wind_from)
        labels = [(EdgeSegment(side, 0.0, dep.width_in if side in ("north", "south") else dep.height_in, ""),
                   [(Span(edge_word(side)), Span(wind, font="bold")),
                    (Span(wind, font="bold"),)])
                  for side in WINDWARD[dep.wind_from]]
    for e, options_ in labels:
        (x1, y1), (x2, y2) = e.endpoints(dep.width_in, dep.height_in)
        (ax, ay), (bx, by) = view.pt(x1, y1), view.pt(x2, y2)
        length = math.hypot(bx - ax, by - ay)
        for spans in options_:                       # the longest wording that fits the segment
            width = sum(fonts.width(sp.text, size, sp.font or "regular") for sp in spans)
            if width <= length - 6:
                break
        s = size if width <= length - 4 else fit_size(spans[0].text, length - 4, size, "bold", min_size=3.5)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if e.side == "north":
            out.append(Text(mx, my - 5.5, spans, s, anchor="middle", tag="edge-label"))
        elif e.side == "south":
            out.append(Text(mx, my + 4.5 + 6.0 + 5 + s, spans, s, anchor="middle", tag="edge-label"))
        elif e.side == "east":
            out.append(Text(mx + 5.5, my, spans, s, anchor="middle", angle=90, tag="edge-label"))
        else:
            # the words' top at the pad's outer edge, clear of the distances beside the outline
            out.append(Text(mx - PAD[0] + 0.5 + fonts.ascent(s), my, spans, s, anchor="middle", angle=-90, tag="edge-label"))
    return out


def edge_word(side: str) -> str:
    """ "NORTH EDGE · ": a side of the table in capitals, its compass word the glossary's."""
    if LANG.get() == "en":
        return f"{side.upper()} EDGE · "
    from printgen.i18n.numbers import compass_word

    return _("%(side)s EDGE · ") % {"side": compass_word(side[0].upper(), LANG.get()).upper()}


def colour_word(colour: str) -> str:
    """ "GREEN": a wind edge's colour in capitals (the ruleset's label "Green")."""
    return _(colour.capitalize()).upper()


def ship_labels(view: MapView, dep: Deployment) -> list[Shape]:
    """Each ship's number (and a star for a flagship) beside its base, where it hides nothing."""
    length = dep.base_length_in * view.k
    size = max(TYPE.floor, min(7.0, length * 0.45))
    bases = [glyph_box(view, dep, p) for p in dep.placements]
    taken = [(b[0] - 0.4, b[1] - 0.4, b[2] + 0.4, b[3] + 0.4) for b in bases]
    line_xs = sorted(p.x_in for p in dep.placements if p.group == "line")
    mid = line_xs[len(line_xs) // 2] if line_xs else 0.0
    out: list[Shape] = []
    for p, (x0, y0, x1, y1) in zip(dep.placements, bases):
        text = str(p.number)
        star = size * 0.95 if p.ship.flagship else 0.0
        w, h = fonts.width(text, size, "bold") + star, size * 0.74
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        g = 1.0
        spots = {"E": (x1 + g, cy - h / 2), "W": (x0 - g - w, cy - h / 2), "N": (cx - w / 2, y0 - g - h),
                 "S": (cx - w / 2, y1 + g), "NE": (x1 + g, y0 - g - h), "NW": (x0 - g - w, y0 - g - h),
                 "SE": (x1 + g, y1 + g), "SW": (x0 - g - w, y1 + g)}
        order: tuple[str, ...]
        if p.group == "line":
            order = ("W", "NW", "SW", "E", "N", "S") if p.x_in <= mid else ("E", "NE", "SE", "W", "N", "S")
        else:
            order = ("N", "S", "NE", "SE", "NW", "SW", "E", "W")
        choice = None
        for name in order:
            lx, ly = spots[name]
            b = (lx, ly, lx + w, ly + h)
            inside = b[0] >= view.x0 and b[2] <= view.x0 + view.w and b[1] >= view.y0 and b[3] <= view.y0 + view.h
            if inside and not any(_hit(b, t) for t in taken):
                choice = b
                break
        if choice is None:
            lx, ly = spots[order[0]]
            choice = (lx, ly, lx + w, ly + h)
        taken.append(choice)
        if star:
            out.append(star_shape(choice[0] + star / 2, choice[1] + h / 2, star * 0.48))
        out.append(Text(choice[0] + star, choice[3], (Span(text, source=("deploy", p.ship.key, "number"),
                                                           kind="count"),), size, font="bold", tag="ship-number"))
    return out


def _hit(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


__all__ = ["map_sheets", "map_page", "fit_map", "MapLayout", "Block", "Grid"]


def map_document(plan, options: Options) -> Drawing:
    return map_sheets(plan.scenario, plan.deployment, options)
