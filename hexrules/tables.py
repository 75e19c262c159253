"""Rule tables as data, read by one validating loader (RULES.md F-3, F-4, F-6…F-8, A-6, A-7).

The tables the rulebook states as tables live as TOML files in ``hexrules/data/tables/``:

=======================  ==========================================================  =========
file                     content                                                     rule IDs
=======================  ==========================================================  =========
attack_level.toml        base attack level by range band (坦克射击攻击等级表)          F-3
height_correction.toml   height-difference correction (攻击等级高度差修正表)            F-4
combat_results.toml      combat result table (坦克射击战斗结果表), terrain and armour   F-6…F-8
artillery.toml           artillery attack level by gun and ring, armour values        A-6, A-7
=======================  ==========================================================  =========

Each file starts with a comment that explains its format and cites its rule, and a ``[meta]``
table saying whether the values are *reconstructed*, a *house value* or *from the source*
(as RULES.md marks them). :func:`load_tables` reads a whole set from a folder — the default
set, or an instructor's own copy — and checks shape, allowed values, ranges, band order and
complete rows. Any deviation raises :class:`~hexrules.errors.TableFormatError` naming the
file, the table, the row and the column.

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
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import TableFormatError
from hexrules.map.terrain import Terrain
from hexrules.units import ARMOUR_CLASSES, Result

__all__ = [
    "DEFAULT_TABLES_DIR",
    "FILES",
    "STATUSES",
    "ArtilleryTable",
    "AttackLevelTable",
    "Cell",
    "CombatResultTable",
    "Gun",
    "HeightCorrectionTable",
    "RangeBand",
    "TableMeta",
    "TableSet",
    "load_tables",
]

#: The default table set shipped with hexrules.
DEFAULT_TABLES_DIR = Path(__file__).resolve().parent / "data" / "tables"

#: The files of a table set and the rule each one carries.
FILES = {
    "attack_level.toml": "F-3",
    "height_correction.toml": "F-4",
    "combat_results.toml": "F-6",
    "artillery.toml": "A-6",
}

#: Allowed values of ``meta.status``: how trustworthy a table is (RULES.md markers).
STATUSES = ("reconstructed", "house value", "from the source", "official")


# -- errors ---------------------------------------------------------------------------------
class _Where:
    """Where a value lives, to build :class:`TableFormatError` messages."""

    def __init__(self, file: str, table: str) -> None:
        self.file = file
        self.table = table

    def fail(self, row: object, column: object, problem: str) -> TableFormatError:
        err = TableFormatError(
            f"{self.file}: table {self.table!r}, row {row}, column {column}: {problem}"
        )
        err.file, err.table, err.row, err.column = self.file, self.table, row, column  # type: ignore[attr-defined]
        return err


def _int(where: _Where, row: object, column: object, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(row, column, f"expected an integer {lo}-{hi}, got {value!r}")
    if not lo <= value <= hi:
        raise where.fail(row, column, f"{value} is out of range: expected {lo}-{hi}")
    return value


def _keys(where: _Where, row: object, data: Mapping[str, Any], required: set[str],
          optional: frozenset[str] = frozenset()) -> None:
    if not isinstance(data, Mapping):
        raise where.fail(row, "-", f"expected a TOML table, got {type(data).__name__}")
    for key in data:
        if key not in required and key not in optional:
            known = ", ".join(sorted(required | optional))
            raise where.fail(row, key, f"unknown key (known keys: {known})")
    for key in sorted(required):
        if key not in data:
            raise where.fail(row, key, "missing")


# -- values ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TableMeta:
    """What a table file says about itself: rule ID, bilingual title, status, file."""

    rule: str
    title: str
    title_zh: str
    status: str
    file: str

    @property
    def label(self) -> str:
        """``'F-3 Tank fire attack level table 坦克射击攻击等级表 [reconstructed]'``."""
        return f"{self.rule} {self.title} {self.title_zh} [{self.status}]"


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell read during adjudication: which table, row and column, and the value."""

    rule: str
    table: str
    row: str
    column: str
    value: Any

    def __str__(self) -> str:
        return f"{self.rule} row {self.row}, column {self.column} → {_show(self.value)}"


