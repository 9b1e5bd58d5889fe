"""Flat ship pieces for the sectors system: each ship's base (its type's base_in, at scale) with the
ship seen from above, bow to the right.

Thin lines cut the base into the four sectors: stern | port above, starboard below | bow. Each
sector's structure boxes sit on the base beside the hull, in that sector, with its name; the mast's
boxes sit on the deck by the mast. Words on the port side face the port edge and words on the
starboard side the starboard edge, so both players read their side; bigger hulls carry the name
both ways too. The piece is its base: cut it out on its outline."""

from __future__ import annotations

import dataclasses

from printgen.draw import fonts
from printgen.draw.shapes import Circle, Drawing, Group, Line, Poly, Rect, Shape, Span, Text, translate
from printgen.draw.theme import TYPE
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.tracks import Track, tracks
from printgen.sheets.pieces.ensigns import nation_code
from printgen.sheets.page.frame import FOOTER, MARGIN, Box, content_box, frame, marks_legend, new_page, notes_width
from printgen.sheets.page.words import titled
from printgen.rules.provenance import mark_spans
from printgen.systems.sectors.hulls import Hull, form_of, hull_shapes, tower
from printgen.sheets.pieces.shelves import shelves
from printgen.sheets.pieces.sprites import STAR, star_shape
from printgen.sheets.text.textfit import fit_size, wrap
from printgen.sheets.pieces.tracks import track_shapes
from printgen.registry import system_of

NAME_PT = 9.0              # name size at full scale, before shrinking to fit
BOX_PT = 9.5               # a structure box's side at full scale, at most
PITCH = 1.35               # box pitch over box side (as track_shapes spaces them)
LABELS = {"bow": N_("BOW"), "stern": N_("STERN"), "port": N_("PORT"), "starboard": N_("STARBOARD")}
HOW_TO = (N_("Cut out each base on its outline. The arrow points to the bow."),
          N_("Thin lines divide the sectors: bow, stern, port, starboard. Tick a sector's box for each structure "
             "point it loses; the boxes beside the mast (the dot on the deck) are the mast's."))
MAST_DOT = N_("The dot on each deck is the mast.")     # large print: a galley's name may need the word MAST's room
ON_RECORDS = N_("Thin lines divide the sectors: bow, stern, port, starboard. Damage is kept on each ship's record "
                "card, not on the piece.")


def _label_pt(s: float) -> float:
    """Sector labels, MAST, the nation at scale `s`: the type scale's small piece words, never smaller than
    12 pt on the large-print pieces (a short base that cannot hold them prints none: `piece`)."""
    return max(TYPE.piece_label * s, TYPE.piece_label if TYPE.handled else 0.0)


