"""Paper ship sprites: one piece a ship, packed onto pages.

A piece, top to bottom: glue tab, the ship's far side (upside down), the fold at the mastheads,
the near side, glue tab, then the base (bases.length_in x bases.width_in of the ruleset, at
scale) with one hit circle per hit point. Cut the piece out, fold the two sides back to back
at the mastheads, fold the tabs out and glue them on the base's centre strip, bow over the
arrows: the ship stands on its base and reads from both sides."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from printgen.draw.shapes import Drawing, Group, LazyPages, Line, Page, Poly, Rect, Shape, Span, Symbol, Text, translate
from printgen.draw.theme import TYPE, pattern_name
from printgen.errors import PrintgenError, Problem
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.registry import system_of
from printgen.rules.tracks import tracks
from printgen.sheets.page.frame import MARGIN, content_box, frame, new_page, notes_width
from printgen.sheets.page.words import titled
from printgen.sheets.pieces.ensigns import nation_code
from printgen.sheets.pieces.pack import grid
from printgen.sheets.pieces.sprites import craft_legend, glue_area, star_symbol
from printgen.sheets.pieces.tracks import track_shapes
from printgen.sheets.text.textfit import fit_size
from printgen.systems.broadside.profile import profile_symbol

HOW_TO = (N_("Cut out each piece on its solid outline; cut the base off."),
          N_("Fold at the mastheads (dash-dot), sides back to back; glue."),
          N_("Fold the two grey tabs outwards along their dash-dot lines; glue them on the base's grey strip, "
             "bow over the arrows."),
          N_("The circles on a base show how many hits the ship can take: tick hits on its captain card, not on the "
             "base."))


def name_min() -> float:
    """A name on a piece never prints smaller, at any scale: it takes two lines (the type scale's:
    7 pt, 12 pt on the large-print pieces)."""
    return TYPE.piece_name_min


HIT_MIN = 7.5                      # the least height of a base's hit-track strip (circles a pencil can tick)
LEAD = 1.05                        # a two-line name's line spacing (in ems)
LABEL = 1.3                        # the white label round a name on the base (its height in ems, a line's)


@dataclass(frozen=True)
class PieceSize:
    """Piece geometry in points; everything follows from the base length, but for the words, which
    keep their size on a small table (the hull's name band and the base's name strip grow for them)."""
    w: float               # base length = piece width
    base_h: float          # base width
    profile_h: float
    tab: float
    sea: float             # the name band at the foot of each side
    strip: float = 0.0     # the base's name strip (0: as tall as its hit-track strip)

    @property
    def h(self) -> float:
        return 2 * self.tab + 2 * self.profile_h + self.base_h

    @property
    def name_strip(self) -> float:
        return self.strip or (self.base_h - 2 * self.tab) / 2

    @property
    def hit_strip(self) -> float:
        return self.base_h - 2 * self.tab - self.name_strip


def piece_size(rs, options: Options, ships=(), path=None) -> PieceSize:
    """The pieces of these ships, their bands and strips tall enough for each name at name_min() or more
    (in two lines if need be); a PrintgenError if a name cannot print so on a base of this scale, with
    the smallest scale that prints every name."""
    size, ship = _sized(rs, options.measure, options.scale, ships)
    if size is None:
        smallest = next((k / 100 for k in range(round(options.scale * 100) + 1, 401)       # bounded: up to scale 4
                         if _sized(rs, dataclasses.replace(options.measure, scale=k / 100), k / 100, ships)[0]
                         is not None), None)
        if smallest is None or options.scale >= 1:       # the table is full size: the names are the fleet's to fix
            raise PrintgenError([_too_long(rs, options, s, path) for s in ships
                                 if _sized(rs, options.measure, options.scale, (s,))[0] is None] or
                                [Problem("the ships' names leave the pieces too little room", field="--scale",
                                         fix="use shorter names in ships.csv")])
        what = f"the name '{ship.name}'" if ship is not None else "the ships' names"
        raise PrintgenError(Problem(f"at scale {options.scale:g} {what} cannot print at {name_min():g} pt on its "
                                    "piece, "
                                    "the smallest a student reads at arm's length", field="--scale",
                                    fix=f"use --scale {smallest:g} or more (a larger --table)"))
    return size


def _too_long(rs, options: Options, ship, path) -> Problem:
    """A name no piece of this scale prints at name_min(): the ship's line, and how short it must be."""
    most = next((k for k in range(len(ship.name) - 1, 0, -1)                   # bounded by the name's length
                 if _sized(rs, options.measure, options.scale, (dataclasses.replace(ship, name=ship.name[:k]),))[0]
                 is not None), 1)
    return Problem(f"the name '{ship.name}' ({len(ship.name)} characters) does not fit its piece at {name_min():g} pt, "
                   "the smallest a student reads at arm's length", file=path, line=ship.line, field="name",
                   fix=f"shorten it to about {most} characters (or use bigger bases in the ruleset)")


