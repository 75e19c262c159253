"""Terrain types, unit types and fire modifiers as data (rules M-5, L-2, V-1…V-3, V-9, V-11,
C-1, F-5).

=======================  ==========================================================  ==========
file                     content                                                     rule IDs
=======================  ==========================================================  ==========
terrain.toml             terrain types: map code, labels, L-2 sight bonus, V-1 entry   M-5, L-2,
                         cost; river, road and march step costs; the short-halt cost   V-1…V-3,
                         and the stacking limit                                        V-9, V-11
units.toml               unit types (the tank: gun, movement allowance, armour class)  C-1, V-1
                         and the armour classes of F-8 and A-7
modifiers.toml           attack-level modifiers: suppressed, moving, short-halt fire,  F-5
                         fire-enhancement card
=======================  ==========================================================  ==========

The terrain *types* are fixed by the map format (a map stores :class:`~hexrules.map.terrain.
Terrain` values), so terrain.toml must describe exactly open, city, forest and water; unit
types and armour classes are open: an instructor's set may add more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import MapFormatError, RulesTypeError, TableLookupError
from hexrules.glossary import term
from hexrules.map.terrain import Terrain
from hexrules.tables._validate import (
    Cell,
    Entries,
    Named,
    TableMeta,
    _fraction,
    _int,
    _keys,
    _meta,
    _name,
    _table,
    _text,
    _Where,
)
from hexrules.units import Unit

__all__ = [
    "ArmourClass",
    "ModifierTable",
    "TerrainTable",
    "TerrainType",
    "UnitTable",
    "UnitType",
]

#: The cost a terrain.toml entry gives a terrain type that cannot be entered (V-1).
IMPASSABLE = "impassable"


# -- terrain --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TerrainType:
    """One terrain type (M-5): its map code, labels, sight bonus (L-2) and entry cost (V-1).

    ``entry_cost`` is ``None`` for a hex that cannot be entered (water).
    """

    terrain: Terrain
    code: str
    name: str
    name_zh: str
    sight_bonus: int
    entry_cost: int | None

    @property
    def label(self) -> str:
        """English name with the Chinese term, ``'Forest 丛林地'``."""
        return f"{self.name} {self.name_zh}"

    @property
    def enterable(self) -> bool:
        """Whether a unit may enter a hex of this type (V-1; water may not be entered)."""
        return self.entry_cost is not None


#: The glossary term of each terrain type (the labels are the glossary's, not the table's).
TERRAIN_TERMS = {Terrain.OPEN: "open", Terrain.CITY: "settlement", Terrain.FOREST: "forest",
                 Terrain.WATER: "water"}

#: The column of a terrain type a :meth:`TerrainTable.cell` reads, and its rule.
_TERRAIN_COLUMNS = {"sight_bonus": "L-2", "entry_cost": "V-1"}
#: The movement numbers of terrain.toml ``[movement]`` and their rules.
_MOVEMENT_RULES = {"river_crossing_cost": "V-1", "road_step_cost": "V-2",
                   "march_step_cost": "V-3", "short_halt_cost": "V-9",
                   "stacking_limit": "V-11"}


@dataclass(frozen=True)
class TerrainTable:
    """Terrain types (M-5, L-2, V-1), the river, road and march step costs (V-1…V-3), the
    short-halt cost (V-9) and the stacking limit (V-11).

    The movement rules that use them are in :mod:`hexrules.movement`.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> t = load_tables().terrain
    >>> t[Terrain.CITY].label, t["forest"].sight_bonus, t[Terrain.WATER].enterable
    ('Settlement 居民地', 1, False)
    >>> [t[k].entry_cost for k in Terrain]
    [1, 3, 2, None]
    >>> t.river_crossing_cost, t.road_step_cost, t.march_step_cost
    (3, 1, Fraction(1, 2))
    >>> t.short_halt_cost, t.stacking_limit
    (3, 4)
    >>> t.from_code("F"), t.sight_bonuses.tolist()
    (<Terrain.FOREST: 2>, [0, 1, 1, 0])
    """

    meta: TableMeta
    types: Mapping[Terrain, TerrainType]
    river_crossing_cost: int
    road_step_cost: int
    march_step_cost: Fraction
    short_halt_cost: int
    stacking_limit: int

    def __getitem__(self, key: Terrain | str) -> TerrainType:
        """The type of a :class:`Terrain` or of its name in terrain.toml (``'city'``)."""
        if isinstance(key, str) and not isinstance(key, Terrain):
            return self.types[self.names[key]]
        return self.types[key]

    @cached_property
    def names(self) -> Mapping[str, Terrain]:
        """Each terrain type's name in the file (``'open'``…) to its :class:`Terrain`."""
        return Entries({t.name.lower(): t for t in self.types}, "terrain type",
                       f"{Path(self.meta.file).name} (M-5)")

    @cached_property
    def _by_code(self) -> dict[str, Terrain]:
        return {tt.code: t for t, tt in self.types.items()}

    def from_code(self, code: str) -> Terrain:
        """The terrain of a one-character map code (``'.'``, ``'C'``, ``'F'``, ``'W'``).

        Raises
        ------
        MapFormatError
            For an unknown code; the message lists the valid ones.
        RulesTypeError
            If ``code`` is not a string.
        """
        if not isinstance(code, str):
            raise RulesTypeError(f"a terrain code is a one-character string, got {code!r}")
        try:
            return self._by_code[code]
        except KeyError:
            valid = ", ".join(f"{tt.code!r} {tt.name.lower()}" for tt in self.types.values())
            raise MapFormatError(f"unknown terrain code {code!r}: use {valid}") from None

    @cached_property
    def sight_bonuses(self) -> np.ndarray:
        """Read-only array of the L-2 sight bonus indexed by :class:`Terrain` value."""
        out = np.zeros(len(Terrain), dtype=np.int16)
        for t, tt in self.types.items():
            out[int(t)] = tt.sight_bonus
        out.flags.writeable = False
        return out

    def cell(self, terrain: Terrain | str, column: str) -> Cell:
        """The cell read for a terrain type: ``'sight_bonus'`` (L-2) or ``'entry_cost'`` (V-1).

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> str(load_tables().terrain.cell(Terrain.FOREST, "entry_cost"))
        'V-1 row forest, column entry_cost → 2'
        >>> load_tables().terrain.cell("city", "cost")
        Traceback (most recent call last):
        ...
        hexrules.errors.TableLookupError: terrain.toml has no column 'cost' per terrain type: \
use 'sight_bonus' (L-2) or 'entry_cost' (V-1)
        """
        tt = self[terrain]
        if column not in _TERRAIN_COLUMNS:
            raise TableLookupError(
                f"terrain.toml has no column {column!r} per terrain type: use "
                + " or ".join(f"{k!r} ({r})" for k, r in _TERRAIN_COLUMNS.items())
            )
        value = getattr(tt, column)
        return Cell(_TERRAIN_COLUMNS[column], self.meta.name, tt.terrain.name.lower(), column,
                    IMPASSABLE if value is None else value)

    def movement_cell(self, key: str) -> Cell:
        """The cell of one ``[movement]`` number: river crossing (V-1), road (V-2), march
        (V-3), short halt (V-9), stacking limit (V-11).

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> str(load_tables().terrain.movement_cell("march_step_cost"))
        'V-3 row movement, column march_step_cost → 1/2'
        >>> str(load_tables().terrain.movement_cell("stacking_limit"))
        'V-11 row movement, column stacking_limit → 4'
        """
        if key not in _MOVEMENT_RULES:
            raise TableLookupError(
                f"terrain.toml [movement] has no {key!r}: use "
                + ", ".join(map(repr, _MOVEMENT_RULES))
            )
        return Cell(_MOVEMENT_RULES[key], self.meta.name, "movement", key, getattr(self, key))