def _show(value: Any) -> str:
    return value.code if isinstance(value, Result) else str(value)


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

        >>> cell = load_tables().attack_level.lookup(9)
        >>> str(cell)
        'F-3 row 9–30, column level → 9'
        """
        for band, level in zip(self.bands, self.levels, strict=True):
            if distance in band:
                return Cell(self.meta.rule, self.meta.file, band.label, "level", level)
        return None


@dataclass(frozen=True)
class HeightCorrectionTable:
    """F-4: attack levels to subtract, by height difference and range band.

    Examples
    --------
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

        >>> str(load_tables().height_correction.lookup(-3, 2))  # the sign does not matter
        'F-4 row 3, column 2 → 6'
        """
        delta = abs(delta)
        if delta == 0:
            return None
        for j, band in enumerate(self.columns):
            if distance in band:
                row = min(delta, self.max_delta)
                label = str(row) if row == delta else f"{row} (Δ {delta} → {row})"
                return Cell(self.meta.rule, self.meta.file, label, band.label,
                            self.rows[row - 1][j])
        return None


@dataclass(frozen=True)
class CombatResultTable:
    """F-6 combat results by dice sum and level, with the F-7 terrain and F-8 armour data.

    Examples
    --------
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

        Raises :class:`ValueError` outside the table.

        >>> t = load_tables().combat_results
        >>> t.lookup(9, 5).value
        Result.K
        >>> t.lookup(0, 7)
        Traceback (most recent call last):
        ...
        ValueError: no cell for level 0, dice sum 7
        """
        if not 1 <= level <= self.max_level or not 2 <= dice_sum <= 12:
            raise ValueError(f"no cell for level {level}, dice sum {dice_sum}")
        return Cell(self.meta.rule, self.meta.file, str(dice_sum), str(level),
                    self.rows[dice_sum][level - 1])

    @cached_property
    def codes(self) -> np.ndarray:
        """Read-only array ``[dice_sum, level]`` of result indices (0 none, 1 S … 4 K).

        Rows 0–1 and column 0 are unused padding, so the array is indexed directly.

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


@dataclass(frozen=True)
class Gun:
    """One artillery gun type (A-6, A-7)."""

    id: str
    name: str
    name_zh: str
    levels: tuple[int, int, int]
    armour: Mapping[str, int]

    @property
    def label(self) -> str:
        """``'155 mm gun-howitzer 155加榴炮'``."""
        return f"{self.name} {self.name_zh}"


