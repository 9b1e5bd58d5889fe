"""Ship sprites, measured on the printed PDF: bases, hit circles, names, pieces, colour, bytes."""

from collections import Counter

import pytest

from pdfread import box, colours, inside, is_circle, is_grey, open_pdf, rects_of_size
from printgen.data.scenario import load_scenario


@pytest.fixture(scope="module")
def trafalgar():
    return load_scenario("trafalgar")


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """Colour and black-and-white sprite PDFs of the whole fleet, and a half-scale one."""
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import sprite_sheets
    from printgen.sheets.page.write import write_sheet

    out = tmp_path_factory.mktemp("sprites")
    files = {}
    for key, kw in {"color": {}, "bw": {"edition": "bw"}, "half": {"scale": 0.5}, "a4": {"paper": "a4"}}.items():
        s, o = prepare("trafalgar", **kw)
        files[key] = write_sheet(sprite_sheets(s, o), o, out / key, "sprites")[0]
    opened = {key: open_pdf(path) for key, path in files.items()}      # parsed once, read by every test
    yield opened
    for pdf in opened.values():
        pdf.close()


def bases_with_circles(pdf, w_in, h_in):
    """[(base box, number of hit circles inside it, text inside it)] over all pages. A patterned
    base prints its fill, its pattern (dots are lines of no length, round-capped) and its outline: the outline counts."""
    found = []
    for page in pdf.pages:
        circles = [c for c in page.curves if is_circle(c) and c["width"] > 4]
        for base in (r for r in rects_of_size(page, w_in, h_in) if r["stroke"]):
            b = box(base)
            n = sum(1 for c in circles if inside(c, b))
            text = "".join(ch["text"] for ch in page.chars if inside(ch, b, tol=0.1))
            found.append((b, n, text))
    return found


def test_one_base_per_ship_two_by_one_inches(sheets, trafalgar):
    bases = bases_with_circles(sheets["color"], 2.0, 1.0)
    assert len(bases) == len(trafalgar.fleet.ships) == 60
    for b, _, _ in bases:
        assert abs((b[2] - b[0]) / 72 - 2.0) <= 0.01 and abs((b[3] - b[1]) / 72 - 1.0) <= 0.01


def test_half_scale_bases_measure_one_by_half_inch(sheets):
    bases = bases_with_circles(sheets["half"], 1.0, 0.5)
    assert len(bases) == 60
    assert not bases_with_circles(sheets["half"], 2.0, 1.0)


def test_hit_circles_equal_hit_points_of_each_ship(sheets, trafalgar):
    rs = trafalgar.ruleset
    bases = bases_with_circles(sheets["color"], 2.0, 1.0)
    by_name = {}
    codes = {"British": "GB", "French": "FR", "Spanish": "ES"}
    for _, n, text in bases:
        text = text.replace(" ", "")
        (ship,) = [s for s in trafalgar.fleet.ships if s.name.replace(" ", "") + codes[s.nation] in text]
        by_name[ship.key] = n
    assert len(by_name) == 60
    for ship in trafalgar.fleet.ships:
        assert by_name[ship.key] == (rs.hit_points.flagship if ship.flagship else rs.hit_points.ship), ship.key
    assert Counter(by_name.values()) == {5: 51, 6: 9}


def test_every_name_is_printed_with_its_accents(sheets, trafalgar):
    text = "\n".join(p.extract_text() for p in sheets["color"].pages)
    for ship in trafalgar.fleet.ships:
        assert ship.name in text
    assert "Santísima Trinidad" in text and "Príncipe de Asturias" in text and "Algésiras" in text


def test_text_stays_inside_its_piece(sheets):
    for key in ("color", "half", "a4"):
        for page in sheets[key].pages:
            pieces = [box(r) for r in page.rects if r["width"] > 20 and r["height"] > 1.8 * r["width"]]
            assert pieces
            top, bottom = min(p[1] for p in pieces), max(p[3] for p in pieces)
            for ch in page.chars:
                if ch["top"] >= top and ch["bottom"] <= bottom:
                    assert any(inside(ch, p, tol=0.2) for p in pieces), (key, ch["text"], box(ch))


def test_black_and_white_has_no_colour(sheets):
    used = colours(sheets["bw"])
    assert used and all(is_grey(c) for c in used), used
    assert not all(is_grey(c) for c in colours(sheets["color"]))


