"""Odds tables as plain text for the terminal."""

from __future__ import annotations

from printgen.rules.tables import Cell, OddsTable
from printgen.rules.trace import Traced


def odds_tables(rs) -> list[OddsTable]:
    from printgen.registry import system_of

    return system_of(rs).odds_tables(rs)


def text(cell: Cell, fmt) -> str:
    return "".join(fmt(r.value, r.kind) if isinstance(r, Traced) else r for r in cell)


def render_text(table: OddsTable, fmt) -> str:
    head = [h if isinstance(h, str) else text(h, fmt) for h in table.header]
    rows = [head] + [[text(c, fmt) for c in row] for row in table.rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(table.header))]
    lines = [text(table.title, fmt)]
    for n, r in enumerate(rows):
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        if n == 0:
            lines.append("  " + "  ".join("-" * w for w in widths))
    if table.note:
        lines.append("  " + table.note)
    return "\n".join(lines) + "\n"
