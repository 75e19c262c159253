"""Self-check helpers for lesson 01 (the hex map 兵棋地图).

They never decide a rule themselves: the right answer always comes from hexrules
(``HexMap.name_of``, ``Hex.distance``, ``Hex.direction_to``, ``HexMap.has_road`` …); the
helpers only compare it with the reader's answer and return a :class:`~_check.Verdict`
(shown as ✓ or ✗ with a hint that names the likely slip).

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_name("4563ab", m, (1, 0))
✓ Right 正确
>>> check_name("6345AB", m, (1, 0))
✗ Not yet 再想想 — hint 提示: northing and easting swapped: ...
>>> check_distance(None, m, "4563AA", "4563AC")
✗ Not yet 再想想 — hint 提示: give a whole number of hexes ...
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_int, as_name, say, tr, word

from hexrules import DIRECTION_NAMES, HexMap
from hexrules.map.coords import MILITARY_RE

__all__ = ["check_direction", "check_distance", "check_link", "check_name", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 01's exercise ``exercise``: a button that reveals it."""
    return _check.solution("01", exercise)


def check_name(answer: Any, hexmap: HexMap, where: Any) -> Verdict:
    """Compare ``answer`` with the military name (M-2) of ``where`` on ``hexmap``."""
    expected = hexmap.name_of(hexmap.parse(where))
    text = as_name(answer)
    if text == expected:
        return say(True, "")
    north, east, row, col = expected[:2], expected[2:4], expected[4], expected[5]
    if text is None or not MILITARY_RE.match(text):
        return say(False, tr("write the name as text in quotes: 4 digits, then 2 letters, "
                             'e.g. "4563GH" (M-2).',
                             '坐标要写成带引号的文本：4位数字加2位字母，例如"4563GH"（M-2）。'))
    digits, letters = text[:4], text[4:]
    if digits == east + north and north != east:
        return say(False, tr(f"northing and easting swapped: the {word('northing')} comes "
                             f"first, then the {word('easting')} (M-2). Read the horizontal "
                             "grid line's number before the vertical one's.",
                             f"纵坐标和横坐标写反了：先写{word('northing')}，后写{word('easting')}"
                             "（M-2）。先读横向方里网线的号码，再读纵向的。"))
    if digits == north + east and letters == col + row:
        return say(False, tr("the square is right, but the letters are swapped: the first "
                             "letter is the row (counted from the top of the square), the "
                             "second the column (counted from its left) (M-2 [decision]).",
                             "方格对了，但两个字母写反了：第一个字母是行（从方格顶部数起），"
                             "第二个是列（从左边数起）（M-2【项目裁定】）。"))
    if digits != north + east:
        return say(False, tr("the letters are not the problem yet: the 4 digits name the "
                             f"1 km square ({word('km_grid')}) that holds the hex centre. Find "
                             "the dashed grid lines south and west of it and read their "
                             "numbers on the frame, northing first (M-2).",
                             "先别管字母：4位数字表示六角格中心所在的1 km方格（"
                             f"{word('km_grid')}）。找到中心南边和西边的虚线方里网线，在图框上"
                             "读出它们的号码，先读纵坐标（M-2）。"))
    off_row, off_col = ord(letters[0]) - ord(row), ord(letters[1]) - ord(col)
    if abs(off_row) + abs(off_col) == 1:
        which = "row" if off_row else "column"
        return say(False, tr(f"the square is right and you are one {which} off: A is the "
                             f"first {which} whose centres lie inside the square (a hex whose "
                             "centre is just across the grid line belongs to the next square).",
                             f"方格对了，但差了一{'行' if off_row else '列'}：A是中心落在方格内的"
                             f"第一{'行' if off_row else '列'}（中心刚好越过方里网线的六角格属于"
                             "相邻的方格）。"))
    return say(False, tr("the square is right; now count the rows from the top of that square "
                         "(A, B, …) and the hexes of that row from its left (M-2 [decision]).",
                         "方格对了；现在从方格顶部数行（A、B、……），再从该行左边数格（M-2"
                         "【项目裁定】）。"))


def check_distance(answer: Any, hexmap: HexMap, a: Any, b: Any) -> Verdict:
    """Compare ``answer`` with the distance in hexes (M-1) from ``a`` to ``b``."""
    ha, hb = hexmap.parse(a), hexmap.parse(b)
    expected = ha.distance(hb)
    given = as_int(answer)
    if given == expected:
        return say(True, "")
    (ca, ra), (cb, rb) = ha.to_offset(), hb.to_offset()
    if given is None:
        hint = tr("give a whole number of hexes (a number, not text).",
                  "请给出一个整数格数（是数字，不是文本）。")
    elif abs(given - expected) == 1:
        hint = tr("one off: count steps, not hexes. The start hex is 0, its neighbours are 1, "
                  "and the target hex counts as the last step (M-1).",
                  "差了一格：要数步数，不是数格子。出发格是0，它的邻格是1，目标格算最后一步"
                  "（M-1）。")
    elif given == abs(ca - cb) + abs(ra - rb):
        hint = tr("that counts the rows and the columns separately; a slanting step (NE, SE, "
                  "SW, NW) changes the row and covers half a column at once (M-1).",
                  "这是把行数和列数分开相加了；斜走一步（东北、东南、西南、西北）既换一行，"
                  "同时又走了半列（M-1）。")
    else:
        hint = tr("count the steps from hex to hex (M-1): first the slanting steps that climb "
                  "the rows, then the steps along the last row.",
                  "逐格数步数（M-1）：先数跨行的斜步，再数沿最后一行走的步数。")
    return say(False, hint)


