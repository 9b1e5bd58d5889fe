"""The dice to buy (issue 45): the Nile asked for 80 dice, "8 for each French captain", though no
French ship rolls more than 6: the largest pool of any ship was multiplied by the commands of
another side's squadron. Now each squadron's own largest pool times its own commands."""

from __future__ import annotations


def test_the_dice_are_the_busiest_squadrons_own():
    from printgen.game.materials import dice_needed, largest_pool, shooters_at_once
    from printgen.kit.build import plan_kit
    from printgen.registry import system_of
    from printgen.request import KitRequest

    plan = plan_kit(KitRequest("nile-1798", 24))
    rs = plan.scenario.ruleset
    need = {}
    for g in {s.squadron for s in plan.scenario.fleet.ships}:
        pool = max(system_of(rs).dice_pool(rs, s) for s in plan.scenario.fleet.ships if s.squadron == g)
        need[g] = (pool, len({c.ships for c in plan.captains if c.squadron == g}))
    busiest = max(need.values(), key=lambda v: v[0] * v[1])
    assert (largest_pool(plan), shooters_at_once(plan)) == busiest, need
    assert dice_needed(plan) == busiest[0] * busiest[1]
