"""The words of the sheets live in jinja2 templates; the numbers come from the ruleset. A ruleset's
template KIND.md.j2 is the first found of templates/<its folder>/ (the ruleset's `templates`, else its
id: only the blocks it changes, `{% extends %}` its family's), templates/<its family>/ (the family's page
design, which asks the ruleset which rule sections it has) and templates/shared/ (where the families
agree): template_name(). A ruleset with no folder of its own prints with its family's templates.
A template calls rule("shooting.dice.british"), dist("drift.distance_in"), chance("in_irons",
"british") ...; each call leaves a marker in the text that becomes a traced
span, so every printed number still knows its source."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from printgen import paths
from printgen.draw.shapes import Span
from printgen.i18n import words
from printgen.rules.printed import shown
from printgen.rules.trace import Source, Traced, derived, label, lookup, rule
from printgen.sheets.text import compiled
from printgen.units import Measure

ARROWS = dict(zip(("N", "NE", "E", "SE", "S", "SW", "W", "NW"), "\u2191\u2197\u2192\u2198\u2193\u2199\u2190\u2196"))

OPEN, CLOSE = "\ue000", "\ue001"
_MARK = re.compile(f"{OPEN}(\\d+){CLOSE}")
_BOLD = re.compile(r"(\*\*)")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")       # a bare key ("british", "flagship"): never markup


PHASE_WORDS = 24        # characters: a longer phase name is traced word by word (a list's line may break in it)
# characters: a fleet text longer than this (the built-in ones reach 111) is traced word by word, so it may wrap
LONG_TEXT = 120


SHARED = "shared"          # the templates every family prints with, where it has none of its own
EXTENDS = re.compile(r"""\{%-?\s*extends\s+["']([^"']+)["']""")
CHAIN = 8                  # templates a template may extend, one through another (bounds the walk)


def template_folders(rs) -> tuple[str, ...]:
    """Where a ruleset's templates are looked for, in order: its own folder (its `templates`; else, for
    one of printgen's rulesets or a family that keeps its own templates, its id), its family's, the shared
    one. A teacher's ruleset names its pages or has its family's, whatever its id: a copy of Trafalgar's
    rules given the Nile's id prints Trafalgar's pages (issue 48), not the Nile's."""
    from printgen.registry import system_of

    system = system_of(rs)
    by_id = _built_in(rs) or Path(system.templates_dir(rs)).resolve() != paths.templates_dir().resolve()
    own = getattr(rs.ruleset, "templates", None) or (rs.ruleset.id if by_id else None)
    return tuple(dict.fromkeys(f for f in (own, system.name, SHARED) if f))


def template_root(rs) -> Path:
    from printgen.registry import system_of

    return Path(system_of(rs).templates_dir(rs))


def template_name(rs, file: str) -> str | None:
    """The template the ruleset prints `file` ("quickref.md.j2") with, as the loader names it
    ("broadside/quickref.md.j2"); None: the ruleset has no such document."""
    root = template_root(rs)
    for folder in template_folders(rs):
        if (root / folder / file).is_file():
            return f"{folder}/{file}"
    return None


def template_files(rs, file: str) -> list[Path]:
    """The files the ruleset's `file` is made of: its template and every one it extends, in turn."""
    root, name = template_root(rs), template_name(rs, file)
    out: list[Path] = []
    while name and len(out) < CHAIN:
        path = root / name
        out.append(path)
        found = EXTENDS.search(path.read_text(encoding="utf-8"))
        name = found.group(1) if found else None
    return out


def _built_in(rs) -> bool:
    """Whether the ruleset is one of printgen's own (rulesets/), read from its own file."""
    return bool(rs.path) and Path(rs.path).resolve().parent == paths.rulesets_dir().resolve()


def cannot_print(rs, name: str, error: Exception):
    """The error of a teacher's ruleset whose pages ask for what it does not have (a section a copy
    dropped): it names the ruleset, the page and what the page asked for."""
    from printgen.errors import PrintgenError, Problem

    what = str(error).splitlines()[0][:200] if str(error) else type(error).__name__
    return PrintgenError(Problem(f"the ruleset '{rs.ruleset.id}' cannot print templates/{name}: the page asks for "
                                 f"what the ruleset does not give ({what})", file=rs.path or None,
                                 fix="put back the section the page needs, or leave out `templates` to print with "
                                     "the rule family's own pages"))


def missing_template(rs, file: str):
    """The error of a ruleset that has no `file` to print with: it names the ruleset and the template."""
    from printgen.errors import PrintgenError, Problem

    folders = ", ".join(f"templates/{f}/" for f in template_folders(rs))
    return PrintgenError(Problem(f"the ruleset '{rs.ruleset.id}' has no template {file} to print with "
                                 f"(looked in {folders})", file=rs.path or None, field="ruleset.templates",
                                 fix="give the ruleset the family's system (broadside or sectors), or name a "
                                     "built-in ruleset's templates, e.g. templates = \"lake-erie-fastplay\""))


class Marked(str):
    """Template output that is already markers (a traced number, a ship's name): printed as it is.
    Joined with the wording's own literal text (" (", ")") it stays Marked."""

    def __add__(self, other: str) -> Marked:
        return Marked(str.__add__(self, other))

    def __radd__(self, other: str) -> Marked:
        return Marked(str.__add__(other, self))


def _data(ctx, value):
    """jinja2's finalize: every `{{ value }}` of a sheet template that is not already a marker
    becomes an opaque data marker, so a name or a cell holding "## x" or "|" prints literally.
    Whole numbers and bare keys pass as text (a step number, a directive's argument)."""
    wording = ctx.get("_wording")
    if wording is None or isinstance(value, (Marked, int)) or value is None:
        return value
    text = str(value)
    if not text or _WORD.fullmatch(text):
        return text
    wording.spans.append(Span(text))
    return f"{OPEN}{len(wording.spans) - 1}{CLOSE}"


@cache
def environment(root: str | None = None):
    """Templates under `root` (default: printgen's templates/; a rule family may keep its own).

    Sheet templates (*.md.j2) print markup, HTML templates (*.html.j2) a web page: HTML is
    autoescaped; in the markup every interpolated value that is not already a traced marker
    becomes an opaque data marker, so data never reads as markup (a cell holding "## x")."""
    import jinja2

    # optimized=False: no constant folding when compiling. A template is compiled once a process and
    # rendered once or twice, so folding costs more (about a sixth of the compile) than it saves.
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(root or str(paths.templates_dir())),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             keep_trailing_newline=True, finalize=jinja2.pass_context(_data), optimized=False,
                             autoescape=jinja2.select_autoescape(["html.j2", "html"], default=False),
                             extensions=["jinja2.ext.i18n"], bytecode_cache=compiled.kept(Path(__file__)))
    # The words of a template in the reader's language: {% trans %}...{% endtrans %} and _("...", x=...)
    # (new-style gettext: the template's values go in by name, so a translation may reorder them).
    env.globals.update(gettext=jinja2.pass_context(_gettext), _=jinja2.pass_context(_gettext),
                       ngettext=jinja2.pass_context(_ngettext), tr=_tr, N_=lambda message: message,
                       english=_english, the_side=_the_side, agreeing=_agreeing,
                       shooters_of=_shooters_of)
    env.filters["marked"] = Marked          # a {% set %} block of markers and words, put in a message as it is
    env.newstyle_gettext = True  # type: ignore[attr-defined]
    return env