def topdown_sheets(scenario, options: Options) -> Drawing:
    """Every ship's piece, grouped by side and by size so equal bases share rows and cut lines."""
    rs, m, s = scenario.ruleset, options.measure, options.scale
    on_piece = scenario.kit.damage_on == "pieces"      # else the record cards keep the damage
    sides = list(rs.sides)
    order = sorted(enumerate(scenario.fleet.ships),
                   key=lambda t: (sides.index(t[1].side) if t[1].side in sides else len(sides),
                                  -rs.base_of(t[1])[1], -rs.base_of(t[1])[0], t[0]))
    ships = [ship for _, ship in order]
    sizes = [(m.pt(rs.base_of(ship)[0]), m.pt(rs.base_of(ship)[1])) for ship in ships]
    box = content_box(options)                      # the notes at the foot may reach above the footer: room for them
    dot = _mast_unnamed(ships, rs, m, s, on_piece)
    box = Box(box.x, box.y, box.w, box.h - (_notes_height(rs, on_piece, options, dot) + 6 if TYPE.handled else
                                            max(0.0, _notes_height(rs, on_piece, options, dot) + 6 - FOOTER)))
    spots = shelves(sizes, box, "ship base", [ship.side for ship in ships])
    n_pages = max((sp.page for sp in spots), default=0) + 1
    pages = [new_page(options) for _ in range(n_pages)]
    for ship, spot in zip(ships, spots):
        pages[spot.page].add(Group((piece(ship, rs, m, s, on_piece),), translate(spot.x, spot.y), tag=ship.key))
    for k, page in enumerate(pages):
        _how_to(page, rs, on_piece, options, dot)         # it explains the page's marks itself, under its notes
        frame(page, options, scenario.title, _("Ship pieces"), k + 1, n_pages, legend=False)
    return Drawing(titled(scenario.title, N_("ship pieces"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen sprites")


NOTE_LINES = 3              # the marks' meaning under the notes: at most this many lines


def _notes(rs, on_piece: bool, options: Options, dot: bool = False) -> tuple[float, float, list[tuple[bool, str]]]:
    """The notes' type size, width and lines (first of a paragraph or not)."""
    paras = [_(p) for p in (HOW_TO if on_piece else (HOW_TO[0], ON_RECORDS))]
    if dot:                                         # a large-print deck whose name took the word MAST's room
        paras.append(_(MAST_DOT))
    width = notes_width(options)
    size = TYPE.handled or TYPE.small              # large print: the floor of what a pupil handles
    return size, width, [(i == 0, line) for para in paras for i, line in enumerate(wrap(para, width, size))]


def _notes_height(rs, on_piece: bool, options: Options, dot: bool = False) -> float:
    size, _, lines = _notes(rs, on_piece, options, dot)
    return size * 1.25 * (len(lines) + 2 + NOTE_LINES) + size


def _how_to(page, rs, on_piece: bool, options: Options, dot: bool = False) -> None:
    """Bottom left, ending at the margin: how to use the pieces, then what the page's marks mean
    (here rather than where frame() puts it, which a 2 cm calibration square would push into these lines)."""
    size, width, lines = _notes(rs, on_piece, options, dot)
    lead = size * 1.25
    # where the structure points come from: the mark of the first type that has one (the fragment's cog, a
    # galley at Lepanto); no line when the ruleset's own structure points are the source's (nothing to say)
    mark = next((spans for k in rs.types
                 if (spans := mark_spans(rs, f"types.{k}.structure", before=": ", after=""))), ())
    bases = Text(0, 0, (Span("· " + _("Bases and structure points")), *mark, Span(".")), size, role="text.muted")
    if mark:
        page.add(bases)                             # placed below; added now so the legend counts its mark
    legend = marks_legend(page)
    notes = wrap(legend, width, size, "italic") if legend else []
    foot = content_box(options).bottom if TYPE.handled else page.height - MARGIN   # large print: above its frame
    y = foot - 2 - lead * (len(lines) + 1 + len(notes))
    page.add(Text(MARGIN, y, (Span(_("How to use the pieces")),), size + 1, font="bold"))
    for i, (first, line) in enumerate(lines):
        page.add(Text(MARGIN, y + lead * (i + 1), (Span(("· " if first else "  ") + line),), size, role="text.muted"))
    if mark:
        page.items[page.items.index(bases)] = dataclasses.replace(bases, x=MARGIN, y=y + lead * (len(lines) + 1))
    for i, line in enumerate(notes):
        page.add(Text(MARGIN, y + lead * (len(lines) + 2 + i), (Span(line),), size, font="italic", role="text.muted"))


@dataclasses.dataclass(frozen=True)
class Cell:
    """A sector's stretch of the base beside the hull: x0..x1, centred on y, port side or not."""
    part: str
    x0: float
    x1: float
    y: float
    port: bool


def piece(ship, rs, measure, s: float, boxes: bool = True) -> Group:
    """One ship's base with its top-left at (0, 0); `boxes`: with its structure boxes (damage kept
    on the piece), else the sectors alone."""
    hull, by_part, cells, label_pt, d = _base(ship, rs, measure, s, boxes)
    L, W, t = hull.L, hull.W, rs.type_of(ship)
    marks: list[Shape] = []
    for cell, count in cells:
        marks += _cell(cell, by_part[cell.part], count, d, label_pt)
    naming = _naming(ship, hull, by_part.get("mast"), d, s, cells) if TYPE.name == "large-pieces" else None
    if naming is not None and naming.code_band:     # the deck's rows hold the name: the nation's code on the band
        marks.append(_band_code(ship, hull, s))
    if not boxes:                                   # no boxes: the side sectors still say their names
        mid = (hull.stern_x + hull.bow_x) / 2
        marks += [Text(mid, hull.band / 2 - 0.36 * _label_pt(s), (Span(_(LABELS["port"])),), _label_pt(s),
                       "sector.label", "bold", "middle", angle=180),
                  Text(mid, hull.W - hull.band / 2 + 0.36 * _label_pt(s), (Span(_(LABELS["starboard"])),),
                       _label_pt(s), "sector.label", "bold", "middle")]
    clear = [(t.y < hull.yc, _text_extent(t)) for t in marks if isinstance(t, Text)]
    items: list[Shape] = [Rect(0, 0, L, W, f"base.{ship.nation}", tag="base"), *_backings(marks)]
    items += hull_shapes(hull, ship.nation, clear, t.guns, t.guns_all_round)
    items += _sector_lines(hull)
    items += marks
    items += _deck_large(ship, hull, by_part.get("mast"), d, s, naming) if naming else \
        _deck(ship, hull, by_part.get("mast"), d, s)
    items.append(Rect(0, 0, L, W, "cut", tag="piece", meaning=(("cut", ("meta", "line", "outline")),)))         # the base is the piece: cut on its outline
    return Group(tuple(items), tag=ship.key)


def _base(ship, rs, measure, s: float, boxes: bool):
    """A piece's hull, its tracks by part, the cells of their boxes, the rows' word size and the box side."""
    L, W = (measure.pt(v) for v in rs.base_of(ship))
    hull = Hull(form_of(ship.type, rs.type_of(ship)), L, W)
    by_part = {t.label: t for t in tracks(rs, ship)} if boxes else {}
    cells = _cells(hull, by_part)
    label_pt = _label_pt(s)
    d = _box_side(hull, cells, label_pt, s)
    if d < 0.8 * _box_side(hull, cells, 0.0, s):      # a short base: the rows' words would squeeze the boxes
        label_pt, d = 0.0, _box_side(hull, cells, 0.0, s)
    return hull, by_part, cells, label_pt, d


def _mast_unnamed(ships, rs, measure, s: float, boxes: bool) -> bool:
    """Large print: a piece whose name took the word MAST's room (the notes then say what the dot is)."""
    if TYPE.name != "large-pieces":
        return False
    for ship in ships:
        hull, by_part, cells, _, d = _base(ship, rs, measure, s, boxes)
        naming = _naming(ship, hull, by_part.get("mast"), d, s, cells)
        if naming is not None and not naming.mast_word:
            return True
    return False


def _cells(hull: Hull, by_part: dict[str, Track]) -> list[tuple[Cell, int]]:
    """Where each sector's boxes go: port above the hull, starboard below, bow and stern split
    between the two sides of their end of the base (the port side gets the odd box)."""
    top, bottom = hull.band / 2, hull.W - hull.band / 2
    xs, xb, L = hull.stern_x, hull.bow_x, hull.L
    out = []
    for part, x0, x1 in (("stern", 0.0, xs), ("bow", xb, L)):
        n = by_part[part].count if part in by_part else 0
        if n:
            out.append((Cell(part, x0, x1, top, True), (n + 1) // 2))
            if n // 2:
                out.append((Cell(part, x0, x1, bottom, False), n // 2))
    if "port" in by_part:
        out.append((Cell("port", xs, xb, top, True), by_part["port"].count))
    if "starboard" in by_part:
        out.append((Cell("starboard", xs, xb, bottom, False), by_part["starboard"].count))
    return out


def _box_side(hull: Hull, cells, label_pt: float, s: float) -> float:
    """One box size for the whole piece: as big as the bands and the longest row allow (with the
    rows' words, or without them when `label_pt` is 0)."""
    d = min(hull.band * 0.66, BOX_PT * s)
    for cell, count in cells:
        room = cell.x1 - cell.x0 - _label_w(cell, label_pt) - 6 * s
        d = min(d, room / (PITCH * count))
    return max(d, 1.5 * s)


def _label_w(cell: Cell, label_pt: float) -> float:
    """Port and starboard rows carry their sector's name; bow and stern say theirs on the deck."""
    side = label_pt and cell.part in ("port", "starboard")
    return fonts.width(_(LABELS[cell.part]), label_pt, "bold") if side else 0.0


def _cell(cell: Cell, track: Track, count: int, d: float, label_pt: float) -> list[Shape]:
    """Boxes (and label) centred in the cell; on the port side the label reads from the port edge."""
    lw = _label_w(cell, label_pt)
    gap = d * 0.3 if lw else 0.0
    row_w = count * PITCH * d
    x = (cell.x0 + cell.x1 - lw - gap - row_w) / 2
    h = d / 0.72                                # track_shapes draws boxes 0.72 of the row's height
    row = dataclasses.replace(track, count=count)
    if not lw:
        return track_shapes(row, x, cell.y - h / 2, row_w, h)
    word = _(LABELS[cell.part])
    if cell.port:                               # boxes, then the label upside down (read from above)
        boxes = track_shapes(row, x, cell.y - h / 2, row_w, h)
        label = Text(x + row_w + gap + lw, cell.y - 0.36 * label_pt, (Span(word),), label_pt, "sector.label",
                     "bold", angle=180)
    else:
        boxes = track_shapes(row, x + lw + gap, cell.y - h / 2, row_w, h)
        label = Text(x, cell.y + 0.36 * label_pt, (Span(word),), label_pt, "sector.label", "bold")
    return [*boxes, label]


def _backings(marks: list[Shape]) -> list[Shape]:
    """A patch of paper under each word on the base, so it reads over the nation's pattern."""
    out: list[Shape] = []
    for t in marks:
        if isinstance(t, Text):
            x0, x1 = _text_extent(t)
            up, down = (0.24, 0.78) if t.angle == 180 else (0.78, 0.24)      # the ascent is below a turned word
            out.append(Rect(x0 - 1, t.y - up * t.size - 0.5, x1 - x0 + 2, (up + down) * t.size + 1, "label.band"))
    return out


def _text_extent(t: Text) -> tuple[float, float]:
    """x0, x1 of a label drawn upright (from its start) or upside down (back from its start), or centred."""
    w = fonts.width(t.string, t.size, t.font)
    if t.anchor == "middle":                    # centred either way up
        return (t.x - w / 2, t.x + w / 2)
    return (t.x - w, t.x) if t.angle == 180 else (t.x, t.x + w)


def _sector_lines(hull: Hull) -> list[Shape]:
    """Across the base at the stern and bow lines; the keel line between them is the deck's."""
    return [Line(x, 0, x, hull.W, "sector") for x in (hull.stern_x, hull.bow_x)]


def _deck(ship, hull: Hull, mast: Track | None, d: float, s: float) -> list[Shape]:
    """Name, mast and its boxes, nation, star, bow arrow. A broad deck has three rows: the name
    upside down (read from port), the keel line with the mast, the name upright (read from
    starboard). A narrow one has two: the mast and its boxes above the keel line, the name below."""
    yc, g, label_pt = hull.yc, 3 * s, _label_pt(s)
    deck = 2 * (hull.half - hull.rail)
    two = deck / 3 * 0.62 >= TYPE.piece_name_min * s       # a name row (either way up) at the piece-name floor
    row = deck / 3 if two else deck / 2
    md = min(d, row * 0.72)
    box_y = yc if two else yc - row / 2                 # centre of the mast's row of boxes
    out: list[Shape] = []
    # Mast: a dot at the forward end of the waist (on the keel line if there is room), its boxes forward of it.
    n_mast = mast.count if mast else 0
    block_w = md * 1.1 + n_mast * PITCH * md
    bx1 = hull.bow_x - g
    bx0 = bx1 - block_w
    if hull.form.tower:
        out.append(tower(bx0 - md * 0.35, yc - row * 0.45, block_w + md * 0.6, row * 0.9))
    dot_x = bx0 + md * 0.45
    out.append(Circle(dot_x, box_y, md * 0.42, "mast", tag="mast"))
    if n_mast:
        h = md / 0.72
        out += track_shapes(mast, bx0 + md * 1.1, box_y - h / 2, n_mast * PITCH * md, h)
    label_x = bx0 - g * (1 if two else 0.5)
    out.append(Text(label_x, box_y + 0.36 * label_pt, (Span(_("MAST")),), label_pt, "sector.label", "bold",
                    anchor="end"))
    # The name, in the waist where the deck is wide enough for its row.
    code = nation_code(ship.nation)
    cap = row * 0.62 if TYPE.name == "large-pieces" else min(NAME_PT * s, row * 0.62)   # large print: as the row holds
    name_y = yc + row * 0.95 if two else yc + row / 2           # the upright name's row centre
    x0, x1 = _wide(hull, hull.stern_x + g, bx1 if two else hull.bow_x - g, name_y - yc + 0.62 * cap)
    name = Span(ship.said, source=("fleet", ship.key, "name"), kind="text")
    size = fit_size(f"{ship.said}  {code}", x1 - x0, cap, "bold") if two else 0.0
    code_aft = not two or size < TYPE.piece_name_min * s
    if not code_aft:                                    # the nation's code follows the name
        spans = (name, Span("  " + code, font="regular"))
    else:                                               # the name has its row; the code goes on the keel, aft
        size = fit_size(ship.said, x1 - x0, cap, "bold")
        spans = (name,)
        out.append(Text(hull.stern_x + g, box_y + 0.36 * label_pt * 1.3, (Span(code),), label_pt * 1.3,
                        "text.muted", tag="nation"))
    mid = (x0 + x1) / 2
    out.append(Text(mid, name_y + 0.36 * size, spans, size, font="bold", anchor="middle", tag="name"))
    if two:
        out.append(Text(mid, 2 * yc - name_y - 0.36 * size, spans, size, font="bold", anchor="middle", angle=180,
                        tag="name"))
    # The keel line divides port from starboard, clear of the mast and its words.
    label_w = fonts.width(_("MAST"), label_pt, "bold")          # the word as printed (MÁSTIL)
    aft = hull.stern_x + (2 * g + fonts.width(code, label_pt * 1.3) if two and code_aft else 0.0)   # clear of the code
    keel = [(aft, bx0 - g - label_w - g * 0.5), (bx1 + g * 0.3, hull.bow_x)] if two else \
        [(hull.stern_x, hull.bow_x)]
    out += [Line(a, yc, b, yc, "sector.keel") for a, b in keel if b - a > g]
    out += _stern_marks(ship, hull, md, s)
    out += _bow_arrow(hull, md, s)
    return out


@dataclasses.dataclass(frozen=True)
class Naming:
    """Large print: where a ship's name sits on its deck, at 12 pt or more (issue 44). A broad deck
    holding the name on one line says it both ways, the mast on the keel line (as small print does);
    else the mast's row runs along the port side of the deck and the name below it, on as many rows
    as it takes; on a galley's narrow deck the name's first line shares the mast's row, aft of it,
    and the nation's code moves to the starboard margin aft. The name may run over the dashed
    sector lines, from the word STERN to the word BOW, inside the hull."""
    size: float
    lines: tuple[tuple[str, float, float, float], ...]     # each line: its words, its row's centre y, x0, x1
    both: bool                  # one line each way, the mast on the keel line
    mast_y: float               # the centre of the mast's row
    md: float                   # the mast's box side
    row: float                  # a row's height (the mast's tower, if any, spans most of one)
    mast_word: bool             # MAST beside the dot (dropped only when the name needs its room)
    code_band: bool             # the nation's code on the starboard margin, aft of STERN


def _naming(ship, hull: Hull, mast: Track | None, d: float, s: float, cells=()) -> Naming | None:
    """The large-print name's rows (see Naming); None when even so the name does not fit at 12 pt."""
    yc, g, label_pt = hull.yc, 3 * s, _label_pt(s)
    size = TYPE.piece_name_min * s
    half = hull.half - hull.rail
    deck = 2 * half
    lo, hi = hull.stern_x - 1.7 * s, hull.bow_x + 1.7 * s        # between the words STERN and BOW
    said = ship.said

    def stretch(y: float, right: float = hi) -> tuple[float, float]:
        return _wide(hull, lo, right, min(abs(y - yc) + 0.37 * size, half))     # to its baseline or cap line

    def fits(text: str, span: tuple[float, float], at: float = size) -> bool:
        return fonts.width(text, at, "bold") <= span[1] - span[0]

    n_mast = mast.count if mast else 0
    band_ok = (not any(c.part == "stern" and not c.port for c, _ in cells)        # the starboard margin aft is free
               and fonts.width(nation_code(ship.nation), label_pt) <= _band_room(hull, s))
    # one line each way, the mast on the keel (a broad deck: the mast's row and two name rows)
    if deck >= 4 * 0.98 * size:
        y = yc + deck / 3
        span = stretch(y)
        big = fit_size(said, span[1] - span[0], min(TYPE.piece_name * s, deck / 3 * 0.7), "bold")
        if big >= size:
            md = min(d, deck / 3 * 0.72)
            bx0 = hull.bow_x - g - (md * 1.1 + n_mast * PITCH * md)
            mast_left = bx0 - g - fonts.width(_("MAST"), label_pt, "bold") - 0.5 * g
            aft = hull.stern_x + 2 * g + fonts.width(nation_code(ship.nation), label_pt * 1.3) + g
            return Naming(big, ((said, y, *span),), True, yc, md, deck / 3, True, band_ok and aft > mast_left)
    rows = max(2, int(deck // (0.98 * size)))
    r = deck / rows
    ys = [yc - half + r * (i + 0.5) for i in range(rows)]
    md = min(d, r * 0.72)
    bx0 = hull.bow_x - g - (md * 1.1 + n_mast * PITCH * md)
    below = [stretch(y) for y in ys[1:]]
    width = min(b - a for a, b in below)
    for n in range(1, rows):                        # the fewest lines, as low on the deck as they fit
        for top in range(rows - n, 0, -1):
            room = min(b - a for a, b in below[top - 1:top - 1 + n])
            lines = wrap(said, room, size, "bold")
            if len(lines) == n and all(fits(line, (0, room)) for line in lines):
                placed = tuple((line, y, *span) for line, y, span in zip(lines, ys[top:], below[top - 1:]))
                mast_left = bx0 - 0.5 * g - fonts.width(_("MAST"), label_pt, "bold")
                aft = hull.stern_x + g + fonts.width(nation_code(ship.nation), label_pt * 1.3) + g
                return Naming(size, placed, False, ys[0], md, r, True, band_ok and aft > mast_left)
    # the first line aft of the mast's row: with the word MAST if the name leaves it room
    if not band_ok:
        return None
    for word in (True, False):
        right = (bx0 - 0.5 * g - fonts.width(_("MAST"), label_pt, "bold") - g) if word else bx0 - g
        first = stretch(ys[0], right)
        words, head = said.split(), list[str]()
        while words and fits(" ".join([*head, words[0]]), first):
            head.append(words.pop(0))
        if not head:
            continue
        rest = wrap(" ".join(words), width, size, "bold") if words else []
        if len(rest) <= rows - 1 and all(fits(line, (0, width)) for line in rest):
            placed = ((" ".join(head), ys[0], *first),) + tuple(
                (line, y, *span) for line, y, span in zip(rest, ys[1:], below))
            return Naming(size, placed, False, ys[0], md, r, word, True)
    return None


def _band_room(hull: Hull, s: float) -> float:
    """The starboard margin's width aft of the word STERN (which reaches over the margins of a narrow hull)."""
    return hull.stern_x - 2.5 * s - _label_pt(s) - 2 * s


def _band_code(ship, hull: Hull, s: float) -> Text:
    """The nation's code on the starboard margin aft of STERN, centred there (large print, narrow decks)."""
    label_pt = _label_pt(s)
    return Text(s + _band_room(hull, s) / 2, hull.W - hull.band / 2 + 0.36 * label_pt,
                (Span(nation_code(ship.nation)),), label_pt, "text.muted", anchor="middle", tag="nation")


def _name_spans(ship, line: str, first: int, whole: bool) -> tuple[Span, ...]:
    """A line of the name: traced whole, or word by word as the name's i-th word (the checker reads a
    wrapped name word by word)."""
    if whole:
        return (Span(line, source=("fleet", ship.key, "name"), kind="text"),)
    out: list[Span] = []
    for k, token in enumerate(line.split()):
        out += ([Span(" ")] if out else []) + [Span(token, source=("fleet", ship.key, "name", first + k), kind="text")]
    return tuple(out)


def _deck_large(ship, hull: Hull, mast: Track | None, d: float, s: float, naming: Naming) -> list[Shape]:
    """The deck of a large-print piece, its name laid out by `naming`: the mast (dot, boxes, MAST),
    the name's lines, the nation's code on the keel aft (unless on the margin), the keel line clear
    of them, STERN with the banner, BOW with the arrow."""
    yc, g, label_pt, size, md = hull.yc, 3 * s, _label_pt(s), naming.size, naming.md
    box_y = naming.mast_y
    out: list[Shape] = []
    n_mast = mast.count if mast else 0
    block_w = md * 1.1 + n_mast * PITCH * md
    bx1 = hull.bow_x - g
    bx0 = bx1 - block_w
    row = md / 0.72
    if hull.form.tower:
        out.append(tower(bx0 - md * 0.35, box_y - naming.row * 0.45, block_w + md * 0.6, naming.row * 0.9))
    out.append(Circle(bx0 + md * 0.45, box_y, md * 0.42, "mast", tag="mast"))
    if mast is not None and n_mast:
        out += track_shapes(mast, bx0 + md * 1.1, box_y - row / 2, n_mast * PITCH * md, row)
    label_x = bx0 - g * (1 if naming.both else 0.5)
    if naming.mast_word:
        out.append(Text(label_x, box_y + 0.36 * label_pt, (Span(_("MAST")),), label_pt, "sector.label", "bold",
                        anchor="end"))
    code = nation_code(ship.nation)
    code_w = 0.0
    if not naming.code_band:                            # the code on the mast's row, aft
        code_w = fonts.width(code, label_pt * 1.3)
        out.append(Text(hull.stern_x + g, box_y + 0.36 * label_pt * 1.3, (Span(code),), label_pt * 1.3,
                        "text.muted", tag="nation"))
    whole = len(naming.lines) == 1
    crossing: list[tuple[float, float]] = []            # stretches of the keel line a name's line covers
    first = 0
    for line, y, x0, x1 in naming.lines:
        spans = _name_spans(ship, line, first, whole)
        first += len(line.split())
        w = fonts.width(line, size, "bold")
        mid = (x0 + x1) / 2
        ends = (mid - w / 2, mid + w / 2)
        ways = ((y, 0.0), (2 * yc - y, 180.0)) if naming.both else ((y, 0.0),)
        for at, angle in ways:
            base = at + 0.36 * size if angle == 0 else at - 0.36 * size
            top = base - 0.75 * size if angle == 0 else base - 0.1 * size
            if ends[0] < hull.stern_x or ends[1] > hull.bow_x:          # a patch of paper over the sector line
                out.append(Rect(ends[0] - 0.5, top, w + 1, 0.85 * size, "label.band"))
            out.append(Text(mid, base, spans, size, font="bold", anchor="middle", angle=angle, tag="name"))
            if top - 0.1 * size < yc < top + 0.95 * size:
                crossing.append(ends)
    if naming.both:
        mast_left = label_x - fonts.width(_("MAST"), label_pt, "bold") - g * 0.5
        keel = [(hull.stern_x + (2 * g + code_w if code_w else 0.0), mast_left),
                (bx1 + g * 0.3, hull.bow_x)]
    else:
        keel = [(hull.stern_x, hull.bow_x)]
        for a, b in sorted(crossing):                   # broken where a line of the name sits on it
            keel = [piece for k0, k1 in keel for piece in ((k0, min(k1, a - g / 2)), (max(k0, b + g / 2), k1))]
    out += [Line(a, yc, b, yc, "sector.keel") for a, b in keel if b - a > g]
    out += _stern_marks(ship, hull, md, s)
    out += _bow_arrow(hull, md, s)
    return out


def _wide(hull: Hull, lo: float, hi: float, need: float) -> tuple[float, float]:
    """The stretch of lo..hi where the deck is at least `need` from the keel line (a name row fits)."""
    step = (hi - lo) / 40
    ok = [x for x in (lo + step * i for i in range(41)) if hull.half_at(x) - hull.rail >= need]
    return (ok[0], ok[-1]) if ok else (lo, hi)


def _stern_marks(ship, hull: Hull, md: float, s: float) -> list[Shape]:
    """STERN (read from the stern end), the nation's banner, and a star for a flagship."""
    label_pt = _label_pt(s)
    x = hull.stern_x - 2.5 * s - 0.76 * label_pt
    out: list[Shape] = [Text(x, hull.yc, (Span(_(LABELS["stern"])),), label_pt, "sector.label", "bold", "middle",
                             angle=90)]
    bh, bw = md * 0.8, md * 1.25
    x1 = x - 0.3 * label_pt - 2 * s
    out += _banner(ship.nation, x1 - bw, hull.yc - bh / 2, bw, bh)
    if ship.flagship:
        r = md * 0.55
        out.append(star_shape(x1 - bw - r * 1.3, hull.yc, r, meaning=STAR))
    return out


def _banner(nation: str, x: float, y: float, w: float, h: float) -> list[Shape]:
    """Simplified arms, told apart in grey too: England's lions (bars), France's lilies (dots),
    Genoa's cross; any other nation a plain banner."""
    role = f"banner.{nation}"
    out: list[Shape] = [Rect(x, y, w, h, role)]
    charge = f"{role}.charge"
    if nation == "English":
        for i in range(3):
            out.append(Rect(x + w * 0.2, y + h * (0.17 + 0.27 * i), w * 0.6, h * 0.13, charge))
    elif nation == "French":
        for cx, cy in ((0.25, 0.28), (0.5, 0.28), (0.75, 0.28), (0.375, 0.7), (0.625, 0.7)):
            out.append(Circle(x + w * cx, y + h * cy, h * 0.1, charge))
    elif nation == "Genoese":
        t = h * 0.2
        out += [Rect(x, y + (h - t) / 2, w, t, charge), Rect(x + (w - t) / 2, y, t, h, charge)]
    elif nation == "Venetian":                  # St Mark's lion, as a block of gold
        out.append(Rect(x + w * 0.3, y + h * 0.25, w * 0.4, h * 0.5, charge))
    elif nation == "Spanish":                   # the cross of Burgundy, as a saltire
        t = h * 0.12
        out += [Poly(((x, y), (x + t, y), (x + w, y + h), (x + w - t, y + h)), charge),
                Poly(((x + w - t, y), (x + w, y), (x + t, y + h), (x, y + h)), charge)]
    elif nation == "Papal":                     # the keys, as a pale
        out.append(Rect(x + w * 0.42, y, w * 0.16, h, charge))
    elif nation == "Ottoman":                   # a crescent: a disc and a disc of the field over it
        out += [Circle(x + w * 0.45, y + h / 2, h * 0.3, charge), Circle(x + w * 0.55, y + h / 2, h * 0.25, role)]
    return out


def _bow_arrow(hull: Hull, md: float, s: float) -> list[Shape]:
    """BOW (read from the bow end) and a solid arrow on the keel line, as big as the deck allows."""
    label_pt = _label_pt(s)
    x = hull.bow_x + 2.5 * s + 0.76 * label_pt
    out: list[Shape] = [Text(x, hull.yc, (Span(_(LABELS["bow"])),), label_pt, "sector.label", "bold", "middle",
                             angle=-90)]
    x0 = x + 0.3 * label_pt + 2 * s
    half = min(md * 0.6, max(hull.half_at(x0) - hull.rail - 1.0 * s, md * 0.25))
    out.append(Poly(((x0, hull.yc - half), (x0 + half * 1.6, hull.yc), (x0, hull.yc + half)), "bow", tag="bow"))
    return out