def test_same_input_same_bytes(tmp_path):
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import sprite_sheets
    from printgen.sheets.page.write import write_sheet

    s, o = prepare("trafalgar", edition="bw")
    a = write_sheet(sprite_sheets(s, o), o, tmp_path / "a", "sprites")[0].read_bytes()
    s, o = prepare("trafalgar", edition="bw")
    b = write_sheet(sprite_sheets(s, o), o, tmp_path / "b", "sprites")[0].read_bytes()
    assert a == b


def test_a_changed_rule_changes_the_circles(scenario_dir, tmp_path):
    from printgen.game.prepare import prepare
    from printgen.sheets.pieces.sprites import sprite_sheets
    from printgen.sheets.page.write import write_sheet

    folder = scenario_dir(ruleset={"hit_points": {"flagship": 7, "ship": 4}})
    s, o = prepare(str(folder))
    path = write_sheet(sprite_sheets(s, o), o, tmp_path, "sprites")[0]
    with open_pdf(path) as pdf:
        counts = Counter(n for _, n, _ in bases_with_circles(pdf, 2.0, 1.0))
    assert counts == {4: 51, 7: 9}


def test_a_scale_too_small_for_the_names_is_refused_with_the_smallest_that_prints_them(run, tmp_path):
    """Names never print below 7 pt on a piece (two lines where one will not hold them): at a scale
    whose bases cannot hold them, nothing is written, and the message gives the smallest scale that
    prints every name; at that scale the sheet is written."""
    import re

    code, out, err = run("sprites", "trafalgar", "--scale", "0.3", "--out", tmp_path / "small")
    assert code == 2 and not (tmp_path / "small").exists()
    assert "cannot print at 7 pt" in err
    legible = re.search(r"use --scale ([\d.]+) or more", err).group(1)
    assert 0.45 < float(legible) <= 0.55                 # two lines of 7 pt on a base: about half scale
    code, out, err = run("sprites", "trafalgar", "--scale", str(float(legible) - 0.01), "--out", tmp_path)
    assert code == 2
    code, out, err = run("sprites", "trafalgar", "--scale", legible, "--out", tmp_path)
    assert code == 0, err


@pytest.mark.parametrize("choices", [{"paper": "a4", "scale": 0.5}, {"paper": "letter", "scale": 0.5}])
def test_the_how_to_notes_never_print_over_the_pieces(choices):
    """At 0.4 scale on A4 the pieces filled the page and the how-to notes were printed over the last
    row ('Fougueuxwo', 'Monarcap' read back): the page now holds the rows that leave the notes room
    under them, and the kit's check passes on the document (at half scale: names of 7 pt need it)."""
    from printgen.check.kit import check_bytes
    from printgen.draw.shapes import Group, Symbol
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("trafalgar", 24, **choices))
    drawing = plan.draw("sprites")
    ships = {ship.key for ship in plan.scenario.fleet.ships}
    for page in drawing.pages:
        pieces = [item for item in page.items if isinstance(item, Group) and item.tag in ships]
        notes = [item for item in page.items if isinstance(item, Symbol) and item.key.startswith("howto-")]
        assert pieces and len(notes) == 1
        bottom = max(p.matrix[5] for p in pieces) + sprite_height(plan)
        assert notes[0].matrix[5] >= bottom
    made = _document((plan, None), ("color", "sprites"))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []


def sprite_height(plan) -> float:
    from printgen.systems.broadside.sprites import piece_size

    return piece_size(plan.scenario.ruleset, plan.options).h


def test_printing_sprites_lays_each_page_out_once(run, tmp_path, monkeypatch):
    """`printgen sprites` warns of names too small to read from the pages as they are written: each
    page of pieces is laid out once, not once for the warning and again to write it (a thousand
    pages for a 5,000-ship fleet)."""
    from printgen.systems.broadside import sprites as family

    made = []
    real = family.frame

    def counted(page, *args, **kwargs):                      # once a page of pieces is laid out
        made.append(args[3] if len(args) > 3 else None)
        return real(page, *args, **kwargs)

    monkeypatch.setattr(family, "frame", counted)
    code, out, err = run("sprites", "trafalgar", "--out", tmp_path)
    assert code == 0
    assert made == list(range(1, 11))                        # the 60 ships' 10 pages, each laid out once
