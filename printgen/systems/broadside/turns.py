"""A whole broadside game, compiled: the ruleset's phases turn by turn until a side has no ship able to
fight, a side breaks off at the end of a turn, or the lesson's turn limit (printgen/play/engine.py's
`play`, for this family), and many games in a row from one set-up, without the GIL, so that threads
play them on every core. Each game's dice are its own (random.Random's state for its seed)."""

from __future__ import annotations

import numpy as np

from printgen.play.jit import jit, small
from printgen.play.state import FLAG, GRAPPLED, SIDE, STRUCK, TURN, Board
from printgen.systems.broadside.contact import board, drift, entangle
from printgen.systems.broadside.firing import shoot
from printgen.systems.broadside.record import snapshot
from printgen.systems.broadside.sailing import move
from printgen.systems.broadside.setup import DRIFT, MOVE, SHOOT, TURN_LIMIT


@small
def phase(T, B, D, R, action: int, side: int) -> None:
    if action == DRIFT:
        drift(T, B, D, R)
        entangle(T, B, D, R)
    elif action == MOVE:
        move(T, B, D, side, R)
        entangle(T, B, D, R)
    elif action == SHOOT:
        shoot(T, B, D, side, R)
    else:
        board(T, B, D, R)


@small
def tally(T, B, struck: np.ndarray, points: np.ndarray) -> None:
    """Each side's ships struck, and its victory points: an enemy ship struck (a flagship more), a prize
    (struck and grappled to a ship of the side still fighting) more again."""
    S, L = B.S, B.L
    n = S.shape[0]
    for side in range(struck.shape[0]):
        struck[side] = points[side] = 0
    for i in range(n):
        if not S[i, STRUCK]:
            continue
        struck[S[i, SIDE]] += 1
        for side in range(points.shape[0]):
            if side == S[i, SIDE]:
                continue
            captured = False
            for o in range(n):
                captured = captured or (L[i, o] == GRAPPLED and S[o, SIDE] == side and not S[o, STRUCK])
            points[side] += T.points[2] if captured else (T.points[1] if S[i, FLAG] else T.points[0])


@small
def play(T, B, D, R, struck: np.ndarray, points: np.ndarray) -> tuple[int, bool, int]:
    """One game from the board B: (the turn it ended in, whether at the turn limit, the turns played to
    their end). `struck` and `points` get a row for each turn played to its end (the game as it stood
    then: the search's tally), and their last row the game's end."""
    sides = T.habits.shape[0]
    limit = T.I[TURN_LIMIT]
    end = struck.shape[0] - 1
    snapshot(R, B, 0, -1)
    for turn in range(1, limit + 1):
        B.C[TURN] = turn
        for k in range(T.plan.shape[0]):
            phase(T, B, D, R, T.plan[k, 0], T.plan[k, 1])
            snapshot(R, B, turn, k)
            for side in range(sides):
                fights = False
                for i in range(B.S.shape[0]):
                    fights = fights or (B.S[i, SIDE] == side and not B.S[i, STRUCK])
                if not fights:
                    tally(T, B, struck[end], points[end])
                    return turn, False, turn - 1
        tally(T, B, struck[turn - 1], points[turn - 1])
        broken = False
        for side in range(sides):
            broken = broken or struck[turn - 1, side] >= T.breaks[side]
        if broken:
            _same(struck, points, turn - 1, end)
            return turn, False, turn
    _same(struck, points, limit - 1, end)
    return limit, True, limit


@small
def _same(struck: np.ndarray, points: np.ndarray, row: int, end: int) -> None:
    for side in range(struck.shape[1]):
        struck[end, side], points[end, side] = struck[row, side], points[row, side]


@jit
def play_many(T, start: Board, mts: np.ndarray, ends: np.ndarray, struck: np.ndarray, points: np.ndarray, R) -> None:
    """Games from the same start, one a row of `mts` (its dice: random.Random's state): each game's
    (turn it ended in, 1 if at the limit, turns played to their end) in `ends`, its `struck` and
    `points` (play's) at [game]."""
    fixed, ctl = np.zeros(0), np.zeros(3, np.int64)
    for g in range(mts.shape[0]):
        B = Board(start.P.copy(), start.S.copy(), start.L.copy(), start.LS.copy(), start.C.copy())
        turn, limited, tallied = play(T, B, (mts[g].copy(), fixed, ctl), R, struck[g], points[g])
        ends[g, 0], ends[g, 1], ends[g, 2] = turn, limited, tallied
