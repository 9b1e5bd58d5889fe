"""The broadside family object: what it answers through the protocol (printgen/registry/protocol.py)."""

from __future__ import annotations

from printgen.rules.trace import Source
from printgen.rules.tracks import Track
from printgen.registry.protocol import RuleSystem, catalogued
from printgen.systems.broadside import look
from printgen.systems.broadside import odds  # noqa: F401 (registers the derivations sheets print)
from printgen.systems.broadside.model import BroadsideRuleset


class Broadside(RuleSystem):
    name = "broadside"
    model = BroadsideRuleset
    fleet_columns = ("guns",)
    line_form = "battle"
    marks = ("hit circles", "hit points")
    nations = look.NATIONS

    def languages(self, rs) -> tuple[str, ...]:
        """Every language whose catalogue holds the ruleset's words: the family's drawing code and its
        built-in fleets' words (babel.cfg's fleet_words) are all messages of the catalogue."""
        return catalogued(rs)

    def paints(self, edition: str) -> dict:
        return look.paints(edition)

    def ship_types(self, rs) -> dict[str, str] | None:
        return {k: t.name for k, t in rs.types.items()} or None

    def tracks(self, rs, ship) -> list[Track]:
        typed = ship.type if ship.type in rs.types else ""
        return [Track("hits", rs.hit_points_of(ship.flagship, typed), "circle",
                      Source("hit_points_of", (ship.flagship, typed) if typed else (ship.flagship,)))]

    def checks(self, scenario) -> list:
        from printgen.systems.broadside import checks

        rs = scenario.ruleset
        return [checks.to_hit_order(rs), checks.wind_speeds(rs), checks.flagship_hit_points(rs),
                checks.band_distances(rs), *checks.scenario_rules(scenario)]

    def recompute(self, rs, fn, args):
        from printgen.systems.broadside.oracle import recompute

        return recompute(rs, fn, args)

    def wind_edges(self, rs) -> list:
        return rs.table.edges

    def dice_pool(self, rs, ship) -> int:
        return max(rs.dice_of(ship.side, ship.flagship, ship.type, band) for band in ("short", "long"))

    def odds_tables(self, rs) -> list:
        from printgen.systems.broadside.tables import all_tables

        return all_tables(rs)

    def sprite_sheets(self, scenario, options):
        from printgen.systems.broadside.sprites import sprite_sheets

        return sprite_sheets(scenario, options)

    def block(self, rs, name, args, width, size, options, wording):
        if name == "broadside-diagram":
            from printgen.systems.broadside.diagram import broadside_diagram

            return broadside_diagram(rs, width, size, options, getattr(wording, "scenario", None))
        if name == "wind-edges":
            from printgen.sheets.text.flow import Laid
            from printgen.systems.broadside.edges import table_diagram

            return Laid(*table_diagram(rs, width, size, options.measure))
        if name not in ("odds", "hits"):
            return None
        from printgen.systems.broadside.blocks import odds_block

        return odds_block(rs, name, args, width, size, options)

    def block_text(self, rs, name, args, options, wording):
        if name == "broadside-diagram":
            from printgen.systems.broadside.diagram import diagram_text

            return diagram_text(rs, options, getattr(wording, "scenario", None))
        if name == "wind-edges":
            from printgen.systems.broadside.edges import edges_text

            return edges_text(rs, options)
        if name not in ("odds", "hits"):
            return None
        from printgen.systems.broadside.blocks import odds_text

        return odds_text(rs, name, args, options)

    def gauges(self) -> tuple:
        from printgen.systems.broadside import gauges as g

        return (g.movement_stick, g.range_ruler, g.firing_arc, g.turn_template, g.compass)

    def legend_blocks(self, scenario, dep, options, width) -> list:
        if not dep.edges:
            return []
        from printgen.systems.broadside.legend import edges_block, ground_block, wind_block

        ground = ground_block(scenario, options, width)
        return [edges_block(scenario, dep, options, width), wind_block(scenario, options, width),
                *([ground] if ground is not None else [])]

    def edge_words(self, rs, colour, options, short=False) -> tuple:
        from printgen.systems.broadside.edges import edge_meaning

        return edge_meaning(colour, rs, options, short)

    def captain_steps(self, rs, label, measure, anchored=frozenset()) -> list:
        from printgen.systems.broadside.steps import captain_steps

        return captain_steps(rs, label, measure, anchored)

    def phases(self, rs):
        from printgen.systems.broadside.play import phases

        return phases(rs)


SYSTEM = Broadside()
