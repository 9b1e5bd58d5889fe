"""Students to ships: the class split between the sides in proportion to their ships, each student
a captain of one to three ships of one squadron, the squadron's flagship to its first captain."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.errors import PrintgenError, Problem

MAX_SHIPS = 3


@dataclass(frozen=True)
class Captain:
    number: int                  # 1..N across the class
    side: str
    squadron: str
    ships: tuple                 # Ship objects, in line order


def _largest_remainder(total: int, weights: dict[str, int], low: dict[str, int], high: dict[str, int]) -> dict[str, int]:
    """Split `total` in proportion to `weights`, within [low, high] per key, deterministically."""
    keys = list(weights)
    want = sum(weights.values())
    share = {k: total * weights[k] / want for k in keys}
    out = {k: min(high[k], max(low[k], math.floor(share[k]))) for k in keys}
    order = sorted(keys, key=lambda k: (-(share[k] - math.floor(share[k])), keys.index(k)))
    while sum(out.values()) < total:
        grown = False
        for k in order:
            if sum(out.values()) < total and out[k] < high[k]:
                out[k] += 1
                grown = True
        if not grown:
            break
    while sum(out.values()) > total:
        shrunk = False
        for k in reversed(order):
            if sum(out.values()) > total and out[k] > low[k]:
                out[k] -= 1
                shrunk = True
        if not shrunk:
            break
    return out


def assign(scenario, students: int) -> list[Captain]:
    ships = scenario.fleet.ships
    squadrons = {name: [s for s in ships if s.squadron == name] for name in scenario.squadrons}
    squadrons = {k: v for k, v in squadrons.items() if v}
    least = sum(math.ceil(len(v) / MAX_SHIPS) for v in squadrons.values())
    if not least <= students <= len(ships):
        fit = f"--students {least}" if least == len(ships) else f"--students between {least} and {len(ships)}"
        fix = f"with {len(ships)} ships use {fit}, or change the fleet with --fraction / --ships"
        who = "1 student cannot command" if students == 1 else f"{students} students cannot each command"
        raise PrintgenError(Problem(f"{who} 1 to {MAX_SHIPS} ships of one squadron",
                                    field="--students", fix=fix))
    per_sq = _largest_remainder(students, {k: len(v) for k, v in squadrons.items()},
                                {k: math.ceil(len(v) / MAX_SHIPS) for k, v in squadrons.items()},
                                {k: len(v) for k, v in squadrons.items()})
    captains: list[Captain] = []
    for name, sq_ships in squadrons.items():
        n = per_sq[name]
        lead = next((s for s in sq_ships if s.flagship), sq_ships[0])      # the admiral's ship to captain 1
        groups = _split([lead] + [s for s in sq_ships if s is not lead], n)
        for group in groups:
            captains.append(Captain(len(captains) + 1, scenario.squadrons[name].side, name, tuple(group)))
    return captains


def _split(ships: list, n: int) -> list[list]:
    """n groups as even as possible, keeping line order inside each group."""
    base, extra = divmod(len(ships), n)
    out, i = [], 0
    for g in range(n):
        size = base + (1 if g < extra else 0)
        out.append(ships[i:i + size])
        i += size
    return out
