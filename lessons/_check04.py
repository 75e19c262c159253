"""Self-check helpers for lesson 04 (direct fire 直瞄射击).

They never decide a rule themselves: the right answer always comes from hexrules, and the
helpers only compare it with the reader's answer and return a :class:`~_check.Verdict` (shown
as ✓ or ✗ with a hint that names the likely slip: the F-4 correction or the F-5 clamp
forgotten, a modifier left out, the F-7 or F-8 correction skipped). Every number a hint
quotes is read from the loaded tables (:func:`hexrules.load_tables`).

>>> check_level(9, 12)
✓ Right 正确
>>> check_level(10, 9)
✗ Not yet 再想想 — hint 提示: look at the range again: 9 hexes lies in the F-3 band 9–30 ...
>>> check_level(12, 5, card=True)
✗ Not yet 再想想 — hint 提示: 10 + 2 = 12 is more than the table's top level: ...
>>> check_shooters(3, {1: 0.25, 2: 0.44, 3: 0.58}, 0.40)
✗ Not yet 再想想 — hint 提示: 2 shooters already reach 44.0%: ...
"""

from __future__ import annotations

from typing import Any

import _check
from _check import Verdict, as_int, say, tr, word

from hexrules import (
    FireKind,
    Result,
    ScriptedDice,
    adjudicate_fire,
    final_attack_level,
    load_tables,
)

__all__ = ["check_level", "check_result", "check_shooters", "solution"]


def solution(exercise: str) -> Any:
    """The hidden solution of lesson 04's exercise ``exercise``: a button that reveals it."""
    return _check.solution("04", exercise)


def _modifiers(kind: Any, suppressed: bool, card: bool) -> list[tuple[str, int]]:
    """The F-5 modifiers that apply, as the modifier table gives them."""
    table = load_tables().modifiers
    kind = FireKind.parse(kind)
    out = []
    if suppressed:
        out.append((tr("suppressed", "射击单位被压制"), table.suppressed))
    if kind is FireKind.MOVING:
        out.append((tr("moving fire", "行进间射击"), table.moving))
    elif kind is FireKind.SHORT_HALT:
        out.append((tr("short-halt fire", "短停射击"), table.short_halt))
    if card:
        out.append((tr("fire-enhancement card", "火力增强卡"), table.card_bonus))
    return out


def check_level(answer: Any, distance: int, height_difference: int = 0, *,
                kind: Any = "normal", suppressed: bool = False, card: bool = False) -> Verdict:
    """Compare ``answer`` with :func:`hexrules.final_attack_level`."""
    expected = final_attack_level(distance, height_difference, kind=kind,
                                  suppressed=suppressed, card=card)
    given = as_int(answer)
    if given == expected:
        return say(True, "")
    tables = load_tables()
    standard = int(tables.attack_level.lookup(distance).value)
    cell = tables.height_correction.lookup(abs(height_difference), distance)
    correction = int(cell.value) if cell is not None else 0
    mods = _modifiers(kind, suppressed, card)
    total = sum(v for _, v in mods)
    raw = standard - correction + total
    clamp = tables.modifiers.clamp
    mods_text = tr(", ", "、").join(f"{name} {v:+d}".replace("-", "−") for name, v in mods)
    mods_text = mods_text or tr("none", "无")
    if given is None:
        hint = tr("give a whole number: the final attack level after F-3, F-4 and F-5.",
                  "请给出一个整数：经过F-3、F-4和F-5之后的最终攻击等级。")
    elif raw > clamp and given == raw:
        sum_text = f"{standard}" + (f" − {correction}" if correction else "") + "".join(
            f" {'+' if v >= 0 else '−'} {abs(v)}" for _, v in mods)
        hint = tr((f"{sum_text} = {raw} is more than the table's top level: F-5 clamps the sum "
                   f"to at most {clamp} (after adding every modifier)."),
                  f"{sum_text} = {raw}，超过了表中的最高等级：F-5在加上全部修正之后，"
                  f"把结果限幅为最高{clamp}。")
    elif correction and given == min(standard + total, clamp):
        hint = tr((f"you left out the {word('height_correction')} (F-4): at range {distance} "
                   f"with Δlevel {abs(height_difference)} the table subtracts {correction}."),
                  f"你漏了{word('height_correction')}（F-4）：距离{distance}格、高程差"
                  f"{abs(height_difference)}时，查表要减去{correction}。")
    elif correction and given == min(standard + correction + total, clamp):
        hint = tr((f"the F-4 value {correction} is subtracted from the level, not added (the "
                   "gun loses accuracy firing up or down)."),
                  f"F-4的值{correction}要从攻击等级中减去，不是加上（向上或向下射击时火炮精度下降）。")
    elif mods and given == min(standard - correction, clamp):
        hint = tr(f"now add the F-5 modifiers that apply here ({mods_text}).",
                  f"现在加上这里适用的F-5修正（{mods_text}）。")
    elif any(given == _level_at(d, height_difference, kind, suppressed, card) != expected
             for d in (distance - 1, distance + 1)):
        band = tables.attack_level.lookup(distance).row
        hint = tr((f"look at the range again: {distance} hexes lies in the F-3 band {band} (and "
                   "in its own F-4 column); one hex more or less reads another cell."),
                  f"再看一下距离：{distance}格属于F-3的{band}格这一段（在F-4表中也有它自己的一列）；"
                  "多一格或少一格就查到别的单元格了。")
    elif given == standard:
        hint = tr(("that is the F-3 level for the range alone; then subtract the F-4 cell and "
                   "add the F-5 modifiers."),
                  "这只是按距离查得的F-3攻击等级；还要减去F-4表中的值，再加上F-5的修正。")
    else:
        hint = tr(("start from F-3 (the range band), subtract the F-4 cell (Δlevel row, range "
                   f"column), add the F-5 modifiers ({mods_text}), then clamp to at most {clamp}."),
                  "从F-3（距离段）出发，减去F-4表中的值（按高程差查行、按距离查列），"
                  f"加上F-5的修正（{mods_text}），再限幅为最高{clamp}。")
    return say(False, hint)


def _level_at(distance: int, height_difference: int, kind: Any, suppressed: bool,
              card: bool) -> int | None:
    """The final attack level at another range (None when out of range): a one-off slip."""
    try:
        return final_attack_level(distance, height_difference, kind=kind,
                                  suppressed=suppressed, card=card)
    except ValueError:
        return None


_ALIASES = {"NONE": ".", "NO EFFECT": ".", "·": ".", "": ".", "无效": ".", "压制": "S",
            "失火": "W", "丧失火力": "W", "失动": "I", "歼灭": "K"}


def _as_result(answer: Any) -> Result | None:
    if isinstance(answer, Result):
        return answer
    if not isinstance(answer, str):
        return None
    text = _ALIASES.get(answer.strip().upper(), answer.strip().upper())
    try:
        return Result.from_code(text)
    except ValueError:
        return None


def check_result(answer: Any, hexmap: Any, shooter: Any, target: Any, dice: list[int],
                 **kwargs: Any) -> Verdict:
    """Adjudicate with scripted ``dice`` and compare ``answer`` ('K', 'S', '.', …)."""
    record = adjudicate_fire(hexmap, shooter, target, dice=ScriptedDice(dice), **kwargs)
    given = _as_result(answer)
    if given is record.result:
        return say(True, "")
    steps = {s.rule: s for s in record.shots[0].steps}
    table = load_tables().combat_results
    faces = table.terrain_faces[hexmap.terrain_at(target.hex)]
    armour = table.armour[load_tables().units.armour_of(target)]
    if given is None:
        hint = tr("answer one of '.', 'S', 'W', 'I' or 'K' (the codes of F-6).",
                  "请回答'.'、'S'、'W'、'I'或'K'之一（F-6的战果代号）。")
    elif "F-6" in steps and given is steps["F-6"].value and "F-7" in steps \
            and steps["F-7"].value is not given:
        shown = " or ".join(map(str, sorted(faces)))
        where = hexmap.terrain_at(target.hex).label
        hint = tr((f"that is the F-6 cell; now the {word('terrain_correction')} (F-7) with the "
                   f"same two dice: in {where[0].lower() + where[1:]} a die showing {shown} "
                   "turns W, I or K into S."),
                  f"这是F-6表中的战果；接下来用同一对骰子做{word('terrain_correction')}（F-7）："
                  f"目标在{where}内，任一骰为{'或'.join(map(str, sorted(faces)))}时，"
                  "W、I或K改为S。")
    elif "F-7" in steps and given is steps["F-7"].value and "F-8" in steps \
            and steps["F-8"].value is not given:
        faces = "a 1" if armour == 1 else f"{armour} or less"
        hint = tr((f"after F-7 comes the {word('armour_correction')} (F-8): a new die showing "
                   f"{faces} turns W, I or K into S."),
                  f"F-7之后还有{word('armour_correction')}（F-8）：另掷一颗骰子，"
                  f"掷出{'1' if armour == 1 else f'{armour}或更小的点数'}时，W、I或K改为S。")
    elif "F-6" in steps:
        hint = tr((f"find the range, the final attack level and the {word('dice_sum')}; read "
                   "F-6 in that column; then F-7 with the same dice, then F-8 only if W, I or K "
                   "is left."),
                  f"求出距离、最终攻击等级和{word('dice_sum')}；在F-6表的该列中查出战果；"
                  "再用同一对骰子做F-7；只有仍是W、I或K时才做F-8。")
    else:
        hint = tr("first ask whether the shooter sees the target at all (F-2 step 1).",
                  "先问射击单位到底能不能看到目标（F-2第1步）。")
    return say(False, hint)


def check_shooters(answer: Any, p_by_n: dict[int, Any], goal: float) -> Verdict:
    """Compare ``answer`` with the smallest N whose exact kill chance reaches ``goal``."""
    expected = min((n for n, p in p_by_n.items() if float(p) >= goal - 1e-12), default=None)
    given = as_int(answer)
    if given == expected:
        return say(True, "")
    if given in p_by_n and float(p_by_n[given]) < goal:
        hint = tr((f"with {given} the kill chance is {float(p_by_n[given]):.1%}, still below "
                   f"{goal:.0%}."),
                  f"宣告{given}辆时，歼灭概率为{float(p_by_n[given]):.1%}，仍低于{goal:.0%}。")
    elif given in p_by_n and expected is not None:
        hint = tr((f"{expected} shooter{'s' if expected > 1 else ''} already reach "
                   f"{float(p_by_n[expected]):.1%}: every extra tank is spent for the turn (F-9)."),
                  f"宣告{expected}辆就已达到{float(p_by_n[expected]):.1%}：每多宣告一辆坦克，"
                  "它整个回合就都用掉了（F-9）。")
    else:
        hint = tr("look at the exact P(destroyed) for each N in the table above.",
                  "看看上表中每个N对应的精确歼灭概率。")
    return say(False, hint)
