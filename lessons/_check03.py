"""Self-check helpers for lesson 03 (the observation-measurement chart 观察测量表).

They never decide a rule themselves: the right answer always comes from the
:class:`~hexrules.sight.SightRecord` that ``line_of_sight`` returns (``chart_points``,
``chart_top``, ``blocking_points``); the helpers only compare it with the reader's answer
and return a :class:`~_check.Verdict` (shown as ✓ or ✗ with a hint that names the likely
slip: the point's two numbers swapped, the L-2 bonus forgotten, the distance measured from
the wrong unit or to the wrong side of a hex, the +1 of the higher unit left out).

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_chart_top((1.0, 3), m, "4563HH", "4563II")
✓ Right 正确
>>> check_chart_top((1.0, 2), m, "4563HH", "4563II")
✗ Not yet 再想想 — hint 提示: the distance is right; the higher unit 高高程单位 is plotted ...
>>> check_blocker("4563II", m, "4563HH", "4563II")
✓ Right 正确
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_name, say, sight_bonus_text, tr, without_sight_bonus, word

from hexrules import HexMap, line_of_sight

__all__ = ["check_blocker", "check_chart_point", "check_chart_top", "solution"]

#: How far a distance may be off (in hexes): two decimals are plenty.
TOLERANCE = 0.05


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 03's exercise ``exercise``: a button that reveals it."""
    return _check.solution("03", exercise)


def _as_point(answer: Any) -> tuple[float, float] | None:
    """Read ``(distance, rise)`` from a pair of numbers, else None."""
    if isinstance(answer, str | bytes):
        return None
    try:
        distance, rise = answer
        return float(distance), float(rise)
    except (TypeError, ValueError):
        return None


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE


def check_chart_point(answer: Any, hexmap: HexMap, observer: Any, target: Any,
                      index: int = 0) -> Verdict:
    """Compare ``answer`` = (distance, rise) with chart point number ``index`` (from 0)."""
    record = line_of_sight(hexmap, observer, target)
    p = record.chart_points[index]
    point = _as_point(answer)
    if point is not None and _near(point[0], p.distance) and point[1] == p.rise:
        return say(True, "")
    if point is None:
        return say(False, tr("give the point as a pair of numbers in brackets: "
                             "(distance, rise), e.g. (1.25, 1).",
                             "点要写成括号里的一对数：(距离, 变化值)，例如(1.25, 1)。"))
    d, rise = point
    forward = record.lower == record.observer
    crossing = next((c for c in record.crossings if c.name == p.where), None)
    bare = line_of_sight(without_sight_bonus(hexmap), observer, target).chart_points
    if _near(rise, p.distance) and d == p.rise:
        hint = tr("the two numbers are swapped: the distance along the line first, then the rise.",
                  "两个数写反了：先写沿观察线的距离，再写高程变化值。")
    elif index < len(bare) and _near(d, bare[index].distance) and rise == bare[index].rise \
            and bare[index].where != p.where:
        hint = tr((f"that point is right on bare ground, but L-2 counts {sight_bonus_text()}: "
                   "is there a hex earlier on the line that already reaches this rise?"),
                  f"不计居民地和丛林地时这个点是对的，但L-2要计入{sight_bonus_text()}："
                  "观察线上更早的某一格是否已经达到了这个变化值？")
    elif _near(d, record.length - p.distance):
        hint = tr(("measured from the wrong end: the chart starts at the LOWER unit (L-5), "
                   "and distances run from it."),
                  "量错了端点：观察测量表从低高程单位起算（L-5），距离从它量起。")
    elif crossing is not None and _near(d, crossing.exit if forward else
                                        record.length - crossing.entry):
        hint = tr(("that is where the line LEAVES the hex; the change point is where it first "
                   "enters the hex that reaches the new level."),
                  "这是观察线离开该格的位置；高程变化点是观察线第一次进入达到新等级的那一格的位置。")
    elif _near(d, p.distance):
        hint = tr((f"the distance is right; the rise is the hex's height for sight "
                   f"({sight_bonus_text()}) minus the lower unit's level, "
                   f"{record.lower_level} (L-5)."),
                  f"距离对了；高程变化值是该格的通视高程（{sight_bonus_text()}）减去低高程单位的等级"
                  f"{record.lower_level}（L-5）。")
    elif rise == p.rise:
        hint = tr(("the rise is right; the distance is where the line, walked from the lower "
                   "unit, first enters a hex that reaches that rise (the hex's entry, or "
                   "length − exit if the lower unit is the target)."),
                  "变化值对了；距离是从低高程单位沿观察线走，第一次进入达到该变化值的那一格的位置"
                  "（该格的进入处；低高程单位是目标时，为长度 − 离开处）。")
    else:
        hint = tr(("measure from the LOWER unit (the origin, L-5): walk the line and stop at "
                   "the first hex whose height for sight reaches one level above the lower "
                   f"unit ({sight_bonus_text()}, L-2); the distance is where the line enters it."),
                  "从低高程单位（原点，L-5）量起：沿观察线走，停在第一个通视高程比低高程单位高一级的"
                  f"六角格（{sight_bonus_text()}，L-2）；距离就是观察线进入该格的位置。")
    return say(False, hint)


