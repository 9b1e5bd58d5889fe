"""The lesson's sheets: the lesson plan (the teacher's pack, first in the kit), the score sheet and
turn tracker, the odds worksheet, the history and debrief sheet. Each is a template of the ruleset
(templates/<ruleset>/<kind>.md.j2) flowed into panels; a ruleset without the template has no such
sheet. The numbers come from the kit's plan (printgen.game.classroom, printgen.game.materials)."""

from __future__ import annotations

from printgen.draw.shapes import Drawing
from printgen.errors import Problem
from printgen.options import Options
from printgen.sheets.text.quickref import panel_sheet, pages_for

# kind -> (template, sheet title, columns, most pages besides what grows (GROWS), a student handout
# (TYPE.body at least))
SHEETS = {
    "lesson": ("lesson.md.j2", "Lesson plan", 1, 8, False),
    "score": ("score.md.j2", "Score sheet and turn tracker", 2, 1, True),
    "worksheet": ("worksheet.md.j2", "Odds worksheet", 1, 2, True),
    "debrief": ("debrief.md.j2", "History and debrief", 1, 2, True),
}
# kind -> (rows that grow with the lesson or the fleet, rows a page holds at least, what to do when
# they do not fit): a tracker row a turn and a score row a ship; a debrief paragraph a ship.
GROWS = {
    "score": (lambda plan: plan.scenario.lesson.turn_limit + len(plan.scenario.fleet.ships), 30,
              Problem("the turn tracker has a row for each turn, the score tables one for each ship", field="--periods",
                      fix="a shorter lesson (--periods, --minutes), or fewer ships (--ships, --fraction)")),
    "debrief": (lambda plan: len(plan.scenario.fleet.ships), 15,
                Problem("it tells the fate of every ship", field="--ships", fix="fewer ships (--ships, --fraction)")),
}


def has_sheet(rs, kind: str) -> bool:
    from printgen.registry import system_of

    return (system_of(rs).templates_dir(rs) / rs.ruleset.id / SHEETS[kind][0]).is_file()


def lesson_sheet(plan, kind: str, options: Options) -> Drawing:
    template, title, columns, pages, handout = SHEETS[kind]
    plan = plan.but(options)
    too_long = Problem("its text is too long", fix=f"shorten the ruleset's {template}")
    if kind in GROWS:
        rows, per_page, too_long = GROWS[kind]
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
                printed=[(k, materials.TITLES.get(k, k), *materials.copy_rule(k)) for k in materials.printed_kinds(plan)],
                per_words=materials.PER_WORDS, optional=materials.OPTIONAL,
                outcome=lambda ship: classroom.outcome_of(plan, ship), lesson=s.lesson, victory=s.victory)
