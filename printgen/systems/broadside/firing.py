"""Who a broadside ship can fire at, and the shooting phase (the readings are listed in play.py).
A mixin of play.Broadside, whose tables (bands, long, short, hit, chance) it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printgen.play.geom import EPS, Grid, distance, segment_blocked, through_gap
from printgen.play.state import Game, Ship


def _no_lines() -> tuple[dict[int, list], dict[tuple[int, int], bool], list[Grid]]:
    """A table's lines of fire before any is worked out: targets per shooter, clear per pair, the grid."""
    return {}, {}, []


class Firing:
    if TYPE_CHECKING:              # the tables of the host, play.Broadside (for the type checker only)
        rs: Any
        bands: list[tuple[float, float, str]]
        long: float
        short: float
        narrow: float
        hit: dict[str, frozenset[int]]
        chance: dict[str, float]

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

    def _clear(self, s: Ship, sr, t: Ship, blockers: list[Ship], grid: Grid | None = None) -> bool:
        """The line of fire, centre to centre, crosses no third base (wrecks included) and passes
        through no gap narrower than a base is wide between two other bases (the rulings). Only the
        bases whose reach comes within that width of the line's box are looked at closely (found through
        `grid`, the table's cells of `blockers`, if the caller has one)."""
        sx, sy = sr[0], sr[1]
        tx, ty = t.x, t.y
        narrow = self.narrow
        lx, hx = (sx, tx) if sx < tx else (tx, sx)
        ly, hy = (sy, ty) if sy < ty else (ty, sy)
        lx, hx, ly, hy = lx - narrow, hx + narrow, ly - narrow, hy + narrow
        if grid is not None:
            wide = grid.cell                           # a centre within a base's reach of the box
            blockers = grid.within(blockers, lx - wide, hx + wide, ly - wide, hy + wide)
        near = [o for o in blockers if o.x + o.reach >= lx and o.x - o.reach <= hx and o.y + o.reach >= ly
                and o.y - o.reach <= hy and o.i != s.i and o.i != t.i]
        for o in near:
            if segment_blocked(sx, sy, tx, ty, o.r):
                return False
        return len(near) < 2 or not through_gap(sx, sy, tx, ty, [o.r for o in near], narrow)

    def _targets(self, s: Ship, enemies: list[Ship], widest: float) -> list[tuple[int, str, float, float]]:
        """(target index, band, range, minus its chance per die) of every enemy (struck or not) in the
        broadside area of `s` and in range, where it stands. A quick pass first keeps only the
        enemies near the line through its beam, as far as any base can reach past its own bow and
        stern (extent_along is at most a base's reach): `_band` says for those."""
        x, y, fx, fy, hl, _ = s.r
        lim = self.long + 2 * s.reach
        beam = hl + widest + 1e-6
        near = [t for t in enemies if -lim <= t.x - x <= lim and -lim <= t.y - y <= lim
                and -beam <= (t.x - x) * fx + (t.y - y) * fy <= beam]
        out = []
        for t in near:
            found = self._band(s, s.r, t)
            if found is not None:
                out.append((t.i, found[0], found[1], -self.chance[found[0]]))
        return out

    def shoot(self, game: Game, side: str) -> None:
        """The side's ships fire squadron by squadron in the roster's order (the lesson plan's order
        within a phase): each captain of the squadron names a target, then all of them roll, and the
        hits are marked when the whole squadron has rolled (the rulings: a ship struck by a squadron
        strikes when its hits are marked, so two captains may both fire at it)."""
        ships = game.ships
        # what a ship could fire at from where it is, and whether the line of fire is clear, depend
        # on the table alone: worked out once for a table (per shooter, per pair), whichever game or
        # side comes to it; who has struck and the hit points pick among them
        targets, clear, cells = game.remember(("lines", game.poses()), _no_lines)
        shooters = sorted((s for s in ships if s.side == side and not s.struck), key=lambda s: s.squad)
        rnd = game.rng.random
        enemies = None
        k = 0
        while k < len(shooters):
            squad = shooters[k].squad
            end = k
            while end < len(shooters) and shooters[end].squad == squad:
                end += 1
            marks = []
            for s in shooters[k:end]:
                mine = targets.get(s.i)
                if mine is None:
                    if enemies is None:
                        enemies = [t for t in ships if t.side != side]
                    mine = targets[s.i] = self._targets(s, enemies, game.widest)
                best, best_key = None, None
                for ti, band, d, less in mine:
                    t = ships[ti]
                    if t.struck:
                        continue
                    key = (less, t.hp, d, ti)
                    if best_key is not None and key >= best_key:
                        continue                  # it would not be chosen even with a clear line of fire
                    pair = (s.i, ti)
                    ok = clear.get(pair)
                    if ok is None:
                        if not cells:
                            cells.append(Grid(ships, 2 * game.widest + self.narrow))
                        ok = clear[pair] = self._clear(s, s.r, t, ships, cells[0])
                    if ok:
                        best, best_key = (t, band), key
                if best is not None:
                    t, band = best
                    faces = self.hit[band]
                    rolled = [int(rnd() * 6) + 1 for _ in range(self.rs.dice_of(side, s.flagship))]  # Game.roll, inline
                    hits = sum(1 for f in rolled if f in faces)
                    game.note(s.i, t.i, f"shooting.to_hit.{band}.hit", rolled, hits)
                    marks.append((t, hits))
            for t, hits in marks:                 # the squadron has rolled: mark its hits
                self.hurt(t, hits)
            k = end

    @staticmethod
    def hurt(ship: Ship, hits: int) -> None:
        ship.hp -= hits
        if ship.hp <= 0:
            ship.hp, ship.struck = 0, True                          # strikes its colours
