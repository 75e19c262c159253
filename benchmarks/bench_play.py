"""Benchmarks of the play widgets' Python side (issue 12): what one click costs in the kernel.

Run::

    python benchmarks/bench_play.py

Prints the kernel time of a fire declaration in the fire stepper (a click on the target hex →
the odds and the counters set), of one step of the stepper, of planning a mission in the drift
stepper (heat map and mission odds), and of the threat view's redraw. The browser adds the
front end on top (tests/browser/test_play_browser.py prints click-to-update; goal ≤ 150 ms).
"""

from __future__ import annotations

import statistics
import time

from hexrules_widgets import DriftStepper, FireStepper, ThreatView

from hexrules import HexMap, Unit

UNITS = [("R1", "red", "4563MG"), ("R2", "red", "4563RF"), ("B1", "blue", "4563KE"),
         ("B2", "blue", "4563NH")]


def _median_ms(fn, n: int = 15) -> float:  # noqa: ANN001 - a callable
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    m = HexMap.load("training")
    units = [Unit(i, s, m.parse(h)) for i, s, h in UNITS]
    fs = FireStepper(m, units)
    fs.click(m.parse("4563MG"))
    fs.click(m.parse("4563RF"))
    targets = [m.parse("4563KE"), m.parse("4563NH")]
    k = iter(range(10_000))
    click = _median_ms(lambda: fs.click(targets[next(k) % 2]))
    print(f"fire stepper, a click on the target (odds of a 2-shooter declaration, counters): "
          f"{click:.1f} ms median in the kernel")
    fs.dice.mode.value = "seeded"
    fs.adjudicate()
    j = iter(range(10_000))
    step = _median_ms(lambda: fs.go(next(j) % len(fs.stages)))
    print(f"fire stepper, one step (panel, counters, sight line): {step:.1f} ms median")
    ds = DriftStepper(m, units)
    plan = _median_ms(lambda: ds.plan_at("4563LJ"), n=7)
    print(f"drift stepper, planning a mission (heat map, mission odds of nearby units): "
          f"{plan:.1f} ms median")
    tv = ThreatView(m, units)
    redraw = _median_ms(tv.refresh, n=7)
    print(f"threat view, recompute and redraw the threat map: {redraw:.1f} ms median")


if __name__ == "__main__":
    main()
