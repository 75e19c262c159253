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
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_int, say

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
        hint = ("a card never acts in the turn it is drawn: the draw is in the random-event "
                "phase, the last phase of the turn, and the effect comes next turn (§7).")
    elif got == drawn + 2:
        hint = ("two turns is the artillery's delay (A-1), not the cards': the other cards act "
                "in the very next turn (§7).")
    else:
        hint = "drawn in turn n, in its random-event phase (T-4): it acts in turn n + 1 (§7)."
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
        hint = ("weapon lost and immobilised are equal damage, each one step above suppressed: "
                "I steps down to S, not to W (E-4 [decision]).")
    elif got is Result.from_code(table):
        hint = "reactive armour lowers the result one step; it does not cancel nothing (E-4)."
    elif got is Result.NONE and expected is not Result.NONE:
        hint = "one step only: K → W, W → S, I → S, S → no effect (E-4)."
    else:
        hint = ("answer with a result code, 'K', 'W', 'I', 'S' or 'none'; the steps are K → W, "
                "W → S, I → S, S → no effect (E-4).")
    return say(got is expected, hint)


def check_level(answer: Any, state: GameState, order: Order) -> Verdict:
    """Compare ``answer`` with the final attack level of the order's (first) shooter (F-5,
    E-2), as the engine computes it."""
    odds = order_odds(state, order)
    expected = odds.levels[0]
    got = as_int(answer)
    plain = order_odds(state, type(order)(order.fire)).levels[0]  # type: ignore[attr-defined]
    if got == plain:
        hint = "that is the level without the card: fire enhancement adds +2 (E-2, F-5)."
    elif got is not None and expected is not None and got == expected + 2:
        hint = "the +2 is added once, to the one shooter named with enhance= (E-2)."
    else:
        hint = ("read the F-3 standard level at the range, the F-4 height correction, then add "
                "the F-5 modifiers: the card's +2 (E-2); clamp at the table's top level.")
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
        hint = ("that is the chance without the target's reactive armour: with E-4 a K is "
                "lowered to W, and one W on an intact tank does not destroy it (F-10).")
    else:
        hint = ("ask order_odds(state, order).p_destroyed: it counts the E-2 bonus and the "
                "target's E-4, from the same code as the roll.")
    return say(ok, hint)
