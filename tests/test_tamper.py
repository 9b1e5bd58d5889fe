"""Issue 16: a kit edited after printing -- each kind of traced item (number, label, direction,
geometry, chart, visibility, extra file) -- fails `printgen check`, naming the file and the page.
Each tamper edits a page's content stream (pikepdf) and updates the manifest's sha256, so only the
content check can notice."""

from __future__ import annotations

import re

import pytest

from printgen.check.kit import check_kit
from tamper import copy_kit, edit_page, fails, load_trace, page_of, rehash, replace, replace_shown_at, swap


@pytest.fixture
def kit(built, tmp_path):
    return copy_kit(built, tmp_path)



def test_the_untouched_kit_passes(kit):
    assert check_kit(kit, echo=lambda s: None, quiet=True)


def test_rehash_alone_changes_nothing(kit):
    rehash(kit, "quickref-bw.pdf")
    assert check_kit(kit, echo=lambda s: None, quiet=True)


LABELS = [   # (what a user did, file, page (None: where the named item is printed), tamper, the discrepancy)
    ("in-irons rows swapped", "quickref-bw.pdf", None, swap(b"British", b"Franco-Spanish", 0),
     ("label:sides.british.name", "British")),
    ("Short and Long swapped", "quickref-bw.pdf", None, swap(b"Short", b"Long", 0),
     ("label:shooting.range_in.short", "Short")),
    ("Green and Yellow swapped", "quickref-bw.pdf", None, swap(b"Green", b"Yellow", 0),
     ("label:movement.speed_in.green", "Green")),
    ("hit-point labels swapped", "quickref-bw.pdf", None, swap(b"Flagship", b"Other ships", 0, 0),     # on the hits table's page
     ("label:hit_points.flagship", "Flagship")),
    ("hits-table row 5 says 4", "cards-color.pdf", None, None, ("meta:hits.5", "5")),     # at the row's own box
]


@pytest.mark.parametrize("what, name, page, change, says", LABELS, ids=[t[0] for t in LABELS])
def test_a_changed_label_fails(kit, what, name, page, change, says):
    source, want = says
    kind, _, key = source.partition(":")
    parts = [int(k) if k.isdigit() else k for k in key.split(".", 1)] if kind == "meta" else [key]
    page = page or page_of(kit, name, [kind, *parts])
    if change is None:
        change = replace_shown_at(want.encode(), b"4", traced(kit, name, page, [kind, *parts])["bbox"])
    edit_page(kit, name, page, change)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: ") and (          # the traced label's rule, or the words'
        f.startswith(f"FAIL  {name}, page {page}: {source} prints '") and f.endswith(f"the rules say '{want}'")
        or f"where the layout prints '{want}'" in f) for f in found), found     # rule (check/laidwords.py) first


def test_a_changed_number_fails(kit):
    page = page_of(kit, "quickref-color.pdf", ["rule", "shooting.dice.british"])
    entry = traced(kit, "quickref-color.pdf", page, ["rule", "shooting.dice.british"])
    edit_page(kit, "quickref-color.pdf", page, replace_shown_at(entry["text"].encode(), b"8", entry["bbox"]))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  quickref-color.pdf, page {page}: rule:shooting.dice.british prints '8'") for f in found)


def test_check_json_names_the_changed_number(kit, run):
    import json

    code, out, _ = run("check", kit, "--json")
    assert code == 0 and json.loads(out)["ok"] is True
    page = page_of(kit, "quickref-color.pdf", ["rule", "shooting.dice.british"])
    entry = traced(kit, "quickref-color.pdf", page, ["rule", "shooting.dice.british"])
    edit_page(kit, "quickref-color.pdf", page, replace_shown_at(entry["text"].encode(), b"8", entry["bbox"]))
    code, out, _ = run("check", kit, "--json")
    found = json.loads(out)
    assert code == 1 and found["ok"] is False
    assert [d["status"] for d in found["documents"] if d["path"] == "quickref-color.pdf"] == ["fail"]
    [d] = [d for d in found["discrepancies"] if d["file"] == "quickref-color.pdf"     # (the words' rule names the
           and d["what"].startswith("rule:")]                                       # same change in its own words)
    assert d["page"] == page and d["what"].startswith("rule:shooting.dice.british prints '8'") and len(d["box"]) == 4


