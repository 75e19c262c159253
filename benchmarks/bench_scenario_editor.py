"""Benchmarks for the scenario editor (hexrules.game.scenario_edit, widgets/scenario_editor.py).

Run::

    python benchmarks/bench_scenario_editor.py

Goal: one edit — the whole scenario checked again by the loader's own checks — and the
board's counters and overlays redrawn, well within a click's 150 ms (Python side; the
browser's drawing comes on top, see tests/browser/test_scenario_editor_browser.py).
"""

from __future__ import annotations

import dataclasses
import time

from _timing import per_call

from hexrules.game.scenario import Scenario, SetupZone
from hexrules.game.scenario_edit import (
    MoveUnit,
    PlaceUnit,
    ScenarioEditor,
    SetOption,
    ToggleZone,
    apply_edit,
)
from hexrules.units import Side


def _cpu(fn: object) -> float:
    """This process's CPU time for one call of ``fn``, in seconds."""
    t0 = time.process_time()
    fn()  # type: ignore[operator]
    return time.process_time() - t0


def main() -> None:
    s = Scenario.load("village")  # 4 v 4, 5 objectives
    # blue's set-up zone: its units' hexes (a zone edit then adds one more)
    s = dataclasses.replace(s, setup_zones=(
        SetupZone(Side.BLUE, tuple(sorted(u.hex for u in s.side("blue").units))),))
    edits = (("place a unit", PlaceUnit("R5", "red", "4563NG")),
             ("move a unit", MoveUnit("R2", "4563PF")),
             ("zone hex", ToggleZone("blue", "4563RR")),
             ("turns", SetOption("turns", 12)))
    for name, edit in edits:
        t = per_call(lambda e=edit: apply_edit(s, e), 200)
        print(f"apply_edit ({name}), village, loader's checks included: {t * 1e3:.3f} ms")
    ed = ScenarioEditor(s)
    place = PlaceUnit("R5", "red", "4563NG")

    def apply_undo() -> None:
        ed.apply(place)
        ed.undo()

    print(f"ScenarioEditor.apply + undo: {per_call(apply_undo, 100) * 1e3:.3f} ms")

    from hexrules_widgets.scenario_editor import ScenarioEditorPanel

    panel = ScenarioEditorPanel("village")
    panel.tools.value = "unit"

    def click_and_undo() -> None:
        panel.click("4563NG")
        panel.undo()

    t = per_call(click_and_undo, 5) / 2
    cpu = min(_cpu(click_and_undo) for _ in range(5)) / 2
    print(f"panel click (edit, counters, zones and objectives redrawn): {t * 1e3:.1f} ms per "
          f"edit (kernel CPU {cpu * 1e3:.1f} ms)")


if __name__ == "__main__":
    main()
