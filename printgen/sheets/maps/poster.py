"""The whole table map on one large sheet, for a print shop (`--poster A1`): the table-size map's
drawing (tiled_map.tile_page) as a single tile, centred on the poster, with the page frame and its
calibration square. Poster sizes are data (POSTERS), or any `WxH` in in, cm or mm; a table larger
than the poster (less its margins) is refused before anything is drawn."""

from __future__ import annotations

import dataclasses
import math

from printgen.draw import fonts
from printgen.draw.shapes import Drawing, Rect, Shape, Text
from printgen.errors import PrintgenError, Problem
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.posters import POSTERS, poster_size
from printgen.registry import system_of
from printgen.sheets.page.words import titled
from printgen.units import PT_PER_CM, PT_PER_IN

PAD = 24.0                              # room around the table for the edges' labels
EDGE_LABELS = ("edge-label", "wind-label")
CLEAR = 2.5 + 2.0                       # half the thickest edge line, and a gap
SHEET = N_("Poster map (table size)")


def poster_layout(name: str, table_w_in: float, table_h_in: float, options: Options):
    """(page width, page height, the table's box on it) in points, portrait or landscape, whichever
    holds the table; a clear error when neither does."""
    from printgen.sheets.maps.map_parts import unit_pt
    from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN

    k = unit_pt(options)
    tw, th = table_w_in * k, table_h_in * k
    placed = _place(poster_size(name), tw, th)
    if placed is not None:
        return placed
    pw, ph = poster_size(name)
    unit, per = ("cm", PT_PER_CM) if options.units == "cm" else ("in", PT_PER_IN)
    larger = [n for n in POSTERS if _place(poster_size(n), tw, th) is not None]
    need = [v / PT_PER_IN for v in sorted((tw + 2 * (MARGIN + PAD), th + 2 * (MARGIN + PAD) + HEADER + FOOTER))]
    from printgen.i18n import _

    roll = f"{math.ceil(need[0])}x{math.ceil(need[1])}in"
    fix = _("%(choice)s, or print a smaller table (--table or --scale)") % {"choice": (
        _("choose %(sizes)s") % {"sizes": _(" or ").join(larger[:2])} if larger else
        _("no standard poster holds it: ask a print shop for a roll print of %(size)s (--poster %(size)s)")
        % {"size": roll})}
    raise PrintgenError(Problem(
        _("the table prints %(width)s x %(height)s %(unit)s: it does not fit on a %(name)s poster (%(poster_width)s x "
          "%(poster_height)s %(unit)s, less %(margins)s %(unit)s of margins)")
        % {"width": f"{tw / per:.0f}", "height": f"{th / per:.0f}", "unit": unit, "name": name,
           "poster_width": f"{pw / per:.0f}", "poster_height": f"{ph / per:.0f}",
           "margins": f"{2 * (MARGIN + PAD) / per:.1f}"},
        field="--poster", fix=fix))


def _place(size: tuple[float, float], tw: float, th: float):
    """(page width, page height, the table's box), portrait or landscape; None if neither holds it."""
    from printgen.sheets.page.frame import FOOTER, HEADER, MARGIN, Box

    pw, ph = size
    for w, h in ((pw, ph), (ph, pw)):
        room = Box(MARGIN + PAD, MARGIN + HEADER + PAD, w - 2 * (MARGIN + PAD), h - 2 * (MARGIN + PAD) - HEADER - FOOTER)
        if tw <= room.w and th <= room.h:
            return w, h, Box(room.x + (room.w - tw) / 2, room.y + (room.h - th) / 2, tw, th)
    return None


def check_poster(scenario, options: Options) -> None:
    """Refuse, before anything is drawn, a poster the table does not fit."""
    if options.poster:
        t, s = scenario.ruleset.table, options.scale
        poster_layout(options.poster, t.east_west_ft * 12 * s, t.north_south_ft * 12 * s, options)


def poster_sheets(scenario, dep, options: Options) -> Drawing:
    from printgen.sheets.maps.map_parts import unit_pt
    from printgen.sheets.maps.tiled_map import TilePlan, tile_page
    from printgen.sheets.page.frame import frame

    w, h, area = poster_layout(options.poster, dep.width_in, dep.height_in, options)
    page = tile_page(scenario, dep, options, TilePlan(1, 1, w, h, area, unit_pt(options), dep.width_in, dep.height_in),
                     0, 0, centred=True)
    page.items[:] = [_outside(t, area) if _tag(t) in EDGE_LABELS else t for t in page.items]
    page.items.insert(0, Rect(area.x, area.y, area.w, area.h, "table", tag="table"))   # the cloth, under all
    frame(page, options, scenario.title, _(SHEET), 1, 1,
          hint=_("A print shop prints it at actual size on one sheet; lay it on the table, north up."))
    return Drawing(titled(scenario.title, N_("poster map"), options.edition_name), [page], look=system_of(scenario.ruleset), subject="printgen map poster")


def _tag(shape: Shape) -> str:
    return getattr(shape, "tag", "") or ""


def _outside(t: Text, area) -> Text:
    """An edge's label moved from inside the table, where a tile of the tiled map has to print it
    (its sheet ends there), into the poster's PAD just outside that edge, still centred on it: on
    the table it printed across any base deployed near the middle of an edge, and its name (the
    south edge's '·' through 'Príncipe de Asturias' at --scale 0.25); outside, nothing else is drawn.
    Each keeps its turn (north and south upright, east a quarter turn clockwise, west anticlockwise,
    the tops of the turned ones outwards) and sits CLEAR of the line, its descenders towards it."""
    d = CLEAR + fonts.descent(t.size)
    if t.angle % 180:                                       # east (90) or west (-90)
        return dataclasses.replace(t, x=area.right + d if t.angle % 360 == 90 else area.x - d)
    if t.y < area.y + area.h / 2:                           # north: above the line
        return dataclasses.replace(t, y=area.y - d)
    return dataclasses.replace(t, y=area.bottom + CLEAR + fonts.ascent(t.size))    # south: below it, its top to the line


def poster_document(plan, options: Options) -> Drawing:
    return poster_sheets(plan.scenario, plan.deployment, options)
