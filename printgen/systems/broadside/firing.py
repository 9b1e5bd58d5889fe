"""Who a broadside ship can fire at, and the shooting phase (the readings are listed in play.py),
compiled (printgen/play/jit.py) on the game's table (printgen/play/state.py's Board)."""

from __future__ import annotations

import math

import numpy as np

from printgen.play.dice import d6
from printgen.play.geom import EPS, distance, segment_blocked, through_gap
from printgen.play.jit import jit, order_by, pw, small, within
from printgen.play.state import ANCHOR, FLAG, FX, FY, HL, HP, HW, REACH, SIDE, SQUAD, STRUCK, TURN, X, Y
from printgen.systems.broadside.blast import explode, hurt
from printgen.systems.broadside.setup import (ANCHORS, BLOWS_UP, HALF, LAND_X, LAND_Y, LANDWARD_DICE, LONG, LONGEST,
                                              NARROW, NIGHT_FROM, NIGHT_IN, RAKE, SHORT, SHORTEST, SHOT, TWO, WIDEST)
from printgen.systems.broadside.record import note


@small
def rect_at(P: np.ndarray, i: int) -> tuple[float, float, float, float, float, float]:
    return P[i, X], P[i, Y], P[i, FX], P[i, FY], P[i, HL], P[i, HW]


@jit
def fire_bound(T, P: np.ndarray, x: float, y: float, fx: float, fy: float, s: int, t: int) -> float:
    """The best chance per die ship `s` could have at `t` from (x, y) heading (fx, fy), cheaply: 0 when
    `t` is surely out of its broadside area or out of range; rake, short or long by the nearest its
    base could be."""
    dx, dy = P[t, X] - x, P[t, Y] - y
    dd = dx * dx + dy * dy
    longest, shortest = T.F[LONGEST], T.F[SHORTEST]
    near = math.sqrt(dd) - P[s, REACH] - P[t, REACH]   # pow(dd, 0.5) rounds within a unit of sqrt:
    if abs(near - longest) < 1e-9 * (dd + 1) or abs(near - shortest) < 1e-9 * (dd + 1):   # the bands tell apart
        near = pw(dd, T.F[HALF]) - P[s, REACH] - P[t, REACH]                                  # unless too near
    near = near if near > 0.0 else 0.0
    if near > longest:
        return 0.0
    tfx, tfy, thl, thw = P[t, FX], P[t, FY], P[t, HL], P[t, HW]
    ext = thl * abs(tfx * fx + tfy * fy) + thw * abs(tfy * fx - tfx * fy)     # geom.extent_along, inline
    if abs(dx * fx + dy * fy) - ext >= P[s, HL] - EPS:
        return 0.0
    if near > shortest:
        return T.chance[LONG]
    return T.chance[RAKE if abs(-dx * tfy + dy * tfx) <= thw else SHORT]


@jit
def band(T, P: np.ndarray, s: int, sr, t: int) -> tuple[int, float]:
    """(band, range) if `t` is in the broadside area of ship `s` with its base at `sr` and in range
    (the line of fire aside); band -1: not."""
    sx, sy, fx, fy, hl, _ = sr
    tx, ty = P[t, X], P[t, Y]
    reach = T.F[LONGEST] + P[s, REACH] + P[t, REACH]
    two = T.F[TWO]
    if not within(tx - sx, ty - sy, reach * reach, two):
        return -1, 0.0
    u = (tx - sx) * fx + (ty - sy) * fy
    tfx, tfy, thl, thw = P[t, FX], P[t, FY], P[t, HL], P[t, HW]
    ext = thl * abs(tfx * fx + tfy * fy) + thw * abs(tfy * fx - tfx * fy)     # geom.extent_along, inline
    if not (u - ext < hl - EPS and u + ext > -hl + EPS):
        return -1, 0.0
    d = distance(sr, rect_at(P, t))
    for k in range(T.bands.shape[0]):
        if T.bands[k, 0] <= d <= T.bands[k, 1]:
            code = int(T.bands[k, 2])
            if code == SHORT and abs((sx - tx) * tfy - (sy - ty) * tfx) <= thw:
                return RAKE, d
            return code, d
    return -1, 0.0


