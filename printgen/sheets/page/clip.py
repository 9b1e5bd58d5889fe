"""Clipping to a box, for drawings cut into tiles: segments (Liang-Barsky) and convex or concave
polygons (Sutherland-Hodgman). The drawing model has no clip paths; tiles clip their geometry."""

from __future__ import annotations

Point = tuple[float, float]
Box4 = tuple[float, float, float, float]          # x0, y0, x1, y1


def clip_segment(a: Point, b: Point, box: Box4) -> tuple[Point, Point] | None:
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return ((a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy))


def polygon_area(points: list[Point]) -> float:
    """A polygon's area (the shoelace formula); 0 for fewer than three points."""
    return abs(sum(points[i - 1][0] * q[1] - q[0] * points[i - 1][1] for i, q in enumerate(points))) / 2 \
        if len(points) >= 3 else 0.0


def clip_polygon(points: list[Point] | tuple[Point, ...], box: Box4) -> list[Point]:
    x0, y0, x1, y1 = box
    edges = ((lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)), (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
             (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)), (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1)))
    out = list(points)
    for inside, cross in edges:
        if not out:
            break
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
    return out


def _at_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _at_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def overlaps(a: Box4, b: Box4) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
