"""PDF backend (reportlab): physical sizes exact, fonts embedded, bytes deterministic.

Shapes are written as PDF path operators straight into reportlab's page stream (a kit has tens of
thousands of them; the canvas API costs ten times more per shape). Text goes through reportlab,
which embeds and subsets the font (with the outlines of the characters the document shows, and no
others). Greys are written with the grey operators, so a black-and-white PDF holds no colour at all."""

from __future__ import annotations

import io
import math
import struct
from contextlib import contextmanager
from functools import cache
from itertools import chain
from typing import Iterable

from printgen.draw import fonts, lean_font
from printgen.draw.flatten import FCircle, FDots, FGroup, FlatPage, FPath, FRect, FText, FUse, ungrouped
from printgen.draw.theme import Paint, is_grey

KAPPA = 0.5522847498          # Bezier control distance for a quarter circle


def _n(*v: float) -> str:
    """Numbers to 1/100 pt (1/7200 in): C-speed formatting, and exact enough for any print."""
    return " ".join("%.2f" % x for x in v)


# what "%.2f" writes that _trim shortens: ".00" goes, ".50" -> ".5" (before a space or a dash's "]")
_ZEROED = [(f".{d}0 ", f".{d} " if d != "0" else " ") for d in "0123456789"]
_ZEROED_DASH = [(f".{d}0]", f".{d}]" if d != "0" else "]") for d in "0123456789"]


def _trim(ops: str) -> str:
    """Operators written with "%.2f", without trailing zeros ("12.50 0.00" -> "12.5 0"): a fifth
    smaller, before and after compression. Never applied to a string that holds text. Plain string
    replacements (each a C loop over the string), three times faster than a regular expression."""
    ops += " "
    for zeros, kept in _ZEROED + _ZEROED_DASH if "]" in ops else _ZEROED:
        if zeros in ops:
            ops = ops.replace(zeros, kept)
    return ops[:-1]


def _f(x: float, fmt: str = "%.2f") -> str:
    """One number as _trim writes it, without a regular expression (the operators written a
    thousand times a sheet: placing a form, starting a text)."""
    s = fmt % x
    if s[-1] == "0":
        s = s.rstrip("0")
        if s[-1] == ".":
            s = s[:-1]
    return s


_TURNS: dict[bytes, str] = {}
_PACK = struct.Struct("4d").pack


def _turn(a: float, b: float, c: float, d: float) -> str:
    """A form's placing matrix's turn (a b c d), as _f writes it: a sheet places its symbols at a
    handful of turns, thousands of times. Keyed by the numbers' bits: 0.0 and -0.0 are equal, and
    print "0" and "-0"."""
    key = _PACK(a, b, c, d)
    said = _TURNS.get(key)
    if said is None:
        if len(_TURNS) >= 4096:
            _TURNS.clear()
        said = _TURNS[key] = f"{_f(a, '%.6f')} {_f(b, '%.6f')} {_f(c, '%.6f')} {_f(d, '%.6f')}"
    return said


def render_pdf(pages: Iterable[FlatPage], title: str, subject: str = "") -> bytes:
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0                    # binary streams: ASCII85 would only cost time and bytes
    fonts.register_pdf_fonts()
    lean_font.install(fonts.PDF_NAMES.values())
    buf = io.BytesIO()
    # the initial font a page names is printgen's own: no Helvetica entry, never shown, on every page
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=fonts.PDF_NAMES["regular"])
    c.setTitle(title)
    c.setAuthor("printgen")
    c.setSubject(subject)
    c.setCreator("printgen")
    forms: set[str] = set()                 # symbols already written as form XObjects
    shown: dict[tuple[str, str, str], str] = {}  # (text, face, size) -> its operators, for the whole document
    for page in pages:
        c.setPageSize((page.width, page.height))
        _Page(c, page, forms, shown).draw()
        c.showPage()
    with _only_shown_glyphs(shown):
        c.save()
    return buf.getvalue()


@contextmanager
def _only_shown_glyphs(shown: dict[tuple[str, str, str], str]):
    """reportlab's first subset of a face gives codes 32-127 to ASCII itself and embeds all 95 of
    their outlines, shown or not (most of a small document's font bytes). While the document is
    saved, the characters it never shows get the empty glyph instead: the codes, widths and
    ToUnicode map stay as they are (kit.pdf's font merge reads them), only the outlines go."""
    from reportlab.pdfbase.pdfmetrics import getFont

    used: dict[str, set[int]] = {}
    for text, face, _ in shown:
        used.setdefault(face, {32}).update(map(ord, text.replace("\xa0", " ")))   # nbsp prints as space
    patched = []
    for style, keep in used.items():
        face = getFont(fonts.PDF_NAMES[style]).face
        own = face.__dict__.get("makeSubset")                  # lean_font's wrapper, if installed
        whole = face.makeSubset
        face.makeSubset = lambda subset, whole=whole, keep=keep: whole([c if c in keep else 0 for c in subset])
        patched.append((face, own))
    try:
        yield
    finally:
        for face, own in patched:
            if own is None:
                del face.makeSubset
            else:
                face.makeSubset = own


