"""Reading a printed PDF back, fast (pdfium): the characters with their boxes, and every path with
its true outline (points through the object's matrix, stroke width excluded), kind and colours."""

from __future__ import annotations

import ctypes
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from printgen.check.geometry import then as _then
from printgen.check.numbers import Char


class PathObj(NamedTuple):          # a tuple: made 15,000 times a sheet, 4x faster than a frozen dataclass
    x0: float
    top: float
    x1: float
    bottom: float
    kind: str                     # rect, circle, line (two points), star (ten straight sides), other
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


def _chars(tp, height: float) -> list[Char]:
    from printgen.check.fastcalls import fn, handle

    chars = []
    left, right, bottom, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    at = [ctypes.addressof(v) for v in (left, right, bottom, top)]
    box, uni, tp = fn("FPDFText_GetCharBox"), fn("FPDFText_GetUnicode"), handle(tp.raw)
    for i in range(fn("FPDFText_CountChars")(tp)):
        box(tp, i, *at)
        code = uni(tp, i)
        chars.append(Char("-" if code == 2 else chr(code), left.value, height - top.value, right.value, height - bottom.value))
    return chars


LINE_HYPHEN = "\x02"                         # pdfium's code for a hyphen that ends a line ("Duguay-" / "Trouin")
_TEXT = (ctypes.c_ushort * 4096)()          # quick_text_in's buffer: a traced box holds a few words


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
        self.handles: list = []                    # each path's pdfium object and matrix (line_style)
        self.orders: list[int] = []                # each path's place in drawing order (check/covered.py)
        self.paths, self.text_colours = _objects(page, self.height, shapes, colours, self._visible, self.handles,
                                                 self.orders)
        self._painted: tuple[int, list] | None = None

    def line_style(self, i: int) -> tuple[float, tuple[float, ...]] | None:
        """The stroke width and dash array of path `i` (of `paths`) in points on the page, or None
        for a path not stroked."""
        return _line_style(*self.handles[i]) if self.handles[i] else None

    @property
    def visible(self) -> list:
        """Text objects and filled shapes in drawing order (check/visibility.py)."""
        if self._visible is None:
            from printgen.check.visibility import read_objects

            self._visible = read_objects(self.page, self.height)
        return self._visible

    def painted_after(self, first: int) -> list:
        """The filled paths and images of the page drawn after path `first` (of `orders`), nested
        ones too, in drawing order (check/covered.py: what may be painted over a drawn mark); read
        when first asked, and again only for a mark drawn earlier than any asked about before."""
        if self._painted is None or self._painted[0] > first:
            from printgen.check.covered import read_painted

            self._painted = (first, read_painted(self.page, self.height, first))
        return [p for p in self._painted[1] if p.order > first] if self._painted[0] < first else self._painted[1]

    def quick_text_in(self, bbox) -> str:
        """pdfium's text inside the box (pypdfium2's get_text_bounded, in one call instead of two:
        pdfium looks through the page's characters on each)."""
        import pypdfium2.raw as raw

        x0, top, x1, bottom = bbox
        inset = min(0.8, 0.12 * min(x1 - x0, bottom - top))      # pdfium takes glyphs that touch the box
        box = (x0 + inset, self.height - top - inset, x1 - inset, self.height - bottom + inset)    # left, top, right, bottom
        n = raw.FPDFText_GetBoundedText(self.tp.raw, *box, _TEXT, len(_TEXT))     # its NUL included
        if n >= len(_TEXT):                                        # perhaps cut short: ask its length first
            return self.tp.get_text_bounded(left=box[0], top=box[1], right=box[2], bottom=box[3]).replace(LINE_HYPHEN, "-")
        if n > 0 and _TEXT[n - 1] == 0:
            n -= 1
        return ctypes.string_at(_TEXT, 2 * n).decode("utf-16-le", errors="ignore").replace(LINE_HYPHEN, "-") if n > 0 else ""

    def text(self) -> str:
        if self._text is None:
            self._text = self.tp.get_text_range()
        return self._text

    def digits(self) -> int:
        return sum(map(str.isdigit, self.text()))

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