def parse_terrain(where: _Where, data: Mapping[str, Any]) -> TerrainTable:
    """Read terrain.toml (M-5, L-2, V-1…V-3, V-9, V-11)."""
    meta = _meta(where, data, "M-5")
    _keys(where, "-", data, {"meta", "terrain", "movement"})
    raw = _table(where, "terrain", data["terrain"], "[terrain.<type>] table")
    names = {t.name.lower(): t for t in Terrain}
    for key in raw:
        if key not in names:
            raise where.fail(
                f"terrain.{key}", "-",
                f"unknown terrain type {key!r}: the map format (M-5) has exactly "
                f"{', '.join(map(repr, names))}",
            )
    types: dict[Terrain, TerrainType] = {}
    codes: dict[str, str] = {}
    for key, t in names.items():
        row = f"terrain.{key}"
        if key not in raw:
            raise where.fail(row, "-", f"missing: terrain.toml must describe every terrain "
                                       f"type ({', '.join(names)})")
        entry = raw[key]
        _keys(where, row, entry, {"code", "sight_bonus", "entry_cost"})
        code = entry["code"]
        if not isinstance(code, str) or len(code) != 1 or code.isspace():
            raise where.fail(row, "code", f"expected one character, got {code!r}")
        if code in codes:
            raise where.fail(row, "code", f"{code!r} is already the code of {codes[code]!r}")
        codes[code] = key
        cost = entry["entry_cost"]
        types[t] = TerrainType(
            terrain=t,
            code=code,
            name=term(TERRAIN_TERMS[t]).en,  # labels come from the glossary
            name_zh=term(TERRAIN_TERMS[t]).zh,
            sight_bonus=_int(where, row, "sight_bonus", entry["sight_bonus"], 0, 10),
            entry_cost=None if cost == IMPASSABLE else _cost(where, row, "entry_cost", cost),
        )
    move = data["movement"]
    _keys(where, "movement", move, set(_MOVEMENT_RULES))
    return TerrainTable(
        meta,
        Entries(types, "terrain type", f"{where.name} (M-5)"),
        river_crossing_cost=_int(where, "movement", "river_crossing_cost",
                                 move["river_crossing_cost"], 1, 99),
        road_step_cost=_int(where, "movement", "road_step_cost", move["road_step_cost"], 1, 99),
        march_step_cost=_fraction(where, "movement", "march_step_cost",
                                  move["march_step_cost"], Fraction(1, 99), Fraction(99)),
        short_halt_cost=_int(where, "movement", "short_halt_cost", move["short_halt_cost"],
                             1, 99),
        stacking_limit=_int(where, "movement", "stacking_limit", move["stacking_limit"], 1, 99),
    )


