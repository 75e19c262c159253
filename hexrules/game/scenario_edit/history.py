"""Building a scenario: new scenarios, free ids, the edit record and the history
(:class:`ScenarioEditor`: undo, redo, open, save).

See :mod:`hexrules.game.scenario_edit` for the whole picture.

>>> from hexrules.game.scenario_edit import SetOption
>>> ed = ScenarioEditor("duel")
>>> _ = ed.apply(SetOption("turns", 7)); ed.scenario.turns
7
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from hexrules.errors import RulesTypeError, ScenarioEditError, ScenarioFormatError
from hexrules.game.scenario import Bilingual, Objective, Scenario, SideSetup, UnitSetup
from hexrules.game.scenario_edit.edits import Edit, _build, _side, can_edit, verify_edit
from hexrules.glossary import label
from hexrules.records import Step, encode, register
from hexrules.undo import UndoHistory
from hexrules.units import Side

__all__ = [
    "ScenarioEditRecord",
    "ScenarioEditor",
    "hold_objective",
    "new_scenario",
    "next_objective_id",
    "next_unit_id",
]

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
        briefing=Bilingual("Built in the scenario editor.", zh="在想定编辑器中制作。"),
        map=map_name, turns=turns,
        sides=(SideSetup(Side.RED, (UnitSetup("R1", land[0]),)),
               SideSetup(Side.BLUE, (UnitSetup("B1", land[-1]),))),
        objectives=(Objective("enemy", "destroy",
                              Bilingual("Enemy units", "敌方兵力单位算子"), 1),),
        source="<new>")


# ---------------------------------------------------------------------------------------
# The record of an edit and the history
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScenarioEditRecord:
    """What one scenario edit changed: the edit, the subject, before and after, in words.

    >>> from hexrules.game.scenario_edit import SetOption
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
    >>> from hexrules.game.scenario_edit import MoveUnit, ToggleZone
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
        self._history: UndoHistory[Scenario, ScenarioEditRecord] = UndoHistory(
            scenario, error=ScenarioEditError)

    def __repr__(self) -> str:
        return f"<ScenarioEditor {self.scenario!r}, {len(self._history)} edit(s)>"

    @property
    def scenario(self) -> Scenario:
        """The scenario as edited so far (always one the loader accepts)."""
        return self._history.value

    @property
    def records(self) -> tuple[ScenarioEditRecord, ...]:
        """The records of the edits made (undone ones left out)."""
        return self._history.records

    @property
    def edits(self) -> tuple[Edit, ...]:
        """The edits made, in order."""
        return tuple(r.edit for r in self._history.records)

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return self._history.can_undo

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return self._history.can_redo

    def verify(self, edit: Edit) -> None:
        """Raise :class:`ScenarioEditError` if ``edit`` is not allowed now."""
        verify_edit(self.scenario, edit)

    def can(self, edit: Edit) -> bool:
        """Whether ``edit`` is allowed now."""
        return can_edit(self.scenario, edit)

    def apply(self, edit: Edit) -> ScenarioEditRecord:
        """Make ``edit``; a refused edit raises and changes nothing. Clears the redo list."""
        new, subject, before, after = _build(self.scenario, edit)
        rec = ScenarioEditRecord(edit, subject, before, after)
        self._history.push(rec, new)
        return rec

    def undo(self) -> ScenarioEditRecord:
        """Undo the last edit; returns its record."""
        return self._history.undo()

    def redo(self) -> ScenarioEditRecord:
        """Redo the last undone edit; returns its record."""
        return self._history.redo()

    def open(self, scenario: Scenario | str | Path) -> None:
        """Start editing another scenario (a value, a shipped name or a path); the history
        is cleared. A file the loader refuses raises and changes nothing."""
        self._history.reset(ScenarioEditor(scenario).scenario)

    def save(self, path: str | Path) -> Scenario:
        """Write the scenario file at ``path`` and read it back with :meth:`Scenario.load`
        (returned). A map named by a relative path is written relative to the new file.

        Raises
        ------
        ScenarioFormatError
            If the folder does not exist or cannot be written (nothing is written).
        """
        path = Path(path)
        data = self.scenario.to_dict()
        if data["map"].endswith(".json") and not Path(data["map"]).is_absolute():
            from hexrules.game.scenariofile import _map_path

            target = _map_path(data["map"], self.scenario.source).resolve()
            data["map"] = os.path.relpath(target, path.resolve().parent)
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ScenarioFormatError(f"{path}: cannot write the scenario file: {exc}") from None
        return Scenario.load(path)



register(ScenarioEditRecord)
