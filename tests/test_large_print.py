"""Issue 40, the large-print edition: every pupil's reading document in large type (body text
16 pt or more, no character under 14 pt, no italics, every word on white), read back from the
printed PDFs of two kits (Trafalgar in black and white and large print; Sluys in large print in
French); the pieces at their size on the table with larger names and hit circles; the check holds
large-print pages to those floors and catches a changed number; the copier keeps every word."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from pdfread import open_pdf
from tamper import built_once, copy_kit, edit_page, fails, load_trace, replace_shown_at

TRAFALGAR = ("trafalgar", "--students", "8", "--edition", "bw+large", "--dyslexia")
SLUYS_FR = ("sluys-1340", "--students", "8", "--edition", "large", "--lang", "fr")


@pytest.fixture(scope="module")
def trafalgar():
    return built_once(*TRAFALGAR)


@pytest.fixture(scope="module")
def sluys_fr():
    return built_once(*SLUYS_FR)


def _manifest(kit) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def _large_print(kit) -> list[str]:
    """The kit's documents its large-print edition sets in large type (each record says)."""
    from printgen.registry.documents import find

    return [d["path"] for d in _manifest(kit)["documents"] if d["kind"] != "kit"
            and find(d["kind"]) is not None and find(d["kind"]).large_print(d["edition"])]


def test_both_kits_build_their_large_edition_and_pass_their_check(trafalgar, sluys_fr):
    """built_once asserts `printgen kit` exited 0: its check passed. Every pupil document is there."""
    for kit, editions in ((trafalgar, {"bw", "large"}), (sluys_fr, {"large"})):
        docs = _manifest(kit)["documents"]
        assert {d["edition"] for d in docs} == editions
        assert (kit / "kit-large.pdf").is_file()
    kinds = {p.rsplit("-", 1)[0] for p in _large_print(trafalgar)}
    assert kinds == {"background", "quickref", "cards", "captains", "score", "worksheet", "first-turn", "debrief"}
    assert {p.rsplit("-", 1)[0] for p in _large_print(sluys_fr)} >= {"records", "captains", "cards", "quickref"}


@pytest.mark.parametrize("which", ["trafalgar", "sluys_fr"])
def test_every_pupil_page_is_large_print(which, request):
    """Every character of every page of every large-print document at 14 pt or more, the most
    common size (the body) 16 pt or more, and no slanted face: the clear-print floors."""
    kit = request.getfixturevalue(which)
    names = _large_print(kit)
    assert names
    top, bottom = _content(_manifest(kit))
    for name in names:
        with open_pdf(kit / name) as pdf:
            for number, page in enumerate(pdf.pages, start=1):
                sizes = Counter(round(c["size"], 1) for c in page.chars if c["text"].strip())
                assert sizes, f"{name} page {number} prints nothing"
                assert min(sizes) >= 14 - 0.01, f"{name} page {number}: a character at {min(sizes)} pt"
                body = Counter(round(c["size"], 1) for c in page.chars if c["text"].strip()
                               and top <= c["top"] and c["bottom"] <= bottom).most_common(1)[0][0]
                assert body >= 16 - 0.01, f"{name} page {number}: its body text at {body} pt"
                faces = {c["fontname"] for c in page.chars}
                assert not any("Oblique" in f or "Italic" in f for f in faces), (name, number, faces)


def _content(manifest: dict) -> tuple[float, float]:
    """The top and bottom of a large-print page's content (the header and footer, the frame's
    words at 14 pt, aside)."""
    from printgen.draw.typescale import LARGE, SCALE
    from printgen.options import Options
    from printgen.sheets.page.frame import content_box

    token = SCALE.set(LARGE)
    try:
        box = content_box(Options(edition="large", paper=manifest["options"]["paper"]))
    finally:
        SCALE.reset(token)
    return box.y, box.bottom


def test_dyslexia_sets_the_large_print_at_18_pt(trafalgar, sluys_fr):
    """`--dyslexia` (the Trafalgar kit): every large-print page's body at 18 pt; without it (Sluys),
    the captain cards' body is large print's 16 pt."""
    top, bottom = _content(_manifest(trafalgar))

    def body(kit, name) -> set[float]:
        with open_pdf(kit / name) as pdf:
            return {Counter(round(c["size"], 1) for c in page.chars if c["text"].strip()
                            and top <= c["top"] and c["bottom"] <= bottom).most_common(1)[0][0] for page in pdf.pages}

    assert all(body(trafalgar, name) == {18.0} for name in _large_print(trafalgar)
               if not name.startswith("first-turn")), {n: body(trafalgar, n) for n in _large_print(trafalgar)}
    assert body(sluys_fr, "captains-large.pdf") == {16.0}
    assert _manifest(trafalgar)["request"]["dyslexia"] is True and "dyslexia" not in _manifest(sluys_fr)["request"]


