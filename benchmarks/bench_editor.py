"""Benchmarks for the map editor (hexrules.map.edit and widgets/editor.py).

Run::

    python benchmarks/bench_editor.py

Goal: an edit on the 30 × 30 training map, with the explorer's sight line judged again and
the board's changed layers rebuilt, well within a click's 150 ms (Python side; the browser's
drawing comes on top, see tests/browser/test_editor_browser.py).
"""

from __future__ import annotations

import time

from _timing import per_call

from hexrules import HexMap
from hexrules.map.edit import MapEditor, PaintTerrain, RaiseLevel, apply_edit


def _cpu(fn: object) -> float:
    """This process's CPU time for one call of ``fn``, in seconds."""
    t0 = time.process_time()
    fn()  # type: ignore[operator]
    return time.process_time() - t0


def main() -> None:
    m = HexMap.load("training")
    h = m.parse("4563BD")
    forest, level = PaintTerrain(h, "forest"), RaiseLevel(h)
    for name, edit in (("paint a forest", forest), ("raise a level", level)):
        t = per_call(lambda e=edit: apply_edit(m, e), 50)
        print(f"apply_edit ({name}): {t * 1e3:.2f} ms")
    ed = MapEditor(m)

    def apply_undo() -> None:
        ed.apply(forest)
        ed.undo()

    print(f"MapEditor.apply + undo (with the records' map digests): "
          f"{per_call(apply_undo, 20) * 1e3:.2f} ms")

    from hexrules_widgets import MapEditorPanel, SightExplorer

    panel = MapEditorPanel(SightExplorer(m))
    panel.view.select("4563BB", "4563BF")
    for name, edit in (("forest (symbols layer)", forest), ("level (hex layer)", level)):
        def edit_and_undo(e=edit) -> None:
            panel.apply(e)
            panel.undo()

        t = per_call(edit_and_undo, 5) / 2
        cpu = min(_cpu(edit_and_undo) for _ in range(5)) / 2
        print(f"panel edit, explorer and board updated, {name}: {t * 1e3:.1f} ms per edit "
              f"(kernel CPU {cpu * 1e3:.1f} ms: the wall time also counts other processes "
              "on a busy machine)")


if __name__ == "__main__":
    main()
