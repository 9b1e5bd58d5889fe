"""Every figure of issue 17, measured as a new user would (whole processes, bytecode compiled),
each beside a bare-reportlab baseline drawing the same number of pages in the same run.

Run: python benchmarks/bench_all.py [--repeat 5] [--before DIR] [--json FILE]

Times are medians of paired runs: for each repetition the baseline, then `--before` (another
checkout of printgen, e.g. `git archive main | tar -x -C DIR`), then this checkout, alternate, so a
busy machine slows them alike. "x rl" is the time (or size) over the baseline's. Nothing is asserted."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# A bare reportlab canvas drawing N pages of simple counters (a base, a name, three hit circles,
# 10 to a page): the cost of a PDF page on this machine, with no printgen in it.
BASELINE = r"""
import sys
from reportlab.pdfgen.canvas import Canvas
pages, out = int(sys.argv[1]), sys.argv[2]
c = Canvas(out, invariant=1, pageCompression=1)
for p in range(pages):
    for i in range(10):
        x, y = 40 + (i % 2) * 270, 60 + (i // 2) * 140
        c.rect(x, y, 144, 72)
        c.setFont("Helvetica-Bold", 8)
        c.drawString(x + 6, y + 58, f"Ship {p * 10 + i}")
        for k in range(3):
            c.circle(x + 20 + 16 * k, y + 14, 5)
    c.showPage()
c.save()
"""


def run(cmd: list[str], root: Path, cwd: Path) -> tuple[float, float]:
    """Wall seconds and peak resident MiB of one process, with `root` first on the import path."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    t = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode()
    p.stderr.close()
    if p.returncode != 0:
        raise SystemExit(f"failed ({p.returncode}): {' '.join(cmd)}\n{err}")
    return dt, usage.ru_maxrss / 1024


def printgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "printgen", *args]


def sprites(n: int, out: str) -> list[str]:
    return [sys.executable, str(HERE / "fleet_sprites.py"), str(n), out]


def pdf_pages(path: Path) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


class Bench:
    def __init__(self, roots: dict[str, Path], repeat: int, tmp: Path):
        self.roots, self.repeat, self.tmp = roots, repeat, tmp
        self.rows: list[dict] = []

    def baseline(self, pages: int) -> tuple[float, int]:
        out = self.tmp / f"rl-{pages}.pdf"
        dt, _ = run([sys.executable, "-c", BASELINE, str(pages), str(out)], ROOT, self.tmp)
        return dt, out.stat().st_size

    def timed(self, what: str, make_cmd, pages_of, repeat: int | None = None, setup=None) -> dict[str, Path]:
        """Paired medians: baseline, then each checkout, `repeat` times. make_cmd(label) -> (cmd, out)."""
        times = {label: [] for label in self.roots}
        mem = {label: [] for label in self.roots}
        base: list[float] = []
        outs: dict[str, Path] = {}
        pages = None
        for _ in range(repeat or self.repeat):
            for label, root in self.roots.items():
                cmd, out = make_cmd(label)
                if setup:
                    setup(label, out)
                dt, rss = run(cmd, root, self.tmp)
                times[label].append(dt)
                mem[label].append(rss)
                outs[label] = out
                if pages is None:
                    pages = pages_of(out)
                    b, _ = self.baseline(pages)
                    base.append(b)
            if len(base) < len(times[next(iter(self.roots))]):
                base.append(self.baseline(pages)[0])
        b = statistics.median(base)
        row = {"what": what, "pages": pages, "baseline_s": b,
               **{f"{label}_s": statistics.median(v) for label, v in times.items()},
               **{f"{label}_mib": max(v) for label, v in mem.items()}}
        self.rows.append(row)
        self.show(row, "s")
        return outs

    def size(self, what: str, files: dict[str, Path], pages: int | None) -> None:
        row = {"what": what, "pages": pages, **{f"{label}_bytes": p.stat().st_size for label, p in files.items()}}
        if pages:
            row["baseline_bytes"] = self.baseline(pages)[1]
        self.rows.append(row)
        self.show(row, "bytes")

    def show(self, row: dict, unit: str) -> None:
        cells = []
        for label in self.roots:
            v = row[f"{label}_{'s' if unit == 's' else 'bytes'}"]
            base = row.get("baseline_s" if unit == "s" else "baseline_bytes")
            ratio = f" ({v / base:4.1f}x rl)" if base else ""
            if unit == "s":
                cells.append(f"{label} {v:6.2f} s{ratio}  {row[f'{label}_mib']:5.0f} MiB")
            else:
                cells.append(f"{label} {v / 1024:7.0f} KB{ratio}")
        base = row.get("baseline_s") if unit == "s" else row.get("baseline_bytes")
        b = "" if not base else (f"rl {base:5.2f} s" if unit == "s" else f"rl {base / 1024:5.0f} KB")
        print(f"{row['what']:<42} {row['pages'] or '':>5}p  {b:>10}  " + "  ".join(cells), flush=True)


