"""Odds tables built once from the ruleset and shown in many places (terminal, cards, sheets).

A cell is a tuple of runs: plain strings and Traced numbers, so each number keeps its source."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.rules.trace import Traced, as_fraction

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


def one_die(value) -> bool:
    """A chance a pupil reads as a fraction: of one die's six faces (1/2, 1/3, 5/6)."""
    return 6 % as_fraction(value).denominator == 0


def odds_cell(p: Traced) -> Cell:
    """A probability as "1/3 (33.3%)": the fraction and the percentage, both traced. On a pupil's
    page a fraction only where it is one die's ("1/3 (33.3%)"), else the percentage alone ("59.8%");
    the exact fraction is on the teacher's copy (the answer key)."""
    from printgen.rules.provenance import for_pupils

    pct = Traced(p.value, p.source, "percent")
    if p.value.denominator > MAX_DENOMINATOR or (for_pupils() and not one_die(p.value)):
        return (pct,)
    return (Traced(p.value, p.source, "fraction"), " (", pct, ")")


def mean_cell(e: Traced) -> Cell:
    """An average (expected hits) as "7/3 (2.33)"; on a pupil's page the decimal alone unless it is a
    whole number of sixths ("2.33")."""
    from printgen.rules.provenance import for_pupils

    dec = Traced(e.value, e.source, "decimal")
    if for_pupils() and not one_die(e.value):
        return (dec,)
    return (Traced(e.value, e.source, "fraction"), " (", dec, ")")
