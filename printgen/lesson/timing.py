"""How long a lesson's steps take for a battle of so many ships: printgen's model (its choice, printed
with what it assumes), scaled from the scenario's own [lesson], which times the whole fleet.

- A turn is a fixed part (calling the phases, drift, fouling and boarding rolls: TURN_BASE minutes)
  and a part that grows with the ships on the table (each is moved, measured, rolled for): the
  scenario's minutes a turn for its whole fleet, less TURN_BASE, times the share of its ships in play.
- Setting up is SETUP_BASE minutes (edges, cards) and a part that grows with the ships to place, the
  same way.
- The briefing (the story, a turn walked through) and the debrief keep their minutes in a lesson of
  two periods or more; a shorter lesson gives them BRIEFING_SHARE and DEBRIEF_SHARE of its minutes,
  never less than BRIEFING_MIN and DEBRIEF_MIN."""

from __future__ import annotations

import math

from printgen.data.lesson import Lesson, fewest_minutes_per_turn
from printgen.i18n import N_

TURN_BASE = 2                   # minutes a turn however few the ships
SETUP_BASE = 3                  # minutes of setting up however few the ships
SHORT_LESSON = 100              # minutes: a lesson shorter than two periods of 50 shortens its briefing and debrief
BRIEFING_SHARE, BRIEFING_MIN = 0.16, 6
DEBRIEF_SHARE, DEBRIEF_MIN = 0.2, 8

ASSUMED = N_("a turn takes %(turn)s minutes and a share of the whole battle's turn for the share of its ships in play; "
             "setting up %(setup)s minutes and a share likewise; a short lesson's briefing and debrief take about a "
             "sixth and a fifth of it")
ASSUMES = ASSUMED % {"turn": TURN_BASE, "setup": SETUP_BASE}
# the same, where the ruleset gives each phase's minutes (printgen.data.turn_time)
PHASED = N_("a turn takes the minutes of its phases, more for more ships (the lesson plan gives each phase's); "
            "setting up %(setup)s minutes and a share of the whole battle's for the share of its ships in play; a "
            "short lesson's briefing and debrief take about a sixth and a fifth of it")


def scaled(minutes: int, base: int, share: float) -> int:
    """base + (minutes - base) x share, rounded up to whole minutes (never above `minutes`)."""
    return min(minutes, max(base, math.ceil(base + (minutes - base) * share - 1e-9)))


def fit(lesson: Lesson, ships: int, whole_fleet: int, turn: int | None = None) -> Lesson:
    """The scenario's lesson timed for `ships` of its `whole_fleet`: the same periods and minutes, its
    steps scaled by the model above (the whole fleet's turns and setting up are the scenario's own);
    `turn`: the minutes of a turn from the ruleset's phase times (printgen.data.turn_time), which
    replace the scaled turn."""
    share = min(1.0, ships / whole_fleet)
    total = lesson.total_minutes
    short = total < SHORT_LESSON
    briefing = (max(BRIEFING_MIN, round(BRIEFING_SHARE * total)) if short else lesson.briefing_minutes)
    debrief = (max(DEBRIEF_MIN, round(DEBRIEF_SHARE * total)) if short else lesson.debrief_minutes)
    setup = scaled(lesson.setup_minutes, SETUP_BASE, share)
    briefing, debrief = min(lesson.briefing_minutes, briefing), min(lesson.debrief_minutes, debrief)
    return lesson.model_copy(update={
        "setup_minutes": setup, "briefing_minutes": briefing, "debrief_minutes": debrief,
        # fewer ships, quicker turns, but never more than limits.TURNS of them
        "minutes_per_turn": max(scaled(lesson.minutes_per_turn, TURN_BASE, share) if turn is None else turn,
                                fewest_minutes_per_turn(total - setup - briefing - debrief))})


def turns(lesson: Lesson) -> int:
    """The turns a lesson's play leaves time for (0 when none)."""
    return max(0, lesson.play_minutes // lesson.minutes_per_turn)
