"""Fast geometry of bases in play: gaps between rectangles, range base to base, lines of fire, how far
a base can slide before it touches another or the table edge, which headings point at a colour.

A base is a rectangle (x, y, fx, fy, half-length, half-width): centre, unit heading vector, half
sizes; starboard is (fy, -fx). The separating-axis gaps agree with printgen.game.geometry (which
the deployment uses) but skip building polygons: the engine asks these questions millions of times.
Each question is compiled (printgen/play/jit.py) and answers from Python exactly as the compiled
engine does; `hypot` is CPython's own, so a distance is the same to the last bit either way."""

from __future__ import annotations

import math

import numpy as np

from printgen.game.geometry import colour_along, direction, ray_exit
from printgen.play.jit import hypot, jit

Rect = tuple[float, float, float, float, float, float]
EPS = 1e-7


def rect(x: float, y: float, h: float, length: float, width: float) -> Rect:
    fx, fy = direction(h)
    return (x, y, fx, fy, length / 2, width / 2)


@jit
def gap(a: Rect, b: Rect) -> float:
    """Separating-axis gap between two bases: negative when they overlap, 0 when they touch."""
    ax, ay, afx, afy, ahl, ahw = a
    bx, by, bfx, bfy, bhl, bhw = b
    dx, dy = bx - ax, by - ay
    c = abs(afx * bfx + afy * bfy)
    d = abs(afx * bfy - afy * bfx)
    return max(abs(dx * afx + dy * afy) - ahl - bhl * c - bhw * d,
               abs(dx * afy - dy * afx) - ahw - bhl * d - bhw * c,
               abs(dx * bfx + dy * bfy) - bhl - ahl * c - ahw * d,
               abs(dx * bfy - dy * bfx) - bhw - ahl * d - ahw * c)


@jit
def _corners_to_rect(a: Rect, b: Rect) -> float:
    """The least distance from a corner of `a` to the base `b` (0 for a corner inside it). A corner
    whose offsets beyond `b` (u, v) already reach the best so far is passed over: its distance,
    hypot(u, v), is at least the larger of them."""
    x, y, fx, fy, hl, hw = a
    sx, sy = fy, -fx
    fhx, fhy, shx, shy = fx * hl, fy * hl, sx * hw, sy * hw
    bx, by, bfx, bfy, bhl, bhw = b
    dx, dy = x + fhx - shx - bx, y + fhy - shy - by
    u, v = abs(dx * bfx + dy * bfy) - bhl, abs(dx * bfy - dy * bfx) - bhw
    best = hypot(u if u > 0.0 else 0.0, v if v > 0.0 else 0.0)
    for dx, dy in ((x + fhx + shx - bx, y + fhy + shy - by), (x - fhx + shx - bx, y - fhy + shy - by),
                   (x - fhx - shx - bx, y - fhy - shy - by)):
        u = abs(dx * bfx + dy * bfy) - bhl
        if u >= best:
            continue
        v = abs(dx * bfy - dy * bfx) - bhw
        if v >= best:
            continue
        d = hypot(u if u > 0.0 else 0.0, v if v > 0.0 else 0.0)
        if d < best:
            best = d
    return best


@jit
def distance(a: Rect, b: Rect) -> float:
    """Closest distance base to base (0 when touching): how the rules measure range. Between two
    disjoint convex shapes the closest pair always has a corner of one of them."""
    if gap(a, b) <= 0:
        return 0.0
    d1, d2 = _corners_to_rect(a, b), _corners_to_rect(b, a)
    return d1 if d1 <= d2 else d2


@jit
def along_across(r: Rect, px: float, py: float) -> tuple[float, float]:
    """A point in a base's own frame: ahead of its centre (+ towards the bow), to starboard (+)."""
    x, y, fx, fy, _, _ = r
    dx, dy = px - x, py - y
    return dx * fx + dy * fy, dx * fy - dy * fx


@jit
def extent_along(r: Rect, ux: float, uy: float) -> float:
    """Half the width of a base's shadow on the unit direction (ux, uy)."""
    _, _, fx, fy, hl, hw = r
    return hl * abs(fx * ux + fy * uy) + hw * abs(fy * ux - fx * uy)


