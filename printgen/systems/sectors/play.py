"""The game engine of the sectors family (the medieval fragment): seeded, deterministic, phase by
phase as the ruleset's `sequence.phases` lists them, every number read from the ruleset. Ships are
their bases (boats.py) and move base by base (sailing.py); a captain's policy steers them: every
ship that may move heads for the nearest enemy, rammers strike bow first, others come alongside
(or smash into the enemy when attack speed brings them in contact).

Each phase records the rule entries it applied (`Game.used`), so a test can see that every phase
of the turn has a rule that was used."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from printgen.game.deploy_settings import COMPASS_DEG
from printgen.play.geom import distance, gap
from printgen.systems.sectors.boats import CHAINED_IN, FIGHTING, Boat, Hazard, Table, table_of
from printgen.systems.sectors.model import SECTORS
from printgen.systems.sectors.sailing import CONTACT_SLACK, MEMO_ENTRIES, Sailing, contact_point


# Where the engine still plays the fragment more simply than the table does (the plays page prints
# these, a line each).
SIMPLIFICATIONS = (
    "Captains steer by simple habits (the policies named above): for the nearest enemy ship, round a friend "
    "in the way; nobody plans a formation or a retreat.",
    "A turn larger than the sweep's step is made a step at a time, each followed by a ship's length forward "
    "(printgen's reading of \"move forward\").",
    "Missile fire is all round, at the nearest enemy, measured base to base; fire and pyrotechnics, holing with "
    "rocks, embarking and landing crews are left out.",
)


class Game(Sailing):
    def __init__(self, rs, boats: list[Boat], hazards: list[Hazard], width: float, height: float,
                 seed: int | str, turn_limit: int, victory: tuple[int, int, int] = (1, 2, 3),
                 policies: dict[str, str] | None = None, log: list | None = None, memo: dict | None = None,
                 rules=None, events: list | None = None):
        self.rs, self.boats, self.hazards = rs, boats, hazards
        self.events = events           # the rolls, for a page that shows the game (printgen.play.state.Event)
        # each side's captains' habit (printgen/play/policies.py): "close-and-fire" unless given
        self.policies = {side: (policies or {}).get(side, "close-and-fire") for side in rs.sides}
        self.holding = {side for side, name in self.policies.items() if name == "hold-the-line"}
        self.log = log                 # (turn, phase, poses, links) after each phase, for a replay
        self.memo = {} if memo is None else memo      # what the games of a simulation share (sailing.route)
        self.width, self.height = width, height
        self.rng = random.Random(seed)
        self.others = {side: [b for b in boats if b.side != side] for side in {b.side for b in boats}}
        self.widest = max((b.reach for b in boats), default=0.0)     # the largest centre-to-corner reach
        # where each base's centre lies (Sailing.follow keeps them): which bases lie near a point is
        # found from these (routes.near) before any is measured
        self.X = np.array([b.x for b in boats], np.float64)
        self.Y = np.array([b.y for b in boats], np.float64)
        self.found = np.empty(len(boats), np.int64)
        self.fighting_foes: dict[str, np.ndarray] = {}      # Sailing.foes_of, forgotten when a state changes
        self.side_order = {side: k for k, side in enumerate(rs.sides)}
        self._bits = self.rng.getrandbits
        self.turn, self.turn_limit = 0, turn_limit
        self.wind = COMPASS_DEG[rs.table.wind_from]
        self.storm = 0
        self.victory = victory
        self.rules = rules             # the lesson's Victory: when a side breaks off (printgen/data/lesson.py)
        self.used: dict[str, set[str]] = {p: set() for p in rs.sequence.phases}
        self.phase = ""

    # -- dice and bookkeeping -------------------------------------------------------------------
    def roll(self) -> int:
        """One d6: what `rng.randint(1, 6)` gives (three random bits until they are below 6), the same
        dice in the same order, without randint's layers of calls (a game rolls a few hundred)."""
        bits = self._bits
        r = bits(3)
        while r >= 6:
            r = bits(3)
        return r + 1

    def note(self, ship: int | None, other: int | None, rule: str, faces: list[int], result: int) -> None:
        if self.events is not None:
            from printgen.play.state import Event

            self.events.append(Event(ship, other, rule, tuple(faces), result))

    def use(self, key: str) -> None:
        self.used[self.phase].add(key)

    def damage(self, b: Boat, part: str, total: int) -> int:
        """A modified roll read on the damage table against one sector (or the mast)."""
        points = self.rs.damage_for(self.roll() + total).points
        self.use("damage")
        self.hole(b, part, points)
        return points

    def hole(self, b: Boat, part: str, points: int) -> None:
        """The sector (or mast) loses `points` structure points; a ship with too many sectors gone sinks."""
        b.structure[part] = max(0, b.structure[part] - points)
        lost = sum(1 for s in SECTORS if b.structure[s] == 0)
        if lost >= self.rs.effects.sinks_at_sectors_lost and b.fighting:
            b.state = "sunk"
            self.fought()
            self.use("effects.sinks_at_sectors_lost")
            self.cut_loose(b)

    def cut_loose(self, b: Boat) -> None:
        for j in b.grappled:
            self.boats[j].grappled.discard(b.i)
        b.grappled.clear()

    # -- the turn -------------------------------------------------------------------------------
    def play(self, tally: list | None = None) -> str | None:
        """Play until the turn limit or a side has no ship fighting; the winning side (None: a draw).
        `tally`: the game's result as it stood at the end of each turn (printgen/play/engine.play)."""
        phases = {"wind": self.weather, "movement": self.movement, "missile": self.missile,
                  "grappling": self.boarding, "morale": self.morale}
        steps = []
        for name in self.rs.sequence.phases:
            key = name.split()[0].lower()
            if key not in phases:
                raise ValueError(f"sequence phase '{name}': no rule of the engine plays it "
                                 f"(known: {', '.join(phases)})")
            steps.append((name, phases[key]))
        while self.turn < self.turn_limit and all(any(b.fighting for b in self.boats if b.side == s)
                                                  for s in self.rs.sides):
            self.turn += 1
            for b in self.boats:
                b.moved_before, b.moved = b.moved, False
            for name, step in steps:
                self.phase = name
                step()
                self.snapshot(name)
            if tally is not None:
                tally.append(self.result(by_limit=False))
            if any(self.broken()):                      # at the end of a turn (a classroom rule)
                break
        return self.winner()

    def result(self, by_limit: bool):
        """The game as it stands, as printgen/play/engine.Result."""
        from printgen.play.engine import Result

        sides = tuple(self.rs.sides)
        pts = self.points()
        return Result(self.turn, by_limit, self.winner(),
                      tuple(sum(1 for b in self.boats if b.side == s and not b.fighting) for s in sides),
                      tuple(pts[s] for s in sides))

    def broken(self) -> list[bool]:
        """Whether each side has broken off (the lesson's victory.breaks_at)."""
        return [self.rules is not None
                and self.rules.broken(sum(1 for b in self.boats if b.side == s and not b.fighting),
                                      sum(1 for b in self.boats if b.side == s))
                for s in self.rs.sides]

    def snapshot(self, phase: str) -> None:
        """The table after a phase, as printgen/sheets/plays/replay.py draws it (poses: x, y, h, hp, out)."""
        if self.events is not None:
            self.events.append(("phase", phase))
        if self.log is not None:
            self.log.append((self.turn, phase,
                             tuple((b.x, b.y, b.h, b.crew, not b.fighting) for b in self.boats),
                             {(b.i, j): "grappled" for b in self.boats for j in b.grappled if b.i < j}))

    def points(self) -> dict[str, int]:
        struck, flag, taken = self.victory
        out = {s: 0 for s in self.rs.sides}
        for b in self.boats:
            if not b.fighting:
                value = max(struck, flag if b.flagship else 0, taken if b.state == "captured" else 0)
                for s in out:
                    if s != b.side:
                        out[s] += value
        return out

    def winner(self) -> str | None:
        pts = self.points()
        if self.rules is not None:
            return self.rules.winner(tuple(self.rs.sides), [pts[s] for s in self.rs.sides], self.broken())
        best = max(pts.values())
        top = [s for s, v in pts.items() if v == best]
        return top[0] if len(top) == 1 else None

    # -- 1. wind and weather --------------------------------------------------------------------
    def weather(self) -> None:
        w = self.rs.weather
        face = self.roll()
        self.use("weather.roll")
        self.note(None, None, "weather.roll." + next(k for k in w.roll.outcomes() if face in getattr(w.roll, k)),
                  [face], 1)
        self.storm = max(0, self.storm - 1)
        if face in w.roll.storm:
            self.storm = w.storm_turns
        elif face in w.roll.backs:
            self.wind = (self.wind - w.shift_deg) % 360
        elif face in w.roll.veers:
            self.wind = (self.wind + w.shift_deg) % 360

    def sector_roll(self) -> str:
        face = self.roll()
        return next(s for s in SECTORS if face in getattr(self.rs.obstacles.sector, s))

    def touch(self, b: Boat, target: Boat, ram: bool, attack: bool) -> None:
        """Contact: a ram strikes with the fore-most part of its bow, attack speed without a ram smashes
        (the collision rules), else the ships lie alongside. Each takes damage in the sector of its
        base where they touch."""
        point = contact_point(b, target)
        part = target.sector_at(*point)
        x, y, fx, fy, hl, _ = b.r
        if ram and point == (x + fx * hl, y + fy * hl):    # the bow's middle touches: a ram
            mods = self.rs.ramming.modifiers
            total = (mods["attack-speed"].value if attack else 0) + \
                    (mods["large"].value if self.rs.types[b.type].large else 0) + \
                    (mods["round-ship"].value if self.rs.types[target.type].round_ship else 0) + \
                    (mods["moved"].value if target.moved_before else 0)
            self.use("ramming")
            self.damage(target, part, total)
            b.ram_clear = self.rs.ramming.clear_turns
        elif attack:
            self.collide(b, b.sector_at(*contact_point(target, b)), target, part)

    def collide(self, a: Boat, a_part: str, b: Boat, b_part: str) -> None:
        """Both ships roll on the damage table with the collision factors, then each mast."""
        for me, mine, other, theirs in ((a, a_part, b, b_part), (b, b_part, a, a_part)):
            if not me.fighting:
                continue
            total = self.collision_factors(me, mine, other, theirs)
            self.use("collision")
            self.damage(me, mine, total)
            if me.fighting and self.roll() in self.rs.collision.mast.hit:
                mast = sum(self.rs.collision.modifiers[n].value for n in self.rs.collision.mast_modifiers
                           if self.factor_applies(n, me, mine, other, theirs))
                self.use("collision.mast")
                self.damage(me, "mast", mast)

    def collision_factors(self, me: Boat, mine: str, other: Boat, theirs: str) -> int:
        return sum(m.value for n, m in self.rs.collision.modifiers.items()
                   if self.factor_applies(n, me, mine, other, theirs))

    def factor_applies(self, name: str, me: Boat, mine: str, other: Boat, theirs: str) -> bool:
        ot, mt = self.rs.types[other.type], self.rs.types[me.type]
        return {"bow": theirs == "bow", "stern": theirs == "stern", "side": theirs in ("port", "starboard"),
                "storm": self.storm > 0, "large": ot.large, "downwind": self.downwind(me, other),
                "skeg": mine == "bow" and ot.skeg, "bardi": mine in ("bow", "stern") and mt.bardi}.get(name, False)

    def downwind(self, me: Boat, other: Boat) -> bool:
        to = math.radians((self.wind + 180) % 360)
        return (me.x - other.x) * math.sin(to) + (me.y - other.y) * math.cos(to) > 0

    # -- 3. missile fire ------------------------------------------------------------------------
    def missile(self) -> None:
        """Every fighting ship shoots at its nearest enemy within long range, measured base to base (the
        lowest index of equals), all at once: the crews are marked after every ship has rolled."""
        bands, long, to_hit, bowmen = self.tables()
        boats = [b for b in self.boats if b.state in FIGHTING]
        # who shoots at whom reads only where the fighting ships lie: worked out once for a table, in
        # whichever game comes to it first (indices and ranges, never a game's boats)
        key = ("missile", tuple([(b.i, b.x, b.y, b.h) for b in boats]))
        aims = self.memo.get(key)
        if aims is None:
            aims = self.aims(boats, long)
            if len(self.memo) < MEMO_ENTRIES:
                self.memo[key] = aims
        shots = []
        roll = self.roll
        for i, ti, d in aims:
            b, target = self.boats[i], self.boats[ti]
            band = next(name for hi, name in bands if d <= hi)
            dice = min(bowmen[b.type], b.crew)
            hit, key = to_hit[b.side, band]
            rolled = [roll() for _ in range(dice)]
            shots.append((target, sum(1 for f in rolled if f in hit)))
            if self.events is not None:
                self.note(b.i, target.i, key + ".hit", rolled, shots[-1][1])
            self.use(key)
        volleys = self.gunfire() if self.rs.guns is not None else ()
        for target, hits in shots:                         # both sides shoot at once
            target.crew = max(0, target.crew - hits)
        for target, part, hits in volleys:                 # the guns with them: they hole the hull
            if hits:
                self.hole(target, part, hits)
        for b in self.boats:
            if b.crew == 0 and b.state in FIGHTING:        # crew_gone's test first: most ships keep a crew
                self.crew_gone(b)

    def aims(self, boats: list[Boat], long: float) -> list[tuple[int, int, float]]:
        """(shooter, target, range) for every fighting ship with an enemy within long range, base to
        base: its nearest, the lowest index of equals. The pairs whose centres lie close enough for
        their bases to be in range are found once, and each pair's range measured at most once, only
        while it could be a ship's nearest."""
        within: dict[int, list[Boat]] = {b.i: [] for b in boats}
        for n, a in enumerate(boats):
            ax, ay, ar, side = a.x, a.y, a.reach, a.side
            for c in boats[n + 1:]:
                if c.side != side and math.hypot(c.x - ax, c.y - ay) - ar - c.reach <= long:
                    within[a.i].append(c)
                    within[c.i].append(a)
        known: dict = {}
        out = []
        for b in boats:
            if within[b.i]:
                target, d = self.nearest(b, within[b.i], long, known)
                if target is not None:
                    out.append((b.i, target.i, d))
        return out

    def gunfire(self) -> list[tuple[Boat, str, int]]:
        """Every fighting ship whose guns are loaded fires at the nearest enemy within the guns' range
        (base to base) and their arc: ahead of its bow (the enemy's centre within `bow_arc_deg` of
        straight ahead, from the middle of the bow), or all round for a type with guns on every side.
        One die a gun die; (target, the target's sector facing the shooter, hits) a volley. The guns
        then reload: they fire again `reload_turns` whole turns later."""
        g = self.rs.guns
        bands = [(hi, name) for name, (_lo, hi) in g.range_in.bands().items()]
        reach = max(hi for hi, _ in bands)
        volleys = []
        for b in self.boats:
            t = self.rs.types[b.type]
            if not t.guns or b.state not in FIGHTING or b.loaded_at > self.turn:
                continue
            # only those whose centres lie near enough for their bases to be in range (nearest() would
            # pass over the others) are asked whether they lie in the guns' arc
            # (a centre farther off on either axis than both reaches and the range, and a margin, cannot be)
            x, y, r, side = b.x, b.y, b.reach, b.side
            near = self.boats_near(x, y, reach + r + self.widest + 1e-6)
            foes = [o for o in near if o.side != side and o.state in FIGHTING
                    and math.hypot(o.x - x, o.y - y) - r - o.reach <= reach
                    and (t.guns_all_round or ahead(b, o.x, o.y, g.bow_arc_deg))]
            target, d = self.nearest(b, foes, reach)
            if target is None:
                continue
            band = next(name for hi, name in bands if d <= hi)
            key = f"guns.to_hit.{band}"
            hit = g.to_hit[band].hit
            rolled = [self.roll() for _ in range(t.guns)]
            hits = sum(1 for f in rolled if f in hit)
            self.use(key)
            self.use("guns.reload_turns")
            self.note(b.i, target.i, key + ".hit", rolled, hits)
            b.loaded_at = self.turn + g.reload_turns + 1
            volleys.append((target, target.sector_at(b.x, b.y), hits))
        return volleys

    def tables(self):
        """What missile fire reads from the ruleset, looked up once a game: the bands (upper bound,
        name) in order, long range, each side's faces and rule key per band, each type's bowmen."""
        found = self.__dict__.get("_tables")
        if found is None:
            rs = self.rs
            bands = rs.missile.range_in.bands()
            to_hit = {(side, band): (frozenset(rs.missile.to_hit[side][band].hit), f"missile.to_hit.{side}.{band}")
                      for side in rs.sides for band in bands}
            found = self._tables = ([(hi, name) for name, (lo, hi) in bands.items()],
                                    max(hi for _, hi in bands.values()), to_hit,
                                    {k: t.bowmen for k, t in rs.types.items()})
        return found

    def crew_gone(self, b: Boat) -> None:
        if b.fighting and b.crew == 0:
            b.state = "captured" if b.grappled else "struck"
            self.fought()
            self.use("boarding")
            self.cut_loose(b)

    # -- 4. grappling and boarding --------------------------------------------------------------
    def boarding(self) -> None:
        rs = self.rs
        alive = [b for b in self.boats if b.state in FIGHTING]   # nobody strikes while grapnels are thrown
        grappled = rs.grappling.roll.grappled
        for a, c in self.alongside(alive):                  # in the order of the ships, pair by pair
            if c.i not in a.grappled:
                wanting = sum(1 for me, other in ((a, c), (c, a)) if self.wants_grapple(me, other))
                if not wanting:
                    continue
                self.use("grappling.roll")
                rolled = []
                for _ in range(wanting):                    # either captain's success grapples
                    rolled.append(self.roll())
                    if rolled[-1] in grappled:
                        break
                self.note(a.i, c.i, "grappling.roll.grappled", rolled, int(rolled[-1] in grappled))
                if rolled[-1] in grappled:
                    a.grappled.add(c.i)
                    c.grappled.add(a.i)
        for a in self.boats:
            if not a.grappled:
                continue
            for j in sorted(a.grappled):
                c = self.boats[j]
                if a.i < c.i and a.fighting and c.fighting:
                    ta = self.roll() + a.crew + self.chain_bonus(a)
                    tc = self.roll() + c.crew + self.chain_bonus(c)
                    self.use("boarding.loss")
                    if ta <= tc:
                        a.crew = max(0, a.crew - rs.boarding.loss)
                    if tc <= ta:
                        c.crew = max(0, c.crew - rs.boarding.loss)
                    self.crew_gone(a)
                    self.crew_gone(c)

    @staticmethod
    def alongside(alive: list[Boat]) -> list[tuple[Boat, Boat]]:
        """Enemy pairs (a, c), a before c in `alive`, whose bases touch (within CONTACT_SLACK), in the
        order of a nested loop over `alive`. Swept along x: only ships whose bases could reach each
        other are measured."""
        if len(alive) < 2:
            return []
        wide = 2 * max(b.reach for b in alive) + CONTACT_SLACK + 1e-9
        order = sorted(range(len(alive)), key=lambda n: alive[n].x)
        pairs = []
        for k, n in enumerate(order):
            a = alive[n]
            ax, ay, side = a.x, a.y, a.side
            for m in order[k + 1:]:
                c = alive[m]
                if c.x - ax > wide:
                    break
                if c.side != side and -wide <= c.y - ay <= wide:
                    pairs.append((n, m) if n < m else (m, n))
        return [(alive[n], alive[m]) for n, m in sorted(pairs) if gap(alive[n].r, alive[m].r) <= CONTACT_SLACK]

    def chain_bonus(self, b: Boat) -> int:
        """The rule card: "A chained ship with a chained neighbour still fighting adds +1: men cross the
        chains to help it." A neighbour is a ship of its own chained line (the scenario chains a squadron
        a line: "chained in three lines"), not one of the next line, whose chains do not reach it."""
        if b.chained and any(o.chained and o.squad == b.squad and o.side == b.side and o.fighting and o.i != b.i
                             and distance(o.r, b.r) <= CHAINED_IN for o in self.boats):
            self.use("boarding.chained_bonus")
            return self.rs.boarding.chained_bonus
        return 0

    # -- 5. morale ------------------------------------------------------------------------------
    def morale(self) -> None:
        m = self.rs.morale
        lost = m.test_crew_lost
        for b in self.boats:
            if b.state in FIGHTING and b.crew_max - b.crew >= lost * b.crew_max:
                self.use("morale.roll")
                face = self.roll()
                self.note(b.i, None, "morale.roll.breaks", [face], int(face in m.roll.breaks))
                if face in m.roll.breaks:
                    if b.grappled:
                        b.state = "captured"
                    else:
                        b.state = "struck" if (b.chained or b.state == "aground") else "fled"
                    self.fought()
                    self.cut_loose(b)


