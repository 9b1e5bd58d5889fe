"""Every figure of issue 38 in one run: a teacher's first kit (`printgen kit trafalgar`, empty lesson
store) against `printgen check` of it, the engine's CPU a ship-turn for the code of 2026-12-01 against
today's, and 600 ships of sprites against a bare-reportlab floor.

Run: python benchmarks/bench_issue38.py [--repeat 3] [--no-compile]   (prints figures; nothing is asserted)

Whole processes, as a teacher runs them; wall and CPU (the processes' own, children included: the
machine is shared, so CPU is the steadier figure). CPU comes from resource.getrusage(RUSAGE_CHILDREN),
which only POSIX has: elsewhere it prints n/a. Medians of --repeat runs.

- The cold kit: a fresh lesson store each run (PRINTGEN_CACHE=<a new folder>), but the compiled engine
  warm (NUMBA_CACHE_DIR: the folder this printgen keeps it in). Compiling the engine is a cost paid once
  a computer and printgen version: measured apart (`printgen simulate trafalgar --games 2` with a fresh
  engine folder, less the same command warm), skipped with --no-compile.
- The check: `printgen check` of that kit, its answer in the store (as after the teacher's build; the
  store's answer is played again before it is used, printgen/lesson/search.py `_stored`).
- The engine: the whole battle, Trafalgar's scenario (its policies, seed 1805), 6 turns, one process;
  ship-turns = the fleet's ships x the turns each game lasted (as bench_simulate.py counts them). The
  code of 2026-12-01 is `git archive`d from this repository into a temporary folder and run from there;
  each code's first game is played once before timing (today's engine loads its compiled code then).
- Sprites: benchmarks/fleet_sprites.py 600 (the Trafalgar fleet repeated, as `printgen sprites` prints
  it) against bench_all.py's BASELINE, bare reportlab drawing as many pages of simple counters."""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_all import BASELINE, pdf_pages, sprites
from engine_cost import OLD_DATE, old_code  # the code of 2026-12-01 unpacked (and compiled) once, there

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

try:
    import resource
except ImportError:               # Windows: no rusage; wall times only
    resource = None


def cpu_children() -> float | None:
    if resource is None:
        return None
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure(cmd: list[str], env: dict | None = None, cwd: Path | None = None) -> tuple[float, float | None]:
    """(wall seconds, CPU seconds or None) of one process and the processes it started and waited for."""
    c0 = cpu_children()
    t = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    c1 = cpu_children()
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(map(str, cmd))}\n{done.stderr}")
    return wall, None if c0 is None or c1 is None else c1 - c0


def median(runs: list[tuple[float, float | None]]) -> tuple[float, float | None]:
    walls = [w for w, _ in runs]
    cpus = [c for _, c in runs if c is not None]
    return statistics.median(walls), statistics.median(cpus) if len(cpus) == len(runs) else None


def fmt(wall: float, cpu: float | None) -> str:
    return f"wall {wall:6.2f} s  CPU {'   n/a' if cpu is None else f'{cpu:6.2f}'} s"


def ratio(a: float | None, b: float | None) -> str:
    return "n/a" if a is None or b is None or not b else f"{a / b:.2f}x"


def printgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "printgen", *args]


def engine_env() -> dict:
    """The environment of a cold-store run with the compiled engine warm: this printgen's engine folder."""
    from printgen.play import jit

    folder = os.environ.get("NUMBA_CACHE_DIR") or jit._cache_dir()
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    if folder:
        env["NUMBA_CACHE_DIR"] = folder
    return env


def compile_cost(tmp: Path, base: dict) -> tuple[tuple[float, float | None], tuple[float, float | None]]:
    """(cold, warm) of `printgen simulate trafalgar --games 2`: cold with a fresh engine folder."""
    cmd = printgen("simulate", "trafalgar", "--games", "2")
    fresh = {**base, "PRINTGEN_CACHE": str(tmp / "compile-store"), "NUMBA_CACHE_DIR": str(tmp / "compile-engine")}
    cold = measure(cmd, fresh)
    warm = measure(cmd, fresh)
    return cold, warm


def kits(tmp: Path, env: dict, repeat: int) -> tuple[tuple, tuple, Path]:
    """(the cold kit, the check of it, the last kit's folder), medians of `repeat`."""
    made, checked, out = [], [], tmp
    for k in range(repeat):
        store, out = tmp / f"store-{k}", tmp / f"kit-{k}"
        run_env = {**env, "PRINTGEN_CACHE": str(store)}
        made.append(measure(printgen("kit", "trafalgar", "--out", str(out)), run_env, tmp))
        checked.append(measure(printgen("check", str(out)), run_env, tmp))
    return median(made), median(checked), out


