"""Wrapping rich text into lines, measured with the font's real metrics, and remembered: a sheet
lays the same paragraph out at the same width again and again (another size, another page count,
another layout, the other edition)."""

from __future__ import annotations

import re

from printgen.i18n import words as words_of
from functools import lru_cache

from printgen.draw import fonts
from printgen.draw.shapes import Span

WRAP_CACHE = 4096           # wraps remembered: a sheet tries several sizes and layouts, and draws twice
# a no-break space (French "Nom\u00a0:", "1\u202f234") joins, never breaks
_WORDS = re.compile(r"[^\S\u00a0\u202f]+|[\S\u00a0\u202f]+")

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
                if part.isspace() and "\u00a0" not in part and "\u202f" not in part:
                    if current:
                        words.append(tuple(current))
                        current = []
                    continue
                current.append((None, part, f, kind))
            continue
        if split and source and source[0] == "fleet" and len(source) == 3 and source[2] != "name" \
                and " " in text.strip():
            parts = [(Span(w, f, (*source, i), kind), w, f, kind) for i, w in enumerate(words_of(text))]
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
    gap: Piece = (None, " ", font, "")
    lines: list[list[Piece]] = []
    line: list[Piece] = []
    used = 0.0
    words = _split_wide(words, entries, width / size)
    for pieces, units in words:
        w = units[0] * size if len(units) == 1 else sum(u * size for u in units)     # _sized, inlined
        if not line:
            used = w
        elif used + space + w > width:
            lines.append(line)
            line, used = [], w
        else:
            used += space + w
            line.append(gap)
        line.extend(pieces)
    lines.append(line)
    return tuple(_merge(line) for line in lines)


def _split_wide(words: tuple[Word, ...], entries: tuple[Entry, ...], width: float) -> tuple[Word, ...]:
    """Words wider than the line (`width` at 1 pt) that hold a traced text of several words (a
    rule's long wording, a command): that text word by word, each traced as the i-th word of its
    source (["word", i, *source]: check/numbers.py), so that the line breaks inside it rather than
    run it past its card's edge. A word that fits, or holds no such text, stays as it is."""
    if all(sum(units) <= width for _, units in words):
        return words
    out: list[Word] = []
    for pieces, units in words:
        wide = [k for k, (atom, text, _, kind) in enumerate(pieces)
                if type(atom) is int and kind == "text" and len(text.split()) > 1]
        if sum(units) <= width or not wide:
            out.append((pieces, units))
            continue
        current: list[Piece] = []
        for k, piece in enumerate(pieces):
            if k not in wide:
                current.append(piece)
                continue
            atom, text, f, kind = piece
            source = entries[atom][2] or ()                 # type: ignore[index]
            parts = [(Span(w, f, ("word", i, *source), kind), w, f, kind) for i, w in enumerate(text.split())]
            current.append(parts[0])
            for part in parts[1:]:
                out.append(_measured(current))
                current = [part]
        out.append(_measured(current))
    return tuple(out)


def _measured(pieces: list[Piece]) -> Word:
    return tuple(pieces), tuple(fonts.unit_width(text, f or "regular") for _, text, f, _ in pieces)


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


def words(spans: list[Span], font: str, split: bool = False) -> tuple[Word, ...]:
    """The spans' words (see _pieces), remembered."""
    return _remembered(_pieces, _entries(spans), font, split)


def word_width(word: Word, size: float) -> float:
    return _width(word, size)


def sized(units: tuple[float, ...], size: float) -> float:
    return _sized(units, size)
