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


def flagship_hit_points(rs: BroadsideRuleset) -> CheckResult:
    hp = rs.hit_points
    failures = [] if hp.flagship >= hp.ship else [
        f"a flagship has {hp.flagship} hit points, fewer than an ordinary ship's {hp.ship}"]
    return _result("flagship hit points", failures, f"flagship {hp.flagship} >= ship {hp.ship}")


def band_distances(rs: BroadsideRuleset) -> CheckResult:
    """A range band that hits more often is never farther away than one that hits less often."""
    bands = rs.shooting.range_in.bands()
    p = {b: odds.chance(getattr(rs.shooting.to_hit, b).hit) for b in bands if hasattr(rs.shooting.to_hit, b)}
    failures = [f"'{a}' hits more often ({p[a]}) than '{b}' ({p[b]}) but lies farther ({bands[a][0]:g}-{bands[a][1]:g}, "
                f"'{b}' {bands[b][0]:g}-{bands[b][1]:g})"
                for a in p for b in p if p[a] > p[b] and bands[a] > bands[b]]
    order = sorted(p, key=lambda b: bands[b])
    return _result("better bands nearer", failures, " < ".join(f"{b} ({p[b]})" for b in order) + " by distance")


def scenario_rules(scenario) -> list[CheckResult]:
    """What the scenario asks of the rules, besides the rules themselves: ships at anchor need the rules'
    [anchors], shoals and the shore need [aground], and a ship's type must be one its side has."""
    rs = scenario.ruleset
    anchored = [s.name for s in scenario.fleet.ships if s.anchored]
    ground = [o.name for o in scenario.file.terrain if o.kind in ("shoal", "shore")]
    out = []
    if anchored or rs.anchors is not None:
        failures = [] if rs.anchors is not None or not anchored else [
            f"{', '.join(anchored[:3])}{' ...' if len(anchored) > 3 else ''} lie at anchor (ships.csv `anchored`), "
            "but the rules have no [anchors] section to say what that means"]
        out.append(_result("ships at anchor", failures, f"{len(anchored)} ships at anchor"))
    if ground or rs.aground is not None:
        failures = [] if rs.aground is not None or not ground else [
            f"{', '.join(ground)}: shoals or shore on the table, but the rules have no [aground] section"]
        out.append(_result("shoals and shore", failures, f"{len(ground)} shoals or shores a ship can run aground on"))
    if rs.types:
        wrong = [f"{s.name} is of type '{s.type}', which {rs.sides[s.side].name} ships do not have"
                 for s in scenario.fleet.ships if s.type in rs.types and s.type not in rs.types_of(s.side)]
        used = sorted({s.type for s in scenario.fleet.ships})
        out.append(_result("ship types", wrong, f"fleet uses {', '.join(used)}"))
    return out
