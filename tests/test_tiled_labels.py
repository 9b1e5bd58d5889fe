"""Every ship's number and name on the table-size map is read on its base, never on the dark bow
triangle: not when the sheet's edge pushes the words inside the sheet (sluys-1340 on A4 put the
Cog of Southampton's '14' on its bow, contrast 1.7), nor when a long name at its smallest size
reaches the bow (trafalgar at quarter scale). Measured on the printed pixels, colour and B&W, and by
the kit's own visibility check."""

from __future__ import annotations

import pytest

from printgen.check.pdfread import open_pages
from printgen.check.visibility import check_visibility
from printgen.draw.render import render
from printgen.draw.theme import theme
from printgen.game.deploy import deploy
from printgen.game.prepare import prepare
from printgen.kit.build import trace_record
from printgen.sheets.maps.tiled_map import tiled_sheets

DPI = 144


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("name, choices", [("sluys-1340", {"paper": "a4"}), ("trafalgar", {"scale": 0.25})])
@pytest.mark.parametrize("edition", ["color", "bw"])
def test_no_ship_number_or_name_is_printed_on_a_bow(name, choices, edition):
    import pypdfium2 as pdfium

    s, o = prepare(name, edition=edition, **choices)
    rendered = render(tiled_sheets(s, deploy(s, o), o), edition, "pdf")
    data = rendered.files[0][1]
    bow = _rgb(theme(edition).paint("bow").fill)
    words = [[e for e in page.trace if e.source[0] == "deploy" and e.source[2] == "number"
              or e.source[0] == "fleet" and e.source[2] == "name"] for page in rendered.pages]
    assert sum(map(len, words)) >= 2 * len(s.fleet.ships)        # every ship printed somewhere
    found = []
    with open_pages(data, colours=True) as pages:
        for i, (page, p) in enumerate(zip(pages, rendered.pages), start=1):
            found += check_visibility(page.visible, [trace_record(e) for e in p.trace if e.shape is None],
                                      "map-tiled", i, o.scale)
    assert found == []
    on_bow = []
    pdf = pdfium.PdfDocument(data)
    try:
        for i, traced in enumerate(words):
            # no smoothing: a bow pixel is the bow's own grey, never a blend of black type and paper
            image = pdf[i].render(scale=DPI / 72, no_smoothtext=True, no_smoothpath=True).to_pil().convert("RGB")
            px = image.load()
            for e in traced:
                x0, top, x1, bottom = (round((v + d) * DPI / 72) for v, d in zip(e.bbox, (0.5, 0.5, -0.5, -0.5)))
                dark = sum(px[x, y] == bow for x in range(x0, x1) for y in range(top, bottom))
                if dark:
                    on_bow.append((i + 1, e.text, dark))
    finally:
        pdf.close()
    assert on_bow == []


@pytest.mark.parametrize("choices", [{"paper": "a4", "scale": 0.3}, {"scale": 0.4}, {"paper": "a4", "scale": 0.4}])
def test_an_edges_label_slides_clear_of_the_ships_by_its_edge(choices):
    """Trafalgar deploys ships by the middle of the south edge: at these scales the edge's label,
    centred on what a sheet shows of the edge, was printed across a ship's number ('W:12') or name
    ('EPríncipedeAsturias') and the kit failed its check. It now slides along its edge to a clear
    place, or off the table where ships crowd the whole edge the sheet shows (A4 at 0.4): on no
    sheet does an edge's label touch a ship's number or name, and the kit's own check passes."""
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest
    from printgen.sheets.maps.tile_ship import ink_box
    from printgen.sheets.maps.tiled_map import on_table, plan_tiles, tile_page

    plan = plan_kit(KitRequest("trafalgar", 30, **choices))
    s, dep, o = plan.scenario, plan.deployment, plan.options
    tiles, bases = plan_tiles(dep, o), on_table(dep)
    labels = 0
    for r in range(tiles.rows):
        for c in range(tiles.cols):
            items = tile_page(s, dep, o, tiles, r, c, bases=bases).items
            edge = [ink_box(t) for t in items if getattr(t, "tag", "") in ("edge-label", "wind-label")]
            words = [ink_box(t) for t in items if getattr(t, "tag", "") in ("ship-number", "name")]
            labels += len(edge)
            for a in edge:
                assert not [b for b in words if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]], (r, c)
    assert labels >= 4
    made = _document((plan, None), ("color", "tiled-map"))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []


def test_the_check_finds_a_number_printed_partly_on_a_bow(monkeypatch):
    """The check took a word's paper only from a fill under the whole word, so a number half on a
    dark bow passed (it caught 1 of 28 such set-ups). With the bow fix undone (the words left where
    they land, no white patch), it now names the number and the share of it the bow darkens; with
    the fix, the same document passes."""
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest
    from printgen.sheets.maps import tile_ship

    plan = plan_kit(KitRequest("trafalgar", 24, paper="a4", scale=0.75))
    made = _document((plan, None), ("color", "tiled-map"))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []
    monkeypatch.setattr(tile_ship, "_meets", lambda t, dark: False)           # as before the fix
    made = _document((plan, None), ("color", "tiled-map"))
    found = [str(d) for d in _check(plan, check_bytes, made).found]
    assert any(" is printed partly on a (51, 51, 51) shape" in f and "contrast" in f for f in found), found
