"""Odds tables drawn for the sheets. Each rule family's blocks (`[odds NAME]` in a template:
printgen/systems/<family>/blocks.py) pick its tables and draw them with these."""

from __future__ import annotations

from printgen.draw.shapes import Group, Span, translate
from printgen.i18n import _
from printgen.options import Options
from printgen.rules.printed import shown
from printgen.rules.tables import OddsTable
from printgen.rules.trace import Traced
from printgen.sheets.text.flow import Laid, at_least, paragraph, table


def spans_of(c, options: Options, font: str = "") -> list[Span]:
    """A cell's runs as spans: its traced numbers and labels in the reader's way, its words (marked
    N_ where the table is built) in the language of the document being drawn."""
    return [Span(shown(r.value, r.kind, r.source.fn, options.measure), font, r.source.to_json(), r.kind)
            if isinstance(r, Traced) else Span(_(r), font) for r in c]


def head_span(h: str) -> Span:
    """A column's heading in words, translated, with an initial capital as the quick reference's tables
    have (the words stay lower-case in the catalogue: they serve inside sentences too)."""
    words = _(h)
    return Span(words[:1].upper() + words[1:])


def draw_table(t: OddsTable, width: float, size: float, options: Options, title: bool = True) -> Laid:
    out = Laid()
    y = 0.0
    if title and t.title:
        head = paragraph(spans_of(t.title, options, "bold"), 0, 0, width, at_least(size * 0.95), "bold")
        out.shapes += head.shapes
        y = head.height + size * 0.2
    head = [[head_span(h)] if isinstance(h, str) else spans_of(h, options) for h in t.header]
    rows = [head] + [[spans_of(c, options) for c in row] for row in t.rows]
    body = table(rows, True, width, size * 0.92)
    out.shapes.append(Group(tuple(body.shapes), translate(0, y)))
    out.height = y + body.height
    return out


def draw_tables(tables: list[OddsTable], width: float, size: float, options: Options) -> Laid:
    """Tables one under the other, each with its title."""
    out = Laid()
    y = 0.0
    for t in tables:
        part = draw_table(t, width, size, options)
        out.shapes.append(Group(tuple(part.shapes), translate(0, y)))
        y += part.height + size * 0.6
    out.height = y - size * 0.6
    return out


def table_blocks(tables: list[OddsTable], options: Options) -> list:
    """The tables as a handout gives them (printgen.sheets.handouts): each its title, then its rows
    under their header, the same spans draw_table prints."""
    from printgen.sheets.text.markup import Block

    out = []
    for t in tables:
        if t.title:
            out.append(Block("heading", spans_of(t.title, options, "bold"), level=4))
        head = [[head_span(h)] if isinstance(h, str) else spans_of(h, options) for h in t.header]
        out.append(Block("table", rows=[head] + [[spans_of(c, options) for c in row] for row in t.rows], header=True))
    return out
