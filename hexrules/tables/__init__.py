"""Rule numbers as data, read by one validating loader (rules M-5, L-2, C-1, F-3…F-8, V-1…V-3,
A-6, A-7).

The numbers an instructor may want to change live as TOML files in ``hexrules/data/tables/``:

=======================  ==========================================================  ==========
file                     content                                                     rule IDs
=======================  ==========================================================  ==========
terrain.toml             terrain types: map code, labels, sight bonus, entry cost;     M-5, L-2,
                         river, road and march step costs                              V-1…V-3
units.toml               unit types (the tank) and armour classes                      C-1
attack_level.toml        base attack level by range band (坦克射击攻击等级表)          F-3
height_correction.toml   height-difference correction (攻击等级高度差修正表)            F-4
modifiers.toml           attack-level modifiers (suppressed, moving, short halt, card) F-5
combat_results.toml      combat result table (坦克射击战斗结果表), terrain and armour   F-6…F-8
artillery.toml           artillery attack level by gun and ring, armour values        A-6, A-7
=======================  ==========================================================  ==========

Each file starts with a comment that explains its format and cites its rules, and a ``[meta]``
table saying whether the values are *reconstructed*, a *house value*, *from the source* or
*official* (as the rules reference docs/rules.md marks them). :func:`load_tables` reads a whole
set from a folder — the default set, or an instructor's own copy — and checks shape, allowed
values, ranges, band order, complete rows, unknown rows and keys, and the cross-references
between files (every armour class of units.toml has an F-8 threshold and an A-7 value for every
gun; the F-7 terrain names are those of terrain.toml). Any deviation raises
:class:`~hexrules.errors.TableFormatError` naming the file, the table, the row and the column.

The map format (terrain codes), :class:`~hexrules.map.terrain.Terrain` labels, the L-2 sight
bonus of :meth:`~hexrules.map.hexmap.HexMap.effective_height` and the armour class a
:class:`~hexrules.units.Unit` gets from its type read the *default* set
(:func:`default_tables`); rule code that takes a ``tables`` argument reads the set it is given.

Examples
--------
>>> t = load_tables()
>>> t.attack_level.lookup(18).value
9
>>> t.height_correction.lookup(3, 12).value
2
>>> t.combat_results.lookup(9, 5).value
Result.K
>>> t.attack_level.meta.label
'F-3 Tank fire attack level table 坦克射击攻击等级表 [reconstructed]'
>>> t.modifiers.suppressed, t.terrain["city"].entry_cost, t.units.types["tank"].movement
(-3, 3, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hexrules.errors import RulesTypeError
from hexrules.tables._validate import STATUSES, Cell, Entries, TableMeta, _read, _Where
from hexrules.tables.artillery import ArtilleryTable, Gun, parse_artillery
from hexrules.tables.catalog import (
    ArmourClass,
    ModifierTable,
    TerrainTable,
    TerrainType,
    UnitTable,
    UnitType,
    parse_modifiers,
    parse_terrain,
    parse_units,
)
from hexrules.tables.fire import (
    AttackLevelTable,
    CombatResultTable,
    HeightCorrectionTable,
    RangeBand,
    parse_attack_level,
    parse_height,
    parse_results,
)

__all__ = [
    "DEFAULT_TABLES_DIR",
    "FILES",
    "STATUSES",
    "ArmourClass",
    "ArtilleryTable",
    "AttackLevelTable",
    "Cell",
    "CombatResultTable",
    "Entries",
    "Gun",
    "HeightCorrectionTable",
    "ModifierTable",
    "RangeBand",
    "TableMeta",
    "TableSet",
    "TerrainTable",
    "TerrainType",
    "UnitTable",
    "UnitType",
    "default_tables",
    "load_tables",
]

#: The default table set shipped with hexrules.
DEFAULT_TABLES_DIR = Path(__file__).resolve().parent.parent / "data" / "tables"

#: The files of a table set and the rule each one's ``[meta]`` names.
FILES = {
    "terrain.toml": "M-5",
    "units.toml": "C-1",
    "attack_level.toml": "F-3",
    "height_correction.toml": "F-4",
    "modifiers.toml": "F-5",
    "combat_results.toml": "F-6",
    "artillery.toml": "A-6",
}


@dataclass(frozen=True)
class TableSet:
    """A complete, validated set of rule tables (the default or an instructor's own).

    Build it with :func:`load_tables`.

    Examples
    --------
    >>> t = load_tables()
    >>> t.is_default, t.attack_level.meta.rule
    (True, 'F-3')
    >>> t.attack_level.lookup(18).value, t.combat_results.lookup(9, 5).value
    (9, Result.K)
    >>> [m.rule for m in t.metas]
    ['M-5', 'C-1', 'F-3', 'F-4', 'F-5', 'F-6', 'A-6']
    """

    attack_level: AttackLevelTable
    height_correction: HeightCorrectionTable
    combat_results: CombatResultTable
    artillery: ArtilleryTable
    terrain: TerrainTable
    units: UnitTable
    modifiers: ModifierTable
    folder: Path = field(default=DEFAULT_TABLES_DIR)

    @property
    def is_default(self) -> bool:
        """Whether this is the set shipped with hexrules."""
        return self.folder == DEFAULT_TABLES_DIR

    @property
    def metas(self) -> tuple[TableMeta, ...]:
        """The ``[meta]`` of every file, in the order of :data:`FILES`."""
        return (self.terrain.meta, self.units.meta, self.attack_level.meta,
                self.height_correction.meta, self.modifiers.meta, self.combat_results.meta,
                self.artillery.meta)

    def __repr__(self) -> str:
        return f"<TableSet {str(self.folder)!r}>"

    def _repr_html_(self) -> str:
        from hexrules.render.html import tables_html

        return tables_html(self)


def _load(folder: Path) -> TableSet:
    holds = ", ".join(FILES)

    def read(name: str) -> tuple[_Where, dict[str, Any]]:
        return _read(folder / name, FILES[name], holds)

    terrain = parse_terrain(*read("terrain.toml"))
    units = parse_units(*read("units.toml"))
    users = units.armour_users()
    results = parse_results(*read("combat_results.toml"), terrain.names, users)
    top = results.max_level
    return TableSet(
        attack_level=parse_attack_level(*read("attack_level.toml"), top),
        height_correction=parse_height(*read("height_correction.toml"), top),
        combat_results=results,
        artillery=parse_artillery(*read("artillery.toml"), top, users),
        terrain=terrain,
        units=units,
        modifiers=parse_modifiers(*read("modifiers.toml"), top),
        folder=folder,
    )


@cache
def _load_cached(folder: Path, stamp: tuple[float, ...]) -> TableSet:
    return _load(folder)


def load_tables(folder: str | Path | None = None) -> TableSet:
    """Load and validate a table set (M-5, C-1, F-3…F-8, V-1…V-3, A-6, A-7) from a folder.

    Parameters
    ----------
    folder : str, Path or None
        A folder holding the files of :data:`FILES` (``terrain.toml``, ``units.toml``,
        ``attack_level.toml``, ``height_correction.toml``, ``modifiers.toml``,
        ``combat_results.toml``, ``artillery.toml``). ``None`` loads the default set in
        ``hexrules/data/tables/``. To make your own set, copy that folder and edit the values;
        the header comment of each file explains its format.

    Returns
    -------
    TableSet
        Cached: loading an unchanged folder again returns the same object.

    Raises
    ------
    TableFormatError
        Naming the file, table, row and column of the first problem found.
    RulesTypeError
        If ``folder`` is not a string or a path.

    Examples
    --------
    >>> load_tables() is load_tables()
    True
    >>> load_tables("/nonexistent")
    Traceback (most recent call last):
    ...
    hexrules.errors.TableFormatError: /nonexistent/terrain.toml: table 'M-5', ...
    """
    if folder is not None and not isinstance(folder, str | Path):
        raise RulesTypeError(
            f"load_tables takes a folder (a str or a Path) or None, got {folder!r}"
        )
    path = DEFAULT_TABLES_DIR if folder is None else Path(folder).resolve()
    stamp = tuple(
        (path / name).stat().st_mtime if (path / name).is_file() else -1.0 for name in FILES
    )
    return _load_cached(path, stamp)


@cache
def default_tables() -> TableSet:
    """The default table set, loaded once per process.

    What the map format (terrain codes), :class:`~hexrules.map.terrain.Terrain` labels and
    sight bonus, and a :class:`~hexrules.units.Unit`'s armour class from its type read.

    >>> default_tables().is_default
    True
    """
    return load_tables()
