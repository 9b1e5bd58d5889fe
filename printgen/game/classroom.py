"""The lesson's numbers, from the kit's plan (scenario, class, deployment): the timeline and turn
limit, victory points and the historical yardstick. Each is a plan derivation, so a printed number
is traced and `printgen check` recomputes it from the data as it is now."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.rules.trace import plan_derivation

STEPS = ("setup", "briefing", "turns", "debrief")


@plan_derivation
def lesson_value(plan, name: str) -> int:
    """A setting of [lesson] (periods, period_minutes, ...) or total_minutes, play_minutes, turn_limit."""
    return int(getattr(plan.scenario.lesson, name))


@plan_derivation
def turn_limit(plan) -> int:
    """floor((periods x period_minutes - setup - briefing - debrief) / minutes_per_turn)."""
    return plan.scenario.lesson.turn_limit


@plan_derivation
def turn_phase(plan, index: int) -> int:
    """The minutes phase `index` (from 0) of a turn takes for the kit's ships: the ruleset's phase time
    (printgen.data.turn_time, printgen's classroom estimate); the lesson's minutes a turn are their sum."""
    from printgen.data import turn_time

    phases = turn_time.phase_minutes(plan.scenario.ruleset, turn_time.counts_of(plan.scenario.fleet.ships))
    if phases is None:
        raise KeyError("the ruleset gives no phase times ([sequence] minutes)")
    return phases[index]


def turn_phases(plan) -> list[int] | None:
    """Each phase's minutes when they add up to the lesson's minutes a turn (a scenario's own
    minutes_per_turn may differ); None otherwise, or when the ruleset gives none."""
    from printgen.data import turn_time

    s = plan.scenario
    phases = turn_time.phase_minutes(s.ruleset, turn_time.counts_of(s.fleet.ships))
    return phases if phases is not None and sum(phases) == s.lesson.minutes_per_turn else None


def _steps(lesson) -> dict[str, tuple[int, int]]:
    """Minute from and to of each step; the minutes the turns leave over go to the debrief."""
    t0 = lesson.setup_minutes + lesson.briefing_minutes
    turns_end = t0 + lesson.turn_limit * lesson.minutes_per_turn
    return {"setup": (0, lesson.setup_minutes), "briefing": (lesson.setup_minutes, t0),
            "turns": (t0, turns_end), "debrief": (turns_end, lesson.total_minutes)}


@plan_derivation
def timeline(plan, step: str, end: int) -> int:
    """The minute a step of the lesson starts (end=0) or ends (end=1)."""
    return _steps(plan.scenario.lesson)[step][end]


@plan_derivation
def turn_minutes(plan) -> int:
    """The minutes the turns take: turn_limit x minutes_per_turn, the span the timeline gives them (the
    lesson plan's text and table print this one number; minutes the turns leave over go to the debrief)."""
    start, end = _steps(plan.scenario.lesson)["turns"]
    return end - start


@plan_derivation
def left_over(plan) -> int:
    """The minutes of play the whole turns leave over (they go to the debrief): play_minutes - turn_minutes."""
    return plan.scenario.lesson.play_minutes - turn_minutes(plan)


@plan_derivation
def debrief_length(plan) -> int:
    """The debrief's minutes on the timeline: the scenario's debrief and the minutes the turns leave over."""
    start, end = _steps(plan.scenario.lesson)["debrief"]
    return end - start


def _period_turn(plan, period: int) -> tuple[int, bool]:
    """When period `period` ends: (the turn, True) if during that turn; (the turn just played, False)
    if it ends as that turn ends and the next begins; (0, False) before the first turn or after the last."""
    lesson = plan.scenario.lesson
    minute = period * lesson.period_minutes
    start, end = _steps(lesson)["turns"]
    if not start < minute < end:
        return 0, False
    played, into = divmod(minute - start, lesson.minutes_per_turn)
    return (played + 1, True) if into else (played, False)


@plan_derivation
def period_end_turn(plan, period: int) -> int:
    """The turn being played when period `period` ends (0: it ends between two turns, before the first
    turn or after the last)."""
    turn, during = _period_turn(plan, period)
    return turn if during else 0


@plan_derivation
def period_end_after(plan, period: int) -> int:
    """The turn just played when period `period` ends as the next turn begins (0: it does not)."""
    turn, during = _period_turn(plan, period)
    return 0 if during else turn


@plan_derivation
def period_end_next(plan, period: int) -> int:
    """The turn that begins as period `period` ends (0: none does)."""
    after = period_end_after(plan, period)
    return after + 1 if after else 0


def period_breaks(plan) -> list[int]:
    """The periods that end during play (not after the last one), for the template's loop."""
    return [k for k in range(1, plan.scenario.lesson.periods) if _period_turn(plan, k)[0]]


def period_between(plan) -> list[int]:
    """Those of them that end between two turns (the next turn starts at the period's last minute)."""
    return [k for k in period_breaks(plan) if not _period_turn(plan, k)[1]]


# -- victory and the historical yardstick -----------------------------------------------------------
@plan_derivation
def victory_points(plan, outcome: str, flagship: bool = False) -> int:
    return plan.scenario.victory.points(outcome, flagship)


def outcome_of(plan, ship) -> str:
    return plan.scenario.history.outcome(ship.fate)


def _ship(plan, key: str):
    return next(s for s in plan.scenario.fleet.ships if s.key == key)


@plan_derivation
def history_outcome(plan, key: str) -> str:
    """A game ship's fate in the real battle as the score counts it: prize, struck, or survived (in the
    kit's language: the check plans the kit again in it)."""
    from printgen.i18n import translated

    said = {"captured": N_("a prize"), "struck": N_("lost"), "survived": N_("not lost")}
    return translated(plan.options.lang, said[outcome_of(plan, _ship(plan, key))])


@plan_derivation
def history_points(plan, key: str) -> int:
    """What the ship's real fate scores for the other side."""
    return plan.scenario.history.points(plan.scenario.victory, _ship(plan, key))


@plan_derivation
def history_count(plan, side: str, outcome: str) -> int:
    """Ships of `side` in the game that the real battle saw captured, or struck (lost, no prize)."""
    return sum(1 for s in plan.scenario.fleet.ships if s.side == side and outcome_of(plan, s) == outcome)


@plan_derivation
def history_lost(plan, side: str) -> int:
    """Ships of `side` the histories count lost where the fates do not say ship by ship ([history] lost),
    at most the side's ships in the game."""
    return min(plan.scenario.history.lost[side], side_ships(plan, side))


@plan_derivation
def history_score(plan, side: str) -> int:
    """What the real battle would score for `side`: its enemies' ships in the game, by their fate."""
    return sum(history_points(plan, s.key) for s in plan.scenario.fleet.ships if s.side != side)


@plan_derivation
def side_ships(plan, side: str) -> int:
    return sum(1 for s in plan.scenario.fleet.ships if s.side == side)


@plan_derivation
def side_flagships(plan, side: str) -> int:
    return sum(1 for s in plan.scenario.fleet.ships if s.side == side and s.flagship)


@plan_derivation
def most_points(plan, side: str) -> int:
    """The most a side can score: every enemy ship a prize."""
    return sum(plan.scenario.victory.points("captured", s.flagship) for s in plan.scenario.fleet.ships if s.side != side)


# -- the class -----------------------------------------------------------------------------------------
@plan_derivation
def captains_of(plan, side: str) -> int:
    """The students on a side (the teacher, playing a side against a student alone, is not counted)."""
    from printgen.game.students import TEACHER

    return sum(1 for c in plan.captains if c.side == side and c.role != TEACHER)


@plan_derivation
def students(plan) -> int:
    from printgen.game.students import TEACHER

    return sum(1 for c in plan.captains if c.role != TEACHER)


def groups(plan) -> list[str]:
    """The table groups: the captains of one squadron, who sit together (squadrons in fleet order)."""
    return list(dict.fromkeys(c.squadron for c in plan.captains))


@plan_derivation
def group_count(plan) -> int:
    return len(groups(plan))


@plan_derivation
def group_captains(plan, squadron: str) -> int:
    return sum(1 for c in plan.captains if c.squadron == squadron)


@plan_derivation
def period_end_minute(plan, period: int) -> int:
    return period * plan.scenario.lesson.period_minutes
