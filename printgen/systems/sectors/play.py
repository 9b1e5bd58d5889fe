"""A minimal game engine for the sectors family (the medieval fragment), until the shared simulator
(printgen/play) has one: seeded, deterministic, phase by phase as the ruleset's `sequence.phases`
lists them, every number read from the ruleset. Ships are points with a heading and a base; a
simple policy steers them: every ship that may move heads for the nearest enemy, rammers strike,
others come alongside (or smash into the enemy when attack speed brings them in contact).

Each phase records the rule entries it applied (`Game.used`), so a test can see that every phase
of the turn has a rule that was used."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from printgen.game.deploy_settings import COMPASS_DEG
from printgen.systems.sectors.model import SECTORS

CONTACT_SLACK = 0.25               # inches: bases this close count as touching
STEP = 0.25                        # inches: movement is walked in steps this long (obstacles, contact)
FIGHTING = ("afloat", "aground")   # the states of a ship still in the fight (Boat.fighting)


@dataclass
class Hazard:
    """An obstacle on the table (inches from the west and south edges): `hidden` (stakes, scuttled
    hulls: damage and passage rolls), or `shoal` / `shore` (a ship running on it goes aground)."""
    kind: str
    x0: float
    y0: float
    x1: float
    y1: float
    found: bool = False            # a marker was put down (the source: only once contacted)

    def holds(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


@dataclass
class Boat:
    i: int
    name: str
    side: str
    type: str
    flagship: bool
    x: float
    y: float
    h: float
    length: float
    width: float
    structure: dict[str, int]
    crew: int
    crew_max: int
    chained: bool = False
    state: str = "afloat"          # afloat, aground, sunk, fled, struck, captured
    grappled: set[int] = field(default_factory=set)
    attack_uses: int = 0
    attack_last: int = -9
    ram_clear: int = 0             # turns of clearing left after a ram
    moved: bool = False            # moved this turn (for "the target moved in the previous turn")
    moved_before: bool = False
    hazards_met: set[int] = field(default_factory=set)

    @property
    def fighting(self) -> bool:
        return self.state in FIGHTING


class Game:
    def __init__(self, rs, boats: list[Boat], hazards: list[Hazard], width: float, height: float,
                 seed: int | str, turn_limit: int, victory: tuple[int, int, int] = (1, 2, 3),
                 holding: frozenset[str] = frozenset(), log: list | None = None):
        self.rs, self.boats, self.hazards = rs, boats, hazards
        self.holding = holding         # sides whose policy keeps station (printgen/play/policies.py)
        self.log = log                 # (turn, phase, poses, links) after each phase, for a replay
        self.width, self.height = width, height
        self.rng = random.Random(seed)
        self.turn, self.turn_limit = 0, turn_limit
        self.wind = COMPASS_DEG[rs.table.wind_from]
        self.storm = 0
        self.victory = victory
        self.used: dict[str, set[str]] = {p: set() for p in rs.sequence.phases}
        self.phase = ""

    # -- dice and bookkeeping -------------------------------------------------------------------
    def roll(self) -> int:
        return self.rng.randint(1, 6)

    def use(self, key: str) -> None:
        self.used[self.phase].add(key)

    def enemies(self, b: Boat) -> list[Boat]:
        return [o for o in self.boats if o.side != b.side and o.state in FIGHTING]    # Boat.fighting, inline

    def damage(self, b: Boat, part: str, total: int) -> int:
        """A modified roll read on the damage table against one sector (or the mast)."""
        points = self.rs.damage_for(self.roll() + total).points
        self.use("damage")
        b.structure[part] = max(0, b.structure[part] - points)
        lost = sum(1 for s in SECTORS if b.structure[s] == 0)
        if lost >= self.rs.effects.sinks_at_sectors_lost and b.fighting:
            b.state = "sunk"
            self.use("effects.sinks_at_sectors_lost")
            self.cut_loose(b)
        return points

    def cut_loose(self, b: Boat) -> None:
        for j in b.grappled:
            self.boats[j].grappled.discard(b.i)
        b.grappled.clear()

    # -- the turn -------------------------------------------------------------------------------
    def play(self) -> str | None:
        """Play until the turn limit or a side has no ship fighting; the winning side (None: a draw)."""
        phases = {"wind": self.weather, "movement": self.movement, "missile": self.missile,
                  "grappling": self.boarding, "morale": self.morale}
        steps = []
        for name in self.rs.sequence.phases:
            key = name.split()[0].lower()
            if key not in phases:
                raise ValueError(f"sequence phase '{name}': no rule of the engine plays it (known: {', '.join(phases)})")
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
        return self.winner()

    def snapshot(self, phase: str) -> None:
        """The table after a phase, as printgen/sheets/plays/replay.py draws it (poses: x, y, h, hp, out)."""
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
        best = max(pts.values())
        top = [s for s, v in pts.items() if v == best]
        return top[0] if len(top) == 1 else None

    # -- 1. wind and weather --------------------------------------------------------------------
    def weather(self) -> None:
        w = self.rs.weather
        face = self.roll()
        self.use("weather.roll")
        self.storm = max(0, self.storm - 1)
        if face in w.roll.storm:
            self.storm = w.storm_turns
        elif face in w.roll.backs:
            self.wind = (self.wind - w.shift_deg) % 360
        elif face in w.roll.veers:
            self.wind = (self.wind + w.shift_deg) % 360

    # -- 2. movement ----------------------------------------------------------------------------
    def movement(self) -> None:
        for b in self.boats:
            if b.state == "aground":
                self.refloat(b)
            elif b.state == "afloat" and not b.chained and not b.grappled and b.side not in self.holding:
                self.move(b)

    def refloat(self, b: Boat) -> None:
        t = self.rs.types[b.type]
        if t.round_ship or b.crew <= b.crew_max * (1 - self.rs.aground.crew_lost_stays):
            self.use("aground")                            # stays aground for the game
            return
        if self.roll() in self.rs.aground.refloat.refloated:
            b.state = "afloat"
        self.use("aground.refloat")

    def move(self, b: Boat) -> None:
        rs, t = self.rs, self.rs.types[b.type]
        foes = self.enemies(b)
        if not foes:
            return
        if b.ram_clear:
            b.ram_clear -= 1
            self.use("ramming.clear_turns")
        x, y = b.x, b.y
        target = min([(math.hypot(x - o.x, y - o.y), o.i, o) for o in foes])[2]     # the nearest (dist), then index
        heading = bearing(b.x, b.y, target.x, target.y)
        off = off_wind(heading, self.wind)
        if t.round_ship:
            self.use("movement.round_ship_min_angle_to_wind_deg")
            if off < rs.movement.round_ship_min_angle_to_wind_deg:
                side = 1 if ((heading - self.wind) % 360) < 180 else -1
                heading = (self.wind + side * rs.movement.round_ship_min_angle_to_wind_deg) % 360
                off = rs.movement.round_ship_min_angle_to_wind_deg
        if b.structure["mast"] == 0 and not t.oars:
            return                                         # a dismasted round ship cannot move
        furled = t.oars and dist(b, target) <= rs.movement.furl_within_in
        if furled:
            self.use("movement.furl_within_in")
        speed = t.speed_in
        if 180 - off <= rs.movement.with_wind_within_deg and not furled and b.structure["mast"] > 0:
            speed += rs.movement.with_wind_bonus_in
            self.use("movement.with_wind_bonus_in")
        ram = t.ram and b.ram_clear == 0
        reach = self.contact(b, target, ram)
        gap = dist(b, target) - reach
        attack = False
        if speed < gap <= t.attack_speed_in and b.attack_uses < rs.movement.attack_speed_uses \
                and self.turn - b.attack_last > rs.movement.attack_speed_rest_turns:
            speed, attack = t.attack_speed_in, True
            b.attack_uses, b.attack_last = b.attack_uses + 1, self.turn
            self.use("movement.attack_speed_uses")
        if abs((heading - b.h + 180) % 360 - 180) >= rs.movement.sweep_turn_deg:
            speed = max(0.0, speed - 1.0)                  # the sweep costs some of the move
            self.use("movement.sweep_turn_deg")
        b.h = heading
        travelled = 0.0
        run = min(speed, max(0.0, gap))
        sx, sy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
        # only obstacles near the straight run can be met on it (an inch to spare for rounding)
        ex, ey = b.x + run * sx, b.y + run * sy
        lx, hx, ly, hy = min(b.x, ex) - 1.0, max(b.x, ex) + 1.0, min(b.y, ey) - 1.0, max(b.y, ey) + 1.0
        on_way = [(k, hz) for k, hz in enumerate(self.hazards) if hz.x1 >= lx and hz.x0 <= hx and hz.y1 >= ly
                  and hz.y0 <= hy]
        while travelled + 1e-9 < run:
            step = min(STEP, speed - travelled, gap - travelled)
            b.x += step * sx
            b.y += step * sy
            travelled += step
            b.moved = True
            if on_way and not self.hazard(b, on_way):
                return
        if gap <= speed + 1e-9:
            self.touch(b, target, ram, attack)

    def contact(self, b: Boat, target: Boat, bow_first: bool) -> float:
        """Centre distance at which the two bases touch: bow on (a ram) or alongside."""
        return (b.length / 2 if bow_first else b.width / 2) + target.width / 2

    def hazard(self, b: Boat, hazards: list[tuple[int, Hazard]] | None = None) -> bool:
        """Obstacles, shoals and the shore met on this step; False if the ship must stop. `hazards`:
        (index, hazard) of those that can be met, in order, if the caller has narrowed them down."""
        for k, hz in (enumerate(self.hazards) if hazards is None else hazards):
            if not hz.holds(b.x, b.y) or k in b.hazards_met:
                continue
            b.hazards_met.add(k)
            part = self.sector_roll()
            if hz.kind == "hidden":
                hz.found = True
                self.use("obstacles")
                self.damage(b, part, 0)
                if self.roll() in self.rs.obstacles.passage.blocked:
                    return False
            else:
                self.use("aground")
                self.damage(b, part, 0)
                if b.fighting:
                    b.state = "aground"
                return False
            if not b.fighting:
                return False
        return True

    def sector_roll(self) -> str:
        face = self.roll()
        return next(s for s in SECTORS if face in getattr(self.rs.obstacles.sector, s))

    def touch(self, b: Boat, target: Boat, ram: bool, attack: bool) -> None:
        """Contact: a ram strikes, attack speed without a ram smashes (the collision rules), else alongside."""
        part = struck_part(target, b.x, b.y)
        if ram and part in ("port", "starboard", "stern", "bow"):
            mods = self.rs.ramming.modifiers
            total = (mods["attack-speed"].value if attack else 0) + \
                    (mods["large"].value if self.rs.types[b.type].large else 0) + \
                    (mods["round-ship"].value if self.rs.types[target.type].round_ship else 0) + \
                    (mods["moved"].value if target.moved_before else 0)
            self.use("ramming")
            self.damage(target, part, total)
            b.ram_clear = self.rs.ramming.clear_turns
        elif attack:
            self.collide(b, "bow", target, part)

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
        bands = self.rs.missile.range_in.bands()
        long = self.rs.long_range_in()
        shots = []
        for b in self.boats:
            if not b.fighting:
                continue
            x, y = b.x, b.y                                # (range, index, ship) within long range
            foes = [f for f in [(math.hypot(x - o.x, y - o.y), o.i, o) for o in self.enemies(b)] if f[0] <= long]
            if not foes:
                continue
            d, _, target = min(foes)                       # the nearest, then the lowest index (indices differ)
            band = next(n for n, (lo, hi) in bands.items() if d <= hi)
            dice = min(self.rs.types[b.type].bowmen, b.crew)
            hit = self.rs.missile.to_hit[b.side][band].hit
            shots.append((target, sum(1 for _ in range(dice) if self.roll() in hit)))
            self.use(f"missile.to_hit.{b.side}.{band}")
        for target, hits in shots:                         # both sides shoot at once
            target.crew = max(0, target.crew - hits)
        for b in self.boats:
            self.crew_gone(b)

    def crew_gone(self, b: Boat) -> None:
        if b.fighting and b.crew == 0:
            b.state = "captured" if b.grappled else "struck"
            self.use("boarding")
            self.cut_loose(b)

    # -- 4. grappling and boarding --------------------------------------------------------------
    def boarding(self) -> None:
        rs = self.rs
        alive = [b for b in self.boats if b.fighting]       # nobody strikes while grapnels are thrown
        for n, a in enumerate(alive):
            for c in alive[n + 1:]:                         # dist and contact (alongside), inline
                if a.side != c.side and c.i not in a.grappled \
                        and math.hypot(a.x - c.x, a.y - c.y) <= a.width / 2 + c.width / 2 + CONTACT_SLACK:
                    self.use("grappling.roll")
                    if any(self.roll() in rs.grappling.roll.grappled for _ in range(2)):
                        a.grappled.add(c.i)
                        c.grappled.add(a.i)
        for a in self.boats:
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

    def chain_bonus(self, b: Boat) -> int:
        if b.chained and any(o.chained and o.side == b.side and o.fighting and o.i != b.i and dist(o, b) < 4
                             for o in self.boats):
            self.use("boarding.chained_bonus")
            return self.rs.boarding.chained_bonus
        return 0

    # -- 5. morale ------------------------------------------------------------------------------
    def morale(self) -> None:
        m = self.rs.morale
        for b in self.boats:
            if b.fighting and b.crew_max - b.crew >= m.test_crew_lost * b.crew_max:
                self.use("morale.roll")
                if self.roll() in m.roll.breaks:
                    if b.grappled:
                        b.state = "captured"
                    else:
                        b.state = "struck" if (b.chained or b.state == "aground") else "fled"
                    self.cut_loose(b)


# -- geometry ---------------------------------------------------------------------------------------
def dist(a: Boat, b: Boat) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def bearing(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360


def off_wind(heading: float, wind_from: float) -> float:
    """Degrees between the bow and the wind's eye: 0 head to wind, 180 dead downwind."""
    return abs((heading - wind_from + 180) % 360 - 180)