def _gettext(ctx, message: str, **values) -> str:
    """A template's message in the language of the document being drawn (printgen.i18n.LANG), its
    named values put in: each one a traced marker already, or made an opaque data marker here like
    any `{{ value }}` (_data). The result is the template's own wording (Marked), markup allowed."""
    from printgen.i18n import _

    return Marked(_(message) % {k: _data(ctx, v) for k, v in values.items()})


def _english() -> bool:
    """Whether the document is drawn in English (a template that words a thing otherwise in another language)."""
    from printgen.i18n import LANG, SOURCE

    return LANG.get() == SOURCE


def _tr(text: str) -> str:
    """The data's own words (a side's or a squadron's name, a message of the catalogue by the data's
    extractors: printgen.i18n.extract) in the reader's language; printed like any `{{ value }}`, an
    opaque data marker (English: the value itself, as before)."""
    from printgen.i18n import _

    return str(_(text))


def _shooters_of(side) -> str:
    """Side `side`'s missile troops in the page's language (printgen.i18n.sides.side_shooters)."""
    from printgen.i18n import LANG
    from printgen.i18n.sides import side_shooters

    return side_shooters(side.name, side.shooters, LANG.get())


def _agreeing(text: str, ship) -> str:
    """A sentence about `ship` whose words agree with its name's gender in the reader's language: a
    feminine ship is "enchaînée", "encadenada" (the glossary's [feminine] words, whole words, only in
    the sentence's own words: a traced value is a marker and never changes). English: as it is."""
    from printgen.i18n import LANG
    from printgen.i18n.numbers import feminine

    lang = LANG.get()
    if lang not in ("fr", "es") or ship.gender_in(lang) != "f":
        return text
    said = feminine(str(text), lang)
    return Marked(said) if isinstance(text, Marked) else said


