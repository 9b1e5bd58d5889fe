"""Shared by the benchmarks: the median of a few runs."""

from __future__ import annotations

import statistics
import time


def timed(fn, repeat: int = 5) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result
