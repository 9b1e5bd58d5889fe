"""Rule cards: one procedure a card, in plain words, with its exact odds; four cards to a page
(a card that needs it takes two slots, a column), cut lines between them and crop marks outside.

Cards are student handouts: every card of a document prints at the theme's type scale (TYPE.body,
TYPE.heading), never smaller; a card that does not fit its slot takes two (or four) instead."""

from __future__ import annotations

from printgen.draw.shapes import Drawing, Line, Page
from printgen.draw.theme import TYPE
from printgen.errors import PrintgenError, Problem
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.registry import system_of
from printgen.sheets.page.frame import Box, content_box, frame, new_page
from printgen.sheets.page.words import titled
from printgen.sheets.text.directives import expander
from printgen.sheets.text.flow import FLOOR, LAST_RESORT, WRAP_CELLS, TooNarrow
from printgen.sheets.text.markup import parse
from printgen.sheets.text.panels import Panel, panel, placed, taller
from printgen.sheets.text.wording import Wording, to_spans

COLS, ROWS = 2, 2
LARGE_GRID = (1, 2)                          # large print: a card the page's width, two to a page
INSET = 7.0                                  # white border inside the cut lines
CAPTAIN_INSET = 3.0                          # a captain's card: four to a page, the border narrower
CROP = 9.0


def card_sheets(scenario, options: Options, template: str = "cards.md.j2", sheet: str = N_("Rule cards"),
                inset: float = INSET, **context) -> Drawing:
    """Cards from a template: one `## ` section a card, `inset` inside its cut lines. `context` goes
    to the template; `sheet` (the frame's name of the document) is a message of the catalogue."""
    rs = scenario.ruleset
    sheet = _(sheet)
    wording = Wording(rs, options.measure)
    sections = parse(wording.render(template, scenario=scenario, **context), lambda s: to_spans(s, wording))
    full = content_box(options)
    box = Box(full.x, full.y + CROP + 2, full.w, full.h - 2 * (CROP + 2))     # room for the crop marks
    grid = LARGE_GRID if TYPE.handout_sizes else (COLS, ROWS)
    slot_w, slot_h = box.w / grid[0], box.h / grid[1]
    expand = expander(scenario, options, wording)
    token = FLOOR.set(TYPE.body)
    try:
        if TYPE.handout_sizes:                       # large print: a card taller than a page goes on over the next
            sections = _cut_to_page(sections, box.w - 2 * inset, box.h - 2 * inset, expand, slot_w - 2 * inset)
        lines = bar_lines(sections, slot_w - 2 * inset)
        cards = [_fit(s, slot_w, slot_h, expand, n, inset, grid) for s, n in zip(sections, lines)]
    finally:
        FLOOR.reset(token)
    spots = _pack([span for _, span in cards], grid, in_order=template == "captains.md.j2")
    n_pages = max(p for p, _, _ in spots) + 1 if spots else 1
    pages: list[Page] = []
    for k in range(n_pages):
        page = new_page(options)
        for (card, (cols, rows)), (p, col, row) in zip(cards, spots):
            if p == k:
                slot = Box(box.x + col * slot_w, box.y + row * slot_h, slot_w * cols, slot_h * rows)
                page.add(placed(card, slot.x + inset, slot.y + inset, tag="card"))
                _cut_lines(page, slot)
        _crop_marks(page, box, slot_w, slot_h, grid)
        frame(page, options, scenario.title, sheet, k + 1, n_pages)
        pages.append(page)
    return Drawing(titled(scenario.title, sheet.lower(), options.edition_name), pages,
                   look=system_of(scenario.ruleset), subject=f"printgen {template.split('.')[0]}")


