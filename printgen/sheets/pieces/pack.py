"""Pack equal pieces onto pages in a grid, a gutter apart: each piece is cut out on its own, so a
cut that strays spoils one piece, not two (pieces that shared a cut line lost both to one slip)."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import PrintgenError, Problem
from printgen.sheets.page.frame import Box

GUTTER = 6.0                # points between neighbouring pieces (a little over 2 mm)


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    x0: float
    y0: float
    w: float                        # the pitch: a piece and its gutter
    h: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, i: int) -> tuple[float, float]:
        """Top-left of the i-th piece on its page, row by row."""
        r, c = divmod(i % self.per_page, self.cols)
        return self.x0 + c * self.w, self.y0 + r * self.h


def grid(box: Box, w: float, h: float, what: str = "piece", gutter: float = GUTTER) -> Grid:
    """The most w x h pieces the box holds, `gutter` apart, the block centred across the page. Each
    piece takes a cell a gutter larger, in a box a gutter larger (the last ones need none after them)."""
    cw, ch = w + gutter, h + gutter
    cols, rows = int((box.w + gutter) // cw), int((box.h + gutter) // ch)
    if cols < 1 or rows < 1:
        raise PrintgenError(Problem(f"a {what} ({w / 72:.2f} x {h / 72:.2f} in) does not fit on the page",
                                    field="--scale", fix="use a smaller --scale or larger paper"))
    return Grid(cols, rows, box.x + (box.w + gutter - cols * cw) / 2, box.y, cw, ch)
