"""The page's form: the same choices as `printgen kit`, read from text fields, checked as the CLI checks
them, and every problem placed next to the field it is about, in plain words, in the page's language
(printgen.i18n's, set for each request by printgen.serve.app)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from printgen.errors import Problem
from printgen.i18n import LANG, LANGS, N_, _, ngettext
from printgen.request import EDITIONS as EDITIONS_ASKED
from printgen.request import KitRequest
from printgen.serve.lang import number, percent

# The choices' labels are messages (N_), shown in the page's language (the template's _())
EDITIONS = {"color": N_("Colour"), "bw": N_("Black and white (for the photocopier)"), "both": N_("Both"),
            "large": N_("Large print (for pupils with low vision; black and white)"),
            "bw+large": N_("Black and white, and large print"), "color+large": N_("Colour, and large print"),
            "all": N_("All three: colour, black and white, large print")}
EDITION_NAMES = {"color": N_("colour edition"), "bw": N_("black-and-white edition"),
                 "both": N_("colour and black-and-white"), "large": N_("large-print edition"),
                 "bw+large": N_("black-and-white and large-print"), "color+large": N_("colour and large-print"),
                 "all": N_("colour, black-and-white and large-print")}
PAPERS = {"letter": N_("Letter"), "a4": N_("A4")}
UNITS = {"in": N_("Inches"), "cm": N_("Centimetres")}
BALANCES = {"fair": N_("Fair: each side has a real chance"),
            "historical": N_("Historical: the real winner keeps its edge")}
UPLOAD = "upload"                                   # the scenario choice "my own fleet"
LABELS = {"--students": N_("Students"), "--edition": N_("Edition"), "--paper": N_("Paper"), "--scale": N_("Scale"),
          "--table": N_("Table size"), "--units": N_("Units"), "--fraction": N_("Share of each squadron"),
          "--ships": N_("Number of ships"), "--preset": N_("Preset"), "--seed": N_("Deployment number"),
          "--engagement": N_("Part of the battle"), "--periods": N_("Periods"), "--minutes": N_("Minutes a period"),
          "--balance": N_("Balance"), "--break-off": N_("Break-off"), "--lang": N_("Language of the kit")}
NAMES = {"scenario": N_("Scenario"), "fleet": N_("Your fleet's files"), "students": N_("Students"),
         "edition": N_("Edition"), "paper": N_("Paper"), "units": N_("Units"), "table": N_("Table size"),
         "scale": N_("Scale"), "preset": N_("Preset"), "fraction": N_("Share of each squadron"),
         "ships": N_("Number of ships"), "seed": N_("Deployment number"), "periods": N_("Periods"),
         "minutes": N_("Minutes a period"), "balance": N_("Balance"), "lang": N_("Language of the kit"),
         "general": N_("The kit")}                      # the error summary's links
DEFAULTS = {"scenario": "trafalgar", "students": "24", "edition": "color", "paper": "letter", "units": "in",
            "table": "", "scale": "", "preset": "", "fraction": "", "ships": "", "seed": "1805",
            "periods": "", "minutes": "", "balance": "fair", "lang": "", "dyslexia": ""}
# A kit's language in the page's words: whole phrases, the language's name as each sentence needs it
NOT_YET = {"fr": N_("%(scenario)s is not yet translated into French: %(documents)s would still be in English"),
           "es": N_("%(scenario)s is not yet translated into Spanish: %(documents)s would still be in English")}
READY = {"fr": N_("Ready in French so far: %(documents)s"), "es": N_("Ready in Spanish so far: %(documents)s")}
NOTHING_READY = {"fr": N_("Nothing is ready in French yet"), "es": N_("Nothing is ready in Spanish yet")}
KIT_IN = {"fr": N_("kit in French"), "es": N_("kit in Spanish")}


def first_values() -> dict[str, str]:
    """The form as it first shows: DEFAULTS with the teacher's usual choices (printgen config) filled in;
    a settings file damaged since the server started is left out here (the terminal said so then)."""
    from printgen import settings
    from printgen.errors import PrintgenError

    try:
        usual = {s.key: str(s.value) for s in settings.current().values()}
    except PrintgenError:
        usual = {}
    from printgen.i18n import USUAL_PAPER, USUAL_UNITS

    lang = LANG.get()                                     # the kit in the page's language unless changed,
    return {**DEFAULTS, "paper": USUAL_PAPER[lang], "units": USUAL_UNITS[lang], **usual, "lang": lang}   # on its paper


@dataclass(frozen=True)
class Choice:
    """A built-in scenario as the page lists it."""
    name: str
    title: str
    rules: str
    ships: int
    sides: tuple[tuple[str, int], ...]              # (side's name, its ships): ("British", 27), ...
    presets: tuple[tuple[str, str], ...]            # (name, title)

    def sides_in_words(self) -> str:
        """"British 27 ships, Franco-Spanish 33 ships", in the page's language."""
        return ", ".join(_("%(side)s %(count)s ships") % {"side": _(side), "count": n} for side, n in self.sides)

    def preset_titles(self) -> str:
        return ", ".join(_(title) for _k, title in self.presets)


