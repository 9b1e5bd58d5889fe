"""Is the process pool worth its start-up on this machine? The default kit and its check, made with
the pool printgen uses (min(4, cores) workers) and with one process, in paired runs (whole processes,
alternating, so a busy machine slows both alike): medians of wall and CPU seconds.

Run: python benchmarks/bench_pool.py [--repeat 5] [KIT ARGS...]   (prints figures; nothing is asserted)"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

# `printgen kit` with the pool's worker count forced (1: every job in this process, no fork)
RUN = """
import sys
import printgen.kit.parallel as parallel
workers, args = int(sys.argv[1]), sys.argv[2:]
real = parallel.run
parallel.run = lambda fn, shared, jobs, workers_=None, **kw: real(fn, shared, jobs, workers or None, **kw)
sys.argv = ["printgen", *args]
from printgen.cli import main
main()
"""


def once(workers: int, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (this process's children: the run and its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", RUN, str(workers), *args], check=True, capture_output=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    opts, extra = parser.parse_known_args()
    pool = min(4, os.cpu_count() or 1)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "kit")
        kit = ["kit", "trafalgar", *extra, "--out", out]
        results: dict[tuple[str, int], list[tuple[float, float]]] = {}
        for _ in range(opts.repeat):
            for workers in (1, pool):
                results.setdefault(("kit", workers), []).append(once(workers, kit))
                results.setdefault(("check", workers), []).append(once(workers, ["check", out]))
    for (what, workers), runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(f"{what:<6} {workers} worker{'s' if workers > 1 else ' '}  {wall:5.2f} s wall  {cpu:5.2f} s CPU")
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
