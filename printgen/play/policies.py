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

`aim` may look at every enemy still fighting and where it is; `score` only at the aim and the pose
scored. Neither reads hit points or dice: the engine shares a move between the games of a
simulation that put the same bases in the same places (Game.remember), and a policy that steered
by anything else would have to say so in those keys."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from printgen.play.state import Game, Ship


@dataclass(frozen=True)
class Aim:
    """What a moving ship steers by this turn: the enemy it closes with, and the distance (centre to
    centre) at which it is close enough to turn its broadside."""

    enemy: Ship
    close: float
    to: tuple[float, float] | None = None      # a point it sails for first (a gap to break through), if any
    through: tuple[float, float] = (0.0, 0.0)  # ...and the way through the gap (a unit vector): past `to` is as good


class Policy(Protocol):
    name: str
    moves: bool

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        """`enemies`: the ships of the other sides still fighting, in game order, if the caller has them."""

    def score(self, aim: Aim, ship: Ship, x: float, y: float, h: float, bad_heading: bool,
              friend_in_way: bool, fire: float) -> float:
        """Lower is better. `fire`: the chance per die of the broadside the ship could fire at its
        enemy from there (0 if it could not); `bad_heading`: the bow would point where it cannot sail."""

    def floor(self, aim: Aim, top: float) -> float:
        """The best (least) score any pose could have, a broadside at the chance `top` included."""

    def wants_grapple(self, ship: Ship, other: Ship) -> bool: ...

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool: ...


def nearest(game: Game, ship: Ship, enemies: list[Ship] | None) -> tuple[Ship | None, list[Ship]]:
    """The enemy nearest the ship, centre to centre, the first of equals (and the enemies still
    fighting, in game order)."""
    if enemies is None:
        enemies = [s for s in game.ships if s.side != ship.side and not s.struck]
    if not enemies:
        return None, enemies
    x, y = ship.x, ship.y
    ds = [(s.x - x) ** 2 + (s.y - y) ** 2 for s in enemies]
    return enemies[ds.index(min(ds))], enemies


class CloseAndFire:
    name = "close-and-fire"
    moves = True

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        e, _ = nearest(game, ship, enemies)
        return None if e is None else Aim(e, close)

    def score(self, aim: Aim, ship: Ship, x: float, y: float, h: float, bad_heading: bool,
              friend_in_way: bool, fire: float) -> float:
        e = aim.enemy
        d = math.hypot(e.x - x, e.y - y)
        return (max(0.0, d - aim.close) - 6.0 * fire + (3.0 if bad_heading else 0.0)
                + (1.0 if friend_in_way else 0.0))

    def floor(self, aim: Aim, top: float) -> float:
        return -6.0 * top                                  # at its enemy, raking

    def wants_grapple(self, ship: Ship, other: Ship) -> bool:
        return other.side != ship.side and not other.struck and ship.hp >= other.hp

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool:
        if other.side == ship.side or kind != "grappled":
            return True
        return False if other.struck else ship.hp < other.hp


class BreakTheLine(CloseAndFire):
    name = "break-the-line"
    GAP = (2.5, 6.5)         # centre to centre: two enemies this far apart leave a gap a base can sail through
    BEYOND = 2.5             # it sails for a point this far past the gap (full-scale inches, as GAP)
    LOOK = 4                 # the nearest enemies it looks at for a gap

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        e, enemies = nearest(game, ship, enemies)
        if e is None:
            return None
        x, y = ship.x, ship.y
        ox, oy = game.origin[ship.i]
        near = sorted(enemies, key=lambda s: ((s.x - x) ** 2 + (s.y - y) ** 2, s.i))[:self.LOOK]
        gaps = []
        for k, a in enumerate(near):
            for b in near[k + 1:]:
                d = math.hypot(b.x - a.x, b.y - a.y)
                if self.GAP[0] * game.scale <= d <= self.GAP[1] * game.scale:
                    mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
                    gaps.append(((mx - x) ** 2 + (my - y) ** 2, a.i, b.i, a, b, d))
        if not gaps:
            return Aim(e, close)
        _, _, _, a, b, d = min(gaps)
        ux, uy = (b.x - a.x) / d, (b.y - a.y) / d          # along the gap's line, then its normal
        nx, ny = -uy, ux
        here = (x - a.x) * nx + (y - a.y) * ny
        start = (ox - a.x) * nx + (oy - a.y) * ny
        if here * start < 0 or abs(start) < 1e-9:          # beyond the gap from where it set out: through
            return Aim(e, close)
        side = -1.0 if start > 0 else 1.0                  # past the gap, on the far side from its start
        beyond = self.BEYOND * game.scale
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
        target = a if (a.x - x) ** 2 + (a.y - y) ** 2 <= (b.x - x) ** 2 + (b.y - y) ** 2 else b
        return Aim(target, close, (mx + side * nx * beyond, my + side * ny * beyond), (side * nx, side * ny))

    def score(self, aim: Aim, ship: Ship, x: float, y: float, h: float, bad_heading: bool,
              friend_in_way: bool, fire: float) -> float:
        if aim.to is None:
            return super().score(aim, ship, x, y, h, bad_heading, friend_in_way, fire)
        (tx, ty), (nx, ny) = aim.to, aim.through
        dx, dy = x - tx, y - ty
        short = max(0.0, -(dx * nx + dy * ny))             # still to go through; beyond the point is as good
        # through first: a broadside on the way counts, but less than getting through
        return (math.hypot(short, dx * ny - dy * nx) - 2.0 * fire + (3.0 if bad_heading else 0.0)
                + (1.0 if friend_in_way else 0.0))

    def floor(self, aim: Aim, top: float) -> float:
        return -6.0 * top if aim.to is None else -2.0 * top


class KeepRange(CloseAndFire):
    name = "keep-range"
    BAND = (8.0, 10.5)       # centre to centre: beyond short range, within long range (full-scale inches)

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        e, _ = nearest(game, ship, enemies)
        return None if e is None else Aim(e, self.BAND[1] * game.scale)

    def score(self, aim: Aim, ship: Ship, x: float, y: float, h: float, bad_heading: bool,
              friend_in_way: bool, fire: float) -> float:
        e = aim.enemy
        d = math.hypot(e.x - x, e.y - y)
        keep = aim.close * self.BAND[0] / self.BAND[1]
        return (max(0.0, d - aim.close) + 2.0 * max(0.0, keep - d) - 6.0 * fire + (3.0 if bad_heading else 0.0)
                + (1.0 if friend_in_way else 0.0))

    def wants_grapple(self, ship: Ship, other: Ship) -> bool:
        return False

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool:
        return True


class ArchersFirst(CloseAndFire):
    """Steered by the families that have it (the sectors engine: printgen/systems/sectors/sailing.py)."""
    name = "archers-first"


class HoldTheLine:
    name = "hold-the-line"
    moves = False

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        return None

    def score(self, aim, ship, x, y, h, bad_heading, friend_in_way, fire) -> float:
        return 0.0

    def floor(self, aim: Aim, top: float) -> float:
        return 0.0

    def wants_grapple(self, ship: Ship, other: Ship) -> bool:
        return False

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool:
        return True


POLICIES: dict[str, Policy] = {p.name: p for p in (CloseAndFire(), HoldTheLine(), BreakTheLine(), KeepRange(),
                                                  ArchersFirst())}
