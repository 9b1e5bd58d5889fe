"""Issue 47: the kit's and the check's forked workers find what every one of them needs to lay a page
out already imported (printgen.kit.build.preload, before they fork): icepool (the odds a page prints,
0.2 s a process) and jinja2's parts are imported once, by the parent, not once a worker. Run in a
process of its own: the test's process has imported everything already."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys

import pytest

SCRIPT = r"""
import json, sys
import printgen.kit.parallel as par

worker = par._worker


def recording(fn, shared, args, conn, siblings):
    before = set(sys.modules)
    real = fn

    def job(shared, arg):
        try:
            return real(shared, arg)
        finally:
            new = sorted(set(sys.modules) - before)
            with open(sys.argv[2], "a") as f:
                f.write(json.dumps(new) + "\n")
    worker(job, shared, args, conn, siblings)


par._worker = recording
from pathlib import Path
from printgen.check.kit import check_bytes, check_html_bytes, check_kit
from printgen.kit.build import build_kit, plan_kit
from printgen.request import KitRequest

plan = plan_kit(KitRequest("trafalgar", 4, scale=0.5, ships=6, edition="color"))
out, ok = build_kit(plan, Path(sys.argv[1]), check=lambda staging, checked: True, verify=check_bytes,
                    verify_html=check_html_bytes)
assert ok
open(sys.argv[2], "a").write("CHECK\n")
assert check_kit(out, echo=lambda line: None)
"""

HEAVY = ("icepool", "jinja2.ext", "PIL.ImageFont", "printgen.draw.pdf")


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods() or sys.platform == "darwin",
                    reason="workers are spawned here: each starts afresh")
def test_workers_do_not_import_what_the_parent_could_import_once(tmp_path):
    log = tmp_path / "imports.jsonl"
    env = {k: v for k, v in os.environ.items() if k != "PRINTGEN_START_METHOD"}
    subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "kit"), str(log)], env=env, check=True,
                   timeout=900, capture_output=True)
    kit_part, check_part = log.read_text().split("CHECK\n")
    for name, part in (("printgen kit", kit_part), ("printgen check", check_part)):
        imported = {m for line in part.splitlines() for m in json.loads(line)}
        assert imported, f"{name}: no worker ran"
        again = sorted(m for m in HEAVY if m in imported)
        assert not again, f"{name}'s workers each imported {again}: import it before they fork"
