"""The broadside system's ruleset model (the Trafalgar fast-play rules). Field names are the TOML
keys, so a dotted key such as `shooting.dice.british` names a rule number both in the file and on
the printed sheets."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field, PositiveFloat, field_validator, model_validator

from printgen import limits
from printgen.rules.faces import Faces
from printgen.rules.model import (Colour, Compass, Count, Dice, Feet, Inches, Points, RangeBands, RollTable,
                                  RulesetBase, Sequence, SideName, Strict, Table)


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
    def hit_points_of(self, flagship: bool) -> int:
        return self.hit_points.flagship if flagship else self.hit_points.ship

    def dice_of(self, side: str, flagship: bool) -> int:
        return self.shooting.dice[side] + (self.shooting.flagship_extra_dice if flagship else 0)

    def long_range_in(self) -> float:
        return max(b for _, b in self.shooting.range_in.bands().values())
