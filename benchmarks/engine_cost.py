"""Each engine's CPU a ship-turn, today's code against the code of 2026-12-01, counting only what added
games cost: a process plays `few` games, then `many` games (each on a fresh set-up), and the figure is
(CPU of many - CPU of few) / (ship-turns of many - ship-turns of few). A process's start-up, imports,
loading the compiled engine and building a set-up are paid by both and cancel out.

Run: python benchmarks/engine_cost.py [--few 100] [--many 600] [--repeat 3] [--engine sectors]

`costs()` returns the figures (bench_issue47.py prints them with its own); nothing is asserted.

- The code of 2026-12-01 (the last commit on or before OLD_DATE) is `git archive`d from this repository into
  a temporary folder and run from there, in the same run as today's: the machine is shared, so only figures
  taken side by side compare.
- Each engine plays one scenario of its family with the scenario's own policies, one process, one worker
  (the CPU of that process alone: time.process_time): broadside = Trafalgar (6 turns), sectors = Sluys
  (its lesson's turn limit; Lepanto is also played by today's code, the old code had no Lepanto).
- ship-turns = the fleet's ships x the turns each game lasted (as bench_simulate.py counts them).
- Each code's first game is played once before timing (today's engine loads its compiled code then).
- The best of `repeat` differences is kept; the digest of the first `few` games' results says whether both
  codes played the same games."""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OLD_DATE = "2026-12-01T23:59"

# engine: (scenario, SimRun options), and whether the old code has it
ENGINES = {
    "broadside": ("trafalgar", {"seed": 1805, "turns": 6}),
    "sectors": ("sluys-1340", {"seed": 1805, "turns": 6}),
    "sectors-lepanto": ("lepanto-1571", {"seed": 1805, "turns": 6}),
}
OLD_HAS = {"broadside", "sectors"}

PLAY = r"""
import sys, time, hashlib
sys.path.insert(0, sys.argv[1])
from printgen.play.rerun import SimRun, prepare_run
from printgen.play.run import simulate
import printgen
assert printgen.__file__.startswith(sys.argv[1]), printgen.__file__
scenario, opts = sys.argv[2], eval(sys.argv[3])
few, many, repeat = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])

def timed(games):
    s, _, st = prepare_run(SimRun(scenario, games=games, **opts))   # a fresh set-up (and memo) each time
    c0 = time.process_time()
    results = simulate(st, games, opts["seed"], workers=1)
    return time.process_time() - c0, len(s.fleet.ships) * sum(r.turns for r in results), results

timed(1)                                    # today's engine loads its compiled code here
best = None
for _ in range(repeat):
    c_few, st_few, r_few = timed(few)
    c_many, st_many, _ = timed(many)
    us = 1e6 * (c_many - c_few) / (st_many - st_few)
    best = us if best is None else min(best, us)
same = [(r.turns, bool(r.by_limit), r.winner, tuple(map(int, r.struck)), tuple(map(int, r.points))) for r in r_few]
print(best, st_few / few, hashlib.sha256(repr(same).encode()).hexdigest()[:12])
"""


@dataclass(frozen=True)
class Cost:
    engine: str
    scenario: str
    old_us: float | None           # CPU us a ship-turn, the code of OLD_DATE (None: it had no such scenario)
    new_us: float
    ship_turns_a_game: float
    same_games: bool | None        # the first `few` games' results equal (None: not compared)

    @property
    def ratio(self) -> float | None:
        """How many times cheaper today's code is a ship-turn."""
        return None if self.old_us is None else self.old_us / self.new_us


def old_code(tmp: Path) -> tuple[str, Path]:
    """The commit of OLD_DATE (the last on or before it) unpacked into a folder of its own."""
    commit = subprocess.run(["git", "-C", str(ROOT), "log", f"--until={OLD_DATE}", "-1", "--format=%H"],
                            capture_output=True, text=True, check=True).stdout.strip()
    if not commit:
        raise SystemExit(f"no commit on or before {OLD_DATE}")
    data = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit], capture_output=True,
                          check=True).stdout
    where = tmp / f"printgen-{commit[:10]}"
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        if hasattr(tarfile, "data_filter"):         # Python 3.11.4 and later: the safe filter
            tar.extractall(where, filter="data")
        else:
            tar.extractall(where)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(where / "printgen")], check=True)
    return commit, where


def play(root: Path, engine: str, few: int, many: int, repeat: int) -> tuple[float, float, str]:
    """(best CPU us a ship-turn of the added games, ship-turns a game, digest of the first `few` games)."""
    scenario, opts = ENGINES[engine]
    env = {**os.environ, "PRINTGEN_JIT": "on"}       # today's engine compiled (play/wanted.py is not told here)
    out = subprocess.run([sys.executable, "-c", PLAY, str(root), scenario, repr(opts), str(few), str(many),
                          str(repeat)], capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise SystemExit(f"the engine of {root} failed:\n{out.stderr}")
    us, per_game, digest = out.stdout.split()
    return float(us), float(per_game), digest


def costs(engines: list[str] | None = None, few: int = 100, many: int = 600, repeat: int = 3,
          old: bool = True) -> list[Cost]:
    """Each engine's Cost, today's code and (old=True) the code of OLD_DATE timed in the same run."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "printgen")], check=True)
    out = []
    with tempfile.TemporaryDirectory() as t:
        old_root = old_code(Path(t))[1] if old else None
        for engine in engines or list(ENGINES):
            new_us, per_game, new_digest = play(ROOT, engine, few, many, repeat)
            old_us, old_digest = None, None
            if old_root is not None and engine in OLD_HAS:
                old_us, _, old_digest = play(old_root, engine, few, many, repeat)
            out.append(Cost(engine, ENGINES[engine][0], old_us, new_us, per_game,
                            None if old_digest is None else old_digest == new_digest))
    return out


def engine_figures(engines: list[str] | None = None, few: int = 100, many: int = 600, repeat: int = 3,
                   old: bool = True) -> list[str]:
    """The figures as lines (bench_issue47.py prints them with its own)."""
    lines = [f"CPU a ship-turn of the games {many} games add to {few} (best of {repeat}), one process, one worker"]
    for c in costs(engines, few, many, repeat, old):
        then = "  (no such scenario then)" if c.old_us is None else \
            f"; code of {OLD_DATE[:10]} {c.old_us:6.2f} us: today {c.ratio:.1f}x cheaper, first {few} games " + \
            ("the same" if c.same_games else "differ")
        lines.append(f"  {c.engine:16} {c.scenario:14} ({c.ship_turns_a_game:.0f} ship-turns a game): today "
                     f"{c.new_us:6.2f} us" + then)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--few", type=int, default=100)
    ap.add_argument("--many", type=int, default=600)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--engine", action="append", choices=list(ENGINES))
    ap.add_argument("--no-old", action="store_true", help="today's code only")
    a = ap.parse_args()
    print("\n".join(engine_figures(a.engine, a.few, a.many, a.repeat, not a.no_old)))


if __name__ == "__main__":
    main()
