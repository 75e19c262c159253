"""An instructor builds a scenario, plays it and reviews it, all by clicks in a real browser
(Voila at a projector's 1280 × 720; issue 16).

A small notebook (written here) shows :class:`~hexrules_widgets.scenario_editor.
ScenarioEditorPanel` on a new scenario (one tank a side). The test moves the red tank close
to the blue one and places a second red tank beside it, sets one turn, saves and presses
**Play this scenario**. In the scenario player (red a person, blue the computer, seed 1:
the same game every run) **Review 复盘** is disabled while the game goes on; red fires by
clicks (shooter, then target), passes twice and plans its fire by a click on a hex, and the
game ends. The game is saved with the player's **Save**; a mirror
:class:`~hexrules.review.Review` of that file in the test process tells what the page must
show. **Review 复盘** then opens the review of the same game in place of the board: the test
steps **Next** / **Back**, jumps to the first kill, switches **Red 红方** / **Blue 蓝方** /
**Full 全局** (each side's fire plan is hidden from the other's view, the whole-game summary
is the full picture's only) and goes **◀ Back to the game**. Screenshots are kept in
``tests/browser/artifacts/editor-play-review-*.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexrules.review import Review

from .conftest import ARTIFACTS, SERVER_START_S, _free_port, _serve, _wait_port, lab_settings
from .demo_page import inside, wait_fitted

pytestmark = pytest.mark.browser

NOTEBOOK = "editor_play_review.ipynb"
SOURCE = """\
from hexrules_widgets.scenario_editor import ScenarioEditorPanel

panel = ScenarioEditorPanel(save_dir=".", board_height="500px")
panel"""


@pytest.fixture(scope="module")
def epr_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voila on 127.0.0.1 rendering the editor notebook; yields (URL, its folder)."""
    import nbformat

    root = tmp_path_factory.mktemp("epr-voila")
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


def _hex(page: Any, name: str) -> None:
    page.locator(f"path.hexrules-hex-{name}").first.click(force=True)


def _sced(page: Any, text: str) -> None:
    page.locator(".hexrules-sced-status", has_text=text).wait_for(timeout=30_000)


def _player(page: Any, css: str, text: str) -> None:
    page.locator(f".hexrules-player-{css}", has_text=text).wait_for(timeout=30_000)


def _at(page: Any, k: int, last: int, view: str = "") -> None:
    page.locator(".hexrules-review-position",
                 has_text=f"record {k}/{last}").filter(has_text=view).wait_for(timeout=30_000)


def _step_to(page: Any, current: int, target: int, last: int, view: str) -> int:
    """Step with **Next** / **Back** from record ``current`` to ``target``."""
    nxt, back = page.locator(".hexrules-review-next"), page.locator(".hexrules-review-back")
    while current != target:
        (nxt if current < target else back).click()
        current += 1 if current < target else -1
        _at(page, current, last, view)
    return current


def _record(page: Any) -> str:
    return str(page.locator(".hexrules-review-record").inner_text())


def _review_enabled(page: Any) -> bool:
    return bool(page.locator(".hexrules-player-review").is_enabled())


def _box(page: Any, css: str) -> list[float]:
    b = page.locator(css).first.bounding_box()
    return [b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]]


