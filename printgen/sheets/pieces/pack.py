"""Pack equal pieces onto pages in a grid: abutting pieces share their cut lines."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import PrintgenError, Problem
from printgen.sheets.page.frame import Box


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    x0: float
    y0: float
    w: float
    h: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def slot(self, i: int) -> tuple[float, float]:
        """Top-left of the i-th piece on its page, row by row."""
        r, c = divmod(i % self.per_page, self.cols)
        return self.x0 + c * self.w, self.y0 + r * self.h


def grid(box: Box, w: float, h: float, what: str = "piece") -> Grid:
    cols, rows = int(box.w // w), int(box.h // h)
    if cols < 1 or rows < 1:
        raise PrintgenError(Problem(f"a {what} ({w / 72:.2f} x {h / 72:.2f} in) does not fit on the page",
                                    field="--scale", fix="use a smaller --scale or larger paper"))
    return Grid(cols, rows, box.x + (box.w - cols * w) / 2, box.y, w, h)
