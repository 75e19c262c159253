"""The lessons as a class sees them: JupyterLab, Run All, at a projector's 1280 × 720.

Each test opens a copy of a lesson in JupyterLab, runs every cell and checks what a cadet
sees: no solution is on the page until its button is pressed (Run All answers nothing), a
check's hint wraps between words (never inside one), and the hex inspector's close-up is
big enough to read. Screenshots land in ``tests/artifacts/`` on failure (or always, with
``HEXRULES_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import ARTIFACTS, REPO, lab_settings, serve_lab

pytestmark = pytest.mark.browser

LESSONS = REPO / "lessons"
PROJECTOR = {"width": 1280, "height": 720}
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")


def _local_only(route: Any) -> None:
    """Let requests to 127.0.0.1 through; abort every other (fonts, tiles fail fast)."""
    if route.request.url.startswith(LOCAL):
        route.continue_()
    else:
        route.abort()


@pytest.fixture(scope="module")
def lessons_lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 serving a copy of lessons/ (every cell rendered: no windowing)."""
    root = tmp_path_factory.mktemp("lessons-lab")
    shutil.copytree(LESSONS, root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    # render every cell, so that "not in the page" means not anywhere in the notebook
    lab_settings(root, {"@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"}})
    yield from serve_lab(root)


@pytest.fixture
def projector(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page the size of a classroom projector (1280 × 720) that reaches only 127.0.0.1."""
    context = browser.new_context(viewport=PROJECTOR)
    context.route("**/*", _local_only)
    pg = context.new_page()
    pg.set_default_timeout(90_000)
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is None or rep.failed or os.environ.get("HEXRULES_SCREENSHOTS"):
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            status = "failed" if rep is None or rep.failed else "passed"
            try:
                pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{status}.png"))
            except Exception as exc:  # noqa: BLE001 - best effort on the way out
                print(f"\nno screenshot: {exc}")
        context.close()


_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session
            && w.sessionContext.session.kernel;
  return k && k.status === 'idle';
}"""

_ALL_RUN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session.kernel;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  return k.status === 'idle' && cells.length > 0
         && cells.every(c => c.model.executionCount !== null);
}"""

# Where each visible line of an element's text breaks: the characters either side of every
# break between two lines (a break inside a word has letters on both sides).
_LINE_BREAKS = """el => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const chars = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const r = document.createRange();
      r.setStart(node, i); r.setEnd(node, i + 1);
      const rect = r.getClientRects()[0];
      if (rect) chars.push([node.data[i], rect.top]);
    }
  }
  const breaks = [];
  for (let i = 1; i < chars.length; i++) {
    if (chars[i][1] > chars[i - 1][1] + 2) breaks.push(chars[i - 1][0] + chars[i][0]);
  }
  return breaks;
}"""


def _run_all(page: Any, url: str, notebook: str) -> None:
    page.goto(f"{url}/lab/tree/{notebook}?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell",
                           timeout=90_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_RUN, timeout=120_000, polling=500)


def _solutions(lesson: str) -> dict[str, Any]:
    sys.path.insert(0, str(LESSONS))
    try:
        import _check

        return _check.load_solutions()[lesson]
    finally:
        sys.path.remove(str(LESSONS))


def test_lesson_01_hides_its_solutions_until_asked(lessons_lab_url: str, projector: Any
                                                   ) -> None:
    page = projector
    _run_all(page, lessons_lab_url, "01_hex_map.ipynb")
    buttons = page.locator(".hexrules-reveal-button")
    buttons.nth(2).wait_for(state="visible", timeout=60_000)
    assert buttons.count() == 3
    first = _solutions("01")["1"]
    answer = first.values()["answer_1"]  # "4464BC"
    explanation = "Common slips"  # a phrase of its worked explanation
    body = page.locator("body").inner_text()
    assert answer not in body and explanation not in body, "a solution shows after Run All"
    assert page.locator(".hexrules-check-wrong").count() == 4  # every check says "Not yet"

    buttons.first.scroll_into_view_if_needed()
    buttons.first.click()
    shown = page.locator(".hexrules-reveal-text", has_text=answer)
    shown.wait_for(state="visible", timeout=30_000)
    assert explanation in shown.inner_text()
    assert "Hide" in buttons.first.inner_text()
    assert answer not in page.locator(".hexrules-reveal-text").nth(1).inner_text()
    buttons.first.click()
    page.wait_for_function(
        "a => !document.querySelector('.hexrules-reveal-text').innerText.includes(a)",
        arg=answer, timeout=30_000)


def _answer(page: Any, start: str, source: str) -> None:
    """Type ``source`` into the code cell that starts with ``start`` and run it."""
    page.evaluate("""([start, source]) => {
      const nb = window.jupyterapp.shell.currentWidget;
      const i = nb.content.widgets.findIndex(c => c.model.sharedModel.getSource()
                                                    .startsWith(start));
      nb.content.widgets[i].model.sharedModel.setSource(source);
      nb.content.activeCellIndex = i;
      return window.jupyterapp.commands.execute('notebook:run-cell');
    }""", [start, source])


def test_hints_wrap_between_words(lessons_lab_url: str, projector: Any) -> None:
    page = projector
    _run_all(page, lessons_lab_url, "04_direct_fire.ipynb")
    page.locator(".hexrules-check-wrong").nth(3).wait_for(state="attached", timeout=60_000)
    # a slip with a long hint: the F-6 cell read, F-7 forgotten
    _answer(page, "answer_2 = None", 'answer_2 = "K"\ncheck.check_result(answer_2, m, r5, b3, '
                                     '[2, 3, 3])')
    page.locator(".hexrules-check-wrong", has_text="F-7").wait_for(timeout=60_000)
    hints = page.locator(".hexrules-check-wrong")
    wrapped = 0
    for i in range(hints.count()):
        el = hints.nth(i)
        el.scroll_into_view_if_needed()
        style = el.evaluate("e => getComputedStyle(e).wordBreak")
        assert style == "normal", style
        breaks = el.evaluate(_LINE_BREAKS)
        wrapped += bool(breaks)
        inside = [b for b in breaks if all(c.isascii() and c.isalnum() for c in b)]
        assert not inside, f"hint {i} breaks inside a word at {inside}: {el.inner_text()}"
    assert wrapped, "no hint was long enough to wrap: the test checked nothing"


def test_the_inspector_close_up_is_readable(lessons_lab_url: str, projector: Any) -> None:
    page = projector
    _run_all(page, lessons_lab_url, "01_hex_map.ipynb")
    close_up = page.locator("img.hexrules-close-up")
    close_up.wait_for(state="visible", timeout=60_000)
    close_up.scroll_into_view_if_needed()
    box = close_up.bounding_box()
    assert box and box["width"] >= 360, box  # was a 200 px thumbnail
    show = page.locator(".hexrules-inspector-show")
    sb = show.bounding_box()
    assert sb and sb["height"] >= 26 and sb["width"] >= 70, sb
    before = close_up.get_attribute("src")
    page.locator(".hexrules-hex-4563GH").first.click(force=True)
    page.locator(".hexrules-inspector-details", has_text="4563GH").wait_for(timeout=30_000)
    page.wait_for_function("([sel, src]) => document.querySelector(sel).src !== src",
                           arg=["img.hexrules-close-up", before], timeout=30_000)
    page.locator("path.hexrules-overlay-inspected").first.wait_for(state="attached",
                                                                   timeout=30_000)
