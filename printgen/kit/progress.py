"""A light progress bar on stderr (only when it is a terminal): the kit takes a second or two.

With PRINTGEN_PROGRESS=lines in the environment it writes one plain line a step instead
("progress 3/9 cards (bw)"), for a program that runs the kit and reads its stderr (`printgen serve`)."""

from __future__ import annotations

import os
import sys


class Progress:
    def __init__(self, total: int, enabled: bool | None = None):
        self.total, self.done = max(1, total), 0
        self.lines = os.environ.get("PRINTGEN_PROGRESS") == "lines" and enabled is not False
        self.enabled = sys.stderr.isatty() if enabled is None else enabled

    def step(self, what: str) -> None:
        self.done += 1
        if self.enabled and not self.lines:         # the teacher's terminal: the document by its title
            what = in_words(what)
        if self.lines:
            sys.stderr.write(f"progress {self.done}/{self.total} {what}\n")
            sys.stderr.flush()
        elif self.enabled:
            filled = int(30 * self.done / self.total)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} {what:<34}")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and not self.lines:
            sys.stderr.write("\r" + " " * 80 + "\r")
            sys.stderr.flush()


def in_words(what: str) -> str:
    """A step ("cards (bw)", the lines a program reads) as the reader says it, in the language of the
    command or page (printgen.i18n): "Rule cards (black and white)", "The whole kit (colour)"."""
    import re

    from printgen.i18n import _

    m = re.match(r"^([\w-]+) \((color|bw|large)\)$", what)
    if m is None:
        return what
    from printgen.registry.documents import find

    record = find(m[1])
    name = _(record.title) if record is not None else (_("The whole kit") if m[1] == "kit" else m[1])
    edition = _("colour") if m[2] == "color" else _("black and white") if m[2] == "bw" else _("large print")
    return f"{name} ({edition})"
