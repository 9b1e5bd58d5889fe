"""The lesson's game as the lesson plan prints it: each figure a plan derivation, so `printgen check`
recomputes it from the data as they are now (it plans the kit again, and so plays the search again)."""

from __future__ import annotations

from printgen.rules.trace import plan_derivation


@plan_derivation
def break_count(plan, side: str) -> int:
    """Ships of `side` that must strike for it to break off (the lesson's victory.breaks_at)."""
    ships = sum(1 for s in plan.scenario.fleet.ships if s.side == side)
    return plan.scenario.victory.break_count(ships)


@plan_derivation
def fitted_games(plan) -> int:
    """Games printgen played of the chosen game."""
    return plan.fitted.games


@plan_derivation
def fitted_deployments(plan) -> int:
    return len(plan.fitted.spread)


@plan_derivation
def fitted_rate(plan, what: str) -> int:
    """A side's share of the chosen game's wins (`what`: the side), or of its draws ("draws"), in whole
    per cent."""
    t = plan.fitted
    share = t.draws if what == "draws" else t.wins[t.sides.index(what)]
    return round(100 * share)


@plan_derivation
def fitted_map_rate(plan, deployment: int, side: str) -> int:
    """A side's share of the chosen game's wins on one of the search's deployments, in whole per cent."""
    t = plan.fitted
    return round(100 * t.spread[deployment][t.sides.index(side)])
