"""Every ship under its own side (issue 45): the first-turn page of Sluys and Lepanto listed one
side's ships under the other's heading ("Ottomans captains ... For example: Capitana of
Barbarigo"), and Lepanto's "16 ships roll 41 dice" had 8 pieces on the table."""

from __future__ import annotations

import re

import pytest

from printgen.check.numbers import Char
from printgen.check.sides import check_sides


def _made(scenario: str, kind: str, lang: str = "en"):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24, lang=lang))
    made = _document((plan, None), ("color", kind))
    return plan, made, [str(d) for d in _check(plan, check_bytes, made).found]


@pytest.mark.parametrize("scenario,lang", [("sluys-1340", "en"), ("sluys-1340", "es"), ("lepanto-1571", "en")])
def test_first_turn_lists_each_side_under_its_own_heading(scenario, lang):
    from printgen.check.pdfread import open_pages

    plan, made, found = _made(scenario, "first-turn", lang)
    assert found == []
    sides = [e for page in made["trace"] for e in page if e["source"][0] == "label" and "sides." in e["source"][1]]
    assert sides, "the sides' headings are traced"
    with open_pages(made["pdf"]) as pages:
        text = " ".join(p.text() for p in pages)
    pieces = len(plan.deployment.placements)
    for ships in re.findall(r"(\d+) (?:ships roll|ship rolls|barcos tiran|barco tira)", text):
        assert int(ships) <= pieces, f"{ships} ships roll, {pieces} pieces on the table"


def _line(text: str, x: float, top: float) -> list[Char]:
    return [Char(ch, x + 5 * k, top, x + 5 * k + 4.5, top + 9) for k, ch in enumerate(text) if ch != " "]


def test_a_ship_under_the_other_sides_heading_fails():
    chars = _line("Ottomans captains sail: 2 ships move.", 50, 100) + _line("\u2022 Capitana sails 4 in", 58, 112)
    head = {"bbox": [50, 100, 90, 109], "source": ["label", "sides.ottoman.name"], "kind": "label"}
    ship = {"bbox": [68, 112, 108, 121], "source": ["fleet", "capitana", "name"], "kind": "text"}
    found = check_sides(chars, [head, ship], {"capitana": "league"}, "first-turn.pdf", 1)
    assert len(found) == 1 and "listed under the heading of the ottoman" in found[0].what
    assert check_sides(chars, [head, ship], {"capitana": "ottoman"}, "first-turn.pdf", 1) == []
