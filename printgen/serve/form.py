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
BALANCES = {"fair": "Fair: each side has a real chance", "historical": "Historical: the real winner keeps its edge"}
UPLOAD = "upload"                                   # the scenario choice "my own fleet"
LABELS = {"--students": "Students", "--edition": "Edition", "--paper": "Paper", "--scale": "Scale",
          "--table": "Table size", "--units": "Units", "--fraction": "Share of each squadron",
          "--ships": "Number of ships", "--preset": "Preset", "--seed": "Deployment number",
          "--engagement": "Part of the battle", "--periods": "Periods", "--minutes": "Minutes a period",
          "--balance": "Balance", "--break-off": "Break-off"}
NAMES = {"scenario": "Scenario", "fleet": "Your fleet's files", "students": "Students", "edition": "Edition",
         "paper": "Paper", "units": "Units", "table": "Table size", "scale": "Scale", "preset": "Preset",
         "fraction": "Share of each squadron", "ships": "Number of ships", "seed": "Deployment number",
         "periods": "Periods", "minutes": "Minutes a period", "balance": "Balance", "general": "The kit"}                      # the error summary's links
DEFAULTS = {"scenario": "trafalgar", "students": "24", "edition": "color", "paper": "letter", "units": "in",
            "table": "", "scale": "", "preset": "", "fraction": "", "ships": "", "seed": "1805",
            "periods": "", "minutes": "", "balance": "fair"}


def first_values() -> dict[str, str]:
    """The form as it first shows: DEFAULTS with the teacher's usual choices (printgen config) filled in;
    a settings file damaged since the server started is left out here (the terminal said so then)."""
    from printgen import settings
    from printgen.errors import PrintgenError

    try:
        usual = {s.key: str(s.value) for s in settings.current().values()}
    except PrintgenError:
        usual = {}
    return {**DEFAULTS, **usual}


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
    values["balance"] = values["balance"] or DEFAULTS["balance"]     # a radio left unset reads as the default
    form = KitForm(values)
    names = {c.name for c in catalogue()}
    if values["scenario"] not in names | {UPLOAD}:
        form.add("scenario", "choose one of the scenarios, or your own fleet")
    for key, known in (("edition", EDITIONS), ("paper", PAPERS), ("units", UNITS), ("balance", BALANCES)):
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
    c["periods"] = _number(form, "periods", int)              # empty: the scenario's lesson
    c["minutes"] = _number(form, "minutes", int)
    c["balance"] = values["balance"] if values["balance"] in BALANCES else "fair"
    if c["seed"] is not None and not 0 <= c["seed"] < 10**9:
        form.add("seed", "use a whole number from 0 to 999999999")
    _preset_of_the_scenario(form)
    return form


def _preset_of_the_scenario(form: KitForm) -> None:
    """A preset is a scenario's own: one of another scenario is named by both titles."""
    preset, scenario = form.values["preset"], form.values["scenario"]
    by_name = {c.name: c for c in catalogue()}
    if not preset or scenario not in by_name or preset in dict(by_name[scenario].presets):
        return
    chosen = by_name[scenario]
    owner = next((c for c in catalogue() if preset in dict(c.presets)), None)
    what = f"“{dict(owner.presets)[preset]}” is a preset of {owner.title}" if owner else f"there is no preset “{preset}”"
    offer = ", ".join(f"“{title}”" for _, title in chosen.presets)
    form.add("preset", f"{what}: choose None, or a preset of {chosen.title} ({offer})" if offer else
             f"{what}: choose None ({chosen.title} has no presets)")


def from_kit(lines: list[str], upload: bool) -> dict[str, list[str]]:
    """The problems `printgen kit` printed when it refused a build after it had started (its stderr,
    without progress lines), each placed by its field as the form places its own."""
    import re

    errors: dict[str, list[str]] = {}
    for line in lines:
        if line.startswith("    ") and errors:                     # a problem's "fix:" line
            key = list(errors)[-1]
            errors[key][-1] += ". " + _upper(_plain(line.strip().removeprefix("fix:").strip()))
        elif m := re.match(r"^  field '--([a-z-]+)': (.*)$", line):
            key = m[1].replace("-", "_") if m[1].replace("-", "_") in DEFAULTS else "general"
            errors.setdefault(key, []).append(_upper(_plain(m[2])))
        elif line.startswith("  "):
            errors.setdefault("fleet" if upload else "general", []).append(_plain(line.strip()))
    return errors or {"general": ["printgen could not build this kit"]}


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


def the_game(plan) -> list[str]:
    """What the lesson's game is and how it played when printgen chose it, for the page before a build
    (the kit's lesson plan and plays page say the same, with their marks)."""
    from printgen.lesson.search import missed

    t, s = plan.fitted, plan.scenario
    if t is None:
        return [f"{s.title} as its scenario is written: {len(s.fleet.ships)} ships, {s.lesson.turn_limit} turns."]
    names = {k: side.name for k, side in s.ruleset.sides.items()}
    from printgen.lesson.engagement import title

    out = [f"{title(s, t.choice.engagement)}: " + " against ".join(f"{n} {names[k]}" for k, n in t.choice.counts)
           + f" ships, {s.lesson.turn_limit} turns of {s.lesson.minutes_per_turn} minutes."]
    breaks = s.victory.breaks_at
    if breaks:
        out.append(f"A side breaks off and loses once {round(100 * breaks)}% of its ships have struck.")
    out.append(f"Played {t.games} times by the computer on {len(t.spread)} deployments: "
               + ", ".join(f"{names[k]} won {100 * w:.0f}%" for k, w in zip(t.sides, t.wins))
               + f", draws {100 * t.draws:.0f}%.")
    if t.unmet:
        out.append("No game printgen tried meets every aim; this one misses: " + "; ".join(missed(t, names)) + ".")
    return out


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
    """Option names as the page labels them ("--fraction" reads "Share of each squadron"), and the
    built-in fleets' folders as what the page offers: a starting fleet to download."""
    import re

    for option, label in sorted(LABELS.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(option, f"“{label}”")
    return re.sub(r"fleets/([\w-]+)/(?:([\w.-]+\.(?:toml|csv)))?",
                  lambda m: (f"{m[2]} of " if m[2] else "") + f"the {m[1]} starting fleet (download it from the first page)",
                  text)