def _sized(rs, m, s: float, ships) -> tuple[PieceSize | None, object]:
    """The pieces at scale `s` (measure `m`), or None and the ship whose name does not fit (None: the
    names fit, but leave the hull or the hit track too little room)."""
    w = m.pt(rs.bases.length_in)
    size = PieceSize(w=w, base_h=m.pt(rs.bases.width_in), profile_h=w * 0.66, tab=w * 0.075, sea=w * 0.115)
    sea, strip = size.sea, 0.0
    for ship in ships:
        band, base = _band_name(ship, size, s), _base_name(ship, size, s)
        if band is None or base is None:
            return None, ship
        sea = max(sea, (len(band[1]) - 1) * band[0] * LEAD + band[0] * 1.3 + 2)
        strip = max(strip, (len(base[1]) - 1) * base[0] * LEAD + base[0] * LABEL + 0.6)   # the label, and a little
    size = dataclasses.replace(size, sea=sea, strip=strip if strip > size.name_strip else 0.0)
    if size.hit_strip < HIT_MIN or sea > size.profile_h * 0.4:
        return None, None
    return size, None


_FITTED: dict[tuple[str, float, float, float], tuple[float, list[str]] | None] = {}
FITTED_KEPT = 1 << 12       # a piece asks the same of a name several times (its size, its band, its base)


def _lines(text: str, room: float, largest: float) -> tuple[float, list[str]] | None:
    """The text at the largest size from `largest` down to name_min() at which it fits `room` on one
    line, else on two lines at name_min(); None if not even so."""
    key = (text, room, largest, name_min())
    if key not in _FITTED:
        if len(_FITTED) >= FITTED_KEPT:
            _FITTED.clear()
        _FITTED[key] = _fitted(text, room, largest)
    found = _FITTED[key]
    return found if found is None else (found[0], list(found[1]))


def _fitted(text: str, room: float, largest: float) -> tuple[float, list[str]] | None:
    from printgen.draw import fonts
    from printgen.sheets.text.textfit import wrap

    least = name_min()
    size = fit_size(text, room, max(largest, least), "bold", least)
    if fonts.width(text, size, "bold") <= room + 1e-6:
        return size, [text]
    lines = wrap(text, room, least, "bold")
    if len(lines) == 2 and all(fonts.width(ln, least, "bold") <= room + 1e-6 for ln in lines):
        return least, lines
    for k in range(len(text) - 1, 0, -1):       # a hyphenated name broken after its hyphen ("Duguay-" "Trouin")
        if text[k - 1] == "-" and text[k] != " " and all(fonts.width(ln, least, "bold") <= room + 1e-6
                                                         for ln in (text[:k], text[k:])):
            return least, [text[:k], text[k:]]
    return None


