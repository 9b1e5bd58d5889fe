"""The class kit: one command, one folder, checked; and the checker catches a changed number,
circle or name, naming the file and page."""

import hashlib
import json
from collections import Counter

import pytest

from printgen.check.kit import check_kit

KINDS = {"lesson", "sprites", "quickref", "cards", "map", "tiled-map", "rulers", "captains", "teacher", "plays", "status-markers",
         "score", "worksheet", "debrief", "kit", "background", "first-turn"}


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """The default kit, made the way a teacher makes it: `printgen kit trafalgar` in a fresh folder."""
    import os
    import subprocess
    import sys

    where = tmp_path_factory.mktemp("teacher")
    result = subprocess.run([sys.executable, "-m", "printgen", "kit", "trafalgar"], cwd=where,
                            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "1"})
    assert result.returncode == 0, result.stdout + result.stderr
    return where / "output" / "trafalgar", result.stdout


def test_default_kit_holds_every_document(kit):
    folder, out = kit
    manifest = json.loads((folder / "manifest.json").read_text())
    kinds = {d["kind"] for d in manifest["documents"]}
    assert kinds == KINDS
    for d in manifest["documents"]:
        data = (folder / d["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == d["sha256"]
        assert d["edition"] == "color" and d["pages"] >= 1
    kit_pages = next(d["pages"] for d in manifest["documents"] if d["kind"] == "kit")
    tiled = next(d["pages"] for d in manifest["documents"] if d["kind"] == "tiled-map")
    # kit.pdf leaves out the table-size map (printgen kit --with-tiled puts it in)
    assert kit_pages == sum(d["pages"] for d in manifest["documents"] if d["kind"] not in ("kit", "tiled-map"))
    # the two-period lesson's game (printgen/lesson/): the whole battle, all but a few of its 60 ships
    assert 50 <= len(manifest["fleet"]) <= 60 and manifest["ruleset"]["shooting.dice.british"] == 7
    html = (folder / "index.html").read_text()
    assert html.count("<img") == kit_pages + 1                  # every page, and the tiles' overview only
    assert (f"kit-color.pdf holds one copy of each document, {kit_pages} pages in print order. The table-size map "
            f"({tiled} sheets) is a file of its own.") in html
    assert f"check: {len(KINDS)} documents agree" in out
    # the README's promise of black and white for the photocopier: a colour kit says how to get it
    assert ("This kit is in colour only. For the photocopier, make its black-and-white edition: the command on the "
            "teacher's sheet (For the technician), with <code>--edition bw</code> instead of <code>--edition color"
            "</code>") in html


def test_captains_split_the_class_in_proportion(kit):
    folder, _ = kit
    manifest = json.loads((folder / "manifest.json").read_text())
    captains = manifest["captains"]
    assert len(captains) == 24
    assert Counter(c["side"] for c in captains) == {"british": 11, "allied": 13}     # 27:33 of 24
    assert all(1 <= len(c["ships"]) <= 3 for c in captains)
    ships = [s for c in captains for s in c["ships"]]
    assert sorted(ships) == sorted(manifest["fleet"])
    for c in captains:
        assert len({s.rsplit(" (", 1)[1] for s in c["ships"]}) >= 1


def test_check_passes_on_the_kit(kit):
    from tamper import kept_passing

    lines: list[str] = []
    keep: dict = {}
    assert check_kit(kit[0], echo=lines.append, keep=keep)
    kept_passing(kit[0], keep)                  # each document's result, for the misprinted copies below
    assert sum(line.startswith("ok") and " html/" not in line for line in lines) == len(KINDS)
    # the handouts (issue 40) and the first turn's slides (issue 44)
    assert sum(line.startswith("ok") and " html/" in line for line in lines) == 9 + 1


def build(tmp_path, name, edition="color", **request):
    from printgen.kit.build import build_kit, plan_kit
    from printgen.request import KitRequest

    out = tmp_path / name
    build_kit(plan_kit(KitRequest(edition=edition, **request)), out)
    return out


def failures(folder) -> list[str]:
    lines = []
    ok = check_kit(folder, echo=lines.append, quiet=True)
    return [] if ok else [line for line in lines if line.startswith("FAIL")]


def remade_fails(kit, tmp_path) -> list[str]:
    """The check's FAIL lines for the default kit as printed with what the test patched: each of its
    documents drawn again (tamper.remade) into a copy of the module's default kit, the same request."""
    from tamper import fails, remade

    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    return fails(remade(kit[0], tmp_path, plan_kit(KitRequest())))


@pytest.fixture
def kit_passed(kit):
    """The default kit's own check's results, taken before a test's patch (tamper.passed): its copies'
    unchanged documents are not read again."""
    from tamper import passed

    passed(kit[0])
    return kit


def test_a_changed_number_is_caught_with_file_and_page(kit_passed, tmp_path, monkeypatch, patches_reach_workers):
    from printgen.sheets.text import wording

    real = wording.Wording.put

    def tampered(self, t):
        marker = real(self, t)
        span = self.spans[-1]
        if span.source == ["rule", "shooting.dice.british"]:
            self.spans[-1] = wording.Span("8", span.font, span.source, span.kind)
        return marker

    monkeypatch.setattr(wording.Wording, "put", tampered)
    fails = remade_fails(kit_passed, tmp_path)
    assert "FAIL  quickref-color.pdf, page 1: rule:shooting.dice.british prints '8', the rules say '7'" in fails
    assert any(f.startswith("FAIL  cards-color.pdf, page 2: rule:shooting.dice.british prints '8'") for f in fails)


def test_a_missing_circle_is_caught(kit_passed, tmp_path, monkeypatch, patches_reach_workers):
    from printgen.systems.broadside import sprites

    real = sprites.track_shapes

    def one_short(track, *args):
        shapes = real(track, *args)
        return shapes[:-1] if track.count == 6 else shapes     # every flagship loses a circle

    monkeypatch.setattr(sprites, "track_shapes", one_short)
    fails = remade_fails(kit_passed, tmp_path)
    assert "FAIL  sprites-color.pdf, page 1: Victory (British): 5 hit circles on its base, the rules give 6 hit points" in fails
    assert len([f for f in fails if "hit circles on its base" in f]) == 9


def test_a_misspelt_name_is_caught(kit_passed, tmp_path, monkeypatch, patches_reach_workers):
    original_name = "Bucentaure"
    from printgen.systems.broadside import sprites

    real_side = sprites._side

    def side(ship, *args):
        shapes = real_side(ship, *args)
        if ship.name == original_name:
            shapes = [s if getattr(s, "tag", "") != "name" else
                      s.__class__(s.x, s.y, (sprites.Span("Bucentore", source=s.spans[0].source, kind="text"),),
                                  s.size, s.role, s.font, s.anchor, s.angle, s.tag) for s in shapes]
        return shapes

    monkeypatch.setattr(sprites, "_side", side)
    fails = remade_fails(kit_passed, tmp_path)
    assert any("sprites-color.pdf, page " in f and "Bucentaure (French)" in f and "prints 'Bucentore'" in f for f in fails)


def test_black_and_white_edition_is_checked_for_colour(tmp_path, monkeypatch):
    from tamper import fails, passed, remade

    from printgen.draw import theme
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    request = KitRequest(edition="both", students=30, fraction=0.5)
    folder = build(tmp_path, "both", **{k: getattr(request, k) for k in ("edition", "students", "fraction")})
    passed(folder)                                            # its check passes (asserted), its results kept
    manifest = json.loads((folder / "manifest.json").read_text())
    assert Counter(d["edition"] for d in manifest["documents"]) == {"color": len(KINDS), "bw": len(KINDS)}
    assert len(manifest["fleet"]) == 30
    # a colour slipped into the black-and-white theme (past the theme's own assertion) is caught
    monkeypatch.setitem(theme.BW.paints, "star", theme.Paint(fill="#f2c230"))
    monkeypatch.setattr(theme, "_greys_only", lambda t: t)
    theme._with.cache_clear()                                 # the family's themes are made from BW again
    try:                                                      # its B&W documents printed so (tamper.remade)
        bad = remade(folder, tmp_path / "bwcolour", plan_kit(request), edition="bw")
    finally:
        theme._with.cache_clear()
    assert any("sprites-bw.pdf, page 1: black-and-white page uses colour" in f for f in fails(bad))


def test_same_options_same_bytes(tmp_path):
    a, b = build(tmp_path, "a", ships=20, students=10), build(tmp_path, "b", ships=20, students=10)
    names = sorted(p.name for p in a.rglob("*") if p.is_file())
    assert names == sorted(p.name for p in b.rglob("*") if p.is_file())
    for name in names:
        pa, pb = next(a.rglob(name)), next(b.rglob(name))
        assert pa.read_bytes() == pb.read_bytes(), name


def test_an_interrupted_kit_leaves_the_previous_one(tmp_path, monkeypatch, patches_reach_workers):
    from printgen.registry.documents import DocumentKind

    folder = build(tmp_path, "kit", ships=12, students=6)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    real = DocumentKind.make

    def broken(record, source, options):
        if record.kind == "rulers":
            raise KeyboardInterrupt()
        return real(record, source, options)

    monkeypatch.setattr(DocumentKind, "make", broken)
    with pytest.raises(BaseException):
        build(tmp_path, "kit", ships=14, students=6)
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert after == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".kit.")]