def deployment(roots: dict[str, Path], repeat: int) -> list[dict]:
    """Map deployment's placement test (printgen.game.formations.Board, what deploy() asks for every
    ship, five tries at most) on a table that grows with the fleet, in process: ms at 60/200/600 ships, and the cost a
    ship over the 60's (1.0 when linear). The real fleet's line does not hold 600 ships."""
    script = r"""
import json, random, statistics, sys, time
from printgen.game.deploy import Field
from printgen.game.deploy_settings import load_settings
from printgen.game.formations import Board
from printgen.game.prepare import prepare
s, o = prepare("trafalgar")
ship = s.fleet.ships[0]
settings = load_settings(s)
out = {}
for n in (60, 200, 600):
    per_row = int(n ** 0.5) + 1
    side = 6 * (per_row + 2)                     # inches: ships 6" apart (none collide), the same density
    f = Field(width=side, height=side, length=2, beam=1, long_range=12, snap=0.05, settings=settings,
              scale=1.0, base_of=lambda sh: (2.0, 1.0))
    ts = []
    for _ in range(int(sys.argv[1])):
        rng = random.Random(1)
        board = Board(f)
        t = time.perf_counter()
        for i in range(n):
            row, col = divmod(i, per_row)
            assert board.place(ship, 6 + col * 6, 6 + row * 6, 0, (0.5, 0.5, 8), rng, "line")
        ts.append(time.perf_counter() - t)
    out[n] = min(ts)                             # the least disturbed run: in-process, milliseconds
print(json.dumps(out))
"""
    rows = []
    results = {}
    for label, root in roots.items():
        env = {**os.environ, "PYTHONPATH": str(root)}
        p = subprocess.run([sys.executable, "-c", script, str(repeat)], env=env, capture_output=True, text=True)
        results[label] = json.loads(p.stdout) if p.returncode == 0 else {"error": p.stderr.strip().splitlines()[-1]}
    for n in ("60", "200", "600"):
        row = {"what": f"map deployment, {n} ships", "pages": None}
        cells = []
        for label, r in results.items():
            if "error" in r:
                cells.append(f"{label} {r['error']}")
                continue
            per = (r[n] / int(n)) / (r["60"] / 60)
            row[f"{label}_ms"] = 1000 * r[n]
            cells.append(f"{label} {1000 * r[n]:7.1f} ms ({per:4.1f}x the 60's cost a ship)")
        rows.append(row)
        print(f"{row['what']:<42} {'':>6}  {'':>10}  " + "  ".join(cells), flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--before", type=Path, help="another printgen checkout to measure in the same run")
    ap.add_argument("--json", type=Path, help="also write the rows here")
    ap.add_argument("--skip-big", action="store_true", help="leave out the 6,000-ship sprites")
    a = ap.parse_args()
    roots = {"before": a.before.resolve()} if a.before else {}
    roots["now"] = ROOT
    for root in roots.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / "printgen"), str(HERE)], check=True)
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        bench = Bench(roots, a.repeat, tmp)
        print(f"{'what':<42} {'pages':>6}  {'baseline':>10}  " + "  ".join(roots), flush=True)

        def kit(edition: str):
            def make(label):
                return printgen("kit", "trafalgar", "--edition", edition, "--out", str(tmp / f"kit-{edition}-{label}")), \
                    tmp / f"kit-{edition}-{label}"

            def clear(label, out):
                shutil.rmtree(out, ignore_errors=True)

            def pages(out):
                m = json.loads((out / "manifest.json").read_text())
                return sum(d["pages"] for d in m["documents"] if d["kind"] != "kit")
            return make, pages, clear

        make, pages, clear = kit("color")
        kits = bench.timed("default kit, one edition (check included)", make, pages, setup=clear)
        make, pages, clear = kit("both")
        bench.timed("kit, both editions", make, pages, setup=clear)
        for n in (60, 600) + (() if a.skip_big else (6000,)):
            def make(label, n=n):
                return sprites(n, str(tmp / f"sprites-{n}-{label}")), tmp / f"sprites-{n}-{label}" / "sprites-color.pdf"
            outs = bench.timed(f"sprites, {n:,} ships (peak memory)", make, pdf_pages,
                               repeat=min(a.repeat, 3) if n > 600 else None)
            if n == 60:
                sprites60 = outs
        bench.timed("printgen check (default kit)", lambda label: (printgen("check", str(kits[label])), kits[label]),
                    lambda out: 1)
        bench.timed("printgen --help", lambda label: (printgen("--help"), tmp), lambda out: 1)
        bench.size("sprites PDF, 60 ships", sprites60, pdf_pages(sprites60["now"]))
        bench.size("kit-color.pdf", {k: v / "kit-color.pdf" for k, v in kits.items()},
                   pdf_pages(kits["now"] / "kit-color.pdf"))
        bench.size("trace.json (ratio: over the baseline PDF)", {k: v / "trace.json" for k, v in kits.items()},
                   pdf_pages(kits["now"] / "kit-color.pdf"))
        rows = bench.rows + deployment(roots, a.repeat)
    print(f"cores: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
