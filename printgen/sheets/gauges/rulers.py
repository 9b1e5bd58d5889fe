"""Rulers and gauges at the kit's scale. Each rule family picks its own (its gauges(), in
printgen/systems/<family>/gauges.py); they share the strips, ticks and pieces below. Lengths are the printed (rounded) rule distances, so every mark
agrees with its label; a ruler longer than the page is cut into pieces that join end to end."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from printgen.draw.shapes import Circle, Drawing, Group, Line, Poly, Rect, Shape, Span, Text, translate
from printgen.draw.typescale import TYPE, handled
from printgen.i18n import LANG, N_, _
from printgen.options import Options
from printgen.registry import system_of
from printgen.sheets.maps.table_diagram import COMPASS
from printgen.sheets.page.frame import content_box, frame, new_page
from printgen.sheets.page.words import degrees, scale_text, titled
from printgen.sheets.text.textfit import fit_size, wrap

STRIP_H = 0.75 * 72
GAP = 16.0
LABEL = 8.5
NOT_FROM_SOURCE = "not from the source"


@dataclass(frozen=True)
class Strip:
    """A ruler: shapes along x from 0 to `length`, `height` high; cut at `cuts` if too long. For the
    checker (check/rulers.py): `reach`, the sources whose rule distances add up to its length (printed,
    rounded); `across`, the source of its height (a base's side, at scale; None: printgen's strip);
    `part`, piece k of n, the stretch (a, b) of the whole ruler it carries."""
    shapes: list[Shape]
    length: float
    title: str | tuple
    cuts: list[float]
    height: float = 0.0                               # 0: the type scale's ruler (TYPE.strip, STRIP_H in standard)
    reach: tuple = ()
    across: tuple | None = None
    part: tuple = ()
    whole: str = ""                                   # the whole ruler's name (a piece's title says which)

    def __post_init__(self) -> None:
        if not self.height:
            object.__setattr__(self, "height", TYPE.strip)

    @property
    def name(self) -> str:
        """The ruler's name: its title's leading bold words."""
        if isinstance(self.title, str):
            return self.title
        return "".join(s.text for s in _lead(self.title))


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

    return Span(degrees(float(lookup(rs, key))), font, ("rule", key), "degrees")



def _at(edge: str, mark: tuple) -> tuple:
    """A mark's meaning for the checker: (edge, the rule it stands at) when the mark names one
    (a 4th element; a sum of rules, such as move plus wind bonus, names none)."""
    return ((edge, mark[3]),) if len(mark) > 3 and mark[3] else ()


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
        tick = ("meta", "tick", i // minor)             # major ticks: the checker measures each from zero
        out.append(Line(x, y, x, y + (h * 0.28 if major else h * 0.15), "rule", meaning=(("x", tick),) if major else ()))
        if major and 0 < i // minor:
            # large print: the number clear of a mark's swatch line (1.8 pt either side of the tick) and the
            # stick's end, where a 14 pt digit's right edge was cut by the line
            size = handled(6.5)
            out.append(Text(x - (1.5 if size == 6.5 else 3.5), y + h * 0.28 + (7 if size == 6.5 else size),
                            (Span(str(i // minor), source=tick, kind="count"),),
                            size, role="text.muted", font="bold", anchor="end"))      # bold: a copy keeps it whole
    return out


def reach(marks: list[tuple]) -> tuple:
    """The sources whose rule distances add up to a stick's furthest mark (its length): the mark's
    own source, or the sources of a sum (a 5th element)."""
    far = max(marks, key=lambda mk: mk[0])
    return tuple(far[4]) if len(far) > 4 else ((far[3],) if len(far) > 3 and far[3] else ())


def _marked_stick(marks: list[tuple], options: Options) -> tuple[list[Shape], float, list[float]]:
    """A stick as long as its furthest mark; each mark a swatch line with the longest label that
    fits in the room left of it. marks: (rule inches, swatch role, labels longest first[, source of
    the inches, which the checker measures the swatch against[, the sources a sum adds up]])."""
    m = options.measure
    length = max(m.printed_pt(mark[0]) for mark in marks)
    h = TYPE.strip
    far = max(marks, key=lambda mk: mk[0])
    shapes: list[Shape] = [Rect(0, 0, length, h, "panel", meaning=_at("end", far)), *_ticks(length, options, 0, h)]
    at: dict[float, list[tuple[str, list]]] = {}
    for mark in marks:                                         # marks at one place share the line
        at.setdefault(round(m.printed_pt(mark[0]), 2), []).append((mark[1], mark[2], _at("mid", mark)))
    left = 0.0
    for x in sorted(at):
        group = at[x]
        room = x - left - 8
        for row, (role, labels, meaning) in enumerate(group):
            part = h / len(group)
            shapes.append(Rect(x - 1.8, row * part, 3.6, part, role, meaning=meaning))
            for label in labels:                               # the full words where they fit, else shorter
                size = fit_size("".join(w.text for w in label), room, handled(7.5), "bold")
                if size >= handled(5.5):
                    break
            if TYPE.handled:                                   # large print: the rows under the numbers' row
                size = max(size, TYPE.handled)
                y = h * 0.28 + TYPE.handled + 4 + (row + 1) * size * 1.2
            else:
                y = h * 0.5 + (row + 0.5) * max(size * 1.3, h * 0.42 / len(group))
            shapes.append(Text(x - 5, y, label, size, font="bold", anchor="end"))  # bold, as measured: a copy keeps it
        left = x
    if TYPE.handled:          # large print: a 14 pt number that would touch a mark's line is left out (the mark's
        shapes = [sh for sh in shapes if not _under_a_mark(sh, sorted(at))]         # words say its distance)
    return shapes, length, sorted(at)


def _under_a_mark(shape: Shape, marks: list[float]) -> bool:
    """Whether `shape` is a tick's number (anchored at its right end) crossing a mark's swatch line."""
    from printgen.draw import fonts

    if not (isinstance(shape, Text) and shape.role == "text.muted"):
        return False
    right = shape.x
    left = right - fonts.width("".join(sp.text for sp in shape.spans), shape.size, "bold")
    return any(left - 2.5 < x < right + 2.5 for x in marks)


def _bands(rs, options: Options, key: str, words: Callable[[str], list[Span]], title) -> Strip:
    """A ruler of range bands, nearest first, each shaded and named with its distances."""
    from printgen.rules.trace import lookup

    m = options.measure
    bands = sorted(lookup(rs, key).bands().items(), key=lambda kv: kv[1][0])
    length = m.printed_pt(bands[-1][1][1])
    h = TYPE.strip
    shapes: list[Shape] = [Rect(0, 0, length, h, "panel", meaning=(("end", ("rule", f"{key}.{bands[-1][0]}.1")),))]
    roles = ("band.range.short", "band.range.long")
    for i, (name, (a, b)) in enumerate(bands):
        x0, x1 = m.printed_pt(a), m.printed_pt(b)
        shapes.append(Rect(x0, h * 0.45, x1 - x0, h * 0.55, f"band.range.{name}" if name in ("short", "long")
                           else roles[i % 2], meaning=(("start", ("rule", f"{key}.{name}.0")),
                                                       ("end", ("rule", f"{key}.{name}.1")))))
        from printgen.sheets.page.words import said

        said_as = _("%(band)s from %(from)s to %(to)s") if a == 0 else _("%(band)s %(from)s to %(to)s")
        label = [*said(said_as, band=_(name.capitalize()), **{
            "from": _dist(rs, options, f"{key}.{name}.0"), "to": _dist(rs, options, f"{key}.{name}.1")}), *words(name)]
        size = fit_size("".join(w.text for w in label), x1 - x0 - 10, handled(7.5), "bold")
        if size < TYPE.handled:                        # large print: the distances alone where the words do not fit
            label = [*said(_("from %(from)s to %(to)s") if a == 0 else _("%(from)s to %(to)s"),
                           **{"from": _dist(rs, options, f"{key}.{name}.0"),
                              "to": _dist(rs, options, f"{key}.{name}.1")})]
            size = max(fit_size("".join(w.text for w in label), x1 - x0 - 10, TYPE.handled, "bold"), TYPE.handled)
        shapes.append(Text(x0 + 5, h * 0.8, tuple(label), size, font="bold"))
    shapes += _ticks(length, options, 0, h)
    return Strip(shapes, length, title, [m.printed_pt(b) for _, (_, b) in bands],
                 reach=(("rule", f"{key}.{bands[-1][0]}.1"),))


def _fan(cx: float, cy: float, r: float, half: float, rays: tuple[float, ...],
         meanings: dict[float, tuple] | None = None) -> list[Shape]:
    """A fan ahead of a bow at (cx, cy), pointing right, `half` degrees either way, with rays; a ray
    whose angle `meanings` lists carries that meaning for the checker (("angle", source, times): the
    ray stands the source's degrees times `times` anticlockwise from the bow's heading, check/gauges.py)."""
    pts = [(cx, cy)] + [(cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
                        for a in [-half + i * (2 * half) / 24 for i in range(25)]]
    shapes: list[Shape] = [Poly(tuple(pts), "panel")]
    for a in rays:
        x, y = cx + r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a))
        shapes.append(Line(cx, cy, x, y, "rule.light", meaning=(meanings or {}).get(a, ())))
    return shapes


def _angle(key: str, times: float) -> tuple:
    """A ray's meaning: it stands `times` the rule's degrees from the heading (anticlockwise)."""
    return (("angle", ("rule", key), times),)


def _bearing(shapes: list[Shape], key: str, turn: float = 0.0) -> list[Shape]:
    """An arrow (table_diagram.arrow: its shaft first) that points along the compass direction the
    rule names, turned by `turn` degrees (180: a wind blowing from that quarter), for the checker."""
    return [replace(shapes[0], meaning=(("bearing", ("rule", key), turn),)), *shapes[1:]]


PIVOT = N_("your base: the middle of its bow on the dot")


def _pivot_rows(L: float, W: float) -> list[str]:
    """The pivot's words inside a base L x W, on two lines at most; none where they do not fit (large
    print, a short base): the template's caption says it then (pivot_caption)."""
    size = handled(7)
    rows = wrap(_(PIVOT), L - 8, size, "bold")
    return rows if len(rows) <= 2 and len(rows) * size * 1.25 <= W - 4 else []