def test_a_changed_direction_fails(kit):
    page = page_of(kit, "quickref-color.pdf", ["label", "drift.direction"])
    edit_page(kit, "quickref-color.pdf", page, replace(b"(SE) Tj", b"(NE) Tj", 0))     # the only SE on its page
    found = fails(kit)
    assert f"FAIL  quickref-color.pdf, page {page}: label:drift.direction prints 'NE', the rules say 'SE'" in found


def test_an_extra_pdf_in_the_kit_folder_fails(kit):
    (kit / "answers.pdf").write_bytes((kit / "rulers-bw.pdf").read_bytes())
    (kit / "seating plan.txt").write_text("a teacher's own notes stay unremarked")
    found = fails(kit)
    assert [f for f in found if "answers.pdf" in f] == [
        "FAIL  answers.pdf: is not part of the kit (printgen did not make it, the manifest does not list "
        "it): remove it, or keep it outside the kit folder"]
    assert not any("seating" in f for f in found)


@pytest.mark.parametrize("name", ["index.html", "thumbs/quickref-bw-p001.png"])
def test_an_edited_index_or_thumbnail_fails(kit, name):
    path = kit / name
    path.write_bytes(path.read_bytes() + b"\n")
    assert fails(kit) == [f"FAIL  {name}: the file changed since printgen wrote it (its sha256 differs)"]


def test_a_changed_ruleset_names_each_changed_rule(run, scenario_dir, tmp_path):
    folder = scenario_dir()
    code, out, err = run("kit", folder, "--ships", "6", "--students", "4", "--scale", "0.5", "--out", tmp_path / "k")
    assert code == 0, out + err
    rules = folder / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("flagship = 6", "flagship = 7").replace('"hit_points.ship" = "Other ships"',
                                                                          '"hit_points.ship" = "Ships"'))
    code, out, _ = run("check", tmp_path / "k")
    assert code == 1
    assert ("FAIL  rules.toml: changed since the kit was printed: hit_points.flagship: 6 -> 7; "
            "labels.hit_points.ship: Other ships -> Ships") in out
    # and the stale rows: the boarding table's "6 v 5" row heads its odds with the flagship's old points
    assert any(line.startswith("FAIL  cards-color.pdf, page ") and
               "rule:hit_points.flagship prints '6', the rules say '7'" in line for line in out.splitlines()), out


def traced(folder, name: str, page: int, source: list) -> dict:
    """The printed (not drawn) item of `source` on that page."""
    return next(e for e in load_trace(folder)[name][page - 1] if e["source"] == source and not e.get("shape"))


def page_height(path, page: int) -> float:
    import pikepdf

    with pikepdf.open(path) as pdf:
        box = pdf.pages[page - 1].mediabox
        return float(box[3]) - float(box[1])


def test_a_white_out_box_over_a_number_fails(kit):
    from tamper import white_box

    page = page_of(kit, "quickref-bw.pdf", ["rule", "shooting.dice.british"])
    entry = traced(kit, "quickref-bw.pdf", page, ["rule", "shooting.dice.british"])
    edit_page(kit, "quickref-bw.pdf", page, white_box(entry["bbox"], page_height(kit / "quickref-bw.pdf", page)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  quickref-bw.pdf, page {page}: '7' (rule:shooting.dice.british) is covered by a shape "
                            "drawn over it") for f in found), found


def test_white_text_fails(kit):
    from tamper import recolour

    page = page_of(kit, "quickref-bw.pdf", ["rule", "shooting.dice.british"])
    edit_page(kit, "quickref-bw.pdf", page, recolour(b"7", b"1 g"))
    found = fails(kit)
    assert (f"FAIL  quickref-bw.pdf, page {page}: '7' (rule:shooting.dice.british) is printed in (255, 255, 255) on "
            "(255, 255, 255): contrast 1.0, below 3") in found, found


