"""Starting worker processes: how (fork where the system has it and it is safe, else spawn), safely
(Ctrl-C and SIGTERM held back across a fork), and lightly (what a forked worker inherits kept out of
its cyclic collector's sight: worker_ready).

Fork is kept where it can be because it is faster: a worker shares the parent's imports and data
(benchmarks/bench_start.py: a kit 6.1 s forked, 8.3 s spawned; its check 3.1 s and 4.3 s).
Every pool also works with spawn (Windows; macOS), its workers handed what they need by pickling,
with the same results. PRINTGEN_START_METHOD=spawn (or fork, forkserver) chooses the method: the
tests run both.

A signal that reached a new forked process before it had set its own handlers would raise there, in
a copy of the parent's stack: the worker would run the parent's clean-up and exit (a lock released,
"interrupted" printed) while the parent carried on (issue 30: about 1 run in 100 interrupted at that
instant went on to replace the kit and exit 0)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
from contextlib import contextmanager
from typing import Any, Iterator

HELD = (signal.SIGINT, signal.SIGTERM)
START_METHOD = "PRINTGEN_START_METHOD"


def start_method() -> str:
    """fork where the system has it and it is safe, else spawn (Windows has nothing else; macOS has
    fork, but its system libraries may start threads that a forked child finds locked, and Python
    spawns there by default); PRINTGEN_START_METHOD chooses another the system has."""
    methods = multiprocessing.get_all_start_methods()
    asked = os.environ.get(START_METHOD, "").strip().lower()
    if asked:
        if asked not in methods:
            from printgen.errors import PrintgenError, Problem

            raise PrintgenError(Problem(f"{START_METHOD}={asked!r} is not a way this system starts processes",
                                        fix=f"set it to one of {', '.join(methods)}, or unset it"))
        return asked
    return "fork" if "fork" in methods and sys.platform != "darwin" else "spawn"


def context() -> Any:
    """The multiprocessing context every pool of printgen's uses (start_method): a ForkContext or a
    SpawnContext (typed Any: typeshed's BaseContext has no Process)."""
    return multiprocessing.get_context(start_method())


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while a worker is forked: held, a signal waits, here until the fork
    is done, and in the worker until it has set its handlers (it ignores Ctrl-C, which is the
    parent's) and calls worker_ready. POSIX only: elsewhere workers start afresh, with none of
    the parent's stack (a spawned worker on POSIX inherits the mask, and releases it the same way)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def worker_ready() -> None:
    """In a worker, its handlers set: the signals held at its start may come; and what it inherited
    (a forked worker's copy of its parent's objects) is kept out of the cyclic collector's sight. A
    collection walks every object it sees, writing to each, so the system would copy every page of the
    parent's into the worker (copy-on-write) for objects the worker never frees. Measured: a kit and its
    check, built twice in a Python process holding half a million other objects (a test process), take
    45% fewer page faults (308,000 to 169,000, medians of 4) and about 6% less CPU (24.7 to 23.2 s,
    within this machine's noise). The command line's processes disable the collector (printgen/cli),
    their workers with them: there this changes nothing."""
    gc.freeze()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
