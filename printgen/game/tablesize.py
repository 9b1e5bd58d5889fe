"""A teacher's table ("4x3ft", "120x90cm") -> the one factor that scales every game distance."""

from __future__ import annotations

import re

from printgen.errors import PrintgenError, Problem
from printgen.units import CM_PER_IN

_TABLE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(ft|in|cm|m|')?\s*$", re.I)
TO_INCHES = {"ft": 12.0, "'": 12.0, "in": 1.0, "cm": 1 / CM_PER_IN, "m": 100 / CM_PER_IN}     # real inches


def parse_table(text: str) -> tuple[float, float]:
    """(long side, short side) in inches."""
    m = _TABLE.match(text)
    if not m:
        raise PrintgenError(Problem(f"table '{text}' is not a size", field="--table",
                                    fix="write it like 4x3ft, 48x36in or 120x90cm"))
    unit = (m.group(3) or "ft").lower()
    a, b = float(m.group(1)) * TO_INCHES[unit], float(m.group(2)) * TO_INCHES[unit]
    return max(a, b), min(a, b)


def table_scale(text: str, rs) -> tuple[float, str]:
    """The largest factor at which the ruleset's table fits the teacher's, and a sentence saying so.
    The teacher's table is read in real inches (2.54 cm) whatever the kit's units, so that printing in
    centimetres never changes the game (a kit in cm, whose inch is 2.5 cm, fits it with 1.6% to spare)."""
    long_in, short_in = parse_table(text)
    t = rs.table
    full_long = max(t.north_south_ft, t.east_west_ft) * 12
    full_short = min(t.north_south_ft, t.east_west_ft) * 12
    factor = min(long_in / full_long, short_in / full_short)
    factor = int(factor * 100) / 100                         # round down to a printable 2-digit factor
    if factor <= 0:
        raise PrintgenError(Problem(f"table '{text}' is too small", field="--table", fix="give a real table size"))
    note = (f"Your {long_in / 12:g}' x {short_in / 12:g}' table is {factor:g} times the rules' "
            f"{full_long / 12:g}' x {full_short / 12:g}': every distance, base and ruler is scaled by {factor:g}.")
    return factor, note
