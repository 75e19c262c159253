"""Editing a map (M-4…M-7): edits as values, each checked by the map-file loader's own rules.

Two modules: :mod:`~hexrules.map.edit.edits` (the edit values, their checks, the record)
and :mod:`~hexrules.map.edit.history` (:class:`MapEditor`: undo, redo, saving).

"What if there were a wood here?" An edit is a small frozen value — :class:`SetLevel`,
:class:`RaiseLevel`, :class:`PaintTerrain`, :class:`ToggleRiver`, :class:`ToggleRoad` — and
applying it to a :class:`~hexrules.map.hexmap.HexMap` gives a *new* map (maps are values; the
old one, and every cache built on it, is left as it was). Every edit is checked against
exactly the rules the map-file loader (:mod:`hexrules.map.mapfile`) enforces, through the same
functions (:func:`~hexrules.map.mapfile.level_problem`,
:func:`~hexrules.map.mapfile.link_problem`), so the editor can never make a map the loader
rejects. An illegal edit raises :class:`~hexrules.errors.MapEditError` naming the edit, what
is wrong and the rule, and changes nothing.

Following the pokerkit pattern, an edit comes as a trio: :func:`verify_edit` raises with the
reason, :func:`can_edit` answers yes or no, :func:`apply_edit` returns the new map. A
:class:`MapEditor` keeps the history (undo, redo), returns an :class:`EditRecord` per edit,
serialises the history (:meth:`MapEditor.to_dict`) and saves a validated map file.

**[project ruling] Water over a road.** Painting water on a hex that a road enters is
refused, naming every road link to remove first (V-1: a road may not enter water, and the
editor never removes something the user did not ask to remove). A river hexside beside the
new water stays (the map format allows it).

Examples
--------
>>> from hexrules import HexMap, line_of_sight
>>> m = HexMap.load("training")
>>> ed = MapEditor(m)
>>> a, b = m.parse("4563BB"), m.parse("4563BF")
>>> line_of_sight(ed.hexmap, a, b).visible
True
>>> rec = ed.apply(PaintTerrain(m.parse("4563BD"), "forest"))
>>> print(rec)
[M-5] Terrain 地形 of 4563BD: Open 开阔地 → Forest 丛林地
>>> line_of_sight(ed.hexmap, a, b).visible    # the new wood blocks the line (L-2)
False
>>> _ = ed.undo()
>>> line_of_sight(ed.hexmap, a, b).visible
True
>>> ed.apply(SetLevel(a, 40_000))
Traceback (most recent call last):
...
hexrules.errors.MapEditError: SetLevel(Hex(1, 1), 40000) at 4563BB: level 高程等级 40000 is \
above 32000, the highest level a map holds (M-4)
"""

from hexrules.map.edit.edits import (
    EDITS_FORMAT,
    Edit,
    EditRecord,
    PaintTerrain,
    RaiseLevel,
    SetLevel,
    ToggleRiver,
    ToggleRoad,
    apply_edit,
    can_edit,
    check_loadable,
    replay,
    verify_edit,
)
from hexrules.map.edit.history import MapEditor

__all__ = [
    "EDITS_FORMAT",
    "Edit",
    "EditRecord",
    "MapEditor",
    "PaintTerrain",
    "RaiseLevel",
    "SetLevel",
    "ToggleRiver",
    "ToggleRoad",
    "apply_edit",
    "can_edit",
    "check_loadable",
    "replay",
    "verify_edit",
]
