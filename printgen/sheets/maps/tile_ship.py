"""A ship on a sheet of the table-size map (tiled_map.py, and the poster): its base, the triangle
at its bow, and its number and name printed on the base.

The words keep clear of the bow, but not always: a base that straddles the sheet's edge pushes them
inside the sheet, onto the bow, and a long name at its smallest size can reach it. Black type on the
dark bow cannot be read, so the words then move beside the bow, across the base, if they fit there;
if not, the stretch of the line that crosses the bow gets paper under it (as the index sheet's tile
labels do), the rest of the bow still showing which way the ship points."""

from __future__ import annotations

import math

from printgen.draw import fonts
from printgen.draw.shapes import Poly, Rect, Shape, Span, Text
from printgen.game.deploy import Placement
from printgen.sheets.maps.map_parts import MapView
from printgen.sheets.page.clip import clip_polygon, polygon_area
from printgen.sheets.pieces.ensigns import nation_code
from printgen.sheets.pieces.sprites import star_shape
from printgen.sheets.text.textfit import fit_size

PAD = 1.0                 # points of paper around a backed line's ink box
MEETS = 0.25              # square points of a line's box on the bow that make it unreadable there
NAME_MIN = 5.5            # a name shrinks to fit its base no further (bold: a copy keeps it); longer, it runs past


def tile_ship(view: MapView, box, p: Placement, base_in) -> list[Shape]:
    """The base (its corners `base_in` on the table, Deployment.corners) of a ship on the tile, its
    bow and its words."""
    corners = [view.pt(x, y) for x, y in base_in]
    out: list[Shape] = []
    base = clip_polygon(corners, box)
    if len(base) >= 3:
        out.append(Poly(tuple(base), f"base.{p.ship.nation}", tag=f"ship:{p.ship.key}"))
    L, B = p.length_in, p.width_in
    from printgen.game.geometry import direction

    fx, fy = direction(p.heading_deg)
    sx, sy = fy, -fx
    tip = (p.x_in + fx * (L / 2 - B * 0.08), p.y_in + fy * (L / 2 - B * 0.08))
    back = (p.x_in + fx * (L / 2 - B * 0.4), p.y_in + fy * (L / 2 - B * 0.4))
    tri = [view.pt(*tip), view.pt(back[0] + sx * B * 0.2, back[1] + sy * B * 0.2),
           view.pt(back[0] - sx * B * 0.2, back[1] - sy * B * 0.2)]
    tri = clip_polygon(tri, box)
    if len(tri) >= 3:
        out.append(Poly(tuple(tri), "bow", tag="bow"))
    return out + backed(_ship_text(view, box, p, tri), tri)


def _ship_text(view: MapView, box, p: Placement, bow_tri: list) -> list[Shape]:
    """Number and name on the base, read along its length (a quarter turn for a ship heading north
    or south), clear of the bow triangle, and moved inside the sheet if the base straddles its edge."""
    cx, cy = view.pt(p.x_in, p.y_in)
    x0, y0, x1, y1 = box
    if not (x0 <= cx <= x1 and y0 <= cy <= y1):
        return []
    h = math.radians(p.heading_deg)
    if abs(math.sin(h)) >= 0.7:
        angle, bow_ahead = 0.0, math.sin(h) > 0           # upright; the bow to the right or to the left
    else:
        angle, bow_ahead = (-90.0 if math.cos(h) > 0 else 90.0), True
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))     # along the reading
    vx, vy = -uy, ux                                                          # down the reading
    length, beam = p.length_in * view.k, p.width_in * view.k
    bow = 0.45 * beam
    name = f"{p.ship.said} {nation_code(p.ship.nation)}"
    size = fit_size(name, max(24.0, length - bow - 8), 8, "bold", min_size=NAME_MIN)
    num_size = max(6.0, min(15.0, beam * 0.42))
    num = str(p.number)
    star = num_size * 0.75 if p.ship.flagship else 0.0
    w = max(fonts.width(name, size, "bold"), fonts.width(num, num_size, "bold") + star)
    shift = -bow / 2 if bow_ahead else bow / 2
    top, bottom = -num_size * 0.76 - 1, size + 2 + size * 0.24

    def words(across: float) -> list[Shape]:
        """The words with the block moved `across` points down the reading, then inside the sheet."""
        px, py = cx + ux * shift + vx * across, cy + uy * shift + vy * across
        corners = [(px + ux * a + vx * b, py + uy * a + vy * b) for a in (-w / 2, w / 2) for b in (top, bottom)]
        dx = min(0.0, x1 - 2 - max(q[0] for q in corners)) + max(0.0, x0 + 2 - min(q[0] for q in corners))
        dy = min(0.0, y1 - 2 - max(q[1] for q in corners)) + max(0.0, y0 + 2 - min(q[1] for q in corners))
        px, py = px + dx, py + dy
        nx, ny = px + ux * star / 2 - vx, py + uy * star / 2 - vy
        out: list[Shape] = [Text(nx, ny, (Span(num, source=("deploy", p.ship.key, "number"), kind="count"),),
                                 num_size, font="bold", anchor="middle", angle=angle, tag="ship-number"),
                            Text(px + vx * (size + 2), py + vy * (size + 2),
                                 (Span(p.ship.said, source=("fleet", p.ship.key, "name"), kind="text"),
                                  Span(" " + nation_code(p.ship.nation))), size,
                                 font="bold", anchor="middle", angle=angle, tag="name")]
        if star:
            back = star / 2 - fonts.width(num, num_size, "bold") / 2 - star * 0.45
            sx, sy = px + ux * back - vx * num_size * 0.35, py + uy * back - vy * num_size * 0.35
            out.append(star_shape(sx, sy, star * 0.45))
        return out

    first = words(0.0)
    if len(bow_tri) < 3 or not any(_meets(t, bow_tri) for t in first if isinstance(t, Text)):
        return first
    # pushed onto the bow (by the sheet's edge, or a long name): beside it, across the base, if the
    # words stay within the beam, give or take a point (a long name may run past the base's ends);
    # else where they were, and backed() gives them paper
    cross = [(q[0] - cx) * vx + (q[1] - cy) * vy for q in bow_tri]
    for across in sorted((min(cross) - 1 - bottom, max(cross) + 1 - top), key=abs):
        out = words(across)
        texts = [t for t in out if isinstance(t, Text)]
        edges = [e for t in texts for e in _edges(ink_box(t))]
        if not any(_meets(t, bow_tri) for t in texts) and \
                all(_within_beam(a, b, (cx, cy), h, length / 2, beam / 2 + 1) for a, b in edges):
            return out
    return first