def _objects(page, height: float, shapes: bool | str, colours: bool, visible: list | None = None,
             handles: list | None = None, orders: list | None = None) -> tuple[list[PathObj], set]:
    """Paths (geometry when `shapes`: rectangles and circles, lines too when "lines") and the
    colours of paths and text (when `colours`), inside form XObjects too (a symbol drawn once and
    placed many times counts at each place); and, into `visible`, what check/visibility.py reads of
    the page's own objects (in the same pass: a second one over a sheet of ships costs a tenth of a
    second; a symbol holds no traced item and is drawn under them). A path that is none of those
    shapes is kept only for its colours (no check reads anything else of it).

    pdfium's functions with plain addresses (check/fastcalls.py), looked up once: a sheet of ships
    holds ten thousand paths, fifty thousand points. `handles`: filled with each measured path's
    object and matrix, None for the others (what a line's style is read from, for the few that are asked);
    `orders`: with each kept path's place among the page's paths in drawing order, nested ones counted
    (check/covered.py's read_painted counts the same way)."""
    import pypdfium2.raw as raw

    from printgen.check.fastcalls import fn, handle
    from printgen.check.visibility import Obj, bounds_of

    paths, text_colours = [], set()
    if not (shapes or colours):
        return paths, text_colours
    out = (ctypes.c_int * 2)()                                   # draw mode: fill, stroke
    mode_at, stroke_at = ctypes.addressof(out), ctypes.addressof(out) + ctypes.sizeof(ctypes.c_int)
    x, y = ctypes.c_float(), ctypes.c_float()                   # .value: reading a ctypes array is slower
    x_at, y_at = ctypes.addressof(x), ctypes.addressof(y)
    m = (ctypes.c_float * 6)()                                   # FS_MATRIX: a, b, c, d, e, f
    m_at = ctypes.addressof(m)
    rgba = (ctypes.c_uint * 4)()
    step = ctypes.sizeof(ctypes.c_uint)
    r_at, g_at, b_at, a_at = (ctypes.addressof(rgba) + k * step for k in range(4))
    kind_of, draw_mode, get_matrix = fn("FPDFPageObj_GetType"), fn("FPDFPath_GetDrawMode"), fn("FPDFPageObj_GetMatrix")
    count, segment, point, seg_type = (fn("FPDFPath_CountSegments"), fn("FPDFPath_GetPathSegment"),
                                       fn("FPDFPathSegment_GetPoint"), fn("FPDFPathSegment_GetType"))
    fill_of, stroke_of = fn("FPDFPageObj_GetFillColor"), fn("FPDFPageObj_GetStrokeColor")
    form_count, form_get = fn("FPDFFormObj_CountObjects"), fn("FPDFFormObj_GetObject")
    bounds = bounds_of(height)
    TEXT, FORM, PATH, IMAGE, BEZIER = (raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_FORM, raw.FPDF_PAGEOBJ_PATH,
                                       raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_SEGMENT_BEZIERTO)
    measured = (2, 5, 11, 13) if shapes == "lines" else (5, 11, 13) if shapes else ()    # lines, rectangles, stars, circles

    def colour(getter, obj) -> tuple | None:
        return (rgba[0], rgba[1], rgba[2]) if getter(obj, r_at, g_at, b_at, a_at) else None

    seq = [0]                                                    # paths seen so far, in drawing order

    def walk(parent: int, n: int, get, outer: tuple | None) -> None:
        top = outer is None and visible is not None
        for i in range(n):
            obj = get(parent, i)
            kind = kind_of(obj)
            if kind == TEXT:
                if colours:
                    text_colours.add(colour(fill_of, obj))
                if top:
                    visible.append(Obj(i, True, bounds(obj), obj))
                continue
            if kind == FORM:
                get_matrix(obj, m_at)
                walk(obj, form_count(obj), form_get, _then(m[:], outer))
                continue
            if kind != PATH:
                if top and kind == IMAGE:
                    visible.append(Obj(i, False, bounds(obj), obj, image=True))
                continue
            order = seq[0]
            seq[0] += 1
            fill = strk = None
            if colours or top:
                draw_mode(obj, mode_at, stroke_at)
                filled = out[0]
                if top and filled:
                    visible.append(Obj(i, False, bounds(obj), obj))
                if colours:
                    fill = colour(fill_of, obj) if filled else None
                    strk = colour(stroke_of, obj) if out[1] else None
            segments = count(obj) if measured else 0
            if segments not in measured:
                if colours:
                    paths.append(PathObj(0, 0, 0, 0, "other", fill, strk))
                    if handles is not None:
                        handles.append(None)
                    if orders is not None:
                        orders.append(order)
                continue
            get_matrix(obj, m_at)
            a, b, c, d, e, f = _then(m[:], outer)
            xs, ys, curves = [], [], 0
            for k in range(segments):
                seg = segment(obj, k)
                point(seg, x_at, y_at)
                px, py = x.value, y.value
                xs.append(a * px + c * py + e)
                ys.append(height - (b * px + d * py + f))
                if seg_type(seg) == BEZIER:
                    curves += 1
            x0, x1, top_, bottom = min(xs), max(xs), min(ys), max(ys)
            if curves == 12 and abs((x1 - x0) - (bottom - top_)) < 0.3:
                shape = "circle"
            elif curves == 0 and segments == 5 and len({round(v, 2) for v in set(xs)}) == 2:    # (round each value once)
                shape = "rect"
            elif curves == 0 and segments == 2:
                shape = "line"
            elif curves == 0 and segments == 11:              # ten straight sides, closed: a flagship's star
                shape = "star"
            elif colours:
                shape = "other"
            else:
                continue
            paths.append(PathObj(x0, top_, x1, bottom, shape, fill, strk))
            if handles is not None:
                handles.append((obj, a, b, c, d) if shape != "other" else None)
            if orders is not None:
                orders.append(order)

    at = handle(page.raw)
    walk(at, fn("FPDFPage_CountObjects")(at), fn("FPDFPage_GetObject"), None)
    return paths, text_colours


def _line_style(obj: int, a: float, b: float, c: float, d: float) -> tuple[float, tuple[float, ...]] | None:
    """A path's stroke width and dash array, through its matrix (which keeps or scales lengths alike)."""
    import math

    from printgen.check.fastcalls import fn

    mode = (ctypes.c_int * 2)()
    fn("FPDFPath_GetDrawMode")(obj, ctypes.addressof(mode), ctypes.addressof(mode) + ctypes.sizeof(ctypes.c_int))
    if not mode[1]:
        return None
    k = math.sqrt(abs(a * d - b * c))
    width = ctypes.c_float()
    if not fn("FPDFPageObj_GetStrokeWidth")(obj, ctypes.addressof(width)):
        return None
    n = fn("FPDFPageObj_GetDashCount")(obj)
    dash = (ctypes.c_float * max(n, 1))()
    if n > 0 and not fn("FPDFPageObj_GetDashArray")(obj, ctypes.addressof(dash), n):
        return None
    return width.value * k, tuple(dash[i] * k for i in range(max(n, 0)))



