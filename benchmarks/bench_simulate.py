"""How long `printgen simulate` takes: 1,000 Trafalgar games (60 ships) on every core, the cost of
one game, and how it grows with the fleet.

Run: python benchmarks/bench_simulate.py [games]   (prints figures; nothing is asserted)"""

from __future__ import annotations

import os
import sys
import time


def main() -> None:
    from printgen.game.deploy import deploy
    from printgen.game.prepare import prepare
    from printgen.play.engine import setup
    from printgen.play.run import simulate
    from printgen.play.stats import summarise

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    s, o = prepare("trafalgar")
    st = setup(s, deploy(s, o))
    cores = os.cpu_count() or 1
    t0, c0 = time.perf_counter(), time.process_time()
    results = simulate(st, games, 1805)
    wall = time.perf_counter() - t0
    children = os.times()
    cpu = children.children_user + children.children_system + time.process_time() - c0
    sm = summarise(st.sides, results)
    print(f"{games} Trafalgar games, 60 ships, {cores} cores: {wall:.1f} s wall, {cpu:.1f} s CPU "
          f"({1000 * cpu / games:.1f} ms CPU a game, {1000 * wall / games:.1f} ms wall a game); "
          f"British win {100 * sm.win('british')[0]:.1f}%, mean {sm.mean_turns:.1f} turns")
    print("fleet size (one core, both sides close and fire to the end or 30 turns):")
    base = None
    for ships in (16, 30, 60):
        s, o = prepare("trafalgar", ships=ships) if ships != 60 else prepare("trafalgar")
        st = setup(s, deploy(s, o), {"allied": "close-and-fire"}, 30)
        n = 100
        c0 = time.process_time()
        results = simulate(st, n, 1805, workers=1)
        cost = (time.process_time() - c0) / n
        turns = sum(r.turns for r in results) / n
        per_turn = cost / turns
        base = base or per_turn / len(st.start)
        print(f"  {len(st.start):>3} ships: {1000 * cost:6.1f} ms a game, {turns:4.1f} turns, "
              f"{1000 * per_turn:5.2f} ms a turn, {1e6 * per_turn / len(st.start):5.1f} us a ship-turn "
              f"({per_turn / len(st.start) / base:.2f}x the smallest)")


if __name__ == "__main__":
    main()
