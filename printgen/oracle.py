"""Second methods for the odds, sharing no code with the ones that printed them (printgen.rules.odds,
icepool, the families' derivations): dice counted face by face, a closed-form binomial sum, and an
absorbing Markov chain solved as a linear system. `printgen check` recomputes every printed
probability with these, so a wrong formula on the printing side cannot agree with itself.

Pure arithmetic on Fractions: no printgen import, so nothing here can drift with the printing side."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

ENUMERATE_UP_TO = 10_000          # outcomes: pools up to 5 six-sided dice are counted face by face, larger by math.comb


@cache
def pool(dice: int, die: int, hits: frozenset) -> tuple[Fraction, ...]:
    """P(exactly k hits) for k = 0..dice, rolling `dice` dice of `die` faces, a hit on `hits`."""
    if die ** dice <= ENUMERATE_UP_TO:
        is_hit = [int(face in hits) for face in range(1, die + 1)]            # each face of the die, once
        counts = Counter(map(sum, product(is_hit, repeat=dice)))              # every roll of the pool
        total = die ** dice
        return tuple(Fraction(counts.get(k, 0), total) for k in range(dice + 1))
    p = Fraction(sum(1 for face in range(1, die + 1) if face in hits), die)
    return tuple(comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1))


def at_least(dice: int, die: int, hits: frozenset, k: int) -> Fraction:
    return sum(pool(dice, die, hits)[max(k, 0):], Fraction(0))


def mean(dice: int, die: int, hits: frozenset) -> Fraction:
    return sum((k * p for k, p in enumerate(pool(dice, die, hits))), Fraction(0))


def any_of(rollers: int, die: int, faces: frozenset) -> Fraction:
    """At least one of `rollers` dice shows one of `faces`, counted over every roll."""
    rolls = list(product(range(1, die + 1), repeat=rollers))
    return Fraction(sum(any(f in faces for f in roll) for roll in rolls), len(rolls))


def absorbing(states: list, step, won) -> dict:
    """Chance of ending in a won state from each transient state of a Markov chain.

    `step(s)` gives {next: probability} (a next state that is not transient is absorbing);
    `won(t)` the chance an absorbing state counts as won. Solves (I - Q) x = r exactly: by
    substitution when every transient state leads only to itself and to states listed before it
    (a fight only loses points), else by Gauss-Jordan elimination."""
    known: dict = {}
    for s in states:
        moves = step(s)
        if any(t != s and t in set(states) and t not in known for t in moves):
            return _gauss(states, step, won)
        stay = moves.get(s, Fraction(0))
        rest = sum((p * (known[t] if t in known else won(t)) for t, p in moves.items() if t != s), Fraction(0))
        known[s] = rest / (1 - stay)
    return known


def _gauss(states: list, step, won) -> dict:
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows = []
    for s in states:
        row = [Fraction(0)] * (n + 1)
        row[index[s]] += 1
        for t, p in step(s).items():
            if t in index:
                row[index[t]] -= p
            else:
                row[n] += p * won(t)
        rows.append(row)
    for col in range(n):                                    # Gauss-Jordan, exact
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                f = rows[r][col]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[col])]
    return {s: rows[index[s]][n] for s in states}


@cache
def fight(a: int, b: int, per: int, die: int, hits: frozenset) -> Fraction:
    """A boarding fight to the end as a Markov chain on (my points, theirs): each round both roll
    `per` dice a point; both struck at once is a roll-off (even)."""
    states = sorted(((x, y) for x in range(1, a + 1) for y in range(1, b + 1)), key=sum)   # fewer points first

    def step(s):
        x, y = s
        out: dict = {}
        for hx, px in enumerate(pool(x * per, die, hits)):
            for hy, py in enumerate(pool(y * per, die, hits)):
                t = (max(x - hy, 0), max(y - hx, 0))
                out[t] = out.get(t, Fraction(0)) + px * py
        return out

    def won(t) -> Fraction:
        x, y = t
        return Fraction(1, 2) if x == 0 and y == 0 else Fraction(1) if y == 0 else Fraction(0)

    return absorbing(states, step, won)[(a, b)]
