"""PNG backend (Pillow): previews and thumbnails. Drawn at twice the size and reduced, for smooth edges."""

from __future__ import annotations

import io
import math

from printgen.draw import fonts
from printgen.draw.flatten import FCircle, FDots, FlatPage, FPath, FRect, FText, FUse, moved, ungrouped
from printgen.draw.theme import Paint

SUPERSAMPLE = 2


GREEK_BELOW_PX = 5.0        # text smaller than this is drawn as grey bars (thumbnails)


def render_png(page: FlatPage, dpi: float = 100, stamps: dict | None = None, mark: bool = False) -> bytes:
    """`mark`: a "Software: printgen" text chunk, by which a later run knows the file for its own
    (printgen.output; a kit's thumbnails, listed in its manifest, need none)."""
    img = render_image(page, dpi, stamps)
    buf = io.BytesIO()
    info = None
    if mark:
        from PIL.PngImagePlugin import PngInfo

        info = PngInfo()
        info.add_text("Software", "printgen")
    img.save(buf, format="PNG", optimize=False, compress_level=3, pnginfo=info)
    return buf.getvalue()


def render_image(page: FlatPage, dpi: float, stamps: dict | None = None):
    """`stamps`: thumbnails (drawn without smoothing) draw each symbol once a document for each way
    it turns and each offset within a pixel it lands at, and paste that raster wherever it lands
    so (a sheet of ships places 40 ships of a few profiles on a grid: most of its shapes). Share
    one dict between the pages of one document (symbol names are a document's own); None draws
    every symbol's shapes in place."""
    from PIL import Image, ImageDraw

    ss = SUPERSAMPLE if dpi >= 40 else 1          # thumbnails: smoothing costs more than it shows
    k = dpi / 72 * ss
    size = (max(1, round(page.width * k)), max(1, round(page.height * k)))
    img = Image.new("RGB", size, "white")
    pen = _Pen(img, ImageDraw.Draw(img), k, GREEK_BELOW_PX * ss)
    for prim in ungrouped(page.prims):
        if type(prim) is not FUse:
            pen.prim(prim)
        elif stamps is None or ss > 1:
            pen.placed(page.symbols[prim.name], prim.matrix)
        else:
            _stamp(pen, stamps, prim.name, page.symbols[prim.name], prim.matrix)
    return img.reduce(ss) if ss > 1 else img


def _stamp(pen: _Pen, stamps: dict, name: str, prims, m) -> None:
    """Paste the symbol's raster, made on first use: its shapes drawn as they would be in place
    (same turn, same offset within a pixel) on a transparent layer. Unsmoothed, its pixels are
    opaque or empty, so the paste puts down what drawing in place would, but for the odd pixel
    where a coordinate rounds the other way (its sums are done from another origin)."""
    from PIL import Image, ImageDraw

    a, b, c, d, e, f = m
    k = pen.k
    ex, fy = e * k, f * k
    x, y = math.floor(ex), math.floor(fy)
    key = (name, a, b, c, d, ex - x, fy - y, k)
    if key not in stamps:
        if any(type(p) is FText for p in ungrouped(prims)):      # glyphs are smoothed: drawn in place
            stamps[key] = None
        else:
            from printgen.draw.pdf import extent

            x0, y0, x1, y1 = extent(prims)
            corners = [(a * u + c * v, b * u + d * v) for u in (x0, x1) for v in (y0, y1)]
            left = math.floor(min(u for u, _ in corners) * k) - 2
            top = math.floor(min(v for _, v in corners) * k) - 2
            size = (math.ceil(max(u for u, _ in corners) * k) - left + 4,
                    math.ceil(max(v for _, v in corners) * k) - top + 4)
            layer = Image.new("RGBA", size, (0, 0, 0, 0))
            _Pen(layer, ImageDraw.Draw(layer), k, pen.greek_px).placed(
                prims, (a, b, c, d, (ex - x - left) / k, (fy - y - top) / k))
            stamps[key] = (layer, left, top)
    stamp = stamps[key]
    if stamp is None:
        pen.placed(prims, m)
        return
    layer, left, top = stamp
    pen.img.paste(layer, (x + left, y + top), layer)


def _w(p: Paint, k: float) -> int:
    return max(1, round(p.width * k))