def pivot_caption(L: float, W: float) -> list[Span]:
    """What the turn template's caption adds where its base cannot hold the pivot's words."""
    return [] if _pivot_rows(L, W) else [Span(_(": put the middle of your base's bow on the dot"))]


def _base_at(cx: float, cy: float, L: float, W: float) -> list[Shape]:
    """A base whose bow touches (cx, cy), lying to the left, and a dot there: the point the ship turns
    round (the middle of its bow; "bow here" in the middle of the base read as the pivot), with words
    that say so inside the base where they fit (else in the caption: pivot_caption)."""
    dot = Circle(cx, cy, max(3.0, TYPE.handled * 0.25), "bow", tag="pivot")
    size = handled(7)                         # bold: a copier drops a regular 7 pt word's thin strokes
    rows = _pivot_rows(L, W)
    top = cy - (len(rows) - 1) * size * 1.25 / 2 + size * 0.36
    return [Rect(cx - L, cy - W / 2, L, W, "base", tag="base"), dot,
            *(Text(cx - L / 2 - 2, top + i * size * 1.25, (Span(row),), size, font="bold", anchor="middle")
              for i, row in enumerate(rows))]


def _compass_letters(cx: float, cy: float, r: float) -> list[Shape]:
    out: list[Shape] = []
    for name, ang in COMPASS.items():
        a = math.radians(ang)
        size = handled(7 if len(name) == 2 else 8.5)
        out_r = r + (7 if size < 14 else size * 0.75)
        x, y = cx + out_r * math.sin(a), cy - out_r * math.cos(a) + 3 * max(size, 8.5) / 8.5
        from printgen.rules.printed import rule_words

        out.append(Text(x, y, (Span(rule_words(name, LANG.get())),), size, font="bold", anchor="middle"))
    return out


