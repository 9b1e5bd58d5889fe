"""The ruleset data model: what every ruleset has (table, wind edges, bases); each rule system
adds its own parts (printgen/systems/<family>/model.py). Field names are the TOML keys, so a
dotted key such as `shooting.dice.british` names a rule number both in the file and on the sheets."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, PositiveFloat, field_validator, model_validator

from printgen import limits
from printgen.i18n import N_

from printgen.rules.provenance import Entry, check_table

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
    id: str                           # names the ruleset's pages (templates/<id>/): a plain name, below
    title: Annotated[str, Field(min_length=1, max_length=limits.TITLE_CHARS)]
    system: str                       # a registered rule system (printgen.registry)
    die: Literal[6] = 6
    # the folder of templates/ holding the blocks this ruleset's pages change from its family's (a
    # built-in ruleset's: a teacher's copy keeps it and prints the same pages); none: its id's folder,
    # where there is one, else the family's pages (printgen.sheets.text.wording.template_name)
    templates: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")] | None = None

    @field_validator("id")
    @classmethod
    def _plain_name(cls, v: str):
        import re

        if not re.fullmatch(r"[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?", v):
            raise ValueError(f"id {v!r} is not a plain name: give lower-case letters, digits and hyphens (at most 40, "
                             "e.g. my-trafalgar); it names the folder of the ruleset's pages")
        return v

    @field_validator("system")
    @classmethod
    def _registered(cls, v: str):
        from printgen import registry

        if registry.get(v) is None:
            raise ValueError(f"unknown rule system '{v}': known systems are {', '.join(registry.known())}")
        return v


SHOOTERS = N_("bowmen")          # a side's missile troops unless its ruleset names them


class Side(Strict):
    name: str
    nations: list[str] = Field(min_length=1)
    # what the side's pages call its missile troops, in English (a message of the catalogue, in the
    # reader's words: the French at Sluys are "crossbowmen", "arbalétriers", "ballesteros")
    shooters: str = Field(default=SHOOTERS, min_length=1, max_length=40)


class Table(Strict):
    north_south_ft: PositiveFeet
    east_west_ft: PositiveFeet
    wind_from: Compass

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


class PhaseTime(Strict):
    """How long a phase of the turn takes in class (printgen's classroom estimate, not the source's):
    `call` minutes however few the ships (calling the phase, reading the card, rolls for the table),
    and `ship` minutes more for each ship that acts in it: the ships of `side` where the phase is
    one side's (its move, its shooting), else every ship in play."""
    call: Annotated[float, Field(ge=0, le=limits.LESSON_MINUTES)]
    ship: Annotated[float, Field(ge=0, le=limits.LESSON_MINUTES)] = 0
    side: str | None = None


class Sequence(Strict):
    phases: list[Text] = Field(min_length=1, max_length=limits.PHASES)
    # minutes of each phase, in the order of `phases` (printgen/data/turn_time.py): the lesson's
    # minutes a turn are their sum; none: the scenario's [lesson] minutes_per_turn, scaled
    minutes: list[PhaseTime] | None = None

    @model_validator(mode="after")
    def _a_time_for_each_phase(self):
        if self.minutes is not None and len(self.minutes) != len(self.phases):
            raise ValueError(f"minutes gives {len(self.minutes)} phase times for {len(self.phases)} phases: give one "
                             "{ call = ..., ship = ... } for each phase, in the same order")
        return self


class StatusMarkers(Strict):
    """Markers to cut out for the states a ship can be in (struck, fouled, ...): the lesson's."""
    size_in: tuple[PositiveFloat, PositiveFloat] = (1.0, 0.5)     # at full scale, like the bases
    per_ship: dict[str, PositiveFloat] = Field(min_length=1)       # state -> markers a ship of the fleet
    # states whose markers are counted by the fleet's flagships, not all its ships (the admiral's flag,
    # which starts beside the flagship and moves with her admiral): per_ship's figure is then a flagship's
    per_flagship: list[str] = Field(default_factory=list, max_length=limits.PHASES)

    @model_validator(mode="after")
    def _flagship_states_known(self):
        unknown = [s for s in self.per_flagship if s not in self.per_ship]
        if unknown:
            raise ValueError(f"per_flagship names {', '.join(unknown)}, not a state of per_ship: give its markers "
                             "in per_ship too")
        return self


class RulesetBase(Strict):
    """What every ruleset has: its sides and nations, the table with its wind edges, the bases."""

    ruleset: Meta
    sides: dict[str, Side]
    bases: Bases
    table: Table
    status_markers: StatusMarkers | None = None         # the lesson's cut-out markers, if any
    provenance: dict[str, Entry] = {}                   # key -> where it comes from (rules.provenance)
    # the words that name a rule where a sheet prints its number ("Long" beside the long range):
    # rule key -> word, so a label is traced like the number it qualifies (Source("label", key))
    labels: dict[str, str] = {}
    _file: tuple | None = PrivateAttr(default=None)      # (path, text) it was read from, for messages

    @model_validator(mode="after")
    def _provenance_keys(self):
        check_table(self.provenance, self)
        return self

    @model_validator(mode="after")
    def _phase_sides(self):
        """A phase time's side is one of [sides] (its key, as in [sides.british])."""
        for i, t in enumerate(getattr(getattr(self, "sequence", None), "minutes", None) or []):
            if t.side is not None and t.side not in self.sides:
                raise ValueError(f"sequence.minutes.{i}: side '{t.side}' is not one of [sides] "
                                 f"({', '.join(self.sides)}): give a side's key, or leave side out")
        return self

    @property
    def path(self):
        return self._file[0] if self._file else None

    def label(self, key: str) -> str:
        """The word a sheet prints for rule `key`: the naming table's, else the rule's own text
        (a side's name, a compass direction)."""
        if key in self.labels:
            return self.labels[key]
        from printgen.rules.trace import lookup

        value = lookup(self, key)
        if not isinstance(value, str):
            raise KeyError(f"no label for {key}: add it to the ruleset's [labels] table")
        return value

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
