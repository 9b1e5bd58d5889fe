"""Exact odds of the medieval fragment's modified rolls: a d6 plus the named factors, read on the
damage table; the sector, passage, mast and refloating rolls. Factors are named (not summed by
hand) so a changed modifier in the data changes every printed chance."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

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
    import icepool          # here: loaded only by what prints odds (see printgen/rules/odds.py)

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


# -- the defaults: missile fire, grappling, boarding, morale ---------------------------------------

def _to_hit(rs, side: str, band: str) -> Fraction:
    return odds.chance(rs.missile.to_hit[side][band].faces)


@derivation
def missile_expected(rs, side: str, band: str, dice: int) -> Fraction:
    """Crew boxes a ship's bowmen take off the target on average: dice x chance a die hits."""
    return dice * _to_hit(rs, side, band)


@derivation
def missile_any(rs, side: str, band: str, dice: int) -> Fraction:
    """Chance that at least one of `dice` hits."""
    return 1 - (1 - _to_hit(rs, side, band)) ** dice


@derivation
def grapple_either(rs, captains: int) -> Fraction:
    """Chance that touching ships grapple when `captains` of them roll (either success grapples)."""
    return 1 - (1 - odds.chance(rs.grappling.roll.faces)) ** captains


def _fight(rs, lead: int) -> tuple[Fraction, Fraction]:
    """(win, tie) for a ship whose crew boxes plus bonus exceed the enemy's by `lead`: one die each."""
    import icepool

    d = icepool.d(DIE) - icepool.d(DIE)             # my die minus theirs
    n = d.denominator()
    win = sum(w for v, w in d.items() if v + lead > 0)
    tie = sum(w for v, w in d.items() if v + lead == 0)
    return Fraction(win, n), Fraction(tie, n)


@derivation
def melee_win(rs, lead: int) -> Fraction:
    """Chance the ship `lead` ahead (crew boxes + bonus) wins a round of the boarding fight."""
    return _fight(rs, lead)[0]


@derivation
def melee_tie(rs, lead: int) -> Fraction:
    return _fight(rs, lead)[1]


@derivation
def morale_holds_for(rs, tests: int) -> Fraction:
    """Chance a ship that must test holds `tests` tests running."""
    return odds.chance(rs.morale.roll.faces) ** tests


# -- guns (a ruleset that has them: Lepanto) ----------------------------------------------------------

def _gun_hit(rs, band: str) -> Fraction:
    return odds.chance(rs.guns.to_hit[band].faces)


@derivation
def guns_expected(rs, band: str, dice: int) -> Fraction:
    """Structure points a volley of `dice` gun dice takes off the target on average."""
    return dice * _gun_hit(rs, band)


@derivation
def guns_any(rs, band: str, dice: int) -> Fraction:
    """Chance that at least one of `dice` gun dice hits."""
    return 1 - (1 - _gun_hit(rs, band)) ** dice
