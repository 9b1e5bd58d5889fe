"""The way a sectors ship goes in its move (sailing.Sailing.route), compiled (printgen/play/jit.py): the
geometry of its legs among the bases its move can reach, with no dice and nothing of the rules but the
numbers it is given. The same arithmetic as the Python it replaces, in the same order, so the same
routes to the last bit (tests/test_sectors_games.py replays games recorded before it was compiled):
`x ** 2` and `x ** 0.5` as pw (CPython's pow), geometry.direction as sin(radians(h)), cos(radians(h)).

The bases are rows of `others` (OTHER_COLUMNS): where each lies, its reach, its rectangle, whether it is
an enemy, whether it still fights. A route is (legs, how many, how far in all, what stopped it): a leg is a row
(x, y, heading, fx, fy, run); what stopped it, a row of `others`, EDGE (the table edge, or a base it
touched at the start), NOTHING, or STAY (alongside a fighting enemy already: it stays to grapple)."""

from __future__ import annotations

import math

import numpy as np

from printgen.play.geom import distance, gap, slide_among
from printgen.play.jit import inside, jit, pw, small, within

OX, OY, OREACH, OR, ENEMY, FIGHTING = 0, 1, 2, 3, 9, 10      # OR..OR+5: the base's rectangle
OTHER_COLUMNS = 11
EDGE, NOTHING, STAY = -1, -2, -3
TURNS = (45.0, -45.0, 90.0, -90.0)     # the ways round a friend in the way, tried in this order
EPS = 1e-9                             # sailing.EPS


@jit
def near(X: np.ndarray, Y: np.ndarray, x: float, y: float, wide: float, out: np.ndarray) -> int:
    """The rows k whose centre (X[k], Y[k]) lies within `wide` of (x, y) on both axes, in order, written
    into `out`; how many: the few a question about (x, y) need measure exactly."""
    n = 0
    for k in range(X.shape[0]):
        dx = X[k] - x
        if -wide <= dx <= wide:
            dy = Y[k] - y
            if -wide <= dy <= wide:
                out[n] = k
                n += 1
    return n


@jit
def nearest_centre(X: np.ndarray, Y: np.ndarray, rows: np.ndarray, x: float, y: float, two: float) -> int:
    """The row of `rows` whose centre lies nearest (x, y), by (X - x) ** 2 + (Y - y) ** 2, the first of
    equals; -1 for none."""
    best, found = math.inf, -1
    for m in range(rows.shape[0]):
        k = rows[m]
        d2 = pw(X[k] - x, two) + pw(Y[k] - y, two)
        if d2 < best:
            best, found = d2, k
    return found


@small
def _rect(x: float, y: float, h: float, length: float, width: float):
    """geom.rect."""
    r = math.radians(h)
    return (x, y, math.sin(r), math.cos(r), length / 2, width / 2)


@small
def _row(bases: np.ndarray, k: int):
    return (bases[k, OR], bases[k, OR + 1], bases[k, OR + 2], bases[k, OR + 3], bases[k, OR + 4], bases[k, OR + 5])


@jit
def fits(r, now, bases: np.ndarray, width: float, height: float, two: float, half: float) -> bool:
    """Sailing.fits: the base `r` (turned where it lies, at `now`) stays on the table and overlaps no
    base of `bases` it did not already overlap."""
    x, y, fx, fy, hl, hw = r
    ex, ey = hl * abs(fx) + hw * abs(fy), hl * abs(fy) + hw * abs(fx)
    if not (ex <= x <= width - ex and ey <= y <= height - ey):
        return False
    reach = pw(hl * hl + hw * hw, half)
    for k in range(bases.shape[0]):
        if inside(bases[k, OX] - x, bases[k, OY] - y, pw(reach + bases[k, OREACH], two), two):
            o = _row(bases, k)
            if not (gap(r, o) >= -1e-6 or gap(now, o) < -1e-6):
                return False
    return True