def test_a_tiny_font_fails(kit):
    page = page_of(kit, "quickref-bw.pdf", ["rule", "shooting.dice.british"])
    edit_page(kit, "quickref-bw.pdf", page, lambda data: re.sub(rb"[\d.]+ Tf (\(7\) Tj)", rb"0.3 Tf \1", data, count=1))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  quickref-bw.pdf, page {page}: text at 0.3 pt at (") and f.endswith("below the 2.5 pt type floor")
               for f in found), found


def rect_op(bbox) -> bytes:
    """The `re` operator the PDF backend writes for this box (its own number format)."""
    from printgen.draw.pdf import _trim

    x0, top, x1, bottom = bbox
    return _trim("%.2f %.2f %.2f %.2f re" % (x0, top, x1 - x0, bottom - top)).encode()


def printed_rect_op(data: bytes, bbox) -> bytes:
    """The `re` operator as the page holds it: the trace's box and the drawn one are rounded apart,
    so the width may differ by 1/100 pt."""
    import re

    want = (bbox[0], bbox[1], bbox[2] - bbox[0], bbox[3] - bbox[1])
    for m in re.finditer(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re", data):
        if all(abs(float(v) - w) < 0.015 for v, w in zip(m.groups(), want)):
            return m.group(0)
    raise ValueError(f"no rect {want} on the page")


def test_a_ruler_drawn_short_fails(kit):
    """The range ruler (12" at full scale, 6" in this half-scale kit) drawn 5" long, still labelled 6"."""
    page = page_of(kit, "rulers-bw.pdf", ["rule", "shooting.range_in.long.1"])
    entry = traced(kit, "rulers-bw.pdf", page, ["rule", "shooting.range_in.long.1"])   # the label's 6"
    band = [e for e in json_trace(kit, "rulers-bw.pdf", page) if e.get("shape", {}).get("edge") == "end"
            and e["source"] == ["rule", "shooting.range_in.long.1"]]
    assert entry and len(band) == 2                                   # the ruler's outline and its long band

    def shorten(data: bytes) -> bytes:
        for e in band:
            x0, top, x1, bottom = e["bbox"]
            data = data.replace(rect_op(e["bbox"]), rect_op((x0, top, x1 - 72, bottom)))    # an inch short
        return data

    edit_page(kit, "rulers-bw.pdf", page, shorten)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  rulers-bw.pdf, page {page}: rule:shooting.range_in.long.1: no rect drawn where it ends "
                            "6\" from its zero") for f in found), found


def test_a_changed_tick_label_fails(kit):
    page = page_of(kit, "rulers-bw.pdf", ["meta", "tick", 5])
    entry = traced(kit, "rulers-bw.pdf", page, ["meta", "tick", 5])               # the label, not the tick
    edit_page(kit, "rulers-bw.pdf", page, replace_shown_at(b"5", b"6", entry["bbox"]))
    assert f"FAIL  rulers-bw.pdf, page {page}: meta:tick.5 prints '6', the rules say '5'" in fails(kit)


def test_a_moved_tick_fails(kit):
    page = page_of(kit, "rulers-bw.pdf", ["meta", "tick", 5])
    tick = next(e for e in json_trace(kit, "rulers-bw.pdf", page) if e["source"] == ["meta", "tick", 5] and e.get("shape"))
    (x0, y0), (x1, y1) = tick["shape"]["ends"]
    edit_page(kit, "rulers-bw.pdf", page, replace(_line_op(x0, y0, x1, y1), _line_op(x0 + 1.2, y0, x1 + 1.2, y1)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  rulers-bw.pdf, page {page}: meta:tick.5: no line drawn where it stands 5.00\" from its zero")
               for f in found), found