def ahead(b: Boat, x: float, y: float, arc: float) -> bool:
    """Whether the point (x, y) lies within `arc` degrees either side of straight ahead of the ship,
    seen from the middle of its bow."""
    bx, by, fx, fy, hl, _hw = b.r
    dx, dy = x - (bx + fx * hl), y - (by + fy * hl)
    if dx == 0 and dy == 0:
        return True
    cos = (dx * fx + dy * fy) / math.hypot(dx, dy)
    return cos >= math.cos(math.radians(arc)) - 1e-12


# -- a game ---------------------------------------------------------------------------------------
def new_game(scenario, deployment, seed: int | str, turn_limit: int | None = None,
             policies: dict[str, str] | None = None, log: list | None = None, events: list | None = None) -> Game:
    """A game on the deployment's table (boats.table_of)."""
    return start(table_of(scenario, deployment), seed, turn_limit, policies, log, events=events)


def start(table: Table, seed: int | str, turn_limit: int | None = None, policies: dict[str, str] | None = None,
          log: list | None = None, memo: dict | None = None, events: list | None = None) -> Game:
    boats, hazards = table.pieces()
    return Game(table.rs, boats, hazards, table.width, table.height, seed, turn_limit or table.turn_limit,
                table.victory, policies, log, memo, rules=table.rules, events=events)