def test_bad_students_is_a_clear_error(run, tmp_path):
    code, out, err = run("kit", "trafalgar", "--students", "0", "--out", tmp_path / "k")
    assert code == 2 and "--students" in err and "from 1 to" in err
    assert not (tmp_path / "k").exists()


def test_the_medieval_kit_builds_and_checks(tmp_path):
    """Sluys through the same machinery: its own documents (ship records, obstacle markers) too."""
    folder = build(tmp_path, "sluys", scenario="sluys-1340", students=15, edition="both", units="cm", paper="a4")
    manifest = json.loads((folder / "manifest.json").read_text())
    kinds = {d["kind"] for d in manifest["documents"]}
    assert kinds == (KINDS - {"status-markers"}) | {"records", "markers", "secret-map"}
    assert failures(folder) == []
    records = next(d for d in manifest["documents"] if d["kind"] == "records" and d["edition"] == "bw")
    assert records["pages"] >= len(manifest["fleet"]) // 4


def test_a_medieval_rule_change_reaches_every_sheet_that_prints_it(tmp_path, scenario_dir):
    """Print the Sluys kit, then change a collision modifier and the cog's bow structure in the
    data: the checker finds the printed kit stale on every sheet that prints them; a kit printed
    from the new data checks clean."""
    import tomllib

    import tomli_w

    folder = scenario_dir(name="sluys-1340", scenario={"kit": {"damage_on": "pieces"}})   # boxes on the pieces
    kit = build(tmp_path, "before", scenario=str(folder), students=15)
    rules = tomllib.loads((folder / "rules.toml").read_text())
    rules["collision"]["modifiers"]["bow"]["value"] = 3
    rules["types"]["cog"]["structure"]["bow"] = 6
    rules["types"]["cog"]["bowmen"] = 3                      # captain cards print bowmen, not the damage track
    (folder / "rules.toml").write_text(tomli_w.dumps(rules))
    fails = failures(kit)
    for sheet in ("quickref", "cards", "sprites", "records", "captains"):
        assert any(f.startswith(f"FAIL  {sheet}-color.pdf") for f in fails), sheet
    assert any("collision.modifiers.bow.value prints '+2', the rules say '+3'" in f for f in fails)
    assert any("types.cog.structure.bow prints '5', the rules say '6'" in f for f in fails)
    assert any("structure boxes" in f or "boxes on its base" in f or "hit circles on its base" in f
               for f in fails if f.startswith("FAIL  sprites"))
    assert failures(build(tmp_path, "after", scenario=str(folder), students=15)) == []


