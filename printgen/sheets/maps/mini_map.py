"""Small maps of the kit's own table, for a page that tells a story with them: the approach on the
story page, each phase of the first turn. North is up; the table, its wind edges (or an arrow for
the wind where the rules have none), the shore and banks, the chains, every base where it stands in
its nation's colours and pattern; moves drawn as a line from where a ship was, shots as a line from
the shooter to its target. The words around a frame say what it shows: a frame prints no numbers."""

from __future__ import annotations

import math
from collections.abc import Sequence, Set
from dataclasses import dataclass

from printgen.draw.shapes import Group, Line, Poly, Rect, Shape, Span, Text, compose, rotate, translate
from printgen.game.deploy import Deployment
from printgen.i18n import _
from printgen.sheets.maps.map_parts import MapView, arrow, edge_lines


@dataclass(frozen=True)
class Pose:
    """A base on the table (inches from the west and south edges, compass heading)."""
    x: float
    y: float
    h: float
    length: float
    width: float
    nation: str
    out: bool = False                   # struck, sunk, fled: drawn pale and crossed


def poses_of(dep: Deployment) -> list[Pose]:
    """Every base where the deployment sets it."""
    return [Pose(p.x_in, p.y_in, p.heading_deg, p.length_in, p.width_in, p.ship.nation) for p in dep.placements]


def view_in(dep: Deployment, x: float, y: float, w: float, h: float) -> MapView:
    """The table as large as fits the box (x, y, w, h), centred across it."""
    k = min(w / dep.width_in, h / dep.height_in)
    return MapView(x + (w - dep.width_in * k) / 2, y, k, dep.width_in, dep.height_in)


def mini_map(scenario, dep: Deployment, view: MapView, poses: list[Pose], moves: Sequence[tuple[int, Pose]] = (),
             shots: Sequence[tuple[int, int]] = (), focus: Set[int] = frozenset(), wind: bool = True) -> list[Shape]:
    """The table in `view` with the bases at `poses`; `moves`: (ship index, where it was) drawn as a
    line from there; `shots`: (shooter, target) indices as a line between the centres; `focus`: the
    ships the words talk about, outlined heavier."""
    from printgen.registry import system_of
    from printgen.sheets.maps.hazards import chain_shapes, hazard_shapes

    out: list[Shape] = [Rect(view.x0, view.y0, view.w, view.h, "table", tag="mini-table")]
    out += [s for s in hazard_shapes(view, scenario, dep.scale)       # the areas, without their names
            if not isinstance(s, Text) and s.tag != "obstacle-label"]     # (nor the paper patches under them)
    out += chain_shapes(view, scenario, dep)
    edges = system_of(scenario.ruleset).wind_edges(scenario.ruleset)
    if dep.edges:
        out += edge_lines(view, dep, edges)
    elif wind:
        out += wind_arrow(view, dep)
    for i, before in moves:
        a, b = view.pt(before.x, before.y), view.pt(poses[i].x, poses[i].y)
        out.append(Line(*a, *b, "map.drift", tag="move"))
    for i, p in enumerate(poses):
        out.append(_base(view, p, heavy=i in focus))
    for s, t in shots:               # a head at the target's end: a reader could not tell who shot whom
        a, b = view.pt(poses[s].x, poses[s].y), view.pt(poses[t].x, poses[t].y)
        out.append(Line(*a, *b, "arrow", tag="shot"))
        run, reach = math.hypot(b[0] - a[0], b[1] - a[1]), (poses[t].length + poses[t].width) * view.k / 4 + 4
        if run > reach + 8:
            bearing = math.degrees(math.atan2(b[0] - a[0], a[1] - b[1])) % 360
            dx, dy = (b[0] - a[0]) / run, (b[1] - a[1]) / run
            out.append(arrow(b[0] - dx * reach, b[1] - dy * reach, 7.0, bearing, role="arrow", width=1.2,
                             tag="shot-head"))
    return out


