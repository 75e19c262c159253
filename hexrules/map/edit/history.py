"""The map editor's history (:class:`MapEditor`): undo, redo, serialising, saving.

See :mod:`hexrules.map.edit` for the whole picture.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hexrules.errors import MapEditError, MapFormatError, RulesError, RulesTypeError
from hexrules.map.edit.edits import (  # noqa: F401 (doctests)
    _EDIT_TYPES,
    EDITS_FORMAT,
    Edit,
    EditRecord,
    PaintTerrain,
    RaiseLevel,
    ToggleRoad,
    _change,
    _derive,
    can_edit,
    check_loadable,
    verify_edit,
)
from hexrules.map.hexgrid import Hex  # noqa: F401 (the doctests)
from hexrules.map.hexmap import HexMap
from hexrules.records import MapRef, RecordFormatError, decode, encode
from hexrules.undo import UndoHistory

__all__ = ["MapEditor"]


# -- the editor: history, undo, redo, saving -----------------------------------------------
class MapEditor:
    """Edit a map with undo and redo; every edit checked by the map-file loader's rules.

    Parameters
    ----------
    hexmap : HexMap or str
        The map to start from (or a map name/path for :meth:`HexMap.load`); it must be a map
        the loader reads back (:func:`check_loadable`).

    Examples
    --------
    >>> ed = MapEditor(HexMap.flat(3, 2))
    >>> _ = ed.apply(ToggleRoad(Hex(0, 0), Hex(1, 0)))
    >>> ed.apply(PaintTerrain(Hex(1, 0), "water"))
    Traceback (most recent call last):
    ...
    hexrules.errors.MapEditError: PaintTerrain(Hex(1, 0), Terrain.WATER) at 4563AB: Road 道路 \