TAB = 0.4 * 72


def strips(strip: Strip, width: float) -> list[Strip]:
    """A ruler no wider than the page as it is, else cut at its marks (a band's end) into pieces
    that join end to end: each piece but the last carries a grey tab the next is glued over."""
    shapes, length, title, cuts, h = strip.shapes, strip.length, strip.title, strip.cuts, strip.height
    if length <= width:
        return [replace(strip, part=(1, 1, 0.0, length), whole=strip.name)]
    ends, start = [], 0.0
    for _n in range(len(cuts) + int(length / (width - TAB)) + 2):     # bounded: each piece moves on
        if start >= length - 1e-6:
            break
        if length - start <= width:                 # the last piece carries no tab: the rest fits whole
            end = length
        else:
            fits = [c for c in cuts if start < c <= start + width - TAB]
            end = max(fits) if fits else start + width - TAB
        ends.append((start, end))
        start = end
    name = strip.name
    notes = () if isinstance(title, str) else tuple(title[len(_lead(title)):])
    pieces = []
    for k, (a, b) in enumerate(ends, 1):
        last = k == len(ends)
        from printgen.sheets.page.words import said

        message = (_("%(name)s, piece %(k)s of %(n)s") if last
                   else _("%(name)s, piece %(k)s of %(n)s: glue the next piece over the grey tab"))
        label = said(message, "bold", name=name, k=Span(str(k), "bold", ("meta", "piece"), "count"),
                     n=Span(str(len(ends)), "bold", ("meta", "pieces"), "count"))
        label += ((Span("", "bold"),) if last else ()) + notes          # as it always ended (English unchanged)
        body: list[Shape] = [Group(tuple(_clip(shapes, a, b)), translate(-a, 0))]
        if not last:                                   # traced: the checker finds it at the body's end
            tab = (("tab", ("meta", "tab"), {"ruler": name, "piece": k}),)
            body.append(Rect(b - a, 0, TAB, h, "glue", meaning=tab))
        pieces.append(replace(strip, shapes=body, length=b - a + (0 if last else TAB), title=label, cuts=[],
                              part=(k, len(ends), a, b), whole=name))
    return pieces


