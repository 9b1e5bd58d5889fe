"""What a captain does in each phase of the broadside family's turn (RuleSystem.captain_steps), in the
imperative, for the pupils' first-turn page and slides: the phase read from its label as the engine
reads it (play.py), every number traced to the ruleset."""

from __future__ import annotations

from printgen.i18n import _
from printgen.sheets.plays.steps import step, steps


def captain_steps(rs, label: str, measure) -> list:
    low = label.lower()
    if "drift" in low:
        return steps(
            step(rs, measure, _("Is your ship fouled, grappled or struck? Lay the movement stick from its middle "
                                "and move it %(distance)s downwind, towards the %(towards)s."),
                 distance=("drift.distance_in", "distance"), towards=("drift.direction", "compass")),
            step(rs, measure, _("Fouled or grappled: you may roll one die to cut loose. %(faces)s: you are free and "
                                "move as usual this turn."), faces=("drift.cut_loose.free", "faces")),
            step(rs, measure, _("Any other ship: nothing to do in this phase.")))
    if "board" in low:
        return steps(
            step(rs, measure, _("Is your ship touching an enemy ship? If you want to grapple, roll one die: "
                                "%(faces)s grapples."), faces=("grappling.grappled", "faces")),
            step(rs, measure, _("Grappled: roll one die for each hit point your ship has left (tick boxes on your "
                                "card). Each %(faces)s is a hit on the enemy."), faces=("boarding.hit", "faces")),
            step(rs, measure, _("Not touching an enemy: nothing to do in this phase.")))
    side = next((s for s in rs.sides.values() if low.startswith(s.name.lower())), None)
    if side is None:
        return []
    who = _(side.name)
    if "move" in low:
        return steps(
            step(rs, measure, _("%(side)s captains: find your ship on the table and look where its bow points.")
                 % {"side": who}),
            step(rs, measure, _("See which coloured edge of the table the bow points at: green, sail up to "
                                "%(green)s; yellow, up to %(yellow)s; red, roll one die first (the quick reference "
                                "says which faces let you move)."),
                 green=("movement.speed_in.green", "distance"), yellow=("movement.speed_in.yellow", "distance")),
            step(rs, measure, _("Lay the movement stick along your ship's side, bow first. You may turn once, "
                                "no more than a square corner, then move the base along the stick.")),
            step(rs, measure, _("The other side's captains: keep still and watch.")))
    if "shoot" in low:
        return steps(
            step(rs, measure, _("%(side)s captains: pick an enemy ship beside your ship's side (a broadside), "
                                "not ahead of the bow or behind the stern.") % {"side": who}),
            step(rs, measure, _("Measure with the range stick, from the middle of your side: up to %(short)s is "
                                "short range, up to %(long)s is long range. Further: no shot."),
                 short=("shooting.range_in.short.1", "distance"), long=("shooting.range_in.long.1", "distance")),
            step(rs, measure, _("Roll the dice your captain card gives for that range. Short range: each "
                                "%(short)s is a hit. Long range: each %(long)s is a hit."),
                 short=("shooting.to_hit.short.hit", "faces"), long=("shooting.to_hit.long.hit", "faces")),
            step(rs, measure, _("Tell the enemy captain your hits: they tick one circle of their hit track for each "
                                "hit. When the last circle is ticked, that ship strikes.")))
    return []
