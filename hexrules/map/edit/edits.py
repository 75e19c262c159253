"""The edit values (M-4…M-7), their checks — the map-file loader's own — and the record.

See :mod:`hexrules.map.edit` for the whole picture.

>>> from hexrules import HexMap
>>> m = HexMap.flat(4, 3)
>>> apply_edit(m, RaiseLevel(Hex(0, 0), 2)).elevation_at(Hex(0, 0))
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from hexrules.errors import MapEditError, RulesTypeError
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex, _require_hex
from hexrules.map.hexmap import HexMap
from hexrules.map.mapfile import _side, level_problem, link_problem, parse_map
from hexrules.map.terrain import Terrain
from hexrules.records import MapRef, Step, encode, register

__all__ = [
    "EDITS_FORMAT",
    "Edit",
    "EditRecord",
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

#: The ``format`` of a serialised edit history (:meth:`MapEditor.to_dict`).
EDITS_FORMAT = "hexrules-map-edits"


def _level_arg(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise RulesTypeError(f"{what} must be an integer, got {value!r}")
    return int(value)


@dataclass(frozen=True, repr=False)
class SetLevel:
    """Set the elevation level of a hex (M-4).

    >>> SetLevel(Hex(2, 1), 3)
    SetLevel(Hex(2, 1), 3)
    """

    hex: Hex
    level: int
    rule: ClassVar[str] = "M-4"

    def __post_init__(self) -> None:
        _require_hex(self.hex, "SetLevel")
        object.__setattr__(self, "level", _level_arg(self.level, "SetLevel: level"))

    def __repr__(self) -> str:
        return f"SetLevel({self.hex!r}, {self.level})"


@dataclass(frozen=True, repr=False)
class RaiseLevel:
    """Raise (``by`` > 0) or lower (``by`` < 0) the elevation level of a hex (M-4).

    >>> RaiseLevel(Hex(2, 1)), RaiseLevel(Hex(2, 1), -1)
    (RaiseLevel(Hex(2, 1), 1), RaiseLevel(Hex(2, 1), -1))
    """

    hex: Hex
    by: int = 1
    rule: ClassVar[str] = "M-4"

    def __post_init__(self) -> None:
        _require_hex(self.hex, "RaiseLevel")
        object.__setattr__(self, "by", _level_arg(self.by, "RaiseLevel: by"))

    def __repr__(self) -> str:
        return f"RaiseLevel({self.hex!r}, {self.by})"


@dataclass(frozen=True, repr=False)
class PaintTerrain:
    """Paint a hex's base terrain (M-5): a :class:`Terrain`, a name, a map code or the
    Chinese term.

    >>> PaintTerrain(Hex(2, 1), "forest")
    PaintTerrain(Hex(2, 1), Terrain.FOREST)
    """

    hex: Hex
    terrain: Terrain
    rule: ClassVar[str] = "M-5"

    def __post_init__(self) -> None:
        _require_hex(self.hex, "PaintTerrain")
        object.__setattr__(self, "terrain", Terrain.parse(self.terrain))

    def __repr__(self) -> str:
        return f"PaintTerrain({self.hex!r}, Terrain.{self.terrain.name})"


@dataclass(frozen=True, repr=False)
class _Link:
    """A toggle of the link between two hexes; ``a`` < ``b`` (so equal edits compare equal)."""

    a: Hex
    b: Hex
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        _require_hex(self.a, type(self).__name__)
        _require_hex(self.b, type(self).__name__)
        a, b = sorted((self.a, self.b))
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.a!r}, {self.b!r})"


@dataclass(frozen=True, repr=False)
class ToggleRiver(_Link):
    """Add or remove the river on the hexside between two adjacent hexes (M-6).

    >>> ToggleRiver(Hex(1, 0), Hex(0, 0))
    ToggleRiver(Hex(0, 0), Hex(1, 0))
    """

    kind: ClassVar[str] = "rivers"
    rule: ClassVar[str] = "M-6"


@dataclass(frozen=True, repr=False)
class ToggleRoad(_Link):
    """Add or remove the road link between the centres of two adjacent hexes (M-7).

    >>> ToggleRoad(Hex(0, 0), Hex(0, 1)) == ToggleRoad(Hex(0, 1), Hex(0, 0))
    True
    """

    kind: ClassVar[str] = "roads"
    rule: ClassVar[str] = "M-7"


#: Any map edit.
Edit = SetLevel | RaiseLevel | PaintTerrain | ToggleRiver | ToggleRoad
_EDIT_TYPES = (SetLevel, RaiseLevel, PaintTerrain, ToggleRiver, ToggleRoad)


# -- checking and applying -----------------------------------------------------------------
def _refuse(edit: Edit, where: str, reason: str, rule: str) -> MapEditError:
    return MapEditError(f"{edit!r}{where}: {reason}", edit=edit, rule=rule, reason=reason)


def _name(hexmap: HexMap, h: Hex) -> str:
    return hexmap.name_of(h)


def _on_map(hexmap: HexMap, edit: Edit, *hexes: Hex) -> None:
    for h in hexes:
        if h not in hexmap:
            raise _refuse(edit, "", hexmap._off_map_text(h), "M-1")


def _terrain_label(t: Terrain) -> str:
    return t.label


def _change(hexmap: HexMap, edit: Edit) -> tuple[dict[str, Any], str, str, str]:
    """The new map's fields, the subject and the state before and after; or MapEditError."""
    if not isinstance(edit, _EDIT_TYPES):
        raise RulesTypeError(
            f"not a map edit: {edit!r} (use SetLevel, RaiseLevel, PaintTerrain, ToggleRiver or "
            "ToggleRoad)")
    m = hexmap
    if isinstance(edit, SetLevel | RaiseLevel):
        _on_map(m, edit, edit.hex)
        old = m.elevation_at(edit.hex)
        new = edit.level if isinstance(edit, SetLevel) else old + edit.by
        lv = label("elevation_level").split()[-1]
        problem = level_problem(new)
        if problem:
            raise _refuse(edit, f" at {_name(m, edit.hex)}", f"level {lv} {new} {problem}",
                          "M-4")
        grid = m.elevation.copy()
        col, row = edit.hex.to_offset()
        grid[row, col] = new
        return ({"elevation": grid}, f"{label('elevation_level')} of {_name(m, edit.hex)}",
                str(old), str(new))
    if isinstance(edit, PaintTerrain):
        _on_map(m, edit, edit.hex)
        old_t = m.terrain_at(edit.hex)
        grid = m.terrain.copy()
        col, row = edit.hex.to_offset()
        grid[row, col] = int(edit.terrain)
        # [project ruling] water over a road: refused, naming the road links to remove first
        # (the loader's own V-1 check, asked of every road link of the hex)
        blocked = sorted(
            ("–".join(_name(m, h) for h in sorted(side)), problem) for side in m.roads
            if edit.hex in side
            for problem in [link_problem("roads", *sorted(side), grid)] if problem)
        if blocked:
            links = ", ".join(names for names, _ in blocked)
            raise _refuse(
                edit, f" at {_name(m, edit.hex)}",
                f"{label('road')} links {links} enter this hex: remove them first "
                f"({blocked[0][1]}; [project ruling] water over a road)", "V-1")
        return ({"terrain": grid}, f"Terrain 地形 of {_name(m, edit.hex)}",
                _terrain_label(old_t), _terrain_label(edit.terrain))
    # a river hexside or a road link
    _on_map(m, edit, edit.a, edit.b)
    side = _side(edit.a, edit.b)
    sides: frozenset[frozenset[Hex]] = getattr(m, edit.kind)
    what = label("river") if edit.kind == "rivers" else label("road")
    names = f"{_name(m, edit.a)}–{_name(m, edit.b)}"
    if side in sides:  # removing one is always allowed
        return ({edit.kind: sides - {side}}, f"{what} {names}", "yes 有", "no 无")
    problem = link_problem(edit.kind, edit.a, edit.b, m.terrain)
    if problem:
        rule = edit.rule if edit.a.distance(edit.b) != 1 else "V-1"
        if edit.a.distance(edit.b) != 1:
            problem += (" (a river lies on the hexside 格边 between two adjacent hexes, M-6)"
                        if edit.kind == "rivers" else
                        " (a road joins the centres of two adjacent hexes, M-7)")
        raise _refuse(edit, f" at {names}", problem, rule)
    return ({edit.kind: sides | {side}}, f"{what} {names}", "no 无", "yes 有")


