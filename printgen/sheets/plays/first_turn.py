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

from printgen.draw.shapes import Drawing, Span, Text
from printgen.draw.typescale import TYPE, large
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.trace import lookup, plan_derivation
from printgen.sheets.text.wrap import wrap_spans

if TYPE_CHECKING:
    from printgen.play.state import Event  # the engine is imported where a game is played (play/jit.py)

TITLE = N_("The first turn, shown")
GAME = 0                        # the first game of the kit's simulation
EXAMPLES = 3                    # the moves and the shots a phase describes one by one
MAX_FRAMES = 4                  # maps side by side across the page
FRAMES_SHARE = 0.42             # of the page's height, at most, for the row of maps
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
        return round(math.hypot(x1 - x0, y1 - y0) / scale, 1)
    if what == "heading":
        return round(p.after[args[1]][2]) % 360
    if what in ("shots", "dice", "hits"):
        shots = p.shots()
        return len(shots) if what == "shots" else sum(len(e.faces) if what == "dice" else e.result for e in shots)
    e = p.events[args[1]]
    if what == "face":
        return e.faces[args[2]]
    if what == "rolled":
        return len(e.faces)
    if what == "result":
        return e.result
    raise KeyError(what)


def first_turn_document(plan, options: Options) -> Drawing:
    """The page: a small map of each phase that changed the table, in a row, then the words of every
    phase in turn."""
    from printgen.sheets.page.frame import content_box, frame, new_page

    st, run, phases = first_turn(plan)
    page = new_page(options)
    box = content_box(options)
    writer = _Writer(plan, page, box, options)
    from printgen.sheets.page.words import titled

    if large():
        return _large_document(plan, options, writer, phases)
    writer.line([Span(_(TITLE))], 14, font="bold", dy=18)
    writer.intro()
    framed = [k for k, p in enumerate(phases) if p.before != p.after or p.shots()][:MAX_FRAMES]
    if framed:
        words = _Writer(plan, new_page(options), box, options)          # the words' height, measured first
        words.y = 0.0
        for k, p in enumerate(phases):
            words.phase(k, p)
        writer.frames(phases, framed, room=box.bottom - writer.y - words.y - 60)
    for k, p in enumerate(phases):
        writer.phase(k, p)
    frame(page, options, plan.scenario.title, _(TITLE), 1, 1)
    from printgen.registry import system_of

    return Drawing(titled(plan.scenario.title, N_("the first turn, shown")), [page],
                   look=system_of(plan.scenario.ruleset),
                   subject="printgen first turn")      # the family's look: each nation's colour and pattern


def _large_document(plan, options: Options, writer: _Writer, phases: list[Phase]) -> Drawing:
    """The page in large print (draw.typescale.LARGE): the same words and maps at the large sizes,
    the maps two to a row, going on over as many pages as they take."""
    from printgen.registry import system_of
    from printgen.sheets.page.frame import frame
    from printgen.sheets.page.words import said, titled

    writer.y = writer.box.y + 24                     # the title's baseline, clear of the frame's rule
    writer.line([Span(_(TITLE))], 14, font="bold")
    writer.line(said(_("The computer played the first turn of a game on this very table, with its own dice (game "
                       "%(game)s of the games on the teacher's page \u201cHow this scenario plays\u201d). Here is what "
                       "each side decided, phase by phase, and every die rolled."), game=writer.fact("game")))
    framed = [k for k, p in enumerate(phases) if p.before != p.after or p.shots()][:MAX_FRAMES]
    for row in range(0, len(framed), LARGE_FRAMES):
        writer.frames(phases, framed[row:row + LARGE_FRAMES], room=writer.box.h * LARGE_SHARE, key=False)
    if framed:
        writer.key()
    for k, p in enumerate(phases):
        writer.phase(k, p)
    for n, page in enumerate(writer.pages):
        frame(page, options, plan.scenario.title, _(TITLE), n + 1, len(writer.pages))
    return Drawing(titled(plan.scenario.title, N_("the first turn, shown")), writer.pages,
                   look=system_of(plan.scenario.ruleset), subject="printgen first turn")


LARGE_FRAMES = 2                # large print: maps side by side in a row ...
LARGE_SHARE = 0.6               # ... as tall as this share of a page at most
LARGE_SIZES = {14.0: "title", 10.0: "heading", 9.0: "body", 8.0: "small"}     # the page's sizes in large print


