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


def width(s: str, size: float, font: str = "regular") -> float:
    """Advance width of `s` in points."""
    return _unit_width(s, font) * size


@cache
def _unit_width(s: str, font: str) -> float:
    """Width at 1 pt, remembered: sheets measure the same words many times while fitting."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_pdf_fonts()
    return stringWidth(s, PDF_NAMES[font], 1000) / 1000


@cache
def _covered() -> frozenset[int]:
    """Code points every bundled face has a glyph for."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    maps = [set(TTFontFile(str(font_path(file))).charToGlyph) for file in FILES.values()]
    return frozenset(set.intersection(*maps))


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
