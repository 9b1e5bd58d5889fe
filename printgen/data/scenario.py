"""A scenario: a folder with scenario.toml and ships.csv, played under a named ruleset.

Named scenarios live in printgen's fleets/ folder; any folder of the same shape works too, so a
teacher can copy fleets/trafalgar/, edit it, and pass its path."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, NonNegativeFloat, PositiveFloat, StringConstraints, model_validator

from printgen import limits, paths
from printgen.files import text as texts
from printgen.data.fleet import Fleet, Ship, load_fleet
from printgen.data.lesson import DEFAULTS, Engagement, History, Lesson, Victory
from printgen.data.simulation import Simulation
from printgen.data.story import Story
from printgen.files.tomlfile import read_toml, validate
from printgen.errors import PrintgenError, Problem
from printgen.rules.model import Strict
from printgen.rules.provenance import Entry, check_table
from printgen.rules.load import Ruleset, load_ruleset
from printgen.registry import system_of


CLASS_MOST = 200                # students: the settings file's bound (printgen.settings.MAX_STUDENTS)


Students = Annotated[int, Field(ge=1, le=CLASS_MOST)]


class Info(Strict):
    title: Annotated[str, StringConstraints(min_length=1, max_length=limits.TITLE_CHARS)]
    ruleset: str
    ships: str = "ships.csv"
    # the class the battle suits, [fewest, most] students: a kit for a class outside it says so and what to do
    class_size: tuple[Students, Students] | None = None

    @model_validator(mode="after")
    def _class_size_in_order(self):
        if self.class_size is not None and self.class_size[0] > self.class_size[1]:
            raise ValueError(f"class_size = [{self.class_size[0]}, {self.class_size[1]}]: the fewest students come "
                             f"first, e.g. [{self.class_size[1]}, {self.class_size[0]}]")
        return self


class Squadron(Strict):
    side: str
    ships: Annotated[int, Field(gt=0, le=limits.FLEET_SHIPS)]
    label: Annotated[str, StringConstraints(max_length=limits.NAME_CHARS)] = ""


class FleetOptions(Strict):
    flagships: list[str] | None = None     # game flagships; absent: the `flagship` column of ships.csv
    named: list[str] = []                  # ships the story names: kept when the fleet is reduced
    chained: list[str] = []                # squadrons that lie chained together, a line each


class Obstacle(Strict):
    """Something on the table that is not a ship: a hidden obstacle (stakes, a scuttled hull: on the
    teacher's secret map only), a shoal or bank, the shore. Full-scale inches from the west and
    south edges: [x, y, width east, depth north]; a hidden obstacle gives [x, y] only: it is the size of
    the obstacle marker that will mark it (the ruleset's obstacles.marker_in)."""

    name: str
    kind: Literal["hidden", "shoal", "shore"]
    at_in: tuple[NonNegativeFloat, NonNegativeFloat] | tuple[NonNegativeFloat, NonNegativeFloat, PositiveFloat,
                                                             PositiveFloat]

    @model_validator(mode="after")
    def _sized(self):
        if (len(self.at_in) == 2) != (self.kind == "hidden"):
            raise ValueError(f"{self.name}: a hidden obstacle gives at_in = [x, y] (it is marker-sized); a shoal "
                             "or shore gives [x, y, width, depth]")
        return self

    def area_in(self, marker_in: tuple[float, float]) -> tuple[float, float, float, float]:
        """x, y, width, depth at full scale."""
        return (*self.at_in, *marker_in) if len(self.at_in) == 2 else self.at_in


class Preset(Strict):
    title: Annotated[str, StringConstraints(max_length=limits.TITLE_CHARS)] = ""
    fraction: Annotated[float, Field(gt=0, le=1)] | None = None
    ships: Annotated[int, Field(gt=0, le=limits.FLEET_SHIPS)] | None = None


class ScenarioFile(Strict):
    scenario: Info
    squadrons: dict[str, Squadron] = Field(min_length=1)
    fleet: FleetOptions = FleetOptions()
    deployment: dict[str, Any] = {}
    presets: dict[str, Preset] = {}
    kit: dict[str, Any] = {}                 # how the kit is used in class: the rule family's own settings
    terrain: list[Obstacle] = []             # shore, banks, hidden obstacles ([[terrain]])
    lesson: Lesson | None = None               # classroom additions (printgen.data.lesson); absent:
    victory: Victory | None = None             # printgen's defaults, marked as its choice
    history: History | None = None
    simulation: Simulation | None = None       # printgen simulate's policies (printgen.data.simulation)
    story: Story = Story()                     # the battle's story, before and after (printgen.data.story)
    engagements: dict[str, Engagement] = Field(default_factory=dict, max_length=limits.FLEET_SHIPS)
    provenance: dict[str, Entry] = {}          # key -> where it comes from (printgen.rules.provenance)

    @model_validator(mode="after")
    def _provenance_keys(self):
        check_table(self.provenance, self)
        return self


@dataclass(frozen=True)
class Scenario:
    name: str
    folder: Path
    file: ScenarioFile
    ruleset: Ruleset
    fleet: Fleet
    text: str = ""                          # scenario.toml's text, so later validators can locate lines
    kit: Any = None                         # the [kit] table, as the rule family reads it (RuleSystem.kit_model)

    @property
    def title(self) -> str:
        return self.file.scenario.title

    @property
    def squadrons(self) -> dict[str, Squadron]:
        return self.file.squadrons

    @property
    def class_size(self) -> tuple[int, int] | None:
        """The class the battle suits, (fewest, most) students; None: the file does not say."""
        return self.file.scenario.class_size

    @property
    def path(self) -> Path:
        return self.folder / "scenario.toml"

    @property
    def lesson(self) -> Lesson:
        """The file's [lesson] (or the defaults); where the file does not give minutes_per_turn and the
        ruleset times each phase, a turn takes the phases' minutes for this scenario's ships
        (printgen.data.turn_time)."""
        from printgen.data import turn_time

        lesson = self.file.lesson or DEFAULTS["lesson"]
        if "minutes_per_turn" in lesson.model_fields_set:
            return lesson
        turn = turn_time.turn_minutes(self.ruleset, turn_time.counts_of(self.fleet.ships))
        return lesson if turn is None else lesson.model_copy(update={"minutes_per_turn": turn})

    @property
    def victory(self) -> Victory:
        return self.file.victory or DEFAULTS["victory"]

    @property
    def history(self) -> History:
        return self.file.history or DEFAULTS["history"]

    @property
    def provenance_table(self) -> dict[str, Entry]:
        """The file's [provenance], over printgen's choice for each lesson section the file leaves out and a
        classroom addition for each it sets without saying where it comes from (a teacher's own battle)."""
        implied = {name: Entry(kind="choice", why="the kit's default: the scenario does not set it")
                   if getattr(self.file, name) is None else
                   Entry(kind="classroom", why="the scenario's own setting for the lesson: the source rules have none")
                   for name in DEFAULTS}
        return implied | self.file.provenance

    def with_lesson(self, **changes) -> Scenario:
        """The teacher's own lesson times (--periods, --minutes), validated like the file's."""
        from printgen.files.tomlfile import validate as check

        data = self.lesson.model_dump() | {k: v for k, v in changes.items() if v is not None}
        try:
            lesson = check(Lesson, data, self.path, self.text, fix="")
        except PrintgenError as e:               # the lesson's own fields, the lesson the options make
            raise PrintgenError([dataclasses.replace(
                p, field=f"lesson.{p.field}" if p.field else "lesson",
                fix=f"give --periods and --minutes that leave time for a turn and at most {limits.TURNS} turns of the "
                    "scenario's minutes_per_turn") for p in e.problems]) from None
        provenance = {"lesson": Entry(kind="classroom", why="the teacher's lesson times")} | self.file.provenance
        return dataclasses.replace(self, file=self.file.model_copy(update={"lesson": lesson, "provenance": provenance}))

    def with_ships(self, ships: list[Ship] | tuple[Ship, ...]) -> Scenario:
        return dataclasses.replace(self, fleet=Fleet(self.fleet.path, tuple(ships)))


def scenario_names() -> list[str]:
    root = paths.fleets_dir()
    return sorted(p.parent.name for p in root.glob("*/scenario.toml"))


def resolve_folder(name_or_path: str) -> Path:
    given = Path(name_or_path)
    if given.is_dir() and (given / "scenario.toml").is_file():
        return _named_in_text(given)
    if given.is_file() and given.name == "scenario.toml":
        return _named_in_text(given.parent)
    builtin = paths.fleets_dir() / name_or_path
    if "/" not in name_or_path and (builtin / "scenario.toml").is_file():
        return builtin
    # in the command's language (printgen.cli.common.speaking)
    from printgen.i18n import _

    if given.is_dir():
        raise PrintgenError(Problem(_("this folder has no scenario.toml"), file=given,
                                    fix=_("copy fleets/trafalgar/ and edit it, or name a built-in scenario")))
    raise PrintgenError(Problem(_("no scenario named '%(name)s'") % {"name": name_or_path},
                                fix=_("built-in scenarios: %(names)s; or give the path of a folder holding "
                                      "scenario.toml and %(ships)s") % {"names": ", ".join(scenario_names()),
                                                                        "ships": "ships.csv"}))


def _named_in_text(folder: Path) -> Path:
    """The folder, if its full name is text (a kit writes it into its files, to find the scenario again):
    a name in another encoding than the system's (bytes that are not UTF-8) is refused, clearly."""
    try:
        str(folder.absolute()).encode("utf-8")
    except UnicodeEncodeError:
        shown = str(folder).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        raise PrintgenError(Problem("the folder's name (or a folder above it) is not UTF-8 text, which printgen "
                                    "cannot write into the kit's files", file=shown,
                                    fix="rename the folder with letters, digits, dashes and spaces")) from None
    return folder


def load_scenario(name_or_path: str) -> Scenario:
    folder = resolve_folder(name_or_path)
    path = folder / "scenario.toml"
    data, text = read_toml(path)
    sf = validate(ScenarioFile, data, path, text, fix="see fleets/trafalgar/scenario.toml for the expected settings")
    ruleset = load_ruleset(_ruleset_path(sf.scenario.ruleset, folder, path))
    _check_own_ruleset(ruleset)
    _check_squadron_sides(sf, ruleset, path)
    _check_two_sides(sf, ruleset, path)
    nation_side = {n: key for key, side in ruleset.sides.items() for n in side.nations}
    family = system_of(ruleset)
    fleet = load_fleet(_inside(folder, sf.scenario.ships, path, "scenario.ships"), nation_side, {k: s.side for k, s in sf.squadrons.items()},
                       needs=family.fleet_columns, types=family.ship_types(ruleset))
    if sf.fleet.flagships is not None:
        flagged = {fleet.find(n, str(path)) for n in sf.fleet.flagships}
        fleet = Fleet(fleet.path, tuple(dataclasses.replace(s, flagship=s in flagged) for s in fleet.ships))
    for n in sf.fleet.named:
        fleet.find(n, str(path))
    for n in sf.history.flag_left if sf.history else ():
        if fleet.find(n, str(path)).name != n:
            raise PrintgenError(Problem(f"history.flag_left names {n}: write the name as ships.csv spells it",
                                        file=path, field="history.flag_left", fix=f"write '{fleet.find(n).name}'"))
        if not fleet.find(n, str(path)).flagship:
            raise PrintgenError(Problem(f"history.flag_left names {n}, who is not a flagship", file=path,
                                        field="history.flag_left", fix="name a flagship of ships.csv, or remove it"))
    _check_engagements(sf, fleet, path)
    name = folder.name if folder.parent.resolve() != paths.fleets_dir().resolve() else folder.name
    return Scenario(name=name, folder=folder, file=sf, ruleset=ruleset, fleet=fleet, text=text,
                    kit=_kit(family.kit_model, sf, path, text))


def _kit(model: type | None, sf: ScenarioFile, path: Path, text: str):
    """The [kit] table validated by the family's model (None: the family reads no kit settings)."""
    if model is None:
        if sf.kit:
            raise PrintgenError(Problem("these rules read no [kit] settings", file=path, field="kit",
                                        fix="remove the [kit] table"))
        return None
    from pydantic import create_model

    table = create_model("KitTable", __base__=Strict, kit=(model, model()))
    return validate(table, {"kit": sf.kit}, path, text, fix="see the rules family's [kit] settings").kit


def _inside(folder: Path, ref: str, scenario_path: Path, field: str) -> Path:
    """A file the scenario names, which must lie in its own folder: a scenario is shared, and must not
    make printgen read (and quote) another file of the teacher's machine."""
    target = (folder / ref).resolve()
    if not target.is_relative_to(folder.resolve()):
        raise PrintgenError(Problem("names a file outside the scenario folder", file=scenario_path, field=field,
                                    fix="put the file in the scenario folder and give its name, e.g. ships.csv"))
    return target


def _ruleset_path(ref: str, folder: Path, scenario_path: Path) -> Path:
    if ref.endswith(".toml"):
        local = _inside(folder, ref, scenario_path, "scenario.ruleset")
        if local.is_file():
            return local
    builtin = paths.rulesets_dir() / f"{ref}.toml"
    if "/" not in ref and "\\" not in ref and not ref.startswith(".") and builtin.is_file():
        return builtin
    known = sorted(p.stem for p in paths.rulesets_dir().glob("*.toml"))
    raise PrintgenError(Problem(f"ruleset '{texts.snippet(ref)}' not found", file=scenario_path, field="scenario.ruleset",
                                fix="use one of: " + ", ".join(known) + ", or a .toml file in the scenario folder"))


def _check_own_ruleset(ruleset: Ruleset) -> None:
    """The page design a teacher's ruleset names (`[ruleset] templates`, kept from the built-in ruleset it
    copies) must be one printgen has. Its id may be any: a teacher's ruleset finds its pages by `templates`
    alone (printgen.sheets.text.wording.template_folders)."""
    from printgen.files.tomlfile import locate

    path, text = ruleset._file or (None, "")
    meta = ruleset.ruleset
    if path is None or not meta.templates:
        return
    root = Path(system_of(ruleset).templates_dir(ruleset))
    if (root / meta.templates).is_dir():
        return
    builtin = paths.rulesets_dir()
    own_pages = sorted(p.name for p in root.iterdir() if p.is_dir() and (builtin / f"{p.name}.toml").is_file()) \
        if root.is_dir() else []
    raise PrintgenError(Problem(f"templates '{meta.templates}' names no page design printgen has", file=path,
                                line=locate(text, ("ruleset", "templates")), field="ruleset.templates",
                                fix="use one of: " + ", ".join(own_pages) + ", or leave it out to print with the "
                                    "rule family's pages" if own_pages else "leave it out"))


def _check_two_sides(sf: ScenarioFile, ruleset: Ruleset, path: Path) -> None:
    """A battle needs ships on two sides: a fleet of one side would print maps, cards and a debrief
    with no enemy (and the lesson's sheets ask for the other side's squadrons)."""
    sides = {sq.side for sq in sf.squadrons.values()}
    if len(sides) < 2:
        without = [f"{side.name} ({key})" for key, side in ruleset.sides.items() if key not in sides]
        raise PrintgenError(Problem("the fleet has ships of " + (f"one side only ({ruleset.sides[next(iter(sides))].name})"
                                                                 if sides else "no side") +
                                    "; a battle needs ships on two sides", file=path, field="squadrons",
                                    fix="add a squadron (and its ships in the ships file) for " + " or ".join(without)))


def _check_engagements(sf: ScenarioFile, fleet: Fleet, path: Path) -> None:
    """Each engagement names squadrons and ships the scenario has (a division that no ship's starts
    with, as in a fleet a teacher has cut down, leaves the engagement to the sides it still has: one
    with ships of only one side is not played)."""
    for key, e in sf.engagements.items():
        where = f"engagements.{key}"
        for name in e.squadrons:
            if name not in sf.squadrons:
                raise PrintgenError(Problem(f"squadron '{texts.snippet(name)}' is not one of the scenario's", file=path,
                                            field=f"{where}.squadrons", fix="squadrons: " + ", ".join(sf.squadrons)))
        for name in e.ships:
            fleet.find(name, str(path))


def _check_squadron_sides(sf: ScenarioFile, ruleset: Ruleset, path: Path) -> None:
    for name, sq in sf.squadrons.items():
        if sq.side not in ruleset.sides:
            raise PrintgenError(Problem(f"squadron '{name}' is on side '{sq.side}', which the ruleset does not have",
                                        file=path, field=f"squadrons.{name}.side",
                                        fix="use one of: " + ", ".join(ruleset.sides)))
