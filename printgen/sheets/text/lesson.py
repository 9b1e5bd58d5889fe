"""The lesson's sheets: the lesson plan (the teacher's pack, first in the kit), the score sheet and
turn tracker, the odds worksheet, the history and debrief sheet. Each is a template of the ruleset
(templates/<family>/<kind>.md.j2) flowed into panels; a ruleset without the template has no such
sheet. The numbers come from the kit's plan (printgen.game.classroom, printgen.game.materials)."""

from __future__ import annotations

from printgen.draw.shapes import Drawing
from printgen.draw.typescale import LARGE
from printgen.errors import Problem
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.sheets.text.quickref import pages_for, panel_sheet

# What grows with the lesson or the fleet (rows, rows a page holds at least, what to do when they do
# not fit): the tracker a row a turn and the score tables a row a ship; the debrief a paragraph a ship.
TRACKER = (lambda plan: len(plan.scenario.fleet.ships), 30,
           Problem("the score tables have a row for each ship", field="--ships", fix="fewer ships (--ships, --fraction)"))
FATES = (lambda plan: len(plan.scenario.fleet.ships), 15,
         Problem("it tells the fate of every ship", field="--ships", fix="fewer ships (--ships, --fraction)"))


def has_sheet(rs, kind: str) -> bool:
    """Whether the ruleset has the document's template: its own, its family's or the shared one
    (printgen.sheets.text.wording.template_name)."""
    from printgen.sheets.text.wording import template_name

    return template_name(rs, f"{kind}.md.j2") is not None


def lesson_plan(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "lesson.md.j2", N_("Lesson plan"), columns=1, pages=8)


def score_sheet(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "score.md.j2", N_("Score sheets"), columns=2,
                        pages=len(plan.scenario.ruleset.sides),
                        handout=True, grows=TRACKER)


def odds_worksheet(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "worksheet.md.j2", N_("Odds worksheet"), columns=1, pages=2, handout=True)


def debrief_sheet(plan, options: Options) -> Drawing:
    return lesson_sheet(plan, options, "debrief.md.j2", N_("History and debrief"), columns=1, pages=2, handout=True,
                        grows=FATES)


def background_sheet(plan, options: Options) -> Drawing:
    """The story before the battle, one page for the pupils: the scenario's [story] (never the
    ending) and a map of the approach on the kit's own table."""
    return lesson_sheet(plan, options, "background.md.j2", N_("The story before the battle"), columns=2, pages=1,
                        handout=True, deployment=plan.deployment)


def lesson_sheet(plan, options: Options, template: str, title: str, columns: int, pages: int,
                 handout: bool = False, grows: tuple | None = None, **more) -> Drawing:
    """A lesson template flowed into `columns`, in at most `pages` pages besides what `grows`; a student
    handout (`handout`) keeps to TYPE.body at least."""
    plan = plan.but(options)
    too_long = Problem("its text is too long", fix=f"shorten the ruleset's {template}")
    if grows is not None:
        rows, per_page, too_long = grows
        pages += pages_for(rows(plan), per_page)
    return panel_sheet(plan.scenario, options, template, _(title), columns=columns, max_pages=pages,
                       handout=handout, too_long=too_long, **context(plan), **more)


def context(plan) -> dict:
    """What the lesson's templates loop over (counts they print come through pnum(), traced)."""
    from printgen.game import classroom, materials
    from printgen.lesson import figures  # noqa: F401 (registers the lesson's game's figures)

    s = plan.scenario
    sides = {key: [ship for ship in s.fleet.ships if ship.side == key] for key in s.ruleset.sides}
    other_side = {key: next((k for k in sides if k != key), key) for key in sides}
    return dict(plan=plan, sides=sides, other_side=other_side, groups=classroom.groups(plan), breaks=classroom.period_breaks(plan),
                turn_phases=classroom.turn_phases(plan), between=classroom.period_between(plan),
                printed=[(r.kind, r.title, materials.per_of(plan, r.kind), r.paper, r.two_sided)
                         for r in map(plan.record, materials.printed_kinds(plan))],
                two_sided=lambda kind: materials.two_sided(plan, kind),      # asked only by the copies table
                per_words=materials.PER_WORDS, copies_said=_copies_said, optional=materials.optional_kinds(plan),
                busiest=materials.busiest(plan),
                outcome=lambda ship: classroom.outcome_of(plan, ship), lesson=s.lesson, victory=s.victory,
                fitted=plan.fitted, game=_game(plan), large=plan.options.edition == "large", large_type=LARGE)


def _copies_said(per: str, title: str) -> str:
    """The copies' words ("one a table group") agreeing with the document titled `title` ("una por grupo
    de mesa" for a ficha), in the language of the page (printgen.i18n.documents)."""
    from printgen.i18n import LANG
    from printgen.i18n.documents import copies_said

    return copies_said(per, title, LANG.get())


def _game(plan) -> dict | None:
    """The engagement the kit plays, as the lesson plan describes it (None: no game was fitted)."""
    if plan.fitted is None:
        return None
    from printgen.lesson.engagement import WHOLE

    key = plan.fitted.choice.engagement
    s = plan.scenario
    e = s.file.engagements.get(key)
    others = [e2.title for k, e2 in s.file.engagements.items() if k != key]
    if not s.lesson.fit:
        return {"title": N_("This scenario's ships, as written"), "story": "", "written": True, "others": [],
                "left_out": []}
    return {"title": e.title if e else N_("The whole battle, at the size that fits"), "story": e.story if e else "",
            "written": False, "others": others + ([] if key == WHOLE else [N_("the whole battle")]),
            "left_out": _left_out(plan, key)}


LEFT_OUT_NAMED = 8          # the lesson plan names the ships a game leaves out when there are this many or fewer


def _left_out(plan, key: str) -> list[str]:
    """The names of the ships of the battle (or of the engagement) that this game leaves out, where a
    few are (a reader of the Nile's kit asked whether the Minotaur was missing); none when many are."""
    from printgen.data.scenario import load_scenario
    from printgen.lesson.engagement import pool

    s = plan.scenario
    cache = s.__dict__.setdefault("_left_out", {})     # the battle read once a process, not once a page (0.1 s)
    if key not in cache:
        whole = load_scenario(str(s.folder))
        kept = {ship.key for ship in s.fleet.ships}
        cache[key] = [ship.name for ship in pool(whole, key) if ship.key not in kept]
    out = list(cache[key])
    return out if len(out) <= LEFT_OUT_NAMED else []