@cache
def catalogue() -> tuple[Choice, ...]:
    from printgen.data.scenario import load_scenario, scenario_names

    out = []
    for name in scenario_names():
        s = load_scenario(name)
        count = {side: 0 for side in s.ruleset.sides}
        for ship in s.fleet.ships:
            count[ship.side] = count.get(ship.side, 0) + 1
        sides = tuple((s.ruleset.sides[k].name, n) for k, n in count.items() if n)
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
        return KitRequest(scenario, self.students, self.values["edition"], **self.choices,
                          dyslexia=(self.values["dyslexia"] == "on"
                                    and "large" in EDITIONS_ASKED[self.values["edition"]]))


def read_form(raw: dict[str, str]) -> KitForm:
    """Types and choices; the rules' own limits (students per ship, scale range) come from `validate`."""
    values = {k: (raw.get(k) or "").strip()[:100] for k in DEFAULTS}
    values["balance"] = values["balance"] or DEFAULTS["balance"]     # a radio left unset reads as the default
    values["lang"] = values["lang"] or LANG.get()                    # (a form from before there was a choice)
    form = KitForm(values)
    names = {c.name for c in catalogue()}
    if values["scenario"] not in names | {UPLOAD}:
        form.add("scenario", _("choose one of the scenarios, or your own fleet"))
    from printgen.serve.lang import OWN_NAMES

    for key, known in (("edition", EDITIONS), ("paper", PAPERS), ("units", UNITS), ("balance", BALANCES),
                       ("lang", OWN_NAMES)):
        if values[key] not in known:
            shown = list(known.values()) if key == "lang" else [_(k) for k in known.values()]   # a language in itself
            form.add(key, _("choose one of: %(choices)s") % {"choices": ", ".join(shown)})
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
    c["lang"] = values["lang"] if values["lang"] in LANGS else "en"
    if c["seed"] is not None and not 0 <= c["seed"] < 10**9:
        form.add("seed", _("use a whole number from 0 to %(largest)s") % {"largest": number("999999999", plain=True)})
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
    what = (_("“%(preset)s” is a preset of %(scenario)s") % {"preset": _(dict(owner.presets)[preset]),
                                                            "scenario": _(owner.title)} if owner else
            _("there is no preset “%(preset)s”") % {"preset": preset})
    offer = ", ".join(f"“{_(title)}”" for _k, title in chosen.presets)
    form.add("preset", _("%(problem)s: choose None, or a preset of %(scenario)s (%(presets)s)")
             % {"problem": what, "scenario": _(chosen.title), "presets": offer} if offer else
             _("%(problem)s: choose None (%(scenario)s has no presets)")
             % {"problem": what, "scenario": _(chosen.title)})


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
    return errors or {"general": [_("printgen could not build this kit")]}


