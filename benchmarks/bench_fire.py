"""Benchmarks for direct fire (issue 3): exact odds per shot and Monte Carlo throughput.

Run::

    python benchmarks/bench_fire.py

Goals: exact odds of one shot ≤ 1 ms; vectorised Monte Carlo ≥ 1,000,000 shots per second
on 2 cores (numpy; a single core already exceeds it).
"""

from __future__ import annotations

import os

import numpy as np
from _timing import per_call

from hexrules import HexMap, Terrain, Unit, line_of_sight, load_tables
from hexrules.combat import odds
from hexrules.combat.odds import fire_odds, shot_distribution, simulate_fire, simulate_shots


def main() -> None:
    tables = load_tables()
    cases = [(lv, t) for lv in range(1, 12) for t in (Terrain.OPEN, Terrain.CITY, Terrain.FOREST)]

    def all_cases() -> None:
        odds._CACHE.clear()  # enumerate the adjudication's dice afresh every time
        for lv, t in cases:
            shot_distribution(lv, t, tables=tables)

    def all_cached() -> None:
        for lv, t in cases:
            shot_distribution(lv, t, tables=tables)

    per_shot = per_call(all_cases, repeat=5, number=5) / len(cases)
    print(f"exact odds, one shot (shot_distribution, enumerating the adjudication, "
          f"uncached): {per_shot * 1e3:.3f} ms (goal ≤ 1 ms) "
          f"{'OK' if per_shot <= 1e-3 else 'SLOW'}")
    cached = per_call(all_cached, repeat=5, number=20) / len(cases)
    print(f"exact odds, one shot, cached: {cached * 1e3:.3f} ms")

    m = HexMap.load("training")
    pairs = []
    for col in range(2, 28, 3):
        for row in range(2, 28, 5):
            a, b = m.parse((col, row)), m.parse((min(col + 9, 29), min(row + 4, 29)))
            if a != b and line_of_sight(m, a, b).visible:
                pairs.append((a, b))
    shooter_target = [(Unit("R1", "red", a), Unit("B1", "blue", b)) for a, b in pairs[:20]]

    def map_odds() -> None:
        for s, t in shooter_target:
            fire_odds(m, s, t, tables=tables)

    per_decl = per_call(map_odds, repeat=3) / max(len(shooter_target), 1)
    print(f"exact odds, one declaration on the training map (fire_odds, incl. line of sight): "
          f"{per_decl * 1e3:.3f} ms over {len(shooter_target)} visible pairs")

    n = 5_000_000
    rng = np.random.default_rng(1)
    simulate_shots(9, Terrain.CITY, 1000, rng, tables=tables)  # warm up
    t = per_call(lambda: simulate_shots(9, Terrain.CITY, n, rng, tables=tables), repeat=3)
    rate = n / t
    print(f"Monte Carlo, single shots (simulate_shots, n={n:,}): {rate:,.0f} shots/s "
          f"(goal ≥ 1,000,000 on 2 cores; this machine has {os.cpu_count()} cores, numpy "
          f"uses one) {'OK' if rate >= 1e6 else 'SLOW'}")

    if shooter_target:
        s, t = shooter_target[0]
        shooters = [s] + [s.replace(id=f"R{k}") for k in range(2, 5)]
        tc = per_call(lambda: simulate_fire(m, shooters, t, n=1_000_000, rng=rng, tables=tables),
                   repeat=3)
        print(f"Monte Carlo, concentrated fire of 4 (simulate_fire, n=1,000,000): "
              f"{4e6 / tc:,.0f} shots/s")


if __name__ == "__main__":
    main()
