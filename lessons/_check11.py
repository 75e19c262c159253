"""Self-check helpers for lesson 11 (Prokhorovka 1943 普罗霍夫卡, Appendix B).

They never decide a rule themselves: the right answer always comes from
``hexrules.variants.prokhorovka`` (``hit_part``, ``call_odds``, ``mortar_vehicle``,
``infantry_casualties``); the helpers only compare it with the reader's answer and return a
:class:`~_check.Verdict` with a hint aimed at the likely slip.

>>> from hexrules.grid import Square
>>> check_hit_part("front", "Tiger I", Square(10, 10), 2, Square(13, 7))
✓ Right 正确
>>> check_hit_part("side", "Tiger I", Square(10, 10), 2, Square(13, 7))
✗ Not yet 再想想 — hint 提示: exactly on the 45° line ...
>>> from hexrules.language import using
>>> with using("zh"):
...     check_hit_part("side", "Tiger I", Square(10, 10), 2, Square(13, 7))
✗ 再想想 — 提示：恰好在 45°（或 135°）线上...
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import _check
from _check import Verdict, say, tr

from hexrules.grid import Square
from hexrules.variants.prokhorovka import load_rules
from hexrules.variants.prokhorovka.fire import hit_part, infantry_casualties
from hexrules.variants.prokhorovka.mortar import call_odds, mortar_vehicle

__all__ = ["check_casualties", "check_hit_part", "check_kill_chance", "kill_chance",
           "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 11's exercise ``exercise``: a button that reveals it."""
    return _check.solution("11", exercise)


def check_hit_part(answer: Any, vehicle: str, target: Square, facing: int,
                   firer: Square) -> Verdict:
    """Compare ``answer`` ('front', 'side' or 'rear') with the part a shot from ``firer``
    hits on ``vehicle`` in ``target`` facing ``facing`` (P-14)."""
    rules = load_rules()
    expected, step = hit_part(rules.vehicles[vehicle], target, facing, firer)
    got = answer.strip().lower() if isinstance(answer, str) else None
    if got not in ("front", "side", "rear"):
        hint = tr("answer with one of 'front', 'side', 'rear' (P-14).",
                  "回答 'front'（正面）、'side'（侧面）或 'rear'（后面）之一（P-14）。")
    elif "exactly" in step.note:
        hint = tr("exactly on the 45° line (or 135°) neither arc wins: the thicker plate is "
                  "hit (P-14).",
                  "恰好在 45°（或 135°）线上，两个部位都不占先：命中较厚的那块装甲"
                  "（P-14）。")
    else:
        hint = tr("measure the firer's bearing from the target against the target's facing: "
                  "within 45° front, beyond 135° rear, between side (P-14).",
                  "量射击方相对目标的方位，与目标的朝向比较：45° 以内为正面，"
                  "超过 135° 为后面，其间为侧面（P-14）。")
    return say(got == expected, hint)


def kill_chance(vehicle: str, defence: Fraction = Fraction(0)) -> Fraction:
    """The exact chance that one call aimed at a ``vehicle``'s square destroys it (P-17):
    the distribution of rounds on square 5 from ``call_odds``, through ``mortar_vehicle``."""
    rules = load_rules()
    v = rules.vehicles[vehicle]
    return sum((p for k, p in call_odds(rules, 5).items()
                if k and mortar_vehicle(rules, v, k, defence=(("ground", defence),))["effect"]
                == "destroyed"), Fraction(0))


def _number(answer: Any) -> Fraction | None:
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        return Fraction(str(answer).strip()) if isinstance(answer, str) else Fraction(answer)
    except (ValueError, TypeError, ZeroDivisionError):
        return None


def check_kill_chance(answer: Any, vehicle: str, defence: Fraction = Fraction(0)) -> Verdict:
    """Compare ``answer`` (a fraction such as ``"3/4"`` or a decimal within 0.0005) with the
    exact chance that one mortar call aimed at it destroys ``vehicle`` (P-17)."""
    expected = kill_chance(vehicle, defence)
    got = _number(answer)
    ok = got is not None and (got == expected or abs(got - expected) <= Fraction(5, 10000))
    any_round = 1 - Fraction(3, 4) ** 6
    if got is not None and abs(got - any_round) <= Fraction(5, 10000):
        hint = tr("that is the chance of at least one round: with n = 1 a single round gives "
                  "C = 60 − 64 < 0, only a stun; count the case n = 1 apart (P-17).",
                  "这是至少落一发的概率：n = 1 时一发炮弹得 C = 60 − 64 < 0，"
                  "只是震晕；n = 1 的情况要单独算（P-17）。")
    elif got is not None and abs(got - Fraction(1, 4)) <= Fraction(5, 10000):
        hint = tr("1/4 is one tube's chance of square 5; a call has six tubes (P-17).",
                  "1/4 是一门炮落在第5格的概率；一次呼叫有六门炮（P-17）。")
    else:
        hint = tr("split on n: for n ≥ 2 one tube on square 5 is enough; for n = 1 two tubes "
                  "must land there. Each tube lands on 5 with chance 1/4 (P-17).",
                  "按 n 分情况：n ≥ 2 时一门炮落在第5格就够了；n = 1 时要两门炮落在那里。"
                  "每门炮落在第5格的概率是 1/4（P-17）。")
    return say(ok, hint)


def check_casualties(answer: Any, c: int, defence: tuple[tuple[str, Fraction], ...],
                     fire: tuple[tuple[str, Fraction], ...] = ()) -> Verdict:
    """Compare ``answer`` (killed, wounded) with P-12's normal fire B at casualty die ``c``."""
    rec = infantry_casualties(load_rules(), c=c, mode="normal", target="target", fire=fire,
                              defence=defence)
    expected = (rec["killed"], rec["wounded"])
    got = tuple(answer) if isinstance(answer, tuple | list) else None
    bare = infantry_casualties(load_rules(), c=c, mode="normal", target="target")
    if got == (bare["killed"], bare["wounded"]) and got != expected:
        hint = tr("the target's defence modifiers divide x: 1 + the terrain + the trench "
                  "(P-12, P-19).",
                  "目标的防御修正要除 x：1 + 地形 + 战壕（P-12、P-19）。")
    elif got is not None and len(got) == 2 and got[0] == int(rec["x"]):
        hint = tr("the killed are x rounded half up, not truncated (P-12).",
                  "阵亡人数是 x 四舍五入，不是舍去小数（P-12）。")
    else:
        hint = tr("x = 20 % × (1 + c) × (1 + fire) ÷ (1 + defence), exactly; killed = x "
                  "rounded half up, 1 wounded if the fraction is strictly between 0 and ½ "
                  "(P-12).",
                  "x = 20 % × (1 + c) × (1 + 火力修正) ÷ (1 + 防御修正)，精确计算；"
                  "阵亡 = x 四舍五入，小数部分严格在 0 与 ½ 之间时受伤 1 人（P-12）。")
    return say(got == expected, hint)
