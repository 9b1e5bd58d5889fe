"""Every figure of issue 47 in one run (prints figures; nothing is asserted):

- the first kit on a new computer (`printgen kit trafalgar`, an empty cache folder: no compiled
  engine, no stored lesson answer: its lesson is the answer shipped with printgen) and its check; then
  a first kit whose options printgen ships no answer for (`--students 12`: the search, compiling first);
- the colour kit with its answer stored (`printgen kit trafalgar --edition color`, run once before),
  wall and peak memory, and its check;
- Lepanto's and Sluys's first kits (empty lesson store, the compiled engine warm) and their checks;
- each engine's CPU a ship-turn against the code of 2026-12-01: benchmarks/engine_cost.py's
  `engine_figures()` (the `galleys` branch owns that module; this script prints what it returns);
- sprites at 600 ships against the bare-reportlab floor (bench_issue38.py, bench_all.py).

Run: python -m compileall -q printgen && python benchmarks/bench_issue47.py [--repeat 1] [--no-sprites]

Whole processes, as a teacher runs them. Peak memory: the largest resident set of the command and
the processes it waited for (each command run under its own small runner, so the figure is that
command's alone; POSIX only, n/a elsewhere). The machine is shared: CPU is the steadier figure."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

RUNNER = r"""
import json, subprocess, sys, time
try:
    import resource
except ImportError:
    resource = None
t = time.perf_counter()
p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
wall = time.perf_counter() - t
out = {"code": p.returncode, "wall": wall, "err": p.stderr[-2000:]}
if resource is not None:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    out["cpu"] = r.ru_utime + r.ru_stime
    out["peak_mib"] = r.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
