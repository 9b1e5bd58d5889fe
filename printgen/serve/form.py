"""The page's form: the same choices as `printgen kit`, read from text fields, checked as the CLI checks
them, and every problem placed next to the field it is about, in plain words."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from printgen.errors import Problem
from printgen.request import KitRequest

EDITIONS = {"color": "Colour", "bw": "Black and white (for the photocopier)", "both": "Both"}
EDITION_NAMES = {"color": "colour edition", "bw": "black-and-white edition", "both": "colour and black-and-white"}
PAPERS = {"letter": "Letter", "a4": "A4"}
UNITS = {"in": "Inches", "cm": "Centimetres"}
UPLOAD = "upload"                                   # the scenario choice "my own fleet"
LABELS = {"--students": "Students", "--edition": "Edition", "--paper": "Paper", "--scale": "Scale",
          "--table": "Table size", "--units": "Units", "--fraction": "Share of each squadron",
          "--ships": "Number of ships", "--preset": "Preset", "--seed": "Deployment number"}
NAMES = {"scenario": "Scenario", "fleet": "Your fleet's files", "students": "Students", "edition": "Edition",
         "paper": "Paper", "units": "Units", "table": "Table size", "scale": "Scale", "preset": "Preset",
         "fraction": "Share of each squadron", "ships": "Number of ships", "seed": "Deployment number",
         "general": "The kit"}                      # the error summary's links
DEFAULTS = {"scenario": "trafalgar", "students": "24", "edition": "color", "paper": "letter", "units": "in",
            "table": "", "scale": "", "preset": "", "fraction": "", "ships": "", "seed": "1805"}


@dataclass(frozen=True)
class Choice:
    """A built-in scenario as the page lists it."""
    name: str
    title: str
    rules: str
    ships: int
    sides: str                                      # "British 27 ships, Combined fleet 33 ships"
    presets: tuple[tuple[str, str], ...]            # (name, title)


@cache
def catalogue() -> tuple[Choice, ...]:
    from printgen.data.scenario import load_scenario, scenario_names

    out = []
    for name in scenario_names():
        s = load_scenario(name)
        count = {side: 0 for side in s.ruleset.sides}
        for ship in s.fleet.ships:
            count[ship.side] = count.get(ship.side, 0) + 1
        sides = ", ".join(f"{s.ruleset.sides[k].name} {n} ships" for k, n in count.items() if n)
        out.append(Choice(name, s.title, s.ruleset.ruleset.title, len(s.fleet.ships), sides,
                          tuple((k, p.title or k) for k, p in s.file.presets.items())))
    return tuple(out)


@dataclass
class KitForm:
    values: dict[str, str]
    errors: dict[str, list[str]] = field(default_factory=dict)
    choices: dict = field(default_factory=dict)     # the request's planning options, as read
    students: int = 0

    def add(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)

    @property
    def upload(self) -> bool:
        return self.values["scenario"] == UPLOAD

    def request(self, scenario: str) -> KitRequest:
        """What the form asks for, as `printgen kit` would be asked (read_form found no error)."""
        return KitRequest(scenario, self.students, self.values["edition"], **self.choices)


def read_form(raw: dict[str, str]) -> KitForm:
    """Types and choices; the rules' own limits (students per ship, scale range) come from `validate`."""
    values = {k: (raw.get(k) or "").strip()[:100] for k in DEFAULTS}
    form = KitForm(values)
    names = {c.name for c in catalogue()}
    if values["scenario"] not in names | {UPLOAD}:
        form.add("scenario", "choose one of the scenarios, or your own fleet")
    for key, known in (("edition", EDITIONS), ("paper", PAPERS), ("units", UNITS)):
        if values[key] not in known:
            form.add(key, f"choose one of: {', '.join(known.values())}")
    form.students = _number(form, "students", int, required=True) or 0
    c = form.choices
    c["paper"], c["units"] = values["paper"], values["units"]
    c["seed"] = _number(form, "seed", int, required=True)
    c["table"] = values["table"] or None
    c["scale"] = _number(form, "scale", float)
    c["preset"] = values["preset"] or None
    c["fraction"] = _number(form, "fraction", float)
    c["ships"] = _number(form, "ships", int)
    if c["seed"] is not None and not 0 <= c["seed"] < 10**9:
        form.add("seed", "use a whole number from 0 to 999999999")
    return form


def _number(form: KitForm, key: str, kind: type, required: bool = False):
    text = form.values[key]
    if not text:
        if required:
            form.add(key, "fill this in")
        return None
    try:
        return kind(text.replace(",", ".") if kind is float else text)
    except ValueError:
        form.add(key, "type a whole number, e.g. 24" if kind is int else "type a number, e.g. 0.5")
        return None


def validate(form: KitForm, scenario: str):
    """Everything `printgen kit` would refuse, refused now, in this process (a fraction of a second).
    Returns the kit's plan, or None with the problems added to the form."""
    from printgen.errors import PrintgenError
    from printgen.kit.build import plan_kit

    try:
        return plan_kit(form.request(scenario))
    except PrintgenError as e:
        for p in e.problems:
            form.add(*place(p, form.upload))
    except Exception as e:          # a loader's bug must not look like the teacher's mistake, nor stop the server
        form.add("fleet" if form.upload else "scenario",
                 f"printgen could not read this fleet ({type(e).__name__}: {e}); please report it")
    return None


def place(p: Problem, upload: bool) -> tuple[str, str]:
    """(form field, message): an option's problem goes by its option, a data file's by the fleet."""
    if p.file is not None:
        where = Path(str(p.file)).name
        if p.line is not None:
            where += f", line {p.line}"
        if p.field:
            where += f", {'column' if where.lower().split(',')[0].endswith('.csv') else 'setting'} '{p.field}'"
        return ("fleet" if upload else "scenario"), f"{where}: {_plain(p.what)}" + (f". Fix: {_plain(p.fix)}" if p.fix else "")
    name = (p.field or "").lstrip("-")
    key = name if name in DEFAULTS else "general"
    return key, _plain(p.what) + (f". {_upper(_plain(p.fix))}" if p.fix else "")


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(text: str) -> str:
    """Option names as the page labels them: "--fraction" reads "Share of each squadron"."""
    for option, label in sorted(LABELS.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(option, f"“{label}”")
    return text