def _the_side(name: str, form: str = "the", initial: bool = False) -> str:
    """A side's name (the ruleset's English one) as a French or Spanish sentence says it, with its
    article: "the" ("los ingleses", "la Sainte Ligue"), "of" ("des Anglais"), "to" ("aux Anglais")
    (printgen.i18n.sides; English: the name, the message carries its article)."""
    from printgen.i18n.sides import said_here

    return said_here(str(name), form, initial)


def _ngettext(ctx, singular: str, plural_: str, n: Any, **values) -> str:
    """A counted message in the reader's language by its plural rule (French: singular for 0 and 1);
    `n` a number or a traced marker (its value counts). {% trans count=x %}...{% pluralize %}... too."""
    from printgen.i18n import ngettext

    wording = ctx.get("_wording")
    count = wording.number_of(n) if wording is not None else n
    given = {"num": _data(ctx, n), **{k: _data(ctx, v) for k, v in values.items()}}
    return Marked(ngettext(singular, plural_, count) % given)


class Wording:
    """Renders a template with functions that print traced numbers."""

    def __init__(self, ruleset, measure: Measure):
        self.rs, self.measure = ruleset, measure
        self.spans: list[Span] = []
        self.values: dict[int, Any] = {}       # a traced span's number -> its value (a count's plural form)
        self.objects: list[Any] = []           # things a [directive N] refers to (ships, captains)
        self.deployment = None                 # given to templates that print starting positions
        self.scenario = None                   # given to every template: its provenance table
        self.plan = None                       # given to the lesson's templates: class size, deployment
        self._placed: tuple[Any, dict[str, Any]] | None = None     # (deployment, ship key -> placement)
        self.no_glossary = False               # rendering the words the glossary looks in (sheets.text.glossary)

    def put(self, t: Traced) -> str:
        self.spans.append(Span(shown(t.value, t.kind, t.source.fn, self.measure), source=t.source.to_json(),
                               kind=t.kind))
        self.values[len(self.spans) - 1] = t.value
        return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}")

    def number_of(self, value: Any) -> float:
        """The number a count stands for: itself, or a traced marker's value (a count printed as a word too)."""
        found = _MARK.fullmatch(str(value)) if isinstance(value, str) else None
        if found is None:
            return float(value)
        got = self.values.get(int(found.group(1)))
        try:
            return float(got)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return 2.0            # not a number: counted as many

    # -- functions a template calls --------------------------------------------------------------
    def rule(self, key: str, kind: str = "count", marked: bool = True) -> str:
        """`marked=False`: no automatic mark, for a table cell whose column head or title carries
        the mark once (mark(key) there)."""
        return self.put(rule(self.rs, key, kind)) + (self.mark(key, auto=True) if marked else "")

    def label(self, key: str) -> str:
        """The word naming rule `key` (a row or column label, a side, a colour, a direction), traced."""
        return self.put(label(self.rs, key))

    def said(self, key: str) -> str:
        """The label of rule `key` inside a sentence, in small letters ("at short range"), traced."""
        t = label(self.rs, key)
        return self.put(Traced(t.value, t.source, "lower"))

    def side(self, key: str, form: str = "the") -> str:
        """Side `key`'s name in a sentence ("sides.english.name"), traced, with the article and
        contraction French and Spanish give it before ("los " ingleses, "de la " Santa Liga, "des "
        Anglais: printgen.i18n.sides); English: the label (the message carries its article)."""
        from printgen.i18n import translated
        from printgen.i18n.sides import side_said

        lang = self.measure.lang
        if lang not in ("fr", "es"):
            return self.label(key)
        name = str(lookup(self.rs, key))
        if form.startswith("adjective"):        # "camp anglais", "cogue anglaise": the glossary's word, as
            return side_said(name, lang, form)  # data (a message's value becomes an opaque data marker)
        said, printed = side_said(name, lang, form), translated(lang, self.rs.label(key))
        rest = said[len(said) - len(printed):]
        kind = "label" if rest == printed else "lower" if rest == printed.lower() else ""
        if not kind:
            raise ValueError(f"locale/{lang}/glossary.toml: the side {name!r} is {said!r}, which does not end "
                             f"with its name in the catalogue, {printed!r}")
        t = label(self.rs, key)
        return Marked(said[:len(said) - len(printed)]) + self.put(Traced(t.value, t.source, kind))

    def phase(self, index: int) -> str:
        """The name of the turn's phase `index` (from 0), traced to the ruleset's sequence (word by
        word when long: a line may break inside it)."""
        from printgen.rules.printed import rule_words

        key = f"sequence.phases.{index}"
        name = rule_words(str(lookup(self.rs, key)), self.measure.lang)
        if len(name) <= PHASE_WORDS:
            return self.put(rule(self.rs, key, "text"))
        # word by word in the reader's language (already translated: traced as the words it prints)
        return Marked(" ".join(self.put(Traced(w, Source("rule", (key, i)), "text"))
                               for i, w in enumerate(words(name))))

    def word(self, key: str, marked: bool = True) -> str:
        """A small count as a word ("one turn"), still traced."""
        return self.rule(key, "word", marked)

    def dist(self, key: str, marked: bool = True) -> str:
        return self.rule(key, "distance", marked)

    def size(self, key: str, marked: bool = True) -> str:
        """The size of something drawn exactly to scale (a base), as drawn."""
        return self.rule(key, "size", marked)

    def faces(self, key: str, marked: bool = True) -> str:
        return self.rule(key, "faces", marked)

    def deg(self, key: str, marked: bool = True) -> str:
        return self.rule(key, "degrees", marked)

    def mark(self, key: str, auto: bool = False, bare: bool = False) -> str:
        """' (classroom addition)' after an item whose key is not the source's, traced to the data's
        provenance (printgen.rules.provenance); nothing for the source's own. `bare`: the words
        alone, for a template that words the brackets itself. On a pupil's page: the symbol alone,
        right after the item ("close-hauled‡"), explained in the page's footer."""
        from printgen.rules.provenance import for_pupils, mark_source, mark_words, provenance_of

        entry = provenance_of(self.rs, self.scenario).of(key)
        if entry.kind == "source":
            if auto:
                return Marked("")
            raise ValueError(f"mark('{key}'): the data gives it no provenance (add it to a [provenance] table)")
        if for_pupils():
            self.spans.append(Span(entry.symbol, source=mark_source(key, True), kind="text"))
            return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}")
        self.spans.append(Span(mark_words(entry.kind), source=mark_source(key), kind="text"))
        return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}" if bare else f" ({OPEN}{len(self.spans) - 1}{CLOSE})")

    def glossary(self) -> list[tuple[str, str]]:
        """The pupils' glossary of the scenario's words (printgen.sheets.text.glossary): (term, meaning)."""
        if self.no_glossary or self.scenario is None:
            return []
        return glossary_of(self.scenario, self.measure)

    def sign(self, key: str, words: bool = False) -> str:
        """The mark of `key` as pupils' pages print it (its symbol) or, with `words`, as teachers' do,
        traced like the mark itself: for the teacher's list of the marks."""
        from printgen.rules.provenance import mark_source, mark_words, provenance_of

        entry = provenance_of(self.rs, self.scenario).of(key)
        self.spans.append(Span(mark_words(entry.kind) if words else entry.symbol, source=mark_source(key, not words),
                               kind="text"))
        return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}")

    def prov(self, key: str, what: str) -> str:
        """A provenance entry's `original` (the source's words, for a reading), its `translation` (the
        original in the reader's words) or `why`, traced to it."""
        from printgen.i18n import _
        from printgen.rules.provenance import provenance_of

        text = getattr(provenance_of(self.rs, self.scenario).of(key), "original" if what == "translation" else what)
        if what in ("why", "translation"):          # the reason in the reader's words; the source's own stay,
            text = _(text)                          # its translation beside them
        if len(text) <= LONG_TEXT:
            self.spans.append(Span(text, source=("provenance", key, what), kind="text"))
            return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}")
        marks = []                                  # a long reason, word by word, so that it wraps
        for i, w in enumerate(words(text)):
            self.spans.append(Span(w, source=("provenance", key, what, i), kind="text"))
            marks.append(f"{OPEN}{len(self.spans) - 1}{CLOSE}")
        return Marked(" ".join(marks))

    def pnum(self, fn: str, *args, kind: str = "count") -> str:
        """A number derived from the kit's plan (the lesson, the class, the deployment), traced."""
        from printgen.rules.trace import plan_derived

        return self.put(plan_derived(self.plan, fn, *args, kind=kind))

    def counted(self, number: str, noun: str) -> str:
        """A traced count and its noun by the reader's plural rule: "1 point", "one period", "2 points";
        French "0 point", "1,5 touche" (the number as a template printed it: pnum(), rule(), word(), num())."""
        return Marked(f"{number} {NOUNS[noun](self.number_of(number))}")

    def story(self, key: str) -> str:
        """The scenario's text at `key` ("story.before.0.text", a source), traced word by word so it
        wraps and its digits (a date, a count) are the file's (printgen.data.story)."""
        from printgen.data.story import story_words
        from printgen.rules.trace import plan_derived

        told = story_words(self.plan, key)
        return Marked(" ".join(self.put(plan_derived(self.plan, "story_word", key, i, kind="text"))
                               for i in range(len(told))))

    def num(self, fn: str, *args, kind: str = "count") -> str:
        return self.put(derived(self.rs, fn, *args, kind=kind))

    def chance(self, fn: str, *args) -> str:
        """A probability as '1/3 (33.3%)': fraction and percentage, both traced."""
        from printgen.rules.provenance import for_pupils
        from printgen.rules.tables import MAX_DENOMINATOR, one_die

        t = derived(self.rs, fn, *args)
        if t.value.denominator > MAX_DENOMINATOR or (for_pupils() and not one_die(t.value)):
            return self.put(Traced(t.value, t.source, "percent"))
        return self.put(Traced(t.value, t.source, "fraction")) + " (" + self.put(Traced(t.value, t.source, "percent")) + ")"

    def example(self, value: int, kind: str = "count") -> str:
        """A number the wording picks for an example (not a rule), traced as such (kind "year": a year)."""
        return self.put(Traced(value, Source("example", (value,)), self._year(kind)))

    def _year(self, kind: str) -> str:
        """English writes a year as it writes a count: traced as one, its kits as they always were."""
        return "count" if kind == "year" and self.measure.lang == "en" else kind

    def ship(self, ship) -> str:
        """A ship's name, traced to its row of the fleet."""
        return self.put(Traced(ship.name_in(self.measure.lang), Source("fleet", (ship.key, "name")), "text"))

    def field(self, ship, column: str, kind: str = "count") -> str:
        """Another column of the fleet (guns, crew, a fate), traced to it. A long text is traced word
        by word (source (key, column, i)), so a narrow column can wrap it; a fate in the reader's words."""
        from printgen.rules.printed import ship_words

        value = ship_words(ship, column, self.measure.lang)
        split = words(str(value)) if kind in ("text", "initial") else []
        said = value != getattr(ship, column)            # translated (longer than the English): always wraps
        if len(" ".join(split)) <= LONG_TEXT and not said:
            return self.put(Traced(value, Source("fleet", (ship.key, column)), kind))
        # kind "initial" (the text begins a cell: "Le roi Édouard III"): its first word with the capital
        return Marked(" ".join(self.put(Traced(w, Source("fleet", (ship.key, column, i)),
                                               "text" if kind == "initial" and i else kind))
                               for i, w in enumerate(split)))

    def meta(self, value: int, what: str = "number", kind: str = "count") -> str:
        """A counting number of the sheet itself (captain 7, phase 2; kind "year": a number that names,
        a deployment's, printed without grouping in every language)."""
        return self.put(Traced(value, Source("meta", (what,)), self._year(kind)))

    def pos(self, ship, what: str) -> str:
        """Where a ship starts (x, y from the west and south edges; heading; off_wind, the bow's
        angle to the wind), from the deployment the template was given, traced to it like the
        map's placement table."""
        dep = self.deployment
        assert dep is not None                                      # a template asks pos() only with a deployment
        if self._placed is None or self._placed[0] is not dep:     # each ship's placement, found once
            index: dict[str, Any] = {}
            for placement in dep.placements:
                index.setdefault(placement.ship.key, placement)
            self._placed = (dep, index)
        p = self._placed[1].get(ship.key) or next(p for p in dep.placements if p.ship.key == ship.key)
        from printgen.registry.documents import AUDIENCE

        after = ""
        if AUDIENCE.get() == "pupil" and what in ("x", "y", "heading"):    # what a pupil measures, no degrees
            from printgen.game.deploy_data import measured_text, point_text, position
            from printgen.game.geometry import eight_point

            if what == "heading":
                text, what, kind = point_text(p.heading_deg), "point", "compass"
                after = "\u00a0" + ARROWS[eight_point(p.heading_deg)]     # the arrow stays with its word
            else:          # from the position the placement table prints (deployment.json's), as the check does
                value = position(dep, p.x_in if what == "x" else p.y_in, self.measure)
                text, what, kind = self.measure.written(measured_text(value, self.measure.units)), f"{what}_measured", \
                    "distance"
            self.spans.append(Span(text, source=("deploy", ship.key, what), kind=kind))
            return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}{after}")
        if what == "heading":
            text = f"{p.heading_deg}°"
        elif what == "off_wind":
            text = f"{dep.off_wind(p)}°"
        else:
            from printgen.game.deploy_data import printed_text

            text = printed_text(dep, p.x_in if what == "x" else p.y_in, self.measure)    # as the placement table
        self.spans.append(Span(text, source=("deploy", ship.key, what), kind="degrees" if what in ("heading", "off_wind")
                               else "distance"))
        return Marked(f"{OPEN}{len(self.spans) - 1}{CLOSE}")

    def ref(self, obj) -> int:
        """An index a template puts in a directive ([track 3]) to hand the sheet an object."""
        self.objects.append(obj)
        return len(self.objects) - 1

    def value(self, key: str) -> Any:
        """The raw value, for template logic (loops, conditions); printing it would be untraced."""
        return lookup(self.rs, key)

    def render(self, name: str, **context) -> str:
        from jinja2 import UndefinedError

        from printgen.registry import system_of

        file = name.rpartition("/")[2]             # "quickref.md.j2" (a caller may still give "<id>/quickref.md.j2")
        found = template_name(self.rs, file)
        if found is None:
            raise missing_template(self.rs, file)
        template = environment(str(system_of(self.rs).templates_dir(self.rs))).get_template(found)
        self.deployment = context.get("deployment")
        self.scenario = context.get("scenario")
        self.plan = context.get("plan")
        try:
            return template.render(rule=self.rule, mark=self.mark, sign=self.sign, counted=self.counted, label=self.label, said=self.said, side_said=self.side, phase=self.phase, prov=self.prov, pnum=self.pnum, story=self.story, word=self.word, dist=self.dist, size=self.size, faces=self.faces, deg=self.deg,
                               num=self.num, chance=self.chance, example=self.example, value=self.value,
                               ship=self.ship, field=self.field, meta=self.meta, ref=self.ref, pos=self.pos,
                               glossary=self.glossary,
                               rs=self.rs, _wording=self, **context)
        except (LookupError, ValueError, TypeError, AttributeError, UndefinedError) as e:
            if _built_in(self.rs):
                raise                               # printgen's own pages and rules disagree: a fault of printgen's
            raise cannot_print(self.rs, found, e) from None


