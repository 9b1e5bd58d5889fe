"""Resolve a page for the backends: apply group transforms, paint roles with the edition's theme,
expand hatching into lines, and note where each traced number lands on the page.

Doing this once, here, keeps the three backends small and identical in what they draw."""

from __future__ import annotations

import math
from itertools import accumulate, repeat, takewhile
from dataclasses import dataclass, field, replace

from printgen.draw import fonts
from printgen.draw.shapes import (IDENTITY, Circle, Group, Line, Matrix, Page, Point, Poly, Rect, Symbol, Text,
                                  apply, compose)
from printgen.draw.theme import Hatch, Paint, Theme


# The prims are values, hashed and compared by their fields, and never changed once made; they are not
# frozen dataclasses only because a frozen one's __init__ costs 2.5 times as much (a kit makes 40,000).
@dataclass(unsafe_hash=True)
class FPath:
    points: tuple[Point, ...]
    closed: bool
    paint: Paint


@dataclass(unsafe_hash=True)
class FRect:
    x: float
    y: float
    w: float
    h: float
    radius: float
    paint: Paint


@dataclass(unsafe_hash=True)
class FCircle:
    cx: float
    cy: float
    r: float
    paint: Paint


@dataclass(unsafe_hash=True)
class FDots:
    """The dots of a dotted pattern, all of one paint (its fill) and radius: one shape, not one circle a
    dot (a base holds a hundred; as circles they were most of a sheet of ships' bytes and of its check)."""
    centres: tuple[Point, ...]
    r: float
    paint: Paint


@dataclass(unsafe_hash=True)
class FText:
    x: float                             # start of the first run's baseline (anchor already applied)
    y: float
    runs: tuple[tuple[str, str], ...]    # (text, font)
    size: float
    colour: str
    angle: float


@dataclass(unsafe_hash=True)
class FUse:
    """A symbol placed: the prims of `name` (flattened once, at the symbol's scale) turned, mirrored
    and moved by `matrix`, which keeps lengths (so stroke widths print as the theme says)."""
    name: str
    matrix: Matrix


@dataclass(unsafe_hash=True)
class FGroup:
    """The prims of a Group(local=True), in page coordinates like any other; the PDF writes them
    from the origin (dx, dy), the other backends draw them where they are."""
    dx: float
    dy: float
    prims: tuple


@dataclass(unsafe_hash=True)
class TraceEntry:
    """A traced number as printed: the page box it occupies, its text, where it came from."""
    bbox: tuple[float, float, float, float]      # x0, top, x1, bottom in points from the top-left
    text: str
    source: tuple
    kind: str
    labels: tuple = ()                            # ("row" | "col", label source) it is printed with
    shape: dict | None = None                     # a drawn shape's measure (flatten.measured), not text
    size: float = 0.0                             # the type size it prints at (not written to trace.json)


@dataclass(unsafe_hash=True)
class FMarked:
    """What one shape printed, with its role and tag: what the photocopy check (check/photocopy.py)
    looks for on the copied page. `traced`: a text that prints a traced number."""
    role: str
    tag: str
    prims: tuple
    traced: bool = False


@dataclass
class FlatPage:
    width: float
    height: float
    prims: list = field(default_factory=list)
    trace: list[TraceEntry] = field(default_factory=list)
    symbols: dict[str, tuple] = field(default_factory=dict)     # name -> prims of each symbol the page uses
    marks: list[FMarked] | None = None                          # with flatten(..., marks=True): every shape's
    traced: bool = True                                         # False: `trace` is left empty (nothing reads it)


def flatten(page: Page, theme: Theme, symbols: dict | None = None, marks: bool = False,
            traced: bool = True) -> FlatPage:
    """`symbols` keeps the symbols flattened so far: share one between a document's pages (and
    between runs with the same `marks` only). `marks`: note what each shape printed (FMarked), symbols'
    shapes where each is placed. `traced=False`: no trace (a sheet written and not checked: a fifth
    of a sheet of ships' flattening is placing its pieces' traced folds and cuts); the prims are the same."""
    out = FlatPage(page.width, page.height, marks=[] if marks else None, traced=traced)
    symbols = {} if symbols is None else symbols
    for item in page.items:
        _emit(item, IDENTITY, theme, out, symbols)
    return out


