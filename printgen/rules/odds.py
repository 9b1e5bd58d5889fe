"""Exact dice odds, as fractions, computed with icepool (never with floating point)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from printgen.rules.faces import DIE

if TYPE_CHECKING:
    import icepool


def chance(faces: tuple[int, ...]) -> Fraction:
    """Chance that one die shows one of `faces`."""
    return Fraction(len(set(faces)), DIE)


def any_of(faces: tuple[int, ...], rollers: int) -> Fraction:
    """Chance that at least one of `rollers` dice succeeds ("both captains may roll")."""
    return 1 - (1 - chance(faces)) ** rollers


@cache
def pool(dice: int, faces: tuple[int, ...]) -> icepool.Die:
    """Distribution of the number of successes when rolling `dice` dice."""
    import icepool          # here, not above: a command that prints no odds (sprites, a map) never loads it

    one = icepool.Die({1: len(faces), 0: DIE - len(faces)})
    return dice @ one if dice else icepool.Die([0])


def distribution(dice: int, faces: tuple[int, ...]) -> dict[int, Fraction]:
    """P(exactly k successes) for k = 0..dice."""
    p = pool(dice, faces)
    return {k: Fraction(p.probability(k)) for k in range(dice + 1)}


def expected(dice: int, faces: tuple[int, ...]) -> Fraction:
    return Fraction(pool(dice, faces).mean())


def at_least(dice: int, faces: tuple[int, ...], k: int) -> Fraction:
    if k <= 0:
        return Fraction(1)
    if k > dice:
        return Fraction(0)
    return Fraction(pool(dice, faces).probability(">=", k))


def percent(p: Fraction, places: int = 1) -> str:
    """A probability as a percentage a 12-year-old reads: "33.3%", "<0.1%" rather than "0.0%"."""
    value = Fraction(p) * 100
    least = Fraction(1, 10 ** places)
    if 0 < value < least:
        return f"<{float(least):g}%"
    if 100 - least < value < 100:
        return f">{float(100 - least):g}%"
    rounded = Fraction(int(value / least + Fraction(1, 2)), 1) * least      # half up, exactly
    text = f"{float(rounded):.{places}f}".rstrip("0").rstrip(".")
    return f"{text}%"