links 4563AA–4563AB enter this hex: remove them first (a road links into water hex [col 1, \
row 0] (V-1: roads cross water only on river hexsides, as bridges); [project ruling] water \
over a road)
    >>> ed.edits
    (ToggleRoad(Hex(0, 0), Hex(1, 0)),)
    >>> _ = ed.undo(); ed.edits, ed.can_redo
    ((), True)
    """

    def __init__(self, hexmap: HexMap | str) -> None:
        m = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
        try:
            check_loadable(m)
        except MapFormatError as exc:
            raise MapEditError(f"{m!r} cannot be edited: it is not a map file the loader "
                               f"reads back: {exc}", reason=str(exc)) from None
        self._history: UndoHistory[HexMap, EditRecord] = UndoHistory(m, error=MapEditError)

    def __repr__(self) -> str:
        return f"<MapEditor of {self.start!r}: {len(self._history)} edit(s)>"

    @property
    def start(self) -> HexMap:
        """The map the history starts from."""
        return self._history.start

    @property
    def hexmap(self) -> HexMap:
        """The map as edited so far."""
        return self._history.value

    @property
    def records(self) -> tuple[EditRecord, ...]:
        """The records of the edits done (undone ones excluded), in order."""
        return self._history.records

    @property
    def edits(self) -> tuple[Edit, ...]:
        """The edits done, in order (replaying them on :attr:`start` gives :attr:`hexmap`)."""
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
        """Raise :class:`~hexrules.errors.MapEditError` if ``edit`` is not allowed now."""
        verify_edit(self.hexmap, edit)

    def can(self, edit: Edit) -> bool:
        """Whether ``edit`` is allowed now."""
        return can_edit(self.hexmap, edit)

    def apply(self, edit: Edit) -> EditRecord:
        """Apply ``edit``; return its record. An edit that changes nothing is not kept in the
        history. A new edit forgets the undone ones (no redo past it).

        Raises
        ------
        MapEditError
            If the edit is not allowed; nothing changes (history included).
        """
        before = self.hexmap
        fields, subject, old, new = _change(before, edit)
        after = _derive(before, fields) if old != new else before
        rec = EditRecord(edit, MapRef.of(before), MapRef.of(after), subject, old, new)
        if rec.changed:
            self._history.push(rec, after)
        return rec

    def undo(self) -> EditRecord:
        """Undo the last edit; return its record.

        Raises
        ------
        MapEditError
            If there is nothing to undo.
        """
        return self._history.undo()

    def redo(self) -> EditRecord:
        """Redo the last undone edit; return its record.

        Raises
        ------
        MapEditError
            If there is nothing to redo.
        """
        return self._history.redo()

    # -- serialising and saving ------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """The history as a JSON-safe dictionary: the start map's reference and the edits.

        >>> ed = MapEditor(HexMap.flat(3, 2))
        >>> _ = ed.apply(RaiseLevel(Hex(1, 0)))
        >>> d = ed.to_dict()
        >>> d["format"], d["edits"]
        ('hexrules-map-edits', [{'$': 'RaiseLevel', 'hex': {'$': 'Hex', 'q': 1, 'r': 0}, 'by': 1}])
        >>> MapEditor.from_dict(d, ed.start).hexmap.elevation_at(Hex(1, 0))
        1
        """
        return {"format": EDITS_FORMAT, "schema_version": 1, "map": encode(MapRef.of(self.start)),
                "edits": [encode(e) for e in self.edits]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], hexmap: HexMap | None = None) -> MapEditor:
        """The editor of a :meth:`to_dict` history, replayed on ``hexmap`` (by default the map
        its reference names, if loaded or loadable).

        Raises
        ------
        MapEditError
            Naming the bad entry (``edits[3]``: …); or if ``hexmap`` is another map.
        """
        if not isinstance(data, Mapping) or data.get("format") != EDITS_FORMAT:
            raise MapEditError(f"not a map-edit history (format {EDITS_FORMAT!r})")
        try:
            ref = decode(data.get("map"))
            if not isinstance(ref, MapRef):
                raise RecordFormatError(f"expected a MapRef, got {type(ref).__name__}")
            start = ref.resolve(hexmap)
        except RulesError as exc:  # not a reference, another map, or not loadable
            raise MapEditError(f"map: {exc}") from None
        ed = cls(start)
        edits = data.get("edits", [])
        if not isinstance(edits, list):
            raise MapEditError("edits: expected a list")
        for i, item in enumerate(edits):
            try:
                edit = decode(item)
            except (RecordFormatError, RulesTypeError) as exc:
                raise MapEditError(f"edits[{i}]: {exc}") from None
            if not isinstance(edit, _EDIT_TYPES):
                raise MapEditError(f"edits[{i}]: not a map edit: {edit!r}")
            try:
                ed.apply(edit)
            except MapEditError as exc:
                raise MapEditError(f"edits[{i}]: {exc}", edit=edit, rule=exc.rule,
                                   reason=exc.reason) from None
        return ed

    def save(self, path: str | Path, *, name: str | None = None) -> HexMap:
        """Write the edited map as a map file and return it as the loader reads it back.

        Parameters
        ----------
        path : str or Path
            The file to write (``.json``).
        name : str, optional
            A new map name (the file's ``name``); by default the map keeps its own.

        Raises
        ------
        MapFormatError
            If ``name`` is empty (the loader's check), naming the entry; nothing is written.
        MapNotFoundError
            If the folder does not exist.

        Examples
        --------
        >>> import tempfile
        >>> ed = MapEditor(HexMap.flat(3, 2))
        >>> _ = ed.apply(PaintTerrain(Hex(1, 1), "city"))
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     back = ed.save(Path(tmp) / "mine.json", name="mine")
        >>> back.name, back.terrain_at(Hex(1, 1))
        ('mine', <Terrain.CITY: 1>)
        """
        if not isinstance(path, str | Path):
            raise RulesTypeError(f"MapEditor.save takes a path, got {path!r}")
        m = self.hexmap
        if name is not None:
            if not isinstance(name, str):
                raise RulesTypeError(f"a map name is a string, got {name!r}")
            m = dataclasses.replace(m, name=name)
        check_loadable(m, str(path))  # the loader's own checks, before anything is written
        m.save(path)
        return HexMap.load(path)
