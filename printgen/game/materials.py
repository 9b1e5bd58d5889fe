"""What to buy and what to print for one class, computed from the kit's plan.

Assumptions (printed on the materials page): the captains of one squadron (a "table group": they
sit together and share a quick reference, a set of rule cards and a set of rulers) shoot at the
same time, each rolling the dice of one ship; so the dice needed are the largest pool times the most
captains in one squadron. Copies: COPIES below, per document kind."""

from __future__ import annotations

import math

from printgen.game.classroom import group_count, groups
from printgen.i18n import N_
from printgen.registry import system_of
from printgen.rules.trace import plan_derivation

PER_WORDS = {"class": N_("for the class"), "group": N_("one a table group"), "student": N_("one a student"),
             "pair": N_("one for two students"), "side": N_("one a side"), "teacher": N_("for you")}


def per_of(plan, kind: str) -> str:
    """Whom a document's copies are for, as the copies' words say it: the record's `copies`, except that
    the one copy of a document the teacher alone reads (the lesson plan, the secret map) is "for you",
    not "for the class" (issue 46: a French teacher read "Carte secrète … 1 exemplaire, pour la classe")."""
    record = plan.record(kind)
    return "teacher" if record.copies == "class" and record.audience == "teacher" else record.copies


@plan_derivation
def copies(plan, kind: str) -> int:
    """Copies of a document for the class, as its record says (one for the class, a table group, ...)."""
    per = plan.record(kind).copies
    n = len(plan.captains)
    return {"class": 1, "group": group_count(plan), "student": n, "pair": math.ceil(n / 2),
            "side": len(plan.scenario.ruleset.sides)}[per]


@plan_derivation
def document_pages(plan, kind: str) -> int:
    """Pages of one document of this kit (the plan draws it to count)."""
    return plan.pages(kind)


def two_sided(plan, kind: str) -> bool:
    """Printed on both sides: a two-sided document of more than one page (a page alone is one-sided)."""
    return plan.record(kind).two_sided and document_pages(plan, kind) > 1      # (both_sides, drawn only if needed)


@plan_derivation
def sheets(plan, kind: str) -> int:
    """Sheets of paper for all copies of a document: pages, halved (rounded up) when two-sided."""
    return sheets_of(document_pages(plan, kind), plan.record(kind).two_sided, copies(plan, kind))


def both_sides(pages: int, two_sided: bool) -> bool:
    """Printed on both sides: a two-sided document of more than one page (a page alone is one-sided). The
    lesson plan's "two-sided", index.html's and the web page's "printed on both sides"."""
    return two_sided and pages > 1


def sheets_of(pages: int, two_sided: bool, copies: int) -> int:
    """Sheets for `copies` copies of a document of `pages` pages: the one rule the lesson plan's materials,
    index.html and the web page count by (two-sided halves a document of more than one page, rounded up)."""
    per_copy = math.ceil(pages / 2) if both_sides(pages, two_sided) else pages
    return per_copy * copies


COPIES_WORDS = {"class": (N_("%(count)s copy, for the class"), N_("%(count)s copies, for the class")),
                "group": (N_("%(count)s copy, for the one table group"),
                          N_("%(count)s copies, one for each of the %(count)s table groups")),
                "student": (N_("%(count)s copy, for the one student"), N_("%(count)s copies, one for each student")),
                "pair": (N_("%(count)s copy, for the pair of students"),
                         N_("%(count)s copies, one for every two students")),
                "side": (N_("%(count)s copy, for the one side"), N_("%(count)s copies, one for each side")),
                "teacher": (N_("%(count)s copy, for you"), N_("%(count)s copies, for you"))}


def print_counts(plan) -> dict[str, dict]:
    """For each document kind printed on the class's printer: its copies for this class, why that many
    (the record's "one for each table group", with the groups counted), its paper and whether two-sided.
    index.html and the web page give these with the sheets they come to (`sheets_of`)."""
    out = {}
    for kind in printed_kinds(plan):
        record = plan.record(kind)
        out[kind] = {"copies": copies(plan, kind), "per": per_of(plan, kind), "paper": record.paper,
                     "two_sided": record.two_sided, "optional": record.in_kit == "optional"}
    return out


def printed_kinds(plan) -> list[str]:
    """The documents printed on the class's own printer (a poster goes to a print shop)."""
    return [r.kind for r in plan.documents() if r.in_kit != "print shop"]


def optional_kinds(plan) -> list[str]:
    """The documents only some classes print (the table-size map: for a class that lays it out)."""
    return [r.kind for r in plan.documents() if r.in_kit == "optional"]