def _width(text: Text) -> float:
    from printgen.draw import fonts

    return fonts.width("".join(sp.text for sp in text.spans), text.size, text.font or "regular")


def _lead(title: tuple) -> tuple:
    """A title's leading bold words (its name), without the notes after them."""
    return title[:next((i for i, s in enumerate(title) if s.font != "bold" or s.source), len(title))]


def _clip(shapes: list[Shape], a: float, b: float) -> list[Shape]:
    """The shapes of the stretch [a, b]: rectangles cut to it, lines and words that start in it."""
    kept: list[Shape] = []
    for s in shapes:
        if isinstance(s, Rect):
            x0, x1 = max(s.x, a), min(s.x + s.w, b)
            if x1 > x0:                                 # a cut edge no longer measures its rule
                meaning = tuple(mn for mn in s.meaning if (mn[0] == "start" and x0 == s.x) or
                                (mn[0] == "end" and x1 == s.x + s.w) or (mn[0] == "mid" and x1 - x0 == s.w))
                kept.append(Rect(x0, s.y, x1 - x0, s.h, s.role, s.radius, s.tag, meaning))
        elif isinstance(s, Line):
            if a - 0.01 <= s.x1 <= b + 0.01:
                kept.append(s)
        elif isinstance(s, Text):
            if a - 0.01 <= s.x < b - 1 and not (TYPE.handled and s.role == "text.muted" and s.x - _width(s) < a):
                kept.append(s)                          # large print: not a number overhanging the piece's start
        else:
            kept.append(s)
    return kept


