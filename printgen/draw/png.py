"""PNG backend (Pillow): previews and thumbnails. Drawn at twice the size and reduced, for smooth edges."""

from __future__ import annotations

import io
import math

from printgen.draw import fonts
from printgen.draw.flatten import FCircle, FDots, FlatPage, FPath, FRect, FText, placed
from printgen.draw.theme import Paint

SUPERSAMPLE = 2


GREEK_BELOW_PX = 5.0        # text smaller than this is drawn as grey bars (thumbnails)


def render_png(page: FlatPage, dpi: float = 100) -> bytes:
    img = render_image(page, dpi)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


def render_image(page: FlatPage, dpi: float):
    from PIL import Image, ImageDraw

    ss = SUPERSAMPLE if dpi >= 40 else 1          # thumbnails: smoothing costs more than it shows
    k = dpi / 72 * ss
    size = (max(1, round(page.width * k)), max(1, round(page.height * k)))
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    for prim in placed(page):
        _draw(img, draw, prim, k, GREEK_BELOW_PX * ss)
    return img.reduce(ss) if ss > 1 else img


def _w(p: Paint, k: float) -> int:
    return max(1, round(p.width * k))


def _draw(img, draw, prim, k: float, greek_px: float) -> None:
    if isinstance(prim, FText):
        _text(img, draw, prim, k, greek_px)
        return
    p = prim.paint
    if isinstance(prim, FRect):
        box = [prim.x * k, prim.y * k, (prim.x + prim.w) * k, (prim.y + prim.h) * k]
        if p.fill:
            draw.rectangle(box, fill=p.fill)
        if p.stroke:
            pts = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
            _stroke(draw, pts, True, p, k)
    elif isinstance(prim, FCircle):
        box = [(prim.cx - prim.r) * k, (prim.cy - prim.r) * k, (prim.cx + prim.r) * k, (prim.cy + prim.r) * k]
        if p.stroke and not p.dash:
            draw.ellipse(box, fill=p.fill, outline=p.stroke, width=_w(p, k))
        else:
            draw.ellipse(box, fill=p.fill)
    elif isinstance(prim, FDots):
        r = prim.r * k
        for x, y in prim.centres:
            draw.ellipse([x * k - r, y * k - r, x * k + r, y * k + r], fill=p.fill)
    elif isinstance(prim, FPath):
        pts = [(x * k, y * k) for x, y in prim.points]
        if prim.closed and p.fill and len(pts) > 2:
            draw.polygon(pts, fill=p.fill)
        if p.stroke:
            _stroke(draw, pts, prim.closed, p, k)


def _stroke(draw, pts, closed: bool, p: Paint, k: float) -> None:
    if closed:
        pts = pts + pts[:1]
    width = _w(p, k)
    if not p.dash:
        draw.line(pts, fill=p.stroke, width=width, joint="curve")
        return
    pattern = [max(0.5, d * k) for d in p.dash]
    i, left, on = 0, pattern[0], True
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a, b = pos / seg, (pos + step) / seg
                ends = [(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a), (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b)]
                draw.line(ends, fill=p.stroke, width=width)
                if width > 2:                                   # round caps, as in the PDF
                    for ex, ey in ends:
                        draw.ellipse([ex - width / 2, ey - width / 2, ex + width / 2, ey + width / 2], fill=p.stroke)
            pos += step
            left -= step
            if left <= 1e-9:
                i = (i + 1) % len(pattern)
                left, on = pattern[i], not on


def _text(img, draw, t: FText, k: float, greek_px: float) -> None:
    from PIL import Image, ImageDraw

    px = max(1.0, round(t.size * k, 1))          # fractional sizes: widths match the PDF's
    if px < greek_px:
        _greek(draw, t, k)
        return
    if not t.angle:
        x = t.x * k
        for s, font in t.runs:
            f = fonts.pil_font(font, px)
            draw.text((x, t.y * k), s, font=f, fill=t.colour, anchor="ls")
            x += fonts.width(s, t.size, font) * k
        return
    # Rotated text: draw it upright on its own layer, turn the layer, paste it at the anchor.
    total = sum(fonts.width(s, t.size, f) for s, f in t.runs) * k
    pad = px
    layer = Image.new("L", (int(total + 2 * pad), int(2 * pad + px)), 0)
    ld = ImageDraw.Draw(layer)
    x = pad
    base = pad + px
    for s, font in t.runs:
        ld.text((x, base), s, font=fonts.pil_font(font, px), fill=255, anchor="ls")
        x += fonts.width(s, t.size, font) * k
    turned = layer.rotate(-t.angle, expand=True, resample=Image.BICUBIC)
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


def _greek(draw, t: FText, k: float) -> None:
    """Too small to read: a grey bar where the words are, along the baseline."""
    total = sum(fonts.width(s, t.size, f) for s, f in t.runs)
    r = math.radians(t.angle)
    ux, uy = math.cos(r), math.sin(r)
    vx, vy = -uy, ux
    h = t.size * 0.55
    x0, y0 = t.x - vx * h, t.y - vy * h
    pts = [(x0 * k, y0 * k), ((x0 + ux * total) * k, (y0 + uy * total) * k),
           ((t.x + ux * total) * k, (t.y + uy * total) * k), (t.x * k, t.y * k)]
    grey = "#9a9a9a" if t.colour.lower() in ("#000000", "#444444", "#222222") else t.colour
    draw.polygon(pts, fill=grey)
