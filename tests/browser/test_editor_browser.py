"""The map editor in a real browser: paint a wood by clicking, watch the sight line, undo, save.

A small notebook (written here) puts :class:`~hexrules_widgets.editor.MapEditorPanel` over the
sight-line explorer with a sight line already chosen (4563BB → 4563BF, L-3 clear). Voila
renders it at a projector's 1280 × 720, as ``make voila`` would the demo, and JupyterLab
runs it as a class would. The test clicks the
**Forest 丛林地** tool and the open hex 4563BD on the line, sees the verdict turn to the
library's blocked verdict on the edited map, undoes, sees it clear again, redoes, and saves a
map file that ``HexMap.load`` reads back equal. A screenshot of the editor at 1280 × 720 is
kept in ``tests/browser/artifacts/editor-1280x720.png`` (Voila) and
``editor-lab-1280x720.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexrules import HexMap, line_of_sight
from hexrules.map.edit import PaintTerrain, apply_edit

from .conftest import (
    ARTIFACTS,
    SERVER_START_S,
    _free_port,
    _serve,
    _wait_port,
    lab_settings,
    serve_lab,
)
from .demo_page import inside, layout, wait_fitted

pytestmark = pytest.mark.browser

OBSERVER, TARGET, BETWEEN = "4563BB", "4563BF", "4563BD"
NOTEBOOK = "editor.ipynb"
SOURCE = f"""\
from hexrules_widgets import MapEditorPanel, SightExplorer

panel = MapEditorPanel(SightExplorer("training"), save_dir=".")
panel.view.select("{OBSERVER}", "{TARGET}")
panel"""


def _notebook_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A server root with ``notebooks/editor.ipynb`` (and Lab's quiet settings)."""
    import nbformat

    root = tmp_path_factory.mktemp(name)
    folder = root / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)
    lab_settings(root)
    return root


@pytest.fixture(scope="module")
def editor_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voila on 127.0.0.1 rendering the editor notebook; yields (URL, its folder)."""
    root = _notebook_folder(tmp_path_factory, "editor-voila")
    folder = root / "notebooks"
    port = _free_port()
    cmd = [sys.executable, "-m", "voila", str(folder / NOTEBOOK), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    for url in _serve(cmd, root, "voila.log",
                      lambda proc, log: _wait_port(port, proc, log, SERVER_START_S),
                      f"http://127.0.0.1:{port}/"):
        yield url, folder


@pytest.fixture(scope="module")
def editor_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """JupyterLab on 127.0.0.1 over the editor notebook's folder; yields (URL, the folder)."""
    root = _notebook_folder(tmp_path_factory, "editor-lab")
    for url in serve_lab(root):
        yield url, root / "notebooks"


_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session
            && w.sessionContext.session.kernel;
  return k && k.status === 'idle';
}"""
_ON_TOP = """() => [...document.querySelectorAll('path.hexrules-forest')].filter(p => {
  const b = p.getBoundingClientRect();
  const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
  return hit && hit.matches('.hexrules-forest'); }).length"""
_FILL = "name => document.querySelector('path.hexrules-hex-' + name).getAttribute('fill')"


def _verdict(page: Any, text: str) -> None:
    page.locator(".hexrules-verdict", has_text=text).wait_for(timeout=60_000)


def test_paint_a_wood_in_voila_at_1280x720(editor_voila: tuple[str, Path],
                                           open_page: Any) -> None:
    url, folder = editor_voila
    page = open_page(1280, 720)
    page.goto(url)
    _exercise(page, folder, "editor-1280x720", whole_screen=True)


def test_paint_a_wood_in_jupyterlab(editor_lab: tuple[str, Path], open_page: Any) -> None:
    url, folder = editor_lab
    page = open_page(1280, 720)
    page.goto(f"{url}/lab/tree/{NOTEBOOK}?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=90_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".hexrules-editor").wait_for(state="visible", timeout=90_000)
    page.locator(".hexrules-editor").scroll_into_view_if_needed()
    _exercise(page, folder, "editor-lab-1280x720", whole_screen=False)


def _exercise(page: Any, folder: Path, shot: str, *, whole_screen: bool) -> None:
    """Paint a wood on the line, see the verdict change, undo, redo, save, raise a level."""
    m = HexMap.load("training")
    clear = line_of_sight(m, OBSERVER, TARGET)
    wood = apply_edit(m, PaintTerrain(m.parse(BETWEEN), "forest"))
    blocked = line_of_sight(wood, OBSERVER, TARGET)
    assert clear.visible and not blocked.visible and clear.verdict != blocked.verdict

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
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"))
    box = layout(page)
    bar = page.locator(".hexrules-editor-bar").bounding_box()
    if whole_screen:  # the projector app: everything on one screen, no scrolling
        for part in ("map", "verdict", "chart", "controls"):
            assert inside(box[part], box["viewport"]), (part, box[part], box["viewport"])
    assert bar["y"] + bar["height"] < box["map"][1], (bar, box["map"])

    page.locator(".hexrules-editor-undo").click()
    page.locator(".hexrules-editor-status", has_text="Undone 已撤销").wait_for(timeout=30_000)
    _verdict(page, clear.verdict)
    page.locator(".hexrules-editor-redo").click()
    # the verdict reaches the page before the status line: wait for both
    page.locator(".hexrules-editor-status", has_text="Redone 已重做").wait_for(timeout=30_000)
    _verdict(page, blocked.verdict)

    page.locator(".hexrules-editor-file input").fill("wood.json")
    page.locator(".hexrules-editor-file input").press("Enter")
    page.locator(".hexrules-editor-save").click()
    page.locator(".hexrules-editor-status", has_text="Saved 已保存").wait_for(timeout=30_000)
    saved = HexMap.load(folder / "wood.json")
    assert saved.to_dict() == wood.to_dict()
    assert not line_of_sight(saved, OBSERVER, TARGET).visible

    # a level raised redraws the hex layer, under the symbols as before
    on_top = page.evaluate(_ON_TOP)
    fill = page.evaluate(_FILL, "4563DD")
    page.locator(".hexrules-editor-tools button", has_text="Level 高程等级 +1").click()
    page.locator(".hexrules-editor-status", has_text="raise it one level").wait_for(
        timeout=30_000)
    wait_fitted(page)  # the status line's change may re-fit the map: click where it settled
    page.locator("path.hexrules-hex-4563DD").click(force=True)
    page.locator(".hexrules-editor-status", has_text="Elevation level 高程等级 of 4563DD"
                 ).wait_for(timeout=30_000)
    page.wait_for_function(f"() => ({_FILL})('4563DD') !== {fill!r}", timeout=30_000)
    page.wait_for_timeout(300)
    assert page.evaluate(_ON_TOP) == on_top > 0
    assert page.traffic.remote() == [], page.traffic.remote()

    if whole_screen:  # Large 大字: the toolbar grows too, and everything stays on screen
        page.locator(".hexrules-large-toggle").click()
        page.locator(".hexrules-explorer.hexrules-large").wait_for(timeout=30_000)
        wait_fitted(page)
        page.screenshot(path=str(ARTIFACTS / f"{shot}-large.png"))
        box = layout(page)
        for part in ("map", "verdict", "controls"):
            assert inside(box[part], box["viewport"]), (part, box[part], box["viewport"])
        size = page.eval_on_selector(".hexrules-editor-undo",
                                     "e => getComputedStyle(e).fontSize")
        assert size == "18px", size
