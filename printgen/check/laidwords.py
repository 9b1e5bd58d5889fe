"""Every word on a page is what the re-laid page says: column headers, axis names, labels and
captions, not only the traced numbers. `printgen check` lays each document out again from the kit's
plan (check/retrace.py); here the words of that layout, text by text in drawing order, are compared
with the characters the PDF shows (read back with pdfium), and each text is found at its place.

A word added, missing or changed is reported with its page and place; a text printed elsewhere than
the layout put it (two headers trading places) is reported as printed where the other belongs."""

from __future__ import annotations

import math
from typing import NamedTuple

from printgen.check.discrepancy import Discrepancy

# The documents whose every word is compared: first the rule cards' odds tables and charts, the quick
# reference's tables and the captain cards' Dice columns, then every page a teacher or pupil reads.
# Not the pieces, nor the map and its tiles (a name on a piece, a label on the map: traced and read by
# their own checks; 70 pages a kit, a tenth of a second more each check for little).
WORDS = ("cards", "quickref", "captains", "records", "worksheet", "score", "status-markers", "markers",
         "first-turn", "rulers", "plays", "lesson", "teacher", "debrief", "background")


class Laid(NamedTuple):
    text: str                                   # as the layout prints it (its runs joined)
    box: tuple[float, float, float, float]      # x0, top, x1, bottom, points from the top left
    upright: bool                               # not turned (a turned text's box holds its neighbours too)


def laid_texts(page) -> list[Laid]:
    """The texts of a flattened page (draw.flatten.FlatPage) in drawing order, symbols' own too."""
    from printgen.draw import fonts
    from printgen.draw.flatten import FGroup, FText, FUse
    from printgen.draw.shapes import IDENTITY, compose

    out: list[Laid] = []

    def walk(prims, m, depth: int) -> None:
        a, b, c, d, e, f = m
        for p in prims:
            kind = type(p)
            if kind is FText:
                x, y = a * p.x + c * p.y + e, b * p.x + d * p.y + f
                scale = math.hypot(a, b)
                size = p.size * scale
                angle = (p.angle + math.degrees(math.atan2(b, a))) % 360
                total = sum(fonts.width(t, size, face) for t, face in p.runs)
                r = math.radians(angle)
                out.append(Laid("".join(t for t, _ in p.runs), _box((x, y), math.cos(r), math.sin(r), total, size),
                                abs(angle) < 0.01 or abs(angle - 360) < 0.01))
            elif kind is FGroup:
                walk(p.prims, m, depth)
            elif kind is FUse and depth < 8 and p.name in page.symbols:
                walk(page.symbols[p.name], compose(m, p.matrix), depth + 1)

    walk(page.prims, IDENTITY, 0)
    return out


def _box(start, ux: float, uy: float, length: float, size: float) -> tuple[float, float, float, float]:
    from printgen.draw import fonts

    up, down = -fonts.ascent(size), fonts.descent(size)
    vx, vy = -uy, ux
    x, y = start
    xs = [x + ux * s + vx * t for s in (0, length) for t in (up, down)]
    ys = [y + uy * s + vy * t for s in (0, length) for t in (up, down)]
    return (min(xs), min(ys), max(xs), max(ys))


TOL = 1.0                   # points: a character's middle may lie this far outside its text's box (rounding)


def check_laid_words(chars: list, laid: list[Laid], file: str, page: int) -> list[Discrepancy]:
    """Each laid text is printed at its place, its characters (spaces aside) as the layout has them,
    and no character stands where the layout put no text. `chars`: the page's characters as pdfium
    reads them (check/numbers.Char), in drawing order."""
    from printgen.check.numbers import CharIndex

    index = CharIndex(chars)
    shown = [c for c in chars if c.text.strip()]
    claimed: set[int] = set()
    out: list[Discrepancy] = []
    for t in laid:
        want = "".join(t.text.split())
        if not want:
            continue
        got_chars = index.within(t.box, TOL)
        claimed.update(id(c) for c in got_chars)
        got = "".join(c.text for c in got_chars)
        if got == want or not t.upright and _holds(got, want):
            continue
        if t.upright and "".join(c.text for c in got_chars if not _elsewhere(c, t, laid)) == want:
            continue                                   # a neighbour's letter reaching into its box
        x0, top = t.box[0], t.box[1]
        if not got:
            why = f"'{t.text}' is missing at ({x0:.0f}, {top:.0f}) pt: the layout prints it there"
        else:
            why = (f"'{_words(got_chars, chars)}' is printed at ({x0:.0f}, {top:.0f}) pt where the layout prints "
                   f"'{t.text}'")
        out.append(Discrepancy(file, page, f"{why}; make the kit again with `printgen kit`", t.box))
    stray = [c for c in shown if id(c) not in claimed]
    for word in _runs(stray, chars):
        x0, top = word[0].x0, word[0].top
        out.append(Discrepancy(file, page, f"'{_words(word, chars)}' is printed at ({x0:.0f}, {top:.0f}) pt, where the "
                                           f"layout prints no words; make the kit again with `printgen kit`",
                               (word[0].x0, word[0].top, word[-1].x1, word[-1].bottom)))
    return out


