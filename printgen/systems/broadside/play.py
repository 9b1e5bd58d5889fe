"""The broadside family's phases (the Trafalgar fast-play rules), played on real base rectangles.
Every number is read from the ruleset; the order of the phases is the ruleset's `sequence.phases`.
The phases are compiled (sailing.py, firing.py, contact.py, turns.py); this is their Python front:
the tables, a whole game or many, and each phase on a hand-built table (the tests').

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
  hit points.

What the Nile and Lake Erie add (docs/battles/engine-needs.md; each only where the ruleset has its
section, so Trafalgar's games are as they were):
- ship types: each ship's hit points and dice in each band (rake rolls the short-range dice); a
  captain fires where he expects the most hits (dice x a die's chance), never where he would roll no
  dice; the flag's extra die goes with the flag;
- at anchor: no move, no turn, no drift (nor does a cluster that holds her), never grapples, always
  tries to cut loose; the landward broadside (its outward side within 90 degrees of the land) rolls at
  most the landward dice, at a target whose centre lies on that side of her centre line;
- ground: a base that touches a shoal or the shore as it sails or drifts stops there, aground, until
  it floats off (a roll at the start of each drift phase, before any cutting loose); a captain sees the
  ground: a move that runs aground scores worse than any other, and makes no turn after its run;
- the explosion: once a squadron's hits, or the boarding phase's, are marked, the ships that have
  struck since roll, in the order of the ships, round by round (blast.py);
- night: from its turn, no ship fires at a target beyond its range, base to base;
- the admiral's boat: before the side's moves, a flagship with half its hit points or fewer left
  sends him to the ship within reach with the most hit points left (more than hers), then the
  nearest; she does not move that phase."""

from __future__ import annotations

import random

import numpy as np

from printgen.errors import PrintgenError, Problem
from printgen.game.deploy_settings import COMPASS_DEG
from printgen.game.geometry import direction
from printgen.play.dice import dice_of, give_back
from printgen.play.policies import POLICIES, Policy
from printgen.play.state import Event, Game, Ship, board_of, links_of, put_back
from printgen.systems.broadside import contact, firing, sailing, turns
from printgen.systems.broadside.record import EVENTS, SHORT, SNAPSHOTS, Record, no_record, record
from printgen.systems.broadside.setup import BANDS, COLOURS, Tables, rule_names, tables

CONTACT = 0.05            # printgen's choice: bases this close (inches at full scale) touch