def struck_part(target: Boat, x: float, y: float) -> str:
    rel = (bearing(target.x, target.y, x, y) - target.h) % 360
    if rel <= 45 or rel >= 315:
        return "bow"
    if 135 <= rel <= 225:
        return "stern"
    return "starboard" if rel < 180 else "port"


# -- setting up a game from a scenario --------------------------------------------------------------
def new_game(scenario, deployment, seed: int | str, turn_limit: int | None = None,
             holding: frozenset[str] = frozenset(), log: list | None = None) -> Game:
    """A game on the deployment's table; squadrons the scenario chains lie chained. The turn limit
    and the victory points are the scenario's lesson (classroom additions)."""
    rs = scenario.ruleset
    chained = set(scenario.file.fleet.chained)
    boats = []
    for i, p in enumerate(deployment.placements):
        t = rs.types[p.ship.type]
        st = t.structure
        boats.append(Boat(i, p.ship.name, p.ship.side, p.ship.type, p.ship.flagship, p.x_in, p.y_in,
                          float(p.heading_deg), p.length_in, p.width_in,
                          {"bow": st.bow, "stern": st.stern, "port": st.port, "starboard": st.starboard,
                           "mast": st.mast}, t.crew_boxes, t.crew_boxes, chained=p.ship.squadron in chained))
    hazards = [Hazard(h["kind"], *h["rect_in"]) for h in hazards_of(scenario, deployment.scale)]
    v = scenario.victory
    return Game(rs, boats, hazards, deployment.width_in, deployment.height_in, seed,
                turn_limit or scenario.lesson.turn_limit, (v.struck, v.flagship_struck, v.captured), holding, log)


