"""The rules module: one source of truth for every rule number.

It loads and validates rulesets, computes exact odds, checks that the data adds up, and traces
every printed number back to its ruleset entry."""

from __future__ import annotations

from printgen.rules import checks, rolls  # noqa: F401 (derivations)
from printgen.rules.checks import CheckResult
from printgen.systems import system_of


def run_checks(scenario, printed_tracks: dict[str, int] | None = None) -> list[CheckResult]:
    """All consistency checks of a scenario and its ruleset, in a stable order."""
    rs = scenario.ruleset
    results = [checks.die_tables(rs), checks.ranges(rs), checks.wind_edges(rs), checks.squadron_counts(scenario)]
    results += system_of(rs).checks(scenario)
    results.append(checks.damage_tracks(scenario, printed_tracks))
    return results


__all__ = ["run_checks", "CheckResult"]


def load_checked(name_or_path: str):
    """Load a scenario for printing: data that does not add up is refused (exit 2) before any
    file is written, with every failed check named."""
    from printgen.data.scenario import load_scenario
    from printgen.errors import PrintgenError, Problem

    scenario = load_scenario(name_or_path)
    problems = [Problem(f"{r.name}: {failure}", file=scenario.path if r.name == "squadron counts" else scenario.ruleset.path,
                        fix=f"correct the data; `printgen check {name_or_path}` lists every check")
                for r in run_checks(scenario) if not r.ok for failure in r.failures]
    if problems:
        raise PrintgenError(problems)
    return scenario
