"""Sheets of titled panels flowed down columns: the quick-reference sheet (every rule table on one
page, two at most, the type as large as the page allows) and the teacher's sheet."""

from __future__ import annotations

from printgen.draw.shapes import Drawing, Page
from printgen.options import Options
from printgen.sheets.directives import expander
from printgen.sheets.frame import content_box, frame, new_page
from printgen.sheets.markup import parse
from printgen.sheets.panels import Panel, panel, placed
from printgen.sheets.wording import Wording, to_spans

SIZES = [11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0]      # tried in turn; below 8 pt we take another page
GUTTER = 10.0


def quickref_sheet(scenario, options: Options) -> Drawing:
    return panel_sheet(scenario, options, "quickref.md.j2", "Quick reference", columns=2, max_pages=2)


def panel_sheet(scenario, options: Options, template: str, sheet: str, columns: int = 2, max_pages: int = 2,
                **context) -> Drawing:
    """Panels (one per `## ` section) in reading order, `columns` to a page, on as few pages as
    fit at readable type; the largest type that fits wins."""
    rs = scenario.ruleset
    wording = Wording(rs, options.measure)
    sections = parse(wording.render(f"{rs.ruleset.id}/{template}", scenario=scenario, **context), lambda s: to_spans(s, wording))
    box = content_box(options)
    col_w = (box.w - GUTTER * (columns - 1)) / columns
    expand = expander(scenario, options, wording)
    for pages_allowed in range(1, max_pages + 1):
        for size in SIZES:
            panels = [panel(s, col_w, size, expand) for s in sections]
            laid = _columns(panels, box.h, columns * pages_allowed)
            if laid is not None:
                return _draw(scenario, options, laid, box, col_w, columns, sheet, template)
    raise ValueError(f"the {sheet.lower()} does not fit on {max_pages} pages")


def _columns(panels: list[Panel], height: float, n: int) -> list[list[Panel]] | None:
    """Panels in order, filling column after column; None if they need more than n columns."""
    cols: list[list[Panel]] = [[]]
    used = 0.0
    for p in panels:
        if p.height > height:
            return None
        if cols[-1] and used + GUTTER + p.height > height:
            cols.append([])
            used = 0.0
        used += (GUTTER if cols[-1] else 0.0) + p.height
        cols[-1].append(p)
    return cols if len(cols) <= n else None


def _draw(scenario, options: Options, laid, box, col_w, columns: int, sheet: str, template: str) -> Drawing:
    n_pages = (len(laid) + columns - 1) // columns
    pages: list[Page] = []
    for k in range(n_pages):
        page = new_page(options)
        for c, col in enumerate(laid[columns * k:columns * (k + 1)]):
            x = box.x + c * (col_w + GUTTER)
            y = box.y + 4
            for p in col:
                page.add(placed(p, x, y))
                y += p.height + GUTTER
        frame(page, options, scenario.title, sheet, k + 1, n_pages)
        pages.append(page)
    return Drawing(f"{scenario.title}: {sheet.lower()} ({options.edition_name})", pages,
                   subject=f"printgen {template.split('.')[0]}")
