"""Derivations every ruleset shares: the chance of a single die-roll table's hoped-for outcome."""

from __future__ import annotations

from fractions import Fraction

from printgen.registry import system_of
from printgen.rules import odds
from printgen.rules.trace import derivation, lookup


@derivation
def chance_of(rs, key: str) -> Fraction:
    """Chance of the roll table at `key` giving its success outcome (e.g. 'fouling' -> 1/6)."""
    return odds.chance(lookup(rs, key).faces)


@derivation
def faces_more(rs, key: str, than: str) -> int:
    """How many more faces give the table at `key` its hoped-for outcome than the table at `than`
    (grappling on 5-6 against fouling on 6: one face)."""
    return len(lookup(rs, key).faces) - len(lookup(rs, than).faces)


@derivation
def chance_any(rs, key: str, rollers: int) -> Fraction:
    """Chance at least one of `rollers` dice succeeds on the table at `key` (both captains roll)."""
    return odds.any_of(lookup(rs, key).faces, rollers)


@derivation
def edge_length(rs, colour: str) -> float:
    """Feet of table edge of one wind colour (the yarn a teacher cuts), at full scale."""
    return sum(e.to_ft - e.from_ft for e in system_of(rs).wind_edges(rs) if e.colour == colour)


@derivation
def table_length(rs, side: str) -> float:
    """A side of the table in feet at full scale (north_south_ft or east_west_ft)."""
    return getattr(rs.table, side)


LARGE_PRINT_MARKER = (2.0, 1.6)     # a large-print status marker: the rule's width and height times these


@derivation
def large_print_marker(rs, i: int) -> float:
    """A status marker's width (i = 0) or height (1) in inches at full scale in the large-print edition:
    2" by 0.8" for the rules' 1" by 0.5", so that its longest word ("ENGANCHADO", "AU GRAPPIN", or "PROA AL
    VIENTO" on two lines, also in a centimetre kit, whose rule inch is 2.5 cm) prints at 14 pt and its nation's
    code under it too. A marker sits beside a 2" base: as long as its side."""
    return rs.status_markers.size_in[i] * LARGE_PRINT_MARKER[i]
