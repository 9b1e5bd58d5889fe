"""The Sluys scenario's terrain on the maps: the shore and the banks on every map, the hidden
obstacles only on the teacher's secret map (with its placement table), chains between the ships
of each chained line, and markers the size of a hidden obstacle."""

import json
import pytest

from printgen.draw.shapes import Group, Line, Poly, Rect
from printgen.game.deploy import deploy
from printgen.game.prepare import prepare
from printgen.sheets.maps.deploy_map import map_sheets
from printgen.systems.sectors.secret_map import secret_map_sheets
from tracecheck import render_and_read


@pytest.fixture(scope="module")
def sluys():
    s, o = prepare("sluys-1340")
    return s, o, deploy(s, o)


def shapes(items):
    for it in items:
        if isinstance(it, Group):
            yield from shapes(it.items)
        else:
            yield it


def table_k(page, dep) -> float:
    table = next(s for s in shapes(page.items) if isinstance(s, Rect) and s.tag == "table")
    return table.w / dep.width_in


def areas(page, k):
    """obstacle name -> (width, depth) in table inches, measured from its drawn outline."""
    out = {}
    for s in shapes(page.items):
        if isinstance(s, Poly) and (s.tag or "").startswith("obstacle:"):
            xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
            out[s.tag.split(":", 1)[1]] = ((max(xs) - min(xs)) / k, (max(ys) - min(ys)) / k)
    return out


def test_the_map_draws_the_shore_and_banks_but_not_the_hidden_obstacles(sluys, tmp_path):
    s, o, dep = sluys
    page = map_sheets(s, dep, o).pages[0]
    drawn = areas(page, table_k(page, dep))
    shown = {t.name: t for t in s.file.terrain if t.kind != "hidden"}
    assert set(drawn) == set(shown) and len(shown) == 4
    for name, (w, d) in drawn.items():
        assert (w, d) == pytest.approx(shown[name].at_in[2:], abs=0.01)
    pdf, _ = render_and_read(map_sheets(s, dep, o), o, tmp_path / "map.pdf")
    with pdf:
        text = " ".join(pdf.pages[0].extract_text().split())         # a long name wraps in its area
    assert "North bank of the Zwin" in text and "Sandbar off the estuary" in text and "Scuttled hull" not in text


@pytest.mark.parametrize("choices", [{}, {"table": "4x3ft"}, {"units": "cm", "paper": "a4"}])
def test_each_obstacle_name_fits_its_area(choices, tmp_path):
    """Read back from the PDF: every character of an obstacle's name lies inside its area (the
    sandbar's label spilled out of its box), at a size a copy keeps (bold, 5.5 pt at least)."""
    s, o = prepare("sluys-1340", **choices)
    dep = deploy(s, o)
    page = map_sheets(s, dep, o).pages[0]
    boxes = {}
    for x in shapes(page.items):
        if isinstance(x, Poly) and (x.tag or "").startswith("obstacle:"):
            xs, ys = [p[0] for p in x.points], [p[1] for p in x.points]
            boxes[x.tag.split(":", 1)[1]] = (min(xs), min(ys), max(xs), max(ys))
    pdf, _ = render_and_read(map_sheets(s, dep, o), o, tmp_path / "map.pdf")
    with pdf:
        chars = pdf.pages[0].chars
        for name, (x0, y0, x1, y1) in boxes.items():
            mine = [c for c in chars if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and y0 <= (c["top"] + c["bottom"]) / 2 <= y1
                    and "Bold" in c["fontname"]]
            assert "".join(c["text"] for c in mine).replace(" ", "") != "", name
            for c in mine:
                assert x0 - 0.5 <= c["x0"] and c["x1"] <= x1 + 0.5 and y0 - 0.5 <= c["top"] and c["bottom"] <= y1 + 0.5, \
                    (name, c["text"])
                assert not c["upright"] or c["size"] >= 5.5 - 0.01, (name, c["size"])      # (turned: no size read)
            words = {c["text"] for c in mine}
            assert set(name.replace(" ", "")) <= words, (name, "".join(sorted(words)))


def test_hidden_obstacles_are_lettered_never_numbered_like_ships(sluys, tmp_path):
    """On the secret map the ships are numbered 1 to 30; the obstacles are lettered, and their
    placement table names them by the same letters."""
    import re

    from printgen.sheets.maps.hazards import letter

    s, o, dep = sluys
    drawing = secret_map_sheets(s, o)
    pdf, _ = render_and_read(drawing, o, tmp_path / "secret.pdf")
    with pdf:
        map_text, table_text = (" ".join(p.extract_text().split()) for p in pdf.pages[:2])
    hidden = [n for n, t in enumerate(s.file.terrain, start=1) if t.kind == "hidden"]
    assert hidden and [letter(n) for n in hidden] == ["E", "F", "G"]
    labels = [t for t in shapes(drawing.pages[0].items) if type(t).__name__ == "Text" and t.tag == "obstacle-label"]
    printed = {t.string for t in labels}
    assert {letter(n) for n in hidden} <= printed and not any(re.fullmatch(r"\d+", w) for w in printed)
    for n in hidden:
        assert re.search(rf"\b{letter(n)} {re.escape(s.file.terrain[n - 1].name)}", table_text), n
    assert letter(1) == "A" and letter(26) == "Z" and letter(27) == "AA"


