"""Editing a scenario (§9): edits as values, each checked by the scenario loader's own checks.

An instructor builds an exercise on the board: units of each side and type, set-up zones,
objective hexes and their points, the number of turns, the cards and the referee options.
Each change is a small frozen value — :class:`PlaceUnit`, :class:`MoveUnit`,
:class:`RemoveUnit`, :class:`SetUnitType`, :class:`SetUnitSide`, :class:`ToggleMarker`,
:class:`ToggleZone`, :class:`PutObjective`, :class:`RemoveObjective`, :class:`SetOption` —
and applying it to a :class:`~hexrules.game.scenario.Scenario` gives a *new* scenario, built
through the scenario's own constructor, so it passes exactly the checks the loader applies
(:func:`~hexrules.game.scenariofile.check_scenario`: water V-1, stacking V-11, both sides in a
hex V-10, unit types C-1, starting markers C-3, objectives, turns, set-up zones). The editor
can therefore never hold a scenario the loader rejects: every state of a
:class:`ScenarioEditor` is a valid scenario, and :meth:`ScenarioEditor.save` writes it and
reads it back with :meth:`Scenario.load`. A refused edit raises
:class:`~hexrules.errors.ScenarioEditError` naming the edit, the entry, the problem and its
rule, and changes nothing.

As for the map editor (:mod:`hexrules.map.edit`), an edit comes as a trio:
:func:`verify_edit` raises with the reason, :func:`can_edit` answers yes or no,
:func:`apply_edit` returns the new scenario; :class:`ScenarioEditor` keeps the history (undo,
redo) and returns an :class:`EditRecord` per edit.

**[project ruling] A scenario is never empty.** The format asks for at least one unit a
side and one objective, so a new scenario (:func:`new_scenario`) starts with one tank a side
and a "destroy the enemy" objective; removing the last unit of a side, or the last
objective, is refused (place another first).

Examples
--------
>>> ed = ScenarioEditor(new_scenario("training"))
>>> rec = ed.apply(PlaceUnit("R2", "red", "4563NF"))
>>> print(rec)
[C-1] Unit 兵力单位算子 R2: — → red tank at 4563NF
>>> ed.apply(PlaceUnit("R3", "red", "4563ZZ"))
Traceback (most recent call last):
...
hexrules.errors.ScenarioEditError: PlaceUnit('R3', 'red', '4563ZZ', 'tank'): \
sides.red.units[2].hex: '4563ZZ' is not a hex of map 'training' (...)
>>> len(ed.scenario.side("red").units)       # unchanged
2
>>> _ = ed.undo(); len(ed.scenario.side("red").units)
1
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from hexrules.errors import RulesTypeError, ScenarioEditError, ScenarioFormatError
from hexrules.game.scenario import (
    Bilingual,
    Objective,
    Scenario,
    SetupZone,
    SideSetup,
    UnitSetup,
    VictoryRule,
)
from hexrules.glossary import label
from hexrules.records import Step, encode, register
from hexrules.units import DEFAULT_UNIT_TYPE, Side, Status

__all__ = [
    "OPTIONS",
    "Edit",
    "EditRecord",
    "MoveUnit",
    "PlaceUnit",
    "PutObjective",
    "RemoveObjective",
    "RemoveUnit",
    "ScenarioEditor",
    "SetOption",
    "SetUnitSide",
    "SetUnitType",
    "ToggleMarker",
    "ToggleZone",
    "apply_edit",
    "can_edit",
    "hold_objective",
    "new_scenario",
    "next_objective_id",
    "next_unit_id",
    "verify_edit",
]

_RULE = re.compile(r"\b([MCLFVAET]-\d+)\b")


def _side(value: Any) -> Side:
    if isinstance(value, Side):
        return value
    if isinstance(value, str):
        return Side.parse(value)
    raise RulesTypeError(f"a side is 'red' or 'blue', got {value!r}")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RulesTypeError(f"{what} must be a string, got {value!r}")
    return value


# ---------------------------------------------------------------------------------------
# The edits
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlaceUnit:
    """Put a new unit of ``side`` and ``type`` on ``hex`` (a military name, M-2; C-1).

    >>> PlaceUnit("R2", "red", "4563NF")
    PlaceUnit('R2', 'red', '4563NF', 'tank')
    """

    id: str
    side: Side
    hex: str
    type: str = DEFAULT_UNIT_TYPE
    rule: ClassVar[str] = "C-1"

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", _side(self.side))
        for f in ("id", "hex", "type"):
            _text(getattr(self, f), f"PlaceUnit: {f}")

    def __repr__(self) -> str:
        return f"PlaceUnit({self.id!r}, {self.side.value!r}, {self.hex!r}, {self.type!r})"


@dataclass(frozen=True)
class MoveUnit:
    """Set up unit ``id`` on another ``hex`` instead.

    >>> MoveUnit("R1", "4563NF")
    MoveUnit('R1', '4563NF')
    """

    id: str
    hex: str
    rule: ClassVar[str] = "C-1"

    def __post_init__(self) -> None:
        _text(self.id, "MoveUnit: id")
        _text(self.hex, "MoveUnit: hex")

    def __repr__(self) -> str:
        return f"MoveUnit({self.id!r}, {self.hex!r})"


@dataclass(frozen=True)
class RemoveUnit:
    """Take unit ``id`` out of the scenario.

    >>> RemoveUnit("R1")
    RemoveUnit('R1')
    """

    id: str
    rule: ClassVar[str] = "C-1"

    def __post_init__(self) -> None:
        _text(self.id, "RemoveUnit: id")

    def __repr__(self) -> str:
        return f"RemoveUnit({self.id!r})"


@dataclass(frozen=True)
class SetUnitType:
    """Make unit ``id`` a unit of ``type`` (a type of ``units.toml``, C-1).

    >>> SetUnitType("R1", "tank")
    SetUnitType('R1', 'tank')
    """

    id: str
    type: str
    rule: ClassVar[str] = "C-1"

    def __post_init__(self) -> None:
        _text(self.id, "SetUnitType: id")
        _text(self.type, "SetUnitType: type")

    def __repr__(self) -> str:
        return f"SetUnitType({self.id!r}, {self.type!r})"


@dataclass(frozen=True)
class SetUnitSide:
    """Give unit ``id`` to ``side`` (it goes last in that side's list).

    >>> SetUnitSide("R1", "blue")
    SetUnitSide('R1', 'blue')
    """

    id: str
    side: Side
    rule: ClassVar[str] = "C-1"

    def __post_init__(self) -> None:
        _text(self.id, "SetUnitSide: id")
        object.__setattr__(self, "side", _side(self.side))

    def __repr__(self) -> str:
        return f"SetUnitSide({self.id!r}, {self.side.value!r})"


@dataclass(frozen=True)
class ToggleMarker:
    """Put a starting marker on unit ``id``, or take it off (C-3: suppressed, weapon lost,
    immobilised).

    >>> ToggleMarker("R1", "suppressed")
    ToggleMarker('R1', Status.SUPPRESSED)
    """

    id: str
    marker: Status
    rule: ClassVar[str] = "C-3"

    def __post_init__(self) -> None:
        _text(self.id, "ToggleMarker: id")
        if not isinstance(self.marker, Status):
            try:
                object.__setattr__(self, "marker", Status(self.marker))
            except ValueError:
                raise RulesTypeError(f"ToggleMarker: unknown marker {self.marker!r} (valid: "
                                     f"{', '.join(s.value for s in Status)})") from None

    def __repr__(self) -> str:
        return f"ToggleMarker({self.id!r}, Status.{self.marker.name})"


@dataclass(frozen=True)
class ToggleZone:
    """Add ``hex`` to ``side``'s set-up zone, or take it out ([project ruling] set-up zones).

    >>> ToggleZone("blue", "4563RO")
    ToggleZone('blue', '4563RO')
    """

    side: Side
    hex: str
    rule: ClassVar[str] = "§9"

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", _side(self.side))
        _text(self.hex, "ToggleZone: hex")

    def __repr__(self) -> str:
        return f"ToggleZone({self.side.value!r}, {self.hex!r})"


@dataclass(frozen=True)
class PutObjective:
    """Add ``objective``, or replace the objective with its id (§9).

    >>> PutObjective(Objective("hill", "hold", Bilingual("Hill", "高地"), 2, hex="4563PJ")).id
    'hill'
    """

    objective: Objective
    rule: ClassVar[str] = "§9"

    def __post_init__(self) -> None:
        if not isinstance(self.objective, Objective):
            raise RulesTypeError(f"PutObjective takes an Objective, got {self.objective!r}")

    @property
    def id(self) -> str:
        """The objective's id."""
        return self.objective.id


@dataclass(frozen=True)
class RemoveObjective:
    """Take the objective ``id`` out (§9).

    >>> RemoveObjective("saddle")
    RemoveObjective('saddle')
    """

    id: str
    rule: ClassVar[str] = "§9"

    def __post_init__(self) -> None:
        _text(self.id, "RemoveObjective: id")

    def __repr__(self) -> str:
        return f"RemoveObjective({self.id!r})"


#: The options :class:`SetOption` sets: name → (the file's entry, what it is).
OPTIONS: dict[str, tuple[str, str]] = {
    "name": ("name", "the scenario's name (Bilingual)"),
    "briefing": ("briefing", "the briefing (Bilingual)"),
    "turns": ("turns", "the number of turns, 1-50 (§8)"),
    "fog_of_war": ("fog_of_war", "the game's default for fog of war (§3)"),
    "paper_table": ("referee.paper_table", "the paper-table referee (C-4, V-5)"),
    "cards": ("cards", "play with the random event cards (§7)"),
    "seed": ("seed", "the dice seed, an integer >= 0 or None (T-6)"),
    "min_lead": ("victory.min_lead", "the lead in points a win needs (§9)"),
}


@dataclass(frozen=True)
class SetOption:
    """Set one of the scenario's :data:`OPTIONS` (turns, cards, referee options…).

    >>> SetOption("turns", 8)
    SetOption('turns', 8)
    >>> SetOption("tunrs", 8)
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesTypeError: SetOption: unknown option 'tunrs' (valid: name, briefing, \
turns, fog_of_war, paper_table, cards, seed, min_lead)
    """

    option: str
    value: Any

    def __post_init__(self) -> None:
        if self.option not in OPTIONS:
            raise RulesTypeError(f"SetOption: unknown option {self.option!r} (valid: "
                                 f"{', '.join(OPTIONS)})")
        if isinstance(self.value, dict | list):
            raise RulesTypeError(f"SetOption: {self.option} takes a value, got {self.value!r}")

    @property
    def rule(self) -> str:
        """The rule of the option."""
        return {"turns": "T-1", "paper_table": "C-4", "cards": "E-1", "seed": "T-6"}.get(
            self.option, "§9")

    def __repr__(self) -> str:
        return f"SetOption({self.option!r}, {self.value!r})"


#: Any scenario edit.
Edit = (PlaceUnit | MoveUnit | RemoveUnit | SetUnitType | SetUnitSide | ToggleMarker
        | ToggleZone | PutObjective | RemoveObjective | SetOption)
_EDIT_TYPES = (PlaceUnit, MoveUnit, RemoveUnit, SetUnitType, SetUnitSide, ToggleMarker,
               ToggleZone, PutObjective, RemoveObjective, SetOption)


# ---------------------------------------------------------------------------------------
# Checking and applying
# ---------------------------------------------------------------------------------------
def _refuse(edit: Any, entry: str | None, problem: str, rule: str | None = None
            ) -> ScenarioEditError:
    found = _RULE.search(problem)
    rule = rule or (found.group(1) if found else getattr(edit, "rule", "§9"))
    where = f"{entry}: " if entry else ""
    return ScenarioEditError(f"{edit!r}: {where}{problem}", edit=edit, rule=rule,
                             reason=f"{where}{problem}", entry=entry)


def _find(s: Scenario, edit: Any, uid: str) -> tuple[int, int, UnitSetup]:
    for i, side in enumerate(s.sides):
        for j, u in enumerate(side.units):
            if u.id == uid:
                return i, j, u
    ids = ", ".join(u.id for side in s.sides for u in side.units)
    raise _refuse(edit, None, f"no unit {uid!r} in this scenario (units: {ids})")


def _with_units(s: Scenario, i: int, units: list[UnitSetup]) -> tuple[SideSetup, ...]:
    sides = list(s.sides)
    sides[i] = SideSetup(sides[i].side, tuple(units))
    return tuple(sides)


def _describe(side: Side, u: UnitSetup) -> str:
    marks = "".join(f", {m.value}" for m in Status if m in u.status)
    return f"{side.value} {u.type} at {u.hex}{marks}"


def _unit_change(s: Scenario, edit: Any) -> tuple[dict[str, Any], str, str, str]:
    subject = f"{label('unit')} {edit.id}"
    if isinstance(edit, PlaceUnit):
        if any(u.id == edit.id for side in s.sides for u in side.units):
            raise _refuse(edit, None, f"unit id {edit.id!r} is used already")
        i = [x.side for x in s.sides].index(edit.side)
        u = UnitSetup(edit.id, edit.hex, edit.type)
        return ({"sides": _with_units(s, i, [*s.sides[i].units, u])}, subject, "—",
                _describe(edit.side, u))
    i, j, u = _find(s, edit, edit.id)
    units = list(s.sides[i].units)
    before = _describe(s.sides[i].side, u)
    if isinstance(edit, RemoveUnit):
        if len(units) == 1:
            raise _refuse(edit, f"sides.{s.sides[i].side.value}.units",
                          f"{edit.id!r} is the last {s.sides[i].side.value} unit: a side "
                          "needs at least one (place another first; [project ruling] a "
                          "scenario is never empty)")
        del units[j]
        return {"sides": _with_units(s, i, units)}, subject, before, "—"
    if isinstance(edit, SetUnitSide):
        if s.sides[i].side is edit.side:
            return {}, subject, before, before
        if len(units) == 1:
            raise _refuse(edit, f"sides.{s.sides[i].side.value}.units",
                          f"{edit.id!r} is the last {s.sides[i].side.value} unit: a side "
                          "needs at least one (place another first)")
        del units[j]
        k = 1 - i
        sides = list(_with_units(s, i, units))
        sides[k] = SideSetup(sides[k].side, (*sides[k].units, u))
        return {"sides": tuple(sides)}, subject, before, _describe(edit.side, u)
    if isinstance(edit, MoveUnit):
        new = dataclasses.replace(u, hex=edit.hex)
    elif isinstance(edit, SetUnitType):
        new = dataclasses.replace(u, type=edit.type)
    else:  # ToggleMarker
        new = dataclasses.replace(u, status=u.status ^ {edit.marker})
    units[j] = new
    return ({"sides": _with_units(s, i, units)}, subject, before,
            _describe(s.sides[i].side, new))


def _change(s: Scenario, edit: Any) -> tuple[dict[str, Any], str, str, str]:
    """The new scenario's fields, the subject, the state before and after; or an error."""
    if not isinstance(edit, _EDIT_TYPES):
        raise RulesTypeError(f"not a scenario edit: {edit!r} (use "
                             f"{', '.join(t.__name__ for t in _EDIT_TYPES)})")
    if isinstance(edit, PlaceUnit | MoveUnit | RemoveUnit | SetUnitType | SetUnitSide
                  | ToggleMarker):
        return _unit_change(s, edit)
    if isinstance(edit, ToggleZone):
        zones = {z.side: z.hexes for z in s.setup_zones}
        old = zones.get(edit.side, ())
        on = edit.hex not in old
        new = tuple(sorted({*old, edit.hex})) if on else tuple(h for h in old if h != edit.hex)
        zones[edit.side] = new
        fields = {"setup_zones": tuple(SetupZone(side, zones[side]) for side in Side
                                       if zones.get(side))}
        return (fields, f"{label('setup')} {edit.side.value} {edit.hex}",
                "out" if on else "in", "in" if on else "out")
    if isinstance(edit, PutObjective):
        objectives = list(s.objectives)
        ids = [o.id for o in objectives]
        o = edit.objective
        before = "—"
        if o.id in ids:
            k = ids.index(o.id)
            before = _objective_text(objectives[k])
            objectives[k] = o
        else:
            objectives.append(o)
        return ({"objectives": tuple(objectives)}, f"{label('objective')} {o.id}", before,
                _objective_text(o))
    if isinstance(edit, RemoveObjective):
        objectives = [o for o in s.objectives if o.id != edit.id]
        if len(objectives) == len(s.objectives):
            raise _refuse(edit, None, f"no objective {edit.id!r} (objectives: "
                                      f"{', '.join(o.id for o in s.objectives)})")
        if not objectives:
            raise _refuse(edit, "objectives", f"{edit.id!r} is the last objective: a scenario "
                          "needs at least one (add another first; [project ruling] a scenario "
                          "is never empty)")
        return ({"objectives": tuple(objectives)}, f"{label('objective')} {edit.id}",
                _objective_text(s.objective(edit.id)), "—")
    # SetOption
    name = edit.option
    if name == "min_lead":
        old = s.victory.min_lead
        fields = {"victory": VictoryRule(s.victory.rule, edit.value)}
    else:
        old = getattr(s, name)
        fields = {name: edit.value}
    return fields, OPTIONS[name][0], _value_text(old), _value_text(edit.value)


def _value_text(v: Any) -> str:
    return v.label if isinstance(v, Bilingual) else json.dumps(v, ensure_ascii=False)


def _objective_text(o: Objective) -> str:
    what = f"hold {o.hex}" if o.kind == "hold" else (
        "destroy enemy units" if o.units is None else f"destroy {', '.join(o.units)}")
    side = f", {o.side.value} only" if o.side is not None else ""
    return f"{what}, {o.points} points{side}"


def _build(s: Scenario, edit: Any) -> tuple[Scenario, str, str, str]:
    fields, subject, before, after = _change(s, edit)
    if not fields:
        return s, subject, before, after
    try:
        new = dataclasses.replace(s, **fields)  # Scenario.__post_init__: the loader's checks
    except ScenarioFormatError as exc:
        raise _refuse(edit, exc.entry, exc.problem) from None
    return new, subject, before, after


def verify_edit(scenario: Scenario, edit: Edit) -> None:
    """Raise if ``edit`` is not allowed on ``scenario``; return ``None`` if it is.

    Raises
    ------
    ScenarioEditError
        Naming the edit, the entry, the problem and its rule.
    RulesTypeError
        If ``edit`` is not a scenario edit.

    Examples
    --------
    >>> verify_edit(Scenario.load("duel"), SetOption("turns", 60))
    Traceback (most recent call last):
    ...
    hexrules.errors.ScenarioEditError: SetOption('turns', 60): turns: must be 1-50, got 60
    """
    _build(scenario, edit)


def can_edit(scenario: Scenario, edit: Edit) -> bool:
    """Whether ``edit`` is allowed on ``scenario``.

    >>> s = Scenario.load("duel")
    >>> can_edit(s, MoveUnit("R1", "4563NF")), can_edit(s, MoveUnit("R1", "4563RO"))
    (True, False)
    """
    try:
        _build(scenario, edit)
    except ScenarioEditError:
        return False
    return True


def apply_edit(scenario: Scenario, edit: Edit) -> Scenario:
    """The scenario with ``edit`` made (a new value; ``scenario`` is unchanged).

    >>> apply_edit(Scenario.load("duel"), SetOption("turns", 8)).turns
    8
    """
    return _build(scenario, edit)[0]


# ---------------------------------------------------------------------------------------
# Helpers for building a scenario
# ---------------------------------------------------------------------------------------
def next_unit_id(scenario: Scenario, side: Side | str) -> str:
    """The first free id ``R1``, ``R2``… (red) or ``B1``… (blue).

    >>> next_unit_id(Scenario.load("duel"), "red")
    'R2'
    """
    letter = "R" if _side(side) is Side.RED else "B"
    used = {u.id for s in scenario.sides for u in s.units}
    n = 1
    while f"{letter}{n}" in used:
        n += 1
    return f"{letter}{n}"


def next_objective_id(scenario: Scenario, stem: str = "hex") -> str:
    """The first free objective id ``stem1``, ``stem2``…

    >>> next_objective_id(Scenario.load("duel"))
    'hex1'
    """
    used = {o.id for o in scenario.objectives}
    n = 1
    while f"{stem}{n}" in used:
        n += 1
    return f"{stem}{n}"


def hold_objective(objective_id: str, hex_name: str, points: int,
                   side: Side | str | None = None) -> Objective:
    """A hold objective on a hex, named after the hex in both languages.

    >>> hold_objective("hex1", "4563PJ", 2).name.label
    'Hex 4563PJ 六角格4563PJ'
    """
    return Objective(objective_id, "hold", Bilingual(f"Hex {hex_name}", f"六角格{hex_name}"),
                     points, hex=hex_name, side=None if side is None else _side(side))


def new_scenario(map_name: str = "training", *, turns: int = 6) -> Scenario:
    """A new, valid scenario on a map: one tank a side (red on the first land hex from the
    west, blue from the east, in the middle row) and "destroy the enemy" for 1 point.

    >>> s = new_scenario("training")
    >>> [(u.id, u.hex) for side in s.sides for u in side.units], s.turns
    ([('R1', '4563PA'), ('B1', '4564PJ')], 6)
    """
    from hexrules.game.scenariofile import load_map
    from hexrules.map.terrain import Terrain

    m = load_map(map_name, "<new>")
    row = m.rows // 2
    land = [m.name_of(m.parse((c, row))) for c in range(m.cols)
            if m.terrain_at(m.parse((c, row))) is not Terrain.WATER]
    if len(land) < 2:
        raise ScenarioFormatError(f"map {map_name!r}: its middle row has no two land hexes "
                                  "for a new scenario's units")
    return Scenario(
        name=Bilingual("New scenario", "新想定"),
        briefing=Bilingual("Built in the scenario editor.", "在想定编辑器中制作。"),
        map=map_name, turns=turns,
        sides=(SideSetup(Side.RED, (UnitSetup("R1", land[0]),)),
               SideSetup(Side.BLUE, (UnitSetup("B1", land[-1]),))),
        objectives=(Objective("enemy", "destroy", Bilingual("Enemy units", "敌方兵力单位"), 1),),
        source="<new>")


# ---------------------------------------------------------------------------------------
# The record of an edit and the history
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EditRecord:
    """What one scenario edit changed: the edit, the subject, before and after, in words.

    >>> ed = ScenarioEditor("duel")
    >>> rec = ed.apply(SetOption("turns", 8))
    >>> print(rec), rec.changed
    [T-1] turns: 6 → 8
    (None, True)
    >>> from hexrules.records import record_from_dict
    >>> record_from_dict(rec.to_dict()) == rec
    True
    """

    edit: Edit
    subject: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        """Whether the scenario changed."""
        return self.before != self.after

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule the edit is made under."""
        return (self.edit.rule,)

    @property
    def steps(self) -> tuple[Step, ...]:
        """One step: the rule, what changed, before → after."""
        return (Step(self.edit.rule, self.subject, (("edit", repr(self.edit)),),
                     result=f"{self.before} → {self.after}", value=self.after),)

    @property
    def rolls(self) -> tuple[()]:
        """No dice: an edit is not an adjudication."""
        return ()

    @property
    def effects(self) -> tuple[()]:
        """No unit changes in a game."""
        return ()

    def to_dict(self) -> dict[str, object]:
        """JSON-safe dictionary (:func:`hexrules.records.encode`)."""
        return encode(self)  # type: ignore[return-value]

    def __str__(self) -> str:
        return f"[{self.edit.rule}] {self.subject}: {self.before} → {self.after}"

    def _repr_html_(self) -> str:
        from hexrules.render.html import steps_html

        return steps_html([(f"{label('scenario')} edit", self.steps)])


class ScenarioEditor:
    """A scenario being edited: the current (always valid) scenario, undo, redo, save.

    Parameters
    ----------
    scenario : Scenario or str
        A scenario, or a shipped scenario's name / a file path to open for editing.

    Examples
    --------
    >>> ed = ScenarioEditor("duel")
    >>> _ = ed.apply(ToggleZone("red", "4563NE"))
    >>> ed.scenario.setup_zones
    (SetupZone(side=Side.RED, hexes=('4563NE',)),)
    >>> ed.can(MoveUnit("R1", "4563NF"))      # outside red's zone now
    False
    >>> _ = ed.undo(); ed.can_undo, ed.can_redo
    (False, True)
    """

    def __init__(self, scenario: Scenario | str | Path = "duel") -> None:
        if isinstance(scenario, str | Path):
            scenario = Scenario.load(scenario)
        if not isinstance(scenario, Scenario):
            raise RulesTypeError(f"ScenarioEditor edits a Scenario, got {scenario!r}")
        self._done: list[tuple[Scenario, EditRecord]] = []
        self._undone: list[tuple[Scenario, EditRecord]] = []
        self._scenario = scenario

    def __repr__(self) -> str:
        return f"<ScenarioEditor {self._scenario!r}, {len(self._done)} edit(s)>"

    @property
    def scenario(self) -> Scenario:
        """The scenario as edited so far (always one the loader accepts)."""
        return self._scenario

    @property
    def records(self) -> tuple[EditRecord, ...]:
        """The records of the edits made (undone ones left out)."""
        return tuple(r for _, r in self._done)

    @property
    def edits(self) -> tuple[Edit, ...]:
        """The edits made, in order."""
        return tuple(r.edit for _, r in self._done)

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self._undone)

    def verify(self, edit: Edit) -> None:
        """Raise :class:`ScenarioEditError` if ``edit`` is not allowed now."""
        verify_edit(self._scenario, edit)

    def can(self, edit: Edit) -> bool:
        """Whether ``edit`` is allowed now."""
        return can_edit(self._scenario, edit)

    def apply(self, edit: Edit) -> EditRecord:
        """Make ``edit``; a refused edit raises and changes nothing. Clears the redo list."""
        new, subject, before, after = _build(self._scenario, edit)
        rec = EditRecord(edit, subject, before, after)
        self._done.append((self._scenario, rec))
        self._undone.clear()
        self._scenario = new
        return rec

    def undo(self) -> EditRecord:
        """Undo the last edit; returns its record."""
        if not self._done:
            raise ScenarioEditError("nothing to undo", reason="nothing to undo")
        before, rec = self._done.pop()
        self._undone.append((self._scenario, rec))
        self._scenario = before
        return rec

    def redo(self) -> EditRecord:
        """Redo the last undone edit; returns its record."""
        if not self._undone:
            raise ScenarioEditError("nothing to redo", reason="nothing to redo")
        after, rec = self._undone.pop()
        self._done.append((self._scenario, rec))
        self._scenario = after
        return rec

    def open(self, scenario: Scenario | str | Path) -> None:
        """Start editing another scenario (a value, a shipped name or a path); the history
        is cleared. A file the loader refuses raises and changes nothing."""
        new = ScenarioEditor(scenario)
        self._scenario, self._done, self._undone = new._scenario, [], []

    def save(self, path: str | Path) -> Scenario:
        """Write the scenario file at ``path`` and read it back with :meth:`Scenario.load`
        (returned). A map named by a relative path is written relative to the new file.

        Raises
        ------
        ScenarioFormatError
            If the folder does not exist or cannot be written (nothing is written).
        """
        path = Path(path)
        data = self._scenario.to_dict()
        if data["map"].endswith(".json") and not Path(data["map"]).is_absolute():
            from hexrules.game.scenariofile import _map_path

            target = _map_path(data["map"], self._scenario.source).resolve()
            data["map"] = os.path.relpath(target, path.resolve().parent)
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ScenarioFormatError(f"{path}: cannot write the scenario file: {exc}") from None
        return Scenario.load(path)


register(PlaceUnit, MoveUnit, RemoveUnit, SetUnitType, SetUnitSide, ToggleMarker, ToggleZone,
         PutObjective, RemoveObjective, SetOption, EditRecord)
