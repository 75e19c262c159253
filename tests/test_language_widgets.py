"""The 中 / EN / 双语 toggle of the widgets, without a browser (the browser test is
tests/browser/test_language_browser.py)."""

from __future__ import annotations

import re

from hexrules_widgets.board import HexBoard
from hexrules_widgets.explorer import SightExplorer
from hexrules_widgets.language_toggle import language_toggle

from hexrules import HexMap
from hexrules.language import get_language, set_language

CJK = re.compile(r"[\u4e00-\u9fff]")


def _visible(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_board_toggle_redraws_its_legend_and_hover() -> None:
    board = HexBoard(HexMap.load("training"), language=True)
    both = board.legend.value
    assert "Legend 图例" in both
    try:
        board.language_toggle.value = "zh"
        assert get_language() == "zh"
        assert "图例" in board.legend.value and "Legend" not in _visible(board.legend.value)
        assert "当前格" in board.hover.value and "pointer" not in board.hover.value
        board.language_toggle.value = "en"
        assert not CJK.search(_visible(board.legend.value))
    finally:
        board.language_toggle.value = "both"
    assert board.legend.value == both and get_language() == "both"
    assert HexBoard(HexMap.flat(4, 3)).language_toggle is None  # off unless asked


def test_explorer_toggle_shows_everything_in_the_language() -> None:
    ex = SightExplorer("training")
    rec = ex.select("4563KC", "4564GD")
    verdict, why = ex.verdict.value, ex.why.value
    try:
        ex.language_toggle.value = "zh"
        assert ex.clear_button.description == "重新开始"
        assert ex.observer_box.description == "观察单位"
        assert "不通视" in ex.verdict.value and "Blocked" not in ex.verdict.value
        assert "判定依据" in ex.why.value and "Why" not in _visible(ex.why.value)
        assert "观察测量表" in ex.chart_caption.value
        ex.select("4563KC", "4563KE")  # a new record in the chosen language
        assert "同一高程" in ex.verdict.value and "same level" not in ex.verdict.value
        ex.language_toggle.value = "en"
        assert not CJK.search(_visible(ex.verdict.value))
        assert ex.large_toggle.description == "Large"
        assert ex.select("4563KC", "4564GD") == rec
    finally:
        ex.language_toggle.value = "both"
        set_language("both")
    ex.select("4563KC", "4564GD")
    assert (ex.verdict.value, ex.why.value) == (verdict, why)
    assert ex.clear_button.description == "Start over 重新开始"


def test_toggles_follow_each_other() -> None:
    a, b = language_toggle(), language_toggle()
    try:
        a.value = "zh"
        assert b.value == "zh" and get_language() == "zh"
    finally:
        a.value = "both"
    assert b.value == "both"
