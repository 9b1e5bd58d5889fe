"""CPU of laying out the kit's text documents (quick reference, lesson plan, teacher's sheet, score
sheet, worksheet, debrief, rule and captain cards): each drawn in a fresh process, once for the
colour edition (its first drawing: templates compiled, words measured) and then for B&W in the
same process (what the layout's memory saves when one process draws both editions).

Run: python benchmarks/bench_layout.py [--repeat 3] [--before DIR] [SCENARIO ...]

CPU seconds (process time), medians of paired runs: `--before` (another checkout, e.g.
`git archive main | tar -x -C DIR`) and this checkout alternate. Page counts are given to the plan
(1 a document) so that no document is drawn only to count its pages. Fonts are registered before
timing: rendering needs them anyway. Nothing is asserted."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = ("quickref", "lesson", "teacher", "score", "worksheet", "debrief", "cards", "captains")

ONE = r"""
import json, sys, time
from printgen.kit.build import plan_kit
from printgen.request import KitRequest
from printgen.draw import fonts
import jinja2  # noqa: F401  (imported by the kit before any document)
plan = plan_kit(KitRequest(sys.argv[1], 24))
plan.page_counts().update({k: 1 for k in plan.kinds()})
def draw(options):
    return plan.draw(sys.argv[2], options)


fonts.register_pdf_fonts()
t0 = time.process_time()
draw(plan.options.but(edition="color", fmt="pdf"))
t1 = time.process_time()
draw(plan.options.but(edition="bw", fmt="pdf"))
print(json.dumps([t1 - t0, time.process_time() - t1]))
"""


def run(tree: Path, scenario: str, kind: str) -> list[float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", ONE, scenario, kind], env=env, capture_output=True, text=True,
                         check=True, cwd=tree).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("scenarios", nargs="*", default=["trafalgar", "sluys-1340"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--before", type=Path)
    args = ap.parse_args()
    trees = {"before": args.before, "now": ROOT} if args.before else {"now": ROOT}
    for scenario in args.scenarios:
        print(f"{scenario}: ms CPU, colour (first drawing) / B&W (same process)")
        totals = {name: [0.0, 0.0] for name in trees}
        for kind in TEXT:
            runs: dict[str, list[list[float]]] = {name: [] for name in trees}
            for _ in range(args.repeat):
                for name, tree in trees.items():
                    try:
                        runs[name].append(run(tree, scenario, kind))
                    except subprocess.CalledProcessError:       # the ruleset has no such document
                        break
            if not all(runs.values()):
                continue
            cells = []
            for name in trees:
                first, second = (statistics.median(r[i] for r in runs[name]) for i in (0, 1))
                totals[name][0] += first
                totals[name][1] += second
                cells.append(f"{name} {1000 * first:5.0f} / {1000 * second:4.0f}")
            print(f"  {kind:<10} " + "   ".join(cells))
        print(f"  {'total':<10} " + "   ".join(f"{name} {1000 * t[0]:5.0f} / {1000 * t[1]:4.0f}"
                                               for name, t in totals.items()))


if __name__ == "__main__":
    main()
