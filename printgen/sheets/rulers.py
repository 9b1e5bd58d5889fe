"""Rulers and gauges at the kit's scale: movement stick, range ruler, turn template, wind and drift
compass. Lengths are the printed (rounded) rule distances, so every mark agrees with its label;
a ruler longer than the page is cut into pieces that join end to end."""

from __future__ import annotations

import math

from printgen.draw.shapes import Drawing, Group, Line, Poly, Rect, Shape, Span, Text, translate
from printgen.options import Options
from printgen.sheets.frame import content_box, frame, new_page
from printgen.sheets.table_diagram import COMPASS, arrow
from printgen.sheets.textfit import fit_size

STRIP_H = 0.75 * 72
GAP = 16.0
LABEL = 8.5


def _dist(rs, options: Options, key: str) -> Span:
    from printgen.rules.trace import lookup

    return Span(options.measure.fmt(float(lookup(rs, key))), "bold", ("rule", key), "distance")


def _ticks(length_pt: float, options: Options, y: float, h: float) -> list[Shape]:
    """Unit ticks (inches or cm) with their numbers along the top edge of a strip."""
    unit = options.measure.unit_pt()
    out: list[Shape] = []
    n = int(length_pt / unit + 1e-6)
    minor = 2 if options.units == "in" else 1
    for i in range(n * minor + 1):
        x = i * unit / minor
        if x > length_pt + 0.01:
            break
        major = i % minor == 0
        out.append(Line(x, y, x, y + (h * 0.28 if major else h * 0.15), "rule"))
        if major and 0 < i // minor:
            out.append(Text(x - 1.5, y + h * 0.28 + 7, (Span(str(i // minor), source=("meta", "tick"), kind="count"),),
                            6.5, role="text.muted", anchor="end"))
    return out


def movement_stick(rs, options: Options) -> tuple[list[Shape], float, str, list[float]]:
    m, sp = options.measure, rs.movement.speed_in
    length = m.printed_pt(max(sp.green, sp.yellow, sp.red))
    h = STRIP_H
    shapes: list[Shape] = [Rect(0, 0, length, h, "panel"), *_ticks(length, options, 0, h)]
    marks = [("green", sp.green, "Green: full move "), ("yellow", sp.yellow, "Yellow: half move "),
             ("red", sp.red, "Red, after the in-irons check: ")]
    at: dict[float, list[tuple[str, str]]] = {}
    for colour, value, words in marks:                       # marks at one place share the line
        at.setdefault(round(m.printed_pt(value), 2), []).append((colour, words))
    left = 0.0
    for x in sorted(at):
        group = at[x]
        room = x - left - 8
        for row, (colour, words) in enumerate(group):
            part = h / len(group)
            shapes.append(Rect(x - 1.8, row * part, 3.6, part, f"swatch.{colour}"))
            dist = _dist(rs, options, f"movement.speed_in.{colour}")
            # the full words where they fit, else the colour and distance, else the distance alone
            for label in ((Span(words), dist), (Span(colour.capitalize() + " "), dist), (dist,)):
                size = fit_size("".join(w.text for w in label), room, 7.5, "bold")
                if size >= 5.5:
                    break
            shapes.append(Text(x - 5, h * 0.5 + (row + 0.5) * max(size * 1.3, h * 0.42 / len(group)), label, size,
                               anchor="end"))
        left = x
    return shapes, length, "Movement stick", sorted(at)


def range_ruler(rs, options: Options) -> tuple[list[Shape], float, str, list[float]]:
    m = options.measure
    bands = sorted(rs.shooting.range_in.bands().items(), key=lambda kv: kv[1][0])
    length = m.printed_pt(bands[-1][1][1])
    h = STRIP_H
    shapes: list[Shape] = [Rect(0, 0, length, h, "panel")]
    for name, (a, b) in bands:
        x0, x1 = m.printed_pt(a), m.printed_pt(b)
        shapes.append(Rect(x0, h * 0.45, x1 - x0, h * 0.55, f"band.range.{name}"))
        words = [Span(f"{name.capitalize()} "), _dist(rs, options, f"shooting.range_in.{name}.0"), Span(" to "),
                 _dist(rs, options, f"shooting.range_in.{name}.1"), Span(": hits on "),
                 Span(_faces(rs, name), "bold", ("rule", f"shooting.to_hit.{name}.hit"), "faces")]
        if name == "short":
            words += [Span(", rake "), Span(_faces(rs, "rake"), "bold", ("rule", "shooting.to_hit.rake.hit"), "faces")]
        size = fit_size("".join(w.text for w in words), x1 - x0 - 10, 7.5, "bold")
        shapes.append(Text(x0 + 5, h * 0.8, tuple(words), size))
    shapes += _ticks(length, options, 0, h)
    return shapes, length, "Range ruler", [m.printed_pt(b) for _, (_, b) in bands]


def _faces(rs, band: str) -> str:
    from printgen.rules.faces import format_faces

    return format_faces(getattr(rs.shooting.to_hit, band).hit)


TAB = 0.4 * 72


def strips(shapes: list[Shape], length: float, title: str, cuts: list[float],
           width: float) -> list[tuple[list[Shape], float, str | tuple]]:
    """A ruler no wider than the page as it is, else cut at its marks (a band's end) into pieces
    that join end to end: each piece but the last carries a grey tab the next is glued over."""
    if length <= width:
        return [(shapes, length, title)]
    ends, start = [], 0.0
    while start < length - 1e-6:
        fits = [c for c in cuts if start < c <= start + width - TAB]
        end = max(fits) if fits else min(length, start + width - TAB)
        ends.append((start, end))
        start = end
    pieces = []
    for k, (a, b) in enumerate(ends, 1):
        last = k == len(ends)
        label = (Span(f"{title}, piece ", "bold"), Span(str(k), "bold", ("meta", "piece"), "count"), Span(" of ", "bold"),
                 Span(str(len(ends)), "bold", ("meta", "pieces"), "count"),
                 Span("" if last else ": glue the next piece over the grey tab", "bold"))
        body: list[Shape] = [Group(tuple(_clip(shapes, a, b)), translate(-a, 0))]
        if not last:
            body.append(Rect(b - a, 0, TAB, STRIP_H, "glue"))
        pieces.append((body, b - a + (0 if last else TAB), label))
    return pieces


def _clip(shapes: list[Shape], a: float, b: float) -> list[Shape]:
    """The shapes of the stretch [a, b]: rectangles cut to it, lines and words that start in it."""
    kept: list[Shape] = []
    for s in shapes:
        if isinstance(s, Rect):
            x0, x1 = max(s.x, a), min(s.x + s.w, b)
            if x1 > x0:
                kept.append(Rect(x0, s.y, x1 - x0, s.h, s.role, s.radius, s.tag))
        elif isinstance(s, Line):
            if a - 0.01 <= s.x1 <= b + 0.01:
                kept.append(s)
        elif isinstance(s, Text):
            if a - 0.01 <= s.x < b - 1:
                kept.append(s)
        else:
            kept.append(s)
    return kept


def turn_template(rs, options: Options) -> tuple[list[Shape], float, str]:
    m = options.measure
    L, W = m.pt(rs.bases.length_in), m.pt(rs.bases.width_in)
    r = 100.0                                      # the angles matter, not the size
    cx, cy = max(r, L) + 6, r + 6
    turn = rs.movement.turn_max_deg
    shapes: list[Shape] = []
    pts = [(cx, cy)] + [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
                        for a in [-turn + i * (2 * turn) / 24 for i in range(25)]]
    shapes.append(Poly(tuple(pts), "panel"))
    for a in (-turn, -turn / 2, 0, turn / 2, turn):
        x, y = cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a))
        shapes.append(Line(cx, cy, x, y, "rule.light"))
    shapes.append(Rect(cx - L, cy - W / 2, L, W, "base", tag="base"))
    shapes.append(Text(cx - L / 2, cy + 2.5, (Span("bow here"),), fit_size("bow here", L - 4, 7), anchor="middle"))
    shapes.append(Text(cx, cy + r + 12, (Span("Turn up to "), Span(f"{turn:g}°", "bold", ("rule", "movement.turn_max_deg"),
                                                                     "degrees"), Span(" either way, once a move")),
                       7.5, anchor="middle"))
    return shapes, cx + r + 6, "Turn template"


def compass(rs, options: Options) -> tuple[list[Shape], float, str]:
    """Wind and drift: the wind arrow from its quarter; the drift arrow exactly the drift distance long."""
    drift = options.measure.printed_pt(rs.drift.distance_in)
    r = max(drift / 2 + 8, 56.0)
    cx = cy = r + 14
    shapes: list[Shape] = [Poly(tuple((cx + r * math.cos(t * math.pi / 18), cy + r * math.sin(t * math.pi / 18))
                                      for t in range(36)), "panel")]
    for name, ang in COMPASS.items():
        a = math.radians(ang)
        x, y = cx + (r + 7) * math.sin(a), cy - (r + 7) * math.cos(a) + 3
        shapes.append(Text(x, y, (Span(name),), 7 if len(name) == 2 else 8.5, font="bold", anchor="middle"))
    frm = math.radians(COMPASS[rs.table.wind_from])
    ux, uy = math.sin(frm), -math.cos(frm)               # towards where the wind comes from
    shapes += arrow(cx + ux * r * 0.9, cy + uy * r * 0.9, cx + ux * r * 0.2, cy + uy * r * 0.2, 7)
    shapes.append(Text(cx + ux * r * 0.55 + 6, cy + uy * r * 0.55, (Span("wind"),), 7.5, font="italic"))
    to = math.radians(COMPASS[rs.drift.direction])
    dx, dy = math.sin(to), -math.cos(to)
    x0, y0 = cx - dx * drift / 2, cy - dy * drift / 2
    shapes += arrow(x0, y0, x0 + dx * drift, y0 + dy * drift, 7)
    shapes.append(Text(cx - 2, cy + 16, (Span("drift "), _dist(rs, options, "drift.distance_in")), 7.5,
                       anchor="end"))
    return shapes, 2 * cx, "Wind and drift"


def ruler_sheets(scenario, options: Options) -> Drawing:
    rs = scenario.ruleset
    box = content_box(options)
    items: list[tuple[list[Shape], float, str]] = []
    for make in (movement_stick, range_ruler):
        items += strips(*make(rs, options), box.w)
    pages, page, y = [], new_page(options), box.y + 4
    for shapes, length, title in items:
        if y + STRIP_H + LABEL * 2 > box.bottom:
            pages.append(page)
            page, y = new_page(options), box.y + 4
        page.add(Text(box.x, y + LABEL, (Span(title, "bold"),) if isinstance(title, str) else title, LABEL),
                 Group(tuple(shapes), translate(box.x, y + LABEL * 1.6)),
                 Rect(box.x, y + LABEL * 1.6, length, STRIP_H, "cut", tag="ruler"))
        y += STRIP_H + LABEL * 1.6 + GAP
    # The turn template and the compass, side by side where they fit, below the rulers.
    x, row_h = box.x, 0.0
    for shapes, width, title in (turn_template(rs, options), compass(rs, options)):
        height = _height(shapes) + LABEL * 2
        if x > box.x and x + width > box.right:
            x, y, row_h = box.x, y + row_h + GAP, 0.0
        if y + height > box.bottom:
            pages.append(page)
            page, x, y, row_h = new_page(options), box.x, box.y + 4, 0.0
        page.add(Text(x, y + LABEL, (Span(title, "bold"),), LABEL), Group(tuple(shapes), translate(x, y + LABEL * 1.4)))
        x += width + GAP
        row_h = max(row_h, height)
    pages.append(page)
    for k, p in enumerate(pages):
        frame(p, options, scenario.title, "Rulers and gauges", k + 1, len(pages),
              hint=(Span("Scale "), Span(f"{options.scale:g}", source=("meta", "scale"), kind="text"),
                    Span(": cut out on the grey lines; glue on card.")))
    return Drawing(f"{scenario.title}: rulers and gauges ({options.edition_name})", pages, subject="printgen rulers")


def _height(shapes: list[Shape]) -> float:
    ys = []
    for s in shapes:
        if isinstance(s, Poly):
            ys += [p[1] for p in s.points]
        elif isinstance(s, Rect):
            ys.append(s.y + s.h)
        elif isinstance(s, Text):
            ys.append(s.y + 3)
    return max(ys, default=0.0)
