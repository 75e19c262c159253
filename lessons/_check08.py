"""Self-check helpers for lesson 08 (a computer opponent and scenario balance 想定).

They never decide anything themselves: which side a balance run favours comes from the
report's Wilson intervals (:meth:`hexrules.players.BalanceReport.win_rate`), and the facts
behind each explanation of an unbalanced scenario (how many tanks each side has, where blue
stands, who moves first) are read from the scenario file (:class:`hexrules.game.Scenario`)
and the rule tables.

>>> from hexrules.game import Scenario
>>> check_cause("b", Scenario.load("village"))
✓ Right 正确
>>> check_cause("a", Scenario.load("village"))
✗ Not yet 再想想 — hint 提示: count them: red has 4 tanks and blue 4...
>>> from hexrules.language import using
>>> with using("zh"):
...     check_cause("a", Scenario.load("village"))
✗ 再想想 — 提示：数一数：红方有 4 辆坦克，蓝方 4 辆...
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, say, tr

from hexrules import load_tables

__all__ = ["check_against", "check_cause", "check_favoured", "check_hidden", "favoured",
           "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 08's exercise ``exercise``: a button that reveals it."""
    return _check.solution("08", exercise)


def favoured(report: Any) -> str:
    """``'red'`` or ``'blue'`` if that side's win rate is above the other's beyond doubt
    (the lower end of its 95 % interval above the upper end of the other's), else
    ``'neither'``."""
    red, blue = report.win_rate("red"), report.win_rate("blue")
    if red[1] > blue[2]:
        return "red"
    if blue[1] > red[2]:
        return "blue"
    return "neither"


def check_favoured(answer: Any, report: Any) -> Verdict:
    """Compare ``answer`` with :func:`favoured` of the balance report."""
    expected = favoured(report)
    given = answer.strip().lower() if isinstance(answer, str) else None
    if given == expected:
        return say(True, "")
    if given not in ("red", "blue", "neither"):
        return say(False, tr("answer 'red', 'blue' or 'neither'",
                             "回答 'red'（红方）、'blue'（蓝方）或 'neither'（都不）"))
    red, blue = report.win_rate("red"), report.win_rate("blue")
    rates = (f"{red[0]:.0%} ({red[1]:.0%}–{red[2]:.0%})",
             f"{blue[0]:.0%} ({blue[1]:.0%}–{blue[2]:.0%})")
    return say(False, tr(f"read the win rates and their intervals: red {rates[0]}, blue "
                         f"{rates[1]}; a side is favoured when its interval lies wholly above "
                         "the other's",
                         f"看胜率及其置信区间：红方 {rates[0]}，蓝方 {rates[1]}；"
                         "一方的置信区间整个高于另一方时，才算对它有利"))


def check_cause(answer: Any, scenario: Any) -> Verdict:
    """Which explanation of the village's imbalance the scenario's facts support."""
    given = answer.strip().lower() if isinstance(answer, str) else None
    m = scenario.hexmap()
    red, blue = (len(scenario.side(s).units) for s in ("red", "blue"))
    holds = {o.hex for o in scenario.objectives if o.kind == "hold"}
    on_obj = [u.id for u in scenario.side("blue").units if u.hex in holds]
    faces = load_tables().combat_results.terrain_faces
    covered = [u.id for u in scenario.side("blue").units
               if faces.get(m.terrain_at(m.parse(u.hex)))]
    if given == "b" and on_obj and covered:
        return say(True, "")
    if given == "a":
        return say(False, tr(f"count them: red has {red} tanks and blue {blue}, so numbers "
                             "do not explain it",
                             f"数一数：红方有 {red} 辆坦克，蓝方 {blue} 辆，"
                             "所以原因不在数量"))
    if given == "c":
        return say(False, tr("who acts first is a d6 each phase, odd red, even blue "
                             "(T-2, T-3): it favours nobody over many games",
                             "先手每个阶段掷一次 d6 决定，单数红方先手，双数蓝方先手"
                             "（T-2、T-3）：推演许多局，对谁都不偏"))
    return say(False, tr("answer 'a', 'b' or 'c'", "回答 'a'、'b' 或 'c'"))


def check_hidden(answer: Any, player: Any) -> Verdict:
    """How many enemy units the player's screen hides now (its view's ``hidden``)."""
    view = player.screen.view
    if answer == view.hidden:
        return say(True, "")
    if not isinstance(answer, int):
        return say(False, tr("answer a whole number", "回答一个整数"))
    return say(False, tr(f"read the phase line: it counts the {view.side.opponent.label} "
                         "units on the board that none of your units sees (fog of war)",
                         f"看阶段栏：它数的是棋盘上本方任何单位都看不见的"
                         f"{view.side.opponent.label}单位（战争迷雾）"))


def check_against(answer: Any, decision: Any, rank: int = 1) -> Verdict:
    """Which part weighs most against the decision's candidate number ``rank`` (0: best):
    its most negative part, read from the decision."""
    parts = dict(decision.candidates[rank].parts)
    worst = min(parts, key=lambda k: parts[k])
    given = answer.strip().lower() if isinstance(answer, str) else None
    if given == worst:
        return say(True, "")
    if given not in parts:
        return say(False, tr(f"answer one of the candidate's part names: {', '.join(parts)}",
                             f"回答这条候选命令的某一部分的名称：{'、'.join(parts)}"))
    return say(False, tr(f"{given} is {parts[given]:+.2f}: look for the most negative part",
                         f"{given} 是 {parts[given]:+.2f}：找负得最多的那一部分"))
