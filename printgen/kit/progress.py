"""A light progress bar on stderr (only when it is a terminal): the kit takes a second or two."""

from __future__ import annotations

import sys


class Progress:
    def __init__(self, total: int, enabled: bool | None = None):
        self.total, self.done = max(1, total), 0
        self.enabled = sys.stderr.isatty() if enabled is None else enabled

    def step(self, what: str) -> None:
        self.done += 1
        if self.enabled:
            filled = int(30 * self.done / self.total)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} {what:<34}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 80 + "\r")
            sys.stderr.flush()
