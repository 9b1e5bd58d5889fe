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
    box = Box(box.x, box.y, box.w, box.h - (_notes_height(rs, on_piece, options) + 6 if TYPE.handled else
                                            max(0.0, _notes_height(rs, on_piece, options) + 6 - FOOTER)))
    spots = shelves(sizes, box, "ship base", [ship.side for ship in ships])
    n_pages = max((sp.page for sp in spots), default=0) + 1
    pages = [new_page(options) for _ in range(n_pages)]
    for ship, spot in zip(ships, spots):
        pages[spot.page].add(Group((piece(ship, rs, m, s, on_piece),), translate(spot.x, spot.y), tag=ship.key))
    for k, page in enumerate(pages):
        _how_to(page, rs, on_piece, options)           # it explains the page's marks itself, under its notes
        frame(page, options, scenario.title, _("Ship pieces"), k + 1, n_pages, legend=False)
    return Drawing(titled(scenario.title, N_("ship pieces"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen sprites")


NOTE_LINES = 3              # the marks' meaning under the notes: at most this many lines


def _notes(rs, on_piece: bool, options: Options) -> tuple[float, float, list[tuple[bool, str]]]:
    """The notes' type size, width and lines (first of a paragraph or not)."""
    paras = [_(p) for p in (HOW_TO if on_piece else (HOW_TO[0], ON_RECORDS))]
    width = notes_width(options)
    size = TYPE.handled or TYPE.small              # large print: the floor of what a pupil handles
    return size, width, [(i == 0, line) for para in paras for i, line in enumerate(wrap(para, width, size))]


def _notes_height(rs, on_piece: bool, options: Options) -> float:
    size, _, lines = _notes(rs, on_piece, options)
    return size * 1.25 * (len(lines) + 2 + NOTE_LINES) + size


def _how_to(page, rs, on_piece: bool, options: Options) -> None:
    """Bottom left, ending at the margin: how to use the pieces, then what the page's marks mean
    (here rather than where frame() puts it, which a 2 cm calibration square would push into these lines)."""
    size, width, lines = _notes(rs, on_piece, options)
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
    L, W = (measure.pt(v) for v in rs.base_of(ship))
    t = rs.type_of(ship)
    hull = Hull(form_of(ship.type, t), L, W)
    by_part = {t.label: t for t in tracks(rs, ship)} if boxes else {}
    cells = _cells(hull, by_part)
    label_pt = _label_pt(s)
    d = _box_side(hull, cells, label_pt, s)
    if d < 0.8 * _box_side(hull, cells, 0.0, s):      # a short base: the rows' words would squeeze the boxes
        label_pt, d = 0.0, _box_side(hull, cells, 0.0, s)
    marks: list[Shape] = []
    for cell, count in cells:
        marks += _cell(cell, by_part[cell.part], count, d, label_pt)
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
    items += _deck(ship, hull, by_part.get("mast"), d, s)
    items.append(Rect(0, 0, L, W, "cut", tag="piece", meaning=(("cut", ("meta", "line", "outline")),)))         # the base is the piece: cut on its outline
    return Group(tuple(items), tag=ship.key)


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
