"""A whole sectors game, compiled (printgen/play/jit.py): the ruleset's phases turn by turn until a side
has no ship fighting, a side breaks off at the end of a turn, or the lesson's turn limit, and many games
in a row from one start, without the GIL. The same rules, dice and arithmetic as play.Game (the Python
engine, which still plays a game whose rolls or snapshots a page shows), in the same order, so the same
games to the last bit (tests/test_sectors_games.py plays every recorded game both ways).

The pieces are rows of arrays (tables.py's `start` makes them from boats.Boat): F the floats of each
ship (where it lies, its base, its reach, last move), S its integers (side, type, structure, crew,
state...), G which ships are grappled to which, M which obstacles each has met. The rules are the
arrays of `Rules` (tables in the module below, made once a set-up by play.Engine)."""

from __future__ import annotations

import math

import numpy as np

from printgen.play.dice import _word
from printgen.play.geom import _contact, along_across, corners, distance, gap, point_rect
from printgen.play.jit import hypot, jit, within_reach
from printgen.systems.sectors.routes import STAY, _rect, near, nearest_centre, route

# F: a ship's floats
X, Y, H, LEN, WID, R0, REACH, LAST, LINE0, LINE1 = 0, 1, 2, 3, 4, 5, 11, 12, 13, 14     # R0..R0+5: its base
NF = 15
# S: a ship's integers
SIDE, TYPE, FLAG, ST0, CREW, CREW_MAX, CHAINED, SQUAD, STATE, ATT_USES, ATT_LAST, RAM_CLEAR, MOVED, MOVED_BEFORE, \
    FURLED, UNFURL_AT, LOADED_AT = 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20   # ST0..ST0+4: sectors
NI = 21
BOW, STERN, PORT, STARBOARD, MAST = 0, 1, 2, 3, 4           # model.SECTORS, then the mast
# states (boats.Boat.state): FIGHTING are the first two, GONE the next two
AFLOAT, AGROUND, SUNK, FLED, STRUCK, CAPTURED = 0, 1, 2, 3, 4, 5
STATES = ("afloat", "aground", "sunk", "fled", "struck", "captured")
# a type's row of TY
T_SPEED, T_ATTACK, T_OARS, T_ROUND, T_RAM, T_LARGE, T_SKEG, T_BARDI, T_BOWMEN, T_GUNS, T_ALL_ROUND = range(11)
# the rules' floats (RF)
(F_MIN_ANGLE, F_WIND_BONUS, F_WIND_WITHIN, F_SWEEP_STEP, F_FURL, F_STOP_FACTOR, F_CREW_LOST, F_AGROUND_STAYS,
 F_SHIFT, F_MISSILE_LONG, F_GUNS_REACH, F_BOW_ARC, F_SHORT, F_WIDTH, F_HEIGHT, F_WIND, F_WIDEST, F_SLACK,
 F_CHAINED_IN, F_MARGIN) = range(20)
# the rules' integers (RI)
(I_ATTACK_USES, I_ATTACK_REST, I_UNFURL, I_STORM_TURNS, I_LOSS, I_CHAIN_BONUS, I_SINKS, I_CLEAR, I_RELOAD, I_HAS_GUNS,
 I_RAM_ATTACK, I_RAM_LARGE, I_RAM_ROUND, I_RAM_MOVED, I_DMG_OFFSET, I_LIMIT) = range(16)
# the faces tables (FACES rows, a die's face 1-6 a column)
(W_STORM, W_BACKS, W_VEERS, REFLOATED, BLOCKED, GRAPPLED, BREAKS, MAST_HIT) = range(8)
# what a collision modifier reads (play.Game.factor_applies): its code, then its value
C_BOW, C_STERN, C_SIDE, C_STORM, C_LARGE, C_DOWNWIND, C_SKEG, C_BARDI, C_NONE = range(9)
# the phases (play.Game.play's keys) and the policies (play/policies.py's names)
P_WIND, P_MOVEMENT, P_MISSILE, P_GRAPPLING, P_MORALE = range(5)
CLOSE, HOLD, KEEP, ARCHERS = range(4)
EPS = 1e-9
HIDDEN = 10                        # HZ: x0, y0, x1, y1, its rectangle (4-9), 1.0 if hidden; HK: its kind's rank


@jit
def roll(mt: np.ndarray) -> int:
    """One d6 as play.Game.roll: three random bits (getrandbits(3): a word's top three) until below 6."""
    r = _word(mt) >> 29
    while r >= 6:
        r = _word(mt) >> 29
    return r + 1


@jit
def base(F: np.ndarray, i: int):
    return (F[i, R0], F[i, R0 + 1], F[i, R0 + 2], F[i, R0 + 3], F[i, R0 + 4], F[i, R0 + 5])


@jit
def place(F: np.ndarray, i: int, x: float, y: float, h: float) -> None:
    """Boat.place."""
    h = h % 360.0
    F[i, X], F[i, Y], F[i, H] = x, y, h
    r = _rect(x, y, h, F[i, LEN], F[i, WID])
    for c in range(6):
        F[i, R0 + c] = r[c]


@jit
def fighting(S: np.ndarray, i: int) -> bool:
    return S[i, STATE] <= AGROUND


@jit
def fighting_ships(S: np.ndarray):
    """(indices, count): the ships still fighting, in the ships' order (the first `count` of `indices`)."""
    out = np.empty(S.shape[0], np.int64)
    k = np.int64(0)
    for i in range(S.shape[0]):
        if fighting(S, i):
            out[k] = i
            k += 1
    return out, k


