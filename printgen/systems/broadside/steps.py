"""What a captain does in each phase of the broadside family's turn (RuleSystem.captain_steps), in the
imperative, for the pupils' first-turn page and slides: the phase read from its label as the engine
reads it (play.py), every number traced to the ruleset."""

from __future__ import annotations

from printgen.i18n import _
from printgen.sheets.plays.steps import step, steps


def captain_steps(rs, label: str, measure, anchored: frozenset = frozenset()) -> list:
    low = label.lower()
    if "drift" in low:       # the rule card's order: cut loose first, then what is still stuck drifts
        return steps(
            step(rs, measure, _("Is your ship fouled or grappled? You may roll one die to cut loose: %(faces)s frees "
                                "it, and it moves as usual this turn."), faces=("drift.cut_loose.free", "faces")),
            step(rs, measure, _("Still fouled or grappled, or struck: lay the movement stick from the middle of the "
                                "base and move it %(distance)s downwind, towards the %(towards)s."),
                 distance=("drift.distance_in", "distance"), towards=("drift.direction", "compass")),
            step(rs, measure, _("A ship at anchor%(mark)s never drifts, even when it has struck."),
                 mark=("anchors", "mark")) if rs.anchors else None,
            step(rs, measure, _("Any other ship: nothing to do in this phase.")))
    if "board" in low:       # grappling happens when bases touch after a drift or a move, not here
        return steps(
            step(rs, measure, _("Is your ship grappled to an enemy ship? Roll one die for each circle not yet ticked "
                                "on its hit track (your captain card). Each %(faces)s is a hit on the enemy."),
                 faces=("boarding.hit", "faces")),
            step(rs, measure, _("Not grappled: nothing to do in this phase.")))
    side = next((s for s in rs.sides.values() if low.startswith(s.name.lower())), None)
    if side is None:
        return []
    from printgen.i18n import LANG

    if LANG.get() == "en":                      # English reads no catalogue and no glossary
        who = side.name
    else:
        from printgen.i18n.sides import said_here

        who = said_here(side.name, "plain")    # mid-sentence: "Capitanes británicos"
    key = next(k for k, s in rs.sides.items() if s is side)
    if "move" in low and key in anchored:        # the Nile's French: every ship at anchor, as their cards say
        return steps(
            step(rs, measure, _("%(side)s captains: your ships lie at anchor%(mark)s (your captain card says so). They "
                                "never move or turn: keep still.").replace("%(side)s", who), mark=("anchors", "mark")),
            step(rs, measure, _("The enemy moves after you: watch, and choose which enemy ship each of your ships "
                                "will shoot at in your shooting phase.")))
    if "move" in low:
        return steps(
            step(rs, measure, _("%(side)s captains: find each of your ships on the table and look where its bow "
                                "points.")
                 % {"side": who}),
            _marked(rs, step(rs, measure, _("Move one ship at a time, squadron by squadron as the teacher calls "
                                            "them (your squadron is named at the top of your captain card), the ship "
                                            "at the head of the line first: a ship that has moved stays put, and the "
                                            "next one moves around it.")), "words.phase_order"),
            step(rs, measure, _("See which coloured edge of the table the bow points at: green, sail up to "
                                "%(green)s; yellow, up to %(yellow)s; red, roll one die first (the quick reference "
                                "says which faces let you move)."),
                 green=("movement.speed_in.green", "distance"), yellow=("movement.speed_in.yellow", "distance")),
            step(rs, measure, _("Lay the movement stick (the marked strip cut out of the card of rulers and "
                                "gauges) along your ship's side, bow first, and move the base along it. Once during "
                                "the move you may turn, no more than a square corner, and never through the red "
                                "(across the wind: the quick reference says why).")),
            step(rs, measure, _("Does your base end touching another ship? If it is an enemy, each captain who wants "
                                "to grapple rolls one die: %(faces)s grapples, and one success is enough. If nobody "
                                "wants to grapple, roll one die: on %(foul)s the two ships are fouled (a drift that "
                                "ends touching is the same)."),
                 faces=("grappling.grappled", "faces"), foul=("fouling.fouled", "faces")),
            step(rs, measure, _("The other side's captains: keep still and watch.")))
    if "shoot" in low:
        return steps(
            step(rs, measure, _("%(side)s captains: for each of your ships, pick an enemy ship beside its side (a "
                                "broadside), not ahead of the bow or behind the stern. Part of the enemy's base must "
                                "be between the lines of your bow and your stern: a base that only touches one of "
                                "those lines is not a target.") % {"side": who}),
            step(rs, measure, _("Measure with the range ruler (cut out of the card of rulers and gauges) from the "
                                "nearest point of your base to the nearest point of the enemy's: up to %(short)s is "
                                "short range (a base exactly %(short)s away too), up to %(long)s is long range. "
                                "Further: no shot."),
                 short=("shooting.range_in.short.1", "distance"), long=("shooting.range_in.long.1", "distance")),
            step(rs, measure, _("Roll as many dice as the Dice column of your captain card gives that ship for "
                                "that range (short or long). Short range: each %(short)s is a hit. Long range: each "
                                "%(long)s is a hit.") if _two_bands(rs) else
                 _("Roll as many dice as the Dice column of your captain card gives that ship. Short range: each "
                   "%(short)s is a hit. Long range: each %(long)s is a hit."),
                 short=("shooting.to_hit.short.hit", "faces"), long=("shooting.to_hit.long.hit", "faces")),
            step(rs, measure, _("A rake: at short range, with your ship ahead of the enemy's bow or behind its "
                                "stern, each %(rake)s is a hit instead."), rake=("shooting.to_hit.rake.hit", "faces")),
            step(rs, measure, _("Tell the enemy captain your hits: they tick one circle of their hit track on their "
                                "captain card for each hit (not on the base). When the last circle is ticked, that "
                                "ship strikes.")))
    return []


def _marked(rs, said: tuple | None, key: str) -> tuple | None:
    """A step with the provenance mark of `key` after it (the lesson's classroom order), where the data has one."""
    from printgen.rules.provenance import mark_spans

    return said if said is None else (*said, *mark_spans(rs, key))


def _two_bands(rs) -> bool:
    """Whether a captain card's Dice column gives two numbers (short and long) for some ship: Lake Erie's
    carronades do, Trafalgar's one broadside does not (the reader looked for a second number)."""
    return any(rs.two_bands(side, False, kind) for side in rs.sides for kind in (rs.types_of(side) or [""]))
