"""One family of fonts for every backend: DejaVu Sans, bundled in printgen/fonts/.

DejaVu is Bitstream Vera (same Latin glyphs and metrics) extended to Greek, Cyrillic and more, so
the fleets' accents (Santísima, Montañés) and names such as Ἀθηνᾶ or Аврора print. The PDF embeds
a subset of it and Pillow measures and draws with the very same files, so text fits the same way
everywhere. The sheets use three faces (bold italic never occurs), so only those are bundled.
`missing` names the characters no face can print, so a loader refuses them instead of boxes."""

from __future__ import annotations

from functools import cache

from printgen.paths import font_path

FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf"}
PDF_NAMES = {style: f"PrintgenDejaVu-{style}" for style in FILES}
SVG_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"


@cache
def register_pdf_fonts() -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for style, file in FILES.items():
        pdfmetrics.registerFont(TTFont(PDF_NAMES[style], str(font_path(file))))


WIDTHS_KEPT = 1 << 16      # words remembered: a kit measures a few thousand; a huge fleet's names start afresh
_widths: dict[tuple[str, str], float] = {}


def width(s: str, size: float, font: str = "regular") -> float:
    """Advance width of `s` in points (the width at 1 pt is remembered: sheets measure the same
    words many times while fitting)."""
    try:
        return _widths[s, font] * size
    except KeyError:
        return unit_width(s, font) * size


def unit_width(s: str, font: str = "regular") -> float:
    """Advance width of `s` at 1 pt: unit_width(s, font) * size is exactly width(s, size, font)."""
    try:
        return _widths[s, font]
    except KeyError:
        pass
    if len(_widths) >= WIDTHS_KEPT:
        _widths.clear()
    unit = _widths[s, font] = _unit_width(s, font)
    return unit


def _unit_width(s: str, font: str) -> float:
    """Width at 1 pt."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_pdf_fonts()
    return stringWidth(s, PDF_NAMES[font], 1000) / 1000


@cache
def _covered() -> frozenset[int]:
    """Code points every bundled face has a glyph for."""
    maps = [_cmap(font_path(file).read_bytes()) for file in FILES.values()]
    return frozenset(set.intersection(*maps))


def _cmap(ttf: bytes) -> set[int]:
    """The code points a TrueType font maps to a glyph, from its Unicode cmap (format 12, else 4):
    read directly, as a full parse of three fonts costs a quarter of a second at every start."""
    import struct

    tables = {ttf[12 + 16 * i:16 + 16 * i]: struct.unpack(">I", ttf[20 + 16 * i:24 + 16 * i])[0]
              for i in range(struct.unpack(">H", ttf[4:6])[0])}
    base = tables[b"cmap"]
    subtables = {}
    for i in range(struct.unpack(">H", ttf[base + 2:base + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", ttf[base + 4 + 8 * i:base + 12 + 8 * i])
        subtables[(platform, encoding)] = base + offset
    out: set[int] = set()
    if (3, 10) in subtables:                                 # format 12: groups of (first, last, glyph)
        at = subtables[(3, 10)]
        for k in range(struct.unpack(">I", ttf[at + 12:at + 16])[0]):
            first, last, glyph = struct.unpack(">III", ttf[at + 16 + 12 * k:at + 28 + 12 * k])
            out.update(c for c in range(first, last + 1) if glyph + c - first)
        return out
    at = subtables[(3, 1)]                                   # format 4: segments of the BMP
    n = struct.unpack(">H", ttf[at + 6:at + 8])[0] // 2
    ends = struct.unpack(f">{n}H", ttf[at + 14:at + 14 + 2 * n])
    starts = struct.unpack(f">{n}H", ttf[at + 16 + 2 * n:at + 16 + 4 * n])
    deltas = struct.unpack(f">{n}h", ttf[at + 16 + 4 * n:at + 16 + 6 * n])
    range_at = at + 16 + 6 * n
    offsets = struct.unpack(f">{n}H", ttf[range_at:range_at + 2 * n])
    for k, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, offsets)):
        for c in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (c + delta) & 0xFFFF
            else:
                p = range_at + 2 * k + offset + 2 * (c - start)
                glyph = struct.unpack(">H", ttf[p:p + 2])[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                out.add(c)
    return out


def missing(text: str) -> list[str]:
    """The characters of `text` the fonts cannot print (CJK, emoji...), each once, in order."""
    covered = _covered()
    return list(dict.fromkeys(c for c in text if ord(c) not in covered and not c.isspace()))


def ascent(size: float) -> float:
    """Height above the baseline of capitals and accents (Vera/DejaVu: ascent 0.928 em, caps 0.73 em)."""
    return 0.76 * size


def descent(size: float) -> float:
    return 0.236 * size


@cache
def pil_font(font: str, px: float):
    from PIL import ImageFont

    return ImageFont.truetype(str(font_path(FILES[font])), px)
