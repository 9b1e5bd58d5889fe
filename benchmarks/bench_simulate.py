"""How fast the engine plays: games per CPU second for Trafalgar (60 ships, the scenario's policies)
and Sluys (30 ships), one process, the best of a few runs (the machine is shared: CPU time, not
wall); then, for Trafalgar, how the cost grows with the fleet.

Run: python benchmarks/bench_simulate.py [games] [--repeat N] [--no-sizes]   (prints figures; nothing is asserted)

The same games as `printgen simulate SCENARIO --games N --workers 1` plays after its set-up (the
set-up, about half a second of imports and deployment, is left out: it is not a game's)."""

from __future__ import annotations

import sys
import time


def cpu_of(scenario: str, games: int, repeat: int, **run) -> tuple[float, list]:
    """The least CPU seconds of `repeat` simulations of `games` games, each from a fresh set-up
    (the memo the games of one simulation share starts empty, as in `printgen simulate`)."""
    from printgen.play.rerun import SimRun, prepare_run
    from printgen.play.run import simulate

    best, results = float("inf"), []
    for _ in range(repeat):
        st = prepare_run(SimRun(scenario, 1805, games, **run))[2]
        c0 = time.process_time()
        results = simulate(st, games, 1805, workers=1)
        best = min(best, time.process_time() - c0)
    return best, results


def main(argv: list[str]) -> None:
    from printgen.play.stats import summarise

    games = int(argv[0]) if argv and argv[0].isdigit() else 300
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    for scenario, label in (("trafalgar", "Trafalgar"), ("sluys-1340", "Sluys")):
        cpu, results = cpu_of(scenario, games, repeat)
        sides = tuple(sorted({r.winner for r in results if r.winner}))
        sm = summarise(sides, results) if sides else None
        turns = sum(r.turns for r in results) / len(results)
        wins = ", ".join(f"{side} {100 * sm.win(side)[0]:.0f}%" for side in sides) if sm else ""
        print(f"{label:<10} {games / cpu:8.1f} games per CPU second ({1000 * cpu / games:6.2f} ms a game; "
              f"{games} games, best of {repeat}; mean {turns:.1f} turns; {wins})")
    if "--no-sizes" in argv:
        return
    print("Trafalgar by fleet size (both sides close and fire, to the end or 30 turns):")
    base = None
    for ships in (16, 30, 60):
        n = 60
        cost, results = cpu_of("trafalgar", n, 1, ships=None if ships == 60 else ships,
                               policies=(("allied", "close-and-fire"),), turns=30)
        cost /= n
        turns = sum(r.turns for r in results) / n
        per_turn = cost / turns
        size = ships
        base = base or per_turn / size
        print(f"  {size:>3} ships: {1000 * cost:6.1f} ms a game, {turns:4.1f} turns, {1000 * per_turn:5.2f} ms a turn, "
              f"{1e6 * per_turn / size:5.1f} us a ship-turn ({per_turn / size / base:.2f}x the smallest)")


if __name__ == "__main__":
    main(sys.argv[1:])