@jit
def segment_blocked(px: float, py: float, qx: float, qy: float, r: Rect) -> bool:
    """Does the segment P-Q pass over the base (separating axes: the base's two and the segment's normal)?"""
    x, y, fx, fy, hl, hw = r
    for ax, ay, half in ((fx, fy, hl), (fy, -fx, hw)):
        p, q, c = px * ax + py * ay, qx * ax + qy * ay, x * ax + y * ay
        if min(p, q) >= c + half - EPS or max(p, q) <= c - half + EPS:
            return False
    nx, ny = py - qy, qx - px
    n = hypot(nx, ny)
    if n == 0:
        return True
    nx, ny = nx / n, ny / n
    return abs((x - px) * nx + (y - py) * ny) < extent_along(r, nx, ny) - EPS


@jit
def corners(r: Rect) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The four corners of a base: bow starboard, bow port, stern port, stern starboard."""
    x, y, fx, fy, hl, hw = r
    sx, sy = fy * hw, -fx * hw
    bx, by = fx * hl, fy * hl
    return ((x + bx + sx, y + by + sy), (x + bx - sx, y + by - sy), (x - bx - sx, y - by - sy), (x - bx + sx, y - by + sy))


@jit
def point_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from the point P to the segment A-B."""
    dx, dy = bx - ax, by - ay
    dd = dx * dx + dy * dy
    t = 0.0 if dd == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / dd))
    return hypot(px - ax - t * dx, py - ay - t * dy)


@jit
def point_rect(px: float, py: float, r: Rect) -> float:
    """Distance from the point P to the base (0 inside it)."""
    u, v = along_across(r, px, py)
    u, v = abs(u) - r[4], abs(v) - r[5]
    return hypot(u if u > 0 else 0.0, v if v > 0 else 0.0)


@jit
def beside(px: float, py: float, qx: float, qy: float, r: Rect) -> tuple[int, float]:
    """Which side of the line P-Q the whole base lies (+1 left, -1 right) and how near it comes to the
    segment; side 0 when the base straddles the line (it crosses the segment, or lies beyond its ends)."""
    cs = corners(r)
    ex, ey = qx - px, qy - py
    left = right = True
    for cx, cy in cs:
        c = ex * (cy - py) - ey * (cx - px)
        left = left and c > EPS
        right = right and c < -EPS
    if not (left or right):
        return 0, 0.0
    d = math.inf
    for cx, cy in cs:
        e = point_segment(cx, cy, px, py, qx, qy)
        if e < d:
            d = e
    d = min(d, point_rect(px, py, r), point_rect(qx, qy, r))
    return (1 if left else -1), d


@jit
def through_gap(px: float, py: float, qx: float, qy: float, rects: np.ndarray, narrow: float) -> bool:
    """Does the segment P-Q pass through a gap narrower than `narrow` between two of the bases
    `rects` (rows of x, y, fx, fy, hl, hw; none of which it crosses)? Two bases on either side of it,
    closer to each other than `narrow`, whose distances from it add up to less than `narrow`: the line
    squeezes between them where they are that close. (Two bases far apart along the line, each near
    it, make no gap.)"""
    ex, ey = qx - px, qy - py
    length = hypot(ex, ey)
    if length == 0:
        return False
    nx, ny = -ey / length, ex / length
    n = rects.shape[0]
    near = np.empty(n, np.float64)
    sides = np.zeros(n, np.int64)
    for k in range(n):
        x, y, fx, fy, hl, hw = rects[k, 0], rects[k, 1], rects[k, 2], rects[k, 3], rects[k, 4], rects[k, 5]
        across = (x - px) * nx + (y - py) * ny             # the centre's distance from the line, signed
        if abs(across) - hl * abs(fx * nx + fy * ny) - hw * abs(fy * nx - fx * ny) >= narrow:
            continue                                       # the whole base is a gap's width or more from the line
        side, d = beside(px, py, qx, qy, (x, y, fx, fy, hl, hw))
        if side != 0 and d < narrow:
            sides[k], near[k] = side, d
    for a in range(n):
        if sides[a] != 1:
            continue
        ra = (rects[a, 0], rects[a, 1], rects[a, 2], rects[a, 3], rects[a, 4], rects[a, 5])
        for b in range(n):
            if sides[b] == -1 and near[a] + near[b] < narrow and \
                    distance(ra, (rects[b, 0], rects[b, 1], rects[b, 2], rects[b, 3], rects[b, 4], rects[b, 5])) < narrow:
                return True
    return False