@jit
def plan(x: float, y: float, h: float, r, length: float, width: float, heading: float, speed: float,
         least: float, target, standoff: float, step: float, bases: np.ndarray, way: np.ndarray, ways: np.ndarray,
         touching: np.ndarray, table_w: float, table_h: float, two: float, half: float, legs: np.ndarray):
    """Sailing.plan: the legs (written into `legs`) that turn the ship towards `heading` (a sweep if
    the turn is large) and move it up to `speed`. (legs, end x, y, heading, how far, what stopped it:
    a row of `bases`, EDGE or NOTHING). `way`: the rows of bases not touched at the start, `ways` their slide
    rows (geom.slide_among's, less the leg's start), `touching` the rows touched."""
    delta = (heading - h + 180) % 360 - 180
    n, moved, stop = 0, 0.0, NOTHING
    obs = np.empty_like(ways)
    while n < legs.shape[0]:
        turn = max(-step, min(step, delta))
        if turn != 0.0:
            turned = _rect(x, y, h + turn, length, width)
            if fits(turned, r, bases, table_w, table_h, two, half):
                h, r, delta = (h + turn) % 360, turned, delta - turn
            else:
                delta = 0.0                            # no room to turn: on as it heads
        if abs(delta) > EPS:
            leg = min(length, speed - moved)           # the sweep: forward a ship's length
        else:
            leg = speed - moved                        # the new course reached: the rest of the move
            if standoff > 0:
                leg = min(leg, max(least - moved, distance(r, target) - standoff))
        if leg <= EPS:
            break
        fx, fy = r[2], r[3]
        for k in range(ways.shape[0]):
            obs[k, 0], obs[k, 1] = ways[k, 0] - x, ways[k, 1] - y
            for c in range(2, 9):
                obs[k, c] = ways[k, c]
        run, k = slide_among(r, fx, fy, leg, obs, table_w, table_h)
        end = _rect(x + fx * run, y + fy * run, h, length, width)
        for m in range(touching.shape[0]):
            if gap(end, _row(bases, touching[m])) < -1e-6:  # it would end across a base it touched
                run, k, end = 0.0, -1, r
                stop = EDGE
                break
        legs[n, 0], legs[n, 1], legs[n, 2], legs[n, 3], legs[n, 4], legs[n, 5] = x, y, h, fx, fy, run
        n += 1
        x, y, r = x + fx * run, y + fy * run, end
        moved += run
        if k >= 0:
            stop = way[k]
        elif run < leg - EPS:
            stop = EDGE
        if stop != NOTHING or abs(delta) <= EPS or moved >= speed - EPS:
            break
    return n, x, y, h, moved, stop


@jit
def route(bx: float, by: float, bh: float, b, reach: float, length: float, width: float, round_ship: bool,
          heading: float, speed: float, least: float, target, standoff: float, step: float, wind: float,
          min_angle: float, bases: np.ndarray, slack: float, table_w: float, table_h: float, two: float, half: float):
    """Sailing.route for the ship at (bx, by) heading bh, its base `b`, among the bases of `bases`: (legs,
    how many, how far, what stopped it: a row of bases, EDGE, NOTHING or STAY)."""
    n = bases.shape[0]
    touched = np.zeros(n, np.bool_)
    count = 0
    for k in range(n):
        if within(bases[k, OX] - bx, bases[k, OY] - by, pw(reach + bases[k, OREACH] + slack, two), two) \
                and gap(b, _row(bases, k)) <= slack:
            if bases[k, ENEMY] != 0.0 and bases[k, FIGHTING] != 0.0:
                return np.zeros((0, 6), np.float64), 0, 0.0, STAY
            touched[k] = True
            count += 1
    touching = np.empty(count, np.int64)
    way = np.empty(n - count, np.int64)
    ways = np.empty((n - count, 9), np.float64)
    t, w = 0, 0
    for k in range(n):
        if touched[k]:
            touching[t] = k
            t += 1
        else:
            way[w] = k
            ways[w, 0], ways[w, 1], ways[w, 2] = bases[k, OX], bases[k, OY], pw(reach + bases[k, OREACH], two)
            for c in range(6):
                ways[w, 3 + c] = bases[k, OR + c]
            w += 1
    cap = int(360.0 / max(step, 1.0)) + 8      # a sweep's legs (one a step of the turn) and the rest of the move
    legs = np.empty((cap, 6), np.float64)
    count, ex, ey, eh, moved, stop = plan(bx, by, bh, b, length, width, heading, speed, least, target, standoff,
                                          step, bases, way, ways, touching, table_w, table_h, two, half, legs)
    if stop != NOTHING and moved < speed / 2 and not (stop >= 0 and bases[stop, ENEMY] != 0.0):
        start = distance(_rect(ex, ey, eh, length, width), target)
        best = start
        alt = np.empty((cap, 6), np.float64)
        for k in range(len(TURNS)):
            if k == 2 and best < start:
                break
            h = (heading + TURNS[k]) % 360
            if round_ship and abs((h - wind + 180) % 360 - 180) < min_angle:      # sailing.off_wind
                continue
            c2, x2, y2, h2, m2, s2 = plan(bx, by, bh, b, length, width, h, speed, least, target, standoff,
                                          step, bases, way, ways, touching, table_w, table_h, two, half, alt)
            d = distance(_rect(x2, y2, h2, length, width), target)
            if d < best:                         # the nearest its enemy; of equals, the way tried first
                best, count, moved, stop = d, c2, m2, s2
                legs[:c2] = alt[:c2]
    return legs[:count], count, moved, stop
