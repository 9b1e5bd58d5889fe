"""Sheets of titled panels flowed down columns: the quick-reference sheet (every rule table on one
page, two at most, the type as large as the page allows) and the teacher's sheet."""

from __future__ import annotations

from dataclasses import replace

from printgen.draw.shapes import Drawing, Page
from printgen.errors import PrintgenError, Problem
from printgen.options import Options
from printgen.sheets.text.cut import cut
from printgen.sheets.text.directives import expander
from printgen.draw.theme import TYPE
from printgen.sheets.text.flow import FLOOR, TooNarrow
from printgen.sheets.page.frame import content_box, frame, new_page
from printgen.sheets.page.words import titled
from printgen.sheets.text.markup import parse
from printgen.sheets.text.panels import Panel, panel, placed
from printgen.sheets.text.reflow import flow_pages
from printgen.sheets.text.wording import Wording, to_spans
from printgen.registry import system_of

SIZES = [11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0]      # tried in turn; below 8 pt we take another page
GUTTER = 10.0
ROWS_A_PAGE = 30        # rows of a growing table a page holds at least (a roster or tracker row: 2 lines at most)
PANELS_KEPT = 1024      # panels remembered across sheets (a kit lays out a few hundred)

# (section as written, widths, size, floor) -> (panel, wide?). A sheet drawn again lays out the same
# sections: the other edition, and the lesson plan and teacher's sheet, each drawn first to count
# their pages and then again with the counts (only the panel that prints a count differs).
_panels: dict[tuple, tuple[Panel, bool]] = {}


def quickref_sheet(scenario, options: Options) -> Drawing:
    from printgen.i18n import _

    # 4 pages at most: the pupils' glossary (issue 44) takes the Nile's French quick reference past 3
    return panel_sheet(scenario, options, "quickref.md.j2", _("Quick reference"), columns=2, max_pages=4, handout=True,
                       too_long=Problem("its rule tables are too long", fix="shorten the ruleset's quickref.md.j2"))


