"""Pack pieces of different sizes onto pages in shelves: rows filled left to right. Each piece goes
to the first row, on the earliest page, that has room for it (a row takes pieces no taller than its
first, or grows while it is its page's last row), else to a new row on the earliest page with the
height left, else to a new page: smaller pieces fill the foot of an earlier page rather than start
a new one. Pieces in a row and rows stand a gutter apart (pack.GUTTER: each piece is cut out on its
own), with their left edges in one line, the block centred on the page. Give the pieces sorted (e.g. by size, largest first):
equal pieces then share whole rows."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.errors import PrintgenError, Problem
from printgen.sheets.page.frame import Box
from printgen.sheets.pieces.pack import GUTTER

EPS = 1e-6


@dataclass(frozen=True)
class Spot:
    page: int
    x: float
    y: float


@dataclass
class _Row:
    y: float
    h: float
    group: object
    x: float = 0.0


@dataclass
class _Page:
    rows: list[_Row] = field(default_factory=list)

    @property
    def used(self) -> float:
        return self.rows[-1].y + self.rows[-1].h if self.rows else 0.0


def shelves(sizes: list[tuple[float, float]], box: Box, what: str = "piece", groups: list | None = None,
            gutter: float = GUTTER) -> list[Spot]:
    """Top-left of each (w, h) piece, in the order given, on pages of content `box`; pieces of
    different groups never share a row (sides do not share rows). Each piece takes a cell a gutter
    larger, in a box a gutter larger (the last of a row or page needs none after it)."""
    for w, h in sizes:
        if w > box.w + EPS or h > box.h + EPS:
            raise PrintgenError(Problem(f"a {what} ({w / 72:.2f} x {h / 72:.2f} in) does not fit on the page",
                                        field="--scale", fix="use a smaller --scale or larger paper"))
    sizes = [(w + gutter, h + gutter) for w, h in sizes]
    box = Box(box.x, box.y, box.w + gutter, box.h + gutter)
    pages: list[_Page] = []
    spots: list[tuple[int, float, float]] = []
    for i, (w, h) in enumerate(sizes):
        group = groups[i] if groups is not None else None
        spot = _in_a_row(pages, w, h, group, box) or _new_row(pages, w, h, group, box)
        spots.append(spot)
    widest: dict[int, float] = {}
    for (p, x, _), (w, _) in zip(spots, sizes):
        widest[p] = max(widest.get(p, 0.0), x + w)
    return [Spot(p, box.x + (box.w - widest[p]) / 2 + x, box.y + y) for p, x, y in spots]


def _in_a_row(pages: list[_Page], w: float, h: float, group, box: Box) -> tuple[int, float, float] | None:
    for p, page in enumerate(pages):
        for row in page.rows:
            last = row is page.rows[-1]
            if row.group != group or row.x + w > box.w + EPS:
                continue
            if h <= row.h + EPS or (last and row.y + h <= box.h + EPS):
                spot = (p, row.x, row.y)
                row.x += w
                row.h = max(row.h, h)
                return spot
    return None


def _new_row(pages: list[_Page], w: float, h: float, group, box: Box) -> tuple[int, float, float]:
    for p, page in enumerate(pages):
        if page.used + h <= box.h + EPS:
            break
    else:
        pages.append(_Page())
        p, page = len(pages) - 1, pages[-1]
    page.rows.append(_Row(page.used, h, group, w))
    return p, 0.0, page.rows[-1].y
