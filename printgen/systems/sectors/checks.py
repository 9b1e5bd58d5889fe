"""Checks the sectors system needs: a damage table that reads every roll, factors that exist."""

from __future__ import annotations

from printgen.rules.checks import CheckResult, _result
from printgen.systems.sectors.odds import extremes


def damage_table(rs) -> CheckResult:
    rows, failures = rs.damage, []
    for a, b in zip(rows, rows[1:]):
        if a.hi is None or b.lo is None:
            failures.append("only the first row may be open below and only the last open above")
        elif b.lo <= a.hi:
            failures.append(f"rolls {b.lo}-{a.hi} are read on two rows")
        elif b.lo > a.hi + 1:
            failures.append(f"rolls {a.hi + 1}-{b.lo - 1} are on no row")
        if b.points < a.points:
            failures.append(f"a roll of {b.lo} costs fewer points ({b.points}) than a lower roll ({a.points})")
    for table in ("collision", "ramming"):
        lo, hi = extremes(rs, table)
        if rows[0].lo is not None and rows[0].lo > lo:
            failures.append(f"{table}: a modified roll can be {lo}, the table starts at {rows[0].lo}")
        if rows[-1].hi is not None and rows[-1].hi < hi:
            failures.append(f"{table}: a modified roll can be {hi}, the table ends at {rows[-1].hi}")
    lo = min(extremes(rs, t)[0] for t in ("collision", "ramming"))
    hi = max(extremes(rs, t)[1] for t in ("collision", "ramming"))
    return _result("damage table", failures,
                   f"{len(rows)} rows read every modified roll from {lo} to {hi} once, damage never falling")


def ship_types(scenario) -> CheckResult:
    """Every type in the fleet is one the ruleset defines, and only ram-fitted types are rammers."""
    rs = scenario.ruleset
    used = sorted({s.type for s in scenario.fleet.ships})
    failures = [f"{t}: rams but has no oars" for t, st in rs.types.items() if st.ram and not st.oars]
    failures += [f"{t}: a round ship cannot carry a ram" for t, st in rs.types.items() if st.ram and st.round_ship]
    rammers = [st.name for st in rs.types.values() if st.ram]
    return _result("ship types", failures, f"fleet uses {', '.join(used)}; rams: {', '.join(rammers)}")


def obstacles(scenario) -> CheckResult:
    """Every obstacle of the scenario's terrain lies on the table (a hidden one is the size of the
    obstacle marker that will mark it, so the marker covers exactly the place it was struck)."""
    rs = scenario.ruleset
    w_ft, h_ft = rs.table.east_west_ft, rs.table.north_south_ft
    failures = []
    for o in scenario.file.terrain:
        x, y, w, d = o.area_in(rs.obstacles.marker_in)
        if x + w > w_ft * 12 + 1e-9 or y + d > h_ft * 12 + 1e-9:
            failures.append(f"{o.name}: reaches past the table ({w_ft:g} x {h_ft:g} ft) in scenario.toml's "
                            "[[terrain]]: move it or make it smaller")
    hidden = sum(o.kind == "hidden" for o in scenario.file.terrain)
    if hidden and not rs.obstacles.hidden:
        failures.append(f"{hidden} hidden obstacles in scenario.toml's [[terrain]], but the ruleset lays none "
                        "(obstacles.hidden = false): its kit prints no markers and no secret map for them")
    return _result("obstacles", failures, f"{len(scenario.file.terrain)} on the table, {hidden} hidden, each the "
                                          "size of a marker")
