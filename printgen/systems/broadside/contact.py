"""Ships that touch: drift, fouling and grappling, boarding (the readings are listed in play.py).
Compiled (printgen/play/jit.py) on the game's table (printgen/play/state.py's Board)."""

from __future__ import annotations

import math

import numpy as np

from printgen.play import policies as habits
from printgen.play.dice import d6
from printgen.play.geom import gap, slide_among
from printgen.play.jit import hypot, jit, small, within
from printgen.play.state import (AGROUND, ANCHOR, FOULED, GONE, GRAPPLED, H, HP, RAD, REACH, SIDE, STRUCK, X,
                                 Y)
from printgen.systems.broadside.blast import explode
from printgen.systems.broadside.firing import hurt, rect_at
from printgen.systems.broadside.record import note
from printgen.systems.broadside.sailing import place
from printgen.systems.broadside.setup import (BLOWS_UP, BOARD_HIT, BOARDING, CONTACT, DICE_PER_HP, DRIFT_X, DRIFT_Y,
                                              FLOATS, FOUL, FOULED as FOULED_FACES, FREE, FREED, GRAPPLE,
                                              GRAPPLED as GRAPPLED_FACES, HEIGHT, REFLOAT, SURVIVOR_HP, TWO, WIDTH)


@small
def link(B, a: int, b: int, kind: int) -> None:
    B.L[a, b] = B.L[b, a] = kind
    B.LS[a, b] = B.LS[b, a] = B.C[0]
    B.C[0] += 1


@small
def until(D, R, rollers: int, faces: int, a: int, b: int, rule: int, rolled: np.ndarray) -> bool:
    """Each roller rolls one die until one succeeds (the rules' "either success"): True if one did. A
    page that shows the game sees the dice."""
    n = 0
    ok = False
    for _ in range(rollers):
        rolled[n] = d6(D[0], D[1], D[2])
        n += 1
        if (faces >> rolled[n - 1]) & 1:
            ok = True
            break
    if n:
        note(R, a, b, rule, rolled, n, int(ok))
    return ok


@jit
def drift(T, B, D, R) -> None:
    """Ships aground roll to float off (in the order of the ships), links cut loose (in the order of
    their ships), then every fouled, grappled or struck ship drifts, a cluster of linked ships together,
    stopping at a base, the table edge or ground (a base that touches ground runs aground there). A ship
    at anchor or aground does not drift, nor does a cluster that holds one; a ship at anchor always
    tries to cut loose."""
    S, L = B.S, B.L
    n = S.shape[0]
    rolled = np.empty(2, np.int64)
    if T.I[REFLOAT]:
        for i in range(n):
            if S[i, AGROUND]:
                rolled[0] = d6(D[0], D[1], D[2])
                off = (T.I[REFLOAT] >> rolled[0]) & 1
                note(R, i, -1, FLOATS, rolled, 1, off)
                if off:
                    S[i, AGROUND] = 0
    for a in range(n):
        for b in range(a + 1, n):
            kind = L[a, b]
            if not kind:
                continue
            rollers = 0
            for s, o in ((a, b), (b, a)):
                if not S[s, STRUCK] and (S[s, ANCHOR] or
                                         habits.wants_loose(T.habits[S[s, SIDE]], S, s, o, kind == GRAPPLED)):
                    rollers += 1
            if until(D, R, rollers, T.I[FREE], a, b, FREED, rolled):
                L[a, b] = L[b, a] = 0
                B.LS[a, b] = B.LS[b, a] = 0
    done = np.zeros(n, np.bool_)
    group = np.empty(n, np.int64)
    for s in range(n):
        if done[s] or S[s, GONE]:
            continue
        tied = False
        for o in range(n):
            tied = tied or L[s, o] != 0
        if not (S[s, STRUCK] or tied):
            continue
        if tied:
            m = cluster(L, s, group)
        else:
            group[0], m = s, 1
        held = False
        for k in range(m):
            done[group[k]] = True
            held = held or S[group[k], ANCHOR] != 0 or S[group[k], AGROUND] != 0
        if not held:
            shift(T, B, group[:m], T.F[DRIFT_X], T.F[DRIFT_Y])


@jit
def cluster(L: np.ndarray, ship: int, out: np.ndarray) -> int:
    """The ships linked to `ship`, through others too, in the order of their numbers: how many."""
    n = L.shape[0]
    inside = np.zeros(n, np.bool_)
    inside[ship] = True
    todo = np.empty(n, np.int64)
    todo[0] = ship
    nt = 1
    while nt:
        nt -= 1
        s = todo[nt]
        for o in range(n):
            if L[s, o] and not inside[o]:
                inside[o] = True
                todo[nt] = o
                nt += 1
    m = 0
    for o in range(n):
        if inside[o]:
            out[m] = o
            m += 1
    return m


