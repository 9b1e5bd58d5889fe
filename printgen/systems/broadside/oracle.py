"""The broadside family's probabilities recomputed by printgen check's second methods
(printgen.oracle), from the ruleset's raw numbers: no call into odds.py or the model's helpers."""

from __future__ import annotations

from fractions import Fraction

from printgen import oracle as o


def _faces(rs, band: str) -> frozenset:
    return frozenset(getattr(rs.shooting.to_hit, band).hit)


def _hp(rs, flagship: bool, type: str = "") -> int:
    extra = rs.hit_points.flagship - rs.hit_points.ship
    own = rs.types[type].hit_points if type else None
    return (rs.hit_points.ship if own is None else own) + (extra if flagship else 0)


def _dice(rs, side: str, flagship: bool, type: str = "", band: str = "short") -> int:
    extra = rs.shooting.flagship_extra_dice if flagship else 0
    t = rs.types[type] if type else None
    value = None if t is None else (t.long_dice if band == "long" and t.long_dice is not None else t.dice)
    if isinstance(value, dict):
        value = value[side]
    return (rs.shooting.dice[side] if value is None else value) + extra


def recompute(rs, fn: str, args: tuple) -> Fraction | int | None:
    """The value of derivation `fn(*args)` by a second method; None for one this family does not own."""
    die = rs.ruleset.die
    if fn == "dice_of":
        return _dice(rs, *args)
    if fn == "hit_points_of":
        return _hp(rs, *args)
    if fn == "flagship_extra_hit_points":
        return _hp(rs, True) - _hp(rs, False)
    if fn == "chance_per_die":
        return o.pool(1, die, _faces(rs, args[0]))[1]
    if fn == "expected_hits":
        return o.mean(args[0], die, _faces(rs, args[1]))
    if fn == "p_hits":
        dist = o.pool(args[0], die, _faces(rs, args[1]))
        return dist[args[2]] if 0 <= args[2] < len(dist) else Fraction(0)
    if fn == "p_at_least":
        return o.at_least(args[0], die, _faces(rs, args[1]), args[2])
    if fn == "strike_chance":
        return o.at_least(args[0], die, _faces(rs, args[1]), _hp(rs, *args[2:]))
    if fn == "in_irons":
        return o.pool(1, die, frozenset(rs.movement.in_irons[args[0]].move))[1]
    if fn == "stuck_in_irons":                    # every one of `turns` single rolls misses
        return o.pool(args[1], die, frozenset(rs.movement.in_irons[args[0]].move))[0]
    b = rs.boarding
    if fn == "boarding_strike":
        theirs = o.at_least(args[0] * b.dice_per_hit_point, die, frozenset(b.hit), args[1])
        ours = o.at_least(args[1] * b.dice_per_hit_point, die, frozenset(b.hit), args[0])
        return theirs - theirs * ours / 2             # both at their last point: the roll-off, half each
    if fn == "boarding_win":
        return o.fight(args[0], args[1], b.dice_per_hit_point, die, frozenset(b.hit))
    return None
