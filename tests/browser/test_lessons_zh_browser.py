"""The Chinese edition 中文版 as a class sees it: JupyterLab, Run All, at 1280 × 720.

Lesson 01's Chinese edition runs top to bottom in JupyterLab: its checks say ``✗ 再想想`` with
a Chinese hint (never "Not yet"), no solution is on the page until its button is pressed, and
the button reveals the Chinese explanation (``explain_zh``).
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_lessons_browser import _run_all, _solutions, lessons_lab_url, projector  # noqa: F401

pytestmark = pytest.mark.browser


def test_lesson_01_zh_checks_and_solutions_speak_chinese(lessons_lab_url: str,  # noqa: F811
                                                         projector: Any) -> None:  # noqa: F811
    page = projector
    _run_all(page, lessons_lab_url, "01_hex_map.zh.ipynb")
    buttons = page.locator(".hexrules-reveal-button")
    buttons.nth(2).wait_for(state="visible", timeout=60_000)
    assert buttons.count() == 3
    first = _solutions("01")["1"]
    answer = first.values()["answer_1"]  # "4464BC"
    explanation = "常见的错误"  # a phrase of its Chinese worked explanation
    body = page.locator("body").inner_text()
    assert answer not in body and explanation not in body, "a solution shows after Run All"
    wrong = page.locator(".hexrules-check-wrong")
    assert wrong.count() == 4
    for i in range(4):
        text = wrong.nth(i).inner_text()
        assert "再想想" in text and "提示：" in text and "Not yet" not in text, text
    buttons.first.scroll_into_view_if_needed()
    buttons.first.click()
    shown = page.locator(".hexrules-reveal-text", has_text=answer)
    shown.wait_for(state="visible", timeout=30_000)
    assert explanation in shown.inner_text() and "Common slips" not in shown.inner_text()