def _nouns() -> dict[str, Any]:
    from printgen.i18n import ngettext

    return {"point": lambda n: ngettext("point", "points", n), "captain": lambda n: ngettext("captain", "captains", n),
            "crew": lambda n: ngettext("crew", "crews", n),
            "ship": lambda n: ngettext("ship", "ships", n), "student": lambda n: ngettext("student", "students", n),
            "sheet": lambda n: ngettext("sheet", "sheets", n), "page": lambda n: ngettext("page", "pages", n),
            "period": lambda n: ngettext("period", "periods", n), "minute": lambda n: ngettext("minute", "minutes", n),
            "tuft": lambda n: ngettext("tuft", "tufts", n), "hit": lambda n: ngettext("hit", "hits", n),
            "face": lambda n: ngettext("face", "faces", n),
            "table group": lambda n: ngettext("table group", "table groups", n)}


# The nouns the templates count (counted()), each a counted message of the catalogue
NOUNS = _nouns()


def to_spans(text: str, wording: Wording, font: str = "") -> list[Span]:
    """Split rendered text into spans: traced numbers, **bold** words, plain words."""
    out: list[Span] = []
    bold = False
    for part in _BOLD.split(text):
        if part == "**":
            bold = not bold
            continue
        f = "bold" if bold else font
        pos = 0
        for m in _MARK.finditer(part):
            if m.start() > pos:
                out.append(Span(part[pos:m.start()], font=f))
            s = wording.spans[int(m.group(1))]
            out.append(Span(s.text, font=f, source=s.source, kind=s.kind))
            pos = m.end()
        if pos < len(part):
            out.append(Span(part[pos:], font=f))
    from printgen.i18n import LANG

    if LANG.get() == "en":
        return out
    from printgen.i18n.elision import contracted

    return list(contracted(out))               # "vers l'est", "al Niagara": the words before a value


