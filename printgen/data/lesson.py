"""Classroom additions a scenario may carry: how long the lesson is (and so how many turns are played),
victory points, and how `printgen simulate` steers each side. The seed has no end and no winner;
these sections add them. A scenario without a section gets printgen's defaults, marked as
printgen's choice rather than a classroom addition the scenario's author made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import Field, conint, model_validator

from printgen.rules.model import Strict

CLASSROOM = "classroom addition"
PRINTGEN = "printgen's choice"
SCENARIO = "the scenario's choice"


# Bounds far beyond a school timetable; they also bound the game engine's loop over turns
# (at most 10 x 300 minutes, a turn a minute: 3,000 turns).
Periods = conint(ge=1, le=10)
Minutes = conint(ge=0, le=300)
Points = conint(ge=0, le=100)


class Lesson(Strict):
    """The lesson's minutes. Turns played = floor((periods * period_minutes - setup - briefing -
    debrief) / minutes_per_turn)."""

    periods: Periods
    period_minutes: conint(ge=1, le=300)
    setup_minutes: Minutes
    briefing_minutes: Minutes
    debrief_minutes: Minutes
    minutes_per_turn: conint(ge=1, le=300)

    @property
    def playing_minutes(self) -> int:
        return (self.periods * self.period_minutes - self.setup_minutes - self.briefing_minutes
                - self.debrief_minutes)

    @property
    def turn_limit(self) -> int:
        return self.playing_minutes // self.minutes_per_turn

    @model_validator(mode="after")
    def _room_for_a_turn(self):
        if self.turn_limit < 1:
            raise ValueError(f"{self.periods} x {self.period_minutes} minutes less set-up, briefing and debrief "
                             f"leaves {self.playing_minutes} minutes: not one turn of {self.minutes_per_turn}; "
                             "give more periods or shorten the other parts")
        return self


class Victory(Strict):
    """Points for each enemy ship that struck; a ship scores the highest value that applies to it."""

    struck: Points
    flagship_struck: Points
    captured: Points

    def points(self, flagship: bool, captured: bool) -> int:
        return max(self.struck, self.flagship_struck if flagship else 0, self.captured if captured else 0)


class Simulation(Strict):
    """`printgen simulate`: a named policy per side (sides the scenario leaves out get the default)."""

    policies: dict[str, str] = Field(default_factory=dict)


# printgen's choices when a scenario says nothing (the Trafalgar scenario states the same lesson
# itself, with its reasons).
DEFAULT_LESSON = Lesson(periods=2, period_minutes=50, setup_minutes=10, briefing_minutes=10, debrief_minutes=15,
                        minutes_per_turn=5)
DEFAULT_VICTORY = Victory(struck=1, flagship_struck=2, captured=3)
DEFAULT_POLICY = "close-and-fire"

T = TypeVar("T")


@dataclass(frozen=True)
class Marked(Generic[T]):
    """A setting and where it comes from: the scenario's classroom addition or printgen's choice."""

    value: T
    origin: str


def lesson_of(scenario) -> Marked[Lesson]:
    given = scenario.file.lesson
    return Marked(given, CLASSROOM) if given is not None else Marked(DEFAULT_LESSON, PRINTGEN)


def victory_of(scenario) -> Marked[Victory]:
    given = scenario.file.victory
    return Marked(given, CLASSROOM) if given is not None else Marked(DEFAULT_VICTORY, PRINTGEN)


def policies_of(scenario) -> dict[str, Marked[str]]:
    """Each side's policy name: the scenario's, or printgen's default."""
    given = scenario.file.simulation.policies if scenario.file.simulation is not None else {}
    return {side: Marked(given[side], SCENARIO) if side in given else Marked(DEFAULT_POLICY, PRINTGEN)
            for side in scenario.ruleset.sides}
