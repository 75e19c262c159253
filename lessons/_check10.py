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
>>> from hexrules.language import using
>>> with using("zh"):
...     check_detectability(15, g, Team("R1", "red", "three_man", Hex(2, 2), posture="upright"))
✗ 再想想 — 提示：加上姿态的修正：立姿为 +2（Q-7）。
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import _check
from _check import Verdict, as_int, say, tr

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
        hint = tr("give a whole number of hexes.", "回答一个整数（格数）。")
    elif given == expected - posture and posture:
        zh = r.postures[target.posture.value].zh
        hint = tr(f"add the posture's modifier: {target.posture.value} is {posture:+d} (Q-7).",
                  f"加上姿态的修正：{zh}为 {posture:+d}（Q-7）。")
    elif given == expected - terrain and terrain:
        info = ground.terrain(target.hex)
        hint = tr(f"the terrain counts too: {info.label} is {terrain:+d} (Q-3).",
                  f"地形也要算：{info.zh}为 {terrain:+d}（Q-3）。")
    elif given == expected - cover and cover:
        hint = tr(f"the cover marker (掩体) lowers detectability by {-cover} (Q-13).",
                  f"掩体使被侦察范围减少 {-cover}（Q-13）。")
    elif given == base:
        hint = tr("start from the type's D, then add posture, terrain and cover (Q-13).",
                  "从兵种的 D 开始，再加上姿态、地形和掩体（Q-13）。")
    else:
        hint = tr("D′ = D + posture + terrain, and −1 if the hex has cover (Q-13).",
                  "D′ = D + 姿态 + 地形，有掩体的格再 −1（Q-13）。")
    return say(False, hint)


def check_detects(answer: Any, ground: Any, observer: Team, target: Team) -> Verdict:
    """Compare ``answer`` (True/False) with whether ``observer`` detects ``target`` (Q-13)."""
    rec = detect(ground, observer, target)
    if isinstance(answer, bool) and answer == rec.detected:
        return say(True, "")
    if not isinstance(answer, bool):
        return say(False, tr("answer True or False.", "回答 True 或 False。"))
    d = front_hex(observer).distance(target.hex)
    plain = observer.hex.distance(target.hex)
    dd = detectability(ground, target)
    if rec.detected:
        hint = tr(f"measure from the front hex (前一格): d = {d}, not {plain}; it is within "
                  "both R′ and D′ (Q-13).",
                  f"从前一格量起：d = {d}，不是 {plain}；它同时在 R′ 和 D′ 以内"
                  "（Q-13）。")
    elif d > dd:
        hint = tr(f"both ranges must reach (Q-13 [decision]): d = {d} is within R′, but the "
                  f"target's detectability D′ is only {dd}.",
                  f"两个范围都要够得着（Q-13【项目裁定】）：d = {d} 在 R′ 以内，"
                  f"但目标的被侦察范围 D′ 只有 {dd}。")
    else:
        hint = tr("check the arc of the target (Q-8): a flank costs 3 of R, the rear 6.",
                  "检查目标所在的扇区（Q-8）：侧方使 R 减 3，后方减 6。")
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
        hint = tr("give A, a whole number (⌊total ÷ actual defence⌋, at least 1).",
                  "回答 A，一个整数（⌊总攻击值 ÷ 实际防御值⌋，最小为 1）。")
    elif given == attack_value(total(cover=False), dfn):
        hint = tr(f"the target's cover adds {r.cover_distance} to the actual distance (Q-17).",
                  f"目标的掩体使实际距离增加 {r.cover_distance}（Q-17）。")
    elif given == attack_value(total(c=False), dfn):
        full = r.full_range
        hint = tr(f"beyond an actual distance of {full} each attacker's actual attack is "
                  f"multiplied by c = {full} ÷ distance (Q-19).",
                  f"实际距离大于 {full} 时，每个攻击单位的实际攻击力要乘以"
                  f" c = {full} ÷ 实际距离（Q-19）。")
    elif trig and given == attack_value(total(penalty=False), dfn):
        pen = r.engage_penalty
        hint = tr(f"a triggered attack (engage on sight) is made at × {pen} (Q-24).",
                  f"触发的攻击（见敌必战）按 × {pen} 计算（Q-24）。")
    elif given == attack_value(total(), int(target.defence)):
        hint = tr("divide by the *actual* defence: current defence + the posture's (Q-20).",
                  "除以*实际*防御值：当前防御值 + 姿态的修正（Q-20）。")
    else:
        hint = tr("work each attacker: (attack + posture) × current ÷ theoretical defence, × c; "
                  "add them; divide by the target's actual defence; round down (Q-18…Q-20).",
                  "逐个计算攻击单位：（攻击力 + 姿态）× 当前防御值 ÷ 理论防御值，× c；"
                  "求和；除以目标的实际防御值；向下取整（Q-18…Q-20）。")
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
        hint = tr("give a fraction such as \"1/2\" or a decimal such as 0.5.",
                  "回答一个分数，例如 \"1/2\"，或一个小数，例如 0.5。")
    elif opens_fire and given == one:
        hint = tr("the attack opens fire (主动开火): two dice, keep the lower, so it misses "
                  "only if both dice miss (Q-21).",
                  "这次攻击是主动开火：掷两枚骰子，取较小的一枚，所以只有两枚都不中"
                  "才算无效（Q-21）。")
    elif opens_fire and given == 1 - (1 - one) * (1 - one) * (1 - one):
        hint = tr("two dice, not three (Q-21).", "两枚骰子，不是三枚（Q-21）。")
    else:
        hint = tr(f"first find A (here {a}); one die hits on 1…A (Q-21).",
                  f"先求出 A（这里是 {a}）；一枚骰子掷出 1…A 即攻击有效（Q-21）。")
    return say(False, hint)