def _base(view: MapView, p: Pose, heavy: bool = False) -> Group:
    """The base to scale (at least a few points, so a small frame still shows it), its bow white."""
    length, beam = max(p.length * view.k, 5.0), max(p.width * view.k, 2.5)
    px, py = view.pt(p.x, p.y)
    role = "map.overlap" if p.out else f"ship.{p.nation}"
    items: list[Shape] = [Rect(-length / 2, -beam / 2, length, beam, role, tag="ship")]
    if not p.out:
        items.append(Poly(((length / 2 - beam * 0.9, -beam * 0.32), (length / 2 - beam * 0.15, 0.0),
                           (length / 2 - beam * 0.9, beam * 0.32)), "map.bow", tag="bow"))
    else:
        items += [Line(-length / 2, -beam / 2, length / 2, beam / 2, "map.cross"),
                  Line(-length / 2, beam / 2, length / 2, -beam / 2, "map.cross")]
    if heavy:
        items.append(Rect(-length / 2 - 1.2, -beam / 2 - 1.2, length + 2.4, beam + 2.4, "outline", tag="focus"))
    return Group(tuple(items), compose(translate(px, py), rotate(p.h - 90)), tag="mini-ship")


def wind_arrow(view: MapView, dep: Deployment, size: float | None = None) -> list[Shape]:
    """An arrow blowing from the edge the wind comes from, with the word, inside the table's corner
    (the word at 7 pt, or at large print's smallest size)."""
    import math

    from printgen.draw.typescale import TYPE, large

    size = size or (TYPE.small if large() else 7.0)
    from printgen.game.deploy_settings import COMPASS_DEG

    bearing = (COMPASS_DEG[dep.wind_from] + 180) % 360
    length = min(view.w, view.h) * 0.18
    east = math.sin(math.radians(COMPASS_DEG[dep.wind_from]))          # +1: from the east, -1: from the west
    if abs(east) > 0.5:                                # beside the table, on the side the wind comes from
        cx = view.x0 + view.w + length * 0.7 if east > 0 else view.x0 - length * 0.7
        cy = view.y0 + view.h / 2
    else:                                              # inside the table's north-west corner
        cx, cy = view.x0 + length * 0.75, view.y0 + length * 0.6
    return [arrow(cx, cy, length, bearing, role="arrow", width=max(1.6, length * 0.08), tag="wind"),
            Text(cx, cy + length * 0.3 + size, (Span(_("wind")),), size, anchor="middle", font="bold", tag="wind-label")]


def key_line(scenario, x: float, y: float, width: float, size: float) -> list[Shape]:
    """Under a frame: each nation's colour and pattern as its bases show it, and its name."""
    from printgen.draw import fonts

    out: list[Shape] = []
    sw, sh = size * 2.2, size * 1.1
    for nation in dict.fromkeys(s.nation for s in scenario.fleet.ships):
        name = _(nation)
        w = sw + size * 0.5 + fonts.width(name, size, "regular") + size * 1.4
        if x + w > width and out:
            break
        out += [Rect(x, y - sh * 0.85, sw, sh, f"ship.{nation}", tag="key"),
                Text(x + sw + size * 0.5, y, (Span(name),), size)]
        x += w
    return out


def approach_block(scenario, dep: Deployment, width: float, size: float, most_h: float = 230.0):
    """The story page's map: the table at the start of the kit's game, each side named beside its
    ships and an arrow from the attackers towards the ships they sail for (a sheet's [approach])."""
    from printgen.game.deploy_settings import load_settings
    from printgen.sheets.text.flow import Laid

    view = view_in(dep, 0.0, 0.0, width, min(most_h, width * dep.height_in / dep.width_in))
    poses = poses_of(dep)
    out = Laid(mini_map(scenario, dep, view, poses), view.h + size * 1.9)
    out.shapes += key_line(scenario, view.x0, view.h + size * 1.5, width, size)
    sides: dict[str, list[int]] = {}
    for i, p in enumerate(dep.placements):
        sides.setdefault(p.ship.side, []).append(i)
    settings = load_settings(scenario) if scenario.file.deployment else None
    if settings is not None and settings.attack_side in sides and len(sides) == 2:
        attack = sides[settings.attack_side]
        target = next(w for s, w in sides.items() if s != settings.attack_side)
        (ax, ay), (tx, ty) = (_centre(poses, attack), _centre(poses, target))
        import math

        bearing = math.degrees(math.atan2(tx - ax, ty - ay)) % 360
        mx, my = view.pt(ax + (tx - ax) * 0.45, ay + (ty - ay) * 0.45)
        length = min(view.w, view.h) * 0.16
        out.shapes.append(arrow(mx, my, length, bearing, role="arrow", width=max(2.0, length * 0.1), tag="approach"))
    return out


def _centre(poses: list[Pose], which: list[int]) -> tuple[float, float]:
    return sum(poses[i].x for i in which) / len(which), sum(poses[i].y for i in which) / len(which)