def check_chart_top(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` = (distance, rise) with the higher unit's chart point (L-5)."""
    record = line_of_sight(hexmap, observer, target)
    distance, rise = record.chart_top
    point = _as_point(answer)
    if point is not None and _near(point[0], distance) and point[1] == rise:
        return say(True, "")
    if point is None:
        return say(False, tr("give the point as a pair of numbers in brackets: (distance, rise).",
                             "点要写成括号里的一对数：(距离, 变化值)。"))
    d, r = point
    hexes = record.observer.distance(record.target)
    if _near(r, distance) and _near(d, rise):
        hint = tr("the two numbers are swapped: the distance along the line first, then the rise.",
                  "两个数写反了：先写沿观察线的距离，再写高程变化值。")
    elif _near(d, distance) and r == rise - 1:
        hint = tr((f"the distance is right; the {word('higher_unit')} is plotted one level "
                   "above its own: its level + 1 − the lower unit's level (L-5)."),
                  f"距离对了；{word('higher_unit')}要比它自己的等级高一级标示："
                  "它的等级 + 1 − 低高程单位的等级（L-5）。")
    elif _near(d, distance):
        hint = tr(("the distance is right; the rise is the higher unit's level + 1 − the lower "
                   "unit's level (L-5)."),
                  "距离对了；变化值是高高程单位的等级 + 1 − 低高程单位的等级（L-5）。")
    elif _near(d, hexes) and not _near(hexes, distance):
        hint = tr((f"{hexes} is the range in hexes (steps); the chart uses the length of the "
                   "straight sight line from centre to centre, which is shorter on a slant."),
                  f"{hexes}是以格计的距离（步数）；观察测量表用的是从格中心到格中心的观察线直线长度，"
                  "斜着走时要短一些。")
    else:
        hint = tr(("the higher unit is plotted at the full length of the sight line (centre to "
                   "centre, in hexes) and at its level + 1 − the lower unit's level (L-5)."),
                  "高高程单位标在观察线的全长处（格中心到格中心，以格为单位），"
                  "高度为它的等级 + 1 − 低高程单位的等级（L-5）。")
    return say(False, hint)


def check_blocker(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` with the hex of the first chart point above the line ('none' if clear)."""
    record = line_of_sight(hexmap, observer, target)
    blockers = record.blocking_points
    expected = blockers[0].where if blockers else "NONE"
    text = as_name(answer)
    if text in ("无", "VISIBLE", "通视", "CLEAR"):
        text = "NONE"
    if text == expected:
        return say(True, "")
    top = record.chart_top[1]
    points = {p.where: p for p in record.chart_points}
    if text is None:
        hint = tr('answer a hex name such as "4563AB", or "none".',
                  '请回答一个六角格坐标，如"4563AB"，或者"none"。')
    elif text == "NONE":
        hint = tr((f"compare every change point with the {word('decision_line')}: at distance d "
                   "it stands at top rise × d ÷ length. Is every point below or on it?"),
                  f"把每个高程变化点和{word('decision_line')}比较：在距离d处，判定直线的高度为"
                  "高高程单位的变化值 × d ÷ 长度。是不是每个点都在线下方或线上？")
    elif text in points and points[text].clear:
        p = points[text]
        hint = tr((f"{text} is a change point, but it lies below the line: there the line stands "
                   f"at {top} × {p.distance:.2f} ÷ {record.length:.2f} = "
                   f"{top * p.distance / record.length:.2f}, above its rise {p.rise}."),
                  f"{text}是一个高程变化点，但它在判定直线下方：那里判定直线的高度为{top} × "
                  f"{p.distance:.2f} ÷ {record.length:.2f} = "
                  f"{top * p.distance / record.length:.2f}，"
                  f"高于它的变化值{p.rise}。")
    elif text in points:
        hint = tr(("that point is above the line, but an earlier one is too: the FIRST point "
                   "above the line, walking from the lower unit, is the one asked for."),
                  "这个点在判定直线上方，但更早的一个点也在上方：要找的是从低高程单位走起，第一个在"
                  "判定直线上方的点。")
    elif expected == "NONE":
        hint = tr(("every change point lies below or on the line here: the answer is \"none\" "
                   "(a point exactly on the line counts as below, L-5 [decision])."),
                  '这里每个高程变化点都在判定直线下方或线上：答案是"none"（恰好落在线上的点算在下方，'
                  "L-5【项目裁定】）。")
    else:
        hint = tr((f"{text} is not a change point of this chart: a change point is where the line "
                   "first reaches a new level above the lower unit (with the L-2 bonus, "
                   f"{sight_bonus_text()}). List them first, then compare each with the line."),
                  f"{text}不是这张表上的高程变化点：高程变化点是观察线第一次达到比低高程单位更高的新等级"
                  f"之处（计入L-2的加级，{sight_bonus_text()}）。先把它们列出来，再逐个和判定直线比较。")
    return say(False, hint)
