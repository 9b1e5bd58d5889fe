"""Pack pieces of different sizes onto pages in shelves: rows filled left to right, a new row when
the next piece does not fit, a new page when the row does not. Pieces in a row abut (they share
their cut lines) and rows abut, with their left edges in one line, the block centred on the page.
Give the pieces sorted (e.g. by size): equal pieces then share whole rows."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import PrintgenError, Problem
from printgen.sheets.page.frame import Box


@dataclass(frozen=True)
class Spot:
    page: int
    x: float
    y: float


def shelves(sizes: list[tuple[float, float]], box: Box, what: str = "piece", groups: list | None = None) -> list[Spot]:
    """Top-left of each (w, h) piece, in the order given, on pages of content `box`; a piece whose
    group differs from the one before starts a new row (sides do not share rows)."""
    for w, h in sizes:
        if w > box.w + 1e-6 or h > box.h + 1e-6:
            raise PrintgenError(Problem(f"a {what} ({w / 72:.2f} x {h / 72:.2f} in) does not fit on the page",
                                        field="--scale", fix="use a smaller --scale or larger paper"))
    spots: list[tuple[int, float, float]] = []
    page, x, y, row_h = 0, 0.0, 0.0, 0.0
    for i, (w, h) in enumerate(sizes):
        new_group = groups is not None and i > 0 and groups[i] != groups[i - 1]
        if x > 0 and (x + w > box.w + 1e-6 or new_group):         # next row
            x, y, row_h = 0.0, y + row_h, 0.0
        if y + h > box.h + 1e-6:                       # next page
            page, x, y, row_h = page + 1, 0.0, 0.0, 0.0
        spots.append((page, x, y))
        x += w
        row_h = max(row_h, h)
    widest: dict[int, float] = {}
    for (p, x, _), (w, _) in zip(spots, sizes):
        widest[p] = max(widest.get(p, 0.0), x + w)
    return [Spot(p, box.x + (box.w - widest[p]) / 2 + x, box.y + y) for p, x, y in spots]
