"""The first turn, shown: one page for the class (and the projector) that plays turn 1 of the kit's
own table phase by phase, as the computer played it in the first game of "How this scenario plays":
a small map for each phase that changed the table, what the captains decided (where they sailed, whom
they fired at) and every die they rolled.

The game is the kit's (its run and setup: sheets/plays/records.py), played again to the end of turn 1
with the engine noting its rolls (printgen.play.state.Event); every number on the page traces to the
`first_turn` plan derivation below, so `printgen check` plays the turn again and compares. Nothing
here names a rule family: a roll names the ruleset entry whose faces decided it, and the page reads
that entry's faces and label from the ruleset."""

from __future__ import annotations

import dataclasses
import math
import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printgen.draw.shapes import Drawing, Line, Span, Text
from printgen.draw.typescale import TYPE, large
from printgen.i18n import LANG, N_, _, ngettext, singular_for
from printgen.options import Options
from printgen.rules.trace import lookup, plan_derivation
from printgen.sheets.text.wrap import wrap_spans

if TYPE_CHECKING:
    from collections.abc import Callable

    from printgen.play.state import Event  # the engine is imported where a game is played (play/jit.py)

TITLE = N_("The first turn, shown")
GAME = 0                        # the first game of the kit's simulation
EXAMPLES = 3                    # the moves and the shots a phase describes one by one
POLICY_WORDS = {"close-and-fire": N_("sail for the nearest enemy ship"),
                "hold-the-line": N_("keep their places and wait for the enemy")}
HABIT = N_("follow the computer's simple habit")          # any other policy
QUIET = N_(": nothing happens; no ship moves or rolls.")
# What a roll is for (its rule's last word: "grappling.grappled"), as the page says it.
ROLLS = (N_("free"), N_("grappled"), N_("fouled"), N_("move"), N_("breaks"), N_("refloat"), N_("blows up"))
# What a ship did without a roll (a rule's last word: "flag.boat_in"), as the page says it.
DONE = {"boat_in": N_("The admiral leaves %(ship)s by boat for %(other)s, and his flag goes with him.")}


@dataclass
class Phase:
    label: str
    before: tuple                         # each ship's (x, y, heading, strength, out) before the phase
    after: tuple
    events: list[Event] = field(default_factory=list)

    def moved(self) -> list[int]:
        return [i for i, (a, b) in enumerate(zip(self.before, self.after)) if a[:3] != b[:3]]

    def shots(self) -> list[Event]:
        return [e for e in self.events if e.other is not None and e.ship is not None and len(e.faces) and
                e.rule.endswith(".hit")]

    def changed(self) -> bool:
        return self.before != self.after or bool(self.events)


def first_turn(plan) -> tuple:
    """(setup, run, phases) of turn 1 of the kit's first game, played once a process."""
    cache = plan.__dict__.setdefault("_plays", {})
    if "first_turn" not in cache:
        from printgen.play.engine import game_seed, new_game, play
        from printgen.sheets.plays.records import kit_run, kit_setup

        run = kit_run(plan)
        st = kit_setup(plan, run)
        one = dataclasses.replace(st, turn_limit=1)
        game = new_game(one, random.Random(game_seed(run.seed, GAME)), log=True)
        game.events = []
        play(one, run.seed, GAME, game)
        cache["first_turn"] = (st, run, _phases(game.log, game.events))
    return cache["first_turn"]


def _phases(log: list, events: list) -> list[Phase]:
    """The turn's phases from the game's snapshots, each with the rolls made in it (the events up to
    its ("phase", label) marker)."""
    rolls: dict[str, list[Event]] = {}
    current: list[Event] = []
    for e in events:
        if isinstance(e, tuple):
            rolls[e[1]] = current
            current = []
        else:
            current.append(e)
    out, before = [], log[0][2]
    for turn, label, poses, _links in log[1:]:
        if turn != 1:
            break
        out.append(Phase(label, before, poses, rolls.get(label, [])))
        before = poses
    return out


@plan_derivation
def first_turn_fact(plan, what: str, *args):
    """A number the page prints, from turn 1 played again: the game's number, a phase's ships moved,
    shots, dice and hits, a move's distance (full-scale inches) and heading, a roll's faces."""
    st, run, phases = first_turn(plan)
    if what == "game":
        return GAME + 1
    p = phases[args[0]]
    scale = plan.deployment.scale
    if what == "moved":
        return len(p.moved())
    if what == "moved_of":                              # a side's ships that moved
        return sum(1 for i in p.moved() if plan.deployment.placements[i].ship.side == args[1])
    if what == "distance":
        (x0, y0, *_), (x1, y1, *_) = p.before[args[1]], p.after[args[1]]
        return measured(math.hypot(x1 - x0, y1 - y0), scale, plan.options.units)
    if what == "heading":                               # the teacher's handout: degrees
        return round(p.after[args[1]][2]) % 360
    if what == "point":                                 # the pupils' page: the nearest of eight compass points
        return compass_point(p.after[args[1]][2])
    if what in ("shots", "dice", "hits"):
        shots = p.shots()
        # "shots": the ships that rolled (a galley's guns and its bowmen are one ship rolling twice)
        if what == "shots":
            return len({e.ship for e in shots})
        return sum(len(e.faces) if what == "dice" else e.result for e in shots)
    e = p.events[args[1]]
    if what == "face":
        return e.faces[args[2]]
    if what == "rolled":
        return len(e.faces)
    if what == "result":
        return e.result
    raise KeyError(what)


