"""Lepanto, 7 October 1571 (issue 39): galleys under the sectors family, with guns.

The kit read back: the pieces draw each galley's spur, oars and bow guns (a galleass's all round) as
shapes inside its base; the guns' numbers are traced to the ruleset and a changed one is caught; the
lesson's game meets its aims; `--history` counts the real outcome. The engine's guns on hand-built
positions: ahead only (a galleass all round), then a reload; the line abreast deployment heads every ship
at the enemy. One kit a language, built once for the module with --periods 1."""

from __future__ import annotations

import math
import re

import pytest
from langkit import build_checked, run
from pdfread import box, inside, open_pdf, page_texts
from tamper import copy_kit, edit_page, fails, load_trace

from printgen.request import KitRequest

SCENARIO = "lepanto-1571"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """The English kit for a class of 24 and one period, colour, with its check: (folder, plan)."""
    return build_checked(tmp_path_factory.mktemp("lepanto") / "kit", KitRequest(SCENARIO, 24, periods=1))


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Small French and Spanish kits (a class of 6), colour: each with its check."""
    return {lang: build_checked(tmp_path_factory.mktemp(f"lepanto-{lang}") / "kit",
                                KitRequest(SCENARIO, 6, periods=1, lang=lang)) for lang in ("fr", "es")}


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _is(colour, hex_colour: str) -> bool:
    """A colour read back from the PDF (grey as one number, reportlab writes greys so) is this paint's."""
    if isinstance(colour, (int, float)) or (isinstance(colour, (list, tuple)) and len(colour) == 1):
        colour = (float(colour if isinstance(colour, (int, float)) else colour[0]),) * 3
    if not isinstance(colour, (list, tuple)) or len(colour) != 3:
        return False
    return all(abs(a - b) < 0.01 for a, b in zip(colour, _rgb(hex_colour)))


def _pieces(plan, path):
    """Each ship's piece on the colour sprite sheet: its base's box, and the spurs (curves), oars (lines)
    and guns (rects) drawn inside it, told by the paints the family gives them."""
    from printgen.draw.theme import theme
    from printgen.registry import system_of

    rs = plan.scenario.ruleset
    look = theme("color", system_of(rs))
    paint = {role: look.paint(role) for role in ("ram", "oar", "gun")}
    bases = {n: look.paint(f"base.{n}").fill for n in {s.nation for s in plan.scenario.fleet.ships}}
    names = sorted((s.name for s in plan.scenario.fleet.ships), key=len, reverse=True)
    out = {}
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            for r in page.rects:
                if not any(_is(r["non_stroking_color"], c) for c in bases.values()):
                    continue
                area = box(r)
                if area in {v[0] for v in out.values()}:
                    continue
                text = page.within_bbox(area).extract_text() or ""
                name = next((n for n in names if n in text), None)
                if name is None:
                    continue
                spurs = [c for c in page.curves if inside(c, area) and _is(c["non_stroking_color"], paint["ram"].fill)]
                oars = [ln for ln in page.lines if inside(ln, area) and _is(ln["stroking_color"], paint["oar"].stroke)]
                guns = [g for g in page.rects if inside(g, area) and _is(g["non_stroking_color"], paint["gun"].fill)]
                out[name] = (area, spurs, oars, guns)
    return out


def test_the_pieces_show_the_spur_oars_and_guns(kit):
    """A pupil sees the galley's weapons on its piece: the spur beyond the bow (the right end of the base)
    on every type that rams, oars along both sides, a barrel a gun die over the bow (three at most), and a
    galleass's guns along both sides and over the stern besides."""
    from printgen.systems.sectors.hulls import form_of

    folder, plan = kit
    rs = plan.scenario.ruleset
    pieces = _pieces(plan, folder / "sprites-color.pdf")
    assert set(pieces) == {s.name for s in plan.scenario.fleet.ships}
    for ship in plan.scenario.fleet.ships:
        t = rs.type_of(ship)
        (x0, top, x1, bottom), spurs, oars, guns = pieces[ship.name]
        assert len(spurs) == (1 if t.ram else 0), ship.name
        for spur in spurs:                                       # the spur's tip at the bow, past the hull
            assert spur["x1"] > x0 + 0.95 * (x1 - x0) and spur["x0"] > x0 + 0.75 * (x1 - x0), ship.name
        mid = (top + bottom) / 2                                 # oars out over both sides (a few give way to words)
        half = form_of(ship.type, t).oars // 2
        assert sum(ln["top"] < mid for ln in oars) >= half and sum(ln["bottom"] > mid for ln in oars) >= half, ship.name
        bow = [g for g in guns if g["x1"] > x0 + 0.85 * (x1 - x0) and g["width"] > g["height"]]
        assert len(bow) == min(t.guns, 3), ship.name
        assert len(guns) - len(bow) == (9 if t.guns_all_round else 0), ship.name


