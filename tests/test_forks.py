"""Issue 30: Ctrl-C at the instant a worker is forked. Before the worker has set its own handlers, a
signal raised in it ran the parent's stack (its clean-up, its "interrupted", its exit) in the worker,
while the parent carried on. Now the signal is held across the fork: the worker ignores it, and the
parent alone answers it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked only where fork exists")

SCRIPT = """
import os, signal, sys
from printgen.check import combined
from printgen.kit.parallel import run

real_fork, parent = os.fork, os.getpid()

def fork():                       # the signal comes at the worst instant: the fork has just returned
    pid = real_fork()
    if pid == 0 or sys.argv[1] == "both":
        os.kill(os.getpid(), signal.SIGINT)
    return pid

os.fork = fork
try:
    if sys.argv[2] == "parallel":
        print("results", run(lambda shared, a: a * 2, None, [1, 2, 3, 4], workers=2), os.getpid(), flush=True)
    else:                         # check/combined.py's join of kit.pdf, in a process of its own
        joins = combined.Joins(__import__("pathlib").Path("."), {"kit.pdf": ({"sha256": "0"}, [{"path": "none.pdf"}])})
        print("joined", joins.proven("kit.pdf"), os.getpid(), flush=True)
except KeyboardInterrupt:
    print("interrupted", os.getpid(), flush=True)
print("end", os.getpid(), "parent" if os.getpid() == parent else "WORKER", flush=True)
"""


@pytest.mark.parametrize("where", ["parallel", "join"])
@pytest.mark.parametrize("who", ["worker", "both"])
def test_ctrl_c_at_the_instant_of_a_fork_is_the_parents_alone(who, where):
    from ctrlc import answered

    r = subprocess.run([sys.executable, "-c", SCRIPT, who, where], capture_output=True, text=True, timeout=120,
                       preexec_fn=answered)
    lines = r.stdout.splitlines()
    assert all("WORKER" not in line for line in lines), r.stdout + r.stderr     # no worker ran the parent's code
    assert lines[-1].endswith("parent") and "Traceback" not in r.stderr, r.stdout + r.stderr
    if who == "worker":                            # the worker ignored it: the run carried on, rightly
        assert lines[0].startswith("results [2, 4, 6, 8]") or lines[0].startswith("joined False")
    else:                                          # the parent was interrupted, once
        assert lines[0].startswith("interrupted") and len(lines) == 2
