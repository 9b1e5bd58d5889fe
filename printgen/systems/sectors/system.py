"""The sectors family object: what it answers through the protocol (printgen/registry/protocol.py)."""

from __future__ import annotations

from printgen.registry.protocol import RuleSystem, catalogued
from printgen.systems.sectors import look
from printgen.systems.sectors.kinds import KINDS
from printgen.systems.sectors import odds  # noqa: F401 (registers the derivations sheets print)
from printgen.systems.sectors.model import KitSettings, SectorsRuleset, ship_tracks


class Sectors(RuleSystem):
    name = "sectors"
    model = SectorsRuleset
    fleet_columns = ("type",)
    kinds = KINDS
    kit_model = KitSettings
    line_form = "squadrons"            # medieval fleets chained their ships a squadron a line (Sluys)
    marks = ("structure boxes", "structure points")
    nations = look.NATIONS

    def languages(self, rs) -> tuple[str, ...]:
        """Every language whose catalogue holds the ruleset's words: the family's drawing code and its
        built-in fleets' words (babel.cfg's fleet_words) are all messages of the catalogue."""
        return catalogued(rs)

    def paints(self, edition: str) -> dict:
        return look.paints(edition)

    def dice_pool(self, rs, ship) -> int:
        return rs.type_of(ship).bowmen                  # the missile dice: the most a ship rolls at once

    def piece_tracks(self, scenario, ship) -> list:
        """Structure boxes on the pieces only when the teacher keeps damage there (kit.damage_on)."""
        return ship_tracks(scenario.ruleset, ship) if scenario.kit.damage_on == "pieces" else []

    def ship_types(self, rs) -> dict[str, str]:
        return {k: t.name for k, t in rs.types.items()}

    def tracks(self, rs, ship) -> list:
        return ship_tracks(rs, ship)

    def checks(self, scenario) -> list:
        from printgen.systems.sectors import checks

        return [checks.damage_table(scenario.ruleset), checks.ship_types(scenario), checks.obstacles(scenario)]

    def recompute(self, rs, fn, args):
        from printgen.systems.sectors.oracle import recompute

        return recompute(rs, fn, args)

    def odds_tables(self, rs) -> list:
        from printgen.systems.sectors.tables import all_tables

        return all_tables(rs)

    def sprite_sheets(self, scenario, options):
        from printgen.systems.sectors.topdown import topdown_sheets

        return topdown_sheets(scenario, options)

    def is_mark(self, path, base_sizes) -> bool:
        """Structure boxes: the small squares inside a base."""
        return path.kind == "rect" and abs(path.w - path.h) < 0.3 and 1 < path.w < min(min(base_sizes)) / 2

    def block(self, rs, name, args, width, size, options, wording):
        if name == "odds":
            from printgen.systems.sectors.blocks import sectors_block

            return sectors_block(rs, name, args, width, size, options)
        if name in ("record", "boxes"):
            from printgen.systems.sectors.records import boxes_block, structure_block

            if name == "record":
                return structure_block(rs, wording.objects[int(args[0])], width, size)
            return boxes_block(rs, args[0], " ".join(args[1:]), width, size)
        return None

    def block_text(self, rs, name, args, options, wording):
        if name == "odds":
            from printgen.systems.sectors.blocks import sectors_text

            return sectors_text(rs, name, args, options)
        if name in ("record", "boxes"):
            from printgen.systems.sectors.records import boxes_text, structure_text

            if name == "record":
                return structure_text(rs, wording.objects[int(args[0])])
            return boxes_text(rs, args[0], " ".join(args[1:]))
        return None

    def gauges(self) -> tuple:
        from printgen.systems.sectors import gauges as g

        return (g.type_sticks, g.missile_ruler, g.furl_gauge, g.sweep_template, g.wind_gauge)

    def legend_blocks(self, scenario, dep, options, width) -> list:
        from printgen.systems.sectors.legend import sailing_block

        return [sailing_block(scenario, options, width)]

    def captain_steps(self, rs, label, measure, anchored=frozenset()) -> list:     # (no galley anchors)
        from printgen.systems.sectors.steps import captain_steps

        return captain_steps(rs, label, measure)

    def phases(self, rs):
        from printgen.systems.sectors.play import Engine

        return Engine(rs)


SYSTEM = Sectors()
