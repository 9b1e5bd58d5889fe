"""The scenario generator: every ship's place, heading and bow edge at the start of the battle.

The seed: "The French and Spanish ships are deployed in an untidy line a bit west of the middle of
the table starting about 6" from the northern edge extending all the way to the south edge. The
ships should be 2" - 4" apart. The British are in two squadrons headed perpendicular to the
Franco-Spanish line. [...] The British squadrons don't need to be in a single file column, spread
them out a bit. The Africa was off by itself near the head of the Franco-Spanish fleet."

Distances are inches on the table actually used (the ruleset's table times the scale), measured
from the WEST edge (x) and the SOUTH edge (y) to the centre of each base. Each ship has the base of
its ruleset (one size for every ship, or one per ship type) and the attackers start beyond the
ruleset's longest range, whatever weapon gives it. Positions are snapped to
the step the placement table prints (0.1 in, or 0.5 cm) and headings to whole degrees before any
overlap or range is checked, so the printed numbers describe a deployment that is valid as set.
Seeded: the same scenario, options and seed give the same deployment."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Callable

from printgen.data.fleet import Ship
from printgen.errors import PrintgenError, Problem
from printgen.game.deploy_settings import COMPASS_DEG, DeploymentSettings, line_form, load_settings
from printgen.game.geometry import EdgeSegment, base_corners, compass_point, edge_colour, off_wind, ray_exit
from printgen.options import Options
from printgen.registry import system_of

SNAP_IN = 0.1        # positions on a tenth of an inch of the table, whatever the printed unit (0.25 cm):
# the units only say how a length is printed, never where a ship stands (the same game in cm)


@dataclass(frozen=True)
class Placement:
    ship: Ship
    number: int                      # 1.. in the fleet's CSV order: the map's label, the table's row
    x_in: float                      # base centre, inches from the west edge
    y_in: float                      # base centre, inches from the south edge
    heading_deg: int                 # compass: 0 north, 90 east
    edge: str                        # wind colour of the edge the bow points at ("none": no coloured edges)
    group: str                       # "line", a squadron name, or "alone"
    leader: bool = False
    length_in: float = 0.0           # this ship's base, table inches (the ruleset's base of its type, scaled)
    width_in: float = 0.0

    @property
    def heading(self) -> str:
        return compass_point(self.heading_deg)


@dataclass(frozen=True)
class Deployment:
    width_in: float                  # east-west, table inches (the ruleset's table times the scale)
    height_in: float                 # north-south
    scale: float
    base_length_in: float            # the largest base of the fleet (every base, when the rules have one size)
    base_width_in: float
    edges: tuple[EdgeSegment, ...]   # empty when the rules steer by the wind's angle, not by coloured edges
    placements: tuple[Placement, ...]
    seed: int
    line_columns: int                # 1 for a single line, 2 for the "kind of double line", ...
    long_range_in: float             # the rules' long range at this scale (the attackers start beyond it)
    wind_from: str = "N"             # compass point the wind blows from
    line_form: str = "battle"        # "battle": one line doubled where needed; "squadrons": a line a squadron;
    #                                  "abreast": galleys side by side, a squadron a block

    def corners(self, p: Placement):
        return base_corners(p.x_in, p.y_in, p.heading_deg, p.length_in, p.width_in)

    def off_wind(self, p: Placement) -> int:
        """Degrees between the bow and the wind's eye: 0 head to wind, 180 dead downwind."""
        return off_wind(p.heading_deg, COMPASS_DEG[self.wind_from])

    @property
    def uniform_bases(self) -> bool:
        return all((p.length_in, p.width_in) == (self.base_length_in, self.base_width_in) for p in self.placements)

    def of(self, ship_name: str) -> Placement:
        from printgen.data.fleet import fold

        found = [p for p in self.placements if fold(p.ship.name) == fold(ship_name)
                 or any(fold(a) == fold(ship_name) for a in p.ship.aliases)]
        if len(found) != 1:
            raise KeyError(ship_name)
        return found[0]

    def side(self, side: str) -> list[Placement]:
        return [p for p in self.placements if p.ship.side == side]


@dataclass(frozen=True)
class Field:
    """The table and the settings at this scale: what the formations need to know."""
    width: float
    height: float
    length: float                    # the largest base of the fleet: spacing that suits every ship
    beam: float
    long_range: float
    snap: float                      # printed step, in table inches
    settings: DeploymentSettings
    scale: float
    base_of: Callable[[Ship], tuple[float, float]]          # a ship's (length, beam) at this scale

    def inches(self, full_scale: float) -> float:
        return full_scale * self.scale

    def base(self, ship: Ship) -> tuple[float, float]:
        return self.base_of(ship)

    def snapped(self, v: float) -> float:
        return round(round(v / self.snap) * self.snap, 4)