def placed(page: FlatPage):
    """The page's prims with every symbol use replaced by the symbol's own prims, in place, and
    groups opened (for backends that have neither)."""
    for prim in ungrouped(page.prims):
        if isinstance(prim, FUse):
            for p in ungrouped(page.symbols[prim.name]):
                yield moved(p, prim.matrix)
        else:
            yield prim


def ungrouped(prims):
    """The prims with every FGroup's own prims in its place."""
    for prim in prims:
        if isinstance(prim, FGroup):
            yield from ungrouped(prim.prims)
        else:
            yield prim


def moved(prim, m: Matrix):
    """A symbol's prim where the symbol is placed (png draws them so; svg and pdf place the symbol)."""
    if isinstance(prim, FRect):
        if m[1] == 0 and m[2] == 0 and m[0] > 0 and m[3] > 0:
            x, y = apply(m, (prim.x, prim.y))
            return FRect(x, y, prim.w, prim.h, prim.radius, prim.paint)
        pts = ((prim.x, prim.y), (prim.x + prim.w, prim.y), (prim.x + prim.w, prim.y + prim.h), (prim.x, prim.y + prim.h))
        return FPath(tuple(apply(m, p) for p in pts), True, prim.paint)
    if isinstance(prim, FPath):
        return FPath(tuple(apply(m, p) for p in prim.points), prim.closed, prim.paint)
    if isinstance(prim, FCircle):
        return FCircle(*apply(m, (prim.cx, prim.cy)), prim.r, prim.paint)
    if isinstance(prim, FDots):
        return FDots(tuple(apply(m, p) for p in prim.centres), prim.r, prim.paint)
    x, y = apply(m, (prim.x, prim.y))                            # FText: turned, never mirrored
    return replace(prim, x=x, y=y, angle=(prim.angle + math.degrees(math.atan2(m[1], m[0]))) % 360)


def _emit(shape, m: Matrix, theme: Theme, out: FlatPage, symbols: dict) -> None:
    kind = type(shape)
    if kind is Text:
        _text(shape, m, theme, out)
        return
    if kind is Group:
        mm = compose(m, shape.matrix)
        start = len(out.prims)
        for item in shape.items:
            _emit(item, mm, theme, out, symbols)
        if shape.local and mm[:4] == IDENTITY[:4]:
            out.prims[start:] = [FGroup(mm[4], mm[5], tuple(out.prims[start:]))]
        return
    if kind is Symbol:
        _symbol(shape, compose(m, shape.matrix), theme, out, symbols)
        return
    if out.marks is not None:
        start = len(out.prims)
        _shape(shape, kind, m, theme, out)
        out.marks.append(FMarked(shape.role, shape.tag, tuple(ungrouped(out.prims[start:]))))
        return
    _shape(shape, kind, m, theme, out)