@plan_derivation
def total_sheets(plan, paper: str, optional: bool = False) -> int:
    """Sheets of one paper for the class; with `optional`, the optional documents too."""
    return sum(sheets(plan, k) for k in printed_kinds(plan)
               if plan.record(k).paper == paper and (optional or plan.record(k).in_kit != "optional"))


@plan_derivation
def kit_pages(plan, optional: bool = False) -> int:
    """Sheets for one copy of each document, one side each: the kit file (with `optional`, the
    documents it leaves out unless asked). The teacher's sheet and index.html both print it."""
    return sum(document_pages(plan, k) for k in printed_kinds(plan) if optional or plan.record(k).in_kit != "optional")


@plan_derivation
def optional_pages(plan) -> int:
    """Sheets of one copy of the optional documents (the table-size map)."""
    return sum(document_pages(plan, k) for k in optional_kinds(plan))


@plan_derivation
def optional_sheets(plan) -> int:
    return sum(sheets(plan, k) for k in optional_kinds(plan))


# -- things to buy -------------------------------------------------------------------------------------
def _busiest(plan) -> tuple[int, int]:
    """(largest pool, commands) of the squadron whose captains need the most dice at once: its own ships'
    largest pool times its own commands (issue 45: the Nile asked for a British flagship's 8 dice for
    each of the larger French squadron's captains, whose largest broadside is 6)."""
    pool, commands, _squadron = _busiest_squadron(plan)
    return pool, commands


def _busiest_squadron(plan) -> tuple[int, int, str]:
    rs = plan.scenario.ruleset
    family = system_of(rs)
    best = (0, 0, "")
    for g in groups(plan):
        pool = max((family.dice_pool(rs, s) for s in plan.scenario.fleet.ships if s.squadron == g), default=0)
        commands = len({c.ships for c in plan.captains if c.squadron == g})
        if pool * commands > best[0] * best[1]:
            best = (pool, commands, g)
    return best


def busiest(plan):
    """The squadron whose captains roll the most dice at once, and its first ship (in the fleet's order)
    that rolls its largest pool: the lesson plan names them beside the dice to buy (Lake Erie's is
    Elliott's division and the Niagara's 6, not the Lawrence's 7, the largest broadside of the battle,
    which "the largest broadside, a flagship's" seemed to give)."""
    rs = plan.scenario.ruleset
    pool, _commands, g = _busiest_squadron(plan)
    ship = next((s for s in plan.scenario.fleet.ships if s.squadron == g and system_of(rs).dice_pool(rs, s) == pool),
                None)
    return g, ship


@plan_derivation
def largest_pool(plan) -> int:
    """The largest pool of one ship in the squadron that rolls the most dice at once."""
    return _busiest(plan)[0]


@plan_derivation
def shooters_at_once(plan) -> int:
    """The commands of that squadron (a ship its pupils share is one): they roll at the same time."""
    return _busiest(plan)[1]


@plan_derivation
def dice_needed(plan) -> int:
    return largest_pool(plan) * shooters_at_once(plan)


@plan_derivation
def tape_ft(plan) -> float:
    """A tape measure that reaches the farthest starting position from the west and south edges,
    rounded up to a whole foot at the kit's scale (returned at full scale, as `feet` prints it)."""
    dep = plan.deployment
    far_in = max(max(p.x_in, p.y_in) for p in dep.placements)       # table inches, at the kit's scale
    return math.ceil(far_in / 12) / dep.scale


@plan_derivation
def ship_count(plan) -> int:
    return len(plan.scenario.fleet.ships)


@plan_derivation
def glue_sticks(plan) -> int:
    """One a table group (they glue their own squadron's ships)."""
    return group_count(plan)


@plan_derivation
def marker_count(plan, state: str) -> int:
    """Markers of one state for the class: for each nation (markers carry its pattern), the ruleset's
    markers a ship times its ships, rounded up."""
    return sum(n for _, n in markers_by_nation(plan, state))


def markers_by_nation(plan, state: str) -> list[tuple[str, int]]:
    """(nation, markers of the state) in the fleet's order of nations: of its flagships, for a state the
    ruleset counts by flagship (the admiral's flag)."""
    ships = plan.scenario.fleet.ships
    markers = plan.scenario.ruleset.status_markers
    per = markers.per_ship[state]
    nations = dict.fromkeys(s.nation for s in ships)
    by_flag = state in markers.per_flagship
    still = state in MOVING_STATES and getattr(plan.scenario.ruleset, "anchors", None) is not None   # a ship at
    # anchor never moves: none of these for her
    return [(n, math.ceil(per * sum(1 for s in ships if s.nation == n and (s.flagship or not by_flag)
                                    and not (still and s.anchored))))
            for n in nations]


MOVING_STATES = ("moved", "in irons")
"""The marker states only a ship that moves can be in (the Nile's French at anchor never do)."""
