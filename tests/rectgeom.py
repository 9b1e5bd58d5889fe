"""Geometry written afresh for the tests (not the generator's): rectangles on the table."""

from __future__ import annotations

import math


def rect_corners(x: float, y: float, heading_deg: float, length: float, width: float):
    """Corners of a base centred at (x, y) (y north), bow along the compass heading."""
    h = math.radians(heading_deg)
    fx, fy, rx, ry = math.sin(h), math.cos(h), math.cos(h), -math.sin(h)
    return [(x + fx * a * length / 2 + rx * b * width / 2, y + fy * a * length / 2 + ry * b * width / 2)
            for a, b in ((1, -1), (1, 1), (-1, 1), (-1, -1))]


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _inside(pt, poly):
    signs = [_cross(poly[i], poly[(i + 1) % 4], pt) for i in range(4)]
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def _seg(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0, min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def gap(a, b):
    """Closest distance between two rectangles; 0 if they touch or overlap."""
    if any(_inside(p, b) for p in a) or any(_inside(p, a) for p in b):
        return 0.0
    return min(min(_seg(p, b[i], b[(i + 1) % 4]) for p in a for i in range(4)),
               min(_seg(p, a[i], a[(i + 1) % 4]) for p in b for i in range(4)))