def _name_rows(ship, lines: list[str]) -> list[list[Span]]:
    """The name's spans, a list a line: one traced span, or in two lines each word traced as the
    name's i-th word (the checker reads a wrapped name word by word)."""
    if len(lines) == 1:
        return [[Span(lines[0], source=("fleet", ship.key, "name"), kind="text")]]
    words, rows, i, part = ship.name.split(), [], 0, 0
    for line in lines:
        row: list[Span] = []
        for token in line.split():
            whole = part == 0 and token == words[i]
            source = ("fleet", ship.key, "name", i) if whole else ("fleet", ship.key, "name", i, part)
            row += ([Span(" ")] if row else []) + [Span(token, source=source, kind="text")]
            if whole or not token.endswith("-") or part:     # the word ends here (a hyphen's second part)
                i, part = i + 1, 0
            else:
                part = 1                                     # "Duguay-": the rest begins the next line
        rows.append(row)
    return rows


def _band_code(ship, s: float) -> tuple[str, float, float]:
    """The nation's code on the name band: its text, size and the width it takes."""
    from printgen.draw import fonts

    code = nation_code(ship.nation)
    size = max(TYPE.piece_name * s, name_min())
    return code, size, fonts.width(code, size, "bold") + 2 * s


def _band_star(ship, size: PieceSize) -> float:
    return min(size.sea, size.w * 0.115) * 0.36 if ship.flagship else 0.0


def _band_room(ship, size: PieceSize, s: float) -> tuple[float, float, float]:
    """Where the name goes on a side's band: (left, right, centre), centred on the band where it fits
    between the star and as much room as the code takes, else between the star and the code."""
    star, code_w = _band_star(ship, size), _band_code(ship, s)[2]
    left = star * 2.4 + 2 * s
    if _lines(ship.name, size.w - 2 * left - 2 * code_w, TYPE.piece_name * s) is not None:
        return left + code_w, size.w - left - code_w, size.w / 2
    return left, size.w - code_w, (left + size.w - code_w) / 2


def _band_name(ship, size: PieceSize, s: float) -> tuple[float, list[str]] | None:
    """The name on a side's band, at name_min() or more, in one or two lines (None: it does not fit)."""
    left, right, _ = _band_room(ship, size, s)
    return _lines(ship.name, right - left, TYPE.piece_name * s)


def _base_star(ship, size: PieceSize) -> float:
    return (size.base_h - 2 * size.tab) / 2 * 0.32 if ship.flagship else 0.0


def _base_room(ship, size: PieceSize, s: float) -> float:
    arrow = (size.base_h - 2 * size.tab) / 2 * 0.55
    return size.w - (4 * s + _base_star(ship, size) * 2.3) - arrow - 8 * s


def _base_name(ship, size: PieceSize, s: float) -> tuple[float, list[str]] | None:
    """The name on the base's name strip, right of the star, clear of the bow arrow: with the nation's
    code on its line where both fit at name_min() or more (the code is not printed: `_base` adds it)."""
    room, code = _base_room(ship, size, s), "  " + nation_code(ship.nation)
    with_code = _lines(ship.name + code, room, TYPE.piece_name * s)
    if with_code is not None and len(with_code[1]) == 1:
        return with_code[0], [ship.name]
    return _lines(ship.name, room, TYPE.piece_name * s)


