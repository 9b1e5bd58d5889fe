"""How long `printgen kit` takes, end to end as a teacher runs it (start-up, build, check):
the default kit, and a both-editions kit for 30 students.

Run: python benchmarks/bench_kit.py   (prints figures; nothing is asserted)"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from timing import timed

CASES = {"default kit (colour, 24 students)": [],
         "both editions, 30 students": ["--edition", "both", "--students", "30"],
         "half fleet, 4x3ft, both, 16 students": ["--fraction", "0.5", "--table", "4x3ft", "--edition", "both",
                                                   "--students", "16"]}


def main() -> None:
    t, _ = timed(lambda: subprocess.run([sys.executable, "-c", "import printgen.cli"], check=True), repeat=3)
    print(f"start-up (import printgen.cli)        {1000 * t:7.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in CASES.items():
            out = os.path.join(tmp, "kit")
            cmd = [sys.executable, "-m", "printgen", "kit", "trafalgar", *args, "--out", out]
            t, _ = timed(lambda: subprocess.run(cmd, check=True, capture_output=True), repeat=3)
            pages = sum(1 for _ in os.scandir(os.path.join(out, "thumbs")))
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printgen", "check", out], check=True, capture_output=True)
            t_check = time.perf_counter() - t0
            print(f"{name:<38} {t:6.2f} s  ({pages} pages; the check alone {t_check:.2f} s)")
    print(f"cores: {os.cpu_count()}")


if __name__ == "__main__":
    main()