def _cut_to_page(sections: list, w: float, h: float, expand, slot_w: float) -> list:
    """Each section, or where its card would be taller than a whole page at the handouts' type, its
    pieces that each fit one ("..., continued", as printgen.sheets.text.cut cuts a long panel)."""
    from printgen.sheets.text.cut import cut

    lines = max((title_lines(s, slot_w) for s in sections), default=1)

    def fits(part, last_resort: bool = False) -> bool:
        token, last = WRAP_CELLS.set(True), LAST_RESORT.set(last_resort)
        try:
            return panel(part, w, TYPE.body, expand, title_size=TYPE.heading, title_lines=lines).height <= h
        except TooNarrow:
            return False
        finally:
            WRAP_CELLS.reset(token)
            LAST_RESORT.reset(last)

    def at_last(part) -> bool:
        """Fits as _fit's last resort lays it: a table too wide for the page in parts of its columns."""
        return fits(part) or fits(part, True)

    def pieces(s) -> list:
        if fits(s):
            return [s]
        out = cut(s, fits)
        # a piece that does not fit even alone (a table of unbreakable names too wide for the page at
        # 14 pt): cut again as the last resort lays its tables out, so each piece fits a page at 14 pt
        return out if all(fits(p) for p in out) else cut(s, at_last)

    return [piece for s in sections for piece in pieces(s)]


SPANS = [(1, 1), (1, 2), (2, 1), (2, 2)]        # (columns, rows) a card may take, smallest first


def bar_lines(sections: list, width: float) -> list[int]:
    """Each card's title bar, in lines: as many as the longest title of the cards like it (the rule
    cards, the odds cards' "chance of each number of hits"), so cards side by side start their text
    level, without a rule card's bar as tall as an odds card's long title with an empty band under its own."""
    def like(section) -> bool:
        return any(b.kind == "directive" and b.args[:1] == ["hits"] for b in section.blocks)

    most: dict[bool, int] = {}
    for s in sections:
        most[like(s)] = max(most.get(like(s), 1), title_lines(s, width))
    return [most[like(s)] for s in sections]


def title_lines(section, width: float) -> int:
    """Lines of the section's title on a card `width` wide (as panels.panel wraps it)."""
    from printgen.draw.shapes import Span
    from printgen.sheets.text.wrap import wrap_spans

    title = [Span(s.text, "bold", s.source, s.kind) for s in section.title]
    return len(wrap_spans(title, width - 2 * TYPE.body * 0.6, TYPE.heading, "bold"))


def _fit(section, slot_w: float, slot_h: float, expand, lines: int, inset: float = INSET,
         grid: tuple[int, int] = (COLS, ROWS)) -> tuple[Panel, tuple[int, int]]:
    """The smallest card that holds the section at the handouts' type size (a table too wide for
    a column wraps its longest cells before the card takes a wider slot)."""
    wide = section.options.get("span") == "wide"
    laid: dict[tuple[float, bool], Panel | None] = {}     # (width, wrap) -> the card, None if too narrow

    def card(w: float, wrap: bool) -> Panel | None:
        """The card `w` wide (a taller slot holds the same card; wrapping cells changes nothing
        where no table was too wide without)."""
        if laid.get((w, False)) is not None:
            return laid[w, False]
        if (w, wrap) not in laid:
            token = WRAP_CELLS.set(wrap)
            try:
                laid[w, wrap] = panel(section, w, TYPE.body, expand, title_size=TYPE.heading, title_lines=lines)
            except TooNarrow:
                laid[w, wrap] = None                # a table too wide at readable type: a wider card
            finally:
                WRAP_CELLS.reset(token)
        return laid[w, wrap]

    spans = [(c, r) for c, r in SPANS if c <= grid[0] and r <= grid[1]]
    for (cols, rows), wrap in ((span, wrap) for span in spans for wrap in (False, True)):
        if wide and cols < grid[0]:
            continue                                # the template asks for the page's width
        w, h = slot_w * cols - 2 * inset, slot_h * rows - 2 * inset
        if (p := card(w, wrap)) is not None and p.height <= h:
            return taller(p, h), (cols, rows)
    if not LAST_RESORT.get():                       # unbreakable data too long for a page at the floor
        token = LAST_RESORT.set(True)
        try:
            return _fit(section, slot_w, slot_h, expand, lines, inset, grid)
        finally:
            LAST_RESORT.reset(token)
    # A card taller than a page at 9 pt (a 60-dice pool's 61 rows of hits): smaller type, down to the
    # floor `printgen check` holds, rather than a card off the page.
    size = TYPE.body
    while size - 0.5 >= TYPE.floor:
        size -= 0.5
        w, h = slot_w * grid[0] - 2 * inset, slot_h * grid[1] - 2 * inset
        token, floor = WRAP_CELLS.set(True), FLOOR.set(size)
        try:
            if (p := panel(section, w, size, expand, title_size=TYPE.heading, title_lines=lines)).height <= h:
                return taller(p, h), grid
        except TooNarrow:
            continue
        finally:
            WRAP_CELLS.reset(token)
            FLOOR.reset(floor)
    title = "".join(s.text for s in section.title)
    raise PrintgenError(Problem(f"the card '{title}' does not fit on a page even at {TYPE.floor:g} pt",
                                fix="use fewer dice or hit points in the ruleset, or a larger --paper"))


