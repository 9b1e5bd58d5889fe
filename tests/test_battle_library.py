"""The battle library (issue 39): the Nile (1798) and Lake Erie (1813), each a kit for a small class and a
one-period lesson that passes its own check in colour and black and white, in English and (one language
each, to keep the suite fast) French and Spanish; the Nile's map draws its shoals where the data puts
them, read back from the PDF; the rules they add (ship types, anchors, shoals) in the model and its checks;
and the anchored ships that must never move in the simulator (the compiled engine's acceptance test)."""

from __future__ import annotations

import dataclasses

import pdfplumber
import pytest
from langkit import build_checked

from printgen.request import KitRequest

KITS = {("nile-1798", "en"), ("nile-1798", "fr"), ("lake-erie-1813", "en"), ("lake-erie-1813", "es")}


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    """Each battle's kit for 12 pupils and one period, both editions, built and checked as `printgen kit`
    builds one (build_checked fails on any discrepancy): (name, lang) -> (folder, plan)."""
    out = {}
    for name, lang in sorted(KITS):
        where = tmp_path_factory.mktemp(f"{name}-{lang}") / "kit"
        out[(name, lang)] = build_checked(where, KitRequest(name, students=12, periods=1, edition="both", lang=lang))
    return out


@pytest.mark.parametrize("name, lang", sorted(KITS))
def test_the_kit_passes_its_check_in_both_editions(kits, name, lang):
    folder, plan = kits[(name, lang)]
    for edition in ("color", "bw"):
        for doc in ("quickref", "cards", "captains", "map", "sprites", "lesson", "debrief", "background"):
            assert (folder / f"{doc}-{edition}.pdf").is_file(), (name, lang, doc, edition)
    assert 2 <= len(plan.scenario.fleet.ships) <= 32


def _text(path) -> str:
    """The document's words with every space removed, a half page (a column) at a time: two columns read
    back together interleave their lines."""
    out = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for x0, x1 in ((0, page.width / 2), (page.width / 2, page.width)):
                out.append("".join((page.crop((x0, 0, x1, page.height)).extract_text() or "").split()))
    return "".join(out)


def _in(needle: str, text: str) -> bool:
    return "".join(needle.split()) in text


def test_the_nile_prints_its_rules_and_anchored_captains(kits):
    folder, plan = kits[("nile-1798", "en")]
    quickref = _text(folder / "quickref-color.pdf")
    assert _in("rolls at most 2 dice from its broadside that faces the shore", quickref)
    assert _in("from turn 3, fire only at ships within 6\"", quickref)
    assert _in("Frigate or fifty-gun ship", quickref) and _in("Brig", quickref)
    anchored = [s.name for s in plan.scenario.fleet.ships if s.anchored]
    assert anchored and all(s.side == "french" for s in plan.scenario.fleet.ships if s.anchored)
    captains = _text(folder / "captains-color.pdf")
    assert captains.count("anchor") >= len(anchored)              # "(at anchor*)": its cell wraps
    fr = _text(kits[("nile-1798", "fr")][0] / "quickref-bw.pdf")
    assert _in("à l'ancre", fr) and _in("Vaisseau de ligne", fr)       # the French glossary's word


def test_lake_erie_prints_carronades_against_long_guns(kits):
    folder, plan = kits[("lake-erie-1813", "en")]
    quickref = _text(folder / "quickref-color.pdf")
    assert _in("Brig with carronades 6 1", quickref) and _in("Ship with long guns 5 4", quickref)
    assert _in("within 6\" (base to base)", quickref)                # Perry's boat
    captains = _text(folder / "captains-color.pdf")
    brigs = [s for s in plan.scenario.fleet.ships if s.type == "brig"]
    if brigs:                                                        # a brig's card gives both ranges' dice
        assert _in("short,", captains) and _in("long", captains)
    es = _text(kits[("lake-erie-1813", "es")][0] / "quickref-color.pdf")
    assert _in("Bergantín con carronadas", es) and _in("Estadounidense", es)


