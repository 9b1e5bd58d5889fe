"""How a broadside ship moves in its side's move phase: one straight run and one turn, chosen by its
policy among the moves the rules allow (the readings are listed in play.py). Compiled
(printgen/play/jit.py) on the game's table (printgen/play/state.py's Board)."""

from __future__ import annotations

import math
from math import cos, radians, sin

import numpy as np

from printgen.play import policies as habits
from printgen.play.dice import d6
from printgen.play.geom import EPS, distance, gap, in_sectors, sectors_into, slide_among, sweeps_through
from printgen.play.jit import hypot, inside, jit, order_by, small, within_reach
from printgen.play.state import (AGROUND, ANCHOR, FLAG, FX, FY, H, HL, HP, HP0, HW, RAD, REACH, SIDE, SQUAD, STRUCK,
                                 X, Y)
from printgen.systems.broadside.firing import gather, band_from, fire_bound, fires, rect_at
from printgen.systems.broadside.record import note
from printgen.systems.broadside.setup import (BOAT, BOAT_IN, CONTACT, EAST, EVERY_BAND, FLAG_ON, HEIGHT, IRONS_OF, LONGEST, NORTH,
                                              RAKE, RED, SCALE, SHORTEST, SOUTH, TURN_MAX, TWO, WEST, WIDEST, WIDTH)

AGROUND_PENALTY = 1.0e6     # added to the score of a move that runs aground: more than any other term (a
#                             captain sees the shoal: he runs aground only when every other move is worse)


@small
def place(P: np.ndarray, i: int, x: float, y: float, h: float) -> None:
    """Ship.place: where its base now lies."""
    h = h % 360.0
    r = radians(h)                                  # geometry.direction
    P[i, X], P[i, Y], P[i, H], P[i, FX], P[i, FY] = x, y, h, sin(r), cos(r)


@jit
def edge_colour(T, x: float, y: float, h: float) -> int:
    """The wind colour of the table edge a bow at (x, y) heading h points at (geometry.ray_exit, then
    the colour of the segment holding that point; at a joint, the segment the point begins)."""
    width, height = T.F[WIDTH], T.F[HEIGHT]
    r = radians(h)
    dx, dy = sin(r), cos(r)
    t, side = math.inf, -1
    for k in range(4):                              # a tie at a corner goes to the side first in the alphabet
        if k == EAST and dx > 1e-12:
            u = (width - x) / dx
        elif k == NORTH and dy > 1e-12:
            u = (height - y) / dy
        elif k == SOUTH and dy < -1e-12:
            u = -y / dy
        elif k == WEST and dx < -1e-12:
            u = -x / dx
        else:
            continue
        if u < t:
            t, side = u, k
    px, py = x + dx * t, y + dy * t
    pos = px if side == NORTH else (height - py if side == EAST else (width - px if side == SOUTH else py))
    last = -1
    for k in range(T.edges.shape[0]):
        if T.edges[k, 0] == side:
            last = k
            if T.edges[k, 1] - 1e-9 <= pos < T.edges[k, 2] - 1e-9:
                return int(T.edges[k, 3])
    return int(T.edges[last, 3])


@jit
def colour_of(T, x: float, y: float, h: float) -> int:
    """The wind colour of a bow at (x, y) heading h: red within `into_wind_deg` of the wind's eye,
    else the colour of the table edge it points at."""
    if T.eyes.shape[0] and in_sectors(h, T.eyes):
        return RED
    return edge_colour(T, x, y, h)


@jit
def reds(T, x: float, y: float, out: np.ndarray) -> np.ndarray:
    """The headings a bow at (x, y) may not point or turn through: towards the red edge segments, and
    into the wind's eye; (first heading, span) rows, as geom.sectors gives them."""
    n = sectors_into(T.reds, x, y, out, 0)
    for k in range(T.eyes.shape[0]):
        out[n, 0], out[n, 1] = T.eyes[k, 0], T.eyes[k, 1]
        n += 1
    return out[:n]


