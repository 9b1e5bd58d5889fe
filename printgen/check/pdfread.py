"""Reading a printed PDF back, fast (pdfium): the characters with their boxes, and every path with
its true outline (points through the object's matrix, stroke width excluded), kind and colours."""

from __future__ import annotations

import ctypes
from contextlib import contextmanager
from dataclasses import dataclass

from printgen.check.numbers import Char


@dataclass(frozen=True)
class PathObj:
    x0: float
    top: float
    x1: float
    bottom: float
    kind: str                     # rect, circle, line (two points), other
    fill: tuple | None            # (r, g, b) 0-255 when filled
    stroke: tuple | None

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.bottom - self.top

    def inside(self, box: tuple[float, float, float, float], tol: float = 0.5) -> bool:
        return (self.x0 >= box[0] - tol and self.top >= box[1] - tol and self.x1 <= box[2] + tol
                and self.bottom <= box[3] + tol)


@dataclass
class PageData:
    width: float
    height: float
    chars: list[Char]
    paths: list[PathObj]
    text_colours: set


def read_pdf(path, shapes: bool = True, colours: bool = True) -> list[PageData]:
    """Pages of a PDF; `shapes` reads path geometry (bases, circles), `colours` the paint of every
    object (for black-and-white editions). Characters are always read."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [_page(pdf[i], shapes, colours) for i in range(len(pdf))]
    finally:
        pdf.close()


def _colour(getter, obj) -> tuple:
    r, g, b, a = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    ok = getter(obj, r, g, b, a)
    return (r.value, g.value, b.value) if ok else None


def _chars(tp, height: float) -> list[Char]:
    import pypdfium2.raw as raw

    chars = []
    left, right, bottom, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    for i in range(raw.FPDFText_CountChars(tp.raw)):               # raw calls: 2x faster than the helpers
        raw.FPDFText_GetCharBox(tp.raw, i, left, right, bottom, top)
        chars.append(Char(chr(raw.FPDFText_GetUnicode(tp.raw, i)), left.value, height - top.value, right.value,
                          height - bottom.value))
    return chars


class LazyPage:
    """A page whose characters are read only if needed: the checker first asks pdfium for the
    text inside each traced box (one call a number) and counts the page's digits; only a page
    where something does not add up is read character by character."""

    def __init__(self, page, shapes: bool, colours: bool):
        self.page, self.height = page, page.get_height()
        self.tp = page.get_textpage()
        self._chars: list[Char] | None = None
        self._text: str | None = None
        self._visible: list | None = [] if (shapes or colours) else None       # filled by the same pass
        self.paths, self.text_colours = _objects(page, self.height, shapes, colours, self._visible)

    @property
    def visible(self) -> list:
        """Text objects and filled shapes in drawing order (check/visibility.py)."""
        if self._visible is None:
            from printgen.check.visibility import read_objects

            self._visible = read_objects(self.page, self.height)
        return self._visible

    def quick_text_in(self, bbox) -> str:
        x0, top, x1, bottom = bbox
        inset = min(0.8, 0.12 * min(x1 - x0, bottom - top))      # pdfium takes glyphs that touch the box
        return self.tp.get_text_bounded(left=x0 + inset, bottom=self.height - bottom + inset,
                                        right=x1 - inset, top=self.height - top - inset)

    def text(self) -> str:
        if self._text is None:
            self._text = self.tp.get_text_range()
        return self._text

    def digits(self) -> int:
        return sum(ch.isdigit() for ch in self.text())

    def chars(self) -> list[Char]:
        if self._chars is None:
            self._chars = _chars(self.tp, self.height)
        return self._chars


@contextmanager
def open_pages(path, shapes: bool | list[bool] = False, colours: bool | list[bool] = False):
    """The pages of a PDF, open for checking; closed afterwards. `shapes` and `colours` may be given
    page by page (a list): a hundred-page map whose first page alone is measured reads one page's paths.
    `path` may be the PDF's bytes."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path if isinstance(path, bytes) else str(path))
    n = len(pdf)
    shapes = shapes if isinstance(shapes, list) else [shapes] * n
    colours = colours if isinstance(colours, list) else [colours] * n
    pages = [LazyPage(pdf[i], shapes[i] if i < len(shapes) else False, colours[i] if i < len(colours) else False)
             for i in range(n)]
    try:
        yield pages
    finally:
        for p in pages:
            p.tp.close()
            p.page.close()
        pdf.close()


