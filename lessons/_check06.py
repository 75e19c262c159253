"""Self-check helpers for lesson 06 (artillery 炮兵火力).

They never decide a rule themselves: the right answer always comes from hexrules
(``FirePlan.lands``, ``adjudicate_gun``, ``zone``, ``mission_odds``); the helpers only compare
it with the reader's answer and return a :class:`~_check.Verdict` (shown as ✓ or ✗ with a
hint aimed at the likely mistake).

>>> check_landing_turn(5, 3)
✓ Right 正确
>>> check_landing_turn(4, 3)
✗ Not yet 再想想 — hint 提示: A-1 puts one whole turn *between* calling and landing ...
>>> from hexrules import HexMap
>>> check_attacked_count(19, HexMap.load("training"), "4563RN")
✗ Not yet 再想想 — hint 提示: not every hex of rings 0-2 is attacked: ...
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import _check
from _check import Verdict, as_int, as_name, say, tr

from hexrules import (
    FirePlan,
    Hex,
    HexMap,
    ScriptedDice,
    Unit,
    adjudicate_gun,
    drift,
    mission_odds,
    zone,
)

__all__ = ["check_attacked_count", "check_impact", "check_landing_turn", "check_risk",
           "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 06's exercise ``exercise``: a button that reveals it."""
    return _check.solution("06", exercise)


def check_landing_turn(answer: Any, called: int) -> Verdict:
    """Compare ``answer`` with the turn a fire plan called in turn ``called`` lands (A-1)."""
    expected = FirePlan("red", "155", Hex(0, 0), called=called).lands
    got = as_int(answer)
    if got == called + 1:
        hint = tr(("A-1 puts one whole turn *between* calling and landing (间隔1个回合): the "
                   "turn after the call is the turn in between."),
                  "A-1规定呼叫和到达之间要*间隔*整整一个回合（间隔1个回合）：呼叫之后的那个回合就是"
                  "间隔的回合。")
    elif got == called:
        hint = tr("the fire never lands in the turn it is called: the orders take time (A-1).",
                  "火力从不在呼叫的那个回合到达：命令的下达需要时间（A-1）。")
    else:
        hint = tr("drawn in turn n, the fire lands in the random-event phase of turn n + 2 (A-1).",
                  "第n回合抽到卡，火力在第n + 2回合的随机事件阶段到达（A-1）。")
    return say(got == expected, hint)


def _where(hexmap: HexMap, h: Hex | None) -> str:
    if h is None:
        return "cancelled"
    return hexmap.name_of(h) if h in hexmap else "lost"


def check_impact(answer: Any, hexmap: HexMap, plan: FirePlan, dice: list[int]) -> Verdict:
    """Compare ``answer`` (a military name, 'lost' or 'cancelled') with where one gun's fire
    ends with the scripted ``dice`` (A-2…A-4)."""
    rec = adjudicate_gun(hexmap, plan, 1, [], dice=ScriptedDice(dice))
    expected = _where(hexmap, rec.impact)
    text = as_name(answer) or ""
    if rec.cancelled:
        hint = tr((f"the abnormal-delay die shows {rec.delay_die}: that gun's fire does not "
                   "arrive (A-2)."),
                  f"非正常延迟骰为{rec.delay_die}：这门火炮的火力未到达（A-2）。")
    elif not rec.drifted:
        hint = tr(f"the drift die shows {rec.drift_die}: even lands on the planned hex (A-3).",
                  f"偏移骰为{rec.drift_die}：偶数，落在计划目标格（A-3）。")
    elif text == hexmap.name_of(plan.target):
        hint = tr(f"the drift die shows {rec.drift_die}: odd means the fire drifts (A-3).",
                  f"偏移骰为{rec.drift_die}：奇数表示火力发生偏移（A-3）。")
    elif text in _others(hexmap, plan.target, rec.direction, rec.distance):
        hint = tr(("right distance, wrong direction: the chart numbers clockwise from north-east, "
                   "1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW (M-3)."),
                  "距离对了，方向错了：偏移方向图从东北起按顺时针编号，"
                  "1 东北、2 东、3 东南、4 西南、5 西、6 西北（M-3）。")
    else:
        hint = tr((f"read the dice in order (A-2, A-3, A-4), then move the marker exactly "
                   f"{rec.distance} hexes from the planned hex, one hex at a time in one "
                   "direction; off the map, the fire is 'lost'."),
                  "按顺序读骰点（A-2、A-3、A-4），然后把弹着标识从计划目标格朝一个方向逐格移动，"
                  f"正好{rec.distance}格；偏出地图，火力就'lost'（无效）。")
    return say(text == expected.upper(), hint)


