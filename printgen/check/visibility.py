"""Can the reader see it? Every text object is at least the type floor; the text of every traced
item keeps a minimum contrast with what lies under it (the paper, or the last filled shape drawn
before it), and nothing filled is drawn over it afterwards (a white-out box, a covering shape).

Read with raw pdfium calls, object by object in drawing order (the order a printer paints them)."""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from printgen.check.fastcalls import floats, fn, handle
from printgen.check.numbers import Discrepancy
from printgen.draw.theme import TYPE
from printgen.draw.typescale import LARGE

TYPE_FLOOR_PT = TYPE.floor   # at full scale; pieces shrink with the table, so the floor is 5 pt x the kit's scale
MIN_CONTRAST = 3.0           # WCAG's ratio for large or bold text; printgen's muted grey on paper is ~5.7
LARGE_CONTRAST = 7.0         # large print: WCAG 2.2's enhanced contrast (1.4.6); its black on white is 21
COVER_TOL = 0.5              # points: a later shape must reach this far into a traced box to cover it
WHITE = (255, 255, 255)


@dataclass
class Obj:
    order: int
    text: bool
    box: tuple[float, float, float, float]        # x0, top, x1, bottom (points from the top left)
    handle: object = None                         # pdfium's object, asked for its paint only when needed
    image: bool = False

    @property
    def size(self) -> float:
        """Text: the size it prints at (font size times the matrix), asked of pdfium when needed."""
        return text_size(self.handle)

    @property
    def colour(self) -> tuple | None:
        """Fill (r, g, b) 0-255; None: not filled (or an image)."""
        if self.image:
            return None
        return (_RGBA[0], _RGBA[1], _RGBA[2]) if fn("FPDFPageObj_GetFillColor")(self.handle, *_RGBA_AT) else None

    @property
    def invisible(self) -> bool:
        """Text render mode 3 (or 7): present, never painted."""
        return self.text and fn("FPDFTextObj_GetTextRenderMode")(self.handle) in (3, 7)


_RGBA = (ctypes.c_uint * 4)()                      # reused output buffers (check/fastcalls.py takes addresses)
_RGBA_AT = tuple(ctypes.addressof(_RGBA) + k * ctypes.sizeof(ctypes.c_uint) for k in range(4))
_BOX, _BOX_AT = floats(4)
_SIZE, _SIZE_AT = floats(1)
_M, _M_AT = floats(6)
_XY, _XY_AT = floats(2)


def bounds_of(height: float):
    """obj -> its box (x0, top, x1, bottom, points from the top left), for objects of a page `height` tall."""
    get = fn("FPDFPageObj_GetBounds")
    box, (l_at, b_at, r_at, t_at) = _BOX, _BOX_AT

    def bounds(obj: int) -> tuple[float, float, float, float]:
        get(obj, l_at, b_at, r_at, t_at)
        left, bottom, right, top = box[:]
        return (left, height - top, right, height - bottom)
    return bounds


def text_size(obj, _size=_SIZE, _m=_M) -> float:
    """The size a text object prints at: its font size times its matrix's scale."""
    fn("FPDFTextObj_GetFontSize")(obj, _SIZE_AT[0])
    fn("FPDFPageObj_GetMatrix")(obj, _M_AT[0])
    a, b, c, d, _, _ = _m[:]
    return _size[0] * (abs(a * d - b * c)) ** 0.5


def read_objects(page, height: float) -> list[Obj]:
    """Text objects and filled shapes in drawing order; valid while the page is open."""
    import pypdfium2.raw as raw

    out = []
    modes = (ctypes.c_int * 2)()
    mode_at, stroke_at = ctypes.addressof(modes), ctypes.addressof(modes) + ctypes.sizeof(ctypes.c_int)
    text, path, image = raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE
    get, kind_of, draw_mode = fn("FPDFPage_GetObject"), fn("FPDFPageObj_GetType"), fn("FPDFPath_GetDrawMode")
    bounds = bounds_of(height)
    at = handle(page.raw)
    for i in range(fn("FPDFPage_CountObjects")(at)):
        obj = get(at, i)
        kind = kind_of(obj)
        if kind == path:
            draw_mode(obj, mode_at, stroke_at)
            if not modes[0]:
                continue                                    # a line or an outline covers nothing
        elif kind == text:
            out.append(Obj(i, True, bounds(obj), obj))
            continue
        elif kind != image:
            continue
        out.append(Obj(i, False, bounds(obj), obj, image=kind == image))     # an image covers what it lies on
    return out


