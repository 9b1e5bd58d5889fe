"""Lay out marked-up blocks in a column: wrapped rich text, bullets, steps, notes, tables.

Everything is measured with the font's real metrics, so a block's height is known before it is
placed and a sheet can shrink its type until its content fits."""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable

from printgen.draw import fonts
from printgen.draw.shapes import Group, Line, Rect, Shape, Span, Text, translate
from printgen.sheets.text.markup import Block

LEADING = 1.22
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


WRAP_CACHE = 4096           # wraps remembered: a sheet tries several sizes and layouts, and draws twice
_WORDS = re.compile(r"\s+|\S+")

# A word is pieces (atom, text, font, kind) that stay on one line; its atom is None for a plain
# word, the index of a whole traced span in the caller's list (rebuilt from the caller's own span,
# so its source stays the caller's), or the Span of one word of a split fleet text. A wrapped line
# holds Spans of runs of plain words (immutable, shared between callers) and those atoms.
Atom = Span | int | None
Piece = tuple[Atom, str, str, str]
Word = tuple[tuple[Piece, ...], tuple[float, ...]]      # the pieces and their widths at 1 pt
Entry = tuple[str, str, tuple | None, str]        # a span's text, font, source and kind


def _entries(spans: list[Span]) -> tuple[Entry, ...]:
    """What a wrap depends on: each span's text, font, source (as a tuple) and kind."""
    return tuple((s.text, s.font, tuple(s.source) if type(s.source) is list else s.source, s.kind) for s in spans)


@lru_cache(maxsize=WRAP_CACHE)
def _pieces(entries: tuple[Entry, ...], font: str, split: bool = False) -> tuple[Word, ...]:
    """Words: runs of non-space pieces that must stay on one line (a number and its '%)'). A traced
    span is one word, except with `split` a fleet text (an admiral, a fate; not a name): word by
    word, each traced as the i-th word of its column, as wording.field traces a long text."""
    words: list[tuple[Piece, ...]] = []
    current: list[Piece] = []
    for k, (text, own, source, kind) in enumerate(entries):
        f = own or font
        if source is None:
            for part in _WORDS.findall(text):
                if part.isspace():
                    if current:
                        words.append(tuple(current))
                        current = []
                    continue
                current.append((None, part, f, kind))
            continue
        if split and source and source[0] == "fleet" and len(source) == 3 and source[2] != "name" \
                and " " in text.strip():
            parts = [(Span(w, f, (*source, i), kind), w, f, kind) for i, w in enumerate(text.split())]
            if current:
                words.append(tuple(current))
            words.extend((p,) for p in parts[:-1])
            current = [parts[-1]]
            continue
        current.append((k, text, f, kind))
    if current:
        words.append(tuple(current))
    return tuple((word, tuple(fonts.unit_width(text, f or "regular") for _, text, f, _ in word)) for word in words)


def _width(word: Word, size: float) -> float:
    return _sized(word[1], size)


def _sized(units: tuple[float, ...], size: float) -> float:
    """The summed fonts.width of pieces `units` wide at 1 pt, to the last bit (one piece, most
    words: the product alone, as 0 + x is x)."""
    return units[0] * size if len(units) == 1 else sum(u * size for u in units)


def wrap_spans(spans: list[Span], width: float, size: float, font: str = "regular",
               split: bool = False) -> list[list[Span]]:
    """The spans in lines no wider than `width` (a word longer than a line has a line of its own)."""
    lines = _remembered(_lines, _entries(spans), width, size, font, split)
    return [[a if type(a) is Span else _whole(spans[a], font) for a in line] for line in lines]


def _remembered(fn, *args):
    """fn(*args) from its cache; computed afresh if an argument cannot be hashed (a source holding a list)."""
    try:
        return fn(*args)
    except TypeError:
        return fn.__wrapped__(*args)


def _whole(s: Span, font: str) -> Span:
    return Span(s.text, s.font or font, s.source, s.kind)


@lru_cache(maxsize=WRAP_CACHE)
def _lines(entries: tuple[Entry, ...], width: float, size: float, font: str,
           split: bool) -> tuple[tuple[Span | int, ...], ...]:
    """The wrapped lines, remembered: a sheet lays the same paragraph out at the same width again
    (the same size for another page count, another layout, the other edition)."""
    words = _remembered(_pieces, entries, font, split)
    space = fonts.width(" ", size, font)
    lines: list[list[tuple[Piece, ...]]] = [[]]
    used = 0.0
    for word in words:
        w = _width(word, size)
        if lines[-1] and used + space + w > width:
            lines.append([])
            used = 0.0
        used += (space if lines[-1] else 0.0) + w
        lines[-1].append(word[0])
    out = []
    for line in lines:
        pieces: list[Piece] = []
        for i, word in enumerate(line):
            if i:
                pieces.append((None, " ", font, ""))
            pieces.extend(word)
        out.append(_merge(pieces))
    return tuple(out)


def _merge(pieces: list[Piece]) -> tuple[Span | int, ...]:
    """Neighbouring plain pieces of one font as one span (a piece alone keeps its kind); a traced
    piece stays alone."""
    merged: list[Span | int] = []
    run: list[str] = []
    run_font = run_kind = ""

    def close() -> None:
        if run:
            merged.append(Span(run[0], run_font, None, run_kind) if len(run) == 1 else Span("".join(run), run_font))
            run.clear()

    for atom, text, f, kind in pieces:
        if atom is not None:
            close()
            merged.append(atom)
        elif run and f == run_font:
            run.append(text)
        else:
            close()
            run.append(text)
            run_font, run_kind = f, kind
    close()
    return tuple(merged)