def _number(form: KitForm, key: str, kind: type, required: bool = False):
    text = form.values[key]
    if not text:
        if required:
            form.add(key, _("fill this in"))
        return None
    try:
        return kind(text.replace(",", ".") if kind is float else text)
    except ValueError:
        form.add(key, _("type a whole number, e.g. %(example)s") % {"example": "24"} if kind is int else
                 _("type a number, e.g. %(example)s") % {"example": number("0.5")})
        return None


def validate(form: KitForm, scenario: str):
    """Everything `printgen kit` would refuse, refused now, in this process (a fraction of a second).
    Returns the kit's plan, or None with the problems added to the form."""
    from printgen.errors import PrintgenError
    from printgen.kit.build import plan_kit

    try:
        ready = form.choices["lang"] == "en" or untranslated(form, scenario)   # refused: said by the choice
        plan = plan_kit(form.request(scenario))             # and the other problems with it, all at once
        return plan if ready else None
    except PrintgenError as e:
        for p in e.problems:
            form.add(*place(p, form.upload))
    except Exception as e:          # a loader's bug must not look like the teacher's mistake, nor stop the server
        form.add("fleet" if form.upload else "scenario",
                 _("printgen could not read this fleet (%(error)s); please report it")
                 % {"error": f"{type(e).__name__}: {e}"})
    return None


def untranslated(form: KitForm, scenario: str) -> bool:
    """True if every document of the scenario's kit is printed in the kit's language; else the refusal,
    by the language field, names what is still English and what is ready, in the page's words."""
    from printgen.data.checked import load_checked
    from printgen.registry.documents import kinds_for, languages_of

    lang = form.choices["lang"]
    ruleset = load_checked(scenario).ruleset
    records = kinds_for(ruleset)
    missing = [_lower(_(r.title)) for r in records if lang not in languages_of(r, ruleset)]
    if not missing:
        return True
    ready = [_lower(_(r.title)) for r in records if lang in languages_of(r, ruleset)]
    text = _(NOT_YET[lang]) % {"scenario": _(load_checked(scenario).title), "documents": ", ".join(missing)}
    text += ". " + (_(READY[lang]) % {"documents": ", ".join(ready)} if ready else _(NOTHING_READY[lang]))
    form.add("lang", text + ". " + _("Choose another language for the kit (English is always ready)."))
    return False


def the_game(plan) -> list[str]:
    """What the lesson's game is and how it played when printgen chose it, for the page before a build
    (the kit's lesson plan and plays page say the same, with their marks)."""
    from printgen.lesson.search import missed

    t, s = plan.fitted, plan.scenario
    if t is None:
        return [_("%(scenario)s as its scenario is written: %(ships)s ships, %(turns)s turns.")
                % {"scenario": _(s.title), "ships": len(s.fleet.ships), "turns": s.lesson.turn_limit}]
    names = {k: _(side.name) for k, side in s.ruleset.sides.items()}
    from printgen.i18n.sides import said_here
    from printgen.lesson.engagement import title

    # each side's ships with its own count ("Holy League 3 ships, Ottomans 5 ships": never "3 Holy League
    # against 5 Ottomans ships"), and the turns counted the same way
    sides = ", ".join((_("%(side)s %(count)s ship") if n == 1 else _("%(side)s %(count)s ships"))
                      % {"side": names[k], "count": n} for k, n in t.choice.counts)
    turns = s.lesson.turn_limit
    out = [_("The game: %(engagement)s.") % {"engagement": _(title(s, t.choice.engagement))},
           _("In play: %(sides)s.") % {"sides": sides},
           (_("%(count)s turn of %(minutes)s minutes.") if turns == 1 else
            _("%(count)s turns of %(minutes)s minutes each."))
           % {"count": turns, "minutes": s.lesson.minutes_per_turn}]
    breaks = s.victory.breaks_at
    if breaks:
        out.append(_("A side breaks off and loses once %(share)s of its ships have struck.")
                   % {"share": percent(f"{round(100 * breaks)}%")})
    out.append(_("The computer played it %(games)s times, from %(deployments)s different starting positions: "
                 "%(results)s, draws %(draws)s.")
               % {"games": number(str(t.games), plain=True), "deployments": len(t.spread),
                  "results": ", ".join(_("%(side)s won %(share)s")
                                       % {"side": names[k], "share": percent(f"{100 * w:.0f}%")}
                                       for k, w in zip(t.sides, t.wins)),
                  "draws": percent(f"{100 * t.draws:.0f}%")})
    if t.unmet:
        out.append(_("No game printgen tried meets every aim; this one misses: %(aims)s.")
                   % {"aims": "; ".join(missed(t, {k: said_here(side.name, "of")
                                                   for k, side in s.ruleset.sides.items()}))})
    return out


