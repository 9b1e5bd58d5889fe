"""Play many games on every core, results put back in game order, so the figures are the same
whatever the number of cores or the way the workers start (each game has its own dice). A family
whose engine is compiled plays chunks of games in threads (its games release the GIL: no process to
start, nothing to pickle); another's, chunks per worker process (printgen.forks chooses fork or spawn)."""

from __future__ import annotations

import os
import signal
from typing import Callable

from printgen import limits
from printgen.play.engine import Result, Setup, play

_SHARED: dict[str, object] = {}


def _chunk(job: tuple[int, int, int]) -> list:
    seed, first, count = job
    setup = _SHARED["setup"]
    try:
        if _SHARED.get("tallies"):                 # each game with its turn-by-turn tally
            return [(play(setup, seed, i, tally=(turns := [])), turns) for i in range(first, first + count)]
        return [play(setup, seed, i) for i in range(first, first + count)]
    except Exception:
        raise
    except BaseException as e:                    # Ctrl-C in a worker: an ordinary error, the pool stops
        raise RuntimeError(f"interrupted: {e!r}") from None


def _worker_start(setup: Setup, tallies: bool) -> None:
    """In a worker: the game to play (inherited by a forked worker, pickled for a spawned one); Ctrl-C
    is the parent's to handle, and the pool's closing SIGTERM simply ends it (the command's own
    SIGTERM handler, inherited through fork, would print a traceback)."""
    _SHARED.update(setup=setup, tallies=tallies)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from printgen.forks import worker_ready

    worker_ready()                                  # signals held while the pool forked (printgen/forks.py says why)


def chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """(first game, count) pieces: several per worker so a slow piece does not hold the others up.
    At most limits.GAMES games: a count from anywhere else (a stored answer) is a fault, not a job list."""
    if not 0 <= games <= limits.GAMES:
        raise ValueError(f"{games} games asked of the engine (0 to {limits.GAMES:,})")
    size = max(1, min(50, -(-games // (4 * max(1, workers)))))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def simulate(setup: Setup, games: int, seed: int, workers: int | None = None,
             progress: Callable[[int], None] | None = None, tallies: bool = False, start: int = 0) -> list:
    """Results of games start..start+games-1 of the simulation seeded `seed`, in order (a game's dice
    depend on its number alone); with `tallies`, each as (result, [the game as it stood at the end of
    each turn]) (printgen.play.engine.play)."""
    workers = workers or os.cpu_count() or 1
    if workers > 1:                                 # a bad PRINTGEN_START_METHOD is an error whichever way
        from printgen.forks import start_method    # this family's games run (threads need no process)

        start_method()
    if hasattr(setup.family, "play_games"):
        return _threads(setup, games, seed, workers, progress, tallies, start)
    _SHARED["tallies"] = tallies
    jobs = [(seed, start + first, count) for first, count in chunks(games, workers)]
    results: list[Result] = []
    if workers <= 1 or len(jobs) <= 1:
        _SHARED["setup"] = setup
        try:
            for job in jobs:
                results += _chunk(job)
                if progress:
                    progress(len(results))
        finally:
            _SHARED.clear()
        return results
    try:
        from printgen.forks import context, signals_held

        with signals_held():
            pool = context().Pool(min(workers, len(jobs)), initializer=_worker_start, initargs=(setup, tallies))
        with pool:
            for part in pool.imap(_chunk, jobs):   # imap keeps the order of the jobs
                results += part
                if progress:
                    progress(len(results))
    finally:
        _SHARED.clear()
    return results


def _threads(setup: Setup, games: int, seed: int, workers: int, progress: Callable[[int], None] | None,
             tallies: bool, start: int) -> list:
    """`simulate` for a compiled engine (its family's play_games): chunks of games on `workers` threads."""
    from concurrent.futures import ThreadPoolExecutor

    play_games = setup.family.play_games  # type: ignore
    jobs = [(start + first, count) for first, count in chunks(games, workers)]
    results: list = []
    if workers <= 1 or len(jobs) <= 1:
        for first, count in jobs:
            results += play_games(setup, seed, first, count, tallies)
            if progress:
                progress(len(results))
        return results
    play_games(setup, seed, start, 0, tallies)          # its tables made once, before the threads share them
    with ThreadPoolExecutor(min(workers, len(jobs))) as pool:
        for part in pool.map(lambda job: play_games(setup, seed, *job, tallies), jobs):   # in the jobs' order
            results += part
            if progress:
                progress(len(results))
    return results
