"""The scenario edit values, their checks — the scenario loader's own — and applying them.

See :mod:`hexrules.game.scenario_edit` for the whole picture.

>>> from hexrules.game.scenario import Scenario
>>> apply_edit(Scenario.load("duel"), SetOption("cards", False)).cards
False
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
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
from hexrules.records import register
from hexrules.units import DEFAULT_UNIT_TYPE, Side, Status

__all__ = [
    "OPTIONS",
    "Edit",
    "MoveUnit",
    "PlaceUnit",
    "PutObjective",
    "RemoveObjective",
    "RemoveUnit",
    "SetOption",
    "SetUnitSide",
    "SetUnitType",
    "ToggleMarker",
    "ToggleZone",
    "apply_edit",
    "can_edit",
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
    if rule is None and "set-up zone" in problem:  # the ruling is under §9 (scenarios)
        rule = "§9"
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



register(PlaceUnit, MoveUnit, RemoveUnit, SetUnitType, SetUnitSide, ToggleMarker, ToggleZone,
         PutObjective, RemoveObjective, SetOption)
