"""Blocks a template asks for by name ([wind-edges], [odds ...], [chart ...]) that the sheets draw."""

from __future__ import annotations

from printgen.options import Options
from printgen.sheets.flow import Laid
from printgen.sheets.markup import Block


def expander(scenario, options: Options):
    rs = scenario.ruleset

    def expand(block: Block, width: float, size: float) -> Laid:
        name, args = block.args[0], block.args[1:]
        if name == "wind-edges":
            from printgen.sheets.table_diagram import table_diagram

            shapes, h = table_diagram(rs, width, size, options.measure)
            return Laid(shapes, h)
        if name in ("odds", "hits"):
            from printgen.sheets.odds_blocks import odds_block

            return odds_block(rs, name, args, width, size, options)
        raise ValueError(f"templates ask for [{' '.join(block.args)}], which no sheet draws")

    return expand
