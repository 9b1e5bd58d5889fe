"""The map's legend, as blocks of a fixed width that the page stacks beside or below the map:
setting up; the wind edges and what they mean, with wind and drift (rules that steer by coloured
edges), or the wind and what its angle means (rules that steer by it); the ships; the scale."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.draw import fonts
from printgen.draw.shapes import Group, Rect, Shape, Span, Text, translate
from printgen.draw.theme import TYPE, pattern_name
from printgen.game.deploy import Deployment
from printgen.i18n import LANG, N_, _
from printgen.options import Options
from printgen.registry import system_of
from printgen.rules.provenance import mark_spans
from printgen.sheets.maps.map_parts import Grid, MapView, scale_bar
from printgen.sheets.page.words import said, scale_text
from printgen.sheets.pieces.sprites import star_shape

WIDTH = 160.0
TITLE, BODY, LEAD = 8.5, TYPE.small, 9.4


@dataclass
class Block:
    title: str
    width: float = WIDTH
    shapes: list[Shape] = field(default_factory=list)
    y: float = TITLE + 3                               # next free baseline offset

    def __post_init__(self):
        from printgen.sheets.text.textfit import fit_size

        size = fit_size(self.title, self.width, TITLE, "bold")
        self.shapes.append(Text(0, TITLE, (Span(self.title),), size, font="bold"))
        self.y = TITLE + 3 + LEAD

    def line(self, spans: tuple[Span, ...], indent: float = 0.0, font: str = "regular", role: str = "text") -> None:
        """Spans wrapped at spaces to the block's width (a traced number is never split). A row that
        one unbreakable span makes too long for its indent starts at the block's edge instead; only
        one too long for the block shrinks, in bold (small regular type does not survive a copy)."""
        for row in wrap_spans(spans, self.width - indent, BODY, font):
            w = sum(fonts.width(s.text, BODY, s.font or font) for s in row)
            x, size, face = indent, BODY, font
            if w > self.width - indent:
                x = 0.0 if w <= self.width else indent
                if w > self.width - x:
                    face = "bold"
                    size = BODY * (self.width - x) / sum(fonts.width(s.text, BODY, s.font or face) for s in row) * 0.99
            self.shapes.append(Text(x, self.y, row, size, role=role, font=face))
            self.y += LEAD

    def wrapped(self, words: str, indent: float = 0.0, role: str = "text.muted") -> None:
        self.line((Span(words),), indent, role=role)

    @property
    def height(self) -> float:
        return self.y - LEAD + 4

    def at(self, x: float, y: float) -> Group:
        return Group(tuple(self.shapes), translate(x, y), tag=f"legend:{self.title}")


def wrap_spans(spans: tuple[Span, ...], width: float, size: float, font: str = "regular") -> list[tuple[Span, ...]]:
    """Greedy wrap of a row of spans: plain spans break at spaces, traced spans stay whole."""
    pieces: list[Span] = []
    for s in spans:
        if s.source is not None:
            pieces.append(s)
            continue
        words = s.text.split(" ")
        for i, word in enumerate(words):
            text = word + (" " if i < len(words) - 1 else "")
            if text:
                pieces.append(Span(text, s.font))
    rows: list[list[Span]] = [[]]
    x = 0.0
    for k, piece in enumerate(pieces):
        w = fonts.width(piece.text, size, piece.font or font)
        # the run that cannot break: this piece and the ones glued to it ("(" + a traced mark + ")")
        run, j = piece.text, k
        while not pieces[j].text.endswith(" ") and j + 1 < len(pieces):
            j += 1
            run += pieces[j].text
        trimmed = fonts.width(run.rstrip(" "), size, piece.font or font)
        if rows[-1] and x + trimmed > width and rows[-1][-1].text.endswith(" "):
            rows.append([])
            x = 0.0
        elif (piece.source is not None and len(rows[-1]) > 1 and x + trimmed > width
              and rows[-1][-1].text == "(" and rows[-1][-2].text.endswith(" ")):
            opener = rows[-1].pop()                 # "(" goes with the traced words it opens (a mark)
            rows.append([opener])
            x = fonts.width(opener.text, size, opener.font or font)
        rows[-1].append(piece)
        x += w
    return [tuple(_merge(r)) for r in rows if r]


def _merge(row: list[Span]) -> list[Span]:
    """Adjacent plain spans of one font become one span again (fewer, cleaner text runs)."""
    out: list[Span] = []
    for s in row:
        if out and s.source is None and out[-1].source is None and s.font == out[-1].font:
            out[-1] = Span(out[-1].text + s.text, s.font)
        else:
            out.append(s)
    if out and out[-1].source is None:
        out[-1] = Span(out[-1].text.rstrip(" "), out[-1].font)
    return out


def legend_blocks(scenario, dep: Deployment, options: Options, view: MapView, grid: Grid, ratio: float,
                  width: float = WIDTH) -> list[Block]:
    wind = (system_of(scenario.ruleset).legend_blocks(scenario, dep, options, width)  # the rule family's part
            or [wind_block(scenario, width)])
    return [_setup(scenario, dep, options, width), *wind, _ships(scenario, dep, view, width, options),
            _scale(view, grid, ratio, options, width)]


def _setup(scenario, dep: Deployment, options: Options, width: float) -> Block:
    b = Block(_("Setting up the table"), width)
    m = options.measure
    b.line(said(_("Table: %(north_south)s north to south, %(west_east)s west to east"),
                north_south=Span(m.fmt(dep.height_in / dep.scale), "bold", ("meta", "table", "north_south"), "distance"),
                west_east=Span(m.fmt(dep.width_in / dep.scale), "bold", ("meta", "table", "east_west"), "distance")))
    if abs(dep.scale - 1) > 1e-9:
        b.line(said(_("Every distance is scaled by %(scale)s (rules, bases, table)."),
                    scale=Span(scale_text(dep.scale), "bold", ("meta", "scale"), "text")))
    n = len(dep.placements)
    full = sum(sq.ships for sq in scenario.squadrons.values())
    ships = Span(str(n), source=("meta", "ships"), kind="count")
    if n != full:
        b.line(said(_("Ships: %(ships)s of the %(fleet)s that fought (a smaller battle)"), ships=ships,
                    fleet=Span(str(full), source=("meta", "fleet-ships"), kind="count")))
    else:
        b.line(said(_("Ships: %(ships)s"), ships=ships))
    b.line(said(_("Set-up code: %(seed)s (not a year: the teacher's number for this placing of the ships)."),
                seed=Span(str(dep.seed), source=("meta", "seed"), kind="count")), role="text.muted")
    b.wrapped(_("Place each base by the placement table (next page): measure from the west edge and from the "
                "south edge to the centre of the base, then turn its bow to the heading."))
    return b


def compass_point(point: str, key: str) -> Span:
    """A compass point on a map's legend, in bold: its letters in English ("NW"), in words in another
    language ("noroeste": a child reads the Spanish letters "NO" as "no"), traced to rule `key`."""
    from printgen.i18n import LANG
    from printgen.rules.printed import fmt, rule_words

    if LANG.get() == "en":
        return Span(rule_words(point, "en"), "bold", ("label", key), "label")
    from printgen.units import Measure

    return Span(fmt(point, "compass", Measure(lang=LANG.get())), "bold", ("rule", key), "compass")



def wind_words(point: str) -> str:
    """"wind from the NW" on a map's edge: the point's letters in English, its words in another
    language, the article before it elided ("vent d'ouest") (not traced: the legend traces the wind)."""
    from printgen.i18n import _
    from printgen.rules.printed import rule_words
    from printgen.sheets.page.words import said

    spans = said(_("wind from the %(point)s"), point=compass_point(point, "table.wind_from"))
    return "".join(s.text for s in spans) if spans else rule_words(point, "en")


def wind_block(scenario, width: float) -> Block:
    """The wind alone, for rules that give it no further meaning on the map."""
    rs = scenario.ruleset
    from printgen.rules.printed import rule_words

    b = Block(_("Wind and sailing"), width)
    b.line(said(_("Wind from the %(point)s; north is up the page."),
                point=Span(rule_words(rs.table.wind_from, LANG.get()), "bold", ("label", "table.wind_from"), "label")))
    b.wrapped(_("The table has no coloured edges."))
    return b


def _ships(scenario, dep: Deployment, view: MapView, width: float, options: Options) -> Block:
    b = Block(_("Ships"), width)
    present = {p.ship.nation for p in dep.placements}
    nations = [n for n in scenario.ruleset.nations() if n in present]
    length, beam = dep.base_length_in * view.k, dep.base_width_in * view.k
    scale = min(1.0, 16 / max(length, 1e-9)) if length > 16 else 1.0
    for nation in nations:
        cy = b.y - BODY * 0.35
        w, h = length * scale, beam * scale
        b.shapes.append(Rect(14 - w / 2, cy - h / 2, w, h, f"ship.{nation}"))
        from printgen.i18n.sides import said_here

        side = scenario.ruleset.sides.get(scenario.ruleset.side_of_nation(nation) or "")
        look = system_of(scenario.ruleset).nations.get(nation)
        note = (_(" (%(pattern)s, %(side)s side)") if side and side.name != nation else _(" (%(pattern)s)")) % {
            "pattern": _(pattern_name(look)), "side": said_here(side.name, "adjective") if side else ""}
        b.line((Span(_(nation)), Span(note, font="regular")), indent=32)
    cy = b.y - BODY * 0.35
    b.shapes.append(star_shape(14, cy, 4.0))
    b.line((Span(_("flagship")),), indent=32)
    if not dep.uniform_bases:
        _types(b, scenario.ruleset, dep, view, options)
    b.wrapped(_("Each nation has its pattern, the same on the pieces, the cards and the maps. "
                "Bases are drawn to scale, the triangle at the bow. The number is the ship's row in the "
                "placement table."))
    return b


def _types(b: Block, rs, dep: Deployment, view: MapView, options: Options) -> None:
    """One base a ship type present, drawn to the map's scale, with its size from the ruleset."""
    types = list(dict.fromkeys(p.ship.type for p in dep.placements))
    b.y += 2
    for t in (t for t in rs.types if t in types):
        length, width = rs.types[t].base_in
        w, h = length * dep.scale * view.k, width * dep.scale * view.k
        fit = min(1.0, 26 / max(w, 1e-9))
        cy = b.y - BODY * 0.35
        b.shapes.append(Rect(14 - w * fit / 2, cy - h * fit / 2, w * fit, h * fit, "base", tag=f"type:{t}"))
        size = lambda i: Span(options.measure.fmt_size(rs.types[t].base_in[i]), "bold",  # noqa: E731
                              ("rule", f"types.{t}.base_in.{i}"), "size")
        b.line((Span(_(rs.types[t].name), font="bold"), Span(" "), size(0), Span(" × "), size(1),
                *mark_spans(rs, f"types.{t}.base_in")), indent=32)


def _scale(view: MapView, grid: Grid, ratio: float, options: Options, width: float) -> Block:
    b = Block(_("Scale"), width)
    kind = "count" if float(ratio).is_integer() else "text"
    one = Span("1", source=("meta", "map-unit"), kind="count")
    many = Span(scale_text(ratio), source=("meta", "map-scale"), kind=kind)
    b.line(said(_("Map scale %(one)s : %(ratio)s"), one=one, ratio=many), font="bold")
    said_scale = (N_("%(one)s inch on the map is %(ratio)s inches on the table.") if options.units == "in"
                  else N_("%(one)s cm on the map is %(ratio)s cm on the table."))
    b.line(said(_(said_scale), one=one, ratio=many), role="text.muted")
    b.line(said(_("Grid squares: %(step)s %(unit)s (on the table)"),
                step=Span(grid.label(1), source=("meta", "grid"), kind="count"), unit=grid.unit_word(1)), role="text.muted")
    bar, _w = scale_bar(4, b.y - 4, view, grid, width - 24)
    b.shapes.extend(bar)
    b.y += 16
    return b