from printgen.game.geometry import EIGHT_POINTS as POINTS  # noqa: E402
from printgen.game.geometry import eight_point as compass_point  # noqa: E402

ARROWS = dict(zip(POINTS, "\u2191\u2197\u2192\u2198\u2193\u2199\u2190\u2196"))   # a point's arrow, as the rose draws it


def measured(table_in: float, scale: float, units: str) -> float:
    """A move on the table as a pupil measures it, in full-scale inches (printgen.units.measured_in:
    to the half inch or the half centimetre, a game inch being 2.5 cm)."""
    from printgen.units import measured_in

    return measured_in(table_in, scale, units)


def first_turn_document(plan, options: Options) -> Drawing:
    """The pages: for each phase of turn 1, what a captain does (the family's steps, in order), beside
    a map at least MAP_W_IN wide zoomed on the phase's action, then what happened in the kit's first
    game with its own dice. In large print the map takes the page's width and the steps go under it."""
    from printgen.registry import system_of
    from printgen.sheets.page.frame import content_box, frame, new_page
    from printgen.sheets.page.words import titled

    st, run, phases = first_turn(plan)
    box = content_box(options)
    writer = _Writer(plan, new_page(options), box, options)
    writer.y = box.y + 24                            # the title's baseline, clear of the frame's rule
    writer.line([Span(_(TITLE))], 14, font="bold")
    writer.rose(box.x + box.w - ROSE / 2 - 4, box.y + 8 + ROSE / 2)
    writer.w = box.w - ROSE - 16                     # the intro beside the compass rose
    writer.intro()
    writer.y = max(writer.y, box.y + 16 + ROSE)
    writer.w = box.w
    if any(framed(p) for p in phases):
        writer.key()
    for k, p in enumerate(phases):
        writer.teach(k, p)
    for n, page in enumerate(writer.pages):
        frame(page, options, plan.scenario.title, _(TITLE), n + 1, len(writer.pages))
    return Drawing(titled(plan.scenario.title, N_("the first turn, shown")), writer.pages,
                   look=system_of(plan.scenario.ruleset),
                   subject="printgen first turn")      # the family's look: each nation's colour and pattern


def framed(p: Phase) -> bool:
    """A phase with a map: one that moved a ship or fired a shot."""
    return p.before != p.after or bool(p.shots())


MAP_W_IN = 4.25                 # a phase's map: this wide (at least 4 inches, so a base reads) ...
MAP_H_IN = 3.0                  # ... and this high; in large print, the page's width
ROSE = 44.0                     # the compass rose's size, points
LARGE_SIZES = {14.0: "title", 10.0: "heading", 9.0: "body", 8.0: "small"}     # the page's sizes in large print


def _large_size(size: float) -> float:
    """A size of the page in large print: its title, headings, body and small words at the scale's."""
    role = LARGE_SIZES.get(size)
    return size if role is None else TYPE.heading + 2 if role == "title" else getattr(TYPE, role)