def test_the_guns_numbers_are_traced_and_a_changed_one_is_caught(kit, tmp_path):
    """Every number of the guns' rules on the cards and the quick reference comes from the ruleset's
    [guns] table (and its odds from a derivation the check recomputes); one changed fails the check."""
    folder, plan = kit
    trace = load_trace(folder)
    found = {tuple(e["source"][:2]) for name in ("cards-color.pdf", "quickref-color.pdf")
             for page in trace[name] for e in page}
    for key in ("guns.range_in.short.1", "guns.range_in.long.1", "guns.bow_arc_deg", "guns.reload_turns",
                "guns.to_hit.short.hit", "guns.to_hit.long.hit", "types.galleass.guns"):
        assert ("rule", key) in found, key
    assert ("chance_faces", "guns.to_hit.short.hit") in found                   # a pupil's card: one die's chance
    answers = {tuple(e["source"][:2]) for page in trace["lesson-color.pdf"] for e in page}
    assert ("guns_any", "short") in answers                                      # the worksheet's answer key
    kit_copy = copy_kit(folder, tmp_path)
    name = "cards-color.pdf"
    page, entry = next((k + 1, e) for k, p in enumerate(load_trace(kit_copy)[name]) for e in p
                       if e["source"] == ["rule", "guns.reload_turns"])
    shown = entry["text"].encode()
    edit_page(kit_copy, name, page, lambda data: re.sub(rb"\(" + re.escape(shown) + rb"\) Tj", b"(three) Tj",
                                                        data, count=1))
    assert any("guns.reload_turns" in f for f in fails(kit_copy)), fails(kit_copy)


def test_the_lesson_game_meets_its_aims(kit):
    """The game printgen chose for one period: at most 20% draws, each side at least 25% of the wins,
    at least three turns, and it says which aims it misses (none)."""
    _, plan = kit
    fitted = plan.fitted
    assert fitted is not None and fitted.unmet == ()
    assert fitted.draws <= 0.20 and min(fitted.wins) >= 0.25 and fitted.choice.turns >= 3


def test_the_pages_say_a_piece_stands_for_a_squadron(kit):
    """Some 200 galleys a side: the pupils' story and captain cards and the teacher's sheet say what a
    piece stands for, with printgen's mark."""
    folder, _ = kit
    for name, words in (("background-color.pdf", "each galley piece stands for about a dozen galleys"),
                        ("captains-color.pdf", "Each galley piece is a squadron of about a dozen real galleys"),
                        ("teacher-color.pdf", "each galley piece stands for about a dozen galleys")):
        text = " ".join(" ".join(t.split()) for t in page_texts(folder / name))
        assert words in text, name


