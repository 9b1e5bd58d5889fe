"""Play one game of a scenario: set the ships from the deployment, play the family's phases turn by
turn until one side has no ship able to fight or the lesson's turn limit, then count victory points.

The end and the victory are classroom additions (printgen/data/lesson.py); the seed has neither.
No fleet-wide rout: a side fights until its last ship strikes (the seed has no such rule)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from printgen.data.lesson import Victory
from printgen.data.simulation import policies_of
from printgen.errors import PrintgenError, Problem

if TYPE_CHECKING:        # the engine itself is imported by the functions that play (play/jit.py decides then
    from printgen.play.habits import Policy  # whether it is compiled: a page that only names a Result
    from printgen.play.state import Game  # never loads it)


@dataclass(frozen=True)
class Result:
    """One game's outcome, small enough to send between processes by the thousand."""

    turns: int                        # turns played (the turn in which the game ended)
    by_limit: bool                    # ended at the turn limit, not because a side had no ship left
    winner: str | None                # a side key, or None for a draw
    struck: tuple[int, ...]           # ships of each side (ruleset order) that struck
    points: tuple[int, ...]           # victory points of each side


@dataclass(frozen=True)
class Setup:
    """What every game of a simulation shares: the family's phases, the start, the policies, the end."""

    family: object                    # the family's engine phases (e.g. systems.broadside.play.Broadside)
    sides: tuple[str, ...]
    start: tuple[tuple, ...]          # (name, side, flagship, x, y, heading, length, width, squadron) per ship
    width: float
    height: float
    edges: tuple
    policies: dict[str, Policy]
    turn_limit: int
    victory: Victory
    memo: dict = field(default_factory=dict, compare=False, repr=False)   # what its games share (a family's)


def family_phases(ruleset, scale: float):
    """The family's engine phases at this scale (RuleSystem.phases); a family without them: exit 2."""
    from printgen.registry import system_of

    phases = system_of(ruleset).phases(ruleset)
    if phases is None:
        raise PrintgenError(Problem(
            f"the '{ruleset.ruleset.system}' rules family has no game engine yet, so this scenario cannot be "
            "simulated", field="ruleset.system",
            fix="simulate a scenario of a family that has one (e.g. trafalgar, the broadside family); an engine for "
                "this family is a RuleSystem.phases hook still to be written"))
    return phases.scaled(scale)


def setup(scenario, deployment, policy_names: dict[str, str] | None = None, turn_limit: int | None = None) -> Setup:
    """Everything a game needs, checked once: unknown policies or sides are reported, not guessed."""
    from printgen.play.habits import POLICIES

    rs = scenario.ruleset
    family = family_phases(rs, deployment.scale)
    if hasattr(family, "bind"):                  # a family whose engine needs the scenario's own data
        family = family.bind(scenario, deployment)
    names = {side: name for side, (name, _) in policies_of(scenario).items()}
    plays = getattr(family, "policies", tuple(POLICIES))
    problems = policy_problems(scenario, plays)     # the file's tables first, each under its own field
    if problems:
        raise PrintgenError(problems)
    for side, name in (policy_names or {}).items():  # then the command's (the file's lesson ones are sound now)
        if side not in rs.sides:
            problems.append(Problem(f"no side '{side}'", field="--policy", fix="sides: " + ", ".join(rs.sides)))
        elif name not in plays:
            problems.append(Problem(f"no policy '{name}' (side {side})" if name not in POLICIES else
                                    f"the '{rs.ruleset.system}' rules family does not play policy '{name}' (side {side})",
                                    field="--policy", fix="policies: " + ", ".join(plays)))
        names[side] = name
    if problems:
        raise PrintgenError(problems)
    roster = {name: k for k, name in enumerate(scenario.squadrons)}      # the roster's order of squadrons
    start = tuple((p.ship.name, p.ship.side, p.ship.flagship, p.x_in, p.y_in, float(p.heading_deg), p.length_in,
                   p.width_in, roster.get(p.ship.squadron, len(roster))) for p in deployment.placements)
    return Setup(family, tuple(rs.sides), start, deployment.width_in, deployment.height_in, deployment.edges,
                 {side: POLICIES[n] for side, n in names.items() if side in rs.sides},
                 turn_limit if turn_limit is not None else scenario.lesson.turn_limit, scenario.victory)


