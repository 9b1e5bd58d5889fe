"""The lesson's game as the lesson plan prints it: each figure a plan derivation, so `printgen check`
recomputes it from the data as they are now (it plans the kit again, and so plays the search again)."""

from __future__ import annotations

from printgen.rules.trace import plan_derivation
from printgen.units import rounded

NONE = "<no game chosen>"        # what the check compares with when the data as they are now choose none


@plan_derivation
def break_count(plan, side: str) -> int:
    """Ships of `side` that must strike for it to break off (the lesson's victory.breaks_at)."""
    ships = sum(1 for s in plan.scenario.fleet.ships if s.side == side)
    return plan.scenario.victory.break_count(ships)


@plan_derivation
def fitted_games(plan) -> int | str:
    """Games printgen played of the chosen game."""
    return plan.fitted.games if plan.fitted is not None else NONE


@plan_derivation
def fitted_deployments(plan) -> int | str:
    return len(plan.fitted.spread) if plan.fitted is not None else NONE


@plan_derivation
def fitted_rate(plan, what: str) -> int | str:
    """A side's share of the chosen game's wins (`what`: the side), or of its draws ("draws"), in whole
    per cent."""
    t = plan.fitted
    if t is None or (what != "draws" and what not in t.sides):
        return NONE
    share = t.draws if what == "draws" else t.wins[t.sides.index(what)]
    return whole_percent(share)


@plan_derivation
def fitted_map_rate(plan, deployment: int, side: str) -> int | str:
    """A side's share of the chosen game's wins on one of the search's deployments, in whole per cent."""
    t = plan.fitted
    if t is None or deployment >= len(t.spread) or side not in t.sides:    # the data now give another game
        return f"<no deployment {deployment + 1} of this game>"
    return whole_percent(t.spread[deployment][t.sides.index(side)])


def whole_percent(share: float) -> int:
    """A share in whole per cent, halves up as a reader rounds (5 of 40 games is 13%; round() gave 12)."""
    return int(rounded(100 * share, 1))