def _page(page, shapes: bool, colours: bool) -> PageData:
    height = page.get_height()
    tp = page.get_textpage()
    chars = _chars(tp, height)
    tp.close()
    paths, text_colours = _objects(page, height, shapes, colours)
    return PageData(page.get_width(), height, chars, paths, text_colours)


def _objects(page, height: float, shapes: bool | str, colours: bool, visible: list | None = None) -> tuple[list[PathObj], set]:
    """Paths (geometry when `shapes`: rectangles and circles, lines too when "lines") and the
    colours of paths and text (when `colours`), inside form XObjects too (a symbol drawn once and
    placed many times counts at each place); and, into `visible`, what check/visibility.py reads of
    the page's own objects (in the same pass: a second one over a sheet of ships costs a tenth of a
    second; a symbol holds no traced item and is drawn under them).

    Raw pdfium calls throughout: a sheet of ships holds ten thousand paths."""
    import pypdfium2.raw as raw

    from printgen.check.visibility import Obj, bounds

    paths, text_colours = [], set()
    if not (shapes or colours):
        return paths, text_colours
    mode, stroke = ctypes.c_int(), ctypes.c_int()
    x, y = ctypes.c_float(), ctypes.c_float()
    m = raw.FS_MATRIX()

    def walk(count: int, get, outer: tuple | None) -> None:
        top = outer is None and visible is not None
        for i in range(count):
            obj = get(i)
            kind_of = raw.FPDFPageObj_GetType(obj)
            if kind_of == raw.FPDF_PAGEOBJ_TEXT:
                if colours:
                    text_colours.add(_colour(raw.FPDFPageObj_GetFillColor, obj))
                if top:
                    visible.append(Obj(i, True, bounds(obj, height), obj))
                continue
            if kind_of == raw.FPDF_PAGEOBJ_FORM:
                raw.FPDFPageObj_GetMatrix(obj, m)
                inner = _then((m.a, m.b, m.c, m.d, m.e, m.f), outer)
                walk(raw.FPDFFormObj_CountObjects(obj), lambda k, obj=obj: raw.FPDFFormObj_GetObject(obj, k), inner)
                continue
            if kind_of != raw.FPDF_PAGEOBJ_PATH:
                if top and kind_of == raw.FPDF_PAGEOBJ_IMAGE:
                    visible.append(Obj(i, False, bounds(obj, height), obj, image=True))
                continue
            fill = strk = None
            if colours or top:
                raw.FPDFPath_GetDrawMode(obj, mode, stroke)
            if colours:
                fill = _colour(raw.FPDFPageObj_GetFillColor, obj) if mode.value else None
                strk = _colour(raw.FPDFPageObj_GetStrokeColor, obj) if stroke.value else None
            if top and mode.value:
                visible.append(Obj(i, False, bounds(obj, height), obj))
            n = raw.FPDFPath_CountSegments(obj) if shapes else 0
            if n not in (2, 5, 13) or (n == 2 and shapes != "lines"):   # lines, rectangles and circles are measured
                paths.append(PathObj(0, 0, 0, 0, "other", fill, strk))
                continue
            raw.FPDFPageObj_GetMatrix(obj, m)
            a, b, c, d, e, f = _then((m.a, m.b, m.c, m.d, m.e, m.f), outer)
            xs, ys, curves = [], [], 0
            for k in range(n):
                seg = raw.FPDFPath_GetPathSegment(obj, k)
                raw.FPDFPathSegment_GetPoint(seg, x, y)
                xs.append(a * x.value + c * y.value + e)
                ys.append(height - (b * x.value + d * y.value + f))
                curves += raw.FPDFPathSegment_GetType(seg) == raw.FPDF_SEGMENT_BEZIERTO
            x0, x1, top_, bottom = min(xs), max(xs), min(ys), max(ys)
            if curves == 12 and abs((x1 - x0) - (bottom - top_)) < 0.3:
                kind = "circle"
            elif curves == 0 and n == 5 and len({round(v, 2) for v in xs}) == 2:
                kind = "rect"
            elif curves == 0 and n == 2:
                kind = "line"
            else:
                kind = "other"
            paths.append(PathObj(x0, top_, x1, bottom, kind, fill, strk))

    walk(raw.FPDFPage_CountObjects(page.raw), lambda i: raw.FPDFPage_GetObject(page.raw, i), None)
    return paths, text_colours


def _then(inner: tuple, outer: tuple | None) -> tuple:
    """The matrix that applies `inner`, then `outer` (None: the page itself)."""
    if outer is None:
        return inner
    a1, b1, c1, d1, e1, f1 = inner
    a2, b2, c2, d2, e2, f2 = outer
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)
