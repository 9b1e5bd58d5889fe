"""How much same-named templates in different folders of templates/ share (issue 43): for each pair,
the share of the shorter file's lines that the other file also holds, blank lines and lines of Jinja
tags alone ({% ... %}, {# ... #}) not counted. Prints each pair above the threshold and their number.

    python tools/template_overlap.py [--threshold 0.3] [TEMPLATES_DIR]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

_TAGS = re.compile(r"^(\s*(\{%.*?%\}|\{#.*?#\}))+\s*$")


def counted(path: Path) -> Counter:
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return Counter(line for line in lines if line and not _TAGS.match(line))


def pairs(root: Path):
    by_name: dict[str, list[Path]] = {}
    for f in sorted(root.rglob("*")):
        if f.is_file():
            by_name.setdefault(f.name, []).append(f)
    for files in by_name.values():
        for a, b in combinations(files, 2):
            ca, cb = counted(a), counted(b)
            shorter = min(sum(ca.values()), sum(cb.values()))
            shared = sum((ca & cb).values())
            yield a.relative_to(root), b.relative_to(root), shared / shorter if shorter else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent / "templates"))
    parser.add_argument("--threshold", type=float, default=0.3)
    args = parser.parse_args()
    above = [(a, b, s) for a, b, s in pairs(Path(args.root)) if s > args.threshold]
    for a, b, s in sorted(above, key=lambda t: -t[2]):
        print(f"{s:6.1%}  {a}  {b}")
    total = sum(1 for f in Path(args.root).rglob("*") if f.is_file() for _ in f.open(encoding="utf-8"))
    print(f"{len(above)} pairs above {args.threshold:.0%}; {total} lines in {args.root}")


if __name__ == "__main__":
    main()
