"""A number said of a named ship is hers (issue 45): Lake Erie's rule card, worksheet and answer
key said "the Detroit rolls 5 dice at short range and 4 at long range", a plain long-gun ship's,
while the Detroit is the British flagship and her captain card says 6 and 5."""

from __future__ import annotations

import pytest

from printgen.check.named import check_named
from printgen.check.numbers import Char


def _made(scenario: str, kind: str, lang: str = "en"):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest(scenario, 24, lang=lang))
    made = _document((plan, None), ("color", kind))
    return plan, made, [str(d) for d in _check(plan, check_bytes, made).found]


@pytest.mark.parametrize("kind", ["cards", "worksheet", "lesson"])
def test_the_detroits_dice_are_her_own(kind):
    plan, made, found = _made("lake-erie-1813", kind)
    assert [f for f in found if "is not the" in f] == []
    detroit = next(s for s in plan.scenario.fleet.ships if s.name == "Detroit")
    rs = plan.scenario.ruleset
    own = {(True, rs.dice_of(detroit.side, detroit.flagship, detroit.type, b)) for b in ("short", "long")}
    said = {(bool(e["source"][2]), e["text"]) for page in made["trace"] for e in page
            if e["source"][0] == "dice_of" and e["source"][1:4] == ["british", e["source"][2], "long-gun-ship"]}
    assert said & {(f, str(n)) for f, n in own}, (said, own)            # her captain card's 6 and 5
    if kind != "cards":                                                 # (the cards' tables give the type's too)
        assert {(f, int(t)) for f, t in said} <= own, (said, own)


def _line(text: str, x: float, top: float) -> list[Char]:
    return [Char(ch, x + 5 * k, top, x + 5 * k + 4.5, top + 9) for k, ch in enumerate(text) if ch != " "]


def test_another_ships_dice_in_a_sentence_about_a_named_ship_fail():
    from types import SimpleNamespace as NS

    chars = _line("the Detroit rolls 5 dice.", 50, 100)
    five = {"bbox": [140, 100, 144.5, 109], "source": ["dice_of", "british", False, "long-gun-ship"], "text": "5"}
    ships = {"Detroit": NS(name="Detroit", side="british", flagship=True, type="long-gun-ship")}
    found = check_named(chars, [five], ships, "cards.pdf", 1)
    assert len(found) == 1 and "not the Detroit's" in found[0].what
    ok = dict(five, source=["dice_of", "british", True, "long-gun-ship"])
    assert check_named(chars, [ok], ships, "cards.pdf", 1) == []


def test_a_name_two_ships_bear_is_no_ones_in_particular():
    """Trafalgar has a British and a French Neptune: a sentence naming "Neptune" is about neither."""
    from types import SimpleNamespace as NS

    chars = _line("the Neptune rolls 5 dice.", 50, 100)
    five = {"bbox": [140, 100, 144.5, 109], "source": ["dice_of", "british", False], "text": "5"}
    ships = {"Neptune (British)": NS(name="Neptune", side="british", flagship=False, type=""),
             "Neptune (French)": NS(name="Neptune", side="allied", flagship=False, type="")}
    assert check_named(chars, [five], ships, "captains.pdf", 1) == []


def _table(rows: list[list[tuple[str, float]]], top: float = 100) -> list[Char]:
    """A table's cells, each drawn as a run of its own, a row 13 pt below the other (the captain card's)."""
    chars: list[Char] = []
    for r, row in enumerate(rows):
        for text, x in row:
            chars += _line(text, x, top + 13 * r)
    return chars


def _ships():
    from types import SimpleNamespace as NS

    return {n: NS(name=n, side="british", flagship=f, type="") for n, f in
            (("Leviathan", False), ("Conqueror", False), ("WWWWWWWWWWWW", True))}


def test_a_tables_numbers_are_read_with_the_ship_of_their_row():
    """A captain card's table, its cells drawn one by one, a measured place ("7.5\\"") in each row: each
    row's dice are its own ship's, not the next row's (a flagship of a long name read another row's 59
    as hers: the kit at every limit failed its own check)."""
    rows = [[("Leviathan", 42), ("59", 162), ("8.5\"", 190), ("56.5\"", 230)],
            [("Conqueror", 42), ("59", 162), ("7.5\"", 190), ("53\"", 230)],
            [("WWWWWWWWWWWW", 42), ("60", 162), ("11.5\"", 190), ("53.5\"", 230)]]
    chars = _table(rows)
    dice = [{"bbox": [162, 100 + 13 * r, 172, 109 + 13 * r], "text": rows[r][1][0],
             "source": ["dice_of", "british", r == 2]} for r in range(3)]
    assert check_named(chars, dice, _ships(), "captains.pdf", 1) == []
    planted = [dice[0], dice[1], dict(dice[2], source=["dice_of", "british", False])]
    found = check_named(chars, planted, _ships(), "captains.pdf", 1)
    assert len(found) == 1 and "not the WWWWWWWWWWWW's" in found[0].what, found


def test_a_numbered_step_still_starts_a_sentence_of_its_own():
    chars = _line("2. Fire:", 50, 100) + _line("the Detroit rolls 5 dice", 50, 113)
    chars = _line("1. The Lawrence moves", 50, 87) + chars
    from types import SimpleNamespace as NS

    ships = {"Detroit": NS(name="Detroit", side="british", flagship=True, type=""),
             "Lawrence": NS(name="Lawrence", side="american", flagship=True, type="")}
    five = {"bbox": [140, 113, 144.5, 122], "source": ["dice_of", "british", False], "text": "5"}
    found = check_named(chars, [five], ships, "cards.pdf", 1)
    assert len(found) == 1 and "not the Detroit's" in found[0].what, found
