"""Self-check helpers for lesson 10 (the squad game 班组级步兵推演).

They never decide a rule themselves: the right answer always comes from
:mod:`hexrules.variants.squad` (:func:`detectability`, :func:`detect`, :func:`attack_odds`),
and the helpers only compare it with the reader's answer and return a
:class:`~_check.Verdict` whose hint names the likely slip (the cover or the vegetation
forgotten, the plain distance used instead of the front hex's, the range factor or the
engage-on-sight penalty left out, a single die where the attack opens fire). Every number a
hint quotes is read from the variant's data file (:func:`load_rules`).

>>> from hexrules.map import Hex, HexMap
>>> from hexrules.variants.squad import SquadGround, Team
>>> g = SquadGround(HexMap.flat(10, 5))
>>> check_detectability(17, g, Team("R1", "red", "three_man", Hex(2, 2), posture="upright"))
✓ Right 正确
>>> check_detectability(15, g, Team("R1", "red", "three_man", Hex(2, 2), posture="upright"))
✗ Not yet 再想想 — hint 提示: add the posture's modifier: upright is +2 (Q-7).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import _check
from _check import Verdict, as_int, say

from hexrules.variants.squad import (
    Team,
    actual_defence,
    actual_distance,
    attack_odds,
    attack_value,
    detect,
    detectability,
    front_hex,
    range_factor,
)
from hexrules.variants.squad.attack import actual_attack

__all__ = ["check_attack_value", "check_detectability", "check_detects", "check_hit_chance",
           "check_stopped", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 10's exercise ``exercise``: a button that reveals it."""
    return _check.solution("10", exercise)


def check_detectability(answer: Any, ground: Any, target: Team) -> Verdict:
    """Compare ``answer`` with D′ of ``target`` (Q-13: D + posture + terrain, −1 on cover)."""
    expected = detectability(ground, target)
    given = as_int(answer)
    if given == expected:
        return say(True, "")
    r = ground.rules
    base = target.type(r).detectability
    posture = r.postures[target.posture.value].detectability
    terrain = ground.terrain(target.hex).detectability
    cover = r.cover_detectability if ground.has_cover(target.hex) else 0
    if given is None:
        hint = "give a whole number of hexes."
    elif given == expected - posture and posture:
        hint = (f"add the posture's modifier: {target.posture.value} is {posture:+d} "
                "(Q-7).")
    elif given == expected - terrain and terrain:
        hint = f"the terrain counts too: {ground.terrain(target.hex).label} is {terrain:+d} (Q-3)."
    elif given == expected - cover and cover:
        hint = f"the cover marker (掩体) lowers detectability by {-cover} (Q-13)."
    elif given == base:
        hint = "start from the type's D, then add posture, terrain and cover (Q-13)."
    else:
        hint = "D′ = D + posture + terrain, and −1 if the hex has cover (Q-13)."
    return say(False, hint)


def check_detects(answer: Any, ground: Any, observer: Team, target: Team) -> Verdict:
    """Compare ``answer`` (True/False) with whether ``observer`` detects ``target`` (Q-13)."""
    rec = detect(ground, observer, target)
    if isinstance(answer, bool) and answer == rec.detected:
        return say(True, "")
    if not isinstance(answer, bool):
        return say(False, "answer True or False.")
    d = front_hex(observer).distance(target.hex)
    plain = observer.hex.distance(target.hex)
    dd = detectability(ground, target)
    if rec.detected:
        hint = (f"measure from the front hex (前一格): d = {d}, not {plain}; it is within both "
                "R′ and D′ (Q-13).")
    elif d > dd:
        hint = (f"both ranges must reach (Q-13 [decision]): d = {d} is within R′, but the "
                f"target's detectability D′ is only {dd}.")
    else:
        hint = "check the arc of the target (Q-8): a flank costs 3 of R, the rear 6."
    return say(False, hint)


