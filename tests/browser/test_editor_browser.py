"""The map editor in a real browser: paint a wood by clicking, watch the sight line, undo, save.

A small notebook (written here) puts :class:`~hexrules_widgets.editor.MapEditorPanel` over the
sight-line explorer with a sight line already chosen (4563BB → 4563BF, L-3 clear). Voila
renders it at a projector's 1280 × 720, as ``make voila`` would the demo. The test clicks the
**Forest 丛林地** tool and the open hex 4563BD on the line, sees the verdict turn to the
library's blocked verdict on the edited map, undoes, sees it clear again, redoes, and saves a
map file that ``HexMap.load`` reads back equal. A screenshot of the editor at 1280 × 720 is
kept in ``tests/browser/artifacts/editor-1280x720.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexrules import HexMap, line_of_sight
from hexrules.map.edit import PaintTerrain, apply_edit

from .conftest import ARTIFACTS, SERVER_START_S, _free_port, _serve, _wait_port
from .demo_page import inside, layout, wait_fitted

pytestmark = pytest.mark.browser

OBSERVER, TARGET, BETWEEN = "4563BB", "4563BF", "4563BD"
NOTEBOOK = "editor.ipynb"
SOURCE = f"""\
from hexrules_widgets import MapEditorPanel, SightExplorer

panel = MapEditorPanel(SightExplorer("training"), save_dir=".")
panel.view.select("{OBSERVER}", "{TARGET}")
panel"""


@pytest.fixture(scope="module")
def editor_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voila on 127.0.0.1 rendering the editor notebook; yields (URL, its folder)."""
    import nbformat

    root = tmp_path_factory.mktemp("editor")
    folder = root / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)
    port = _free_port()
    cmd = [sys.executable, "-m", "voila", str(folder / NOTEBOOK), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    for url in _serve(cmd, root, "voila.log",
                      lambda proc, log: _wait_port(port, proc, log, SERVER_START_S),
                      f"http://127.0.0.1:{port}/"):
        yield url, folder


def _verdict(page: Any, text: str) -> None:
    page.locator(".hexrules-verdict", has_text=text).wait_for(timeout=60_000)


def test_paint_a_wood_see_the_sight_line_change_undo_and_save(
        editor_voila: tuple[str, Path], open_page: Any) -> None:
    url, folder = editor_voila
    m = HexMap.load("training")
    clear = line_of_sight(m, OBSERVER, TARGET)
    wood = apply_edit(m, PaintTerrain(m.parse(BETWEEN), "forest"))
    blocked = line_of_sight(wood, OBSERVER, TARGET)
    assert clear.visible and not blocked.visible and clear.verdict != blocked.verdict

    page = open_page(1280, 720)
    page.goto(url)
    page.locator(".hexrules-editor").wait_for(state="visible", timeout=90_000)
    wait_fitted(page)
    _verdict(page, clear.verdict)
    trees = page.locator("path.hexrules-forest").count()

    page.locator(".hexrules-editor-tools button", has_text="Forest 丛林地").click()
    page.locator(".hexrules-editor-status", has_text="paint a forest").wait_for(timeout=30_000)
    page.locator(f"path.hexrules-hex-{BETWEEN}").click(force=True)
    _verdict(page, blocked.verdict)
    page.locator(".hexrules-editor-status",
                 has_text=f"Terrain 地形 of {BETWEEN}: Open 开阔地 → Forest 丛林地"
                 ).wait_for(timeout=30_000)
    page.wait_for_function("n => document.querySelectorAll('path.hexrules-forest').length > n",
                           arg=trees, timeout=30_000)
    # the observer and target stayed: the paint click did not pick a sight hex
    assert page.locator(".hexrules-observer-box input").input_value() == OBSERVER
    assert page.locator(".hexrules-target-box input").input_value() == TARGET

    # the screenshot a class would see, the toolbar and the explorer on one screen
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "editor-1280x720.png"))
    box = layout(page)
    bar = page.locator(".hexrules-editor-bar").bounding_box()
    for part in ("map", "verdict", "chart", "controls"):
        assert inside(box[part], box["viewport"]), (part, box[part], box["viewport"])
    assert bar["y"] >= 0 and bar["y"] + bar["height"] < box["map"][1], (bar, box["map"])

    page.locator(".hexrules-editor-undo").click()
    _verdict(page, clear.verdict)
    page.locator(".hexrules-editor-status", has_text="Undone 已撤销").wait_for(timeout=30_000)
    page.locator(".hexrules-editor-redo").click()
    _verdict(page, blocked.verdict)

    page.locator(".hexrules-editor-file input").fill("wood.json")
    page.locator(".hexrules-editor-file input").press("Enter")
    page.locator(".hexrules-editor-save").click()
    page.locator(".hexrules-editor-status", has_text="Saved 已保存").wait_for(timeout=30_000)
    saved = HexMap.load(folder / "wood.json")
    assert saved.to_dict() == wood.to_dict()
    assert not line_of_sight(saved, OBSERVER, TARGET).visible
    assert page.traffic.remote() == [] or all("cdn" in u or "fonts" in u
                                              for u in page.traffic.remote())
