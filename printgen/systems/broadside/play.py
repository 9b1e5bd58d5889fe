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
from printgen.play.geom import (gap, slide)
from printgen.play.policies import Policy
from printgen.systems.broadside.firing import Firing
from printgen.systems.broadside.sailing import Sailing
from printgen.play.state import Game, Ship

CONTACT = 0.05            # printgen's choice: bases this close (inches at full scale) touch


class Broadside(Sailing, Firing):
    """The phases of one broadside ruleset at one table scale: the tables every phase reads, the turn,
    drift, fouling and grappling, boarding; moving (sailing.py) and shooting (firing.py) beside it."""

    # Where the engine still plays the rules more simply than a class does (the plays page prints
    # these, a line each).
    policies = ("close-and-fire", "hold-the-line", "break-the-line", "keep-range")    # the habits it steers by
    simplifications = (
        "Each captain weighs a few moves (stay; turn towards the enemy, or to bring the broadside on it; "
        "half or full turns) and takes the one its habit scores best; pupils may find better ones.",
        "The line of fire runs from base centre to base centre; each ship fires at the best odds, then the "
        "fewest hit points left, then the nearest.",
        "Bases closer than a twentieth of an inch touch; a drifting group stops at the first base it meets.",
    )

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
        self.narrow = rs.bases.width_in * scale
        eye = rs.movement.into_wind_deg        # the wind's eye as a red sector of headings (the rulings' reading)
        self.eyes = [] if eye is None else [((COMPASS_DEG[rs.table.wind_from] - eye) % 360, 2 * eye)]          # the rulings: a gap narrower than a base is wide blocks fire
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
            if self._until(game, len(rollers), free, a, b, "drift.cut_loose.free"):
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

    # -- fouling and grappling -------------------------------------------------------------------------
    def entangle(self, game: Game, policies: dict[str, Policy]) -> None:
        fouled, grappled = self.rs.fouling.fouled, self.rs.grappling.grappled
        for a, b in self.touching(game):
            if (a.i, b.i) in game.links:
                continue
            if a.side != b.side and not a.struck and not b.struck:
                wanting = [s for s, o in ((a, b), (b, a)) if policies[s.side].wants_grapple(s, o)]
                if wanting:
                    if self._until(game, len(wanting), grappled, a.i, b.i, "grappling.grappled"):
                        game.link(a, b, "grappled")
                    continue
            if self._until(game, 1, fouled, a.i, b.i, "fouling.fouled"):
                game.link(a, b, "fouled")

    @staticmethod
    def _until(game: Game, rollers: int, faces, a: int, b: int, rule: str) -> bool:
        """Each roller rolls one die until one succeeds (the rules' "either success"): True if one
        did. The dice fall as `any(...)` would roll them; a page that shows the game sees them."""
        rolled = []
        for _ in range(rollers):
            rolled.append(game.roll())
            if rolled[-1] in faces:
                break
        ok = bool(rolled) and rolled[-1] in faces
        if rolled:
            game.note(a, b, rule, rolled, int(ok))
        return ok

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
        close = [(a, b) for a, b in pairs                       # circles within contact first: cheap
                 if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= (near := a.reach + b.reach + contact) * near]
        return sorted([(a.i, b.i) if a.i < b.i else (b.i, a.i) for a, b in close if gap(a.r, b.r) <= contact])

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
                rolled = [game.roll() for _ in range(s.hp * b.dice_per_hit_point)]
                hits = sum(1 for f in rolled if f in b.hit)
                game.note(s.i, target.i, "boarding.hit", rolled, hits)
                damage[target.i] += hits
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
