"""The direct-fire tables (rules F-3, F-4, F-6…F-8): values and their parsers.

=======================  ==========================================================  =========
file                     content                                                     rule IDs
=======================  ==========================================================  =========
attack_level.toml        base attack level by range band (坦克射击攻击等级表)          F-3
height_correction.toml   height-difference correction (攻击等级高度差修正表)            F-4
combat_results.toml      combat result table (坦克射击战斗结果表), terrain and armour   F-6…F-8
=======================  ==========================================================  =========
"""

from __future__ import annotations

import operator
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from hexrules.errors import RulesTypeError, TableLookupError
from hexrules.map.terrain import Terrain
from hexrules.tables._validate import (
    Cell,
    Entries,
    TableMeta,
    _armour,
    _int,
    _keys,
    _meta,
    _numbered_rows,
    _Where,
)
from hexrules.units import Result

__all__ = ["AttackLevelTable", "CombatResultTable", "HeightCorrectionTable", "RangeBand"]


def _whole(value: Any, what: str, rule: str) -> int:
    """``value`` as an int (numpy integers too); a float or a string is a type mistake."""
    if isinstance(value, bool):
        raise RulesTypeError(f"{rule}: {what} must be an integer, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise RulesTypeError(f"{rule}: {what} must be an integer, got {value!r}") from None


@dataclass(frozen=True, slots=True)
class RangeBand:
    """A band of ranges ``start``–``stop`` hexes (inclusive)."""

    start: int
    stop: int

    def __contains__(self, distance: object) -> bool:
        return isinstance(distance, int) and self.start <= distance <= self.stop

    @property
    def label(self) -> str:
        """``'9–30'`` or ``'4'``."""
        return str(self.start) if self.start == self.stop else f"{self.start}–{self.stop}"


@dataclass(frozen=True)
class AttackLevelTable:
    """F-3: base attack level by range band.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> t = load_tables().attack_level
    >>> [t.lookup(r).value for r in (1, 8, 9, 30, 31, 50)]
    [10, 10, 9, 9, 8, 7]
    >>> t.lookup(51) is None, t.max_range
    (True, 50)
    """

    meta: TableMeta
    bands: tuple[RangeBand, ...]
    levels: tuple[int, ...]

    @property
    def max_range(self) -> int:
        """The longest range at which a tank may fire."""
        return self.bands[-1].stop

    def lookup(self, distance: int) -> Cell | None:
        """The cell for ``distance`` hexes, or ``None`` if out of range.

        Raises
        ------
        RulesTypeError
            If ``distance`` is not an integer.
        TableLookupError
            If ``distance`` is negative.

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> str(load_tables().attack_level.lookup(9))
        'F-3 row 9–30, column level → 9'
        >>> load_tables().attack_level.lookup(-1)
        Traceback (most recent call last):
        ...
        hexrules.errors.TableLookupError: F-3: a range is a number of hexes >= 0, got -1
        """
        distance = _whole(distance, "a range in hexes", "F-3")
        if distance < 0:
            raise TableLookupError(f"F-3: a range is a number of hexes >= 0, got {distance}")
        for band, level in zip(self.bands, self.levels, strict=True):
            if distance in band:
                return Cell(self.meta.rule, self.meta.name, band.label, "level", level)
        return None


@dataclass(frozen=True)
class HeightCorrectionTable:
    """F-4: attack levels to subtract, by height difference and range band.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> t = load_tables().height_correction
    >>> c = t.lookup(10, 2)
    >>> c.row, c.column, c.value
    ('8 (Δ 10 → 8)', '2', 8)
    >>> t.lookup(0, 5) is None, t.lookup(3, 31) is None
    (True, True)
    """

    meta: TableMeta
    columns: tuple[RangeBand, ...]
    rows: tuple[tuple[int, ...], ...]

    @property
    def max_delta(self) -> int:
        """The last row; larger differences use it."""
        return len(self.rows)

    @property
    def max_range(self) -> int:
        """Beyond this range there is no correction."""
        return self.columns[-1].stop

    def lookup(self, delta: int, distance: int) -> Cell | None:
        """The cell for height difference ``delta`` at ``distance``, or ``None`` if none applies.

        ``None`` means no correction: no height difference, or beyond the last range band.

        Raises
        ------
        RulesTypeError
            If ``delta`` or ``distance`` is not an integer.
        TableLookupError
            If ``distance`` is negative.

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> str(load_tables().height_correction.lookup(-3, 2))  # the sign does not matter
        'F-4 row 3, column 2 → 6'
        >>> load_tables().height_correction.lookup(1.5, 2)
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesTypeError: F-4: a height difference in levels must be an ...
        """
        delta = abs(_whole(delta, "a height difference in levels", "F-4"))
        distance = _whole(distance, "a range in hexes", "F-4")
        if distance < 0:
            raise TableLookupError(f"F-4: a range is a number of hexes >= 0, got {distance}")
        if delta == 0:
            return None
        for j, band in enumerate(self.columns):
            if distance in band:
                row = min(delta, self.max_delta)
                label = str(row) if row == delta else f"{row} (Δ {delta} → {row})"
                return Cell(self.meta.rule, self.meta.name, label, band.label,
                            self.rows[row - 1][j])
        return None


@dataclass(frozen=True)
class CombatResultTable:
    """F-6 combat results by dice sum and level, with the F-7 terrain and F-8 armour data.

    ``rows`` maps each dice sum 2–12 to one result per level; ``terrain_faces`` maps every
    :class:`~hexrules.map.terrain.Terrain` to the die faces that turn damage into S (F-7;
    empty for no correction); ``armour`` maps every armour class of units.toml to its F-8
    threshold. Unknown keys raise :class:`~hexrules.errors.TableKeyError`.

    Examples
    --------
    >>> from hexrules.tables import load_tables
    >>> t = load_tables().combat_results
    >>> t.max_level, t.lookup(11, 7).value, t.lookup(2, 12).value
    (11, Result.K, Result.I)
    >>> t.terrain_faces[Terrain.FOREST], t.armour["medium"]
    (frozenset({3, 4}), 1)
    """

    meta: TableMeta
    levels: tuple[int, ...]
    rows: Mapping[int, tuple[Result, ...]]
    terrain_faces: Mapping[Terrain, frozenset[int]]
    armour: Mapping[str, int]

    @property
    def max_level(self) -> int:
        """The top attack level: the F-5 clamp."""
        return self.levels[-1]

    def lookup(self, level: int, dice_sum: int) -> Cell:
        """The cell at final attack ``level`` (1…max) and 2d6 ``dice_sum`` (2…12).

        Raises
        ------
        RulesTypeError
            If ``level`` or ``dice_sum`` is not an integer.
        TableLookupError
            Outside the table.

        Examples
        --------
        >>> from hexrules.tables import load_tables
        >>> t = load_tables().combat_results
        >>> t.lookup(9, 5).value
        Result.K
        >>> t.lookup(0, 7)
        Traceback (most recent call last):
        ...
        hexrules.errors.TableLookupError: F-6 (combat_results.toml): no cell for level 0, \
dice sum 7: levels run 1-11, dice sums 2-12
        """
        level = _whole(level, "an attack level", "F-6")
        dice_sum = _whole(dice_sum, "a 2d6 sum", "F-6")
        if not 1 <= level <= self.max_level or not 2 <= dice_sum <= 12:
            raise TableLookupError(
                f"F-6 (combat_results.toml): no cell for level {level}, dice sum {dice_sum}: "
                f"levels run 1-{self.max_level}, dice sums 2-12"
            )
        return Cell(self.meta.rule, self.meta.name, str(dice_sum), str(level),
                    self.rows[dice_sum][level - 1])

    @cached_property
    def codes(self) -> np.ndarray:
        """Read-only array ``[dice_sum, level]`` of result indices (0 none, 1 S … 4 K).

        Rows 0–1 and column 0 are unused padding, so the array is indexed directly.

        >>> from hexrules.tables import load_tables
        >>> codes = load_tables().combat_results.codes
        >>> codes.shape, int(codes[11, 7])  # 4 = K
        ((13, 12), 4)
        """
        order = list(Result)
        out = np.zeros((13, self.max_level + 1), dtype=np.int8)
        for s, row in self.rows.items():
            out[s, 1:] = [order.index(r) for r in row]
        out.flags.writeable = False
        return out


# -- parsers --------------------------------------------------------------------------------
_BAND_RE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?$")


def _bands(where: _Where, places: list[tuple[object, object, RangeBand]]) -> None:
    """Check that range bands start at 1 and follow each other with no gap or overlap.

    ``places`` gives, for each band, the row and column to name in an error.
    """
    expected = 1
    for row, column, band in places:
        if band.stop < band.start:
            raise where.fail(row, column,
                             f"band {band.start}-{band.stop} ends before it starts")
        if band.start != expected:
            what = "overlaps the previous band" if band.start < expected else "leaves a gap"
            raise where.fail(
                row, column,
                f"range bands must increase with no gap or overlap: band {band.label} {what} "
                f"(expected it to start at {expected})",
            )
        expected = band.stop + 1


def parse_attack_level(where: _Where, data: Mapping[str, Any], max_level: int
                       ) -> AttackLevelTable:
    """Read attack_level.toml (F-3); levels run 1 to ``max_level`` (the top of F-6)."""
    meta = _meta(where, data, "F-3")
    _keys(where, "-", data, {"meta", "band"})
    raw = data["band"]
    if not isinstance(raw, list) or not raw:
        raise where.fail("band", "-", "expected at least one [[band]]")
    bands, levels = [], []
    for i, b in enumerate(raw, 1):
        row = f"band {i}"
        _keys(where, row, b, {"from", "to", "level"})
        start = _int(where, row, "from", b["from"], 1, 10_000)
        stop = _int(where, row, "to", b["to"], 1, 10_000)
        levels.append(_int(where, row, "level", b["level"], 1, max_level))
        bands.append(RangeBand(start, stop))
    _bands(where, [(f"band {i}", "from", band) for i, band in enumerate(bands, 1)])
    return AttackLevelTable(meta, tuple(bands), tuple(levels))


def _parse_band_label(where: _Where, row: object, column: object, text: Any) -> RangeBand:
    m = _BAND_RE.match(text) if isinstance(text, str) else None
    if not m:
        raise where.fail(row, column, f"expected a range like \"4\" or \"11-15\", got {text!r}")
    start = int(m.group(1))
    stop = int(m.group(2)) if m.group(2) else start
    return RangeBand(start, stop)


def parse_height(where: _Where, data: Mapping[str, Any], max_level: int
                 ) -> HeightCorrectionTable:
    """Read height_correction.toml (F-4); values run 0 to ``max_level``."""
    meta = _meta(where, data, "F-4")
    _keys(where, "-", data, {"meta", "table", "rows"})
    _keys(where, "table", data["table"], {"columns"})
    raw_cols = data["table"]["columns"]
    if not isinstance(raw_cols, list) or not raw_cols:
        raise where.fail("table", "columns", "expected a non-empty list of range bands")
    cols = [_parse_band_label(where, "columns", j + 1, c) for j, c in enumerate(raw_cols)]
    _bands(where, [("columns", f"{j + 1} ({c.label})", c) for j, c in enumerate(cols)])
    rows = []
    for delta, values in _numbered_rows(where, data["rows"], 1, None):
        if not isinstance(values, list) or len(values) != len(cols):
            got = len(values) if isinstance(values, list) else type(values).__name__
            raise where.fail(delta, "-", f"expected {len(cols)} values (one per column), got {got}")
        rows.append(tuple(
            _int(where, delta, cols[j].label, v, 0, max_level) for j, v in enumerate(values)
        ))
    return HeightCorrectionTable(meta, tuple(cols), tuple(rows))


def parse_results(where: _Where, data: Mapping[str, Any], terrain_names: Mapping[str, Terrain],
                  armour_classes: Mapping[str, str]) -> CombatResultTable:
    """Read combat_results.toml (F-6, F-7, F-8).

    ``terrain_names`` are the terrain types of terrain.toml: ``[terrain_correction]`` must
    give exactly those. ``armour_classes`` maps the armour classes of units.toml to a note
    naming their users: ``[armour_correction]`` must give exactly those.
    """
    meta = _meta(where, data, "F-6")
    _keys(where, "-", data, {"meta", "table", "rows", "terrain_correction", "armour_correction"})
    _keys(where, "table", data["table"], {"levels"})
    levels = data["table"]["levels"]
    if not isinstance(levels, list) or not levels:
        raise where.fail("table", "levels", "expected a list of levels 1, 2, …")
    for j, lv in enumerate(levels, 1):
        if lv != j or isinstance(lv, bool):
            raise where.fail("table", f"levels[{j}]",
                             f"levels must be 1, 2, 3, … in order; got {lv!r}")
    rows: dict[int, tuple[Result, ...]] = {}
    for dice_sum, text in _numbered_rows(where, data["rows"], 2, 12):
        if not isinstance(text, str):
            raise where.fail(dice_sum, "-", f"expected a string of codes, got {text!r}")
        codes = text.split()
        if len(codes) != len(levels):
            raise where.fail(dice_sum, "-",
                             f"expected {len(levels)} codes (one per level), got {len(codes)}")
        out = []
        for lv, code in zip(levels, codes, strict=True):
            try:
                out.append(Result.from_code(code))
            except ValueError as exc:
                raise where.fail(dice_sum, f"level {lv}", str(exc)) from None
        rows[dice_sum] = tuple(out)
    faces = _terrain_faces(where, data["terrain_correction"], terrain_names)
    armour = _armour(where, "armour_correction", data["armour_correction"], armour_classes)
    name = where.name
    return CombatResultTable(
        meta, tuple(levels),
        Entries(rows, "dice sum", f"{name} [rows] (F-6)"),
        Entries(faces, "terrain type", f"{name} [terrain_correction] (F-7)"),
        Entries(armour, "armour class", f"{name} [armour_correction] (F-8)"),
    )


def _terrain_faces(where: _Where, data: Any, names: Mapping[str, Terrain]
                   ) -> dict[Terrain, frozenset[int]]:
    """F-7: one entry per terrain type of terrain.toml, each a list of die faces."""
    row = "terrain_correction"
    if not isinstance(data, Mapping):
        raise where.fail(row, "-", "expected a table of terrain type = [die faces]")
    for key in data:
        if key not in names:
            raise where.fail(row, key, f"unknown terrain type {key!r}: terrain.toml has "
                                       f"{', '.join(map(repr, names))}")
    faces: dict[Terrain, frozenset[int]] = {}
    for key, t in names.items():
        if key not in data:
            raise where.fail(row, key, f"missing (one entry per terrain type of terrain.toml; "
                                       f"{key} = [] for no correction)")
        if not isinstance(data[key], list):
            raise where.fail(row, key, "expected a list of die faces 1-6")
        faces[t] = frozenset(_int(where, row, key, v, 1, 6) for v in data[key])
    return faces
