"""A section too tall for a page, cut into sections that each fit one: between its blocks, and
inside a table between rows (the header row printed again on each piece). The pieces after the
first are titled "..., continued", as the debrief's long lists are. What grows with the class (the
roster a row a captain, the turn tracker a row a turn, a fleet's ships) then takes the pages it
needs instead of a panel no page can hold."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from printgen.draw.shapes import Span
from printgen.i18n import _
from printgen.sheets.text.markup import Block, Section

Unit = tuple[int, int | None]           # (block, row of a table's body) or (block, None): the whole block


ROW_ARGS = {("odds", "expected"): 2, ("odds", "rake"): 2}
"""Directives whose arguments after the first N are each one row of the table they print (the
kit's own broadsides: printgen/systems/broadside/blocks.py), so a piece may hold some of them."""


def _body(block: Block) -> int:
    """The first body row of a table (after its header)."""
    return 1 if block.header else 0


def _row_args(block: Block) -> int | None:
    """Where a directive's row arguments start (ROW_ARGS), None for a directive of one piece."""
    return ROW_ARGS.get((block.args[0], block.args[1])) if block.kind == "directive" and len(block.args) > 1 else None


def units(section: Section) -> list[Unit]:
    """Where the section may be cut: before any block, before any body row of a table, and before
    any row argument of a directive that prints one row an argument (a table drawn from data)."""
    out: list[Unit] = []
    for b, block in enumerate(section.blocks):
        if block.kind == "table" and len(block.rows) > _body(block) + 1:
            out += [(b, r) for r in range(_body(block), len(block.rows))]
        elif (n := _row_args(block)) is not None and len(block.args) > n + 1:
            out += [(b, r) for r in range(len(block.args) - n)]
        else:
            out.append((b, None))
    return out


def piece(section: Section, part: list[Unit], first: bool) -> Section:
    """The section holding only the blocks and rows of `part`; titled "..., continued" unless `first`."""
    blocks: list[Block] = []
    for b, block in enumerate(section.blocks):
        rows = [r for k, r in part if k == b]
        picked = [r for r in rows if r is not None]
        if rows == [None]:
            blocks.append(block)
        elif picked and (n := _row_args(block)) is not None:
            blocks.append(replace(block, args=block.args[:n] + [block.args[n + r] for r in picked]))
        elif picked:
            blocks.append(replace(block, rows=block.rows[:_body(block)] + [block.rows[r] for r in picked]))
    title = section.title if first else [*section.title, Span(_(", continued"))]
    return Section(title, blocks, dict(section.options))


def cut(section: Section, fits: Callable[[Section], bool]) -> list[Section]:
    """The section in pieces that each `fit` (the longest first piece, then the rest likewise); a
    piece that cannot be cut further (one block, one row) is kept whole for the caller to refuse."""
    rest, first, out = units(section), True, []
    while rest:                                          # each turn takes at least one unit: bounded
        whole = piece(section, rest, first)
        if fits(whole):
            out.append(whole)
            break
        lo, hi = 1, len(rest) - 1                        # the longest fitting head: bisect
        if not fits(piece(section, rest[:1], first)):
            hi = 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fits(piece(section, rest[:mid], first)):
                lo = mid
            else:
                hi = mid - 1
        out.append(piece(section, rest[:lo], first))
        rest, first = rest[lo:], False
    return out


def head(section: Section, rest: list[Unit], first: bool, fits: Callable[[Section], bool]) -> int:
    """How many of the `rest` units of `section` make the longest head that `fits` (0: not even one)."""
    if not rest or not fits(piece(section, rest[:1], first)):
        return 0
    lo, hi = 1, len(rest)
    while lo < hi:                                       # bisect, as cut does
        mid = (lo + hi + 1) // 2
        if fits(piece(section, rest[:mid], first)):
            lo = mid
        else:
            hi = mid - 1
    return lo
