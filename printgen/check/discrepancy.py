"""What the check reports: one thing printed that disagrees, with its file, page and place. A leaf
module, so whatever checks (the rules' own checks, the simulator's) can say it without the rest."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Discrepancy:
    file: str
    page: int                 # 1-based; 0: the file as a whole
    what: str
    box: tuple | None = None  # where on the page (x0, top, x1, bottom in points), for the report

    def __str__(self) -> str:
        return f"{self.file}, page {self.page}: {self.what}" if self.page else f"{self.file}: {self.what}"
