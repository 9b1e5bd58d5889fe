"""The medieval drawings, measured on the printed PDFs: top-down ship bases (size by type, structure
boxes by sector, names), ship record cards (attack-speed, ram and sail boxes), obstacle markers.
Expected numbers come from the ruleset and the fleet, not from the drawing code."""

from collections import Counter
from types import SimpleNamespace

import pytest

from pdfread import box, inside, open_pdf, rects_of_size
from printgen.game.prepare import prepare
from printgen.sheets.page.write import write_sheet

SECTORS = ("bow", "stern", "port", "starboard", "mast")


def _write(make, out, key, name="sluys-1340", damage_on=None, **kw):
    import dataclasses

    s, o = prepare(name, **kw)
    if damage_on:                                       # where the teacher keeps the damage (kit.damage_on)
        s = dataclasses.replace(s, kit=s.kit.model_copy(update={"damage_on": damage_on}))
    return write_sheet(make(s, o), o, out / key, key)[0]


@pytest.fixture(scope="module")
def sluys():
    s, _ = prepare("sluys-1340")
    return s


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    """Every medieval sheet of the Sluys fleet, drawn once and parsed once for all the tests."""
    from printgen.systems.sectors.markers import marker_sheets
    from printgen.systems.sectors.records import record_sheets
    from printgen.sheets.pieces.sprites import sprite_sheets

    out = tmp_path_factory.mktemp("medieval")
    files = {"pieces": _write(sprite_sheets, out, "pieces", damage_on="pieces"),      # the boxes on the pieces
             "pieces-bw": _write(sprite_sheets, out, "pieces-bw", damage_on="pieces", edition="bw"),
             "pieces-half": _write(sprite_sheets, out, "pieces-half", damage_on="pieces", scale=0.5),
             "records": _write(record_sheets, out, "records"),
             "markers": _write(marker_sheets, out, "markers"),
             "markers-bw": _write(marker_sheets, out, "markers-bw", edition="bw"),
             "markers-half": _write(marker_sheets, out, "markers-half", scale=0.5)}
    opened = {key: open_pdf(path) for key, path in files.items()}
    yield SimpleNamespace(files=files, **{k.replace("-", "_"): v for k, v in opened.items()})
    for pdf in opened.values():
        pdf.close()


def structure(rs, ship) -> dict[str, int]:
    st = rs.types[ship.type].structure
    return {part: getattr(st, part) for part in SECTORS}


def squares(page, b) -> list[dict]:
    """Small squares inside a base: the structure boxes."""
    side = min(b[2] - b[0], b[3] - b[1]) / 2
    return [r for r in page.rects if abs(r["width"] - r["height"]) < 0.3 and 1 < r["width"] < side and inside(r, b)]


def upright_text(page, b) -> str:
    return "".join(c["text"] for c in page.chars if c["matrix"][0] > 0 and inside(c, b, tol=0.1))


def bases(pdf, fleet, rs, scale=1.0) -> list[tuple]:
    """(page, base box, ship) for every rect of a base size of the ruleset that holds a ship's name."""
    sizes = {tuple(v * scale for v in t.base_in) for t in rs.types.values()}
    found = []
    for page in pdf.pages:
        seen = set()
        for w, h in sizes:
            for r in rects_of_size(page, w, h):
                b = box(r)
                if b in seen:
                    continue
                seen.add(b)
                text = upright_text(page, b).replace(" ", "")
                named = [s for s in fleet.ships if s.name.replace(" ", "") in text]
                longest = max(named, key=lambda s: len(s.name)) if named else None
                found.append((page, b, longest))
    return found


def test_one_base_per_ship_at_its_types_size(pdfs, sluys):
    rs = sluys.ruleset
    found = bases(pdfs.pieces, sluys.fleet, rs)
    assert len(found) == len(sluys.fleet.ships) == 30
    assert Counter(s.key for _, _, s in found if s) == {s.key: 1 for s in sluys.fleet.ships}
    for _, b, ship in found:
        length, width = rs.types[ship.type].base_in
        assert abs((b[2] - b[0]) / 72 - length) <= 0.01 and abs((b[3] - b[1]) / 72 - width) <= 0.01, ship.key
    assert {ship.type for _, _, ship in found} == {"cog", "hulk", "english-galley", "med-galley"}


