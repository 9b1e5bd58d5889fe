"""Every ship under its own side: on a page that heads a list with a side's name ("Ottomans
captains ...: 5 ships move. For example:"), each item of the list ("• Capitana of Barbarigo sails
...") is a ship of that side; and an item in which a ship rolls its dice at another never has it
shoot at its own side. Read as a reader reads it: the lines of type where the PDF put them, the
side's name and the ships' names by their traced sources."""

from __future__ import annotations

import re

from printgen.check.frames import lines_of
from printgen.check.numbers import Char, Discrepancy

SIDE = re.compile(r"^sides\.([^.]+)\.name$")
BULLET = "\u2022"


def side_of(entry: dict) -> str | None:
    src = entry["source"]
    if src[0] == "label" and len(src) == 2 and (m := SIDE.match(str(src[1]))):
        return m.group(1)
    return None


def _name(entry: dict) -> str | None:
    src = entry["source"]
    return src[1] if src[0] == "fleet" and len(src) == 3 and src[2] == "name" else None


def check_sides(chars: list[Char], trace: list[dict], sides: dict[str, str], file: str, page: int) -> list[Discrepancy]:
    """`sides`: each ship's side by its key."""
    out: list[Discrepancy] = []
    current: str | None = None
    heading = False                                     # the line before was a side's heading (it may wrap)
    for line in lines_of(chars):
        top, bottom = min(c.top for c in line), max(c.bottom for c in line)
        x0, x1 = line[0].x0, max(c.x1 for c in line)
        on = sorted((e for e in trace if top - 1 <= (e["bbox"][1] + e["bbox"][3]) / 2 <= bottom + 1
                     and x0 - 1 <= e["bbox"][0] <= x1 + 1), key=lambda e: e["bbox"][0])
        names = [n for e in on if (n := _name(e)) is not None and n in sides]
        if line[0].text == BULLET:
            if names and current is not None and sides[names[0]] != current:
                out.append(Discrepancy(file, page, f"{names[0]} ({sides[names[0]]}) is listed under the heading of "
                                                   f"the {current}", (x0, top, x1, bottom)))
            rolls = any(e["source"][0] == "first_turn_fact" and e["source"][1] == "rolled" for e in on)
            if rolls and len(names) >= 2 and sides[names[0]] == sides[names[1]]:
                out.append(Discrepancy(file, page, f"{names[0]} rolls its dice at {names[1]}, a ship of its own side "
                                                   f"({sides[names[0]]})", (x0, top, x1, bottom)))
            heading = False
            continue
        first = on[0] if on else None
        if first is not None and side_of(first) and abs(first["bbox"][0] - x0) < 1.5:
            current, heading = side_of(first), True
        elif not heading:
            current = None                              # another paragraph: no side's list
        else:
            heading = False                             # the heading's second line
    return out
