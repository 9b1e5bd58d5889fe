"""The sectors system's part of the map legend: the wind, and what a ship's angle to it means."""

from __future__ import annotations

from printgen.draw.shapes import Span
from printgen.i18n import N_, _
from printgen.options import Options
from printgen.rules.provenance import mark_spans
from printgen.rules.trace import lookup
from printgen.sheets.maps.map_legend import LEAD, Block
from printgen.systems.sectors.wind import wind_rose
from printgen.systems.sectors.words import said


def sailing_block(scenario, options: Options, width: float) -> Block:
    """No coloured edges: the wind, and what a ship's angle to it means under these rules."""
    rs = scenario.ruleset
    b = Block(_("Wind and sailing"), width)
    from printgen.sheets.maps.map_legend import compass_point  # the point in words outside English

    point = compass_point(rs.table.wind_from, "table.wind_from")
    b.line(said(N_("Wind from the %(point)s%(mark)s; north is up the page; it may shift each turn%(weather)s."),
                point=point, mark=mark_spans(rs, "table.wind_from"), weather=mark_spans(rs, "weather")))
    mv = rs.movement
    r = 27.0
    top = b.y - LEAD + 4
    b.shapes.extend(wind_rose(r + 12, top + r + 8, r, rs, 6.0))
    b.y = top + 2 * r + 16 + LEAD
    deg = lambda key: Span(f"{lookup(rs, key):g}°", source=("rule", key), kind="degrees")    # noqa: E731
    if any(t.round_ship for t in rs.types.values()):           # Lepanto's galleys have no round ship
        b.line((Span(_("Arc at the wind's eye: "), font="bold"),
                *said(N_("round ships cannot steer within %(angle)s%(mark)s of the wind."),
                      angle=deg("movement.round_ship_min_angle_to_wind_deg"),
                      mark=mark_spans(rs, "movement.round_ship_min_angle_to_wind_deg"))))
    b.line((Span(_("Arc downwind: "), font="bold"),
            *said(N_("a ship within %(angle)s%(mark)s of dead downwind adds %(bonus)s to its move (not galleys or "
                     "longships with their sails furled)."), angle=deg("movement.with_wind_within_deg"),
                  mark=mark_spans(rs, "movement.with_wind_within_deg"),
                  bonus=Span(options.measure.fmt(mv.with_wind_bonus_in), "bold",
                             ("rule", "movement.with_wind_bonus_in"), kind="distance"))))
    b.wrapped(_("No coloured edges: ships steer by their angle to the wind. The placement table gives each bow's "
                "angle off the wind."))
    return b
