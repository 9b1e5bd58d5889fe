"""Reading a printed PDF back, fast (pdfium): the characters with their boxes, and every path with
its true outline (points through the object's matrix, stroke width excluded), kind and colours."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

from printgen.check.numbers import Char


@dataclass(frozen=True)
class PathObj:
    x0: float
    top: float
    x1: float
    bottom: float
    kind: str                     # rect, circle, line, other
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


def _page(page, shapes: bool, colours: bool) -> PageData:
    import pypdfium2.raw as raw

    height = page.get_height()
    tp = page.get_textpage()
    chars = []
    left, right, bottom, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    for i in range(raw.FPDFText_CountChars(tp.raw)):               # raw calls: 2x faster than the helpers
        raw.FPDFText_GetCharBox(tp.raw, i, left, right, bottom, top)
        chars.append(Char(chr(raw.FPDFText_GetUnicode(tp.raw, i)), left.value, height - top.value, right.value,
                          height - bottom.value))
    paths, text_colours = [], set()
    if not (shapes or colours):
        tp.close()
        return PageData(page.get_width(), height, chars, paths, text_colours)
    for obj in page.get_objects():
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            text_colours.add(_colour(raw.FPDFPageObj_GetFillColor, obj.raw))
            continue
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        mode, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, mode, stroke)
        fill = _colour(raw.FPDFPageObj_GetFillColor, obj.raw) if mode.value else None
        strk = _colour(raw.FPDFPageObj_GetStrokeColor, obj.raw) if stroke.value else None
        if not shapes:
            paths.append(PathObj(0, 0, 0, 0, "unread", fill, strk))
            continue
        n = raw.FPDFPath_CountSegments(obj.raw)
        if n not in (2, 5, 13):                                 # only lines, rectangles and circles matter
            paths.append(PathObj(0, 0, 0, 0, "other", fill, strk))
            continue
        m = obj.get_matrix()
        xs, ys, kinds = [], [], []
        x, y = ctypes.c_float(), ctypes.c_float()
        for k in range(n):
            seg = raw.FPDFPath_GetPathSegment(obj.raw, k)
            raw.FPDFPathSegment_GetPoint(seg, x, y)
            px, py = m.a * x.value + m.c * y.value + m.e, m.b * x.value + m.d * y.value + m.f
            xs.append(px)
            ys.append(height - py)
            kinds.append(raw.FPDFPathSegment_GetType(seg))
        if not xs:
            continue
        x0, x1, top, bottom = min(xs), max(xs), min(ys), max(ys)
        if kinds.count(raw.FPDF_SEGMENT_BEZIERTO) == 12 and abs((x1 - x0) - (bottom - top)) < 0.3:
            kind = "circle"
        elif len(kinds) == 5 and kinds.count(raw.FPDF_SEGMENT_LINETO) == 4 and len({round(v, 2) for v in xs}) == 2:
            kind = "rect"
        elif len(kinds) == 2:
            kind = "line"
        else:
            kind = "other"
        paths.append(PathObj(x0, top, x1, bottom, kind, fill, strk))
    tp.close()
    return PageData(page.get_width(), height, chars, paths, text_colours)