def _shape(shape, kind, m: Matrix, theme: Theme, out: FlatPage) -> None:
    """A Rect, Line, Poly or Circle, painted."""
    paint = theme.paint(shape.role)
    hatched = paint.hatch and paint.fill
    if out.traced and getattr(shape, "meaning", ()):  # type: ignore
        measured(shape, m, out)
    if not (paint.fill or paint.stroke):               # a traced area ("area"): measured, nothing drawn
        return
    a, b, c, d, e, f = m                               # p -> (a x + c y + e, b x + d y + f), as shapes.apply
    if kind is Line:
        x1, y1, x2, y2 = shape.x1, shape.y1, shape.x2, shape.y2
        out.prims.append(FPath(((a * x1 + c * y1 + e, b * x1 + d * y1 + f), (a * x2 + c * y2 + e, b * x2 + d * y2 + f)),
                               False, paint))
        return
    if kind is Poly:
        outline = tuple([(a * x + c * y + e, b * x + d * y + f) for x, y in shape.points])
        prim = FPath(outline, shape.closed, paint)
    elif kind is Rect:
        if b == 0 and c == 0 and a > 0 and d > 0:
            x, y = a * shape.x + c * shape.y + e, b * shape.x + d * shape.y + f
            prim = FRect(x, y, shape.w * a, shape.h * d, shape.radius * a, paint)
            if not hatched:
                out.prims.append(prim)
                return
            outline = ((x, y), (x + shape.w * a, y), (x + shape.w * a, y + shape.h * d), (x, y + shape.h * d))
        else:
            pts = ((shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h),
                   (shape.x, shape.y + shape.h))
            outline = tuple(apply(m, p) for p in pts)
            prim = FPath(outline, True, paint)
    elif kind is Circle:
        cx, cy = apply(m, (shape.cx, shape.cy))
        r = shape.r * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        prim = FCircle(cx, cy, r, paint)
        if not hatched:                                # the outline only bounds a hatching
            out.prims.append(prim)
            return
        outline = tuple((cx + r * math.cos(t * math.pi / 12), cy + r * math.sin(t * math.pi / 12)) for t in range(24))
    else:
        raise TypeError(f"cannot draw {shape!r}")
    if hatched:
        _hatched(prim, outline, paint, out)
    else:
        out.prims.append(prim)


def measured(shape, m: Matrix, out: FlatPage) -> None:
    """Trace what a drawn shape's size or place says (a ruler band ends at the long range, a bar is
    as tall as its chance): the page box it occupies, and the origin and scale of the frame the
    meaning is measured in, so the checker can find the shape in the PDF and measure it there.
    Edges: "start"/"end"/"mid" (the rectangle's left, right, middle at the source's distance from the
    origin), "x" (a line there), "height" (the source's value times pt-per-unit), "from"/"to" (a
    line's ends at the source's value times pt-per-unit along its frame's axis), "colour" (a line
    painted as the theme paints the source's value, e.g. a wind edge)."""
    if isinstance(shape, Rect):
        corners = [apply(m, p) for p in ((shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h))]
    elif isinstance(shape, Poly):
        corners = [apply(m, p) for p in shape.points]
    else:
        corners = [apply(m, (shape.x1, shape.y1)), apply(m, (shape.x2, shape.y2))]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    box = (round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2))
    ox, oy = apply(m, (0.0, 0.0))
    for edge, source, *per in shape.meaning:
        if edge in PLACED_EDGES:                 # a line's style and place, or a mark's: no frame to measure in
            frame = {"edge": edge, **(per[0] if per else {})}
            if isinstance(shape, Line):
                frame["ends"] = [[round(v, 3) for v in p] for p in corners]
            out.trace.append(TraceEntry(box, "", tuple(source), "shape", shape=frame))
            continue
        frame = {"edge": edge, "origin": [round(ox, 3), round(oy, 3)], "scale": round(m[0], 6),
                 "per": per[0] if per else 1.0}
        if isinstance(shape, Line):                         # a line measured along its own frame's x axis
            frame |= {"axis": [round(m[0], 6), round(m[1], 6)], "ends": [[round(v, 3) for v in p] for p in corners]}
        out.trace.append(TraceEntry(box, "", tuple(source), "shape", shape=frame))


LINE_EDGES = ("cut", "fold", "glue")       # a line's style says what to do with it (check/linestyle.py)
# traced where they print, not in a frame of their own (a symbol may hold them: each place is traced);
# the marks that carry a rule (check/drawnmarks.py): a flagship's star, a track's row, the calibration square;
# a card's or a box's frame, that its words stay inside (check/frames.py);
# a ruler's body and its glue tab (check/rulers.py); a drawing to scale, its bow's chevron (check/scaled.py)
PLACED_EDGES = (*LINE_EDGES, "frame", "star", "marks", "calibration", "ruler", "tab", "to-scale", "chevron")