def summary(facts: tuple[int, int], v: dict) -> str:
    """"24 students, 27 ships, colour edition, Letter paper, distances in inches, deployment number 1805"."""
    students, ships = facts
    return ", ".join([
        ngettext("%(count)s student", "%(count)s students", students) % {"count": students},
        ngettext("%(count)s ship", "%(count)s ships", ships) % {"count": ships},
        _(EDITION_NAMES[v["edition"]]), _("%(paper)s paper") % {"paper": _(PAPERS[v["paper"]])},
        _("distances in %(units)s") % {"units": _(UNITS[v["units"]]).lower()},
        _("deployment number %(seed)s") % {"seed": v["seed"]}]
        + ([_(KIT_IN[v["lang"]])] if v.get("lang", "en") in KIT_IN else []))


def progress_words(progress: dict) -> dict:
    """The kit's progress line ("cards (bw)") in the page's words: the document's title and its edition."""
    from printgen.kit.progress import in_words

    what = progress["what"]
    return progress | {"what": _(what) if what in ("drawing the pages", "checking every printed number") else
                       in_words(what)}


def place(p: Problem, upload: bool) -> tuple[str, str]:
    """(form field, message): an option's problem goes by its option, a data file's by the fleet."""
    if p.file is not None:
        name = Path(str(p.file)).name
        where = name
        if p.line is not None:
            where = _("%(file)s, line %(line)s") % {"file": where, "line": p.line}
        if p.field:
            where = (_("%(where)s, column '%(column)s'") if name.lower().endswith(".csv") else
                     _("%(where)s, setting '%(setting)s'")) % {"where": where, "column": p.field, "setting": p.field}
        return ("fleet" if upload else "scenario"), f"{where}: {_plain(p.what)}" + (
            ". " + _("Fix: %(fix)s") % {"fix": _plain(p.fix)} if p.fix else "")
    name = (p.field or "").lstrip("-")
    key = name if name in DEFAULTS else "general"
    return key, _plain(p.what) + (f". {_upper(_plain(p.fix))}" if p.fix else "")


def _lower(text: str) -> str:
    """A title inside a sentence ("Aide-mémoire" -> "aide-mémoire")."""
    return text[:1].lower() + text[1:]


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(text: str) -> str:
    """Option names as the page labels them ("--fraction" reads "Share of each squadron"), and the
    built-in fleets' folders as what the page offers: a starting fleet to download."""
    import re

    for option, label in sorted(LABELS.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(option, f"“{_(label)}”")
    return re.sub(r"fleets/([\w-]+)/(?:([\w.-]+\.(?:toml|csv)))?",
                  lambda m: (_("%(file)s of the %(fleet)s starting fleet (download it from the first page)")
                             if m[2] else _("the %(fleet)s starting fleet (download it from the first page)"))
                  % {"file": m[2], "fleet": m[1]},
                  text)