def deploy(scenario, options: Options) -> Deployment:
    """Place every ship of the scenario; PrintgenError (saying what would fit) if they cannot be."""
    from printgen.game.formations import (
        TooMany,
        place_abreast,
        place_columns,
        place_line,
        place_loners,
        place_squadrons,
    )
    from printgen.game.reduce import fewer_ships

    settings = load_settings(scenario)
    rs = scenario.ruleset
    s = options.scale
    ships = list(scenario.fleet.ships)
    bases = {ship: tuple(v * s for v in rs.base_of(ship)) for ship in ships}
    field = Field(width=rs.table.east_west_ft * 12 * s, height=rs.table.north_south_ft * 12 * s,
                  length=max((b[0] for b in bases.values()), default=rs.bases.length_in * s),
                  beam=max((b[1] for b in bases.values()), default=rs.bases.width_in * s),
                  long_range=rs.long_range_in() * s, snap=SNAP_IN, settings=settings,
                  scale=s, base_of=bases.__getitem__)
    edges = tuple(EdgeSegment(e.side, e.from_ft * 12 * s, e.to_ft * 12 * s, e.colour)
                  for e in system_of(rs).wind_edges(rs))
    loners = _named(scenario, settings.loners)
    line_ships = [sh for sh in ships if sh.side == settings.line_side and sh not in loners]
    attackers = {name: [sh for sh in ships if sh.squadron == name and sh not in loners]
                 for name, sq in scenario.squadrons.items() if sq.side == settings.attack_side}
    leaders = {name: _named(scenario, plan.leaders) for name, plan in settings.squadrons.items()}
    vans = {name: _named(scenario, plan.van) for name, plan in settings.squadrons.items() if plan.van}
    seeds = {part: random.Random(f"{options.seed}:{part}") for part in ("line", "attack", "loners")}

    form = line_form(settings, rs)
    try:
        if form == "squadrons":
            line, columns = place_columns(field, line_columns(scenario, line_ships, settings.line_max_columns),
                                          seeds["line"])
        elif form == "abreast":
            by_squadron = {name: [sh for sh in line_ships if sh.squadron == name] for name in scenario.squadrons}
            line = place_abreast(field, by_squadron, leaders, seeds["line"])
            columns = len({settings.squadrons[k].ahead_in if k in settings.squadrons else 0.0   # its rows
                           for k, v in by_squadron.items() if v})
        else:
            line, columns = place_line(field, line_ships, seeds["line"])
        if settings.attack_form == "abreast":
            attack = place_abreast(field, attackers, leaders, seeds["attack"], line)
        else:
            attack = place_squadrons(field, attackers, leaders, line, seeds["attack"], vans)
        alone = place_loners(field, loners, line, line + attack, seeds["loners"])
    except TooMany as e:
        raise PrintgenError(dataclasses.replace(e.problems[0], fix=fewer_ships(scenario, e.squadrons, e.fit)
                                                + "; " + e.problems[0].fix)) from None
    spots = {sp.ship: sp for sp in line + attack + alone}
    placements = []
    for number, ship in enumerate(ships, start=1):
        sp = spots[ship]
        side, pos = ray_exit(sp.x, sp.y, sp.heading, field.width, field.height)
        edge = edge_colour(edges, side, pos) if edges else "none"
        placements.append(Placement(ship, number, sp.x, sp.y, sp.heading, edge, sp.group, sp.leader, *bases[ship]))
    dep = Deployment(field.width, field.height, s, field.length, field.beam, edges, tuple(placements),
                     options.seed, columns, field.long_range, rs.table.wind_from, form)
    _check_wind(rs, dep)
    return dep


def line_columns(scenario, ships: list[Ship], most: int) -> list[list[Ship]]:
    """The line side's squadrons, a column each in scenario order (west to east); squadrons beyond
    `most` columns close up behind the shortest column (the easternmost of equals)."""
    columns = [[sh for sh in ships if sh.squadron == name] for name in scenario.squadrons]
    columns = [c for c in columns if c]
    head, rest = columns[:most], columns[most:]
    for extra in rest:
        shortest = min(range(len(head)), key=lambda i: (len(head[i]), -i))
        head[shortest] = head[shortest] + extra
    return head


def _check_wind(rs, dep: Deployment) -> None:
    """Round ships may not start pointing where the rules forbid them to sail (sectors system)."""
    least = getattr(getattr(rs, "movement", None), "round_ship_min_angle_to_wind_deg", None)
    if least is None:
        return
    bad = [p for p in dep.placements if rs.type_of(p.ship).round_ship and dep.off_wind(p) < least]
    if bad:
        raise PrintgenError(Problem(
            f"{len(bad)} round ships (first {bad[0].ship.name}) would start within {least:g} degrees of the wind "
            f"from the {dep.wind_from}, where they cannot sail", field="table.wind_from",
            fix="change the ruleset's table.wind_from, or the scenario's line_side and attack_side"))


def _named(scenario, names: list[str]) -> list[Ship]:
    """Ships of the (possibly reduced) fleet with these names; a name the reduction dropped is
    skipped, a name the full fleet never had is an error."""
    from printgen.errors import PrintgenError

    found = []
    full = sum(sq.ships for sq in scenario.squadrons.values()) == len(scenario.fleet.ships)
    for name in names:
        try:
            found.append(scenario.fleet.find(name, str(scenario.path)))
        except PrintgenError:
            if full:
                raise
    return found