def zoom(p: Phase, dep, aspect: float, lengths: list[float], idx: list[int]) -> tuple[float, float, float, float]:
    """The part of the table a phase's map shows (x0, y0, x1, y1 in table inches): the ships `idx`
    (the ones its words name: where each was and where it went), with room around them, as wide as
    `aspect` (width / height) asks, inside the table where it can be."""
    pts = [(pose[0], pose[1]) for i in sorted(i for i in idx if i is not None) for pose in (p.before[i], p.after[i])]
    if not pts:
        return 0.0, 0.0, dep.width_in, dep.height_in
    pad = max(max(lengths, default=1.0) * 2.0, 0.06 * max(dep.width_in, dep.height_in))
    x0, x1 = min(x for x, _ in pts) - pad, max(x for x, _ in pts) + pad
    y0, y1 = min(y for _, y in pts) - pad, max(y for _, y in pts) + pad
    least = max(lengths, default=1.0) * 6                # never closer than six bases across
    w, h = max(x1 - x0, least), max(y1 - y0, least / aspect)
    w, h = max(w, h * aspect), max(h, w / aspect)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2

    def inside(c: float, half: float, size: float) -> float:
        return size / 2 if half * 2 >= size else min(max(c, half), size - half)

    cx, cy = inside(cx, w / 2, dep.width_in), inside(cy, h / 2, dep.height_in)
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def clipped(shapes: list, box: tuple[float, float, float, float]) -> list:
    """The map's shapes cut to its frame (the drawing has no clip paths): lines and polygons cut, a
    rectangle narrowed, a ship or a word kept only where it stands inside."""
    from printgen.draw.shapes import Group, Line, Poly, Rect, apply
    from printgen.sheets.page.clip import clip_polygon, clip_segment

    x0, y0, x1, y1 = box
    out: list = []
    for sh in shapes:
        if isinstance(sh, Line):
            seg = clip_segment((sh.x1, sh.y1), (sh.x2, sh.y2), box)
            if seg is not None:
                out.append(dataclasses.replace(sh, x1=seg[0][0], y1=seg[0][1], x2=seg[1][0], y2=seg[1][1]))
        elif isinstance(sh, Rect):
            left, t, r, b = max(sh.x, x0), max(sh.y, y0), min(sh.x + sh.w, x1), min(sh.y + sh.h, y1)
            if r > left and b > t:
                out.append(dataclasses.replace(sh, x=left, y=t, w=r - left, h=b - t))
        elif isinstance(sh, Poly) and sh.closed:
            pts = clip_polygon(list(sh.points), box)
            if len(pts) >= 3:
                out.append(dataclasses.replace(sh, points=tuple(pts)))
        elif isinstance(sh, Poly):
            if all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in sh.points):
                out.append(sh)
        elif isinstance(sh, Group):                  # a ship: kept only whole inside the frame
            corners = [apply(sh.matrix, pt) for it in sh.items if isinstance(it, Rect)
                       for pt in ((it.x, it.y), (it.x + it.w, it.y), (it.x, it.y + it.h), (it.x + it.w, it.y + it.h))]
            corners = corners or [apply(sh.matrix, (0.0, 0.0))]
            if all(x0 <= cx <= x1 and y0 <= cy <= y1 for cx, cy in corners):
                out.append(sh)
        elif hasattr(sh, "x") and hasattr(sh, "y"):
            if x0 <= sh.x <= x1 and y0 <= sh.y <= y1:
                out.append(sh)
        elif hasattr(sh, "cx"):
            if x0 <= sh.cx <= x1 and y0 <= sh.cy <= y1:
                out.append(sh)
    return out


