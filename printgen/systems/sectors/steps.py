"""What a captain does in each phase of the sectors family's turn (RuleSystem.captain_steps), in the
imperative, for the pupils' first-turn page and slides: the phase read from the first word of its
label as the engine reads it (play.py), every number traced to the ruleset."""

from __future__ import annotations

from printgen.i18n import _
from printgen.sheets.plays.steps import step, steps


def captain_steps(rs, label: str, measure) -> list:
    key = label.split()[0].lower() if label.split() else ""
    if key == "wind":
        return steps(
            step(rs, measure, _("The teacher rolls one die for the wind: %(storm)s brings a storm; otherwise the wind "
                                "may turn a little or stay steady."), storm=("weather.roll.storm", "faces")),
            step(rs, measure, _("Captains: look at the wind arrow and keep still.")))
    if key == "movement":
        return steps(
            step(rs, measure, _("Find each of your ships on the table. Your record card says how far it goes each turn "
                                "(its speed) and how far when it charges (its attack speed).")),
            step(rs, measure, _("Lay the movement stick of your ship's type (cut out of the card of rulers and "
                                "gauges) along its side, bow first, and move the base along it. To turn a square "
                                "corner, do not spin the base: turn half of it and move forward, then turn the "
                                "other half and move forward again, as the sweep template (on the same card) "
                                "shows.")),
            step(rs, measure, _("A galley near an enemy (closer than %(near)s) rows with its sail rolled up."),
                 near=("movement.furl_within_in", "distance")),
            step(rs, measure, _("Bases that only touch do no damage (the captains may roll to grapple). If you charge "
                                "at attack speed and your bow runs into an enemy ship, stop: that is a collision, and "
                                "both captains roll on the damage table (the rule card Collisions says how).")))
    if key == "missile":             # the rule cards: one enemy in range, not the nearest; guns hole, bows kill
        return steps(
            step(rs, measure, _("Pick one enemy ship within %(long)s. Measure with the range ruler (cut out of the card "
                                "of rulers and gauges) between the nearest points of the two bases: up to %(short)s is "
                                "short range, up to %(long)s is long range."),
                 short=("missile.range_in.short.1", "distance"), long=("missile.range_in.long.1", "distance")),
            step(rs, measure, _("Roll one die for each shooter your record card shows (never more dice than crew "
                                "boxes left). The quick reference says which faces hit for your side.")),
            step(rs, measure, _("Tell the enemy captain your hits: they cross out one crew box for each hit.")),
            step(rs, measure, _("Loaded guns may fire too, at one enemy within %(long)s: a die for each gun. Each hit "
                                "crosses out one structure point of the enemy's sector that faces the guns, not a crew "
                                "box. Then tick every reloading box: at the end of each later turn clear one, and when "
                                "all are clear the guns are loaded again."),
                 long=("guns.range_in.long.1", "distance")))
    if key == "grappling":
        return steps(
            step(rs, measure, _("Is your ship touching an enemy ship? Roll one die to grapple: %(faces)s holds them."),
                 faces=("grappling.roll.grappled", "faces")),
            step(rs, measure, _("Grappled: both captains roll one die and add the crew boxes they have left. The "
                                "lower total crosses out %(loss)s crew box (both on a tie)."),
                 loss=("boarding.loss", "count")),
            step(rs, measure, _("Not touching an enemy: nothing to do in this phase.")))
    if key == "morale":
        return steps(
            step(rs, measure, _("Has your ship lost %(share)s of its crew boxes or more? Roll one die: on %(faces)s "
                                "your crew gives up, and the rule card Morale says whether your ship strikes or flees "
                                "off the table. Either way it is lost. Any other face: it fights on."),
                 share=("morale.test_crew_lost", "share"), faces=("morale.roll.breaks", "faces")),
            step(rs, measure, _("Otherwise: nothing to do in this phase.")))
    return []
