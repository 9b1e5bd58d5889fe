"""What a handout gives in place of a sheet's pictures ([directive] blocks of a template): words and
tables of the same traced numbers. A damage track is its count, a side's pattern its words, the
approach map the table of where each ship starts; the rule family answers for its own blocks (an
odds chart as its table, a diagram in words: RuleSystem.block_text)."""

from __future__ import annotations

from collections.abc import Callable

from printgen.draw.shapes import Span
from printgen.i18n import N_, _, ngettext, slots
from printgen.options import Options
from printgen.registry import system_of
from printgen.sheets.text.markup import Block

# A track's marks as the words count them (printgen.rules.tracks.Track.shape), one and many
MARKS = {"circle": lambda n: ngettext("%(label)s: %(count)s circle to tick", "%(label)s: %(count)s circles to tick", n),
         "box": lambda n: ngettext("%(label)s: %(count)s box to tick", "%(label)s: %(count)s boxes to tick", n)}


def said(message: str, **values) -> list[Span]:
    """A translated message's pieces as spans, each value a span or a list of them."""
    given = {k: [v] if isinstance(v, Span) else list(v) for k, v in values.items()}
    return [Span(p) if isinstance(p, str) else p for p in slots(message, given)]


def expander(scenario, options: Options, wording) -> Callable[[Block], list[Block]]:
    """The handout's blocks for each [directive] of the template (the sheet's `expander` draws them)."""
    rs = scenario.ruleset

    def expand(block: Block) -> list[Block]:
        name, args = block.args[0], block.args[1:]
        if name == "track":
            return track_text(rs, wording.objects[int(args[0])])
        if name == "pattern":
            return pattern_text([wording.objects[int(a)] for a in args], system_of(rs).nations)
        if name == "approach":
            return placement_text(rs, wording)
        family = system_of(rs)
        found = family.block_text(rs, name, args, options, wording)
        if found is not None:
            return found
        drawn = family.block(rs, name, args, WIDTH, SIZE, options, wording)    # a family that words it not:
        if drawn is not None:                                                  # the words its drawing prints
            return drawn_words(drawn.shapes)
        raise ValueError(f"templates ask for [{' '.join(block.args)}], which no handout words")

    return expand


WIDTH, SIZE = 400.0, 10.0          # points: where a block with no words of its own is drawn, to be read


def drawn_words(shapes) -> list[Block]:
    """The words a drawing prints (its traced numbers among them), a paragraph a line, top to bottom
    and left to right: a family's picture that has no words of its own for a handout."""
    from printgen.draw.shapes import Group, Text, apply, compose

    found: list[tuple[float, float, tuple[Span, ...]]] = []

    def walk(items, m) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.items, compose(m, item.matrix))
            elif isinstance(item, Text) and "".join(s.text for s in item.spans).strip():
                x, y = apply(m, (item.x, item.y))
                found.append((round(y, 1), x, item.spans))

    walk(shapes, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    lines: list[list[Span]] = []
    last = None
    for y, _x, spans in sorted(found, key=lambda t: (t[0], t[1])):
        if last is None or abs(y - last) > 1.0:
            lines.append([])
        elif lines[-1]:
            lines[-1].append(Span(" "))
        lines[-1] += [Span(s.text, s.font, s.source, s.kind) for s in spans]     # no table here: no row or column
        last = y
    return [Block("para", line) for line in lines]


def expanded(blocks: list[Block], expand: Callable[[Block], list[Block]]) -> list[Block]:
    return [b for block in blocks for b in (expand(block) if block.kind == "directive" else [block])]


def ship_name(ship) -> Span:
    return Span(ship.said, "bold", ("fleet", ship.key, "name"), "text")


def track_text(rs, ship) -> list[Block]:
    """A ship's damage tracks as counts: its name and the marks to tick, a line a track."""
    from printgen.rules.tracks import tracks

    rows = tracks(rs, ship)
    out = []
    for t in rows:
        label: list[Span] = [ship_name(ship)] if len(rows) == 1 else [ship_name(ship), Span(" "), Span(_(t.label))]
        count = Span(str(t.count), "", tuple(t.source.to_json()), "count")
        out.append(Block("bullet", said(MARKS.get(t.shape, MARKS["circle"])(t.count), label=label, count=count)))
    return out


def pattern_text(ships, looks: dict) -> list[Block]:
    """What each nation's bases look like, in the words the card prints beside its swatch."""
    from printgen.draw.theme import pattern_name

    nations = list(dict.fromkeys(s.nation for s in ships))
    words = _(" ships: %(pattern)s bases")
    return [Block("para", [Span(_(n), "bold"), Span(words % {"pattern": _(pattern_name(looks.get(n)))})])
            for n in nations]


def placement_text(rs, wording) -> list[Block]:
    """The approach map as its placement table: each ship of the kit's table, its side, where it
    starts (from the west and south edges) and the way it faces, written and traced as the captains'
    cards write them (the template's own pos())."""
    from printgen.sheets.text.wording import to_spans

    dep = wording.deployment
    if dep is None:
        return []
    head = [[Span(_(w))] for w in (N_("Ship"), N_("Side"), N_("From west"), N_("From south"), N_("Facing"))]
    rows = [head]
    for p in dep.placements:
        rows.append([to_spans(wording.ship(p.ship), wording), [Span(_(rs.sides[p.ship.side].name))],
                     *(to_spans(wording.pos(p.ship, what), wording) for what in ("x", "y", "heading"))])
    return [Block("heading", [Span(_("Where each ship starts"), "bold")], level=4),
            Block("table", rows=rows, header=True), Block("note", [Span(_("From the west and south edges to the base's centre."))])]