def test_build_play_and_review_a_scenario_by_clicks(epr_voila: tuple[str, Path],
                                                    open_page: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    url, folder = epr_voila
    page = open_page(1280, 720)
    page.goto(url)
    page.locator(".hexrules-scenario-editor").wait_for(state="visible", timeout=90_000)
    wait_fitted(page)

    # build: red's tank four hexes from blue's, a second red tank beside it, one turn
    page.locator(".hexrules-sced-tools button", has_text="Move 移动").click()
    _hex(page, "4563PA")
    _hex(page, "4564PF")
    _sced(page, "R1: red tank at 4563PA → red tank at 4564PF")
    page.locator(".hexrules-sced-tools button", has_text="Unit 兵力单位算子").click()
    _hex(page, "4564PE")
    _sced(page, "R2: — → red tank at 4564PE")
    page.locator(".hexrules-sced-turns input").fill("1")
    page.locator(".hexrules-sced-turns input").press("Enter")
    _sced(page, "turns: 6 → 1")
    page.locator(".hexrules-sced-file input").fill("short.json")
    page.locator(".hexrules-sced-file input").press("Enter")

    # play it: the player opens on the saved file; no review while the game goes on
    page.locator(".hexrules-sced-play").click()
    page.locator(".hexrules-scenario-player").wait_for(state="visible", timeout=60_000)
    _player(page, "status", "short.json")
    _player(page, "phase", "Direct-fire phase")
    assert not _review_enabled(page)
    # blue (the computer) fired first; red fires by clicks: its shooter, then the target
    _hex(page, "4564PF")
    _player(page, "orders", "射击单位: R1")
    _hex(page, "4564PJ")
    _player(page, "status", "R1 → B1")
    assert not _review_enabled(page)
    page.locator(".hexrules-player-order", has_text="Pass").first.click()
    _player(page, "status", "Direct-fire phase 直瞄射击阶段 · Red 红方 Pass")
    page.locator(".hexrules-player-order", has_text="Pass").first.click()
    _player(page, "status", "Movement phase 机动阶段 · Red 红方 Pass")
    _player(page, "orders", "click the target hex")          # the fire plan
    _hex(page, "4564PJ")
    _player(page, "phase", "End of the game 推演结束")
    page.wait_for_function(
        "() => !document.querySelector('.hexrules-player-review').disabled", timeout=30_000)
    page.locator(".hexrules-player-save").click()
    _player(page, "status", "game.json")
    monkeypatch.chdir(folder)  # the saved game names its scenario file as the kernel did
    mirror = Review.build(folder / "game.json", computer=False)
    last = len(mirror) - 1
    assert mirror.state_at(last).over and last >= 6
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "editor-play-review-over.png"))

    # the review of the same game, in place of the board
    page.locator(".hexrules-player-review").click()
    page.locator(".hexrules-review-widget").wait_for(state="visible", timeout=60_000)
    assert page.locator(".hexrules-player-side").count() == 0
    _at(page, 0, last, "full picture")
    nxt, back = page.locator(".hexrules-review-next"), page.locator(".hexrules-review-back")
    nxt.click()
    _at(page, 1, last)
    assert repr(mirror.record(1).order) in _record(page)    # blue's shot, the same game
    nxt.click()
    _at(page, 2, last)
    assert repr(mirror.record(2).order) in _record(page)    # red's shot by the clicks
    back.click()
    _at(page, 1, last)
    first = next(e for e in mirror.events if e.kind == "first_kill")
    page.locator(".hexrules-review-event select").select_option(
        label=f"#{first.index} t{first.turn} {first.title} {','.join(first.units)}")
    page.locator(".hexrules-review-event-go").click()
    _at(page, first.index, last)
    assert "luck percentile" in page.locator(".hexrules-review-decision").inner_text()
    assert page.locator(".hexrules-review-whole").inner_text().strip()   # the summary
    for part in (".hexrules-player-review-back", ".hexrules-review-bar", ".hexrules-map",
                 ".hexrules-review-side"):
        assert inside(_box(page, part), [1280, 720]), (part, _box(page, part))
    page.screenshot(path=str(ARTIFACTS / "editor-play-review-1280x720.png"))

    # each side's view: the other side's fire plan is hidden, the summary is not shown
    plans = {rec.side.value: k for k, rec in enumerate(mirror.log.records)
             if type(rec.order).__name__ == "PlanFire"}
    for side, text, other in (("red", "Red 红方", "blue"), ("blue", "Blue 蓝方", "red")):
        page.locator(".hexrules-review-view .widget-toggle-button", has_text=text).click()
        _at(page, first.index, last, f"{text} view")
        current = first.index
        for target in (plans[other], plans[side]):
            current = _step_to(page, current, target, last, f"{text} view")
            hidden = target == plans[other]
            assert (mirror.record_for(target, side) is None) == hidden, (side, target)
            assert ("hidden from this view" in _record(page)) == hidden, (side, target)
        assert not page.locator(".hexrules-review-whole").inner_text().strip()
        _step_to(page, current, first.index, last, f"{text} view")
    page.locator(".hexrules-review-view .widget-toggle-button", has_text="Full 全局").click()
    _at(page, first.index, last, "full picture")
    assert "hidden from this view" not in _record(page)
    assert page.locator(".hexrules-review-whole").inner_text().strip()

    # back to the game: the board and the finished game again
    page.locator(".hexrules-player-review-back").click()
    page.locator(".hexrules-player-side").wait_for(state="visible", timeout=30_000)
    _player(page, "phase", "End of the game 推演结束")
    assert page.locator(".hexrules-review-widget").count() == 0
    assert _review_enabled(page)
    assert page.traffic.remote() == [], page.traffic.remote()