def _placed(t: TraceEntry, m: Matrix) -> TraceEntry:
    """A symbol's traced line or mark where the symbol is placed: its box (all four corners: the
    placement may turn it) and ends moved; it is measured where it prints, not where it was drawn."""
    x0, top, x1, bottom = t.bbox
    corners = [apply(m, p) for p in ((x0, top), (x1, top), (x1, bottom), (x0, bottom))]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    box = (round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2))
    shape = dict(t.shape)
    if "ends" in shape:
        shape["ends"] = [[round(v, 3) for v in apply(m, tuple(p))] for p in shape["ends"]]
    return replace(t, bbox=box, shape=shape)


def _symbol(sym: Symbol, m: Matrix, theme: Theme, out: FlatPage, symbols: dict) -> None:
    """Flattened once for each size it prints at, then placed by a matrix that only turns, mirrors
    and moves (the far side of a ship is its near side mirrored: one form for both)."""
    a, b, c, d, e, f = m
    k = math.sqrt(abs(a * d - b * c))
    if k == 0:
        return
    key = (sym.key, round(k, 9))
    if key not in symbols:
        inner = FlatPage(0, 0, marks=[] if out.marks is not None else None)
        for item in sym.items:
            _emit(item, (k, 0.0, 0.0, k, 0.0, 0.0), theme, inner, symbols)
        styled = [t for t in inner.trace if t.shape and t.shape["edge"] in PLACED_EDGES]
        if len(styled) != len(inner.trace) or inner.symbols:
            raise ValueError(f"symbol {sym.key} holds a traced number or another symbol")
        kind = "".join(ch for ch in sym.key.split("-")[0] if ch.isalnum())       # a name PDF and SVG accept
        symbols[key] = (f"{kind or 'symbol'}{len(symbols)}", tuple(inner.prims), inner.marks, tuple(styled))
    name, prims, marks, styled = symbols[key]
    out.symbols[name] = prims
    placed = (a / k, b / k, c / k, d / k, e, f)
    out.prims.append(FUse(name, placed))
    if out.traced:
        out.trace += [_placed(t, placed) for t in styled]
    if out.marks is not None:
        out.marks += [replace(mk, prims=tuple(moved(p, placed) for p in mk.prims)) for mk in marks]


def _hatched(prim, outline: tuple[Point, ...], paint: Paint, out: FlatPage) -> None:
    """Fill, then the pattern clipped to the shape, then the outline on top."""
    fill_only = Paint(fill=paint.fill)
    stroke_only = Paint(stroke=paint.stroke, width=paint.width, dash=paint.dash)
    out.prims.append(_repaint(prim, fill_only))
    out.prims.extend(hatch_shapes(outline, paint.hatch))
    if paint.hatch.cross:
        out.prims.extend(hatch_shapes(outline, replace(paint.hatch, angle=paint.hatch.angle + 90, cross=False)))
    if paint.stroke:
        out.prims.append(_repaint(prim, stroke_only))


def _repaint(prim, paint: Paint):
    return replace(prim, paint=paint)


