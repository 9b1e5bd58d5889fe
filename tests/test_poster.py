"""`--poster`: the whole table map on one large sheet for a print shop, measured in inches on the
PDF; a table larger than the poster is refused with exit 2 before anything is written."""

from __future__ import annotations

import json

import pytest

from pdfread import PT, open_pdf


def _poster(tmp_path, edition: str = "bw", **kw):
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.sheets.maps.poster import poster_sheets
    from printgen.sheets.page.write import write_sheet

    s, o = prepare("trafalgar", edition=edition, **kw)
    return open_pdf(write_sheet(poster_sheets(s, deploy(s, o), o), o, tmp_path, "poster")[0])


@pytest.mark.parametrize("poster, scale, sheet_in", [("36x48in", 0.5, (36, 48)), ("A1", 0.3, (594 / 25.4, 841 / 25.4)),
                                                     ("70x100cm", 0.4, (70 / 2.54, 100 / 2.54))])
def test_the_poster_is_its_paper_and_the_table_its_size(tmp_path, poster, scale, sheet_in):
    with _poster(tmp_path, poster=poster, scale=scale) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert sorted((page.width / PT, page.height / PT)) == pytest.approx(sorted(sheet_in), abs=0.01)
        table_in = (5 * 12 * scale, 7.5 * 12 * scale)                      # the ruleset's 5 x 7.5 ft table
        tables = [r for r in page.rects if abs(r["width"] / PT - table_in[0]) < 0.01
                  and abs(r["height"] / PT - table_in[1]) < 0.01]
        assert tables, f"no {table_in[0]} x {table_in[1]} in table outline on the poster"
        t = tables[0]
        assert t["x0"] > 0.4 * PT and t["x1"] < page.width - 0.4 * PT               # inside the margins
        assert t["top"] > 0.4 * PT and t["bottom"] < page.height - 0.4 * PT
        names = page.extract_text()
        assert "Victory" in names and "1 inch" in names                            # ships, and the calibration square


def test_a_table_larger_than_the_poster_is_refused(run, tmp_path):
    code, out, err = run("kit", "trafalgar", "--poster", "A0", "--out", tmp_path / "k")
    assert code == 2
    assert "--poster" in err and "does not fit on a A0 poster" in err and "roll print of" in err
    assert not (tmp_path / "k").exists()
    code, out, err = run("kit", "trafalgar", "--poster", "A0", "--scale", "0.5", "--out", tmp_path / "k")
    assert code == 2 and "choose 2A0 or 36x48in" in err                      # the sizes that hold it
    code, out, err = run("kit", "trafalgar", "--poster", "B7", "--out", tmp_path / "k")
    assert code == 2 and "poster size 'B7' is not known" in err and "A1" in err


@pytest.mark.slow
def test_the_kit_prints_and_checks_the_poster_but_leaves_it_out_of_kit_pdf(run, tmp_path):
    code, out, err = run("kit", "trafalgar", "--poster", "36x48in", "--scale", "0.5", "--fraction", "1",
                         "--out", tmp_path / "k")                      # the whole fleet: no lesson search
    assert code == 0, out + err
    manifest = json.loads((tmp_path / "k" / "manifest.json").read_text())
    docs = {d["path"]: d for d in manifest["documents"]}
    assert docs["poster-color.pdf"]["pages"] == 1 and manifest["request"]["poster"] == "36x48in"
    kit = docs["kit-color.pdf"]
    assert "poster-color.pdf" not in kit["parts"]
    assert kit["pages"] == sum(docs[p]["pages"] for p in kit["parts"])
    code, out, err = run("check", tmp_path / "k")                              # the check covers it
    assert code == 0 and "ok    poster-color.pdf (1 pages)" in out


def _labels(page) -> dict[str, tuple[float, float, float, float]]:
    """Each edge's label read back ("SOUTH EDGE · GREEN: ..."), by its first words, and its box: the
    characters from those words on along the same baseline (upright or turned a quarter)."""
    import re

    chars = page.chars
    text = "".join(c["text"] for c in chars)
    out = {}
    for m in re.finditer(r"(NORTH|SOUTH|EAST|WEST) EDGE · [A-Z]+", text):
        run = chars[m.start():]
        fixed = 5 if abs(run[1]["matrix"][5] - run[0]["matrix"][5]) < 0.01 else 4     # the origins' y, or x if turned
        end = next((i for i, c in enumerate(run) if abs(c["matrix"][fixed] - run[0]["matrix"][fixed]) > 0.01), len(run))
        line = [c for c in run[:end] if c["text"].strip()]
        out[m.group()] = (min(c["x0"] for c in line), min(c["top"] for c in line),
                          max(c["x1"] for c in line), max(c["bottom"] for c in line))
    return out


def test_the_edges_labels_print_outside_the_table_clear_of_its_line(tmp_path):
    """At --scale 0.25 trafalgar deploys the Príncipe de Asturias by the middle of the south edge: the
    edge's label, printed on the table, ran across its base and name (the '·' through its 'c'). On the
    poster the labels sit in the room kept around the table, where no base or name is printed."""
    with _poster(tmp_path, edition="color", poster="A1", scale=0.25) as pdf:
        page = pdf.pages[0]
        (t,) = [r for r in page.rects if abs(r["width"] / PT - 15) < 0.01 and abs(r["height"] / PT - 22.5) < 0.01]
        labels = _labels(page)
        assert sorted(labels) == ["EAST EDGE · GREEN", "NORTH EDGE · YELLOW", "SOUTH EDGE · GREEN",
                                  "WEST EDGE · RED", "WEST EDGE · YELLOW"]
        line = 2.5                                                          # half the edge line's width
        for name, (x0, top, x1, bottom) in labels.items():
            side = name.split()[0]
            beyond = {"NORTH": t["top"] - line - bottom, "SOUTH": top - t["bottom"] - line,
                      "EAST": x0 - t["x1"] - line, "WEST": t["x0"] - line - x1}[side]
            assert beyond > 0.5, f"{name} reaches {-beyond:.1f} pt over its edge line onto the table"
            assert 0.4 * PT < x0 and x1 < page.width - 0.4 * PT and 0.4 * PT < top and bottom < page.height - 0.4 * PT
            if side in ("NORTH", "SOUTH"):                                  # still centred on its edge
                assert (x0 + x1) / 2 == pytest.approx((t["x0"] + t["x1"]) / 2, abs=1)
            elif side == "EAST":
                assert (top + bottom) / 2 == pytest.approx((t["top"] + t["bottom"]) / 2, abs=1)


@pytest.mark.parametrize("poster, scale", [("A1", 0.25), ("24x36in", 0.3), ("36x48in", 0.35), ("A0", 0.4)])
def test_the_poster_passes_the_kits_check_where_a_ship_lies_by_an_edge(poster, scale):
    """The set-ups whose kit failed its own check: "fleet:Príncipe de Asturias (Spanish).name prints
    '·PríncipedeAsturias'" (or 'G', 'E', 'T': the label's letter over the name at that scale)."""
    from printgen.check.kit import check_bytes
    from printgen.kit import tracefile
    from printgen.kit.build import _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("trafalgar", 30, poster=poster, scale=scale))
    made = _document((plan, None), ("color", "poster"))             # drawn as the kit draws it
    doc = {k: made[k] for k in ("path", "kind", "edition", "pages", "title")}
    found = check_bytes(made["pdf"], doc, tracefile.as_read(made["path"], made["trace"]), plan, made["files"]).found
    assert [str(d) for d in found] == []
