"""Direct fire (直瞄射击, RULES.md F-1…F-12): verify, adjudicate, and exact odds.

The module follows the *verify / can / apply* trio:

* :func:`verify_fire` raises a specific error explaining why a declaration is illegal (F-1);
* :func:`can_fire` answers yes or no;
* :func:`adjudicate_fire` adjudicates a legal declaration in the order of F-2 with the dice
  it is given and returns a frozen :class:`FireRecord` of every step: rule ID, inputs, table
  cell read, dice, modifier and result, plus the new unit states. Inputs are never changed.

Rulings this module follows (RULES.md; the project's own choices are in docs/decisions.md):

* the attack-level table F-3 (levels 1–8 hexes) and the combat result table F-6 are
  **[reconstructed]**; the artillery levels and armour values A-6/A-7 are **[house values]**;
  all of them are data files (:mod:`hexrules.tables`) an instructor can replace;
* F-2 dice order **[decision]**: no dice when the final level is ≤ 0; two d6 for F-6, reused by
  F-7; the armour d6 of F-8 only when W, I or K survives F-7;
* F-5 **[decision]**: all modifiers are added, then the result is clamped to the top level;
* C-4 **[decision]**: a violating order is refused with a clear error and changes nothing
  (the paper-table penalty is not applied).

Chance is explicit: :func:`shot_distribution` gives the exact probability of each result of
one shot, computed from the loaded tables; :func:`fire_odds` gives the exact distribution of
the target's final state after a whole (possibly concentrated) declaration;
:func:`simulate_fire` is a vectorised numpy Monte Carlo of the same adjudication.

Examples
--------
>>> from hexrules.map.hexmap import HexMap
>>> from hexrules.map.hexgrid import Hex
>>> from hexrules.dice import ScriptedDice
>>> m = HexMap.flat(30, 5)
>>> r1 = Unit("R1", "red", Hex.from_offset(0, 2))
>>> b1 = Unit("B1", "blue", Hex.from_offset(18, 2))
>>> rec = adjudicate_fire(m, r1, b1, dice=ScriptedDice([2, 3, 4]))
>>> rec.result, rec.target_after.destroyed
(Result.K, True)
>>> [s.rule for s in rec.shots[0].steps]
['L-3', 'F-3', 'F-4', 'F-5', 'F-6', 'F-7', 'F-8', 'F-10']
>>> shot_distribution(9)[Result.K]
Fraction(5, 9)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

import numpy as np

from hexrules.dice import DiceSource, Roll
from hexrules.errors import IllegalOrderError, NoLineOfSightError, RulesError
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.tables import Cell, TableSet, load_tables
from hexrules.units import Result, Status, Unit

__all__ = [
    "SUPPRESSED_MODIFIER",
    "FireKind",
    "FireOdds",
    "FireRecord",
    "FireStep",
    "Shot",
    "adjudicate_fire",
    "apply_result",
    "can_fire",
    "final_attack_level",
    "fire_odds",
    "final_state_distribution",
    "shot_distribution",
    "simulate_fire",
    "simulate_shots",
    "state_label",
    "table_odds",
    "verify_fire",
]

#: F-5: attack levels lost by a suppressed shooter.
SUPPRESSED_MODIFIER = -3


class FireKind(Enum):
    """The kind of a fire declaration and its attack-level modifier (F-5, V-8, V-9, F-12).

    Examples
    --------
    >>> FireKind.SHORT_HALT.modifier, FireKind.SHORT_HALT.label
    (-3, 'Short-halt fire 短停射击')
    >>> FireKind.parse("moving")
    FireKind.MOVING
    """

    NORMAL = "normal"
    MOVING = "moving"
    SHORT_HALT = "short_halt"
    CLOSE_COMBAT = "close_combat"

    @property
    def modifier(self) -> int:
        """Attack-level modifier of this kind of fire (F-5)."""
        return _KIND_INFO[self][0]

    @property
    def rule(self) -> str:
        """The rule that defines this kind of fire."""
        return _KIND_INFO[self][1]

    @property
    def label(self) -> str:
        """Bilingual name."""
        return _KIND_INFO[self][2]

    @classmethod
    def parse(cls, value: FireKind | str) -> FireKind:
        """A kind from a :class:`FireKind` or its value; the error lists the valid choices.

        >>> FireKind.parse("Short halt")
        FireKind.SHORT_HALT
        >>> FireKind.parse("x")
        Traceback (most recent call last):
        ...
        hexrules.errors.IllegalOrderError: unknown kind of fire 'x'; valid: 'normal', ...
        """
        if isinstance(value, FireKind):
            return value
        try:
            return cls(str(value).strip().lower().replace("-", "_").replace(" ", "_"))
        except ValueError:
            valid = ", ".join(repr(k.value) for k in cls)
            raise IllegalOrderError(f"unknown kind of fire {value!r}; valid: {valid}") from None

    def __repr__(self) -> str:
        return f"FireKind.{self.name}"


_KIND_INFO = {
    FireKind.NORMAL: (0, "F-2", "Direct fire 直瞄射击"),
    FireKind.MOVING: (-1, "V-8", "Moving fire 行进间射击"),
    FireKind.SHORT_HALT: (-3, "V-9", "Short-halt fire 短停射击"),
    FireKind.CLOSE_COMBAT: (0, "F-12", "Close combat fire 近战射击"),
}

_TITLES = {
    "sight": "Line of sight 通视判断",
    "F-3": "Base attack level 基础攻击等级",
    "F-4": "Height-difference correction 高度差修正",
    "F-5": "Other modifiers 其他修正",
    "F-6": "Combat result table 战斗结果表",
    "F-7": "Terrain correction 地形修正",
    "F-8": "Armour correction 装甲修正",
    "F-9": "Concentrated fire 集火射击",
    "F-10": "Apply the result 结果累积",
    "F-1": "Declaration 宣告射击",
}


# ---------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FireStep:
    """One step of an adjudication, with the rule that was applied.

    Attributes
    ----------
    rule : str
        Rule ID (``'F-6'``; the sight step carries the sight case ``'L-3'``/``'L-4'``/``'L-5'``).
    title : str
        Bilingual title of the step.
    inputs : tuple of (str, str)
        What the step looked at, as (name, value) pairs.
    cell : Cell or None
        The table cell read (rule, file, row, column, value), if any.
    dice : tuple of int
        Dice used by the step (F-7 shows the F-6 dice it reuses).
    modifier : int or None
        Attack-level change made by the step.
    result : str
        The result so far, in words.
    value : object
        The result so far as a value (a level, a :class:`Result`, a :class:`Unit`, a bool).
    note : str
        Why, in words.
    """

    rule: str
    title: str
    inputs: tuple[tuple[str, str], ...] = ()
    cell: Cell | None = None
    dice: tuple[int, ...] = ()
    modifier: int | None = None
    result: str = ""
    value: Any = None
    note: str = ""

    def __str__(self) -> str:
        parts = [f"[{self.rule}] {self.title}"]
        if self.inputs:
            parts.append("; ".join(f"{k} {v}" for k, v in self.inputs))
        if self.cell is not None:
            parts.append(f"table {self.cell}")
        if self.dice:
            parts.append(f"dice {'+'.join(map(str, self.dice))}")
        if self.modifier is not None:
            parts.append(f"modifier {self.modifier:+d}")
        parts.append(f"→ {self.result}")
        if self.note:
            parts.append(f"({self.note})")
        return " | ".join(parts)


@dataclass(frozen=True)
class Shot:
    """The adjudication of one shooter's shot (F-2 steps 1–8).

    Attributes
    ----------
    shooter : Unit
        The shooter, with its *Fired* marker.
    target_before, target_after : Unit
        The target before and after this shot.
    steps : tuple of FireStep
    distance : int
        Range in hexes (1 in close combat).
    level : int or None
        The final attack level (F-5), ``None`` if the shot ended before (sight, F-9).
    table_result : Result or None
        What the combat result table gave (F-6), before corrections.
    result : Result
        The result after F-7 and F-8 (``Result.NONE`` when nothing happened).
    adjudicated : bool
        ``False`` for a shooter skipped after a kill (F-9).
    sight : object
        The sight record of step 1 (``None`` in close combat or when skipped).
    """

    shooter: Unit
    target_before: Unit
    target_after: Unit
    steps: tuple[FireStep, ...]
    distance: int
    level: int | None
    table_result: Result | None
    result: Result
    adjudicated: bool = True
    sight: Any = None

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled for this shot, in order."""
        out: list[int] = []
        for s in self.steps:
            if s.rule in ("F-6", "F-8"):
                out.extend(s.dice)
        return tuple(out)


