"""The scenario's [deployment] section: the seed's "Deployment" paragraph as numbers, checked.

Distances are inches at full scale, like the ruleset's; the generator multiplies them by the
table's scale. Errors name the line of scenario.toml and say what would be valid."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from printgen.files.tomlfile import validate
from printgen.errors import PrintgenError, Problem
from printgen.rules.model import Compass, Strict

Inches = Annotated[float, Field(ge=0, le=1000)]
COMPASS_DEG = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def _pair(v, name: str) -> tuple[float, float]:
    if (not isinstance(v, (list, tuple)) or len(v) != 2
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)):
        raise ValueError(f"{name} must be [least, most] in inches, like [2, 4]")
    if not 0 <= v[0] <= v[1]:
        raise ValueError(f"{name} = {list(v)}: needs 0 <= least <= most")
    return float(v[0]), float(v[1])


class SquadronPlan(Strict):
    leaders: list[str] = []                          # at the head of the squadron, in this order
    van: list[str] = []                              # sailing ahead of the first leader, in its file, in this order
    aim: Annotated[float, Field(ge=0, le=1)] = 0.5                  # where it heads for: 0 the line's head, 1 its rear
    # line abreast (line_form / attack_form "abreast"): how far ahead of its side's line it stands, toward
    # the enemy (negative: behind, a reserve); `aim` is then where its middle lies, 0 north, 1 south
    ahead_in: Annotated[float, Field(ge=-100, le=100)] = 0


class DeploymentSettings(Strict):
    line_side: str
    line_west_of_middle_in: Annotated[float, Field(ge=-1000, le=1000)] = 4     # negative: east of the middle
    line_start_from_north_in: Inches = 6
    line_gap_in: tuple[float, float] = (2, 4)
    line_jitter_in: Inches = 1
    line_heading_jitter_deg: Annotated[float, Field(ge=0, le=30)] = 8
    line_sag_in: Inches = 2
    line_max_columns: Annotated[int, Field(ge=1, le=4)] = 3
    line_column_gap_in: Inches = 2
    # "battle": one line of battle, doubled where it cannot reach (Trafalgar); "squadrons": each squadron
    # its own line side by side, as medieval fleets chained theirs (Sluys). Unset: by the rules' system.
    # "abreast": galleys' line abreast, each squadron side by side north to south, heading for the enemy
    # (west), placed by its [deployment.squadrons] aim and ahead_in
    line_form: Literal["battle", "squadrons", "abreast"] | None = None
    attack_side: str
    attack_form: Literal["files", "abreast"] = "files"      # the attackers in loose files, or abreast (east)
    attack_gap_in: tuple[float, float] = (1, 2)
    attack_spread_in: Inches = 2
    attack_jitter_in: Inches = 0.4
    attack_heading_jitter_deg: Annotated[float, Field(ge=0, le=30)] = 5
    leaders_ahead_in: Inches = 1
    out_of_range_margin_in: Inches = 1
    edge_margin_in: Inches = 0.5
    clearance_in: Annotated[float, Field(gt=0, le=12)] = 0.3
    loners: list[str] = []
    loner_heading: Compass = "E"
    squadrons: dict[str, SquadronPlan] = Field(default_factory=dict)

    @field_validator("line_gap_in", "attack_gap_in", mode="before")
    @classmethod
    def _pairs(cls, v, info):
        return _pair(v, info.field_name)

    @model_validator(mode="after")
    def _sides_differ(self):
        if self.line_side == self.attack_side:
            raise ValueError(f"line_side and attack_side are both '{self.line_side}': one side forms the line, "
                             "the other attacks it")
        return self


class _File(Strict):
    deployment: DeploymentSettings


def load_settings(scenario) -> DeploymentSettings:
    """The validated [deployment] of a scenario (errors name scenario.toml's line)."""
    raw = scenario.file.deployment
    path = scenario.path
    if not raw:
        raise PrintgenError(Problem("has no [deployment] section, so printgen cannot place the ships", file=path,
                                    fix="copy the [deployment] section of fleets/trafalgar/scenario.toml and edit it"))
    s = validate(_File, {"deployment": raw}, path, scenario.text,
                 fix="see the [deployment] section of fleets/trafalgar/scenario.toml").deployment
    sides = scenario.ruleset.sides
    problems = [Problem(f"side '{getattr(s, key)}' is not a side of the ruleset", file=path,
                        field=f"deployment.{key}", fix="use one of: " + ", ".join(sides))
                for key in ("line_side", "attack_side") if getattr(s, key) not in sides]
    abreast = {s.attack_side} if s.attack_form == "abreast" else set()
    abreast |= {s.line_side} if s.line_form == "abreast" else set()
    for name in s.squadrons:
        sq = scenario.squadrons.get(name)
        if sq is not None and sq.side in abreast and sq.side != s.attack_side:
            continue                                   # a squadron of a line abreast: its aim and ahead_in
        if sq is None or sq.side != s.attack_side:
            attackers = [k for k, v in scenario.squadrons.items() if v.side == s.attack_side]
            problems.append(Problem(f"'{name}' is not a squadron of the attacking side '{s.attack_side}'", file=path,
                                    field=f"deployment.squadrons.{name}", fix="use one of: " + ", ".join(attackers)))
    if problems:
        raise PrintgenError(problems)
    return s


def line_form(settings: DeploymentSettings, rs) -> str:
    """How the line side forms: the scenario's choice, else what suits the rules' age of fighting."""
    from printgen.registry import system_of

    return settings.line_form or system_of(rs).line_form


def deployment_names(scenario) -> list[str]:
    """Ships the deployment names (leaders, loners): a reduced fleet keeps them."""
    if not scenario.file.deployment:
        return []
    s = load_settings(scenario)
    return [n for plan in s.squadrons.values() for n in plan.leaders] + list(s.loners)
