"""Blocks a template asks for by name ([track N], [pattern N...], and the rule family's own:
[odds ...], [wind-edges])."""

from __future__ import annotations

from printgen.draw import fonts
from printgen.draw.shapes import Group, translate
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.registry import system_of
from printgen.sheets.text.flow import FLOOR, LAST_RESORT, WRAP_CELLS, Laid, at_least
from printgen.sheets.text.markup import Block


def expander(scenario, options: Options, wording=None):
    """The sheet's `expand`: each block laid out once at a width and size (a sheet tries several
    sizes and layouts; the odds behind a table are worked out once)."""
    rs = scenario.ruleset
    laid: dict[tuple, Laid] = {}

    def expand(block: Block, width: float, size: float) -> Laid:
        key = (tuple(block.args), width, size, FLOOR.get(), WRAP_CELLS.get(), LAST_RESORT.get())
        if key not in laid:
            laid[key] = _expand(block, width, size)
        return Laid(list(laid[key].shapes), laid[key].height)       # the caller's own list

    def _expand(block: Block, width: float, size: float) -> Laid:
        name, args = block.args[0], block.args[1:]
        if name == "track":
            return track_block(rs, wording.objects[int(args[0])], width, size)
        if name == "pattern":
            return pattern_block([wording.objects[int(a)] for a in args], width, size, system_of(rs).nations)
        if name == "approach":                        # the story page's map of the kit's own table
            from printgen.sheets.maps.mini_map import approach_block

            return approach_block(scenario, wording.deployment, width, size)
        laid = system_of(rs).block(rs, name, args, width, size, options, wording)   # [odds ...], [record N]...
        if laid is not None:
            return laid
        raise ValueError(f"templates ask for [{' '.join(block.args)}], which no sheet draws")

    return expand


def track_block(rs, ship, width: float, size: float) -> Laid:
    """One ship's damage tracks to tick off during the game: the name and its row of marks, or,
    for a track a sector, the name once and a labelled row a sector."""
    from printgen.draw.shapes import Span, Text
    from printgen.rules.tracks import tracks
    from printgen.sheets.pieces.tracks import track_shapes

    name = Span(ship.said, "bold", ("fleet", ship.key, "name"), "text")
    rows = tracks(rs, ship)
    out = Laid()
    y = 0.0
    if len(rows) > 1:
        out.shapes.append(Text(0, y + size * 0.95, (name,), at_least(size * 0.95)))
        y += size * 1.3
    label_w = width * (0.42 if len(rows) == 1 else 0.3)
    if len(rows) == 1:                      # a long name pushes its marks right, never under them
        label_w = min(max(label_w, fonts.width(ship.said, at_least(size * 0.95), "bold") + size * 0.8), width * 0.6)
    for t in rows:
        count = Span(f" {t.count}" if len(rows) > 1 else "", source=t.source.to_json() if len(rows) > 1 else None,
                     kind="count")
        first = (name,) if len(rows) == 1 else (Span(t.label.capitalize()), count)
        out.shapes.append(Text(0 if len(rows) == 1 else size, y + size * 1.05, first, at_least(size * 0.95)))
        out.shapes += track_shapes(t, label_w, y, width - label_w, size * 1.6, ship.key)
        y += size * 1.8 if len(rows) == 1 else size * 1.5
    out.height = y
    return out