@jit
def any_grappled(G: np.ndarray, i: int) -> bool:
    for j in range(G.shape[0]):
        if G[i, j]:
            return True
    return False


@jit
def cut_loose(G: np.ndarray, i: int) -> None:
    for j in range(G.shape[0]):
        G[i, j] = False
        G[j, i] = False


@jit
def hole(S: np.ndarray, G: np.ndarray, RI: np.ndarray, i: int, part: int, points: int) -> None:
    """play.Game.hole."""
    S[i, ST0 + part] = max(0, S[i, ST0 + part] - points)
    lost = 0
    for s in range(4):
        if S[i, ST0 + s] == 0:
            lost += 1
    if lost >= RI[I_SINKS] and fighting(S, i):
        S[i, STATE] = SUNK
        cut_loose(G, i)


@jit
def damage(mt, S, G, RI, DMG, i: int, part: int, total: int) -> None:
    """play.Game.damage: a modified roll read on the damage table."""
    hole(S, G, RI, i, part, DMG[roll(mt) + total + RI[I_DMG_OFFSET]])


@jit
def crew_gone(S: np.ndarray, G: np.ndarray, i: int) -> None:
    if fighting(S, i) and S[i, CREW] == 0:
        S[i, STATE] = CAPTURED if any_grappled(G, i) else STRUCK
        cut_loose(G, i)


@jit
def sector_at(F: np.ndarray, i: int, px: float, py: float) -> int:
    """Boat.sector_at."""
    along, across = along_across(base(F, i), px, py)
    half = F[i, LEN] / 2
    along = max(-half, min(half, along))
    f = (along + half) / F[i, LEN]
    if f >= F[i, LINE1]:
        return BOW
    if f <= F[i, LINE0]:
        return STERN
    return STARBOARD if across > 0 else PORT


@jit
def contact_point(F: np.ndarray, b: int, other: int, slack: float):
    """sailing.contact_point: the point of b's base that touches `other`."""
    x, y, fx, fy, hl, hw = base(F, b)
    o = base(F, other)
    bowx, bowy = x + fx * hl, y + fy * hl
    if point_rect(bowx, bowy, o) <= slack:
        return bowx, bowy
    best, px, py = point_rect(bowx, bowy, o), bowx, bowy
    sx, sy = x - fx * hl, y - fy * hl
    d = point_rect(sx, sy, o)
    if d < best:
        best, px, py = d, sx, sy
    for c in corners(base(F, b)):
        d = point_rect(c[0], c[1], o)
        if d < best:
            best, px, py = d, c[0], c[1]
    return px, py


@jit
def applies(code: int, F, S, TY, storm: int, wind: float, me: int, mine: int, other: int, theirs: int) -> bool:
    """play.Game.factor_applies."""
    if code == C_BOW:
        return theirs == BOW
    if code == C_STERN:
        return theirs == STERN
    if code == C_SIDE:
        return theirs == PORT or theirs == STARBOARD
    if code == C_STORM:
        return storm > 0
    if code == C_LARGE:
        return TY[S[other, TYPE], T_LARGE] != 0.0
    if code == C_DOWNWIND:
        to = math.radians((wind + 180) % 360)
        return (F[me, X] - F[other, X]) * math.sin(to) + (F[me, Y] - F[other, Y]) * math.cos(to) > 0
    if code == C_SKEG:
        return mine == BOW and TY[S[other, TYPE], T_SKEG] != 0.0
    if code == C_BARDI:
        return (mine == BOW or mine == STERN) and TY[S[me, TYPE], T_BARDI] != 0.0
    return False


@jit
def collide(mt, F, S, G, TY, RI, FACES, DMG, COLL, MASTS, storm: int, wind: float, a: int, a_part: int, b: int,
            b_part: int) -> None:
    """play.Game.collide: both ships roll on the damage table with the collision factors, then each mast."""
    for k in range(2):
        me, mine, other, theirs = (a, a_part, b, b_part) if k == 0 else (b, b_part, a, a_part)
        if not fighting(S, me):
            continue
        total = np.int64(0)
        for m in range(COLL.shape[0]):
            if applies(COLL[m, 0], F, S, TY, storm, wind, me, mine, other, theirs):
                total += COLL[m, 1]
        damage(mt, S, G, RI, DMG, me, mine, total)
        if fighting(S, me) and FACES[MAST_HIT, roll(mt)]:
            mast = np.int64(0)
            for m in range(MASTS.shape[0]):
                if applies(MASTS[m, 0], F, S, TY, storm, wind, me, mine, other, theirs):
                    mast += MASTS[m, 1]
            damage(mt, S, G, RI, DMG, me, np.int64(MAST), mast)


@jit
def touch(mt, F, S, G, TY, RF, RI, FACES, DMG, COLL, MASTS, storm: int, wind: float, b: int, target: int,
          ram: bool, attack: bool) -> None:
    """play.Game.touch: a ram strikes with the bow's middle, attack speed without a ram smashes, else
    the ships lie alongside."""
    slack = RF[F_SLACK]
    px, py = contact_point(F, b, target, slack)
    part = sector_at(F, target, px, py)
    x, y, fx, fy, hl = F[b, R0], F[b, R0 + 1], F[b, R0 + 2], F[b, R0 + 3], F[b, R0 + 4]
    if ram and px == x + fx * hl and py == y + fy * hl:
        total = (RI[I_RAM_ATTACK] if attack else 0) + (RI[I_RAM_LARGE] if TY[S[b, TYPE], T_LARGE] != 0.0 else 0) + \
                (RI[I_RAM_ROUND] if TY[S[target, TYPE], T_ROUND] != 0.0 else 0) + \
                (RI[I_RAM_MOVED] if S[target, MOVED_BEFORE] else 0)
        damage(mt, S, G, RI, DMG, target, part, total)
        S[b, RAM_CLEAR] = RI[I_CLEAR]
    elif attack:
        qx, qy = contact_point(F, target, b, slack)
        collide(mt, F, S, G, TY, RI, FACES, DMG, COLL, MASTS, storm, wind, b, sector_at(F, b, qx, qy), target, part)


