"""The broadside system's ruleset model (the Trafalgar fast-play rules). Field names are the TOML
keys, so a dotted key such as `shooting.dice.british` names a rule number both in the file and on
the printed sheets."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field, PositiveFloat, field_validator, model_validator

from printgen import limits
from printgen.rules.faces import Faces
from printgen.rules.model import (
    Colour,
    Compass,
    Count,
    Dice,
    Feet,
    Inches,
    Points,
    PositiveInches,
    RangeBands,
    RollTable,
    RulesetBase,
    Sequence,
    SideName,
    Strict,
    Table,
)

SomeDice = Annotated[int, Field(ge=0, le=limits.DICE_PER_POOL)]       # a type's dice in a band: 0 fires none


class CutLoose(RollTable):
    success: ClassVar[str] = "free"
    free: Faces
    held: Faces


class Drift(Strict):
    distance_in: Inches
    direction: Compass
    cut_loose: CutLoose


class InIrons(RollTable):
    success: ClassVar[str] = "move"
    move: Faces
    stay: Faces


class Speeds(Strict):
    green: Inches
    yellow: Inches
    red: Inches


class Movement(Strict):
    turn_max_deg: PositiveFloat = Field(le=180)
    turns: Count
    # a bow within this many degrees of the wind's eye (table.wind_from) points into the wind: red,
    # whatever edge it points at (none: only the red edge is red)
    into_wind_deg: float | None = Field(default=None, ge=0, le=90)
    speed_in: Speeds
    in_irons: dict[str, InIrons]


class ToHit(RollTable):
    success: ClassVar[str] = "hit"
    hit: Faces
    miss: Faces


class ToHitBands(Strict):
    long: ToHit
    short: ToHit
    rake: ToHit


class Shooting(Strict):
    flagship_extra_dice: int = Field(ge=0, le=limits.DICE_PER_POOL)
    dice: dict[str, Dice]
    range_in: RangeBands
    to_hit: ToHitBands

    @field_validator("range_in")
    @classmethod
    def _short_and_long(cls, v: RangeBands):
        if set(v.bands()) != {"short", "long"}:
            raise ValueError("shooting.range_in needs exactly 'short' and 'long'")
        return v


class HitPoints(Strict):
    flagship: Points
    ship: Points


class Fouling(RollTable):
    success: ClassVar[str] = "fouled"
    fouled: Faces
    clear: Faces


class Grappling(RollTable):
    success: ClassVar[str] = "grappled"
    grappled: Faces
    missed: Faces


class Boarding(RollTable):
    success: ClassVar[str] = "hit"
    dice_per_hit_point: Dice
    survivor_hit_points: Points
    hit: Faces
    miss: Faces

    def outcomes(self) -> dict[str, tuple[int, ...]]:
        return {"hit": self.hit, "miss": self.miss}


class Edge(Strict):
    side: SideName
    from_ft: Feet
    to_ft: Feet
    colour: Colour

    @model_validator(mode="after")
    def _ordered(self):
        if self.to_ft <= self.from_ft:
            raise ValueError(f"edge segment runs from {self.from_ft} to {self.to_ft} ft: 'to_ft' must be larger")
        return self


class WindTable(Table):
    edges: list[Edge] = []            # coloured wind edges: ships steer by the edge they face


# -- the rules the Nile and Lake Erie add (optional sections: a ruleset without one plays without it) --------
class ShipType(Strict):
    """Ships of one size and armament (Lake Erie's carronade brigs and long-gun schooners, the Nile's
    frigates): their hit points and the dice they roll at short range (and rake) and at long range,
    one number for every side or one per side; a number left out is the rules' own (hit_points.ship,
    shooting.dice). A flagship adds the flagship's extra die, and what hit_points.flagship adds to
    hit_points.ship."""

    name: Annotated[str, Field(min_length=1, max_length=limits.NAME_CHARS)]
    hit_points: Points | None = None
    dice: SomeDice | dict[str, SomeDice] | None = None
    long_dice: SomeDice | dict[str, SomeDice] | None = None      # none: the same as `dice`
    sides: list[str] = []                                        # the sides that have it (none: every side)
    masts: Annotated[int, Field(ge=1, le=3)] = 3                 # its rig as the pieces draw it (a brig: 2)

    def dice_in(self, side: str, band: str) -> int | None:
        """Its dice at `band` for `side`; None: the rules' own shooting.dice."""
        value = self.long_dice if band == "long" and self.long_dice is not None else self.dice
        return value if value is None or isinstance(value, int) else value[side]


class Anchors(Strict):
    """Ships at anchor (ships.csv `anchored`): they never move, turn or drift; their landward broadside
    (the side facing `landward`) is not cleared for action and rolls at most `landward_dice` dice."""

    landward: Compass
    landward_dice: SomeDice


class Aground(RollTable):
    """A base that touches a shoal or the shore stops there, aground; each drift phase it rolls to float off."""

    success: ClassVar[str] = "refloat"
    refloat: Faces
    stuck: Faces