def _cost(where: _Where, row: str, column: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(row, column, f"expected movement points 1-99 or \"{IMPASSABLE}\", "
                                      f"got {value!r}")
    return _int(where, row, column, value, 1, 99)


# -- units ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArmourClass(Named):
    """An armour class (F-8, A-7), e.g. ``'medium'``: label ``'Medium armour 中型装甲'``."""


@dataclass(frozen=True)
class UnitType(Named):
    """A unit type (C-1): the game's tank has an 85 mm gun, movement 5 and medium armour."""

    gun: str
    gun_zh: str
    movement: int
    armour: str


@dataclass(frozen=True)
class UnitTable:
    """Unit types (C-1) and armour classes (F-8, A-7) of a table set.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> from hexrules.map.hexgrid import Hex
    >>> u = load_tables().units
    >>> tank = u.types["tank"]
    >>> tank.label, tank.gun, tank.movement, tank.armour
    ('Tank 坦克', '85 mm gun', 5, 'medium')
    >>> u.armour_classes["medium"].label
    'Medium armour 中型装甲'
    >>> u.armour_of(Unit("R1", "red", Hex(0, 0)))
    'medium'
    """

    meta: TableMeta
    types: Mapping[str, UnitType]
    armour_classes: Mapping[str, ArmourClass]

    def type_of(self, unit: Unit) -> UnitType:
        """The :class:`UnitType` of ``unit`` in this table set.

        Raises
        ------
        TableLookupError
            If this set's units.toml has no such unit type.
        RulesTypeError
            If ``unit`` is not a :class:`~hexrules.units.Unit`.

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> from hexrules.map.hexgrid import Hex
        >>> load_tables().units.type_of(Unit("R1", "red", Hex(0, 0), type="scout"))
        Traceback (most recent call last):
        ...
        hexrules.errors.TableLookupError: unit 'R1': unit type 'scout' is not in .../units.toml \
(C-1); its types: 'tank'
        """
        if not isinstance(unit, Unit):
            raise RulesTypeError(f"expected a Unit, got {type(unit).__name__} {unit!r}")
        if unit.type not in self.types:
            raise TableLookupError(
                f"unit {unit.id!r}: unit type {unit.type!r} is not in {self.meta.file} (C-1); "
                f"its types: {', '.join(map(repr, self.types))}"
            )
        return self.types[unit.type]

    def armour_of(self, unit: Unit) -> str:
        """The armour class of ``unit`` in this set: its own ``armour``, else its type's.

        Rule code (F-8, A-7) reads a unit's armour class here, so that an instructor's set
        with other unit types and armour classes applies.

        Raises
        ------
        TableLookupError
            If the unit's type or its explicit armour class is not in this set's units.toml.
        """
        if not isinstance(unit, Unit):
            raise RulesTypeError(f"expected a Unit, got {type(unit).__name__} {unit!r}")
        if unit.armour is None:
            return self.type_of(unit).armour
        if unit.armour not in self.armour_classes:
            raise TableLookupError(
                f"unit {unit.id!r}: armour class {unit.armour!r} is not declared in "
                f"{self.meta.file} [armour] (F-8, A-7); its classes: "
                f"{', '.join(map(repr, self.armour_classes))}"
            )
        return str(unit.armour)

    def armour_users(self) -> dict[str, str]:
        """For each armour class, a note naming the unit types that use it (for messages)."""
        out = {}
        for cls in self.armour_classes:
            users = [t.id for t in self.types.values() if t.armour == cls]
            out[cls] = (f"used by unit type {', '.join(map(repr, users))} in units.toml"
                        if users else "declared in units.toml [armour]")
        return out


def parse_units(where: _Where, data: Mapping[str, Any]) -> UnitTable:
    """Read units.toml (C-1): ``[armour.<class>]`` and ``[unit_type.<type>]`` tables."""
    meta = _meta(where, data, "C-1")
    _keys(where, "-", data, {"meta", "armour", "unit_type"})
    classes: dict[str, ArmourClass] = {}
    for key, entry in _table(where, "armour", data["armour"], "[armour.<class>] table").items():
        row = f"armour.{key}"
        _name(where, row, "-", key, "armour class")
        _keys(where, row, entry, {"name", "name_zh"})
        classes[key] = ArmourClass(key, _text(where, row, "name", entry["name"]),
                                   _text(where, row, "name_zh", entry["name_zh"]))
    types: dict[str, UnitType] = {}
    raw = _table(where, "unit_type", data["unit_type"], "[unit_type.<type>] table")
    for key, entry in raw.items():
        row = f"unit_type.{key}"
        _name(where, row, "-", key, "unit type")
        _keys(where, row, entry, {"name", "name_zh", "gun", "gun_zh", "movement", "armour"})
        armour = entry["armour"]
        if armour not in classes:
            raise where.fail(
                row, "armour",
                f"armour class {armour!r} is not declared: add an [armour.{armour}] table or "
                f"use one of {', '.join(map(repr, classes))}",
            )
        types[key] = UnitType(
            id=key,
            name=_text(where, row, "name", entry["name"]),
            name_zh=_text(where, row, "name_zh", entry["name_zh"]),
            gun=_text(where, row, "gun", entry["gun"]),
            gun_zh=_text(where, row, "gun_zh", entry["gun_zh"]),
            movement=_int(where, row, "movement", entry["movement"], 1, 99),
            armour=armour,
        )
    return UnitTable(meta, Entries(types, "unit type", f"{where.name} (C-1)"),
                     Entries(classes, "armour class", f"{where.name} [armour]"))


# -- F-5 modifiers --------------------------------------------------------------------------
#: The F-5 modifiers: file key → (the rule that gives it, sign, what it is).
_MODIFIERS = {
    "suppressed": ("C-3", -1, "shooter suppressed 射击单位被压制"),
    "moving": ("V-8", -1, "moving fire 行进间射击"),
    "short_halt": ("V-9", -1, "short-halt fire 短停射击"),
    "card_bonus": ("E-2", +1, "fire-enhancement card 火力增强卡"),
}


@dataclass(frozen=True)
class ModifierTable:
    """F-5 attack-level modifiers; ``clamp`` is the top level of the F-6 table.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> m = load_tables().modifiers
    >>> m.suppressed, m.moving, m.short_halt, m.card_bonus, m.clamp
    (-3, -1, -3, 2, 11)
    >>> str(m.cell("short_halt"))
    'F-5 row short_halt (V-9), column modifier → -3'
    """

    meta: TableMeta
    suppressed: int
    moving: int
    short_halt: int
    card_bonus: int
    clamp: int

    def cell(self, name: str) -> Cell:
        """The cell of one modifier: ``'suppressed'``, ``'moving'``, ``'short_halt'``,
        ``'card_bonus'``.

        Raises
        ------
        TableLookupError
            For another name; the message lists the valid ones.
        """
        if name not in _MODIFIERS:
            raise TableLookupError(
                f"F-5 (modifiers.toml): no modifier {name!r}: use "
                + ", ".join(map(repr, _MODIFIERS))
            )
        return Cell(self.meta.rule, self.meta.name, f"{name} ({_MODIFIERS[name][0]})",
                    "modifier", getattr(self, name))


def parse_modifiers(where: _Where, data: Mapping[str, Any], clamp: int) -> ModifierTable:
    """Read modifiers.toml (F-5); penalties run ``-clamp``…0 and the bonus 0…``clamp``."""
    meta = _meta(where, data, "F-5")
    _keys(where, "-", data, {"meta", "modifiers"})
    raw = data["modifiers"]
    _keys(where, "modifiers", raw, set(_MODIFIERS))
    values = {}
    for key, (rule, sign, what) in _MODIFIERS.items():
        lo, hi = (-clamp, 0) if sign < 0 else (0, clamp)
        if isinstance(raw[key], int) and not isinstance(raw[key], bool) and raw[key] * sign < 0:
            kind = "a penalty: write it <= 0" if sign < 0 else "a bonus: write it >= 0"
            raise where.fail("modifiers", key, f"{what} ({rule}) is {kind}, got {raw[key]}")
        values[key] = _int(where, "modifiers", key, raw[key], lo, hi)
    return ModifierTable(meta, clamp=clamp, **values)
