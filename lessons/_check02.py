"""Self-check helpers for lesson 02 (line of sight 通视).

They never decide a rule themselves: the right answer always comes from hexrules
(``HexMap.effective_height``, ``line_of_sight``); the helpers only compare it with the reader's
answer and return a :class:`~_check.Verdict` (shown as ✓ or ✗ with a hint).

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_visible("visible", m, "4563AC", "4563FF")
✓ Right 正确
>>> check_case("L4", m, "4563AE", "4563AF")
✓ Right 正确
"""

from __future__ import annotations

from typing import Any

from _check import Verdict, as_int, say, sight_bonus_text

from hexrules import HexMap, line_of_sight


def check_effective_height(answer: Any, hexmap: HexMap, where: Any) -> Verdict:
    """Compare ``answer`` with the effective height for sight (L-2) of ``where``."""
    expected = hexmap.effective_height(hexmap.parse(where))
    return say(as_int(answer) == expected,
                "start from the elevation level (高程, M-4) and add 1 if the hex is city "
                "(居民地) or forest (丛林地) (L-2); open ground and water add nothing.")


def _as_visible(answer: Any) -> bool | None:
    if isinstance(answer, bool):
        return answer
    if not isinstance(answer, str):
        return None
    text = answer.strip().lower()
    if text in ("visible", "clear", "yes", "true", "通视", "可见"):
        return True
    if text in ("blocked", "no", "false", "不通视", "不可见"):
        return False
    return None


def check_visible(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` (True/False or 'visible'/'blocked') with :func:`line_of_sight`."""
    record = line_of_sight(hexmap, observer, target)
    return say(_as_visible(answer) is record.visible,
                "compare the two units' levels first: same level → L-3 (is any hex in "
                f"between higher, counting {sight_bonus_text()}?); one level apart → L-4 "
                "(who is nearer the change point?); otherwise the chart of L-5.")


def check_case(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` ('L-3', 'L-4' or 'L-5') with the case :func:`line_of_sight` reports."""
    record = line_of_sight(hexmap, observer, target)
    text = str(answer).strip().upper().replace(" ", "") if isinstance(answer, str) else ""
    if text in ("L3", "L4", "L5"):
        text = f"L-{text[1]}"
    return say(text == record.case,
                "L-6: L-3 when both units stand on the same level; L-4 when the levels "
                "differ by exactly 1, nothing on the line is above the higher unit and the "
                "line climbs only once; L-5 in every other case.")
