"""The state of one game: ships on the table (position, heading, hit points, struck), the links
between ships (fouled, grappled), the turn, the dice. Shared by every rules family.

Table coordinates are those of the deployment: inches from the west edge (x) and the south edge
(y), headings in compass degrees."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from printgen.game.geometry import EdgeSegment
from printgen.play.geom import Rect, rect

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
MEMO_ENTRIES = 2000          # answers a simulation remembers (an entry holds up to a table of poses: 1-10 KB)

# The compiled engine's table (printgen/play/policies.py, a family's compiled phases): a game as arrays.
# P, a row of floats a ship: where it is and its base (rect: x, y, fx, fy, hl, hw), its reach, where it
# started the game and where it lay when its base left the table (GX, GY: a ship that blew up); S, a row
# of ints a ship (its flag, at anchor, aground, gone from the table, whether it has rolled for an
# explosion, its hit points at the start); L, the links between ships (L[i, j] == L[j, i]) and LS the order
# they were made in (a log lists them in that order); C, the next link's number and the turn.
X, Y, H, FX, FY, HL, HW, REACH, RAD, OX, OY, GX, GY = range(13)
SIDE, FLAG, SQUAD, HP, STRUCK, ANCHOR, AGROUND, GONE, ROLLED, HP0 = range(10)
NEXT, TURN = range(2)
FOULED, GRAPPLED = 1, 2
FAR = -1.0e6             # a base that left the table lies this far off it, times its number plus one:
#                          out of every reach, so that no question of the engine need ask whether it is there
LINK_KINDS = {"fouled": FOULED, "grappled": GRAPPLED}


class Board(NamedTuple):
    P: np.ndarray
    S: np.ndarray
    L: np.ndarray
    LS: np.ndarray
    C: np.ndarray


class Ship:
    """One ship in play. Mutable (the engine moves it thousands of times a game), so plain slots."""

    __slots__ = ("i", "name", "side", "flagship", "x", "y", "h", "length", "width", "hp", "struck", "r",
                 "reach", "rad", "pose", "squad", "kind", "anchored", "aground", "gone", "rolled", "hp0")

    def __init__(self, i: int, name: str, side: str, flagship: bool, x: float, y: float, h: float,
                 length: float, width: float, hp: int, squad: int = 0, kind: str = "", anchored: bool = False):
        self.i, self.name, self.side, self.flagship = i, name, side, flagship
        self.squad = squad                             # its squadron's place in the roster: who acts first
        self.length, self.width, self.hp, self.struck = length, width, hp, False
        self.kind, self.anchored, self.hp0 = kind, anchored, hp     # its type (rules with types), at anchor
        self.aground = self.gone = self.rolled = False     # on a shoal; blown up; rolled for an explosion
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
    scale: float = 1.0                            # of the table: the rules' distances are this times the printed
    widest: float = field(init=False)             # the largest centre-to-corner reach of any base
    origin: list = field(init=False)              # where each ship started the game (x, y)

    def __post_init__(self) -> None:
        self.widest = max((s.reach for s in self.ships), default=0.0)
        self.origin = [(s.x, s.y) for s in self.ships]

    def poses(self) -> tuple:
        """Where every base is: the key of what the engine works out from the table alone."""
        return tuple([s.pose for s in self.ships])

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


def board_of(game: Game, sides: tuple[str, ...]) -> Board:
    """The game's table as the compiled engine reads it (`sides`: the ruleset's, in order)."""
    n = len(game.ships)
    P, S = np.zeros((n, 13), np.float64), np.zeros((n, 10), np.int64)
    for s in game.ships:
        P[s.i, :RAD + 1] = (*s.r[:2], s.h, *s.r[2:], s.reach, s.rad)
        P[s.i, OX], P[s.i, OY] = game.origin[s.i]
        P[s.i, GX], P[s.i, GY] = s.x, s.y
        if s.gone:
            P[s.i, X] = P[s.i, Y] = FAR * (s.i + 1)
        S[s.i] = (sides.index(s.side), s.flagship, s.squad, s.hp, s.struck, s.anchored, s.aground, s.gone, s.rolled,
                  s.hp0)
    L, LS = np.zeros((n, n), np.int64), np.zeros((n, n), np.int64)
    for k, ((a, b), kind) in enumerate(game.links.items(), start=1):
        L[a, b] = L[b, a] = LINK_KINDS[kind]
        LS[a, b] = LS[b, a] = k
    return Board(P, S, L, LS, np.array([len(game.links) + 1, game.turn], np.int64))


def put_back(game: Game, board: Board) -> None:
    """What the compiled engine did to `board`, done to the game: poses, hit points, links (in order),
    the flag, aground, a base gone from the table (where it lay)."""
    P, S = board.P, board.S
    for s in game.ships:
        x, y = (P[s.i, GX], P[s.i, GY]) if S[s.i, GONE] else (P[s.i, X], P[s.i, Y])
        if (x, y, P[s.i, H]) != (s.x, s.y, s.h):
            s.place(float(x), float(y), float(P[s.i, H]))
        s.hp, s.struck, s.flagship = int(S[s.i, HP]), bool(S[s.i, STRUCK]), bool(S[s.i, FLAG])
        s.aground, s.gone, s.rolled = bool(S[s.i, AGROUND]), bool(S[s.i, GONE]), bool(S[s.i, ROLLED])
    game.links = links_of(board.L, board.LS)


def links_of(L: np.ndarray, LS: np.ndarray) -> dict[Pair, str]:
    """Links (L, their order LS) as Game.links holds them: (i, j), i < j -> kind, in the order they were made."""
    names = {v: k for k, v in LINK_KINDS.items()}
    found = [(int(LS[a, b]), a, b) for a, b in zip(*np.nonzero(np.triu(L)))]
    return {(int(a), int(b)): names[int(L[a, b])] for _, a, b in sorted(found)}