@dataclass(frozen=True)
class ArtilleryTable:
    """A-6 levels by gun and ring, A-7 armour values; results use the F-6 table (house value).

    Examples
    --------
    >>> a = load_tables().artillery
    >>> a.guns["155"].levels, a.guns["122"].armour["medium"]
    ((7, 4, 2), 3)
    """

    meta: TableMeta
    guns: Mapping[str, Gun]


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
    """

    attack_level: AttackLevelTable
    height_correction: HeightCorrectionTable
    combat_results: CombatResultTable
    artillery: ArtilleryTable
    folder: Path = field(default=DEFAULT_TABLES_DIR)

    @property
    def is_default(self) -> bool:
        """Whether this is the set shipped with hexrules."""
        return self.folder == DEFAULT_TABLES_DIR

    def __repr__(self) -> str:
        return f"<TableSet {str(self.folder)!r}>"

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(
            f"<tr><td>{escape(t.meta.rule)}</td><td>{escape(t.meta.title)} "
            f"{escape(t.meta.title_zh)}</td><td>{escape(t.meta.status)}</td>"
            f"<td>{escape(t.meta.file)}</td></tr>"
            for t in (self.attack_level, self.height_correction, self.combat_results,
                      self.artillery)
        )
        return (
            f"<p>Rule tables 规则表: {escape(str(self.folder))}</p><table><thead><tr>"
            "<th>Rule 规则</th><th>Table 表</th><th>Status 来源</th><th>File 文件</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )


# -- parsers --------------------------------------------------------------------------------
_BAND_RE = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+)\s*)?$")


def _meta(where: _Where, data: Mapping[str, Any], rule: str) -> TableMeta:
    if "meta" not in data:
        raise where.fail("meta", "-", "missing [meta] table (rule, title, title_zh, status)")
    meta = data["meta"]
    _keys(where, "meta", meta, {"rule", "title", "title_zh", "status"})
    for key in ("rule", "title", "title_zh", "status"):
        if not isinstance(meta[key], str) or not meta[key].strip():
            raise where.fail("meta", key, f"expected a non-empty string, got {meta[key]!r}")
    if meta["rule"] != rule:
        raise where.fail("meta", "rule", f"this file holds rule {rule}, got {meta['rule']!r}")
    if meta["status"] not in STATUSES:
        raise where.fail("meta", "status",
                         f"{meta['status']!r} is not one of {', '.join(map(repr, STATUSES))}")
    return TableMeta(meta["rule"], meta["title"], meta["title_zh"], meta["status"], where.file)


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


def _parse_attack_level(where: _Where, data: Mapping[str, Any], max_level: int
                        ) -> AttackLevelTable:
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


def _numbered_rows(where: _Where, rows: Any, first: int, last: int | None) -> list[tuple[int, Any]]:
    """``[rows]`` entries keyed "first", "first+1", … (exactly up to ``last`` if given)."""
    if not isinstance(rows, Mapping) or not rows:
        raise where.fail("rows", "-", "expected a non-empty [rows] table")
    keyed = {}
    for key, value in rows.items():
        if not re.fullmatch(r"\d+", key):
            raise where.fail(key, "-", "row keys must be integers in quotes, like \"3\"")
        keyed[int(key)] = value
    end = last if last is not None else max(keyed)
    for k in range(first, end + 1):
        if k not in keyed:
            raise where.fail(k, "-", f"row {k} is missing (rows {first}-{end} must all be given)")
    for k in keyed:
        if not first <= k <= end:
            raise where.fail(k, "-", f"unexpected row {k}: rows run {first}-{end}")
    return sorted(keyed.items())


def _parse_height(where: _Where, data: Mapping[str, Any], max_level: int
                  ) -> HeightCorrectionTable:
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


def _parse_results(where: _Where, data: Mapping[str, Any]) -> CombatResultTable:
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
    terrain = data["terrain_correction"]
    _keys(where, "terrain_correction", terrain, {"city", "forest"})
    faces: dict[Terrain, frozenset[int]] = {}
    for key, t in (("city", Terrain.CITY), ("forest", Terrain.FOREST)):
        if not isinstance(terrain[key], list):
            raise where.fail("terrain_correction", key, "expected a list of die faces 1-6")
        faces[t] = frozenset(
            _int(where, "terrain_correction", key, v, 1, 6) for v in terrain[key]
        )
    armour = _armour(where, "armour_correction", data["armour_correction"])
    return CombatResultTable(meta, tuple(levels), rows, faces, armour)


def _armour(where: _Where, row: str, data: Any) -> dict[str, int]:
    if not isinstance(data, Mapping):
        raise where.fail(row, "-", "expected a table of armour class = value")
    for cls in ARMOUR_CLASSES:
        if cls not in data:
            raise where.fail(row, cls, f"missing the value for armour class {cls!r}")
    return {k: _int(where, row, k, v, 0, 6) for k, v in data.items()}


def _parse_artillery(where: _Where, data: Mapping[str, Any], max_level: int) -> ArtilleryTable:
    meta = _meta(where, data, "A-6")
    _keys(where, "-", data, {"meta", "gun"})
    raw = data["gun"]
    if not isinstance(raw, list) or not raw:
        raise where.fail("gun", "-", "expected at least one [[gun]]")
    guns: dict[str, Gun] = {}
    for i, g in enumerate(raw, 1):
        row = f"gun {i}"
        _keys(where, row, g, {"id", "name", "name_zh", "levels", "armour"})
        for key in ("id", "name", "name_zh"):
            if not isinstance(g[key], str) or not g[key].strip():
                raise where.fail(row, key, f"expected a non-empty string, got {g[key]!r}")
        if g["id"] in guns:
            raise where.fail(row, "id", f"duplicate gun id {g['id']!r}")
        lv = g["levels"]
        if not isinstance(lv, list) or len(lv) != 3:
            raise where.fail(row, "levels", "expected 3 levels: ring 0, ring 1, ring 2")
        levels = tuple(_int(where, row, f"levels[ring {k}]", v, 0, max_level)
                       for k, v in enumerate(lv))
        armour = _armour(where, f"{row} armour", g["armour"])
        guns[g["id"]] = Gun(g["id"], g["name"], g["name_zh"], levels, armour)  # type: ignore[arg-type]
    return ArtilleryTable(meta, guns)


def _read(folder: Path, name: str) -> tuple[_Where, dict[str, Any]]:
    path = folder / name
    where = _Where(str(path), FILES[name])
    if not path.is_file():
        raise TableFormatError(
            f"{path}: table {FILES[name]!r}, row -, column -: file missing (a table set "
            f"folder must hold {', '.join(FILES)})"
        )
    try:
        with path.open("rb") as fh:
            return where, tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise where.fail("-", "-", f"not valid TOML: {exc}") from None


def _load(folder: Path) -> TableSet:
    w_res, d_res = _read(folder, "combat_results.toml")
    results = _parse_results(w_res, d_res)
    top = results.max_level
    w_att, d_att = _read(folder, "attack_level.toml")
    w_hgt, d_hgt = _read(folder, "height_correction.toml")
    w_art, d_art = _read(folder, "artillery.toml")
    return TableSet(
        attack_level=_parse_attack_level(w_att, d_att, top),
        height_correction=_parse_height(w_hgt, d_hgt, top),
        combat_results=results,
        artillery=_parse_artillery(w_art, d_art, top),
        folder=folder,
    )


@cache
def _load_cached(folder: Path, stamp: tuple[float, ...]) -> TableSet:
    return _load(folder)


def load_tables(folder: str | Path | None = None) -> TableSet:
    """Load and validate a table set (F-3, F-4, F-6…F-8, A-6, A-7) from a folder.

    Parameters
    ----------
    folder : str, Path or None
        A folder holding ``attack_level.toml``, ``height_correction.toml``,
        ``combat_results.toml`` and ``artillery.toml``. ``None`` loads the default set in
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

    Examples
    --------
    >>> load_tables() is load_tables()
    True
    >>> load_tables("/nonexistent")
    Traceback (most recent call last):
    ...
    hexrules.errors.TableFormatError: /nonexistent/combat_results.toml: table 'F-6', ...
    """
    path = DEFAULT_TABLES_DIR if folder is None else Path(folder).resolve()
    stamp = tuple(
        (path / name).stat().st_mtime if (path / name).is_file() else -1.0 for name in FILES
    )
    return _load_cached(path, stamp)