@small
def linked(B, i: int) -> bool:
    for j in range(B.L.shape[0]):
        if B.L[i, j]:
            return True
    return False


@jit
def boat_to(T, B, i: int) -> int:
    """The ship flagship i's admiral is rowed to (-1: none): of its side, still fighting, its base within
    the boat's reach, with more hit points left than i; the most hit points, then the nearest (base to
    base), then the first (printgen's choice)."""
    P, S = B.P, B.S
    reach = T.F[BOAT_IN]
    best, b_hp, b_d = -1, np.int64(0), 0.0
    for c in range(S.shape[0]):
        if c == i or S[c, SIDE] != S[i, SIDE] or S[c, STRUCK] or S[c, HP] <= S[i, HP]:
            continue
        far = reach + P[i, REACH] + P[c, REACH]
        if abs(P[c, X] - P[i, X]) > far or abs(P[c, Y] - P[i, Y]) > far:
            continue
        d = distance(rect_at(P, i), rect_at(P, c))
        if d <= reach and (best < 0 or S[c, HP] > b_hp or (S[c, HP] == b_hp and d < b_d)):
            best, b_hp, b_d = c, S[c, HP], d
    return best


@jit
def flags(T, B, R, movers: np.ndarray, m: int) -> int:
    """Each flagship of `movers[:m]` (in their order) with half its hit points or fewer left sends its
    admiral by boat (boat_to), if a ship is near: the flag, and its extra die, go to her; the old
    flagship stays put this phase. The movers left, in order, at the front of `movers`: how many."""
    S = B.S
    got = np.zeros(S.shape[0], np.bool_)            # a ship the flag came to this phase keeps it
    kept = 0
    for k in range(m):
        i = movers[k]
        if S[i, FLAG] and not got[i] and S[i, HP] <= S[i, HP0] // 2:
            c = boat_to(T, B, i)
            if c >= 0:
                S[i, FLAG], S[c, FLAG] = 0, 1
                got[c] = True
                note(R, i, c, BOAT, movers, 0, 1)
                continue
        movers[kept] = i
        kept += 1
    return kept


@jit
def move(T, B, D, side: int, R) -> None:
    """The side's move phase: squadron by squadron in the roster's order, each squadron's ships in the
    fleet's order (the lesson plan's order within a phase); a ship that has moved stays put, the next
    moves around it. Ships at anchor or aground do not move. Where the rules let an admiral shift his
    flag, a flagship with half its hit points or fewer left may send him by boat first (boat_to), instead
    of moving. The in-irons checks next, in the order of the ships: a ship's colour depends on its own
    pose, which nothing changes before its move, so the dice fall as they would move by move."""
    code = T.habits[side]
    if code == habits.HOLD:
        return
    P, S = B.P, B.S
    n = P.shape[0]
    movers = np.empty(n, np.int64)
    m = np.int64(0)                                 # (not a literal: one compiled version of each callee)
    for i in range(n):
        if S[i, SIDE] == side and not S[i, STRUCK] and not linked(B, i):
            movers[m] = i
            m += 1
    squads, order = np.empty(m, np.int64), np.empty(m, np.int64)
    for k in range(m):
        squads[k] = S[movers[k], SQUAD]
    order_by(squads, m, order)
    movers = gather(movers, order, m)
    if T.I[FLAG_ON]:
        m = flags(T, B, R, movers, m)
    kept = np.int64(0)
    for k in range(m):                              # at anchor or aground: it stays
        i = movers[k]
        if not (S[i, ANCHOR] or S[i, AGROUND]):
            movers[kept] = i
            kept += 1
    m = kept
    colours, free = np.empty(m, np.int64), np.ones(m, np.bool_)
    face = np.empty(1, np.int64)
    for k in range(m):
        i = movers[k]
        colours[k] = colour_of(T, P[i, X], P[i, Y], P[i, H])
        if colours[k] == RED:
            face[0] = d6(D[0], D[1], D[2])
            free[k] = (T.irons[side] >> face[0]) & 1
            note(R, i, -1, IRONS_OF + side, face, 1, int(free[k]))
    # moving strikes nobody and moves only this side: the enemies, and where they are, hold all phase
    enemies = np.empty(n, np.int64)
    ne = np.int64(0)
    for i in range(n):
        if S[i, SIDE] != side and not S[i, STRUCK]:
            enemies[ne] = i
            ne += 1
    for k in range(m):
        if free[k]:
            i = movers[k]
            found, x, y, h, grounded = steer(T, B, i, code, enemies, ne, colours[k])
            if found:
                place(P, i, x, y, h)
                if grounded:
                    S[i, AGROUND] = 1


