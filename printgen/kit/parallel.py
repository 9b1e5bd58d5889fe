"""Run independent jobs on the machine's cores (a teacher's laptop has two or more).

Workers are forked, so they share the gathered plan without copying it; each is handed the next
job as it finishes one, and results come back in the order of the jobs, so the output does not depend on which core finished first.
A worker that dies (the out-of-memory killer, a signal) fails the run with a message instead of
leaving it waiting; when the run stops for any reason its workers are stopped too."""

from __future__ import annotations

import multiprocessing
import os
import signal
from multiprocessing.connection import wait
from typing import Any, Callable

from printgen.errors import PrintgenError, Problem


def _worker(fn, shared, args, conn, siblings) -> None:
    """Run the jobs the parent sends (an index; None to stop) and send back (index, ok, value);
    never print a traceback if the parent has gone."""
    for other in siblings:              # the parent's ends of the other pipes: if the parent dies, no one
        other.close()                   # may be left reading, or a worker's send would block for ever
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C reaches the parent, which stops the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        for i in iter(conn.recv, None):
            try:
                reply = (i, True, fn(shared, args[i]))
            except Exception as e:                      # the parent raises it again
                reply = (i, False, e)
            try:
                conn.send(reply)
            except Exception as e:
                if isinstance(e, OSError):              # BrokenPipeError: the parent is gone
                    raise
                conn.send((i, False, RuntimeError(f"{type(e).__name__}: {e}")))   # an error that does not pickle
    except BaseException:
        os._exit(1)


def _died(proc, what: str) -> PrintgenError:
    proc.join()
    code = proc.exitcode
    how = f"was killed by signal {signal.Signals(-code).name}" if code and code < 0 else f"stopped (exit {code})"
    return PrintgenError(Problem(f"a worker process {how} while working on {what}",
                                 fix="the computer may be out of memory: close other programs, or print fewer "
                                     "ships (--ships, --fraction) or one edition, then run printgen again"))


def run(fn: Callable[[Any, Any], Any], shared: Any, args: list, workers: int | None = None,
        label: Callable[[Any], str] = repr) -> list:
    """[fn(shared, a) for a in args], on up to `workers` processes (default: the cores, at most 4);
    `label` names a job in the message if its worker dies."""
    workers = workers or min(4, os.cpu_count() or 1)
    if workers <= 1 or len(args) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [fn(shared, a) for a in args]
    ctx = multiprocessing.get_context("fork")
    results: list = [None] * len(args)
    todo = iter(range(len(args)))
    busy: dict = {}                                     # connection -> [process, index of its job]
    try:
        for i in range(min(workers, len(args))):
            here, there = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(fn, shared, args, there, [here, *busy]), daemon=True)
            proc.start()
            there.close()                               # only the worker holds its end: EOF if it dies
            busy[here] = [proc, i]
            here.send(next(todo))
        while busy:
            for conn in wait(list(busy)):
                proc, current = busy[conn]
                try:
                    i, ok, value = conn.recv()
                except EOFError:
                    raise _died(proc, label(args[current])) from None
                if not ok:
                    raise value
                results[i] = value
                nxt = next(todo, None)
                try:
                    conn.send(nxt)
                except OSError:
                    raise _died(proc, label(args[current])) from None
                if nxt is None:
                    del busy[conn]
                    proc.join()
                    conn.close()
                else:
                    busy[conn][1] = nxt
        return results
    finally:
        for conn, (proc, _) in busy.items():
            proc.kill()
            proc.join()
            conn.close()
