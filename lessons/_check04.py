"""Self-check helpers for lesson 04 (direct fire).

They never decide a rule themselves: the right answer always comes from hexrules, and the
helpers only compare it with the reader's answer and return a
:class:`~_check.Verdict` (shown as ✓ or ✗ with a hint).

>>> check_level(9, 12)
✓ Right 正确
>>> check_shooters(3, {1: 0.25, 2: 0.44, 3: 0.58}, 0.40)
✗ Not yet 再想想 — hint 提示: look at the exact P(destroyed) for each N in the table above.
"""

from __future__ import annotations

from typing import Any

from _check import Verdict, as_int, say

from hexrules import adjudicate_fire, final_attack_level, load_tables
from hexrules.dice import ScriptedDice
from hexrules.units import Result


def check_level(answer: Any, distance: int, height_difference: int = 0, **kwargs: Any) -> Verdict:
    """Compare ``answer`` with :func:`hexrules.combat.fire.final_attack_level`."""
    expected = final_attack_level(distance, height_difference, **kwargs)
    ok = as_int(answer) == expected
    clamp = load_tables().modifiers.clamp
    return say(ok, "start from F-3 (range band), subtract the F-4 cell (Δlevel row, range "
                    f"column), add the F-5 modifiers, then clamp to {clamp}.")


def _as_result(answer: Any) -> Result | None:
    if isinstance(answer, Result):
        return answer
    text = str(answer).strip().upper()
    aliases = {"NONE": ".", "NO EFFECT": ".", "·": ".", "": ".", "无效": ".", "压制": "S",
               "失火": "W", "失动": "I", "歼灭": "K"}
    text = aliases.get(text, text)
    try:
        return Result.from_code(text)
    except ValueError:
        return None


def check_result(answer: Any, hexmap: Any, shooter: Any, target: Any, dice: list[int],
                 **kwargs: Any) -> Verdict:
    """Adjudicate with scripted ``dice`` and compare ``answer`` ('K', 'S', '.', …)."""
    record = adjudicate_fire(hexmap, shooter, target, dice=ScriptedDice(dice), **kwargs)
    ok = _as_result(answer) is record.result
    armour = load_tables().combat_results.armour[load_tables().units.armour_of(target)]
    return say(ok, "read F-6 with the dice sum and the final level; then F-7: does a die show "
                    "a face that the target's terrain turns into S? then F-8: is the armour "
                    f"die ≤ {armour}?")


def check_shooters(answer: Any, p_by_n: dict[int, Any], goal: float) -> Verdict:
    """Compare ``answer`` with the smallest N whose exact kill chance reaches ``goal``."""
    expected = min((n for n, p in p_by_n.items() if float(p) >= goal - 1e-12), default=None)
    ok = as_int(answer) == expected
    return say(ok, "look at the exact P(destroyed) for each N in the table above.")