def test_half_scale_bases_are_half_the_size(pdfs, sluys):
    rs = sluys.ruleset
    found = bases(pdfs.pieces_half, sluys.fleet, rs, scale=0.5)
    assert sorted(s.key for _, _, s in found) == sorted(s.key for s in sluys.fleet.ships)
    for _, b, ship in found:
        length, width = rs.types[ship.type].base_in
        assert abs((b[2] - b[0]) / 72 - length / 2) <= 0.01 and abs((b[3] - b[1]) / 72 - width / 2) <= 0.01
    assert not bases(pdfs.pieces_half, sluys.fleet, rs)          # nothing at full size


def test_structure_boxes_per_sector_equal_the_ships_type(pdfs, sluys):
    """Boxes are counted by where they lie: aft of the stern line, forward of the bow line, and
    between them above the hull (port), below it (starboard) or on the deck by the mast."""
    rs = sluys.ruleset
    for scale, pdf in ((1.0, pdfs.pieces), (0.5, pdfs.pieces_half)):
        for page, b, ship in bases(pdf, sluys.fleet, rs, scale):
            x0, top, x1, bottom = b
            lines = sorted({round(ln["x0"], 1) for ln in page.lines if ln.get("dash") and ln["x0"] == ln["x1"]
                            and abs(ln["top"] - top) < 0.5 and abs(ln["bottom"] - bottom) < 0.5
                            and x0 < ln["x0"] < x1})
            assert len(lines) == 2, ship.key                       # the stern line and the bow line
            stern_x, bow_x = lines
            got = Counter()
            h = bottom - top
            for r in squares(page, b):
                cx, cy = (r["x0"] + r["x1"]) / 2, (r["top"] + r["bottom"]) / 2
                if cx < stern_x:
                    got["stern"] += 1
                elif cx > bow_x:
                    got["bow"] += 1
                else:
                    got["port" if cy < top + 0.25 * h else "starboard" if cy > top + 0.75 * h else "mast"] += 1
            assert dict(got) == structure(rs, ship), ship.key


def test_every_name_is_printed_and_read_both_ways_on_broad_decks(pdfs, sluys):
    text = "\n".join(p.extract_text() for p in pdfs.pieces.pages)
    for ship in sluys.fleet.ships:
        assert ship.name in text
    assert "Cog of Fécamp" in text and "Barbavera's galley" in text
    upside_down = Counter()
    for page in pdfs.pieces.pages:
        rotated = "".join(c["text"] for c in page.chars if c["matrix"][0] < 0)        # drawn in reading order
        for ship in sluys.fleet.ships:
            upside_down[ship.type] += ship.name in rotated
    assert upside_down["cog"] == sum(s.type == "cog" for s in sluys.fleet.ships)   # cogs: both ways
    assert "STARBOARD" in text and "MAST" in text
    assert "PORT" in "".join(c["text"] for c in pdfs.pieces.pages[0].chars if c["matrix"][0] < 0)
    assert "not from the source" in text


def paints(path) -> set:
    """Every fill, stroke and text colour of a PDF (read with pdfium: fast on pages of dots)."""
    from printgen.check.pdfread import read_pdf

    return {c for page in read_pdf(path, shapes=False) for c in
            [*(p.fill for p in page.paths), *(p.stroke for p in page.paths), *page.text_colours] if c}


def test_black_and_white_is_grey_only(pdfs):
    for key in ("pieces-bw", "markers-bw"):
        used = paints(pdfs.files[key])
        assert used and all(len(set(c)) == 1 for c in used), (key, used)
    for key in ("pieces", "markers"):
        assert any(len(set(c)) > 1 for c in paints(pdfs.files[key]))


