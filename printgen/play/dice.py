"""The game's dice inside the compiled engine: Python's own random.Random (the Mersenne Twister,
MT19937) carried into compiled code as its state, drawing exactly the numbers random.random() would;
or dice loaded face by face (a test's, or a page's that shows a game), which fail loudly when the
engine rolls more than were loaded.

A set of dice is three arrays: `mt` (the generator's 624 words and its index, random.getstate()'s
625 numbers), `fixed` (loaded draws, each in [0, 1)) and `ctl` (how it draws: 0 the generator, 1 the
loaded draws; how many loaded draws it has used; whether it ran out). The engine rolls a d6 as
`int(random() * 6) + 1`, as the Python engine did."""

from __future__ import annotations

import random

import numpy as np

from printgen.play.jit import jit, small

N, M = 624, 397
MODE, USED, SHORT = 0, 1, 2              # ctl's places


class Loaded(random.Random):
    """Dice that come up as listed, then fail loudly (a test must say every roll it expects)."""

    def __init__(self, faces: list[int]):
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        if not self.faces:
            raise AssertionError("the engine rolled more dice than the test loaded")
        return (self.faces.pop(0) - 0.5) / 6


def dice_of(rng: random.Random) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The compiled engine's dice for `rng`: its generator's state, or a Loaded's faces as draws."""
    ctl = np.zeros(3, np.int64)
    if isinstance(rng, Loaded):
        ctl[MODE] = 1
        return np.zeros(N + 1, np.int64), np.array([(f - 0.5) / 6 for f in rng.faces], np.float64), ctl
    if type(rng) is not random.Random:
        raise TypeError(f"the compiled engine rolls random.Random or Loaded dice, not {type(rng).__name__}")
    return np.array(rng.getstate()[1], np.int64), np.zeros(0, np.float64), ctl


def give_back(rng: random.Random, dice: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    """After the compiled engine rolled: `rng` where the engine left it (the generator's state, or the
    loaded faces it did not use); loaded dice that ran out fail as a Loaded's own would."""
    mt, _, ctl = dice
    if isinstance(rng, Loaded):
        del rng.faces[:int(ctl[USED])]
        if ctl[SHORT]:
            raise AssertionError("the engine rolled more dice than the test loaded")
        return
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(int(v) for v in mt), gauss))


def seeded(seed: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The dice of random.Random(seed)."""
    return dice_of(random.Random(seed))


@jit
def _twist(mt: np.ndarray) -> None:
    for kk in range(N):
        y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7fffffff)
        v = mt[(kk + M) % N] ^ (y >> 1)
        if y & 1:
            v ^= 0x9908b0df
        mt[kk] = v


@jit
def _word(mt: np.ndarray) -> int:
    """genrand_uint32 of CPython's _randommodule.c."""
    if mt[N] >= N:
        _twist(mt)
        mt[N] = 0
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >> 18
    return y


@jit
def uniform(mt: np.ndarray, fixed: np.ndarray, ctl: np.ndarray) -> float:
    """random.random(): 53 random bits from two words, as CPython makes them."""
    if ctl[MODE] == 1:
        k = ctl[USED]
        if k >= fixed.shape[0]:
            ctl[SHORT] = 1
            return 0.0
        ctl[USED] = k + 1
        return fixed[k]
    a = _word(mt) >> 5
    b = _word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@small
def d6(mt: np.ndarray, fixed: np.ndarray, ctl: np.ndarray) -> int:
    """One die of the rules (Game.roll)."""
    return int(uniform(mt, fixed, ctl) * 6) + 1
