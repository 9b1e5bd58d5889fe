"""What each ship records its damage on: hit circles (broadside system), structure boxes per
sector (sectors system). The sprite and captain sheets draw these; the checker counts them."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.rules.trace import Source


@dataclass(frozen=True)
class Track:
    label: str
    count: int
    shape: str                # "circle" or "box"
    source: Source            # the ruleset entry the count comes from


def tracks(rs, ship) -> list[Track]:
    if rs.ruleset.system == "broadside":
        return [Track("hits", rs.hit_points_of(ship.flagship), "circle", Source("hit_points_of", (ship.flagship,)))]
    from printgen.systems.sectors.model import ship_tracks

    return ship_tracks(rs, ship)
