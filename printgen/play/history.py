"""The real battle as a yardstick for the engine: `printgen simulate --history` plays the historical
set-up with the policies the battle was fought with ([simulation] history) and counts the games that
come out as the battle did: the battle's winner wins, and each side loses within the scenario's
tolerance of the ships it lost.

What each side lost comes from the scenario's [history] table: its `lost` counts where the fleet's
fate column does not say ship by ship (Sluys: each piece stands for ten ships or more), else the
fates of the ships in play read by its `captured_fates` and `struck_fates` words (Trafalgar)."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.play.engine import Result
from printgen.play.stats import percent, wilson


@dataclass(frozen=True)
class Yardstick:
    sides: tuple[str, ...]
    lost: tuple[int, ...]             # ships each side lost in the battle (ruleset order)
    ships: tuple[int, ...]            # ships each side has in play
    tolerance: int                    # ships either way
    winner: str | None                # the side that lost fewer ships (None: as many)
    source: str                       # where the losses come from: "fates" or "the scenario's [history] table"

    def matches(self, r: Result) -> bool:
        return r.winner == self.winner and all(abs(s - lost) <= self.tolerance for s, lost in zip(r.struck, self.lost))

    def band(self, k: int) -> tuple[int, int]:
        return max(0, self.lost[k] - self.tolerance), min(self.ships[k], self.lost[k] + self.tolerance)

    def words(self, names: dict[str, str]) -> str:
        """The outcome counted, in words: "British win; British lose 0-3 ships, Franco-Spanish 15-21"."""
        losses = ", ".join(f"{names[side]} {'%d-%d' % self.band(k)}" for k, side in enumerate(self.sides))
        head = f"{names[self.winner]} win" if self.winner else "a draw"
        return f"{head}; ships lost: {losses} (the battle: " + ", ".join(
            f"{names[side]} {self.lost[k]}" for k, side in enumerate(self.sides)) + f", within {self.tolerance})"


def yardstick(scenario) -> Yardstick:
    """The battle's outcome for the ships in play (a reduced fleet: the fates of the ships kept)."""
    h = scenario.history
    sides = tuple(scenario.ruleset.sides)
    ships = tuple(sum(1 for s in scenario.fleet.ships if s.side == side) for side in sides)
    if h.lost:
        lost = tuple(min(h.lost.get(side, 0), n) for side, n in zip(sides, ships))
        source = "the scenario's [history] table"
    else:
        lost = tuple(sum(1 for s in scenario.fleet.ships if s.side == side and h.outcome(s.fate) in ("captured", "struck"))
                     for side in sides)
        source = "the fleet's fates"
    least = min(lost)
    winner = sides[lost.index(least)] if lost.count(least) == 1 else None
    return Yardstick(sides, lost, ships, h.tolerance_ships, winner, source)


def report(y: Yardstick, results: list[Result], names: dict[str, str]) -> list[str]:
    """How often the games came out as the battle did, with its 95% interval."""
    n = len(results)
    k = sum(1 for r in results if y.matches(r))
    lo, hi = wilson(k, n)
    won = sum(1 for r in results if r.winner == y.winner)
    return [f"The real battle ({y.words(names)}; from {y.source}):",
            f"  {percent(k / n)} of {n} games ({percent(lo)}-{percent(hi)}); "
            f"{names[y.winner] if y.winner else 'Nobody'} won {percent(won / n)} of all the games."]
