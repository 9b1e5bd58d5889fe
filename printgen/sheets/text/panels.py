"""Panels: a titled box of laid-out blocks, the unit the quick-reference sheet and cards are made of."""

from __future__ import annotations

from dataclasses import dataclass, replace

from printgen.draw.shapes import Group, Rect, Shape, Span, Text, translate
from printgen.draw.typescale import TYPE
from printgen.sheets.text.flow import Expand, lay_blocks
from printgen.sheets.text.wrap import wrap_spans
from printgen.sheets.text.markup import Section


FRAME = (("frame", ("meta", "frame")),)        # traced: its words must stay inside it (check/frames.py)


@dataclass
class Panel:
    shapes: list[Shape]
    height: float


def panel(section: Section, width: float, size: float, expand: Expand | None = None,
          min_height: float = 0.0, title_size: float | None = None, title_lines: int = 1) -> Panel:
    """The section's title in a band (at `title_size`, 1.15 x the body's by default: wrapped onto
    more lines, never shrunk, so every heading of a document has one size; the band at least
    `title_lines` high, so cards side by side start their text level), its blocks below."""
    pad = size * 0.6
    title_size = title_size or size * 1.15
    title = [Span(s.text, "bold", s.source, s.kind) for s in section.title]
    lines = wrap_spans(title, width - 2 * pad, title_size, "bold")
    head = size * 1.9 + title_size * TYPE.leading * (max(len(lines), title_lines) - 1)
    body = lay_blocks(section.blocks, width - 2 * pad, size, expand)
    height = max(min_height, head + pad + body.height + pad)
    first = size * 0.95 + title_size * 0.36
    shapes: list[Shape] = [Rect(0, 0, width, height, "panel", meaning=FRAME), Rect(0, 0, width, head, "panel.head")]
    shapes += [Text(pad, first + k * title_size * TYPE.leading, tuple(line), title_size, role="text.white", font="bold",
                    tag="heading") for k, line in enumerate(lines)]
    shapes.append(Group(tuple(body.shapes), translate(pad, head + pad)))
    return Panel(shapes, height)


def taller(p: Panel, height: float) -> Panel:
    """The panel as panel(..., min_height=height) draws it: its box at least `height` high."""
    box = p.shapes[0]
    assert isinstance(box, Rect) and box.role == "panel"
    if p.height >= height:
        return p
    return Panel([replace(box, h=height), *p.shapes[1:]], height)


def placed(p: Panel, x: float, y: float, tag: str = "") -> Group:
    return Group(tuple(p.shapes), translate(x, y), tag=tag)