def test_the_drawing_and_the_checker_count_the_rules_boxes(pdfs, sluys, scenario_dir):
    """printgen's own consistency check and `printgen check` agree with the rules, and the checker
    notices when the rules change under a printed sheet."""
    from printgen.check.kit import _bases
    from printgen.check.pdfread import read_pdf
    from printgen.draw.render import render
    from printgen.kit.build import trace_record
    from printgen.rules import checks
    from printgen.sheets.pieces.sprites import printed_tracks, sprite_sheets

    pieces = {"kit": {"damage_on": "pieces"}}                     # the boxes on the pieces
    s, o = prepare(str(scenario_dir(name="sluys-1340", scenario=pieces)))
    drawing = sprite_sheets(s, o)
    assert checks.damage_tracks(s, printed_tracks(drawing)).ok
    trace = [[trace_record(e) for e in page.trace] for page in render(drawing, "color", "pdf").pages]
    pages = read_pdf(pdfs.files["pieces"])

    def problems(scenario):
        plan = SimpleNamespace(scenario=scenario, options=o)
        return [d for i, (page, t) in enumerate(zip(pages, trace)) for d in _bases(page, t, plan, "x", i + 1)]

    assert problems(s) == []
    changed, _ = prepare(str(scenario_dir(name="sluys-1340", scenario=pieces,
                                          ruleset={"types": {"cog": {"structure": {"bow": 7}}}})))
    found = problems(changed)
    assert len(found) == sum(ship.type == "cog" for ship in s.fleet.ships)
    assert all("structure boxes" in d.what for d in found)
    bigger, _ = prepare(str(scenario_dir(name="sluys-1340", scenario=pieces,
                                         ruleset={"types": {"hulk": {"base_in": [3.5, 1.5]}}})))
    assert {d.what for d in problems(bigger)} == {"Hulk of London (English): no base of 3.50 x 1.50 in found",
                                                  "Nef of Rouen (French): no base of 3.50 x 1.50 in found"}


def record_rows(pdf, fleet, label: str) -> dict[str, list[int]]:
    """Ship key -> the number of boxes on each line of its card that starts with `label` (bold). A line
    belongs to the card whose title (the ship's name) is nearest above it in the same column."""
    out: dict[str, list[int]] = {}
    for page in pdf.pages:
        half = page.width / 2
        titles = [(m["top"], m["x0"] < half, ship.key) for ship in fleet.ships
                  for m in page.search(ship.name, regex=False)]
        for word in page.extract_words(extra_attrs=["fontname"]):
            if word["text"] != label or "Bold" not in word["fontname"]:
                continue
            cy = (word["top"] + word["bottom"]) / 2
            n = sum(1 for r in page.rects if abs(r["width"] - r["height"]) < 0.3 and r["width"] < 20
                    and abs((r["top"] + r["bottom"]) / 2 - cy) < 3 and word["x1"] < r["x0"] < word["x1"] + 150)
            above = [(top, key) for top, left, key in titles if left == (word["x0"] < half) and top < word["top"]]
            out.setdefault(max(above)[1], []).append(n)
    return out


def rows_of(path, fleet, label):
    with open_pdf(path) as pdf:
        return record_rows(pdf, fleet, label)


def test_a_record_card_per_ship(pdfs, sluys):
    rs = sluys.ruleset
    text = "\n".join(p.extract_text() for p in pdfs.records.pages)
    assert text.count("tick a box for each point lost") == len(sluys.fleet.ships)
    for ship in sluys.fleet.ships:
        assert ship.name in text
    for part in SECTORS:
        rows = record_rows(pdfs.records, sluys.fleet, part.capitalize())
        assert rows == {ship.key: [structure(rs, ship)[part]] for ship in sluys.fleet.ships}, part
    uses = record_rows(pdfs.records, sluys.fleet, "Used")      # a chained ship never moves: no attack speed to use
    chained = set(sluys.file.fleet.chained)
    assert uses == {ship.key: [rs.movement.attack_speed_uses] for ship in sluys.fleet.ships
                    if ship.squadron not in chained}
    assert rs.movement.attack_speed_uses == 4
    rams = record_rows(pdfs.records, sluys.fleet, "Clearing")
    assert rams == {ship.key: [rs.ramming.clear_turns] for ship in sluys.fleet.ships if rs.types[ship.type].ram}
    assert len(rams) == 4 and rs.ramming.clear_turns == 2
    unfurl = record_rows(pdfs.records, sluys.fleet, "Unfurling")
    # the sail box only where the unfurling rule applies: "A galley or longship must furl its sail"
    assert unfurl == {ship.key: [rs.movement.unfurl_turns] for ship in sluys.fleet.ships
                      if rs.types[ship.type].oars and not rs.types[ship.type].round_ship
                      and ship.squadron not in chained}
    assert unfurl and "Sail: set / furled" in text
    crew = record_rows(pdfs.records, sluys.fleet, "Crew")
    assert crew == {ship.key: [rs.types[ship.type].crew_boxes] for ship in sluys.fleet.ships}
    assert "Crew 137 men: 4 crew boxes" in text and "Crew 250 men" in text and "(the type's, from the histories)" in text
    assert 'Move 4", attack speed 4" (not from the source)' in text