def test_trace_json_is_compact_and_the_kit_points_into_its_documents(kit):
    from printgen.kit import tracefile

    folder, _ = kit
    raw = (folder / "trace.json").read_bytes()
    manifest = json.loads((folder / "manifest.json").read_text())
    kit = next(d for d in manifest["documents"] if d["kind"] == "kit")
    parts = kit["parts"]                                    # all but the table-size map
    assert parts == [d["path"] for d in manifest["documents"] if d["kind"] not in ("kit", "tiled-map")]
    data = json.loads(raw)
    assert data["kits"] == {"kit-color.pdf": parts}
    assert "kit-color.pdf" not in data["documents"]
    full = tracefile.read(raw.decode())
    entries = sum(len(page) for d in manifest["documents"] if d["kind"] != "kit" for page in full[d["path"]])
    entries += sum(len(spans) for spans in tracefile.read_handouts(raw.decode()).values())    # html/ (issue 40)
    assert len(raw) < 50 * entries          # a traced number costs under 50 bytes (keyed and repeated: 170;
                                            # the lesson pages' text marks and provenance sources are longer)
    assert len(full["kit-color.pdf"]) == next(d["pages"] for d in manifest["documents"] if d["kind"] == "kit")
    assert full["kit-color.pdf"] == [page for p in parts for page in full[p]]
    names = [e for page in full["sprites-color.pdf"] for e in page if e["source"][0] == "fleet"]
    assert {e["source"][1] for e in names} == set(manifest["fleet"]) and all(len(e["bbox"]) == 4 for e in names)


