"""Rulers and gauges at the kit's scale. Each ruleset system picks its own (GAUGES): Trafalgar's
movement stick, range ruler, turn template and wind-and-drift compass; the medieval fragment's
movement stick per ship type, missile ruler, furl gauge, sweep template and wind gauge. They share
the strips, ticks and pieces below. Lengths are the printed (rounded) rule distances, so every mark
agrees with its label; a ruler longer than the page is cut into pieces that join end to end."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from printgen.draw.shapes import Drawing, Group, Line, Poly, Rect, Shape, Span, Text, translate
from printgen.options import Options
from printgen.sheets.frame import content_box, frame, new_page
from printgen.sheets.table_diagram import COMPASS, arrow
from printgen.sheets.textfit import fit_size

STRIP_H = 0.75 * 72
GAP = 16.0
LABEL = 8.5
NOT_FROM_SOURCE = "not from the source"


@dataclass(frozen=True)
class Strip:
    """A ruler: shapes along x from 0 to `length`, `height` high; cut at `cuts` if too long."""
    shapes: list[Shape]
    length: float
    title: str | tuple
    cuts: list[float]
    height: float = STRIP_H


@dataclass(frozen=True)
class Piece:
    """A gauge laid out beside the others below the rulers."""
    shapes: list[Shape]
    width: float
    title: str


Gauge = Callable[[object, Options], list]            # (scenario, options) -> Strips and Pieces


def _dist(rs, options: Options, key: str) -> Span:
    from printgen.rules.trace import lookup

    return Span(options.measure.fmt(float(lookup(rs, key))), "bold", ("rule", key), "distance")


def _deg(rs, key: str, font: str = "bold") -> Span:
    from printgen.rules.trace import lookup

    return Span(f"{float(lookup(rs, key)):g}°", font, ("rule", key), "degrees")


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


def _marked_stick(marks: list[tuple[float, str, list[tuple[Span, ...]]]], options: Options) -> tuple[list[Shape], float, list[float]]:
    """A stick as long as its furthest mark; each mark a swatch line with the longest label that
    fits in the room left of it. marks: (rule inches, swatch role, labels longest first)."""
    m = options.measure
    length = max(m.printed_pt(v) for v, _, _ in marks)
    h = STRIP_H
    shapes: list[Shape] = [Rect(0, 0, length, h, "panel"), *_ticks(length, options, 0, h)]
    at: dict[float, list[tuple[str, list]]] = {}
    for value, role, labels in marks:                          # marks at one place share the line
        at.setdefault(round(m.printed_pt(value), 2), []).append((role, labels))
    left = 0.0
    for x in sorted(at):
        group = at[x]
        room = x - left - 8
        for row, (role, labels) in enumerate(group):
            part = h / len(group)
            shapes.append(Rect(x - 1.8, row * part, 3.6, part, role))
            for label in labels:                               # the full words where they fit, else shorter
                size = fit_size("".join(w.text for w in label), room, 7.5, "bold")
                if size >= 5.5:
                    break
            shapes.append(Text(x - 5, h * 0.5 + (row + 0.5) * max(size * 1.3, h * 0.42 / len(group)), label, size,
                               anchor="end"))
        left = x
    return shapes, length, sorted(at)


# --- the broadside system (Trafalgar) --------------------------------------------------------------

def movement_stick(scenario, options: Options) -> list[Strip]:
    rs = scenario.ruleset
    sp = rs.movement.speed_in
    marks = []
    for colour, words in (("green", "Green: full move "), ("yellow", "Yellow: half move "),
                          ("red", "Red, after the in-irons check: ")):
        dist = _dist(rs, options, f"movement.speed_in.{colour}")
        marks.append((getattr(sp, colour), f"swatch.{colour}",
                      [(Span(words), dist), (Span(colour.capitalize() + " "), dist), (dist,)]))
    shapes, length, cuts = _marked_stick(marks, options)
    return [Strip(shapes, length, "Movement stick", cuts)]


def range_ruler(scenario, options: Options) -> list[Strip]:
    rs = scenario.ruleset

    def words(name: str) -> list[Span]:
        out = [Span(": hits on "), Span(_faces(rs, name), "bold", ("rule", f"shooting.to_hit.{name}.hit"), "faces")]
        if name == "short":
            out += [Span(", rake "), Span(_faces(rs, "rake"), "bold", ("rule", "shooting.to_hit.rake.hit"), "faces")]
        return out

    return [_bands(rs, options, "shooting.range_in", words, "Range ruler")]


def _bands(rs, options: Options, key: str, words: Callable[[str], list[Span]], title) -> Strip:
    """A ruler of range bands, nearest first, each shaded and named with its distances."""
    from printgen.rules.trace import lookup

    m = options.measure
    bands = sorted(lookup(rs, key).bands().items(), key=lambda kv: kv[1][0])
    length = m.printed_pt(bands[-1][1][1])
    h = STRIP_H
    shapes: list[Shape] = [Rect(0, 0, length, h, "panel")]
    roles = ("band.range.short", "band.range.long")
    for i, (name, (a, b)) in enumerate(bands):
        x0, x1 = m.printed_pt(a), m.printed_pt(b)
        shapes.append(Rect(x0, h * 0.45, x1 - x0, h * 0.55, f"band.range.{name}" if name in ("short", "long")
                           else roles[i % 2]))
        label = [Span(f"{name.capitalize()} "), _dist(rs, options, f"{key}.{name}.0"), Span(" to "),
                 _dist(rs, options, f"{key}.{name}.1"), *words(name)]
        size = fit_size("".join(w.text for w in label), x1 - x0 - 10, 7.5, "bold")
        shapes.append(Text(x0 + 5, h * 0.8, tuple(label), size))
    shapes += _ticks(length, options, 0, h)
    return Strip(shapes, length, title, [m.printed_pt(b) for _, (_, b) in bands])


def _faces(rs, band: str) -> str:
    from printgen.rules.faces import format_faces

    return format_faces(getattr(rs.shooting.to_hit, band).hit)


def turn_template(scenario, options: Options) -> list[Piece]:
    rs = scenario.ruleset
    m = options.measure
    L, W = m.pt(rs.bases.length_in), m.pt(rs.bases.width_in)
    r = 100.0                                      # the angles matter, not the size
    cx, cy = max(r, L) + 6, r + 6
    turn = rs.movement.turn_max_deg
    shapes = _fan(cx, cy, r, turn, (-turn, -turn / 2, 0, turn / 2, turn))
    shapes += _base_at(cx, cy, L, W)
    shapes.append(Text(cx, cy + r + 12, (Span("Turn up to "), Span(f"{turn:g}°", "bold", ("rule", "movement.turn_max_deg"),
                                                                     "degrees"), Span(" either way, once a move")),
                       7.5, anchor="middle"))
    return [Piece(shapes, cx + r + 6, "Turn template")]


def _fan(cx: float, cy: float, r: float, half: float, rays: tuple[float, ...]) -> list[Shape]:
    """A fan ahead of a bow at (cx, cy), pointing right, `half` degrees either way, with rays."""
    pts = [(cx, cy)] + [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
                        for a in [-half + i * (2 * half) / 24 for i in range(25)]]
    shapes: list[Shape] = [Poly(tuple(pts), "panel")]
    for a in rays:
        x, y = cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a))
        shapes.append(Line(cx, cy, x, y, "rule.light"))
    return shapes


def _base_at(cx: float, cy: float, L: float, W: float) -> list[Shape]:
    """A base whose bow touches (cx, cy), lying to the left."""
    return [Rect(cx - L, cy - W / 2, L, W, "base", tag="base"),
            Text(cx - L / 2, cy + 2.5, (Span("bow here"),), fit_size("bow here", L - 4, 7), anchor="middle")]


def compass(scenario, options: Options) -> list[Piece]:
    """Wind and drift: the wind arrow from its quarter; the drift arrow exactly the drift distance long."""
    rs = scenario.ruleset
    drift = options.measure.printed_pt(rs.drift.distance_in)
    r = max(drift / 2 + 8, 56.0)
    cx = cy = r + 14
    shapes: list[Shape] = [Poly(tuple((cx + r * math.cos(t * math.pi / 18), cy + r * math.sin(t * math.pi / 18))
                                      for t in range(36)), "panel")]
    shapes += _compass_letters(cx, cy, r)
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
    return [Piece(shapes, 2 * cx, "Wind and drift")]


def _compass_letters(cx: float, cy: float, r: float) -> list[Shape]:
    out: list[Shape] = []
    for name, ang in COMPASS.items():
        a = math.radians(ang)
        x, y = cx + (r + 7) * math.sin(a), cy - (r + 7) * math.cos(a) + 3
        out.append(Text(x, y, (Span(name),), 7 if len(name) == 2 else 8.5, font="bold", anchor="middle"))
    return out


# --- the sectors system (the medieval fragment) -----------------------------------------------------

def type_sticks(scenario, options: Options) -> list[Strip]:
    """A movement stick for each ship type of the fleet: its move, the with-wind bonus on top, its
    attack speed (speeds and bases are defaults of the ruleset, the bonus is the source's)."""
    rs = scenario.ruleset
    present = {s.type for s in scenario.fleet.ships}
    bonus = rs.movement.with_wind_bonus_in
    out = []
    for key, t in rs.types.items():
        if key not in present:
            continue
        move = _dist(rs, options, f"types.{key}.speed_in")
        attack = _dist(rs, options, f"types.{key}.attack_speed_in")
        plus = (Span("+", "bold"), _dist(rs, options, "movement.with_wind_bonus_in"))
        marks = [(t.speed_in, "swatch.yellow", [(Span("Move "), move), (move,)]),
                 (t.speed_in + bonus, "swatch.green", [(Span("With the wind "), *plus), (Span("Wind "), *plus), plus]),
                 (t.attack_speed_in, "swatch.red", [(Span("Attack speed "), attack), (Span("Attack "), attack),
                                                    (attack,)])]
        shapes, length, cuts = _marked_stick(marks, options)
        title = (Span("Movement stick: ", "bold"), Span(t.name, "bold"), Span(f" ({key}; speeds {NOT_FROM_SOURCE})"))
        out.append(Strip(shapes, length, title, cuts))
    return out


def missile_ruler(scenario, options: Options) -> list[Strip]:
    title = (Span("Missile range ruler", "bold"), Span(f" (ranges {NOT_FROM_SOURCE})"))
    return [_bands(scenario.ruleset, options, "missile.range_in", lambda name: [], title)]


def furl_gauge(scenario, options: Options) -> list[Strip]:
    """Galleys and longships furl within this distance of an enemy: a short strip to check it."""
    from printgen.rules.trace import rule

    rs = scenario.ruleset
    if not any(rs.type_of(s).oars for s in scenario.fleet.ships):
        return []
    h = STRIP_H * 0.7
    length = options.measure.printed_pt(rs.movement.furl_within_in)
    shapes: list[Shape] = [Rect(0, 0, length, h, "band.range.short"), *_ticks(length, options, 0, h)]
    turns = rule(rs, "movement.unfurl_turns")
    inside = (Span("Furl within "), _dist(rs, options, "movement.furl_within_in"), Span(" of an enemy"))
    size = fit_size("".join(s.text for s in inside), length - 10, 7.5, "bold")
    shapes.append(Text(5, h * 0.82, inside if size >= 5.5 else inside[1:2], max(size, 5.5)))
    title = (Span("Furl gauge", "bold"), Span(": a galley or longship within "),
             _dist(rs, options, "movement.furl_within_in"),
             Span(" of an enemy ship furls its sail (no wind bonus); unfurling takes "),
             Span(_word(turns.value), "bold", ("rule", "movement.unfurl_turns"), "word"), Span(" whole turn"))
    return [Strip(shapes, length, title, [length], h)]


def _word(n) -> str:
    from printgen.rules.printed import fmt

    return fmt(n, "word")


def sweep_template(scenario, options: Options) -> list[Piece]:
    """Turning 90 degrees is a sweep: alter course 45, move forward, again. A fan with both rays,
    the sweep's track drawn on one side; the base is the fleet's commonest, cut short."""
    from collections import Counter

    rs = scenario.ruleset
    mv = rs.movement
    common = Counter(s.type for s in scenario.fleet.ships).most_common(1)
    length, width = rs.types[common[0][0]].base_in if common else (rs.bases.length_in, rs.bases.width_in)
    r = 100.0
    L, W = min(options.measure.pt(length), r * 0.8), options.measure.pt(width)
    cx, cy = L + 6, r + 14
    steps = [mv.sweep_step_deg * k for k in range(1, int(mv.sweep_turn_deg / mv.sweep_step_deg + 1e-9) + 1)]
    shapes = _fan(cx, cy, r, mv.sweep_turn_deg, tuple(a * s for a in steps for s in (-1, 1)) + (0,))
    for k, a in enumerate(steps):                  # each ray's angle at its end, the last the whole turn
        key = "movement.sweep_turn_deg" if k == len(steps) - 1 else "movement.sweep_step_deg"
        for side in (-1, 1):
            t = math.radians(a * side)
            x, y = cx + (r + 5) * math.cos(t), cy - (r + 5) * math.sin(t)
            if abs(abs(a) - 90) < 1:
                shapes.append(Text(x, y + (9 if side < 0 else -1), (_deg(rs, key),), 7.5, anchor="middle"))
            else:
                shapes.append(Text(x, y + 3 + side * -2, (_deg(rs, key),), 7.5))
    x, y, leg = cx, cy, r * 0.42                    # the track: a leg at each step of the sweep
    for k, a in enumerate(steps):
        t = math.radians(a)
        nx, ny = x + leg * math.cos(t), y - leg * math.sin(t)
        shapes += arrow(x, y, nx, ny, 6)
        x, y = nx, ny
    shapes += _base_at(cx, cy, L, W)
    lines = [(Span("Turning "), _deg(rs, "movement.sweep_turn_deg"), Span(": alter course "),
              _deg(rs, "movement.sweep_step_deg"), Span(" and move forward,")),
             (Span("then again: "), Span(_word(mv.sweep_moves), "bold", ("rule", "movement.sweep_moves"), "word"),
              Span(" moves in a sweep, no pivoting.")),
             (Span("A galley then finishes its move on the new course."),)]
    for i, spans in enumerate(lines):
        shapes.append(Text(0, cy + r + 26 + i * 9.5, spans, 7.5))
    return [Piece(shapes, cx + r + 24, "Sweep template")]


def wind_gauge(scenario, options: Options) -> list[Piece]:
    """The wind rose at gauge size, with compass letters: lay N to the north, a ship at the centre."""
    from printgen.sheets.map_parts import wind_rose

    rs = scenario.ruleset
    r = 62.0
    cx, cy = r + 16, r + 16
    shapes: list[Shape] = [*wind_rose(cx, cy, r, rs, 8.0, word=False), *_compass_letters(cx, cy, r)]
    lines = [(Span("Lay N to the north, the ship at the centre. Round ships cannot point within "),
              _deg(rs, "movement.round_ship_min_angle_to_wind_deg"), Span(" of the wind.")),
             (Span("Within "), _deg(rs, "movement.with_wind_within_deg"), Span(" of dead downwind a ship adds "),
              Span(options.measure.fmt(rs.movement.with_wind_bonus_in), "bold", ("rule", "movement.with_wind_bonus_in"),
                   "distance"), Span(" to its move (not with sails furled).")),
             ]
    from printgen.sheets.map_legend import wrap_spans

    y = cy + r + 20
    for spans in lines:
        for row in wrap_spans(spans, 2 * cx + 10, 7.5):
            shapes.append(Text(0, y, row, 7.5))
            y += 9.5
    return [Piece(shapes, 2 * cx + 10, "Wind gauge")]


GAUGES: dict[str, tuple[Gauge, ...]] = {
    "broadside": (movement_stick, range_ruler, turn_template, compass),
    "sectors": (type_sticks, missile_ruler, furl_gauge, sweep_template, wind_gauge),
}

TAB = 0.4 * 72


def strips(strip: Strip, width: float) -> list[Strip]:
    """A ruler no wider than the page as it is, else cut at its marks (a band's end) into pieces
    that join end to end: each piece but the last carries a grey tab the next is glued over."""
    shapes, length, title, cuts, h = strip.shapes, strip.length, strip.title, strip.cuts, strip.height
    if length <= width:
        return [strip]
    ends, start = [], 0.0
    for _ in range(len(cuts) + int(length / (width - TAB)) + 2):     # bounded: each piece moves on
        if start >= length - 1e-6:
            break
        fits = [c for c in cuts if start < c <= start + width - TAB]
        end = max(fits) if fits else min(length, start + width - TAB)
        ends.append((start, end))
        start = end
    lead = 0 if isinstance(title, str) else next((i for i, s in enumerate(title) if s.font != "bold" or s.source),
                                                 len(title))
    name = title if isinstance(title, str) else "".join(s.text for s in title[:lead])      # the leading bold words
    notes = () if isinstance(title, str) else tuple(title[lead:])
    pieces = []
    for k, (a, b) in enumerate(ends, 1):
        last = k == len(ends)
        label = (Span(f"{name}, piece ", "bold"), Span(str(k), "bold", ("meta", "piece"), "count"), Span(" of ", "bold"),
                 Span(str(len(ends)), "bold", ("meta", "pieces"), "count"),
                 Span("" if last else ": glue the next piece over the grey tab", "bold")) + notes
        body: list[Shape] = [Group(tuple(_clip(shapes, a, b)), translate(-a, 0))]
        if not last:
            body.append(Rect(b - a, 0, TAB, h, "glue"))
        pieces.append(Strip(body, b - a + (0 if last else TAB), label, [], h))
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


def ruler_sheets(scenario, options: Options) -> Drawing:
    """The ruleset system's rulers (cut into pieces where too long), then its gauges side by side."""
    box = content_box(options)
    made = [item for gauge in GAUGES[scenario.ruleset.ruleset.system] for item in gauge(scenario, options)]
    items = [piece for s in made if isinstance(s, Strip) for piece in strips(s, box.w)]
    pages, page, y = [], new_page(options), box.y + 4
    for s in items:
        if y + s.height + LABEL * 2 > box.bottom:
            pages.append(page)
            page, y = new_page(options), box.y + 4
        title = (Span(s.title, "bold"),) if isinstance(s.title, str) else s.title
        size = fit_size("".join(t.text for t in title), box.w, LABEL, "bold")
        page.add(Text(box.x, y + LABEL, title, size),
                 Group(tuple(s.shapes), translate(box.x, y + LABEL * 1.6)),
                 Rect(box.x, y + LABEL * 1.6, s.length, s.height, "cut", tag="ruler"))
        y += s.height + LABEL * 1.6 + GAP
    # The templates and gauges, side by side where they fit, below the rulers.
    x, row_h = box.x, 0.0
    for g in (p for p in made if isinstance(p, Piece)):
        height = _height(g.shapes) + LABEL * 2
        if x > box.x and x + g.width > box.right:
            x, y, row_h = box.x, y + row_h + GAP, 0.0
        if y + height > box.bottom:
            pages.append(page)
            page, x, y, row_h = new_page(options), box.x, box.y + 4, 0.0
        page.add(Text(x, y + LABEL, (Span(g.title, "bold"),), LABEL), Group(tuple(g.shapes), translate(x, y + LABEL * 1.4)))
        x += g.width + GAP
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
