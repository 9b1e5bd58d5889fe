"""Exact odds of the medieval fragment's modified rolls: a d6 plus the named factors, read on the
damage table; the sector, passage, mast and refloating rolls. Factors are named (not summed by
hand) so a changed modifier in the data changes every printed chance."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import icepool

from printgen.rules import odds
from printgen.rules.faces import DIE
from printgen.rules.trace import derivation, lookup


def factors(rs, table: str, names: str) -> list:
    """The modifiers named in `names` ("bow+storm", or "" for none) from collision or ramming."""
    mods = getattr(rs, table).modifiers
    return [mods[n] for n in names.split("+") if n]


@derivation
def modifier_total(rs, table: str, names: str) -> int:
    return sum(m.value for m in factors(rs, table, names))


def damage_distribution(rs, total: int) -> dict[int, Fraction]:
    """Structure points lost -> chance, for a d6 plus `total` read on the damage table."""
    return _dist(tuple((r.lo, r.hi, r.points) for r in rs.damage), total)


@cache
def _dist(rows: tuple, total: int) -> dict[int, Fraction]:
    die = icepool.d(DIE) + total
    out: dict[int, Fraction] = {}
    for roll, weight in die.items():
        points = next(p for lo, hi, p in rows if (lo is None or roll >= lo) and (hi is None or roll <= hi))
        out[points] = out.get(points, Fraction(0)) + Fraction(weight, die.denominator())
    return out


@derivation
def damage_chance(rs, table: str, names: str, points: int) -> Fraction:
    """Chance a roll with these factors costs exactly `points` structure points."""
    return damage_distribution(rs, modifier_total(rs, table, names)).get(points, Fraction(0))


@derivation
def damage_expected(rs, table: str, names: str) -> Fraction:
    dist = damage_distribution(rs, modifier_total(rs, table, names))
    return sum((p * c for p, c in dist.items()), Fraction(0))


@derivation
def chance_faces(rs, key: str) -> Fraction:
    """Chance of the faces listed at `key` (e.g. obstacles.sector.port)."""
    return odds.chance(lookup(rs, key))


@derivation
def refloat_within(rs, turns: int) -> Fraction:
    """Chance a grounded galley is off within `turns` turns, rolling once a turn."""
    return 1 - (1 - odds.chance(rs.aground.refloat.faces)) ** turns


@derivation
def mast_damage_chance(rs, names: str, points: int) -> Fraction:
    """Chance a collision costs the mast exactly `points` (it must first be hit, then the damage
    roll takes only the mast's factors)."""
    hit = odds.chance(rs.collision.mast.faces)
    allowed = [n for n in names.split("+") if n]
    total = sum(rs.collision.modifiers[n].value for n in allowed)
    p = damage_distribution(rs, total).get(points, Fraction(0))
    return hit * p + ((1 - hit) if points == 0 else 0)


def extremes(rs, table: str) -> tuple[int, int]:
    """The lowest and highest modified roll the factors of `table` can give."""
    values = [m.value for m in getattr(rs, table).modifiers.values()]
    return 1 + sum(v for v in values if v < 0), DIE + sum(v for v in values if v > 0)