@jit
def steer(T, B, i: int, code: int, enemies: np.ndarray, ne: int, colour: int
          ) -> tuple[bool, float, float, float, bool]:
    """Where the policy takes ship i: (whether it moves, x, y, heading, whether it runs aground there).
    Every base the choice can depend
    on: those within the ship's run and a base of it, and those near a line of fire from wherever its
    run can end (at most `speed` away) to its enemy, with an inch to spare for rounding."""
    P = B.P
    aim = habits.aim(code, P, i, T.F[SHORTEST], enemies, ne, T.F[SCALE], T.F[TWO])
    e = aim[0]
    if e < 0:
        return False, 0.0, 0.0, 0.0, False
    x0, y0 = P[i, X], P[i, Y]
    wide = T.F[colour] + 2 * T.F[WIDEST] + T.F[CONTACT] + 1.0
    bx0, bx1 = min(x0, P[e, X]) - wide, max(x0, P[e, X]) + wide
    by0, by1 = min(y0, P[e, Y]) - wide, max(y0, P[e, Y]) + wide
    n = P.shape[0]
    around = np.empty(n, np.int64)
    na = np.int64(0)
    for o in range(n):
        if bx0 <= P[o, X] <= bx1 and by0 <= P[o, Y] <= by1:
            around[na] = o
            na += 1
    return choose(T, B, i, code, aim, colour, around, na)