def test_two_chart_bars_swapped_fail(kit):
    page = next(k + 1 for k, entries in enumerate(load_trace(kit)["cards-color.pdf"])
                if any((e.get("shape") or {}).get("edge") == "height" for e in entries))
    bars = [e for e in json_trace(kit, "cards-color.pdf", page) if (e.get("shape") or {}).get("edge") == "height"]
    a, b = next((a, b) for a in bars for b in bars if abs((a["bbox"][3] - a["bbox"][1]) - (b["bbox"][3] - b["bbox"][1])) > 3)
    ha, hb = a["bbox"][3] - a["bbox"][1], b["bbox"][3] - b["bbox"][1]

    def swap_heights(data: bytes) -> bytes:
        new_a = rect_op((a["bbox"][0], a["bbox"][3] - hb, a["bbox"][2], a["bbox"][3]))
        new_b = rect_op((b["bbox"][0], b["bbox"][3] - ha, b["bbox"][2], b["bbox"][3]))
        old_a, old_b = printed_rect_op(data, a["bbox"]), printed_rect_op(data, b["bbox"])
        return data.replace(old_a, b"\0A").replace(old_b, new_b).replace(b"\0A", new_a)

    edit_page(kit, "cards-color.pdf", page, swap_heights)
    found = fails(kit)
    for e in (a, b):
        name = str(__import__("printgen.rules.trace", fromlist=["Source"]).Source.from_json(e["source"]))
        assert any(f.startswith(f"FAIL  cards-color.pdf, page {page}: {name}: no rect drawn where it is as tall as")
                   for f in found), (name, found)


def json_trace(folder, name: str, page: int) -> list[dict]:
    return load_trace(folder)[name][page - 1]


def test_the_report_pictures_each_discrepancy_escaped(run, kit, tmp_path):
    page = page_of(kit, "quickref-bw.pdf", ["label", "shooting.range_in.short"])
    edit_page(kit, "quickref-bw.pdf", page, swap(b"Short", b"Long", 0))
    (kit / "x<script>.pdf").write_bytes(b"%PDF-1.4 not a kit file")
    report = tmp_path / "check.html"
    code, out, _ = run("check", kit, "--report", report)
    assert code == 1 and f"report: {report}" in out
    html = report.read_text(encoding="utf-8")
    assert "<h2>x&lt;script&gt;.pdf</h2>" in html and "<script>" not in html
    assert f"<h2>quickref-bw.pdf, page {page}</h2><p>label:shooting.range_in.short prints &#x27;Lon" in html
    # each discrepancy on a page pictured: the label's (quickref twice), kit-bw.pdf's page, and the words' rule's
    assert html.count('src="data:image/png;base64,') == html.count("<section") - html.count("<section><h2>x&lt;")
    code, out, err = run("check", kit, "--report", kit / "check.html")
    assert code == 2 and "inside the kit folder" in err
    mine = tmp_path / "mine.html"
    mine.write_text("my page")
    code, _, err = run("check", kit, "--report", mine)
    assert code == 2 and mine.read_text() == "my page"


def _north_edge(kit):
    page = page_of(kit, "map-color.pdf", ["rule", "table.edges.0.to_ft"])
    north = next(e for e in json_trace(kit, "map-color.pdf", page) if e["source"] == ["rule", "table.edges.0.to_ft"])
    (x0, y0), (x1, y1) = north["shape"]["ends"]
    return _line_op(x0, y0, x1, y1), (x0, y0, x1, y1), page


def _line_op(x0, y0, x1, y1) -> bytes:
    from printgen.draw.pdf import _trim

    return _trim("%.2f %.2f m %.2f %.2f l" % (x0, y0, x1, y1)).encode()


def test_a_wind_edge_recoloured_fails(kit):
    """The deployment map's north edge is yellow (the seed's); painted green."""
    line, _, page = _north_edge(kit)
    edit_page(kit, "map-color.pdf", page, replace(line, b"0.18 0.61 0.27 RG\n" + line))
    assert any(f.startswith(f"FAIL  map-color.pdf, page {page}: rule:table.edges.0.colour: the line is drawn in (46, 156, 69), "
                            "the rules' yellow is (") for f in fails(kit))


def test_a_wind_edge_cut_short_fails(kit):
    """The north edge (0-5 ft) stopped a foot short."""
    line, (x0, y0, x1, y1), page = _north_edge(kit)
    edit_page(kit, "map-color.pdf", page, replace(line, _line_op(x0, y0, x1 - (x1 - x0) / 5, y1)))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  map-color.pdf, page {page}: rule:table.edges.0.to_ft: no line drawn where it ends "
                            "5 ft along its side") for f in found), found