def test_a_changed_attack_speed_rule_changes_the_boxes(scenario_dir, tmp_path):
    from printgen.systems.sectors.records import record_sheets

    folder = scenario_dir(name="sluys-1340", ruleset={"movement": {"attack_speed_uses": 6}, "ramming": {"clear_turns": 3}})
    s, _ = prepare(str(folder), ships=6)                 # the named ships, Barbavera's galley among them
    path = _write(record_sheets, tmp_path, "records", str(folder), ships=6)
    chained = set(s.file.fleet.chained)                  # (a chained ship never moves: no attack speed)
    assert rows_of(path, s.fleet, "Used") == {ship.key: [6] for ship in s.fleet.ships if ship.squadron not in chained}
    assert rows_of(path, s.fleet, "Clearing") == {ship.key: [3] for ship in s.fleet.ships if ship.type == "med-galley"}
    assert any(ship.type == "med-galley" for ship in s.fleet.ships)
    with open_pdf(path) as pdf:
        assert "at most 6 times a game" in pdf.pages[0].extract_text()


def test_markers_count_size_and_words(pdfs, sluys):
    from printgen.check.pdfread import read_pdf
    from printgen.systems.sectors.markers import MARKERS

    w, h = sluys.ruleset.obstacles.marker_in
    for key, scale in (("markers", 1.0), ("markers-bw", 1.0), ("markers-half", 0.5)):
        (page,) = read_pdf(pdfs.files[key], colours=False)
        found = {(p.x0, p.top, p.x1, p.bottom) for p in page.paths
                 if p.kind == "rect" and abs(p.w - w * scale * 72) < 0.72 and abs(p.h - h * scale * 72) < 0.72}
        assert len(found) == MARKERS == 20
        with open_pdf(pdfs.files[key]) as pdf:                  # crossed lines, level and upright (never a nation's
            lines = pdf.pages[0].lines                          # hatching or dots: a marker is terrain)
            level = [ln for ln in lines if ln["bottom"] - ln["top"] < 0.01 < ln["x1"] - ln["x0"]]
            upright = [ln for ln in lines if ln["x1"] - ln["x0"] < 0.01 < ln["bottom"] - ln["top"]]
        for b in found:                                         # crossed, inside the page's margins
            for kind in (level, upright):
                assert sum(1 for d in kind if b[0] - 0.5 <= d["x0"] and d["x1"] <= b[2] + 0.5
                           and b[1] - 0.5 <= d["top"] and d["bottom"] <= b[3] + 0.5) >= 2
            assert b[0] >= 0.25 * 72 and b[2] <= page.width - 0.25 * 72
        text = "".join(c.text for c in page.chars)
        assert sluys.ruleset.obstacles.marker in text and "not from the source" in text
        assert ('1.5" by 1"' if scale == 1 else '0.75" by 0.5"') in text          # as drawn, to 0.01"
    assert any(b > r + 50 for r, g, b in paints(pdfs.files["markers"]))          # the blue paper


def test_a_changed_marker_size_changes_the_markers(scenario_dir, tmp_path):
    from printgen.check.pdfread import read_pdf
    from printgen.systems.sectors.markers import marker_sheets

    folder = scenario_dir(name="sluys-1340", ruleset={"obstacles": {"marker_in": [2, 1.5]}})
    (page,) = read_pdf(_write(marker_sheets, tmp_path, "markers", str(folder)), colours=False)
    found = {(round(p.x0), round(p.top)) for p in page.paths
             if p.kind == "rect" and abs(p.w - 2 * 72) < 0.72 and abs(p.h - 1.5 * 72) < 0.72}
    assert len(found) == 15                                     # three by five fill the page
    assert '2" by 1.5"' in "".join(c.text for c in page.chars)