def slide(moving: Rect, ux: float, uy: float, most: float, others: list[Rect], width: float,
          height: float, radii: list[float] | None = None) -> tuple[float, int]:
    """How far the base can move along (ux, uy), up to `most`, before it touches another base or the
    table edge: (distance, index in `others` of the base it stops against, or -1). `radii`: the
    moving base's and each other's centre-to-corner distances added, if the caller has them."""
    if radii is None:
        ra = math.hypot(moving[4], moving[5])
        radii = [ra + math.hypot(o[4], o[5]) for o in others]
    return slide_among(moving, ux, uy, most, obstacles(moving[0], moving[1], others, radii), width, height)


def obstacles(x: float, y: float, others: list[Rect], radii: list[float]) -> np.ndarray:
    """`others` as `slide_among` wants them for a base centred at (x, y): a row each of its offset from
    it, the square of the distance within which the two might touch, and its rectangle. Made once for
    every slide that starts there (a ship tries several headings from where it stands)."""
    out = np.empty((len(others), 9), np.float64)
    for k, (o, rr) in enumerate(zip(others, radii)):
        out[k, 0], out[k, 1], out[k, 2] = o[0] - x, o[1] - y, rr * rr
        out[k, 3:] = o
    return out


@jit
def slide_among(moving: Rect, ux: float, uy: float, most: float, obs: np.ndarray, width: float,
                height: float) -> tuple[float, int]:
    """`slide` among `obstacles(...)` made at the moving base's centre."""
    x, y, fx, fy, hl, hw = moving
    t_max, hit = most, -1
    afx, afy = abs(fx), abs(fy)
    if ux > 1e-12 or ux < -1e-12:                          # the table edges, x then y
        ex = hl * afx + hw * afy
        t = ((width - ex) - x) / ux if ux > 0 else (ex - x) / ux
        t = t if t > 0.0 else 0.0
        if t < t_max:
            t_max = t
    if uy > 1e-12 or uy < -1e-12:
        ey = hl * afy + hw * afx
        t = ((height - ey) - y) / uy if uy > 0 else (ey - y) / uy
        t = t if t > 0.0 else 0.0
        if t < t_max:
            t_max = t
    if t_max <= 0:
        return 0.0, -1
    for k in range(obs.shape[0]):
        ox, oy, rr2 = obs[k, 0], obs[k, 1], obs[k, 2]
        along = ox * ux + oy * uy                          # quick miss: the obstacle's circle is off the path
        along = 0.0 if along < 0.0 else (t_max if along > t_max else along)
        cx, cy = ox - along * ux, oy - along * uy
        if cx * cx + cy * cy >= rr2:
            continue
        t = _contact(moving, ux, uy, (obs[k, 3], obs[k, 4], obs[k, 5], obs[k, 6], obs[k, 7], obs[k, 8]))
        if t >= 0.0 and t < t_max:
            t_max, hit = t, k
    return t_max, hit


def first_contact(a: Rect, ux: float, uy: float, b: Rect) -> float | None:
    """The distance `a` travels along (ux, uy) before it would overlap `b` (None: never)."""
    t = _contact(a, ux, uy, b)
    return None if t < 0.0 else t


