"""The languages of the drawn documents (ship pieces, markers, rulers, maps, the plays and first-turn
pages): the family's answer (printgen.registry.protocol.RuleSystem.languages). Their words are the
code's messages, the family's drawing code's and its ruleset's own words (labels, sides, phases, states);
a family prints in a language only once it says they are all translated."""

from __future__ import annotations


def drawn_languages(ruleset, kind: str) -> tuple[str, ...]:
    """The languages the ruleset's family prints its drawn documents in."""
    from printgen.registry import system_of

    return system_of(ruleset).languages(ruleset)
