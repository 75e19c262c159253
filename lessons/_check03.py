"""Self-check helpers for lesson 03 (the observation-measurement chart 观察测量表).

They never decide a rule themselves: the right answer always comes from the
:class:`~hexrules.sight.SightRecord` that ``line_of_sight`` returns (``chart_points``,
``chart_top``, ``blocking_points``); the helpers only compare it with the reader's answer
and return a :class:`~_check.Verdict` (shown as ✓ or ✗ with a hint).

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_chart_top((1.0, 3), m, "4563HH", "4563II")
✓ Right 正确
>>> check_blocker("4563II", m, "4563HH", "4563II")
✓ Right 正确
"""

from __future__ import annotations

from typing import Any

from _check import Verdict, say, sight_bonus_text

from hexrules import HexMap, line_of_sight

#: How far a distance may be off (in hexes): two decimals are plenty.
TOLERANCE = 0.05


def _as_point(answer: Any) -> tuple[float, float] | None:
    """Read ``(distance, rise)`` from a pair of numbers, else None."""
    try:
        distance, rise = answer
        return float(distance), float(rise)
    except (TypeError, ValueError):
        return None


def _same_point(answer: Any, distance: float, rise: int) -> bool:
    point = _as_point(answer)
    return point is not None and abs(point[0] - distance) <= TOLERANCE and point[1] == rise


def check_chart_point(answer: Any, hexmap: HexMap, observer: Any, target: Any,
                      index: int = 0) -> Verdict:
    """Compare ``answer`` = (distance, rise) with chart point number ``index`` (from 0)."""
    record = line_of_sight(hexmap, observer, target)
    p = record.chart_points[index]
    return say(
        _same_point(answer, p.distance, p.rise),
        "measure from the LOWER unit (it sits at the origin, L-5): the distance is where "
        "the line enters the first hex that reaches that level (the hex's entry, or "
        "length − exit if the lower unit is the target); the rise is that level minus the "
        f"lower unit's level, with {sight_bonus_text()} (L-2).")


def check_chart_top(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` = (distance, rise) with the higher unit's chart point (L-5)."""
    record = line_of_sight(hexmap, observer, target)
    distance, rise = record.chart_top
    return say(
        _same_point(answer, distance, rise),
        "the higher unit is plotted at the full length of the sight line (centre to centre, "
        "in hexes) and at its level + 1 − the lower unit's level (L-5).")


def check_blocker(answer: Any, hexmap: HexMap, observer: Any, target: Any) -> Verdict:
    """Compare ``answer`` with the hex of the first chart point above the line ('none' if clear)."""
    record = line_of_sight(hexmap, observer, target)
    blockers = record.blocking_points
    expected = blockers[0].where if blockers else "NONE"
    text = answer.strip().upper() if isinstance(answer, str) else None
    if text in ("无", "VISIBLE", "通视"):
        text = "NONE"
    return say(text == expected,
                "for each chart point compare its rise with the height of the chart line at "
                "its distance: top rise × distance ÷ length. The first point above the line "
                "blocks; a point exactly on the line counts as below (L-5 [decision]).")
