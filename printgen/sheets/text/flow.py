"""Lay out marked-up blocks in a column: wrapped rich text, bullets, steps, notes, tables.

Everything is measured with the font's real metrics, so a block's height is known before it is
placed and a sheet can shrink its type until its content fits."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Callable

from printgen.draw import fonts
from printgen.draw.shapes import Group, Line, Rect, Shape, Span, Text, translate
from printgen.draw.typescale import TYPE
from printgen.sheets.text.markup import Block
from printgen.sheets.text.wrap import sized, span_width, word_width, words, wrap_spans

LEADING = 1.22              # the standard type scale's; a sheet reads its scale's (TYPE.leading: 1.5 in large print)
MIN_TABLE_PT = 6.0          # a table that would need smaller type is too wide for its column


class TooNarrow(ValueError):
    """The column is too narrow for a table at a readable size; the sheet tries a wider layout."""


# Set by a sheet's last resort (its widest layout): a table too wide for it wraps its longest cells
# (a fate or an admiral of many words) instead of failing.
WRAP_CELLS: ContextVar[bool] = ContextVar("wrap_cells", default=False)

# Set by a student handout (theme TYPE.body): no text of a block, note, table or diagram prints
# smaller; a table that would need smaller type wraps its cells or asks for a wider layout.
FLOOR: ContextVar[float] = ContextVar("floor", default=0.0)


# Set by a sheet's very last layout: a table whose unbreakable cells (a long admiral's title from
# the fleet file) cannot fit at the floor prints them smaller rather than fail.
LAST_RESORT: ContextVar[bool] = ContextVar("last_resort", default=False)


def at_least(size: float) -> float:
    """A derived type size (a note's, a table's, a chart's labels), held to the sheet's floor."""
    return max(size, FLOOR.get())


@dataclass
class Laid:
    shapes: list[Shape] = field(default_factory=list)
    height: float = 0.0


Expand = Callable[[Block, float, float], Laid]


def paragraph(spans: list[Span], x: float, y: float, width: float, size: float, font: str = "regular",
              role: str = "text") -> Laid:
    """Wrapped lines starting at (x, y) = top-left; returns the shapes and the height used."""
    laid = Laid()
    leading = TYPE.leading
    if TYPE.handout_sizes:                          # large print: a writing line no longer than the column
        spans = [_within(s, width, size, font) for s in spans]
    # large print: a fleet's long text (an admiral and his fate) wraps word by word, as in a table
    for i, line in enumerate(wrap_spans(spans, width, size, font, TYPE.handout_sizes != ())):
        base = y + size * (0.92 + i * leading)
        laid.shapes.append(Text(x, base, tuple(line), size, role=role, font=font))
    laid.height = size * (0.92 + 0.236) + size * leading * (len(laid.shapes) - 1) if laid.shapes else 0.0
    return laid


def _within(span: Span, width: float, size: float, font: str) -> Span:
    """A run of underscores (a line to write on) cut to the width; any other span as it is."""
    words = span.text.split(" ")
    if span.source is not None or not any(len(w) > 3 and set(w) == {"_"} for w in words):
        return span
    one = fonts.width("_", size, span.font or font)
    most = max(3, int(width / one) - 1)
    return Span(" ".join(w[:most] if set(w) == {"_"} else w for w in words), span.font, span.source, span.kind)


def lay_blocks(blocks: list[Block], width: float, size: float, expand: Expand | None = None) -> Laid:
    """Blocks stacked from (0, 0) downwards in a column `width` wide."""
    out = Laid()
    y = 0.0
    for i, b in enumerate(blocks):
        gap = size * (TYPE.gap_wide if b.kind in ("heading", "table", "directive") else TYPE.gap) if i else 0.0
        y += gap
        part = _block(b, width, size, expand)
        if part.shapes:                     # one group a block: its shapes moved down together
            out.shapes.append(Group(tuple(part.shapes), translate(0, y)))
        y += part.height
    out.height = y
    return out


def _block(b: Block, width: float, size: float, expand: Expand | None) -> Laid:
    if b.kind == "heading":
        return paragraph(b.spans, 0, 0, width, size * 1.02, "bold")
    if b.kind == "para":
        return paragraph(b.spans, 0, 0, width, size)
    if b.kind == "note":
        return paragraph(b.spans, 0, 0, width, at_least(size * 0.9), TYPE.italic, role="text.muted")
    if b.kind in ("bullet", "number"):
        indent = (size * 1.0 if b.kind == "bullet"
                  else max(size * 1.35, fonts.width(f"{b.level}.", size, "bold") + size * 0.25))   # room for "10."
        laid = paragraph(b.spans, indent, 0, width - indent, size)
        mark = (Span("•"),) if b.kind == "bullet" else (Span(str(b.level), "bold", ("meta", "step", b.level), "count"),
                                                          Span(".", "bold"))
        laid.shapes.append(Text(0, size * 0.92, mark, size, font="bold"))
        return laid
    if b.kind == "table":
        return table(b.rows, b.header, width, size)
    if b.kind == "directive":
        if expand is None:
            raise ValueError(f"no sheet handles [{' '.join(b.args)}]")
        return expand(b, width, size)
    raise ValueError(f"unknown block {b.kind}")


def _label_sources(cell: list[Span]) -> tuple:
    return tuple(tuple(s.source) for s in cell if s.source is not None)


def _labels(row: tuple, head: tuple, c: int) -> tuple:
    """What a traced number in column `c` prints under: its row's label (beyond the first column), its column's."""
    return tuple(("row", src) for src in row if c) + tuple(("col", src) for src in head)


def paired(rows: list[list[list[Span]]], header: bool) -> list[list[list[Span]]]:
    """Each traced number of a table learns the labels it is printed under: its row's (the traced
    words of the first cell) and its column's (the header's), so the checker can verify that the
    word beside a number still names the rule the number comes from."""
    heads = [_label_sources(c) for c in rows[0]] if header else [() for _ in rows[0]]
    out = []
    for i, r in enumerate(rows):
        if header and i == 0:
            out.append(r)
            continue
        row = _label_sources(r[0]) if r else ()
        out.append([[Span(s.text, s.font, s.source, s.kind, _labels(row, heads[c], c))
                     if s.source is not None and (c or not header) else s for s in cell]
                    for c, cell in enumerate(r)])
    return out


def table(rows: list[list[list[Span]]], header: bool, width: float, size: float,
          align: list[str] | None = None) -> Laid:
    """A table with natural column widths, shrunk to the column if need be; striped rows."""
    ncol = max(len(r) for r in rows)
    rows = [r + [[]] * (ncol - len(r)) for r in rows]
    pad = size * 0.45
    fs = at_least(size * 0.95)
    least = max(MIN_TABLE_PT, FLOOR.get())

    units = [[tuple(fonts.unit_width(s.text, s.font or ("bold" if (header and i == 0) else "regular")) for s in cell)
              for cell in r] for i, r in enumerate(rows)]         # as span_width sums them, at any size

    def natural(fsz: float) -> list[float]:
        return [max(sized(r[c], fsz) for r in units) + 2 * pad for c in range(ncol)]

    widths = natural(fs)
    while sum(widths) > width:
        fs *= 0.95
        if fs < least:
            if WRAP_CELLS.get() and TYPE.handout_sizes and LAST_RESORT.get():
                return _split_table(rows, header, width, size, align)
            if WRAP_CELLS.get():
                return _wrapped_table(rows, header, width, size, align)
            raise TooNarrow(f"a table needs {sum(widths):.0f} pt at {least} pt type, the column is {width:.0f}")
        widths = natural(fs)
    extra = (width - sum(widths)) / ncol if sum(widths) < width else 0.0
    widths = [w + extra for w in widths]
    align = align or ["start"] + ["middle"] * (ncol - 1)
    rows = paired(rows, header)
    row_h = fs * TYPE.row
    laid = Laid()
    for i, r in enumerate(rows):
        top = i * row_h
        is_head = header and i == 0
        if not is_head and (i - (1 if header else 0)) % 2 == 1:
            laid.shapes.append(Rect(0, top, sum(widths), row_h, "stripe"))
        if TYPE.handout_sizes and not is_head and i < len(rows) - 1:     # large print: no tint; a rule between rows
            laid.shapes.append(Line(0, top + row_h, sum(widths), top + row_h, "rule.light"))
        x = 0.0
        for c, cell in enumerate(r):
            font = "bold" if is_head else "regular"
            tx = {"start": x + pad, "middle": x + widths[c] / 2, "end": x + widths[c] - pad}[align[c]]
            if cell:
                laid.shapes.append(Text(tx, top + row_h * 0.5 + fs * 0.36, tuple(cell), fs, font=font,
                                        anchor=align[c]))
            x += widths[c]
        if is_head:
            laid.shapes.append(Line(0, top + row_h, sum(widths), top + row_h, "rule"))
    laid.height = row_h * len(rows)
    return laid


def _split_table(rows: list[list[list[Span]]], header: bool, width: float, size: float,
                 align: list[str] | None) -> Laid:
    """Large print: a table too wide for the page at its floor, never in smaller type: in parts one
    under the other, each with the first column (the rows' names) and as many of the next columns as
    the width holds with their cells wrapped."""
    ncol = len(rows[0])
    align = align or ["start"] + ["middle"] * (ncol - 1)
    out, top, c = Laid(), 0.0, 1
    token = LAST_RESORT.set(False)                      # each part at the floor, or it has fewer columns
    try:
        while c < ncol:                                 # each part takes at least one more column: bounded
            part = None
            for k in range(ncol - c, 0, -1):            # the most columns that fit
                cols = [0, *range(c, c + k)]
                try:
                    part = _wrapped_table([[r[i] for i in cols] for r in rows], header, width, size,
                                          [align[i] for i in cols])
                    break
                except TooNarrow:
                    if k == 1:
                        raise
            assert part is not None
            out.shapes.append(Group(tuple(part.shapes), translate(0, top)))
            top += part.height + size * TYPE.gap_wide
            c += k
    finally:
        LAST_RESORT.reset(token)
    out.height = top - size * TYPE.gap_wide
    return out


def _wrapped_table(rows: list[list[list[Span]]], header: bool, width: float, size: float,
                   align: list[str] | None) -> Laid:
    """The table at its own type size, its widest columns narrowed (never below their longest word)
    and their cells wrapped; rows as tall as their tallest cell."""
    ncol = len(rows[0])
    pad, fs = size * 0.45, at_least(size * 0.95)

    def font(i: int) -> str:
        return "bold" if header and i == 0 else "regular"

    def least_widths(fs: float) -> list[float]:
        cells = [[words(r[c], font(i), True) for c in range(ncol)] for i, r in enumerate(rows)]
        return [max((word_width(w, fs) for r in cells for w in r[c]), default=0.0) + 2 * pad for c in range(ncol)]

    least = least_widths(fs)
    lowest = MIN_TABLE_PT if LAST_RESORT.get() else max(MIN_TABLE_PT, FLOOR.get())
    while sum(least) > width:                           # a word longer than its share: smaller type
        fs *= 0.95
        if fs < lowest:
            raise TooNarrow(f"a table's longest words need {sum(least):.0f} pt, the column is {width:.0f}")
        least = least_widths(fs)
    natural = [max(span_width(r[c], fs, font(i)) for i, r in enumerate(rows)) + 2 * pad for c in range(ncol)]
    lo, hi = 0.0, max(natural)                          # the cap that makes the columns fill the width
    for _ in range(40):
        cap = (lo + hi) / 2
        lo, hi = (cap, hi) if sum(min(n, max(m, cap)) for n, m in zip(natural, least)) <= width else (lo, cap)
    widths = [min(n, max(m, lo)) for n, m in zip(natural, least)]
    widths = [w + (width - sum(widths)) / ncol for w in widths]
    align = align or ["start"] + ["middle"] * (ncol - 1)
    laid, top = Laid(), 0.0
    for i, r in enumerate(rows):
        cells = [wrap_spans(cell, widths[c] - 2 * pad, fs, font(i), True) if cell else [] for c, cell in enumerate(r)]
        row_h = fs * TYPE.row + fs * TYPE.leading * (max(len(lines) for lines in cells) - 1 if any(cells) else 0)
        if not (header and i == 0) and (i - (1 if header else 0)) % 2 == 1:
            laid.shapes.append(Rect(0, top, width, row_h, "stripe"))
        if TYPE.handout_sizes and not (header and i == 0) and i < len(rows) - 1:
            laid.shapes.append(Line(0, top + row_h, width, top + row_h, "rule.light"))
        x = 0.0
        for c, lines in enumerate(cells):
            tx = {"start": x + pad, "middle": x + widths[c] / 2, "end": x + widths[c] - pad}[align[c]]
            first = top + fs * (1.08 + (TYPE.row - 1.45) / 2)       # the row's taller half, large print's
            for k, line in enumerate(lines):
                laid.shapes.append(Text(tx, first + k * fs * TYPE.leading, tuple(line), fs, font=font(i),
                                        anchor=align[c]))
            x += widths[c]
        if header and i == 0:
            laid.shapes.append(Line(0, top + row_h, width, top + row_h, "rule"))
        top += row_h
    laid.height = top
    return laid