def _pack(spans: list[tuple[int, int]], grid: tuple[int, int] = (COLS, ROWS),
          in_order: bool = False) -> list[tuple[int, int, int]]:
    """(page, column, row) for each card, in order, at the first free place of any page so far that
    takes its span: a card too big for the gap a page has left goes on, and the next one that fits
    fills the gap, so no slot stays empty that a later card could take (the order of the cards holds
    but for those moved up into gaps). `in_order` (the captains' cards, handed out by number): never
    before the card ahead of it, in reading order, so card 13 never comes before card 12."""
    spots: list[tuple[int, int, int]] = []
    pages: list[list[list[bool]]] = []
    for span in spans:
        last = spots[-1] if in_order and spots else None
        for page, free in enumerate(pages):
            if last is not None and page < last[0]:
                continue
            after = (last[2], last[1]) if last is not None and page == last[0] else None
            if (spot := _find(free, span, after)) is not None:
                break
        else:
            pages.append([[True] * grid[1] for _ in range(grid[0])])
            page, free = len(pages) - 1, pages[-1]
            spot = _find(free, span)
        col, row = spot
        for c in range(col, col + span[0]):
            for r in range(row, row + span[1]):
                free[c][r] = False
        spots.append((page, col, row))
    return spots


def _find(free: list[list[bool]], span: tuple[int, int],
          after: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The first free place of the span on a page's grid (`free`: a column of rows a grid column);
    with `after` (row, column), only a place after it in reading order."""
    cols, rows = span
    for row in range(len(free[0]) - rows + 1):
        for col in range(len(free) - cols + 1):
            if after is not None and (row, col) <= after:
                continue
            if all(free[c][r] for c in range(col, col + cols) for r in range(row, row + rows)):
                return col, row
    return None


def _cut_lines(page: Page, slot: Box) -> None:
    x0, y0, x1, y1 = slot.x, slot.y, slot.right, slot.bottom
    cut = (("cut", ("meta", "line", "outline")),)                # traced: a card's cut must print as a cut
    page.add(Line(x0, y0, x1, y0, "cut", meaning=cut), Line(x0, y1, x1, y1, "cut", meaning=cut),
             Line(x0, y0, x0, y1, "cut", meaning=cut), Line(x1, y0, x1, y1, "cut", meaning=cut))


def _crop_marks(page: Page, box: Box, slot_w: float, slot_h: float, grid: tuple[int, int] = (COLS, ROWS)) -> None:
    """Short marks outside the card grid where each cut line runs, for a guillotine."""
    cols, rows = grid
    for c in range(cols + 1):
        x = box.x + c * slot_w
        page.add(Line(x, box.y - CROP, x, box.y - 2, "calibration"),
                 Line(x, box.y + rows * slot_h + 2, x, box.y + rows * slot_h + CROP, "calibration"))
    for r in range(rows + 1):
        y = box.y + r * slot_h
        page.add(Line(box.x - CROP, y, box.x - 2, y, "calibration"),
                 Line(box.x + cols * slot_w + 2, y, box.x + cols * slot_w + CROP, y, "calibration"))


def captain_cards(plan, options: Options) -> Drawing:
    """A card for each captain of the kit's class: their ships, where they start, what they roll."""
    return card_sheets(plan.scenario, options, "captains.md.j2", N_("Captain cards"), CAPTAIN_INSET,
                       captains=plan.captains, deployment=plan.deployment)
