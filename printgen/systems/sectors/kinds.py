"""The documents only the sectors family prints, and the shared ones it words its own way
(printgen.registry.documents records, read without loading the family)."""

from __future__ import annotations

from dataclasses import replace

from printgen.i18n import N_
from printgen.registry.documents import DocumentKind
from printgen.sheets.gauges.kinds import RULERS
from printgen.sheets.text.kinds import KINDS as TEXT

_HERE = "printgen.systems.sectors"

# The words the shared code draws on a medieval document besides its template's (the sheet's name in
# the header): a language prints the document once the catalogue translates its template and these.
# (the shared code's msgids: a language that lacks one leaves the document English-only)
SHARED_WORDS = {"cards": ("Rule cards",), "captains": ("Captain cards", " ships: %(pattern)s bases"),
                "score": ("Score sheets",), "worksheet": ("Odds worksheet",)}


def languages(ruleset, kind: str) -> tuple[str, ...]:
    """The languages a medieval document drawn from its template KIND.md.j2 by shared code prints in."""
    from printgen.i18n import translated
    from printgen.sheets.text.kinds import template_languages

    return tuple(lang for lang in template_languages(ruleset, kind)
                 if lang == "en" or all(translated(lang, w) != w for w in SHARED_WORDS.get(kind, ())))


def has_hidden(ruleset, kind: str) -> bool:
    """The obstacle markers and the secret map: only where the ruleset's battles lay hidden obstacles."""
    return ruleset.obstacles.hidden


def _restated(kind: str) -> DocumentKind:
    return replace(next(r for r in TEXT if r.kind == kind), languages=f"{_HERE}.kinds:languages")


KINDS = (
    DocumentKind("records", N_("Ship records"), 72, f"{_HERE}.records:record_sheets", command=True, checks=("fleet",),
                 languages=f"{_HERE}.kinds:languages", handout="printgen.sheets.handouts.make:sheet",
                 template="records.md.j2",
                 advice=N_("Ship records: plain paper, one set for the class; each captain takes their ships' cards "
                           "and keeps all their damage on them."),
                 help="Print a record card for each ship (structure boxes, attack speed, ram, sail): sectors rulesets."),
    DocumentKind("markers", N_("Obstacle markers"), 74, f"{_HERE}.markers:marker_sheets", command=True, cut_out=True,
                 languages=("en", "fr", "es"), present=f"{_HERE}.kinds:has_hidden",
                 help="Print the obstacle markers to cut out: sectors rulesets."),
    DocumentKind("secret-map", N_("Secret obstacle map (the teacher's)"), 76, f"{_HERE}.secret_map:secret_map_sheets",
                 languages="printgen.sheets.page.languages:drawn_languages", audience="teacher", command=True,
                 present=f"{_HERE}.kinds:has_hidden",
                 advice=N_("Secret obstacle map: plain paper, one copy, for you alone."),
                 help="Print the teacher's secret obstacle map and its placement table: sectors rulesets."),
    _restated("cards"),
    _restated("captains"),
    _restated("score"),
    _restated("worksheet"),
    replace(RULERS, advice=N_("Rulers and gauges: card; one set for each table group (a movement stick for each "
                              "ship type, the sweep template, the wind gauge).")),
)
