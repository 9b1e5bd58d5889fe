"""Forking a worker safely: Ctrl-C and SIGTERM held back across the fork.

A signal that reached a new forked process before it had set its own handlers would raise there, in
a copy of the parent's stack: the worker would run the parent's clean-up and exit (a lock released,
"interrupted" printed) while the parent carried on (issue 30: about 1 run in 100 interrupted at that
instant went on to replace the kit and exit 0)."""

from __future__ import annotations

import signal
from contextlib import contextmanager
from typing import Iterator

HELD = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back while a worker is forked: held, a signal waits, here until the fork
    is done, and in the worker until it has set its handlers (it ignores Ctrl-C, which is the
    parent's) and calls release_signals. POSIX only: elsewhere workers start afresh, with none of
    the parent's stack."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def release_signals() -> None:
    """In a forked worker, its handlers set: the signals held at the fork may come."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
