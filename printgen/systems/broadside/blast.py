"""Hits marked on a ship, and what the Nile adds to a ship that strikes: the explosion (L'Orient),
compiled (printgen/play/jit.py) on the game's table (printgen/play/state.py's Board).

The explosion ([explosion] in a ruleset; none: off): once a step's hits are marked (a squadron's
broadsides, the boarding phase), each ship that has struck and not yet rolled rolls one die, in the
order of the ships; on the ruleset's faces she blows up. Her base leaves the table (it lies far off it,
where nothing reaches: no question of the engine need ask whether it is there), her links are cut, and
every other base still fighting whose nearest point is within the radius takes the hits at once; the
ships that strike from them roll next, in turn (printgen's reading of the chain: round by round, each
round in the order of the ships)."""

from __future__ import annotations

import numpy as np

from printgen.play.dice import d6
from printgen.play.geom import distance
from printgen.play.jit import jit, small
from printgen.play.state import FAR, FX, FY, GONE, GX, GY, HL, HP, HW, AGROUND, REACH, ROLLED, STRUCK, X, Y
from printgen.systems.broadside.record import note
from printgen.systems.broadside.setup import BLAST_HITS, BLAST_IN, BLOWS, BLOWS_UP


@small
def hurt(S: np.ndarray, i: int, hits: int) -> None:
    S[i, HP] -= hits
    if S[i, HP] <= 0:
        S[i, HP], S[i, STRUCK] = 0, 1                                   # strikes its colours


@small
def _rect(P: np.ndarray, i: int) -> tuple[float, float, float, float, float, float]:
    return P[i, X], P[i, Y], P[i, FX], P[i, FY], P[i, HL], P[i, HW]


@jit
def blow_up(T, B, i: int) -> None:
    """Ship i blows up: the hits on every base still fighting within the radius, at once; her base off
    the table (where she lay kept for the record), her links cut."""
    P, S, L = B.P, B.S, B.L
    n = S.shape[0]
    radius = T.F[BLAST_IN]
    here = _rect(P, i)
    hit = np.zeros(n, np.bool_)
    for o in range(n):
        if o == i or S[o, STRUCK]:
            continue
        dx, dy = P[o, X] - P[i, X], P[o, Y] - P[i, Y]
        reach = radius + P[i, REACH] + P[o, REACH]
        if abs(dx) > reach or abs(dy) > reach:
            continue
        hit[o] = distance(here, _rect(P, o)) <= radius
    for o in range(n):
        if hit[o]:
            hurt(S, o, T.I[BLAST_HITS])
    for j in range(n):
        L[i, j] = L[j, i] = 0
        B.LS[i, j] = B.LS[j, i] = 0
    S[i, GONE], S[i, AGROUND] = 1, 0
    P[i, GX], P[i, GY] = P[i, X], P[i, Y]
    P[i, X] = P[i, Y] = FAR * (i + 1)


@jit
def explode(T, B, D, R) -> None:
    """The ships that have struck since the last roll roll for an explosion (the module's docstring)."""
    faces = T.I[BLOWS_UP]
    if faces == 0:
        return
    S = B.S
    n = S.shape[0]
    rollers = np.empty(n, np.int64)
    face = np.empty(1, np.int64)
    while True:
        m = 0
        for i in range(n):
            if S[i, STRUCK] and not S[i, ROLLED]:
                rollers[m] = i
                m += 1
        if m == 0:
            return
        for k in range(m):
            i = rollers[k]
            S[i, ROLLED] = 1
            face[0] = d6(D[0], D[1], D[2])
            blows = (faces >> face[0]) & 1
            note(R, i, -1, BLOWS, face, 1, blows)
            if blows:
                blow_up(T, B, i)
