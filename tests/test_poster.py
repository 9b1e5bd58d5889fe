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
    code, out, err = run("kit", "trafalgar", "--poster", "36x48in", "--scale", "0.5", "--out", tmp_path / "k")
    assert code == 0, out + err
    manifest = json.loads((tmp_path / "k" / "manifest.json").read_text())
    docs = {d["path"]: d for d in manifest["documents"]}
    assert docs["poster-color.pdf"]["pages"] == 1 and manifest["request"]["poster"] == "36x48in"
    kit = docs["kit-color.pdf"]
    assert "poster-color.pdf" not in kit["parts"]
    assert kit["pages"] == sum(docs[p]["pages"] for p in kit["parts"])
    code, out, err = run("check", tmp_path / "k")                              # the check covers it
    assert code == 0 and "ok    poster-color.pdf (1 pages)" in out
