"""Direct fire (直瞄射击, rules F-1…F-12): adjudicating a declaration, step by step.

:func:`adjudicate_fire` takes a declaration (a :class:`~hexrules.combat.orders.FireOrder`
with its units, or the units directly), checks it (:func:`~hexrules.combat.declare.verify_fire`;
an illegal one raises and no die is rolled), then adjudicates it in the order of F-2 with the
dice it is given, and returns a frozen :class:`FireRecord` of every step: rule ID, inputs,
table cell read, dice, modifier and result, plus the new unit states. Inputs are never changed.

Rulings this module follows (the project's rules reference, ``docs/rules.md``):

* the attack-level table F-3 (levels 1–8 hexes) and the combat result table F-6 are
  **[reconstructed]**; the artillery levels and armour values A-6/A-7 are **[house values]**;
  all of them, and the F-5 modifiers, are data files (:mod:`hexrules.tables`) an instructor
  can replace;
* F-2 dice order **[decision]**: no dice when the final level is ≤ 0; two d6 for F-6, reused by
  F-7; the armour d6 of F-8 only when W, I or K survives F-7;
* F-5 **[decision]**: all modifiers are added, then the result is clamped to the top level;
* C-4 **[decision]**: a violating order is refused with a clear error and changes nothing.

The dice part of a shot (F-6 to F-8) is decided by :func:`roll_shot`; the exact odds
(:mod:`hexrules.combat.odds`) are computed by enumerating the dice through that same function.

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> m = HexMap.flat(30, 5)
>>> r1 = Unit("R1", "red", Hex.from_offset(0, 2))
>>> b1 = Unit("B1", "blue", Hex.from_offset(18, 2))
>>> rec = adjudicate_fire(m, r1, b1, dice=ScriptedDice([2, 3, 4]))
>>> rec.result, rec.target_after.destroyed
(Result.K, True)
>>> [s.rule for s in rec.shots[0].steps]
['L-3', 'F-3', 'F-4', 'F-5', 'F-6', 'F-7', 'F-8', 'F-10']
>>> rec == adjudicate_fire(m, r1, b1, dice=ScriptedDice([2, 3, 4]))   # records are values
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hexrules.combat.damage import apply_result, step_down
from hexrules.combat.declare import Declaration, check, declare, place_name
from hexrules.combat.orders import FireKind, FireOrder
from hexrules.combat.record import TITLES, FireRecord, Shot
from hexrules.dice import DiceSource
from hexrules.errors import IllegalOrderError, RulesTypeError
from hexrules.glossary import label
from hexrules.language import bilingual
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.records import MapRef, Step, TableRef
from hexrules.sight.exact import SightRecord, line_of_sight
from hexrules.tables import Cell, TableSet, load_tables
from hexrules.units import Result, Status, Unit

__all__ = [
    "FireRecord",
    "Modifiers",
    "Shot",
    "ShotDice",
    "SightFn",
    "adjudicate_fire",
    "final_attack_level",
    "modifiers",
    "reactive_armour_step",
    "roll_shot",
    "shot_outcome",
]



# ---------------------------------------------------------------------------------------
# F-5 modifiers, from the rule tables
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Modifiers:
    """The F-5 attack-level modifiers of a table set (data, replaceable)."""

    suppressed: int
    moving: int
    short_halt: int
    card: int

    def of_kind(self, kind: FireKind) -> int:
        """The modifier of a kind of fire (V-8, V-9; 0 for halted fire and close combat)."""
        return {FireKind.MOVING: self.moving, FireKind.SHORT_HALT: self.short_halt}.get(kind, 0)


def modifiers(tables: TableSet | None = None) -> Modifiers:
    """The F-5 modifiers of ``tables`` (default set).

    >>> modifiers()
    Modifiers(suppressed=-3, moving=-1, short_halt=-3, card=2)
    """
    t = (tables or load_tables()).modifiers
    return Modifiers(t.suppressed, t.moving, t.short_halt, t.card_bonus)




# ---------------------------------------------------------------------------------------
# Attack level: F-2 steps 2–4 (no dice)
# ---------------------------------------------------------------------------------------
def _level_steps(distance: int, delta: int, *, kind: FireKind, suppressed: bool, card: bool,
                 tables: TableSet) -> tuple[list[Step], int]:
    steps: list[Step] = []
    close = kind is FireKind.CLOSE_COMBAT
    cell = tables.attack_level.lookup(distance)
    if cell is None:
        raise IllegalOrderError(
            f"range {distance} hexes is beyond {tables.attack_level.max_range}: out of range (F-3)"
        )
    level = int(cell.value)
    steps.append(Step(
        "F-3", TITLES["F-3"], (("range 距离", f"{distance} hexes 格"),), cell,
        result=f"{label('standard_attack_level')} {level}", value=level,
        note="close combat: range 1 (F-12)" if close else "",
    ))
    if close:
        steps.append(Step(
            "F-4", TITLES["F-4"], (("Δlevel 高度差", "0"),), modifier=0,
            result=f"attack level 攻击等级 {level}", value=level,
            note="close combat: same hex, no height difference (F-12)",
        ))
    else:
        hc = tables.height_correction.lookup(delta, distance)
        if hc is None:
            why = ("no height difference" if delta == 0 else
                   f"beyond {tables.height_correction.max_range} hexes: no correction")
            mod = 0
        else:
            why, mod = "", -int(hc.value)
        level += mod
        steps.append(Step(
            "F-4", TITLES["F-4"],
            (("Δlevel 高度差", str(delta)), ("range 距离", f"{distance} hexes 格")),
            hc, modifier=mod, result=f"attack level 攻击等级 {level}", value=level, note=why,
        ))
    m = modifiers(tables)
    mods: list[tuple[str, int]] = []
    if suppressed:
        mods.append(("shooter suppressed 射击单位被压制", m.suppressed))
    if m.of_kind(kind):
        mods.append((f"{kind.label} ({kind.rule})", m.of_kind(kind)))
    if card:
        mods.append(("fire-enhancement card 火力增强卡 (E-2)", m.card))
    total = sum(v for _, v in mods)
    raw = level + total
    top = tables.combat_results.max_level
    final = min(raw, top)
    notes = []
    if raw > top:
        notes.append(f"{raw} clamped to {top} (F-5 [decision]: add all, then clamp)")
    if final <= 0:
        notes.append("level ≤ 0: no effect, no dice (F-5)")
    steps.append(Step(
        "F-5", TITLES["F-5"],
        tuple((k, f"{v:+d}") for k, v in mods) or (("none 无", "0"),),
        modifier=total, result=f"final attack level 最终攻击等级 {final}", value=final,
        note="; ".join(notes),
    ))
    return steps, final


def final_attack_level(
    distance: int,
    height_difference: int = 0,
    *,
    kind: FireKind | str = FireKind.NORMAL,
    suppressed: bool = False,
    card: bool = False,
    tables: TableSet | None = None,
) -> int:
    """The final attack level of one shot (F-3, F-4, F-5), without a map.

    Parameters
    ----------
    distance : int
        Range in hexes (ignored in close combat, which uses range 1, F-12).
    height_difference : int
        Difference of the two hexes' elevation levels (sign ignored, F-4).
    kind : FireKind or str
    suppressed : bool
        The shooter is suppressed (F-5).
    card : bool
        The shooter plays the fire-enhancement card (E-2).
    tables : TableSet, optional

    Returns
    -------
    int
        The level after clamping (F-5); ≤ 0 means the shot has no effect.

    Raises
    ------
    IllegalOrderError
        If ``distance`` is out of range (F-3).

    Examples
    --------
    >>> final_attack_level(18)
    9
    >>> final_attack_level(3, 2, suppressed=True)
    2
    >>> final_attack_level(5, 0, card=True)
    11
    """
    from hexrules.combat.declare import _tables

    kind = FireKind.parse(kind)
    close = kind is FireKind.CLOSE_COMBAT
    for name, flag in (("suppressed", suppressed), ("card", card)):
        if not isinstance(flag, bool):
            raise RulesTypeError(f"{name} must be True or False, got {flag!r}")
    for name, value in (("distance", distance), ("height_difference", height_difference)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesTypeError(f"{name} must be a whole number, got {value!r}")
    if not close and distance < 1:
        raise IllegalOrderError(f"range must be a whole number of hexes >= 1, got {distance!r}")
    _, level = _level_steps(
        1 if close else distance, 0 if close else abs(height_difference), kind=kind,
        suppressed=suppressed, card=card, tables=_tables(tables),
    )
    return level


# ---------------------------------------------------------------------------------------
# The dice part of a shot: F-6, F-7, F-8 (used by adjudication and by the exact odds)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShotDice:
    """What the dice decided in F-2 steps 5–7 of one shot (no words: see :func:`shot_outcome`).

    ``dice`` are the F-6 faces (empty when no dice were rolled), ``table`` the F-6 result,
    ``terrain_faces`` the F-7 faces that apply (``None``: no correction in this terrain),
    ``after_terrain`` the result after F-7, ``armour_die`` the F-8 die (``None``: not rolled),
    ``result`` the final result.
    """

    level: int
    dice: tuple[int, ...]
    table: Result | None
    terrain_faces: frozenset[int] | None
    after_terrain: Result
    armour_die: int | None
    threshold: int
    result: Result


def roll_shot(level: int, terrain: Terrain, armour: str, *, close_combat: bool,
              tables: TableSet, dice: DiceSource, who: str = "") -> ShotDice:
    """The decisions of F-2 steps 5–7 (F-6, F-7, F-8) at a final ``level``, rolling ``dice``.

    Rolls nothing when ``level`` ≤ 0; else 2d6 for F-6 (reused by F-7) and the armour d6 of
    F-8 only when W, I or K survives F-7 (F-2 dice order [decision]). This is the one place
    those rules are decided: :func:`shot_outcome` words its result as steps, and the exact
    odds (:func:`hexrules.combat.odds.shot_distribution`) enumerate the dice through it.

    Examples
    --------
    >>> from hexrules import ScriptedDice
    >>> r = roll_shot(9, Terrain.FOREST, "medium", close_combat=False, tables=load_tables(),
    ...               dice=ScriptedDice([3, 2]))
    >>> r.table, r.after_terrain, r.armour_die, r.result
    (Result.K, Result.S, None, Result.S)
    """
    threshold = tables.combat_results.armour[armour]
    return ShotDice(*roll_results_table(
        level, None if close_combat else terrain, threshold, lambda r: r.is_damage,
        tables=tables, dice=dice, rules=("F-6", "F-8"), who=who))


def roll_results_table(level: int, terrain: Terrain | None, threshold: int,
                       corrected: Callable[[Result], bool], *, tables: TableSet,
                       dice: DiceSource, rules: tuple[str, str], who: str = ""
                       ) -> tuple[int, tuple[int, ...], Result | None, frozenset[int] | None,
                                  Result, int | None, int, Result]:
    """The combat-result-table roll both direct fire (F-6…F-8) and artillery (A-7) use.

    2d6 on the table at ``level`` (capped at the table's last column); the terrain
    correction with the same dice for the results ``corrected`` accepts (``terrain=None``:
    none, e.g. close combat); then, when such a result stands, a new d6 ≤ ``threshold``
    turns it into S. ``rules`` are the rule IDs the 2d6 and the d6 are logged under. A level
    ≤ 0 rolls nothing. Returns the fields of :class:`ShotDice` (and of the artillery's
    ``StrikeDice``), in order.

    >>> from hexrules import ScriptedDice
    >>> r = roll_results_table(9, Terrain.FOREST, 4, lambda r: r.is_damage,
    ...                        tables=load_tables(), dice=ScriptedDice([3, 2]),
    ...                        rules=("F-6", "F-8"))
    >>> r[2], r[-1]                      # K on the table, S after the forest's dice rule
    (Result.K, Result.S)
    """
    crt = tables.combat_results
    if level <= 0:
        return level, (), None, None, Result.NONE, None, threshold, Result.NONE
    level = min(level, crt.max_level)
    d = dice.roll(2, rules[0], f"2d6 {who}".strip())
    table = result = crt.lookup(level, d[0] + d[1]).value
    faces = None if terrain is None else crt.terrain_faces.get(terrain) or None  # [] = none
    if faces is not None and corrected(result) and (d[0] in faces or d[1] in faces):
        result = Result.S
    after_terrain = result
    armour_die = None
    if corrected(result):
        armour_die = dice.d6(rules[1], f"armour d6 {who}".strip())
        if armour_die <= threshold:
            result = Result.S
    return level, d, table, faces, after_terrain, armour_die, threshold, result


def shot_outcome(
    level: int,
    terrain: Terrain,
    armour: str,
    *,
    close_combat: bool,
    tables: TableSet,
    dice: DiceSource,
    who: str = "",
) -> tuple[list[Step], Result | None, Result]:
    """F-2 steps 5–7 of one shot, worded: the steps, the F-6 result, the final result.

    The decisions are :func:`roll_shot`'s; this adds the table cells and the words.

    Examples
    --------
    >>> from hexrules import ScriptedDice
    >>> steps, table, result = shot_outcome(9, Terrain.FOREST, "medium", close_combat=False,
    ...                                     tables=load_tables(), dice=ScriptedDice([3, 2]))
    >>> table, result, [s.rule for s in steps]
    (Result.K, Result.S, ['F-6', 'F-7', 'F-8'])
    """
    r = roll_shot(level, terrain, armour, close_combat=close_combat, tables=tables, dice=dice,
                  who=who)
    crt = tables.combat_results
    if r.table is None:
        return [Step("F-6", TITLES["F-6"], (("final attack level 最终攻击等级", str(level)),),
                     result=Result.NONE.label, value=Result.NONE,
                     note="level ≤ 0: no dice rolled (F-5, F-2 [decision])")], None, Result.NONE
    d, table = r.dice, r.table
    steps = [Step(
        "F-6", TITLES["F-6"],
        (("final attack level 最终攻击等级", str(r.level)),
         ("2d6 双骰点数和", str(d[0] + d[1]))),
        crt.lookup(r.level, d[0] + d[1]), d, result=f"{table.code} {table.label}", value=table,
    )]
    t_in = (("target hex 目标地形", terrain.label),)
    new = r.after_terrain
    if close_combat:
        steps.append(Step("F-7", TITLES["F-7"], t_in, dice=d, result=table.label, value=table,
                          note="close combat: no terrain correction (F-12, V-10)"))
    elif not table.is_damage:
        steps.append(Step("F-7", TITLES["F-7"], t_in, dice=d, result=table.label, value=table,
                          note="applies only to W, I, K"))
    elif r.terrain_faces is not None:
        shown = ", ".join(map(str, sorted(r.terrain_faces))) or "none"
        steps.append(Step(
            "F-7", TITLES["F-7"], t_in,
            Cell("F-7", crt.meta.name, terrain.label, f"faces 点数 {shown}", new),
            d, result=f"{new.code} {new.label}", value=new,
            note=(f"a die shows {shown}: {table.code} → S" if new is not table
                  else f"no die shows {shown}: {table.code} stands"),
        ))
    else:
        steps.append(Step("F-7", TITLES["F-7"], t_in, dice=d, result=table.label, value=table,
                          note=f"no correction in {terrain.label}"))
    if r.armour_die is not None:
        a, threshold, final = r.armour_die, r.threshold, r.result
        steps.append(Step(
            "F-8", TITLES["F-8"], (("armour 装甲", armour),),
            Cell("F-8", crt.meta.name, armour, f"d6 ≤ {threshold}", final),
            (a,), result=f"{final.code} {final.label}", value=final,
            note=(f"d6 {a} ≤ {threshold}: {new.code} → S" if a <= threshold
                  else f"d6 {a} > {threshold}: {new.code} stands"),
        ))
    else:
        steps.append(Step("F-8", TITLES["F-8"], (), result=new.label, value=new,
                          note="applies only to W, I, K: no die rolled"))
    return steps, table, r.result


# ---------------------------------------------------------------------------------------
# Adjudication
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """F-2 steps 1–4 of one shot: the steps, the range, the final level, the sight record."""

    steps: tuple[Step, ...]
    distance: int
    level: int | None  # None = sight blocked
    sight: SightRecord | None


#: How a shot's sight is decided: ``line_of_sight`` or an equal source (a game's memo).
SightFn = Callable[[HexMap, Hex, Hex], SightRecord]


def plan_shot(hexmap: HexMap, d: Declaration, shooter: Unit,
              sight: SightFn = line_of_sight) -> Plan:
    """Sight and the final attack level of one declared shooter (no dice)."""
    target, kind, tables = d.target, d.kind, d.tables
    s_name, t_name = place_name(hexmap, shooter.hex), place_name(hexmap, target.hex)
    if kind is FireKind.CLOSE_COMBAT:
        first = Step("F-12", TITLES["sight"], (("hex 六角格", s_name),),
                     result="same hex 同一六角格", value=True,
                     note="close combat in one hex: no sight check (V-10, F-12)")
        more, level = _level_steps(1, 0, kind=kind, suppressed=shooter.suppressed,
                                   card=d.card(shooter), tables=tables)
        return Plan((first, *more), 1, level, None)
    rec = sight(hexmap, shooter.hex, target.hex)
    distance = shooter.hex.distance(target.hex)
    sight = Step(
        rec.case, TITLES["sight"],
        (("from 自", s_name), ("to 至", t_name), ("range 距离", f"{distance} hexes 格")),
        result="visible 通视" if rec.visible else "blocked 不通视: the shot fails 射击失败",
        value=rec.visible, note=rec.reason,
    )
    if not rec.visible:
        return Plan((sight,), distance, None, rec)
    delta = abs(hexmap.elevation_at(shooter.hex) - hexmap.elevation_at(target.hex))
    more, level = _level_steps(distance, delta, kind=kind, suppressed=shooter.suppressed,
                               card=d.card(shooter), tables=tables)
    return Plan((sight, *more), distance, level, rec)


def reactive_armour_step(result: Result, who: str = "") -> tuple[Step, Result]:
    """The E-4 step: ``result`` lowered one step (:func:`~hexrules.combat.damage.step_down`).

    >>> step, lowered = reactive_armour_step(Result.K, "B1")
    >>> lowered, step.rule
    (Result.W, 'E-4')
    """
    lowered = step_down(result)
    step = Step("E-4", label("reactive_armour"),
                (("unit 算子", who), ("result 结果", result.label)) if who else
                (("result 结果", result.label),),
                result=f"{lowered.code} {lowered.label}", value=lowered,
                note="K → W, W → S, I → S, S → no effect (E-4 [decision]); the card is spent")
    return step, lowered


def _shoot(hexmap: HexMap, d: Declaration, shooter: Unit, target: Unit, dice: DiceSource,
           sight: SightFn, armour: bool = False) -> Shot:
    plan = plan_shot(hexmap, d, shooter, sight)
    if plan.level is None:
        return Shot(shooter, target, target, plan.steps, plan.distance, None, None,
                    Result.NONE, True, plan.sight)
    more, table_result, result = shot_outcome(
        plan.level, hexmap.terrain_at(target.hex), d.tables.units.armour_of(target),
        close_combat=d.kind is FireKind.CLOSE_COMBAT, tables=d.tables, dice=dice,
        who=f"{shooter.id}→{target.id}",
    )
    if armour and result is not Result.NONE:
        step, result = reactive_armour_step(result, target.id)
        more = [*more, step]
    after = apply_result(target, result)
    note = ""
    if result is Result.S and target.suppressed:
        note = "already suppressed: no change"
    elif result in (Result.W, Result.I) and after.destroyed and not target.destroyed:
        note = "second W/I: destroyed"
    last = Step("F-10", TITLES["F-10"],
                (("before 之前", target.status_label), ("result 结果", result.label)),
                result=after.status_label, note=note)
    return Shot(shooter, target, after, (*plan.steps, *more, last), plan.distance, plan.level,
                table_result, result, True, plan.sight)


@bilingual
def adjudicate_fire(
    hexmap: HexMap,
    order: FireOrder | Unit | Iterable[Unit],
    target: Unit | None = None,
    *,
    dice: DiceSource,
    sight: SightFn | None = None,
    **context: object,
) -> FireRecord:
    """Adjudicate one declared fire, single or concentrated (F-1…F-12).

    The declaration is verified first (:func:`~hexrules.combat.declare.verify_fire`); an
    illegal one raises and no die is rolled. Then every shooter gets *Fired*, the target
    *Fired upon* (F-1), and each shooter in declared order goes through F-2: sight (a blocked
    line ends that shot), standard level (F-3), height correction (F-4), modifiers and clamp
    (F-5), 2d6 on the combat result table (F-6), terrain correction with the same dice (F-7),
    armour d6 (F-8), accumulation (F-10). Concentrated fire stops after a kill (F-9).

    Parameters
    ----------
    hexmap : HexMap
    order : FireOrder, Unit or sequence of Unit
        A :class:`~hexrules.combat.orders.FireOrder` (pass ``units=``) or the shooter(s).
    target : Unit, optional
        The target, when ``order`` is given as Units.
    dice : DiceSource
        :class:`~hexrules.dice.Dice` (seeded) or :class:`~hexrules.dice.ScriptedDice`.
    sight : callable, optional
        ``sight(hexmap, a, b)`` giving the sight record of step 1; by default
        :func:`~hexrules.sight.line_of_sight`. A game passes a memo of it (records are
        values: the same map and hexes give an equal record).
    **context
        ``units``, ``kind``, ``card_unit``, ``tables``, ``require_sight``: see
        :func:`~hexrules.combat.declare.verify_fire`.

    Returns
    -------
    FireRecord
        Frozen; inputs are unchanged.

    Examples
    --------
    >>> from hexrules import Hex, ScriptedDice
    >>> m = HexMap.flat(10, 3)
    >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(1, 1))
    >>> b1 = Unit("B1", "blue", Hex(6, 1))
    >>> order = FireOrder(["R1", "R2"], "B1")
    >>> rec = adjudicate_fire(m, order, units=[r1, r2, b1], dice=ScriptedDice([5, 6, 4]))
    >>> [s.result for s in rec.shots], rec.target_after.status_label
    ([Result.K, Result.NONE], 'Fired upon 被射击, Destroyed 歼灭')
    >>> rec.shots[1].adjudicated, rec.shooters_after[1].fired
    (False, True)
    """
    d = declare(order, target, **context)  # type: ignore[arg-type]
    if not isinstance(dice, DiceSource):
        raise RulesTypeError(f"dice must be a Dice or ScriptedDice, got {dice!r} (T-6)")
    check(hexmap, d)
    mark = dice.mark()
    units, target = d.shooters, d.target
    fired = tuple(u.with_status(Status.FIRED) for u in units)
    current = target.with_status(Status.FIRED_UPON)
    rule = "F-1, F-9" if len(units) > 1 else "F-1"
    if d.kind is FireKind.CLOSE_COMBAT:
        rule += ", F-12"
    t_name = place_name(hexmap, target.hex)
    declaration = Step(
        rule, TITLES["F-1"],
        (("shooters 射击单位", ", ".join(f"{u.id} {place_name(hexmap, u.hex)}" for u in units)),
         ("target 目标", f"{target.id} {t_name}"), ("kind 方式", d.kind.label)),
        result="markers placed 放置注记: "
        + ", ".join(f"{u.id} {Status.FIRED.label}" for u in units)
        + f"; {target.id} {Status.FIRED_UPON.label}",
        value=True,
    )
    shots = []
    sight = line_of_sight if sight is None else sight
    armour, armour_used = d.reactive_armour, False
    for u in fired:
        if current.destroyed:
            step = Step("F-9", TITLES["F-9"], (("shooter 射击单位", u.id),),
                        result="not adjudicated 不再裁决",
                        note="target already destroyed; the shooter still counts as fired")
            shots.append(Shot(u, current, current, (step,), u.hex.distance(target.hex), None,
                              None, Result.NONE, adjudicated=False))
            continue
        shot = _shoot(hexmap, d, u, current, dice, sight, armour and not armour_used)
        armour_used = armour_used or any(st.rule == "E-4" for st in shot.steps)
        shots.append(shot)
        current = shot.target_after
    return FireRecord(d.order, units, target, declaration, tuple(shots), fired, current,
                      dice.since(mark), MapRef.of(hexmap), TableRef.of(d.tables),
                      d.card_unit, armour_used)
