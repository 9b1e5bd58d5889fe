"""How a side is steered: simple, named captains' habits that any rules family can ask.

A family lists the moves its rules allow a ship; the policy scores where each would leave the ship
(lower is better) and answers the yes/no questions of the rules (grapple? cut loose?). Which target
to shoot is the family's (the best odds, then the weakest target): both policies fire when they can.

- close-and-fire: head for the nearest enemy; within short range, turn to bring the broadside on it
  (best from across its bow or stern, where it is raked); grapple an enemy no stronger than itself;
  keep a prize (a struck enemy grappled to it).
- hold-the-line: keep station and heading (do not move), fire when possible, never grapple, always
  try to cut loose.
- break-the-line: Nelson's plan, the historical approach: sail for the nearest gap in the enemy's
  line, through it (raking the ships either side as it passes), then fight as close-and-fire. A ship
  has broken through once it lies beyond that gap from where it started the game.
- keep-range: a cautious captain: close to long range and keep there, broadside on; never grapple,
  always try to cut loose.
- archers-first (families with missile fire and boarding, the medieval fragment): stand off within
  short range and shoot until the enemy has lost half its crew, then close and board.

The habits are compiled (printgen/play/jit.py) and read the compiled engine's table (play/state.py's
Board): `aim` may look at every enemy still fighting and where it is; `score` only at the aim and the
pose scored. Distances squared are `pw(d, two)`, as the Python engine's `d ** 2` rounded them."""

from __future__ import annotations

import math

import numpy as np

from printgen.play.habits import ARCHERS, BREAK, CLOSE, HOLD, KEEP, POLICIES, Policy  # noqa: F401  (named here too)
from printgen.play.jit import hypot, jit, pw
from printgen.play.state import HP, OX, OY, SIDE, STRUCK, X, Y

GAP = (2.5, 6.5)         # break-the-line: two enemies this far apart, centre to centre, leave a gap a base
#                          can sail through (full-scale inches; times the table's scale)
BEYOND = 2.5             # ... it sails for a point this far past the gap
LOOK = 4                 # ... among the nearest enemies
BAND = (8.0, 10.5)       # keep-range: centre to centre, beyond short range and within long range

# An aim: (the enemy it steers by, the distance (centre to centre) at which it is close enough to turn
# its broadside, whether it sails for a point first (a gap to break through), that point, and the way
# through the gap (a unit vector): past the point is as good)
Aim = tuple[int, float, bool, float, float, float, float]


@jit
def nearest(P: np.ndarray, i: int, enemies: np.ndarray, n: int, two: float) -> int:
    """The enemy nearest ship i, centre to centre, the first of equals (-1: none). Squares multiplied
    first: only those within a whisker of the least are measured again as pow rounds them."""
    x, y = P[i, X], P[i, Y]
    least = math.inf
    for k in range(n):
        e = enemies[k]
        d = (P[e, X] - x) * (P[e, X] - x) + (P[e, Y] - y) * (P[e, Y] - y)
        least = min(least, d)
    best, found = math.inf, -1
    for k in range(n):
        e = enemies[k]
        dx, dy = P[e, X] - x, P[e, Y] - y
        if dx * dx + dy * dy > least * (1.0 + 1e-12):
            continue
        d = pw(dx, two) + pw(dy, two)
        if d < best:
            best, found = d, e
    return found


