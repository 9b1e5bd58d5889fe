"""How a side is steered: simple, named captains' habits that any rules family can ask.

A family lists the moves its rules allow a ship; the policy scores where each would leave the ship
(lower is better) and answers the yes/no questions of the rules (grapple? cut loose?). Which target
to shoot is the family's (the best odds, then the weakest target): both policies fire when they can.

- close-and-fire: head for the nearest enemy; within short range, turn to bring the broadside on it
  (best from across its bow or stern, where it is raked); grapple an enemy no stronger than itself;
  keep a prize (a struck enemy grappled to it).
- hold-the-line: keep station and heading (do not move), fire when possible, never grapple, always
  try to cut loose.

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


class Policy(Protocol):
    name: str
    moves: bool

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        """`enemies`: the ships of the other sides still fighting, in game order, if the caller has them."""

    def score(self, aim: Aim, ship: Ship, x: float, y: float, h: float, bad_heading: bool,
              friend_in_way: bool, fire: float) -> float:
        """Lower is better. `fire`: the chance per die of the broadside the ship could fire at its
        enemy from there (0 if it could not); `bad_heading`: the bow would point where it cannot sail."""

    def wants_grapple(self, ship: Ship, other: Ship) -> bool: ...

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool: ...


class CloseAndFire:
    name = "close-and-fire"
    moves = True

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        if enemies is None:
            enemies = [s for s in game.ships if s.side != ship.side and not s.struck]
        if not enemies:
            return None
        x, y = ship.x, ship.y
        ds = [(s.x - x) ** 2 + (s.y - y) ** 2 for s in enemies]
        return Aim(enemies[ds.index(min(ds))], close)              # the nearest; the first of equals

    def score(self, aim: Aim, ship: Ship, x: float, y: float, h: float, bad_heading: bool,
              friend_in_way: bool, fire: float) -> float:
        e = aim.enemy
        d = math.hypot(e.x - x, e.y - y)
        return (max(0.0, d - aim.close) - 6.0 * fire + (3.0 if bad_heading else 0.0)
                + (1.0 if friend_in_way else 0.0))

    def wants_grapple(self, ship: Ship, other: Ship) -> bool:
        return other.side != ship.side and not other.struck and ship.hp >= other.hp

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool:
        if other.side == ship.side or kind != "grappled":
            return True
        return False if other.struck else ship.hp < other.hp


class HoldTheLine:
    name = "hold-the-line"
    moves = False

    def aim(self, game: Game, ship: Ship, close: float, enemies: list[Ship] | None = None) -> Aim | None:
        return None

    def score(self, aim, ship, x, y, h, bad_heading, friend_in_way, fire) -> float:
        return 0.0

    def wants_grapple(self, ship: Ship, other: Ship) -> bool:
        return False

    def wants_loose(self, ship: Ship, other: Ship, kind: str) -> bool:
        return True


POLICIES: dict[str, Policy] = {p.name: p for p in (CloseAndFire(), HoldTheLine())}