@jit
def hazard(mt, S, G, RI, FACES, DMG, SECTOR, HZ, M, b: int, k: int) -> bool:
    """sailing.Sailing.hazard: the obstacle `k` met where the base now lies; False if the ship must stop."""
    M[b, k] = True
    part = SECTOR[roll(mt)]
    if HZ[k, HIDDEN] != 0.0:
        damage(mt, S, G, RI, DMG, b, part, np.int64(0))
        if FACES[BLOCKED, roll(mt)]:
            return False
        return fighting(S, b)
    damage(mt, S, G, RI, DMG, b, part, np.int64(0))
    if fighting(S, b):
        S[b, STATE] = AGROUND
    return False


@jit
def follow(mt, F, S, G, RI, FACES, DMG, SECTOR, HZ, HK, M, b: int, legs: np.ndarray, count: int, found: np.ndarray,
           ats: np.ndarray):
    """sailing.Sailing.follow: (how far it went, whether it went the whole way)."""
    went = 0.0
    for n in range(count):
        x, y, h, fx, fy, run = legs[n, 0], legs[n, 1], legs[n, 2], legs[n, 3], legs[n, 4], legs[n, 5]
        place(F, b, x, y, h)
        m = hazards_on(F, HZ, HK, M, b, fx, fy, run, found, ats)
        for q in range(m):
            at = ats[found[q]]
            place(F, b, x + fx * at, y + fy * at, h)
            if not hazard(mt, S, G, RI, FACES, DMG, SECTOR, HZ, M, b, found[q]):
                return went + at, False
        place(F, b, x + fx * run, y + fy * run, h)
        went += run
    return went, True


@jit
def hazards_on(F, HZ, HK, M, b: int, fx: float, fy: float, most: float, found: np.ndarray, ats: np.ndarray) -> int:
    """sailing.Sailing.hazards_on: the obstacles not met before that the base reaches within `most`, into
    `found` nearest first (then by kind, then index, as Python sorts the tuples); how many."""
    x0, y0, reach = F[b, X], F[b, Y], F[b, REACH]
    lx, hx = min(x0, x0 + fx * most) - reach, max(x0, x0 + fx * most) + reach
    ly, hy = min(y0, y0 + fy * most) - reach, max(y0, y0 + fy * most) + reach
    n = 0
    r = base(F, b)
    for k in range(HZ.shape[0]):
        if M[b, k] or HZ[k, 2] < lx or HZ[k, 0] > hx or HZ[k, 3] < ly or HZ[k, 1] > hy:
            continue
        at = _contact(r, fx, fy, (HZ[k, 4], HZ[k, 5], HZ[k, 6], HZ[k, 7], HZ[k, 8], HZ[k, 9]))
        if at >= 0.0 and at <= most:
            ats[k] = at
            j = n                                       # insertion: (at, kind, k) ascending
            while j > 0 and (ats[found[j - 1]] > at or (ats[found[j - 1]] == at and HK[found[j - 1]] > HK[k])):
                found[j] = found[j - 1]
                j -= 1
            found[j] = k
            n += 1
    return n


@jit
def foe_rows(S: np.ndarray, side: int, out: np.ndarray) -> int:
    n = 0
    for k in range(S.shape[0]):
        if S[k, SIDE] != side and S[k, STATE] <= AGROUND:
            out[n] = k
            n += 1
    return n


@jit
def standoff(S, RF, POLICY, b: int, target: int) -> float:
    policy = POLICY[S[b, SIDE]]
    if policy == KEEP:
        return RF[F_SHORT] + RF[F_MARGIN]
    if policy == ARCHERS and S[target, CREW] > S[target, CREW_MAX] * RF[F_CREW_LOST]:
        return RF[F_SHORT] - RF[F_MARGIN]
    return 0.0


