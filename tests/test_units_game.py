"""Options that only change the printing never change the game (issue 45): with `--units cm` the
Nile's kit played 9 ships in 14 turns instead of 31 in 6, because the deployment snapped positions
to the printed unit's step (0.1" or 0.5 cm = 0.2") and so placed the ships elsewhere."""

from __future__ import annotations

import pytest


def _game(plan) -> tuple:
    dep = plan.deployment
    return (tuple(s.key for s in plan.scenario.fleet.ships), plan.scenario.lesson.turn_limit,
            tuple((p.ship.key, round(p.x_in, 6), round(p.y_in, 6), p.heading_deg) for p in dep.placements))


@pytest.mark.parametrize("scenario", ["nile-1798"])
def test_units_paper_language_and_edition_keep_the_same_game(scenario):
    from printgen.kit.build import plan_kit
    from printgen.request import KitRequest

    base = _game(plan_kit(KitRequest(scenario, 24)))
    assert any(k.startswith("Defence") for k in base[0]), "the Nile keeps the Defence, which fought"
    for extra in (dict(units="cm"), dict(paper="a4"), dict(lang="fr"), dict(edition="bw")):
        other = _game(plan_kit(KitRequest(scenario, 24, **extra)))
        assert other[:2] == base[:2], \
            f"{extra}: {len(other[0])} ships in {other[1]} turns, not {len(base[0])} in {base[1]}"
        assert other[2] == base[2], f"{extra}: the ships are placed elsewhere"


def test_a_position_in_centimetres_prints_exactly():
    from types import SimpleNamespace

    from printgen.game.deploy_data import position, printed_text
    from printgen.options import Options

    dep = SimpleNamespace(scale=1.0)
    cm = Options().but(units="cm")
    assert position(dep, 12.3, cm) == 30.75 and printed_text(dep, 12.3, cm) == "30.75 cm"
    assert printed_text(dep, 12.4, cm) == "31 cm"


def test_the_captain_cards_in_centimetres_print_the_positions_the_check_reads():
    """The captain cards printed a ship's start to the rulers' half centimetre ("16 cm") while the
    deployment, on tenths of an inch, says 15.75 cm: the cm kit failed its own check."""
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("nile-1798", 24, units="cm"))
    made = _document((plan, None), ("color", "captains"))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []
