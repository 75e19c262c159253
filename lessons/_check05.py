"""Self-check helpers for lesson 05 (movement and reactive fire 机动与反应射击).

They never decide a rule themselves: the right answer always comes from hexrules
(:func:`hexrules.movement.path_cost`, :func:`hexrules.movement.reachable`, the game state's
reaction window), and the helpers only compare it with the reader's answer and return a
:class:`~_check.Verdict` whose hint names the likely slip (the river priced as a sum, the road
forgotten, a march off the road or through a friend, a unit that moved or already fired).
Every number a hint quotes is read from the loaded tables (:func:`hexrules.load_tables`).

>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> check_path_cost(2, m, ["4563AE", "4563AF", "4563AG"])
✓ Right 正确
>>> check_path_cost(3, m, ["4563AE", "4563AF", "4563AG"])
✗ Not yet 再想想 — hint 提示: count the steps, not the hexes: ...
>>> check_march(True, m, "4563PH", "4563QH")
✗ Not yet 再想想 — hint 提示: a march 行军 goes along roads only (V-3): ...
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import _check
from _check import Verdict, say, tr, word

from hexrules import load_tables
from hexrules.movement import path_cost, points_text, reachable, step_cost

__all__ = ["check_march", "check_may_fire", "check_path_cost", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 05's exercise ``exercise``: a button that reveals it."""
    return _check.solution("05", exercise)


def _as_points(answer: Any) -> Fraction | None:
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        return Fraction(str(answer).strip()) if isinstance(answer, str) else Fraction(answer)
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def check_path_cost(answer: Any, hexmap: Any, path: list[Any], *, march: bool = False
                    ) -> Verdict:
    """Compare ``answer`` with :func:`hexrules.movement.path_cost` of ``path``."""
    expected = path_cost(hexmap, path, march=march)
    given = _as_points(answer)
    if given == expected:
        return say(True, "")
    terrain = load_tables().terrain
    hexes = [hexmap.parse(h) for h in path]
    pairs = list(zip(hexes, hexes[1:], strict=False))
    entry = [Fraction(terrain[hexmap.terrain_at(b)].entry_cost) for _, b in pairs]
    river = [hexmap.has_river(a, b) and not hexmap.has_road(a, b) for a, b in pairs]
    road = [hexmap.has_road(a, b) for a, b in pairs]
    summed = sum(e + terrain.river_crossing_cost if r else step_cost(hexmap, a, b, march=march)
                 for (a, b), e, r in zip(pairs, entry, river, strict=True))
    no_river = sum(e if r else step_cost(hexmap, a, b, march=march)
                   for (a, b), e, r in zip(pairs, entry, river, strict=True))
    no_road = sum(max(e, terrain.river_crossing_cost) if hexmap.has_river(a, b) else e
                  for (a, b), e in zip(pairs, entry, strict=True))
    with_start = expected + terrain[hexmap.terrain_at(hexes[0])].entry_cost
    if given is None:
        hint = tr("give a number of movement points (a whole number, or e.g. 1/2 or 2.5).",
                  "请给出机动力点数（整数，或者如1/2、2.5这样的数）。")
    elif any(river) and given == summed:
        hint = tr((f"the {word('wading')} step costs max(terrain, {terrain.river_crossing_cost}), "
                   "not the terrain cost plus the river (V-1 [decision])."),
                  f"{word('wading')}这一步消耗max(地形, {terrain.river_crossing_cost})，"
                  "不是地形消耗加上河流的消耗（V-1【项目裁定】）。")
    elif any(river) and given == no_river:
        hint = tr((f"one step crosses a {word('river')} hexside without a bridge: wading costs "
                   f"{terrain.river_crossing_cost} (or the terrain cost, if higher) (V-1)."),
                  f"有一步没有过桥而跨过了{word('river')}格边：徒涉消耗{terrain.river_crossing_cost}点"
                  "（地形消耗更高时按地形消耗）（V-1）。")
    elif any(road) and given == no_road:
        hint = tr((f"a step along the {word('road')} costs {terrain.road_step_cost}, whatever "
                   "the terrain, and so does the road's bridge over the river (V-2)."),
                  f"沿{word('road')}走一步消耗{terrain.road_step_cost}点，不管是什么地形；"
                  "道路过河的桥也一样（V-2）。")
    elif given == with_start:
        hint = tr(("count the steps, not the hexes: the hex the move starts in costs nothing "
                   f"({len(pairs)} steps here)."),
                  f"要数步数，不是数格子：机动开始所在的那一格不消耗机动力（这里共{len(pairs)}步）。")
    else:
        hint = tr(("price each step on its own — the terrain of the hex entered, max(…, "
                   f"{terrain.river_crossing_cost}) across a river without a bridge, "
                   f"{terrain.road_step_cost} along the road — then add them "
                   f"({len(pairs)} steps)."),
                  "每一步单独计算——进入格的地形消耗；不过桥跨河时为max(…, "
                  f"{terrain.river_crossing_cost})；沿道路为{terrain.road_step_cost}——再把它们加起来"
                  f"（共{len(pairs)}步）。")
    return say(False, hint)


def check_march(answer: Any, hexmap: Any, start: Any, dest: Any, *, units: Any = (),
                side: str = "red") -> Verdict:
    """Compare ``answer`` (True/False) with whether a march from ``start`` may end at ``dest``
    (:func:`hexrules.movement.reachable` with ``march=True``)."""
    goal = hexmap.parse(dest)
    expected = goal in reachable(hexmap, start, march=True, units=units, side=side)
    if isinstance(answer, bool) and answer is expected:
        return say(True, "")
    terrain = load_tables().terrain
    if not isinstance(answer, bool):
        return say(False, tr("answer True or False.",
                             "请回答True或False。"))
    free = reachable(hexmap, start, march=True, side=side)
    on_road = goal in reachable(hexmap, start, 99, march=True, side=side)
    if answer and not on_road:
        hint = tr((f"a {word('march')} goes along roads only (V-3): "
                   f"{hexmap.name_of(goal)} is not on a road reachable from "
                   f"{hexmap.name_of(hexmap.parse(start))}."),
                  f"{word('march')}只能沿道路（V-3）：{hexmap.name_of(goal)}不在从"
                  f"{hexmap.name_of(hexmap.parse(start))}出发可以到达的道路上。")
    elif answer and goal in free:
        names = tr(", ", "、").join(sorted(hexmap.name_of(u.hex) for u in units))
        names = names or tr("none", "无")
        hint = tr((f"on an empty road the march would get there, but a marching unit may not "
                   f"enter or pass through a hex holding a friendly unit (V-3): look at {names}."),
                  "如果道路上没有别的单位，行军是能到那里的；但行军的单位不能进入或经过有己方单位的"
                  f"六角格（V-3）：看看{names}。")
    elif answer:
        hint = tr((f"a march step costs {points_text(terrain.march_step_cost)}; count the road "
                   "steps against the movement allowance (V-3, V-5)."),
                  f"行军每一格消耗{points_text(terrain.march_step_cost)}点；数一数道路上的步数，"
                  "和机动力比一比（V-3、V-5）。")
    else:
        hint = tr((f"it is on the road, within reach at {points_text(terrain.march_step_cost)} "
                   "a step, and nothing stands in the way (V-3)."),
                  f"它在道路上，每格消耗{points_text(terrain.march_step_cost)}点可以到达，"
                  "路上也没有阻挡（V-3）。")
    return say(False, hint)


def check_may_fire(answer: Any, state: Any) -> Verdict:
    """Compare ``answer`` (unit names) with who may fire now: the shooters of the state's
    reaction window (or of ``legal_orders`` when no window is open)."""
    if state.window is not None:
        expected = set(state.window.shooters)
    else:
        expected = set()
        for order in state.legal_orders():
            expected.update(getattr(order, "shooters", ()) or ())
    if isinstance(answer, str):
        answer = [answer]
    if answer is None or not all(isinstance(a, str) for a in answer):
        return say(False, tr('answer a list of unit names, e.g. ["R1"], or [] for none.',
                             '请回答一个单位名称的列表，例如["R1"]；没有就回答[]。'))
    given = {a.strip().upper() for a in answer}
    if given == expected:
        return say(True, "")
    mover = state.move.unit if state.move is not None else None
    wrong = given - expected
    if mover in wrong:
        hint = tr((f"{mover} is the moving unit: covering fire (V-7) is for units that have not "
                   "moved; the mover's own moving fire comes later, after the reactions (V-8)."),
                  f"{mover}是机动单位：掩护射击（V-7）只能由没有机动过的单位进行；机动单位自己的"
                  "行进间射击在各方反应之后才进行（V-8）。")
    elif any(state.unit_map.get(u) and state.unit_map[u].moved for u in wrong):
        hint = tr("a unit that has moved this turn may not take covering fire (V-7, C-4).",
                  "本回合已经机动过的单位不能进行掩护射击（V-7、C-4）。")
    elif any(state.unit_map.get(u) and state.unit_map[u].side != state.to_act for u in wrong):
        hint = tr((f"it is {state.to_act}'s reaction now: covering fire (V-7) is the moving "
                   "side's reply to the opportunity shot."),
                  f"现在是{getattr(state.to_act, 'label', state.to_act)}的反应时机："
                  "掩护射击（V-7）是机动一方对机会射击的还击。")
    elif expected - given:
        hint = tr("a unit that has neither moved nor fired this turn may still fire (V-7).",
                  "本回合既没有机动也没有射击过的单位仍然可以射击（V-7）。")
    else:
        hint = tr("look at the markers of each unit (Moved, Fired) and whose reaction it is.",
                  "看看每个单位的注记（机动、射击），以及现在轮到哪一方反应。")
    return say(False, hint)