@jit
def move(mt, F, S, G, TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, M, POLICY, storm: int, wind: float,
         turn: int, b: int, last: float, work: np.ndarray, ats: np.ndarray) -> None:
    """sailing.Sailing.move."""
    x, y = F[b, X], F[b, Y]
    m = foe_rows(S, S[b, SIDE], work)
    k = nearest_centre(F[:, X], F[:, Y], work[:m], x, y, 2.0)
    if k < 0:
        return
    target = k
    t = S[b, TYPE]
    if S[b, RAM_CLEAR]:
        S[b, RAM_CLEAR] -= 1
    near_d = distance(base(F, b), base(F, target))
    heading = math.degrees(math.atan2(F[target, X] - x, F[target, Y] - y)) % 360
    off = abs((heading - wind + 180) % 360 - 180)
    min_angle = RF[F_MIN_ANGLE]
    if TY[t, T_ROUND] != 0.0:
        if off < min_angle:
            way = 1 if ((heading - wind) % 360) < 180 else -1
            heading = (wind + way * min_angle) % 360
            off = min_angle
    oars = TY[t, T_OARS] != 0.0
    if S[b, ST0 + MAST] == 0 and not oars:
        return
    if oars:
        if near_d <= RF[F_FURL]:
            if not S[b, FURLED]:
                S[b, FURLED] = 1
        elif S[b, FURLED]:
            S[b, FURLED], S[b, UNFURL_AT] = 0, turn + RI[I_UNFURL]
    sail = not S[b, FURLED] and turn >= S[b, UNFURL_AT] and S[b, ST0 + MAST] > 0
    speed = TY[t, T_SPEED]
    if 180 - off <= RF[F_WIND_WITHIN] and sail:
        speed += RF[F_WIND_BONUS]
    ram = TY[t, T_RAM] != 0.0 and S[b, RAM_CLEAR] == 0
    attack = False
    if speed < near_d <= TY[t, T_ATTACK] and S[b, ATT_USES] < RI[I_ATTACK_USES] \
            and turn - S[b, ATT_LAST] > RI[I_ATTACK_REST]:
        speed, attack = TY[t, T_ATTACK], True
        S[b, ATT_USES], S[b, ATT_LAST] = S[b, ATT_USES] + 1, turn
    least = 0.0
    factor = RF[F_STOP_FACTOR]
    if last > speed * factor + EPS:
        least = min(speed, last * factor)
    stand = standoff(S, RF, POLICY, b, target)
    far = speed + F[b, REACH] + RF[F_SLACK]
    m = near(F[:, X], F[:, Y], x, y, far + RF[F_WIDEST] + 1e-6, work)
    others = np.empty(m, np.int64)
    count = 0
    for q in range(m):
        o = work[q]
        if o != b and not (S[o, STATE] == SUNK or S[o, STATE] == FLED) \
                and within_reach(F[o, X] - x, F[o, Y] - y, far + F[o, REACH], 2.0):
            others[count] = o
            count += 1
    bases = np.empty((count, 11), np.float64)
    for q in range(count):
        o = others[q]
        bases[q, 0], bases[q, 1], bases[q, 2] = F[o, X], F[o, Y], F[o, REACH]
        for c in range(6):
            bases[q, 3 + c] = F[o, R0 + c]
        bases[q, 9] = 1.0 if S[o, SIDE] != S[b, SIDE] else 0.0
        bases[q, 10] = 1.0 if S[o, STATE] <= AGROUND else 0.0
    legs, nlegs, moved, stop = route(x, y, F[b, H], base(F, b), F[b, REACH], F[b, LEN], F[b, WID],
                                     TY[t, T_ROUND] != 0.0, heading, speed, least, base(F, target), stand,
                                     RF[F_SWEEP_STEP], wind, min_angle, bases, RF[F_SLACK], RF[F_WIDTH],
                                     RF[F_HEIGHT], 2.0, 0.5)
    if stop == STAY:
        return
    went, free = follow(mt, F, S, G, RI, FACES, DMG, SECTOR, HZ, HK, M, b, legs, nlegs, work, ats)
    F[b, LAST] = went
    S[b, MOVED] = 1 if (S[b, MOVED] or went > EPS) else 0
    if free and stop >= 0:
        s = others[stop]
        if S[s, SIDE] != S[b, SIDE] and S[s, STATE] <= AGROUND:
            touch(mt, F, S, G, TY, RF, RI, FACES, DMG, COLL, MASTS, storm, wind, b, s, ram, attack)


@jit
def movement(mt, F, S, G, TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, M, POLICY, ORDER, storm: int,
             wind: float, turn: int, work: np.ndarray, ats: np.ndarray) -> None:
    """sailing.Sailing.movement: side by side, squadron by squadron, ship by ship (ORDER)."""
    for q in range(ORDER.shape[0]):
        b = ORDER[q]
        was = F[b, LAST]
        F[b, LAST] = 0.0
        if S[b, STATE] == AGROUND:
            t = S[b, TYPE]
            if TY[t, T_ROUND] != 0.0 or S[b, CREW] <= S[b, CREW_MAX] * (1 - RF[F_AGROUND_STAYS]):
                continue
            if FACES[REFLOATED, roll(mt)]:
                S[b, STATE] = AFLOAT
        elif S[b, STATE] == AFLOAT and not S[b, CHAINED] and not any_grappled(G, b) and POLICY[S[b, SIDE]] != HOLD:
            move(mt, F, S, G, TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, M, POLICY, storm, wind, turn, b,
                 was, work, ats)


@jit
def nearest(F, b: int, foes: np.ndarray, nf: int, limit: float, known: np.ndarray, low: np.ndarray, by: np.ndarray):
    """sailing.Sailing.nearest: the enemy of foes[:nf] nearest `b` within `limit`, base to base, the lowest
    index of equals; and how far (-1, limit: none). Taken nearest centre first (then by index). `known`: the
    distances of pairs (i, j), i < j, measured before (NaN: not yet), kept; an empty one keeps none."""
    keep = known.shape[0] > 0
    x, y, r = F[b, X], F[b, Y], F[b, REACH]
    for q in range(nf):
        o = foes[q]
        low[q] = hypot(F[o, X] - x, F[o, Y] - y) - r - F[o, REACH]
        by[q] = q
    for q in range(1, nf):                          # stable insertion sort by (low, index)
        v = by[q]
        j = q - 1
        while j >= 0 and (low[by[j]] > low[v] or (low[by[j]] == low[v] and foes[by[j]] > foes[v])):
            by[j + 1] = by[j]
            j -= 1
        by[j + 1] = v
    best, best_d = -1, limit
    for q in range(nf):
        o = foes[by[q]]
        if low[by[q]] > best_d:
            break
        i, j = (b, o) if b < o else (o, b)
        d = known[i, j] if keep else np.nan
        if np.isnan(d):
            d = distance(base(F, b), base(F, o))
            if keep:
                known[i, j] = d
        if d < best_d or (d == best_d and (best < 0 or o < best)):
            best, best_d = o, d
    return best, best_d


