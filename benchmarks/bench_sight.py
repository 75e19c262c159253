"""Benchmarks for line of sight (issue 2): exact (shapely) path vs compiled fast path.

Run::

    python benchmarks/bench_sight.py

Prints, in one run: single LOS on both paths (the shapely path is the baseline), a 100 × 100
viewshed on random and flat terrain (worst case over several observers), and all pairs of a
60 × 50 map. Goals on a 2-core machine: single fast LOS ≤ 5 µs, viewshed ≤ 10 ms worst case,
all pairs ≤ 2 s worst case. Compilation and the per-size walk tables are built before timing
and reported separately.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from hexrules import Hex, HexMap, line_of_sight
from hexrules.sight.fast import FastSight


def random_map(rows: int, cols: int, seed: int = 1) -> HexMap:
    rng = np.random.default_rng(seed)
    return HexMap(name="random", elevation=rng.integers(0, 6, (rows, cols)),
                  terrain=rng.choice([0, 0, 0, 1, 2], (rows, cols)))


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    print("hexrules line-of-sight benchmark (times are best of several runs)")
    t0 = time.perf_counter()
    warm = FastSight(HexMap.flat(4, 4))
    warm.visible(Hex(0, 0), Hex(2, 1))
    warm.viewshed(Hex(0, 0))
    warm.matrix()
    print(f"  numba compile / cache load          {time.perf_counter() - t0:8.2f} s")

    # -- single LOS -------------------------------------------------------------------
    m = HexMap.load("training")
    fs = FastSight(m)
    rng = np.random.default_rng(0)
    hexes = list(m.hexes())
    pairs = [(hexes[i], hexes[j]) for i, j in rng.integers(0, len(hexes), (2000, 2))]
    for a, b in pairs:  # warm the geometry cache of the exact path too
        line_of_sight(m, a, b)
    exact = best_of(lambda: [line_of_sight(m, a, b) for a, b in pairs], 3) / len(pairs)
    fast = best_of(lambda: [fs.visible(a, b) for a, b in pairs]) / len(pairs)
    print(f"  single LOS, exact path (shapely)    {exact * 1e6:8.1f} µs   (baseline)")
    print(f"  single LOS, fast path               {fast * 1e6:8.2f} µs   "
          f"goal ≤ 5 µs, {exact / fast:,.0f}× faster")

    # -- viewshed 100 x 100 ------------------------------------------------------------
    for name, vm in (("random", random_map(100, 100)), ("flat", HexMap.flat(100, 100))):
        t0 = time.perf_counter()
        vfs = FastSight(vm)
        build = time.perf_counter() - t0
        observers = [Hex.from_offset(c, r) for c, r in ((0, 0), (50, 50), (99, 99), (0, 99))]
        worst = max(best_of(lambda o=o, f=vfs: f.viewshed(o)) for o in observers)
        centre = Hex.from_offset(50, 50)
        targets = [Hex.from_offset(c, 0) for c in range(0, 100, 10)]
        shapely_one = best_of(
            lambda g=vm, ts=targets, c=centre: [line_of_sight(g, c, h) for h in ts], 1
        ) / len(targets)
        print(f"  viewshed 100×100 {name:6s}            {worst * 1e3:8.2f} ms   goal ≤ 10 ms "
              f"(tables {build:.2f} s once per size; exact path would take "
              f"≈{shapely_one * 1e4:.0f} s)")

    # -- all pairs 60 x 50 -------------------------------------------------------------
    for name, am in (("random", random_map(50, 60)), ("flat", HexMap.flat(60, 50))):
        afs = FastSight(am)
        t = best_of(afs.matrix, 3)
        n = am.rows * am.cols
        print(f"  all pairs 60×50 {name:6s} ({n * (n - 1) // 2:,} pairs) {t:8.2f} s    goal ≤ 2 s")


if __name__ == "__main__":
    main()