@cache
def _colour_op(colour: str, stroke: bool) -> str:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    if is_grey(colour):
        return _trim(f"{_n(r)} {'G' if stroke else 'g'}")
    return _trim(f"{_n(r)} {_n(g)} {_n(b)} {'RG' if stroke else 'rg'}")


class _Page:
    """Writes one page's operators, skipping state changes that are already in force. Shapes'
    operators gather in `raw` and are trimmed together, one string for a run of shapes (the page
    stream joins its parts with newlines, so the bytes are those of one part a shape)."""

    def __init__(self, canvas, page: FlatPage | None, forms: set[str], shown: dict[tuple[str, str, str], str]):
        self.c, self.page, self.forms, self.shown = canvas, page, forms, shown
        self.ops: list[str] = canvas._code
        self.raw: list[str] = []
        self.fill: str | None = None
        self.stroke: str | None = None
        self.dash: tuple[float, ...] | None = None
        self.width: float | None = None
        self.ox = self.oy = 0.0                     # the origin coordinates are written from (a group's)

    def draw(self) -> None:
        self.ops.append(f"q 1 0 0 -1 0 {_n(self.page.height)} cm 1 J 1 j")   # y down, round caps and joins
        self.prims(self.page.prims)
        self.flush()
        self.ops.append("Q")

    def flush(self) -> None:
        """The shapes' operators so far, trimmed, into the stream (before anything that holds text
        or is written by reportlab)."""
        if self.raw:
            self.ops.append(_trim("\n".join(self.raw)))
            self.raw = []

    def prims(self, prims) -> None:
        shape = self.shape
        for prim in prims:
            kind = type(prim)
            if kind is FText:
                self.text(prim)
            elif kind is FUse:
                self.use(prim)
            elif kind is FGroup:
                self.group(prim)
            else:
                shape(prim)

    def use(self, u: FUse) -> None:
        """A symbol: written once as a form XObject (in the page's y-down space), then placed. The
        form runs in its own graphics state, so the page's remembered colours still hold after it."""
        self.flush()
        if u.name not in self.forms:
            prims = self.page.symbols[u.name]
            self.c.beginForm(u.name, *extent(prims))
            form = _Page(self.c, None, self.forms, self.shown)
            form.ops.append("1 J 1 j")
            form.prims(prims)
            form.flush()
            self.c.endForm()
            self.forms.add(u.name)
        a, b, c, d, e, f = u.matrix
        self.ops.append(f"q {_turn(a, b, c, d)} {_f(e - self.ox)} {_f(f - self.oy)} cm")
        self.c.doForm(u.name)
        self.ops.append("Q")

    def group(self, g: FGroup) -> None:
        """Its prims written from its origin, in a graphics state of their own: the state in force
        before it is in force again after it."""
        self.flush()
        before = (self.fill, self.stroke, self.dash, self.width, self.ox, self.oy)
        self.ops.append(f"q 1 0 0 1 {_f(g.dx - self.ox)} {_f(g.dy - self.oy)} cm")
        self.ox, self.oy = g.dx, g.dy
        self.prims(g.prims)
        self.flush()
        self.ops.append("Q")
        self.fill, self.stroke, self.dash, self.width, self.ox, self.oy = before

    def paint(self, p: Paint) -> str:
        """The operators that put `p` in force (into `raw`), and the one that paints with it."""
        fill, stroke = p.fill, p.stroke
        if fill and fill != self.fill:
            self.raw.append(_colour_op(fill, False))
            self.fill = fill
        if stroke:
            if stroke != self.stroke:
                self.raw.append(_colour_op(stroke, True))
                self.stroke = stroke
            if p.width != self.width:
                self.raw.append(f"{_n(p.width)} w")
                self.width = p.width
            if p.dash != self.dash:
                self.raw.append(f"[{' '.join(_n(d) for d in p.dash)}] 0 d")
                self.dash = p.dash
            return "B" if fill else "S"
        return "f" if fill else "n"

    def shape(self, prim) -> None:
        kind = type(prim)
        ox, oy = self.ox, self.oy
        if kind is FDots:                           # round caps: a line of no length prints as a dot
            self.paint(Paint(stroke=prim.paint.fill, width=2 * prim.r))
            pts = prim.centres if not (ox or oy) else [(x - ox, y - oy) for x, y in prim.centres]
            self.raw.append("%.2f %.2f m %.2f %.2f l " * len(pts) % tuple(chain.from_iterable(p + p for p in pts)) + "S")
            return
        op = self.paint(prim.paint)
        if op == "n":
            return
        if kind is FPath:
            pts = prim.points if not (ox or oy) else [(x - ox, y - oy) for x, y in prim.points]
            self.raw.append(_path_format(len(pts)) % tuple(chain.from_iterable(pts))
                            + (" h " + op if prim.closed else " S"))
        elif kind is FRect:
            if prim.radius:
                self.raw.append(_round_rect(prim, ox, oy) + " " + op)
            else:
                self.raw.append("%.2f %.2f %.2f %.2f re %s" % (prim.x - ox, prim.y - oy, prim.w, prim.h, op))
        elif kind is FCircle:
            self.raw.append(_circle(prim.cx - ox, prim.cy - oy, prim.r) + " " + op)

    def text(self, t: FText) -> None:
        """One BT..ET per text: the text matrix turns glyphs upright in the page's y-down space and
        by the text's angle; reportlab's TrueType font subsets the glyphs (and embeds them)."""
        self.flush()
        if t.colour != self.fill:
            self.ops.append(_colour_op(t.colour, False))
            self.fill = t.colour
        parts = [f"{_turned(t.angle)} {_f(t.x - self.ox)} {_f(t.y - self.oy)} Tm"]
        size = _f(t.size)
        for text, font in t.runs:
            key = (text, font, size)
            shown = self.shown.get(key)
            if shown is None:
                shown = self.shown[key] = self._encoded(text, font, size)
            parts.append(shown)
        parts.append("ET")
        self.ops.append(" ".join(parts))

    def _encoded(self, text: str, font: str, size: str) -> str:
        """The text's operators in its face's subsets, made once a document: reportlab gives each
        character its code the first time it is shown, and keeps it."""
        from reportlab.pdfbase.pdfmetrics import getFont

        doc = self.c._doc
        face = getFont(fonts.PDF_NAMES[font])
        return " ".join("%s %s Tf (%s) Tj" % (face.getSubsetInternalName(subset, doc), size, self.c._escape(chunk))
                        for subset, chunk in face.splitString(text, doc))


