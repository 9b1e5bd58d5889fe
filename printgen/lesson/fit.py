"""The kit's game fitted to the lesson: the teacher's pins (an engagement, a fleet size, a break-off
rule, fair or historical balance) checked, the rest chosen by printgen/lesson/search.py, and the
scenario the kit prints made from the choice."""

from __future__ import annotations

import dataclasses

from printgen.data.scenario import Scenario
from printgen.errors import PrintgenError, Problem
from printgen.i18n import N_
from printgen.lesson import search
from printgen.lesson.engagement import WHOLE, apply
from printgen.options import Options
from printgen.request import BALANCES
from printgen.rules.provenance import Entry


def playable(scenario: Scenario) -> bool:
    """Whether the rule family can play the scenario's games (its engine): only those are fitted."""
    from printgen.registry import system_of

    try:
        return system_of(scenario.ruleset).phases(scenario.ruleset) is not None
    except PrintgenError:
        return False


def fit(scenario: Scenario, options: Options, students: int, engagement: str | None = None,
        balance: str = "fair", break_off: float | None = None, sized: bool = False) -> tuple[Scenario, search.Trial | None]:
    """(the scenario the kit prints, the candidate printgen chose and played; None where the rule
    family has no engine: the scenario as it is). `sized`: the teacher gave the fleet's size (--ships,
    --fraction, a preset): the game keeps every ship of it."""
    known = [WHOLE, *scenario.file.engagements]
    problems = []
    if engagement is not None and engagement not in known:
        problems.append(Problem(f"no engagement '{engagement}' in {scenario.name}", field="--engagement",
                                fix="engagements: " + ", ".join(known)))
    elif engagement is not None and not search.both_sides(scenario, engagement):
        problems.append(Problem(f"engagement '{engagement}' has ships of only one side in this fleet",
                                field="--engagement", fix="engagements: " + ", ".join(
                                    k for k in known if search.both_sides(scenario, k))))
    if balance not in BALANCES:
        problems.append(Problem(f"balance '{balance}' is not known", field="--balance", fix="use fair or historical"))
    if break_off is not None and not 0 <= break_off <= 1:
        problems.append(Problem(f"break-off share {break_off:g}", field="--break-off",
                                fix="a share of a side's ships from 0 (never) to 1, e.g. 0.33"))
    if problems:
        raise PrintgenError(problems)
    breaks = None if break_off is None else ((break_off or None),)
    wish(scenario, options, students, engagement, balance, break_off, sized)
    if not playable(scenario):
        return scenario, None
    if not scenario.lesson.fit:                       # a game already chosen (printgen scenario): played as written
        entry = Entry(kind="classroom", why=N_("the scenario's own game: its lesson says fit = false"))
        file = scenario.file.model_copy(update={"provenance": {"words.engagement": entry, **scenario.file.provenance}})
        return dataclasses.replace(scenario, file=file), search.as_written(scenario, options, balance)
    t, _ = search.choose(scenario, options, students, balance, engagement, breaks=breaks, sized=sized)
    return apply(scenario, t.choice, search.why(scenario, t, options.lang), options.lang), t


def wish(scenario: Scenario, options: Options, students: int, engagement: str | None = None,
         balance: str = "fair", break_off: float | None = None, sized: bool = False) -> search.Trial | None:
    """Say how many games fitting the lesson will play (printgen/play/wanted.py), before anything
    imports the engine (the kit's checks of the data ask the family for its engine: call this first):
    none for an answer known or sealed, a few for a packaged one (search.packaged_sample: a sample of
    its games played again), a search's hundreds otherwise (the engine compiled, once a computer).
    Returns the candidate the lesson will play where it is known before the search (None: searched)."""
    from printgen.play import wanted

    wanted.planning(scenario.ruleset.ruleset.system)         # what was said before the scenario was known
    breaks = None if break_off is None else ((break_off or None),)
    asked = (scenario, options, students, balance, engagement, breaks, sized)
    if scenario.lesson.fit and (chosen := search.known(*asked)) is not None:
        return chosen
    family = scenario.ruleset.ruleset.system
    if scenario.lesson.fit and (chosen := search.packaged_chosen(*asked)) is not None:
        wanted.expect(search.packaged_sample(chosen), family)
        return chosen
    wanted.expect(wanted.COMPILE, family)
    return None
