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
redo) and returns an :class:`ScenarioEditRecord` per edit.

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

from hexrules.game.scenario_edit.edits import (
    OPTIONS,
    Edit,
    MoveUnit,
    PlaceUnit,
    PutObjective,
    RemoveObjective,
    RemoveUnit,
    SetOption,
    SetUnitSide,
    SetUnitType,
    ToggleMarker,
    ToggleZone,
    apply_edit,
    can_edit,
    verify_edit,
)
from hexrules.game.scenario_edit.history import (
    ScenarioEditor,
    ScenarioEditRecord,
    hold_objective,
    new_scenario,
    next_objective_id,
    next_unit_id,
)

__all__ = [
    "OPTIONS",
    "Edit",
    "ScenarioEditRecord",
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