@jit
def choose(T, B, i: int, code: int, aim, colour: int, around: np.ndarray, na: int
           ) -> tuple[bool, float, float, float, bool]:
    """`steer` among the bases `around` (in game order): the menu of moves, scored; best first by the
    most each could score, the line of fire (the costly part) asked only while a move could still beat
    the best found. The first move of equal scores wins. A move that runs aground scores
    AGROUND_PENALTY more; a broadside that would roll no dice (night, a band without dice) counts none."""
    P, S = B.P, B.S
    e = aim[0]
    speed, contact, two = T.F[colour], T.F[CONTACT], T.F[TWO]
    x0, y0, reach0 = P[i, X], P[i, Y], P[i, REACH]
    reach = speed + 2 * reach0 + contact
    lx, hx, ly, hy = x0 - reach, x0 + reach, y0 - reach, y0 + reach
    near = np.empty(na, np.int64)                   # within its run's reach
    nn = np.int64(0)
    for k in range(na):
        o = around[k]
        if lx <= P[o, X] <= hx and ly <= P[o, Y] <= hy and o != i and \
                within_reach(P[o, X] - x0, P[o, Y] - y0, speed + contact + reach0 + P[o, REACH], two):
            near[nn] = o
            nn += 1
    # bases it touches at the start do not block its way out, only where it ends (else two ships side by
    # side could never part: neither could turn or sail without touching the other)
    sr = rect_at(P, i)
    fx, fy, hl, hw = P[i, FX], P[i, FY], P[i, HL], P[i, HW]
    touching = np.empty(nn, np.int64)
    nt = np.int64(0)
    kept = np.int64(0)
    for k in range(nn):
        o = near[k]
        dx, dy = P[o, X] - x0, P[o, Y] - y0
        if abs(dx * fx + dy * fy) <= hl + P[o, REACH] + contact + 1e-6 and \
                abs(dx * fy - dy * fx) <= hw + P[o, REACH] + contact + 1e-6 and gap(sr, rect_at(P, o)) <= contact:
            touching[nt] = o
            nt += 1
        else:
            near[kept] = o
            kept += 1
    nn = kept
    ex, ey = P[e, X], P[e, Y]
    top = T.chance[RAKE]
    scratch = np.empty((T.reds.shape[0] + T.eyes.shape[0], 2), np.float64)
    if within_reach(ex - x0, ey - y0, T.F[LONGEST] + reach0 + P[e, REACH], two):
        # already where no move could score better (e.g. raking at close range): stay. The scores
        # first, the line of fire only where they say it would matter
        here = habits.score(code, aim, ex, ey, x0, y0, colour == RED, colour < 0, top)     # (no friend in the way)
        if here <= habits.floor(code, aim[2], top):
            band, d = band_from(T, P, i, sr, e, around, na)
            if band >= 0 and T.chance[band] == top and (T.I[EVERY_BAND] or fires(T, B, i, e, band, d)):
                return False, 0.0, 0.0, 0.0, False
    mx, my, mh, mfx, mfy = np.empty(32), np.empty(32), np.empty(32), np.empty(32), np.empty(32)
    mstop = np.empty(32, np.int64)
    count = moves(T, P, i, aim, speed, near, nn, mx, my, mh, mfx, mfy, mstop)
    hope, bad, friend, reachable = np.full(count, math.inf), np.zeros(count, np.bool_), np.zeros(count, np.bool_), \
        np.zeros(count, np.bool_)
    ok = np.zeros(count, np.bool_)
    checks = T.reds.shape[0] > 0 or T.eyes.shape[0] > 0
    every, grounds = T.I[EVERY_BAND] != 0, T.ground.shape[0] > 0     # (no night, dice in every band; no ground)
    for k in range(count):
        x, y, h, ux, uy = mx[k], my[k], mh[k], mfx[k], mfy[k]
        clash = False
        for q in range(nt):
            if gap((x, y, ux, uy, hl, hw), rect_at(P, touching[q])) < -1e-6:
                clash = True
                break
        if clash:
            continue
        ok[k] = True
        bad[k] = in_sectors(h, reds(T, x, y, scratch)) if checks else False
        friend[k] = mstop[k] >= 0 and mstop[k] < nn and S[near[mstop[k]], SIDE] == S[i, SIDE]
        bound = fire_bound(T, P, x, y, ux, uy, i, e)
        reachable[k] = bound > 0
        hope[k] = habits.score(code, aim, ex, ey, x, y, bad[k], friend[k], bound)
        if grounds and mstop[k] >= nn:            # it would run aground
            hope[k] += AGROUND_PENALTY
    order = np.empty(count, np.int64)
    order_by(hope, count, order)
    best_score, best_k = math.inf, -1
    for q in range(count):
        k = order[q]
        if not ok[k]:
            continue
        if hope[k] > best_score + 1e-9:
            break
        fire = 0.0
        if reachable[k]:
            band, d = band_from(T, P, i, (mx[k], my[k], mfx[k], mfy[k], hl, hw), e, around, na)
            fire = T.chance[band] if band >= 0 else 0.0
            if not every and fire > 0.0 and not fires(T, B, i, e, band, d):
                fire = 0.0
        sc = habits.score(code, aim, ex, ey, mx[k], my[k], bad[k], friend[k], fire)
        if grounds and mstop[k] >= nn:
            sc += AGROUND_PENALTY
        if sc < best_score - 1e-9 or (sc <= best_score + 1e-9 and k < best_k):
            best_score, best_k = sc, k                # the best score; the first move of equals
    if best_k < 0:
        return False, 0.0, 0.0, 0.0, False
    return True, mx[best_k], my[best_k], mh[best_k], grounds and mstop[best_k] >= nn


