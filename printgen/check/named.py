"""A number said of a named ship is hers in this kit: in a sentence that names one ship of the
fleet ("the Detroit rolls 5 dice at short range"), a traced number of a ship's kind (her dice, her
hit points) must be derived for her own row: her side, whether she is a flagship, her type. Lake
Erie's cards and lesson gave the Detroit a plain long-gun ship's dice (5 and 4) while her captain
card, for the flagship she is, gave 6 and 5."""

from __future__ import annotations

import re

from printgen.check.frames import lines_of
from printgen.check.numbers import Char, Discrepancy

ENDS = re.compile(r"[.?!;]$")


def _said_of(fn: str, args: list) -> dict | None:
    """What a ship's number was derived for: its side, flagship and type, as far as it says."""
    if fn == "dice_of" and len(args) >= 2:
        return {"side": args[0], "flagship": bool(args[1]), "type": args[2] if len(args) > 2 else ""}
    if fn == "hit_points_of" and len(args) >= 1:
        return {"flagship": bool(args[0]), "type": args[1] if len(args) > 1 else ""}
    return None


def sentences(chars: list[Char]) -> list[list[Char]]:
    """The page's characters in sentences: lines of type read in order, a sentence ending at a
    full stop, a question mark or a semicolon that ends a word (a line that ends without one goes on)."""
    out: list[list[Char]] = [[]]
    for line in lines_of(chars):
        if all(c.text == "_" for c in line):        # an answer's line: no words
            out.append([])
            continue
        if out[-1] and line[0].text == "\u2022" or out[-1] and _number_start(line):
            out.append([])                          # a list's item starts afresh
        size = max(c.bottom - c.top for c in line)
        for k, c in enumerate(line):
            out[-1].append(c)
            if ENDS.match(c.text) and (k + 1 == len(line) or line[k + 1].x0 - c.x1 > 0.25 * size):
                out.append([])
    return [s for s in out if s]


def _number_start(line: list[Char]) -> bool:
    """A numbered item's "2." starts the line, not a measure's "56.5" (a table's cell)."""
    text = "".join(c.text for c in line[:8])
    return bool(re.match(r"^\d{1,2}\.(?!\d)", text))


def check_named(chars: list[Char], trace: list[dict], ships: dict, file: str, page: int) -> list[Discrepancy]:
    """`ships`: the fleet's ships by key (name, side, flagship, type)."""
    said = [e for e in trace if _said_of(e["source"][0], e["source"][1:]) is not None]
    if not said:
        return []
    count: dict[str, int] = {}
    for s in ships.values():
        count[s.name] = count.get(s.name, 0) + 1
    names = {s.name: s for s in ships.values() if len(s.name) >= 4}
    out: list[Discrepancy] = []
    for sentence in sentences(chars):
        text = " ".join(_words(sentence))
        named = {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}
        if not named:
            continue
        x0, x1 = min(c.x0 for c in sentence), max(c.x1 for c in sentence)
        top, bottom = min(c.top for c in sentence), max(c.bottom for c in sentence)
        for e in said:
            cx, cy = (e["bbox"][0] + e["bbox"][2]) / 2, (e["bbox"][1] + e["bbox"][3]) / 2
            near = any(c.x0 - 0.6 <= cx <= c.x1 + 0.6 and c.top - 0.6 <= cy <= c.bottom + 0.6 for c in sentence)
            if not (x0 <= cx <= x1 and top <= cy <= bottom) or not near:
                continue
            on_row = _row_named(sentence, cx, cy, named)   # a table's row: the ship named on the number's line
            who = on_row if on_row else named if len(named) == 1 else set()
            if len(who) != 1 or count[next(iter(who))] > 1:
                continue         # no ship, several, or a name two ships bear (Trafalgar's Neptunes): any one's
            ship = names[next(iter(who))]
            want = {"side": ship.side, "flagship": bool(ship.flagship), "type": ship.type or ""}
            got = _said_of(e["source"][0], e["source"][1:]) or {}
            wrong = {k: v for k, v in got.items() if want[k] != v}
            if wrong:
                args = ", ".join(map(repr, e["source"][1:]))
                row = ", ".join(f"{k} {want[k]!r}" for k in wrong)
                out.append(Discrepancy(file, page, f"'{text[:70]}': the number {e['source'][0]}({args}) is not the "
                                                   f"{ship.name}'s (her row: {row})",
                                       tuple(e["bbox"])))
    return out


def _row_named(sentence: list[Char], cx: float, cy: float, named: set[str]) -> set[str]:
    """The ships named on the number's own line of the sentence, left of it: a table's row, whose
    cells are drawn one by one and read as one sentence with the rows above and below it."""
    row = [c for c in sentence if c.top <= cy <= c.bottom and c.x1 <= cx]
    if not row:
        return set()
    text = " ".join(_words(row))
    return {n for n in named if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


def _words(chars: list[Char]) -> list[str]:
    words: list[str] = [""]
    size = max(c.bottom - c.top for c in chars)             # glyphs' boxes are tight: "e" is lower than "D"
    for k, c in enumerate(chars):
        if k and (c.x0 - chars[k - 1].x1 > 0.25 * size or c.top > chars[k - 1].bottom):
            words.append("")
        words[-1] += c.text
    return words