def test_with_tiled_puts_the_table_size_map_into_kit_pdf(run, tmp_path):
    code, out, err = run("kit", "trafalgar", "--ships", "12", "--students", "6", "--scale", "0.5", "--with-tiled",
                         "--out", tmp_path / "k")
    assert code == 0, out + err
    docs = json.loads((tmp_path / "k" / "manifest.json").read_text())["documents"]
    kit = next(d for d in docs if d["kind"] == "kit")
    assert kit["pages"] == sum(d["pages"] for d in docs if d["kind"] != "kit")
    assert any(d["kind"] == "tiled-map" and d["path"] in kit["parts"] for d in docs)


def test_a_document_found_wrong_where_it_was_made_fails_the_kit(run, tmp_path, monkeypatch, patches_reach_workers):
    """The kit's check takes each document as its worker checked it from its bytes (not read again):
    a discrepancy found there fails the kit, named with its file and page."""
    import printgen.check.kit as ck

    real = ck.check_document

    def planted(path, doc, *rest):
        found, texts = real(path, doc, *rest)
        if isinstance(path, bytes) and doc["kind"] == "rulers":         # only where it is made, from memory
            found = [*found, ck.Discrepancy(doc["path"], 1, "planted in the worker")]
        return found, texts

    monkeypatch.setattr(ck, "check_document", planted)
    code, out, err = run("kit", "trafalgar", "--ships", "12", "--students", "6", "--scale", "0.5",
                         "--out", tmp_path / "k")
    assert code == 1, out + err
    assert "FAIL  rulers-color.pdf, page 1: planted in the worker" in out
    assert (tmp_path / "k.failed").is_dir() and not (tmp_path / "k").exists()


def test_kit_pdf_has_one_font_subset_per_face_and_every_word_and_width(kit):
    """kit.pdf joins twelve documents with three faces between them: three font programs, not 36;
    every page says the words of its document's page, each character as wide as it was there."""
    import pikepdf

    from printgen.check.kit import page_texts
    from printgen.kit.fontmerge import _read

    folder, _ = kit
    manifest = json.loads((folder / "manifest.json").read_text())
    parts = next(d for d in manifest["documents"] if d["path"] == "kit-color.pdf")["parts"]

    def widths(path) -> dict:
        out: dict = {}
        with pikepdf.open(path) as pdf:
            programs = {o.objgen for o in pdf.objects if isinstance(o, pikepdf.Stream) and "/Length1" in o.stream_dict}
            for page in pdf.pages:
                for font in page.Resources.Font.values():
                    f = _read(font)
                    for code, c in (f["codes"].items() if f else ()):
                        if c and code in f["widths"]:
                            out.setdefault((f["face"], c), set()).add(f["widths"][code])
        return out, len(programs)

    joined, programs = widths(folder / "kit-color.pdf")
    assert programs == 3
    each: dict = {}
    for p in parts:
        for key, w in widths(folder / p)[0].items():
            each.setdefault(key, set()).update(w)
    assert joined == each and any(c > 127 for _, c in joined)          # accented names and bullets included
    assert page_texts(folder / "kit-color.pdf") == [t for p in parts for t in page_texts(folder / p)]
    assert (folder / "kit-color.pdf").stat().st_size < 250_000        # 498 kB with a subset a document


def test_trace_json_of_format_3_still_reads():
    """A kit printed with printgen-trace/3 (heights, texts and shapes in each entry) can still be checked."""
    from printgen.kit import tracefile

    old = {"format": "printgen-trace/3", "sources": [["rule", "a"], ["label", "x"]], "kinds": ["count", "shape"],
           "labels": [[["row", 1]]],
           "documents": {"d.pdf": [[[1000, 2000, 550, 747, "6", 0, 0, 0],
                                    [1000, 0, 100, 200, "", 1, 0, -1, {"edge": "x", "per": 1.5}]]]},
           "kits": {"k.pdf": ["d.pdf"]}}
    full = tracefile.read(json.dumps(old))
    assert full["k.pdf"] == full["d.pdf"] == [[
        {"bbox": [10.0, 20.0, 15.5, 27.47], "text": "6", "kind": "count", "source": ["rule", "a"],
         "labels": [["row", ["label", "x"]]]},
        {"bbox": [10.0, 20.0, 11.0, 22.0], "text": "", "kind": "shape", "source": ["rule", "a"],
         "shape": {"edge": "x", "per": 1.5}}]]


