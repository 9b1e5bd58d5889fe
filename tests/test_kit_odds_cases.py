"""Odds for every case a pupil meets (issue 45): Lepanto's boarding leads ran from -2 to +3 while its
matchups reach -3 and +6, and its collision-damage table left out totals of +3, +5 and +6, which
the factors can make."""

from __future__ import annotations

import itertools

import pytest

from printgen.game.prepare import prepare


@pytest.fixture(scope="module", params=["lepanto-1571", "sluys-1340"])
def rs(request):
    return prepare(request.param)[0].ruleset


def _values(c) -> list:
    return [p.value for p in c if hasattr(p, "value")]


def test_boarding_leads_run_to_where_the_round_is_certain(rs):
    from printgen.systems.sectors.tables import boarding

    leads = [_values(row[0])[0] for row in boarding(rs).rows]
    assert leads == list(range(-6, 7)), leads


def test_collision_table_gives_every_total_the_factors_can_make(rs):
    from printgen.systems.sectors.odds import modifier_total
    from printgen.systems.sectors.tables import COLLISION_CASES

    mods = rs.collision.modifiers
    sectors = [n for n in ("bow", "stern", "side") if n in mods]
    others = [n for n in ("large", "storm", "downwind") if n in mods]
    possible = set()
    for sector in sectors:
        extra = [n for n in ("skeg", "bardi") if n in mods and sector != "side"]
        for k in range(len(others) + len(extra) + 1):
            for combo in itertools.combinations(others + extra, k):
                total = mods[sector].value + sum(mods[n].value for n in combo)
                possible.add(min(total, 6))
    shown = {int(modifier_total(rs, "collision", c)) for c in COLLISION_CASES}
    assert {t for t in possible if 0 <= t <= 6} <= shown, sorted(possible - shown)


@pytest.mark.parametrize("kind", ["cards", "quickref"])
def test_lepantos_longer_tables_pass_the_kits_check(kind):
    from printgen.check.kit import check_bytes
    from printgen.kit.build import _check, _document, plan_kit
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("lepanto-1571", 24))
    made = _document((plan, None), ("color", kind))
    assert [str(d) for d in _check(plan, check_bytes, made).found] == []
