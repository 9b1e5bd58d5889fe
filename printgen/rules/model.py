"""The ruleset data model: what every ruleset has (table, wind edges, bases) and the broadside
system that plays the Trafalgar rules. Field names are the TOML keys, so a dotted key such as
`shooting.dice.british` names a rule number both in the file and on the printed sheets."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, PositiveFloat, field_validator, model_validator

from printgen import limits
from printgen.rules.faces import Faces

Compass = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
SideName = Literal["north", "east", "south", "west"]
Colour = Literal["green", "yellow", "red"]


# Numbers as the rules may give them: finite and within printgen.limits (each says why).
Inches = Annotated[float, Field(ge=0, le=limits.DISTANCE_IN)]
PositiveInches = Annotated[float, Field(gt=0, le=limits.DISTANCE_IN)]
Feet = Annotated[float, Field(ge=0, le=limits.TABLE_FT)]
PositiveFeet = Annotated[float, Field(gt=0, le=limits.TABLE_FT)]
BaseSide = Annotated[float, Field(ge=limits.BASE_MIN_IN, le=limits.BASE_MAX_IN)]
BaseLength = Annotated[float, Field(ge=limits.BASE_MIN_LENGTH_IN, le=limits.BASE_MAX_IN)]
Dice = Annotated[int, Field(ge=1, le=limits.DICE_PER_POOL)]
Points = Annotated[int, Field(ge=1, le=limits.HIT_POINTS)]
Count = Annotated[int, Field(ge=1, le=limits.COUNT)]
Text = Annotated[str, Field(max_length=limits.TEXT_CHARS)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class RollTable(Strict):
    """One die roll: each field is an outcome and the faces that give it (all faces, once each).

    `success` names the outcome the roller hopes for; odds are of that outcome."""

    success: ClassVar[str]

    def outcomes(self) -> dict[str, tuple[int, ...]]:
        return {name: getattr(self, name) for name in type(self).model_fields}

    @property
    def faces(self) -> tuple[int, ...]:
        return getattr(self, self.success)


class Meta(Strict):
    id: str
    title: Annotated[str, Field(min_length=1, max_length=limits.TITLE_CHARS)]
    system: Literal["broadside", "sectors"]
    die: Literal[6] = 6


class Side(Strict):
    name: str
    nations: list[str] = Field(min_length=1)


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


class Table(Strict):
    north_south_ft: PositiveFeet
    east_west_ft: PositiveFeet
    wind_from: Compass
    edges: list[Edge] = []            # coloured wind edges, where the rules steer by them (Trafalgar)

    def side_length_ft(self, side: SideName) -> float:
        return self.east_west_ft if side in ("north", "south") else self.north_south_ft


class Bases(Strict):
    length_in: BaseLength
    width_in: BaseSide


class RangeBands(Strict):
    """Named distance bands [from, to] in inches, nearest first; they must meet end to end."""

    model_config = ConfigDict(extra="allow", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _pairs(cls, data: Any):
        for name, band in dict(data).items():
            if (not isinstance(band, (list, tuple)) or len(band) != 2
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in band)):
                raise ValueError(f"range '{name}' must be [from, to] in inches, like [0, 6]")
            if not 0 <= band[0] < band[1] <= limits.DISTANCE_IN:
                raise ValueError(f"range '{name}' = {list(band)}: needs 0 <= from < to <= {limits.DISTANCE_IN:g}")
        return data

    def bands(self) -> dict[str, tuple[float, float]]:
        return {k: tuple(v) for k, v in (self.model_extra or {}).items()}


# --- the broadside system (Trafalgar) -------------------------------------------------------------

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


class Sequence(Strict):
    phases: list[Text] = Field(min_length=1, max_length=limits.PHASES)


class RulesetBase(Strict):
    """What every ruleset has: its sides and nations, the table with its wind edges, the bases."""

    ruleset: Meta
    sides: dict[str, Side]
    bases: Bases
    table: Table
    _file: tuple | None = PrivateAttr(default=None)      # (path, text) it was read from, for messages

    @property
    def path(self):
        return self._file[0] if self._file else None

    def side_of_nation(self, nation: str) -> str | None:
        for key, side in self.sides.items():
            if nation in side.nations:
                return key
        return None

    def nations(self) -> list[str]:
        return [n for side in self.sides.values() for n in side.nations]

    def base_of(self, ship) -> tuple[float, float]:
        """(length, width) of a ship's base in inches at full scale."""
        return self.bases.length_in, self.bases.width_in

    def long_range_in(self) -> float:
        """The longest range at which a ship can hurt another (attackers deploy beyond it)."""
        raise NotImplementedError


class BroadsideRuleset(RulesetBase):
    """The Trafalgar fast-play rules: broadside dice pools against hit points."""

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
