"""Which documents a kit holds, in print order, and how each is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from printgen.draw.shapes import Drawing
from printgen.systems import system_of

KINDS = ("teacher", "quickref", "cards", "captains", "sprites", "rulers", "map", "tiled-map")
STEMS = {"tiled-map": "map-tiled"}          # the file names `printgen map --tiled` writes too


def kinds(ruleset) -> tuple[str, ...]:
    """The documents of a kit for this ruleset, in print order."""
    extra = tuple(system_of(ruleset).documents)           # what the rule family adds (ship records, ...)
    at = KINDS.index("sprites") + 1
    return KINDS[:at] + extra + KINDS[at:]


@dataclass(frozen=True)
class Plan:
    """Everything the sheets need, gathered and checked before anything is drawn."""
    scenario: object
    options: object
    captains: list
    deployment: object


def stem(kind: str) -> str:
    return STEMS.get(kind, kind)


def makers(plan: Plan) -> dict[str, Callable[[object], Drawing]]:
    """kind -> function of the options (one edition) that draws the document."""
    from printgen.sheets.text.cards import card_sheets
    from printgen.sheets.maps.deploy_map import map_sheets
    from printgen.sheets.text.quickref import quickref_sheet
    from printgen.sheets.gauges.rulers import ruler_sheets
    from printgen.sheets.pieces.sprites import sprite_sheets
    from printgen.sheets.text.teacher import teacher_sheet
    from printgen.sheets.maps.tiled_map import tiled_sheets

    s, dep = plan.scenario, plan.deployment
    family = system_of(s.ruleset)
    own = {kind: (lambda o, kind=kind: family.document(kind, s, o)) for kind in family.documents}
    return own | {
        "teacher": lambda o: teacher_sheet(s, o, plan.captains, list(kinds(s.ruleset))),
        "quickref": lambda o: quickref_sheet(s, o),
        "cards": lambda o: card_sheets(s, o),
        "captains": lambda o: card_sheets(s, o, "captains.md.j2", "Captain cards", captains=plan.captains,
                                          deployment=dep),
        "sprites": lambda o: sprite_sheets(s, o),
        "rulers": lambda o: ruler_sheets(s, o),
        "map": lambda o: map_sheets(s, dep, o),
        "tiled-map": lambda o: tiled_sheets(s, dep, o),
    }