@dataclass(frozen=True)
class FireRecord:
    """Everything about one adjudicated declaration (F-1…F-12), frozen.

    Attributes
    ----------
    kind : FireKind
    shooters : tuple of Unit
        The shooters as declared (before their *Fired* markers).
    target : Unit
        The target as declared.
    declaration : FireStep
        The F-1 step: markers placed.
    shots : tuple of Shot
        One per shooter, in declared order (F-9).
    shooters_after : tuple of Unit
        The shooters after the declaration (*Fired*).
    target_after : Unit
        The target after every shot (*Fired upon* and the accumulated result, F-10).
    rolls : tuple of Roll
        Every die rolled, with its purpose.
    tables : TableSet
        The rule tables used.
    """

    kind: FireKind
    shooters: tuple[Unit, ...]
    target: Unit
    declaration: FireStep
    shots: tuple[Shot, ...]
    shooters_after: tuple[Unit, ...]
    target_after: Unit
    rolls: tuple[Roll, ...]
    tables: TableSet = field(repr=False)

    @property
    def concentrated(self) -> bool:
        """Whether several shooters fired at once (F-9)."""
        return len(self.shooters) > 1

    @property
    def result(self) -> Result:
        """The most severe result any shot produced (after corrections)."""
        order = list(Result)
        return max((s.result for s in self.shots), key=order.index, default=Result.NONE)

    @property
    def units_after(self) -> dict[str, Unit]:
        """Every unit involved, by id, after the declaration.

        >>> from hexrules.map.hexgrid import Hex
        >>> from hexrules.dice import ScriptedDice
        >>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
        >>> rec = adjudicate_fire(HexMap.flat(30, 3), r1, b1, dice=ScriptedDice([2, 3, 4]))
        >>> after = rec.units_after
        >>> sorted(after), after["R1"].fired, after["B1"].destroyed
        (['B1', 'R1'], True, True)
        """
        out = {u.id: u for u in self.shooters_after}
        out[self.target_after.id] = self.target_after
        return out

    @property
    def steps(self) -> tuple[FireStep, ...]:
        """The declaration step and every shot's steps, in order.

        >>> from hexrules.map.hexgrid import Hex
        >>> from hexrules.dice import ScriptedDice
        >>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
        >>> rec = adjudicate_fire(HexMap.flat(30, 3), r1, b1, dice=ScriptedDice([2, 3, 4]))
        >>> [s.rule for s in rec.steps]
        ['F-1', 'L-3', 'F-3', 'F-4', 'F-5', 'F-6', 'F-7', 'F-8', 'F-10']
        """
        return (self.declaration,) + tuple(st for s in self.shots for st in s.steps)

    def __repr__(self) -> str:
        ids = "+".join(u.id for u in self.shooters)
        return (
            f"<FireRecord {self.kind.value} {ids}→{self.target.id}: {self.result.code} "
            f"({self.target_after.status_label})>"
        )

    def __str__(self) -> str:
        lines = [f"{self.kind.label}: {self.declaration.result}"]
        for i, shot in enumerate(self.shots, 1):
            lines.append(f"Shot {i} 第{i}射: {shot.shooter.label} → {shot.target_before.label}")
            lines.extend(f"  {st}" for st in shot.steps)
        lines.append(f"Target 目标 {self.target_after.id}: {self.target_after.status_label}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        head = (
            "<tr><th>Rule 规则</th><th>Step 步骤</th><th>Inputs 输入</th>"
            "<th>Table cell 查表</th><th>Dice 骰子</th><th>Modifier 修正</th>"
            "<th>Result 结果</th></tr>"
        )

        def row(st: FireStep) -> str:
            cell = (
                f"{e(st.cell.rule)} {e(st.cell.table.rsplit('/', 1)[-1])}<br>row 行 "
                f"{e(st.cell.row)}, column 列 {e(st.cell.column)} → "
                f"<b>{e(_show(st.cell.value))}</b>"
                if st.cell is not None else ""
            )
            inputs = "<br>".join(f"{e(k)}: {e(v)}" for k, v in st.inputs)
            note = f"<br><small>{e(st.note)}</small>" if st.note else ""
            mod = "" if st.modifier is None else f"{st.modifier:+d}"
            return (
                f"<tr><td>{e(st.rule)}</td><td>{e(st.title)}</td><td>{inputs}</td>"
                f"<td>{cell}</td><td>{e(' + '.join(map(str, st.dice)))}</td><td>{mod}</td>"
                f"<td><b>{e(st.result)}</b>{note}</td></tr>"
            )

        body = [row(self.declaration)]
        for i, shot in enumerate(self.shots, 1):
            body.append(
                f"<tr><th colspan='7' style='text-align:left'>Shot {i} 第{i}射: "
                f"{e(shot.shooter.label)} → {e(shot.target_before.label)}</th></tr>"
            )
            body.extend(row(st) for st in shot.steps)
        return (
            f"<div class='hexrules-fire'><p><b>{e(self.kind.label)}</b> "
            f"({e(self.kind.rule)})</p><table>{head}{''.join(body)}</table>"
            f"<p>Target 目标 {e(self.target_after.id)}: "
            f"<b>{e(self.target_after.status_label)}</b></p></div>"
        )


