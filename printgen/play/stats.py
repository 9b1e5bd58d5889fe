"""What thousands of games say: win, draw and loss rates with 95% Wilson intervals, the spread of
game lengths, ships struck, games that ran to the turn limit. Plain numbers, then plain text."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from printgen.play.engine import Result

Z95 = 1.959963984540054          # the normal quantile of a two-sided 95% interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n (sensible at 0 and n, unlike the normal one)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Summary:
    sides: tuple[str, ...]
    games: int
    wins: tuple[int, ...]             # per side
    draws: int
    lengths: tuple[tuple[int, int], ...]   # (turns, games), by turns
    struck: tuple[float, ...]         # average ships struck, per side
    points: tuple[float, ...]         # average victory points, per side
    by_limit: int                     # games that ran to the turn limit

    def rate(self, k: int) -> tuple[float, float, float]:
        lo, hi = wilson(k, self.games)
        return k / self.games, lo, hi

    def win(self, side: str):
        return self.rate(self.wins[self.sides.index(side)])

    def loss(self, side: str):
        return self.rate(self.games - self.draws - self.wins[self.sides.index(side)])

    def draw(self):
        return self.rate(self.draws)

    @property
    def mean_turns(self) -> float:
        return sum(t * n for t, n in self.lengths) / self.games


def summarise(sides: tuple[str, ...], results: list[Result]) -> Summary:
    n = len(results)
    wins = tuple(sum(1 for r in results if r.winner == side) for side in sides)
    lengths = tuple(sorted(Counter(r.turns for r in results).items()))
    struck = tuple(sum(r.struck[k] for r in results) / n for k in range(len(sides)))
    points = tuple(sum(r.points[k] for r in results) / n for k in range(len(sides)))
    return Summary(sides, n, wins, sum(1 for r in results if r.winner is None), lengths, struck, points,
                   sum(1 for r in results if r.by_limit))


def percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def report(s: Summary, names: dict[str, str], width: int = 40) -> list[str]:
    """The terminal report: a rates table, a text histogram of game length, struck ships, the limit."""
    lines = [f"{'':<16}{'wins':>24}{'draws':>24}{'losses':>24}"]
    for side in s.sides:
        cells = [s.win(side), s.draw(), s.loss(side)]
        lines.append(f"{names[side]:<16}" + "".join(f"{percent(p)} ({percent(lo)}-{percent(hi)})".rjust(24)
                                                   for p, lo, hi in cells))
    lines += ["", "Game length in turns (games ending in each turn):"]
    top = max(n for _, n in s.lengths)
    for turns, n in s.lengths:
        bar = "#" * max(1, round(width * n / top))
        lines.append(f"  {turns:>3} | {bar:<{width}} {n} ({percent(n / s.games)})")
    lines.append("")
    for k, side in enumerate(s.sides):
        lines.append(f"{names[side]}: {s.struck[k]:.1f} ships struck on average, {s.points[k]:.1f} victory points")
    lo_hi = wilson(s.by_limit, s.games)
    lines.append(f"Decided by the turn limit: {percent(s.by_limit / s.games)} of games "
                 f"({percent(lo_hi[0])}-{percent(lo_hi[1])}); mean length {s.mean_turns:.1f} turns")
    return lines
