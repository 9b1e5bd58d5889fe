"""Where the wall time of `printgen kit` goes: when each job of the kit's workers starts and ends
(draws, checks, kit.pdf's join, trace.json), and the parent's own stages, in one run. A core left
idle shows as a gap; what comes after the last job is the parent's alone.

Run: python benchmarks/timeline_kit.py [KIT ARGUMENTS...]   (default: the default kit; prints a
table, asserts nothing; compile first: python -m compileall -q printgen)"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time

T0 = time.perf_counter()


def main(args: list[str]) -> None:
    import printgen.kit.build as kb
    from printgen.cli import main as printgen

    rows: list[tuple[float, float, str, str]] = []
    job = kb._job

    def timed_job(shared, task):
        start = time.perf_counter()
        try:
            return job(shared, task)
        finally:                                # sent to the parent with the result: printed by the worker
            what, arg, _ = task
            name = {"draw": lambda: " + ".join(arg), "check": lambda: arg["path"]}.get(what, lambda: "")()
            print(f"{start - T0:6.2f} {time.perf_counter() - T0:6.2f}  worker {os.getpid()}  {what:<5} {name}",
                  file=sys.stderr, flush=True)

    kb._job = timed_job
    for stage in ("plan_kit", "_preload", "_manifest"):
        real = getattr(kb, stage)

        def wrapped(*a, real=real, stage=stage, **k):
            start = time.perf_counter()
            out = real(*a, **k)
            rows.append((start - T0, time.perf_counter() - T0, "parent", stage))
            return out

        setattr(kb, stage, wrapped)
    out = tempfile.mkdtemp(prefix="printgen-timeline-")
    sys.argv = ["printgen", "kit", *(args or ["trafalgar"]), "--out", os.path.join(out, "kit")]
    try:
        printgen()
    except SystemExit:
        pass
    finally:
        shutil.rmtree(out, ignore_errors=True)
    for start, end, who, what in rows:
        print(f"{start:6.2f} {end:6.2f}  {who:<13} {what}", file=sys.stderr)
    print(f"{'':6} {time.perf_counter() - T0:6.2f}  the end ({os.cpu_count()} cores)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