def _show(value: Any) -> str:
    return value.code if isinstance(value, Result) else str(value)


# ---------------------------------------------------------------------------------------
# F-10 accumulation
# ---------------------------------------------------------------------------------------
_DAMAGE = (Status.SUPPRESSED, Status.WEAPON_LOST, Status.IMMOBILISED, Status.DESTROYED)


def _accumulate(status: frozenset[Status], result: Result) -> frozenset[Status]:
    if Status.DESTROYED in status or result is Result.NONE:
        return status
    if result is Result.K:
        return status | {Status.DESTROYED}
    if result is Result.S:
        return status | {Status.SUPPRESSED}
    if Status.WEAPON_LOST in status or Status.IMMOBILISED in status:
        return status | {Status.DESTROYED}
    assert result.status is not None
    return status | {result.status}


def apply_result(unit: Unit, result: Result) -> Unit:
    """The unit after ``result`` lands on it, with accumulation (F-10).

    S on a suppressed unit changes nothing; W or I on a unit that already has W or I is
    destroyed; K destroys. Artillery results (A-7) accumulate the same way.

    Examples
    --------
    >>> from hexrules.map.hexgrid import Hex
    >>> u = Unit("B1", "blue", Hex(0, 0))
    >>> apply_result(u, Result.W).status_label
    'Weapon lost 失火'
    >>> apply_result(apply_result(u, Result.W), Result.I).destroyed
    True
    """
    return unit.replace(status=_accumulate(unit.status, Result(result)))


def state_label(state: Iterable[Status]) -> str:
    """Bilingual label of a damage state such as those of :func:`final_state_distribution`.

    >>> state_label({Status.WEAPON_LOST, Status.SUPPRESSED})
    'Suppressed 压制 + Weapon lost 失火'
    >>> state_label(set())
    'Unharmed 无损'
    """
    marks = [s.label for s in _DAMAGE if s in set(state)]
    return " + ".join(marks) if marks else "Unharmed 无损"


def _damage_state(status: Iterable[Status]) -> frozenset[Status]:
    s = frozenset(status)
    if Status.DESTROYED in s:
        return frozenset({Status.DESTROYED})
    return frozenset(x for x in s if x in _DAMAGE)


# ---------------------------------------------------------------------------------------
# Declaration (F-1)
# ---------------------------------------------------------------------------------------
def _as_shooters(shooters: Unit | Sequence[Unit]) -> tuple[Unit, ...]:
    if isinstance(shooters, Unit):
        return (shooters,)
    out = tuple(shooters)
    if not out:
        raise IllegalOrderError("a fire declaration needs at least one shooter (F-1)")
    for u in out:
        if not isinstance(u, Unit):
            raise IllegalOrderError(f"shooters must be Units, got {u!r}")
    return out


def _bonuses(shooters: tuple[Unit, ...], card_bonus: int | Mapping[str, int]) -> tuple[int, ...]:
    if isinstance(card_bonus, Mapping):
        ids = {u.id for u in shooters}
        for key in card_bonus:
            if key not in ids:
                raise IllegalOrderError(
                    f"card_bonus names {key!r}, which is not a declared shooter "
                    f"({', '.join(sorted(ids))}) (E-2)"
                )
        values = tuple(card_bonus.get(u.id, 0) for u in shooters)
    else:
        if len(shooters) > 1 and card_bonus:
            raise IllegalOrderError(
                "the fire-enhancement card gives +2 to one firing unit (E-2): in concentrated "
                "fire name it, e.g. card_bonus={'" + shooters[0].id + "': 2}"
            )
        values = (card_bonus,) * len(shooters)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise IllegalOrderError(f"a card bonus must be an integer >= 0 (E-2: +2), got {v!r}")
    return values


def _name(hexmap: HexMap, h: Any) -> str:
    try:
        return hexmap.name_of(h)
    except RulesError:
        return repr(h)


def _line_of_sight(hexmap: HexMap, a: Any, b: Any) -> Any:
    from hexrules import sight

    return sight.line_of_sight(hexmap, a, b)


