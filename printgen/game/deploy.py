"""The scenario generator: every ship's place, heading and bow edge at the start of the battle.

The seed: "The French and Spanish ships are deployed in an untidy line a bit west of the middle of
the table starting about 6" from the northern edge extending all the way to the south edge. The
ships should be 2" - 4" apart. The British are in two squadrons headed perpendicular to the
Franco-Spanish line. [...] The British squadrons don't need to be in a single file column, spread
them out a bit. The Africa was off by itself near the head of the Franco-Spanish fleet."

Distances are inches on the table actually used (the ruleset's table times the scale), measured
from the WEST edge (x) and the SOUTH edge (y) to the centre of each base. Positions are snapped to
the step the placement table prints (0.1 in, or 0.5 cm) and headings to whole degrees before any
overlap or range is checked, so the printed numbers describe a deployment that is valid as set.
Seeded: the same scenario, options and seed give the same deployment."""

from __future__ import annotations

import random
from dataclasses import dataclass

from printgen.data.fleet import Ship
from printgen.game.deploy_settings import DeploymentSettings, load_settings
from printgen.game.geometry import EdgeSegment, base_corners, compass_point, edge_colour, ray_exit
from printgen.options import Options
from printgen.units import CM_PER_GAME_IN


@dataclass(frozen=True)
class Placement:
    ship: Ship
    number: int                      # 1.. in the fleet's CSV order: the map's label, the table's row
    x_in: float                      # base centre, inches from the west edge
    y_in: float                      # base centre, inches from the south edge
    heading_deg: int                 # compass: 0 north, 90 east
    edge: str                        # wind colour of the edge the bow points at
    group: str                       # "line", a squadron name, or "alone"
    leader: bool = False

    @property
    def heading(self) -> str:
        return compass_point(self.heading_deg)


@dataclass(frozen=True)
class Deployment:
    width_in: float                  # east-west, table inches (the ruleset's table times the scale)
    height_in: float                 # north-south
    scale: float
    base_length_in: float
    base_width_in: float
    edges: tuple[EdgeSegment, ...]
    placements: tuple[Placement, ...]
    seed: int
    line_columns: int                # 1 for a single line, 2 for the "kind of double line", ...
    long_range_in: float             # the rules' long range at this scale (the attackers start beyond it)

    def corners(self, p: Placement):
        return base_corners(p.x_in, p.y_in, p.heading_deg, self.base_length_in, self.base_width_in)

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
    length: float
    beam: float
    long_range: float
    snap: float                      # printed step, in table inches
    settings: DeploymentSettings
    scale: float

    def inches(self, full_scale: float) -> float:
        return full_scale * self.scale

    def snapped(self, v: float) -> float:
        return round(round(v / self.snap) * self.snap, 4)


def deploy(scenario, options: Options) -> Deployment:
    """Place every ship of the scenario; PrintgenError (saying what would fit) if they cannot be."""
    from printgen.game.formations import place_line, place_loners, place_squadrons

    settings = load_settings(scenario)
    rs = scenario.ruleset
    s = options.scale
    units_per_in = CM_PER_GAME_IN if options.units == "cm" else 1.0
    field = Field(width=rs.table.east_west_ft * 12 * s, height=rs.table.north_south_ft * 12 * s,
                  length=rs.bases.length_in * s, beam=rs.bases.width_in * s,
                  long_range=max(b for _, b in rs.shooting.range_in.bands().values()) * s,
                  snap=options.measure.step / units_per_in, settings=settings, scale=s)
    edges = tuple(EdgeSegment(e.side, e.from_ft * 12 * s, e.to_ft * 12 * s, e.colour) for e in rs.table.edges)
    ships = list(scenario.fleet.ships)
    loners = _named(scenario, settings.loners)
    line_ships = [sh for sh in ships if sh.side == settings.line_side and sh not in loners]
    attackers = {name: [sh for sh in ships if sh.squadron == name and sh not in loners]
                 for name, sq in scenario.squadrons.items() if sq.side == settings.attack_side}
    leaders = {name: _named(scenario, plan.leaders) for name, plan in settings.squadrons.items()}
    seeds = {part: random.Random(f"{options.seed}:{part}") for part in ("line", "attack", "loners")}

    line, columns = place_line(field, line_ships, seeds["line"])
    attack = place_squadrons(field, attackers, leaders, line, seeds["attack"])
    alone = place_loners(field, loners, line, line + attack, seeds["loners"])
    spots = {sp.ship: sp for sp in line + attack + alone}
    placements = []
    for number, ship in enumerate(ships, start=1):
        sp = spots[ship]
        side, pos = ray_exit(sp.x, sp.y, sp.heading, field.width, field.height)
        placements.append(Placement(ship, number, sp.x, sp.y, sp.heading, edge_colour(edges, side, pos), sp.group,
                                    sp.leader))
    return Deployment(field.width, field.height, s, field.length, field.beam, edges, tuple(placements),
                      options.seed, columns, field.long_range)


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