def test_the_map_draws_the_northern_shore(kit):
    folder, plan = kit
    with open_pdf(folder / "map-color.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "The northern shore" in text and "Shallows off the shore" in text
    assert "secret-map" not in plan.kinds() and "markers" not in plan.kinds()     # no hidden obstacles


@pytest.mark.parametrize("lang", ("fr", "es"))
def test_the_kit_prints_in_french_and_spanish(kits, kit, lang):
    """Every document of the English kit, in the language, checked; the guns' card in its words."""
    folder, plan = kits[lang]
    assert plan.kinds() == kit[1].kinds()
    with open_pdf(folder / "cards-color.pdf") as pdf:
        text = " ".join(p.extract_text() for p in pdf.pages)
    title, guns, spur = {"fr": ("Lépante, 7 octobre 1571", "Canons", "éperon"),
                         "es": ("Lepanto, 7 de octubre de 1571", "Cañones", "espolón")}[lang]
    assert title in text and guns in text and spur in text


# -- the engine's guns, on hand-built positions ------------------------------------------------------

def _game(boats, turn_limit: int = 6):
    from printgen.data.scenario import load_scenario
    from printgen.systems.sectors.play import Game

    rs = load_scenario(SCENARIO).ruleset
    g = Game(rs, boats, [], 72.0, 48.0, seed=1, turn_limit=turn_limit)
    g.phase = next(p for p in rs.sequence.phases if p.startswith("Missile"))      # the guns fire in it
    return g


def _boat(i, side, kind, x, y, h, rs=None):
    from printgen.data.scenario import load_scenario
    from printgen.systems.sectors.boats import Boat

    rs = rs or load_scenario(SCENARIO).ruleset
    t = rs.types[kind]
    st = t.structure
    return Boat(i, f"{kind} {i}", side, kind, False, x, y, h, *t.base_in,
                {"bow": st.bow, "stern": st.stern, "port": st.port, "starboard": st.starboard, "mast": st.mast},
                t.crew_boxes, t.crew_boxes)


@pytest.mark.parametrize("bearing, fires", [(0, True), (40, True), (50, False), (90, False), (180, False)])
def test_a_galleys_guns_fire_only_ahead(bearing, fires):
    """A League galley heading east, an Ottoman galley 5" from its bow at `bearing` degrees off straight
    ahead: inside the bow arc (45 degrees either side) it fires, outside it does not."""
    gx, gy = 20.0, 24.0
    bx, by = gx + 1.5, gy                                       # the middle of the bow (a 3" base, heading east)
    a = math.radians(bearing)
    target = _boat(1, "ottoman", "ottoman-galley", bx + 6 * math.cos(a), by + 6 * math.sin(a), 270)
    g = _game([_boat(0, "league", "league-galley", gx, gy, 90), target])
    g.turn = 1
    volleys = g.gunfire()
    shooters = [v for v in volleys if v[0] is target]
    assert bool(shooters) == fires


def test_a_galleass_fires_all_round_and_every_gun_reloads():
    """A galleass fires at an enemy abeam; a galley's guns fire once and not again for `reload_turns`
    whole turns."""
    galleass = _boat(0, "league", "galleass", 20.0, 24.0, 90)
    abeam = _boat(1, "ottoman", "ottoman-galley", 20.0, 28.0, 90)
    g = _game([galleass, abeam])
    g.turn = 1
    assert [v[0] for v in g.gunfire()] == [abeam]
    galley = _boat(0, "league", "league-galley", 20.0, 24.0, 90)
    ahead = _boat(1, "ottoman", "ottoman-galley", 26.0, 24.0, 270)
    g = _game([galley, ahead])
    rs_turns = g.rs.guns.reload_turns
    fired = []
    for turn in range(1, 3 + 2 * (rs_turns + 1)):
        g.turn = turn
        if any(v for v in g.gunfire() if v[0] is ahead):
            fired.append(turn)
    assert fired[:2] == [1, 1 + rs_turns + 1], fired


def test_the_fleets_deploy_abreast_bows_to_the_enemy():
    """Both lines abreast: the League heading east, the Ottomans west (within the heading jitter); the
    League's galleasses stand ahead of their wings, its reserve behind its centre."""
    from printgen.data.scenario import load_scenario
    from printgen.game.deploy import deploy
    from printgen.options import Options

    s = load_scenario(SCENARIO)
    dep = deploy(s, Options())
    by_side = {side: [p for p in dep.placements if p.ship.side == side] for side in ("league", "ottoman")}
    assert all(abs(p.heading_deg - 90) <= 5 for p in by_side["league"])
    assert all(abs(p.heading_deg - 270) <= 5 for p in by_side["ottoman"])
    x = {name: sum(p.x_in for p in dep.placements if p.ship.squadron == name) / s.squadrons[name].ships
         for name in s.squadrons}
    assert x["Left galleasses"] > x["League left"] and x["Centre galleasses"] > x["League centre"]
    assert x["League reserve"] < x["League centre"] and x["Ottoman reserve"] > x["Ottoman centre"]
    assert max(p.x_in for p in by_side["league"]) < min(p.x_in for p in by_side["ottoman"])


def test_history_says_how_often_the_real_outcome_comes_about():
    """`printgen simulate --history`: the League wins, the Ottomans lose 13-19 pieces and the League 0-4,
    in a share of the games it prints."""
    done = run("simulate", SCENARIO, "--history", "--games", "60")
    assert done.returncode == 0, done.stderr
    assert "The real battle (Holy League win; ships lost: Holy League 0-4, Ottomans 13-19" in done.stdout
    share = float(re.search(r"^\s+([\d.]+)% of 60 games", done.stdout, re.M).group(1))
    assert 0 < share < 100


def test_printgen_list_names_lepanto():
    done = run("list")
    assert done.returncode == 0 and "lepanto-1571" in done.stdout and "lepanto-galleys" in done.stdout
