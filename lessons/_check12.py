"""Self-check helpers for lesson 12 (three designs side by side 三种设计).

They never decide a rule themselves: the right answer always comes from the games' own
exact-odds code (``hexrules.combat.odds.shot_distribution``,
``hexrules.variants.squad.attack_odds``, ``hexrules.variants.prokhorovka.mortar
.scatter_odds``); the helpers only compare it with the reader's answer and return a
:class:`~_check.Verdict` with a hint aimed at the likely slip.

>>> check_scatter_row("73/108", (4, 5, 6))
✓ Right 正确
>>> check_scatter_row("1/4", (4, 5, 6))
✗ Not yet 再想想 — hint 提示: 1/4 is the aim square alone...
>>> from hexrules.language import using
>>> with using("zh"):
...     check_scatter_row("1/4", (4, 5, 6))
✗ 再想想 — 提示：1/4 只是指定格本身...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import _check
from _check import Verdict, say, tr
from _check11 import _number  # an exact fraction from "3/4", 0.75 or Fraction(3, 4)

from hexrules.combat.odds import shot_distribution
from hexrules.units import Result
from hexrules.variants.prokhorovka import load_rules
from hexrules.variants.prokhorovka.mortar import scatter_odds
from hexrules.variants.squad import SquadGround, Team, attack_odds

__all__ = ["check_scatter_row", "check_squad_hit", "check_tank_kill", "check_untouched",
           "solution"]

GAMES = ("tank", "squad", "prokhorovka")


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 12's exercise ``exercise``: a button that reveals it."""
    return _check.solution("12", exercise)


def _close(got: Fraction | None, expected: Fraction) -> bool:
    return got is not None and (got == expected or abs(got - expected) <= Fraction(5, 10000))


def check_untouched(answer: Any, attacks: Mapping[str, Mapping[str, Fraction]]) -> Verdict:
    """Compare ``answer`` with the game whose attack has the highest chance of no effect;
    ``attacks`` are the lesson's exact distributions (outcome label → chance), each computed
    by its game's own odds code."""
    untouched = {g: attacks[g].get(Result.NONE.label, Fraction(0)) for g in GAMES}
    expected = max(untouched, key=untouched.__getitem__)
    got = answer.strip().lower() if isinstance(answer, str) else None
    if got not in GAMES:
        hint = tr("answer with one of 'tank', 'squad', 'prokhorovka'.",
                  "回答 'tank'、'squad'、'prokhorovka' 之一。")
    elif untouched[got] == 0:
        hint = tr("at level 9 the tank shot has no 'no effect' outcome at all: its worst is "
                  "Suppressed 压制, which is an effect (F-6).",
                  "等级 9 的坦克射击根本没有“无效”这一结果：最轻的是压制，"
                  "而压制也是一种战果（F-6）。")
    else:
        hint = tr("compare the 'No effect 无效' rows of the three distributions: for the squad "
                  "a miss, for the mortar call no round on the aim square.",
                  "比较三个分布中“无效”那一行：对班组是攻击无效，"
                  "对迫击炮呼叫是指定格上一发也没有落。")
    return say(got == expected, hint)


def check_squad_hit(answer: Any, ground: SquadGround, attackers: Sequence[Team], target: Team,
                    *, opens_fire: bool) -> Verdict:
    """Compare ``answer`` with the exact chance of a hit (``attack_odds``, Q-20, Q-21)."""
    odds = attack_odds(ground, attackers, target, opens_fire=opens_fire)
    got = _number(answer)
    other = attack_odds(ground, attackers, target, opens_fire=not opens_fire).hit
    if _close(got, other) and other != odds.hit:
        hint = tr("that is the chance with the other number of dice: opening fire keeps the "
                  "lower of two dice, otherwise one die is rolled (Q-21).",
                  "这是另一种骰子数下的概率：主动开火取两枚骰子中较小的一枚，"
                  "否则只掷一枚（Q-21）。")
    elif got is not None and _close(got, 1 - odds.hit):
        hint = tr("that is the chance of a miss; a hit is B ≤ A (Q-21).",
                  "这是攻击无效的概率；B ≤ A 才是攻击有效（Q-21）。")
    else:
        hint = tr(f"A = {odds.a}: one die B hits when B ≤ A (Q-21).",
                  f"A = {odds.a}：一枚骰子 B ≤ A 时攻击有效（Q-21）。")
    return say(_close(got, odds.hit), hint)


def check_tank_kill(answer: Any, level: int, terrain: str) -> Verdict:
    """Compare ``answer`` with the exact chance that one shot at ``level`` destroys a target
    in ``terrain`` (``shot_distribution``, F-6, F-7)."""
    expected = shot_distribution(level, terrain)[Result.K]
    got = _number(answer)
    if _close(got, shot_distribution(level, "open")[Result.K]) and terrain != "open":
        hint = tr("that is the chance in the open: in a forest the terrain correction turns "
                  "a W, I or K into S when either die shows 3 or 4 (F-7).",
                  "这是在开阔地的概率：在丛林地，任一骰子掷出 3 或 4 时，"
                  "地形修正把 W、I 或 K 变为 S（F-7）。")
    else:
        hint = tr("read K at the level for every 2 d6 sum, remove the dice the forest's "
                  "correction turns into S (F-7), then the armour die's 1 (F-8).",
                  "对每一个双骰点数和查该等级下的 K，去掉丛林地地形修正变为 S 的骰子"
                  "（F-7），再去掉装甲防护修正骰的 1（F-8）。")
    return say(_close(got, expected), hint)


def check_scatter_row(answer: Any, squares: Sequence[int]) -> Verdict:
    """Compare ``answer`` with the exact chance that one tube lands on one of ``squares``
    (``scatter_odds``, P-17)."""
    odds = scatter_odds(load_rules())
    expected = sum((odds[k] for k in squares), Fraction(0))
    got = _number(answer)
    if _close(got, odds[5]):
        hint = tr("1/4 is the aim square alone; add its west and east neighbours (4 and 6).",
                  "1/4 只是指定格本身；还要加上它西边和东边的相邻格（4 和 6）。")
    elif _close(got, odds[2] + odds[5] + odds[8]):
        hint = tr("that is the column (2, 5, 8); the keypad's rows are 1 2 3 / 4 5 6 / 7 8 9 "
                  "(P-17).",
                  "这是一列（2、5、8）；九宫格的行是 1 2 3 / 4 5 6 / 7 8 9（P-17）。")
    else:
        hint = tr("each tube's square is the sum of 3 d6 ÷ 2, truncated: add the chances of 4, "
                  "5 and 6 from the scatter table (P-17).",
                  "每门炮的着弹点是 3 个 d6 的总数 ÷ 2，舍去小数：从散布表中把 4、5、6 "
                  "三格的概率相加（P-17）。")
    return say(_close(got, expected), hint)