def test_dyslexia_without_large_print_is_refused(run, tmp_path):
    code, out, err = run("kit", "trafalgar", "--edition", "bw", "--dyslexia", "--out", tmp_path / "k")
    assert code == 2 and "--dyslexia" in err and not (tmp_path / "k").exists()


def test_the_same_documents_in_black_and_white_are_smaller(trafalgar):
    """The comparison that makes the test above mean something: the black-and-white edition of
    the same kit prints the same documents at its ordinary sizes (under 14 pt), in fewer pages."""
    m = {d["path"]: d["pages"] for d in _manifest(trafalgar)["documents"]}
    with open_pdf(trafalgar / "quickref-bw.pdf") as pdf:
        assert min(c["size"] for p in pdf.pages for c in p.chars) < 14
    assert m["quickref-large.pdf"] > m["quickref-bw.pdf"] and m["captains-large.pdf"] > m["captains-bw.pdf"]


def test_teachers_documents_keep_ordinary_type_and_say_so(trafalgar):
    """The lesson plan of the large-print edition is the teacher's: ordinary type (as the black
    and white one), and index.html says how each document of the edition prints."""
    with open_pdf(trafalgar / "lesson-large.pdf") as pdf:
        assert min(c["size"] for p in pdf.pages for c in p.chars) < 14
        words = " ".join(p.extract_text() or "" for p in pdf.pages)
    assert "This is the large-print edition" in " ".join(words.split())
    index = (trafalgar / "index.html").read_text(encoding="utf-8")
    assert "the teacher&#39;s copy, ordinary type" in index and "(1 page, large print)" not in index
    assert "large print: pieces at their size on the table" in index


def _circles(page) -> list[float]:
    return [c["width"] for c in page.curves if abs(c["width"] - c["height"]) < 0.3 and c["width"] > 8]


def _base_rects(page) -> list[tuple[float, float]]:
    return [(round(r["width"]), round(r["height"])) for r in page.rects if round(r["width"]) == 144]


def test_pieces_keep_their_size_but_names_and_hit_circles_grow(trafalgar):
    """A 2 in x 1 in base in both editions; on the large-print pieces the ships' names are larger
    and so are the hit circles, as large as the base's strips hold."""
    with open_pdf(trafalgar / "sprites-bw.pdf") as bw, open_pdf(trafalgar / "sprites-large.pdf") as large:
        a, b = bw.pages[0], large.pages[0]
        assert (144, 72) in _base_rects(a) and (144, 72) in _base_rects(b)
        name = "Neptune"
        sizes = [max(c["size"] for c in p.chars if c["text"] == name[0] and c["fontname"].endswith("Bold"))
                 for p in (a, b)]
        assert sizes[1] >= 14 > sizes[0], sizes
    # larger, as large as the strips hold, the same ships' (a page of large print holds fewer pieces): the name
    # strip of a base takes two lines of 12 pt for a long name ("Royal Sovereign", issue 44), so the hit strip is
    # 0.3" (21.6 pt), not 0.35", and a ship's circles grow by 7% (5 circles) to 12% (7), no longer by 20%
    with open_pdf(trafalgar / "sprites-bw.pdf") as bw, open_pdf(trafalgar / "sprites-large.pdf") as large:
        a, b = ({round(c, 1) for page in pdf.pages for c in _circles(page)} for pdf in (bw, large))
    assert min(b) > min(a) * 1.05 and max(b) > max(a) * 1.05, (sorted(b), sorted(a))


def test_a_large_print_captain_card_shows_the_pupils_pieces(trafalgar):
    """Each card says which pieces are the pupil's: the words, then each ship's name on a base
    drawn as the piece prints it (a labelled rectangle in the trace)."""
    trace = load_trace(trafalgar)["captains-large.pdf"]
    with open_pdf(trafalgar / "captains-large.pdf") as pdf:
        first = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "Your pieces on the table: find each by its name and its base." in first
    names = [e["text"] for page in trace for e in page if e["source"][0] == "fleet" and e["source"][2] == "name"]
    assert names.count("Victory") == 3                  # its piece, the table of ships, the hit track


