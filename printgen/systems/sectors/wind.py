"""The wind rose of rules that steer by the wind's angle (the map legend and the rulers' wind gauge):
the no-go and with-wind arcs around a ship, their angles traced to the ruleset."""

from __future__ import annotations

import math

from printgen.draw.shapes import Circle, Poly, Shape, Span, Text
from printgen.i18n import _
from printgen.sheets.maps.map_parts import arrow


def wind_rose(cx: float, cy: float, r: float, rs, size: float = 6.5, word: bool = True) -> list[Shape]:
    """The sailing rules of the wind around a ship at the centre, north up: the round ships' no-go
    arc either side of the wind's eye, the with-wind arc either side of dead downwind, their angles
    traced to the ruleset, and the wind arrow blowing across from where it comes."""
    from printgen.game.deploy_settings import COMPASS_DEG

    mv = rs.movement
    eye = COMPASS_DEG[rs.table.wind_from]
    out: list[Shape] = [Circle(cx, cy, r, "panel", tag="wind-rose")]
    arcs = ((eye, mv.round_ship_min_angle_to_wind_deg, "wind.nogo", "movement.round_ship_min_angle_to_wind_deg"),
            (eye + 180, mv.with_wind_within_deg, "wind.bonus", "movement.with_wind_within_deg"))
    for centre, half, role, _key in arcs:
        out.append(Poly(tuple(wedge(cx, cy, r, centre - half, centre + half)), role, tag=role))
    for centre, half, role, key in arcs:
        for side in (-1, 1):                          # the angle, written inside the arc near each edge
            a = math.radians(centre + side * half * 0.55)
            out.append(Text(cx + r * 0.7 * math.sin(a), cy - r * 0.7 * math.cos(a) + size * 0.35,
                            (Span(f"{half:g}°", source=("rule", key), kind="degrees"),), size, font="bold",
                            anchor="middle", tag=f"{role}-angle"))
    a = math.radians(eye)
    ux, uy = math.sin(a), -math.cos(a)                # towards the wind's eye
    out.append(arrow(cx, cy, r * 1.5, eye + 180, "arrow", max(1.6, r * 0.07), tag="wind-arrow"))
    out.append(Circle(cx, cy, max(1.2, r * 0.05), "rule", tag="centre"))
    if word:                                          # beyond the rim, where the wind comes from
        out.append(Text(cx + ux * (r + size * 0.9), cy + uy * (r + size * 0.9) + size * 0.35,
                        (Span(_("wind"), font="bold"),), size, anchor="middle", tag="wind-word"))
    else:                                             # on the arrow's tail
        out.append(Text(cx + ux * r * 0.45 - uy * size * 0.5, cy + uy * r * 0.45 + ux * size * 0.5 - size * 0.2,
                        (Span(_("wind"), font="bold"),), size, anchor="middle", tag="wind-word"))
    return out


def wedge(cx: float, cy: float, r: float, a0: float, a1: float, steps: int = 16) -> list[tuple[float, float]]:
    """A pie slice between two compass bearings (degrees clockwise from up the page)."""
    pts = [(cx, cy)]
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        pts.append((cx + r * math.sin(a), cy - r * math.cos(a)))
    return pts