class Broadside:
    """The phases of one broadside ruleset at one table scale: the tables every phase reads and the
    order of the turn; the phases themselves are compiled (turns.py)."""

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

    def __init__(self, rs, scale: float, kinds: tuple = (), ground: tuple = ()):
        self.rs, self.scale = rs, scale
        # the scenario's own (bind): each ship's (type, at anchor) in the set-up's order, and the ground
        # (shoals, shore) as full-scale (x, y, width east, depth north) rectangles; each only where the
        # ruleset has the rule ([types], [anchors], [aground]): a rule it does not have is off
        self.kinds, self.ground = tuple(kinds), tuple(ground)
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
        eye = rs.movement.into_wind_deg        # the wind's eye as a red sector of headings (the rulings' reading)
        self.eyes = [] if eye is None else [((COMPASS_DEG[rs.table.wind_from] - eye) % 360, 2 * eye)]
        self.narrow = rs.bases.width_in * scale        # the rulings: a gap narrower than a base is wide blocks fire
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

    def scaled(self, scale: float) -> Broadside:
        """The same rules on a table `scale` times the full size (distances, speeds, drift)."""
        return Broadside(self.rs, scale, self.kinds, self.ground)

    def bind(self, scenario, deployment) -> Broadside:
        """The phases for this scenario's ships (their types, which lie at anchor) and its ground (the
        shoals and shore of its [[terrain]]), as printgen/play/engine.setup asks."""
        rs = self.rs
        kinds = tuple((p.ship.type if rs.types else "", bool(p.ship.anchored) and rs.anchors is not None)
                      for p in deployment.placements)
        ground = tuple(tuple(float(v) for v in o.area_in((0.0, 0.0))) for o in scenario.file.terrain
                       if o.kind in ("shoal", "shore")) if rs.aground is not None else ()
        return Broadside(rs, self.scale, kinds, ground)

    def hit_points(self, flagship: bool, kind: str = "") -> int:
        return self.rs.hit_points_of(flagship, kind)

    # -- whole games (printgen/play/engine.py asks these) -----------------------------------------------
    def play_game(self, st, seed: int, index: int, log: list | None = None, tally: list | None = None,
                  events: list | None = None):
        """Game `index` of the simulation seeded `seed` (printgen/play/engine.py's play): its Result;
        `tally` gets the game as it stood at the end of each turn, `log` its snapshots and `events` its
        rolls (with a ("phase", label) after each phase), for the pages that show it."""
        from printgen.play.engine import game_seed

        T, start = self._prepared(st)
        n = start.P.shape[0]
        size = 1 + st.turn_limit * len(self.plan)
        R = record(n, size, size * (3 * n + 8), size * (3 * n + 8) * 8) if log is not None or events is not None \
            else no_record(n)
        mts = np.array([random.Random(game_seed(seed, index)).getstate()[1]], np.int64)
        while True:
            ends = np.zeros((1, 3), np.int64)
            struck = np.zeros((1, st.turn_limit + 1, len(st.sides)), np.int64)
            points = np.zeros_like(struck)
            turns.play_many(T, start, mts, ends, struck, points, R)
            if not R.count[SHORT]:
                break
            R = record(n, size, 2 * R.events.shape[0], 2 * R.faces.shape[0])    # more rolls than foreseen
        if log is not None or events is not None:
            self._replayed(st, R, log, events)
        turn, limited, tallied = (int(v) for v in ends[0])
        if tally is not None:
            tally += [self._result(st, t + 1, False, struck[0, t], points[0, t]) for t in range(tallied)]
        return self._result(st, turn, bool(limited), struck[0, -1], points[0, -1])

    def play_games(self, st, seed: int, first: int, count: int, tallies: bool = False) -> list:
        """Games first..first+count-1 (play/run.py's simulate): Results, each with its tally if asked."""
        from printgen.play.engine import game_seed

        T, start = self._prepared(st)
        sides = len(st.sides)
        mts = np.array([random.Random(game_seed(seed, i)).getstate()[1] for i in range(first, first + count)],
                       np.int64).reshape(count, 625)
        ends = np.zeros((count, 3), np.int64)
        struck = np.zeros((count, st.turn_limit + 1, sides), np.int64)
        points = np.zeros_like(struck)
        turns.play_many(T, start, mts, ends, struck, points, no_record(start.P.shape[0]))
        out: list = []
        for g in range(count):
            r = self._result(st, int(ends[g, 0]), bool(ends[g, 1]), struck[g, -1], points[g, -1])
            out.append((r, [self._result(st, t + 1, False, struck[g, t], points[g, t]) for t in range(ends[g, 2])])
                       if tallies else r)
        return out

    def _prepared(self, st) -> tuple[Tables, object]:
        """The set-up's tables and starting table, made once (kept in its memo)."""
        found = st.memo.get("broadside")
        if found is None:
            kinds = self.kinds or (("", False),) * len(st.start)
            ships = [Ship(i, name, side, flag, x, y, h, length, width, self.hit_points(flag, kind), squad, kind, anchored)
                     for i, ((name, side, flag, x, y, h, length, width, squad), (kind, anchored))
                     in enumerate(zip(st.start, kinds, strict=True))]
            T = tables(self, st.sides, [(s.side, s.flagship, s.length, s.width, s.kind) for s in ships], st.width,
                       st.height, st.edges, {side: p.code for side, p in st.policies.items()}, st.turn_limit, st.victory)
            found = st.memo["broadside"] = (T, board_of(Game(ships, st.width, st.height, st.edges, None), st.sides))  # type: ignore
        return found

    @staticmethod
    def _result(st, turn: int, limited: bool, struck, points):
        from printgen.play.engine import Result

        counts = [sum(1 for _, side, *_ in st.start if side == s) for s in st.sides]
        struck, points = tuple(int(v) for v in struck), tuple(int(v) for v in points)
        broken = [st.victory.broken(k, n) for k, n in zip(struck, counts)]
        return Result(turn, limited, st.victory.winner(st.sides, list(points), broken), struck, points)

    def _replayed(self, st, R: Record, log: list | None, events: list | None) -> None:
        """The snapshots and rolls of a recorded game, as Game.snapshot and Game.note keep them."""
        names = rule_names(self, st.sides)
        done = 0
        for k in range(int(R.count[SNAPSHOTS])):
            label = "start" if R.phase[k] < 0 else self.plan[int(R.phase[k])][0]
            if events is not None:
                for e in R.events[done:int(R.upto[k])]:
                    ship, other, rule, result, at, n = (int(v) for v in e)
                    events.append(Event(None if ship < 0 else ship, None if other < 0 else other, names[rule],
                                        tuple(int(f) for f in R.faces[at:at + n]), result))
                done = int(R.upto[k])
                events.append(("phase", label))
            if log is not None:
                poses = tuple((float(x), float(y), float(h), int(hp), bool(struck))
                              for (x, y, h), (hp, struck) in zip(R.poses[k], R.state[k]))
                log.append((int(R.turn[k]), label, poses, links_of(R.links[k], R.order[k])))

    # -- one phase on a hand-built table (the tests'), through the same compiled code -----------------------
    def drift(self, game: Game, policies: dict[str, Policy]) -> None:
        self._on(game, policies, contact.drift)

    def entangle(self, game: Game, policies: dict[str, Policy]) -> None:
        self._on(game, policies, contact.entangle)

    def board(self, game: Game, policies: dict[str, Policy] | None = None) -> None:
        self._on(game, policies, contact.board)

    def move(self, game: Game, side: str, policies: dict[str, Policy]) -> None:
        k = tuple(self.rs.sides).index(side)
        self._on(game, policies, lambda T, B, D, R: sailing.move(T, B, D, k, R))

    def shoot(self, game: Game, side: str) -> None:
        k = tuple(self.rs.sides).index(side)
        self._on(game, None, lambda T, B, D, R: firing.shoot(T, B, D, k, R))

    def target_band(self, game: Game, s: Ship, t: Ship) -> tuple[str, float] | None:
        """(band, range) if `s` can shoot `t` now: in its broadside area, in range, line of fire clear."""
        T, B = self._game_tables(game, None), board_of(game, tuple(self.rs.sides))
        n = len(game.ships)
        code, d = firing.band_from(T, B.P, s.i, firing.rect_at(B.P, s.i), t.i, np.arange(n), n)
        return None if code < 0 else ({v: k for k, v in BANDS.items()}[code], float(d))

    def colour_of(self, game: Game, x: float, y: float, h: float) -> str:
        """The wind colour of a bow at (x, y) heading h."""
        code = sailing.colour_of(self._game_tables(game, None), float(x), float(y), float(h))
        return {v: k for k, v in COLOURS.items()}[code]

    def _game_tables(self, game: Game, policies: dict[str, Policy] | None) -> Tables:
        sides = tuple(self.rs.sides)
        habits = {s: (policies or {}).get(s, POLICIES["hold-the-line"]).code for s in sides}
        return tables(self, sides, [(s.side, s.flagship, s.length, s.width, s.kind) for s in game.ships], game.width,
                      game.height, game.edges, habits, 1, None)

    def _on(self, game: Game, policies, phase) -> None:
        """A compiled phase played on `game`: its ships, links and dice as the phase leaves them, its
        rolls in game.events if it keeps them."""
        sides = tuple(self.rs.sides)
        T, B, D = self._game_tables(game, policies), board_of(game, sides), dice_of(game.rng)
        n = len(game.ships)
        R = record(n, 1, 64 * n + 64, 512 * n + 512) if game.events is not None else no_record(n)
        try:
            phase(T, B, D, R)
        finally:
            give_back(game.rng, D)
        put_back(game, B)
        if game.events is not None:
            names = rule_names(self, sides)
            for ship, other, rule, result, at, k in R.events[:int(R.count[EVENTS])].tolist():
                game.events.append(Event(None if ship < 0 else ship, None if other < 0 else other, names[rule],
                                         tuple(int(f) for f in R.faces[at:at + k]), result))


def phases(ruleset, scale: float = 1.0) -> Broadside:
    """The engine hook of the broadside family (RuleSystem.phases): its phases, ready to play a game."""
    return Broadside(ruleset, scale)