def pattern_block(ships, width: float, size: float, looks: dict) -> Laid:
    """The pattern of each nation of the ships, as their bases and the maps print it (`looks`: the
    family's nations): a swatch and the words, so a captain matches card, piece and map at a glance."""
    from printgen.draw.shapes import Rect, Span, Text
    from printgen.draw.theme import pattern_name

    nations = list(dict.fromkeys(s.nation for s in ships))
    # in the reader's language: the nation (a fleet's word, not a ship's name) and its pattern's word
    N_("French"), N_("Spanish"), N_("plain"), N_("hatched"), N_("dotted")
    sw, sh = size * 5.0, size * 2.6
    out, x, y = Laid(), 0.0, 0.0
    for nation in nations:
        name = Span(_(nation), "bold")
        rest = _(" ships: %(pattern)s bases") % {"pattern": _(pattern_name(looks.get(nation)))}
        w = sw + size * 0.6 + fonts.width(name.text, size, "bold") + fonts.width(rest, size) + size * 1.5
        if x and x + w > width:                        # next line
            x, y = 0.0, y + sh + size * 0.4
        lines = _beside(rest, width - sw - size * 0.6, fonts.width(name.text, size, "bold"), size)
        top = y + max(sh, len(lines) * size * 1.2) / 2 - (len(lines) - 1) * size * 0.6 + size * 0.36
        out.shapes += [Rect(x, y, sw, sh, f"base.{nation}", tag=f"pattern:{nation}"),
                       *(Text(x + sw + size * 0.6, top + k * size * 1.2, (name, Span(ln)) if k == 0 else (Span(ln),),
                              size) for k, ln in enumerate(lines))]
        if len(lines) > 1:                             # it took the whole width
            x, y = 0.0, y + max(sh, len(lines) * size * 1.2) + size * 0.4
            continue
        x += w
    out.height = y + sh if x or not nations else y - size * 0.4
    from printgen.draw.typescale import large

    if large() and ships:                              # large print: each piece of the pupil's, as it looks
        pieces = pieces_block(ships, width, size)
        out.shapes += [Group(tuple(pieces.shapes), translate(0, out.height + size * 0.6))]
        out.height += size * 0.6 + pieces.height
    return out


def pieces_block(ships, width: float, size: float) -> Laid:
    """Large print: the words "your pieces", then each ship's base as the pieces print it (its nation's
    pattern, a white label with its name in bold, a star for a flagship), side by side as the width
    holds them: a pupil who reads large print finds their own piece on the table by these."""
    from printgen.draw.shapes import Rect, Span, Text
    from printgen.sheets.pieces.ensigns import nation_code
    from printgen.sheets.pieces.sprites import star_shape
    from printgen.sheets.text.flow import paragraph

    out = paragraph([Span(_("Your pieces on the table: find each by its name and its base."))], 0, 0, width, size)
    pad, h = size * 0.6, size * 3.0
    x, y = 0.0, out.height + size * 0.4
    for ship in ships:
        star = size * 0.55 if ship.flagship else 0.0
        name = Span(ship.said, "bold", ("fleet", ship.key, "name"), "text")
        code = "  " + nation_code(ship.nation)
        label_w = (star * 2.6 if star else 0.0) + fonts.width(ship.said + code, size, "bold") + 2 * pad
        w = label_w + 2 * pad
        if x and x + w > width:
            x, y = 0.0, y + h + size * 0.5
        top = y + (h - size * 1.6) / 2
        out.shapes += [Rect(x, y, w, h, f"base.{ship.nation}", tag=f"piece:{ship.key}"),
                       Rect(x + pad, top, label_w, size * 1.6, "label", radius=2),
                       Text(x + 2 * pad + (star * 2.6 if star else 0.0), top + size * 0.8 + size * 0.36,
                            (name, Span(code, "bold")), size, font="bold")]
        if star:
            out.shapes.append(star_shape(x + 2 * pad + star * 1.1, top + size * 0.8, star))
        x += w + size
    out.height = y + h
    return out


def _beside(rest: str, room: float, first: float, size: float) -> list[str]:
    """The words after the nation's name in lines of `room` points (the first after the name, `first`
    wide): one line, as it is, when it fits (English always does; a translation may run longer)."""
    if first + fonts.width(rest, size) <= room:
        return [rest]
    lines: list[str] = []
    line = ""
    for i, word in enumerate(rest.split(" ")):
        trial = f"{line} {word}" if line or (i and not lines) else word      # the first line keeps its lead
        if fonts.width(trial, size) > room - (0 if lines else first) and line.strip():
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line]
