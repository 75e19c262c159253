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
from _check import Verdict, as_int, say, sight_bonus_text, tr, without_sight_bonus, word

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
        hint = tr(f"{level} is the {word('elevation_level')} alone. The hex is "
                  f"{terrain}, and L-2 adds {sight_bonus_text()}.",
                  f"{level}只是{word('elevation_level')}。这一格是{terrain}，L-2还要加上："
                  f"{sight_bonus_text()}。")
    elif given is None:
        hint = tr("give a whole number: the level the hex counts with for sight.",
                  "请给出一个整数：这一格判断通视时按几级计算。")
    else:
        hint = tr(f"start from the {word('elevation_level')} (M-4) and add the L-2 bonus "
                  f"({sight_bonus_text()}); open ground and water add nothing.",
                  f"从{word('elevation_level')}（M-4）出发，加上L-2的加级（{sight_bonus_text()}）；"
                  "开阔地和面状水系不加。")
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
        return say(False, tr('answer True or False (or "visible" / "blocked").',
                             '请回答True或False（或"visible"通视/"blocked"不通视）。'))
    bare = line_of_sight(without_sight_bonus(hexmap), observer, target)
    if bare.visible is given:
        return say(False, tr("you would be right on bare ground, but L-2 raises some hexes "
                             f"the line passes through above their level: {sight_bonus_text()}.",
                             "如果不计居民地和丛林地，你就对了；但L-2会把观察线经过的某些六角格"
                             f"抬高到其高程等级之上：{sight_bonus_text()}。"))
    levels = hexmap.elevation_at(record.observer), hexmap.elevation_at(record.target)
    if levels[0] == levels[1]:
        hint = tr(f"both units are on level {levels[0]}, so L-3 decides: is any hex the "
                  f"line passes through higher than that, counting {sight_bonus_text()}?",
                  f"两个单位都在{levels[0]}级高程上，所以由L-3判定：观察线经过的六角格中，"
                  f"有没有哪一格比这更高（{sight_bonus_text()}）？")
    elif abs(levels[0] - levels[1]) == 1:
        hint = tr(f"levels {levels[0]} and {levels[1]}: find the {word('change_point')} "
                  "where the line climbs, and ask who is nearer to it (L-4), or draw the "
                  "chart (L-5).",
                  f"高程为{levels[0]}级和{levels[1]}级：找出观察线爬升处的"
                  f"{word('change_point')}，看谁离它更近（L-4），或者画出观察测量表（L-5）。")
    else:
        hint = tr(f"levels {levels[0]} and {levels[1]} are more than one apart: only the "
                  f"{word('chart')} decides (L-5).",
                  f"{levels[0]}级和{levels[1]}级相差不止一级：只能由{word('chart')}判定"
                  "（L-5）。")
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
        hint = tr('answer "L-3", "L-4" or "L-5".', '请回答"L-3"、"L-4"或"L-5"。')
    elif text == "L-3":
        hint = tr(f"L-3 is for two units on the same level; these stand on levels {a} and "
                  f"{b}.", f"L-3适用于处在同一高程的两个单位；这两个单位在{a}级和{b}级上。")
    elif text == "L-4" and gap != 1:
        hint = tr(f"L-4 is for levels exactly one apart; these are {a} and {b}.",
                  f"L-4适用于恰好相差一级的两个高程；这里是{a}级和{b}级。")
    elif text == "L-4":
        hint = tr("the levels are one apart, but L-4 also needs that nothing on the line is "
                  "above the higher unit and that the line climbs only once (L-6).",
                  "高程确实相差一级，但L-4还要求观察线上没有高于高高程单位的地形，而且观察线"
                  "只爬升一次（L-6）。")
    else:  # said L-5
        hint = tr(f"levels {a} and {b}: look at the line between them. Does it climb more "
                  "than once, or pass anything above the higher unit? If not, the simpler rule "
                  "decides (L-6).",
                  f"{a}级和{b}级：看看两者之间的观察线。它是否不止一次爬升，或者经过了高于"
                  "高高程单位的地形？如果都没有，就由更简单的规则判定（L-6）。")
    return say(False, hint)
