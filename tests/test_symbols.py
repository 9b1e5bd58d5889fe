"""Draw once, place many: each ship profile, star and hit-track row is one form XObject (PDF) or
<symbol> (SVG) placed at every ship; the file stays small, and the checker still sees every mark."""

from __future__ import annotations

import re
import zlib

import pytest

from printgen.draw.shapes import Drawing, Page, Span, Symbol, Text, translate


@pytest.fixture(scope="module")
def sprites(tmp_path_factory):
    from printgen.game.prepare import prepare
    from printgen.sheets.page.write import write_sheet
    from printgen.sheets.pieces.sprites import sprite_sheets

    s, o = prepare("trafalgar")
    path = write_sheet(sprite_sheets(s, o), o, tmp_path_factory.mktemp("sprites"), "sprites")[0]
    return s, path


def _forms(data: bytes) -> list[bytes]:
    """The decompressed content of every form XObject in the file."""
    out = []
    for m in re.finditer(rb"\d+ 0 obj\s*<<(.*?)>>\s*stream\r?\n", data, re.S):
        if b"/Subtype /Form" not in m.group(1):
            continue
        length = int(re.search(rb"/Length (\d+)", m.group(1)).group(1))
        body = data[m.end():m.end() + length]
        out.append(zlib.decompress(body) if b"FlateDecode" in m.group(1) else body)
    return out


def _paints(content: bytes) -> int:
    return len(re.findall(rb"(?:^|\s)(?:f|S|B|re f|re S|re B)(?=\s|$)", content))


def test_sixty_ships_use_few_profile_forms_and_a_small_file(sprites):
    scenario, path = sprites
    data = path.read_bytes()
    # about 78 kB: 30 kB of pages, 19 kB of three font subsets, 13 kB of forms (the nations' base patterns
    # one form each, their dots one path of round-capped points: drawn at every base they were 395 kB,
    # as circles 95 kB), the rest the PDF's own objects. The aim, 60 kB, is not reached yet.
    assert len(data) < 82_000, f"{len(data)} bytes"
    forms = _forms(data)
    profiles = [f for f in forms if _paints(f) > 50]          # a profile: hull, masts, sails, ports
    assert 2 <= len(set(profiles)) == len(profiles) <= 9


def test_each_ship_places_its_profile_twice(sprites):
    import pikepdf

    scenario, path = sprites
    placed = 0
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            forms = page.Resources.XObject
            for operands, op in pikepdf.parse_content_stream(page):
                # a profile: a form named for the ship symbol, of hull, masts, sails and ports
                # (the nations' base patterns are forms of many paints too, placed once a ship)
                if str(op) == "Do" and str(operands[0]).startswith("/FormXob.ship"):
                    assert _paints(forms[operands[0]].read_bytes()) > 50
                    placed += 1
    assert placed == 2 * len(scenario.fleet.ships)             # near side and its mirror image


def test_the_checker_reads_marks_inside_forms(sprites):
    from printgen.check.pdfread import read_pdf
    from printgen.rules.tracks import tracks

    scenario, path = sprites
    circles = sum(1 for page in read_pdf(path) for p in page.paths if p.kind == "circle" and p.w > 10)
    hit_points = sum(t.count for ship in scenario.fleet.ships for t in tracks(scenario.ruleset, ship))
    assert circles == hit_points


def test_svg_defines_each_symbol_once_and_uses_it():
    from printgen.draw.render import render
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import sprite_sheets

    s, o = prepare("trafalgar")
    svg = render(sprite_sheets(s, o), "color", "svg").files[0][1].decode()
    ids = re.findall(r'<symbol[^>]* id="([^"]+)"', svg)
    uses = re.findall(r'<use[^>]*href="#([^"]+)"', svg)
    assert len(ids) == len(set(ids)) and set(uses) == set(ids)
    names = {ship.name for ship in s.fleet.ships}
    printed = sum(w in names for w in re.findall(r">([^<>]+)</tspan>", svg))   # each ship's name: near, far, base
    ships_on_page = printed / 3
    assert sum(u.startswith("ship") for u in uses) == 2 * ships_on_page > 0


def test_png_draws_symbols_like_plain_shapes():
    from printgen.draw.render import render
    from printgen.draw.shapes import Rect

    box = (Rect(0, 0, 20, 10, "hull.british"),)
    as_symbol = Page(100, 100, [Symbol("box", box, translate(30, 40)), Symbol("box", box, translate(60, 70))])
    plain = Page(100, 100, [Rect(30, 40, 20, 10, "hull.british"), Rect(60, 70, 20, 10, "hull.british")])
    a, b = (render(Drawing("t", [p]), "color", "png").files[0][1] for p in (as_symbol, plain))
    assert a == b


def test_a_symbol_may_not_hold_a_traced_number():
    from printgen.draw.render import flat_pages

    traced = Text(0, 0, (Span("3", source=("ruleset", "x")),), 8)
    with pytest.raises(ValueError, match="traced"):
        flat_pages(Drawing("t", [Page(100, 100, [Symbol("n", (traced,))])]), "color")


def test_embedded_fonts_carry_outlines_but_no_hinting(sprites):
    import struct

    scenario, path = sprites
    data = path.read_bytes()
    fonts = []
    for m in re.finditer(rb"\d+ 0 obj\s*<<(.*?)>>\s*stream\r?\n", data, re.S):
        if b"/Length1" in m.group(1):
            length = int(re.search(rb"/Length (\d+)", m.group(1)).group(1))
            fonts.append(zlib.decompress(data[m.end():m.end() + length]))
    assert fonts
    for ttf in fonts:
        n = struct.unpack(">H", ttf[4:6])[0]
        tags = {ttf[12 + 16 * i:16 + 16 * i] for i in range(n)}
        assert {b"glyf", b"loca", b"head", b"hhea", b"hmtx", b"maxp", b"cmap"} <= tags
        assert not tags & {b"fpgm", b"prep", b"cvt ", b"name"}
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    text = pdf[0].get_textpage().get_text_range()
    pdf.close()
    assert "Téméraire" in text                       # accented (composite) glyphs still map to their letters