class _Writer:
    """Words and frames down the page (in large print, down as many pages as they take)."""

    def __init__(self, plan, page, box, options: Options):
        self.plan, self.page, self.box, self.measure, self.options = plan, page, box, options.measure, options
        self.pages = [page]
        self.rs = plan.scenario.ruleset
        self.x, self.y, self.w = box.x, box.y + 14, box.w
        self.names = [p.ship.said for p in plan.deployment.placements]
        self.keys = [p.ship.key for p in plan.deployment.placements]
        self.sides = [p.ship.side for p in plan.deployment.placements]
        self.pupils = True                  # the pupils' page: "In this game:" before the narration
        self.dry = False                    # measuring (_height): lines move down, nothing is drawn

    def intro(self) -> None:
        from printgen.sheets.page.words import said

        self.line(said(_("The first turn, phase by phase. For each phase: what a captain does, in order, beside a map "
                         "of the ships it is about; then what happened in one example game on this very table, with "
                         "the dice it rolled.")))
        self.line(said(_("Only two of you? Each takes one side and plays every captain card of that side: in each "
                         "phase, do what a captain does for each of your ships in turn.")))

    def line(self, spans, size: float = 9.0, font: str = "regular", dy: float | None = None,
             indent: float = 0.0) -> None:
        if large():
            size, dy = _large_size(size), None
            indent *= 2
        lead = TYPE.leading if large() else 1.3
        for row in wrap_spans(list(spans), self.w - indent, size, font, large()):
            if not self.dry:
                self.room(size * lead)
                self.page.add(Text(self.x + indent, self.y, tuple(row), size, font=font))
            self.y += dy if dy is not None else size * lead
        self.y += size * 0.2

    def _height(self, write: Callable[[], None], width: float) -> float:
        """How far down `write` (lines of this writer) would go in a column `width` wide; nothing drawn."""
        x, y, w = self.x, self.y, self.w
        self.dry, self.x, self.y, self.w = True, 0.0, 0.0, width
        try:
            write()
            return self.y
        finally:
            self.dry, self.x, self.y, self.w = False, x, y, w

    def room(self, height: float) -> None:
        """A new page unless `height` fits under what the page holds already."""
        if self.y + height > self.box.bottom and self.y > self.box.y + 14 + 1:
            from printgen.sheets.page.frame import new_page

            self.page = new_page(self.options)
            self.pages.append(self.page)
            self.y = self.box.y + 14 + (TYPE.body if large() else 9)

    def key(self) -> None:
        """Before the maps: each nation's look, and what the arrows and lines mean."""
        from printgen.sheets.maps.mini_map import key_line

        size = TYPE.small if large() else 8
        self.room(size * 3)
        self.page.add(*key_line(self.plan.scenario, self.box.x, self.y + size, self.box.w, size))
        self.y += size * 3
        self.key_words()

    def key_words(self) -> None:
        self.line([Span(_("On each map an arrow runs from where a ship was to where it sailed, and a thick arrow "
                          "from a ship to the enemy it rolled its dice at. The ships the words name are named on "
                          "the map; a dotted line joins a name to its ship where there was no room beside it."))], 8)

    def rose(self, cx: float, cy: float) -> None:
        """A compass rose: north up the page, as on the table's map, each point's letter outside it."""
        from printgen.i18n.numbers import compass_letters
        from printgen.sheets.maps.map_parts import arrow

        r = ROSE / 2 - 8
        size = TYPE.small if large() else 8
        for bearing, point in ((0, "N"), (90, "E"), (180, "S"), (270, "W")):
            rad = math.radians(bearing)
            self.page.add(arrow(cx + math.sin(rad) * r / 2, cy - math.cos(rad) * r / 2, r, bearing,
                                role="arrow", width=1.2 if point != "N" else 2.0, tag="rose"))
            letters = compass_letters(point, self.measure.lang) if self.measure.lang != "en" else point
            self.page.add(Text(cx + math.sin(rad) * (r + 5), cy - math.cos(rad) * (r + 5) + size * 0.35,
                               (Span(letters),), size, font="bold", anchor="middle", tag="rose"))

    def teach(self, k: int, p: Phase) -> None:
        """A phase: its name; what a captain does beside its map (under it in large print); what happened."""
        from printgen.registry import system_of
        from printgen.sheets.plays.steps import anchored_sides

        self.y += 4
        steps = system_of(self.rs).captain_steps(self.rs, p.label, self.measure, anchored_sides(self.rs, self.plan))
        head = self.heading(k, p)
        if not framed(p) and steps and not p.changed():    # the rule first, then what this game did, as in
            self.line(head, 10, font="bold")                   # the phases with a map
            self.steps(steps)
            self.line([Span(_("In this game nothing happened in this phase: no ship moved or rolled."))])
            return
        if not framed(p):
            self.phase_head(head, p.changed(), quiet=not steps)
            self.steps(steps)
            if p.changed():
                self.happened(k, p)
            return
        size = _large_size(10) if large() else 10
        if large():
            self.room(size * 1.5 + self.box.w * 0.6 + 10)
        else:       # the phase whole on one page where a page holds it: its map, the steps beside it, the example
            w, h = MAP_W_IN * 72, MAP_H_IN * 72
            beside = self._height(lambda: self.steps(steps), self.box.w - w - 12)
            under = self._height(lambda: self.happened(k, p), self.box.w)
            whole = size * 1.5 + max(h + 6, beside + 2) + under + 10
            self.room(min(whole, self.box.bottom - self.box.y - 30))
        self.phase_head(head, True)
        if large():
            w = self.box.w
            h = min(w * 0.66, self.box.h * 0.55)
            self.map(k, p, self.box.x, self.y - size * 0.6, w, h)
            self.y += h + TYPE.body * 1.6
            self.steps(steps)
        else:
            w, h = MAP_W_IN * 72, MAP_H_IN * 72
            top, page = self.y, self.page
            self.map(k, p, self.box.x, top - 6, w, h)
            self.x, self.w = self.box.x + w + 12, self.box.w - w - 12
            self.y = top + 2
            self.steps(steps)
            self.x, self.w = self.box.x, self.box.w
            if self.page is page:       # (steps that ran onto the next page go on under their own end there)
                self.y = max(self.y, top - 6 + h + 12)
        self.happened(k, p)

    def steps(self, steps: list) -> None:
        """The family's steps, numbered, under "What a captain does"."""
        if not steps:
            return
        self.line([Span(_("What a captain does:"))], 9, font="bold")
        for n, spans in enumerate(steps, start=1):
            self.line([Span(str(n), "bold", ("meta", "step", n), "count"), Span(". "), *spans], indent=4)

    def fact(self, what: str, *args, kind: str = "count", font: str = "bold") -> Span:
        """A number of the turn as first_turn_fact gives it, traced to it (the check plays the turn again)."""
        from printgen.rules.printed import fmt

        value = first_turn_fact(self.plan, what, *args)
        return Span(fmt(value, kind, self.measure), font, ("first_turn_fact", what, *args), kind)

    def faces(self, key: str) -> list[Span]:
        """The faces a rule entry gives, traced to the ruleset, with its mark where the rule is not the
        source's (on this pupils' page, its symbol)."""
        from printgen.rules.printed import fmt
        from printgen.rules.provenance import mark_spans

        return [Span(fmt(lookup(self.rs, key), "faces", self.measure), "", ("rule", key), "faces"),
                *mark_spans(self.rs, key, self.plan.scenario)]

    def ship(self, i: int, article: bool = True, initial: bool = False) -> list[Span]:
        """A ship's name, with its nation where another ship of the table has the same name; in a
        sentence with the article its name takes in the reader's language ("le Goliath", "la Diane")."""
        from printgen.i18n import article as article_of

        name = Span(self.names[i], "bold", ("fleet", self.keys[i], "name"), "text")
        ship = self.plan.deployment.placements[i].ship
        said = article_of(self.names[i], ship.gender_in(LANG.get()), LANG.get(), initial) if article else ""
        words = [Span(said), name] if said else [name]
        return [*words, Span(f" ({_(ship.nation)})")] if self.names.count(self.names[i]) > 1 else words

    def heading(self, k: int, p: Phase) -> list[Span]:
        from printgen.sheets.page.words import said

        return list(said(_("Phase %(number)s: %(phase)s"), "bold", number=Span(str(k + 1), "bold", ("meta", "phase"),
                                                                                "count"), phase=_(p.label)))

    def phase(self, k: int, p: Phase) -> None:
        self.y += 3
        head = self.heading(k, p)
        self.phase_head(head, p.changed())
        if p.changed():
            self.happened(k, p)

    def happened(self, k: int, p: Phase) -> None:
        """What the ships did in the phase of the kit's first game, with every die."""
        if self.pupils:
            self.line([Span(_("In this game:"))], 9, font="bold")
        moved = p.moved()
        chosen = _examples(moved, self.plan)
        for side in dict.fromkeys(self.sides[i] for i in moved):      # each side's examples under its own heading
            one = first_turn_fact(self.plan, "moved_of", k, side) == 1
            examples = [i for i in chosen if self.sides[i] == side]
            message = (_("%(side)s: the captains %(policy)s; %(count)s ship moves.") if one or not examples else
                       _("%(side)s: the captains %(policy)s; %(count)s ships move. For example:"))
            self.line(self.said(message,
                                side=Span(_(self.rs.sides[side].name), "bold", ("label", f"sides.{side}.name"),
                                          "label"),
                                policy=self.policy(side), count=self.fact("moved_of", k, side)))
            for i in examples:
                sails = self.said(_("%(ship)s sails %(distance)s and ends pointing %(point)s %(arrow)s."),
                                  ship=self.ship(i, initial=True),
                                  distance=self.fact("distance", k, i, kind="distance"),
                                  point=self.fact("point", k, i, kind="compass"),
                                  arrow=ARROWS[first_turn_fact(self.plan, "point", k, i)])
                self.line([Span("\u2022 "), *sails], indent=8)
        shots = p.shots()
        if shots:                      # the whole first, then the shots of both sides (under no side's heading)
            total = sum(e.result for e in shots)
            one = singular_for                 # two counts: each one by the reader's plural rule
            message = {(True, True): _("In all: %(ships)s ship rolls %(dice)s dice and score %(hits)s hit. A bold die "
                                       "is a hit."),
                       (True, False): _("In all: %(ships)s ship rolls %(dice)s dice and score %(hits)s hits. A bold "
                                        "die is a hit."),
                       (False, True): _("In all: %(ships)s ships roll %(dice)s dice and score %(hits)s hit. A bold die "
                                        "is a hit."),
                       (False, False): _("In all: %(ships)s ships roll %(dice)s dice and score %(hits)s hits. A bold "
                                         "die is a hit.")}[(one(len({e.ship for e in shots})), one(total))]
            self.line(self.said(message, ships=self.fact("shots", k), dice=self.fact("dice", k),
                                hits=self.fact("hits", k)))
            if len(shots) > EXAMPLES:          # the readers looked for the other ships' dice in the list
                self.line([Span(_("For example:"))])
        for n in sorted(sorted(range(len(shots)), key=lambda n: (-shots[n].result, n))[:EXAMPLES]):
            self.line(self._shot(k, p, shots[n]), indent=8)
        for e in p.events:
            if e not in shots:
                self.line(self._roll(k, p, e), indent=8)

    def phase_head(self, head: list[Span], changed: bool, quiet: bool = True) -> None:
        """A phase's name: a heading over what happened, or the line that says nothing did."""
        if changed or not quiet:
            self.line(head, 10, font="bold")
            if not changed:
                self.line([Span(_("In this game nothing happened in this phase: no ship moved or rolled."))])
        else:
            self.line([*head, Span(_(QUIET))])

    def _shot(self, k: int, p: Phase, e: Event) -> list[Span]:
        """One ship's dice against an enemy: how many, the range, the faces that hit, each die."""
        at = p.events.index(e)
        band = e.rule.rpartition(".")[0]
        rolls = ngettext("%(ship)s rolls %(dice)s die at %(target)s", "%(ship)s rolls %(dice)s dice at %(target)s",
                         len(e.faces))            # (a ship with one gun: Lake Erie's gunboats)
        words = [Span("\u2022 "), *self.said(rolls, ship=self.ship(e.ship, initial=True),
                                           dice=self.fact("rolled", k, at),
                                           target=self.ship(e.other)), Span(" (")]
        try:
            name = _(self.rs.label(band))           # in a sentence, in small letters outside English ("longue")
            words += [Span(name, "", ("label", band), "label") if LANG.get() == "en" else
                      Span(name.lower(), "", ("label", band), "lower"), Span(_(": "))]
        except (KeyError, AttributeError, ValueError):
            pass
        needed = lookup(self.rs, e.rule)
        words += [*self.said(_("hits on %(faces)s"), faces=self.faces(e.rule)), Span(")" + _(": "))]
        for j, f in enumerate(e.faces):
            words += [self.fact("face", k, at, j, font="bold" if f in needed else ""),
                      Span(" " if j < len(e.faces) - 1 else "")]
        return words + [Span(", "), *self.said(ngettext("%(hits)s hit.", "%(hits)s hits.", e.result),
                                               hits=self.fact("result", k, at))]

    def _roll(self, k: int, p: Phase, e: Event) -> list[Span]:
        """Another roll of the phase (the wind, a grapple, an in-irons check, morale): who rolled, what,
        and the faces it needed."""
        at = p.events.index(e)
        done = DONE.get(e.rule.rpartition(".")[2])
        if not e.faces and done is not None and e.ship is not None and e.other is not None:
            return [Span("\u2022 "), *self.said(_(done), ship=self.ship(e.ship),
                                                 other=self.ship(e.other))]
        who = self.ship(e.ship, initial=True) if e.ship is not None else [Span(_("The umpire"))]
        faces: list[Span] = []
        for j in range(len(e.faces)):
            faces += [self.fact("face", k, at, j, font=""),     # not bold: "a bold die is a hit" (a wind roll is not)
                      Span(_(" and ") if j < len(e.faces) - 1 else "")]
        what = _(e.rule.rpartition(".")[2].replace("_", " "))
        said = (self.said(_("%(ship)s and %(other)s touch: a roll of %(faces)s"), ship=who, other=self.ship(e.other),
                          faces=faces) if e.other is not None else
                self.said(_("%(ship)s rolls %(faces)s"), ship=who, faces=faces))
        ends = (self.said(_(" (%(what)s on %(faces)s)."), what=what, faces=self.faces(e.rule)) if e.result else
                self.said(_(" (%(what)s on %(faces)s: no)."), what=what, faces=self.faces(e.rule)))
        return [Span("\u2022 "), *said, *ends]

    @staticmethod
    def said(message: str, **values) -> list[Span]:
        from printgen.sheets.page.words import said

        return list(said(message, **values))

    def policy(self, side: str) -> str:
        st = first_turn(self.plan)[0]
        return _(POLICY_WORDS.get(st.policies[side].name, HABIT))

    def map(self, k: int, p: Phase, x: float, y: float, w: float, h: float, size: float | None = None) -> None:
        """The phase's map in the box (x, y, w, h): the part of the table where ships moved and fired,
        zoomed as far as that allows; moves as arrows, shots as thick lines, the ships the words name
        named beside their bases; framed, with the compass letter N at its top."""
        from printgen.draw.shapes import Rect
        from printgen.sheets.maps.map_parts import MapView, arrow
        from printgen.sheets.maps.mini_map import Pose, mini_map

        dep = self.plan.deployment
        pl = dep.placements
        named = self.named(p)
        lengths = [q.length_in for q in pl]
        if named:                                # the action around the first ship named, not the whole line
            fx, fy = p.after[named[0]][:2]
            near = max(lengths) * 10
            named = [i for i in named if math.hypot(p.after[i][0] - fx, p.after[i][1] - fy) <= near]
        x0, y0, x1, y1 = zoom(p, dep, w / h, lengths, named)
        kk = min(w / (x1 - x0), h / (y1 - y0))
        view = MapView(x - x0 * kk, y - (dep.height_in - y1) * kk, kk, dep.width_in, dep.height_in)
        poses = [Pose(a[0], a[1], a[2], q.length_in, q.width_in, q.ship.nation, bool(a[4]))
                 for a, q in zip(p.after, pl)]
        moves = [(i, Pose(*p.before[i][:3], pl[i].length_in, pl[i].width_in, pl[i].ship.nation)) for i in p.moved()]
        shots = [(e.ship, e.other) for e in p.shots()]
        shapes = mini_map(self.plan.scenario, dep, view, poses, moves, shots, focus=set(named), wind=False)
        for i, before in moves:                      # an arrow's head where the line meets the ship's base
            (ax, ay), (bx, by) = view.pt(before.x, before.y), view.pt(poses[i].x, poses[i].y)
            run = math.hypot(bx - ax, by - ay)
            base = max(pl[i].width_in, min(pl[i].length_in, pl[i].width_in * 1.5)) * kk / 2
            if run > base + 6:
                bearing = math.degrees(math.atan2(bx - ax, ay - by)) % 360
                head = min(12.0, run - base)
                sx, sy = math.sin(math.radians(bearing)), -math.cos(math.radians(bearing))
                shapes.append(arrow(bx - sx * (base + head / 2), by - sy * (base + head / 2), head, bearing,
                                    role="arrow", width=1.0, tag="move-head"))
        from printgen.draw import fonts

        size = size or (TYPE.small if large() else 8)
        # Every base's box is taken before any name is placed: a name never covers a ship (the 11-year-old
        # reader found names over other ships' bases), nor another name; spots further out are tried after.
        taken: list[tuple[float, float, float, float]] = [_base_box(view, q) for q in poses]
        for i in named:                              # the name over the base (else under, beside), clear of the rest
            px, py = view.pt(poses[i].x, poses[i].y)
            half = max(pl[i].length_in, pl[i].width_in) * kk / 2
            words = tuple(self.ship(i))
            tw = fonts.width("".join(w.text for w in words), size, "bold")
            sx, sy, far = name_spot((px, py), half, tw, size, taken, (x, y, x + w, y + h))
            taken.append((sx - tw / 2 - 1, sy - size, sx + tw / 2 + 1, sy + 2))
            shapes.append(Text(sx, sy, words, size, font="bold", anchor="middle", tag="map-name"))
            if far:           # a name set apart from its ship is joined to it (a reader looked for it under the name)
                shapes.append(leader((sx - tw / 2 - 1, sy - size, sx + tw / 2 + 1, sy + 2), (px, py)))
        self.page.add(*clipped(shapes, (x, y, x + w, y + h)))
        self.page.add(Rect(x, y, w, h, "outline", tag="map-frame"))

    def named(self, p: Phase) -> list[int]:
        """The ships the phase's words name (the examples that sail, the ships that fire and their targets)."""
        shots = p.shots()
        chosen = sorted(sorted(range(len(shots)), key=lambda n: (-shots[n].result, n))[:EXAMPLES])
        out: list[int | None] = list(_examples(p.moved(), self.plan))
        for n in chosen:
            out += [shots[n].ship, shots[n].other]
        return list(dict.fromkeys(i for i in out if i is not None))