def _holds(got: str, want: str) -> bool:
    """A turned text's letters all among those inside its box (which holds its neighbours' too, and
    is read in whatever order the reader takes a turned line): none missing or changed."""
    from collections import Counter

    return not Counter(want) - Counter(got)


def _elsewhere(c, t: Laid, laid: list[Laid]) -> bool:
    """Whether the character's middle lies in another laid text's box (asked only of a text that
    does not read as laid: rare, so a plain scan)."""
    cx, cy = (c.x0 + c.x1) / 2, (c.top + c.bottom) / 2
    return any(o is not t and o.box[0] - TOL <= cx <= o.box[2] + TOL and o.box[1] - TOL <= cy <= o.box[3] + TOL
               for o in laid)


def _across(run: list, x0: float, x1: float) -> float:
    """How far the run of characters overlaps x0..x1 across."""
    return min(run[-1].x1, x1) - max(run[0].x0, x0)


def _gap(a0: float, a1: float, b0: float, b1: float) -> float:
    """How far apart across two spans are (0 where they overlap)."""
    return max(a0 - b1, b0 - a1, 0.0)


def _runs(chars: list, page_chars: list | None = None) -> list[list]:
    """Characters in order, in runs of one line each (a new run where the next does not follow on:
    farther than a space's width, or, given the page's characters, after a space there)."""
    page_chars = chars if page_chars is None else page_chars
    where = {id(c): n for n, c in enumerate(page_chars)}
    out: list[list] = []
    for c in chars:
        last = out[-1][-1] if out else None
        spaced = where and where.get(id(c), 0) - where.get(id(last), 0) > 1 and any(
            page_chars[k].text.isspace() for k in range(where.get(id(last), 0) + 1, where.get(id(c), 0)))
        tall = last.bottom - last.top if last is not None else 0.0
        if last is not None and not spaced and abs((c.top + c.bottom) - (last.top + last.bottom)) < tall \
                and -1 <= c.x0 - last.x1 < tall:
            out[-1].append(c)
        else:
            out.append([c])
    return out


def _words(chars: list, page_chars: list) -> str:
    """The characters as words: a space where the page has one (or a line break) between two of them."""
    where = {id(c): n for n, c in enumerate(page_chars)}
    text = ""
    for prev, c in zip([None, *chars], chars):
        if prev is not None and where.get(id(c), 0) - where.get(id(prev), 0) != 1 and \
                any(page_chars[k].text.isspace() for k in range(where.get(id(prev), 0) + 1, where.get(id(c), 0))):
            text += " "
        text += c.text
    return text if len(text) <= 80 else text[:79] + "…"


def check_headers(chars: list, trace: list[dict], file: str, page: int) -> list[Discrepancy]:
    """A table's numbers read with the headers they stand under: for each traced number printed
    with a column header (its `labels`), the words the PDF shows on the header's line straight above
    the number (overlapping it across) are that header's. Two headers trading places, or a header
    over the wrong column, fail here whatever the header says."""
    from printgen.check.numbers import CharIndex

    heads: dict[tuple, list[dict]] = {}
    for e in trace:
        heads.setdefault(tuple(e["source"]), []).append(e)
    index: CharIndex | None = None
    out: list[Discrepancy] = []
    seen: set = set()
    for e in trace:
        for axis, src in e.get("labels", ()):
            if axis != "col":
                continue
            x0, top, x1, _ = e["bbox"]
            # its header: the nearest of its words above it, over it or beside it within its own width; one
            # beside it (a number at the start of a wider cell, "5–6 : 1/3") is check/labels.py's to place,
            # and a farther one over it (the side's name in the card's text) is not its header
            near = [h for h in heads.get(tuple(src), ()) if h["bbox"][3] <= top + 1.0
                    and _gap(h["bbox"][0], h["bbox"][2], x0, x1) <= h["bbox"][2] - h["bbox"][0]]
            if not near:
                continue                                  # not under its header: check/labels.py says so
            head = max(near, key=lambda h: (h["bbox"][3], _gap(h["bbox"][0], h["bbox"][2], x0, x1) == 0))
            hx0, htop, hx1, hbottom = head["bbox"]
            if _gap(hx0, hx1, x0, x1) > 0:
                continue
            index = index or CharIndex(chars)
            reach = max(hx1 - hx0, x1 - x0)                  # the header's line, a column either side
            line = sorted(index.within((min(x0, hx0) - reach, htop, max(x1, hx1) + reach, hbottom), 0.3),
                          key=lambda c: c.x0)
            runs = _runs(line)                               # a header of words: one run
            over = max(runs, key=lambda run: _across(run, x0, x1), default=[])
            if not over or _across(over, x0, x1) <= 0:
                continue                                  # nothing printed above it: the words' check says so
            shown, want = "".join(c.text for c in over), "".join(head["text"].split())
            if shown == want or (id(e), tuple(src)) in seen:
                continue
            seen.add((id(e), tuple(src)))
            out.append(Discrepancy(file, page, f"'{e['text']}' at ({x0:.0f}, {top:.0f}) pt stands under "
                                               f"'{_words(over, chars)}' on the page; its column's header is "
                                               f"'{head['text']}'; make the kit again with `printgen kit`",
                                   tuple(e["bbox"])))
    return out
