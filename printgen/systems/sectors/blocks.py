"""Odds blocks of the sectors system (`[odds NAME]` in the medieval templates)."""

from __future__ import annotations

from printgen.options import Options
from printgen.systems.sectors import tables as st
from printgen.sheets.text.flow import Laid
from printgen.sheets.text.odds_blocks import draw_tables

TABLES = {
    "sector": lambda rs: [st.sector_roll(rs)],
    "passage": lambda rs: [st.passage(rs)],
    "refloat": lambda rs: [st.refloat(rs)],
    "damage-table": lambda rs: [st.damage_table(rs)],
    "collision": lambda rs: [st.cases(rs, "collision", st.COLLISION_CASES, "Damage to your ship")],
    "mast": lambda rs: [st.mast(rs)],
    "ramming": lambda rs: [st.cases(rs, "ramming", st.RAMMING_CASES, "Damage to the target")],
    "weather": lambda rs: [st.weather(rs)],
    "missile": st.missile,
    "grappling": lambda rs: [st.grappling(rs)],
    "boarding": lambda rs: [st.boarding(rs)],
    "morale": lambda rs: [st.morale(rs)],
}


def sectors_block(rs, name: str, args: list[str], width: float, size: float, options: Options) -> Laid:
    what = args[0]
    if name != "odds" or what not in TABLES:
        raise ValueError(f"no sectors block [{name} {' '.join(args)}] (known: {', '.join(TABLES)})")
    return draw_tables(TABLES[what](rs), width, size, options)
