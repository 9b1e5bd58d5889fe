"""A scenario loaded for printing: its data must add up under its rules (printgen.rules.run_checks)."""

from __future__ import annotations

from printgen.data.scenario import Scenario, load_scenario
from printgen.errors import PrintgenError, Problem
from printgen.rules import run_checks


def load_checked(name_or_path: str) -> Scenario:
    """Load a scenario for printing: data that does not add up is refused (exit 2) before any
    file is written, with every failed check named."""
    scenario = load_scenario(name_or_path)
    problems = [Problem(f"{r.name}: {failure}", file=scenario.path if r.name == "squadron counts" else scenario.ruleset.path,
                        fix=f"correct the data; `printgen check {name_or_path}` lists every check")
                for r in run_checks(scenario) if not r.ok for failure in r.failures]
    if problems:
        raise PrintgenError(problems)
    return scenario
