"""The whole table map on one large sheet, for a print shop (`--poster A1`): the table-size map's
drawing (tiled_map.tile_page) as a single tile, centred on the poster, with the page frame and its
calibration square. Poster sizes are data (POSTERS), or any `WxH` in in, cm or mm; a table larger
than the poster (less its margins) is refused before anything is drawn."""

from __future__ import annotations

import math

from printgen.draw.shapes import Drawing, Rect
from printgen.errors import PrintgenError, Problem
from printgen.options import Options
from printgen.posters import POSTERS, poster_size
from printgen.units import PT_PER_CM, PT_PER_IN

PAD = 24.0                              # room around the table for the edges' labels
SHEET = "Poster map (table size)"


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
    fix = (f"choose {' or '.join(larger[:2])}" if larger else
           f"no standard poster holds it: ask a print shop for a roll print of {math.ceil(need[0])}x{math.ceil(need[1])}in "
           f"(--poster {math.ceil(need[0])}x{math.ceil(need[1])}in)") + ", or print a smaller table (--table or --scale)"
    raise PrintgenError(Problem(
        f"the table prints {tw / per:.0f} x {th / per:.0f} {unit}: it does not fit on a {name} poster "
        f"({pw / per:.0f} x {ph / per:.0f} {unit}, less {2 * (MARGIN + PAD) / per:.1f} {unit} of margins)",
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
    from printgen.sheets.maps.tiled_map import TilePlan, tile_page
    from printgen.sheets.page.frame import frame
    from printgen.sheets.maps.map_parts import unit_pt

    w, h, area = poster_layout(options.poster, dep.width_in, dep.height_in, options)
    page = tile_page(scenario, dep, options, TilePlan(1, 1, w, h, area, unit_pt(options), dep.width_in, dep.height_in),
                     0, 0)
    page.items.insert(0, Rect(area.x, area.y, area.w, area.h, "table", tag="table"))   # the cloth, under all
    frame(page, options, scenario.title, SHEET, 1, 1,
          hint="A print shop prints it at actual size on one sheet; lay it on the table, north up.")
    return Drawing(f"{scenario.title}: poster map ({options.edition_name})", [page], subject="printgen map poster")
