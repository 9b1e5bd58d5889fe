"""A drawn mark that a later shape covers counts as not drawn: a hit circle painted over, a flagship's
star hidden under a patch. Only the marks the check counts (a base's or a track's hit circles and
boxes, a piece's stars) are asked about, each only against what is painted after it on the same page
whose box overlaps its own (found through a grid of cells, never all pairs).

A shape covers a mark when it is
- opaque (its fill's alpha is 255; an image counts as opaque),
- not the mark itself painted again (the same box to half a point: a circle's fill and its outline
  drawn as two objects). The brief's "its fill is not the mark's own" is read this way, because the
  hit circles are white inside a black ring: a white patch has the mark's own fill and still hides it;
- over at least half of the mark's box (COVERS). A circle half hidden shows a broken ring a pupil
  cannot tell from a smudge; a neighbour's edge or a name's patch grazing a ring stays far below it.
The covering shape is measured by its box, which holds the whole shape: never less than it covers."""

from __future__ import annotations

import ctypes
from typing import NamedTuple

COVERS = 0.5                 # share of a mark's box a later opaque shape must hide to hide the mark
SAME = 0.5                   # points: a shape this close to the mark's box all round is the mark itself
CELL = 36.0                  # points: the grid's cells


class Paint(NamedTuple):
    order: float              # among the page's paths in drawing order (an image: between two paths)
    box: tuple[float, float, float, float]      # x0, top, x1, bottom, points from the top left
    fill: tuple | None        # (r, g, b); None: an image
    opaque: bool


def read_painted(page, height: float, after: int = -1) -> list[Paint]:
    """The page's filled paths and images drawn after path `after`, nested ones too, in drawing
    order; paths are counted as check/pdfread.py's _objects counts them (its `orders`)."""
    import pypdfium2.raw as raw

    from printgen.check.fastcalls import floats, fn, handle
    from printgen.check.geometry import then as _then

    kind_of, draw_mode, get_matrix = fn("FPDFPageObj_GetType"), fn("FPDFPath_GetDrawMode"), fn("FPDFPageObj_GetMatrix")
    fill_of, get_bounds = fn("FPDFPageObj_GetFillColor"), fn("FPDFPageObj_GetBounds")
    form_count, form_get = fn("FPDFFormObj_CountObjects"), fn("FPDFFormObj_GetObject")
    FORM, PATH, IMAGE = raw.FPDF_PAGEOBJ_FORM, raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE
    modes = (ctypes.c_int * 2)()
    mode_at, stroke_at = ctypes.addressof(modes), ctypes.addressof(modes) + ctypes.sizeof(ctypes.c_int)
    rgba = (ctypes.c_uint * 4)()
    step = ctypes.sizeof(ctypes.c_uint)
    rgba_at = tuple(ctypes.addressof(rgba) + k * step for k in range(4))
    box, box_at = floats(4)
    m, m_at = floats(6)
    out: list[Paint] = []
    seq = [0]

    def placed(obj, outer) -> tuple[float, float, float, float]:
        get_bounds(obj, *box_at)
        left, bottom, right, top = box[:]
        if outer is None:
            return (left, height - top, right, height - bottom)
        a, b, c, d, e, f = outer
        xs, ys = [], []
        for x, y in ((left, bottom), (left, top), (right, bottom), (right, top)):
            xs.append(a * x + c * y + e)
            ys.append(height - (b * x + d * y + f))
        return (min(xs), min(ys), max(xs), max(ys))

    def walk(parent, n: int, get, outer) -> None:
        for i in range(n):
            obj = get(parent, i)
            kind = kind_of(obj)
            if kind == FORM:
                get_matrix(obj, m_at[0])
                walk(obj, form_count(obj), form_get, _then(tuple(m[:]), outer))
            elif kind == IMAGE:
                if seq[0] > after:
                    out.append(Paint(seq[0] - 0.5, placed(obj, outer), None, True))
            elif kind == PATH:
                order = seq[0]
                seq[0] += 1
                if order <= after:
                    continue                          # under every mark asked about
                draw_mode(obj, mode_at, stroke_at)
                if modes[0] and fill_of(obj, *rgba_at):
                    out.append(Paint(order, placed(obj, outer), (rgba[0], rgba[1], rgba[2]), rgba[3] == 255))

    at = handle(page.raw)
    walk(at, fn("FPDFPage_CountObjects")(at), fn("FPDFPage_GetObject"), None)
    return out


def covered(page, marks: list) -> dict:
    """Of `marks` (paths of `page.paths`), those a later opaque shape hides: mark -> the words
    saying what hides it. A page read without drawing order (not a checked page) hides nothing."""
    orders = getattr(page, "orders", None)
    if not marks or not orders or len(orders) != len(page.paths):
        return {}
    wanted = set(marks)
    last: dict = {}
    for p, order in zip(page.paths, orders):
        if p in wanted:
            last[p] = order                       # the same mark painted twice: the later one
    cells = _cells(marks)
    reach = (min(p.x0 for p in marks), min(p.top for p in marks), max(p.x1 for p in marks),
             max(p.bottom for p in marks))                   # a shape's cells are counted inside the marks' reach
    grid: dict = {}
    for paint in page.painted_after(min(last.values(), default=len(orders))):
        if not paint.opaque or not _touches(paint.box, reach):
            continue
        clipped = (max(paint.box[0], reach[0]), max(paint.box[1], reach[1]), min(paint.box[2], reach[2]),
                   min(paint.box[3], reach[3]))
        for cell in _cells_of(clipped):
            if cell in cells:
                grid.setdefault(cell, []).append(paint)
    out = {}
    for mark in marks:
        order = last.get(mark)
        if order is None:
            continue
        mbox = (mark.x0, mark.top, mark.x1, mark.bottom)
        area = max(mark.w, 1e-6) * max(mark.h, 1e-6)
        seen: set = set()
        for cell in _cells_of(mbox):
            for paint in grid.get(cell, ()):
                if paint.order <= order or id(paint) in seen:
                    continue
                seen.add(id(paint))
                if all(abs(u - v) <= SAME for u, v in zip(paint.box, mbox)):
                    continue                          # the mark itself, painted again
                share = _overlap(paint.box, mbox) / area
                if share >= COVERS:
                    what = "a picture" if paint.fill is None else f"a {_colour(paint.fill)} shape"
                    out[mark] = (f"{what} drawn over it at ({paint.box[0]:.0f}, {paint.box[1]:.0f}) pt hides "
                                 f"{min(100, round(100 * share))}% of it")
                    break
            if mark in out:
                break
    return out


def mark_words(mark) -> str:
    """What a pupil calls the mark."""
    return {"circle": "hit circle", "star": "flagship's star", "rect": "box"}.get(mark.kind, "mark")


FIX = "so it counts as not drawn: make the kit again with `printgen kit`, and print it from the new files"


def _colour(rgb: tuple) -> str:
    named = {(255, 255, 255): "white", (0, 0, 0): "black"}
    return named.get(tuple(rgb), f"rgb{tuple(rgb)}")


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _touches(a, b) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _cells_of(box) -> list[tuple[int, int]]:
    x0, top, x1, bottom = box
    return [(i, j) for i in range(int(x0 // CELL), int(x1 // CELL) + 1)
            for j in range(int(top // CELL), int(bottom // CELL) + 1)]


def _cells(marks: list) -> set:
    return {c for p in marks for c in _cells_of((p.x0, p.top, p.x1, p.bottom))}
