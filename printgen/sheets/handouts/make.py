"""Each text document's handout, from the very template its printed sheet is drawn from: the same
Wording renders it (every number a traced span, every word a message of the catalogue) and the same
markup parser reads it; only the [directive] pictures become words (alternatives.py).

A record of the catalogue names its handout's function here (DocumentKind.handout), given the
kit's plan and options in the document's language and audience (DocumentKind.make_handout)."""

from __future__ import annotations

from printgen.i18n import _
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


def of_record(handout):
    """Marks a handout made from its record alone (DocumentKind.make_handout gives it the record): its kind,
    its name and its template are the record's, so no document kind is spelled here."""
    handout.of_record = True
    return handout


@of_record
def sheet(plan, options: Options, record) -> Handout:
    """The handout of a document drawn from the record's template with the kit's plan (the quick
    reference, the rule cards, the captain cards, a family's record cards)."""
    return from_template(plan, options, record.kind, record.template, record.name, captains=plan.captains,
                         deployment=plan.deployment, ships=list(plan.scenario.fleet.ships))


@of_record
def lesson(plan, options: Options, record) -> Handout:
    """One of the lesson's documents (printgen.sheets.text.lesson): its template is given the lesson's context."""
    from printgen.sheets.text.lesson import context

    plan = plan.but(options)
    return from_template(plan, options, record.kind, record.template, record.name, **context(plan),
                         deployment=plan.deployment)
