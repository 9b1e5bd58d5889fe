"""Run independent jobs on the machine's cores (a teacher's laptop has two or more).

Where workers are forked they share the gathered plan without copying it; where they are spawned
(printgen.forks: Windows, macOS) it is pickled to each, with `fn` and the jobs known at the start.
Each is handed the next job as it finishes one, and results come back in the order of the jobs, so the output does not depend on which core finished first.
A job may wait for others (`After`): its argument is made from their results, here, once they are
in, and sent to the worker that takes it.
A worker that dies (the out-of-memory killer, a signal) fails the run with a message instead of
leaving it waiting; when the run stops for any reason its workers are stopped too."""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from multiprocessing.connection import wait
from multiprocessing.reduction import ForkingPickler
from typing import Any, Callable

from printgen.errors import PrintgenError, Problem
from printgen.forks import context, signals_held, worker_ready


@dataclass(frozen=True)
class After:
    """A job that needs the results of earlier jobs (their indexes): its argument is
    `make(results)`, made when they are all in, before the job is handed out."""
    needs: tuple[int, ...]
    make: Callable[[list], Any]


def _worker(fn, shared, args, conn, siblings) -> None:
    """Run the jobs the parent sends ((index,) for an argument it has, (index, argument) for one
    made since it started; None to stop) and send back (index, ok, value); never print a
    traceback if the parent has gone."""
    for other in siblings:              # the parent's ends of the other pipes: if the parent dies, no one
        other.close()                   # may be left reading, or a worker's send would block for ever
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C reaches the parent, which stops the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    worker_ready()                                    # signals held across the fork (printgen/forks.py)
    try:
        if args is None:                              # spawned: what a fork inherits comes first down the pipe
            shared, args = conn.recv()
        for job in iter(conn.recv, None):
            i = job[0]
            try:
                reply = (i, True, fn(shared, job[1] if len(job) > 1 else args[i]))
            except Exception as e:                      # the parent raises it again, with where it came from
                import traceback

                e.add_note("in the worker process:\n" + "".join(traceback.format_exception(e)).rstrip())
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
        label: Callable[[Any], str] = repr, each: Callable[[int, Any], None] = lambda i, result: None) -> list:
    """[fn(shared, a) for a in args], on up to `workers` processes (default: the cores, at most 4);
    an `After` job needs jobs before it. Each job is handed to the next free worker, the first of
    those that are ready; `label` names a job in the message if its worker dies; `each(i, result)`
    is told of each result as it comes (a progress bar)."""
    workers = workers or min(4, os.cpu_count() or 1)
    if any(isinstance(a, After) and any(j >= i for j in a.needs) for i, a in enumerate(args)):
        raise ValueError("a job can only wait for jobs before it")
    if workers <= 1 or len(args) <= 1:
        results: list = []
        for i, a in enumerate(args):
            results.append(fn(shared, a.make(results) if isinstance(a, After) else a))
            each(i, results[i])
        return results
    ctx = context()
    forked = ctx.get_start_method() == "fork"
    known = args if forked else [None if isinstance(a, After) else a for a in args]   # an After's `make` may not pickle
    results = [None] * len(args)
    done = [False] * len(args)
    waiting = list(range(len(args)))                    # not handed out yet, in order
    busy: dict = {}                                     # connection -> [process, its job's index, argument]
    idle: list = []

    def hand_out(conn) -> bool:
        """Give `conn`'s worker the first job that is ready, if any."""
        for i in waiting:
            a = args[i]
            if not isinstance(a, After):
                job, arg = (i,), a
            elif all(done[j] for j in a.needs):
                arg = a.make(results)
                job = (i, arg)
            else:
                continue
            waiting.remove(i)
            try:
                conn.send(job)
            except OSError:
                raise _died(busy[conn][0], label(arg)) from None
            busy[conn][1:] = [i, arg]
            return True
        return False

    try:
        for _ in range(min(workers, len(args))):
            here, there = ctx.Pipe()
            siblings = [here, *busy] if forked else []     # a spawned worker inherits no pipe
            given = (shared, known) if forked else (None, None)
            proc = ctx.Process(target=_worker, args=(fn, *given, there, siblings), daemon=True)
            with signals_held():
                proc.start()
            there.close()                               # only the worker holds its end: EOF if it dies
            busy[here] = [proc, None, None]
        # A spawned worker is sent the plan once it runs its own code, which ends quietly if the parent
        # dies: started with it, it would be reading it in multiprocessing's start-up, which prints a
        # traceback when the parent is killed mid-way (the plan is larger than a pipe holds).
        start = None if forked else ForkingPickler.dumps((shared, known))
        for here in list(busy):
            if start is not None:
                try:
                    here.send_bytes(start)
                except OSError:
                    raise _died(busy[here][0], "what it was given to start") from None
            if not hand_out(here):
                idle.append(here)
        while not all(done):
            for conn in wait([c for c in busy if c not in idle]):
                proc, _, arg = busy[conn]
                try:
                    i, ok, value = conn.recv()
                except (EOFError, OSError):               # gone (a reset connection is an OSError)
                    raise _died(proc, label(arg)) from None
                if not ok:
                    raise value
                results[i], done[i] = value, True
                idle.append(conn)
                each(i, value)
            idle = [conn for conn in idle if not hand_out(conn)]
        return results
    finally:
        for conn, (proc, _, _) in busy.items():
            if all(done):
                try:
                    conn.send(None)                     # done: let it end by itself
                except OSError:
                    pass
            else:
                proc.kill()
            proc.join()
            conn.close()