@jit
def clear(T, P: np.ndarray, s: int, sr, t: int, blockers: np.ndarray, nb: int) -> bool:
    """The line of fire, centre to centre, crosses no third base (wrecks included) and passes through no
    gap narrower than a base is wide between two other bases (the rulings). Only the bases of
    `blockers` (the first `nb`) whose reach comes within that width of the line's box are looked at."""
    sx, sy = sr[0], sr[1]
    tx, ty = P[t, X], P[t, Y]
    narrow = T.F[NARROW]
    lx, hx = (sx, tx) if sx < tx else (tx, sx)
    ly, hy = (sy, ty) if sy < ty else (ty, sy)
    lx, hx, ly, hy = lx - narrow, hx + narrow, ly - narrow, hy + narrow
    near = np.empty((nb, 6), np.float64)
    m = np.int64(0)
    for k in range(nb):
        o = blockers[k]
        r = P[o, REACH]
        if P[o, X] + r >= lx and P[o, X] - r <= hx and P[o, Y] + r >= ly and P[o, Y] - r <= hy and o != s and o != t:
            if segment_blocked(sx, sy, tx, ty, rect_at(P, o)):
                return False
            near[m, 0], near[m, 1], near[m, 2] = P[o, X], P[o, Y], P[o, FX]
            near[m, 3], near[m, 4], near[m, 5] = P[o, FY], P[o, HL], P[o, HW]
            m += 1
    return m < 2 or not through_gap(sx, sy, tx, ty, near[:m], narrow)  # type: ignore


@jit
def band_from(T, P: np.ndarray, s: int, sr, t: int, blockers: np.ndarray, nb: int) -> tuple[int, float]:
    """`band`, with the line of fire clear among `blockers`: band -1 if `s` cannot fire at `t` from `sr`."""
    code, d = band(T, P, s, sr, t)
    if code < 0 or not clear(T, P, s, sr, t, blockers, nb):
        return -1, 0.0
    return code, d


@jit
def targets(T, P: np.ndarray, S: np.ndarray, s: int, out: np.ndarray, bands_out: np.ndarray,
            range_out: np.ndarray) -> int:
    """Every enemy (struck or not) in the broadside area of `s` and in range, where it stands: their
    indices, bands and ranges written into the arrays, how many returned. A quick pass first keeps only
    the enemies near the line through its beam, as far as any base can reach past its own bow and
    stern (extent_along is at most a base's reach): `band` says for those."""
    x, y, fx, fy, hl = P[s, X], P[s, Y], P[s, FX], P[s, FY], P[s, HL]
    lim = T.F[LONGEST] + 2 * P[s, REACH]
    beam = hl + T.F[WIDEST] + 1e-6
    sr = rect_at(P, s)
    m = np.int64(0)
    for t in range(P.shape[0]):
        if S[t, SIDE] == S[s, SIDE]:
            continue
        dx, dy = P[t, X] - x, P[t, Y] - y
        if -lim <= dx <= lim and -lim <= dy <= lim and -beam <= dx * fx + dy * fy <= beam:
            code, d = band(T, P, s, sr, t)
            if code >= 0:
                out[m], bands_out[m], range_out[m] = t, code, d
                m += 1
    return m  # type: ignore


@small
def gather(values: np.ndarray, order: np.ndarray, n: int) -> np.ndarray:
    """values[order[:n]], element by element."""
    out = np.empty(n, values.dtype)
    for k in range(n):
        out[k] = values[order[k]]
    return out


@jit
def landward(T, P: np.ndarray, s: int, t: int) -> bool:
    """Whether `t` lies off the landward broadside of ship `s` (at anchor): the side whose outward normal
    points within 90 degrees of the land; `t` is on it when its centre lies that side of the ship's
    centre line."""
    nx, ny = P[s, FY], -P[s, FX]                      # the starboard normal
    side = nx * T.F[LAND_X] + ny * T.F[LAND_Y]
    if side < 0.0:
        nx, ny = -nx, -ny
    return side != 0.0 and (P[t, X] - P[s, X]) * nx + (P[t, Y] - P[s, Y]) * ny > 0.0


@small
def dice_at(T, P: np.ndarray, S: np.ndarray, s: int, t: int, band: int) -> int:
    """The dice ship `s` rolls at `t` in `band`: its type's in that band, as a flagship or not (the flag
    may change in a game); from the landward broadside of a ship at anchor, at most the landward dice."""
    dice = T.dice[s, band, S[s, FLAG]]
    if S[s, ANCHOR] and T.I[ANCHORS] and landward(T, P, s, t):
        dice = min(dice, T.I[LANDWARD_DICE])
    return dice


@small
def night(T, B) -> bool:
    """Whether it is night: from the ruleset's night.from_turn on (never, without [night])."""
    return T.I[NIGHT_FROM] > 0 and B.C[TURN] >= T.I[NIGHT_FROM]


