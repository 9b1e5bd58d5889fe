"""The broadside engine's tables as the compiled phases read them: every number from the ruleset at the
table's scale (speeds, turn, ranges, dice faces, drift), the table's wind edges, the order of the
phases, each side's habit, each ship's dice, the lesson's end. Made once for a set-up; read-only.

Codes: a wind colour is GREEN, YELLOW or RED (the speeds' order); a band LONG, SHORT or RAKE; a table
side EAST, NORTH, SOUTH or WEST (alphabetical, as ray_exit breaks a tie at a corner); a phase DRIFT,
MOVE, SHOOT or BOARD; a set of die faces a bit mask (bit f: face f)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from printgen.game.deploy_settings import COMPASS_DEG
from printgen.game.geometry import direction

GREEN, YELLOW, RED = range(3)
COLOURS = {"green": GREEN, "yellow": YELLOW, "red": RED}
LONG, SHORT, RAKE = range(3)
BANDS = {"long": LONG, "short": SHORT, "rake": RAKE}
EAST, NORTH, SOUTH, WEST = range(4)
SIDES = {"east": EAST, "north": NORTH, "south": SOUTH, "west": WEST}
DRIFT, MOVE, SHOOT, BOARD = range(4)
ACTIONS = {"drift": DRIFT, "move": MOVE, "shoot": SHOOT, "board": BOARD}

# F's places (floats): the speeds by colour first; then what the Nile and Lake Erie add (the landward
# direction, a unit vector; the explosion's radius, night's range, the admiral's boat's reach)
TURN_MAX, LONGEST, SHORTEST, DRIFT_X, DRIFT_Y, CONTACT, NARROW, SCALE, WIDTH, HEIGHT, WIDEST, HALF, TWO = range(3, 16)
LAND_X, LAND_Y, BLAST_IN, NIGHT_IN, BOAT_IN = range(16, 21)
# I's places (ints); a rule the ruleset does not have is off: ANCHORS, NIGHT_FROM and FLAG_ON 0, the faces
# of REFLOAT and BLOWS_UP none (0); EVERY_BAND 1: no night, every ship has dice in every band
FREE, FOULED, GRAPPLED, BOARD_HIT, DICE_PER_HP, SURVIVOR_HP, TURN_LIMIT = range(7)
ANCHORS, LANDWARD_DICE, REFLOAT, BLOWS_UP, BLAST_HITS, NIGHT_FROM, FLAG_ON, EVERY_BAND = range(7, 15)

# The rolls a page that shows a game names (Event.rule): a roll's code, and its rule's key
IRONS, FREED, GRAPPLE, FOUL, BOARDING, FLOATS, BLOWS, BOAT, SHOT = 0, 1, 2, 3, 4, 5, 6, 7, 8   # SHOT + band
IRONS_OF = 16                                                                                  # IRONS_OF + side


class Tables(NamedTuple):
    F: np.ndarray          # float64: speeds by colour, then the places above
    I: np.ndarray          # int64: the places above  # noqa: E741 (the board's column names)
    bands: np.ndarray      # float64 rows (from, to, band), in the order the rules look them up
    chance: np.ndarray     # float64 by band: a die's chance to hit
    hits: np.ndarray       # int64 by band: the faces that hit
    irons: np.ndarray      # int64 by side: the faces that free a ship in irons
    eyes: np.ndarray       # float64 rows (first heading, span): the wind's eye, red wherever it points
    reds: np.ndarray       # float64 rows (x0, y0, x1, y1): the red edge segments
    edges: np.ndarray      # float64 rows (side, from, to, colour), by side then from
    plan: np.ndarray       # int64 rows (action, side or -1): the turn's phases
    habits: np.ndarray     # int64 by side: its policy's code (printgen/play/policies.py)
    dice: np.ndarray       # int64 [ship, band, flag]: the dice of its broadside (flag: as a flagship or not)
    ground: np.ndarray     # float64 rows (x, y, fx, fy, hl, hw, reach): shoals and shore, as bases heading north
    points: np.ndarray     # int64: victory points for a struck ship, a struck flagship, a prize
    breaks: np.ndarray     # int64 by side: ships struck at which it breaks off (more than its ships: never)


def mask(faces) -> int:
    return sum(1 << int(f) for f in faces)


def tables(family, sides: tuple[str, ...], ships: list[tuple[str, bool, float, float, str]], width: float,
           height: float, edges, habits: dict[str, int], turn_limit: int, victory) -> Tables:
    """The tables of the phases `family` (play.Broadside) for a table `width` x `height` with its wind
    `edges`, these `ships` ((side, flagship, length, width, type) each), each side's habit (a code), the
    turn limit and the lesson's `victory` (printgen/data/lesson.py; None: no victory points, no break-off)."""
    rs, scale = family.rs, family.scale
    F = np.zeros(21, np.float64)
    for name, code in COLOURS.items():
        F[code] = family.speed[name]
    F[TURN_MAX], F[LONGEST], F[SHORTEST] = family.turn_max, family.long, family.short
    F[DRIFT_X], F[DRIFT_Y] = family.drift_step
    F[CONTACT], F[NARROW], F[SCALE] = family.contact, family.narrow, scale
    F[WIDTH], F[HEIGHT] = width, height
    F[WIDEST] = max(((a * a + b * b) ** 0.5 / 2 for _, _, a, b, _ in ships), default=0.0)     # Ship.reach's way
    F[HALF], F[TWO] = 0.5, 2.0
    I = np.zeros(15, np.int64)  # noqa: E741 (the board's column names)
    I[FREE], I[FOULED], I[GRAPPLED] = mask(rs.drift.cut_loose.free), mask(rs.fouling.fouled), mask(rs.grappling.grappled)
    I[BOARD_HIT], I[DICE_PER_HP] = mask(rs.boarding.hit), rs.boarding.dice_per_hit_point
    I[SURVIVOR_HP], I[TURN_LIMIT] = rs.boarding.survivor_hit_points, turn_limit
    if rs.anchors is not None:
        I[ANCHORS], I[LANDWARD_DICE] = 1, rs.anchors.landward_dice
        F[LAND_X], F[LAND_Y] = direction(COMPASS_DEG[rs.anchors.landward])
    if rs.aground is not None:
        I[REFLOAT] = mask(rs.aground.refloat)
    if rs.explosion is not None:
        I[BLOWS_UP], I[BLAST_HITS], F[BLAST_IN] = mask(rs.explosion.blows_up), rs.explosion.hits, \
            rs.explosion.radius_in * scale
    if rs.night is not None:
        I[NIGHT_FROM], F[NIGHT_IN] = rs.night.from_turn, rs.night.range_in * scale
    if rs.flag is not None:
        I[FLAG_ON], F[BOAT_IN] = 1, rs.flag.boat_in * scale
    bands = np.array([(lo, hi, BANDS[name]) for lo, hi, name in family.bands], np.float64).reshape(-1, 3)
    chance = np.array([family.chance[b] for b in BANDS], np.float64)
    hits = np.array([mask(family.hit[b]) for b in BANDS], np.int64)
    irons = np.array([mask(rs.movement.in_irons[s].move) for s in sides], np.int64)
    eyes = np.array(family.eyes, np.float64).reshape(-1, 2)
    reds = np.array([(*a, *b) for a, b in (e.endpoints(width, height) for e in edges if e.colour == "red")],
                    np.float64).reshape(-1, 4)
    rows = sorted(((SIDES[e.side], e.start, e.end, COLOURS[e.colour]) for e in edges), key=lambda e: (e[0], e[1]))
    plan = np.array([(ACTIONS[action], -1 if side is None else sides.index(side)) for _, action, side in family.plan],
                    np.int64).reshape(-1, 2)
    dice = np.array([[[rs.dice_of(side, bool(f), kind, band) for f in (0, 1)] for band in BANDS]
                     for side, _, _, _, kind in ships], np.int64).reshape(-1, 3, 2)
    I[EVERY_BAND] = rs.night is None and bool(np.all(dice > 0)) and (rs.anchors is None or rs.anchors.landward_dice > 0)
    ground = np.array([(x + w / 2, y + d / 2, 0.0, 1.0, d / 2, w / 2, ((w * w + d * d) ** 0.5) / 2)
                       for x, y, w, d in ((v * scale for v in g) for g in family.ground)], np.float64).reshape(-1, 7)
    if victory is None:
        points, breaks = np.zeros(3, np.int64), np.full(len(sides), len(ships) + 1, np.int64)
    else:
        points = np.array([victory.struck, victory.flagship_struck, victory.captured], np.int64)
        counts = [sum(1 for side, *_ in ships if side == s) for s in sides]
        breaks = np.array([victory.break_count(n) if victory.breaks_at is not None and n > 0 else n + 1 for n in counts],
                          np.int64)
    return Tables(F, I, bands, chance, hits, irons, eyes, reds, np.array(rows, np.float64).reshape(-1, 4), plan,
                  np.array([habits[s] for s in sides], np.int64), dice, ground, points, breaks)


def rule_names(family, sides: tuple[str, ...]) -> dict[int, str]:
    """The ruleset key of each roll's code (Event.rule)."""
    names = {FREED: "drift.cut_loose.free", GRAPPLE: "grappling.grappled", FOUL: "fouling.fouled",
             BOARDING: "boarding.hit", FLOATS: "aground.refloat", BLOWS: "explosion.blows_up", BOAT: "flag.boat_in"}
    names |= {SHOT + code: f"shooting.to_hit.{band}.hit" for band, code in BANDS.items()}
    names |= {IRONS_OF + k: f"movement.in_irons.{side}.move" for k, side in enumerate(sides)}
    return names
