"""Self-check helpers for lesson 07 (the random event cards 随机事件卡).

They never decide a rule themselves: the right answer always comes from hexrules
(``HeldCard.turn``, ``step_down``, ``order_odds``); the helpers only compare it with the
reader's answer and return a :class:`~_check.Verdict` (✓, or ✗ with a hint aimed at the likely
mistake).

>>> check_card_turn(5, 4)
✓ Right 正确
>>> check_card_turn(4, 4)
✗ Not yet 再想想 — hint 提示: a card never acts in the turn it is drawn: ...
>>> check_step_down("W", "I")
✗ Not yet 再想想 — hint 提示: weapon lost and immobilised are equal damage, each one step ...
>>> from hexrules.language import using
>>> with using("zh"):
...     check_card_turn(4, 4)
✗ 再想想 — 提示：卡在抽到的那一回合从不起作用：...
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_int, say, tr

from hexrules import Result
from hexrules.combat import step_down
from hexrules.game import Card, GameState, HeldCard, Order, order_odds
from hexrules.units import Side

__all__ = ["check_card_turn", "check_destroy_chance", "check_level", "check_step_down",
           "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 07's exercise ``exercise``: a button that reveals it."""
    return _check.solution("07", exercise)


def check_card_turn(answer: Any, drawn: int) -> Verdict:
    """Compare ``answer`` with the turn a card drawn in turn ``drawn`` acts in (§7)."""
    expected = HeldCard(Card.RAPID_RELOAD, Side.RED, drawn).turn
    got = as_int(answer)
    if got == drawn:
        hint = tr("a card never acts in the turn it is drawn: the draw is in the random-event "
                  "phase, the last phase of the turn, and the effect comes next turn (§7).",
                  "卡在抽到的那一回合从不起作用：抽卡在随机事件阶段，即回合的最后一个阶段，"
                  "效果在下一回合才来（§7）。")
    elif got == drawn + 2:
        hint = tr("two turns is the artillery's delay (A-1), not the cards': the other cards "
                  "act in the very next turn (§7).",
                  "间隔两个回合是炮兵火力的延迟（A-1），不是卡的：其他的卡就在紧接着的下一回合"
                  "起作用（§7）。")
    else:
        hint = tr("drawn in turn n, in its random-event phase (T-4): it acts in turn n + 1 (§7).",
                  "在第 n 回合的随机事件阶段（T-4）抽到：它在第 n + 1 回合起作用（§7）。")
    return say(got == expected, hint)


def _result(answer: Any) -> Result | None:
    if isinstance(answer, Result):
        return answer
    if isinstance(answer, str):
        text = answer.strip().upper()
        if text in ("", "NONE", "-", "NO EFFECT", "."):
            return Result.NONE
        try:
            return Result.from_code(text)
        except (KeyError, ValueError):
            return None
    return None


def check_step_down(answer: Any, table: str) -> Verdict:
    """Compare ``answer`` (a result code: 'K', 'W', 'I', 'S' or 'none') with the result the
    reactive-armour card leaves of ``table`` (E-4)."""
    expected = step_down(table)
    got = _result(answer)
    if got is Result.W and expected is Result.S:
        hint = tr("weapon lost and immobilised are equal damage, each one step above "
                  "suppressed: I steps down to S, not to W (E-4 [decision]).",
                  "失火和失动是同等的毁伤，都比压制高一级：失动 I 降为压制 S，而不是失火 W"
                  "（E-4【项目裁定】）。")
    elif got is Result.from_code(table):
        hint = tr("reactive armour lowers the result one step; it does not cancel nothing (E-4).",
                  "反应装甲把战果降低1级，战果不会原样不变（E-4）。")
    elif got is Result.NONE and expected is not Result.NONE:
        hint = tr("one step only: K → W, W → S, I → S, S → no effect (E-4).",
                  "只降1级：歼灭 K → 失火 W，失火 W → 压制 S，"
                  "失动 I → 压制 S，压制 S → 无效（E-4）。")
    else:
        hint = tr("answer with a result code, 'K', 'W', 'I', 'S' or 'none'; the steps are "
                  "K → W, W → S, I → S, S → no effect (E-4).",
                  "用战果代码回答：'K'、'W'、'I'、'S' 或 'none'；降级为 K → W、W → S、I → S、"
                  "S → 无效（E-4）。")
    return say(got is expected, hint)


def check_level(answer: Any, state: GameState, order: Order) -> Verdict:
    """Compare ``answer`` with the final attack level of the order's (first) shooter (F-5,
    E-2), as the engine computes it."""
    odds = order_odds(state, order)
    expected = odds.levels[0]
    got = as_int(answer)
    plain = order_odds(state, type(order)(order.fire)).levels[0]  # type: ignore[attr-defined]
    if got == plain:
        hint = tr("that is the level without the card: fire enhancement adds +2 (E-2, F-5).",
                  "这是不用卡时的攻击等级：火力增强加 +2（E-2、F-5）。")
    elif got is not None and expected is not None and got == expected + 2:
        hint = tr("the +2 is added once, to the one shooter named with enhance= (E-2).",
                  "+2 只加一次，加给用 enhance= 指明的那一个射击单位（E-2）。")
    else:
        hint = tr("read the F-3 standard level at the range, the F-4 height correction, then "
                  "add the F-5 modifiers: the card's +2 (E-2); clamp at the table's top level.",
                  "先查该距离上 F-3 的标准攻击等级，再做 F-4 高度差修正，然后加上 F-5 的其他"
                  "修正：卡的 +2（E-2）；不超过表中的最高等级。")
    return say(got == expected, hint)


def _percent(answer: Any) -> float | None:
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        return float(answer)
    except (TypeError, ValueError):
        return None


def check_destroy_chance(answer: Any, state: GameState, order: Order) -> Verdict:
    """Compare ``answer`` (percent, nearest whole number) with the exact chance that ``order``
    destroys its target in ``state`` (order_odds: the cards included)."""
    p = float(order_odds(state, order).p_destroyed) * 100
    got = _percent(answer)
    ok = got is not None and abs(got - p) <= 0.5
    if got is not None and got > 50:
        hint = tr("that is the chance without the target's reactive armour: with E-4 a K is "
                  "lowered to W, and one W on an intact tank does not destroy it (F-10).",
                  "这是不计目标反应装甲时的概率：有 E-4 时歼灭 K 降为失火 W，而完好的坦克"
                  "挨一个失火 W 不会被歼灭（F-10）。")
    else:
        hint = tr("ask order_odds(state, order).p_destroyed: it counts the E-2 bonus and the "
                  "target's E-4, from the same code as the roll.",
                  "问 order_odds(state, order).p_destroyed：它计入 E-2 的加成和目标的 E-4，"
                  "用的是与掷骰相同的代码。")
    return say(ok, hint)