@jit
def missile(mt, F, S, G, TY, RF, RI, MB, MF, GB, GF, turn: int) -> None:
    """play.Game.missile (and gunfire): every fighting ship shoots at its nearest enemy within long range,
    base to base, all at once: the crews are marked after every ship has rolled, then the guns' holes."""
    n = F.shape[0]
    long = RF[F_MISSILE_LONG]
    fights, nb = fighting_ships(S)
    within = np.zeros((n, n), np.bool_)
    for p in range(nb):
        a = fights[p]
        for q in range(p + 1, nb):
            c = fights[q]
            if S[c, SIDE] != S[a, SIDE] \
                    and hypot(F[c, X] - F[a, X], F[c, Y] - F[a, Y]) - F[a, REACH] - F[c, REACH] <= long:
                within[a, c] = True
                within[c, a] = True
    known = np.full((n, n), np.nan)
    unkept = np.empty((0, 0), np.float64)                 # gunfire measures afresh, as play.Game's does
    low = np.empty(n, np.float64)
    by = np.empty(n, np.int64)
    foes = np.empty(n, np.int64)
    shot_at = np.empty(n, np.int64)
    shot_hits = np.empty(n, np.int64)
    ns = np.int64(0)
    for p in range(nb):
        b = fights[p]
        nf = np.int64(0)
        for q in range(nb):
            if within[b, fights[q]]:
                foes[nf] = fights[q]
                nf += 1
        if nf == 0:
            continue
        target, d = nearest(F, b, foes, nf, long, known, low, by)
        if target < 0:
            continue
        band = 0
        while not d <= MB[band]:
            band += 1
        dice = min(int(TY[S[b, TYPE], T_BOWMEN]), S[b, CREW])
        hits = 0
        for _ in range(dice):
            if MF[S[b, SIDE], band, roll(mt)]:
                hits += 1
        shot_at[ns], shot_hits[ns] = target, hits
        ns += 1
    v_at = np.empty(n, np.int64)
    v_part = np.empty(n, np.int64)
    v_hits = np.empty(n, np.int64)
    nv = np.int64(0)
    if RI[I_HAS_GUNS]:
        reach = RF[F_GUNS_REACH]
        arc = math.cos(math.radians(RF[F_BOW_ARC])) - 1e-12
        for b in range(n):
            t = S[b, TYPE]
            if TY[t, T_GUNS] == 0.0 or S[b, STATE] > AGROUND or S[b, LOADED_AT] > turn:
                continue
            x, y, r, side = F[b, X], F[b, Y], F[b, REACH], S[b, SIDE]
            m = near(F[:, X], F[:, Y], x, y, reach + r + RF[F_WIDEST] + 1e-6, by)
            nf = np.int64(0)
            for q in range(m):
                o = by[q]
                if S[o, SIDE] != side and S[o, STATE] <= AGROUND \
                        and hypot(F[o, X] - x, F[o, Y] - y) - r - F[o, REACH] <= reach \
                        and (TY[t, T_ALL_ROUND] != 0.0 or ahead(F, b, F[o, X], F[o, Y], arc)):
                    foes[nf] = o
                    nf += 1
            target, d = nearest(F, b, foes, nf, reach, unkept, low, by)
            if target < 0:
                continue
            band = 0
            while not d <= GB[band]:
                band += 1
            hits = 0
            for _ in range(int(TY[t, T_GUNS])):
                if GF[band, roll(mt)]:
                    hits += 1
            S[b, LOADED_AT] = turn + RI[I_RELOAD] + 1
            v_at[nv], v_part[nv], v_hits[nv] = target, sector_at(F, target, x, y), hits
            nv += 1
    for q in range(ns):                                 # both sides shoot at once
        t = shot_at[q]
        S[t, CREW] = max(0, S[t, CREW] - shot_hits[q])
    for q in range(nv):                                 # the guns with them: they hole the hull
        if v_hits[q]:
            hole(S, G, RI, v_at[q], v_part[q], v_hits[q])
    for b in range(n):
        if S[b, CREW] == 0 and S[b, STATE] <= AGROUND:
            crew_gone(S, G, b)


@jit
def ahead(F, b: int, x: float, y: float, arc_cos: float) -> bool:
    """play.ahead: the point within the arc either side of straight ahead, seen from the bow's middle."""
    bx, by, fx, fy, hl = F[b, R0], F[b, R0 + 1], F[b, R0 + 2], F[b, R0 + 3], F[b, R0 + 4]
    dx, dy = x - (bx + fx * hl), y - (by + fy * hl)
    if dx == 0 and dy == 0:
        return True
    cos = (dx * fx + dy * fy) / hypot(dx, dy)
    return cos >= arc_cos


@jit
def wants_grapple(S, RF, POLICY, b: int, other: int) -> bool:
    policy = POLICY[S[b, SIDE]]
    if policy == KEEP or policy == HOLD:
        return False
    return policy != ARCHERS or S[other, CREW] <= S[other, CREW_MAX] * RF[F_CREW_LOST]


@jit
def chain_bonus(F, S, RF, RI, b: int) -> int:
    if S[b, CHAINED]:
        for o in range(S.shape[0]):
            if S[o, CHAINED] and S[o, SQUAD] == S[b, SQUAD] and S[o, SIDE] == S[b, SIDE] and S[o, STATE] <= AGROUND \
                    and o != b and distance(base(F, o), base(F, b)) <= RF[F_CHAINED_IN]:
                return RI[I_CHAIN_BONUS]
    return 0


