"""How a broadside ship moves in its side's move phase: one straight run and one turn, chosen by
its policy among the moves the rules allow (the readings are listed in play.py). A mixin of
play.Broadside, whose tables (speed, turn_max, bands) it reads."""

from __future__ import annotations

import math
from math import cos, radians, sin
from typing import TYPE_CHECKING, Any

from printgen.play.geom import (EPS, colour_at, gap, in_sectors, obstacles, sectors, slide_among, sweeps_through)
from printgen.play.policies import Policy
from printgen.play.state import Game, Ship



class Sailing:
    if TYPE_CHECKING:              # the host, play.Broadside: its tables and firing.Firing's questions
        rs: Any
        speed: dict[str, float]
        turn_max: float
        long: float
        short: float
        chance: dict[str, float]
        contact: float
        eyes: list[tuple[float, float]]

        def fire_bound(self, x: float, y: float, fx: float, fy: float, s: Ship, t: Ship) -> float: ...
        def band_from(self, game: Game, s: Ship, sr, t: Ship, blockers: list[Ship] | None = None
                      ) -> tuple[str, float] | None: ...

    def colour_of(self, game: Game, x: float, y: float, h: float) -> str:
        """The wind colour of a bow at (x, y) heading h: red within `into_wind_deg` of the wind's eye,
        else the colour of the table edge it points at."""
        if self.eyes and in_sectors(h, self.eyes):
            return "red"
        return colour_at(game.edges, game.width, game.height, x, y, h)

    def reds(self, red, x: float, y: float) -> list:
        """The headings a bow at (x, y) may not point or turn through: towards the red edge segments
        `red`, and into the wind's eye. (first heading, span) each, as geom.sectors gives them."""
        return (sectors(red, x, y) if red else []) + self.eyes

    def move(self, game: Game, side: str, policies: dict[str, Policy]) -> None:
        policy = policies[side]
        if not policy.moves:
            return
        ships = game.ships
        # squadron by squadron in the roster's order, each squadron's ships in the fleet's order (the
        # lesson plan's order within a phase); a ship that has moved stays put, the next moves around it
        movers = sorted((s for s in ships if s.side == side and not s.struck and not game.linked(s)), key=lambda s: s.squad)
        # the in-irons checks first, in the order of the ships: a ship's colour depends on its own
        # pose, which nothing changes before its move, so the dice fall as they would move by move
        checks = []
        for ship in movers:
            colour = self.colour_of(game, ship.x, ship.y, ship.h)
            if colour != "red":
                checks.append((colour, True))
                continue
            face = game.roll()
            ok = face in self.rs.movement.in_irons[side].move
            game.note(ship.i, None, f"movement.in_irons.{side}.move", [face], int(ok))
            checks.append((colour, ok))
        # what is left reads only the poses and who has struck (never hit points or dice)
        key = ("move", side, policy.name, game.poses(), tuple([s.struck for s in ships]),
               tuple([s.i for s in movers]), tuple([ok for _, ok in checks]))

        worked = []

        def work() -> list[tuple[int, float, float, float]]:
            worked.append(True)
            red = [e.endpoints(game.width, game.height) for e in game.edges if e.colour == "red"]
            # moving strikes nobody and moves only this side: the enemies, and where they are, hold all phase
            enemies = [s for s in ships if s.side != side and not s.struck]
            placed = []
            for ship, (colour, ok) in zip(movers, checks):
                pose = self._steer(game, ship, policy, red, enemies, colour) if ok else None
                if pose is not None:
                    ship.place(*pose)
                    placed.append((ship.i, *pose))
            return placed

        placed = game.remember(key, work)
        if not worked:
            for i, x, y, h in placed:                    # remembered from another game: move the same way
                ships[i].place(x, y, h)

    def move_ship(self, game: Game, ship: Ship, policy: Policy, red, enemies: list[Ship] | None = None) -> None:
        """One ship's move: its in-irons check if its bow points into the red, then its policy's choice."""
        colour = self.colour_of(game, ship.x, ship.y, ship.h)
        if colour == "red" and game.roll() not in self.rs.movement.in_irons[ship.side].move:
            return
        pose = self._steer(game, ship, policy, red, enemies, colour)
        if pose is not None:
            ship.place(*pose)

    def _steer(self, game: Game, ship: Ship, policy: Policy, red, enemies: list[Ship] | None,
               colour: str) -> tuple[float, float, float] | None:
        """Where the policy takes the ship, (x, y, heading), or None where it stays."""
        aim = policy.aim(game, ship, self.short, enemies)
        if aim is None:
            return None
        e = aim.enemy
        speed, contact = self.speed[colour], self.contact
        x0, y0 = ship.x, ship.y
        # every base the choice can depend on: those within the ship's run and a base of it, and those
        # near a line of fire from wherever its run can end (at most `speed` away) to its enemy, with
        # an inch to spare for rounding. Nothing else is looked at, so a game that puts these bases
        # the same way (most do, in the opening turns) makes the same choice: remembered (Game.remember)
        wide = speed + 2 * game.widest + contact + 1.0
        bx0, bx1 = min(x0, e.x) - wide, max(x0, e.x) + wide
        by0, by1 = min(y0, e.y) - wide, max(y0, e.y) + wide
        around = [o for o in game.ships if bx0 <= o.x <= bx1 and by0 <= o.y <= by1]
        key = ("steer", policy.name, ship.i, colour, e.i, aim.close, aim.to, aim.through,
               tuple([o.i for o in around]),
               tuple([o.pose for o in around]))
        return game.remember(key, lambda: self._choose(game, ship, aim, policy, red, colour, around))

    def _choose(self, game: Game, ship: Ship, aim, policy: Policy, red, colour: str, around: list[Ship]
                ) -> tuple[float, float, float] | None:
        """`_steer` among the bases `around` (in game order): the menu of moves, scored."""
        e = aim.enemy
        speed, contact = self.speed[colour], self.contact
        x0, y0, reach0 = ship.x, ship.y, ship.reach
        reach = speed + 2 * reach0 + contact
        lx, hx, ly, hy = x0 - reach, x0 + reach, y0 - reach, y0 + reach
        blockers = around
        near = [o for o in around if lx <= o.x <= hx and ly <= o.y <= hy and o is not ship and
                (o.x - x0) ** 2 + (o.y - y0) ** 2 <= (speed + contact + reach0 + o.reach) ** 2]  # within its run's reach
        # bases it touches at the start do not block its way out, only where it ends (else two ships
        # side by side could never part: neither could turn or sail without touching the other)
        sr = ship.r
        touching = []
        if near:
            # gap is at least how far a centre lies beyond this base's length or breadth, less the
            # other base's reach: only bases within that and contact are asked
            _, _, fx, fy, hl, hw = sr
            close = [o for o in near if abs((o.x - x0) * fx + (o.y - y0) * fy) <= hl + o.reach + contact + 1e-6
                     and abs((o.x - x0) * fy - (o.y - y0) * fx) <= hw + o.reach + contact + 1e-6]
            touched = [o for o in close if gap(sr, o.r) <= contact]
            if touched:
                near = [o for o in near if o not in touched]
                touching = [o.r for o in touched]
        in_reach = (self.long + reach0 + e.reach) ** 2
        top = self.chance["rake"]
        if (e.x - x0) ** 2 + (e.y - y0) ** 2 <= in_reach:
            # already where no move could score better (e.g. raking at close range): stay. The
            # scores first, the line of fire (the costly part) only where they say it would matter
            here = policy.score(aim, ship, x0, y0, ship.h, colour == "red", False, top)
            if here <= policy.floor(aim, top):
                found = self.band_from(game, ship, sr, e, blockers)
                if found and self.chance[found[0]] == top:
                    return None
        hl, hw = sr[4], sr[5]
        score = policy.score
        red_at: dict[tuple[float, float], list] = {}           # red sectors seen from each end point
        menu = []
        for k, (x, y, h, fx, fy, stopper) in enumerate(self._moves(game, ship, aim, speed, near, red, red_at)):
            if touching:
                end = (x, y, fx, fy, hl, hw)
                if any(gap(end, o) < -1e-6 for o in touching):
                    continue
            if red or self.eyes:
                secs = red_at.get((x, y))
                if secs is None:
                    secs = red_at[(x, y)] = self.reds(red, x, y)
                bad = in_sectors(h, secs)
            else:
                bad = False
            friend = stopper >= 0 and near[stopper].side == ship.side
            bound = self.fire_bound(x, y, fx, fy, ship, e)
            menu.append((score(aim, ship, x, y, h, bad, friend, bound), k, x, y, h, bad, friend, bound > 0, fx, fy))
        # best first by the most each could score; where it could fire is the costly question, so it
        # is asked only while a move could still beat the best found
        best, best_score, best_k = None, math.inf, -1
        menu.sort()
        for hope, k, x, y, h, bad, friend, reachable, fx, fy in menu:
            if hope > best_score + 1e-9:
                break
            fire = 0.0
            if reachable:
                found = self.band_from(game, ship, (x, y, fx, fy, hl, hw), e, blockers)
                fire = self.chance[found[0]] if found else 0.0
            sc = score(aim, ship, x, y, h, bad, friend, fire)
            if sc < best_score - 1e-9 or (sc <= best_score + 1e-9 and k < best_k):
                best, best_score, best_k = (x, y, h), sc, k        # the best score; the first move of equals
        return best

    def _moves(self, game: Game, ship: Ship, aim, speed: float, near: list[Ship], red, red_at: dict):
        """End poses the rules allow, from a small menu: stay; turn (none, towards the enemy, half turns
        either way when far, full turns when near) then sail; near the enemy, the turns that put it
        abeam, made where the ship is, before its run or after it. Each pose comes with its heading's
        unit vector (computed once per heading) and the index in `near` of the base it stopped
        against (-1: none). The red sectors seen from the start and the end of its run go into `red_at`."""
        x, y, h, tm = ship.x, ship.y, ship.h, self.turn_max
        e = aim.enemy
        gx, gy = aim.to if aim.to is not None else (e.x, e.y)          # a point to sail for, else its enemy
        bearing = math.degrees(math.atan2(gx - x, gy - y))
        far = math.hypot(gx - x, gy - y) > aim.close + speed + 2 * (ship.length + e.length)
        turns = {0.0, tm / 2, -tm / 2} if far else {0.0, tm, -tm}
        turns.add(max(-tm, min(tm, (bearing - h + 180) % 360 - 180)))
        abeam = set() if far or aim.to is not None else \
            {max(-tm, min(tm, (b - h + 180) % 360 - 180)) for b in (bearing + 90, bearing - 90)}
        turns |= abeam
        red0 = self.reds(red, x, y)
        if red0:
            red_at[(x, y)] = red0
        rects = [o.r for o in near]
        sums = [ship.reach + o.rad for o in near]
        width, height = game.width, game.height
        _, _, fx, fy, hl, hw = ship.r
        obs = obstacles(x, y, rects, sums)

        def crowd(px: float, py: float) -> list:
            """The bases a turn made at (px, py) might overlap: those whose circles reach its own
            (the same for every heading, so asked once per place)."""
            return [o for o, rr in zip(rects, sums) if (o[0] - px) ** 2 + (o[1] - py) ** 2 < rr * rr]

        def fits(px: float, py: float, ux: float, uy: float, crowded: list) -> bool:
            """The base turned to (ux, uy) at (px, py) lies on the table and overlaps no base."""
            ex, ey = hl * abs(ux) + hw * abs(uy), hl * abs(uy) + hw * abs(ux)
            if not (ex - EPS <= px <= width - ex + EPS and ey - EPS <= py <= height - ey + EPS):
                return False
            for o in crowded:
                if gap((px, py, ux, uy, hl, hw), o) < -1e-6:
                    return False
            return True

        run, stop0 = (0.0, -1) if far else slide_among(ship.r, fx, fy, speed, obs, width, height)
        x1, y1 = x + fx * run, y + fy * run
        red1 = self.reds(red, x1, y1) if run > 0 else []
        if red1:
            red_at[(x1, y1)] = red1
        crowd0, crowd1 = crowd(x, y), (crowd(x1, y1) if run > 0 and abeam else [])
        yield x, y, h, fx, fy, -1                                    # stay as it is
        for a in sorted(turns):
            h1 = (h + a) % 360
            r = radians(h1)                                          # geometry.direction, inline
            ux, uy = sin(r), cos(r)
            if a == 0 or (not sweeps_through(h, a, red0) and fits(x, y, ux, uy, crowd0)):
                if a in abeam:
                    yield x, y, h1, ux, uy, -1                       # turn where it is
                if not in_sectors(h1, red0):                         # turn, then sail (never into the wind)
                    if a == 0 and not far:                           # no turn: the run worked out above
                        t, stop = run, stop0
                    else:
                        t, stop = slide_among((x, y, ux, uy, hl, hw), ux, uy, speed, obs, width, height)
                    yield x + ux * t, y + uy * t, h1, ux, uy, stop
            if a in abeam and run > 0 and not sweeps_through(h, a, red1) and fits(x1, y1, ux, uy, crowd1):
                yield x1, y1, h1, ux, uy, stop0                      # sail, then turn