def check_stopped(answer: Any, record: Any, state: Any) -> Verdict:
    """Compare ``answer`` (a list of team ids) with the teams whose standing order stopped
    them in the movement phase of ``record`` (its Q-10 steps, written by the referee)."""
    expected = sorted({st.title.split()[-1] for st in record.steps if st.rule == "Q-10"})
    if not isinstance(answer, list | tuple | set) or not all(isinstance(a, str) for a in answer):
        return say(False, tr('answer a list of team ids, e.g. ["R1"] (or [] for none).',
                             '用编组编号的列表回答，例如 ["R1"]（一个也没有就写 []）。'))
    given = sorted({a.strip().upper() for a in answer})
    if given == expected:
        return say(True, "")
    orders = {t.id: t.order.value for t in state.teams}
    extra = [i for i in given if i not in expected]
    missing = [i for i in expected if i not in given]
    if any(orders.get(i) == "covert" for i in extra):
        hint = tr("a team on covert approach (隐蔽接敌) does not react: it completes its "
                  "actions (Q-10).",
                  "隐蔽接敌的编组发现敌人时不作反应：它继续完成当前动作（Q-10）。")
    elif any(orders.get(i) == "search" for i in missing):
        hint = tr("search and reconnoitre (搜索侦察) stops at the first check where it "
                  "detects an enemy, and takes its contact posture (Q-10).",
                  "搜索侦察的编组在第一次侦察到敌人的侦察结算时停止移动，"
                  "并换成接敌姿态（Q-10）。")
    elif any(orders.get(i) == "engage" for i in missing):
        hint = tr("engage on sight (见敌必战) stops and attacks as soon as a detected enemy "
                  "is within its attack range (Q-10, Q-24).",
                  "见敌必战的编组一旦有侦察到的敌人进入攻击范围，就停下来攻击"
                  "（Q-10、Q-24）。")
    else:
        hint = tr("look at each team's standing order and at when it first detects B1 (Q-10).",
                  "看每个编组的作战指令，以及它第一次侦察到 B1 的时机（Q-10）。")
    return say(False, hint)
