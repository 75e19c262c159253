"""The one timing helper of the benchmark scripts (they print figures; nothing asserts them).

The scripts run as ``python benchmarks/bench_x.py``, so this folder is on ``sys.path``.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def per_call(fn: Callable[[], object], number: int = 1, repeat: int = 5) -> float:
    """Best wall time per call over ``repeat`` runs of ``number`` calls, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best
