"""The after-action review widget in a real browser (JupyterLab at a projector's 1280 × 720).

A small notebook (written here) opens the prepared review (lessons/data/review_duel.json:
the duel, fog of war on). The test steps through it with **Next 前进 ▶** and **◀ Back 后退**,
jumps to a turn and to the first kill, reads the decision panel, and switches the view to
Red 红方 and Blue 蓝方: a mirror :class:`~hexrules.review.Review` in the test process knows
which units that side did not see at each record; none of their ids may be in the widget's
DOM (the counters' SVG images decoded).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hexrules_widgets.player import named_ids

from hexrules.game.logview import hidden_from
from hexrules.review import Review

from .conftest import ARTIFACTS, lab_settings, serve_lab
from .test_lessons_browser import _KERNEL_IDLE
from .test_play_browser import _notebook
from .test_play_browser import projector as projector  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser

PREPARED = Path(__file__).resolve().parents[2] / "lessons" / "data" / "review_duel.json"
CELL = f"""from hexrules.review import Review
from hexrules_widgets.review import GameReview
GameReview(Review.build({str(PREPARED)!r}), board_height="440px")"""


@pytest.fixture(scope="module")
def review_lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("review-lab")
    (root / "notebooks").mkdir()
    (root / "notebooks" / "review.ipynb").write_text(json.dumps(_notebook(CELL)))
    lab_settings(root)
    yield from serve_lab(root)


def _dom(page: Any) -> str:
    """The widget's DOM without the stylesheets (the web font's base64) and with the options'
    ``data-value`` attributes decoded (percent-encoded Chinese such as ``%E5%B1%80`` holds
    "B1" between two non-word characters)."""
    return page.locator(".hexrules-review-widget").evaluate(
        """e => { const c = e.cloneNode(true);
                  c.querySelectorAll('style').forEach(s => s.remove());
                  c.querySelectorAll('[data-value]').forEach(x => x.setAttribute(
                      'data-value', decodeURIComponent(x.getAttribute('data-value'))));
                  return c.outerHTML; }""")


def _at(page: Any, k: int, total: int) -> None:
    page.locator(".hexrules-review-position", has_text=f"record {k}/{total}").wait_for(
        timeout=30_000)


def test_review_steps_through_a_game_with_both_views(review_lab_url: str,
                                                     projector: Any) -> None:  # noqa: F811
    page = projector
    mirror = Review.build(PREPARED, computer=False)
    last = len(mirror) - 1
    page.goto(f"{review_lab_url}/lab/tree/review.ipynb?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell",
                           timeout=90_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')"
                  ".catch(() => null)")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".hexrules-review-widget").wait_for(state="visible", timeout=90_000)
    page.locator("path.hexrules-hex-4563AA").wait_for(state="attached", timeout=90_000)
    _at(page, 0, last)
    # Next, Next, Back
    nxt, back = page.locator(".hexrules-review-next"), page.locator(".hexrules-review-back")
    nxt.click()
    _at(page, 1, last)
    nxt.click()
    _at(page, 2, last)
    back.click()
    _at(page, 1, last)
    # jump to turn 3
    page.locator(".hexrules-review-turn select").select_option(label="turn 3 回合")
    page.locator(".hexrules-review-turn-go").click()
    k3 = mirror.turn_start(3)
    _at(page, k3, last)
    # jump to the first kill: its decision panel has the odds and the luck
    kill = mirror.find("first_kill")
    first = next(e for e in mirror.events if e.kind == "first_kill")
    page.locator(".hexrules-review-event select").select_option(
        label=f"#{first.index} t{first.turn} {first.title} {','.join(first.units)}")
    page.locator(".hexrules-review-event-go").click()
    _at(page, kill, last)
    panel = page.locator(".hexrules-review-decision")
    assert "luck percentile" in panel.inner_text() and "Destroyed" in panel.inner_text()
    assert page.locator(".hexrules-review-whole").inner_text().strip()  # the full summary
    # both sides' views: no hidden unit's id in the page, at every record visited
    checked = 0
    for side, text in (("red", "Red 红方"), ("blue", "Blue 蓝方")):
        page.locator(".hexrules-review-view .widget-toggle-button", has_text=text).click()
        page.locator(".hexrules-review-position", has_text=f"{text} view").wait_for(
            timeout=30_000)
        for k in (kill, *range(k3, k3 + 6), 0):
            page.evaluate("() => 0")  # keep the loop simple: drive with the buttons
            target = k
            current = int(page.locator(".hexrules-review-position").inner_text()
                          .split("record ")[1].split("/")[0])
            while current != target:
                (nxt if current < target else back).click()
                current += 1 if current < target else -1
                _at(page, current, last)
            ids, _ = hidden_from(mirror.state_at(k), side)
            dom = _dom(page)
            assert not named_ids(dom, ids), (side, k, named_ids(dom, ids))
            checked += bool(ids)
        assert not page.locator(".hexrules-review-whole").inner_text().strip()
    assert checked  # the fog hid something on the records visited
    # back to the full picture: every unit on the board again
    page.locator(".hexrules-review-view .widget-toggle-button", has_text="Full 全局").click()
    page.locator(".hexrules-review-position", has_text="full picture").wait_for(timeout=30_000)
    box = page.locator(".hexrules-review-side").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1280 + 1
    # in Chinese (its own 中 / EN / 双语 toggle): the position line reads Chinese, and the
    # longer labels still fit the projector's width
    page.locator(".hexrules-review-widget .hexrules-language-toggle .widget-toggle-button",
                 has_text="中").click()
    page.wait_for_function(
        "() => { const p = document.querySelector('.hexrules-review-position');"
        " return p && p.innerText.includes('全局') && !p.innerText.includes('full picture'); }",
        timeout=30_000)
    box = page.locator(".hexrules-review-side").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1280 + 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "review-zh-1280x720.png"))
