"""A captain's steps in a phase, as a family words them (RuleSystem.captain_steps): a message in the
imperative whose rule numbers are traced Spans, so the first-turn page and its slides print what the
ruleset says today and `printgen check` can find every number's source."""

from __future__ import annotations

from printgen.draw.shapes import Span
from printgen.rules.trace import lookup


def rule_span(rs, key: str, kind: str, measure) -> list[Span] | None:
    """The rule's value as the page prints it, traced to the ruleset (None: the ruleset has no such rule),
    with its provenance mark where the rule is not the source's."""
    from printgen.rules.printed import shown
    from printgen.rules.provenance import mark_spans

    if kind == "mark":                   # a rule's provenance mark alone, after words that state it
        return list(mark_spans(rs, key, None))
    try:
        value = lookup(rs, key)
    except (KeyError, AttributeError, IndexError, TypeError):
        return None
    return [Span(shown(value, kind, "rule", measure), "bold", ("rule", key), kind), *mark_spans(rs, key, None)]


def step(rs, measure, message: str, **rules: tuple[str, str]) -> tuple[Span, ...] | None:
    """One step: `message` (already translated) with each %(name)s the rule (key, kind) gives; None
    when the ruleset lacks one of them (the step is left out, never printed with a hole)."""
    from printgen.sheets.page.words import said

    values = {}
    for name, (key, kind) in rules.items():
        spans = rule_span(rs, key, kind, measure)
        if spans is None:
            return None
        values[name] = spans
    return tuple(said(message, **values))


def anchored_sides(rs, plan) -> frozenset:
    """The sides all of whose ships in this kit lie at anchor (the Nile's French): their captains' move is to
    keep still, whatever their family's steps for a move would say."""
    if getattr(rs, "anchors", None) is None:
        return frozenset()
    ships = [p.ship for p in plan.deployment.placements]
    return frozenset(side for side in dict.fromkeys(s.side for s in ships)
                     if all(s.anchored for s in ships if s.side == side))


def steps(*items) -> list[tuple[Span, ...]]:
    """The steps that the ruleset could word, in order."""
    return [s for s in items if s]