def _large_size(size: float) -> float:
    """A size of the page in large print: its title, headings, body and small words at the scale's."""
    role = LARGE_SIZES.get(size)
    return size if role is None else TYPE.heading + 2 if role == "title" else getattr(TYPE, role)


class _Writer:
    """Words and frames down the page (in large print, down as many pages as they take)."""

    def __init__(self, plan, page, box, options: Options):
        self.plan, self.page, self.box, self.measure, self.options = plan, page, box, options.measure, options
        self.pages = [page]
        self.rs = plan.scenario.ruleset
        self.x, self.y, self.w = box.x, box.y + 14, box.w
        self.names = [p.ship.name for p in plan.deployment.placements]
        self.keys = [p.ship.key for p in plan.deployment.placements]
        self.sides = [p.ship.side for p in plan.deployment.placements]

    def intro(self) -> None:
        from printgen.sheets.page.words import said

        self.line(said(_("The computer played the first turn of a game on this very table, with its own dice (game "
                         "%(game)s of the games on the teacher's page \u201cHow this scenario plays\u201d). Here is "
                         "what each side decided, phase by phase, and every die rolled."), game=self.fact("game")))

    def line(self, spans, size: float = 9.0, font: str = "regular", dy: float | None = None,
             indent: float = 0.0) -> None:
        if large():
            size, dy = _large_size(size), None
            indent *= 2
        for row in wrap_spans(list(spans), self.w - indent, size, font, large()):
            if large():
                self.room(size * TYPE.leading)
            self.page.add(Text(self.x + indent, self.y, tuple(row), size, font=font))
            self.y += dy if dy is not None else size * (TYPE.leading if large() else 1.3)
        self.y += size * 0.2

    def room(self, height: float) -> None:
        """Large print: a new page unless `height` fits under what the page holds already."""
        if self.y + height > self.box.bottom and self.y > self.box.y + 14 + 1:
            from printgen.sheets.page.frame import new_page

            self.page = new_page(self.options)
            self.pages.append(self.page)
            self.y = self.box.y + 14 + TYPE.body

    def key(self) -> None:
        """Under the maps: each nation's look, and what the lines mean."""
        from printgen.sheets.maps.mini_map import key_line

        size = TYPE.small if large() else 8
        self.room(size * 3)
        self.page.add(*key_line(self.plan.scenario, self.box.x, self.y, self.box.w, size))
        self.y += size * 1.5
        self.line([Span(_("On each map a brown line runs from where a ship was to where it sailed, and a thick line "
                          "joins a ship to the enemy it rolled its dice at.") if self.options.edition == "color" else
                        _("On each map a thin line runs from where a ship was to where it sailed, and a thick line "
                          "joins a ship to the enemy it rolled its dice at."))], 9)

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

        return [Span(fmt(lookup(self.rs, key), "faces"), "", ("rule", key), "faces"),
                *mark_spans(self.rs, key, self.plan.scenario)]

    def ship(self, i: int) -> list[Span]:
        """A ship's name, with its nation where another ship of the table has the same name."""
        name = Span(self.names[i], "bold", ("fleet", self.keys[i], "name"), "text")
        nation = self.plan.deployment.placements[i].ship.nation
        return [name, Span(f" ({_(nation)})")] if self.names.count(self.names[i]) > 1 else [name]

    def heading(self, k: int, p: Phase) -> list[Span]:
        from printgen.sheets.page.words import said

        return list(said(_("Phase %(number)s: %(phase)s"), "bold", number=Span(str(k + 1), "bold", ("meta", "phase"),
                                                                                "count"), phase=_(p.label)))

    def frames(self, phases: list[Phase], framed: list[int], room: float, key: bool = True) -> None:
        """The framed phases' maps side by side, each captioned with its phase, at most `room` high
        (`key`: the nations' key and the lines' meaning under them)."""
        from printgen.sheets.maps.mini_map import key_line

        dep = self.plan.deployment
        gap = 10.0
        # large print: the row as wide as two maps, so that one map alone is no larger than a pair's
        across = LARGE_FRAMES if large() else len(framed)
        cap, step = (TYPE.body, TYPE.body * TYPE.leading) if large() else (8, 10)
        w = (self.w - gap * (across - 1)) / across
        h = max(72.0, min(w * dep.height_in / dep.width_in, self.box.h * (LARGE_SHARE if large() else FRAMES_SHARE),
                          room))
        w = min(w, h * dep.width_in / dep.height_in)
        x0 = self.box.x + (self.box.w - (w * len(framed) + gap * (len(framed) - 1))) / 2
        if large():
            x0 = self.box.x
        lines = max(len(wrap_spans(self.heading(k, phases[k]), w, cap, "bold")) for k in framed)
        if large():
            self.room(4 + step * lines + h + 14)
        for n, k in enumerate(framed):
            x = x0 + n * (w + gap)
            for j, row in enumerate(wrap_spans(self.heading(k, phases[k]), w, cap, "bold")):
                self.page.add(Text(x, self.y + j * step, tuple(row), cap, font="bold"))
            self._frame(phases[k], x, self.y + 4 + step * lines, w, h)
        self.y += 4 + step * lines + h + 14
        if not key:
            return
        self.page.add(*key_line(self.plan.scenario, x0, self.y - 2, self.box.w, 8))
        self.y += 12
        self.line([Span(_("On each map a brown line runs from where a ship was to where it sailed, and a thick line "
                          "joins a ship to the enemy it rolled its dice at.") if self.options.edition == "color" else
                        _("On each map a thin line runs from where a ship was to where it sailed, and a thick line "
                          "joins a ship to the enemy it rolled its dice at."))], 8)

    def phase(self, k: int, p: Phase) -> None:
        self.y += 3
        head = self.heading(k, p)
        self.phase_head(head, p.changed())
        if not p.changed():
            return
        moved = p.moved()
        for side in dict.fromkeys(self.sides[i] for i in moved):
            one = first_turn_fact(self.plan, "moved_of", k, side) == 1
            self.line(self.said(_("%(side)s captains %(policy)s: %(count)s ship moves.") if one else
                                _("%(side)s captains %(policy)s: %(count)s ships move. For example:"),
                                side=Span(_(self.rs.sides[side].name), "bold"), policy=self.policy(side),
                                count=self.fact("moved_of", k, side)))
        for i in _examples(moved, self.plan):
            sails = self.said(_("%(ship)s sails %(distance)s and ends facing %(heading)s."), ship=self.ship(i),
                              distance=self.fact("distance", k, i, kind="distance"),
                              heading=self.fact("heading", k, i, kind="degrees"))
            self.line([Span("\u2022 "), *sails], indent=8)
        shots = p.shots()
        for n in sorted(sorted(range(len(shots)), key=lambda n: (-shots[n].result, n))[:EXAMPLES]):
            self.line(self._shot(k, p, shots[n]), indent=8)
        if shots:
            total = sum(e.result for e in shots)
            message = {(True, True): _("In all: %(ships)s ship rolls %(dice)s dice and score %(hits)s hit. A bold die "
                                       "is a hit."),
                       (True, False): _("In all: %(ships)s ship rolls %(dice)s dice and score %(hits)s hits. A bold "
                                        "die is a hit."),
                       (False, True): _("In all: %(ships)s ships roll %(dice)s dice and score %(hits)s hit. A bold die "
                                        "is a hit."),
                       (False, False): _("In all: %(ships)s ships roll %(dice)s dice and score %(hits)s hits. A bold "
                                         "die is a hit.")}[(len(shots) == 1, total == 1)]
            self.line(self.said(message, ships=self.fact("shots", k), dice=self.fact("dice", k),
                                hits=self.fact("hits", k)))
        for e in p.events:
            if e not in shots:
                self.line(self._roll(k, p, e), indent=8)

    def phase_head(self, head: list[Span], changed: bool) -> None:
        """A phase's name: a heading over what happened, or the line that says nothing did."""
        if changed:
            self.line(head, 10, font="bold")
        else:
            self.line([*head, Span(_(QUIET))])

    def _shot(self, k: int, p: Phase, e: Event) -> list[Span]:
        """One ship's dice against an enemy: how many, the range, the faces that hit, each die."""
        at = p.events.index(e)
        band = e.rule.rpartition(".")[0]
        rolls = _("%(ship)s rolls %(dice)s die at %(target)s") if len(e.faces) == 1 else \
            _("%(ship)s rolls %(dice)s dice at %(target)s")            # (a ship with one gun: Lake Erie's gunboats)
        words = [Span("\u2022 "), *self.said(rolls, ship=self.ship(e.ship), dice=self.fact("rolled", k, at),
                                           target=self.ship(e.other)), Span(" (")]
        try:
            words += [Span(_(self.rs.label(band)), "", ("label", band), "label"), Span(_(": "))]
        except (KeyError, AttributeError, ValueError):
            pass
        needed = lookup(self.rs, e.rule)
        words += [*self.said(_("hits on %(faces)s"), faces=self.faces(e.rule)), Span(")" + _(": "))]
        for j, f in enumerate(e.faces):
            words += [self.fact("face", k, at, j, font="bold" if f in needed else ""),
                      Span(" " if j < len(e.faces) - 1 else "")]
        return words + [Span(", "), *self.said(_("%(hits)s hit.") if e.result == 1 else _("%(hits)s hits."),
                                               hits=self.fact("result", k, at))]

    def _roll(self, k: int, p: Phase, e: Event) -> list[Span]:
        """Another roll of the phase (the wind, a grapple, an in-irons check, morale): who rolled, what,
        and the faces it needed."""
        at = p.events.index(e)
        done = DONE.get(e.rule.rpartition(".")[2])
        if not e.faces and done is not None and e.ship is not None and e.other is not None:
            return [Span("\u2022 "), *self.said(_(done), ship=self.ship(e.ship), other=self.ship(e.other))]
        who = self.ship(e.ship) if e.ship is not None else [Span(_("The umpire"))]
        faces: list[Span] = []
        for j in range(len(e.faces)):
            faces += [self.fact("face", k, at, j), Span(_(" and ") if j < len(e.faces) - 1 else "")]
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

    def _frame(self, p: Phase, x: float, y: float, w: float, h: float) -> None:
        from printgen.sheets.maps.map_parts import MapView
        from printgen.sheets.maps.mini_map import Pose, mini_map

        dep = self.plan.deployment
        view = MapView(x, y, min(w / dep.width_in, h / dep.height_in), dep.width_in, dep.height_in)
        pl = dep.placements
        poses = [Pose(a[0], a[1], a[2], q.length_in, q.width_in, q.ship.nation, bool(a[4]))
                 for a, q in zip(p.after, pl)]
        moves = [(i, Pose(*p.before[i][:3], pl[i].length_in, pl[i].width_in, pl[i].ship.nation)) for i in p.moved()]
        shots = [(e.ship, e.other) for e in p.shots()]
        self.page.add(*mini_map(self.plan.scenario, dep, view, poses, moves, shots, wind=False))


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
    writer.framed = [k for k, p in enumerate(phases) if p.before != p.after or p.shots()][:MAX_FRAMES]
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

    def phase_head(self, head: list[Span], changed: bool) -> None:
        from printgen.sheets.text.markup import Block, Section

        self.sections.append(Section(head, []))
        if not changed:
            quiet = re.sub(r"^[\s:]+", "", _(QUIET))          # the line's words after the phase's name
            self.sections[-1].blocks.append(Block("para", [Span(quiet[:1].upper() + quiet[1:])]))

    def phase(self, k: int, p: Phase) -> None:
        super().phase(k, p)
        if k in self.framed:
            self.sections[-1].blocks += self.map_table(k, p)

    def map_table(self, k: int, p: Phase) -> list:
        """What the phase's map shows, as tables: where every ship that moved sailed and which way it
        ends facing; who fired at whom, with how many dice and hits."""
        from printgen.sheets.text.markup import Block

        out = []
        if moved := p.moved():
            rows = [[[Span(_("Ship"))], [Span(_("Sails"))], [Span(_("Ends facing"))]]]
            rows += [[self.ship(i), [self.fact("distance", k, i, kind="distance", font="")],
                      [self.fact("heading", k, i, kind="degrees", font="")]] for i in moved]
            out += [Block("heading", [Span(_("On the map: every ship that sails"))], level=4),
                    Block("table", rows=rows, header=True)]
        if shots := p.shots():
            rows = [[[Span(_("Ship"))], [Span(_("Fires at"))], [Span(_("Dice"))], [Span(_("Hits"))]]]
            for e in shots:
                at = p.events.index(e)
                assert e.ship is not None and e.other is not None              # a shot: who fired, at whom
                rows.append([self.ship(e.ship), self.ship(e.other), [self.fact("rolled", k, at, font="")],
                             [self.fact("result", k, at, font="")]])
            out += [Block("heading", [Span(_("On the map: every ship that fires"))], level=4),
                    Block("table", rows=rows, header=True)]
        return out