# -- the family's engine for printgen/play (RuleSystem.phases) --------------------------------------
class Engine:
    """The sectors engine behind `printgen simulate` and the kit's "How this scenario plays": a whole
    game at a time (this Game plays the ruleset's phases itself), on the scenario's deployment."""

    simplifications = SIMPLIFICATIONS
    policies = ("close-and-fire", "hold-the-line", "keep-range", "archers-first")     # the habits it steers by

    def __init__(self, rs, scenario=None, deployment=None):
        self.rs, self.scenario, self.deployment = rs, scenario, deployment

    def scaled(self, scale: float) -> Engine:
        return self                      # the deployment is already at the kit's scale (hazards_of too)

    def bind(self, scenario, deployment) -> Engine:
        """The engine for this scenario's ships, chains and obstacles."""
        return Engine(self.rs, scenario, deployment)

    def hit_points(self, flagship: bool) -> int:
        return 0                         # a replay's start pose; crews and sectors are this engine's own

    def __getattr__(self, name: str):
        """`play_games` (printgen/play/run.py plays a family that has it in threads) only where the engine
        is compiled: as Python, the games are cheaper one by one in play.Game, on worker processes."""
        if name == "play_games" and self.__dict__.get("scenario") is not None:
            from printgen.play import jit

            if jit.compiled():
                return self._play_games
        raise AttributeError(name)

    def _table_of(self) -> Table:
        table = self.__dict__.get("_table")
        if table is None:
            table = self._table = table_of(self.scenario, self.deployment)
        return table

    def _compiled(self, setup):
        """The compiled whole game's arrays for this set-up (made once, kept in its memo), or None: the
        engine as Python (play/jit.py decided), or rules it does not play as play.Game does (battle.prepared)."""
        from printgen.play import jit

        if not jit.compiled():
            return None
        key = ("sectors-compiled",)
        if key not in setup.memo:
            from printgen.systems.sectors import battle

            policies = {side: p.name for side, p in setup.policies.items()}
            table = self._table_of()
            setup.memo[key] = battle.prepared(table, policies, setup.turn_limit or table.turn_limit)
        return setup.memo[key]

    def _play_games(self, setup, seed: int, first: int, count: int, tallies: bool = False) -> list:
        """Games first..first+count-1 of the simulation seeded `seed` (play/run.py's simulate), compiled:
        Results, each with its tally if asked."""
        from printgen.play.engine import game_seed

        found = self._compiled(setup)
        if found is None:
            one_by_one: list = []
            for i in range(first, first + count):
                tally: list = []
                r = self.play_game(setup, seed, i, tally=tally)
                one_by_one.append((r, tally) if tallies else r)
            return one_by_one
        from printgen.systems.sectors import battle as compiled

        limit = setup.turn_limit or self._table_of().turn_limit
        ends, struck, points = compiled.play_games(found, [game_seed(seed, i) for i in range(first, first + count)],
                                                   limit, len(self.rs.sides))
        out: list = []
        for g in range(count):
            played = int(ends[g, 0])
            r = self._result(played, bool(ends[g, 1]), struck[g, -1], points[g, -1])
            out.append((r, [self._result(t + 1, False, struck[g, t], points[g, t]) for t in range(played)])
                       if tallies else r)
        return out

    def _result(self, turn: int, by_limit: bool, struck, points):
        """play.Game.result from the compiled game's counts."""
        from printgen.play.engine import Result

        rules: Any = self._table_of().rules
        sides = tuple(self.rs.sides)
        struck, points = tuple(int(v) for v in struck), tuple(int(v) for v in points)
        counts = [sum(1 for b in self._table_of().boats if b[2] == s) for s in sides]
        broken = [rules is not None and rules.broken(k, c) for k, c in zip(struck, counts)]
        if rules is not None:
            winner = rules.winner(sides, list(points), broken)
        else:
            top = [s for s, v in zip(sides, points) if v == max(points)]
            winner = top[0] if len(top) == 1 else None
        return Result(turn, by_limit, winner, struck, points)

    def play_game(self, setup, seed: int, index: int, log: list | None = None, tally: list | None = None,
                  events: list | None = None):
        """One game of the simulation seeded `seed` as printgen/play/engine.Result: compiled (battle.py) unless
        a page is to show its snapshots or rolls, which play.Game keeps."""
        from printgen.play.engine import game_seed

        if log is None and events is None and self._compiled(setup) is not None:
            r, turns = self._play_games(setup, seed, index, 1, tallies=True)[0]
            if tally is not None:
                tally += turns
            return r
        policies = {side: p.name for side, p in setup.policies.items()}
        table = self._table_of()
        g = start(table, game_seed(seed, index), setup.turn_limit, policies, log, setup.memo, events)
        if log is not None:
            g.snapshot("start")
        g.play(tally)
        alive = [any(b.fighting for b in g.boats if b.side == s) for s in self.rs.sides]
        return g.result(by_limit=all(alive) and not any(g.broken()))
