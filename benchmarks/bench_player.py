"""Benchmarks of the scenario player's Python side (issue 12): what one click costs in the
kernel.

Run::

    python benchmarks/bench_player.py

Prints the kernel time of a move step in :class:`~hexrules_widgets.player.ScenarioPlayer`
(the click on the next hex → the order applied, the screen built from the view and drawn:
counters, reach, path, buttons, log) and of the computer's answer to a pass. The browser adds
the front end (tests/browser/test_player_browser.py prints click-to-update; goal ≤ 150 ms).
"""

from __future__ import annotations

import statistics
import time

from hexrules_widgets.player import ScenarioPlayer

from hexrules.game import StepTo


def main() -> None:
    step_ms, pass_ms = [], []
    for seed in range(1, 6):
        p = ScenarioPlayer("meeting", red="human", blue="normal", fog=True, seed=4)
        t0 = time.perf_counter()
        p.press("Pass")
        pass_ms.append((time.perf_counter() - t0) * 1000)
        r1 = next(u for u in p.screen.view.units if u.id == "R1")
        p.click(r1.hex)
        for _ in range(3):
            steps = [o for o in p.screen.orders if isinstance(o, StepTo)]
            if not steps:
                break
            t0 = time.perf_counter()
            p.click(steps[seed % len(steps)].to)
            step_ms.append((time.perf_counter() - t0) * 1000)
    print(f"move step (click → applied, screen drawn): median {statistics.median(step_ms):.1f} "
          f"ms over {len(step_ms)} steps (min {min(step_ms):.1f}, max {max(step_ms):.1f})")
    print(f"red's pass and the computer's answer, drawn: median "
          f"{statistics.median(pass_ms):.0f} ms over {len(pass_ms)} games")


if __name__ == "__main__":
    main()
