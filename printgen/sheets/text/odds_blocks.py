"""Odds blocks for the sheets: the rules module's odds tables drawn as tables, and charts.

`[odds NAME]` and `[hits SIDE ship|flagship]` in a template land here."""

from __future__ import annotations

from printgen.draw.shapes import Group, Span, translate
from printgen.options import Options
from printgen.rules.printed import fmt
from printgen.rules.tables import OddsTable, cell, odds_cell
from printgen.rules.trace import Traced, derived
from printgen.sheets.text.flow import Laid, paragraph, table


def spans_of(c, options: Options, font: str = "") -> list[Span]:
    return [Span(fmt(r.value, r.kind, options.measure), font, r.source.to_json(), r.kind) if isinstance(r, Traced)
            else Span(r, font) for r in c]


def draw_table(t: OddsTable, width: float, size: float, options: Options, title: bool = True) -> Laid:
    out = Laid()
    y = 0.0
    if title:
        head = paragraph(spans_of(t.title, options, "bold"), 0, 0, width, size * 0.95, "bold")
        out.shapes += head.shapes
        y = head.height + size * 0.2
    head = [[Span(h)] if isinstance(h, str) else spans_of(h, options) for h in t.header]
    rows = [head] + [[spans_of(c, options) for c in row] for row in t.rows]
    body = table(rows, True, width, size * 0.92)
    out.shapes.append(Group(tuple(body.shapes), translate(0, y)))
    out.height = y + body.height
    return out


def odds_block(rs, name: str, args: list[str], width: float, size: float, options: Options) -> Laid:
    if rs.ruleset.system != "broadside":
        from printgen.systems.sectors.blocks import sectors_block

        return sectors_block(rs, name, args, width, size, options)
    from printgen.systems.broadside import tables as bt

    if name == "hits":
        return hits_block(rs, args[0], args[1] == "flagship", width, size, options)
    what = args[0]
    tables = {
        "per-die": lambda: [bt.per_die(rs)],
        "expected": lambda: [bt.expected(rs)],
        "in-irons": lambda: [bt.in_irons(rs)],
        "strike": lambda: [bt.strike(rs, False), bt.strike(rs, True)],
        "boarding": lambda: [bt.boarding(rs)],
        "cut-loose": lambda: [OddsTable(cell("Chance to cut loose"), ("who rolls", "chance"), (
            (cell("One captain"), odds_cell(derived(rs, "chance_of", "drift.cut_loose"))),
            (cell("Both captains"), odds_cell(derived(rs, "chance_any", "drift.cut_loose", 2)))))],
        "grapple": lambda: [OddsTable(cell("Chances when bases touch"), ("roll", "chance"), (
            (cell("Grapple, one captain rolls"), odds_cell(derived(rs, "chance_of", "grappling"))),
            (cell("Grapple, both captains roll"), odds_cell(derived(rs, "chance_any", "grappling", 2))),
            (cell("Fouled by accident"), odds_cell(derived(rs, "chance_of", "fouling")))))],
        "rake": lambda: [rake_table(rs)],
    }
    if what not in tables:
        raise ValueError(f"no odds table named '{what}' (known: {', '.join(tables)})")
    out = Laid()
    y = 0.0
    for i, t in enumerate(tables[what]()):
        part = draw_table(t, width, size, options)
        out.shapes.append(Group(tuple(part.shapes), translate(0, y)))
        y += part.height + size * 0.6
    out.height = y - size * 0.6
    return out


def rake_table(rs) -> OddsTable:
    from printgen.systems.broadside.tables import pool_label, pools

    rows = []
    for side, flag in pools(rs):
        n = rs.dice_of(side, flag)
        rows.append((pool_label(rs, side, flag), *(
            (Traced(e.value, e.source, "fraction"), " (", Traced(e.value, e.source, "decimal"), ")")
            for e in (derived(rs, "expected_hits", n, "short"), derived(rs, "expected_hits", n, "rake")))))
    return OddsTable(cell("Expected hits: short range or rake"), ("broadside", "short", "rake"), tuple(rows))


def hits_block(rs, side: str, flagship: bool, width: float, size: float, options: Options) -> Laid:
    """Bar chart of the chance of each number of hits at long, short and rake, then the exact table."""
    from printgen.systems.broadside import tables as bt
    from printgen.systems.broadside.odds import BANDS
    from printgen.sheets.text.charts import grouped_bars

    t = bt.distribution(rs, side, flagship)
    n = rs.dice_of(side, flagship)
    cats = [tuple(spans_of(row[0], options)) for row in t.rows]
    series = [(bt.BAND_NAMES[b], f"bar.{b}", [rs_p for rs_p in (derived(rs, "p_hits", n, b, k).value
                                                                   for k in range(n + 1))]) for b in BANDS]
    chart = grouped_bars(cats, series, width, size * 8, size)
    body = draw_table(t, width, size * 0.9, options, title=False)
    out = Laid(list(chart.shapes))
    out.shapes.append(Group(tuple(body.shapes), translate(0, chart.height + size * 0.5)))
    out.height = chart.height + size * 0.5 + body.height
    return out