def hatch_shapes(polygon: tuple[Point, ...], h: Hatch) -> list:
    """Lines (or dots) of a hatch pattern inside a polygon, by scanlines in the pattern's frame."""
    t = math.radians(h.angle)
    c, s = math.cos(t), math.sin(t)
    rot = [(x * c + y * s, -x * s + y * c) for x, y in polygon]        # into the frame where lines are horizontal
    ys = [p[1] for p in rot]
    lo, hi = min(ys), max(ys)
    line_paint = Paint(stroke=h.colour, width=h.width)
    dot_paint = Paint(fill=h.colour)
    shapes: list = []
    dots: list[Point] = []
    n = int((hi - lo) / h.gap)
    offset = (hi - lo - n * h.gap) / 2
    # the edges a scanline can cross (a level one never is), each with what its crossing needs
    edges = [(y1, y2, x1, x2 - x1, y2 - y1) for (x1, y1), (x2, y2) in zip(rot, rot[1:] + rot[:1]) if y1 != y2]
    gap, width = h.gap, h.width
    for i in range(n + 1):
        y = lo + offset + i * gap
        xs = [x1 + (y - y1) * dx / dy for y1, y2, x1, dx, dy in edges if (y1 <= y < y2) or (y2 <= y < y1)]
        if len(xs) < 2:
            continue
        if len(xs) == 2 and not h.dots:                 # a convex shape's one stretch: the common case
            xa, xb = (xs[0], xs[1]) if xs[0] <= xs[1] else (xs[1], xs[0])
            if xb - xa > 0.2:
                ys, yc = y * s, y * c
                shapes.append(FPath(((xa * c - ys, xa * s + yc), (xb * c - ys, xb * s + yc)), False, line_paint))
            continue
        xs.sort()
        for xa, xb in zip(xs[::2], xs[1::2]):
            if h.dots:                                   # staggered grid, aligned across shapes
                stagger = (i % 2) * gap / 2
                x = math.ceil((xa + width - stagger) / gap) * gap + stagger
                # x, x + gap, (x + gap) + gap... while <= xb - width: summed as a loop would, in C
                row = list(takewhile((xb - width).__ge__, accumulate(repeat(gap), initial=x)))
                if not row and xb - xa >= 2.5 * width:       # a stretch narrower than the grid: one dot in its middle
                    row = [(xa + xb) / 2]
                ys, yc = y * s, y * c
                dots.extend(zip([x * c - ys for x in row], [x * s + yc for x in row]))
            elif xb - xa > 0.2:
                shapes.append(FPath(((xa * c - y * s, xa * s + y * c), (xb * c - y * s, xb * s + y * c)), False, line_paint))
    if dots:
        shapes.append(FDots(tuple(dots), h.width / 2, dot_paint))
    return shapes


_SHIFT = {"start": 0.0, "middle": -0.5, "end": -1.0}      # the anchor's shift, in text widths


def _text(t: Text, m: Matrix, theme: Theme, out: FlatPage) -> None:
    colour = theme.paint(t.role).fill or "#000000"
    a, b, c, d, e, f = m
    size = t.size * math.hypot(a, b)
    font, faces = t.font, theme.faces
    runs = tuple([(s.text, s.font or font) for s in t.spans])
    if faces:
        runs = tuple([(text, faces.get(face, face)) for text, face in runs])
    widths = [fonts.width(txt, size, face) for txt, face in runs]
    total = sum(widths)
    shift = _SHIFT[t.anchor] * total if t.anchor != "start" else 0.0
    angle = t.angle + math.degrees(math.atan2(b, a))
    x, y = t.x, t.y
    r = math.radians(angle)
    ux, uy = math.cos(r), math.sin(r)                  # along the baseline
    start = ((a * x + c * y + e) + ux * shift, (b * x + d * y + f) + uy * shift)
    out.prims.append(FText(start[0], start[1], runs, size, colour, angle % 360))
    if out.marks is not None:
        traced = any(s.source is not None and s.kind != "text" for s in t.spans)
        out.marks.append(FMarked(t.role, t.tag, (out.prims[-1],), traced))
    if not out.traced:
        return
    pos = 0.0
    for span, w in zip(t.spans, widths):
        if span.source is not None:
            out.trace.append(TraceEntry(_box(start, ux, uy, pos, pos + w, size), span.text, span.source, span.kind,
                                        span.labels, size=size))
        pos += w


def _box(start: Point, ux: float, uy: float, a: float, b: float, size: float) -> tuple[float, float, float, float]:
    """Page box of the baseline stretch a..b, from the ascent to the descent, after rotation."""
    up, down = -fonts.ascent(size), fonts.descent(size)
    vx, vy = -uy, ux                                   # perpendicular, pointing below the baseline
    x, y = start
    xa, xb, ya, yb = x + ux * a, x + ux * b, y + uy * a, y + uy * b
    xs = (xa + vx * up, xa + vx * down, xb + vx * up, xb + vx * down)
    ys = (ya + vy * up, ya + vy * down, yb + vy * up, yb + vy * down)
    return (round(min(xs), 2), round(min(ys), 2), round(max(xs), 2), round(max(ys), 2))
