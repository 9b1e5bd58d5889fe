"""Table geometry: bases as oriented rectangles, their overlaps and distances, which wind edge a
bow points at and how far off the wind it lies.

Table coordinates are inches from the WEST edge (x, east) and from the SOUTH edge (y, north);
headings are compass degrees (0 north, 90 east)."""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


def direction(heading_deg: float) -> Point:
    r = math.radians(heading_deg)
    return (math.sin(r), math.cos(r))


def base_corners(x: float, y: float, heading_deg: float, length: float, width: float) -> tuple[Point, ...]:
    """Corners of a base centred at (x, y), long side along the heading: bow-port, bow-starboard,
    stern-starboard, stern-port."""
    fx, fy = direction(heading_deg)
    sx, sy = fy, -fx                                    # to starboard (right of the heading)
    hl, hw = length / 2, width / 2
    return ((x + fx * hl - sx * hw, y + fy * hl - sy * hw), (x + fx * hl + sx * hw, y + fy * hl + sy * hw),
            (x - fx * hl + sx * hw, y - fy * hl + sy * hw), (x - fx * hl - sx * hw, y - fy * hl - sy * hw))


def _axes(poly: tuple[Point, ...]):
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        dx, dy = x2 - x1, y2 - y1
        n = math.hypot(dx, dy)
        if n > 0:
            yield (-dy / n, dx / n)


def separation(a: tuple[Point, ...], b: tuple[Point, ...]) -> float:
    """The widest gap along the two polygons' edge normals (SAT): negative when they overlap, and
    never more than their true distance, so `separation >= c` guarantees a clearance of c."""
    best = -math.inf
    for ax, ay in (*_axes(a), *_axes(b)):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        best = max(best, min(pb) - max(pa), min(pa) - max(pb))
    return best


def _point_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def distance(a: tuple[Point, ...], b: tuple[Point, ...]) -> float:
    """Closest distance between two convex polygons (0 if they touch or overlap): how the rules
    measure range, base to base."""
    if separation(a, b) <= 0:
        return 0.0
    edges = lambda poly: list(zip(poly, poly[1:] + poly[:1]))  # noqa: E731
    return min(min(_point_segment(p, s, e) for p in a for s, e in edges(b)),
               min(_point_segment(p, s, e) for p in b for s, e in edges(a)))


def on_table(poly: tuple[Point, ...], width: float, height: float, margin: float = 0.0) -> bool:
    return all(margin - 1e-9 <= x <= width - margin + 1e-9 and margin - 1e-9 <= y <= height - margin + 1e-9
               for x, y in poly)


@dataclass(frozen=True)
class EdgeSegment:
    """A stretch of one table side in one wind colour, in table inches measured clockwise along the
    side (north from the NW corner, east from the NE corner, south from the SE, west from the SW)."""
    side: str
    start: float
    end: float
    colour: str

    def endpoints(self, width: float, height: float) -> tuple[Point, Point]:
        return (side_point(self.side, self.start, width, height), side_point(self.side, self.end, width, height))


def side_point(side: str, pos: float, width: float, height: float) -> Point:
    """The table point `pos` inches clockwise along `side`."""
    return {"north": (pos, height), "east": (width, height - pos), "south": (width - pos, 0.0),
            "west": (0.0, pos)}[side]


def ray_exit(x: float, y: float, heading_deg: float, width: float, height: float) -> tuple[str, float]:
    """Where a ray from (x, y) along the heading leaves the table: (side, inches clockwise along it)."""
    dx, dy = direction(heading_deg)
    hits = []
    if dy > 1e-12:
        hits.append(((height - y) / dy, "north"))
    if dy < -1e-12:
        hits.append((-y / dy, "south"))
    if dx > 1e-12:
        hits.append(((width - x) / dx, "east"))
    if dx < -1e-12:
        hits.append((-x / dx, "west"))
    t, side = min(hits)
    px, py = x + dx * t, y + dy * t
    pos = {"north": px, "east": height - py, "south": width - px, "west": py}[side]
    return side, pos


def edge_colour(edges: tuple[EdgeSegment, ...], side: str, pos: float) -> str:
    """The colour of the segment holding that point (at a joint, the segment the point begins)."""
    return colour_along(sorted((e for e in edges if e.side == side), key=lambda e: e.start), pos)


def colour_along(on_side: list[EdgeSegment], pos: float) -> str:
    """`edge_colour` among one side's segments, sorted by start (the game engine sorts them once)."""
    for e in on_side:
        if e.start - 1e-9 <= pos < e.end - 1e-9:
            return e.colour
    return on_side[-1].colour


def off_wind(heading_deg: float, wind_from_deg: float) -> int:
    """Whole degrees between a bow and the wind's eye: 0 head to wind, 180 dead downwind."""
    d = abs(heading_deg - wind_from_deg) % 360
    return round(min(d, 360 - d))


EIGHT_POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def eight_point(heading_deg: float) -> str:
    """The nearest of the eight points a pupil can name ("NE") to a heading (0: north)."""
    return EIGHT_POINTS[round((heading_deg % 360) / 45) % 8]


def compass_point(heading_deg: float) -> str:
    """16-point compass word of a heading."""
    names = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
    return names[int(((heading_deg % 360) + 11.25) // 22.5) % 16]
