"""Obstacle markers to cut out: the fragment's "piece of blue paper with black dots", set on the
table only where a ship has struck a hidden obstacle. A page of them at the ruleset's marker size
(a printgen default, said so on the page), scaled with the kit; blue with black dots in colour,
white with black dots in black and white."""

from __future__ import annotations

from printgen.rules.printed import rule_words
from printgen.rules.provenance import mark_spans

from printgen.draw.shapes import Drawing, Rect, Span, Text
from printgen.i18n import LANG, N_, _, slots
from printgen.options import Options
from printgen.sheets.page.frame import Box, content_box, frame, new_page
from printgen.sheets.page.words import titled
from printgen.sheets.pieces.pack import grid
from printgen.registry import system_of

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


def _intro(page, scenario, options: Options, box: Box) -> float:
    """Title, the rule's own words for the marker, and its size; returns where the markers start."""
    rs = scenario.ruleset
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
