"""Page thumbnails and the PDF operators' short numbers, as the speed work (issue 17) draws them:
a thumbnail pastes each symbol's raster instead of drawing its shapes at every ship, and must look
as drawing in place does; the operators are trimmed by string replacement, and must read as the
numbers "%.2f" wrote."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image, ImageChops

from printgen.draw.flatten import FUse, ungrouped
from printgen.draw.pdf import _trim
from printgen.draw.png import render_png
from printgen.draw.render import flat_pages
from printgen.kit.index import THUMB_DPI


@pytest.fixture(scope="module")
def sprite_pages():
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import sprite_sheets

    s, o = prepare("trafalgar")
    return flat_pages(sprite_sheets(s, o), "color")


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_a_thumbnail_of_stamped_ships_looks_as_drawn_in_place(sprite_pages):
    stamps: dict = {}
    uses = 0
    for page in sprite_pages:
        uses += sum(1 for p in ungrouped(page.prims) if type(p) is FUse)
        stamped = _pixels(render_png(page, THUMB_DPI, stamps))
        drawn = _pixels(render_png(page, THUMB_DPI))
        assert stamped.size == drawn.size
        differ = ImageChops.difference(stamped, drawn).convert("L").point(lambda v: 255 if v else 0).histogram()[255]
        inked = ImageChops.difference(drawn, Image.new("RGB", drawn.size, "white")).convert("L").point(
            lambda v: 255 if v else 0).histogram()[255]
        assert inked > 2000                                  # the ships are there to compare
        assert differ <= 30, f"{differ} pixels differ from drawing in place"   # a pixel's edge rounding, no more
    assert uses > 100
    assert 0 < sum(1 for v in stamps.values() if v) < uses / 3       # rasters reused: fewer than a third


def test_a_preview_is_drawn_in_place_even_when_asked_to_stamp(sprite_pages):
    page = sprite_pages[0]
    assert render_png(page, 100, {}) == render_png(page, 100)       # smoothed previews never stamp


def test_trimmed_numbers_read_as_printf_wrote_them():
    def reference(ops: str) -> str:                                 # the rule, as regular expressions
        return re.sub(r"(\.\d*?[1-9])0+\b", r"\1", re.sub(r"\.0+\b", "", ops))

    rng = random.Random(17)
    for _ in range(5000):
        values = [rng.choice([0.0, -0.001, 100.0, 12.5, 0.05, 3.1, rng.uniform(-900, 900), rng.randint(-999, 999) / 10])
                  for _ in range(rng.randint(1, 6))]
        ops = " ".join("%.2f" % v for v in values) + rng.choice(["", " m", " re f", "] 0 d", " l S\n1 0 0 RG"])
        assert _trim(ops) == reference(ops)
    assert _trim("12.50 0.00 100.00 -0.00 0.05 m") == "12.5 0 100 -0 0.05 m"
    assert _trim("[3.00 1.50] 0 d") == "[3 1.5] 0 d"