# The pupils' glossary (sheets.text.glossary: its words' data) of the words this battle's pupil pages print: the
# pages are rendered here, without the glossary, to find them (so the data module never imports this one).
def pupils_words(scenario, measure) -> str:
    """The English words of the battle's quick reference and rule cards (their templates rendered with
    its rules, no glossary), of what a captain does in each phase (the first-turn page's steps), of the
    pupils' pages its own template folder words (as written), and of its scenario (its quoted words:
    squadrons, story) and fleet files."""
    from printgen.i18n import using
    from printgen.sheets.text.glossary import PUPILS_OWN

    rs = scenario.ruleset
    lines = (line.split(" #", 1)[0] for line in scenario.text.splitlines() if not line.lstrip().startswith("#"))
    # the file's words (a quoted value with a space: "North (weather) squadron"), not its keys, its comments nor
    # its settings (line_form = "squadrons")
    parts = [v for v in re.findall(r'"([^"\n]*)"', "\n".join(lines)) if " " in v.strip()]
    fleet = getattr(scenario.fleet, "path", None)
    if fleet is not None and fleet.is_file():
        parts.append(fleet.read_text(encoding="utf-8").partition("\n")[2])      # its rows, not its header
    own = template_root(rs) / template_folders(rs)[0]            # the battle's own pages (its captain cards'
    for file in PUPILS_OWN:                                       # words), as written: they need the class to render
        path = own / file
        if len(template_folders(rs)) > 2 and path.is_file():
            parts.append(re.sub(r"\{[%#].*?[%#]\}", " ", path.read_text(encoding="utf-8"), flags=re.S))
    from printgen.registry import system_of

    with using("en"):
        for label in getattr(getattr(rs, "sequence", None), "phases", ()):       # the first-turn page's steps
            for said in system_of(rs).captain_steps(rs, str(label), measure):
                parts.append("".join(sp.text for sp in said))
        for file in ("quickref.md.j2", "cards.md.j2"):
            if template_name(rs, file) is None:
                continue
            wording = Wording(rs, measure)
            wording.no_glossary = True
            parts.append("".join(s.text for s in to_spans(wording.render(file, scenario=scenario), wording)))
    return "\n".join(parts)


def glossary_of(scenario, measure) -> list[tuple[str, str]]:
    """(term, meaning) of each word the battle's pupils read, in the language of the page being drawn."""
    from printgen.i18n import _
    from printgen.registry import system_of
    from printgen.sheets.text.glossary import used_in

    words = [(_(w.term), _(w.says)) for w in used_in(pupils_words(scenario, measure),
                                                     system_of(scenario.ruleset).name)]
    return sorted(words, key=lambda w: w[0].casefold())          # in the reader's alphabetical order
