"""The sectors system's part of the map legend: the wind, and what a ship's angle to it means."""

from __future__ import annotations

from printgen.draw.shapes import Span
from printgen.options import Options
from printgen.rules.provenance import mark_spans
from printgen.rules.trace import lookup
from printgen.sheets.maps.map_legend import LEAD, Block
from printgen.systems.sectors.wind import wind_rose


def sailing_block(scenario, options: Options, width: float) -> Block:
    """No coloured edges: the wind, and what a ship's angle to it means under these rules."""
    rs = scenario.ruleset
    b = Block("Wind and sailing", width)
    b.line((Span("Wind from the "), Span(rs.table.wind_from, "bold", ("label", "table.wind_from"), "label"),
            *mark_spans(rs, "table.wind_from"),
            Span("; north is up the page; it may shift each turn"), *mark_spans(rs, "weather"), Span(".")))
    mv = rs.movement
    r = 27.0
    top = b.y - LEAD + 4
    b.shapes.extend(wind_rose(r + 12, top + r + 8, r, rs, 6.0))
    b.y = top + 2 * r + 16 + LEAD
    deg = lambda key: Span(f"{lookup(rs, key):g}°", source=("rule", key), kind="degrees")    # noqa: E731
    b.line((Span("Arc at the wind's eye: ", font="bold"), Span("round ships cannot steer within "),
            deg("movement.round_ship_min_angle_to_wind_deg"),
            *mark_spans(rs, "movement.round_ship_min_angle_to_wind_deg"), Span(" of the wind.")))
    b.line((Span("Arc downwind: ", font="bold"), Span("a ship within "), deg("movement.with_wind_within_deg"),
            *mark_spans(rs, "movement.with_wind_within_deg"), Span(" of dead downwind adds "),
            Span(options.measure.fmt(mv.with_wind_bonus_in), "bold", ("rule", "movement.with_wind_bonus_in"),
                 kind="distance"), Span(" to its move (not galleys or longships with their sails furled).")))
    b.wrapped("No coloured edges: ships steer by their angle to the wind. The placement table gives each bow's "
              "angle off the wind.")
    return b