def _derive(hexmap: HexMap, fields: dict[str, Any]) -> HexMap:
    """The map with ``fields`` replaced (validated again by HexMap itself). An edit keeps the
    size and the georeference, so the military names (M-2) are the old map's: they are
    shared rather than computed again for every hex (about 20 ms on a 30 × 30 map)."""
    new = dataclasses.replace(hexmap, **fields)
    if "_names" in hexmap.__dict__:  # the cached_property of HexMap, if computed
        new.__dict__["_names"] = hexmap.__dict__["_names"]
    return new


def verify_edit(hexmap: HexMap, edit: Edit) -> None:
    """Raise if ``edit`` is not allowed on ``hexmap``; return ``None`` if it is.

    Raises
    ------
    MapEditError
        Naming the edit, what is wrong and the rule (M-1 off the map, M-4 level, M-6/M-7 not
        adjacent, V-1 a road into water).
    RulesTypeError
        If ``edit`` is not an edit.

    Examples
    --------
    >>> m = HexMap.flat(4, 3)
    >>> verify_edit(m, ToggleRiver(Hex(0, 0), Hex(2, 0)))
    Traceback (most recent call last):
    ...
    hexrules.errors.MapEditError: ToggleRiver(Hex(0, 0), Hex(2, 0)) at 4563AA–4563AC: [0, 0] \
and [2, 0] are not adjacent (a river lies on the hexside 格边 between two adjacent hexes, M-6)
    """
    _change(hexmap, edit)