def test_a_word_changed_in_kit_pdf_alone_fails(kit):
    """kit.pdf is proven by joining its documents again (the same bytes); edited on its own, it is
    compared word for word with the documents it should hold, and the page is named."""
    import json

    from printgen.kit.combine import combine_pdfs

    manifest = json.loads((kit / "manifest.json").read_text())
    parts = next(d for d in manifest["documents"] if d["path"] == "kit-bw.pdf")["parts"]
    joined = combine_pdfs([(kit / p).read_bytes() for p in parts])
    assert joined == (kit / "kit-bw.pdf").read_bytes()                # the proof holds for the untouched kit
    page = edit_page(kit, "kit-bw.pdf", None, swap(b"Short", b"Long", 0))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  kit-bw.pdf, page {page}: differs from ") for f in found), found
    assert all(f.startswith("FAIL  kit-bw.pdf") for f in found), found        # its documents are untouched


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(), reason="no fork")
def test_kit_pdf_is_joined_again_in_a_process_of_its_own_and_compared_if_that_dies(kit, monkeypatch):
    """`printgen check` joins kit.pdf again in a process it starts before the rules are loaded
    again: the join proves an untouched kit.pdf (no page is compared); if that process dies,
    nothing is proven, so each kit.pdf is compared page by page (the check neither hangs nor
    passes an edited kit.pdf)."""
    import os

    from printgen.check import combined

    monkeypatch.setattr(os, "cpu_count", lambda: 2)                 # a second core: the join is forked
    compared = []
    real = combined.page_texts
    monkeypatch.setattr(combined, "page_texts", lambda path: compared.append(path.name) or real(path))
    assert check_kit(kit, echo=lambda s: None, quiet=True)
    assert compared == []
    monkeypatch.setattr(combined, "joins_again", lambda *args: os._exit(3))     # the join's process dies
    assert check_kit(kit, echo=lambda s: None, quiet=True)
    assert sorted(compared) == ["kit-bw.pdf", "kit-color.pdf"]
    page = edit_page(kit, "kit-bw.pdf", None, swap(b"Short", b"Long", 0))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  kit-bw.pdf, page {page}: differs from ") for f in found), found


def _parts(kit, name: str) -> list[str]:
    import json

    manifest = json.loads((kit / "manifest.json").read_text())
    return next(d for d in manifest["documents"] if d["path"] == name)["parts"]


def test_kit_pdf_joined_again_by_qpdf_passes(kit):
    """Another tool's join of the same documents is not byte-identical (nothing proven), and is
    compared word for word and pixel for pixel: no false alarm."""
    import shutil
    import subprocess

    qpdf = shutil.which("qpdf")
    if qpdf is None:
        pytest.skip("qpdf is not installed")
    subprocess.run([qpdf, "--empty", "--pages", *(str(kit / p) for p in _parts(kit, "kit-bw.pdf")), "--",
                    str(kit / "kit-bw.pdf")], check=True)
    rehash(kit, "kit-bw.pdf")
    from printgen.kit.combine import combine_pdfs

    assert combine_pdfs([(kit / p).read_bytes() for p in _parts(kit, "kit-bw.pdf")]) != (kit / "kit-bw.pdf").read_bytes()
    assert check_kit(kit, echo=lambda s: None, quiet=True)


def _first_sprites_page(kit, name: str) -> int:
    """kit.pdf's page that holds the first page of its sprites document (by the parts' page counts)."""
    import json

    manifest = json.loads((kit / "manifest.json").read_text())
    pages = {d["path"]: d["pages"] for d in manifest["documents"]}
    before = 0
    for part in _parts(kit, name):
        if part.startswith("sprites-"):
            return before + 1
        before += pages[part]
    raise AssertionError("no sprites in kit.pdf")