AROUND = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))     # above, below, beside, corners


NEAR = 1.6      # a name within this many of its steps out from the base sits beside it; further, a leader joins them


def name_spot(at: tuple[float, float], half: float, tw: float, size: float, taken: list,
              frame: tuple) -> tuple[float, float, bool]:
    """Where a ship's name goes on a first-turn map: the nearest spot around its base (at its middle `at`,
    `half` its half length) whose box is clear of every box `taken` and inside the frame; nowhere clear,
    the spot that covers least. And whether it stands apart from the ship (then a leader joins them)."""
    x0, y0, x1, y1 = frame
    px, py = at
    spots = [(px + dx * (half + tw / 2 + 3) * r, py + size * 0.35 + dy * (half + size) * r, r)
             for r in (1.0, 1.6, 2.4, 3.4, 4.6, 6.0) for dx, dy in AROUND]
    for sx, sy, r in spots:
        rect = (sx - tw / 2 - 1, sy - size, sx + tw / 2 + 1, sy + 2)
        inside = x0 + 2 <= rect[0] and rect[2] <= x1 - 2 and y0 + 2 <= rect[1] and rect[3] <= y1 - 2
        if inside and not any(rect[0] < q[2] and q[0] < rect[2] and rect[1] < q[3] and q[1] < rect[3] for q in taken):
            return sx, sy, r > NEAR
    sx, sy, r = min(spots, key=lambda q: _covered(q[:2], tw, size, taken, frame))
    return sx, sy, r > NEAR


