"""How a traced value prints. The sheets and the checker share this one function, so a printed
number can be compared with the ruleset after scale and units."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from printgen.rules.faces import format_faces
from printgen.rules.odds import percent
from printgen.units import Measure


WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


COMPASS_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def compass_word(point: str) -> str:
    """"NW" -> "north-west", "S" -> "south"."""
    return "-".join(COMPASS_WORDS[ch] for ch in point)


def fmt(value: Any, kind: str, measure: Measure | None = None) -> str:
    if kind == "count":
        return str(int(value))
    if kind == "word":                       # small counts in running text read as words
        n = int(value)
        return WORDS[n] if 0 <= n < len(WORDS) else str(n)
    if kind == "signed":
        return f"{int(value):+d}"
    if kind == "faces":
        return format_faces(value)
    if kind == "distance":
        return (measure or Measure()).fmt(float(value))
    if kind == "size":                       # a thing drawn exactly to scale: its size as drawn
        return (measure or Measure()).fmt_size(float(value))
    if kind == "feet":                       # table-sized lengths: feet at full scale, scaled
        m = measure or Measure()
        if m.units == "in":
            return f"{round(float(value) * m.scale, 1):g} ft"
        return f"{round(float(value) * 12 * 2.5 * m.scale / 100, 2):g} m"
    if kind == "fraction":
        f = Fraction(value)
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    if kind == "percent":
        return percent(Fraction(value))
    if kind == "decimal":
        return f"{float(value):.2f}"
    if kind == "degrees":
        return f"{float(value):g}°"
    if kind in ("text", "label"):
        return str(value)
    if kind == "lower":                      # a label inside a sentence ("at short range")
        return str(value).lower()
    if kind == "compass":                    # a compass point in words ("NW": north-west)
        return compass_word(str(value))
    raise ValueError(f"unknown print kind {kind!r}")