ENGINE = r"""
import sys, time, hashlib
sys.path.insert(0, sys.argv[1])
from printgen.play.rerun import SimRun, prepare_run
from printgen.play.run import simulate
import printgen
assert printgen.__file__.startswith(sys.argv[1]), printgen.__file__
games, repeat, compared = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
run = SimRun("trafalgar", 1805, games, turns=6)
s, _, st = prepare_run(run)
simulate(st, 1, 1805, workers=1)                    # today's engine loads its compiled code here
best, results = float("inf"), []
for _ in range(repeat):
    s, _, st = prepare_run(run)                     # a fresh set-up (and memo) each time
    c0 = time.process_time()
    results = simulate(st, games, 1805, workers=1)
    best = min(best, time.process_time() - c0)
ship_turns = len(s.fleet.ships) * sum(r.turns for r in results)
same = [(r.turns, bool(r.by_limit), r.winner, tuple(map(int, r.struck)), tuple(map(int, r.points))) for r in results]
digest = hashlib.sha256(repr(same[:compared]).encode()).hexdigest()[:12]    # the first games
print(best, ship_turns, len(s.fleet.ships), digest)
"""


def engine(root: Path, games: int, repeat: int, compared: int, env: dict) -> tuple[float, int, int, str]:
    """(best CPU seconds, ship-turns, ships, a digest of the first `compared` games' results)."""
    out = subprocess.run([sys.executable, "-c", ENGINE, str(root), str(games), str(repeat), str(compared)], env=env,
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"the engine of {root} failed:\n{out.stderr}")
    cpu, ship_turns, ships, digest = out.stdout.split()
    return float(cpu), int(ship_turns), int(ships), digest


def sprites_vs_floor(tmp: Path, n: int, repeat: int, env: dict) -> tuple[tuple, tuple, int]:
    """(printgen's sprites of n ships, the bare-reportlab floor of as many pages, pages), paired medians."""
    ours, floor, pages = [], [], 0
    for k in range(repeat):
        out = tmp / f"sprites-{n}-{k}"
        ours.append(measure(sprites(n, str(out)), env, tmp))
        pages = pages or pdf_pages(out / "sprites-color.pdf")
        floor.append(measure([sys.executable, "-c", BASELINE, str(pages), str(tmp / f"rl-{k}.pdf")], env, tmp))
    return median(ours), median(floor), pages


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-compile", action="store_true", help="leave out the engine's one-time compiling")
    ap.add_argument("--games", type=int, default=300, help="today's engine's games (the old code's: a fifth)")
    a = ap.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "printgen"), str(HERE)], check=True)
    import numba

    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(f"printgen {ROOT}; Python {platform.python_version()}, numba {numba.__version__}, "
          f"{os.cpu_count()} cores{load}; medians of {a.repeat}" + ("" if resource else "; CPU n/a (no rusage here)"))
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        env = engine_env()
        subprocess.run(printgen("simulate", "trafalgar", "--games", "2"), env={**env, "PRINTGEN_CACHE": str(tmp / "w")},
                       stdout=subprocess.DEVNULL, check=True)            # the engine compiled once, if it was not
        if not a.no_compile:
            cold, warm = compile_cost(tmp, env)
            print(f"engine compiling, once a computer and version: simulate --games 2 with a fresh engine folder "
                  f"{fmt(*cold)}; warm {fmt(*warm)}; the compiling "
                  f"{fmt(cold[0] - warm[0], None if cold[1] is None or warm[1] is None else cold[1] - warm[1])}")

        kit, check, _ = kits(tmp, env, a.repeat)
        print(f"cold default kit (printgen kit trafalgar, empty lesson store, engine compiled) {fmt(*kit)}")
        print(f"printgen check of it (its answer stored)                                      {fmt(*check)}")
        print(f"cold kit / check: wall {ratio(kit[0], check[0])}, CPU {ratio(kit[1], check[1])}")

        commit, old = old_code(tmp)
        few = max(10, a.games // 5)                   # the old engine is the slower: fewer games
        cpu_old, st_old, ships, dig_old = engine(old, few, a.repeat, few, env)
        cpu_new, st_new, _, dig_new = engine(ROOT, a.games, a.repeat, few, env)
        us_old, us_new = 1e6 * cpu_old / st_old, 1e6 * cpu_new / st_new
        print(f"engine, Trafalgar whole battle ({ships} ships), 6 turns, one process, best of {a.repeat}:")
        print(f"  code of {OLD_DATE[:10]} ({commit[:10]}): {us_old:6.2f} us CPU a ship-turn "
              f"({few} games, {1000 * cpu_old / few:.2f} ms a game)")
        print(f"  today (compiled):                  {us_new:6.2f} us CPU a ship-turn "
              f"({a.games} games, {1000 * cpu_new / a.games:.2f} ms a game)")
        print(f"  today {us_old / us_new:.1f}x cheaper a ship-turn; their first {few} games' results "
              + ("the same" if dig_old == dig_new else "differ (a fix to the games since, or a change)"))

        ours, floor, pages = sprites_vs_floor(tmp, 600, a.repeat, env)
        print(f"sprites, 600 ships ({pages} pages): printgen {fmt(*ours)}; bare reportlab {fmt(*floor)}; "
              f"ratio wall {ratio(ours[0], floor[0])}, CPU {ratio(ours[1], floor[1])}")


if __name__ == "__main__":
    main()