print(json.dumps(out))
"""


def run(args: list[str], env: dict) -> dict:
    """One printgen command: wall, CPU and peak memory (MiB)."""
    p = subprocess.run([sys.executable, "-c", RUNNER, sys.executable, "-m", "printgen", *args], env=env,
                       capture_output=True, text=True)
    out = json.loads(p.stdout.strip().splitlines()[-1])
    if out["code"] != 0:
        raise SystemExit(f"failed ({out['code']}): printgen {' '.join(args)}\n{out['err']}")
    return out


def med(runs: list[dict]) -> dict:
    keys = [k for k in ("wall", "cpu", "peak_mib") if all(k in r for r in runs)]
    return {k: statistics.median(r[k] for r in runs) for k in keys}


def show(label: str, r: dict, against: dict | None = None) -> None:
    cpu = f"CPU {r['cpu']:6.2f} s" if "cpu" in r else "CPU    n/a"
    peak = f"peak {r['peak_mib']:5.0f} MiB" if "peak_mib" in r else "peak n/a"
    times = f"  = {r['wall'] / against['wall']:.2f}x its check's wall" if against else ""
    print(f"  {label:<46} wall {r['wall']:6.2f} s  {cpu}  {peak}{times}")


def base_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PRINTGEN_JIT", "NUMBA_CACHE_DIR", "PRINTGEN_CACHE")}
    return env


def first_kit(tmp: Path, repeat: int) -> None:
    print("The first kit on a new computer (empty cache: no compiled engine, no stored answer):")
    made, checked = [], []
    for k in range(repeat):
        env = {**base_env(), "PRINTGEN_CACHE": str(tmp / f"new-computer-{k}")}
        out = tmp / f"first-kit-{k}"
        made.append(run(["kit", "trafalgar", "--out", str(out)], env))
        checked.append(run(["check", str(out)], env))
    check = med(checked)
    show("printgen kit trafalgar", med(made), check)
    show("printgen check (that kit)", check)
    # options whose lesson printgen does not ship (lesson/packaged.py): the search, and the compile first
    env = {**base_env(), "PRINTGEN_CACHE": str(tmp / "new-computer-other")}
    other = run(["kit", "trafalgar", "--students", "12", "--out", str(tmp / "first-kit-12")], env)
    show("printgen kit trafalgar --students 12 (compiles)", other, check)


def warm_env(tmp: Path) -> dict:
    """A cache folder with the compiled engines made (printgen simulate compiles each family's) and no answers."""
    cache = tmp / "warm"
    env = {**base_env(), "PRINTGEN_CACHE": str(cache)}
    run(["simulate", "trafalgar", "--games", "200", "--workers", "1"], env)
    run(["simulate", "sluys-1340", "--games", "200", "--workers", "1"], env)     # the sectors engine's too
    for f in cache.glob("lesson-*.json"):
        f.unlink()
    return env


def stored_kit(tmp: Path, env: dict, repeat: int) -> None:
    print("The colour kit with its lesson answer stored (target: 1.2 s wall, 120 MiB; check 1.0 s):")
    out = tmp / "colour"
    run(["kit", "trafalgar", "--edition", "color", "--out", str(out)], env)      # the answer stored
    made = [run(["kit", "trafalgar", "--edition", "color", "--out", str(out)], env) for _ in range(repeat)]
    checked = [run(["check", str(out)], env) for _ in range(repeat)]
    show("printgen kit trafalgar --edition color", med(made))
    show("printgen check (that kit)", med(checked))


def galley_kits(tmp: Path, env: dict, repeat: int) -> None:
    print("Lepanto's and Sluys's first kits (compiled engine warm, empty lesson store; kept within 2.5x):")
    for battle in ("lepanto-1571", "sluys-1340"):
        made, checked = [], []
        for k in range(repeat):
            run_env = {**env, "PRINTGEN_CACHE": str(tmp / f"{battle}-{k}")}
            if (Path(env["PRINTGEN_CACHE"]) / "engine").is_dir():
                import shutil

                shutil.copytree(Path(env["PRINTGEN_CACHE"]) / "engine", tmp / f"{battle}-{k}" / "engine",
                                dirs_exist_ok=True)
            out = tmp / f"{battle}-kit-{k}"
            made.append(run(["kit", battle, "--out", str(out)], run_env))
            checked.append(run(["check", str(out)], run_env))
        check = med(checked)
        show(f"printgen kit {battle}", med(made), check)
        show("printgen check (that kit)", check)


def engines() -> None:
    print("Each engine's CPU a ship-turn against the code of 2026-12-01 (benchmarks/engine_cost.py):")
    try:
        from engine_cost import engine_figures  # the galleys branch's module
    except ImportError:
        print("  (benchmarks/engine_cost.py not here yet: the galleys branch adds engine_figures())")
        return
    for line in engine_figures():
        print("  " + line)


def sprites(tmp: Path, repeat: int) -> None:
    from bench_issue38 import sprites_vs_floor

    print("Sprites at 600 ships against the bare-reportlab floor:")
    (wall, cpu), (floor_wall, floor_cpu), pages = sprites_vs_floor(tmp, 600, repeat, base_env())
    print(f"  600 ships ({pages} pages): wall {wall:.2f} s, CPU {cpu if cpu is None else round(cpu, 2)} s; "
          f"floor wall {floor_wall:.2f} s, CPU {floor_cpu if floor_cpu is None else round(floor_cpu, 2)} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--no-sprites", action="store_true")
    ap.add_argument("--only", choices=("first", "stored", "galleys", "engines", "sprites"))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench47-") as t:
        tmp = Path(t)
        if a.only in (None, "first"):
            first_kit(tmp, a.repeat)
        if a.only in (None, "stored", "galleys"):
            env = warm_env(tmp)
            if a.only in (None, "stored"):
                stored_kit(tmp, env, a.repeat)
            if a.only in (None, "galleys"):
                galley_kits(tmp, env, a.repeat)
        if a.only in (None, "engines"):
            engines()
        if a.only in (None, "sprites") and not a.no_sprites:
            sprites(tmp, a.repeat)


if __name__ == "__main__":
    main()