def test_trace_json_writes_each_value_once_and_an_edition_as_the_other():
    """Texts, heights and shapes are written once and pointed to; a document traced like another (the
    black-and-white edition of the colour one) names it; and all reads back as it was written."""
    from printgen.kit import tracefile

    shape = {"edge": "from", "origin": [1.0, 2.0], "per": 23.31}
    page = [{"bbox": [10.0, 20.0, 15.5, 27.47], "text": "Trafalgar, 21 October 1805", "source": ["scenario"],
             "kind": "text"},
            {"bbox": [30.0, 20.0, 35.5, 27.47], "text": "Trafalgar, 21 October 1805", "source": ["scenario"],
             "kind": "text", "labels": [["row", ["label", "x"]]]},
            {"bbox": [1.0, 2.0, 3.0, 4.0], "text": "", "source": ["rule", "a"], "kind": "shape", "shape": shape},
            {"bbox": [1.0, 5.0, 3.0, 7.0], "text": "", "source": ["rule", "b"], "kind": "shape", "shape": shape}]
    other = [{**page[0], "text": "6"}]
    raw = tracefile.write({"a-color.pdf": [page, other], "a-bw.pdf": [page, other], "b-bw.pdf": [other]},
                          {"kit-bw.pdf": ["a-bw.pdf", "b-bw.pdf"]})
    data = json.loads(raw)
    assert data["format"] == "printgen-trace/4"
    assert data["documents"]["a-bw.pdf"] == "a-color.pdf" and isinstance(data["documents"]["b-bw.pdf"], list)
    assert raw.count(b"Trafalgar, 21 October 1805") == 1 and raw.count(b"23.31") == 1 and raw.count(b"origin") == 1
    assert data["heights"] == [747, 200]
    full = tracefile.read(raw.decode())
    assert full["a-color.pdf"] == full["a-bw.pdf"] == [page, other] and full["b-bw.pdf"] == [other]
    assert full["kit-bw.pdf"] == [page, other, other]


def test_trace_json_of_a_kit_printed_before_still_reads():
    """A kit printed with the previous trace format (printgen-trace/2) can still be checked."""
    from printgen.kit import tracefile

    old = {"format": "printgen-trace/2", "sources": [["rule", "a"]], "kinds": ["count"],
           "documents": {"d.pdf": [[[10.0, 20.0, 5.5, 7.47, "6", 0, 0, {"labels": [["row", ["label", "x"]]]}]]]},
           "kits": {"k.pdf": ["d.pdf"]}}
    full = tracefile.read(json.dumps(old))
    assert full["k.pdf"] == full["d.pdf"] == [[{"bbox": [10.0, 20.0, 15.5, 27.47], "text": "6", "kind": "count",
                                                "source": ["rule", "a"], "labels": [["row", ["label", "x"]]]}]]


def test_the_kit_joins_kit_pdf_once_and_every_check_joins_it_again(kit, monkeypatch):
    """kit.pdf, joined by the build from documents its workers checked, is not joined again by the
    kit's own check while its file keeps the bytes the build made (the same code on the same bytes
    proves nothing new); a file with other bytes, and every `printgen check`, is joined again."""
    import hashlib

    from printgen.check.kit import Checked
    from printgen.kit import combine, parallel

    folder = kit[0]
    monkeypatch.setattr(parallel.os, "cpu_count", lambda: 1)        # one process: the joins are seen here
    joins = []
    real = combine.combine_pdfs
    monkeypatch.setattr(combine, "combine_pdfs", lambda parts: joins.append(len(parts)) or real(parts))
    manifest = json.loads((folder / "manifest.json").read_text())
    made = {d["path"]: Checked(d["sha256"], [], []) for d in manifest["documents"]}

    def joined(checked: dict | None) -> int:
        joins.clear()
        said = []
        assert check_kit(folder, echo=said.append, quiet=True, checked=checked), said
        return len(joins)

    assert joined(None) == 1                                         # `printgen check`
    assert joined(made) == 0                                         # the kit's own check
    other = {**made, "kit-color.pdf": Checked("0" * 64, [], None)}   # not the bytes on disk
    assert joined(other) == 1
    part = {**made, "quickref-color.pdf": Checked("0" * 64, [], None)}      # a document read again
    assert joined(part) == 1
    assert made["kit-color.pdf"].sha256 == hashlib.sha256((folder / "kit-color.pdf").read_bytes()).hexdigest()


def test_every_font_a_page_names_is_embedded(kit):
    """No PDF of the kit names a font it does not carry (reportlab's default Helvetica, never shown,
    used to be named on every page): each page's fonts are printgen's embedded DejaVu subsets."""
    import pikepdf

    folder, _ = kit
    for path in sorted(folder.glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            names = {str(font.get("/BaseFont")) for page in pdf.pages for font in page.Resources.Font.values()}
            embedded = {str(font.get("/BaseFont")) for page in pdf.pages for font in page.Resources.Font.values()
                        if "/FontDescriptor" in font and "/FontFile2" in font.FontDescriptor}
        assert names == embedded and all("DejaVuSans" in n for n in names), (path.name, names - embedded)
