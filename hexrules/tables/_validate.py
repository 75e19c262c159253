"""Shared pieces of the table loader: where a value lives, checks, and the small values.

Every check raises :class:`~hexrules.errors.TableFormatError` through :meth:`_Where.fail`, so
each message names the file, the table (the rule ID the file carries), the row and the column.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexrules.errors import TableFormatError, TableKeyError
from hexrules.units import Result

__all__ = ["STATUSES", "Cell", "Entries", "Named", "TableMeta"]

#: Allowed values of ``meta.status``: how trustworthy a table is (rules markers).
STATUSES = ("reconstructed", "house value", "from the source", "official")


# -- where a value lives --------------------------------------------------------------------
class _Where:
    """Where a value lives, to build :class:`TableFormatError` messages."""

    def __init__(self, file: str, table: str) -> None:
        self.file = file
        self.table = table

    @property
    def name(self) -> str:
        """The file name without its folder, e.g. ``'units.toml'``."""
        return Path(self.file).name

    def fail(self, row: object, column: object, problem: str) -> TableFormatError:
        err = TableFormatError(
            f"{self.file}: table {self.table!r}, row {row}, column {column}: {problem}"
        )
        err.file, err.table, err.row, err.column = self.file, self.table, row, column
        return err


def _read(path: Path, table: str, folder_holds: str) -> tuple[_Where, dict[str, Any]]:
    """Parse one TOML file of a table set; ``folder_holds`` lists the files a set needs."""
    where = _Where(str(path), table)
    if not path.is_file():
        raise where.fail("-", "-", f"file missing (a table set folder must hold {folder_holds})")
    try:
        with path.open("rb") as fh:
            return where, tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise where.fail("-", "-", f"not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise where.fail("-", "-", f"cannot read the file: {exc}") from None


# -- checks ---------------------------------------------------------------------------------
def _int(where: _Where, row: object, column: object, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise where.fail(row, column, f"expected an integer {lo}-{hi}, got {value!r}")
    if not lo <= value <= hi:
        raise where.fail(row, column, f"{value} is out of range: expected {lo}-{hi}")
    return value


def _text(where: _Where, row: object, column: object, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise where.fail(row, column, f"expected a non-empty string, got {value!r}")
    return value


_NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _name(where: _Where, row: object, column: object, value: Any, what: str) -> str:
    """An identifier-like key: unit types and armour classes (``'tank'``, ``'medium'``)."""
    if not isinstance(value, str) or not _NAME_RE.fullmatch(value):
        raise where.fail(
            row, column,
            f"{what} names must be identifiers (letters, digits, _; not starting with a "
            f"digit), like 'medium', got {value!r}",
        )
    return value


_FRACTION_RE = re.compile(r"^\s*(\d+)\s*(?:/\s*(\d+)\s*)?$")


def _fraction(where: _Where, row: object, column: object, value: Any,
              lo: Fraction, hi: Fraction) -> Fraction:
    """An exact number given as an integer or a string ``"n/d"`` (``"1/2"``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        out = Fraction(value)
    else:
        m = _FRACTION_RE.match(value) if isinstance(value, str) else None
        if not m or m.group(2) is not None and int(m.group(2)) == 0:
            raise where.fail(row, column,
                             f"expected an integer or a fraction like \"1/2\", got {value!r}")
        out = Fraction(int(m.group(1)), int(m.group(2) or 1))
    if not lo <= out <= hi:
        raise where.fail(row, column, f"{value!r} is out of range: expected {lo}-{hi}")
    return out


def _keys(where: _Where, row: object, data: Any, required: set[str],
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


def _table(where: _Where, row: object, data: Any, what: str) -> Mapping[str, Any]:
    """A non-empty TOML table of named entries (``[armour.medium]``, ``[unit_type.tank]``)."""
    if not isinstance(data, Mapping) or not data:
        raise where.fail(row, "-", f"expected at least one {what}")
    return data


def _numbered_rows(where: _Where, rows: Any, first: int, last: int | None
                   ) -> list[tuple[int, Any]]:
    """``[rows]`` entries keyed "first", "first+1", … (exactly up to ``last`` if given).

    Keys must be written plainly (``"3"``, not ``"03"``), so no two keys name one row.
    """
    if not isinstance(rows, Mapping) or not rows:
        raise where.fail("rows", "-", "expected a non-empty [rows] table")
    keyed = {}
    for key, value in rows.items():
        if not re.fullmatch(r"0|[1-9][0-9]*", key):
            raise where.fail(key, "-", "row keys must be integers in quotes, like \"3\"")
        keyed[int(key)] = value
    end = last if last is not None else max(keyed)
    for k in sorted(keyed):
        if not first <= k <= end:
            raise where.fail(k, "-", f"unexpected row {k}: rows run {first}-{end}")
    for k in range(first, end + 1):
        if k not in keyed:
            raise where.fail(k, "-", f"row {k} is missing (rows {first}-{end} must all be given)")
    return sorted(keyed.items())


def _armour(where: _Where, row: str, data: Any, classes: Mapping[str, str]) -> dict[str, int]:
    """A table ``armour class = value (0-6)`` with exactly the classes of units.toml.

    ``classes`` maps each armour class declared in units.toml to a note naming its users,
    for the error message.
    """
    if not isinstance(data, Mapping):
        raise where.fail(row, "-", "expected a table of armour class = value")
    for cls in data:
        if cls not in classes:
            raise where.fail(
                row, cls,
                f"unknown armour class {cls!r}: units.toml [armour] declares "
                f"{', '.join(map(repr, classes))}",
            )
    for cls, users in classes.items():
        if cls not in data:
            raise where.fail(row, cls, f"missing the value for armour class {cls!r} ({users})")
    return {k: _int(where, row, k, data[k], 0, 6) for k in classes}


# -- values ---------------------------------------------------------------------------------
class Entries(Mapping):
    """A read-only mapping of table entries whose unknown keys raise a clear error.

    ``entries[key]`` for an unknown key raises :class:`~hexrules.errors.TableKeyError`
    (a :class:`KeyError` too, so ``.get`` and ``in`` work) naming the table and the known keys.

    Examples
    --------
    >>> e = Entries({"medium": 1}, "armour class", "combat_results.toml [armour_correction]")
    >>> e["medium"], "heavy" in e, e.get("heavy")
    (1, False, None)
    >>> e["heavy"]
    Traceback (most recent call last):
    ...
    hexrules.errors.TableKeyError: combat_results.toml [armour_correction]: no armour class \
'heavy' (known: 'medium')
    """

    __slots__ = ("_data", "_what", "_where")

    def __init__(self, data: Mapping[Any, Any], what: str, where: str) -> None:
        self._data = dict(data)
        self._what = what
        self._where = where

    def __getitem__(self, key: Any) -> Any:
        try:
            return self._data[key]
        except (KeyError, TypeError):  # TypeError: an unhashable key
            known = ", ".join(repr(_key_text(k)) for k in self._data)
            raise TableKeyError(
                f"{self._where}: no {self._what} {_key_text(key)!r} (known: {known})"
            ) from None

    def __contains__(self, key: object) -> bool:
        try:
            return key in self._data
        except TypeError:
            return False

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)


def _key_text(key: Any) -> Any:
    """An enum key by its table name (``Terrain.CITY`` → ``'city'``), others unchanged."""
    name = getattr(key, "name", None)
    return name.lower() if isinstance(name, str) and not isinstance(key, str) else key


@dataclass(frozen=True)
class Named:
    """An entry of a table with a key and a bilingual name: a gun, a unit type, an armour class."""

    id: str
    name: str
    name_zh: str

    @property
    def label(self) -> str:
        """English name with the Chinese term, e.g. ``'Tank 坦克'``."""
        return f"{self.name} {self.name_zh}"


@dataclass(frozen=True, slots=True)
class TableMeta:
    """What a table file says about itself: rule ID, bilingual title, status, file."""

    rule: str
    title: str
    title_zh: str
    status: str
    file: str

    @property
    def name(self) -> str:
        """The file's name without its folder (``'terrain.toml'``), as records cite it, so a
        saved game's records do not depend on where hexrules is installed."""
        return Path(self.file).name

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


def _meta(where: _Where, data: Mapping[str, Any], rule: str) -> TableMeta:
    if "meta" not in data:
        raise where.fail("meta", "-", "missing [meta] table (rule, title, title_zh, status)")
    meta = data["meta"]
    _keys(where, "meta", meta, {"rule", "title", "title_zh", "status"})
    for key in ("rule", "title", "title_zh", "status"):
        _text(where, "meta", key, meta[key])
    if meta["rule"] != rule:
        raise where.fail("meta", "rule", f"this file holds rule {rule}, got {meta['rule']!r}")
    if meta["status"] not in STATUSES:
        raise where.fail("meta", "status",
                         f"{meta['status']!r} is not one of {', '.join(map(repr, STATUSES))}")
    return TableMeta(meta["rule"], meta["title"], meta["title_zh"], meta["status"], where.file)
