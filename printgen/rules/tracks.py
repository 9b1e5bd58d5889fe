"""What each ship records its damage on (hit circles, structure boxes per sector...), as its rule
family gives it. The sprite and captain sheets draw these; the checker counts them."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.rules.trace import Source
from printgen.registry import system_of


@dataclass(frozen=True)
class Track:
    label: str
    count: int
    shape: str                # "circle" or "box"
    source: Source            # the ruleset entry the count comes from


def tracks(rs, ship) -> list[Track]:
    return system_of(rs).tracks(rs, ship)