@jit
def _contact(a: Rect, ux: float, uy: float, b: Rect) -> float:
    """`first_contact`, -1 for never. On each separating axis the overlap is an open interval of
    travel; they overlap where all four meet. The bases' half-widths on each other's axes are those of
    `gap`. The four axes (a's length and breadth, then b's) are written out one after another: a slide
    asks this for every base near its path, and a loop over a tuple of axes took 1.7 times as long."""
    ax, ay, afx, afy, ahl, ahw = a
    bx, by, bfx, bfy, bhl, bhw = b
    c = abs(afx * bfx + afy * bfy)
    d = abs(afx * bfy - afy * bfx)
    dx, dy = bx - ax, by - ay
    start, end = -math.inf, math.inf
    r, p0, k = ahl + bhl * c + bhw * d - EPS, dx * afx + dy * afy, ux * afx + uy * afy
    if -1e-12 < k < 1e-12:
        if abs(p0) >= r:
            return -1.0
    else:
        t1, t2 = (p0 - r) / k, (p0 + r) / k
        start, end = (t2, t1) if t1 > t2 else (t1, t2)
        if start >= end:
            return -1.0
    r, p0, k = ahw + bhl * d + bhw * c - EPS, dx * afy - dy * afx, ux * afy - uy * afx
    if -1e-12 < k < 1e-12:
        if abs(p0) >= r:
            return -1.0
    else:
        t1, t2 = (p0 - r) / k, (p0 + r) / k
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > start:
            start = t1
        if t2 < end:
            end = t2
        if start >= end:
            return -1.0
    r, p0, k = bhl + ahl * c + ahw * d - EPS, dx * bfx + dy * bfy, ux * bfx + uy * bfy
    if -1e-12 < k < 1e-12:
        if abs(p0) >= r:
            return -1.0
    else:
        t1, t2 = (p0 - r) / k, (p0 + r) / k
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > start:
            start = t1
        if t2 < end:
            end = t2
        if start >= end:
            return -1.0
    r, p0, k = bhw + ahl * d + ahw * c - EPS, dx * bfy - dy * bfx, ux * bfy - uy * bfx
    if -1e-12 < k < 1e-12:
        if abs(p0) >= r:
            return -1.0
    else:
        t1, t2 = (p0 - r) / k, (p0 + r) / k
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > start:
            start = t1
        if t2 < end:
            end = t2
        if start >= end:
            return -1.0
    if end <= 0:
        return -1.0
    return start if start > 0.0 else 0.0


_SIDES: list = [None, {}]                 # the last table's edges, and their segments by side in order


def colour_at(edges, width: float, height: float, x: float, y: float, h: float) -> str:
    """The wind colour of the table edge the bow points at (geometry.edge_colour, with each side's
    edges sorted once per table rather than at every question)."""
    side, pos = ray_exit(x, y, h, width, height)
    if _SIDES[0] is not edges:
        _SIDES[:] = [edges, {}]
    on_side = _SIDES[1].get(side)
    if on_side is None:
        on_side = _SIDES[1][side] = sorted((e for e in edges if e.side == side), key=lambda e: e.start)
    return colour_along(on_side, pos)


def sectors(segments: list[tuple[tuple[float, float], tuple[float, float]]], x: float, y: float) -> np.ndarray:
    """Headings from (x, y) that point at each edge segment: (first heading, span) in degrees, a row each."""
    ends = np.array([(ax, ay, bx, by) for (ax, ay), (bx, by) in segments], np.float64).reshape(-1, 4)
    out = np.empty((len(ends), 2), np.float64)
    n = sectors_into(ends, x, y, out, 0)
    return out[:n]


@jit
def sectors_into(ends: np.ndarray, x: float, y: float, out: np.ndarray, at: int) -> int:
    """`sectors` of the segments `ends` (rows ax, ay, bx, by) written into `out` from row `at`: the
    rows then filled."""
    for k in range(ends.shape[0]):
        a = math.degrees(math.atan2(ends[k, 0] - x, ends[k, 1] - y)) % 360
        b = math.degrees(math.atan2(ends[k, 2] - x, ends[k, 3] - y)) % 360
        span = (b - a) % 360
        if span <= 180:
            out[at, 0], out[at, 1] = a, span
        else:
            out[at, 0], out[at, 1] = b, 360 - span
        at += 1
    return at


@jit
def in_sectors(h: float, secs: np.ndarray) -> bool:
    for k in range(secs.shape[0]):
        if (h - secs[k, 0]) % 360 <= secs[k, 1]:
            return True
    return False


@jit
def sweeps_through(h0: float, turn: float, secs: np.ndarray) -> bool:
    """Does turning from h0 by `turn` degrees (at most 180) pass through a sector: enter it and
    leave it again? Starting in it (turning out) or ending in it (turning into it) is not passing
    through; with both ends outside, the turn passes through exactly when it crosses the sector's start."""
    end = h0 + turn
    for k in range(secs.shape[0]):
        a, span = secs[k, 0], secs[k, 1]
        if (h0 - a) % 360 <= span or (end - a) % 360 <= span:
            continue
        if (turn > 0 and (a - h0) % 360 < turn) or (turn < 0 and (a - end) % 360 < -turn):
            return True
    return False