def _edges(box) -> list[tuple]:
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return list(zip(corners, corners[1:] + corners[:1]))


def _within_beam(a, b, centre, h: float, half_length: float, half_beam: float) -> bool:
    """The segment a-b (an edge of a line's ink box) lies within the beam of the base centred on
    `centre`, heading `h` radians, wherever it is alongside the base (past its ends it may go)."""
    fwd, athwart = (math.sin(h), -math.cos(h)), (math.cos(h), math.sin(h))       # on the page, y down

    def along(q, axis) -> float:
        return (q[0] - centre[0]) * axis[0] + (q[1] - centre[1]) * axis[1]

    fa, fb = along(a, fwd), along(b, fwd)
    if abs(fb - fa) < 1e-9:
        t0, t1 = (0.0, 1.0) if abs(fa) <= half_length else (1.0, 0.0)
    else:
        ta, tb = (-half_length - fa) / (fb - fa), (half_length - fa) / (fb - fa)
        t0, t1 = max(0.0, min(ta, tb)), min(1.0, max(ta, tb))
    return t0 > t1 or all(abs(along((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), athwart)) <= half_beam
                          for t in (t0, t1))


def backed(words: list[Shape], dark: list) -> list[Shape]:
    """`words` (drawn over the polygon `dark`, the bow), each Text that meets it first given paper
    where it crosses the bow's box: all of the line that could lie on the bow, and no more."""
    backs: list[Shape] = []
    for t in words:
        if isinstance(t, Text) and len(dark) >= 3 and _meets(t, dark):
            x0, y0, x1, y1 = ink_box(t)
            xs, ys = [q[0] for q in dark], [q[1] for q in dark]
            x0, y0, x1, y1 = max(x0, min(xs)) - PAD, max(y0, min(ys)) - PAD, min(x1, max(xs)) + PAD, \
                min(y1, max(ys)) + PAD
            backs.append(Rect(x0, y0, x1 - x0, y1 - y0, "paper", tag="backing"))
    return backs + words


def ink_box(t: Text) -> tuple[float, float, float, float]:
    """Page box (x0, y0, x1, y1) of a Text from its ascent to its descent, upright or turned (as
    draw/flatten.py traces its numbers)."""
    w = sum(fonts.width(sp.text, t.size, sp.font or t.font) for sp in t.spans)
    r = math.radians(t.angle)
    ux, uy = math.cos(r), math.sin(r)                        # along the baseline
    vx, vy = -uy, ux                                         # below it
    a = {"start": 0.0, "middle": -w / 2, "end": -w}[t.anchor]
    xs, ys = [], []
    for along in (a, a + w):
        for down in (-fonts.ascent(t.size), fonts.descent(t.size)):
            xs.append(t.x + ux * along + vx * down)
            ys.append(t.y + uy * along + vy * down)
    return min(xs), min(ys), max(xs), max(ys)


def _meets(t: Text, dark: list) -> bool:
    return polygon_area(clip_polygon(dark, ink_box(t))) > MEETS


