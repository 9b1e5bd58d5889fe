"""The engine's shortcuts answer exactly what the plain computation answers, to the last bit: the
quick pass that picks a shooter's possible targets, range measured with corners passed over, and
the unrolled axes of a slide. Games depend on these (a different last bit can change a target or a
move), so each is compared with a plain version written here, on many random tables."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from playkit import family, game, ruleset

from printgen.play import geom
from printgen.play.state import board_of
from printgen.systems.broadside import firing

EPS = geom.EPS


def _first_contact_plain(a, ux, uy, b):
    """The distance a travels along (ux, uy) before it overlaps b: the four axes in a loop."""
    ax, ay, afx, afy, ahl, ahw = a
    bx, by, bfx, bfy, bhl, bhw = b
    c, d = abs(afx * bfx + afy * bfy), abs(afx * bfy - afy * bfx)
    dx, dy = bx - ax, by - ay
    start, end = -math.inf, math.inf
    for nx, ny, r in ((afx, afy, ahl + bhl * c + bhw * d), (afy, -afx, ahw + bhl * d + bhw * c),
                      (bfx, bfy, bhl + ahl * c + ahw * d), (bfy, -bfx, bhw + ahl * d + ahw * c)):
        r -= EPS
        p0, k = dx * nx + dy * ny, ux * nx + uy * ny
        if -1e-12 < k < 1e-12:
            if abs(p0) >= r:
                return None
            continue
        t1, t2 = sorted(((p0 - r) / k, (p0 + r) / k))
        start, end = max(start, t1), min(end, t2)
        if start >= end:
            return None
    return None if end <= 0 else max(0.0, start)


def _corners_plain(a, b):
    """The least distance from any of a's four corners to b, every corner measured."""
    x, y, fx, fy, hl, hw = a
    sx, sy = fy, -fx
    bx, by, bfx, bfy, bhl, bhw = b
    out = []
    for px, py in ((x + fx * hl - sx * hw, y + fy * hl - sy * hw), (x + fx * hl + sx * hw, y + fy * hl + sy * hw),
                   (x - fx * hl + sx * hw, y - fy * hl + sy * hw), (x - fx * hl - sx * hw, y - fy * hl - sy * hw)):
        dx, dy = px - bx, py - by
        u, v = abs(dx * bfx + dy * bfy) - bhl, abs(dx * bfy - dy * bfx) - bhw
        out.append(math.hypot(max(u, 0.0), max(v, 0.0)))
    return min(out)


def _bases(rng: random.Random, n: int):
    """Bases packed on a small table (many touch, cross or nearly touch), headings often square."""
    return [geom.rect(rng.choice([rng.uniform(0, 12), rng.randrange(0, 48) / 4]),
                      rng.choice([rng.uniform(0, 12), rng.randrange(0, 48) / 4]),
                      rng.choice([0, 90, 45, 180, 270, rng.uniform(0, 360)]), 2.0, 1.0) for _ in range(n)]


def test_range_with_corners_passed_over_is_range_with_every_corner():
    rng = random.Random(1805)
    bases = _bases(rng, 400)
    pairs = [(a, b) for a, b in zip(bases, bases[1:])] + [(a, a) for a in bases[:20]]
    for a, b in pairs:
        assert geom._corners_to_rect(a, b) == _corners_plain(a, b)
        plain = 0.0 if geom.gap(a, b) <= 0 else min(_corners_plain(a, b), _corners_plain(b, a))
        assert geom.distance(a, b) == plain


def test_the_unrolled_slide_meets_a_base_where_the_loop_does():
    rng = random.Random(21)
    bases = _bases(rng, 3000)
    met = 0
    for a, b in zip(bases[::2], bases[1::2]):
        for ux, uy in ((a[2], a[3]), (1.0, 0.0), (0.0, -1.0), geom.rect(0, 0, rng.uniform(0, 360), 1, 1)[2:4]):
            t = geom.first_contact(a, ux, uy, b)
            assert t == _first_contact_plain(a, ux, uy, b)
            met += t is not None
    assert met > 500                                     # most of these runs meet the other base


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_pass_keeps_every_target_a_full_search_finds(seed):
    rs = ruleset()
    rng = random.Random(seed)
    ships = [(rng.choice(["british", "allied"]), rng.uniform(20, 50), rng.uniform(20, 50),
              rng.choice([0, 90, 45, rng.uniform(0, 360)])) for _ in range(40)]
    g = game(rs, ships)
    f = family(rs)
    T, B = f._game_tables(g, None), board_of(g, tuple(rs.sides))
    n = len(g.ships)
    out, bands, ranges = np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n)
    found = 0
    for s in g.ships:
        lim = f.long + 2 * s.reach
        full = []
        for t in g.ships:                                # every enemy in the shooter's box, asked in full
            if t.side != s.side and abs(t.x - s.x) <= lim and abs(t.y - s.y) <= lim:
                band, d = firing.band(T, B.P, s.i, s.r, t.i)
                if band >= 0:
                    full.append((t.i, band, d))
        m = firing.targets(T, B.P, B.S, s.i, out, bands, ranges)
        assert list(zip(out[:m].tolist(), bands[:m].tolist(), ranges[:m].tolist())) == full, s
        found += len(full)
    assert found > 40                                    # the tables are crowded: many ships have targets