@cache
def luminance(c: tuple) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: tuple, b: tuple) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _contains(box, x: float, y: float, tol: float = 0.0) -> bool:
    return box[0] - tol <= x <= box[2] + tol and box[1] - tol <= y <= box[3] + tol


GRID = 72.0                  # points: objects are bucketed by the cells their boxes touch
NEAR = 0.5                   # points: a box is asked about points this far outside it too (_contains' tol)


class Grid:
    """Objects by the grid cells their boxes touch, to find those at a point quickly; `points`: the
    only points that will be asked about (no other cell is filled)."""

    def __init__(self, objs: list[Obj], points: list[tuple[float, float]] | None = None):
        cells: dict = {}
        self.cells = cells
        wanted = None if points is None else {(int(x // GRID), int(y // GRID)) for x, y in points}
        for o in objs:
            x0, top, x1, bottom = o.box
            if (x1 - x0) * (bottom - top) > 40 * GRID * GRID:           # a page-sized fill: every cell
                cells.setdefault(None, []).append(o)
                continue
            for i in range(int((x0 - NEAR) // GRID), int((x1 + NEAR) // GRID) + 1):     # a point just outside
                for j in range(int((top - NEAR) // GRID), int((bottom + NEAR) // GRID) + 1):   # it, in the next cell
                    if wanted is None or (i, j) in wanted:
                        cells.setdefault((i, j), []).append(o)

    def at(self, x: float, y: float) -> list[Obj]:
        """The objects whose boxes may hold (x, y), in drawing order (they were added in it)."""
        found = self.cells.get((int(x // GRID), int(y // GRID)), [])
        wide = self.cells.get(None)
        return sorted(found + wide, key=lambda o: o.order) if wide else found


PARTLY = 0.05                # share of a word's box a low-contrast fill may darken before it is hard to read
MAX_SEGMENTS = 10_000        # points read of one outline (a file edited by hand may claim millions)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covered_share(obj: int, box, height: float, papers: Sequence = ()) -> float:
    """The share of `box` (x0, top, x1, bottom) inside a path object's outline, from its points on the
    page (a curve by its control points: a little more than the curve, never less), less what light
    fills drawn over it there cover (`papers`: their boxes, a patch of paper behind a word)."""
    from printgen.sheets.page.clip import clip_polygon, polygon_area      # plain geometry

    get_matrix, count = fn("FPDFPageObj_GetMatrix"), fn("FPDFPath_CountSegments")
    segment, point = fn("FPDFPath_GetPathSegment"), fn("FPDFPathSegment_GetPoint")
    get_matrix(obj, _M_AT[0])
    a, b, c, d, e, f = _M[:]
    pts = []
    for k in range(min(count(obj), MAX_SEGMENTS)):
        point(segment(obj, k), _XY_AT[0], _XY_AT[1])
        x, y = _XY[0], _XY[1]
        pts.append((a * x + c * y + e, height - (b * x + d * y + f)))
    area = (box[2] - box[0]) * (box[3] - box[1])
    if area <= 0 or len(pts) < 3:
        return 0.0
    inside = clip_polygon(pts, box)
    hidden = sum(polygon_area(clip_polygon(inside, p)) for p in papers) if inside else 0.0
    return max(0.0, polygon_area(inside) - hidden) / area


def check_visibility(objs: list[Obj], trace: list[dict], file: str, page: int, scale: float = 1.0,
                     height: float = 0.0, large: bool = False) -> list[Discrepancy]:
    """`large`: a large-print page (draw.typescale.LARGE): no character under its floor at any scale,
    traced words at 7:1, and every word on white paper, none on a tint or a fill of any grey."""
    out: list[Discrepancy] = []
    floor = LARGE.floor if large else TYPE_FLOOR_PT * min(1.0, scale)
    least = LARGE_CONTRAST if large else MIN_CONTRAST
    texts = [o for o in objs if o.text]
    if large:
        out += _on_tints(objs, texts, file, page)
    for o in texts:
        tall = o.box[3] - o.box[1] >= 2 * floor          # a font's box is under 2 em: type this tall is above it
        if not tall and text_size(o.handle) < floor and not o.invisible:
            out.append(Discrepancy(file, page, f"text at {o.size:.2g} pt at ({o.box[0]:.0f}, {o.box[1]:.0f}) pt, "
                                               f"below the {floor:g} pt type floor", o.box))
    if not trace:
        return out
    centres = [((x0 + x1) / 2, (top + bottom) / 2) for x0, top, x1, bottom in (e["bbox"] for e in trace)]
    text_at, shape_at = Grid(texts, centres), Grid([o for o in objs if not o.text], centres)
    for e, (cx, cy) in zip(trace, centres):
        x0, top, x1, bottom = e["bbox"]
        own = [o for o in text_at.at(cx, cy) if _contains(o.box, cx, cy, NEAR)]   # the text objects that print it
        shapes = shape_at.at(cx, cy)
        if not own:
            continue                                   # not printed there: the text check names it
        first = min(o.order for o in own)
        last = max(o.order for o in own)
        ink = own[-1]
        ink_colour = ink.colour
        if ink.invisible:
            out.append(Discrepancy(file, page, f"'{e['text']}' ({_src(e)}) is invisible text", tuple(e["bbox"])))
            continue
        under = [s for s in shapes if s.order < first and not s.image                   # what it sits on: a fill
                 and _contains(s.box, x0, top, NEAR) and _contains(s.box, x1, bottom, NEAR)]  # under the whole box
        paper = (under[-1].colour if under else None) or WHITE
        if ink_colour is not None and contrast(ink_colour, paper) < least:
            out.append(Discrepancy(file, page, f"'{e['text']}' ({_src(e)}) is printed in {ink_colour} on {paper}: "
                                               f"contrast {contrast(ink_colour, paper):.1f}, below {least:g}",
                                   tuple(e["bbox"])))
            continue
        # a fill under part of it (a dark mark beside the words), above the paper it sits on (a
        # fill under the paper is hidden by it): what share of its box it darkens
        floor = under[-1].order if under else -1
        word = (x0, top, x1, bottom)
        for s in shapes:
            if not floor < s.order < first or s.image or not _overlap(s.box, word):
                continue
            fill = s.colour
            if ink_colour is None or fill is None or contrast(ink_colour, fill) >= least:
                continue
            papers = [t.box for t in shapes if s.order < t.order < first and not t.image and _overlap(t.box, word)
                      and t.colour is not None and contrast(ink_colour, t.colour) >= least]
            share = covered_share(s.handle, word, height, papers)
            if share > PARTLY:
                out.append(Discrepancy(file, page, f"'{e['text']}' ({_src(e)}) is printed partly on a {fill} shape "
                                                   f"({100 * share:.0f}% of it): contrast {contrast(ink_colour, fill):.1f}, "
                                                   f"below {least:g}", tuple(e["bbox"])))
                break
        inner = (x0 + COVER_TOL, top + COVER_TOL, x1 - COVER_TOL, bottom - COVER_TOL)
        for s in shapes:
            if s.order > last and s.box[0] <= inner[2] and s.box[2] >= inner[0] and s.box[1] <= inner[3] \
                    and s.box[3] >= inner[1] and _contains(s.box, cx, cy):
                out.append(Discrepancy(file, page, f"'{e['text']}' ({_src(e)}) is covered by a shape drawn over it "
                                                   f"at ({s.box[0]:.0f}, {s.box[1]:.0f}) pt", tuple(e["bbox"])))
                break
    return out


def _on_tints(objs: list[Obj], texts: list[Obj], file: str, page: int) -> list[Discrepancy]:
    """Large print: each text object whose middle lies on a filled shape that is not white (the
    last drawn under it there): text on a tint, a band or a pattern's fill."""
    out: list[Discrepancy] = []
    centres = [((o.box[0] + o.box[2]) / 2, (o.box[1] + o.box[3]) / 2) for o in texts]
    fills = Grid([o for o in objs if not o.text and not o.image], centres)
    for o, (cx, cy) in zip(texts, centres):
        under = [s for s in fills.at(cx, cy) if s.order < o.order and _contains(s.box, cx, cy)]
        colour = under[-1].colour if under else None
        if colour is not None and colour != WHITE and not o.invisible:
            out.append(Discrepancy(file, page, f"text at ({o.box[0]:.0f}, {o.box[1]:.0f}) pt is printed on a "
                                               f"{colour} fill: large print keeps every word on white", o.box))
    return out


def _src(e: dict) -> str:
    from printgen.rules.trace import Source

    return str(Source.from_json(e["source"]))
