"""Every word inside its frame: a line of type that starts inside a card, a box or a panel ends
inside it, and no character prints beyond the page's edge. A reader sees "...is prot" where a
line runs past a card's edge (under the next card, or off the paper); the check reads the
characters where the PDF put them, not where the layout meant them to go.

The frames are the boxes the layout drew as frames (a panel's outline: a card, a quick
reference's box, the teacher's boxes), traced with the edge "frame" (printgen.draw.flatten), so a
kit laid out again by the check (check/retrace.py) brings today's frames."""

from __future__ import annotations

from printgen.check.numbers import Char, Discrepancy

EDGE = "frame"
TOL = 0.6                        # points: a glyph's box read back may stand this far out


def lines_of(chars: list[Char]) -> list[list[Char]]:
    """The page's characters as lines of type, in the order the PDF draws them: a character on the
    same baseline as the one before, to its right and within a few letters of it, goes on its line."""
    lines: list[list[Char]] = []
    last = None                                        # the current line's last character that is not a space
    for c in chars:
        if c.text in "\r\n" or c.x1 <= c.x0:
            continue                                   # the reader's own line breaks
        if last is not None:                           # (a line starts with a character that is not a space)
            # max(min(last's height, c's), 1.0) and min(bottoms) - max(tops), as the builtins choose, written
            # out: this loop runs for every character of every page the check reads
            a, b = last.bottom - last.top, c.bottom - c.top
            height = b if b < a else a
            height = 1.0 if 1.0 > height else height
            overlap = (c.bottom if c.bottom < last.bottom else last.bottom) - (c.top if c.top > last.top else last.top)
            # (glyphs' boxes are tight: "d" and "n")
            if overlap > 0.5 * height and -0.5 <= c.x0 - last.x0 and c.x0 - last.x1 < 3 * height:
                lines[-1].append(c)
                if c.text.strip():
                    last = c
                continue
        if c.text.strip():
            lines.append([c])
            last = c
    return [[c for c in line if c.text.strip()] for line in lines]


def check_frames(chars: list[Char], frames: list[dict], width: float, height: float,
                 file: str, page: int) -> list[Discrepancy]:
    """A discrepancy for each line that starts inside a frame and runs out of it, and for each line
    that runs beyond the page."""
    out: list[Discrepancy] = []
    boxes = [tuple(e["bbox"]) for e in frames]
    for line in lines_of(chars):
        text = _spaced(line)
        first = line[0]
        cx, cy = first.centre
        inside = [b for b in boxes if b[0] - TOL <= cx <= b[2] + TOL and b[1] - TOL <= cy <= b[3] + TOL]
        for box in inside[-1:] if inside else [(0.0, 0.0, width, height)]:      # the innermost: drawn last
            out_of = [c for c in line if c.x1 > box[2] + TOL or c.bottom > box[3] + TOL or c.x0 < box[0] - TOL]
            if out_of:
                what = "its frame" if inside else "the page"
                beyond = max(c.x1 for c in line) - box[2]
                out.append(Discrepancy(file, page, f"'{_words(line, out_of[0])}' runs {max(beyond, 0):.1f} pt beyond "
                                                   f"{what} (the line '{text[:60]}')",
                                       (first.x0, first.top, line[-1].x1, line[-1].bottom)))
                break
        else:
            off = [c for c in line if c.x0 < -TOL or c.x1 > width + TOL or c.top < -TOL or c.bottom > height + TOL]
            if inside and off:
                out.append(Discrepancy(file, page, f"'{text[:60]}' runs beyond the page",
                                       (first.x0, first.top, line[-1].x1, line[-1].bottom)))
    return out


def _words(line: list[Char], at: Char) -> str:
    """The word of `line` that `at` belongs to, with the words before it on the line that start it
    (the reader's "is prot")."""
    size = max(c.bottom - c.top for c in line)
    k = line.index(at)
    start = k                                   # a space's width apart: another word
    while start > 0 and line[start].x0 - line[start - 1].x1 < 0.25 * size:
        start -= 1
    end = k
    while end + 1 < len(line) and line[end + 1].x0 - line[end].x1 < 0.25 * size:
        end += 1
    return "".join(c.text for c in line[start:end + 1])


def _spaced(line: list[Char]) -> str:
    """The line's words, a space where the characters stand a space apart."""
    size = max(c.bottom - c.top for c in line)
    return "".join((" " if k and c.x0 - line[k - 1].x1 >= 0.25 * size else "") + c.text for k, c in enumerate(line))