def pages_for(rows: int, per_page: int = ROWS_A_PAGE) -> int:
    """The pages a sheet's limit allows for what grows with the class or the lesson: a page for each
    `per_page` rows (captains on the roster, turns on the tracker, ships), so a page limit follows
    the sheet's contents and still stops a layout that has gone wrong."""
    return -(-rows // per_page)


def panel_sheet(scenario, options: Options, template: str, sheet: str, columns: int = 2, max_pages: int = 2,
                handout: bool = False, too_long: Problem | None = None, **context) -> Drawing:
    """Panels (one per `## ` section) in reading order, `columns` to a page; a section marked
    {span=wide}, or with a table too wide for a column, takes the page's width; one taller than a
    page is cut into pieces (printgen.sheets.text.cut). The largest type at which everything fits
    on the fewest pages wins; a student `handout` never prints below the theme's TYPE.body (it
    takes another page instead). A sheet that fits no `max_pages` pages raises `too_long` (the
    option that makes it long and how to shorten it) as a PrintgenError."""
    rs = scenario.ruleset
    wording = Wording(rs, options.measure)
    sections = parse(wording.render(template, scenario=scenario, **context),
                     lambda s: to_spans(s, wording))
    box = content_box(options)
    flowing = handout and bool(TYPE.handout_sizes)   # large print: its own sizes, one column flowed over more pages
    if flowing:
        columns, max_pages = min(columns, TYPE.columns), max_pages * TYPE.more_pages
    col_w = (box.w - GUTTER * (columns - 1)) / columns
    expand = expander(scenario, options, wording)
    sizes = (list(TYPE.handout_sizes) or [s for s in SIZES if s >= TYPE.body]) if handout else SIZES
    token = FLOOR.set(TYPE.body if handout else 0.0)
    laid: dict[float, list | None] = {}             # size -> pages: a layout does not depend on the pages allowed
    keys = [_key(s) for s in sections]
    try:
        for pages_allowed in range(1, max_pages + 1):
            for size in sizes:
                if size not in laid and flowing:
                    laid[size] = flow_pages(sections, box, size,
                                            lambda part, size=size: _laid_panel(part, col_w, box.w, size, expand)[0])
                elif size not in laid:
                    laid[size] = _compose([(*p, i == 0 and s.options.get("page") == "new")
                                           for s, k in zip(sections, keys)
                                           for i, p in enumerate(_pieces(s, k, col_w, box, size, expand))],
                                          box, col_w, columns)
                pages = laid[size]
                if pages is not None and len(pages) <= pages_allowed:
                    return _draw(scenario, options, pages, sheet, template)
    finally:
        FLOOR.reset(token)
    least = min(sizes)
    name = sheet.lower().removeprefix("the ")
    room = "1 page" if max_pages == 1 else f"{max_pages} pages"
    what = f"the {name} does not fit on {room}, even in {least:g} pt type"
    raise PrintgenError(replace(too_long, what=f"{what}: {too_long.what}") if too_long else Problem(what))


def _pieces(section, key: str | None, col_w: float, box, size: float, expand) -> list[tuple[Panel, bool]]:
    """The section's panel; if it is taller than a page, the panels of its pieces that fit one."""
    whole = _panel(section, key, col_w, box.w, size, expand)
    if whole[0].height <= box.h:
        return [whole]
    pieces = cut(section, lambda part: _laid_panel(part, col_w, box.w, size, expand)[0].height <= box.h)  # tries: not kept
    return [_panel(part, _key(part), col_w, box.w, size, expand) for part in pieces]


def _key(section) -> str | None:
    """What a section's panel depends on besides the sheet's widths and type: all it says (spans,
    sources, options: its repr); None for a section that asks the sheet for a block (a [directive]
    refers to the sheet's own objects), laid out afresh."""
    return None if any(b.kind == "directive" for b in section.blocks) else repr(section)


def _panel(section, key: str | None, col_w: float, page_w: float, size: float, expand) -> tuple[Panel, bool]:
    """_laid_panel, remembered by the section's `key` (see _key)."""
    if key is None:
        return _laid_panel(section, col_w, page_w, size, expand)
    at = (key, col_w, page_w, size, FLOOR.get(), TYPE.name)
    if at not in _panels:
        if len(_panels) >= PANELS_KEPT:
            _panels.clear()
        _panels[at] = _laid_panel(section, col_w, page_w, size, expand)
    return _panels[at]


def _laid_panel(section, col_w: float, page_w: float, size: float, expand) -> tuple[Panel, bool]:
    """(panel, wide?): a column's width when it fits one (its long cells wrapped if need be), else
    the page's."""
    from printgen.sheets.text.flow import LAST_RESORT, WRAP_CELLS

    tries = [(col_w, False), (col_w, True)] if section.options.get("span") != "wide" else []
    for width, wrap in tries + [(page_w, True)]:        # the widest layout wraps long cells too
        token = WRAP_CELLS.set(wrap)
        last = LAST_RESORT.set(width == page_w)
        try:
            return panel(section, width, size, expand), width == page_w
        except TooNarrow:
            if width == page_w and wrap:                # the last try (a one-column sheet's column is the page)
                raise
        finally:
            WRAP_CELLS.reset(token)
            LAST_RESORT.reset(last)
    raise AssertionError("unreachable")


def _compose(panels: list[tuple[Panel, bool, bool]], box, col_w: float, columns: int):
    """Pages of (panel, x, y): narrow panels fill column after column of a band; a wide panel
    closes the band and spans the page; a panel marked {page=new} starts a page (a side's own page,
    to hand to that side). None if a panel is taller than a page."""
    pages: list[list] = [[]]
    top = box.y + 4
    band: list[Panel] = []

    def flush():
        nonlocal top
        if not band:
            return
        cols = _balanced(band, columns, box.bottom - top)
        if cols is not None:                            # the band fits here: even columns
            bottom = top
            for c, col in enumerate(cols):
                y = top
                for p in col:
                    pages[-1].append((p, box.x + c * (col_w + GUTTER), y))
                    y += p.height + GUTTER
                bottom = max(bottom, y)
            band.clear()
            top = bottom
            return
        col, y, bottom = 0, top, top
        for p in band:
            if y + p.height > box.bottom and (y > top or top > box.y + 4):
                col, y = col + 1, top
                if col == columns or y + p.height > box.bottom:     # no column left, or the band starts too low
                    pages.append([])
                    col, top, y = 0, box.y + 4, box.y + 4
            pages[-1].append((p, box.x + col * (col_w + GUTTER), y))
            y += p.height + GUTTER
            bottom = max(bottom, y)
        band.clear()
        top = bottom

    for p, wide, starts_page in panels:
        if p.height > box.h:
            return None
        if starts_page:
            flush()
            if pages[-1]:
                pages.append([])
                top = box.y + 4
        if not wide:
            band.append(p)
            continue
        flush()
        if top + p.height > box.bottom:
            pages.append([])
            top = box.y + 4
        pages[-1].append((p, box.x, top))
        top += p.height + GUTTER
    flush()
    return [pg for pg in pages if pg]


def _balanced(band: list[Panel], columns: int, height: float) -> list[list[Panel]] | None:
    """The band in `columns` columns, in order, with the shortest tallest column; None if no
    split fits `height`."""
    def tall(group):
        return sum(p.height for p in group) + GUTTER * max(0, len(group) - 1)

    best = None
    def splits(items, k):
        if k == 1:
            yield [items]
            return
        for i in range(len(items), -1, -1):           # fuller first columns win ties
            for rest in splits(items[i:], k - 1):
                yield [items[:i], *rest]

    for cols in splits(band, columns):
        h = max(tall(c) for c in cols)
        if h <= height and (best is None or h < best[0]):
            best = (h, cols)
    return best[1] if best else None


def _draw(scenario, options: Options, laid_pages, sheet: str, template: str) -> Drawing:
    pages: list[Page] = []
    for k, laid in enumerate(laid_pages):
        page = new_page(options)
        for p, x, y in laid:
            page.add(placed(p, x, y))
        frame(page, options, scenario.title, sheet, k + 1, len(laid_pages))
        pages.append(page)
    return Drawing(titled(scenario.title, sheet.lower(), options.edition_name), pages,
                   look=system_of(scenario.ruleset), subject=f"printgen {template.split('.')[0]}")