@small
def _add(turns: np.ndarray, n: int, a: float) -> int:
    """A turn added to the set `turns[:n]` (a value already there is kept once)."""
    for k in range(n):
        if turns[k] == a:
            return n
    turns[n] = a
    return n + 1


@small
def _fits(T, P: np.ndarray, px: float, py: float, ux: float, uy: float, hl: float, hw: float,
          crowd: np.ndarray, nc: int) -> bool:
    """The base turned to (ux, uy) at (px, py) lies on the table and overlaps no base of `crowd` and no
    ground (shoal, shore)."""
    ex, ey = hl * abs(ux) + hw * abs(uy), hl * abs(uy) + hw * abs(ux)
    if not (ex - EPS <= px <= T.F[WIDTH] - ex + EPS and ey - EPS <= py <= T.F[HEIGHT] - ey + EPS):
        return False
    for k in range(nc):
        if gap((px, py, ux, uy, hl, hw), rect_at(P, crowd[k])) < -1e-6:
            return False
    G = T.ground
    for k in range(G.shape[0]):
        if gap((px, py, ux, uy, hl, hw), (G[k, 0], G[k, 1], G[k, 2], G[k, 3], G[k, 4], G[k, 5])) < -1e-6:
            return False
    return True


@small
def _crowd(P: np.ndarray, i: int, near: np.ndarray, nn: int, px: float, py: float, two: float,
           out: np.ndarray) -> int:
    """The bases a turn made at (px, py) might overlap: those whose circles reach its own (the same for
    every heading, so asked once per place)."""
    m = np.int64(0)
    for k in range(nn):
        o = near[k]
        rr = P[i, REACH] + P[o, RAD]
        if inside(P[o, X] - px, P[o, Y] - py, rr * rr, two):
            out[m] = o
            m += 1
    return m  # type: ignore


