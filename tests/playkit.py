"""Shared by the game-engine tests: hand-built positions on the Trafalgar table and loaded dice."""

from __future__ import annotations

import random

from printgen.data.checked import load_checked
from printgen.game.geometry import EdgeSegment
from printgen.play.dice import Loaded
from printgen.play.state import Game, Ship
from printgen.systems.broadside.play import phases


def ruleset(name: str = "trafalgar"):
    return load_checked(name).ruleset


def family(rs=None, ground: tuple = ()):
    """The phases at full scale; `ground`: shoals and shore, (x, y, width east, depth north) each."""
    f = phases(rs or ruleset(), 1.0)
    return type(f)(f.rs, 1.0, (), tuple(ground)) if ground else f


def table(rs):
    """The full-size table: inches east-west, north-south, and its wind edges."""
    edges = tuple(EdgeSegment(e.side, e.from_ft * 12, e.to_ft * 12, e.colour) for e in rs.table.edges)
    return rs.table.east_west_ft * 12, rs.table.north_south_ft * 12, edges


def game(rs, ships: list[tuple], dice: list[int] | None = None, seed: int = 1) -> Game:
    """ships: (side, x, y, heading[, flagship[, squadron[, type[, at anchor]]]]) each; hit points from
    the ruleset (of the type, where the ruleset has types). The squadron is its place in the roster (0
    first): squadrons move and shoot in that order."""
    w, h, edges = table(rs)
    built = []
    for i, spec in enumerate(ships):
        side, x, y, hd, *rest = spec
        flag = bool(rest and rest[0])
        squad = rest[1] if len(rest) > 1 else 0
        kind = rest[2] if len(rest) > 2 else ""
        anchored = bool(rest[3]) if len(rest) > 3 else False
        built.append(Ship(i, f"{side}{i}", side, flag, x, y, hd, rs.bases.length_in, rs.bases.width_in,
                          rs.hit_points_of(flag, kind), squad, kind, anchored))
    rng = Loaded(dice) if dice is not None else random.Random(seed)
    return Game(built, w, h, edges, rng)
