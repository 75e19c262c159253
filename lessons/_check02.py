"""Self-check helpers for lesson 02 (line of sight 通视).

They never decide a rule themselves: the right answer always comes from hexrules
(``HexMap.effective_height``, ``line_of_sight``); the helpers only compare it with the reader's
answer and return a :class:`~_check.Verdict` (shown as ✓ or ✗ with a hint that names the
likely slip). The L-2 bonus in hints is read from the terrain table.

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_visible("visible", m, "4563AC", "4563FF")
✓ Right 正确
>>> check_case("L4", m, "4563AE", "4563AF")
✓ Right 正确
>>> check_effective_height(2, m, "4563ER")
✗ Not yet 再想想 — hint 提示: 2 is the elevation level 高程等级 alone. ...
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_int, say, sight_bonus_text, without_sight_bonus, word

from hexrules import HexMap, line_of_sight

__all__ = ["check_case", "check_effective_height", "check_visible", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 02's exercise ``exercise``: a button that reveals it."""
    return _check.solution("02", exercise)


def check_effective_height(answer: Any, hexmap: HexMap, where: Any) -> Verdict:
    """Compare ``answer`` with the effective height for sight (L-2) of ``where``."""
    h = hexmap.parse(where)
    expected = hexmap.effective_height(h)
    level = hexmap.elevation_at(h)
    given = as_int(answer)
    if given == expected:
        return say(True, "")
    terrain = hexmap.terrain_at(h).label
    terrain = terrain[0].lower() + terrain[1:]
    if given == level and expected != level:
        hint = (f"{level} is the {word('elevation_level')} alone. The hex is "
                f"{terrain}, and L-2 adds {sight_bonus_text()}.")
    elif given is None:
        hint = "give a whole number: the level the hex counts with for sight."
    else:
        hint = (f"start from the {word('elevation_level')} (M-4) and add the L-2 bonus "
                f"({sight_bonus_text()}); open ground and water add nothing.")
    return say(False, hint)


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
    given = _as_visible(answer)
    if given is record.visible:
        return say(True, "")
    if given is None:
        return say(False, 'answer True or False (or "visible" / "blocked").')
    bare = line_of_sight(without_sight_bonus(hexmap), observer, target)
    if bare.visible is given:
        return say(False, "you would be right on bare ground, but L-2 raises some hexes the "
                          f"line passes through above their level: {sight_bonus_text()}.")
    levels = hexmap.elevation_at(record.observer), hexmap.elevation_at(record.target)
    if levels[0] == levels[1]:
        hint = (f"both units are on level {levels[0]}, so L-3 decides: is any hex the line "
                f"passes through higher than that, counting {sight_bonus_text()}?")
    elif abs(levels[0] - levels[1]) == 1:
        hint = (f"levels {levels[0]} and {levels[1]}: find the {word('change_point')} where "
                "the line climbs, and ask who is nearer to it (L-4), or draw the chart (L-5).")
    else:
        hint = (f"levels {levels[0]} and {levels[1]} are more than one apart: only the "
                f"{word('chart')} decides (L-5).")
    return say(False, hint)


def check_case(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` ('L-3', 'L-4' or 'L-5') with the case :func:`line_of_sight` reports."""
    record = line_of_sight(hexmap, observer, target)
    text = str(answer).strip().upper().replace(" ", "") if isinstance(answer, str) else ""
    if text in ("L3", "L4", "L5"):
        text = f"L-{text[1]}"
    if text == record.case:
        return say(True, "")
    a, b = hexmap.elevation_at(record.observer), hexmap.elevation_at(record.target)
    gap = abs(a - b)
    if text not in ("L-3", "L-4", "L-5"):
        hint = 'answer "L-3", "L-4" or "L-5".'
    elif text == "L-3":
        hint = f"L-3 is for two units on the same level; these stand on levels {a} and {b}."
    elif text == "L-4" and gap != 1:
        hint = f"L-4 is for levels exactly one apart; these are {a} and {b}."
    elif text == "L-4":
        hint = ("the levels are one apart, but L-4 also needs that nothing on the line is "
                "above the higher unit and that the line climbs only once (L-6).")
    else:  # said L-5
        hint = (f"levels {a} and {b}: look at the line between them. Does it climb more than "
                "once, or pass anything above the higher unit? If not, the simpler rule "
                "decides (L-6).")
    return say(False, hint)