def test_every_number_is_traced(tmp_path):
    """What `printgen check` does on a kit: every digit printed is traced and equals its source."""
    from printgen.check.numbers import Context, check_page
    from printgen.check.pdfread import read_pdf
    from printgen.draw.render import render
    from printgen.kit.build import trace_record
    from printgen.systems.sectors.markers import marker_sheets
    from printgen.systems.sectors.records import record_sheets
    from printgen.sheets.pieces.sprites import sprite_sheets

    for make in (sprite_sheets, record_sheets, marker_sheets):
        for kw in ({}, {"scale": 0.5, "units": "cm"}):
            s, o = prepare("sluys-1340", **kw)
            rendered = render(make(s, o), o.edition, "pdf")
            path = tmp_path / "x.pdf"
            path.write_bytes(rendered.files[0][1])
            pages = read_pdf(path, shapes=False, colours=False)
            traces = [[trace_record(e) for e in p.trace] for p in rendered.pages]
            assert sum(len(t) for t in traces) > 5
            for i, (page, trace) in enumerate(zip(pages, traces)):
                ctx = Context(s.ruleset, o.measure, s.fleet, s.title, i + 1, len(pages))
                assert check_page(page.chars, trace, ctx, make.__name__, i + 1) == []
def test_same_input_same_bytes(tmp_path):
    from printgen.systems.sectors.markers import marker_sheets
    from printgen.systems.sectors.records import record_sheets
    from printgen.sheets.pieces.sprites import sprite_sheets

    for make in (sprite_sheets, record_sheets, marker_sheets):
        a = _write(make, tmp_path / "a", "x", edition="bw").read_bytes()
        b = _write(make, tmp_path / "b", "x", edition="bw").read_bytes()
        assert a == b, make.__name__


def test_sluys_piece_words_meet_the_small_type_floor(tmp_path):
    """The sector words, MAST and the nation on a Sluys piece print at the theme's small piece size
    (6 pt at scale 1), like the broadside pieces' STERN and BOW; every ship's name at least the
    piece-name floor (7 pt; a galley's narrow deck gives its name a row of its own)."""
    import subprocess
    import sys

    import pdfplumber

    from printgen.draw.theme import TYPE

    r = subprocess.run([sys.executable, "-m", "printgen", "sprites", "sluys-1340", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    small = {"PORT", "STARBOARD", "MAST", "ENG", "FRA"}
    sizes: dict[str, list[float]] = {}
    with pdfplumber.open(tmp_path / "sprites-color.pdf") as pdf:
        for page in pdf.pages:
            for w in page.extract_words(extra_attrs=["size", "upright"]):
                word = w["text"] if w["text"] in small else w["text"][::-1]     # upside down reads backwards
                if w["upright"] and word in small:
                    sizes.setdefault(word, []).append(w["size"])
    assert {"PORT", "STARBOARD", "MAST"} <= set(sizes), sizes.keys()
    assert min(min(v) for v in sizes.values()) >= TYPE.piece_label - 0.05, {k: min(v) for k, v in sizes.items()}
    import csv

    from printgen.paths import fleets_dir

    names = {r["name"] for r in csv.DictReader(open(fleets_dir() / "sluys-1340" / "ships.csv", encoding="utf-8-sig"))}
    printed: dict[str, float] = {}
    with pdfplumber.open(tmp_path / "sprites-color.pdf") as pdf:
        for page in pdf.pages:
            for w in page.extract_words(extra_attrs=["size", "upright"], keep_blank_chars=True):
                for name in names:                  # the name, then its nation's code where it fits
                    if w["upright"] and (w["text"] == name or w["text"].startswith(name + " ")):
                        printed[name] = min(w["size"], printed.get(name, w["size"]))
    assert set(printed) == names
    assert min(printed.values()) >= TYPE.piece_name_min - 0.05, {k: v for k, v in printed.items() if v < 7}


@pytest.mark.parametrize("paper, units", [("a4", "cm"), ("letter", "in")])
def test_sluys_sprite_notes_never_overprint(tmp_path, paper, units):
    """The how-to, the marks' meaning and the calibration words at the foot of a Sluys sprite page:
    no two words overlap (the 2 cm square once pushed the marks line into the how-to)."""
    import subprocess
    import sys

    import pdfplumber

    r = subprocess.run([sys.executable, "-m", "printgen", "sprites", "sluys-1340", "--paper", paper, "--units", units,
                        "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(tmp_path / "sprites-color.pdf") as pdf:
        for page in pdf.pages:
            foot = [w for w in page.extract_words() if w["top"] > page.height * 0.8]
            assert any(w["text"] == "Marks:" for w in foot) and any(w["text"] == "How" for w in foot)
            for i, a in enumerate(foot):
                for b in foot[i + 1:]:
                    apart = a["x1"] <= b["x0"] or b["x1"] <= a["x0"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
                    assert apart, (a["text"], b["text"])
