"""Self-check helpers for lesson 09 (real ground: maps from a DEM, hex sight against terrain
sight).

They never decide anything themselves: the right answer always comes from hexrules
(``quantise``, ``utm_epsg``, a ``Comparison``), and the helpers only compare it with the
reader's answer and return a :class:`~_check.Verdict` (shown as ✓ or ✗ with a hint aimed at the
likely mistake).

>>> check_level(12, 463.2, 10, 340)
✓ Right 正确
>>> check_level(13, 467.8, 10, 340)
✗ Not yet 再想想 — hint 提示: a level is a band between two contour lines: \
floor((467.8 − 340) / 10), not rounded to the nearest level.
>>> check_epsg(32650, 116.39, 39.91)
✓ Right 正确
>>> from hexrules.language import using
>>> with using("zh"):
...     check_level(13, 467.8, 10, 340)
✗ 再想想 — 提示：高程等级是两条等高线之间的一条带：floor((467.8 − 340) / 10)，...
"""

from __future__ import annotations

import math
from typing import Any

import _check
import numpy as np
from _check import Verdict, as_int, say, tr

from hexrules.mapmaking import quantise, utm_epsg

__all__ = ["check_epsg", "check_level", "check_share", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 09's exercise ``exercise``: a button that reveals it."""
    return _check.solution("09", exercise)


def check_level(answer: Any, height_m: float, metres_per_level: float,
                base_m: float) -> Verdict:
    """Compare ``answer`` with the level :func:`hexrules.mapmaking.quantise` gives."""
    levels, _ = quantise(np.array([[height_m]]), metres_per_level, base_height=base_m)
    expected = int(levels[0, 0])
    got = as_int(answer)
    rounded = round((height_m - base_m) / metres_per_level)
    if got is not None and got == rounded != expected:
        formula = f"floor(({height_m:g} − {base_m:g}) / {metres_per_level:g})"
        hint = tr(f"a level is a band between two contour lines: {formula}, not rounded to "
                  "the nearest level.",
                  f"高程等级是两条等高线之间的一条带：{formula}，"
                  "不是四舍五入到最近的等级。")
    elif got is not None and got == math.floor(height_m / metres_per_level):
        hint = tr(f"count from the base height {base_m:g} m (level 0), not from sea level.",
                  f"从基准高度 {base_m:g} m（等级 0）算起，不是从海平面算起。")
    else:
        hint = tr(f"subtract the base height {base_m:g} m, divide by {metres_per_level:g} m "
                  "per level and round down (M-4).",
                  f"减去基准高度 {base_m:g} m，除以每级 {metres_per_level:g} m，"
                  "再向下取整（M-4）。")
    return say(got == expected, hint)


def check_epsg(answer: Any, lon: float, lat: float) -> Verdict:
    """Compare ``answer`` with the EPSG code of the UTM zone of ``(lon, lat)``."""
    expected = utm_epsg(lon, lat)
    got = as_int(answer)
    zone = expected % 100
    if got is not None and got % 100 == zone and got != expected:
        hint = tr("right zone, wrong hemisphere: 326zz is north of the equator, 327zz south.",
                  "投影带对了，半球错了：326zz 在赤道以北，327zz 在赤道以南。")
    elif got is not None and got in (expected - 1, expected + 1):
        hint = tr("zones are 6° wide counted from 180° W: zone = floor((lon + 180) / 6) + 1; "
                  "check the rounding.",
                  "投影带宽 6°，从西经 180° 起算：zone = floor((lon + 180) / 6) + 1；"
                  "检查取整。")
    else:
        hint = tr("UTM zone = floor((lon + 180) / 6) + 1; north of the equator the EPSG code "
                  "of WGS 84 / UTM is 32600 + zone.",
                  "UTM 投影带 zone = floor((lon + 180) / 6) + 1；在赤道以北，"
                  "WGS 84 / UTM 的 EPSG 代码是 32600 + zone。")
    return say(got == expected, hint)


def check_share(answer: Any, comparison: Any, which: str = "raster_only") -> Verdict:
    """Compare a percentage ``answer`` with a comparison's share of ``which`` hexes."""
    counts = comparison.confusion
    expected = 100 * counts[which] / sum(counts.values())
    try:
        got = float(str(answer).strip().rstrip("%"))
    except (TypeError, ValueError):
        got = None
    total = sum(counts.values())
    hint = tr(f"take the {which.replace('_', ' ')} count from the confusion matrix and divide "
              f"by all {total} hexes, as a percentage.",
              f"从混淆矩阵中取 {which} 的格数，除以全部 {total} 个六角格，"
              "写成百分数。")
    if got is not None and abs(got - expected / 100) < 0.005:
        hint = tr("that is a fraction: give it as a percentage (× 100).",
                  "这是一个小数：请写成百分数（× 100）。")
    return say(got is not None and abs(got - expected) < 0.5, hint)
