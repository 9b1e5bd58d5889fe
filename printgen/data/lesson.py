"""The lesson a scenario is played in: its periods and timings, and how the game is won.

Optional sections of scenario.toml (classroom additions: the seed has no end of game and no
winner). A scenario without them gets printgen's defaults below, marked "printgen's choice".

    [lesson]   periods, period_minutes, setup/briefing/debrief_minutes, minutes_per_turn
    [victory]  points for an enemy ship that struck, a flagship that struck, a prize (captured)
    [history]  which words of the fleet's `fate` column count as captured or struck, for the
               historical yardstick (what the real battle would have scored); or how many ships each
               side lost, where the fates do not say; how near a game must come to count as the
               real battle (`printgen simulate --history`)
    [engagements.NAME]  parts of the battle a lesson can play (printgen/lesson/ picks one that
               fits the lesson's minutes, the class and the table)
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from pydantic import Field, ValidationInfo, field_validator, model_validator

from printgen import limits

from printgen.rules.model import Strict

Minutes = Annotated[int, Field(ge=0, le=limits.LESSON_MINUTES)]
PositiveMinutes = Annotated[int, Field(ge=1, le=limits.LESSON_MINUTES)]
VictoryPoints = Annotated[int, Field(ge=0, le=limits.COUNT)]


def fewest_minutes_per_turn(play_minutes: int) -> int:
    """The fewest minutes a turn that keep `play_minutes` of play within limits.TURNS turns."""
    return max(1, play_minutes // (limits.TURNS + 1) + 1)


class Lesson(Strict):
    periods: Annotated[int, Field(ge=1, le=limits.PERIODS)] = 2
    period_minutes: PositiveMinutes = 50
    setup_minutes: Minutes = 10
    briefing_minutes: Minutes = 10
    debrief_minutes: Minutes = 15
    minutes_per_turn: PositiveMinutes = 10
    # true: printgen fits the game to the lesson (printgen/lesson/: an engagement, its size, how it
    # is won); false: the scenario's ships are played as written (a folder `printgen scenario` wrote)
    fit: bool = True

    @property
    def total_minutes(self) -> int:
        return self.periods * self.period_minutes

    @property
    def play_minutes(self) -> int:
        """The time left for turns."""
        return self.total_minutes - self.setup_minutes - self.briefing_minutes - self.debrief_minutes

    @property
    def turn_limit(self) -> int:
        return self.play_minutes // self.minutes_per_turn

    @field_validator("minutes_per_turn")
    @classmethod
    def _turns_within_limits(cls, v: int, info: ValidationInfo):
        """A turn limit of limits.TURNS at most: the turn tracker, the charts and the engine's games
        stay the size of a lesson (the fields before this one validated, else nothing to say yet)."""
        got = info.data
        if not all(k in got for k in ("periods", "period_minutes", "setup_minutes", "briefing_minutes",
                                      "debrief_minutes")):
            return v
        play = (got["periods"] * got["period_minutes"] - got["setup_minutes"] - got["briefing_minutes"]
                - got["debrief_minutes"])
        if play // v > limits.TURNS:
            least = fewest_minutes_per_turn(play)
            raise ValueError(f"{v} is out of range: the lesson's {play} minutes of play would make {play // v} turns, "
                             f"more than the {limits.TURNS} printgen prints (printgen/limits.py); give "
                             f"minutes_per_turn from {least} to {limits.LESSON_MINUTES}, or fewer or shorter periods")
        return v

    @model_validator(mode="after")
    def _room_for_a_turn(self):
        if self.turn_limit < 1:
            raise ValueError(f"the lesson's {self.total_minutes} minutes leave {self.play_minutes} for play, less "
                             f"than one turn of {self.minutes_per_turn}: add a period or shorten set-up, "
                             f"briefing or debrief")
        return self


class Victory(Strict):
    struck: VictoryPoints = 1                 # an enemy ship that struck its colours
    flagship_struck: VictoryPoints = 2        # an enemy flagship that struck
    captured: VictoryPoints = 3               # a prize: struck and grappled to a ship of yours at the end
    # a side breaks off and loses the battle once this share of its ships has struck (a classroom
    # rule, so that a short lesson ends by decision); none: each side fights to the turn limit
    breaks_at: Annotated[float, Field(gt=0, le=1)] | None = None

    def broken(self, struck: int, ships: int) -> bool:
        """Whether a side of `ships` ships with `struck` of them struck has broken off."""
        return self.breaks_at is not None and ships > 0 and struck >= self.break_count(ships)

    def winner(self, sides: tuple[str, ...], points: list[int], broken: list[bool]) -> str | None:
        """Who wins: of the sides that have not broken off (all of them, if every one has), the one with
        the most points; None (a draw) if two share the most."""
        standing = [k for k in range(len(sides)) if not broken[k]] or list(range(len(sides)))
        top = max(points[k] for k in standing)
        best = [k for k in standing if points[k] == top]
        return sides[best[0]] if len(best) == 1 else None

    def break_count(self, ships: int) -> int:
        """Ships of a side that must strike for it to break off (at least one)."""
        import math

        return max(1, math.ceil(self.breaks_at * ships - 1e-9)) if self.breaks_at is not None else ships

    @model_validator(mode="after")
    def _ordered(self):
        if not self.struck <= self.flagship_struck <= self.captured:
            raise ValueError("victory points must grow: struck <= flagship_struck <= captured "
                             f"(they are {self.struck}, {self.flagship_struck}, {self.captured})")
        return self

    def points(self, outcome: str, flagship: bool) -> int:
        """A ship's points to the other side: 'captured', 'struck' or anything else (0)."""
        if outcome == "captured":
            return self.captured
        if outcome == "struck":
            return self.flagship_struck if flagship else self.struck
        return 0