@jit
def boarding(mt, F, S, G, RF, RI, FACES, POLICY) -> None:
    """play.Game.boarding: grapnels between enemies alongside, pair by pair in the ships' order; then
    every grappled pair fights."""
    n = F.shape[0]
    alive, na = fighting_ships(S)
    slack = RF[F_SLACK]
    if na >= 2:
        wide = 0.0
        for p in range(na):
            wide = max(wide, F[alive[p], REACH])
        wide = 2 * wide + slack + 1e-9
        for p in range(na):
            a = alive[p]
            for q in range(p + 1, na):
                c = alive[q]
                if S[c, SIDE] == S[a, SIDE] or not (-wide <= F[c, X] - F[a, X] <= wide) \
                        or not (-wide <= F[c, Y] - F[a, Y] <= wide) or gap(base(F, a), base(F, c)) > slack:
                    continue
                if G[a, c]:
                    continue
                wanting = (1 if wants_grapple(S, RF, POLICY, a, c) else 0) + \
                          (1 if wants_grapple(S, RF, POLICY, c, a) else 0)
                if not wanting:
                    continue
                face = 0
                for _ in range(wanting):                # either captain's success grapples
                    face = roll(mt)
                    if FACES[GRAPPLED, face]:
                        break
                if FACES[GRAPPLED, face]:
                    G[a, c] = True
                    G[c, a] = True
    links = np.empty(n, np.int64)
    for a in range(n):
        nl = 0
        for j in range(n):
            if G[a, j]:
                links[nl] = j
                nl += 1
        for q in range(nl):
            c = links[q]
            if a < c and S[a, STATE] <= AGROUND and S[c, STATE] <= AGROUND:
                ta = roll(mt) + S[a, CREW] + chain_bonus(F, S, RF, RI, a)
                tc = roll(mt) + S[c, CREW] + chain_bonus(F, S, RF, RI, c)
                if ta <= tc:
                    S[a, CREW] = max(0, S[a, CREW] - RI[I_LOSS])
                if tc <= ta:
                    S[c, CREW] = max(0, S[c, CREW] - RI[I_LOSS])
                crew_gone(S, G, a)
                crew_gone(S, G, c)


@jit
def morale(mt, S, G, RF, FACES) -> None:
    lost = RF[F_CREW_LOST]
    for b in range(S.shape[0]):
        if S[b, STATE] <= AGROUND and S[b, CREW_MAX] - S[b, CREW] >= lost * S[b, CREW_MAX]:
            if FACES[BREAKS, roll(mt)]:
                if any_grappled(G, b):
                    S[b, STATE] = CAPTURED
                else:
                    S[b, STATE] = STRUCK if (S[b, CHAINED] or S[b, STATE] == AGROUND) else FLED
                cut_loose(G, b)


@jit
def tally(S, VICT, struck: np.ndarray, points: np.ndarray) -> None:
    """Each side's ships out of the fight, and its victory points (play.Game.points)."""
    for s in range(struck.shape[0]):
        struck[s] = points[s] = 0
    for b in range(S.shape[0]):
        if S[b, STATE] <= AGROUND:
            continue
        struck[S[b, SIDE]] += 1
        value = max(VICT[0], VICT[1] if S[b, FLAG] else 0, VICT[2] if S[b, STATE] == CAPTURED else 0)
        for s in range(points.shape[0]):
            if s != S[b, SIDE]:
                points[s] += value


@jit
def play(mt, F, S, G, M, TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, MB, MF, GB, GF, POLICY, ORDER, PHASES,
         VICT, BREAKS, struck: np.ndarray, points: np.ndarray) -> tuple[int, bool]:
    """One game (play.Game.play): (turns played, whether every side still fights and none broke off).
    `struck` and `points` get a row for each turn played (the search's tally), their last row the end."""
    sides = BREAKS.shape[0]
    limit = RI[I_LIMIT]
    n = F.shape[0]
    work = np.empty(max(n, HZ.shape[0]) + 1, np.int64)
    ats = np.empty(HZ.shape[0] + 1, np.float64)
    wind, storm, turn = RF[F_WIND], np.int64(0), 0      # np.int64: no call compiled for a literal 0 as well
    end = struck.shape[0] - 1
    while turn < limit:
        every = True
        for s in range(sides):
            has = False
            for b in range(n):
                has = has or (S[b, SIDE] == s and S[b, STATE] <= AGROUND)
            every = every and has
        if not every:
            break
        turn += 1
        for b in range(n):
            S[b, MOVED_BEFORE], S[b, MOVED] = S[b, MOVED], 0
        for k in range(PHASES.shape[0]):
            p = PHASES[k]
            if p == P_WIND:
                face = roll(mt)
                storm = max(np.int64(0), storm - 1)
                if FACES[W_STORM, face]:
                    storm = RI[I_STORM_TURNS]
                elif FACES[W_BACKS, face]:
                    wind = (wind - RF[F_SHIFT]) % 360
                elif FACES[W_VEERS, face]:
                    wind = (wind + RF[F_SHIFT]) % 360
            elif p == P_MOVEMENT:
                movement(mt, F, S, G, TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, M, POLICY, ORDER, storm,
                         wind, turn, work, ats)
            elif p == P_MISSILE:
                missile(mt, F, S, G, TY, RF, RI, MB, MF, GB, GF, turn)
            elif p == P_GRAPPLING:
                boarding(mt, F, S, G, RF, RI, FACES, POLICY)
            else:
                morale(mt, S, G, RF, FACES)
        tally(S, VICT, struck[turn - 1], points[turn - 1])
        broken = False
        for s in range(sides):
            broken = broken or struck[turn - 1, s] >= BREAKS[s]
        if broken:
            break
    tally(S, VICT, struck[end], points[end])
    alive = True
    broken = False
    for s in range(sides):
        has = False
        for b in range(n):
            has = has or (S[b, SIDE] == s and S[b, STATE] <= AGROUND)
        alive = alive and has
        broken = broken or struck[end, s] >= BREAKS[s]
    return turn, alive and not broken


