"""The photocopy check: does what a child must cut, fold, read or tell apart survive a worn copier?

Teachers print one black-and-white master and copy it for the class. A copier blurs and then cuts
light tones to white. `Copier` does the same to each page rendered from the PDF (pdfium): grey, a
Gaussian blur, a threshold. Where each thing was drawn comes from the drawing itself, made again
with every shape's role noted (flatten(..., marks=True)): each cut and fold line, hit circle, word,
number, nation mark and ruler or template line. For each, its footprint (its own shape rasterised
alone) is compared with the copy: the share of the ink the master printed there that the copy still
prints (a pixel of slack either way) is its survival. A thing below `Copier.keep` is lost."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field, replace
from functools import cache

import numpy as np  # (this module is loaded only for a photocopy check: cli/check_cmd.py)

from printgen.check.numbers import Discrepancy
from printgen.draw import fonts
from printgen.draw.flatten import FCircle, FDots, FlatPage, FMarked, FPath, FRect, FText
from printgen.draw.shapes import apply
from printgen.draw.theme import COPIER

INKED = 200                 # a master's pixel lighter than this (of 255) holds no ink worth keeping


def _below(level: int) -> list[int]:
    """A point() table: 0 for grey values below `level`, 255 from it up."""
    return [0] * level + [255] * (256 - level)


HALF, ANY_WHITE, INK, PAPER = _below(128), _below(255), _below(INKED), [255] * (256 - INKED) + [0] * INKED
NATION_ROLES = ("base", "ship", "hull", "rail", "band", "banner")
LINE_ROLES = ("rule", "outline", "panel", "band.range", "table", "calibration", "map.cross", "map.scalebar",
              "edge", "chain", "hazard", "marker", "wind", "sector", "swatch", "tick")
KINDS = ("cut line", "fold line", "hit circle", "word", "number", "nation mark", "line")


@dataclass(frozen=True)
class Copier:
    """A worn office copier. `cut`: the grey (0 black, 1 white) a blurred pixel must be darker than
    to print black: 0.55 is a 55% grey (#8c8c8c), what a copier set light keeps. `keep`: the share
    of its ink a thing must keep, by kind: each letter and digit of a word or number half of its own
    (the dot of an i may go, not the stroke of an l, nor a decimal point), a line nine tenths."""
    dpi: float = 150.0
    blur: float = 1.0                     # pixels: the blur's standard deviation
    cut: float = 0.55
    keep: dict = field(default_factory=lambda: {"word": 0.5, "number": 0.5, "nation mark": 0.8}, hash=False,
                       compare=False)
    keep_else: float = 0.9

    def threshold(self, kind: str) -> float:
        return self.keep.get(kind, self.keep_else)

    def copy(self, image):
        """The copy of a grey ("L") image: 0 where it prints black, 255 elsewhere."""
        from PIL import ImageFilter

        blurred = image.filter(ImageFilter.GaussianBlur(self.blur)) if self.blur > 0 else image
        return blurred.point(_below(round(255 * self.cut)))


@dataclass
class Survival:
    """What was measured of one thing: its kind, what it is, where (page, box in points), its share kept."""
    kind: str
    what: str
    page: int
    box: tuple[float, float, float, float]
    kept: float
    file: str = ""


def kind_of(m: FMarked) -> tuple[str, tuple] | None:
    """The kind of thing a shape is for the check, and the prims that print it; None: not checked
    (fills, the ship's rigging, the sea...)."""
    role = m.role
    head, _, rest = role.partition(".")
    if m.prims and type(m.prims[0]) is FText:
        if m.tag == "nation":
            return "nation mark", m.prims
        return ("number" if m.traced else "word"), m.prims
    if role == "cut" or head == "cut":
        return "cut line", _stroked(m.prims)
    if role == "fold":
        return "fold line", _stroked(m.prims)
    if role == "hit":
        return "hit circle", _stroked(m.prims)
    if head in NATION_ROLES and rest[:1].isupper():
        pattern = tuple(p for p in m.prims if type(p) is FDots or (type(p) is FPath and not p.closed and not p.paint.fill))
        return ("nation mark", pattern) if pattern else None
    if any(role == r or role.startswith(r + ".") for r in LINE_ROLES):
        lines = _stroked(m.prims)
        return ("line", lines) if lines else None
    return None


def _stroked(prims: tuple) -> tuple:
    """The outlines of the prims, without their fills (a hit circle is its ring, not its white inside)."""
    from printgen.draw.theme import Paint

    out = []
    for p in prims:
        paint = getattr(p, "paint", None)
        if paint is None or not paint.stroke:
            continue
        out.append(replace(p, paint=Paint(stroke=paint.stroke, width=paint.width, dash=paint.dash)))
    return tuple(out)


def page_survival(image, flat: FlatPage, copier: Copier, page_no: int) -> list[Survival]:
    """Every checked thing of one page: `image` the master rendered at copier.dpi ("L")."""
    copied = np.asarray(copier.copy(image))
    master = np.asarray(image)
    # a pixel of slack: the copy's black one pixel wider all round (a 3 x 3 mean below white), and its white.
    # Each layer as True where it holds ink (= image.point(INK) / .point(ANY_WHITE) at 0): the thousands of
    # crops and counts below are then array slices and sums, not Pillow images made and measured
    layers = {False: (master < INKED, _spread(copied == 0))}
    k = copier.dpi / 72
    out = []
    for m in flat.marks or ():
        found = kind_of(m)
        if not found or not found[1]:
            continue
        kind, prims = found
        light = all(type(p) is FText and _is_white(p.colour) for p in prims)
        if light not in layers:            # white words on a dark band: where the master left the paper, and the copy's white
            layers[light] = (master >= 256 - INKED, _spread(copied == 255))      # = image.point(PAPER) at 0
        there, still = layers[light]
        text = type(prims[0]) is FText
        parts = _glyphs(prims) if text else [prims]
        shift = _registered(prims, k, there) if text else (0, 0)
        kept, weakest, box = 1.0, "", None
        for part in parts:
            share, where = _kept(part, k, there, still, shift, 1 if text else 0)
            if share is None:
                continue                                      # hidden under something: visibility's concern
            box = where if box is None else (min(box[0], where[0]), min(box[1], where[1]), max(box[2], where[2]),
                                             max(box[3], where[3]))
            if share < kept:
                kept, weakest = share, part[0].runs[0][0] if len(parts) > 1 else ""
        if box is not None:
            what = _what(m, prims) + (f" (its '{weakest}')" if weakest.strip() else "")
            out.append(Survival(kind, what, page_no, tuple(v / k for v in box), kept))
    return out


def _spread(ink):
    """`ink` (True where a copy, all black or white, prints black) one pixel wider all round: what
    its 3 x 3 mean (Pillow's BoxBlur(1), the page's edge pixels repeated) leaves below white, as
    the check measured it, without blurring the page (the mean of black or white is below white
    exactly where a pixel of the 3 x 3 is black: tests/test_photocopy.py compares the two)."""
    out = ink.copy()
    out[1:] |= ink[:-1]
    out[:-1] |= ink[1:]
    rows = out.copy()
    out[:, 1:] |= rows[:, :-1]
    out[:, :-1] |= rows[:, 1:]
    return out


SLIP = 2                    # pixels: how far the master's type may sit from where our rasteriser puts it
WELL = 0.7                  # the share of a footprint on the master's ink that says it is where it printed


def _inked(layer):
    """A layer as an array, True where it holds ink: a Pillow "L" image's 0s, or such an array as it is."""
    return layer if isinstance(layer, np.ndarray) else np.asarray(layer) == 0


def _crop(layer, box: tuple):
    """The layer's pixels in `box` (x0, y0, x1, y1), as Pillow crops: past the page's edge, 0 (ink)."""
    h, w = layer.shape
    x0, y0, x1, y1 = box
    if x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h:
        return layer[y0:y1, x0:x1]
    out = np.ones((y1 - y0, x1 - x0), dtype=bool)
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if cx1 > cx0 and cy1 > cy0:
        out[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0] = layer[cy0:cy1, cx0:cx1]
    return out


def _best_shift(mask, box: tuple, there, near: tuple[int, int], slip: int) -> tuple[int, int]:
    """The shift within `slip` pixels of `near` that lays the footprint `mask` (True where it inks, at
    `box`) on the most of the master's ink (`there`, True where it printed), kept on the page; ties go
    to the nearest."""
    h, w = there.shape
    ink = int(np.count_nonzero(mask))
    nx, ny = near
    at_near = _crop(there, (box[0] + nx, box[1] + ny, box[2] + nx, box[3] + ny))
    if ink and np.count_nonzero(mask & at_near) >= WELL * ink:
        return near                                   # most letters: where expected (a search costs nine times more)
    # every shift's count at once: the master's pixels under the footprint's ink, gathered for each
    # shift in one go (a crop and a count for each shift, as before, cost three times as much)
    around = _crop(there, (box[0] + nx - slip, box[1] + ny - slip, box[2] + nx + slip, box[3] + ny + slip))
    shifts, rows, cols = _shifts(slip)
    ys, xs = np.nonzero(mask)
    on = around[ys + rows, xs + cols].sum(axis=1).tolist()
    best, at = -1, (0, 0)
    for (dx, dy), found in zip(shifts, on):
        dx, dy = nx + dx, ny + dy
        if box[0] + dx >= 0 and box[1] + dy >= 0 and box[2] + dx <= w and box[3] + dy <= h and found > best:
            best, at = found, (dx, dy)                # (kept on the page)
    return at


_SHIFTS: dict[int, tuple] = {}


def _shifts(slip: int) -> tuple[list[tuple[int, int]], np.ndarray, np.ndarray]:
    """The shifts (dx, dy) within `slip`, nearest first (ties: dx, then dy, from the least), and
    each one's row and column in a crop `slip` wider all round, as columns to index by."""
    if slip not in _SHIFTS:
        shifts = sorted(((dx, dy) for dx in range(-slip, slip + 1) for dy in range(-slip, slip + 1)),
                        key=lambda d: abs(d[0]) + abs(d[1]))
        rows, cols = np.array([[dy + slip] for _, dy in shifts]), np.array([[dx + slip] for dx, _ in shifts])
        _SHIFTS[slip] = (shifts, rows, cols)
    return _SHIFTS[slip]


def _registered(texts: tuple, k: float, there) -> tuple[int, int]:
    """The shift (dx, dy) in pixels, within SLIP, that lays a line's footprint best on the master's
    ink. pdfium places type to the subpixel, Pillow each run on whole pixels: a line may land a pixel
    or two away, and a thin letter (an l, an i) measured where it was not printed finds none of its
    ink, its accent alone, or its neighbour's."""
    there = _inked(there)
    foot = _footprint(texts, k, there.shape[::-1])
    if foot is None:
        return 0, 0
    mask, box = foot
    return _best_shift(mask, box, there, (0, 0), SLIP)


def _kept(prims: tuple, k: float, there, still, near: tuple[int, int] = (0, 0), slip: int = 0) -> tuple[float | None, tuple]:
    """The share of the prims' ink on the master (`there`: where it printed) that the copy keeps
    (`still`: where it does), and their box in pixels; None if none of it printed. `near`: where
    the master printed them, from where they are drawn (a letter: its line's shift, _registered),
    give or take `slip` pixels (a letter's own rounding). The layers: arrays True where they ink,
    or Pillow images 0 there."""
    there, still = _inked(there), _inked(still)
    foot = _footprint(prims, k, there.shape[::-1])
    if foot is None:
        return None, ()
    mask, box = foot
    dx, dy = _best_shift(mask, box, there, near, slip) if slip or near != (0, 0) else (0, 0)
    box = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
    printed = mask & _crop(there, box)
    total = int(np.count_nonzero(printed))
    if total == 0:
        return None, box
    return int(np.count_nonzero(printed & _crop(still, box))) / total, box


def _glyphs(texts: tuple) -> list[tuple]:
    """Each letter and digit of the texts as a text of its own, and each decimal point (a word is
    read letter by letter: a lost stroke of an l is not made up for by the rest of the word, and
    "11.7" must not read "11 7"). Other marks may go (a colon, a degree sign): the words still read."""
    out = []
    for t in texts:
        r = math.radians(t.angle)
        ux, uy = math.cos(r), math.sin(r)
        at = 0.0
        line = "".join(run for run, _ in t.runs)
        i = 0
        for run, face in t.runs:
            for ch in run:
                point = ch in ".," and 0 < i < len(line) - 1 and line[i - 1].isdigit() and line[i + 1].isdigit()
                if ch.isalnum() or point:
                    out.append((FText(t.x + ux * at, t.y + uy * at, ((ch, face),), t.size, t.colour, t.angle),))
                at += fonts.width(ch, t.size, face)
                i += 1
    return out or [texts]


def _is_white(colour: str) -> bool:
    return colour.lower() in ("#ffffff", "#fff", "white")


def _what(m: FMarked, prims: tuple) -> str:
    if type(prims[0]) is FText:
        return "'" + "".join(t for p in prims for t, _ in p.runs) + "'"
    return m.role + (f" ({m.tag})" if m.tag else "")


def footprint(prims: tuple, k: float, size: tuple[int, int]):
    """The prims drawn alone in black on white, cropped to where they are (pixels at `k` per point):
    (mask, box), mask 0 where they print; None if they fall outside the page."""
    from PIL import Image

    foot = _footprint(prims, k, size)
    if foot is None:
        return None
    mask, box = foot
    return Image.fromarray(~mask).convert("L"), box


def _footprint(prims: tuple, k: float, size: tuple[int, int]):
    """footprint's (mask, box), the mask an array True where the prims print."""
    x0, y0, x1, y1 = _extent(prims)
    box = (max(0, int(x0 * k) - 2), max(0, int(y0 * k) - 2), min(size[0], int(x1 * k) + 3), min(size[1], int(y1 * k) + 3))
    if box[2] <= box[0] or box[3] <= box[1]:
        return None
    if len(prims) == 1 and type(prims[0]) is FText and _placing_read():
        mask = _letter(prims[0], k, box)
        if mask is not None:
            return mask, box
    from PIL import Image, ImageDraw

    from printgen.draw.png import _Pen

    img = Image.new("L", (box[2] - box[0], box[3] - box[1]), 255)
    pen = _Pen(img, ImageDraw.Draw(img), k, 0.0)
    pen.placed(tuple(_black(p) for p in prims), (1, 0, 0, 1, -box[0] / k, -box[1] / k))
    return np.asarray(img) < 128, box          # = img.point(HALF) at 0: where it prints


# Each letter of a word is a footprint of its own (_glyphs): a kit's check draws some 100,000. Most
# are the same letter, face and size again, and Pillow draws a letter alone the same wherever it
# falls but for whole pixels: ImageDraw.text passes FreeType the position's fraction (`start`),
# and _imagingft.c's font_render only rounds it into its 26.6 pen, `round((-x_min + start) * 64)`
# across and `round((-y_max - start) * 64)` down, puts the glyph's bitmap (rendered at the origin:
# no transform) at that pen's nearest whole pixel, PIXEL(v) = (v + 32) >> 6, and makes its image
# `ceil(start)` larger each way, clipping the glyph to it. So each letter, face and size is drawn
# once (_glyph) and put where that arithmetic puts it (_letter): exact by construction. A fraction
# within float32's error of a rounding edge is drawn in place, and so is a letter whose pen is not
# on a whole pixel at start 0 (a shaper's offset; _glyph checks each). Read from Pillow 13's
# font_render: if a later Pillow placed glyphs otherwise, _glyph's check would find them irregular
# (drawn in place: slower, the same), and test_a_kept_letter_is_the_letter_pillow_draws_in_place says so.
_GLYPHS: dict[tuple, tuple | None] = {}
GLYPHS_KEPT = 20_000                    # letters kept in a process (a few MB)
PLACING_READ = 13                       # the Pillow (major version) whose font_render the above was read from


@cache
def _placing_read() -> bool:
    """Whether this Pillow places letters as the one read above. An older one (pyproject allows 10.0.1,
    which places a letter past the page's edge otherwise: measured with the test of kept letters) draws
    every letter in place, as the check did before letters were kept."""
    import PIL

    return int(PIL.__version__.split(".")[0]) >= PLACING_READ


def _letter(t: FText, k: float, box: tuple):
    """The footprint's mask of a text of one character drawn upright, as _footprint's Pillow
    drawing makes it (its very arithmetic, marked "="), from the letters kept; None: to be drawn."""
    px = max(1.0, round(t.size * k, 1))
    if len(t.runs) != 1 or len(t.runs[0][0]) != 1 or t.angle % 360 or px > 500:
        return None
    x, y = apply((1, 0, 0, 1, -box[0] / k, -box[1] / k), (t.x, t.y))          # = flatten.moved
    x, y = x * k, y * k                                                          # = png._text
    sx, sy = math.modf(x)[0], math.modf(y)[0]                                    # = ImageDraw.text's start
    # float32 sums of a glyph's place (|-x_min + start|, |-y_max - start| < 2 px + 64) err by less than
    # 2 ** (e - 24), e its binary exponent: 64 times that, with a margin, is too near an edge to say
    near = 2.0 ** (math.frexp(2 * px + 64)[1] - 16)
    across, down = _pen(sx, near), _pen(sy, near)
    if across is None or down is None:
        return None
    ch, face = t.runs[0]
    glyph = _glyph(ch, face, px)
    if glyph is None:
        return None
    bits, (ox, oy) = glyph
    gh, gw = bits.shape
    left, top = int(x) + ox, int(y) + oy                 # = ImageDraw.text: where its image is drawn
    (pen_x, wider), (pen_y, taller) = across, down
    gx, gy = left + (pen_x + 32 >> 6), top - (-pen_y + 32 >> 6)  # = font_render: where in it the glyph goes
    w, h = box[2] - box[0], box[3] - box[1]
    # the glyph, clipped to its image (as font_render clips it) and to the footprint (as Pillow pastes)
    x0, y0 = max(gx, left, 0), max(gy, top, 0)
    x1, y1 = min(gx + gw, left + gw + wider, w), min(gy + gh, top + gh + taller, h)
    mask = np.zeros((h, w), dtype=bool)
    if x1 > x0 and y1 > y0:
        mask[y0:y1, x0:x1] = bits[y0 - gy:y1 - gy, x0 - gx:x1 - gx]
    return mask


def _pen(start: float, near: float) -> tuple[int, int] | None:
    """What font_render takes of a start's fraction along one axis: round(64 * start) and
    ceil(start) (a float32 start, as the C receives it). None if 64 * start is `near` a half or
    nearer, where float32 sums may round it either way."""
    v = 64 * start
    if abs(v - math.floor(v) - 0.5) <= near:
        return None
    ceil = 1 if start > 1e-30 else 0 if -0.5 < start <= 0 else math.ceil(float(np.float32(start)))
    return math.floor(v + 0.5), ceil


def _glyph(ch: str, face: str, px: float):
    """The letter as font_render draws it at a start of 0 (bits True where ImageDraw.text's black
    is darker than half, at the glyph's place in an image of the glyph's size, and the image's
    offset); None if its pen is not on a whole pixel there. Drawn at starts of 31/64 across and
    32/64 down (the last before PIXEL's steps if it is) and a 64th further each way, the second
    must be the first moved one pixel each way: each image is a pixel larger each way (the ceil),
    so no ink is lost, and only a mask without ink is the same moved."""
    key = (ch, face, px)
    if key not in _GLYPHS:
        font = fonts.pil_font(face, px)
        (before, off), (after, off_after) = (_drawn(font, ch, (a / 64, d / 64)) for a, d in ((31, 32), (32, 33)))
        moved = np.zeros_like(before)
        moved[1:, 1:] = before[:-1, :-1]
        regular = (off == off_after and not before[-1].any() and not before[:, -1].any()
                   and np.array_equal(after, moved))
        if len(_GLYPHS) >= GLYPHS_KEPT:
            _GLYPHS.clear()
        _GLYPHS[key] = (before[:-1, :-1], off) if regular else None
    return _GLYPHS[key]


def _drawn(font, ch: str, start: tuple[float, float]):
    """A character drawn as ImageDraw.text draws it in black on white at `start` (its getmask2
    call, its draw_bitmap), True where that is darker than half: (bits, offset)."""
    from PIL import Image, ImageDraw

    core, offset = font.getmask2(ch, "L", None, None, None, 0, "ls", 0, start, stroke_filled=True)
    img = Image.new("L", core.size, 255)
    ImageDraw.Draw(img).draw.draw_bitmap((0, 0), core, 0)
    return np.asarray(img) < 128, offset


def _extent(prims: tuple) -> tuple[float, float, float, float]:
    """The box the prims print in (points), strokes and type included."""
    xs, ys = [], []
    for p in prims:
        kind = type(p)
        if kind is FText:
            length = sum(fonts.width(t, p.size, f) for t, f in p.runs)
            r = math.radians(p.angle)
            ux, uy, vx, vy = math.cos(r), math.sin(r), -math.sin(r), math.cos(r)
            for along in (0.0, length):
                for up in (-1.1 * p.size, 0.35 * p.size):
                    xs.append(p.x + ux * along + vx * up)
                    ys.append(p.y + uy * along + vy * up)
            continue
        pad = (p.paint.width if p.paint.stroke else 0.0) + (p.r if kind is FDots else 0.0)
        if kind is FRect:
            pts = ((p.x, p.y), (p.x + p.w, p.y + p.h))
        elif kind is FCircle:
            pts = ((p.cx - p.r, p.cy - p.r), (p.cx + p.r, p.cy + p.r))
        else:
            pts = p.centres if kind is FDots else p.points
        xs += [x + d for x, _ in pts for d in (-pad, pad)]
        ys += [y + d for _, y in pts for d in (-pad, pad)]
    return min(xs), min(ys), max(xs), max(ys)


def _black(prim):
    from printgen.draw.theme import Paint

    if type(prim) is FText:
        return replace(prim, colour="#000000")
    p = prim.paint
    return replace(prim, paint=Paint(fill="#000000" if p.fill else None, stroke="#000000" if p.stroke else None,
                                     width=p.width, dash=p.dash))


def render_pages(pdf, dpi: float, pages: list[int] | None = None):
    """The PDF's pages (a path or bytes) as grey images at `dpi`."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for i in pages if pages is not None else range(len(doc)):
            yield i, doc[i].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()


def survival(pdf, flats: list[FlatPage], copier: Copier = Copier()) -> list[Survival]:
    """Every checked thing of a document: its PDF (path or bytes) and its pages flattened with marks
    (as many: a page the drawing no longer has is a page of another kit)."""
    out = []
    for i, image in render_pages(pdf, copier.dpi):
        if i >= len(flats):
            raise ValueError(f"the PDF has more pages than its drawing ({len(flats)})")
        out += page_survival(image, flats[i], copier, i + 1)
    return out


def lost(found: list[Survival], copier: Copier, file: str) -> list[Discrepancy]:
    """The things a copy loses, as discrepancies (one a thing)."""
    return [Discrepancy(file, s.page, f"{s.kind} {s.what} keeps {100 * s.kept:.0f}% of its ink on a photocopy "
                                      f"(below {100 * copier.threshold(s.kind):.0f}%)", s.box)
            for s in found if s.kept < copier.threshold(s.kind)]


def summary(found: list[Survival], copier: Copier) -> dict[str, tuple[int, int, float]]:
    """kind -> (things, things lost, their least survival)."""
    by: dict[str, list[float]] = defaultdict(list)
    for s in found:
        by[s.kind].append(s.kept)
    return {kind: (len(v), sum(x < copier.threshold(kind) for x in v), min(v)) for kind, v in by.items()}


def check_folder(folder, copier: Copier = Copier(), plan=None) -> tuple[list[Discrepancy], list[Survival]]:
    """The photocopy check of a kit folder's documents made for the copier (black and white, large
    print: draw.theme.COPIER): each drawn again from the
    manifest's request with its shapes' roles noted, its PDF copied page by page. The words and
    numbers of the pupils' documents must keep their letters; every document its cut and fold
    lines, hit circles, nation marks and ruler and template lines. A kit without black and white
    has nothing to check."""
    from pathlib import Path

    from printgen.check.kit import _replan
    from printgen.check.manifest import load_manifest
    from printgen.kit.parallel import run
    from printgen.registry.documents import declared

    folder = Path(folder)
    manifest = load_manifest(folder)
    docs = [d for d in manifest["documents"] if d["edition"] in COPIER and d["kind"] != "kit"]
    if not docs:
        return [], []
    plan = plan or _replan(manifest, folder)
    records = declared(plan.scenario.ruleset)
    jobs = [(str(folder / d["path"]), d["path"], d["kind"], records[d["kind"]].audience == "pupil", d["edition"])
            for d in docs if d["kind"] in records]
    jobs.sort(key=lambda job: -Path(job[0]).stat().st_size)              # the longest first
    found: list[Discrepancy] = []
    measured: list[Survival] = []
    for lost_here, kept in run(_document, (plan, copier), jobs, label=lambda job: f"copying {job[1]}"):
        found += lost_here
        measured += kept
    return found, measured


def _document(shared: tuple, job: tuple) -> tuple[list[Discrepancy], list[Survival]]:
    """One document's copy: what it loses, and every thing measured (words left out of a teacher's)."""
    from printgen.draw.render import flat_pages
    from printgen.registry.documents import declared

    plan, copier = shared
    path, name, kind, pupils, edition = job
    drawing = declared(plan.scenario.ruleset)[kind].make(plan, plan.options.but(edition=edition))
    flats = flat_pages(drawing, edition, marks=True)
    found = [s for s in survival(path, flats, copier) if pupils or s.kind not in ("word", "number")]
    for s in found:
        s.file = name
    return lost(found, copier, name), found
