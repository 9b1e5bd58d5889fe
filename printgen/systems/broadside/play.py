"""The broadside family's phases (the Trafalgar fast-play rules), played on real base rectangles.
Every number is read from the ruleset; the order of the phases is the ruleset's `sequence.phases`.

Readings and printgen's choices where the seed is silent (the rulings sheet should print the same):
- broadside area: the strips beside the base between the lines of its bow and stern edges, both
  sides; a target can be shot when part of its base is in one, within long range, base to base;
  where the bands meet (6") the nearer band; only ships that have not struck are shot at, each
  shooter at its best odds, then the target with the fewest hit points left, then the nearest;
- rake: short range, with the firing base's centre between the lines of the target's sides (ahead
  of its bow or astern): "mostly in front or rear" read by the centre;
- no fire through ships: the line between the two base centres must not cross a third base
  (any ship, wrecks included), an approximation of "through or over other ships, or narrow gaps";
- a move is a straight run and one turn, either at its start or at its end; a base stops where it
  touches another base or the table edge (no ship leaves the table, none passes through another);
  a ship that turns its bow into the red may not sail on (it turns at the end of its run); bases
  touching at the start of a move may part (the one touched blocks only where the move ends);
- contact: bases within CONTACT of each other; every touching pair not yet fouled or grappled
  rolls at the end of each drift and move phase; grappling is between enemies that both fight;
- drift moves a whole cluster of fouled or grappled ships together, and stops at a base or edge;
- boarding: every ship of a grappled cluster attacks once, at the weakest enemy grappled to it,
  all at once; if every ship of the cluster strikes, the roll-off's winner keeps the survivor's
  hit points."""

from __future__ import annotations

import math

from printgen.errors import PrintgenError, Problem
from printgen.game.deploy_settings import COMPASS_DEG
from printgen.game.geometry import direction
from printgen.play.geom import (EPS, colour_at, distance, gap, in_sectors, obstacles, sectors, segment_blocked,
                                slide, slide_among, sweeps_through)
from printgen.play.policies import Policy
from printgen.play.state import Game, Ship

CONTACT = 0.05            # printgen's choice: bases this close (inches at full scale) touch
_UNKNOWN = object()