class Explosion(RollTable):
    """A ship that strikes rolls once: on `blows_up` fire reaches her magazine and she blows up; every
    other ship within `radius_in` (nearest points) takes `hits` hits."""

    success: ClassVar[str] = "blows_up"
    blows_up: Faces
    holds: Faces
    radius_in: PositiveInches
    hits: Points

    def outcomes(self) -> dict[str, tuple[int, ...]]:
        return {"blows_up": self.blows_up, "holds": self.holds}


class Night(Strict):
    """From turn `from_turn`, a ship fires only at ships within `range_in`."""

    from_turn: Count
    range_in: PositiveInches


class Flag(Strict):
    """An admiral may be rowed from a flagship to another ship of the side within `boat_in`, instead of moving."""

    boat_in: PositiveInches


class BroadsideRuleset(RulesetBase):
    """The Trafalgar fast-play rules: broadside dice pools against hit points."""

    table: WindTable

    sequence: Sequence
    drift: Drift
    movement: Movement
    shooting: Shooting
    hit_points: HitPoints
    fouling: Fouling
    grappling: Grappling
    boarding: Boarding
    types: dict[str, ShipType] = {}          # ship types (ships.csv `type`); none: every ship alike
    anchors: Anchors | None = None
    aground: Aground | None = None
    explosion: Explosion | None = None
    night: Night | None = None
    flag: Flag | None = None

    @model_validator(mode="after")
    def _types_sides(self):
        for key, t in self.types.items():
            unknown = [s for s in t.sides if s not in self.sides]
            if unknown:
                raise ValueError(f"types.{key}.sides names {', '.join(unknown)}, not a side of the ruleset "
                                 f"({', '.join(self.sides)})")
            for field, value in (("dice", t.dice), ("long_dice", t.long_dice)):
                if isinstance(value, dict) and set(value) != set(t.sides or self.sides):
                    raise ValueError(f"types.{key}.{field} must give a number for each side of the type "
                                     f"({', '.join(t.sides or self.sides)}), or one number for all")
            most = max(self.dice_of(s, False, key, b) for s in (t.sides or self.sides) for b in ("short", "long"))
            if most + self.shooting.flagship_extra_dice > limits.DICE_PER_POOL:
                raise ValueError(f"types.{key}: a flagship would roll {most + self.shooting.flagship_extra_dice} dice; "
                                 f"at most {limits.DICE_PER_POOL} dice are rolled at once")
        return self

    @model_validator(mode="after")
    def _sides_known(self):
        for where, keys in (("shooting.dice", self.shooting.dice), ("movement.in_irons", self.movement.in_irons)):
            if set(keys) != set(self.sides):
                raise ValueError(f"{where} must give a value for each side ({', '.join(self.sides)}); "
                                 f"it has {', '.join(keys) or 'none'}")
        most = max(self.shooting.dice.values()) + self.shooting.flagship_extra_dice
        if most > limits.DICE_PER_POOL:
            raise ValueError(f"a flagship's broadside would roll {most} dice (shooting.dice + flagship_extra_dice); "
                             f"at most {limits.DICE_PER_POOL} dice are rolled at once")
        boarders = max(self.hit_points.ship, self.hit_points.flagship) * self.boarding.dice_per_hit_point
        if boarders > limits.DICE_PER_POOL:
            raise ValueError(f"a boarding party would roll {boarders} dice (hit_points x boarding.dice_per_hit_point); "
                             f"at most {limits.DICE_PER_POOL} dice are rolled at once")
        return self

    # -- questions the sheets ask ------------------------------------------------------------------
    def hit_points_of(self, flagship: bool, type: str = "") -> int:
        """A ship's hit points: the rules' for a flagship or a ship; of its type where the rules have
        types (a flagship adds what hit_points.flagship adds to hit_points.ship)."""
        own = self.types[type].hit_points if type and type in self.types else None
        if own is not None:
            return own + (self.hit_points.flagship - self.hit_points.ship if flagship else 0)
        return self.hit_points.flagship if flagship else self.hit_points.ship

    def dice_of(self, side: str, flagship: bool, type: str = "", band: str = "short") -> int:
        """The dice of a broadside at `band` ("long", "short", "rake": rake rolls the short-range dice)."""
        extra = self.shooting.flagship_extra_dice if flagship else 0
        own = self.types[type].dice_in(side, band) if type and type in self.types else None
        return (self.shooting.dice[side] if own is None else own) + extra

    def two_bands(self, side: str, flagship: bool = False, type: str = "") -> bool:
        """Whether a broadside rolls other dice at long range than at short (Lake Erie's carronades): its
        captain card's Dice column then gives two numbers."""
        return self.dice_of(side, flagship, type, "long") != self.dice_of(side, flagship, type, "short")

    def types_of(self, side: str) -> list[str]:
        """The ship types a side may have, in the file's order (none without types)."""
        return [k for k, t in self.types.items() if not t.sides or side in t.sides]

    def long_range_in(self) -> float:
        return max(b for _, b in self.shooting.range_in.bands().values())
