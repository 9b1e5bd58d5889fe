"""The sectors system that plays the medieval fragment: ship types with structure points per
sector and mast, modified d6 rolls read on a damage table, obstacles, collisions, ramming."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from printgen.rules.faces import Faces
from printgen import limits
from printgen.rules.model import (BaseLength, BaseSide, Count, Inches, Points, PositiveInches, RangeBands, RollTable,
                                  RulesetBase, Sequence, Strict, Table, Text)
from printgen.rules.trace import Source
from printgen.rules.tracks import Track

SECTORS = ("bow", "stern", "port", "starboard")


class Structure(Strict):
    bow: Points
    stern: Points
    port: Points
    starboard: Points
    mast: int = Field(ge=0, le=limits.HIT_POINTS)


class ShipType(Strict):
    name: str
    ram: bool
    oars: bool
    round_ship: bool
    sail: Literal["square", "lateen", "none"]
    crew: Count
    large: bool = False
    skeg: bool = False
    bardi: bool = False
    speed_in: PositiveInches
    attack_speed_in: PositiveInches
    base_in: tuple[BaseLength, BaseSide]
    structure: Structure
    bowmen: int = Field(ge=0, le=limits.DICE_PER_POOL)   # DEFAULT: missile dice
    crew_boxes: Points                         # DEFAULT: fighting strength, lost to missiles and boarding
    guns: int = Field(default=0, ge=0, le=limits.DICE_PER_POOL)   # gun dice (the ruleset's [guns]); none: no guns
    guns_all_round: bool = False               # guns on every side (a galleass), else in the bow only

    @model_validator(mode="after")
    def _consistent(self):
        if self.ram and not self.oars:
            raise ValueError(f"{self.name}: a ram needs oars (only galleys and dromons ram)")
        if self.attack_speed_in < self.speed_in:
            raise ValueError(f"{self.name}: attack speed {self.attack_speed_in:g} is below its speed {self.speed_in:g}")
        return self


class Movement(Strict):
    round_ship_min_angle_to_wind_deg: float = Field(ge=0, le=180)
    with_wind_bonus_in: Inches
    with_wind_within_deg: float = Field(ge=0, le=180)
    sweep_turn_deg: float = Field(gt=0, le=180)
    sweep_step_deg: float = Field(ge=5, le=180)          # the sweep template draws a ray per step
    sweep_moves: Count
    attack_speed_uses: Count
    attack_speed_rest_turns: int = Field(ge=0, le=limits.COUNT)
    furl_within_in: Inches
    unfurl_turns: int = Field(ge=0, le=limits.COUNT)
    stop_bounds: Count
    stop_speed_factor: float = Field(gt=0, lt=1)
    embark_turns: int = Field(ge=0, le=limits.COUNT)


class ToHit(RollTable):
    success: ClassVar[str] = "hit"
    hit: Faces
    miss: Faces


class Missile(Strict):
    """DEFAULT: each ship rolls its type's bowmen dice at one enemy; the side's faces by range."""

    range_in: RangeBands
    to_hit: dict[str, dict[str, ToHit]]

    @model_validator(mode="after")
    def _bands(self):
        bands = set(self.range_in.bands())
        for side, table in self.to_hit.items():
            if set(table) != bands:
                raise ValueError(f"missile.to_hit.{side} gives {', '.join(table) or 'nothing'}; it needs one table "
                                 f"for each range band ({', '.join(bands)})")
        return self


class Guns(Strict):
    """Guns (a ruleset that has them: the fragment has none): in the missile phase a ship's guns fire at
    one enemy in their arc (ahead of the bow, or all round) within range, one die a gun die; each hit
    costs the target a structure point of the sector facing the guns; then they reload."""

    range_in: RangeBands
    to_hit: dict[str, ToHit]                   # a table for each range band
    bow_arc_deg: float = Field(gt=0, le=180)   # either side of straight ahead
    reload_turns: int = Field(ge=0, le=limits.COUNT)      # whole turns after firing before they fire again

    @model_validator(mode="after")
    def _bands(self):
        if set(self.to_hit) != set(self.range_in.bands()):
            raise ValueError(f"guns.to_hit gives {', '.join(self.to_hit) or 'nothing'}; it needs one table for "
                             f"each range band ({', '.join(self.range_in.bands())})")
        return self


class WeatherRoll(RollTable):
    success: ClassVar[str] = "storm"
    storm: Faces
    backs: Faces
    steady: Faces
    veers: Faces


class Weather(Strict):
    """DEFAULT: one die a turn; the wind shifts or a storm comes."""

    shift_deg: float = Field(gt=0, le=180)
    storm_turns: Count
    roll: WeatherRoll


class GrappleRoll(RollTable):
    success: ClassVar[str] = "grappled"
    grappled: Faces
    missed: Faces


class Grappling(Strict):
    roll: GrappleRoll


class Boarding(Strict):
    """DEFAULT: one die each plus crew boxes left; the lower loses `loss` boxes (both on a tie)."""

    loss: Points
    chained_bonus: int = Field(ge=0, le=6)


class MoraleRoll(RollTable):
    success: ClassVar[str] = "holds"
    holds: Faces
    breaks: Faces


class Morale(Strict):
    test_crew_lost: float = Field(gt=0, le=1)
    roll: MoraleRoll


class Effects(Strict):
    sinks_at_sectors_lost: int = Field(ge=1, le=4)        # of the four sectors




class SectorRoll(RollTable):
    success: ClassVar[str] = "bow"
    bow: Faces
    stern: Faces
    port: Faces
    starboard: Faces


class Passage(RollTable):
    success: ClassVar[str] = "through"
    through: Faces
    blocked: Faces


class Obstacles(Strict):
    marker: str
    marker_in: tuple[BaseSide, BaseSide] = (1.5, 1.0)     # DEFAULT size of a marker, inches
    # whether this ruleset's battles lay hidden obstacles: their markers and the teacher's secret map are
    # printed only then (Lepanto's galleys met on open water and a shore: no stakes, no scuttled hulls)
    hidden: bool = True
    sector: SectorRoll
    passage: Passage


class Modifier(Strict):
    value: int = Field(ge=-6, le=6)
    text: Text


class MastRoll(RollTable):
    success: ClassVar[str] = "hit"
    hit: Faces
    safe: Faces


class Collision(Strict):
    modifiers: dict[str, Modifier]
    mast: MastRoll
    mast_modifiers: list[str]

    @model_validator(mode="after")
    def _known(self):
        unknown = [m for m in self.mast_modifiers if m not in self.modifiers]
        if unknown:
            raise ValueError(f"collision.mast_modifiers names {', '.join(unknown)}, which collision.modifiers "
                             f"does not have ({', '.join(self.modifiers)})")
        return self


class Refloat(RollTable):
    success: ClassVar[str] = "refloated"
    refloated: Faces
    stuck: Faces


class Aground(Strict):
    refloat: Refloat
    crew_lost_stays: float = Field(gt=0, le=1)


class Ramming(Strict):
    modifiers: dict[str, Modifier]
    clear_turns: int = Field(ge=0, le=limits.COUNT)


class DamageRow(Strict):
    model_config = Strict.model_config | {"populate_by_name": True}

    lo: int | None = Field(default=None, alias="from", ge=-limits.COUNT, le=limits.COUNT)
    hi: int | None = Field(default=None, alias="to", ge=-limits.COUNT, le=limits.COUNT)
    points: int = Field(ge=0, le=limits.HIT_POINTS)
    effect: Text

    @model_validator(mode="after")
    def _ordered(self):
        if self.lo is None and self.hi is None:
            raise ValueError("a damage row needs 'from', 'to' or both")
        if self.lo is not None and self.hi is not None and self.hi < self.lo:
            raise ValueError(f"damage row from {self.lo} to {self.hi}: 'to' is below 'from'")
        return self

    def covers(self, roll: int) -> bool:
        return (self.lo is None or roll >= self.lo) and (self.hi is None or roll <= self.hi)


class KitSettings(Strict):
    """How the kit is used in class (scenario.toml's [kit]). `damage_on`: where each ship's damage track
    is kept: on the record cards or on the pieces, not both."""

    damage_on: Literal["records", "pieces"] = "records"


class OpenTable(Table):
    """No coloured wind edges: ships steer by their angle to the wind. A file may still say so with
    `edges = []` (the built-in one does); a listed edge is refused."""

    edges: list[None] = Field(default=[], max_length=0)


class SectorsRuleset(RulesetBase):
    """The medieval fragment: structure points per sector, modified rolls, a damage table."""

    table: OpenTable
    sequence: Sequence
    movement: Movement
    missile: Missile
    types: dict[str, ShipType] = Field(min_length=1)
    obstacles: Obstacles
    collision: Collision
    aground: Aground
    ramming: Ramming
    damage: list[DamageRow] = Field(min_length=1)
    weather: Weather
    grappling: Grappling
    boarding: Boarding
    morale: Morale
    effects: Effects
    guns: Guns | None = None                   # none: no ship carries guns (the fragment's age)

    @model_validator(mode="after")
    def _sides_shoot(self):
        missing = [s for s in self.sides if s not in self.missile.to_hit]
        if missing:
            raise ValueError(f"missile.to_hit has no table for side {', '.join(missing)} (sides: {', '.join(self.sides)})")
        armed = [k for k, t in self.types.items() if t.guns]
        if armed and self.guns is None:
            raise ValueError(f"types {', '.join(armed)} carry guns but the ruleset has no [guns] table to fire them")
        return self

    @field_validator("damage")
    @classmethod
    def _sorted(cls, rows: list[DamageRow]):
        return sorted(rows, key=lambda r: (r.lo if r.lo is not None else -10**6))

    def type_of(self, ship) -> ShipType:
        return self.types[ship.type]

    def base_of(self, ship) -> tuple[float, float]:
        return self.types[ship.type].base_in

    def long_range_in(self) -> float:
        """The longest reach of any weapon: the attackers start beyond it."""
        bands = [*self.missile.range_in.bands().values(), *(self.guns.range_in.bands().values() if self.guns else ())]
        return max(b for _, b in bands)

    def damage_for(self, roll: int) -> DamageRow:
        return next(r for r in self.damage if r.covers(roll))


def ship_tracks(rs: SectorsRuleset, ship) -> list[Track]:
    """A structure box per point, sector by sector, then the mast. (Crew boxes, a default, are
    kept on the record card: [boxes types.X.crew_boxes Crew].)"""
    st = rs.type_of(ship).structure
    return [Track(part, getattr(st, part), "box", Source("rule", (f"types.{ship.type}.structure.{part}",)))
            for part in (*SECTORS, "mast") if getattr(st, part) > 0]
