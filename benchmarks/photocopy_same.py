"""Issue 47: `printgen check --photocopy` made cheaper must measure exactly what it measured before.

Run: python benchmarks/photocopy_same.py save RESULTS.pickle KIT [KIT...] --code DIR   (the code before)
     python benchmarks/photocopy_same.py compare RESULTS.pickle KIT [KIT...]          (this checkout)

`--code DIR`: another checkout of printgen to run (e.g. `git archive main | tar -x -C DIR`); without
it, this one. Each kit folder (made with `printgen kit ... --edition bw`) is checked by check_folder
in a process of its own, timed (wall, and the CPU of it and its workers). `save` keeps its
discrepancies and Survival records; `compare` checks them again and fails unless every discrepancy
and every record (kind, what, page, box, kept, file: floats compared exactly) is the same, in the
same order."""

from __future__ import annotations

import argparse
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import pickle, sys
from printgen.check.photocopy import check_folder
found, measured = check_folder(sys.argv[1])
with open(sys.argv[2], "wb") as f:
    pickle.dump((found, measured), f)
"""


def measure(kit: str, code: Path = ROOT) -> tuple[tuple, float, float]:
    """check_folder(kit)'s (discrepancies, records) as the printgen in `code` finds them, its wall
    time and its CPU time (s). The child runs in `code`, which `python -c` puts first on its path."""
    env = dict(os.environ, PYTHONPATH=str(code))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.pickle"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", CHILD, str(Path(kit).resolve()), str(out)], check=True, cwd=code, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return pickle.loads(out.read_bytes()), wall, cpu


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("save", "compare"))
    parser.add_argument("store", type=Path)
    parser.add_argument("kits", nargs="+")
    parser.add_argument("--code", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    saved = pickle.loads(args.store.read_bytes()) if args.mode == "compare" else {}
    same = True
    results = {}
    for kit in args.kits:
        (found, measured), wall, cpu = measure(kit, args.code.resolve())
        results[kit] = (found, measured)
        line = (f"{Path(kit).name}: {len(measured)} records, {len(found)} discrepancies, "
                f"wall {wall:.1f} s, CPU {cpu:.1f} s")
        if args.mode == "compare":
            old_found, old_measured = saved[kit]
            differ = [i for i, (a, b) in enumerate(zip(old_measured, measured)) if a != b]
            ok = old_found == found and len(old_measured) == len(measured) and not differ
            same &= ok
            line += "  SAME" if ok else f"  DIFFERENT ({len(old_measured)} -> {len(measured)} records, " \
                                       f"{len(differ)} differ, first: {differ[:3]})"
            for i in differ[:5]:
                line += f"\n    before {old_measured[i]}\n    after  {measured[i]}"
        print(line, flush=True)
    if args.mode == "save":
        args.store.write_bytes(pickle.dumps(results))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