def test_the_nile_map_draws_its_shoals_where_the_data_puts_them(kits):
    """Read back from the colour map: the water (the table), each shoal and the shore as filled areas of
    their colours, each where scenario.toml's [[terrain]] puts it on the table, to 0.5 pt."""
    folder, plan = kits[("nile-1798", "en")]
    dep = plan.deployment
    with pdfplumber.open(folder / "map-color.pdf") as pdf:
        page = pdf.pages[0]
        shapes = page.rects + page.curves

        def filled(hex_colour):
            want = tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
            return [s for s in shapes if s.get("fill") and isinstance(s.get("non_stroking_color"), (tuple, list))
                    and len(s["non_stroking_color"]) == 3
                    and all(abs(a - b) < 0.01 for a, b in zip(s["non_stroking_color"], want))]

        table = max((s for s in shapes if s.get("fill")), key=lambda s: s["width"] * s["height"])     # the water
        k = table["width"] / dep.width_in
        assert table["height"] / dep.height_in == pytest.approx(k, abs=1e-3)
        from printgen.draw.theme import theme
        from printgen.registry import get

        paint = theme("color", get("broadside")).paint
        for kind, colour in (("shoal", paint("hazard.shoal").fill), ("shore", paint("hazard.shore").fill)):
            drawn = [(s["x0"], s["top"], s["x1"], s["bottom"]) for s in filled(colour)   # on the table, not
                     if table["x0"] - 0.5 <= s["x0"] and s["x1"] <= table["x1"] + 0.5]             # the legend's
            wanted = [o for o in plan.scenario.file.terrain if o.kind == kind]
            assert len(drawn) == len(wanted) > 0, kind
            for o in wanted:
                x, y, w, d = (v * dep.scale for v in o.at_in)
                box = (table["x0"] + x * k, table["bottom"] - (y + d) * k, table["x0"] + (x + w) * k,
                       table["bottom"] - y * k)
                assert any(all(abs(a - b) < 0.5 for a, b in zip(box, got)) for got in drawn), (o.name, box, drawn)
        assert _in("Shoal off Aboukir Island", "".join(page.extract_text().split()))


# -- the rules in the model and its checks ------------------------------------------------------------
def test_ship_types_give_their_hit_points_and_dice_at_each_range():
    from printgen.data.scenario import load_scenario

    erie = load_scenario("lake-erie-1813").ruleset
    assert erie.dice_of("american", False, "brig", "short") == 6
    assert erie.dice_of("american", False, "brig", "long") == 1
    assert erie.dice_of("american", True, "brig", "long") == 2 and erie.hit_points_of(True, "brig") == 7
    assert erie.dice_of("british", False, "gunboat", "long") == 1 and erie.hit_points_of(False, "gunboat") == 2
    nile = load_scenario("nile-1798").ruleset
    assert nile.dice_of("british", False, "line") == 7 and nile.dice_of("french", False, "frigate") == 3
    assert nile.hit_points_of(False, "line") == 5 and nile.hit_points_of(True, "line") == 6
    assert nile.types_of("french") == ["line", "frigate"]


def test_the_scenario_checks_refuse_what_the_rules_cannot_play():
    from printgen.data.scenario import load_scenario
    from printgen.systems.broadside.checks import scenario_rules

    nile = load_scenario("nile-1798")
    assert all(r.ok for r in scenario_rules(nile))
    without = dataclasses.replace(nile, ruleset=nile.ruleset.model_copy(update={"anchors": None, "aground": None}))
    failed = {r.name for r in scenario_rules(without) if not r.ok}
    assert failed == {"ships at anchor", "shoals and shore"}
    erie = load_scenario("lake-erie-1813")
    ariel = next(s for s in erie.fleet.ships if s.name == "Ariel")
    wrong = erie.with_ships([dataclasses.replace(ariel, type="carronade-ship")])
    assert [r.name for r in scenario_rules(wrong) if not r.ok] == ["ship types"]


# -- the engine ----------------------------------------------------------------------------------------
def test_anchored_ships_never_move_even_steered_to_attack():
    """The Nile's French at anchor, steered by close-and-fire (as a class would sail them if it could):
    not one anchored base moves or turns in any phase of ten games."""
    import random

    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.play.engine import game_seed, new_game, play, setup

    s, o = prepare("nile-1798", ships=16)
    dep = deploy(s, o)
    run = setup(s, dep, {"british": "close-and-fire", "french": "close-and-fire"}, turn_limit=6)
    anchored = [i for i, p in enumerate(dep.placements) if p.ship.anchored]
    assert anchored
    for index in range(10):
        g = new_game(run, random.Random(game_seed(1805, index)), log=True)
        play(run, 1805, index, game=g)
        start = [v for i in anchored for v in (dep.placements[i].x_in, dep.placements[i].y_in,
                                                 float(dep.placements[i].heading_deg) % 360)]
        for turn, phase, poses, _links in g.log:
            assert [v for i in anchored for v in poses[i][:3]] == pytest.approx(start), (index, turn, phase)