def test_a_changed_number_on_a_large_print_card_is_caught(trafalgar, tmp_path):
    kit = copy_kit(trafalgar, tmp_path)
    name = "cards-large.pdf"
    page, entry = next((k + 1, e) for k, p in enumerate(load_trace(kit)[name]) for e in p      # a table's cell
                       if e["source"] == ["rule", "movement.in_irons.british.move"] and e.get("labels"))
    edit_page(kit, name, page, replace_shown_at(entry["text"].encode(), b"3-6", entry["bbox"]))
    found = fails(kit)
    assert any(f.startswith(f"FAIL  {name}, page {page}: rule:movement.in_irons.british.move prints '3-6'")
               for f in found), found


def test_small_type_on_a_large_print_page_fails_the_check(trafalgar, tmp_path):
    """The same text object at 10 pt: legal on a black-and-white page, a discrepancy in large print."""
    kit = copy_kit(trafalgar, tmp_path)
    edit_page(kit, "quickref-large.pdf", 1, lambda data: re.sub(rb" 1[678] Tf", b" 10 Tf", data, count=1))
    found = fails(kit)
    assert any(f.startswith("FAIL  quickref-large.pdf, page 1: text at 10 pt") and "below the 14 pt type floor" in f
               for f in found), found


def test_text_on_a_tint_fails_a_large_print_page(trafalgar, tmp_path):
    """A light grey fill laid under a page (contrast enough for the other editions' rule of 3:1):
    large print keeps every word on white paper."""
    kit = copy_kit(trafalgar, tmp_path)
    for name in ("quickref-large.pdf", "quickref-bw.pdf"):
        edit_page(kit, name, 1, lambda data: b"q 0.85 g 0 0 612 792 re f Q\n" + data)
    found = fails(kit)
    assert any(f.startswith("FAIL  quickref-large.pdf, page 1: text at") and "fill: large print keeps every word "
               "on white" in f for f in found), found
    assert not any("quickref-bw.pdf" in f and "fill" in f for f in found)


def test_the_large_print_edition_survives_the_copier(trafalgar):
    """check --photocopy reads the large-print documents too (here the pupils' reading pages and
    the pieces: every word, number, line and hit circle kept)."""
    from printgen.check.kit import _replan
    from printgen.check.photocopy import Copier, _document, summary

    plan = _replan(_manifest(trafalgar), trafalgar)
    copier = Copier()
    measured = []
    for name, kind in (("captains-large.pdf", "captains"), ("quickref-large.pdf", "quickref"),
                       ("sprites-large.pdf", "sprites")):
        lost, kept = _document((plan, copier), (str(trafalgar / name), name, kind, True, "large"))
        assert lost == [], [str(d) for d in lost[:5]]
        measured += kept
    counts = summary(measured, copier)
    assert {"word", "number", "hit circle", "cut line"} <= set(counts), counts


def test_editions_combine_and_both_keeps_its_meaning():
    from printgen.options import Options
    from printgen.request import EDITIONS, KitRequest
    from printgen.serve.form import EDITION_NAMES
    from printgen.serve.form import EDITIONS as ON_THE_PAGE

    assert KitRequest(edition="both").editions == ("color", "bw")
    assert KitRequest(edition="large").editions == ("large",)
    assert KitRequest(edition="bw+large").editions == ("bw", "large")
    assert KitRequest(edition="all").editions == ("color", "bw", "large")
    assert set(ON_THE_PAGE) == set(EDITIONS) == set(EDITION_NAMES)
    assert Options(edition="large").edition_name == "large-print edition"


