"""Benchmarks for artillery (A-1…A-8): exact odds, adjudication and Monte Carlo throughput.

Run::

    python benchmarks/bench_artillery.py

Goals: the exact impact distribution of one gun ≤ 20 ms (enumerating the adjudication's own
dice step, 556 dice sequences); the exact odds of a whole 6-gun mission for one unit ≤ 20 ms;
the exact drift heat map of the training map (one target, every hex) ≤ 0.5 s, so a lesson
draws it at once.
"""

from __future__ import annotations

from _timing import per_call

from hexrules import FirePlan, HexMap, Unit, load_tables
from hexrules.artillery import (
    adjudicate_mission,
    attack_odds,
    impact_distribution,
    mission_odds,
    simulate_mission,
)
from hexrules.artillery import odds as art_odds
from hexrules.dice import Dice


def _clear() -> None:
    art_odds._IMPACT_CACHE.clear()
    art_odds._STRIKE_CACHE.clear()


def main() -> None:
    m = HexMap.load("training")
    tables = load_tables()
    targets = [m.parse((c, r)) for c in range(0, 30, 4) for r in range(0, 30, 4)]

    def impacts() -> None:
        _clear()
        for t in targets:
            impact_distribution(m, t)

    per = per_call(impacts, repeat=3) / len(targets)
    print(f"impact_distribution, one gun (uncached, {len(targets)} targets on the training map "
          f"incl. its edges): {per * 1e3:.2f} ms (goal ≤ 20 ms) {'OK' if per <= 0.02 else 'SLOW'}")

    plan = FirePlan("red", "155", m.parse("4563OP"), called=1)
    units = [Unit(f"U{k}", "blue", h) for k, h in enumerate(plan.target.spiral(3))]

    def missions_uncached() -> None:
        for u in units:
            _clear()  # every call enumerates its impact and strike distributions afresh
            mission_odds(m, plan, u, tables=tables)

    def missions_cached() -> None:
        for u in units:
            mission_odds(m, plan, u, tables=tables)

    per = per_call(missions_uncached, repeat=3) / len(units)
    print(f"mission_odds, 6 guns on one unit (uncached, {len(units)} units in and around the "
          f"village): "
          f"{per * 1e3:.2f} ms (goal ≤ 20 ms) {'OK' if per <= 0.02 else 'SLOW'}")
    per = per_call(missions_cached, repeat=3) / len(units)
    print(f"mission_odds, impact and strike distributions cached: {per * 1e3:.2f} ms")

    def heat_map() -> None:
        _clear()
        attack_odds(m, m.parse((15, 20)), guns=6)

    t = per_call(heat_map, repeat=3)
    print(f"attack_odds heat map (one target, every hex of the training map, 6 guns): "
          f"{t * 1e3:.1f} ms (goal ≤ 500 ms) {'OK' if t <= 0.5 else 'SLOW'}")

    dice = Dice(seed=1)
    t = per_call(lambda: adjudicate_mission(m, plan, units[:7], dice=dice, tables=tables),
              repeat=5, number=20)
    print(f"adjudicate_mission, 6 guns, 7 units near the target: {t * 1e3:.2f} ms per mission")

    n = 1_000_000
    t = per_call(lambda: simulate_mission(m, plan, units[1], n=n, rng=1, tables=tables), repeat=3)
    print(f"simulate_mission, Monte Carlo (n={n:,} missions, vectorised): "
          f"{n * plan.guns / t:,.0f} guns/s")


if __name__ == "__main__":
    main()
