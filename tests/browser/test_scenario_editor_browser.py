"""The scenario editor in a real browser: build a small scenario by clicking, save it, load it
with the loader, play it.

A small notebook (written here) shows :class:`~hexrules_widgets.scenario_editor.
ScenarioEditorPanel` on a new scenario; Voila renders it at a projector's 1280 × 720. The
test clicks a second red tank onto the board, sees a refused click (a blue unit on red's hex,
V-10) leave the scenario unchanged, draws a blue set-up zone of two hexes, sees a blue tank
outside it refused and places one inside, marks an objective hex worth 3 points, sets 4 turns
in the side panel, saves the file, loads it
with :meth:`Scenario.load` and checks every part, then presses **Play this scenario** and
gives the first order in the scenario player. Screenshots are kept in
``tests/browser/artifacts/scenario-editor-1280x720.png`` and ``…-playing.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexrules.game import Scenario
from hexrules.game.scenario import SetupZone
from hexrules.units import Side

from .conftest import ARTIFACTS, SERVER_START_S, _free_port, _serve, _wait_port, lab_settings
from .demo_page import inside, wait_fitted

pytestmark = pytest.mark.browser

NOTEBOOK = "scenario_editor.ipynb"
SOURCE = """\
from hexrules_widgets.scenario_editor import ScenarioEditorPanel

panel = ScenarioEditorPanel(save_dir=".", board_height="520px")
panel"""


@pytest.fixture(scope="module")
def sced_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voila on 127.0.0.1 rendering the editor notebook; yields (URL, its folder)."""
    import nbformat

    root = tmp_path_factory.mktemp("sced-voila")
    folder = root / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / NOTEBOOK)
    lab_settings(root)
    port = _free_port()
    cmd = [sys.executable, "-m", "voila", str(folder / NOTEBOOK), "--no-browser",
           f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"]
    for url in _serve(cmd, root, "voila.log",
                      lambda proc, log: _wait_port(port, proc, log, SERVER_START_S),
                      f"http://127.0.0.1:{port}/"):
        yield url, folder


def _status(page: Any, text: str) -> None:
    page.locator(".hexrules-sced-status", has_text=text).wait_for(timeout=30_000)


def _hex(page: Any, name: str) -> None:
    page.locator(f"path.hexrules-hex-{name}").click(force=True)


def _box(page: Any, css: str) -> list[float]:
    b = page.locator(css).first.bounding_box()
    return [b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]]


def test_build_save_load_and_play_a_scenario_at_1280x720(sced_voila: tuple[str, Path],
                                                        open_page: Any) -> None:
    url, folder = sced_voila
    page = open_page(1280, 720)
    page.goto(url)
    page.locator(".hexrules-scenario-editor").wait_for(state="visible", timeout=90_000)
    wait_fitted(page)

    # a second red tank; a blue unit on red's hex is refused (V-10) and changes nothing
    _hex(page, "4563PC")
    _status(page, "R2: — → red tank at 4563PC")
    page.locator(".hexrules-sced-side select").select_option(label=Side.BLUE.label)
    _hex(page, "4563PA")
    _status(page, "Not allowed 不允许 (V-10)")

    # a blue set-up zone of two hexes; a blue tank outside it is refused, inside placed
    page.locator(".hexrules-sced-tools button", has_text="Set-up 兵力部署").click()
    _hex(page, "4564PJ")
    _status(page, "Set-up 兵力部署 blue 4564PJ: out → in")
    _hex(page, "4564PH")
    _status(page, "Set-up 兵力部署 blue 4564PH: out → in")
    page.locator(".hexrules-sced-tools button", has_text="Unit 兵力单位算子").click()
    _hex(page, "4564PI")
    _status(page, "Not allowed 不允许 (§9)")
    _status(page, "outside blue's set-up zone")
    _hex(page, "4564PH")
    _status(page, "B2: — → blue tank at 4564PH")

    # an objective hex worth 3 points
    page.locator(".hexrules-sced-tools button", has_text="Objective 任务目标").click()
    page.locator(".hexrules-sced-points input").fill("3")
    page.locator(".hexrules-sced-points input").press("Enter")
    _hex(page, "4563PE")
    _status(page, "hold 4563PE, 3 points")

    # the side panel: 4 turns
    page.locator(".hexrules-sced-turns input").fill("4")
    page.locator(".hexrules-sced-turns input").press("Enter")
    _status(page, "turns: 6 → 4")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "scenario-editor-1280x720.png"))
    viewport = [1280, 720]
    for part in (".hexrules-sced-bar", ".hexrules-map", ".hexrules-sced-side-panel",
                 ".hexrules-sced-play"):
        assert inside(_box(page, part), viewport), (part, _box(page, part))

    # save, then read it back with the loader
    page.locator(".hexrules-sced-file input").fill("built.json")
    page.locator(".hexrules-sced-file input").press("Enter")
    page.locator(".hexrules-sced-save").click()
    _status(page, "Saved 已保存")
    s = Scenario.load(folder / "built.json")
    assert [u.id for u in s.side("red").units] == ["R1", "R2"]
    assert [(u.id, u.hex) for u in s.side("blue").units] == [("B1", "4564PJ"),
                                                            ("B2", "4564PH")]
    assert s.turns == 4
    assert s.setup_zones == (SetupZone(Side.BLUE, ("4564PH", "4564PJ")),)
    assert [(o.hex, o.points) for o in s.objectives if o.kind == "hold"] == [("4563PE", 3)]

    # play it: the scenario player opens on the saved file
    page.locator(".hexrules-sced-play").click()
    page.locator(".hexrules-scenario-player").wait_for(state="visible", timeout=60_000)
    page.locator(".hexrules-player-status", has_text="built.json").wait_for(timeout=30_000)
    page.locator(".hexrules-player-phase", has_text="Turn 回合 1").wait_for(timeout=30_000)
    page.locator(".hexrules-player-order", has_text="Pass").first.click()
    page.locator(".hexrules-player-phase", has_text="movement").wait_for(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "scenario-editor-playing.png"))
    page.locator(".hexrules-sced-back").click()
    page.locator(".hexrules-sced-side-panel").wait_for(state="visible", timeout=30_000)
    assert page.traffic.remote() == [], page.traffic.remote()
