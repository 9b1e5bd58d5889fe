"""The broadside system's procedures as exact odds: shooting, striking, in irons, boarding.

Each function takes the ruleset, so a changed rule changes every number derived from it; each is
a registered derivation, so a printed number can name it as its source."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from printgen.rules import odds
from printgen.systems.broadside.model import BroadsideRuleset
from printgen.rules.trace import derivation

BANDS = ("long", "short", "rake")


def hit_faces(rs: BroadsideRuleset, band: str) -> tuple[int, ...]:
    return getattr(rs.shooting.to_hit, band).hit


@derivation
def dice_of(rs: BroadsideRuleset, side: str, flagship: bool) -> int:
    return rs.dice_of(side, flagship)


@derivation
def hit_points_of(rs: BroadsideRuleset, flagship: bool) -> int:
    return rs.hit_points_of(flagship)


@derivation
def chance_per_die(rs: BroadsideRuleset, band: str) -> Fraction:
    return odds.chance(hit_faces(rs, band))


@derivation
def expected_hits(rs: BroadsideRuleset, dice: int, band: str) -> Fraction:
    return odds.expected(dice, hit_faces(rs, band))


@derivation
def p_hits(rs: BroadsideRuleset, dice: int, band: str, k: int) -> Fraction:
    """Chance a broadside of `dice` dice scores exactly k hits."""
    return odds.distribution(dice, hit_faces(rs, band)).get(k, Fraction(0))


@derivation
def p_at_least(rs: BroadsideRuleset, dice: int, band: str, k: int) -> Fraction:
    return odds.at_least(dice, hit_faces(rs, band), k)


@derivation
def strike_chance(rs: BroadsideRuleset, dice: int, band: str, target_flagship: bool) -> Fraction:
    """Chance one broadside takes every hit point of a fresh (undamaged) target."""
    return odds.at_least(dice, hit_faces(rs, band), rs.hit_points_of(target_flagship))


@derivation
def in_irons(rs: BroadsideRuleset, side: str) -> Fraction:
    return odds.chance(rs.movement.in_irons[side].faces)


@derivation
def boarding_strike(rs: BroadsideRuleset, attacker_hp: int, defender_hp: int) -> Fraction:
    """Chance one round of boarding makes the defender strike (attacker rolls one die per hit point)."""
    return odds.at_least(attacker_hp * rs.boarding.dice_per_hit_point, rs.boarding.hit, defender_hp)


@derivation
def boarding_win(rs: BroadsideRuleset, attacker_hp: int, defender_hp: int) -> Fraction:
    """Chance the attacker wins a boarding fight fought round after round to the end.

    Both roll one die per remaining hit point each round; a ship strikes at its last hit point;
    if both strike in the same round a roll-off (ties re-rolled, so even) decides the survivor."""
    return _fight(rs.boarding.hit, rs.boarding.dice_per_hit_point, attacker_hp, defender_hp)


@cache
def _fight(faces: tuple[int, ...], per: int, a: int, b: int) -> Fraction:
    da, db = odds.distribution(a * per, faces), odds.distribution(b * per, faces)
    stay, total = Fraction(0), Fraction(0)
    for ha, pa in da.items():
        for hb, pb in db.items():
            p = pa * pb
            a2, b2 = a - hb, b - ha
            if ha == 0 and hb == 0:
                stay += p                               # nobody hit: the same round again
            elif a2 <= 0 and b2 <= 0:
                total += p * Fraction(1, 2)             # both strike: roll-off
            elif b2 <= 0:
                total += p
            elif a2 > 0:
                total += p * _fight(faces, per, a2, b2)
    return total / (1 - stay)
