"""Lint and type errors that may only shrink.

    python tools/lint_baseline.py ruff|mypy [--update]

Runs ruff (findings counted per rule) or mypy (errors counted per file) with the settings in
pyproject.toml, and compares the counts with the ones committed in tools/baseline/<tool>.json.
Exit 1 if any count grew (new code must be clean), 0 otherwise; when counts shrank it says how to
write the smaller baseline. `--update` writes it, and refuses while any count is above the baseline:
a count may grow only by editing the JSON by hand, where the review sees it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINES = ROOT / "tools" / "baseline"

# Each tool runs under this Python (the active venv), from the repository's root, with its settings
# from pyproject.toml. ruff: --exit-zero, so any other exit is a failure of ruff itself; mypy exits 1
# when it found errors and 2 when it could not check at all.
COMMANDS = {
    "ruff": ([sys.executable, "-m", "ruff", "check", "--output-format", "json", "--exit-zero", "--no-cache"], {0}),
    "mypy": ([sys.executable, "-m", "mypy", "--output", "json"], {0, 1}),
}


def ruff_counts(output: str) -> Counter[str]:
    """Findings per rule code; a file ruff cannot parse counts as `syntax-error`."""
    return Counter(f["code"] or "syntax-error" for f in json.loads(output or "[]"))


def mypy_counts(output: str) -> Counter[str]:
    """Errors per file (notes are not errors), with `/` separators on every system."""
    counts: Counter[str] = Counter()
    for line in output.splitlines():
        if line.startswith("{"):
            e = json.loads(line)
            if e["severity"] == "error":
                counts[e["file"].replace("\\", "/")] += 1
    return counts


COUNTERS = {"ruff": ruff_counts, "mypy": mypy_counts}


def run(tool: str) -> Counter[str]:
    """The tool's counts now; exits 2 with its own words if it is missing or fails."""
    cmd, ok = COMMANDS[tool]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, encoding="utf-8")
    if proc.returncode not in ok:
        print(f"{tool} failed (exit {proc.returncode}); is it installed in {sys.executable}? "
              f"(`pip install -e '.[dev]'` or .ci/lint)\n{proc.stderr.strip() or proc.stdout.strip()[-2000:]}",
              file=sys.stderr)
        raise SystemExit(2)
    return COUNTERS[tool](proc.stdout)


def compare(baseline: dict[str, int], now: dict[str, int]) -> tuple[list[str], list[str]]:
    """(grown, shrunk): one line per key whose count differs from the baseline, sorted."""
    grown, shrunk = [], []
    for key in sorted(set(baseline) | set(now)):
        was, n = baseline.get(key, 0), now.get(key, 0)
        if n > was:
            grown.append(f"{key}: {was} -> {n}")
        elif n < was:
            shrunk.append(f"{key}: {was} -> {n}")
    return grown, shrunk


def write(path: Path, counts: dict[str, int]) -> None:
    """Sorted keys, one a line, `\n` endings: the same counts give the same bytes on every system."""
    text = json.dumps({k: counts[k] for k in sorted(counts) if counts[k]}, indent=1) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def main(argv: list[str] | None = None, counts: dict[str, int] | None = None) -> int:
    """`counts` replaces running the tool (tests)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tool", choices=sorted(COMMANDS))
    parser.add_argument("--update", action="store_true", help="write the current counts if none grew")
    args = parser.parse_args(argv)
    path = BASELINES / f"{args.tool}.json"
    try:
        baseline = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if not args.update:
            print(f"{path}: no baseline; the first one is written by --update", file=sys.stderr)
            return 2
        baseline = None
    except json.JSONDecodeError as e:
        print(f"{path}: not valid JSON ({e})", file=sys.stderr)
        return 2
    now = dict(run(args.tool) if counts is None else counts)
    if baseline is None:
        write(path, now)
        print(f"{args.tool}: {sum(now.values())}; wrote the first baseline, {path.relative_to(ROOT).as_posix()}")
        return 0
    grown, shrunk = compare(baseline, now)
    total = f"{args.tool}: {sum(now.values())} (baseline {sum(baseline.values())})"
    if grown:
        print(f"{total}; grew, fix the new findings:", *grown, sep="\n  ")
        if args.update:
            print("baseline not written: it may only shrink")
        return 1
    if args.update:
        write(path, now)
        print(f"{total}; wrote {path.relative_to(ROOT).as_posix()}")
    elif shrunk:
        print(f"{total}; shrank, well done:", *shrunk, sep="\n  ")
        print(f"commit the smaller baseline: python tools/lint_baseline.py {args.tool} --update")
    else:
        print(f"{total}; as in the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
