"""How `printgen simulate` steers each side: `[simulation] policies = {side = "policy"}` in
scenario.toml (optional; a side it leaves out gets printgen's default policy)."""

from __future__ import annotations

from pydantic import Field

from printgen.rules.model import Strict

DEFAULT_POLICY = "close-and-fire"
SCENARIO, PRINTGEN = "the scenario's choice", "printgen's choice"


class Simulation(Strict):
    policies: dict[str, str] = Field(default_factory=dict, max_length=20)
    # how a class's captains steer each side, when printgen plays a lesson's candidate games
    # (printgen/lesson/search.py); absent: the policies above
    lesson: dict[str, str] = Field(default_factory=dict, max_length=20)


def lesson_policies(scenario) -> dict[str, str]:
    """How a class steers each side (the `[simulation] lesson` policies; absent: the scenario's own):
    the lesson's game is chosen and its page played with these."""
    sim = scenario.file.simulation
    return dict(sim.lesson) if sim is not None and sim.lesson else {}


def policies_of(scenario) -> dict[str, tuple[str, str]]:
    """Each side's policy name and where it comes from (the scenario, or printgen's default)."""
    given = scenario.file.simulation.policies if scenario.file.simulation is not None else {}
    return {side: (given[side], SCENARIO) if side in given else (DEFAULT_POLICY, PRINTGEN)
            for side in scenario.ruleset.sides}
