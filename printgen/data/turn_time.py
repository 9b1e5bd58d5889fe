"""How long a turn takes in class: the ruleset's minutes for each phase (`sequence.minutes`,
printgen's classroom estimate, marked as such), for the ships in play. The lesson's minutes a turn
are the sum of its phases, so the lesson plan prints the very figures it adds up.

A phase takes its `call` minutes however few the ships, and its `ship` minutes more for each ship
that acts in it (the acting side's ships in a side's phase, else every ship in play), rounded up to
whole minutes."""

from __future__ import annotations

import math


def phase_minutes(ruleset, counts: dict[str, int]) -> list[int] | None:
    """Each phase's whole minutes for `counts` ships of each side (a side's key -> ships in play);
    None when the ruleset gives no phase times."""
    times = getattr(getattr(ruleset, "sequence", None), "minutes", None)
    if not times:
        return None
    everyone = sum(counts.values())
    return [max(1, math.ceil(t.call + t.ship * (counts.get(t.side, 0) if t.side else everyone) - 1e-9))
            for t in times]


def turn_minutes(ruleset, counts: dict[str, int]) -> int | None:
    """The minutes of a turn: its phases' sum (None without phase times)."""
    phases = phase_minutes(ruleset, counts)
    return None if phases is None else sum(phases)


def counts_of(ships) -> dict[str, int]:
    """Ships of each side among `ships` (a fleet's Ship rows)."""
    out: dict[str, int] = {}
    for s in ships:
        out[s.side] = out.get(s.side, 0) + 1
    return out


def timed(ruleset) -> bool:
    """Whether the ruleset gives each phase's minutes."""
    return bool(getattr(getattr(ruleset, "sequence", None), "minutes", None))
