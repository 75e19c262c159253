"""The 中 / EN / 双语 toggle in a real browser (issue 17): the instructor demo in Voila at
1280 × 720, switched to Chinese, then English, then back; nothing is cut off, nothing leaves
the screen, and the verdict, the board's legend and the buttons follow the setting."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from hexrules import HexMap, line_of_sight
from hexrules.language import localize

from .demo_page import CLIPPED_JS, inside, layout, wait_fitted

pytestmark = pytest.mark.browser

CJK = re.compile(r"[\u4e00-\u9fff]")
OBSERVER, TARGET = "4563MG", "4563IK"  # an L-5 blocked line (test_explorer_browser.py)

#: Every labelled element whose text is cut off: the explorer's buttons, toggles and boxes
#: (CLIPPED_JS), and the board's hover line and legend items, the verdict and the status.
LABELS_CLIPPED_JS = """() => {
  const out = [];
  const sel = '.hexrules-language-toggle .widget-toggle-button, .hexrules-verdict-line, ' +
              '.hexrules-hover-text, .hexrules-legend-item, .hexrules-status';
  document.querySelectorAll(sel).forEach(e => {
    if (e.scrollWidth > e.clientWidth + 1)
      out.push([e.className, e.innerText, e.scrollWidth, e.clientWidth]);
  });
  return out;
}"""


def _choose(page: Any, name: str) -> None:
    page.locator(".hexrules-language-toggle .widget-toggle-button", has_text=name).first.click()


def _wait_text(page: Any, selector: str, condition: str) -> None:
    """Wait until the text ``t`` of ``selector`` meets a JavaScript ``condition``."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({selector!r}); if (!e) return false; "
        f"const t = e.innerText; return {condition}; }}", timeout=30_000)


def _hex(page: Any, name: str) -> Any:
    return page.locator(f"path.hexrules-hex-{name}")


def test_language_toggle_at_1280x720(voila_url: str, open_page: Callable[..., Any]) -> None:
    page = open_page(1280, 720)
    page.goto(voila_url)
    page.locator(".hexrules-explorer").wait_for(state="visible", timeout=90_000)
    wait_fitted(page)
    rec = line_of_sight(HexMap.load("training"), OBSERVER, TARGET)
    _hex(page, OBSERVER).click(force=True)
    _hex(page, TARGET).click(force=True)
    page.locator(".hexrules-verdict", has_text=rec.verdict).wait_for(timeout=30_000)

    _choose(page, "中")
    verdict = page.locator(".hexrules-verdict")
    zh_verdict = localize(rec.verdict, lang="zh")
    _wait_text(page, ".hexrules-verdict-line", f"t.startsWith({zh_verdict!r})")
    _wait_text(page, ".hexrules-clear", "t.trim() === '重新开始'")
    _wait_text(page, ".hexrules-legend", "!t.includes('Legend')")
    page.wait_for_timeout(500)
    assert "Start over" not in page.locator(".hexrules-clear").inner_text()
    assert "Legend" not in page.locator(".hexrules-legend").inner_text()
    assert "Blocked" not in verdict.inner_text() and "Visible" not in verdict.inner_text()
    clipped = page.evaluate(CLIPPED_JS) + page.evaluate(LABELS_CLIPPED_JS)
    assert not clipped, f"labels cut off in Chinese: {clipped}"
    lay = layout(page)
    for part in ("map", "legend", "verdict", "chart", "controls"):
        assert inside(lay[part], lay["viewport"]), (part, lay[part], lay["viewport"])

    _choose(page, "EN")
    _wait_text(page, ".hexrules-clear", "t.trim() === 'Start over'")
    _wait_text(page, ".hexrules-verdict-line", f"t.startsWith({rec.verdict.split()[0]!r})"
               " && !/[\\u4e00-\\u9fff]/.test(t)")
    page.wait_for_timeout(500)
    assert not CJK.search(page.locator(".hexrules-verdict").inner_text())
    assert not (page.evaluate(CLIPPED_JS) + page.evaluate(LABELS_CLIPPED_JS))

    _choose(page, "双语")
    _wait_text(page, ".hexrules-clear", "t.trim() === 'Start over 重新开始'")
    _wait_text(page, ".hexrules-verdict-line", f"t.startsWith({rec.verdict!r})")
    assert rec.verdict in page.locator(".hexrules-verdict").inner_text()
    assert page.traffic.remote() == [], page.traffic.remote()
    assert page.traffic.errors() == [], page.traffic.errors()
