"""One family of fonts for every backend: Bitstream Vera, shipped inside reportlab.

It covers the fleets' accents (Santísima, Algésiras, Montañés); the PDF embeds a subset of it and
Pillow measures and draws with the very same files, so text fits the same way everywhere."""

from __future__ import annotations

from functools import cache

from printgen.paths import font_path

FILES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf", "bolditalic": "VeraBI.ttf"}
PDF_NAMES = {style: f"PrintgenVera-{style}" for style in FILES}
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"


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


def ascent(size: float) -> float:
    """Height above the baseline of capitals and accents (Vera: ascent 0.928 em, caps 0.73 em)."""
    return 0.76 * size


def descent(size: float) -> float:
    return 0.236 * size


@cache
def pil_font(font: str, px: float):
    from PIL import ImageFont

    return ImageFont.truetype(str(font_path(FILES[font])), px)
