"""The text documents of a kit: the teacher's pack, the rules, the captains' cards, the lesson's
sheets (printgen.registry.documents records; the code that draws each is named beside it)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printgen.i18n import N_
from printgen.registry.documents import DocumentKind

_LESSON = "printgen.sheets.text.lesson"
_SHEET = "printgen.sheets.handouts.make:sheet"      # a document's words as a web page, from its template
_LESSON_PAGE = "printgen.sheets.handouts.make:lesson"   # the same, given the lesson's context
_HAS_TEMPLATE = f"{_LESSON}:has_sheet"           # only where the ruleset has the document's template
_TEMPLATE_LANGS = "printgen.sheets.text.kinds:template_languages"   # the languages its template is translated into

KINDS = (
    DocumentKind("lesson", N_("Lesson plan (teacher's pack)"), 10, f"{_LESSON}:lesson_plan", takes="plan",
                 heading=N_("Lesson plan"), audience="teacher", two_sided=True, present=_HAS_TEMPLATE, last=True,
                 handout=_LESSON_PAGE, template="lesson.md.j2", languages=_TEMPLATE_LANGS,
                 advice=N_("Lesson plan: plain paper, two-sided, for you (it lists every copy to make).")),
    DocumentKind("teacher", "Teacher's sheet", 20, "printgen.sheets.text.teacher:teacher_document", takes="plan",
                 audience="teacher", two_sided=True, last=True, languages=f"{__name__}:teacher_languages",
                 advice=N_("Teacher's sheet: plain paper, for you.")),
    DocumentKind("background", "The story before the battle", 34, f"{_LESSON}:background_sheet", takes="plan",
                 copies="group", present=_HAS_TEMPLATE, handout=_LESSON_PAGE, template="background.md.j2",
                 languages=_TEMPLATE_LANGS,
                 advice=N_("The story before the battle: plain paper, one for each table group, read together at the "
                        "start (it never tells how the battle ended: the debrief does).")),
    DocumentKind("quickref", "Quick reference", 40, "printgen.sheets.text.quickref:quickref_sheet", copies="group",
                 command=True, handout=_SHEET, template="quickref.md.j2", languages=_TEMPLATE_LANGS,
                 advice=N_("Quick reference: plain paper, one for each table group (the captains of one squadron)."),
                 help="Print the quick-reference sheet: every rule table, numbers from the ruleset after scale and units."),
    DocumentKind("cards", "Rule cards", 50, "printgen.sheets.text.cards:card_sheets", copies="group", paper="card",
                 command=True, handout=_SHEET, template="cards.md.j2", languages=_TEMPLATE_LANGS,
                 advice=N_("Rule cards: card or plain paper; cut on the solid lines."),
                 help="Print the rule cards: a card a procedure with its exact odds (distances scale; odds never change)."),
    DocumentKind("captains", "Captain cards", 60, "printgen.sheets.text.cards:captain_cards", takes="plan",
                 checks=("fleet",), handout=_SHEET, template="captains.md.j2", languages=_TEMPLATE_LANGS,
                 advice=N_("Captain cards: plain paper, one card for each student.")),
    DocumentKind("score", "Score sheets", 90, f"{_LESSON}:score_sheet", takes="plan",
                 present=_HAS_TEMPLATE, handout=_LESSON_PAGE, template="score.md.j2", languages=_TEMPLATE_LANGS,
                 checks=("fleet",),
                 advice=N_("Score sheets: plain paper, one copy; each side takes its own page (the umpire's turn tracker "
                        "is on the teacher's sheet).")),
    DocumentKind("worksheet", "Odds worksheet", 100, f"{_LESSON}:odds_worksheet", takes="plan", copies="student",
                 two_sided=True, present=_HAS_TEMPLATE, handout=_LESSON_PAGE, template="worksheet.md.j2",
                 languages=_TEMPLATE_LANGS,
                 advice=N_("Odds worksheet: plain paper, one for each student.")),
    DocumentKind("debrief", "History and debrief", 110, f"{_LESSON}:debrief_sheet", takes="plan", copies="pair",
                 two_sided=True, present=_HAS_TEMPLATE, checks=("fleet",),
                 handout=_LESSON_PAGE, template="debrief.md.j2", languages=f"{__name__}:fleet_languages",
                 advice=N_("History and debrief: plain paper, two-sided, one for two students.")),
)


def template_languages(ruleset, kind: str) -> tuple[str, ...]:
    """The languages a document drawn from its ruleset's template KIND.md.j2 prints in: English, and
    each language whose catalogue translates every message of that template and of the templates it
    extends (each file one of the catalogue's locations), besides the code's words the catalogue holds
    for every document."""
    from printgen.i18n.catalogue import template_languages as found
    from printgen.sheets.text.wording import template_files

    files = template_files(ruleset, f"{kind}.md.j2")
    if not ruleset.path or not files:
        return ("en",)
    speaking = [f for f in files if has_messages(f)] or files[:1]     # a file of blocks without words asks nothing
    return ("en", *found(*speaking, ruleset.path))


@cache
def has_messages(path: Path) -> bool:
    """Whether a template holds words of its own for the catalogue (a message: _(), {% trans %}), as
    babel.cfg's extraction reads them; one that only fills blocks with data's words holds none."""
    from jinja2.ext import babel_extract

    with open(path, "rb") as f:
        return any(isinstance(m[2], str) or any(isinstance(a, str) for a in m[2] or ())
                   for m in babel_extract(f, ("_", "gettext", "ngettext", "N_"), [],
                                         {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true",
                                          "trimmed": "false"}))


def fleet_languages(ruleset, kind: str) -> tuple[str, ...]:
    """The languages of a document drawn from its template that also prints the fleet's fates (the
    debrief): its template's that its family says its fleets' words are translated into (its languages)."""
    from printgen.registry import system_of

    family = system_of(ruleset).languages(ruleset)
    return tuple(lang for lang in template_languages(ruleset, kind) if lang in family)


def teacher_languages(ruleset, kind: str) -> tuple[str, ...]:
    """The teacher's sheet's languages: its template's, where the catalogue also translates how to print
    each document a kit of the ruleset may hold (the records' advice, which the sheet lists)."""
    from printgen.i18n import translated
    from printgen.registry.documents import declared

    advice = [r.advice for r in declared(ruleset).values() if r.advice]
    return tuple(lang for lang in template_languages(ruleset, kind)
                 if lang == "en" or all(translated(lang, a) != a for a in advice))
