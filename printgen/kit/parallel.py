"""Run independent jobs on the machine's cores (a teacher's laptop has two or more).

Workers are forked, so they share the gathered plan without copying it; results come back in the
order of the jobs, so the output does not depend on which core finished first."""

from __future__ import annotations

import multiprocessing
import os
from typing import Any, Callable

_STATE: dict[str, Any] = {}


class WorkerInterrupted(Exception):
    """A worker was interrupted (Ctrl-C): passed back as an ordinary error so the pool stops cleanly."""


def _call(job):
    fn, arg = job
    try:
        return fn(_STATE["shared"], arg)
    except Exception:
        raise
    except BaseException as e:                  # KeyboardInterrupt would kill the worker and hang the pool
        raise WorkerInterrupted(repr(e)) from None


def run(fn: Callable[[Any, Any], Any], shared: Any, args: list, workers: int | None = None) -> list:
    """[fn(shared, a) for a in args], on up to `workers` processes (default: the cores, at most 4)."""
    workers = workers or min(4, os.cpu_count() or 1)
    if workers <= 1 or len(args) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [fn(shared, a) for a in args]
    _STATE["shared"] = shared
    try:
        with multiprocessing.get_context("fork").Pool(min(workers, len(args))) as pool:
            return pool.map(_call, [(fn, a) for a in args], chunksize=1)
    finally:
        _STATE.pop("shared", None)
