"""A column says what its figure computes, in the rule's own wording: a chance printed under a
column header that names a case of the rules is worked out again here from that case's wording and
from the row's own label ("3 v 3"), both read off the page, not from the function that printed it.

Last session's defect: the boarding table's "they strike this round" gave the chance that they lose
their last hit point, while the card's own rule 4 sends a double wipe-out to a roll-off, half each:
3 v 3 printed 12.5% where the rule gives 15/128 = 11.7%. The product's odds and its second route
(the oracle) were wrong together, so only a reading of the words can catch it."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb

from printgen.check.numbers import Char, Discrepancy


def _at_least(n: int, p: Fraction, k: int) -> Fraction:
    """At least k successes of n dice, each a success with chance p (the binomial sum)."""
    return sum((comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(max(k, 0), n + 1)), Fraction(0))


def _they_strike(rs, a: int, b: int) -> Fraction:
    """'They strike this round' (boarding rules 2-4): our a hit points' dice reach their b, and either
    theirs do not reach our a, or both do and we win the roll-off (ties re-rolled: half each)."""
    per, p = rs.boarding.dice_per_hit_point, Fraction(len(rs.boarding.hit), 6)
    ours, theirs = _at_least(a * per, p, b), _at_least(b * per, p, a)
    return ours * (1 - theirs) + ours * theirs / 2


# A header's wording (the catalogue's message) -> what it says the figure under it is, from the row's two numbers
MEANINGS = {"they strike this round": _they_strike}


def _words(chars: list[Char]) -> list[list[Char]]:
    out: list[list[Char]] = []
    for c in sorted(chars, key=lambda c: c.x0):
        size = max(c.bottom - c.top, 1.0)
        if out and c.x0 - out[-1][-1].x1 < 0.3 * size:
            out[-1].append(c)
        else:
            out.append([c])
    return out


def _lines(chars: list[Char]) -> list[list[Char]]:
    """The page's characters in lines of type, top to bottom: a character whose middle lies within a
    line's height, or the line's middle within its box, goes on that line (glyph boxes are tight: a
    "." sits low, a "y" reaches lower than an "o", an "h" higher)."""
    lines: list[list[Char]] = []
    extent: list[list[float]] = []
    for c in sorted((c for c in chars if c.text.strip()), key=lambda c: (c.top + c.bottom) / 2):
        mid = (c.top + c.bottom) / 2
        k = next((k for k in range(len(lines) - 1, max(len(lines) - 6, -1), -1)
                  if extent[k][0] - 0.5 <= mid <= extent[k][1] + 0.5
                  or c.top <= (extent[k][0] + extent[k][1]) / 2 <= c.bottom), None)
        if k is None:
            lines.append([c])
            extent.append([c.top, c.bottom])
        else:
            lines[k].append(c)
            extent[k] = [min(extent[k][0], c.top), max(extent[k][1], c.bottom)]
    order = sorted(range(len(lines)), key=lambda k: sum(extent[k]))
    return [sorted(lines[k], key=lambda c: c.x0) for k in order]


def _cell(line: list[Char], cx: float) -> str:
    """The words of the line in the cell over `cx`: the run of words, a column's gap apart from the
    rest, that holds cx (or the nearest within a few points)."""
    return _pick(_groups(line), cx)


def _groups(line: list[Char]) -> list[list[list[Char]]]:
    """The line's runs of words, each a column's gap apart from the next."""
    words = _words(line)
    size = max(c.bottom - c.top for c in line)
    groups: list[list[list[Char]]] = []
    for w in words:
        if groups and w[0].x0 - groups[-1][-1][-1].x1 < 1.2 * size:
            groups[-1].append(w)
        else:
            groups.append([w])
    return groups


def _pick(groups: list[list[list[Char]]], cx: float) -> str:
    """_cell's words, from the line's groups."""
    best = min(groups, key=lambda g: 0 if g[0][0].x0 <= cx <= g[-1][-1].x1 else
               min(abs(g[0][0].x0 - cx), abs(g[-1][-1].x1 - cx)))
    if not best[0][0].x0 - 4 <= cx <= best[-1][-1].x1 + 4:
        return ""
    return " ".join("".join(c.text for c in w) for w in best)


def _value(text: str) -> tuple[str, float] | None:
    m = re.fullmatch(r"([<>]?)\s*(\d+(?:[.,]\d+)?)\s*%", text.replace("\u202f", " ").replace("\xa0", " ").strip())
    return (m.group(1), float(m.group(2).replace(",", "."))) if m else None


def check_columns(chars: list[Char], trace: list[dict], rs, lang_words: dict[str, str], file: str,
                  page: int) -> list[Discrepancy]:
    """Each percentage on the page under a header of MEANINGS (in the page's language: `lang_words`,
    the message -> its words there) is that header's case for its row's "a v b"."""
    lines = _lines(chars)
    spans = [(min(c.top for c in ln), max(c.bottom for c in ln)) for ln in lines]     # each line's top, bottom
    grouped: dict[int, list] = {}                  # a line's runs of words, made once (_groups)
    wanted = {re.sub(r"\s+", "", lang_words.get(m, m)).casefold(): m for m in MEANINGS}
    out: list[Discrepancy] = []
    for e in trace:
        if e.get("kind") != "percent" or (value := _value(str(e.get("text", "")))) is None:
            continue
        x0, top, x1, bottom = e["bbox"]
        cx = (x0 + x1) / 2
        mid = (top + bottom) / 2
        row = next((ln for ln, (t, b) in zip(lines, spans) if t - 1 <= mid <= b + 1
                    and any(c.x1 < x0 for c in ln)), None)
        above = [k for k, ln in enumerate(lines) if spans[k][1] < top + 1 and ln is not row]
        header: list[str] = []
        for k in reversed(above):                          # the nearest first: rows, then the header's lines
            if k not in grouped:
                grouped[k] = _groups(lines[k])
            cell = _pick(grouped[k], cx)
            if not cell:                                   # a line of the next column's header, or a gap
                if header:
                    break
                continue
            if re.search(r"\d", cell):
                if header:
                    break
                continue
            header.insert(0, cell)
            if len(header) > 4:
                break
        said = re.sub(r"\s+", "", " ".join(header)).casefold()
        meaning = next((m for key, m in wanted.items() if said.endswith(key)), None)
        if meaning is None or row is None:
            continue
        label = _cell([c for c in row if c.x1 < x0 - 2], min(c.x0 for c in row) + 1) if row else ""
        pair = re.match(r"\s*(\d+)\D+?(\d+)\s*$", label)
        if not pair:
            continue
        a, b = int(pair.group(1)), int(pair.group(2))
        exact = 100 * float(MEANINGS[meaning](rs, a, b))
        sign, printed = value
        ok = exact < printed if sign == "<" else exact > printed if sign == ">" else abs(exact - printed) <= 0.05 + 1e-9
        if not ok:
            out.append(Discrepancy(file, page, f"'{e['text']}' stands under \"{' '.join(header)}\" in the row "
                                               f"'{label.strip()}', where the rule's case gives {exact:.1f}%",
                                   tuple(e["bbox"])))
    return out