class History(Strict):
    captured_fates: list[str] = []             # a fate starting with one of these: a prize in the battle
    struck_fates: list[str] = []               # ...lost in the battle, but no prize (blew up, sank)
    # ships each side lost in the battle where the fate column does not say ship by ship (the game's
    # pieces stand for many ships): `printgen simulate --history` reads these before the fates
    lost: dict[str, Annotated[int, Field(ge=0, le=limits.COUNT)]] = Field(default_factory=dict, max_length=20)
    # `printgen simulate --history`: a game plays out the real battle when the battle's winner wins and
    # each side loses within this many ships of what it lost
    tolerance_ships: Annotated[int, Field(ge=0, le=limits.COUNT)] = 3
    # flagships whose admiral had left them before they struck (Lake Erie's Lawrence, after Perry was
    # rowed to the Niagara): the real battle scores them as plain ships (ships.csv names)
    flag_left: list[str] = Field(default_factory=list, max_length=limits.FLEET_SHIPS)

    def points(self, victory: Victory, ship) -> int:
        """What the ship's real fate scores for the other side: a flagship only if she still flew the
        admiral's flag when she struck."""
        return victory.points(self.outcome(ship.fate), ship.flagship and ship.name not in self.flag_left)

    def outcome(self, fate: str) -> str:
        text = fate.strip().casefold()
        if any(text.startswith(p.casefold()) for p in self.captured_fates):
            return "captured"
        if any(text.startswith(p.casefold()) for p in self.struck_fates):
            return "struck"
        return "survived"


class Engagement(Strict):
    """A part of the battle that a lesson can play: its ships, chosen by squadron, by the first words of
    the fleet's `division` column, or by name (any that matches), and why they met."""

    title: Annotated[str, Field(min_length=1, max_length=limits.TITLE_CHARS)]
    story: Annotated[str, Field(max_length=limits.TEXT_CHARS)] = ""     # for the lesson plan: what happened here
    squadrons: list[str] = Field(default_factory=list, max_length=limits.FLEET_SHIPS)
    divisions: list[str] = Field(default_factory=list, max_length=limits.FLEET_SHIPS)
    ships: list[str] = Field(default_factory=list, max_length=limits.FLEET_SHIPS)

    def members(self, fleet) -> list:
        """The fleet's ships that fought here, in the fleet's order (names found as ships.csv spells
        them, aliases and accents aside: printgen.data.fleet.Fleet.find)."""
        named = {fleet.find(n) for n in self.ships}
        prefixes = tuple(d.casefold() for d in self.divisions)
        return [s for s in fleet.ships if s.squadron in self.squadrons or s in named
                or (prefixes and s.division.casefold().startswith(prefixes))]


class _Defaults(TypedDict):
    lesson: Lesson
    victory: Victory
    history: History


DEFAULTS: _Defaults = {"lesson": Lesson(), "victory": Victory(), "history": History()}