@cache
def _turned(angle: float) -> str:
    """The start of a text matrix at this angle (a document's texts turn by a handful of angles)."""
    r = math.radians(angle)
    cos, sin = math.cos(r), math.sin(r)
    return f"BT {_f(cos, '%.4f')} {_f(sin, '%.4f')} {_f(sin, '%.4f')} {_f(-cos, '%.4f')}"


def extent(prims) -> tuple[float, float, float, float]:
    """A form's bounding box: every prim with room for its stroke (text: its width, a size above
    and below, whichever way it turns)."""
    xs, ys = [], []
    prims = list(ungrouped(prims))
    for p in prims:
        if isinstance(p, FRect):
            xs += [p.x, p.x + p.w]
            ys += [p.y, p.y + p.h]
        elif isinstance(p, FCircle):
            xs += [p.cx - p.r, p.cx + p.r]
            ys += [p.cy - p.r, p.cy + p.r]
        elif isinstance(p, FDots):
            xs += [x + d for x, _ in p.centres for d in (-p.r, p.r)]
            ys += [y + d for _, y in p.centres for d in (-p.r, p.r)]
        elif isinstance(p, FPath):
            xs += [x for x, _ in p.points]
            ys += [y for _, y in p.points]
        elif isinstance(p, FText):
            reach = sum(fonts.width(s, p.size, f) for s, f in p.runs) + p.size
            xs += [p.x - reach, p.x + reach]
            ys += [p.y - reach, p.y + reach]
    pad = 2 + max((p.paint.width for p in prims if not isinstance(p, FText) and p.paint.stroke), default=0)
    return (min(xs, default=0) - pad, min(ys, default=0) - pad, max(xs, default=0) + pad, max(ys, default=0) + pad)


@cache
def _path_format(n: int) -> str:
    return "%.2f %.2f m" + " %.2f %.2f l" * (n - 1)


_CIRCLE = "%.2f %.2f m " + "%.2f %.2f %.2f %.2f %.2f %.2f c " * 4 + "h"


def _circle(cx: float, cy: float, r: float) -> str:
    k = r * KAPPA
    return _CIRCLE % (cx + r, cy, cx + r, cy + k, cx + k, cy + r, cx, cy + r,
                      cx - k, cy + r, cx - r, cy + k, cx - r, cy, cx - r, cy - k, cx - k, cy - r, cx, cy - r,
                      cx + k, cy - r, cx + r, cy - k, cx + r, cy)


_ROUND_RECT = "%.2f %.2f m " + "%.2f %.2f l %.2f %.2f %.2f %.2f %.2f %.2f c " * 4 + "h"


def _round_rect(r: FRect, ox: float = 0.0, oy: float = 0.0) -> str:
    x, y, w, h, rad = r.x - ox, r.y - oy, r.w, r.h, min(r.radius, r.w / 2, r.h / 2)
    k = rad * (1 - KAPPA)
    return _ROUND_RECT % (x + rad, y, x + w - rad, y, x + w - k, y, x + w, y + k, x + w, y + rad,
                          x + w, y + h - rad, x + w, y + h - k, x + w - k, y + h, x + w - rad, y + h,
                          x + rad, y + h, x + k, y + h, x, y + h - k, x, y + h - rad,
                          x, y + rad, x, y + k, x + k, y, x + rad, y)