def hazards_of(scenario, scale: float) -> list[dict]:
    """The scenario's obstacles as rectangles [x0, y0, x1, y1] in table inches at this scale."""
    out = []
    for h in scenario.file.terrain:
        x, y, w, d = (v * scale for v in h.area_in(scenario.ruleset.obstacles.marker_in))
        out.append({"name": h.name, "kind": h.kind, "rect_in": (x, y, x + w, y + d)})
    return out


# -- the family's engine for printgen/play (RuleSystem.phases) --------------------------------------
class Engine:
    """The sectors engine behind `printgen simulate` and the kit's "How this scenario plays": a whole
    game at a time (this Game plays the ruleset's phases itself), on the scenario's deployment."""

    def __init__(self, rs, scenario=None, deployment=None):
        self.rs, self.scenario, self.deployment = rs, scenario, deployment

    def scaled(self, scale: float) -> "Engine":
        return self                      # the deployment is already at the kit's scale (hazards_of too)

    def bind(self, scenario, deployment) -> "Engine":
        """The engine for this scenario's ships, chains and obstacles."""
        return Engine(self.rs, scenario, deployment)

    def hit_points(self, flagship: bool) -> int:
        return 0                         # a replay's start pose; crews and sectors are this engine's own

    def play_game(self, setup, seed: int, index: int, log: list | None = None):
        """One game of the simulation seeded `seed` as printgen/play/engine.Result."""
        from printgen.play.engine import Result, game_seed

        holding = frozenset(side for side, p in setup.policies.items() if not p.moves)
        g = new_game(self.scenario, self.deployment, game_seed(seed, index), setup.turn_limit, holding, log)
        if log is not None:
            g.snapshot("start")
        winner = g.play()
        sides = tuple(self.rs.sides)
        alive = [any(b.fighting for b in g.boats if b.side == s) for s in sides]
        pts = g.points()
        return Result(g.turn, all(alive), winner,
                      tuple(sum(1 for b in g.boats if b.side == s and not b.fighting) for s in sides),
                      tuple(pts[s] for s in sides))