def test_config_keeps_a_large_edition_and_the_kit_command_offers_it(run, tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTGEN_CONFIG", str(tmp_path / "config.toml"))
    code, out, err = run("config", "edition", "bw+large")
    assert code == 0, out + err
    code, out, err = run("config")
    assert "bw+large" in out
    code, out, err = run("kit", "--help")
    assert "large" in out
    code, out, err = run("config", "edition", "huge")
    assert code == 2


# --- issue 44, item 5: large print on everything a pupil handles -------------------------------------------------

def _pieces_box(manifest: dict):
    """The content box of a page of pieces (inside the page frame)."""
    from printgen.draw.typescale import LARGE_PIECES, SCALE
    from printgen.options import Options
    from printgen.sheets.page.frame import content_box

    token = SCALE.set(LARGE_PIECES)
    try:
        return content_box(Options(edition="large", paper=manifest["options"]["paper"]))
    finally:
        SCALE.reset(token)


def _inside_content(page, manifest: dict) -> list[dict]:
    """The characters of a page of pieces inside its content box (the page frame's words and the
    calibration square's aside: the frame is trimmed away, and prints as in black and white)."""
    box = _pieces_box(manifest)
    return [c for c in page.chars if c["text"].strip() and box.y <= c["top"] and c["bottom"] <= box.bottom]


@pytest.mark.parametrize("which", ["trafalgar", "sluys_fr"])
def test_rulers_and_gauges_are_large_print(which, request):
    """Every word and number on the large-print rulers and gauges at 14 pt or more (the standard
    edition prints them at 6.5 to 9 pt)."""
    kit = request.getfixturevalue(which)
    with open_pdf(kit / "rulers-large.pdf") as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            chars = _inside_content(page, _manifest(kit))
            assert chars, f"rulers page {number} prints nothing"
            small = sorted({round(c["size"], 1) for c in chars if c["size"] < 14 - 0.01})
            assert not small, f"rulers-large.pdf page {number}: words at {small} pt"


def _cut_outlines(page) -> list[dict]:
    """The rulers' cut outlines: the rectangles a ruler's body is (wider than tall, taller than 30 pt)."""
    return [r for r in page.rects if r["width"] > r["height"] > 30]


@pytest.mark.parametrize("which", ["trafalgar", "sluys_fr"])
def test_no_digit_is_clipped_at_a_sticks_end_or_a_marks_line(which, request):
    """Each number along a large-print stick lies inside its stick, and clear of every mark's
    coloured line (the "3" and "6" at the ends of Trafalgar's movement stick were cut by the line
    at the mark and the stick's end)."""
    kit = request.getfixturevalue(which)
    with open_pdf(kit / "rulers-large.pdf") as pdf:
        checked = 0
        for page in pdf.pages:
            sticks = _cut_outlines(page)
            lines = [r for r in page.rects if r["width"] < 4.5 and r["height"] > 10]      # the marks' swatch lines
            for c in page.chars:
                if not c["text"].isdigit():
                    continue
                stick = next((s for s in sticks if s["top"] - 0.5 <= c["top"] and c["bottom"] <= s["bottom"] + 0.5
                              and s["x0"] - 20 <= c["x0"] <= s["x1"] + 20), None)
                if stick is None:
                    continue
                checked += 1
                assert stick["x0"] <= c["x0"] and c["x1"] <= stick["x1"], (c["text"], c["x0"], c["x1"], stick["x1"])
                for ln in lines:
                    overlap = min(c["x1"], ln["x1"]) - max(c["x0"], ln["x0"])
                    vertical = min(c["bottom"], ln["bottom"]) - max(c["top"], ln["top"])
                    assert overlap <= 0 or vertical <= 0, (c["text"], c["x0"], c["x1"], ln["x0"], ln["x1"])
        assert checked > 10


def test_the_word_glue_on_the_pieces_is_large_print(trafalgar):
    """Each "glue" on the large-print pieces at 14 pt (6 pt before): an area too small for the word
    at that size is grey alone, as the sheet's legend says."""
    with open_pdf(trafalgar / "sprites-large.pdf") as pdf:
        sizes = []
        for page in pdf.pages:
            for word in page.extract_words(extra_attrs=["size"]):
                if word["text"] == "glue" and any(r["x0"] <= word["x0"] and word["x1"] <= r["x1"]
                                                  and r["top"] <= word["top"] and word["bottom"] <= r["bottom"]
                                                  for r in page.rects):
                    sizes.append(round(word["size"], 1))             # in a glue area (the legend's words are not)
    assert sizes and min(sizes) >= 14 - 0.01, sorted(set(sizes))


def test_the_obstacle_markers_words_are_large_print(sluys_fr):
    """The obstacle markers' sheet (what to do with them, their size): 14 pt or more inside the
    page's frame (8.5 to 12 pt before), wrapped to the page."""
    with open_pdf(sluys_fr / "markers-large.pdf") as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            chars = _inside_content(page, _manifest(sluys_fr))
            assert chars and min(c["size"] for c in chars) >= 14 - 0.01, (number, sorted({c["size"] for c in chars}))
            assert max(c["x1"] for c in chars) <= _pieces_box(_manifest(sluys_fr)).right + 0.5, "a line runs past"