def test_hidden_obstacles_are_drawn_marker_sized(sluys):
    s, o, dep = sluys
    page = secret_map_sheets(s, o).pages[0]
    drawn = areas(page, table_k(page, dep))
    for t in s.file.terrain:
        if t.kind == "hidden":
            assert drawn[t.name] == pytest.approx(s.ruleset.obstacles.marker_in, abs=0.01)


def test_chains_join_neighbours_of_each_chained_line(sluys):
    s, o, dep = sluys
    chains = [x for x in shapes(map_sheets(s, dep, o).pages[0].items) if isinstance(x, Line) and x.tag == "chain"]
    lines = [sum(p.ship.squadron == sq for p in dep.placements) for sq in s.file.fleet.chained]
    assert len(chains) == sum(n - 1 for n in lines) == 5 - 1 + 4 - 1 + 4 - 1


def test_the_secret_map_numbers_every_obstacle_and_tables_it(sluys, tmp_path):
    s, o, dep = sluys
    d = secret_map_sheets(s, o)
    drawn = areas(d.pages[0], table_k(d.pages[0], dep))
    assert set(drawn) == {t.name for t in s.file.terrain}
    pdf, _ = render_and_read(d, o, tmp_path / "secret.pdf")
    with pdf:
        table = pdf.pages[1].extract_text()
    for t in s.file.terrain:
        assert t.name in table
    assert '29" 36" 1.5" × 1"' in table                          # the stakes: from west, from south, size
    assert "printgen's choice" in table


def test_each_hidden_obstacle_is_a_marker_in_size_and_the_check_says_so(sluys, run):
    s, *_ = sluys
    hidden = [t for t in s.file.terrain if t.kind == "hidden"]
    assert hidden and all(t.area_in(s.ruleset.obstacles.marker_in)[2:] == s.ruleset.obstacles.marker_in
                          for t in hidden)
    code, out, _ = run("check", "sluys-1340")
    assert code == 0 and "obstacles: 7 on the table, 3 hidden" in out


def test_the_sluys_lesson_pages(tmp_path):
    """The lesson plan, score sheet and debrief of Sluys: turn limit and points from the scenario's
    classroom additions, every game ship on the debrief with its recorded fate, sources named."""
    import subprocess
    import sys

    import pdfplumber

    out = tmp_path / "kit"
    done = subprocess.run([sys.executable, "-c", "from printgen.cli import main; main()", "kit", "sluys-1340",
                           "--out", str(out), "--edition", "bw", "--minutes", "40"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    s = plan_kit(KitRequest.from_json(manifest["request"])).scenario       # the game fitted to 2 x 40 min
    lesson = s.lesson
    limit = lesson.play_minutes // lesson.minutes_per_turn
    text = {}
    for kind in ("lesson", "score", "debrief", "teacher"):
        with pdfplumber.open(out / f"{kind}-bw.pdf") as pdf:
            text[kind] = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert f"The game ends after turn {limit} (printgen's choice)" in text["lesson"]
    assert "A prize: captured while grappled to a ship of yours (its last crew box lost, or it breaks) 3" \
        in text["lesson"] and "Secret obstacle map" in text["lesson"]
    assert f"The game ends after turn {limit}." in text["teacher"]          # the turn tracker
    for ship in s.fleet.ships:
        recorded = "not a recorded ship name" not in ship.fate and "name not recorded" not in ship.fate
        assert (f"{ship.name} ({s.ruleset.sides[ship.side].name}): {ship.fate}" if recorded else ship.name) \
            in text["debrief"], ship.name
        assert ship.name in text["score"]
    assert "Froissart" in text["debrief"] and "shared/reference" not in text["debrief"]      # a book, never a file
    assert "Chained together, the French ships" in text["debrief"]
    assert "fold" not in text["teacher"].replace("nothing to fold", "")


@pytest.mark.parametrize("where", ["records", "pieces"])
def test_damage_is_kept_in_one_place(where, scenario_dir, tmp_path, run):
    """kit.damage_on: the structure boxes print on the record cards or on the pieces, never both;
    the captain cards print none; the checker counts the pieces' boxes accordingly."""
    from printgen.draw.shapes import Rect as R
    from printgen.sheets.pieces.sprites import printed_tracks, sprite_sheets
    from printgen.systems.sectors.records import record_sheets

    folder = scenario_dir(name="sluys-1340", scenario={"kit": {"damage_on": where}})
    s, o = prepare(str(folder))
    on_pieces = sum(printed_tracks(sprite_sheets(s, o)).values())
    want = sum(sum(t.structure.model_dump().values()) for t in (s.ruleset.types[sh.type] for sh in s.fleet.ships))
    assert on_pieces == (want if where == "pieces" else 0)
    record_boxes = sum(1 for p in record_sheets(s, o).pages for x in shapes(p.items)
                       if isinstance(x, R) and x.tag == "hit")
    rs = s.ruleset
    chained = set(s.file.fleet.chained)          # a chained ship's record has no attack speed or sail boxes
    extras = sum(rs.types[sh.type].crew_boxes + (0 if sh.squadron in chained else rs.movement.attack_speed_uses)
                 + (rs.ramming.clear_turns if rs.types[sh.type].ram else 0)
                 + (rs.movement.unfurl_turns if rs.types[sh.type].oars and not rs.types[sh.type].round_ship
                    and sh.squadron not in chained else 0)
                 for sh in s.fleet.ships)
    assert record_boxes - extras == (want if where == "records" else 0)
    code, out, _ = run("check", str(folder))
    assert code == 0, out
