"""Odds blocks of the broadside system: `[odds NAME]` and `[hits SIDE ship|flagship]` in the
Trafalgar templates, the odds tables drawn as tables, and charts."""

from __future__ import annotations

from printgen.draw.shapes import Group, translate
from printgen.i18n import N_
from printgen.options import Options
from printgen.rules.tables import OddsTable, cell, mean_cell, odds_cell
from printgen.rules.trace import Source, Traced, derived
from printgen.sheets.text.flow import Laid
from printgen.sheets.text.odds_blocks import draw_table, draw_tables, spans_of


def odds_block(rs, name: str, args: list[str], width: float, size: float, options: Options) -> Laid:
    if name == "hits":
        return hits_block(rs, args[0], args[1] == "flagship", width, size, options, args[2] if len(args) > 2 else "")
    return draw_tables(named_tables(rs, args[0], args[1:]), width, size, options)


def odds_text(rs, name: str, args: list[str], options: Options) -> list:
    """The same block in a handout: its tables; the hits chart as its numbers (the exact table the
    card prints under the bars holds every bar's value, long, short and rake)."""
    from printgen.sheets.text.odds_blocks import table_blocks
    from printgen.systems.broadside import tables as bt

    if name == "hits":
        return table_blocks([bt.distribution(rs, args[0], args[1] == "flagship", args[2] if len(args) > 2 else "")],
                            options)
    return table_blocks(named_tables(rs, args[0], args[1:]), options)


def named_tables(rs, what: str, args: list[str] | None = None) -> list[OddsTable]:
    """The odds tables `[odds WHAT ARGS...]` prints (boarding-grid: the kit's ships' hit points)."""
    from printgen.systems.broadside import tables as bt

    tables = {
        "per-die": lambda: [bt.per_die(rs)],
        "expected": lambda: [bt.expected(rs, bt.kit_pools(rs, args or []))],
        "in-irons": lambda: [bt.in_irons(rs)],
        "strike": lambda: [bt.strike(rs, False), bt.strike(rs, True)],
        "boarding": lambda: [bt.boarding(rs)],
        "landward": lambda: [bt.landward(rs)],
        "boarding-grid": lambda: [bt.boarding_grid(rs, [int(a) for a in args or []])],
        "cut-loose": lambda: [OddsTable(cell(N_("Chance to cut loose")), (N_("who rolls"), N_("chance")), (
            (cell(N_("One captain")), odds_cell(derived(rs, "chance_of", "drift.cut_loose"))),
            (cell(N_("Both captains")), odds_cell(derived(rs, "chance_any", "drift.cut_loose", 2)))))],
        "grapple": lambda: [OddsTable(cell(N_("Chances when bases touch")), (N_("roll"), N_("chance")), (
            (cell(N_("Grapple, one captain rolls")), odds_cell(derived(rs, "chance_of", "grappling"))),
            (cell(N_("Grapple, both captains roll")), odds_cell(derived(rs, "chance_any", "grappling", 2))),
            (cell(N_("Fouled by accident")), odds_cell(derived(rs, "chance_of", "fouling")))))],
        "rake": lambda: [rake_table(rs, bt.kit_pools(rs, args or []))],
        "aground": lambda: [OddsTable(cell(N_("Chance to float off")), (N_("turns"), N_("floated off by then")), tuple(
            (cell(Traced(k, Source("example", (k,)), "count")), odds_cell(derived(rs, "chance_any", "aground", k)))
            for k in (1, 2, 3)))],
        "explosion": lambda: [OddsTable(cell(N_("A ship that strikes")), (N_("roll"), N_("chance")), (
            (cell(N_("She blows up")), odds_cell(derived(rs, "chance_of", "explosion"))),))],
    }
    if what not in tables:
        raise ValueError(f"no odds table named '{what}' (known: {', '.join(tables)})")
    return tables[what]()


def rake_table(rs, given: list[tuple] | None = None) -> OddsTable:
    """Expected hits at short range and raking: of the `given` broadsides (the kit's ships'), else all."""
    from printgen.systems.broadside.tables import pool_label, pools

    rows = []
    for pool in given or pools(rs):
        n = rs.dice_of(*pool[:2], *pool[2:], "short")
        rows.append((pool_label(rs, *pool), *(
            mean_cell(e)
            for e in (derived(rs, "expected_hits", n, "short"), derived(rs, "expected_hits", n, "rake")))))
    return OddsTable(cell(N_("Expected hits: short range or rake")), (N_("broadside"), N_("short"), N_("rake")),
                     tuple(rows))


def hits_block(rs, side: str, flagship: bool, width: float, size: float, options: Options, type: str = "") -> Laid:
    """Bar chart of the chance of each number of hits at long, short and rake, then the exact table."""
    from printgen.systems.broadside import tables as bt
    from printgen.systems.broadside.odds import BANDS
    from printgen.sheets.text.charts import grouped_bars

    t = bt.distribution(rs, side, flagship, type)
    n = bt.band_dice(rs, side, flagship, type)
    most = max(n.values())
    cats = [tuple(spans_of(row[0], options)) for row in t.rows]
    series = [(spans_of(bt.band_name(rs, b), options)[0], f"bar.{b}",
               [derived(rs, "p_hits", n[b], b, k) for k in range(most + 1)]) for b in BANDS]
    chart = grouped_bars(cats, series, width, size * 8, size)
    body = draw_table(t, width, size * 0.9, options, title=False)
    out = Laid(list(chart.shapes))
    out.shapes.append(Group(tuple(body.shapes), translate(0, chart.height + size * 0.5)))
    out.height = chart.height + size * 0.5 + body.height
    return out