@jit
def shift(T, B, group: np.ndarray, dx: float, dy: float) -> None:
    """Move a group together by (dx, dy), as far as its first base can go before it meets another base,
    the table edge or ground; a base that meets ground there runs aground."""
    P = B.P
    most = hypot(dx, dy)
    if most == 0:
        return
    ux, uy = dx / most, dy / most
    n = P.shape[0]
    inside = np.zeros(n, np.bool_)
    widest = 0.0
    lx, hx, ly, hy = math.inf, -math.inf, math.inf, -math.inf
    for g in group:
        inside[g] = True
        widest = max(widest, P[g, REACH])
        lx, hx, ly, hy = min(lx, P[g, X]), max(hx, P[g, X]), min(ly, P[g, Y]), max(hy, P[g, Y])
    reach = most + 4 * widest
    lx, hx, ly, hy = lx - reach, hx + reach, ly - reach, hy + reach
    others = np.empty(n, np.int64)
    no = 0
    for o in range(n):
        if lx <= P[o, X] <= hx and ly <= P[o, Y] <= hy and not inside[o]:
            others[no] = o
            no += 1
    t = math.inf
    G = T.ground
    obs = np.empty((no + G.shape[0], 9), np.float64)
    ng = group.shape[0] if G.shape[0] else 0       # (where each base would stop: only where there is ground)
    runs, stops = np.empty(ng), np.empty(ng, np.int64)
    for q in range(group.shape[0]):
        g = group[q]
        for k in range(no):                       # geom.obstacles at this base's centre
            o = others[k]
            rr = P[g, RAD] + P[o, RAD]
            obs[k, 0], obs[k, 1], obs[k, 2] = P[o, X] - P[g, X], P[o, Y] - P[g, Y], rr * rr
            obs[k, 3], obs[k, 4], obs[k, 5], obs[k, 6], obs[k, 7], obs[k, 8] = rect_at(P, o)
        for j in range(G.shape[0]):               # then the ground
            k = no + j
            rr = P[g, RAD] + G[j, 6]
            obs[k, 0], obs[k, 1], obs[k, 2] = G[j, 0] - P[g, X], G[j, 1] - P[g, Y], rr * rr
            obs[k, 3], obs[k, 4], obs[k, 5], obs[k, 6], obs[k, 7], obs[k, 8] = G[j, 0], G[j, 1], G[j, 2], G[j, 3], \
                G[j, 4], G[j, 5]
        run, stop = slide_among(rect_at(P, g), ux, uy, most, obs, T.F[WIDTH], T.F[HEIGHT])
        t = min(t, run)
        if ng:
            runs[q], stops[q] = run, stop
    for q in range(group.shape[0]):
        g = group[q]
        place(P, g, P[g, X] + ux * t, P[g, Y] + uy * t, P[g, H])
        if ng and stops[q] >= no and runs[q] == t:
            B.S[g, AGROUND] = 1


@jit
def touching(T, B, out: np.ndarray) -> int:
    """Pairs of bases in contact (rows a < b, in order): how many."""
    P = B.P
    n = P.shape[0]
    contact, two = T.F[CONTACT], T.F[TWO]
    m = 0
    for a in range(n):
        for b in range(a + 1, n):
            near = P[a, REACH] + P[b, REACH] + contact          # circles within contact first: cheap
            dx, dy = P[a, X] - P[b, X], P[a, Y] - P[b, Y]
            if abs(dx) > near * (1 + 1e-9) or abs(dy) > near * (1 + 1e-9):
                continue                                        # surely outside the circle, however pow rounds
            if within(dx, dy, near * near, two) and gap(rect_at(P, a), rect_at(P, b)) <= contact:
                if m >= out.shape[0]:
                    return m
                out[m, 0], out[m, 1] = a, b
                m += 1
    return m


