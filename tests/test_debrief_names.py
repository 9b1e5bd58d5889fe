"""No debrief entry with a name missing (issue 45): "Diane, captain : Escaped" (the Nile) and "Little
Belt, captain : Captured" (Lake Erie), where the fleet's row names no captain. A traced fleet field
that prints nothing fails the check; the sheets say the sources do not name one."""

from __future__ import annotations

import pytest


def _made(scenario: str, kind: str, lang: str = "en"):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24, lang=lang))
    made = _document((plan, None), ("color", kind))
    return plan, made, [str(d) for d in _check(plan, check_bytes, made).found]


@pytest.mark.parametrize("scenario,ship", [("nile-1798", "Diane"), ("lake-erie-1813", "Little Belt")])
def test_every_debrief_entry_names_its_captain(scenario, ship):
    from printgen.check.pdfread import open_pages

    plan, made, found = _made(scenario, "debrief")
    assert [f for f in found if "prints nothing" in f] == []
    with open_pages(made["pdf"]) as pages:
        text = " ".join(" ".join(p.text().split()) for p in pages)
    unnamed = [s.name for s in plan.scenario.fleet.ships if not s.captain.strip()]
    assert ship in unnamed
    assert f"{ship}, captain not named in the sources:" in text or f"{ship}: " in text
    assert "points for the American." not in text and "points for the French." not in text   # "for the American side"
    assert "captain :" not in text and "captain:" not in text


def test_an_empty_fleet_field_in_a_sentence_fails():
    from types import SimpleNamespace as NS

    from printgen.check.numbers import Char, Context, check_page
    from printgen.units import Measure

    ship = NS(key="Diane (French)", captain="", name="Diane")
    ctx = Context(None, Measure(), NS(ships=[ship]))
    entry = {"bbox": [100, 100, 100, 109], "source": ["fleet", "Diane (French)", "captain"], "kind": "text"}
    import printgen.rules.printed as printed

    saved = printed.UNNAMED
    printed.UNNAMED = {}
    try:
        found = check_page([Char("x", 10, 100, 15, 109)], [entry], ctx, "debrief.pdf", 1)
    finally:
        printed.UNNAMED = saved
    assert found and "prints nothing" in found[0].what


def test_the_lawrence_struck_and_scores_for_the_british():
    """She struck her colours after Perry left her: lost to the game, not "not lost, 0 points"."""
    from printgen.game.classroom import history_outcome, history_points
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("lake-erie-1813", 24))
    key = next(s.key for s in plan.scenario.fleet.ships if s.name == "Lawrence")
    assert history_outcome(plan, key) == "lost" and history_points(plan, key) > 0