@jit
def moves(T, P: np.ndarray, i: int, aim, speed: float, near: np.ndarray, nn: int, mx: np.ndarray,
          my: np.ndarray, mh: np.ndarray, mfx: np.ndarray, mfy: np.ndarray, mstop: np.ndarray) -> int:
    """End poses the rules allow, from a small menu, written into the arrays in order: stay; turn (none,
    towards the enemy, half turns either way when far, full turns when near) then sail; near the enemy,
    the turns that put it abeam, made where the ship is, before its run or after it. Each pose comes
    with its heading's unit vector and the place in `near` of the base it stopped against (-1: none;
    nn + k: the ground T.ground[k], where it runs aground, and makes no turn after its run)."""
    x, y, h, tm = P[i, X], P[i, Y], P[i, H], T.F[TURN_MAX]
    two = T.F[TWO]
    e = aim[0]
    gx, gy = (aim[3], aim[4]) if aim[2] else (P[e, X], P[e, Y])     # a point to sail for, else its enemy
    bearing = math.degrees(math.atan2(gx - x, gy - y))
    far = hypot(gx - x, gy - y) > aim[1] + speed + 2 * (2 * P[i, HL] + 2 * P[e, HL])
    turns = np.empty(8, np.float64)
    abeam = np.empty(2, np.float64)
    nt = _add(turns, np.int64(0), 0.0)
    nt = _add(turns, nt, tm / 2 if far else tm)
    nt = _add(turns, nt, -tm / 2 if far else -tm)
    nt = _add(turns, nt, max(-tm, min(tm, (bearing - h + 180) % 360 - 180)))
    na = np.int64(0)
    if not far and not aim[2]:
        for b in (bearing + 90, bearing - 90):
            na = _add(abeam, na, max(-tm, min(tm, (b - h + 180) % 360 - 180)))
        for k in range(na):
            nt = _add(turns, nt, abeam[k])
    order = np.empty(nt, np.int64)
    order_by(turns, nt, order)
    turns = gather(turns, order, nt)
    sc0 = np.empty((T.reds.shape[0] + T.eyes.shape[0], 2), np.float64)
    sc1 = np.empty_like(sc0)
    red0 = reds(T, x, y, sc0)
    width, height = T.F[WIDTH], T.F[HEIGHT]
    fx, fy, hl, hw = P[i, FX], P[i, FY], P[i, HL], P[i, HW]
    G = T.ground
    obs = np.empty((nn + G.shape[0], 9), np.float64)       # geom.obstacles at the ship's centre, then the ground
    for k in range(nn):
        o = near[k]
        rr = P[i, REACH] + P[o, RAD]
        obs[k, 0], obs[k, 1], obs[k, 2] = P[o, X] - x, P[o, Y] - y, rr * rr
        obs[k, 3], obs[k, 4], obs[k, 5] = P[o, X], P[o, Y], P[o, FX]
        obs[k, 6], obs[k, 7], obs[k, 8] = P[o, FY], P[o, HL], P[o, HW]
    for g in range(G.shape[0]):
        k = nn + g
        rr = P[i, REACH] + G[g, 6]
        obs[k, 0], obs[k, 1], obs[k, 2] = G[g, 0] - x, G[g, 1] - y, rr * rr
        obs[k, 3], obs[k, 4], obs[k, 5] = G[g, 0], G[g, 1], G[g, 2]
        obs[k, 6], obs[k, 7], obs[k, 8] = G[g, 3], G[g, 4], G[g, 5]
    sr = rect_at(P, i)
    if far:
        run, stop0 = 0.0, -1
    else:
        run, stop0 = slide_among(sr, fx, fy, speed, obs, width, height)
    x1, y1 = x + fx * run, y + fy * run
    red1 = reds(T, x1, y1, sc1) if run > 0 else sc1[:0]
    crowd0, crowd1 = np.empty(nn, np.int64), np.empty(nn, np.int64)
    nc0 = _crowd(P, i, near, nn, x, y, two, crowd0)
    nc1 = _crowd(P, i, near, nn, x1, y1, two, crowd1) if run > 0 and na > 0 else 0
    m = np.int64(0)
    mx[m], my[m], mh[m], mfx[m], mfy[m], mstop[m] = x, y, h, fx, fy, -1          # stay as it is
    m += 1
    for q in range(nt):
        a = turns[q]
        h1 = (h + a) % 360
        r = radians(h1)                                                          # geometry.direction, inline
        ux, uy = sin(r), cos(r)
        side = False
        for k in range(na):
            side = side or abeam[k] == a
        if a == 0 or (not sweeps_through(h, a, red0) and _fits(T, P, x, y, ux, uy, hl, hw, crowd0, nc0)):
            if side:
                mx[m], my[m], mh[m], mfx[m], mfy[m], mstop[m] = x, y, h1, ux, uy, -1    # turn where it is
                m += 1
            if not in_sectors(h1, red0):                                         # turn, then sail (never into the wind)
                if a == 0 and not far:                                           # no turn: the run worked out above
                    t, stop = run, stop0
                else:
                    t, stop = slide_among((x, y, ux, uy, hl, hw), ux, uy, speed, obs, width, height)
                mx[m], my[m], mh[m], mfx[m], mfy[m], mstop[m] = x + ux * t, y + uy * t, h1, ux, uy, stop
                m += 1
        if side and run > 0 and stop0 < nn and not sweeps_through(h, a, red1) and \
                _fits(T, P, x1, y1, ux, uy, hl, hw, crowd1, nc1):
            mx[m], my[m], mh[m], mfx[m], mfy[m], mstop[m] = x1, y1, h1, ux, uy, stop0   # sail, then turn
            m += 1
    return m  # type: ignore