def policy_problems(scenario, plays: tuple[str, ...] | None = None) -> list[Problem]:
    """What is wrong in the scenario's [simulation] tables (policies, lesson, history), each named by
    its own field, file and line: a side the ruleset lacks, a policy printgen or the family does not play."""
    from printgen.files.tomlfile import locate
    from printgen.play.habits import POLICIES

    sim, rs = scenario.file.simulation, scenario.ruleset
    plays = tuple(POLICIES) if plays is None else plays
    problems = []
    for table in ("policies", "lesson", "history"):
        for side, name in (getattr(sim, table) if sim is not None else {}).items():
            loc = ("simulation", table, side)
            where = {"file": scenario.path, "line": locate(scenario.text, loc), "field": ".".join(loc)}
            if side not in rs.sides:
                problems.append(Problem(f"policy for side '{side}', which the ruleset does not have", **where,
                                        fix="sides: " + ", ".join(rs.sides)))
            elif name not in POLICIES:
                problems.append(Problem(f"no policy '{name}' (side {side})", **where, fix="policies: " + ", ".join(plays)))
            elif name not in plays:
                problems.append(Problem(f"the '{rs.ruleset.system}' rules family does not play policy '{name}' "
                                        f"(side {side})", **where, fix="policies: " + ", ".join(plays)))
    return problems


def new_game(s: Setup, rng: random.Random, log: bool = False) -> Game:
    from printgen.play.state import Game, Ship

    ships = [Ship(i, name, side, flag, x, y, h, length, width, s.family.hit_points(flag), squad)
             for i, (name, side, flag, x, y, h, length, width, squad) in enumerate(s.start)]
    return Game(ships, s.width, s.height, s.edges, rng, log=[] if log else None, scale=getattr(s.family, "scale", 1.0))


def game_seed(seed: int, index: int) -> str:
    """Game `index` of a simulation seeded `seed` has its own dice, whatever core plays it."""
    return f"{seed}:game:{index}"


def play(s: Setup, seed: int, index: int, game: Game | None = None, tally: list | None = None) -> Result:
    """Game `index` of the simulation seeded `seed`. `tally`: the game as it stood at the end of each
    turn (a Result a turn, as if it had ended there), for the lesson's search (printgen/lesson/)."""
    whole = getattr(s.family, "play_game", None)         # a family that plays a whole game itself
    if whole is not None:
        return whole(s, seed, index, game.log if game is not None else None, tally=tally,
                     **({"events": game.events} if game is not None and game.events is not None else {}))
    g = game if game is not None else new_game(s, random.Random(game_seed(seed, index)))
    g.snapshot("start")
    for turn in range(1, s.turn_limit + 1):
        g.turn = turn
        for label, action, side in s.family.plan:
            s.family.play_phase(g, action, side, s.policies)
            g.snapshot(label)
            if any(not g.fighting(side) for side in s.sides):
                return result(s, g, by_limit=False)
        if tally is not None:
            tally.append(result(s, g, by_limit=False))
        if any(broken(s, g)):                           # at the end of a turn (a classroom rule)
            return result(s, g, by_limit=False)
    return result(s, g, by_limit=True)


def same_games(s: Setup) -> str:
    """A digest of what decides a simulation's games but the break-off share: two set-ups with the
    same digest play each game the same way until a side breaks off (the lesson's search plays its
    games once for every share it judges, and the kit's plays page takes them from it)."""
    import hashlib

    victory = s.victory.model_dump(mode="json")
    victory.pop("breaks_at", None)
    what = (type(s.family).__name__, s.sides, s.start, s.width, s.height, s.edges,
            sorted((side, p.name) for side, p in s.policies.items()), s.turn_limit, sorted(victory.items()))
    return hashlib.sha256(repr(what).encode()).hexdigest()[:32]


def broken(s: Setup, g: Game) -> list[bool]:
    """Whether each side has broken off (the lesson's victory.breaks_at)."""
    return [s.victory.broken(sum(1 for ship in g.ships if ship.side == side and ship.struck),
                             sum(1 for ship in g.ships if ship.side == side)) for side in s.sides]


def result(s: Setup, g: Game, by_limit: bool) -> Result:
    points = []
    for side in s.sides:
        total = 0
        for ship in g.ships:
            if ship.side != side and ship.struck:
                captured = any(o.side == side and not o.struck for o in g.partners(ship, "grappled"))
                total += s.victory.points("captured" if captured else "struck", ship.flagship)
        points.append(total)
    winner = s.victory.winner(s.sides, points, broken(s, g))
    struck = tuple(sum(1 for ship in g.ships if ship.side == side and ship.struck) for side in s.sides)
    return Result(g.turn, by_limit, winner, struck, tuple(points))