@jit
def aim(code: int, P: np.ndarray, i: int, close: float, enemies: np.ndarray, n: int, scale: float,
        two: float) -> Aim:
    """What ship i steers by this turn under its habit `code` (enemy -1: nothing to steer by)."""
    e = nearest(P, i, enemies, n, two)
    if e < 0 or code == HOLD:
        return -1, close, False, 0.0, 0.0, 0.0, 0.0
    if code == KEEP:
        return e, BAND[1] * scale, False, 0.0, 0.0, 0.0, 0.0
    if code != BREAK:
        return e, close, False, 0.0, 0.0, 0.0, 0.0
    x, y = P[i, X], P[i, Y]
    near = np.empty(LOOK, np.int64)               # the LOOK nearest, by distance then number
    m = 0
    for _ in range(min(LOOK, n)):
        best, bi = math.inf, -1
        for k in range(n):
            s = enemies[k]
            taken = False
            for j in range(m):
                taken = taken or near[j] == s
            if taken:
                continue
            d = pw(P[s, X] - x, two) + pw(P[s, Y] - y, two)
            if d < best or (d == best and s < bi):
                best, bi = d, s
        near[m] = bi
        m += 1
    gd, ga, gb, glen = math.inf, -1, -1, 0.0      # the nearest gap: (its middle's distance, a, b) least
    for k in range(m):
        a = near[k]
        for j in range(k + 1, m):
            b = near[j]
            d = hypot(P[b, X] - P[a, X], P[b, Y] - P[a, Y])
            if GAP[0] * scale <= d <= GAP[1] * scale:
                mx, my = (P[a, X] + P[b, X]) / 2, (P[a, Y] + P[b, Y]) / 2
                dd = pw(mx - x, two) + pw(my - y, two)
                if dd < gd or (dd == gd and (a < ga or (a == ga and b < gb))):
                    gd, ga, gb, glen = dd, a, b, d
    if ga < 0:
        return e, close, False, 0.0, 0.0, 0.0, 0.0
    a, b, d = ga, gb, glen
    ax, ay, bx, by = P[a, X], P[a, Y], P[b, X], P[b, Y]
    ux, uy = (bx - ax) / d, (by - ay) / d          # along the gap's line, then its normal
    nx, ny = -uy, ux
    here = (x - ax) * nx + (y - ay) * ny
    start = (P[i, OX] - ax) * nx + (P[i, OY] - ay) * ny
    if here * start < 0 or abs(start) < 1e-9:     # beyond the gap from where it set out: through
        return e, close, False, 0.0, 0.0, 0.0, 0.0
    side = -1.0 if start > 0 else 1.0             # past the gap, on the far side from its start
    beyond = BEYOND * scale
    mx, my = (ax + bx) / 2, (ay + by) / 2
    target = a if pw(ax - x, two) + pw(ay - y, two) <= pw(bx - x, two) + pw(by - y, two) else b
    return target, close, True, mx + side * nx * beyond, my + side * ny * beyond, side * nx, side * ny


@jit
def score(code: int, target: Aim, ex: float, ey: float, x: float, y: float, bad_heading: bool,
          friend_in_way: bool, fire: float) -> float:
    """Lower is better: a pose (x, y) for the aim `target`, whose enemy stands at (ex, ey). `fire`: the
    chance per die of the broadside the ship could fire at its enemy from there (0 if it could not);
    `bad_heading`: the bow would point where it cannot sail."""
    if code == HOLD:
        return 0.0
    _, close, to, tx, ty, thx, thy = target
    bad = 3.0 if bad_heading else 0.0
    friend = 1.0 if friend_in_way else 0.0
    if code == BREAK and to:
        dx, dy = x - tx, y - ty
        ahead = -(dx * thx + dy * thy)
        short = ahead if ahead > 0.0 else 0.0      # still to go through; beyond the point is as good
        # through first: a broadside on the way counts, but less than getting through
        return hypot(short, dx * thy - dy * thx) - 2.0 * fire + bad + friend
    d = hypot(ex - x, ey - y)
    over = d - close
    far = over if over > 0.0 else 0.0
    if code == KEEP:
        keep = close * BAND[0] / BAND[1]
        under = keep - d
        return far + 2.0 * (under if under > 0.0 else 0.0) - 6.0 * fire + bad + friend
    return far - 6.0 * fire + bad + friend


@jit
def floor(code: int, to: bool, top: float) -> float:
    """The best (least) score any pose could have, a broadside at the chance `top` included."""
    if code == HOLD:
        return 0.0
    if code == BREAK and to:
        return -2.0 * top
    return -6.0 * top                              # at its enemy, raking


@jit
def wants_grapple(code: int, S: np.ndarray, i: int, j: int) -> bool:
    if code == HOLD or code == KEEP:
        return False
    return S[j, SIDE] != S[i, SIDE] and not S[j, STRUCK] and S[i, HP] >= S[j, HP]


@jit
def wants_loose(code: int, S: np.ndarray, i: int, j: int, grappled: bool) -> bool:
    if code == HOLD or code == KEEP:
        return True
    if S[j, SIDE] == S[i, SIDE] or not grappled:
        return True
    return False if S[j, STRUCK] else S[i, HP] < S[j, HP]
