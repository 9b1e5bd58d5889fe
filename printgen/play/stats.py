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


@dataclass(frozen=True)
class Spread:
    """One side's win rate over several deployments (maps) of a scenario, each played `games` times."""
    side: str
    rates: tuple[float, ...]          # per deployment
    games: int                        # per deployment

    @property
    def mean(self) -> float:
        return sum(self.rates) / len(self.rates)

    @property
    def between(self) -> float:
        """The spread of the rates between deployments (sample standard deviation)."""
        n = len(self.rates)
        if n < 2:
            return 0.0
        m = self.mean
        return math.sqrt(sum((r - m) ** 2 for r in self.rates) / (n - 1))

    @property
    def dice(self) -> float:
        """The spread the dice alone give one deployment's rate (binomial standard deviation)."""
        p = self.mean
        return math.sqrt(p * (1 - p) / self.games)

    @property
    def maps(self) -> float:
        """The spread the deployments themselves add: what is left of `between` once the dice's share
        is taken out (0 when the dice explain it all)."""
        return math.sqrt(max(0.0, self.between ** 2 - self.dice ** 2))


def spreads(sides: tuple[str, ...], summaries: list[Summary]) -> list[Spread]:
    games = min(s.games for s in summaries)
    return [Spread(side, tuple(s.win(side)[0] for s in summaries), games) for side in sides]


def spread_report(seeds: list[int], summaries: list[Summary], names: dict[str, str]) -> list[str]:
    """Each deployment's win rates, then for each side the spread between deployments and the spread
    of the dice, and which varies more."""
    sides = summaries[0].sides
    lines = [f"Across {len(seeds)} deployments ({summaries[0].games} games each; --seed {seeds[0]} to {seeds[-1]}):"]
    for seed, s in zip(seeds, summaries):
        lines.append(f"  seed {seed:>6}: " + ", ".join(f"{names[side]} win {percent(s.win(side)[0])}" for side in sides)
                     + f", draws {percent(s.draw()[0])}")
    for sp in spreads(sides, summaries):
        more = "the deployment varies more than the dice" if sp.maps > sp.dice else \
            "the dice vary more than the deployment"
        lines.append(f"  {names[sp.side]} win {percent(sp.mean)} on average ({percent(min(sp.rates))}-"
                     f"{percent(max(sp.rates))}); standard deviation between deployments {100 * sp.between:.1f} "
                     f"points, the dice alone {100 * sp.dice:.1f}, the maps {100 * sp.maps:.1f}: {more}.")
    return lines
