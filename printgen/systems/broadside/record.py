"""What a broadside game leaves for a page that shows it (the first turn, a replay): a snapshot of the
table after every phase and every roll of the dice, written by the compiled phases into arrays made
large enough beforehand (all empty in a simulation, where nothing is kept)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from printgen.play.jit import jit, small
from printgen.play.state import GONE, GX, GY, HP, STRUCK, X, Y, H

SNAPSHOTS, EVENTS, FACES, SHORT = range(4)        # count's places; SHORT: a buffer was too small


class Record(NamedTuple):
    """What a game leaves for a page that shows it (all empty in a simulation): a snapshot after every
    phase (its turn, its phase's place in the plan, -1 for the start; poses, hit points, links; the
    events rolled so far) and every roll (ship, other, rule, result, where its faces start, how many)."""
    turn: np.ndarray
    phase: np.ndarray
    poses: np.ndarray      # float64 [snapshot, ship, (x, y, h)]
    state: np.ndarray      # int64 [snapshot, ship, (hp, struck)]
    links: np.ndarray      # int64 [snapshot, ship, ship]: the kind
    order: np.ndarray      # int64 [snapshot, ship, ship]: the order made
    upto: np.ndarray       # int64 [snapshot]: events rolled by then
    events: np.ndarray     # int64 [event, 6]
    faces: np.ndarray      # int64 [face]
    count: np.ndarray  # type: ignore[assignment]  # int64: snapshots, events, faces written; 1 if too small


def record(n: int, snapshots: int, events: int, faces: int) -> Record:
    return Record(np.zeros(snapshots, np.int64), np.zeros(snapshots, np.int64), np.zeros((snapshots, n, 3)),
                  np.zeros((snapshots, n, 2), np.int64), np.zeros((snapshots, n, n), np.int64),
                  np.zeros((snapshots, n, n), np.int64), np.zeros(snapshots, np.int64), np.zeros((events, 6), np.int64),
                  np.zeros(faces, np.int64), np.zeros(4, np.int64))


def no_record(n: int) -> Record:
    return record(n, 0, 0, 0)


@small
def note(R: Record, ship: int, other: int, rule: int, faces: np.ndarray, n: int, result: int) -> None:
    """Keep a roll for a page that shows the game (nothing, in a simulation): the first `n` of `faces`."""
    if R.events.shape[0] == 0:
        return
    c = R.count
    if c[EVENTS] >= R.events.shape[0] or c[FACES] + n > R.faces.shape[0]:
        c[SHORT] = 1
        return
    e = R.events[c[EVENTS]]
    e[0], e[1], e[2], e[3], e[4], e[5] = ship, other, rule, result, c[FACES], n
    for k in range(n):
        R.faces[c[FACES] + k] = faces[k]
    c[EVENTS] += 1
    c[FACES] += n


@jit
def snapshot(R: Record, B, turn: int, phase: int) -> None:
    """The table after a phase (`phase`: its place in the turn's plan; -1 the start)."""
    if R.turn.shape[0] == 0:
        return
    c = R.count
    k = c[SNAPSHOTS]
    if k >= R.turn.shape[0]:
        c[SHORT] = 1
        return
    R.turn[k], R.phase[k], R.upto[k] = turn, phase, c[EVENTS]
    n = B.P.shape[0]
    for i in range(n):
        gone = B.S[i, GONE] != 0                     # a base that left the table: where it lay
        R.poses[k, i, 0], R.poses[k, i, 1] = (B.P[i, GX], B.P[i, GY]) if gone else (B.P[i, X], B.P[i, Y])
        R.poses[k, i, 2] = B.P[i, H]
        R.state[k, i, 0], R.state[k, i, 1] = B.S[i, HP], B.S[i, STRUCK]
        for j in range(n):
            R.links[k, i, j], R.order[k, i, j] = B.L[i, j], B.LS[i, j]
    c[SNAPSHOTS] = k + 1