def verify_fire(
    hexmap: HexMap,
    shooters: Unit | Sequence[Unit],
    target: Unit,
    *,
    kind: FireKind | str = FireKind.NORMAL,
    card_bonus: int | Mapping[str, int] = 0,
    tables: TableSet | None = None,
    require_sight: bool = False,
) -> None:
    """Raise a specific error if the declaration is illegal (F-1, F-12, C-3, C-4, V-3…V-10).

    Parameters
    ----------
    hexmap : HexMap
    shooters : Unit or sequence of Unit
        One shooter, or several for concentrated fire (F-9), in declared order.
    target : Unit
    kind : FireKind or str
        Normal, moving (V-8), short-halt (V-9) or close combat (F-12).
    card_bonus : int or mapping of unit id to int
        Fire-enhancement card bonus (+2, E-2); with several shooters, name the unit.
    tables : TableSet, optional
        Rule tables (default: :func:`~hexrules.tables.load_tables`).
    require_sight : bool
        The rulebook lets a declaration without sight stand (the shot simply fails at F-2
        step 1). A referee that wants to prevent the wasted declaration sets this, and
        :class:`~hexrules.errors.NoLineOfSightError` is raised instead.

    Raises
    ------
    IllegalOrderError
        Naming the unit, the hexes and the rule broken.
    NoLineOfSightError
        Only with ``require_sight=True``.

    Examples
    --------
    >>> from hexrules.map.hexgrid import Hex
    >>> m = HexMap.flat(60, 3)
    >>> r1 = Unit("R1", "red", Hex.from_offset(0, 1))
    >>> verify_fire(m, r1, Unit("B1", "blue", Hex.from_offset(51, 1)))
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalOrderError: R1 at 4563BA cannot fire at B1 at 4565BL: range 51 hexes ...
    """
    tables = tables or load_tables()
    kind = FireKind.parse(kind)
    units = _as_shooters(shooters)
    if not isinstance(target, Unit):
        raise IllegalOrderError(f"the target must be a Unit, got {target!r}")
    ids = [u.id for u in units]
    if len(set(ids)) != len(ids):
        raise IllegalOrderError(f"a shooter is declared twice: {', '.join(ids)} (F-1, F-9)")
    _bonuses(units, card_bonus)
    t_name = _name(hexmap, target.hex)
    if target.hex not in hexmap:
        raise IllegalOrderError(f"target {target.id} at {target.hex!r} is off the map (M-1)")
    if target.destroyed:
        raise IllegalOrderError(
            f"{target.id} at {t_name} is destroyed (歼灭) and off the board: it cannot be "
            "fired on (C-3)"
        )
    if not kind == FireKind.CLOSE_COMBAT and target.fired_upon:
        raise IllegalOrderError(
            f"{target.id} at {t_name} is already Fired upon (被射击) this turn and cannot be "
            "declared as a target again (F-1; only close combat F-12 or the rapid-reload "
            "card E-5 allow it)"
        )
    if kind in (FireKind.MOVING, FireKind.SHORT_HALT) and len(units) > 1:
        raise IllegalOrderError(
            f"{kind.label} is fired by the one moving unit ({kind.rule}); "
            f"{len(units)} shooters were declared"
        )
    for u in units:
        where = _name(hexmap, u.hex)
        who = f"{u.id} at {where}"
        if u.id == target.id:
            raise IllegalOrderError(f"{who} cannot fire at itself (F-1)")
        if u.hex not in hexmap:
            raise IllegalOrderError(f"shooter {u.id} at {u.hex!r} is off the map (M-1)")
        if u.destroyed:
            raise IllegalOrderError(f"{who} is destroyed (歼灭) and cannot fire (C-3)")
        if u.side == target.side:
            raise IllegalOrderError(
                f"{who} cannot fire at {target.id} at {t_name}: both are {u.side.label} "
                "(F-1: fire is declared at an enemy unit)"
            )
        if u.weapon_lost:
            raise IllegalOrderError(
                f"{who} has lost its weapon (失火) and cannot fire its main weapon (C-3)"
            )
        if u.marching:
            raise IllegalOrderError(f"{who} is marching (行军) and may do nothing else (V-3)")
        distance = u.hex.distance(target.hex)
        if kind == FireKind.CLOSE_COMBAT:
            if distance != 0:
                raise IllegalOrderError(
                    f"{who} cannot fire in close combat at {target.id} at {t_name}: close "
                    f"combat is between units in the same hex (V-10, F-12); range {distance}"
                )
            continue
        if u.fired:
            raise IllegalOrderError(
                f"{who} has already fired (射击) this turn and cannot be declared again "
                "(F-1, C-3)"
            )
        if kind == FireKind.NORMAL and u.moved:
            raise IllegalOrderError(
                f"{who} has moved (机动) this turn: it may only fire the moving or short-halt "
                "fire of its own move (C-4 [decision]: refused, nothing changes; V-8, V-9)"
            )
        if distance == 0:
            raise IllegalOrderError(
                f"{who} and {target.id} share a hex: that is close combat, use "
                "kind='close_combat' (V-10, F-12)"
            )
        max_range = tables.attack_level.max_range
        if distance > max_range:
            raise IllegalOrderError(
                f"{who} cannot fire at {target.id} at {t_name}: range {distance} hexes is "
                f"beyond {max_range}, out of range (F-1, F-3)"
            )
        if require_sight:
            rec = _line_of_sight(hexmap, u.hex, target.hex)
            if not rec.visible:
                raise NoLineOfSightError(
                    f"{who} cannot see {target.id} at {t_name} ({rec.case}): {rec.reason}"
                )


def can_fire(hexmap: HexMap, shooters: Unit | Sequence[Unit], target: Unit, **kwargs: Any
             ) -> bool:
    """Whether :func:`verify_fire` accepts the declaration (same arguments).

    Examples
    --------
    >>> from hexrules.map.hexgrid import Hex
    >>> m = HexMap.flat(10, 3)
    >>> r1 = Unit("R1", "red", Hex(0, 1))
    >>> can_fire(m, r1, Unit("B1", "blue", Hex(5, 1)))
    True
    >>> can_fire(m, r1, Unit("R2", "red", Hex(5, 1)))
    False
    """
    try:
        verify_fire(hexmap, shooters, target, **kwargs)
    except RulesError:
        return False
    return True


