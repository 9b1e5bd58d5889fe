"""The languages of the drawn documents (ship pieces, markers, rulers, maps, the plays and first-turn
pages): their words are the code's messages, translated for the rule families listed here, plus the
ruleset's own words (its labels, sides, phases, states), which the catalogue must translate in full
(as printgen.sheets.text.kinds.template_languages asks of a template's ruleset). A family whose drawing
code is not yet translated (its pieces, its gauges, its map legend) prints English only."""

from __future__ import annotations

FAMILIES = ("broadside", "sectors")          # the rule families whose drawing code is translated (all of them)


def drawn_languages(ruleset, kind: str) -> tuple[str, ...]:
    """English, and each language whose catalogue translates every word of this ruleset's file."""
    from printgen.registry import system_of

    if system_of(ruleset).name not in FAMILIES or not ruleset.path:
        return ("en",)
    from printgen.i18n.catalogue import template_languages as found

    return ("en", *found(ruleset.path))