@jit
def play_many(mts, F0, I0, G0, M0, TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, MB, MF, GB, GF, POLICY, ORDER,
              PHASES, VICT, BREAKS, ends: np.ndarray, struck: np.ndarray, points: np.ndarray) -> None:
    """Games from the same start, one a row of `mts` (its dice: random.Random's state): each game's (turns
    played, 1 if it ended at the limit) in `ends`, its `struck` and `points` (play's) at [game]."""
    for g in range(mts.shape[0]):
        turn, limited = play(mts[g].copy(), F0.copy(), I0.copy(), G0.copy(), M0.copy(), TY, RF, RI, FACES, DMG, COLL,
                             MASTS, SECTOR, HZ, HK, MB, MF, GB, GF, POLICY, ORDER, PHASES, VICT, BREAKS, struck[g],
                             points[g])
        ends[g, 0], ends[g, 1] = turn, limited


# -- the Python front: the arrays of a set-up, made once (play.Engine keeps them) --------------------------
COLLISION_CODES = {"bow": C_BOW, "stern": C_STERN, "side": C_SIDE, "storm": C_STORM, "large": C_LARGE,
                   "downwind": C_DOWNWIND, "skeg": C_SKEG, "bardi": C_BARDI}
PHASE_CODES = {"wind": P_WIND, "movement": P_MOVEMENT, "missile": P_MISSILE, "grappling": P_GRAPPLING,
               "morale": P_MORALE}
POLICY_CODES = {"close-and-fire": CLOSE, "hold-the-line": HOLD, "keep-range": KEEP, "archers-first": ARCHERS}


def _faces(faces) -> np.ndarray:
    row = np.zeros(7, np.bool_)
    for f in faces:
        if 1 <= f <= 6:
            row[f] = True
    return row


