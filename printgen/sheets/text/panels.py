"""Panels: a titled box of laid-out blocks, the unit the quick-reference sheet and cards are made of."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.draw.shapes import Group, Rect, Shape, Span, Text, translate
from printgen.sheets.text.flow import Expand, lay_blocks
from printgen.sheets.text.markup import Section
from printgen.sheets.text.textfit import fit_size


@dataclass
class Panel:
    shapes: list[Shape]
    height: float


def panel(section: Section, width: float, size: float, expand: Expand | None = None,
          min_height: float = 0.0) -> Panel:
    pad = size * 0.6
    head = size * 1.9
    body = lay_blocks(section.blocks, width - 2 * pad, size, expand)
    height = max(min_height, head + pad + body.height + pad)
    title = tuple(Span(s.text, "bold", s.source, s.kind) for s in section.title)
    title_size = fit_size("".join(s.text for s in title), width - 2 * pad, size * 1.15, "bold")
    shapes: list[Shape] = [
        Rect(0, 0, width, height, "panel"),
        Rect(0, 0, width, head, "panel.head"),
        Text(pad, head * 0.5 + title_size * 0.36, title, title_size, role="text.white", font="bold"),
        Group(tuple(body.shapes), translate(pad, head + pad)),
    ]
    return Panel(shapes, height)


def placed(p: Panel, x: float, y: float, tag: str = "") -> Group:
    return Group(tuple(p.shapes), translate(x, y), tag=tag)

