"""Benchmarks for movement (the game engine issue): reachable hexes and step costs.

Run::

    python benchmarks/bench_movement.py

Goal: ``reachable`` with the tank's allowance of 5 on the 30 × 30 training map well under
1 ms a call (an AI calls it for every unit, every turn, many times). The first call on a map
prices its steps once per (map, table set, march); the figures below are for later calls,
and the one-time pricing is printed apart.
"""

from __future__ import annotations

import statistics
import time

from _timing import per_call

from hexrules import HexMap, Unit, load_tables, path_cost, reachable, step_cost
from hexrules.movement import reach


def main() -> None:
    m = HexMap.load("training")
    tables = load_tables()

    reach._GRAPHS.clear()
    t0 = time.perf_counter()
    reachable(m, "4563AE", 5)
    reachable(m, "4563AE", 5, march=True)
    print(f"one-time pricing of the map's steps (normal and march): "
          f"{(time.perf_counter() - t0) * 1e3:.1f} ms")

    starts = [m.parse((c, r)) for c in range(1, 30, 4) for r in range(1, 30, 4)]
    for march in (False, True):
        times = [per_call(lambda s=s, mm=march: reachable(m, s, 5, march=mm, tables=tables),
                           200)
                 for s in starts]
        sizes = [len(reachable(m, s, 5, march=march)) for s in starts]
        worst = max(times)
        print(f"reachable, allowance 5{', march' if march else ''}, {len(starts)} starts: "
              f"median {statistics.median(times) * 1e6:.0f} µs, worst {worst * 1e6:.0f} µs "
              f"(up to {max(sizes)} hexes; goal well under 1 ms) "
              f"{'OK' if worst < 1e-3 else 'SLOW'}")

    board = ([Unit(f"B{i}", "blue", m.parse((3 * i, 17))) for i in range(10)]
             + [Unit(f"R{i}", "red", m.parse((5 + i, 12))) for i in range(5)])
    mover = Unit("R9", "red", m.parse((14, 14)))
    t = per_call(lambda: reachable(m, mover, units=board, tables=tables), 500)
    print(f"reachable from the village with 15 units on the board: {t * 1e6:.0f} µs")

    village = m.parse("4563OO")
    t = per_call(lambda: reachable(m, village, 8, tables=tables), 200)
    print(f"reachable, allowance 8 (rapid assault, E-1): {t * 1e6:.0f} µs, "
          f"{len(reachable(m, village, 8))} hexes")

    t = per_call(lambda: step_cost(m, "4563ON", "4563OO", tables=tables), 5000)
    print(f"step_cost, one step (military names): {t * 1e6:.1f} µs")
    road = ["4563PA", "4563PB", "4563PC", "4563PD", "4563PE", "4563PF"]
    t = per_call(lambda: path_cost(m, road, tables=tables), 2000)
    print(f"path_cost, 5 steps: {t * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
