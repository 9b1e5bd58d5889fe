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
    """Code points every bundled face has a glyph for, from the character maps reportlab parsed when
    it registered the faces (the kit draws with them anyway)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    register_pdf_fonts()
    return frozenset.intersection(*(frozenset(c for c, g in getFont(name).face.charToGlyph.items() if g)
                                    for name in PDF_NAMES.values()))


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