def leader(box: tuple[float, float, float, float], at: tuple[float, float]) -> Line:
    """A thin line from the nearest point of a name's box to the middle of its ship's base."""
    nx, ny = min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3])
    return Line(nx, ny, at[0], at[1], "map.leader", tag="map-leader")


def _covered(spot, tw: float, size: float, taken: list, frame: tuple) -> float:
    """How much of what is drawn a name at `spot` would cover (area), and any part of it out of the frame."""
    sx, sy = spot
    x0, y0, x1, y1 = sx - tw / 2 - 1, sy - size, sx + tw / 2 + 1, sy + 2
    out = (max(0.0, frame[0] - x0) + max(0.0, x1 - frame[2])
           + max(0.0, frame[1] - y0) + max(0.0, y1 - frame[3])) * 1e6
    return out + sum(max(0.0, min(x1, r[2]) - max(x0, r[0])) * max(0.0, min(y1, r[3]) - max(y0, r[1])) for r in taken)


def _base_box(view, pose) -> tuple[float, float, float, float]:
    """The box on the page around a base as mini_map draws it (at least 5 x 2.5 pt, turned to its heading)."""
    length, beam = max(pose.length * view.k, 5.0), max(pose.width * view.k, 2.5)
    h = math.radians(pose.h)
    ex = length / 2 * abs(math.sin(h)) + beam / 2 * abs(math.cos(h)) + 1.2
    ey = length / 2 * abs(math.cos(h)) + beam / 2 * abs(math.sin(h)) + 1.2
    px, py = view.pt(pose.x, pose.y)
    return (px - ex, py - ey, px + ex, py + ey)