def ruler_sheets(scenario, options: Options) -> Drawing:
    """The rule family's rulers (cut into pieces where too long), then its gauges side by side."""
    box = content_box(options)
    made = [item for gauge in system_of(scenario.ruleset).gauges() for item in gauge(scenario, options)]
    items = [piece for s in made if isinstance(s, Strip) for piece in strips(s, box.w)]
    pages, page, y = [], new_page(options), box.y + 4
    title_pt = handled(LABEL)                          # a ruler's title: 14 pt in large print
    for s in items:
        title = (Span(s.title, "bold"),) if isinstance(s.title, str) else s.title
        size = fit_size("".join(t.text for t in title), box.w, title_pt, "bold")
        rows = [title]
        if size < title_pt * (1 if TYPE.handled else 0.8):  # a long translation: two lines, not small type
            from printgen.sheets.maps.map_legend import wrap_spans

            rows = wrap_spans(title, box.w, title_pt, "bold")
            size = min(fit_size("".join(t.text for t in row).rstrip(), box.w, title_pt, "bold") for row in rows)
        more = (len(rows) - 1) * title_pt * 1.2            # the title's lines after its first
        if y + s.height + title_pt * 2 + more > box.bottom:
            pages.append(page)
            page, y = new_page(options), box.y + 4
        page.add(*(Text(box.x, y + title_pt + k * title_pt * 1.2, tuple(row), size, font="bold")
                   for k, row in enumerate(rows)),
                 Group(tuple(s.shapes), translate(box.x, y + more + title_pt * 1.6)),
                 Rect(box.x, y + more + title_pt * 1.6, s.length, s.height, "cut", tag="ruler", meaning=_body(s)))
        y += s.height + title_pt * 1.6 + GAP + more
    # The templates and gauges, side by side where they fit, below the rulers.
    x, row_h = box.x, 0.0
    for g in (p for p in made if isinstance(p, Piece)):
        height = _height(g.shapes) + title_pt * 2
        if x > box.x and x + g.width > box.right:
            x, y, row_h = box.x, y + row_h + GAP, 0.0
        if y + height > box.bottom:
            pages.append(page)
            page, x, y, row_h = new_page(options), box.x, box.y + 4, 0.0
        page.add(Text(x, y + title_pt, (Span(g.title, "bold"),), title_pt),
                 Group(tuple(g.shapes), translate(x, y + title_pt * 1.4)))
        x += g.width + GAP
        row_h = max(row_h, height)
    pages.append(page)
    for k, p in enumerate(pages):
        from printgen.sheets.page.words import said

        frame(p, options, scenario.title, _("Rulers and gauges"), k + 1, len(pages),
              hint=said(_("Printed at the kit's scale (×%(scale)s). Cut out on the solid lines."),
                        scale=Span(scale_text(options.scale), "bold", ("meta", "scale"), "text")))
    return Drawing(titled(scenario.title, N_("rulers and gauges"), options.edition_name), pages, look=system_of(scenario.ruleset), subject="printgen rulers")


def _body(s: Strip) -> tuple:
    """The meaning of a ruler's cut outline, for the checker (check/rulers.py): the rules its length
    adds up, the rule of its height (or its height in points, printgen's), which stretch of the
    whole ruler it carries, and its glue tab's width."""
    if not s.reach or not s.part:
        return ()
    k, n, a, b = s.part
    frame = {"name": s.whole, "reach": [list(src) for src in s.reach], "piece": [k, n], "span": [a, b],
             "tab": round(s.length - (b - a), 3)}
    frame |= {"across": list(s.across)} if s.across else {"height": s.height}
    return (("ruler", ("meta", "ruler"), frame), ("cut", ("meta", "line", "outline")))


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
