"""A message of the catalogue cut into the Spans of a drawn line: the sectors sheets' words in the
language of the document being drawn, their traced values in their places (printgen.i18n.slots)."""

from __future__ import annotations

from printgen.draw.shapes import Span
from printgen.i18n import _, slots


def said(message: str, font: str = "", **values) -> tuple:
    """`message` (marked for the catalogue with N_ where it is written) in the document's language,
    each value (a Span, or a tuple of them) where its name is; the words between as Spans in `font`."""
    pieces = slots(_(message), {k: list(v) if isinstance(v, tuple) else [v] for k, v in values.items()})
    return tuple(Span(p, font) if isinstance(p, str) else p for p in pieces)