def _as_fraction(answer: Any) -> Fraction | None:
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        if isinstance(answer, float):
            return Fraction(answer).limit_denominator(1296)
        return Fraction(str(answer).strip())
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def check_attack_value(answer: Any, ground: Any, attackers: list[Team], target: Team, *,
                       kind: str = "planned") -> Verdict:
    """Compare ``answer`` with the attack value A of Q-20 (from :func:`attack_odds`)."""
    expected = attack_odds(ground, attackers, target, opens_fire=False, kind=kind).a
    given = as_int(answer)
    if given == expected:
        return say(True, "")
    r = ground.rules
    dfn = actual_defence(r, target)
    trig = kind == "triggered"

    def total(*, cover: bool = True, c: bool = True, penalty: bool = True) -> Fraction:
        out = Fraction(0)
        for u in attackers:
            d = actual_distance(ground, u, target.hex)
            if not cover and ground.has_cover(target.hex):
                d -= r.cover_distance
            out += actual_attack(r, u, triggered=trig and penalty) * (
                range_factor(r, d) if c else 1)
        return out

    if given is None:
        hint = "give A, a whole number (⌊total ÷ actual defence⌋, at least 1)."
    elif given == attack_value(total(cover=False), dfn):
        hint = f"the target's cover adds {r.cover_distance} to the actual distance (Q-17)."
    elif given == attack_value(total(c=False), dfn):
        hint = (f"beyond an actual distance of {r.full_range} each attacker's actual attack is "
                f"multiplied by c = {r.full_range} ÷ distance (Q-19).")
    elif trig and given == attack_value(total(penalty=False), dfn):
        hint = f"a triggered attack (engage on sight) is made at × {r.engage_penalty} (Q-24)."
    elif given == attack_value(total(), int(target.defence)):
        hint = "divide by the *actual* defence: current defence + the posture's (Q-20)."
    else:
        hint = ("work each attacker: (attack + posture) × current ÷ theoretical defence, × c; "
                "add them; divide by the target's actual defence; round down (Q-18…Q-20).")
    return say(False, hint)


def check_hit_chance(answer: Any, ground: Any, attackers: list[Team], target: Team, *,
                     opens_fire: bool) -> Verdict:
    """Compare ``answer`` (a fraction like ``"5/9"`` or a decimal) with the exact chance of a
    hit from :func:`attack_odds`."""
    odds = attack_odds(ground, attackers, target, opens_fire=opens_fire)
    given = _as_fraction(answer)
    if given is not None and abs(given - odds.hit) < Fraction(1, 200):
        return say(True, "")
    a = odds.a or 1
    one = Fraction(min(a, 6), 6)
    if given is None:
        hint = "give a fraction such as \"1/2\" or a decimal such as 0.5."
    elif opens_fire and given == one:
        hint = ("the attack opens fire (主动开火): two dice, keep the lower, so it misses only "
                "if both dice miss (Q-21).")
    elif opens_fire and given == 1 - (1 - one) * (1 - one) * (1 - one):
        hint = "two dice, not three (Q-21)."
    else:
        hint = f"first find A (here {a}); one die hits on 1…A (Q-21)."
    return say(False, hint)


def check_stopped(answer: Any, record: Any, state: Any) -> Verdict:
    """Compare ``answer`` (a list of team ids) with the teams whose standing order stopped
    them in the movement phase of ``record`` (its Q-10 steps, written by the referee)."""
    expected = sorted({st.title.split()[-1] for st in record.steps if st.rule == "Q-10"})
    if not isinstance(answer, list | tuple | set) or not all(isinstance(a, str) for a in answer):
        return say(False, 'answer a list of team ids, e.g. ["R1"] (or [] for none).')
    given = sorted({a.strip().upper() for a in answer})
    if given == expected:
        return say(True, "")
    orders = {t.id: t.order.value for t in state.teams}
    extra = [i for i in given if i not in expected]
    missing = [i for i in expected if i not in given]
    if any(orders.get(i) == "covert" for i in extra):
        hint = ("a team on covert approach (隐蔽接敌) does not react: it completes its "
                "actions (Q-10).")
    elif any(orders.get(i) == "search" for i in missing):
        hint = ("search and reconnoitre (搜索侦察) stops at the first check where it detects "
                "an enemy, and takes its contact posture (Q-10).")
    elif any(orders.get(i) == "engage" for i in missing):
        hint = ("engage on sight (见敌必战) stops and attacks as soon as a detected enemy is "
                "within its attack range (Q-10, Q-24).")
    else:
        hint = "look at each team's standing order and at when it first detects B1 (Q-10)."
    return say(False, hint)
