"""Fork or spawn (printgen/forks.py)? The default kit, its check and a simulation, each run with
workers forked and with workers spawned (PRINTGEN_START_METHOD), in paired runs (whole processes,
alternating, so a busy machine slows both alike): medians of wall and CPU seconds. POSIX only (it
measures the children's CPU time with `resource`, and compares with fork).

Run: python benchmarks/bench_start.py [--repeat 3]   (prints figures; nothing is asserted)

Issue 32, a shared 2-core Linux machine (load 6), the kit's lesson already stored:
    kit       fork  6.1 s wall, 4.0 s CPU    spawn  8.3 s wall, 5.5 s CPU
    check     fork  3.1 s wall, 2.0 s CPU    spawn  4.3 s wall, 3.3 s CPU
    simulate  fork  7.2 s wall, 7.2 s CPU    spawn  7.6 s wall, 7.5 s CPU   (400 games, 2 workers)
so fork is kept where it is safe: each spawned worker imports printgen again and unpickles the plan."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def once(method: str, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of `printgen ARGS` with its workers started by `method` (its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printgen", *args], check=True, capture_output=True,
                   env=dict(os.environ, PRINTGEN_START_METHOD=method))
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str]) -> None:
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    with tempfile.TemporaryDirectory() as tmp:
        runs = {"kit": lambda m: ["kit", "trafalgar", "--out", f"{tmp}/{m}"],
                "check": lambda m: ["check", f"{tmp}/{m}"],
                "simulate": lambda m: ["simulate", "trafalgar", "--games", "400", "--workers", "2"]}
        for what, args in runs.items():
            times: dict[str, list[tuple[float, float]]] = {"fork": [], "spawn": []}
            for _ in range(repeat):
                for method in times:
                    times[method].append(once(method, args(method)))
            print(f"{what:9s}" + "".join(f"  {m} {statistics.median(w for w, _ in t):5.1f} s wall, "
                                         f"{statistics.median(c for _, c in t):5.1f} s CPU" for m, t in times.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
