"""Odds tables built once from the ruleset and shown in many places (terminal, cards, sheets).

A cell is a tuple of runs: plain strings and Traced numbers, so each number keeps its source."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.rules.trace import Traced

Run = str | Traced
Cell = tuple[Run, ...]


@dataclass(frozen=True)
class OddsTable:
    title: Cell
    header: tuple[str | Cell, ...]           # plain words, or cells when a head prints a number
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""


def cell(*runs: Run) -> Cell:
    return tuple(runs)


MAX_DENOMINATOR = 10_000      # beyond this a fraction teaches nothing: print the percentage alone


def odds_cell(p: Traced) -> Cell:
    """A probability as "1/3 (33.3%)": the fraction and the percentage, both traced."""
    pct = Traced(p.value, p.source, "percent")
    if p.value.denominator > MAX_DENOMINATOR:
        return (pct,)
    return (Traced(p.value, p.source, "fraction"), " (", pct, ")")
