"""The teacher's sheet: roster, printing and set-up checklist, the turn step by step.

The words live in each ruleset's teacher.md.j2; this module hands the template the printing
advice for the kit's documents (some worded for the ruleset's system) and, where the line side
forms a line a squadron, which squadrons make each line."""

from __future__ import annotations

from printgen.draw.shapes import Drawing
from printgen.errors import Problem
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.trace import plan_derivation
from printgen.sheets.text.quickref import panel_sheet, pages_for

PAGES = 3           # the sheet besides its roster: the printing list, setting up, the turn, the marks (Sluys's fill 2.5)
ROSTER_ROWS = 25    # roster rows a page holds at least (a captain of three long-named ships: a row of 2-3 lines)
TOO_LONG = Problem("the roster has a row for each captain", field="--students",
                   fix="fewer students (--students), or fewer ships (--ships, --fraction) or shorter ship names")



def how_to_print(rs, kinds: list[str] | None = None) -> list[tuple[str, str]]:
    """(kind, advice) for each of the documents (default: every one a kit of the ruleset may hold)
    whose record has advice."""
    from printgen.registry.documents import declared

    records = declared(rs)
    return [(k, records[k].advice) for k in (records if kinds is None else kinds) if k in records and records[k].advice]


def marks_list(scenario) -> list[tuple[str, list[str]]]:
    """(kind, keys) for each kind of mark the data gives, in the marks' order: one key for each
    distinct reason (the ruleset's and the scenario's [provenance], thirty ship-type entries that
    share one reason listed once), so the teacher's sheet gives every mark with its reason."""
    from printgen.rules.provenance import WORDS, provenance_of

    table = provenance_of(scenario.ruleset, scenario).table
    out = []
    for kind in WORDS:
        seen: dict[tuple[str, str], str] = {}
        for key, entry in table.items():
            if entry.kind == kind and kind != "source":
                seen.setdefault((entry.original, entry.why), key)
        if seen:
            out.append((kind, list(seen.values())))
    return out


def line_squadrons(scenario) -> list[list[str]]:
    """The squadron labels of each line when the line side forms a line a squadron (else [])."""
    from printgen.game.deploy import line_columns
    from printgen.game.deploy_settings import line_form, load_settings

    if not scenario.file.deployment:
        return []
    settings = load_settings(scenario)
    if line_form(settings, scenario.ruleset) != "squadrons":
        return []
    ships = [s for s in scenario.fleet.ships if s.side == settings.line_side]
    return [[scenario.squadrons[sq].label or sq for sq in dict.fromkeys(s.squadron for s in col)]
            for col in line_columns(scenario, ships, settings.line_max_columns)]


def teacher_sheet(scenario, options: Options, captains, kinds: list[str] | None = None, plan=None) -> Drawing:
    """`plan` (the kit's): each document's sheet count and the kit's total, as index.html prints
    them (printgen.game.materials.document_pages, kit_pages)."""
    from printgen.registry.documents import declared
    from printgen.rules.provenance import provenance_of

    printing = how_to_print(scenario.ruleset, kinds)
    optional = [r.kind for r in declared(scenario.ruleset).values() if r.in_kit == "optional"]
    if plan is not None:
        from printgen.game import materials  # noqa: F401 (registers document_pages, which its template prints)

        plan = plan.but(options)             # sharing the page counts (Plan.count_key: large print's are its own)
    pages = {k: plan.pages(k) for k, _ in printing} if plan is not None else {}     # for the plurals
    return panel_sheet(scenario, options, "teacher.md.j2", _(N_("Teacher's sheet")), columns=1,
                       max_pages=PAGES + pages_for(len(captains), ROSTER_ROWS) + pages_for(scenario.lesson.turn_limit),
                       too_long=TOO_LONG, captains=captains,
                       printing=printing, lines=line_squadrons(scenario), seed=options.seed, plan=plan,
                       optional=optional, pages=pages, marks=marks_list(scenario),
                       provenance=provenance_of(scenario.ruleset, scenario), lesson=scenario.lesson,
                       victory=scenario.victory, command_words=lambda name: command_words(plan, name),
                       )


@plan_derivation
def kit_command(plan) -> str:
    """The command that builds this very kit, for the technician's box."""
    from printgen.paths import printed_ref

    return " ".join(["printgen kit", printed_ref(plan), *plan.request.cli_args()])


@plan_derivation
def plays_command(plan) -> str:
    """The command that plays the games of the kit's "How this scenario plays" again."""
    from printgen.sheets.plays.records import kit_run

    return kit_run(plan).command()


COMMANDS = {"kit_command": kit_command, "plays_command": plays_command}


@plan_derivation
def command_word(plan, name: str, i: int) -> str:
    """The i-th word of a command of the technician's box: outside English, where the text is longer and
    the type may be larger, a command is traced word by word so that it wraps."""
    words = COMMANDS[name](plan).split()
    return words[i] if i < len(words) else ""


def command_words(plan, name: str) -> int:
    return len(COMMANDS[name](plan).split())


def teacher_document(plan, options: Options) -> Drawing:
    """The kit's teacher's sheet: its roster, and how to print each of its documents."""
    return teacher_sheet(plan.scenario, options, plan.captains, list(plan.kinds()), plan)
