"""Obstacle markers to cut out: the fragment's "piece of blue paper with black dots", set on the
table only where a ship has struck a hidden obstacle. A page of them at the ruleset's marker size
(a printgen default, said so on the page), scaled with the kit; blue with black dots in colour,
white with black dots in black and white."""

from __future__ import annotations

from printgen.draw.shapes import Drawing, Rect, Span, Text
from printgen.draw.typescale import TYPE
from printgen.i18n import LANG, N_, _, slots
from printgen.options import Options
from printgen.registry import system_of
from printgen.rules.printed import rule_words
from printgen.rules.provenance import mark_spans
from printgen.sheets.page.frame import Box, content_box, frame, new_page
from printgen.sheets.page.words import titled
from printgen.sheets.pieces.pack import grid

TITLE_PT, TEXT_PT = 12.0, 8.5
MARKERS = 20               # enough for any game: obstacles are few, and a marker goes only where one was struck


def marker_sheets(scenario, options: Options) -> Drawing:
    rs, m = scenario.ruleset, options.measure
    w, h = (m.pt(v) for v in rs.obstacles.marker_in)
    page = new_page(options)
    box = content_box(options)
    top = _intro(page, scenario, options, box)
    area = Box(box.x, top, box.w, box.bottom - top)
    g = grid(area, w, h, "obstacle marker")
    per = m.pt(1.0)                              # each marker measures the rule's size (printgen check)
    size = (("width", ("rule", "obstacles.marker_in.0"), per), ("height", ("rule", "obstacles.marker_in.1"), per))
    for i in range(min(MARKERS, g.per_page)):
        x, y = g.slot(i)
        page.add(Rect(x, y, w, h, "marker", tag="marker", meaning=size))
    frame(page, options, scenario.title, _("Obstacle markers"), 1, 1)
    return Drawing(titled(scenario.title, N_("obstacle markers"), options.edition_name), [page],
                   look=system_of(scenario.ruleset), subject="printgen markers")


def _large(page, x: float, y: float, spans: tuple, width: float, **style) -> float:
    """Large print: the words at 14 pt, wrapped to the width, in an upright face; returns the last
    line's baseline."""
    from printgen.sheets.maps.map_legend import wrap_spans

    size, font = TYPE.handled, "regular" if style.get("font") == "italic" else style.get("font", "regular")
    rows = wrap_spans(tuple(spans), width, size, font)
    for k, row in enumerate(rows):
        page.add(Text(x, y + k * size * 1.3, tuple(row), size, **{**style, "font": font}))
    return y + (len(rows) - 1) * size * 1.3


def _intro(page, scenario, options: Options, box: Box) -> float:
    """Title, the rule's own words for the marker, and its size; returns where the markers start."""
    rs = scenario.ruleset
    if TYPE.handled:                                   # large print (the standard layout below, as it was)
        return _intro_large(page, scenario, options, box)
    size = [Span(options.measure.fmt_size(v), "bold", ("rule", f"obstacles.marker_in.{i}"), "size")
            for i, v in enumerate(rs.obstacles.marker_in)]
    y = box.y + TITLE_PT
    page.add(Text(box.x, y, (Span(_("Obstacle markers")),), TITLE_PT, font="bold"))
    y += TEXT_PT * 1.9
    page.add(Text(box.x, y, (Span(_("Once a ship has struck a hidden obstacle, set out a marker on the table, only "
                                    "where that obstacle was struck. The rules ask for")),), TEXT_PT))
    y += TEXT_PT * 1.4
    marker = Span(rule_words(rs.obstacles.marker, LANG.get()), source=("rule", "obstacles.marker"), kind="text")
    quoted = slots(_("\u201c%(marker)s.\u201d"), {"marker": [marker]})
    page.add(Text(box.x + TEXT_PT, y, tuple(Span(p) if isinstance(p, str) else p for p in quoted),
                  TEXT_PT * 1.1, font="italic", tag="marker-rule"))
    y += TEXT_PT * 1.6
    said = slots(_("Cut them out on the solid lines. Each measures %(width)s by %(height)s%(mark)s."),
                 {"width": [size[0]], "height": [size[1]],
                  "mark": mark_spans(rs, "obstacles.marker_in", before=" (", after=")")})
    page.add(Text(box.x, y, tuple(Span(p) if isinstance(p, str) else p for p in said), TEXT_PT, role="text.muted"))
    return y + TEXT_PT * 1.6


def _intro_large(page, scenario, options: Options, box: Box) -> float:
    """The intro in large print: the same words at 14 pt (the title at 16), each paragraph wrapped."""
    rs = scenario.ruleset
    size = [Span(options.measure.fmt_size(v), "bold", ("rule", f"obstacles.marker_in.{i}"), "size")
            for i, v in enumerate(rs.obstacles.marker_in)]
    text = TYPE.handled
    y = box.y + 16
    page.add(Text(box.x, y, (Span(_("Obstacle markers")),), 16, font="bold"))
    y = _large(page, box.x, y + text * 1.9, (Span(_("Once a ship has struck a hidden obstacle, set out a marker on the "
                                                  "table, only where that obstacle was struck. The rules ask for")),),
               box.w)
    marker = Span(rule_words(rs.obstacles.marker, LANG.get()), source=("rule", "obstacles.marker"), kind="text")
    quoted = slots(_("\u201c%(marker)s.\u201d"), {"marker": [marker]})
    y = _large(page, box.x + text, y + text * 1.4, tuple(Span(p) if isinstance(p, str) else p for p in quoted),
               box.w - text, font="italic", tag="marker-rule")
    said = slots(_("Cut them out on the solid lines. Each measures %(width)s by %(height)s%(mark)s."),
                 {"width": [size[0]], "height": [size[1]],
                  "mark": mark_spans(rs, "obstacles.marker_in", before=" (", after=")")})
    y = _large(page, box.x, y + text * 1.6, tuple(Span(p) if isinstance(p, str) else p for p in said), box.w,
               role="text.muted")
    return y + text * 1.6