def sprite_sheets(scenario, options: Options) -> Drawing:
    """Fold-over standing ships, packed onto pages."""
    rs = scenario.ruleset
    size = piece_size(rs, options, scenario.fleet.ships, scenario.fleet.path)
    g = grid(content_box(options), size.w, size.h, "ship piece")
    # rows the page holds with the how-to legend under them at its smaller size (not over them); in large
    # print the first page alone says how to make a ship (its words at 14 pt would leave every page one
    # row of pieces)
    brief = bool(TYPE.handled)
    first, later = (_rows(g, size, _how_to_words(options, scenario, how_to_sizes()[-1], short), _notes_foot(options))
                    for short in (False, brief))
    if min(first, later) < 1:
        raise PrintgenError(Problem(f"a ship piece ({size.w / 72:.2f} x {size.h / 72:.2f} in) and the how-to notes "
                                    "do not fit on the page together", field="--scale",
                                    fix="use a smaller --scale or larger paper"))
    g0, g = dataclasses.replace(g, rows=min(g.rows, first)), dataclasses.replace(g, rows=min(g.rows, later))
    ships = list(scenario.fleet.ships)
    n_pages = 1 + max(0, math.ceil((len(ships) - g0.per_page) / g.per_page))
    shared: dict = {}                                   # what pieces draw alike, made once for the sheet
    said: dict[tuple[float, bool], HowTo] = {}          # the legend's words at each size, wrapped once for the sheet

    def words(size: float, short: bool) -> HowTo:
        if (size, short) not in said:
            said[size, short] = _how_to_words(options, scenario, size, short)
        return said[size, short]

    def laid_out(p: int) -> Page:
        page = new_page(options)
        here = g0 if p == 0 else g
        start = 0 if p == 0 else g0.per_page + (p - 1) * g.per_page
        batch = ships[start:start + here.per_page]
        for i, ship in enumerate(batch):
            x, y = here.slot(i)
            page.add(Group((piece(ship, rs, size, options.scale, shared),), translate(x, y), tag=ship.key, local=True))
        frame(page, options, scenario.title, _("Ship pieces"), p + 1, n_pages, legend=False)   # the notes say it
        rows = -(-len(batch) // here.cols)
        _how_to(page, options, here.y0 + rows * here.h - (here.h - size.h),
                lambda size: words(size, brief and p > 0))
        return page

    pages = LazyPages(n_pages, laid_out)                # laid out as they are written: memory flat in the fleet
    return Drawing(titled(scenario.title, N_("ship pieces"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen sprites")


def _notes_foot(options: Options) -> float:
    """How far down the how-to notes may go: into the footer, left of the calibration words; in large
    print, whose frame's words take the footer's whole width, to the foot of the content box."""
    return content_box(options).bottom if TYPE.handled else new_page(options).height - MARGIN


def how_to_sizes() -> tuple[float, ...]:
    """The legend's type: the larger where it fits (large print: the floor of what a pupil handles)."""
    return (TYPE.handled,) if TYPE.handled else (TYPE.small + 0.5, TYPE.small)


@dataclass(frozen=True)
class HowTo:
    """The how-to legend's words wrapped at one size, and the height they need."""
    size: float
    lead: float
    told: list
    noted: list
    need: float


def _rows(g, size: PieceSize, legend: HowTo, foot: float) -> int:
    """The rows of pieces a page holds above the how-to legend (the last row: no gutter)."""
    return int((foot - legend.need - legend.size - g.y0 + g.h - size.h) // g.h)


def _how_to_words(options: Options, scenario, size: float, short: bool = False) -> HowTo:
    from printgen.sheets.text.textfit import wrap
    from printgen.sheets.text.wrap import wrap_spans

    rs = scenario.ruleset
    width = notes_width(options)                                        # the calibration words take the rest
    looks = system_of(rs).nations
    nations = "; ".join(_("%(nation)s (%(code)s) %(pattern)s") % {"nation": _nation_said(n), "code": nation_code(n),
                                                                  "pattern": _(pattern_name(looks.get(n)))}
                        for n in rs.nations())
    paras = tuple(_(line) for line in HOW_TO) + (_("Nations: %(nations)s, hulls and bases, as on the maps.")
                                                 % {"nations": nations},)
    note = _flagship_note(scenario)                                     # spans with their marks, wrapped whole
    if short:                                   # a later page of large print: the first page says it all
        return HowTo(size, size * 1.3, [], [], -size)
    lead = size * 1.3
    told = [(i == 0, (Span(line),)) for para in paras for i, line in enumerate(wrap(para, width, size))]
    noted = [(i == 0, tuple(row)) for i, row in enumerate(wrap_spans(list(note), width, size))] if note else []
    return HowTo(size, lead, told, noted, lead * (len(told) + len(noted) + 1.6))


def _how_to(page, options: Options, top: float, wrapped) -> None:
    """The legend of the lines and how to make a ship, left of the calibration square: from just
    under the pieces down into the footer; where the pieces fill the page, in the footer, smaller
    (sprite_sheets leaves the room it needs at the smaller size). `wrapped(size)`: the sheet's
    _how_to_words at that size (the same on every page)."""
    width = notes_width(options)                                        # as _how_to_words wraps them
    for size in how_to_sizes():
        words = wrapped(size)
        y = min(top + 12 + size, _notes_foot(options) - words.need)
        if y >= top + size:
            break
    size, lead, told, noted = words.size, words.lead, words.told, words.noted
    if not told:                                # a later page of large print: the first page's notes say it
        return

    def lines(rows, first_row: int) -> list:
        return [Text(0, lead * (1.6 + first_row + i + 1), (Span("· " if first else "  "), *spans), size)
                for i, (first, spans) in enumerate(rows)]

    # the same words on every page: drawn once, placed on each; the note's marks are traced, so stay on the page
    how_to = (*craft_legend(0, 0, size + 1), Text(0, lead * 1.6, (Span(_("How to make a ship")),), size, font="bold"),
              *lines(told, 0))
    page.add(Symbol(f"howto-{size!r}x{width!r}-{len(told)}", how_to, translate(MARGIN, y)))
    page.add(Group(tuple(lines(noted, len(told))), translate(MARGIN, y)))


def piece(ship, rs, size: PieceSize, s: float, shared: dict | None = None) -> Group:
    """One ship's piece with its top-left at (0, 0). Nothing but the dash-dot line is drawn on a fold:
    the tabs and the name bands are fills without outlines, so every fold prints as a fold. What
    every piece of a sheet has alike (tabs, bands, glue strip, arrows, folds and cuts) is drawn once
    as two symbols, under and over the ship's own marks; `shared` keeps the symbols made so far."""
    shared = {} if shared is None else shared
    w, t, ph = size.w, size.tab, size.profile_h
    fold_y = t + ph
    near = _side(ship, size, s, masts_of(rs, ship))
    graphics = _side_symbol(tuple(g for g in near if not isinstance(g, Text)), w, ph, size.sea, shared)
    items: list[Shape] = [
        Group(graphics, translate(0, fold_y)),
        Group(graphics, (1, 0, 0, -1, 0, fold_y)),                  # mirror at the fold
    ]
    for label in (g for g in near if isinstance(g, Text)):
        items.append(Group((label,), translate(0, fold_y)))
        # The far side's words turn half round (not mirrored) so they read from the other side.
        items.append(Text(label.x, fold_y - label.y, label.spans, label.size, label.role,
                          label.font, label.anchor, label.angle + 180, label.tag))
    base_y = 2 * t + 2 * ph
    base = _base(ship, rs, size, base_y, s, shared)
    items += [base[0], _shared(("under", size, s), lambda: _under(size, s), shared), *base[1:],
              _shared(("over", size, s), lambda: _over(size), shared)]
    return Group(tuple(items), tag=ship.key)


def _shared(key: tuple, make, shared: dict):
    """The shape made once for `key` on this sheet, placed at every piece."""
    if key not in shared:
        shared[key] = make()
    return shared[key]


def _side_symbol(graphics: tuple, w: float, ph: float, sea: float, shared: dict) -> tuple:
    """The side's profile, name band and rule as one symbol (the near side placed, then mirrored),
    followed by what else the side draws (a flagship's star)."""
    profile, band, rule, *rest = graphics
    key = ("side", profile.key, sea)
    sym = _shared(key, lambda: Symbol(f"{profile.key}-band{sea!r}", profile.items + (band, rule)), shared)
    return (sym, *rest)


def _under(size: PieceSize, s: float) -> Symbol:
    """The glue tabs, the base's glue strip and its STERN / BOW words and bow arrows: every piece's."""
    w, t, ph, bh = size.w, size.tab, size.profile_h, size.base_h
    y0 = 2 * t + 2 * ph
    glue_top = y0 + size.name_strip
    arrow = (bh - 2 * t) / 2 * 0.55
    out: list[Shape] = [*glue_area(0, 0, w, t, s, outline=False), *glue_area(0, 2 * ph + t, w, t, s, outline=False),
                        *glue_area(w * 0.04, glue_top, w * 0.92, 2 * t, s)]
    for cy in (y0 + size.name_strip / 2, y0 + bh - size.hit_strip / 2):      # bow arrows at the right end
        out.append(Poly(((w - 3 * s - arrow * 0.9, cy - arrow / 2), (w - 3 * s, cy),
                         (w - 3 * s - arrow * 0.9, cy + arrow / 2)), "bow", tag="bow"))
    small = max(TYPE.piece_label * s, TYPE.piece_label)      # never smaller on a small table; bold: a copy keeps it
    if TYPE.handled:                            # large print: "glue" centred between STERN and BOW, clear of both
        from printgen.draw import fonts

        mid = (w * 0.04 + 3 * s + fonts.width(_("STERN"), small, "bold") + w * 0.96 - 3 * s
               - fonts.width(_("BOW"), small, "bold")) / 2
        out = [dataclasses.replace(t, x=mid) if isinstance(t, Text) and t.tag == "glue" and t.y > glue_top else t
               for t in out]
    for x, word, anchor in ((w * 0.04 + 3 * s, _("STERN"), "start"), (w * 0.96 - 3 * s, _("BOW"), "end")):
        out.append(Text(x, glue_top + t + small * 0.36, (Span(word),), small, role="text.muted", font="bold",
                        anchor=anchor))
    return Symbol(f"piece-under-{w!r}x{size.h!r}-{s!r}", tuple(out))


def _over(size: PieceSize) -> Symbol:
    """The folds, the cut between ship and base and the piece's outline, over everything else."""
    w, t, ph = size.w, size.tab, size.profile_h
    base_y = 2 * t + 2 * ph
    # traced with where each lies (check/linestyle.py: a fold printed solid would be cut)
    out: list[Shape] = [Line(0, y, w, y, "fold", tag="fold", meaning=(("fold", ("meta", "line", where)),))
                        for y, where in ((t, "tab"), (t + ph, "mast"), (t + 2 * ph, "tab"))]
    out += [Line(0, base_y, w, base_y, "cut", meaning=(("cut", ("meta", "line", "base")),)),
            Rect(0, 0, w, base_y + size.base_h, "cut", tag="piece", meaning=(("cut", ("meta", "line", "outline")),))]
    return Symbol(f"piece-over-{w!r}x{size.h!r}", tuple(out))


def masts_of(rs, ship) -> int:
    """The masts a ship's piece draws: her own (ships.csv `masts`), else her type's rig ([types] masts; a
    ship of the line's 3)."""
    if ship.masts is not None:
        return ship.masts
    kind = rs.types.get(ship.type) if ship.type else None
    return kind.masts if kind is not None else 3


def _side(ship, size: PieceSize, s: float, masts: int = 3) -> list[Shape]:
    """The near side in a box (0, 0)-(w, ph), masthead at the top: ship, sea band with the name (in
    two lines where one does not hold it at name_min()) and the nation's code in bold (its letters and
    the hull's pattern tell the sides apart in grey)."""
    from printgen.draw import fonts

    w, ph, sea = size.w, size.profile_h, size.sea
    out: list[Shape] = [profile_symbol(ship.nation, ship.guns, w, ph - sea, ship.flagship, masts)]
    out.append(Rect(0, ph - sea, w, sea, "label.band"))            # no outline: its far edge is a fold
    out.append(Line(0, ph - sea, w, ph - sea, "rule"))
    star = _band_star(ship, size)
    code, code_size, code_w = _band_code(ship, s)
    size_pt, lines = _band_name(ship, size, s)
    centre = _band_room(ship, size, s)[2]
    lead = size_pt * LEAD
    first = ph - sea / 2 - (len(lines) - 1) * lead / 2 + size_pt * 0.36
    for i, row in enumerate(_name_rows(ship, lines)):
        out.append(Text(centre, first + i * lead, tuple(row), size_pt, font="bold", anchor="middle", tag="name"))
    out.append(Text(w - code_w / 2, ph - sea / 2 + code_size * 0.36, (Span(code),), code_size, font="bold",
                    anchor="middle", tag="nation"))
    if ship.flagship:
        x = centre - max(fonts.width(ln, size_pt, "bold") for ln in lines) / 2 - star * 1.3
        out.append(star_symbol(x, ph - sea / 2, star))
    return out


def _base(ship, rs, size: PieceSize, y0: float, s: float, shared: dict) -> list[Shape]:
    """The base seen from above, bow to the right: name strip, glue strip (the piece's `_under`
    symbol draws it), hit-track strip. The base carries its nation's pattern; the name sits on a
    white label so it reads over it. The first shape is the pattern, which goes under the strips."""
    from printgen.draw import fonts

    w, bh = size.w, size.base_h
    # the nation's pattern (hundreds of dots or hatch lines) drawn once, placed on each of its bases
    key = f"base-{ship.nation}-{w!r}x{bh!r}"
    out: list[Shape] = [Symbol(key, _shared((key,), lambda: (Rect(0, 0, w, bh, f"base.{ship.nation}"),), shared),
                               translate(0, y0), tag="base")]
    strip, arrow = size.name_strip, (bh - 2 * size.tab) / 2 * 0.55
    # Name strip (top): star, name (two lines where one does not hold it), the nation's code where it fits.
    star = _base_star(ship, size)
    name_x = 4 * s + star * 2.3
    room = _base_room(ship, size, s)
    code = "  " + nation_code(ship.nation)
    size_pt, lines = _base_name(ship, size, s)
    rows = _name_rows(ship, lines)
    if fonts.width(lines[-1] + code, size_pt, "bold") <= room:
        rows[-1].append(Span(code))
    lead = size_pt * LEAD
    text_w = max(sum(fonts.width(sp.text, size_pt, "bold") for sp in row) for row in rows)
    top = y0 + strip / 2 - size_pt * LABEL / 2 - (len(rows) - 1) * lead / 2
    out.append(Rect(2 * s, top, name_x - 2 * s + text_w + 2 * s, size_pt * LABEL + (len(rows) - 1) * lead, "label",
                    radius=2 * s))
    for i, row in enumerate(rows):
        out.append(Text(name_x, top + size_pt * LABEL / 2 + size_pt * 0.36 + i * lead, tuple(row), size_pt,
                        font="bold", tag="name"))
    if ship.flagship:
        out.append(star_symbol(4 * s + star, y0 + strip / 2, star))
    # Hit track (bottom strip).
    hits = size.hit_strip
    for track in tracks(rs, ship):                              # one row drawn once for every ship alike
        row_w = w - arrow - 10 * s
        key = f"track-{track.shape}-{track.count}-{row_w!r}x{hits!r}"
        items = _shared((key,), lambda: tuple(track_shapes(track, 0, 0, row_w, hits)), shared)
        out.append(Symbol(key, items, translate(4 * s, y0 + bh - hits)))
    return out


def _flagship_note(scenario) -> tuple:
    """Where the scenario chose the flagships (the seed names only the British ones), say so."""
    from printgen.rules.provenance import kinds_on, legend_text, mark_spans, symbols_on

    marks = mark_spans(scenario.ruleset, "fleet.flagships", scenario)
    if not marks:
        return ()
    said = (Span(" " + legend_text(kinds_on(marks), True)),) if symbols_on(marks) else ()   # the page's only mark
    from printgen.sheets.page.words import said as spans

    return (*spans(_("A star marks a flagship%(mark)s: the old rules name only the British flagships."), mark=list(marks)),
            *said)


def _nation_said(nation: str) -> str:
    """A nation's name mid-sentence: as running text says a side's name where the language's glossary
    words it (Spanish "británicos": its capital a sentence's start only), else its translated label."""
    from printgen.i18n import LANG
    from printgen.i18n.sides import glossary_sides, side_said

    lang = LANG.get()
    if lang == "es" and nation in glossary_sides(lang):
        return side_said(nation, lang, "plain")
    return _(nation)