def can_edit(hexmap: HexMap, edit: Edit) -> bool:
    """Whether ``edit`` is allowed on ``hexmap``.

    >>> m = HexMap.flat(4, 3)
    >>> can_edit(m, RaiseLevel(Hex(0, 0), -1)), can_edit(m, RaiseLevel(Hex(0, 0)))
    (False, True)
    """
    try:
        _change(hexmap, edit)
    except MapEditError:
        return False
    return True


def apply_edit(hexmap: HexMap, edit: Edit) -> HexMap:
    """The map with ``edit`` applied (a new value; ``hexmap`` is unchanged).

    Raises
    ------
    MapEditError
        If the edit is not allowed (see :func:`verify_edit`); nothing changes.

    Examples
    --------
    >>> m = HexMap.flat(4, 3)
    >>> m2 = apply_edit(m, PaintTerrain(Hex(1, 1), "water"))
    >>> m2.terrain_at(Hex(1, 1)), m.terrain_at(Hex(1, 1))
    (<Terrain.WATER: 3>, <Terrain.OPEN: 0>)
    >>> apply_edit(m2, ToggleRoad(Hex(0, 1), Hex(1, 1)))
    Traceback (most recent call last):
    ...
    hexrules.errors.MapEditError: ToggleRoad(Hex(0, 1), Hex(1, 1)) at 4563BA–4563BB: a road \
links into water hex [col 1, row 1] (V-1: roads cross water only on river hexsides, as bridges)
    """
    fields, _, _, _ = _change(hexmap, edit)
    return _derive(hexmap, fields)


def replay(hexmap: HexMap, edits: Iterable[Edit]) -> HexMap:
    """The map after applying ``edits`` in order.

    >>> m = replay(HexMap.flat(3, 2), [RaiseLevel(Hex(0, 0)), RaiseLevel(Hex(0, 0))])
    >>> m.elevation_at(Hex(0, 0))
    2
    """
    for e in edits:
        hexmap = apply_edit(hexmap, e)
    return hexmap


def check_loadable(hexmap: HexMap, source: str | None = None) -> None:
    """Raise :class:`~hexrules.errors.MapFormatError` unless the map file of ``hexmap`` is
    one the loader reads back (the loader's own check, :func:`~hexrules.map.mapfile.parse_map`).

    >>> check_loadable(HexMap.flat(3, 2))
    >>> check_loadable(HexMap.flat(3, 2, name=" "))
    Traceback (most recent call last):
    ...
    hexrules.errors.MapFormatError: <memory>: name: expected a non-empty string, got ' '
    """
    parse_map(hexmap.to_dict(), source or hexmap.source)


# -- the record of an edit -----------------------------------------------------------------
@dataclass(frozen=True)
class EditRecord:
    """What one edit changed: the edit, the map before and after (by reference), one step.

    Attributes
    ----------
    edit : Edit
    map_before, map_after : MapRef
    subject : str
        What changed, e.g. ``'Terrain 地形 of 4563BD'``.
    before, after : str
        Its state before and after, in words.

    Examples
    --------
    >>> from hexrules.map.edit import MapEditor
    >>> ed = MapEditor(HexMap.flat(3, 2))
    >>> rec = ed.apply(RaiseLevel(Hex(0, 0)))
    >>> rec.rules, rec.changed, rec.after
    (('M-4',), True, '1')
    >>> from hexrules.records import record_from_dict
    >>> record_from_dict(rec.to_dict()) == rec
    True
    """

    edit: Edit
    map_before: MapRef
    map_after: MapRef
    subject: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        """Whether the map changed (painting a forest on a forest does not)."""
        return self.before != self.after

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule the edit is made under."""
        return (self.edit.rule,)

    @property
    def steps(self) -> tuple[Step, ...]:
        """One step: the rule, what changed, before → after."""
        return (Step(self.edit.rule, f"{self.subject}", (("edit", repr(self.edit)),),
                     result=f"{self.before} → {self.after}",
                     value=self.after),)

    @property
    def rolls(self) -> tuple[()]:
        """No dice: an edit is not an adjudication."""
        return ()

    @property
    def effects(self) -> tuple[()]:
        """No unit changes."""
        return ()

    def to_dict(self) -> dict[str, object]:
        """JSON-safe dictionary (:func:`hexrules.records.encode`)."""
        return encode(self)  # type: ignore[return-value]

    def __str__(self) -> str:
        return f"[{self.edit.rule}] {self.subject}: {self.before} → {self.after}"

    def _repr_html_(self) -> str:
        from hexrules.render.html import steps_html

        return steps_html([("Map edit 地图编辑", self.steps)])


register(SetLevel, RaiseLevel, PaintTerrain, ToggleRiver, ToggleRoad, EditRecord)
