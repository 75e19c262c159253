"""Self-check helpers for lesson 13 (the after-action review 复盘).

They never decide anything themselves: every right answer is read from the
:class:`hexrules.review.Review` of the game (its timeline, its decision points with the exact
odds of the adjudication, its summary per side).

>>> from pathlib import Path
>>> from hexrules.review import Review
>>> r = Review.build(Path(__file__).parent / "data" / "review_duel.json", computer=False)
>>> check_first_kill(r.find("first_kill"), r)
✓ Right 正确
>>> check_first_kill(r.find("first_kill") - 1, r)
✗ Not yet 再想想 — hint 提示: at that record nobody is destroyed yet...
>>> from hexrules.language import using
>>> with using("zh"):
...     check_first_kill(r.find("first_kill") - 1, r)
✗ 再想想 — 提示：在这条记录，还没有算子被歼灭...
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_int, say, tr

__all__ = ["check_chance", "check_first_kill", "check_luckier", "check_verdict", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 13's exercise ``exercise``: a button that reveals it."""
    return _check.solution("13", exercise)


def check_first_kill(answer: Any, review: Any) -> Verdict:
    """The record of the game's first kill (its timeline's ``first_kill`` event)."""
    k = review.find("first_kill")
    given = as_int(answer)
    if given == k:
        return say(True, "")
    if given is None or not 0 <= given < len(review):
        return say(False, tr(f"answer a record number between 0 and {len(review) - 1}",
                             f"回答一个 0 到 {len(review) - 1} 之间的记录编号"))
    lost = len(review.state_at(given).losses)
    if lost == 0:
        return say(False, tr("at that record nobody is destroyed yet: step on with Next 前进 or "
                             "use Go to event 事件",
                             "在这条记录，还没有算子被歼灭：用 Next 前进 继续向前，"
                             "或者用 Go to event 事件 跳转"))
    return say(False, tr("at that record a unit is already lost: step back to the record where "
                         "the loss happens",
                         "在这条记录，已经有算子被歼灭：向后退，退到出现这次损失的那条记录"))


def _point(review: Any, index: int) -> Any:
    return review.decision_at(index)


def check_chance(answer: Any, review: Any, index: int) -> Verdict:
    """The chance, in whole per cent, that the shot of record ``index`` destroys its target
    (the decision point's exact ``p_destroyed``)."""
    d = _point(review, index)
    right = round(float(d.p_destroyed) * 100)
    given = as_int(answer)
    if given == right:
        return say(True, "")
    if given is None:
        return say(False, tr("answer a whole number of per cent, e.g. 40",
                             "回答一个整数百分比，例如 40"))
    if given == round(float(d.p_result) * 100):
        return say(False, tr("that is the chance of the result rolled; the question asks for "
                             "the chance of 'Destroyed 歼灭' in the odds table",
                             "这是掷出的那个结果的概率；题目问的是概率表中“歼灭”一行的概率"))
    return say(False, tr("read the odds table of the decision point: the row 'Destroyed 歼灭'",
                         "看决策点的概率表：“歼灭”那一行"))


def check_verdict(answer: Any, review: Any, index: int) -> Verdict:
    """``'lucky'``, ``'ordinary'`` or ``'unlucky'``: the roll of record ``index`` by its luck
    percentile (the decision point's ``verdict``)."""
    d = _point(review, index)
    given = answer.strip().lower() if isinstance(answer, str) else None
    if given == d.verdict:
        return say(True, "")
    if given not in ("lucky", "ordinary", "unlucky"):
        return say(False, tr("answer 'lucky', 'ordinary' or 'unlucky'",
                             "回答 'lucky'（运气好）、'ordinary'（平常）或 'unlucky'（运气差）"))
    worse, result = f"{float(d.p_worse):.0%}", f"{float(d.p_result):.0%}"
    return say(False, tr(f"the luck percentile is P(worse) + P(this result) / 2 = "
                         f"{worse} + {result} / 2: above 75 % is lucky, below 25 % unlucky",
                         f"运气百分位 = P(更差) + P(此结果)/2 = {worse} + {result}/2："
                         "大于75 %为运气好，小于25 %为运气差"))


def check_luckier(answer: Any, review: Any) -> Verdict:
    """Which side's fire did better than its odds over the whole game (the larger luck,
    actual minus expected damage, of the summary)."""
    sums = {s.side.value: s for s in review.summary()}
    right = max(sums, key=lambda k: sums[k].luck)
    given = answer.strip().lower() if isinstance(answer, str) else None
    if given == right:
        return say(True, "")
    if given not in sums:
        return say(False, tr("answer 'red' or 'blue'", "回答 'red'（红方）或 'blue'（蓝方）"))
    s = sums[given]
    side_zh = {"red": "红方", "blue": "蓝方"}[given]
    return say(False, tr(f"{given}'s fire dealt {s.damage:.2f} against {s.expected_damage:.2f} "
                         "expected: compare both sides' luck column",
                         f"{side_zh}射击的实际毁伤为 {s.damage:.2f}，期望毁伤为 "
                         f"{s.expected_damage:.2f}：比较双方总结中的运气（luck）"))
