"""Checks that only the broadside system needs: to-hit order, wind speeds, hit tracks."""

from __future__ import annotations

from printgen.rules import odds
from printgen.rules.broadside import hit_points
from printgen.rules.checks import CheckResult, _result
from printgen.rules.model import BroadsideRuleset


def to_hit_order(rs: BroadsideRuleset) -> CheckResult:
    th = rs.shooting.to_hit
    p = {band: odds.chance(getattr(th, band).hit) for band in ("rake", "short", "long")}
    failures = []
    if not p["rake"] > p["short"]:
        failures.append(f"rake ({p['rake']}) does not beat short range ({p['short']})")
    if not p["short"] > p["long"]:
        failures.append(f"short range ({p['short']}) does not beat long range ({p['long']})")
    return _result("rake > short > long", failures,
                   f"chance per die: rake {p['rake']}, short {p['short']}, long {p['long']}")


def wind_speeds(rs: BroadsideRuleset) -> CheckResult:
    s = rs.movement.speed_in
    failures = [] if s.green >= s.yellow >= s.red else [
        f"speeds should not grow towards the wind: green {s.green:g}, yellow {s.yellow:g}, red {s.red:g}"]
    return _result("wind speeds", failures, f'green {s.green:g}" >= yellow {s.yellow:g}" >= red {s.red:g}"')


def hit_tracks(scenario, printed: dict[str, int] | None = None) -> CheckResult:
    """Each ship's printed hit circles equal its hit points; `printed` maps ship key to circles
    counted on the sprite drawing (the sheets fill it in; without it, the rules' own track)."""
    rs = scenario.ruleset
    failures = []
    for ship in scenario.fleet.ships:
        want = hit_points(rs, ship)
        got = printed.get(ship.key) if printed is not None else want
        if got != want:
            failures.append(f"{ship.key}: {got} hit circles printed, the rules give {want} hit points")
    flag = sum(s.flagship for s in scenario.fleet.ships)
    return _result("hit circles", failures,
                   f"{len(scenario.fleet.ships)} ships: {flag} flagships x {rs.hit_points.flagship}, "
                   f"{len(scenario.fleet.ships) - flag} others x {rs.hit_points.ship}")
