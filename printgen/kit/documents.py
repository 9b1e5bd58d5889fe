"""Which documents a kit holds, in print order, and how each is drawn."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable

from printgen.draw.shapes import Drawing
from printgen.registry import system_of

KINDS = ("lesson", "teacher", "plays", "quickref", "cards", "captains", "sprites", "status-markers", "score", "worksheet",
         "debrief", "rulers", "map", "tiled-map")
LESSON = ("lesson", "score", "worksheet", "debrief")      # only where the ruleset has their templates
COUNTS_PAGES = ("lesson", "teacher")      # print the other documents' page counts: drawn after them
STEMS = {"tiled-map": "map-tiled"}          # the file names `printgen map --tiled` writes too
ONE_PAGE = ("plays",)                      # one page by construction: counted without playing its games


def kinds(ruleset) -> tuple[str, ...]:
    """The documents of a kit for this ruleset, in print order."""
    from printgen.sheets.text.lesson import has_sheet

    extra = tuple(system_of(ruleset).documents)           # what the rule family adds (ship records, ...)
    at = KINDS.index("sprites") + 1
    out = KINDS[:at] + extra + KINDS[at:]
    from printgen.sheets.plays.records import has_engine

    return tuple(k for k in out if (k not in LESSON or has_sheet(ruleset, k))
                 and (k != "status-markers" or ruleset.status_markers is not None)
                 and (k != "plays" or has_engine(ruleset)))


def data_names(kinds_: tuple[str, ...]) -> list[str]:
    """The data files documents of these kinds bring (the plays page: its games' records)."""
    from printgen.sheets.plays.records import KIND, RECORDS

    return [RECORDS] if KIND in kinds_ else []


@dataclass(frozen=True)
class Plan:
    """Everything the sheets need, gathered and checked before anything is drawn."""
    scenario: object
    options: object
    captains: list
    deployment: object
    students: int = 0                      # the class size asked for
    choices: dict = field(default_factory=dict, compare=False)     # the options asked for (plan_kit's)

    def kinds(self) -> tuple[str, ...]:
        """The documents of this kit: the ruleset's, and the poster when asked for."""
        return kinds(self.scenario.ruleset) + (("poster",) if self.options.poster else ())

    def pages(self, kind: str) -> int:
        """Pages of one document of this kit, drawn to count them unless known (cached on the plan;
        while the lesson plan counts its own pages in a first pass, its count reads 0). A count does
        not depend on the edition: the editions differ in colour, not in layout."""
        cache = self.page_counts()
        if kind in ONE_PAGE:
            return 1
        if kind not in cache:
            cache[kind] = 0
            cache[kind] = len(makers(self)[kind](self.options).pages)
        return cache[kind]

    def page_counts(self) -> dict[str, int]:
        """The cache `pages` fills: the build puts in the counts of the documents it has drawn, the
        check those of the documents it reads (each verified against its file), so none is drawn twice."""
        return self.__dict__.setdefault("_pages", {})

    def but(self, options) -> "Plan":
        """The same plan with other options (an edition, a format), sharing the page counts."""
        if options == self.options:
            return self
        other = dataclasses.replace(self, options=options)
        other.__dict__["_pages"] = self.page_counts()
        return other


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
    from printgen.sheets.pieces.status_markers import status_marker_sheets
    from printgen.sheets.text.lesson import lesson_sheet
    from printgen.sheets.plays.records import plays_document
    from printgen.sheets.maps.poster import poster_sheets

    s, dep = plan.scenario, plan.deployment
    family = system_of(s.ruleset)
    own = {kind: (lambda o, kind=kind: family.document(kind, s, o)) for kind in family.documents}
    lesson = {kind: (lambda o, kind=kind: lesson_sheet(plan, kind, o)) for kind in LESSON}
    return own | lesson | {
        "status-markers": lambda o: status_marker_sheets(plan, o),
        "plays": lambda o: plays_document(plan, o),
        "teacher": lambda o: teacher_sheet(s, o, plan.captains, list(plan.kinds()), plan),
        "quickref": lambda o: quickref_sheet(s, o),
        "cards": lambda o: card_sheets(s, o),
        "captains": lambda o: card_sheets(s, o, "captains.md.j2", "Captain cards", captains=plan.captains,
                                          deployment=dep),
        "sprites": lambda o: sprite_sheets(s, o),
        "rulers": lambda o: ruler_sheets(s, o),
        "map": lambda o: map_sheets(s, dep, o),
        "tiled-map": lambda o: tiled_sheets(s, dep, o),
        "poster": lambda o: poster_sheets(s, dep, o),
    }
