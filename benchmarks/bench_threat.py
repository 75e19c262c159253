"""Benchmark of the threat map (issue 12) on the training map (30 × 30 hexes).

Run::

    python benchmarks/bench_threat.py

Prints the time of a whole exact threat map (900 hexes) for 1, 3 and 6 enemy units, cold
(the odds caches emptied) and warm, and of one hex's threat with its shooters. Goal: a whole
map within 150 ms, so a widget can redraw it on a click.
"""

from __future__ import annotations

from _timing import per_call

from hexrules import HexMap, Unit
from hexrules.analysis import threat_map, threat_of
from hexrules.combat import odds

ENEMIES = ("4563MG", "4563RF", "4563IK", "4563BB", "4563QM", "4563UI")


def main() -> None:
    m = HexMap.load("training")
    threat_map([], m, "red")  # compile the fast sight once
    for n in (1, 3, 6):
        units = [Unit(f"B{i}", "blue", m.parse(h)) for i, h in enumerate(ENEMIES[:n], 1)]

        def cold(units: list[Unit] = units) -> None:
            odds._CACHE.clear()
            threat_map(units, m, "red")

        def warm(units: list[Unit] = units) -> None:
            threat_map(units, m, "red")

        t_cold, t_warm = per_call(cold, repeat=5), per_call(warm, repeat=5)
        ok = "OK" if t_cold <= 0.150 else "SLOW"
        print(f"threat map, training map (900 hexes), {n} enemy unit(s): "
              f"{t_cold * 1e3:.1f} ms cold, {t_warm * 1e3:.1f} ms warm (goal ≤ 150 ms) {ok}")
    units = [Unit(f"B{i}", "blue", m.parse(h)) for i, h in enumerate(ENEMIES, 1)]
    one = per_call(lambda: threat_of(units, m, "red", "4563NH"), number=20)
    print(f"threat of one hex with its shooters (6 enemies): {one * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
