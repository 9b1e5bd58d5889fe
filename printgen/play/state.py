"""The state of one game: ships on the table (position, heading, hit points, struck), the links
between ships (fouled, grappled), the turn, the dice. Shared by every rules family.

Table coordinates are those of the deployment: inches from the west edge (x) and the south edge
(y), headings in compass degrees."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, TypeVar

from printgen.game.geometry import EdgeSegment
from printgen.play.geom import Rect, rect

T = TypeVar("T")

Pair = tuple[int, int]


@dataclass(frozen=True)
class Event:
    """A roll of the dice in a game, kept only when a page shows the game (Game.events is a list):
    who rolled (a ship's index, or None for the table), at whom, the ruleset entry whose faces
    decided it ("shooting.to_hit.long.hit", "weather.roll.steady"), the faces rolled, and how
    many of them succeeded (hits). Families name the rule; the page that shows it reads the rule's
    faces and label from the ruleset, so it never asks which family played."""

    ship: int | None
    other: int | None
    rule: str
    faces: tuple[int, ...]
    result: int
_UNKNOWN = object()
MEMO_ENTRIES = 2000          # answers a simulation remembers (an entry holds up to a table of poses: 1-10 KB)


class Ship:
    """One ship in play. Mutable (the engine moves it thousands of times a game), so plain slots."""

    __slots__ = ("i", "name", "side", "flagship", "x", "y", "h", "length", "width", "hp", "struck", "r",
                 "reach", "rad", "pose", "squad")

    def __init__(self, i: int, name: str, side: str, flagship: bool, x: float, y: float, h: float,
                 length: float, width: float, hp: int, squad: int = 0):
        self.i, self.name, self.side, self.flagship = i, name, side, flagship
        self.squad = squad                             # its squadron's place in the roster: who acts first
        self.length, self.width, self.hp, self.struck = length, width, hp, False
        self.reach = (length * length + width * width) ** 0.5 / 2      # centre to corner
        self.rad = math.hypot(length / 2, width / 2)       # the same, as geom.slide works it out (to the last bit)
        self.x = self.y = self.h = 0.0
        self.r: Rect = ()
        self.place(x, y, h)

    def place(self, x: float, y: float, h: float) -> None:
        self.x, self.y, self.h = x, y, h % 360.0
        self.pose = (x, y, self.h)                     # made once a move: memo keys are built of these
        self.r = rect(x, y, self.h, self.length, self.width)

    def __repr__(self) -> str:
        return f"<{self.name} {self.side} ({self.x:.1f},{self.y:.1f}) {self.h:.0f}deg hp {self.hp}{' struck' if self.struck else ''}>"


@dataclass
class Game:
    """Everything that changes during a game, and the table it is played on."""

    ships: list[Ship]
    width: float                                  # table inches, east-west
    height: float                                 # north-south
    edges: tuple[EdgeSegment, ...]
    rng: random.Random
    links: dict[Pair, str] = field(default_factory=dict)     # (i, j), i < j -> "fouled" | "grappled"
    turn: int = 0
    log: list | None = None                       # (turn, phase, poses) snapshots when a replay is wanted
    events: list | None = None                    # Events, and ("phase", label) after each phase, when a page shows them
    memo: dict = field(default_factory=dict)      # shared by the games of one simulation (see `remember`)
    scale: float = 1.0                            # of the table: the rules' distances are this times the printed
    widest: float = field(init=False)             # the largest centre-to-corner reach of any base
    origin: list = field(init=False)              # where each ship started the game (x, y)

    def __post_init__(self) -> None:
        self.widest = max((s.reach for s in self.ships), default=0.0)
        self.origin = [(s.x, s.y) for s in self.ships]

    def poses(self) -> tuple:
        """Where every base is: the key of what the engine works out from the table alone."""
        return tuple([s.pose for s in self.ships])

    def remember(self, key: tuple, work: Callable[[], T]) -> T:
        """`work()`, or what it gave before for the same key in any game of this simulation.

        Every game of a simulation starts from the same deployment, and until the dice part them
        (in the second or third turn, when ships begin to strike) their tables are the same: the
        moves, the contacts and the lines of fire worked out for one serve them all. A key holds
        everything the work reads (the poses, who has struck, the dice already rolled), values hold
        ship indices (never a game's Ship objects), so a remembered answer is the answer. Bounded:
        once full it keeps what it has (the openings, which every game plays)."""
        found = self.memo.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            found = work()
            if len(self.memo) < MEMO_ENTRIES:
                self.memo[key] = found
        return found

    def roll(self) -> int:
        """One d6 (the rules' die): the game's own seeded dice."""
        return int(self.rng.random() * 6) + 1

    def fighting(self, side: str) -> list[Ship]:
        return [s for s in self.ships if s.side == side and not s.struck]

    def linked(self, ship: Ship) -> bool:
        return any(ship.i in pair for pair in self.links)

    def partners(self, ship: Ship, kind: str | None = None) -> list[Ship]:
        out = []
        for (a, b), k in self.links.items():
            if kind is None or k == kind:
                if a == ship.i:
                    out.append(self.ships[b])
                elif b == ship.i:
                    out.append(self.ships[a])
        return out

    def link(self, a: Ship, b: Ship, kind: str) -> None:
        self.links[(min(a.i, b.i), max(a.i, b.i))] = kind

    def note(self, ship: int | None, other: int | None, rule: str, faces: list[int] | tuple[int, ...],
             result: int) -> None:
        """Keep a roll for a page that shows the game (nothing, in a simulation)."""
        if self.events is not None:
            self.events.append(Event(ship, other, rule, tuple(faces), result))

    def snapshot(self, phase: str) -> None:
        if self.events is not None:
            self.events.append(("phase", phase))
        if self.log is not None:
            self.log.append((self.turn, phase, tuple((s.x, s.y, s.h, s.hp, s.struck) for s in self.ships),
                             dict(self.links)))


def pair(a: Ship, b: Ship) -> Pair:
    return (a.i, b.i) if a.i < b.i else (b.i, a.i)