@jit
def entangle(T, B, D, R) -> None:
    """Every touching pair not yet fouled or grappled rolls: to grapple, if a captain of either enemy
    ship wants to (both still fight), else to foul."""
    S = B.S
    n = S.shape[0]
    pairs = np.empty((n * (n - 1) // 2 + 1, 2), np.int64)
    m = touching(T, B, pairs)
    rolled = np.empty(2, np.int64)
    for k in range(m):
        a, b = pairs[k, 0], pairs[k, 1]
        if B.L[a, b]:
            continue
        if S[a, SIDE] != S[b, SIDE] and not S[a, STRUCK] and not S[b, STRUCK]:
            wanting = 0
            for s, o in ((a, b), (b, a)):
                if not S[s, ANCHOR] and habits.wants_grapple(T.habits[S[s, SIDE]], S, s, o):
                    wanting += 1
            if wanting:
                if until(D, R, wanting, T.I[GRAPPLED_FACES], a, b, GRAPPLE, rolled):
                    link(B, a, b, GRAPPLED)
                continue
        if until(D, R, 1, T.I[FOULED_FACES], a, b, FOUL, rolled):
            link(B, a, b, FOULED)


@small
def fights_of(B, i: int) -> bool:
    """Whether ship i is grappled to an enemy, both still fighting."""
    S, L = B.S, B.L
    for j in range(L.shape[0]):
        if L[i, j] == GRAPPLED and S[i, SIDE] != S[j, SIDE] and not S[i, STRUCK] and not S[j, STRUCK]:
            return True
    return False


@jit
def board(T, B, D, R) -> None:
    """Every ship of a grappled cluster attacks once, at the weakest enemy grappled to it, all at once;
    if every ship of the cluster strikes, the roll-off's winner keeps the survivor's hit points."""
    S, L = B.S, B.L
    n = S.shape[0]
    fighting = np.zeros(n, np.bool_)
    for i in range(n):
        fighting[i] = fights_of(B, i)
    done = np.zeros(n, np.bool_)
    cluster_of = np.empty(n, np.int64)
    damage = np.zeros(n, np.int64)
    todo = np.empty(n, np.int64)
    most = 0
    for i in range(n):
        most = max(most, S[i, HP])
    rolled = np.empty(max(1, T.I[DICE_PER_HP]) * (most + 1), np.int64)
    for i in range(n):
        if not fighting[i] or done[i]:
            continue
        inside = np.zeros(n, np.bool_)            # the fights' cluster: enemies grappled, both fighting
        inside[i] = True
        todo[0] = i
        nt = 1
        while nt:
            nt -= 1
            s = todo[nt]
            for o in range(n):
                if L[s, o] == GRAPPLED and S[s, SIDE] != S[o, SIDE] and not S[s, STRUCK] and not S[o, STRUCK] \
                        and not inside[o]:
                    inside[o] = True
                    todo[nt] = o
                    nt += 1
        m = 0
        for o in range(n):
            if inside[o]:
                done[o] = True
                cluster_of[m] = o
                m += 1
        ships = cluster_of[:m].copy()
        for k in range(m):
            damage[ships[k]] = 0
        for k in range(m):
            s = ships[k]
            target = -1
            for o in range(n):                    # the weakest enemy grappled to it, the first of equals
                if L[s, o] == GRAPPLED and S[s, SIDE] != S[o, SIDE] and not S[o, STRUCK] and \
                        (target < 0 or S[o, HP] < S[target, HP]):
                    target = o
            dice = S[s, HP] * T.I[DICE_PER_HP]
            if dice > rolled.shape[0]:
                rolled = np.empty(dice, np.int64)
            hits = 0
            for f in range(dice):
                rolled[f] = d6(D[0], D[1], D[2])
                if (T.I[BOARD_HIT] >> rolled[f]) & 1:
                    hits += 1
            note(R, s, target, BOARDING, rolled, dice, hits)
            damage[target] += hits
        for k in range(m):
            hurt(S, ships[k], damage[ships[k]])
        every = True
        for k in range(m):
            every = every and S[ships[k], STRUCK] != 0
        if every:
            winner = roll_off(D, ships)
            S[winner, STRUCK], S[winner, HP] = 0, T.I[SURVIVOR_HP]
    if T.I[BLOWS_UP]:
        explode(T, B, D, R)


@jit
def roll_off(D, ships: np.ndarray) -> int:
    """Each captain rolls one die; the high roller wins, ties among the highest re-roll."""
    contenders = ships.copy()
    rolls = np.empty(ships.shape[0], np.int64)
    m = contenders.shape[0]
    for _ in range(1000):
        top = 0
        for k in range(m):
            rolls[k] = d6(D[0], D[1], D[2])
            top = max(top, rolls[k])
        kept = 0
        for k in range(m):
            if rolls[k] == top:
                contenders[kept] = contenders[k]
                kept += 1
        m = kept
        if m == 1:
            return contenders[0]
    return contenders[0]
