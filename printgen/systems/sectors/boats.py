"""The pieces of a sectors game: each ship as its base (a rectangle with a heading, the printed
piece), its sectors, its crew and structure; the obstacles; what every game of a deployment starts
from (`Table`, worked out once).

A base's sectors are those printed on its piece (printgen/systems/sectors/hulls.py): the stern
and bow sectors are the ends of the base beyond the lines the piece draws across it, port and
starboard the sides between. A ship struck where its base is touched takes the damage there."""

from __future__ import annotations

from dataclasses import dataclass, field

from printgen.play.geom import Rect, along_across, rect

CHAINED_IN = 2.0                   # inches base to base: chained neighbours (printgen's choice, with the chains)

FIGHTING = ("afloat", "aground")   # the states of a ship still in the fight (Boat.fighting)
GONE = ("sunk", "fled")            # off the table: their bases no longer block anything


@dataclass(slots=True)
class Hazard:
    """An obstacle on the table (inches from the west and south edges): `hidden` (stakes, scuttled
    hulls: damage and passage rolls), or `shoal` / `shore` (a ship running on it goes aground)."""
    kind: str
    x0: float
    y0: float
    x1: float
    y1: float
    found: bool = False            # a marker was put down (the source: only once contacted)
    r: Rect = ()                   # the area as a base-like rectangle, for the sliding geometry

    def __post_init__(self) -> None:
        self.r = rect((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2, 0.0, self.y1 - self.y0, self.x1 - self.x0)


@dataclass(slots=True)
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
    squad: int = 0                 # its squadron's place in the roster: who moves first
    lines: tuple[float, float] = (0.25, 0.75)     # its piece's stern and bow sector lines (of the length)
    state: str = "afloat"          # afloat, aground, sunk, fled, struck, captured
    grappled: set[int] = field(default_factory=set)
    attack_uses: int = 0
    attack_last: int = -9
    ram_clear: int = 0             # turns of clearing left after a ram
    moved: bool = False            # moved this turn (for "the target moved in the previous turn")
    moved_before: bool = False
    last_move: float = 0.0         # inches it moved last turn: "two bounds [...] from full speed to a stop"
    furled: bool = False           # a galley's sail, furled near the enemy
    unfurl_at: int = 0             # the turn its sail is set again (unfurling takes a whole turn)
    hazards_met: set[int] = field(default_factory=set)
    loaded_at: int = 0             # the first turn its guns may fire again (they reload after firing)
    r: Rect = ()                   # its base where it lies (geom.rect), kept by `place`
    reach: float = 0.0             # centre to corner

    def __post_init__(self) -> None:
        self.r = rect(self.x, self.y, self.h, self.length, self.width)
        self.reach = (self.length * self.length + self.width * self.width) ** 0.5 / 2

    def place(self, x: float, y: float, h: float) -> None:
        self.x, self.y, self.h = x, y, h % 360.0
        self.r = rect(x, y, self.h, self.length, self.width)

    @property
    def fighting(self) -> bool:
        return self.state in FIGHTING

    def sector_at(self, px: float, py: float) -> str:
        """The sector of this base nearest the point (px, py): where a ship touching it there strikes."""
        along, across = along_across(self.r, px, py)
        half = self.length / 2
        along = max(-half, min(half, along))
        f = (along + half) / self.length                   # 0 at the stern edge, 1 at the bow
        if f >= self.lines[1]:
            return "bow"
        if f <= self.lines[0]:
            return "stern"
        return "starboard" if across > 0 else "port"


@dataclass(frozen=True)
class Table:
    """What every game of a scenario's deployment starts from, worked out once: each ship as Boat's
    arguments, the obstacles, the table, the lesson's end and points."""
    rs: object
    boats: tuple[tuple, ...]                 # Boat(*args[:10], structure, crew, crew, chained, squad, lines)
    hazards: tuple[tuple, ...]               # Hazard(*args) per obstacle
    width: float
    height: float
    turn_limit: int
    victory: tuple[int, int, int]
    rules: object = None                     # the lesson's Victory: when a side breaks off (data/lesson.py)

    def pieces(self) -> tuple[list[Boat], list[Hazard]]:
        boats = [Boat(*args[:10], dict(args[10]), args[11], args[12], chained=args[13], squad=args[14],
                      lines=args[15]) for args in self.boats]
        return boats, [Hazard(*h) for h in self.hazards]


def table_of(scenario, deployment) -> Table:
    """The start of every game on the deployment's table; squadrons the scenario chains lie chained.
    The turn limit and the victory points are the scenario's lesson (classroom additions)."""
    from printgen.systems.sectors.hulls import form_of

    rs = scenario.ruleset
    chained = set(scenario.file.fleet.chained)
    roster = {name: k for k, name in enumerate(scenario.squadrons)}
    boats = []
    for i, p in enumerate(deployment.placements):
        t = rs.types[p.ship.type]
        st = t.structure
        boats.append((i, p.ship.name, p.ship.side, p.ship.type, p.ship.flagship, p.x_in, p.y_in,
                      float(p.heading_deg), p.length_in, p.width_in,
                      (("bow", st.bow), ("stern", st.stern), ("port", st.port), ("starboard", st.starboard),
                       ("mast", st.mast)), t.crew_boxes, t.crew_boxes, p.ship.squadron in chained,
                      roster.get(p.ship.squadron, len(roster)), form_of(p.ship.type, t).sectors))
    hazards = tuple((h["kind"], *h["rect_in"]) for h in hazards_of(scenario, deployment.scale))
    v = scenario.victory
    return Table(rs, tuple(boats), hazards, deployment.width_in, deployment.height_in, scenario.lesson.turn_limit,
                 (v.struck, v.flagship_struck, v.captured), v)


def hazards_of(scenario, scale: float) -> list[dict]:
    """The scenario's obstacles as rectangles [x0, y0, x1, y1] in table inches at this scale."""
    out = []
    for h in scenario.file.terrain:
        x, y, w, d = (v * scale for v in h.area_in(scenario.ruleset.obstacles.marker_in))
        out.append({"name": h.name, "kind": h.kind, "rect_in": (x, y, x + w, y + d)})
    return out
