"""How a sectors ship moves in the Movement phase, base by base (a mixin of play.Game, whose ruleset,
wind, dice and rule records it uses).

The fragment's movement, as printgen plays it:
- the English first, then the French; squadron by squadron in the roster's order (the lesson plan);
- a ship steers for its enemy (its policy's choice, printgen/play/policies.py); a round ship never
  closer than `round_ship_min_angle_to_wind_deg` to the wind;
- a turn of up to `sweep_step_deg` is made where the ship lies; a larger one is a sweep: alter course
  by that much, move forward a ship's length, again, until the new course is reached, then the rest
  of the move on it (the length of a leg is printgen's reading: the fragment says "move forward");
- "Two bounds are required to go from full speed to a stop, the speed being reduced by a half each
  move": a ship that moved more than half its speed last turn moves at least half of what it moved
  (`stop_speed_factor`), unless a base, an obstacle or the shore stops it; from half its speed or less
  it may stop (the second of the two bounds);
- a base stops where it touches another base or the table edge; bases touching at the start of the
  move may part (the one touched blocks only where the move ends);
- an obstacle, a shoal or the shore is met when the base reaches it: the ship stops there (the
  rulings: "the umpire stops the ship where it enters the obstacle's place"), rolls, and a ship that
  passes a hidden obstacle goes on;
- a galley or longship within `furl_within_in` of an enemy furls its sail (no wind bonus), and
  setting it again takes `unfurl_turns` whole turns."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from printgen.play.geom import corners, distance, first_contact, point_rect
from printgen.systems.sectors import routes
from printgen.systems.sectors.boats import FIGHTING, GONE, Boat

if TYPE_CHECKING:
    from printgen.systems.sectors.boats import Hazard

CONTACT_SLACK = 0.25               # inches: bases this close count as touching (printgen's choice)
MEMO_ENTRIES = 20_000             # routes a simulation remembers (a few hundred bytes each)
STAY = "stay"
STANDOFF_MARGIN = 1.0              # inches inside or beyond a range band a captain keeps to (printgen's choice)
EPS = 1e-9


class Sailing:
    if TYPE_CHECKING:              # what the host, play.Game, holds and does (for the type checker only)
        rs: Any
        boats: list[Boat]
        hazards: list[Hazard]
        others: dict[str, list[Boat]]
        widest: float
        X: np.ndarray
        Y: np.ndarray
        found: np.ndarray
        fighting_foes: dict[str, np.ndarray]
        side_order: dict[str, int]
        holding: set[str]
        policies: dict[str, str]
        memo: dict
        width: float
        height: float
        turn: int
        wind: float

        def roll(self) -> int: ...
        def use(self, key: str) -> None: ...
        def damage(self, b: Boat, part: str, total: int) -> int: ...
        def sector_roll(self) -> str: ...
        def touch(self, b: Boat, target: Boat, ram: bool, attack: bool) -> None: ...

    def movement(self) -> None:
        # the sides in the ruleset's order, squadron by squadron in the roster's, ships in the fleet's
        for b in sorted(self.boats, key=lambda b: (self.side_order[b.side], b.squad, b.i)):
            b.last_move, was = 0.0, b.last_move
            if b.state == "aground":
                self.refloat(b)
            elif b.state == "afloat" and not b.chained and not b.grappled and b.side not in self.holding:
                self.move(b, was)

    def refloat(self, b: Boat) -> None:
        t = self.rs.types[b.type]
        if t.round_ship or b.crew <= b.crew_max * (1 - self.rs.aground.crew_lost_stays):
            self.use("aground")                            # stays aground for the game
            return
        if self.roll() in self.rs.aground.refloat.refloated:
            b.state = "afloat"
            self.fought()
        self.use("aground.refloat")

    def foes_of(self, side: str) -> np.ndarray:
        """The indices of the enemy ships of `side` still fighting, in the fleet's order (made again
        after a ship leaves the fight: `fought`)."""
        foes = self.fighting_foes.get(side)
        if foes is None:
            foes = self.fighting_foes[side] = np.array([o.i for o in self.others[side] if o.state in FIGHTING],
                                                       np.int64)
        return foes

    def fought(self) -> None:
        """A ship's state changed: which ships fight is asked afresh."""
        self.fighting_foes.clear()

    def boats_near(self, x: float, y: float, wide: float) -> list[Boat]:
        """The boats whose centres lie within `wide` of (x, y) on both axes, in the fleet's order."""
        n = routes.near(self.X, self.Y, x, y, wide, self.found)
        boats = self.boats
        return [boats[k] for k in self.found[:n].tolist()]

    def nearest(self, b: Boat, foes: list[Boat], within: float = math.inf,
                known: dict | None = None) -> tuple[Boat | None, float]:
        """The enemy nearest `b` within `within`, measured base to base (the rulings: between the
        nearest points of the two bases), the lowest index of equals; and how far (None, inf: none).
        Enemies are taken nearest centre first, and measured only while their centres could still
        beat the best found. `known`: distances of pairs (i, j), i < j, measured before, kept."""
        x, y, r, i = b.x, b.y, b.reach, b.i
        by_centre = sorted((math.hypot(o.x - x, o.y - y) - r - o.reach, o.i, o) for o in foes)
        best, best_d = None, within
        for low, j, o in by_centre:
            if low > best_d:
                break
            key = (i, j) if i < j else (j, i)
            d = known.get(key) if known is not None else None
            if d is None:
                d = distance(b.r, o.r)
                if known is not None:
                    known[key] = d
            if d < best_d or (d == best_d and (best is None or j < best.i)):
                best, best_d = o, d
        return best, best_d

    def move(self, b: Boat, last: float) -> None:
        rs, t = self.rs, self.rs.types[b.type]
        mv = rs.movement
        # the captain steers for the enemy nearest by eye (centres), the first of equals; the rules
        # measure base to base
        x, y = b.x, b.y
        k = routes.nearest_centre(self.X, self.Y, self.foes_of(b.side), x, y, 2.0)
        if k < 0:
            return
        target = self.boats[k]
        if b.ram_clear:
            b.ram_clear -= 1
            self.use("ramming.clear_turns")
        near = distance(b.r, target.r)
        heading = bearing(b.x, b.y, target.x, target.y)
        off = off_wind(heading, self.wind)
        if t.round_ship:
            self.use("movement.round_ship_min_angle_to_wind_deg")
            if off < mv.round_ship_min_angle_to_wind_deg:
                turn = 1 if ((heading - self.wind) % 360) < 180 else -1
                heading = (self.wind + turn * mv.round_ship_min_angle_to_wind_deg) % 360
                off = mv.round_ship_min_angle_to_wind_deg
        if b.structure["mast"] == 0 and not t.oars:
            return                                         # a dismasted round ship cannot move
        if t.oars:
            if near <= mv.furl_within_in:
                if not b.furled:
                    b.furled = True
                    self.use("movement.furl_within_in")
            elif b.furled:                                 # far enough: set the sail, a whole turn's work
                b.furled, b.unfurl_at = False, self.turn + mv.unfurl_turns
                self.use("movement.unfurl_turns")
        sail = not b.furled and self.turn >= b.unfurl_at and b.structure["mast"] > 0
        speed = t.speed_in
        if 180 - off <= mv.with_wind_within_deg and sail:
            speed += mv.with_wind_bonus_in
            self.use("movement.with_wind_bonus_in")
        ram = t.ram and b.ram_clear == 0
        attack = False
        if speed < near <= t.attack_speed_in and b.attack_uses < mv.attack_speed_uses \
                and self.turn - b.attack_last > mv.attack_speed_rest_turns:
            speed, attack = t.attack_speed_in, True        # closing on a target, contact about to happen
            b.attack_uses, b.attack_last = b.attack_uses + 1, self.turn
            self.use("movement.attack_speed_uses")
        least = 0.0
        if last > speed * mv.stop_speed_factor + EPS:     # still under way: it cannot stop at once,
            least = min(speed, last * mv.stop_speed_factor)    # its speed (last turn's move) halved
        standoff = self.standoff(b, target, near)
        far = speed + b.reach + CONTACT_SLACK
        # the bases its move can reach (a centre farther off on either axis than `far` and the widest
        # base's reach cannot be: measured only within that square)
        others, poses = [], []
        for o in self.boats_near(x, y, far + self.widest + 1e-6):
            if o is not b and o.state not in GONE and (o.x - x) ** 2 + (o.y - y) ** 2 <= (far + o.reach) ** 2:
                others.append(o)
                poses.append((o.i, o.x, o.y, o.h, o.state in FIGHTING))
        # the route reads only where these bases lie (and which fight), the wind for a round ship, and
        # the numbers above: a game that puts them the same way (most do, in the opening turns) takes
        # the same route, remembered (indices and numbers, never a game's boats)
        key = ("route", b.i, b.x, b.y, b.h, heading, speed, least, standoff, target.i, target.x, target.y, target.h,
               self.wind if t.round_ship else None, tuple(poses))
        found = self.memo.get(key)
        if found is None:
            found = self.route(b, t, heading, speed, least, target, standoff, others)
            if len(self.memo) < MEMO_ENTRIES:
                self.memo[key] = found
        if found is STAY:
            return                                         # alongside an enemy already: it stays to grapple
        legs, moved, k = found
        stop = self.boats[k] if k >= 0 else (True if k == -1 else None)
        if abs((heading - b.h + 180) % 360 - 180) > mv.sweep_step_deg + EPS:
            self.use("movement.sweep_turn_deg")
        if least > 0:
            self.use("movement.stop_bounds")               # under way: it may slow by half, not stop
        went, free = self.follow(b, legs)
        b.last_move, b.moved = went, b.moved or went > EPS
        if free and isinstance(stop, Boat) and stop.side != b.side and stop.state in FIGHTING:
            self.touch(b, stop, ram, attack)

    def route(self, b: Boat, t, heading: float, speed: float, least: float, target: Boat, standoff: float,
              others: list[Boat]):
        """The way the ship goes among `others` (the bases its move can reach): straight for `heading`,
        or, with a friend, a wreck or the table edge in the way before half its move, round it, the
        way that ends nearest its enemy (45 degrees off either way, then 90 if neither gains). STAY when
        it lies alongside an enemy already; else (legs, how far, what stopped it: a boat's index, -1
        for the edge or a base it touched, -2 for nothing). The geometry is compiled (routes.py)."""
        side = b.side
        bases = np.array([(o.x, o.y, o.reach, *o.r, o.side != side, o.state in FIGHTING) for o in others],
                     np.float64).reshape(-1, routes.OTHER_COLUMNS)
        mv = self.rs.movement
        legs, _, moved, stop = routes.route(
            b.x, b.y, b.h, b.r, b.reach, b.length, b.width, bool(t.round_ship), float(heading), float(speed),
            float(least), target.r, float(standoff), float(mv.sweep_step_deg), float(self.wind),
            float(mv.round_ship_min_angle_to_wind_deg), bases, CONTACT_SLACK, float(self.width), float(self.height),
            2.0, 0.5)
        if stop == routes.STAY:
            return STAY
        return [tuple(leg) for leg in legs.tolist()], float(moved), (others[stop].i if stop >= 0 else int(stop))

    def standoff(self, b: Boat, target: Boat, near: float) -> float:
        """How far from its target the ship's captain means to stop, base to base (0: alongside):
        keep-range within long missile range but beyond short; archers-first within short range
        until the target has lost half its crew, then alongside to board."""
        policy = self.policies[b.side]
        if policy == "keep-range":
            return self.short_range() + STANDOFF_MARGIN
        if policy == "archers-first" and target.crew > target.crew_max * self.rs.morale.test_crew_lost:
            return self.short_range() - STANDOFF_MARGIN
        return 0.0

    def wants_grapple(self, b: Boat, other: Boat) -> bool:
        """Whether the ship's captain throws grapnels at an enemy alongside: all but the cautious and
        those holding the line (printgen/play/policies.py: hold-the-line and keep-range "never grapple"),
        and the archers' only once their enemy has lost half its crew."""
        policy = self.policies[b.side]
        if policy in ("keep-range", "hold-the-line"):
            return False
        return policy != "archers-first" or other.crew <= other.crew_max * self.rs.morale.test_crew_lost

    def short_range(self) -> float:
        return self.rs.missile.range_in.bands()["short"][1]

    def follow(self, b: Boat, legs: list[tuple]) -> tuple[float, bool]:
        """Sail the ship along its planned legs, meeting the obstacles on them: (how far it went, and
        whether it went the whole way)."""
        went = 0.0
        try:
            for x, y, h, fx, fy, run in legs:
                b.place(x, y, h)
                for at, _kind, k in self.hazards_on(b, fx, fy, run):
                    b.place(x + fx * at, y + fy * at, h)
                    if not self.hazard(b, k):
                        return went + at, False
                b.place(x + fx * run, y + fy * run, h)
                went += run
            return went, True
        finally:
            self.X[b.i], self.Y[b.i] = b.x, b.y          # where its centre now lies (boats_near)

    def hazards_on(self, b: Boat, fx: float, fy: float, most: float) -> list[tuple[float, str, int]]:
        """(distance along the run, kind, index) of each obstacle not met before that the base reaches
        within `most`, nearest first."""
        out = []
        x0, y0 = b.x, b.y
        lx, hx = min(x0, x0 + fx * most) - b.reach, max(x0, x0 + fx * most) + b.reach
        ly, hy = min(y0, y0 + fy * most) - b.reach, max(y0, y0 + fy * most) + b.reach
        for k, hz in enumerate(self.hazards):
            if k in b.hazards_met or hz.x1 < lx or hz.x0 > hx or hz.y1 < ly or hz.y0 > hy:
                continue
            at = first_contact(b.r, fx, fy, hz.r)
            if at is not None and at <= most:
                out.append((at, hz.kind, k))
        out.sort()
        return out

    def hazard(self, b: Boat, k: int) -> bool:
        """The obstacle, shoal or shore `k` met where the base now lies: False if the ship must stop."""
        hz = self.hazards[k]
        b.hazards_met.add(k)
        part = self.sector_roll()
        if hz.kind == "hidden":
            hz.found = True
            self.use("obstacles")
            self.damage(b, part, 0)
            if self.roll() in self.rs.obstacles.passage.blocked:
                return False
            return b.state in FIGHTING
        self.use("aground")
        self.damage(b, part, 0)
        if b.state in FIGHTING:
            b.state = "aground"
            self.fought()
        return False


def bearing(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360


def off_wind(heading: float, wind_from: float) -> float:
    """Degrees between the bow and the wind's eye: 0 head to wind, 180 dead downwind."""
    return abs((heading - wind_from + 180) % 360 - 180)


def contact_point(b: Boat, other: Boat) -> tuple[float, float]:
    """The point of `b`'s base that touches `other`: its bow's middle if that touches, else the corner
    or end nearest it."""
    x, y, fx, fy, hl, hw = b.r
    bow = (x + fx * hl, y + fy * hl)
    if point_rect(*bow, other.r) <= CONTACT_SLACK:
        return bow
    points = [bow, (x - fx * hl, y - fy * hl), *corners(b.r)]
    return min(points, key=lambda p: point_rect(p[0], p[1], other.r))
