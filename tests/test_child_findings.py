"""Issue 44, item 3: what the 11-year-old reader of the Trafalgar kit could not do, read back from the
default kit's pupil pages: what two players do; the turn template's pivot (a dot at the middle of the
bow, where "bow here" in mid-base read as the pivot); the score sheets' ships whose name a ship of the
other side shares (two Neptunes, two Achilles, two Swiftsures) with their side. (The range's words:
tests/test_first_turn_teaches.py.)"""

from __future__ import annotations

import math
import re
from collections import Counter

from pdfread import open_pdf, page_texts
from tamper import built_once


def _text(kit, name: str) -> list[str]:
    return [" ".join(text.split()) for text in page_texts(kit / name)]


def test_the_first_turn_says_what_two_players_do():
    first = " ".join(_text(built_once("trafalgar"), "first-turn-color.pdf"))
    assert "Only two of you? Each takes one side and plays every captain card of that side" in first


def test_the_turn_template_marks_the_point_a_ship_turns_round():
    """A filled dot at the middle of the drawn base's bow (the centre of the fan), and words that say
    to put the middle of the bow on it; no "bow here" in the middle of the base."""
    kit = built_once("trafalgar")
    with open_pdf(kit / "rulers-color.pdf") as pdf:
        for page in pdf.pages:
            text = " ".join((page.extract_text() or "").split())
            if "Turn template" not in text:
                continue
            assert "bow here" not in text
            assert "your base: the middle of its bow on the dot" in text
            bases = [r for r in page.rects if round(r["width"]) == 144 and round(r["height"]) == 72]
            dots = [c for c in page.curves if c.get("fill") and abs(c["width"] - c["height"]) < 0.5
                    and c["width"] <= 10]
            assert any(abs((d["x0"] + d["x1"]) / 2 - b["x1"]) < 1 and abs((d["top"] + d["bottom"]) / 2
                       - (b["top"] + b["bottom"]) / 2) < 1 for b in bases for d in dots), (bases, dots)
            return
    raise AssertionError("no turn template")


def test_a_name_both_sides_use_carries_its_side_on_the_score_sheets():
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    kit = built_once("trafalgar")
    plan = plan_kit(KitRequest(scenario="trafalgar", students=24))
    ships = plan.scenario.fleet.ships
    twice = {n for n, k in Counter(s.name for s in ships).items() if k > 1}
    assert {"Neptune", "Achille", "Swiftsure"} <= twice
    text = " ".join(_text(kit, "score-color.pdf"))
    names = {s.side: plan.scenario.ruleset.sides[s.side].name for s in ships}
    for name in twice:
        for said in names.values():
            assert f"{name} ({said})" in text, (name, said)
        assert not re.search(rf"{re.escape(name)}(?! \()", text), name
    assert "Victory (British)" not in text and "Victory" in text       # a name of one side alone: as it was


def test_a_name_set_away_from_its_ship_is_joined_to_it():
    """Sluys, phase 2: "Barbavera's galley" is set among the English ships (no room beside the galley);
    a thin line runs from the name to the galley (the reader took it for an English cog's name)."""
    kit = built_once("sluys-1340")
    with open_pdf(kit / "first-turn-color.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        name = next(w for w in words if w["text"] == "Barbavera's" and any(
            v["text"] == "galley" and abs(v["top"] - w["top"]) < 1 and 0 < v["x0"] - w["x1"] < 8 for v in words))
        x0, top, x1, bottom = name["x0"] - 2, name["top"] - 2, name["x1"] + 40, name["bottom"] + 3
        leaders = [ln for ln in page.lines if ln["linewidth"] < 0.6 and math.hypot(ln["x1"] - ln["x0"],
                   ln["bottom"] - ln["top"]) > 20 and any(x0 <= px <= x1 and top <= py <= bottom for px, py in
                   ((ln["x0"], ln["top"]), (ln["x1"], ln["bottom"]), (ln["x0"], ln["bottom"]), (ln["x1"], ln["top"])))]
        assert leaders, "no line from the name to its ship"
