"""The lesson's sheets: the lesson plan (the teacher's pack, first in the kit), the score sheet and
turn tracker, the odds worksheet, the history and debrief sheet. Each is a template of the ruleset
(templates/<ruleset>/<kind>.md.j2) flowed into panels; a ruleset without the template has no such
sheet. The numbers come from the kit's plan (printgen.game.classroom, printgen.game.materials)."""

from __future__ import annotations

from printgen.draw.shapes import Drawing
from printgen.errors import Problem
from printgen.options import Options
from printgen.sheets.text.quickref import panel_sheet, pages_for

# What grows with the lesson or the fleet (rows, rows a page holds at least, what to do when they do
# not fit): the tracker a row a turn and the score tables a row a ship; the debrief a paragraph a ship.
TRACKER = (lambda plan: plan.scenario.lesson.turn_limit + len(plan.scenario.fleet.ships), 30,
           Problem("the turn tracker has a row for each turn, the score tables one for each ship", field="--periods",
                   fix="a shorter lesson (--periods, --minutes), or fewer ships (--ships, --fraction)"))
FATES = (lambda plan: len(plan.scenario.fleet.ships), 15,
         Problem("it tells the fate of every ship", field="--ships", fix="fewer ships (--ships, --fraction)"))


def has_sheet(rs, kind: str) -> bool:
    """Whether the ruleset has the document's template (templates/<ruleset>/<kind>.md.j2)."""
    from printgen.registry import system_of

    return (system_of(rs).templates_dir(rs) / rs.ruleset.id / f"{kind}.md.j2").is_file()


def lesson_plan(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "lesson.md.j2", "Lesson plan", columns=1, pages=8)


def score_sheet(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "score.md.j2", "Score sheet and turn tracker", columns=2, pages=1,
                        handout=True, grows=TRACKER)


def odds_worksheet(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "worksheet.md.j2", "Odds worksheet", columns=1, pages=2, handout=True)


def debrief_sheet(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "debrief.md.j2", "History and debrief", columns=1, pages=2, handout=True,
                        grows=FATES)


def lesson_sheet(plan, options: Options, template: str, title: str, columns: int, pages: int,
                 handout: bool = False, grows: tuple | None = None) -> Drawing:
    """A lesson template flowed into `columns`, in at most `pages` pages besides what `grows`; a student
    handout (`handout`) keeps to TYPE.body at least."""
    plan = plan.but(options)
    too_long = Problem("its text is too long", fix=f"shorten the ruleset's {template}")
    if grows is not None:
        rows, per_page, too_long = grows
        pages += pages_for(rows(plan), per_page)
    return panel_sheet(plan.scenario, options, template, title, columns=columns, max_pages=pages,
                       handout=handout, too_long=too_long, **context(plan))


def context(plan) -> dict:
    """What the lesson's templates loop over (counts they print come through pnum(), traced)."""
    from printgen.game import classroom, materials

    s = plan.scenario
    sides = {key: [ship for ship in s.fleet.ships if ship.side == key] for key in s.ruleset.sides}
    other_side = {key: next((k for k in sides if k != key), key) for key in sides}
    return dict(plan=plan, sides=sides, other_side=other_side, groups=classroom.groups(plan), breaks=classroom.period_breaks(plan),
                printed=[(r.kind, r.title, r.copies, r.paper, r.two_sided) for r in map(plan.record, materials.printed_kinds(plan))],
                per_words=materials.PER_WORDS, optional=materials.optional_kinds(plan),
                outcome=lambda ship: classroom.outcome_of(plan, ship), lesson=s.lesson, victory=s.victory)