@jit
def fires(T, B, s: int, t: int, band: int, d: float) -> bool:
    """Whether ship `s` rolls any dice at `t`, in its broadside area at `band` and range `d`: not beyond
    the night's range at night, not with no dice in that band (carronades at long range). (Always where
    T.I[EVERY_BAND]: a caller in a loop asks that first.)"""
    if night(T, B) and d > T.F[NIGHT_IN]:
        return False
    return dice_at(T, B.P, B.S, s, t, band) > 0


@small
def _better(less: float, hp: int, d: float, t: int, b_less: float, b_hp: int, b_d: float, b_t: int) -> bool:
    """(less, hp, d, t) < (b_less, b_hp, b_d, b_t), as Python compares tuples."""
    if less != b_less:
        return less < b_less
    if hp != b_hp:
        return hp < b_hp
    if d != b_d:
        return d < b_d
    return t < b_t


@jit
def shoot(T, B, D, side: int, R) -> None:
    """The side's ships fire squadron by squadron in the roster's order (the lesson plan's order within a
    phase): each captain of the squadron names a target (the most hits to expect: its dice there times
    a die's chance, where dice differ by band, else the best odds; then the fewest hit points left, then
    the nearest), then all of them roll, and the hits are marked when the whole squadron has rolled (the
    rulings: a ship struck by a squadron strikes when its hits are marked, so two captains may both fire
    at it). A target it would roll no dice at (night, a band without dice) is no target. Ships that
    strike roll for an explosion once the squadron's hits are marked (blast.py)."""
    P, S = B.P, B.S
    n = P.shape[0]
    shooters = np.empty(n, np.int64)
    m = np.int64(0)                                 # (not a literal: one compiled version of each callee)
    for i in range(n):
        if S[i, SIDE] == side and not S[i, STRUCK]:
            shooters[m] = i
            m += 1
    squads, order = np.empty(m, np.int64), np.empty(m, np.int64)
    for k in range(m):
        squads[k] = S[shooters[k], SQUAD]
    order_by(squads, m, order)
    shooters = gather(shooters, order, m)
    everyone = np.arange(n)
    seen = np.zeros((n, n), np.int64)             # a pair's line of fire: 0 not asked, 1 clear, 2 blocked
    tg, tb, td = np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n, np.float64)
    mark_t, mark_h = np.empty(n, np.int64), np.empty(n, np.int64)
    rolled = np.empty(64, np.int64)
    dark = night(T, B)
    k = 0
    while k < m:
        squad = S[shooters[k], SQUAD]
        end = k
        while end < m and S[shooters[end], SQUAD] == squad:
            end += 1
        marks = 0
        for j in range(k, end):
            s = shooters[j]
            flag, anchored = S[s, FLAG], S[s, ANCHOR] != 0 and T.I[ANCHORS] != 0
            found = targets(T, P, S, s, tg, tb, td)
            best, b_band, b_dice = np.int64(-1), np.int64(-1), np.int64(0)
            b_less, b_hp, b_d = 0.0, np.int64(0), 0.0
            for q in range(found):
                t = tg[q]
                if S[t, STRUCK] or (dark and td[q] > T.F[NIGHT_IN]):
                    continue
                dice = T.dice[s, tb[q], flag]             # (dice_at, with what the shooter's are asked once)
                if anchored and landward(T, P, s, t):
                    dice = min(dice, T.I[LANDWARD_DICE])
                if dice == 0:
                    continue
                less = -(dice * T.chance[tb[q]])      # (the best odds, where the dice are the same in every band)
                if best >= 0 and not _better(less, S[t, HP], td[q], t, b_less, b_hp, b_d, best):
                    continue                      # it would not be chosen even with a clear line of fire
                if seen[s, t] == 0:
                    seen[s, t] = 1 if clear(T, P, s, rect_at(P, s), t, everyone, n) else 2
                if seen[s, t] == 1:
                    best, b_band, b_dice, b_less, b_hp, b_d = t, tb[q], dice, less, S[t, HP], td[q]
            if best >= 0:
                dice = b_dice
                if dice > rolled.shape[0]:
                    rolled = np.empty(dice, np.int64)
                hits = 0
                for f in range(dice):
                    rolled[f] = d6(D[0], D[1], D[2])
                    if (T.hits[b_band] >> rolled[f]) & 1:
                        hits += 1
                note(R, s, best, SHOT + b_band, rolled, dice, hits)
                mark_t[marks], mark_h[marks] = best, hits
                marks += 1
        for q in range(marks):                    # the squadron has rolled: mark its hits
            hurt(S, mark_t[q], mark_h[q])
        if T.I[BLOWS_UP]:
            explode(T, B, D, R)
        k = end

