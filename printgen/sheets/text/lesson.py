"""The lesson's sheets: the lesson plan (the teacher's pack, first in the kit), the score sheet and
turn tracker, the odds worksheet, the history and debrief sheet. Each is a template of the ruleset
(templates/<ruleset>/<kind>.md.j2) flowed into panels; a ruleset without the template has no such
sheet. The numbers come from the kit's plan (printgen.game.classroom, printgen.game.materials)."""

from __future__ import annotations

from printgen.draw.shapes import Drawing
from printgen.options import Options
from printgen.sheets.text.quickref import panel_sheet

# kind -> (template, sheet title, columns, most pages, a student handout (TYPE.body at least))
SHEETS = {
    "lesson": ("lesson.md.j2", "Lesson plan", 1, 8, False),
    "score": ("score.md.j2", "Score sheet and turn tracker", 2, 3, True),
    "worksheet": ("worksheet.md.j2", "Odds worksheet", 1, 2, True),
    "debrief": ("debrief.md.j2", "History and debrief", 1, 5, True),
}


def has_sheet(rs, kind: str) -> bool:
    from printgen.systems import system_of

    return (system_of(rs).templates_dir(rs) / rs.ruleset.id / SHEETS[kind][0]).is_file()


def lesson_sheet(plan, kind: str, options: Options) -> Drawing:
    template, title, columns, pages, handout = SHEETS[kind]
    plan = plan.but(options)
    return panel_sheet(plan.scenario, options, template, title, columns=columns, max_pages=pages,
                       handout=handout, **context(plan))


def context(plan) -> dict:
    """What the lesson's templates loop over (counts they print come through pnum(), traced)."""
    from printgen.game import classroom, materials

    s = plan.scenario
    sides = {key: [ship for ship in s.fleet.ships if ship.side == key] for key in s.ruleset.sides}
    other_side = {key: next((k for k in sides if k != key), key) for key in sides}
    return dict(plan=plan, sides=sides, other_side=other_side, groups=classroom.groups(plan), breaks=classroom.period_breaks(plan),
                printed=[(k, materials.TITLES.get(k, k), *materials.copy_rule(k)) for k in materials.printed_kinds(plan)],
                per_words=materials.PER_WORDS, optional=materials.OPTIONAL,
                outcome=lambda ship: classroom.outcome_of(plan, ship), lesson=s.lesson, victory=s.victory)
