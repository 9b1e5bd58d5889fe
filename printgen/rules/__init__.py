"""The rules module: one source of truth for every rule number.

It loads and validates rulesets, computes exact odds, checks that the data adds up, and traces
every printed number back to its ruleset entry."""

from __future__ import annotations

from printgen.rules import checks, rolls  # noqa: F401 (derivations)
from printgen.rules.checks import CheckResult
from printgen.registry import system_of


def run_checks(scenario, printed_tracks: dict[str, int] | None = None) -> list[CheckResult]:
    """All consistency checks of a scenario and its ruleset, in a stable order."""
    rs = scenario.ruleset
    results = [checks.die_tables(rs), checks.ranges(rs), checks.wind_edges(rs), checks.squadron_counts(scenario)]
    results += system_of(rs).checks(scenario)
    results.append(checks.damage_tracks(scenario, printed_tracks))
    return results


__all__ = ["run_checks", "CheckResult"]

