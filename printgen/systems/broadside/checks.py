"""Checks that only the broadside system needs: the to-hit order, the wind speeds."""

from __future__ import annotations

from printgen.rules import odds
from printgen.rules.checks import CheckResult, _result
from printgen.systems.broadside.model import BroadsideRuleset


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