# ---------------------------------------------------------------------------------------
# Attack level: F-2 steps 2–4 (no dice)
# ---------------------------------------------------------------------------------------
def _level_steps(
    distance: int,
    delta: int,
    *,
    kind: FireKind,
    suppressed: bool,
    bonus: int,
    tables: TableSet,
) -> tuple[list[FireStep], int]:
    steps: list[FireStep] = []
    close = kind == FireKind.CLOSE_COMBAT
    cell = tables.attack_level.lookup(distance)
    if cell is None:
        raise IllegalOrderError(
            f"range {distance} hexes is beyond {tables.attack_level.max_range}: out of range (F-3)"
        )
    level = int(cell.value)
    steps.append(FireStep(
        "F-3", _TITLES["F-3"], (("range 距离", f"{distance} hexes 格"),), cell,
        result=f"level 等级 {level}", value=level,
        note="close combat: range 1 (F-12)" if close else "",
    ))
    if close:
        steps.append(FireStep(
            "F-4", _TITLES["F-4"], (("Δlevel 高度差", "0"),), modifier=0,
            result=f"level 等级 {level}", value=level,
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
        steps.append(FireStep(
            "F-4", _TITLES["F-4"],
            (("Δlevel 高度差", str(delta)), ("range 距离", f"{distance} hexes 格")),
            hc, modifier=mod, result=f"level 等级 {level}", value=level, note=why,
        ))
    mods: list[tuple[str, int]] = []
    if suppressed:
        mods.append(("shooter suppressed 射击单位被压制", SUPPRESSED_MODIFIER))
    if kind.modifier:
        mods.append((f"{kind.label} ({kind.rule})", kind.modifier))
    if bonus:
        mods.append(("fire-enhancement card 火力增强卡 (E-2)", bonus))
    total = sum(m for _, m in mods)
    raw = level + total
    top = tables.combat_results.max_level
    final = min(raw, top)
    notes = []
    if raw > top:
        notes.append(f"{raw} clamped to {top} (F-5 [decision]: add all, then clamp)")
    if final <= 0:
        notes.append("level ≤ 0: no effect, no dice (F-5)")
    steps.append(FireStep(
        "F-5", _TITLES["F-5"],
        tuple((k, f"{v:+d}") for k, v in mods) or (("none 无", "0"),),
        modifier=total, result=f"final level 最终等级 {final}", value=final,
        note="; ".join(notes),
    ))
    return steps, final


def final_attack_level(
    distance: int,
    height_difference: int = 0,
    *,
    kind: FireKind | str = FireKind.NORMAL,
    suppressed: bool = False,
    card_bonus: int = 0,
    tables: TableSet | None = None,
) -> int:
    """The final attack level of one shot (F-3, F-4, F-5), without a map.

    Parameters
    ----------
    distance : int
        Range in hexes (ignored in close combat, which uses range 1, F-12).
    height_difference : int
        Difference of the two hexes' elevation levels (sign ignored, F-4).
    kind, suppressed, card_bonus, tables
        As for :func:`adjudicate_fire`; ``suppressed`` is the shooter's state.

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
    >>> final_attack_level(5, 0, card_bonus=2)
    11
    """
    kind = FireKind.parse(kind)
    close = kind == FireKind.CLOSE_COMBAT
    if not close and (isinstance(distance, bool) or not isinstance(distance, int)
                      or distance < 1):
        raise IllegalOrderError(f"range must be a whole number of hexes >= 1, got {distance!r}")
    _, level = _level_steps(
        1 if close else distance, 0 if close else abs(int(height_difference)), kind=kind,
        suppressed=suppressed, bonus=card_bonus, tables=tables or load_tables(),
    )
    return level


# ---------------------------------------------------------------------------------------
# Adjudication
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Plan:
    steps: list[FireStep]
    distance: int
    level: int | None  # None = sight blocked
    sight: Any


def _plan(hexmap: HexMap, shooter: Unit, target: Unit, kind: FireKind, bonus: int,
          tables: TableSet) -> _Plan:
    """F-2 steps 1–4 for one shooter: sight and the final attack level (no dice)."""
    s_name, t_name = _name(hexmap, shooter.hex), _name(hexmap, target.hex)
    if kind == FireKind.CLOSE_COMBAT:
        steps = [FireStep(
            "F-12", _TITLES["sight"], (("hex 六角格", s_name),), result="same hex 同一六角格",
            value=True, note="close combat in one hex: no sight check (V-10, F-12)",
        )]
        more, level = _level_steps(1, 0, kind=kind, suppressed=shooter.suppressed,
                                   bonus=bonus, tables=tables)
        return _Plan(steps + more, 1, level, None)
    rec = _line_of_sight(hexmap, shooter.hex, target.hex)
    distance = shooter.hex.distance(target.hex)
    sight_step = FireStep(
        rec.case, _TITLES["sight"],
        (("from 自", s_name), ("to 至", t_name), ("range 距离", f"{distance} hexes 格")),
        result="visible 通视" if rec.visible else "blocked 不通视: the shot fails 射击失败",
        value=bool(rec.visible), note=rec.reason,
    )
    if not rec.visible:
        return _Plan([sight_step], distance, None, rec)
    delta = abs(hexmap.elevation_at(shooter.hex) - hexmap.elevation_at(target.hex))
    more, level = _level_steps(distance, delta, kind=kind, suppressed=shooter.suppressed,
                               bonus=bonus, tables=tables)
    return _Plan([sight_step] + more, distance, level, rec)


def _shoot(hexmap: HexMap, shooter: Unit, target: Unit, kind: FireKind, bonus: int,
           tables: TableSet, dice: DiceSource) -> Shot:
    plan = _plan(hexmap, shooter, target, kind, bonus, tables)
    steps = list(plan.steps)
    if plan.level is None:
        return Shot(shooter, target, target, tuple(steps), plan.distance, None, None,
                    Result.NONE, True, plan.sight)
    level = plan.level
    crt = tables.combat_results
    table_result: Result | None = None
    result = Result.NONE
    if level <= 0:
        steps.append(FireStep("F-6", _TITLES["F-6"], (("final level 最终等级", str(level)),),
                              result=Result.NONE.label, value=Result.NONE,
                              note="level ≤ 0: no dice rolled (F-5, F-2 [decision])"))
    else:
        d = dice.roll(2, "F-6", f"2d6 {shooter.id}→{target.id}")
        cell = crt.lookup(level, d[0] + d[1])
        table_result = result = cell.value
        steps.append(FireStep(
            "F-6", _TITLES["F-6"],
            (("final level 最终等级", str(level)), ("2d6 sum 点数和", str(d[0] + d[1]))),
            cell, d, result=f"{result.code} {result.label}", value=result,
        ))
        # F-7 terrain correction, same dice
        terrain = hexmap.terrain_at(target.hex)
        t_in = (("target hex 目标地形", terrain.label),)
        if kind == FireKind.CLOSE_COMBAT:
            steps.append(FireStep("F-7", _TITLES["F-7"], t_in, dice=d, result=result.label,
                                  value=result,
                                  note="close combat: no terrain correction (F-12, V-10)"))
        elif not result.is_damage:
            steps.append(FireStep("F-7", _TITLES["F-7"], t_in, dice=d, result=result.label,
                                  value=result, note="applies only to W, I, K"))
        elif terrain in crt.terrain_faces:
            faces = crt.terrain_faces[terrain]
            hit = d[0] in faces or d[1] in faces
            shown = ", ".join(map(str, sorted(faces))) or "none"
            new = Result.S if hit else result
            steps.append(FireStep(
                "F-7", _TITLES["F-7"], t_in,
                Cell("F-7", crt.meta.file, terrain.label, f"faces 点数 {shown}", new),
                d, result=f"{new.code} {new.label}", value=new,
                note=(f"a die shows {shown}: {result.code} → S" if hit
                      else f"no die shows {shown}: {result.code} stands"),
            ))
            result = new
        else:
            steps.append(FireStep("F-7", _TITLES["F-7"], t_in, dice=d, result=result.label,
                                  value=result, note=f"no correction in {terrain.label}"))
        # F-8 armour correction, a new die only if W/I/K survives (F-2 dice order [decision])
        if result.is_damage:
            a = dice.d6("F-8", f"armour d6 {target.id}")
            threshold = crt.armour[target.armour]
            new = Result.S if a <= threshold else result
            steps.append(FireStep(
                "F-8", _TITLES["F-8"], (("armour 装甲", target.armour),),
                Cell("F-8", crt.meta.file, target.armour, f"d6 ≤ {threshold}", new),
                (a,), result=f"{new.code} {new.label}", value=new,
                note=(f"d6 {a} ≤ {threshold}: {result.code} → S" if a <= threshold
                      else f"d6 {a} > {threshold}: {result.code} stands"),
            ))
            result = new
        else:
            steps.append(FireStep("F-8", _TITLES["F-8"], (), result=result.label, value=result,
                                  note="applies only to W, I, K: no die rolled"))
    after = apply_result(target, result)
    note = ""
    if result is Result.S and target.suppressed:
        note = "already suppressed: no change"
    elif result in (Result.W, Result.I) and after.destroyed and not target.destroyed:
        note = "second W/I: destroyed"
    steps.append(FireStep(
        "F-10", _TITLES["F-10"],
        (("before 之前", target.status_label), ("result 结果", result.label)),
        result=after.status_label, value=after, note=note,
    ))
    return Shot(shooter, target, after, tuple(steps), plan.distance, level, table_result,
                result, True, plan.sight)


def adjudicate_fire(
    hexmap: HexMap,
    shooters: Unit | Sequence[Unit],
    target: Unit,
    *,
    dice: DiceSource,
    kind: FireKind | str = FireKind.NORMAL,
    card_bonus: int | Mapping[str, int] = 0,
    tables: TableSet | None = None,
    require_sight: bool = False,
) -> FireRecord:
    """Adjudicate one declared fire, single or concentrated (F-1…F-12).

    The declaration is verified first (:func:`verify_fire`); an illegal one raises and no die
    is rolled. Then every shooter gets *Fired*, the target *Fired upon* (F-1), and each
    shooter in declared order goes through F-2: sight (a blocked line ends that shot), base
    level (F-3), height correction (F-4), modifiers and clamp (F-5), 2d6 on the combat result
    table (F-6), terrain correction with the same dice (F-7), armour d6 (F-8), accumulation
    (F-10). Concentrated fire stops after a kill (F-9). Dice order: no dice when the final
    level is ≤ 0; 2d6 for F-6; the armour d6 only when W, I or K survives F-7.

    Parameters
    ----------
    hexmap : HexMap
    shooters : Unit or sequence of Unit
        In declared order.
    target : Unit
    dice : DiceSource
        :class:`~hexrules.dice.Dice` or :class:`~hexrules.dice.ScriptedDice`.
    kind : FireKind or str
        ``'normal'``, ``'moving'`` (−1, V-8), ``'short_halt'`` (−3, V-9) or
        ``'close_combat'`` (F-12).
    card_bonus : int or mapping of unit id to int
        Fire-enhancement card (+2, E-2).
    tables : TableSet, optional
        Default: :func:`~hexrules.tables.load_tables`.
    require_sight : bool
        Refuse a declaration without sight instead of letting the shot fail (see
        :func:`verify_fire`).

    Returns
    -------
    FireRecord
        Frozen; inputs are unchanged.

    Examples
    --------
    >>> from hexrules.map.hexgrid import Hex
    >>> from hexrules.dice import ScriptedDice
    >>> m = HexMap.flat(10, 3)
    >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(1, 1))
    >>> b1 = Unit("B1", "blue", Hex(6, 1))
    >>> rec = adjudicate_fire(m, [r1, r2], b1, dice=ScriptedDice([5, 6, 4]))
    >>> [s.result for s in rec.shots], rec.target_after.status_label
    ([Result.K, Result.NONE], 'Fired upon 被射击, Destroyed 歼灭')
    >>> rec.shots[1].adjudicated, rec.shooters_after[1].fired
    (False, True)
    """
    tables = tables or load_tables()
    kind = FireKind.parse(kind)
    if not isinstance(dice, DiceSource):
        raise RulesError(f"dice must be a Dice or ScriptedDice, got {dice!r} (T-6)")
    verify_fire(hexmap, shooters, target, kind=kind, card_bonus=card_bonus, tables=tables,
                require_sight=require_sight)
    units = _as_shooters(shooters)
    bonuses = _bonuses(units, card_bonus)
    first_roll = len(dice.log)

    fired = tuple(u.with_status(Status.FIRED) for u in units)
    current = target.with_status(Status.FIRED_UPON)
    t_name = _name(hexmap, target.hex)
    rule = "F-1, F-9" if len(units) > 1 else "F-1"
    if kind == FireKind.CLOSE_COMBAT:
        rule += ", F-12"
    declaration = FireStep(
        rule, _TITLES["F-1"],
        (("shooters 射击单位", ", ".join(f"{u.id} {_name(hexmap, u.hex)}" for u in units)),
         ("target 目标", f"{target.id} {t_name}"), ("kind 方式", kind.label)),
        result="markers placed 放置注记: " + ", ".join(f"{u.id} {Status.FIRED.label}"
                                                  for u in units)
        + f"; {target.id} {Status.FIRED_UPON.label}",
        value=True,
    )
    shots = []
    for u, bonus in zip(fired, bonuses, strict=True):
        if current.destroyed:
            step = FireStep("F-9", _TITLES["F-9"], (("shooter 射击单位", u.id),),
                            result="not adjudicated 不裁决",
                            note="target already destroyed; the shooter still counts as fired")
            shots.append(Shot(u, current, current, (step,), u.hex.distance(target.hex), None,
                              None, Result.NONE, adjudicated=False))
            continue
        shot = _shoot(hexmap, u, current, kind, bonus, tables, dice)
        shots.append(shot)
        current = shot.target_after
    return FireRecord(kind, units, target, declaration, tuple(shots), fired, current,
                      dice.log[first_roll:], tables)


# ---------------------------------------------------------------------------------------
# Exact odds
# ---------------------------------------------------------------------------------------
def _terrain_faces(terrain: Terrain | str, close_combat: bool, tables: TableSet
                   ) -> frozenset[int]:
    if close_combat:
        return frozenset()
    t = Terrain.from_code(terrain) if isinstance(terrain, str) and len(terrain) == 1 else (
        Terrain[terrain.upper()] if isinstance(terrain, str) else Terrain(terrain))
    return tables.combat_results.terrain_faces.get(t, frozenset())


def table_odds(level: int, *, tables: TableSet | None = None) -> dict[Result, Fraction]:
    """Exact odds of the combat result table alone (F-6, before F-7 and F-8).

    Examples
    --------
    >>> [table_odds(lv)[Result.K] * 36 for lv in (3, 9)]
    [Fraction(2, 1), Fraction(24, 1)]
    """
    crt = (tables or load_tables()).combat_results
    counts = dict.fromkeys(Result, 0)
    level = min(level, crt.max_level)
    if level <= 0:
        return {r: Fraction(int(r is Result.NONE)) for r in Result}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            counts[crt.rows[d1 + d2][level - 1]] += 1
    return {r: Fraction(c, 36) for r, c in counts.items()}


def shot_distribution(
    level: int,
    terrain: Terrain | str = Terrain.OPEN,
    *,
    armour: str = "medium",
    close_combat: bool = False,
    tables: TableSet | None = None,
) -> dict[Result, Fraction]:
    """Exact probability of each result of one shot after every correction (F-6, F-7, F-8).

    Parameters
    ----------
    level : int
        Final attack level (F-5); above the top level it is clamped, ≤ 0 is no effect.
    terrain : Terrain or str
        The target's hex terrain (F-7); ``'city'``/``'C'``, ``'forest'``/``'F'``…
    armour : str
        The target's armour class (F-8).
    close_combat : bool
        No terrain correction (F-12).
    tables : TableSet, optional

    Returns
    -------
    dict of Result to Fraction
        Keys in order none, S, W, I, K; the values sum to 1.

    Examples
    --------
    >>> d = shot_distribution(11, "city")
    >>> d[Result.K] + d[Result.W] + d[Result.I] == (1 - Fraction(11, 36)) * Fraction(5, 6)
    True
    """
    tables = tables or load_tables()
    crt = tables.combat_results
    level = min(level, crt.max_level)
    if level <= 0:
        return {r: Fraction(int(r is Result.NONE)) for r in Result}
    faces = _terrain_faces(terrain, close_combat, tables)
    a = crt.armour[armour]
    counts = dict.fromkeys(Result, 0)  # out of 36 × 6 equally likely (2d6, armour d6)
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            r = crt.rows[d1 + d2][level - 1]
            if not r.is_damage:
                counts[r] += 6
            elif d1 in faces or d2 in faces:
                counts[Result.S] += 6
            else:
                counts[Result.S] += a
                counts[r] += 6 - a
    return {r: Fraction(c, 216) for r, c in counts.items()}


def final_state_distribution(
    shots: Sequence[Mapping[Result, Fraction]],
    start: Unit | Iterable[Status] = (),
) -> dict[frozenset[Status], Fraction]:
    """Exact distribution of a target's damage state after shots in order (F-9, F-10).

    Parameters
    ----------
    shots : sequence of mapping Result → Fraction
        One result distribution per shot, in declared order (e.g. from
        :func:`shot_distribution`).
    start : Unit or iterable of Status
        The target's state before the first shot.

    Returns
    -------
    dict of frozenset of Status to Fraction
        Keys are damage states (subsets of S, W, I; a destroyed target is
        ``frozenset({Status.DESTROYED})``); once destroyed, later shots are not adjudicated.

    Examples
    --------
    >>> one = shot_distribution(9)
    >>> two = final_state_distribution([one, one])
    >>> two[frozenset({Status.DESTROYED})] > one[Result.K]
    True
    >>> sum(two.values())
    Fraction(1, 1)
    """
    init = _damage_state(start.status if isinstance(start, Unit) else start)
    dist: dict[frozenset[Status], Fraction] = {init: Fraction(1)}
    for shot in shots:
        new: dict[frozenset[Status], Fraction] = {}
        for state, p in dist.items():
            if Status.DESTROYED in state:
                new[state] = new.get(state, Fraction(0)) + p
                continue
            for r, q in shot.items():
                if q:
                    s2 = _damage_state(_accumulate(state, r))
                    new[s2] = new.get(s2, Fraction(0)) + p * q
        dist = new
    return dict(sorted(dist.items(), key=lambda kv: _state_order(kv[0])))


def _state_order(state: frozenset[Status]) -> tuple[int, ...]:
    return tuple(int(s in state) for s in reversed(_DAMAGE))


@dataclass(frozen=True)
class FireOdds:
    """Exact odds of a whole declaration (from :func:`fire_odds`).

    Attributes
    ----------
    shooters : tuple of Unit
    target : Unit
    levels : tuple of (int or None)
        Final attack level per shooter (``None``: no line of sight).
    shots : tuple of dict
        Result distribution of each shot, were it adjudicated.
    final : dict of frozenset of Status to Fraction
        The target's final damage state (F-10; stops after a kill, F-9).
    """

    shooters: tuple[Unit, ...]
    target: Unit
    levels: tuple[int | None, ...]
    shots: tuple[dict[Result, Fraction], ...]
    final: dict[frozenset[Status], Fraction]

    @property
    def p_destroyed(self) -> Fraction:
        """Probability that the target ends destroyed.

        >>> from hexrules.map.hexgrid import Hex
        >>> m = HexMap.flat(30, 3)
        >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(0, 2))
        >>> b1 = Unit("B1", "blue", Hex(18, 1))
        >>> fire_odds(m, r1, b1).p_destroyed, fire_odds(m, [r1, r2], b1).p_destroyed
        (Fraction(5, 9), Fraction(37465, 46656))
        """
        return self.final.get(frozenset({Status.DESTROYED}), Fraction(0))

    @property
    def expected_shots(self) -> Fraction:
        """Expected number of shots actually adjudicated (the rest are skipped after a kill).

        >>> from hexrules.map.hexgrid import Hex
        >>> m = HexMap.flat(30, 3)
        >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(0, 2))
        >>> fire_odds(m, [r1, r2], Unit("B1", "blue", Hex(18, 1))).expected_shots
        Fraction(13, 9)
        """
        total, alive = Fraction(0), Fraction(1)
        dist = final_state_distribution([], self.target)
        for k in range(len(self.shots)):
            total += alive
            dist = final_state_distribution(self.shots[: k + 1], self.target)
            alive = 1 - dist.get(frozenset({Status.DESTROYED}), Fraction(0))
        return total

    def _repr_html_(self) -> str:
        e = html.escape
        rows = []
        for u, lv, d in zip(self.shooters, self.levels, self.shots, strict=True):
            cells = "".join(f"<td>{float(d[r]):.1%}</td>" for r in Result)
            rows.append(f"<tr><td>{e(u.id)}</td><td>{'—' if lv is None else lv}</td>{cells}</tr>")
        head = "".join(f"<th>{e(r.label)}</th>" for r in Result)
        final = "".join(
            f"<tr><td>{e(state_label(s))}</td><td>{p}</td><td>{float(p):.2%}</td></tr>"
            for s, p in self.final.items()
        )
        return (
            "<table><tr><th>Shooter 射击单位</th><th>Level 等级</th>" + head + "</tr>"
            + "".join(rows) + "</table><p>Target's final state 目标最终状态</p><table>"
            + "<tr><th>State 状态</th><th>Exact 精确</th><th>%</th></tr>" + final + "</table>"
        )


def fire_odds(
    hexmap: HexMap,
    shooters: Unit | Sequence[Unit],
    target: Unit,
    *,
    kind: FireKind | str = FireKind.NORMAL,
    card_bonus: int | Mapping[str, int] = 0,
    tables: TableSet | None = None,
) -> FireOdds:
    """Exact odds of a declaration before any die is rolled (same arguments as adjudication).

    Uses the same F-2 steps 1–4 as :func:`adjudicate_fire`, then :func:`shot_distribution`
    per shooter and :func:`final_state_distribution` with the target's current state.

    Raises
    ------
    IllegalOrderError
        If the declaration is illegal (:func:`verify_fire`).

    Examples
    --------
    >>> from hexrules.map.hexgrid import Hex
    >>> m = HexMap.flat(30, 3)
    >>> r1 = Unit("R1", "red", Hex(0, 1))
    >>> odds = fire_odds(m, r1, Unit("B1", "blue", Hex(18, 1)))
    >>> odds.levels, odds.p_destroyed
    ((9,), Fraction(5, 9))
    """
    tables = tables or load_tables()
    kind = FireKind.parse(kind)
    verify_fire(hexmap, shooters, target, kind=kind, card_bonus=card_bonus, tables=tables)
    units = _as_shooters(shooters)
    bonuses = _bonuses(units, card_bonus)
    terrain = hexmap.terrain_at(target.hex)
    close = kind == FireKind.CLOSE_COMBAT
    levels, dists = [], []
    for u, bonus in zip(units, bonuses, strict=True):
        plan = _plan(hexmap, u, target, kind, bonus, tables)
        levels.append(plan.level)
        if plan.level is None:
            dists.append({r: Fraction(int(r is Result.NONE)) for r in Result})
        else:
            dists.append(shot_distribution(plan.level, terrain, armour=target.armour,
                                           close_combat=close, tables=tables))
    final = final_state_distribution(dists, target)
    return FireOdds(units, target, tuple(levels), tuple(dists), final)


# ---------------------------------------------------------------------------------------
# Monte Carlo
# ---------------------------------------------------------------------------------------
# Result indices in simulation arrays follow the order of Result: 0 none, 1 S, 2 W, 3 I, 4 K.
_SB, _WB, _IB, _KB = 1, 2, 4, 8  # damage-state bits


def simulate_shots(
    level: int,
    terrain: Terrain | str = Terrain.OPEN,
    n: int = 1,
    rng: np.random.Generator | int | None = None,
    *,
    armour: str = "medium",
    close_combat: bool = False,
    tables: TableSet | None = None,
) -> np.ndarray:
    """Simulate ``n`` independent shots at one final level (vectorised, numpy).

    Returns an ``int8`` array of result indices in the order of :class:`Result`
    (0 none, 1 S, 2 W, 3 I, 4 K). Uses the same tables as :func:`shot_distribution`.

    Examples
    --------
    >>> r = simulate_shots(9, "open", 10_000, rng=1)
    >>> r.shape, set(np.unique(r)) <= {0, 1, 2, 3, 4}
    ((10000,), True)
    """
    tables = tables or load_tables()
    crt = tables.combat_results
    rng = np.random.default_rng(rng)
    level = min(level, crt.max_level)
    if level <= 0:
        return np.zeros(n, dtype=np.int8)
    d = rng.integers(1, 7, size=(3, n), dtype=np.int8)
    res = crt.codes[:, level][d[0] + d[1]]
    faces = _terrain_faces(terrain, close_combat, tables)
    if faces:
        mask = np.zeros(7, dtype=bool)
        mask[list(faces)] = True
        res = np.where((res >= 2) & (mask[d[0]] | mask[d[1]]), np.int8(1), res)
    a = crt.armour[armour]
    if a:
        res = np.where((res >= 2) & (d[2] <= a), np.int8(1), res)
    return res


def _to_bits(state: Iterable[Status]) -> int:
    s = _damage_state(state)
    return ((_SB if Status.SUPPRESSED in s else 0) | (_WB if Status.WEAPON_LOST in s else 0)
            | (_IB if Status.IMMOBILISED in s else 0) | (_KB if Status.DESTROYED in s else 0))


def _from_bits(bits: int) -> frozenset[Status]:
    if bits & _KB:
        return frozenset({Status.DESTROYED})
    out = set()
    for bit, st in ((_SB, Status.SUPPRESSED), (_WB, Status.WEAPON_LOST),
                    (_IB, Status.IMMOBILISED)):
        if bits & bit:
            out.add(st)
    return frozenset(out)


def _accumulate_bits(state: np.ndarray, res: np.ndarray) -> np.ndarray:
    alive = (state & _KB) == 0
    wi = (res == 2) | (res == 3)
    already = (state & (_WB | _IB)) != 0
    add = np.where(res == 1, _SB, 0)
    add = np.where(wi & ~already, np.where(res == 2, _WB, _IB), add)
    add = np.where((wi & already) | (res == 4), _KB, add)
    return np.where(alive, state | add, state).astype(np.int8)


def simulate_fire(
    hexmap: HexMap,
    shooters: Unit | Sequence[Unit],
    target: Unit,
    *,
    n: int,
    rng: np.random.Generator | int | None = None,
    kind: FireKind | str = FireKind.NORMAL,
    card_bonus: int | Mapping[str, int] = 0,
    tables: TableSet | None = None,
) -> dict[frozenset[Status], int]:
    """Monte Carlo of a declaration, ``n`` times (vectorised); counts of final states.

    The same F-2 steps 1–4 as :func:`adjudicate_fire`, then vectorised dice for F-6, F-7,
    F-8 and accumulation (F-10); shots after a kill change nothing (F-9). Compare with
    :func:`fire_odds`.

    Examples
    --------
    >>> from hexrules.map.hexgrid import Hex
    >>> m = HexMap.flat(30, 3)
    >>> r1, r2 = Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(1, 1))
    >>> counts = simulate_fire(m, [r1, r2], Unit("B1", "blue", Hex(18, 1)), n=1000, rng=3)
    >>> sum(counts.values())
    1000
    """
    tables = tables or load_tables()
    kind = FireKind.parse(kind)
    verify_fire(hexmap, shooters, target, kind=kind, card_bonus=card_bonus, tables=tables)
    units = _as_shooters(shooters)
    bonuses = _bonuses(units, card_bonus)
    rng = np.random.default_rng(rng)
    terrain = hexmap.terrain_at(target.hex)
    close = kind == FireKind.CLOSE_COMBAT
    state = np.full(n, _to_bits(target.status), dtype=np.int8)
    for u, bonus in zip(units, bonuses, strict=True):
        plan = _plan(hexmap, u, target, kind, bonus, tables)
        if plan.level is None:
            continue
        res = simulate_shots(plan.level, terrain, n, rng, armour=target.armour,
                             close_combat=close, tables=tables)
        state = _accumulate_bits(state, res)
    state = np.where(state & _KB, _KB, state)
    values, counts = np.unique(state, return_counts=True)
    out = {_from_bits(int(v)): int(c) for v, c in zip(values, counts, strict=True)}
    return dict(sorted(out.items(), key=lambda kv: _state_order(kv[0])))