def span_width(spans: list[Span], size: float, font: str = "regular") -> float:
    return sum(fonts.width(s.text, size, s.font or font) for s in spans)


def paragraph(spans: list[Span], x: float, y: float, width: float, size: float, font: str = "regular",
              role: str = "text") -> Laid:
    """Wrapped lines starting at (x, y) = top-left; returns the shapes and the height used."""
    laid = Laid()
    for i, line in enumerate(wrap_spans(spans, width, size, font)):
        base = y + size * (0.92 + i * LEADING)
        laid.shapes.append(Text(x, base, tuple(line), size, role=role, font=font))
    laid.height = size * (0.92 + 0.236) + size * LEADING * (len(laid.shapes) - 1) if laid.shapes else 0.0
    return laid


def lay_blocks(blocks: list[Block], width: float, size: float, expand: Expand | None = None) -> Laid:
    """Blocks stacked from (0, 0) downwards in a column `width` wide."""
    out = Laid()
    y = 0.0
    for i, b in enumerate(blocks):
        gap = size * (0.55 if b.kind in ("heading", "table", "directive") else 0.3) if i else 0.0
        y += gap
        part = _block(b, width, size, expand)
        for s in part.shapes:
            out.shapes.append(_shift(s, y))
        y += part.height
    out.height = y
    return out


def _shift(shape: Shape, dy: float) -> Shape:
    return Group((shape,), translate(0, dy))


def _block(b: Block, width: float, size: float, expand: Expand | None) -> Laid:
    if b.kind == "heading":
        return paragraph(b.spans, 0, 0, width, size * 1.02, "bold")
    if b.kind == "para":
        return paragraph(b.spans, 0, 0, width, size)
    if b.kind == "note":
        return paragraph(b.spans, 0, 0, width, at_least(size * 0.9), "italic", role="text.muted")
    if b.kind in ("bullet", "number"):
        indent = (size * 1.0 if b.kind == "bullet"
                  else max(size * 1.35, fonts.width(f"{b.level}.", size, "bold") + size * 0.25))   # room for "10."
        laid = paragraph(b.spans, indent, 0, width - indent, size)
        mark = (Span("•"),) if b.kind == "bullet" else (Span(str(b.level), "bold", ("meta", "step"), "count"),
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
        out.append([[replace(s, labels=tuple(("row", src) for src in row if c) + tuple(("col", src) for src in heads[c]))
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
        return [max(_sized(r[c], fsz) for r in units) + 2 * pad for c in range(ncol)]

    widths = natural(fs)
    while sum(widths) > width:
        fs *= 0.95
        if fs < least:
            if WRAP_CELLS.get():
                return _wrapped_table(rows, header, width, size, align)
            raise TooNarrow(f"a table needs {sum(widths):.0f} pt at {least} pt type, the column is {width:.0f}")
        widths = natural(fs)
    extra = (width - sum(widths)) / ncol if sum(widths) < width else 0.0
    widths = [w + extra for w in widths]
    align = align or ["start"] + ["middle"] * (ncol - 1)
    rows = paired(rows, header)
    row_h = fs * 1.45
    laid = Laid()
    for i, r in enumerate(rows):
        top = i * row_h
        is_head = header and i == 0
        if not is_head and (i - (1 if header else 0)) % 2 == 1:
            laid.shapes.append(Rect(0, top, sum(widths), row_h, "stripe"))
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


def _wrapped_table(rows: list[list[list[Span]]], header: bool, width: float, size: float,
                   align: list[str] | None) -> Laid:
    """The table at its own type size, its widest columns narrowed (never below their longest word)
    and their cells wrapped; rows as tall as their tallest cell."""
    ncol = len(rows[0])
    pad, fs = size * 0.45, at_least(size * 0.95)

    def font(i: int) -> str:
        return "bold" if header and i == 0 else "regular"

    def least_widths(fs: float) -> list[float]:
        words = [[_remembered(_pieces, _entries(r[c]), font(i), True) for c in range(ncol)] for i, r in enumerate(rows)]
        return [max((_width(w, fs) for r in words for w in r[c]), default=0.0) + 2 * pad for c in range(ncol)]

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
        row_h = fs * 1.45 + fs * LEADING * (max(len(lines) for lines in cells) - 1 if any(cells) else 0)
        if not (header and i == 0) and (i - (1 if header else 0)) % 2 == 1:
            laid.shapes.append(Rect(0, top, width, row_h, "stripe"))
        x = 0.0
        for c, lines in enumerate(cells):
            tx = {"start": x + pad, "middle": x + widths[c] / 2, "end": x + widths[c] - pad}[align[c]]
            for k, line in enumerate(lines):
                laid.shapes.append(Text(tx, top + fs * 1.08 + k * fs * LEADING, tuple(line), fs, font=font(i),
                                        anchor=align[c]))
            x += widths[c]
        if header and i == 0:
            laid.shapes.append(Line(0, top + row_h, width, top + row_h, "rule"))
        top += row_h
    laid.height = top
    return laid
