"""The quick-reference sheet: every table of the rules on one page (two at most), in two columns
of panels, the type as large as the page allows (arm's-length reading wants 8 pt and more)."""

from __future__ import annotations

from printgen.draw.shapes import Drawing, Page
from printgen.options import Options
from printgen.sheets.directives import expander
from printgen.sheets.frame import content_box, frame, new_page
from printgen.sheets.markup import parse
from printgen.sheets.panels import Panel, panel, placed
from printgen.sheets.wording import Wording, to_spans

SIZES = [11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0]      # tried in turn; below 8 pt we take a second page
GUTTER = 10.0


def quickref_sheet(scenario, options: Options) -> Drawing:
    rs = scenario.ruleset
    wording = Wording(rs, options.measure)
    text = wording.render(f"{rs.ruleset.id}/quickref.md.j2")
    sections = parse(text, lambda s: to_spans(s, wording))
    box = content_box(options)
    col_w = (box.w - GUTTER) / 2
    expand = expander(scenario, options)
    for pages_allowed in (1, 2):
        for size in SIZES:
            panels = [panel(s, col_w, size, expand) for s in sections]
            columns = _columns(panels, box.h, 2 * pages_allowed)
            if columns is not None:
                return _draw(scenario, options, columns, box, col_w)
    raise ValueError("the quick-reference sheet does not fit on two pages")


def _columns(panels: list[Panel], height: float, n: int) -> list[list[Panel]] | None:
    """Panels in order, filling column after column; None if they need more than n columns."""
    cols: list[list[Panel]] = [[]]
    used = 0.0
    for p in panels:
        if cols[-1] and used + GUTTER + p.height > height:
            cols.append([])
            used = 0.0
        if p.height > height:
            return None
        used += (GUTTER if cols[-1] else 0.0) + p.height
        cols[-1].append(p)
    return cols if len(cols) <= n else None


def _draw(scenario, options: Options, columns, box, col_w) -> Drawing:
    n_pages = (len(columns) + 1) // 2
    pages: list[Page] = []
    for k in range(n_pages):
        page = new_page(options)
        for c, col in enumerate(columns[2 * k:2 * k + 2]):
            x = box.x + c * (col_w + GUTTER)
            y = box.y + 4
            for p in col:
                page.add(placed(p, x, y))
                y += p.height + GUTTER
        frame(page, options, scenario.title, "Quick reference", k + 1, n_pages)
        pages.append(page)
    return Drawing(f"{scenario.title}: quick reference ({options.edition_name})", pages, subject="printgen quickref")