class _Pen:
    """Draws prims with Pillow's core drawing calls (what ImageDraw's methods call after turning a
    colour name into an ink each time: most of their cost, at tens of thousands of shapes a kit).
    Inks are looked up once a colour; where ImageDraw does more (curved joints of wide lines), it
    is called as before."""

    def __init__(self, img, draw, k: float, greek_px: float):
        self.img, self.draw, self.core, self.k, self.greek_px = img, draw, draw.draw, k, greek_px
        self.inks: dict[str, int] = {}

    def ink(self, colour: str) -> int:
        ink = self.inks.get(colour)
        if ink is None:
            from PIL import ImageColor

            ink = self.inks[colour] = self.core.draw_ink(ImageColor.getcolor(colour, self.draw.mode))
        return ink

    def prim(self, prim) -> None:
        kind = type(prim)
        if kind is FPath:
            self.path(prim.points, prim.closed, prim.paint)
        elif kind is FRect:
            self.rect(prim.x, prim.y, prim.w, prim.h, prim.paint)
        elif kind is FText:
            _text(self, prim)
        elif kind is FCircle:
            self.circle(prim.cx, prim.cy, prim.r, prim.paint)
        elif kind is FDots:
            self.dots(prim.centres, prim.r, prim.paint)

    def placed(self, prims, m) -> None:
        """A symbol's prims moved by `m`, as flatten.moved moves them (the same arithmetic),
        without making a moved copy of each."""
        a, b, c, d, e, f = m
        for prim in ungrouped(prims):
            kind = type(prim)
            if kind is FPath:
                self.path([(a * x + c * y + e, b * x + d * y + f) for x, y in prim.points], prim.closed, prim.paint)
            elif kind is FCircle:
                x, y = prim.cx, prim.cy
                self.circle(a * x + c * y + e, b * x + d * y + f, prim.r, prim.paint)
            elif kind is FDots:
                self.dots([(a * x + c * y + e, b * x + d * y + f) for x, y in prim.centres], prim.r, prim.paint)
            elif kind is FRect:
                x, y, x1, y1 = prim.x, prim.y, prim.x + prim.w, prim.y + prim.h
                if b == 0 and c == 0 and a > 0 and d > 0:
                    self.rect(a * x + c * y + e, b * x + d * y + f, prim.w, prim.h, prim.paint)
                else:                                     # turned or mirrored: a closed path
                    self.path([(a * px + c * py + e, b * px + d * py + f) for px, py in ((x, y), (x1, y), (x1, y1), (x, y1))],
                              True, prim.paint)
            else:
                self.prim(moved(prim, m))

    def rect(self, x: float, y: float, w: float, h: float, p: Paint) -> None:
        k = self.k
        box = [x * k, y * k, (x + w) * k, (y + h) * k]
        if p.fill:
            self.core.draw_rectangle(box, self.ink(p.fill), 1)
        if p.stroke:
            pts = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
            self.stroke(pts, True, p)

    def circle(self, cx: float, cy: float, r: float, p: Paint) -> None:
        k = self.k
        box = [(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k]
        fill = self.ink(p.fill) if p.fill else None
        if fill is not None:
            self.core.draw_ellipse(box, fill, 1)
        if p.stroke and not p.dash:
            ink, width = self.ink(p.stroke), _w(p, k)
        elif fill is None:                                # ImageDraw.ellipse with no colour outlines in its own ink
            ink, width = self.draw.ink, 1
        else:
            return
        if ink != fill:                                   # as ImageDraw.ellipse: no outline of the fill's colour
            self.core.draw_ellipse(box, ink, 0, width)

    def dots(self, centres, r: float, p: Paint) -> None:
        k = self.k
        r *= k
        if not p.fill:                                    # as ImageDraw.ellipse draws them
            for x, y in centres:
                self.draw.ellipse([x * k - r, y * k - r, x * k + r, y * k + r], fill=p.fill)
            return
        ink, ellipse = self.ink(p.fill), self.core.draw_ellipse
        for x, y in centres:
            ellipse([x * k - r, y * k - r, x * k + r, y * k + r], ink, 1)

    def path(self, points, closed: bool, p: Paint) -> None:
        k = self.k
        pts = [(x * k, y * k) for x, y in points]
        if closed and p.fill and len(pts) > 2:
            self.core.draw_polygon(pts, self.ink(p.fill), 1)
        if p.stroke:
            self.stroke(pts, closed, p)

    def stroke(self, pts, closed: bool, p: Paint) -> None:
        if closed:
            pts = pts + pts[:1]
        width = _w(p, self.k)
        if not p.dash:
            if width > 4:                                 # ImageDraw adds round joints to wide lines
                self.draw.line(pts, fill=p.stroke, width=width, joint="curve")
            else:
                self.core.draw_lines(pts, self.ink(p.stroke), width)
            return
        ink, lines, ellipse = self.ink(p.stroke), self.core.draw_lines, self.core.draw_ellipse
        pattern = [max(0.5, d * self.k) for d in p.dash]
        i, left, on = 0, pattern[0], True
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            seg = math.hypot(x2 - x1, y2 - y1)
            pos = 0.0
            while pos < seg:
                step = min(left, seg - pos)
                if on:
                    a, b = pos / seg, (pos + step) / seg
                    ends = [(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a), (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)]
                    lines(ends, ink, width)
                    if width > 2:                                   # round caps, as in the PDF
                        for ex, ey in ends:
                            ellipse([ex - width / 2, ey - width / 2, ex + width / 2, ey + width / 2], ink, 1)
                pos += step
                left -= step
                if left <= 1e-9:
                    i = (i + 1) % len(pattern)
                    left, on = pattern[i], not on


def _text(pen: _Pen, t: FText) -> None:
    img, draw, k = pen.img, pen.draw, pen.k
    px = max(1.0, round(t.size * k, 1))          # fractional sizes: widths match the PDF's
    if px < pen.greek_px:
        _greek(pen, t)
        return
    if not t.angle:
        x = t.x * k
        for s, font in t.runs:
            f = fonts.pil_font(font, px)
            draw.text((x, t.y * k), s, font=f, fill=t.colour, anchor="ls")
            x += fonts.width(s, t.size, font) * k
        return
    # Rotated text: draw it upright on its own layer, turn the layer, paste it at the anchor.
    from PIL import Image, ImageDraw

    total = sum(fonts.width(s, t.size, f) for s, f in t.runs) * k
    pad = px
    layer = Image.new("L", (int(total + 2 * pad), int(2 * pad + px)), 0)
    ld = ImageDraw.Draw(layer)
    x = pad
    base = pad + px
    for s, font in t.runs:
        ld.text((x, base), s, font=fonts.pil_font(font, px), fill=255, anchor="ls")
        x += fonts.width(s, t.size, font) * k
    turned = layer.rotate(-t.angle, expand=True, resample=Image.Resampling.BICUBIC)
    # where the anchor went: rotate the anchor offset about the layer centre
    w, h = layer.size
    r = math.radians(t.angle)
    cx, cy = w / 2, h / 2
    ax, ay = pad - cx, base - cy
    rx, ry = ax * math.cos(r) - ay * math.sin(r), ax * math.sin(r) + ay * math.cos(r)
    tw, th = turned.size
    ox, oy = t.x * k - (tw / 2 + rx), t.y * k - (th / 2 + ry)
    solid = Image.new("RGB", turned.size, t.colour)
    img.paste(solid, (round(ox), round(oy)), turned)


def _greek(pen: _Pen, t: FText) -> None:
    """Too small to read: a grey bar where the words are, along the baseline."""
    k = pen.k
    total = sum(fonts.width(s, t.size, f) for s, f in t.runs)
    r = math.radians(t.angle)
    ux, uy = math.cos(r), math.sin(r)
    vx, vy = -uy, ux
    h = t.size * 0.55
    x0, y0 = t.x - vx * h, t.y - vy * h
    pts = [(x0 * k, y0 * k), ((x0 + ux * total) * k, (y0 + uy * total) * k),
           ((t.x + ux * total) * k, (t.y + uy * total) * k), (t.x * k, t.y * k)]
    grey = "#9a9a9a" if t.colour.lower() in ("#000000", "#444444", "#222222") else t.colour
    pen.core.draw_polygon(pts, pen.ink(grey), 1)
