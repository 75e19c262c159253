"""Self-check helpers for lesson 01 (the hex map 兵棋地图).

They never decide a rule themselves: the right answer always comes from hexrules
(``HexMap.name_of``, ``Hex.distance``, ``Hex.direction_to``, ``HexMap.has_road`` …); the
helpers only compare it with the reader's answer and return a :class:`~_check.Verdict`
(shown as ✓ or ✗ with a hint).

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_name("4563ab", m, (1, 0))
✓ Right 正确
>>> check_distance(None, m, "4563AA", "4563AC")
✗ Not yet 再想想 — hint 提示: count the steps from hex to hex (M-1); ...
"""

from __future__ import annotations

from typing import Any

from _check import Verdict, as_int, say

from hexrules import DIRECTION_NAMES, HexMap


def check_name(answer: Any, hexmap: HexMap, where: Any) -> Verdict:
    """Compare ``answer`` with the military name (M-2) of ``where`` on ``hexmap``."""
    expected = hexmap.name_of(hexmap.parse(where))
    ok = isinstance(answer, str) and answer.strip().upper() == expected
    return say(ok, "4 digits, then 2 letters (M-2): northing km then easting km of the 1 km "
                    "square that holds the hex centre (look at the dashed kilometre lines), "
                    "then the row letter counted from the top of that square and the column "
                    "letter counted from its left.")


def check_distance(answer: Any, hexmap: HexMap, a: Any, b: Any) -> Verdict:
    """Compare ``answer`` with the distance in hexes (M-1) from ``a`` to ``b``."""
    expected = hexmap.parse(a).distance(hexmap.parse(b))
    ok = as_int(answer) == expected
    return say(ok, "count the steps from hex to hex (M-1); a straight run along a row is "
                    "easy, a slanting one zig-zags but each step still counts 1.")


def _direction_number(answer: Any) -> int | None:
    """Read 3, '3', 'SE', '3 SE' or '东南' as a direction number 1–6."""
    number = as_int(answer)
    if number is not None:
        return number
    if not isinstance(answer, str):
        return None
    text = str(answer).strip().upper()
    for number, label in enumerate(DIRECTION_NAMES, start=1):
        parts = label.upper().split()  # e.g. ['3', 'SE', '东南']
        if text in parts or text == " ".join(parts[:2]) or text == label.upper():
            return number
    return None


def check_direction(answer: Any, hexmap: HexMap, a: Any, b: Any) -> Verdict:
    """Compare ``answer`` (1–6 or 'NE' …) with the direction from ``a`` to adjacent ``b``."""
    expected = hexmap.parse(a).direction_to(hexmap.parse(b))
    ok = _direction_number(answer) == expected
    return say(ok, "directions are numbered clockwise from north-east (M-3): 1 NE, 2 E, "
                    "3 SE, 4 SW, 5 W, 6 NW. Hexes are pointy-top, so there is no N or S.")


def check_link(answer: Any, hexmap: HexMap, a: Any, b: Any) -> Verdict:
    """Compare ``answer`` ('road', 'river', 'both' or 'none') with what joins ``a`` and ``b``."""
    ha, hb = hexmap.parse(a), hexmap.parse(b)
    road, river = hexmap.has_road(ha, hb), hexmap.has_river(ha, hb)
    expected = {(True, True): "both", (True, False): "road", (False, True): "river",
                (False, False): "none"}[road, river]
    aliases = {"道路": "road", "线状水系": "river", "河": "river", "都有": "both", "无": "none"}
    text = str(answer).strip().lower() if isinstance(answer, str) else None
    ok = aliases.get(text, text) == expected
    return say(ok, "a road (道路, M-7) is drawn from hex centre to hex centre; a river "
                    "(线状水系, M-6) is drawn along the hexside between the two hexes. Look "
                    "for each separately: both can join the same pair of hexes.")
