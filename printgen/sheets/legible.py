"""A ship's name must be read on the table: one that a document can only print below the type floor
(a very long name on a small base) is the fleet's to fix, said before the kit is written, with the
ship's line in ships.csv and how short the name must be; not a kit that fails its own check."""

from __future__ import annotations

import math

from printgen.draw.theme import TYPE
from printgen.errors import Problem


def illegible_names(pages, scenario, scale: float, document: str) -> list[Problem]:
    """Problems for each ship whose name prints below the floor on `pages` (flattened, traced)."""
    floor = TYPE.floor * min(1.0, scale)
    smallest: dict[str, float] = {}
    for page in pages:
        for e in page.trace:
            src = e.source
            if e.size and len(src) == 3 and src[0] == "fleet" and src[2] == "name" and e.size < floor - 1e-6:
                smallest[src[1]] = min(e.size, smallest.get(src[1], e.size))
    ships = {s.key: s for s in scenario.fleet.ships}
    out = []
    for key, size in smallest.items():
        ship = ships[key]
        most = max(1, math.floor(len(ship.name) * size / floor))
        out.append(Problem(f"the name '{ship.name}' ({len(ship.name)} characters) fits its piece on the {document}"
                           f" only at {size:.1f} pt, below the {floor:g} pt a student can read",
                           file=scenario.fleet.path, line=ship.line, field="name",
                           fix=f"shorten it to about {most} characters (or use bigger bases in the ruleset)"))
    return out