def _examples(moved: list[int], plan) -> list[int]:
    """The ships a phase's words follow: the flagships first, then the fleet's order."""
    ships = [p.ship for p in plan.deployment.placements]
    return sorted(moved, key=lambda i: (not ships[i].flagship, i))[:EXAMPLES]


def first_turn_handout(plan, options: Options):
    """The page as a handout (printgen.sheets.handouts): the same words, a section a phase, and in
    place of each map the table of what it shows (every ship that sailed, every ship that fired)."""
    from printgen.sheets.handouts.model import Handout

    st, run, phases = first_turn(plan)
    writer = _Recorder(plan, options)
    writer.intro()
    writer.framed = [k for k, p in enumerate(phases) if framed(p)]
    for k, p in enumerate(phases):
        writer.phase(k, p)
    return Handout("first-turn", _(TITLE), plan.scenario.title, writer.sections, writer.intro_blocks)


class _Recorder(_Writer):
    """A _Writer that keeps its lines as handout blocks instead of drawing them: a phase's name a
    section's title, a line that starts with a bullet an item of a list."""

    def __init__(self, plan, options: Options):
        from printgen.sheets.page.frame import content_box, new_page

        super().__init__(plan, new_page(options), content_box(options), options)
        self.sections: list = []
        self.intro_blocks: list = []
        self.framed: list[int] = []

    def line(self, spans, size: float = 9.0, font: str = "regular", dy: float | None = None,
             indent: float = 0.0) -> None:
        from printgen.sheets.handouts.html import HEARD
        from printgen.sheets.text.markup import Block

        said = []
        for s in spans:                  # a bold die is a hit: said aloud too, not by its weight alone
            said.append(s)
            if s.font == "bold" and s.source and tuple(s.source[:2]) == ("first_turn_fact", "face"):
                said.append(Span(_(" (a hit)"), HEARD))
        spans = said
        bullet = bool(spans) and spans[0].text == "\u2022 "
        block = Block("bullet", spans[1:]) if bullet else Block("para", spans)
        (self.sections[-1].blocks if self.sections else self.intro_blocks).append(block)

    def phase_head(self, head: list[Span], changed: bool, quiet: bool = True) -> None:
        from printgen.sheets.text.markup import Block, Section

        self.sections.append(Section(head, []))
        if not changed and quiet:
            words = re.sub(r"^[\s:]+", "", _(QUIET))          # the line's words after the phase's name
            self.sections[-1].blocks.append(Block("para", [Span(words[:1].upper() + words[1:])]))
        elif not changed:
            self.sections[-1].blocks.append(Block("para", [Span(_("In this game nothing happened in this phase: no "
                                                                 "ship moved or rolled."))]))

    def steps(self, steps: list) -> None:
        """The steps as a numbered list under their heading (the page's numbers are the list's)."""
        from printgen.sheets.text.markup import Block

        if steps:
            self.sections[-1].blocks += [Block("heading", [Span(_("What a captain does:"))], level=4),
                                         *(Block("number", list(spans), level=n) for n, spans in enumerate(steps, 1))]

    def phase(self, k: int, p: Phase) -> None:
        from printgen.registry import system_of
        from printgen.sheets.plays.steps import anchored_sides

        steps = system_of(self.rs).captain_steps(self.rs, p.label, self.measure, anchored_sides(self.rs, self.plan))
        self.phase_head(self.heading(k, p), p.changed() or bool(steps), quiet=not steps)
        self.steps(steps)                                  # the rule first, then what this game did
        if p.changed():
            self.happened(k, p)
        elif steps:
            from printgen.sheets.text.markup import Block

            self.sections[-1].blocks.append(Block("para", [Span(_("In this game nothing happened in this phase: no "
                                                                 "ship moved or rolled."))]))
        if k in self.framed:
            self.sections[-1].blocks += self.map_table(k, p)

    def map_table(self, k: int, p: Phase) -> list:
        """What the phase's map shows, as tables: where every ship that moved sailed and which way it
        ends facing; who fired at whom, with how many dice and hits."""
        from printgen.sheets.text.markup import Block

        out = []
        if moved := p.moved():
            rows = [[[Span(_("Ship"))], [Span(_("Sails"))], [Span(_("Ends pointing"))]]]
            rows += [[self.ship(i, article=False), [self.fact("distance", k, i, kind="distance", font="")],
                      [self.fact("point", k, i, kind="compass", font="")]] for i in moved]
            out += [Block("heading", [Span(_("On the map: every ship that sails"))], level=4),
                    Block("table", rows=rows, header=True)]
        if shots := p.shots():
            rows = [[[Span(_("Ship"))], [Span(_("Fires at"))], [Span(_("Dice"))], [Span(_("Hits"))]]]
            for e in shots:
                at = p.events.index(e)
                assert e.ship is not None and e.other is not None              # a shot: who fired, at whom
                rows.append([self.ship(e.ship, article=False), self.ship(e.other, article=False),
                             [self.fact("rolled", k, at, font="")],
                             [self.fact("result", k, at, font="")]])
            out += [Block("heading", [Span(_("On the map: every ship that fires"))], level=4),
                    Block("table", rows=rows, header=True)]
        return out
