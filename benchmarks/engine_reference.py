"""A reference of the engine's games: plays a few hundred games of several set-ups of both families
(scenarios, fleet sizes, scales, policies, turn limits) and writes, a line a game, its Result and a
digest of its whole per-phase log (every base's pose, hit points and struck flag, and the links, after
every phase). Two runs that write the same file played the same games, move for move, die for die.

Used to make the engine faster without changing a game: write the reference before, compare after.

Run: python benchmarks/engine_reference.py OUT.txt            (write)
     python benchmarks/engine_reference.py OUT.txt --compare REF.txt
     python benchmarks/engine_reference.py - --show SETUP GAME  (print one game's log)

Each set-up is also simulated without logs, in order (the path `printgen simulate` takes, sharing the
memo between games), and its results must equal the logged ones."""

from __future__ import annotations

import hashlib
import random
import sys
import time

# name: (scenario, options for SimRun, games)
SETUPS = {
    "traf-default": ("trafalgar", dict(seed=1805), 120),
    "traf-both-close-30": ("trafalgar", dict(seed=1805, policies=(("allied", "close-and-fire"),), turns=30), 40),
    "traf-16-close-20": ("trafalgar", dict(seed=11, ships=16, policies=(("allied", "close-and-fire"),), turns=20), 100),
    "traf-scale-half": ("trafalgar", dict(seed=1805, scale=0.5, turns=10), 40),
    "traf-second-seed7": ("trafalgar", dict(seed=7, preset="second-battle", turns=12), 60),
    "traf-brit-hold": ("trafalgar", dict(seed=3, ships=24, policies=(("allied", "close-and-fire"),
                                                                     ("british", "hold-the-line")), turns=15), 40),
    "traf-break-keep": ("trafalgar", dict(seed=2, ships=30, policies=(("allied", "keep-range"),
                                                                      ("british", "break-the-line")), turns=12), 40),
    "sluys-default": ("sluys-1340", dict(seed=1805), 150),
    "sluys-archers": ("sluys-1340", dict(seed=4, policies=(("english", "archers-first"),
                                                           ("french", "keep-range")), turns=12), 60),
    "sluys-30": ("sluys-1340", dict(seed=1805, turns=30), 80),
    "sluys-small-seed3": ("sluys-1340", dict(seed=3, preset="small-class", turns=12), 100),
    "sluys-scale": ("sluys-1340", dict(seed=9, scale=0.75), 60),
    "sluys-eng-hold": ("sluys-1340", dict(seed=5, policies=(("english", "hold-the-line"),), turns=10), 40),
}


def _run(name: str):
    from printgen.play.rerun import SimRun, prepare_run

    scenario, opts, games = SETUPS[name]
    run = SimRun(scenario, games=games, **opts)
    return run, prepare_run(run)[2]


def _log_text(log) -> str:
    return "\n".join(repr(entry) for entry in log)


def play_logged(st, seed: int, index: int):
    from printgen.play.engine import game_seed, new_game, play

    g = new_game(st, random.Random(game_seed(seed, index)), log=True)
    result = play(st, seed, index, g)
    return result, g.log


def lines(name: str) -> tuple[list[str], float]:
    from printgen.play.run import simulate

    run, st = _run(name)
    out = []
    c0 = time.process_time()
    fast = simulate(st, run.games, run.seed, workers=1)             # the simulation's own path, memo shared
    cpu = time.process_time() - c0
    _, st = _run(name)                                            # a fresh memo for the logged games
    for i in range(run.games):
        result, log = play_logged(st, run.seed, i)
        if result != fast[i]:
            raise SystemExit(f"{name} game {i}: logged {result} but simulated {fast[i]}")
        digest = hashlib.sha256(_log_text(log).encode()).hexdigest()[:20]
        out.append(f"{name} {i} {result.turns} {result.by_limit} {result.winner} {result.struck} {result.points} "
                   f"{len(log)} {digest}")
    return out, cpu


def main(argv: list[str]) -> int:
    if "--show" in argv:
        name, index = argv[argv.index("--show") + 1], int(argv[argv.index("--show") + 2])
        run, st = _run(name)
        for i in range(index + 1):
            result, log = play_logged(st, run.seed, i)
        print(result)
        print(_log_text(log))
        return 0
    out_path = argv[0]
    only = argv[argv.index("--only") + 1].split(",") if "--only" in argv else list(SETUPS)
    everything, total = [], 0.0
    for name in only:
        got, cpu = lines(name)
        total += cpu
        print(f"{name:<22} {len(got):>4} games  {1000 * cpu / len(got):7.2f} ms CPU a game (simulated)", file=sys.stderr)
        everything += got
    print(f"simulated CPU in all: {total:.2f} s", file=sys.stderr)
    text = "\n".join(everything) + "\n"
    if out_path != "-":
        with open(out_path, "w", encoding="utf-8") as f:
            f.write(text)
    if "--compare" in argv:
        with open(argv[argv.index("--compare") + 1], encoding="utf-8") as f:
            ref = {tuple(line.split()[:2]): line for line in f.read().splitlines() if line.split()[0] in only}
        got = {tuple(line.split()[:2]): line for line in everything}
        differ = [(ref.get(k, "(none)"), got.get(k, "(none)")) for k in sorted(set(ref) | set(got)) if ref.get(k) != got.get(k)]
        if differ:
            for a, b in differ[:10]:
                print(f"- {a}\n+ {b}", file=sys.stderr)
            print(f"DIFFERENT: {len(differ)} of {len(ref)} games", file=sys.stderr)
            return 1
        print(f"identical: {len(ref)} games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