def _direction_number(answer: Any) -> int | None:
    """Read 3, '3', 'SE', '3 SE' or '东南' as a direction number 1–6."""
    number = as_int(answer)
    if number is not None:
        return number
    if not isinstance(answer, str):
        return None
    text = str(answer).strip().upper()
    for number, name in enumerate(DIRECTION_NAMES, start=1):
        parts = name.upper().split()  # e.g. ['3', 'SE', '东南']
        if text in parts or text == " ".join(parts[:2]) or text == name.upper():
            return number
    return None


def check_direction(answer: Any, hexmap: HexMap, a: Any, b: Any) -> Verdict:
    """Compare ``answer`` (1–6 or 'NE' …) with the direction from ``a`` to adjacent ``b``."""
    expected = hexmap.parse(a).direction_to(hexmap.parse(b))
    given = _direction_number(answer)
    if given == expected:
        return say(True, "")
    numbers = ", ".join(DIRECTION_NAMES)
    if given is None or not 1 <= given <= 6:
        hint = tr(f"a direction is a number 1–6 (or its letters): {numbers} (M-3).",
                  f"方向是1–6的一个数（或其字母）：{numbers}（M-3）。")
    elif given == (expected + 2) % 6 + 1:
        hint = tr("that is the way back, from the second hex to the first: the direction "
                  "leads from the first hex named to the second.",
                  "这是反方向，从第二格回到第一格：方向是从先说的那一格指向后说的那一格。")
    elif given in (expected % 6 + 1, (expected - 2) % 6 + 1):
        hint = tr(f"one round off: the numbers run clockwise from north-east, {numbers} "
                  "(M-3). Is the neighbour on the row above, the same row, or the row below?",
                  f"转错了一格：编号从东北起按顺时针排列，{numbers}（M-3）。邻格是在上一行、"
                  "同一行，还是下一行？")
    else:
        hint = tr(f"directions are numbered clockwise from north-east (M-3): {numbers}. "
                  "Hexes are pointy-top, so there is no N or S.",
                  f"方向从东北起按顺时针编号（M-3）：{numbers}。六角格尖顶朝上，所以没有正北"
                  "和正南。")
    return say(False, hint)


def check_link(answer: Any, hexmap: HexMap, a: Any, b: Any) -> Verdict:
    """Compare ``answer`` ('road', 'river', 'both' or 'none') with what joins ``a`` and ``b``."""
    ha, hb = hexmap.parse(a), hexmap.parse(b)
    road, river = hexmap.has_road(ha, hb), hexmap.has_river(ha, hb)
    expected = {(True, True): "both", (True, False): "road", (False, True): "river",
                (False, False): "none"}[road, river]
    aliases = {"道路": "road", "线状水系": "river", "河流": "river", "河": "river",
               "都有": "both", "无": "none", "bridge": "both", "桥": "both"}
    text = str(answer).strip().lower() if isinstance(answer, str) else None
    given = aliases.get(text, text)
    if given == expected:
        return say(True, "")
    road_word, river_word = word("road"), word("river")
    if given == "road" and river:
        hint = tr(f"the road is there, but look at the hexside the road crosses: a "
                  f"{river_word} runs along it (M-6).",
                  f"道路是有的，但看看道路穿过的那条格边：有{river_word}沿着它（M-6）。")
    elif given == "river" and road:
        hint = tr(f"the river is there, but a {road_word} also runs from one hex centre to "
                  "the other across it (M-7).",
                  f"河流是有的，但还有一条{road_word}跨过它，从一格中心通到另一格中心（M-7）。")
    elif given == "both":
        hint = tr(f"only one of them is there: follow the {road_word} from centre to centre, "
                  f"then the {river_word} along the hexside. Which one joins these two hexes?",
                  f"只有其中一种：先沿{road_word}从中心到中心看，再沿格边看{river_word}。"
                  "连接这两格的是哪一种？")
    elif given not in ("road", "river", "both", "none"):
        hint = tr('answer with one of the words "road", "river", "both" or "none".',
                  '请用"road"（道路）、"river"（河流）、"both"（都有）或"none"（都没有）之一'
                  "回答。")
    else:
        hint = tr(f"a {road_word} (M-7) is drawn from hex centre to hex centre; a "
                  f"{river_word} (M-6) along the hexside between the two hexes. Look for each "
                  "separately: both can join the same pair of hexes.",
                  f"{road_word}（M-7）画在两格中心之间；{river_word}（M-6）画在两格之间的格边上。"
                  "两者要分别找：同一对六角格可能两者都有。")
    return say(False, hint)
