"""Odds blocks of the sectors system (`[odds NAME]` in the medieval templates)."""

from __future__ import annotations

from printgen.i18n import N_
from printgen.options import Options
from printgen.systems.sectors import tables as st
from printgen.sheets.text.flow import Laid
from printgen.sheets.text.odds_blocks import draw_tables

TABLES = {
    "sector": lambda rs: [st.sector_roll(rs)],
    "passage": lambda rs: [st.passage(rs)],
    "refloat": lambda rs: [st.refloat(rs)],
    "damage-table": lambda rs: [st.damage_table(rs)],
    "collision": lambda rs: [st.cases(rs, "collision", st.COLLISION_CASES, N_("Damage to your ship"))],
    "mast": lambda rs: [st.mast(rs)],
    "ramming": lambda rs: [st.cases(rs, "ramming", st.RAMMING_CASES, N_("Damage to the target"))],
    "weather": lambda rs: [st.weather(rs)],
    "missile": st.missile,
    "guns": st.guns,
    "grappling": lambda rs: [st.grappling(rs)],
    "boarding": lambda rs: [st.boarding(rs)],
    "morale": lambda rs: [st.morale(rs)],
}


# A pupil's card reads one die's chances and the average of a roll with its factors; the chance of
# every result of several dice, or of each case on the damage table, is the teacher's (issue 27).
FOR_PUPILS = {
    "collision": lambda rs: [st.cases_brief(rs, "collision", st.COLLISION_CASES, N_("Damage to your ship"))],
    "ramming": lambda rs: [st.cases_brief(rs, "ramming", st.RAMMING_CASES, N_("Damage to the target"))],
    "missile": lambda rs: [st.missile_per_die(rs)],
    "guns": lambda rs: [st.guns_per_die(rs)] if rs.guns is not None else [],
    "mast": lambda rs: [],
    "grappling": lambda rs: [],             # the card's words give it: either captain's success grapples
}


def sectors_block(rs, name: str, args: list[str], width: float, size: float, options: Options) -> Laid:
    tables = named_tables(rs, name, args)
    return draw_tables(tables, width, size, options) if tables else Laid()


def sectors_text(rs, name: str, args: list[str], options: Options) -> list:
    """The same block in a handout (printgen.sheets.handouts): its tables as rows and columns."""
    from printgen.sheets.text.odds_blocks import table_blocks

    return table_blocks(named_tables(rs, name, args), options)


def named_tables(rs, name: str, args: list[str]) -> list:
    """The tables `[odds WHAT]` prints, a pupil's or the teacher's."""
    from printgen.rules.provenance import for_pupils

    what = args[0]
    if name != "odds" or what not in TABLES:
        raise ValueError(f"no sectors block [{name} {' '.join(args)}] (known: {', '.join(TABLES)})")
    tables = FOR_PUPILS[what](rs) if for_pupils() and what in FOR_PUPILS else TABLES[what](rs)
    if "untitled" in args[1:]:              # under a heading that names it already ("Damage table" twice)
        import dataclasses

        tables = [dataclasses.replace(t, title=()) for t in tables]
    return tables
