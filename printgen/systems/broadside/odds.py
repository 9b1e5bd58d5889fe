"""The broadside system's procedures as exact odds: shooting, striking, in irons, boarding.

Each function takes the ruleset, so a changed rule changes every number derived from it; each is
a registered derivation, so a printed number can name it as its source."""

from __future__ import annotations

from fractions import Fraction

from printgen.rules import odds
from printgen.systems.broadside.model import BroadsideRuleset
from printgen.rules.trace import derivation

BANDS = ("long", "short", "rake")


def hit_faces(rs: BroadsideRuleset, band: str) -> tuple[int, ...]:
    return getattr(rs.shooting.to_hit, band).hit


@derivation
def dice_of(rs: BroadsideRuleset, side: str, flagship: bool, type: str = "", band: str = "short") -> int:
    return rs.dice_of(side, flagship, type, band)


@derivation
def hit_points_of(rs: BroadsideRuleset, flagship: bool, type: str = "") -> int:
    return rs.hit_points_of(flagship, type)


@derivation
def flagship_extra_hit_points(rs: BroadsideRuleset) -> int:
    """What a flagship adds to a ship's hit points (hit_points.flagship less hit_points.ship)."""
    return rs.hit_points.flagship - rs.hit_points.ship


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
def strike_chance(rs: BroadsideRuleset, dice: int, band: str, target_flagship: bool, target_type: str = "") -> Fraction:
    """Chance one broadside takes every hit point of a fresh (undamaged) target."""
    return odds.at_least(dice, hit_faces(rs, band), rs.hit_points_of(target_flagship, target_type))


@derivation
def in_irons(rs: BroadsideRuleset, side: str) -> Fraction:
    return odds.chance(rs.movement.in_irons[side].faces)


@derivation
def stuck_in_irons(rs: BroadsideRuleset, side: str, turns: int) -> Fraction:
    """Chance a ship in irons fails its check `turns` turns running (the worksheet's extension)."""
    return (1 - in_irons(rs, side)) ** turns


@derivation
def boarding_strike(rs: BroadsideRuleset, attacker_hp: int, defender_hp: int) -> Fraction:
    """Chance one round of boarding makes the defender strike: both roll at once (one die per hit point);
    the defender strikes when it loses its last hit point and the attacker does not, or when both do and
    it loses the roll-off the card's rule gives that case (ties re-rolled: even)."""
    per, hit = rs.boarding.dice_per_hit_point, rs.boarding.hit
    theirs = odds.at_least(attacker_hp * per, hit, defender_hp)       # the attacker's hits reach theirs
    ours = odds.at_least(defender_hp * per, hit, attacker_hp)         # and theirs ours, the same round
    return theirs * (1 - ours) + theirs * ours / 2


@derivation
def boarding_win(rs: BroadsideRuleset, attacker_hp: int, defender_hp: int) -> Fraction:
    """Chance the attacker wins a boarding fight fought round after round to the end.

    Both roll one die per remaining hit point each round; a ship strikes at its last hit point;
    if both strike in the same round a roll-off (ties re-rolled, so even) decides the survivor."""
    return _fight(rs.boarding.hit, rs.boarding.dice_per_hit_point, attacker_hp, defender_hp)


_WINS: dict[tuple, dict[tuple[int, int], Fraction]] = {}      # (faces, per) -> solved states, grown on demand


def _fight(faces: tuple[int, ...], per: int, a: int, b: int) -> Fraction:
    """The fight's odds by dynamic programming over (attacker, defender) hit points, smallest first:
    a round from (x, y) leaves (x - defender's hits, y - attacker's hits), or ends the fight, so
    every state it can reach is already solved. a x b states of at most a x b moves each: fast for
    any hit points printgen.limits allows (no recursion, no depth limit)."""
    tails = {}                                    # n dice -> (P(exactly k hits), P(at least k hits))

    def dist(n: int):
        if n not in tails:
            d = odds.distribution(n, faces)
            at_least, run = [Fraction(0)] * (n + 2), Fraction(0)
            for k in range(n, -1, -1):
                run += d[k]
                at_least[k] = run
            tails[n] = (d, at_least)
        return tails[n]

    def tail(n: int, k: int) -> Fraction:
        at_least = dist(n)[1]
        return at_least[k] if k <= n else Fraction(0)

    win = _WINS.setdefault((faces, per), {})
    for x in range(1, a + 1):
        for y in range(1, b + 1):
            if (x, y) in win:
                continue
            (dx, _), (dy, _) = dist(x * per), dist(y * per)
            strikes_y, strikes_x = tail(x * per, y), tail(y * per, x)     # y's ship struck; x's ship struck
            total = strikes_y * (1 - strikes_x) + strikes_y * strikes_x / 2      # outright, or a roll-off
            for hx in range(min(x * per, y - 1) + 1):                  # x's hits that leave y afloat
                for hy in range(min(y * per, x - 1) + 1):              # y's hits that leave x afloat
                    if hx or hy:
                        total += dx[hx] * dy[hy] * win[(x - hy, y - hx)]
            stay = dx[0] * dy[0]                                        # nobody hit: the same round again
            win[(x, y)] = total / (1 - stay)
    return win[(a, b)]
