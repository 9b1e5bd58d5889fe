"""The formations of a deployment: the untidy line (Trafalgar's line of battle, or a line a squadron
side by side, as the French chained theirs at Sluys), the attacking squadrons spread into loose
files, and the loner near the head of the line. Every ship stands on its own base.

Each ship gets a nominal spot, then a seeded jitter; a jittered spot that would overlap another
base, leave the table or come within range is drawn again with less jitter, and at last the
nominal spot is used. Nominal spots are laid out so they never clash, so this always ends."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable

from printgen.data.fleet import Ship
from printgen.errors import PrintgenError, Problem
from printgen.game.deploy_settings import COMPASS_DEG
from printgen.game.geometry import base_corners, direction, distance, on_table, separation

NORTH, EAST = 0, 90
TRIES = 6


@dataclass(frozen=True)
class Spot:
    ship: Ship
    x: float
    y: float
    heading: int
    group: str
    leader: bool = False


class Board:
    """Bases placed so far, and the test every new one must pass. The bases are also filed in a grid
    of cells as wide as the reach of a collision, so a new base is tested against its neighbours
    only: placing a fleet costs time in proportion to the fleet, not its square."""

    def __init__(self, field, placed: Sequence[Spot] = ()):
        self.f = field
        self.reach = math.hypot(field.length, field.beam) + field.settings.clearance_in * field.scale
        self.polys: list = []
        self.cells: dict[tuple[int, int], list] = {}
        for sp in placed:
            self.add(self.poly(sp.x, sp.y, sp.heading, sp.ship))

    def poly(self, x: float, y: float, heading: int, ship: Ship):
        return base_corners(x, y, heading, *self.f.base(ship))

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        return math.floor(x / self.reach), math.floor(y / self.reach)

    def add(self, poly) -> None:
        self.polys.append(poly)
        cx, cy = sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4
        self.cells.setdefault(self._cell(cx, cy), []).append((cx, cy, poly))

    def fits(self, poly) -> bool:
        f = self.f
        if not on_table(poly, f.width, f.height, f.inches(f.settings.edge_margin_in)):
            return False
        cx, cy = sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4
        clear = f.inches(f.settings.clearance_in)
        i, j = self._cell(cx, cy)
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                for qx, qy, q in self.cells.get((i + di, j + dj), ()):
                    if abs(qx - cx) < self.reach and abs(qy - cy) < self.reach and separation(poly, q) < clear:
                        return False
        return True

    def place(self, ship: Ship, x: float, y: float, heading: float, jitter: tuple[float, float, float],
              rng: random.Random, group: str, leader: bool = False,
              also: Callable[[tuple], bool] = lambda poly: True) -> Spot | None:
        """Jittered spot (less jitter on each try), else the nominal one, else None."""
        jx, jy, jh = jitter
        for attempt in range(TRIES + 1 if any(jitter) else 1):
            k = 1 - attempt / TRIES if any(jitter) else 0.0
            dx, dy, dh = rng.uniform(-jx, jx) * k, rng.uniform(-jy, jy) * k, rng.uniform(-jh, jh) * k
            sx, sy, sh = self.f.snapped(x + dx), self.f.snapped(y + dy), round(heading + dh) % 360
            poly = self.poly(sx, sy, sh, ship)
            if self.fits(poly) and also(poly):
                self.add(poly)
                return Spot(ship, sx, sy, sh, group, leader)
        return None


def place_line(f, ships: list[Ship], rng: random.Random) -> tuple[list[Spot], int]:
    """The untidy line heading north, from `line_start_from_north_in` off the north edge to the
    south edge, `line_gap_in` between bases; doubled (tripled...) where one line cannot fit."""
    st = f.settings
    n = len(ships)
    if not n:
        return [], 0
    margin = f.inches(st.edge_margin_in)
    head_y = f.height - f.inches(st.line_start_from_north_in) - f.length / 2
    tail_y = margin + f.length / 2 + f.snap
    span = head_y - tail_y
    gmin, gmax = (f.inches(g) for g in st.line_gap_in)
    pmin = f.length + gmin
    if span < 0:
        raise PrintgenError(Problem(f"the line starts {st.line_start_from_north_in:g}\" from the north edge of a "
                                    f"{f.height / f.scale:g}\" table: no room for it", field="deployment.line_start_from_north_in",
                                    fix="use a smaller distance"))
    columns = next((k for k in range(1, st.line_max_columns + 1) if n == 1 or (n - 1) * pmin <= k * span + 1e-9), None)
    if columns is None:
        fit = int(st.line_max_columns * span / pmin + 1e-9) + 1
        raise _too_many("line", ships, fit, f"in {st.line_max_columns} column(s) with "
                        f"{st.line_gap_in[0]:g}\" gaps", "deployment.line_max_columns")
    step = min((f.length + gmax) / columns, span / (n - 1)) if n > 1 else 0.0
    gap = columns * step - f.length
    jy = max(0.0, min(f.inches(st.line_jitter_in), (gap - gmin - 2 * f.snap) / 2, (gmax - gap - 2 * f.snap) / 2))
    col_gap = f.inches(st.line_column_gap_in)
    jx = f.inches(st.line_jitter_in) if columns == 1 else min(f.inches(st.line_jitter_in), col_gap * 0.4)
    x_line = f.width / 2 - f.inches(st.line_west_of_middle_in)
    sag = f.inches(st.line_sag_in)
    board = Board(f)
    spots = []
    for i, ship in enumerate(ships):
        y = head_y - i * step
        t = (head_y - y) / span if span > 0 else 0.0
        x = x_line + (i % columns) * (f.beam + col_gap) + sag * math.sin(math.pi * t)
        spots.append(_in_line(board, ship, x, y, (jx, jy, st.line_heading_jitter_deg), rng))
    return spots, columns


def place_columns(f, columns: list[list[Ship]], rng: random.Random) -> tuple[list[Spot], int]:
    """A line a column, side by side from west to east, every column heading north from
    `line_start_from_north_in` off the north edge, its ships `line_gap_in` apart bow to stern (the
    middle of that range where it fits, so each ship may wander either way and stay within it)."""
    st = f.settings
    columns = [c for c in columns if c]
    if not columns:
        return [], 0
    gmin, gmax = (f.inches(g) for g in st.line_gap_in)
    head = f.height - f.inches(st.line_start_from_north_in)            # the leading bows
    tail = f.inches(st.edge_margin_in) + f.snap                         # the rearmost stern, at the latest
    lengths = [[f.base(sh)[0] for sh in col] for col in columns]
    room = [head - tail - sum(ls) for ls in lengths]
    for col, ls, free in zip(columns, lengths, room):
        if free < (len(ls) - 1) * gmin - 1e-9:
            fit = max(1, int((head - tail + gmin) / (f.length + gmin) + 1e-9))
            raise _too_many(f"'{col[0].squadron}' line", col, fit, f"in one line with "
                            f"{st.line_gap_in[0]:g}\" gaps", "deployment.line_start_from_north_in")
    gap = min([(gmin + gmax) / 2] + [free / (len(ls) - 1) for ls, free in zip(lengths, room) if len(ls) > 1])
    jy = max(0.0, min(f.inches(st.line_jitter_in), (gap - gmin - 2 * f.snap) / 2, (gmax - gap - 2 * f.snap) / 2))
    col_gap = f.inches(st.line_column_gap_in)
    jx = min(f.inches(st.line_jitter_in), col_gap * 0.4)
    x_line = f.width / 2 - f.inches(st.line_west_of_middle_in)
    sag = f.inches(st.line_sag_in)
    span = max(head - tail, 1e-9)
    board = Board(f)
    spots = []
    for j, (col, ls) in enumerate(zip(columns, lengths)):
        bow = head
        for ship, length in zip(col, ls):
            y = bow - length / 2
            x = x_line + j * (f.beam + col_gap) + sag * math.sin(math.pi * (head - y) / span)
            spots.append(_in_line(board, ship, x, y, (jx, jy, st.line_heading_jitter_deg), rng))
            bow -= length + gap
    return spots, len(columns)


def place_squadrons(f, squadrons: dict[str, list[Ship]], leaders: dict[str, list[Ship]], line: list[Spot],
                    rng: random.Random, vans: dict[str, list[Ship]] | None = None) -> list[Spot]:
    """Each attacking squadron as loose files heading east, leaders at the head of the middle files
    (behind the squadron's van, if it has one: Lake Erie's Scorpion and Ariel ahead of the Lawrence),
    every base beyond long range (plus a margin) of every base of the line."""
    st = f.settings
    squadrons = {k: v for k, v in squadrons.items() if v}
    if not squadrons:
        return []
    margin = f.inches(st.edge_margin_in)
    reach = f.long_range + f.inches(st.out_of_range_margin_in)
    board = Board(f, line)
    line_west = min((x for p in board.polys for x, _ in p), default=f.width)
    jx = jy = f.inches(st.attack_jitter_in)
    jh = st.attack_heading_jitter_deg
    slop = f.beam / 2 * math.sin(math.radians(jh)) + f.snap
    x_hi = line_west - reach - f.length / 2 - jx - slop          # centre of a leader at the head
    x_lo = margin + f.length / 2 + jx + slop                        # centre of the rearmost ship
    ahead = f.inches(st.leaders_ahead_in)
    gmin, gmax = (f.inches(g) for g in st.attack_gap_in)
    room = x_hi - ahead - x_lo
    if room < 0:
        need = (f.length + 2 * (jx + slop) + ahead + margin + reach) / f.scale
        raise PrintgenError(Problem(
            f"no room for the attacking ships to start out of long range: the line's nearest base is "
            f"{line_west / f.scale:.1f}\" from the west edge (at full scale) but they need {need:.1f}\" "
            f"(long range {f.long_range / f.scale:g}\" + margin + a base)",
            field="deployment.line_west_of_middle_in",
            fix="move the line east (a smaller line_west_of_middle_in), shorten shooting.range_in.long, "
                "or lower deployment.out_of_range_margin_in"))
    per_file = int(room / (f.length + gmin) + 1e-9) + 1
    file_pitch = f.beam + f.inches(st.attack_spread_in)
    names = list(squadrons)
    aims = {k: st.squadrons[k].aim if k in st.squadrons else (i + 0.5) / len(names) for i, k in enumerate(names)}
    order = list(names)
    names.sort(key=lambda k: (aims[k], order.index(k)))
    files = {k: max(math.ceil(len(squadrons[k]) / per_file), len([s for s in leaders.get(k, []) if s in squadrons[k]]))
             for k in names}
    heights = {k: (files[k] - 1) * file_pitch + f.beam + 2 * jy for k in names}
    tops = _stack(f, names, aims, heights, line, per_file, file_pitch, [s for v in squadrons.values() for s in v])
    out: list[Spot] = []
    for k in names:
        out += _squadron(f, board, k, squadrons[k], [s for s in leaders.get(k, []) if s in squadrons[k]],
                         files[k], per_file, tops[k] - jy - f.beam / 2, file_pitch, x_hi, x_lo, ahead,
                         (jx, jy, jh), rng, [s for s in (vans or {}).get(k, []) if s in squadrons[k]])
    return out


def _stack(f, names, aims, heights, line, per_file, file_pitch, ships) -> dict[str, float]:
    """Top edge (y) of each squadron's block: centred on its aim along the line, north first, no
    two blocks closer than two file spacings, all on the table."""
    st = f.settings
    margin = f.inches(st.edge_margin_in)
    sep = 2 * f.inches(st.attack_spread_in)
    if line:
        head, tail = max(sp.y for sp in line), min(sp.y for sp in line)
    else:
        head, tail = f.height - margin, margin
    tops = [min(f.height - margin, head - aims[k] * (head - tail) + heights[k] / 2) for k in names]
    for i in range(1, len(names)):
        tops[i] = min(tops[i], tops[i - 1] - heights[names[i - 1]] - sep)
    floor = margin
    for i in reversed(range(len(names))):
        tops[i] = max(tops[i], floor + heights[names[i]])
        floor = tops[i] + sep
    if tops[0] > f.height - margin + 1e-9:
        usable = f.height - 2 * margin - (len(names) - 1) * sep - f.beam
        fit = per_file * len(names) * max(1, int(usable / file_pitch / len(names) + 1e-9) + 1)
        raise _too_many("attacking squadrons", ships, fit, "west of the line, out of range",
                        "deployment.attack_spread_in")
    return dict(zip(names, tops))


def _squadron(f, board: Board, name: str, ships: list[Ship], leaders: list[Ship], n_files: int, per_file: int,
              top_y: float, file_pitch: float, x_hi: float, x_lo: float, ahead: float, jitter, rng,
              van: list[Ship] | None = None) -> list[Spot]:
    gmin, gmax = (f.inches(g) for g in f.settings.attack_gap_in)
    first = (n_files - len(leaders)) // 2
    lead_files = list(range(first, first + len(leaders)))
    centre = (n_files - 1) / 2
    by_centre = sorted(range(n_files), key=lambda j: (abs(j - centre), j))
    slots = [(j, r) for r in range(per_file) for j in by_centre]
    van = van if leaders and van and len(van) < per_file else []      # the van sails in the first leader's file
    taken = {(j, 0 if k else len(van)): s for k, (j, s) in enumerate(zip(lead_files, leaders))}
    taken |= {(lead_files[0], r): s for r, s in enumerate(van)} if van else {}
    others = iter(s for s in ships if s not in leaders and s not in van)
    for slot in slots:
        if slot not in taken:
            ship = next(others, None)
            if ship is None:
                break
            taken[slot] = ship
    out = []
    for j in range(n_files):
        ranks = sorted(r for (jj, r) in taken if jj == j)
        if not ranks:
            continue
        head = x_hi if (j in lead_files or not leaders) else x_hi - ahead
        file_ships = [taken[(j, r)] for r in ranks]
        pitches = [_pitch(f, a, b) + gmin for a, b in zip(file_ships, file_ships[1:])]      # centre to centre
        need = math.fsum(pitches)
        slack = max(0.0, head - x_lo - need)
        x = head - (0.0 if j in lead_files else rng.uniform(0, min(slack, ahead)))
        slack = max(0.0, x - x_lo - need)
        y = top_y - j * file_pitch
        for i, ship in enumerate(file_ships):
            spot = board.place(ship, x, y, EAST, jitter, rng, name, leader=ship in leaders)
            if spot is None:
                raise PrintgenError(Problem(f"{ship.name} cannot be placed without touching another base",
                                            field="deployment.attack_jitter_in", fix="use less jitter"))
            out.append(spot)
            extra = rng.uniform(0, min(gmax - gmin, slack / max(1, len(ranks) - 1)))
            slack -= extra
            x -= (pitches[i] if i < len(pitches) else f.length + gmin) + extra
    return out


def _pitch(f, a: Ship, b: Ship) -> float:
    """Centre to centre of two bases bow to stern, touching (half of each length)."""
    return f.base(a)[0] / 2 + f.base(b)[0] / 2


def place_loners(f, loners: list[Ship], line: list[Spot], placed: list[Spot], rng: random.Random) -> list[Spot]:
    """Each loner alone near the head of the line (the seed's Africa), just beyond long range."""
    st = f.settings
    if not loners:
        return []
    board = Board(f, placed)
    reach = f.long_range + f.inches(st.out_of_range_margin_in)
    line_polys = [board.poly(sp.x, sp.y, sp.heading, sp.ship) for sp in line]
    head = max(line, key=lambda sp: sp.y) if line else None
    heading = COMPASS_DEG[st.loner_heading]
    out = []
    for ship in loners:
        if head is None:
            origin, start = (f.width / 4, f.height * 0.9), 0.0
        else:
            origin, start = (head.x, head.y), reach
        turn = rng.uniform(-10, 10)
        spot = None
        for bearing in (300, 285, 315, 270, 330, 255, 345, 240, 225):
            dx, dy = direction(bearing + turn)
            d = start
            while d <= start + f.width and spot is None:
                x, y = f.snapped(origin[0] + dx * d), f.snapped(origin[1] + dy * d)
                spot = board.place(ship, x, y, heading, (0, 0, 0), rng, "alone",
                                   also=lambda poly: _beyond(poly, line_polys, reach))
                d += f.length / 4
            if spot:
                break
        if spot is None:
            raise PrintgenError(Problem(f"{ship.name} cannot be placed alone out of range of the line",
                                        field="deployment.loners", fix="remove it from loners, or use a larger table"))
        out.append(spot)
    return out


def _beyond(poly, others, reach: float) -> bool:
    cx, cy = sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4
    for q in others:
        qx, qy = sum(p[0] for p in q) / 4, sum(p[1] for p in q) / 4
        diagonal = math.hypot(poly[0][0] - poly[2][0], poly[0][1] - poly[2][1])     # both half-diagonals
        if math.hypot(qx - cx, qy - cy) - diagonal < reach and distance(poly, q) < reach:
            return False
    return True


class TooMany(PrintgenError):
    """More ships than a formation holds; deploy() turns it into a --fraction that fits."""

    def __init__(self, problem: Problem, squadrons: set[str], fit: int):
        super().__init__(problem)
        self.squadrons, self.fit = squadrons, fit


def _too_many(what: str, ships: list[Ship], fit: int, how: str, field: str) -> TooMany:
    return TooMany(Problem(f"{len(ships)} ships are too many for the {what}: at this scale at most {fit} fit {how}",
                           field=field, fix="field fewer ships with --fraction or --ships; the scale does not help, "
                           "since it shrinks the bases and the gaps with the table"), {s.squadron for s in ships}, fit)


def _in_line(board, ship, x: float, y: float, jitter: tuple, rng):
    """A ship of the line placed near (x, y) heading north, or a clear error."""
    spot = board.place(ship, x, y, NORTH, jitter, rng, "line")
    if spot is None:
        raise PrintgenError(Problem(f"{ship.name} cannot be placed in the line without touching another base "
                                    "or leaving the table", field="deployment.line_jitter_in",
                                    fix="use less jitter, or fewer ships (--fraction 0.5)"))
    return spot


# -- galleys: lines abreast ---------------------------------------------------------------------------
WEST, EAST_H = 270, 90


def place_abreast(f, squadrons: dict[str, list[Ship]], leaders: dict[str, list[Ship]], rng: random.Random,
                  line: Sequence[Spot] = ()) -> list[Spot]:
    """A side in line abreast, as galleys fought: each squadron its ships side by side from north to
    south, bows to the enemy, its middle at its `aim` along the table (0 the north end, 1 the south)
    and `ahead_in` before or behind its side's line; leaders in the middle of their squadron. With no
    `line`, the line side: heading west, its line `line_west_of_middle_in` west of the middle. With
    the line side's bases, the attackers: heading east, every base beyond long range (and the margin)
    of every base of the line."""
    st = f.settings
    squadrons = {k: v for k, v in squadrons.items() if v}
    if not squadrons:
        return []
    attack = bool(line)
    plans = st.squadrons
    names = list(squadrons)
    aim = {k: plans[k].aim if k in plans else (i + 0.5) / len(names) for i, k in enumerate(names)}
    ahead = {k: f.inches(plans[k].ahead_in) if k in plans else 0.0 for k in names}
    gmin, gmax = (f.inches(g) for g in (st.attack_gap_in if attack else st.line_gap_in))
    gap = (gmin + gmax) / 2
    jitter = f.inches(st.attack_jitter_in if attack else st.line_jitter_in)
    jh = st.attack_heading_jitter_deg if attack else st.line_heading_jitter_deg
    board = Board(f, line)
    if attack:
        reach = f.long_range + f.inches(st.out_of_range_margin_in)
        line_west = min((x for p in board.polys for x, _ in p), default=f.width)
        slop = f.beam / 2 * math.sin(math.radians(jh)) + f.snap
        main = line_west - reach - f.length / 2 - jitter - slop - max(ahead.values())
        heading, toward = EAST_H, 1.0
    else:
        main = f.width / 2 - f.inches(st.line_west_of_middle_in)
        heading, toward = WEST, -1.0
    line_polys = list(board.polys)
    top = f.height - f.inches(st.line_start_from_north_in)
    bottom = f.inches(st.edge_margin_in)
    out: list[Spot] = []
    for level in sorted(set(ahead.values()), reverse=True):       # the foremost row first
        row = sorted((k for k in names if ahead[k] == level), key=lambda k: (aim[k], names.index(k)))
        tall = {k: sum(f.base(sh)[1] + gap for sh in squadrons[k]) - gap for k in row}
        tops = _abreast_tops(row, aim, tall, top, bottom, 2 * gap)
        if tops is None:
            ships = [s for k in row for s in squadrons[k]]
            beam = max(f.base(sh)[1] for sh in ships)
            fit = int((top - bottom - 2 * gap * (len(row) - 1) + gap) / (beam + gap) + 1e-9)
            raise _too_many("line abreast", ships, fit, f"side by side with {gmin / f.scale:g}\" gaps",
                            "deployment.line_start_from_north_in")
        x = main + toward * level
        if x - f.length / 2 < bottom or x + f.length / 2 > f.width - bottom:
            raise PrintgenError(Problem(f"the line abreast of {', '.join(row)} would stand off the table",
                                        field="deployment.squadrons", fix="use a smaller ahead_in, or move the line"))
        jy = max(0.0, min(jitter, (gap - gmin) / 2 - f.snap))
        for k in row:
            y = tops[k] + gap
            for ship in _middle_first(squadrons[k], leaders.get(k, [])):
                beam = f.base(ship)[1]
                y -= gap + beam / 2
                also = (lambda poly: _beyond(poly, line_polys, reach)) if attack else (lambda poly: True)
                spot = board.place(ship, x, y, heading, (jitter, jy, jh), rng, k, leader=ship in leaders.get(k, []),
                                   also=also)
                if spot is None:
                    raise PrintgenError(Problem(f"{ship.name} cannot be placed in the line abreast without touching "
                                                "another base or leaving the table", field="deployment.line_jitter_in",
                                                fix="use less jitter, or fewer ships (--fraction 0.5)"))
                out.append(spot)
                y -= beam / 2
    return out


def _abreast_tops(row: list[str], aim: dict, tall: dict, top: float, bottom: float, sep: float) -> dict | None:
    """The north edge (y) of each squadron's block in a row: centred on its aim, in aim order from
    the north, `sep` apart, all between `top` and `bottom`; None if they cannot fit."""
    if sum(tall.values()) + sep * (len(row) - 1) > top - bottom + 1e-9:
        return None
    tops = [min(top, top - aim[k] * (top - bottom) + tall[k] / 2) for k in row]
    for i in range(1, len(row)):
        tops[i] = min(tops[i], tops[i - 1] - tall[row[i - 1]] - sep)
    floor = bottom
    for i in reversed(range(len(row))):
        tops[i] = max(tops[i], floor + tall[row[i]])
        floor = tops[i] + sep
    return dict(zip(row, tops))


def _middle_first(ships: list[Ship], leaders: list[Ship]) -> list[Ship]:
    """The squadron from north to south with its leaders in the middle (a flagship led from the centre
    of its division), the other ships in fleet order around them."""
    lead = [s for s in leaders if s in ships]
    rest = [s for s in ships if s not in lead]
    half = len(rest) // 2
    return rest[:half] + lead + rest[half:]