def test_a_flagship_star_left_out_of_kit_pdf_alone_fails(kit):
    """The words are all there; the drawing is not: the first star drawn on kit.pdf's sprites page goes."""
    page = _first_sprites_page(kit, "kit-bw.pdf")
    edit_page(kit, "kit-bw.pdf", page, lambda data: re.sub(rb"(?m)^/FormXob\.star\d+ Do\n", b"", data, count=1))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  kit-bw.pdf, page {page}: is drawn differently from sprites-bw.pdf, page 1 (")
               for f in found), found
    assert all(f.startswith("FAIL  kit-bw.pdf") for f in found), found


def test_fold_lines_drawn_solid_in_kit_pdf_alone_fail(kit):
    """Every dashed line (the folds) of kit.pdf's first sprites page made solid, in kit.pdf alone."""
    import pikepdf

    page = _first_sprites_page(kit, "kit-bw.pdf")
    path = kit / "kit-bw.pdf"
    dashed = re.compile(rb"\[[\d. ]+\] [\d.]+ d")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        forms = pdf.pages[page - 1].obj.Resources.XObject
        changed = 0
        for name in list(forms.keys()):
            data = forms[name].read_bytes()
            if dashed.search(data):
                forms[name].write(dashed.sub(b"[] 0 d", data))
                changed += 1
        assert changed, "no dashed line on the page"
        pdf.save(path)
    rehash(kit, "kit-bw.pdf")
    found = fails(kit)
    assert any(f.startswith(f"FAIL  kit-bw.pdf, page {page}: is drawn differently from sprites-bw.pdf") for f in found), found


def test_rebuild_names_what_differs_from_the_kit_made_again(kit, run):
    """`check --rebuild` makes the kit again from its request: an untouched kit is the same bytes; a
    trace.json edited (its sum updated) and a page changed are each named, the page by its number."""
    import json

    code, out, _ = run("check", kit, "--rebuild")
    assert code == 0 and "rebuild: all " in out and "byte for byte" in out
    trace = json.loads((kit / "trace.json").read_text(encoding="utf-8"))
    (kit / "trace.json").write_text(json.dumps(trace, indent=2), encoding="utf-8")   # the same facts, spelt anew
    rehash(kit, "trace.json")
    page = page_of(kit, "quickref-color.pdf", ["rule", "shooting.dice.british"])
    entry = traced(kit, "quickref-color.pdf", page, ["rule", "shooting.dice.british"])
    edit_page(kit, "quickref-color.pdf", page, replace_shown_at(entry["text"].encode(), b"8", entry["bbox"]))
    code, out, _ = run("check", kit, "--rebuild", "--json")
    found = json.loads(out)["rebuild"]["differ"]
    assert code == 1
    assert {"file": "trace.json", "page": 0, "what": "differs from the file the request makes today"} in found
    assert {"file": "quickref-color.pdf", "page": page, "what": "its words differ from the page made today"} in found


def test_a_base_moved_on_a_table_size_sheet_fails(kit):
    """A ship's base moved an inch east on a sheet of the table-size map (its number and name left
    where they were): the sheet says which tile it is, and deployment.json says where the base goes."""
    base = re.compile(rb"(?m)^([-\d.]+ [-\d.]+ m [-\d.]+ [-\d.]+ l [-\d.]+ [-\d.]+ l [-\d.]+ [-\d.]+ l h B)$")

    def moved(data: bytes) -> bytes:
        m = next(m for m in base.finditer(data))          # the first base drawn on the sheet
        nums = m[1].split()
        for i in (0, 3, 6, 9):                            # each corner's x
            nums[i] = b"%.2f" % (float(nums[i]) + 72)
        return data[:m.start()] + b" ".join(nums) + data[m.end():]

    pages = [k + 1 for k, entries in enumerate(load_trace(kit)["map-tiled-color.pdf"]) if k
             and any(e["source"][0] == "deploy" and e["source"][-1] == "number" for e in entries)]
    page = edit_page(kit, "map-tiled-color.pdf", pages[0], moved)
    found = fails(kit)
    assert any(f.startswith(f"FAIL  map-tiled-color.pdf, page {page}: ") and "its base is not drawn at x " in f
               for f in found), found
