"""The black-and-white edition lays down no cyan, magenta or yellow ink, as Ghostscript's inkcov
device measures each page (an independent reader: not pdfium, not printgen's colour check).
.ci/run installs Ghostscript; without it (a developer's laptop) the test is skipped."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

pytestmark = pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (gs) is not installed")


def ink(pdf) -> list[tuple[float, float, float, float]]:
    out = subprocess.run(["gs", "-q", "-dSAFER", "-o", "-", "-sDEVICE=inkcov", str(pdf)], capture_output=True,
                         text=True, timeout=300, check=True).stdout
    return [tuple(float(v) for v in line.split()[:4]) for line in out.splitlines() if line.strip().endswith("OK")]


def test_black_and_white_pages_use_black_ink_only(built):
    """The small Trafalgar kit in both editions (`printgen kit trafalgar --ships 6 --students 4 --scale 0.5
    --edition both`, which passed its check: conftest's `built`, shared with the tamper tests)."""
    manifest = json.loads((built / "manifest.json").read_text())
    for d in manifest["documents"]:
        if d["kind"] == "kit":
            continue
        pages = ink(built / d["path"])
        assert len(pages) == d["pages"]
        if d["edition"] == "bw":
            assert all(c == m == y == 0 and k > 0 for c, m, y, k in pages), (d["path"], pages)
        else:
            assert any(c + m + y > 0 for c, m, y, _ in pages), d["path"]        # the reader sees colour at all