def prepared(table, policies: dict[str, str], turn_limit: int, pieces: tuple | None = None):
    """(start, rules) of `table`'s games: the arrays play_many reads, or None where the compiled engine does
    not play these rules as the Python one does (a damage table with a gap, a face no sector roll or
    weather roll names: the Python engine stops there with an error, the compiled one would play on).
    `pieces`: (boats, hazards) to start from, as they lie (a test's), else the table's start."""
    from printgen.systems.sectors.boats import CHAINED_IN
    from printgen.systems.sectors.sailing import CONTACT_SLACK, STANDOFF_MARGIN

    rs = table.rs
    boats, hazards = pieces if pieces is not None else table.pieces()
    sides = list(rs.sides)
    kinds = list(rs.types)
    n, nh = len(boats), len(hazards)
    F = np.zeros((n, NF), np.float64)
    S = np.zeros((n, NI), np.int64)
    for b in boats:
        F[b.i, [X, Y, H, LEN, WID]] = b.x, b.y, b.h, b.length, b.width
        F[b.i, R0:R0 + 6] = b.r
        F[b.i, [REACH, LAST, LINE0, LINE1]] = b.reach, b.last_move, b.lines[0], b.lines[1]
        S[b.i, [SIDE, TYPE, FLAG]] = sides.index(b.side), kinds.index(b.type), b.flagship
        S[b.i, ST0:ST0 + 5] = [b.structure[p] for p in ("bow", "stern", "port", "starboard", "mast")]
        S[b.i, [CREW, CREW_MAX, CHAINED, SQUAD, STATE]] = b.crew, b.crew_max, b.chained, b.squad, STATES.index(b.state)
        S[b.i, [ATT_USES, ATT_LAST, RAM_CLEAR, MOVED, MOVED_BEFORE, FURLED, UNFURL_AT, LOADED_AT]] = \
            b.attack_uses, b.attack_last, b.ram_clear, b.moved, b.moved_before, b.furled, b.unfurl_at, b.loaded_at
    G = np.zeros((n, n), np.bool_)
    M = np.zeros((n, max(nh, 1)), np.bool_)
    for b in boats:
        G[b.i, sorted(b.grappled)] = True
        M[b.i, sorted(b.hazards_met)] = True
    ranks = sorted({h.kind for h in hazards})
    HZ = np.array([(h.x0, h.y0, h.x1, h.y1, *h.r, h.kind == "hidden") for h in hazards], np.float64).reshape(nh, 11)
    HK = np.array([ranks.index(h.kind) for h in hazards], np.int64)
    TY = np.array([(t.speed_in, t.attack_speed_in, t.oars, t.round_ship, t.ram, t.large, t.skeg, t.bardi, t.bowmen,
                    t.guns, t.guns_all_round) for t in rs.types.values()], np.float64)
    mv, g = rs.movement, rs.guns
    bands = rs.missile.range_in.bands()
    gbands = g.range_in.bands() if g is not None else {}
    from printgen.game.deploy_settings import COMPASS_DEG

    RF = np.zeros(20, np.float64)
    RF[[F_MIN_ANGLE, F_WIND_BONUS, F_WIND_WITHIN, F_SWEEP_STEP, F_FURL, F_STOP_FACTOR]] = (
        mv.round_ship_min_angle_to_wind_deg, mv.with_wind_bonus_in, mv.with_wind_within_deg, mv.sweep_step_deg,
        mv.furl_within_in, mv.stop_speed_factor)
    RF[[F_CREW_LOST, F_AGROUND_STAYS, F_SHIFT]] = rs.morale.test_crew_lost, rs.aground.crew_lost_stays, \
        rs.weather.shift_deg
    RF[F_MISSILE_LONG] = max(hi for _, hi in bands.values())
    RF[F_GUNS_REACH] = max((hi for _, hi in gbands.values()), default=0.0)
    RF[F_BOW_ARC] = g.bow_arc_deg if g is not None else 0.0
    RF[F_SHORT] = bands["short"][1] if "short" in bands else math.nan
    RF[[F_WIDTH, F_HEIGHT, F_WIND]] = table.width, table.height, COMPASS_DEG[rs.table.wind_from]
    RF[[F_WIDEST, F_SLACK, F_CHAINED_IN, F_MARGIN]] = max((b.reach for b in boats), default=0.0), CONTACT_SLACK, \
        CHAINED_IN, STANDOFF_MARGIN
    ram, coll = rs.ramming.modifiers, rs.collision
    COLL = np.array([(COLLISION_CODES.get(k, C_NONE), m.value) for k, m in coll.modifiers.items()],
                    np.int64).reshape(-1, 2)
    MASTS = np.array([(COLLISION_CODES.get(k, C_NONE), coll.modifiers[k].value) for k in coll.mast_modifiers],
                     np.int64).reshape(-1, 2)
    most = 6 * max(4, len(COLL), len(MASTS))
    offset = most                                    # DMG[roll + total + offset]: totals from -most to +most
    DMG = np.zeros(2 * most + 7, np.int64)
    for v in range(1 - most, 7 + most):
        row = next((r for r in rs.damage if r.covers(v)), None)
        if row is None:
            return None
        DMG[v + offset] = row.points
    RI = np.zeros(16, np.int64)
    RI[[I_ATTACK_USES, I_ATTACK_REST, I_UNFURL, I_STORM_TURNS, I_LOSS, I_CHAIN_BONUS, I_SINKS, I_CLEAR]] = (
        mv.attack_speed_uses, mv.attack_speed_rest_turns, mv.unfurl_turns, rs.weather.storm_turns, rs.boarding.loss,
        rs.boarding.chained_bonus, rs.effects.sinks_at_sectors_lost, rs.ramming.clear_turns)
    RI[[I_RELOAD, I_HAS_GUNS]] = (g.reload_turns if g is not None else 0), g is not None
    RI[[I_RAM_ATTACK, I_RAM_LARGE, I_RAM_ROUND, I_RAM_MOVED]] = (ram["attack-speed"].value, ram["large"].value,
                                                                 ram["round-ship"].value, ram["moved"].value)
    RI[[I_DMG_OFFSET, I_LIMIT]] = offset, turn_limit
    w = rs.weather.roll
    FACES = np.array([_faces(w.storm), _faces(w.backs), _faces(w.veers), _faces(rs.aground.refloat.refloated),
                      _faces(rs.obstacles.passage.blocked), _faces(rs.grappling.roll.grappled),
                      _faces(rs.morale.roll.breaks), _faces(coll.mast.hit)])
    SECTOR = np.full(7, -1, np.int64)
    for face in range(1, 7):
        part = next((k for k, s in enumerate(("bow", "stern", "port", "starboard"))
                     if face in getattr(rs.obstacles.sector, s)), None)
        if part is None or not any(face in getattr(w, k) for k in w.outcomes()):
            return None
        SECTOR[face] = part
    MB = np.array([hi for _, hi in bands.values()], np.float64)
    MF = np.array([[_faces(rs.missile.to_hit[side][band].hit) for band in bands] for side in sides])
    GB = np.array([hi for _, hi in gbands.values()] or [0.0], np.float64)
    GF = np.array([_faces(g.to_hit[band].hit) for band in gbands] if gbands else [_faces(())])
    POLICY = np.array([POLICY_CODES[policies.get(side, "close-and-fire")] for side in sides], np.int64)
    side_order = {side: k for k, side in enumerate(sides)}
    ORDER = np.array([b.i for b in sorted(boats, key=lambda b: (side_order[b.side], b.squad, b.i))], np.int64)
    phases = []
    for name in rs.sequence.phases:
        key = name.split()[0].lower()
        if key not in PHASE_CODES:
            return None                            # the Python engine says which phase it cannot play
        phases.append(PHASE_CODES[key])
    PHASES = np.array(phases, np.int64)
    VICT = np.array(table.victory, np.int64)
    never = n + 1
    rules = table.rules
    BREAKS = np.array([rules.break_count(k) if rules is not None and rules.breaks_at is not None and k > 0 else never
                       for k in (sum(1 for b in boats if b.side == s) for s in sides)], np.int64)
    start = (F, S, G, M)
    return start, (TY, RF, RI, FACES, DMG, COLL, MASTS, SECTOR, HZ, HK, MB, MF, GB, GF, POLICY, ORDER, PHASES, VICT,
                   BREAKS)


def play_games(found, seeds: list[str], turn_limit: int, sides: int):
    """Games from one start, game k's dice those of random.Random(seeds[k]): (ends, struck, points)."""
    import random

    (F, S, G, M), rules = found
    count = len(seeds)
    mts = np.array([random.Random(s).getstate()[1] for s in seeds], np.int64).reshape(count, 625)
    ends = np.zeros((count, 2), np.int64)
    struck = np.zeros((count, turn_limit + 1, sides), np.int64)
    points = np.zeros_like(struck)
    play_many(mts, F, S, G, M, *rules, ends, struck, points)
    return ends, struck, points
