"""How long printgen takes to choose and check a lesson's game (printgen/lesson/search.py): the search
for a one-period lesson, a two-period one and a class of 40, for both scenarios, each in a fresh
process (the search remembers its answers within a process), wall time and CPU (children included).

Run: python benchmarks/bench_lesson.py   (prints figures; nothing is asserted). Aim: a one-period
lesson's game chosen and verified in at most 15 s on a 2-core machine."""

from __future__ import annotations

import json
import subprocess
import sys

CASES = [("trafalgar", {"periods": 1}), ("trafalgar", {"minutes": 45}), ("trafalgar", {}),
         ("trafalgar", {"periods": 1, "students": 40}), ("sluys-1340", {"periods": 1}), ("sluys-1340", {})]

PROBE = r"""
import json, os, sys, time
from printgen.game.prepare import prepare
from printgen.lesson.search import choose
name, kw = sys.argv[1], json.loads(sys.argv[2])
students = kw.pop("students", 24)
s, o = prepare(name, **kw)
t0 = time.perf_counter()
best, tried = choose(s, o, students)
wall = time.perf_counter() - t0
try:                                  # the workers' CPU too, where the system counts it (not on Windows)
    import resource
    cpu = sum(resource.getrusage(w).ru_utime + resource.getrusage(w).ru_stime
              for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
except ImportError:
    cpu = time.process_time()
print(json.dumps({"wall": wall, "cpu": cpu, "trials": len(tried), "games": sum(t.games for t in tried),
                  "chosen": [best.choice.engagement, dict(best.choice.counts), best.choice.breaks_at,
                             best.choice.turns], "unmet": list(best.unmet)}))
"""


def main() -> None:
    for name, kw in CASES:
        out = subprocess.run([sys.executable, "-c", PROBE, name, json.dumps(kw)], capture_output=True, text=True)
        if out.returncode:
            print(name, kw, "failed:", out.stderr.strip().splitlines()[-1:])
            continue
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{name:11} {json.dumps(kw):32} {r['wall']:5.1f} s wall {r['cpu']:5.1f} s CPU  {r['trials']:2} trials "
              f"{r['games']:4} games  -> {r['chosen']} {'; '.join(r['unmet']) or 'meets every aim'}")


if __name__ == "__main__":
    main()
