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
    # about 54 kB: 17 kB of pages (each piece written from its own origin, so pieces repeat their
    # operators; the how-to one form a page), 13 kB of forms (ship profiles with their name bands,
    # the nations' base patterns, the parts every piece shares), 8.5 kB of three font subsets holding
    # only the glyphs shown, 14 kB of the PDF's own dictionaries. It was 78 kB before, 196 kB at first.
    assert len(data) < 60_000, f"{len(data)} bytes"
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


def _glyphs(ttf: bytes) -> int:
    """Glyphs with an outline in a TrueType program (loca: a glyph's data is empty when it has none)."""
    import struct

    n = struct.unpack(">H", ttf[4:6])[0]
    table = {ttf[12 + 16 * i:16 + 16 * i]: struct.unpack(">II", ttf[20 + 16 * i:28 + 16 * i]) for i in range(n)}
    (off, length), head = table[b"loca"], table[b"head"][0]
    long = struct.unpack(">h", ttf[head + 50:head + 52])[0] == 1
    offsets = struct.unpack(f">{length // (4 if long else 2)}{'I' if long else 'H'}", ttf[off:off + length])
    return sum(b > a for a, b in zip(offsets, offsets[1:]))


def test_fonts_embed_the_glyphs_shown_and_no_others(sprites):
    """reportlab's first subset of a face holds all of ASCII; the PDF keeps the outlines of the
    characters it shows (read back per face with pdfplumber), and of the marks accents are built from."""
    import pdfplumber

    scenario, path = sprites
    data = path.read_bytes()
    shown: dict[str, set] = {}
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for ch in page.chars:
                shown.setdefault(ch["fontname"].split("+", 1)[1], set()).add(ch["text"])
    programs = {}
    for m in re.finditer(rb"\d+ 0 obj\s*<<(.*?)>>\s*stream\r?\n", data, re.S):
        if b"/Length1" in m.group(1):
            length = int(re.search(rb"/Length (\d+)", m.group(1)).group(1))
            programs[m.group(0).split()[0]] = zlib.decompress(data[m.end():m.end() + length])
    names = dict(re.findall(rb"/FontFile2 (\d+) 0 R\s*/FontName /\w+\+([\w-]+)", data))
    assert set(names.values()) == {n.encode() for n in shown} and len(programs) == len(names) >= 2
    for number, face in names.items():
        chars = shown[face.decode()] - {" "}
        accents = sum(not c.isascii() for c in chars)              # an accented letter: letter + accent glyphs
        assert len(chars) <= _glyphs(programs[number]) <= len(chars) + accents + 1, face   # + .notdef
    assert all(_glyphs(p) < 95 for p in programs.values())      # never reportlab's whole-ASCII first subset


def test_a_local_group_reads_back_where_a_plain_one_does(tmp_path):
    """A Group(local=True) is written from its own origin (moved there by a matrix): what a reader
    finds (every path and glyph, where it is), what the checker traces and what the PNG shows are
    those of the plain group."""
    import pdfplumber

    from printgen.draw.render import render
    from printgen.draw.shapes import Circle, Group, Line, Poly, Rect

    items = (Rect(2, 3, 40, 20, "panel", radius=3), Circle(50, 10, 4, "hit"), Line(0, 30, 60, 30, "fold"),
             Poly(((0, 0), (9, 4), (0, 8)), "bow"), Text(5, 18, (Span("Redoutable", source=("fleet", "r", "name")),), 8),
             Symbol("box", (Rect(0, 0, 6, 6, "hit"),), translate(20, 40)))
    out = {}
    for local in (False, True):
        group = Group((Group(items, translate(7.25, 11.5), local=local),), translate(100.333, 120.777), local=local)
        # the paint in force before the group is in force after it (the group's own ends with black text)
        page = Page(300, 300, [Rect(0, 0, 10, 10, "hit"), group, Text(250, 250, (Span("after"),), 8)])
        pdf, png = (render(Drawing("t", [page]), "color", fmt) for fmt in ("pdf", "png"))
        (tmp_path / f"{local}.pdf").write_bytes(pdf.files[0][1])
        with pdfplumber.open(tmp_path / f"{local}.pdf") as read:
            found = sorted((o["object_type"], o.get("text", ""), *(round(o[k], 1) for k in ("x0", "top", "x1", "bottom")),
                            str(o.get("non_stroking_color")), str(o.get("stroking_color")))
                           for kind in read.pages[0].objects.values() for o in kind)
        out[local] = (found, pdf.trace, png.files[0][1])
    plain, local = out[False], out[True]
    assert len(plain[0]) == 6 + len("Redoutable" + "after")
    assert {o[6] for o in plain[0] if o[0] == "char"} == {"(0.0,)"}           # every letter black
    assert plain == local


def test_png_draws_symbols_like_plain_shapes():
    from printgen.draw.render import render
    from printgen.draw.shapes import Rect

    box = (Rect(0, 0, 20, 10, "base"),)
    as_symbol = Page(100, 100, [Symbol("box", box, translate(30, 40)), Symbol("box", box, translate(60, 70))])
    plain = Page(100, 100, [Rect(30, 40, 20, 10, "base"), Rect(60, 70, 20, 10, "base")])
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


def test_a_traced_track_row_is_traced_but_draws_nothing_in_svg():
    """The row a captain card's hit circles sit in is traced (the check counts the marks inside it)
    but is no shape: the SVG carries only what is drawn, no <rect> without a fill or a stroke."""
    from printgen.draw.flatten import flatten
    from printgen.draw.render import render
    from printgen.draw.theme import theme
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest
    from printgen.sheets.text.cards import captain_cards

    plan = plan_kit(KitRequest("trafalgar", 4))
    drawing = captain_cards(plan, plan.options)
    rows = [t for t in flatten(drawing.pages[0], theme("color")).trace if t.shape and t.shape["edge"] == "marks"]
    assert rows
    svg = render(drawing, "color", "svg").files[0][1].decode()
    invisible = [r for r in re.findall(r"<rect[^>]*>", svg) if 'fill="none"' in r and "stroke=" not in r]
    assert not invisible, invisible[:3]