def _others(hexmap: HexMap, target: Hex, direction: int | None, distance: int | None
            ) -> set[str]:
    """Where the marker would stop with the same distance in another direction."""
    out = set()
    for d in range(1, 7):
        h = drift(target, d, distance or 0)
        if d != direction and h in hexmap:
            out.add(hexmap.name_of(h))
    return out


def check_attacked_count(answer: Any, hexmap: HexMap, impact: Any) -> Verdict:
    """Compare ``answer`` with how many hexes a gun landing in ``impact`` attacks (A-5)."""
    h = hexmap.parse(impact)
    expected = sum(z.attacked for z in zone(hexmap, h))
    got = as_int(answer)
    if got == 19 and expected != 19:
        hint = tr(("not every hex of rings 0-2 is attacked: settlement and forest hexes in rings "
                   "1-2 stop the splinters (A-5); take them away."),
                  "0–2环内并非每一格都受到攻击：1–2环内的居民地和丛林地六角格挡住了弹片（A-5）；"
                  "把它们去掉。")
    elif got == 1 and expected != 1:
        hint = tr(("only fire landing *in* a settlement or a forest attacks just its own hex; "
                   "this fire landed in the open (A-5)."),
                  "只有落*在*居民地或丛林地内的火力才只攻击它自己那一格；这次火力落在开阔地上（A-5）。")
    elif got == 7:
        hint = tr("ring 2 (间隔格, the hexes two away) is attacked too: 1 + 6 + 12 hexes (A-5).",
                  "2环（间隔格）也受到攻击：1 + 6 + 12格（A-5）。")
    else:
        hint = tr(("count 1 + 6 + 12 = 19 hexes in rings 0-2, then take away the settlement and "
                   "forest hexes of rings 1-2 (A-5)."),
                  "先数0–2环的1 + 6 + 12 = 19格，再去掉1–2环内的居民地和丛林地六角格（A-5）。")
    return say(got == expected, hint)


def _percent(answer: Any) -> float | None:
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        return float(Fraction(str(answer).strip().rstrip("%").strip()))
    except (ValueError, ZeroDivisionError):
        return None


def check_risk(answer: Any, hexmap: HexMap, plan: FirePlan, unit: Unit) -> Verdict:
    """Compare ``answer`` (a percentage) with the chance that at least one gun of ``plan``
    attacks ``unit``'s hex (A-2…A-5), to the nearest whole percent."""
    odds = mission_odds(hexmap, plan, unit)
    expected = 100 * float(odds.p_attacked)
    got = _percent(answer)
    ok = got is not None and abs(got - expected) <= 0.5
    per_gun = 100 * float(odds.p_attacked_per_gun)
    if got is not None and got <= 1 < expected:
        hint = tr("give a percentage, e.g. 42 for 42 %.",
                  "请给出一个百分数，例如42表示42 %。")
    elif got is not None and abs(got - per_gun) <= 0.5:
        hint = tr((f"that is one gun. The battery has {plan.guns} guns, each rolling its own dice: "
                   "the hex escapes only if every gun misses it, 1 − (1 − p)ⁿ."),
                  f"这是一门火炮的概率。炮兵连有{plan.guns}门火炮，各掷各的骰子：只有每门火炮都没打到，"
                  "这一格才能幸免，1 − (1 − p)ⁿ。")
    else:
        hint = tr(("use mission_odds(m, plan, unit).p_attacked, or: p for one gun is the chance "
                   "that its fire ends within 2 hexes of the unit and is not stopped (A-5)."),
                  "用mission_odds(m, plan, unit).p_attacked；或者：一门火炮的p，"
                  "就是它的火力落在距该单位2格以内、而且没有被挡住的概率（A-5）。")
    return say(ok, hint)
