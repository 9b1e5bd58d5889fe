"""Each text document's handout, from the very template its printed sheet is drawn from: the same
Wording renders it (every number a traced span, every word a message of the catalogue) and the same
markup parser reads it; only the [directive] pictures become words (alternatives.py).

A record of the catalogue names its handout's function here (DocumentKind.handout), given the
kit's plan and options in the document's language and audience (DocumentKind.make_handout)."""

from __future__ import annotations

from printgen.i18n import N_, _
from printgen.options import Options
from printgen.sheets.handouts.alternatives import expanded, expander
from printgen.sheets.handouts.model import Handout
from printgen.sheets.text.markup import Section, parse
from printgen.sheets.text.wording import Wording, to_spans


def from_template(source, options: Options, kind: str, template: str, name: str, **context) -> Handout:
    """The handout of a document drawn from the ruleset's `template` (`name`: the sheet's name, a
    message), the template given `context` as the sheet gives it."""
    scenario = source.scenario                   # the kit's plan (the template may be given it as `plan` too)
    rs = scenario.ruleset
    wording = Wording(rs, options.measure)
    sections = parse(wording.render(template, scenario=scenario, **context),
                     lambda s: to_spans(s, wording))
    expand = expander(scenario, options, wording)
    return Handout(kind, _(name), scenario.title,
                   [Section(s.title, expanded(s.blocks, expand), s.options) for s in sections])


def quickref(plan, options: Options) -> Handout:
    return from_template(plan, options, "quickref", "quickref.md.j2", N_("Quick reference"))


def cards(plan, options: Options) -> Handout:
    return from_template(plan, options, "cards", "cards.md.j2", N_("Rule cards"))


def captains(plan, options: Options) -> Handout:
    return from_template(plan, options, "captains", "captains.md.j2", N_("Captain cards"), captains=plan.captains,
                         deployment=plan.deployment)


def _lesson(plan, options: Options, kind: str, name: str, **more) -> Handout:
    """One of the lesson's documents (printgen.sheets.text.lesson): its template is given the lesson's context."""
    from printgen.sheets.text.lesson import context

    plan = plan.but(options)
    return from_template(plan, options, kind, f"{kind}.md.j2", name, **context(plan), **more)


def lesson(plan, options: Options) -> Handout:
    return _lesson(plan, options, "lesson", N_("Lesson plan"))


def score(plan, options: Options) -> Handout:
    return _lesson(plan, options, "score", N_("Score sheets"))


def worksheet(plan, options: Options) -> Handout:
    return _lesson(plan, options, "worksheet", N_("Odds worksheet"))


def debrief(plan, options: Options) -> Handout:
    return _lesson(plan, options, "debrief", N_("History and debrief"))


def background(plan, options: Options) -> Handout:
    return _lesson(plan, options, "background", N_("The story before the battle"), deployment=plan.deployment)
