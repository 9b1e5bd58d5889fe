"""A sweep of random kit commands, as teachers might type them: scenario, class size, paper, scale or
table, fleet size, preset, units, seed, lesson length, edition, tiled map, poster. Not a timing: each
line says whether the kit was made (ok), refused with a clear message (USER: exit 2, no traceback) or
not (BUG: an internal error, or a kit that fails its own check), with the command to run it again.

Run: python benchmarks/sweep_kits.py [SEED] [COMMANDS]   (default 1 and 40; prints, asserts nothing)"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def command(rng: random.Random) -> list[str]:
    scenario = rng.choice(["trafalgar", "sluys-1340"])
    args = [scenario]
    if rng.random() < .6:
        args += ["--students", str(rng.randint(4, 60))]
    if rng.random() < .3:
        args += ["--paper", "a4"]
    r = rng.random()
    if r < .25:
        args += ["--scale", str(rng.choice([0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 1.2, 1.5, 2]))]
    elif r < .45:
        args += ["--table", rng.choice(["4x3ft", "6x4ft", "120x90cm", "3x2ft", "8x5ft", "150x100cm", "5x3ft"])]
    r = rng.random()
    if r < .2:
        args += ["--fraction", str(rng.choice([0.2, 0.3, 0.5, 0.7]))]
    elif r < .4:
        args += ["--ships", str(rng.randint(4, 60))]
    if scenario == "trafalgar" and rng.random() < .15:
        args += ["--preset", "second-battle"]
    if rng.random() < .2:
        args += ["--units", "cm"]
    if rng.random() < .3:
        args += ["--seed", str(rng.randint(1, 99999))]
    if rng.random() < .3:
        args += ["--periods", str(rng.randint(1, 10))]
    if rng.random() < .3:
        args += ["--minutes", str(rng.choice([20, 30, 45, 60, 90, 120, 300]))]
    if rng.random() < .2:
        args += ["--edition", rng.choice(["bw", "both"])]
    if rng.random() < .15:
        args += ["--with-tiled"]
    if rng.random() < .15:
        args += ["--poster", rng.choice(["A1", "A0", "24x36in", "36x48in"])]
    return args


def main(seed: int, n: int) -> None:
    rng = random.Random(seed)
    counts = {"ok": 0, "USER": 0, "BUG": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            args = command(rng)
            out = Path(tmp) / f"kit{i}"
            p = subprocess.run([sys.executable, "-m", "printgen", "kit", *args, "--out", str(out)],
                               capture_output=True, text=True)
            said = p.stderr + p.stdout
            kind = "ok" if p.returncode == 0 else "USER" if p.returncode == 2 and "internal error" not in said else "BUG"
            counts[kind] += 1
            last = " / ".join([line for line in said.strip().splitlines() if line.strip()][-3:]) if kind != "ok" else ""
            print(f"{kind:<4} printgen kit {' '.join(args)}" + (f"  | {last}" if last else ""), flush=True)
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(f"{out}.failed", ignore_errors=True)
    print(f"seed {seed}: {counts['ok']} kits made, {counts['USER']} refused with a message, {counts['BUG']} bugs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1, int(sys.argv[2]) if len(sys.argv) > 2 else 40)