class Broadside:
    """The phases of one broadside ruleset at one table scale."""

    def __init__(self, rs, scale: float):
        self.rs, self.scale = rs, scale
        self.speed = {c: getattr(rs.movement.speed_in, c) * scale for c in ("green", "yellow", "red")}
        self.turn_max = rs.movement.turn_max_deg
        self.bands = sorted(((lo * scale, hi * scale, name) for name, (lo, hi) in rs.shooting.range_in.bands().items()))
        self.long = max(hi for _, hi, _ in self.bands)
        self.short = dict((n, hi) for _, hi, n in self.bands)["short"]
        self.hit = {band: frozenset(getattr(rs.shooting.to_hit, band).hit) for band in ("long", "short", "rake")}
        self.chance = {band: len(faces) / rs.ruleset.die for band, faces in self.hit.items()}
        dx, dy = direction(COMPASS_DEG[rs.drift.direction])
        self.drift_step = (dx * rs.drift.distance_in * scale, dy * rs.drift.distance_in * scale)
        self.contact = CONTACT * scale
        self.plan = [self._phase(label, i) for i, label in enumerate(rs.sequence.phases)]

    # -- the turn ------------------------------------------------------------------------------------
    def _phase(self, label: str, i: int):
        """The ruleset's phase label read as (label, action, side): 'Drift', 'British move', ..."""
        low = label.lower()
        if "drift" in low:
            return label, "drift", None
        if "board" in low:
            return label, "board", None
        for key, side in self.rs.sides.items():
            if low.startswith(side.name.lower()):
                for action in ("move", "shoot"):
                    if action in low:
                        return label, action, key
        raise PrintgenError(Problem(f"phase '{label}' is not one the game engine can play", field=f"sequence.phases.{i}",
                                    fix="name phases 'Drift', 'Boarding actions', or a side's name followed by "
                                        "'move' or 'shoot', e.g. 'British move'"))

    def scaled(self, scale: float) -> "Broadside":
        """The same rules on a table `scale` times the full size (distances, speeds, drift)."""
        return Broadside(self.rs, scale)

    def hit_points(self, flagship: bool) -> int:
        return self.rs.hit_points_of(flagship)

    def play_phase(self, game: Game, action: str, side: str | None, policies: dict[str, Policy]) -> None:
        if action == "drift":
            self.drift(game, policies)
            self.entangle(game, policies)
        elif action == "move":
            self.move(game, side, policies)
            self.entangle(game, policies)
        elif action == "shoot":
            self.shoot(game, side)
        else:
            self.board(game, policies)

    # -- drift -----------------------------------------------------------------------------------------
    def drift(self, game: Game, policies: dict[str, Policy]) -> None:
        free = self.rs.drift.cut_loose.free
        for (a, b), kind in sorted(game.links.items()):
            sa, sb = game.ships[a], game.ships[b]
            rollers = [s for s, o in ((sa, sb), (sb, sa)) if not s.struck and policies[s.side].wants_loose(s, o, kind)]
            if any(game.roll() in free for _ in rollers):
                del game.links[(a, b)]
        linked = {i for pair in game.links for i in pair}
        done: set[int] = set()
        for s in game.ships:
            if (s.struck or s.i in linked) and s.i not in done:
                group = self._cluster(game, s) if s.i in linked else [s]
                done |= {g.i for g in group}
                self._shift(game, group, *self.drift_step)

    def _cluster(self, game: Game, ship: Ship) -> list[Ship]:
        group, todo = {ship.i}, [ship]
        while todo:
            for o in game.partners(todo.pop()):
                if o.i not in group:
                    group.add(o.i)
                    todo.append(o)
        return [game.ships[i] for i in sorted(group)]

    def _shift(self, game: Game, group: list[Ship], dx: float, dy: float) -> None:
        most = math.hypot(dx, dy)
        if most == 0:
            return
        ux, uy = dx / most, dy / most
        inside = {g.i for g in group}
        reach = most + 4 * max(g.reach for g in group)
        lx, hx = min(g.x for g in group) - reach, max(g.x for g in group) + reach
        ly, hy = min(g.y for g in group) - reach, max(g.y for g in group) + reach
        others = [o for o in game.ships if lx <= o.x <= hx and ly <= o.y <= hy and o.i not in inside]
        rects = [o.r for o in others]
        t = min(slide(g.r, ux, uy, most, rects, game.width, game.height, [g.rad + o.rad for o in others])[0]
                for g in group)
        for g in group:
            g.place(g.x + ux * t, g.y + uy * t, g.h)

    # -- movement --------------------------------------------------------------------------------------
    def move(self, game: Game, side: str, policies: dict[str, Policy]) -> None:
        policy = policies[side]
        if not policy.moves:
            return
        ships = game.ships
        movers = [s for s in ships if s.side == side and not s.struck and not game.linked(s)]
        # the in-irons checks first, in the order of the ships: a ship's colour depends on its own
        # pose, which nothing changes before its move, so the dice fall as they would move by move
        checks = []
        for ship in movers:
            colour = colour_at(game.edges, game.width, game.height, ship.x, ship.y, ship.h)
            checks.append((colour, colour != "red" or game.roll() in self.rs.movement.in_irons[side].move))
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
        colour = colour_at(game.edges, game.width, game.height, ship.x, ship.y, ship.h)
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
        key = ("steer", policy.name, ship.i, colour, e.i, tuple([(o.i, o.x, o.y, o.h) for o in around]))
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
            gaps = [gap(sr, o.r) for o in near]
            touching = [o.r for o, g in zip(near, gaps) if g <= contact]
            if touching:
                near = [o for o, g in zip(near, gaps) if g > contact]
        in_reach = (self.long + reach0 + e.reach) ** 2
        top = self.chance["rake"]
        if (e.x - x0) ** 2 + (e.y - y0) ** 2 <= in_reach:
            # already where no move could score better (e.g. raking at close range): stay
            found = self.band_from(game, ship, sr, e, blockers)
            if found and self.chance[found[0]] == top:
                here = policy.score(aim, ship, x0, y0, ship.h, colour == "red", False, top)
                if here <= policy.score(aim, ship, e.x, e.y, ship.h, False, False, top):
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
            if red:
                secs = red_at.get((x, y))
                if secs is None:
                    secs = red_at[(x, y)] = sectors(red, x, y)
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
        bearing = math.degrees(math.atan2(e.x - x, e.y - y))
        far = math.hypot(e.x - x, e.y - y) > aim.close + speed + 2 * (ship.length + e.length)
        turns = {0.0, tm / 2, -tm / 2} if far else {0.0, tm, -tm}
        turns.add(max(-tm, min(tm, (bearing - h + 180) % 360 - 180)))
        abeam = set() if far else {max(-tm, min(tm, (b - h + 180) % 360 - 180)) for b in (bearing + 90, bearing - 90)}
        turns |= abeam
        red0 = sectors(red, x, y) if red else []
        if red:
            red_at[(x, y)] = red0
        rects = [o.r for o in near]
        sums = [ship.reach + o.rad for o in near]
        width, height = game.width, game.height
        _, _, fx, fy, hl, hw = ship.r
        obs = obstacles(x, y, rects, sums)

        def crowd(px: float, py: float) -> list:
            """The bases a turn made at (px, py) might overlap: those whose circles reach its own
            (the same for every heading, so asked once per place)."""
            return [o for ox, oy, rr2, o in (obs if px == x and py == y else obstacles(px, py, rects, sums))
                    if ox ** 2 + oy ** 2 < rr2]

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
        red1 = sectors(red, x1, y1) if red and run > 0 else []
        if red and run > 0:
            red_at[(x1, y1)] = red1
        crowd0, crowd1 = crowd(x, y), (crowd(x1, y1) if run > 0 and abeam else [])
        yield x, y, h, fx, fy, -1                                    # stay as it is
        for a in sorted(turns):
            h1 = (h + a) % 360
            ux, uy = direction(h1)
            if a == 0 or (not sweeps_through(h, a, red0) and fits(x, y, ux, uy, crowd0)):
                if a in abeam:
                    yield x, y, h1, ux, uy, -1                       # turn where it is
                if not in_sectors(h1, red0):                         # turn, then sail (never into the wind)
                    t, stop = slide_among((x, y, ux, uy, hl, hw), ux, uy, speed, obs, width, height)
                    yield x + ux * t, y + uy * t, h1, ux, uy, stop
            if a in abeam and run > 0 and not sweeps_through(h, a, red1) and fits(x1, y1, ux, uy, crowd1):
                yield x1, y1, h1, ux, uy, stop0                      # sail, then turn

    # -- fouling and grappling -------------------------------------------------------------------------
    def entangle(self, game: Game, policies: dict[str, Policy]) -> None:
        fouled, grappled = self.rs.fouling.fouled, self.rs.grappling.grappled
        for a, b in self.touching(game):
            if (a.i, b.i) in game.links:
                continue
            if a.side != b.side and not a.struck and not b.struck:
                wanting = [s for s, o in ((a, b), (b, a)) if policies[s.side].wants_grapple(s, o)]
                if wanting:
                    if any(game.roll() in grappled for _ in wanting):
                        game.link(a, b, "grappled")
                    continue
            if game.roll() in fouled:
                game.link(a, b, "fouled")

    def touching(self, game: Game) -> list[tuple[Ship, Ship]]:
        """Pairs of bases in contact (lower index first). The same table as at the last phase (the
        side that held its line did not move), or as in another game, gives the same pairs."""
        ships = game.ships
        return [(ships[a], ships[b]) for a, b in game.remember(("touching", game.poses()), lambda: self._touching(game))]

    def _touching(self, game: Game) -> list[tuple[int, int]]:
        """`touching` worked out through a grid of cells one base across: a ship is compared with those
        of its own cell and of the four cells after it (each neighbouring pair of cells once)."""
        contact = self.contact
        cell = 2 * game.widest + contact
        grid: dict[tuple[int, int], list[Ship]] = {}
        for s in game.ships:
            grid.setdefault((int(s.x // cell), int(s.y // cell)), []).append(s)
        pairs: list[tuple[Ship, Ship]] = []
        for (cx, cy), members in grid.items():
            if len(members) > 1:
                pairs += [(a, b) for k, b in enumerate(members) for a in members[:k]]
            for key in ((cx + 1, cy - 1), (cx + 1, cy), (cx + 1, cy + 1), (cx, cy + 1)):
                others = grid.get(key)
                if others:
                    pairs += [(a, b) for a in members for b in others]
        out = []
        for a, b in pairs:
            near = a.reach + b.reach + contact
            if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= near * near and gap(a.r, b.r) <= contact:
                out.append((a.i, b.i) if a.i < b.i else (b.i, a.i))
        return sorted(out)

    # -- shooting --------------------------------------------------------------------------------------
    def target_band(self, game: Game, s: Ship, t: Ship) -> tuple[str, float] | None:
        """(band, range) if `s` can shoot `t` now: in its broadside area, in range, line of fire clear."""
        return self.band_from(game, s, s.r, t)

    def fire_bound(self, x: float, y: float, fx: float, fy: float, s: Ship, t: Ship) -> float:
        """The best chance per die `s` could have at `t` from (x, y) heading (fx, fy), cheaply: 0 when
        `t` is surely out of its broadside area or out of range; rake, short or long by the nearest
        its base could be."""
        dx, dy = t.x - x, t.y - y
        dd = dx * dx + dy * dy
        near = max(0.0, dd ** 0.5 - s.reach - t.reach)
        if near > self.long:
            return 0.0
        _, _, tfx, tfy, thl, thw = t.r
        ext = thl * abs(tfx * fx + tfy * fy) + thw * abs(tfy * fx - tfx * fy)     # geom.extent_along, inline
        if abs(dx * fx + dy * fy) - ext >= s.length / 2 - EPS:
            return 0.0
        if near > self.short:
            return self.chance["long"]
        return self.chance["rake" if abs(-dx * tfy + dy * tfx) <= thw else "short"]

    def band_from(self, game: Game, s: Ship, sr, t: Ship, blockers: list[Ship] | None = None
                  ) -> tuple[str, float] | None:
        """The same question with the shooter's base at `sr` (where a move would leave it). `blockers`:
        the ships whose bases could cross the line of fire, if the caller has narrowed them down
        (any order; every ship by default)."""
        found = self._band(s, sr, t)
        if found is None or not self._clear(s, sr, t, game.ships if blockers is None else blockers):
            return None
        return found

    def _band(self, s: Ship, sr, t: Ship) -> tuple[str, float] | None:
        """(band, range) if `t` is in the broadside area of `s` at `sr` and in range (the line of fire aside)."""
        sx, sy, fx, fy, hl, _ = sr
        tx, ty = t.x, t.y
        reach = self.long + s.reach + t.reach
        if (tx - sx) ** 2 + (ty - sy) ** 2 > reach * reach:
            return None
        u = (tx - sx) * fx + (ty - sy) * fy
        tr = t.r
        _, _, tfx, tfy, thl, thw = tr
        ext = thl * abs(tfx * fx + tfy * fy) + thw * abs(tfy * fx - tfx * fy)     # geom.extent_along, inline
        if not (u - ext < hl - EPS and u + ext > -hl + EPS):
            return None
        d = distance(sr, tr)
        for lo, hi, name in self.bands:
            if lo <= d <= hi:
                if name == "short" and abs((sx - tx) * tfy - (sy - ty) * tfx) <= thw:
                    return "rake", d
                return name, d
        return None

    @staticmethod
    def _clear(s: Ship, sr, t: Ship, blockers: list[Ship]) -> bool:
        """No third base (wrecks included) lies across the line between the two centres."""
        sx, sy = sr[0], sr[1]
        tx, ty = t.x, t.y
        lx, hx = (sx, tx) if sx < tx else (tx, sx)
        ly, hy = (sy, ty) if sy < ty else (ty, sy)
        for o in blockers:
            r = o.reach
            if o.x + r < lx or o.x - r > hx or o.y + r < ly or o.y - r > hy or o is s or o is t:
                continue
            if segment_blocked(sx, sy, tx, ty, o.r):
                return False
        return True

    def shoot(self, game: Game, side: str) -> None:
        ships = game.ships
        # what a ship could fire at from where it is, and whether the line of fire is clear, depend
        # on the table alone: worked out once for a table, whichever game or side comes to it
        bands, clear = game.remember(("lines", game.poses()), lambda: ({}, {}))
        enemies = [t for t in ships if t.side != side]          # those that strike are passed over as they do
        for s in ships:
            if s.side != side or s.struck:
                continue
            x, y, sr = s.x, s.y, s.r
            lim = self.long + 2 * s.reach
            around = None
            best, best_key = None, None
            for t in enemies:
                if t.struck or abs(t.x - x) > lim or abs(t.y - y) > lim:
                    continue
                pair = (s.i, t.i)
                found = bands.get(pair, _UNKNOWN)
                if found is _UNKNOWN:
                    found = bands[pair] = self._band(s, sr, t)
                if found is None:
                    continue
                key = (-self.chance[found[0]], t.hp, found[1], t.i)
                if best_key is not None and key >= best_key:
                    continue                  # it would not be chosen even with a clear line of fire
                ok = clear.get(pair)
                if ok is None:
                    if around is None:
                        # every base that could cross a line of fire from here: within long range and
                        # a base or two (an inch to spare for rounding)
                        wide = self.long + s.reach + 2 * game.widest + 1.0
                        around = [o for o in ships if -wide <= o.x - x <= wide and -wide <= o.y - y <= wide]
                    ok = clear[pair] = self._clear(s, sr, t, around)
                if ok:
                    best, best_key = (t, found[0]), key
            if best is not None:
                t, band = best
                faces = self.hit[band]
                hits = sum(1 for _ in range(self.rs.dice_of(side, s.flagship)) if game.roll() in faces)
                self.hurt(t, hits)

    @staticmethod
    def hurt(ship: Ship, hits: int) -> None:
        ship.hp -= hits
        if ship.hp <= 0:
            ship.hp, ship.struck = 0, True                          # strikes its colours

    # -- boarding --------------------------------------------------------------------------------------
    def board(self, game: Game, policies: dict[str, Policy]) -> None:
        b = self.rs.boarding
        fights: dict[int, list[Ship]] = {}
        for (i, j), kind in game.links.items():
            a, c = game.ships[i], game.ships[j]
            if kind == "grappled" and a.side != c.side and not a.struck and not c.struck:
                fights.setdefault(i, []).append(c)
                fights.setdefault(j, []).append(a)
        done: set[int] = set()
        for i in sorted(fights):
            if i in done:
                continue
            cluster, todo = {i}, [i]
            while todo:
                for o in fights[todo.pop()]:
                    if o.i not in cluster:
                        cluster.add(o.i)
                        todo.append(o.i)
            done |= cluster
            ships = [game.ships[k] for k in sorted(cluster)]
            damage = {k: 0 for k in cluster}
            for s in ships:
                target = min(fights[s.i], key=lambda o: (o.hp, o.i))
                damage[target.i] += sum(1 for _ in range(s.hp * b.dice_per_hit_point) if game.roll() in b.hit)
            for s in ships:
                self.hurt(s, damage[s.i])
            if all(s.struck for s in ships):
                winner = self.roll_off(game, ships)
                winner.struck, winner.hp = False, b.survivor_hit_points

    @staticmethod
    def roll_off(game: Game, ships: list[Ship]) -> Ship:
        """Each captain rolls one die; the high roller wins, ties among the highest re-roll."""
        contenders = ships
        for _ in range(1000):
            rolls = [(game.roll(), s) for s in contenders]
            top = max(r for r, _ in rolls)
            contenders = [s for r, s in rolls if r == top]
            if len(contenders) == 1:
                return contenders[0]
        return contenders[0]


def phases(ruleset, scale: float = 1.0) -> Broadside:
    """The engine hook of the broadside family (RuleSystem.phases): its phases, ready to play a game."""
    return Broadside(ruleset, scale)
