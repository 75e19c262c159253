"""The map file format (rules M-1…M-7, ``schema_version`` 1) and its validating loader.

:meth:`hexrules.map.hexmap.HexMap.from_dict` and :meth:`~hexrules.map.hexmap.HexMap.load` read
map files through :func:`parse_map`; the checks a :class:`~hexrules.map.hexmap.HexMap` makes
of itself (hexsides, roads into water) are here too, so each exists once. Every problem
raises :class:`~hexrules.errors.MapFormatError` naming the file and the bad entry.

The format is described in :mod:`hexrules.map.hexmap`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import CoordinateError, MapFormatError, MapNotFoundError, RulesTypeError
from hexrules.map.coords import Georef
from hexrules.map.hexgrid import Hex
from hexrules.map.terrain import Terrain

__all__ = ["FORMAT", "MAPS_DIR", "MAX_LEVEL", "SCHEMA_VERSION", "Hexside", "level_problem",
           "link_problem", "map_text", "parse_map", "read_map_file"]

FORMAT = "hexrules-map"
SCHEMA_VERSION = 1
#: The highest elevation level a map holds (M-4): levels are stored as 16-bit integers, and an
#: effective height (L-2) adds the sight bonus on top.
MAX_LEVEL = 32_000


def _maps_dir() -> Path:
    """The ``maps/`` folder: the repository's (source checkout, editable install), else the
    copy a wheel installs under ``<prefix>/share/hexrules/maps``."""
    here = Path(__file__).resolve().parents[2] / "maps"
    if here.is_dir():
        return here
    return Path(sys.prefix) / "share" / "hexrules" / "maps"


#: Where :meth:`HexMap.load <hexrules.map.hexmap.HexMap.load>` looks for a bare map name such
#: as ``"training"``.
MAPS_DIR = _maps_dir()

#: A hexside or a road link: the unordered pair of the two adjacent hexes it joins.
Hexside = frozenset[Hex]


def _side(a: Hex, b: Hex) -> Hexside:
    return frozenset((a, b))


# -- the validating loader -------------------------------------------------------------
def _grid(source: str, key: str, value: Any) -> np.ndarray:
    """An integer grid from a nested list or an array; anything else is a MapFormatError."""
    try:
        arr = np.asarray(value)
    except ValueError as exc:  # ragged rows
        raise MapFormatError(f"{source}: {key} is not a rectangular grid: {exc}") from None
    if arr.dtype.kind not in "iu":
        raise MapFormatError(
            f"{source}: {key} must be a grid of integers, got {arr.dtype} values"
        )
    return arr.astype(np.int64)


def _iterable(source: str, kind: str, value: Any) -> list[Any]:
    try:
        return list(value)
    except TypeError:
        raise RulesTypeError(
            f"{source}: {kind} must be an iterable of hexsides (pairs of adjacent Hex), "
            f"got {value!r}"
        ) from None


def _hexside(source: str, kind: str, side: Any) -> Hexside:
    """A hexside or road link: two adjacent :class:`Hex` (M-6, M-7)."""
    try:
        pair = list(side)
    except TypeError:
        pair = []
    if len(pair) != 2 or not all(isinstance(h, Hex) for h in pair):
        raise MapFormatError(f"{source}: {kind}: {side!r} is not a pair of Hex")
    a, b = sorted(pair)
    if a.distance(b) != 1:
        raise MapFormatError(f"{source}: {kind}: {[a, b]} are not two adjacent hexes")
    return _side(a, b)


def _road_into_water(terrain: np.ndarray, a: Hex, b: Hex) -> str | None:
    """Why the road link ``a``–``b`` is refused (V-1), or ``None``: it enters a water hex."""
    for h in (a, b):
        col, row = h.to_offset()
        if terrain[row, col] == Terrain.WATER:
            return (f"a road links into water hex [col {col}, row {row}] (V-1: roads cross "
                    "water only on river hexsides, as bridges)")
    return None


# -- the checks of single entries: the loader, HexMap and the map editor share them -------
def level_problem(level: int) -> str | None:
    """Why ``level`` is not an elevation level a map file holds (M-4), or ``None``.

    The loader (:func:`parse_map`), :class:`~hexrules.map.hexmap.HexMap` and the map editor
    (:mod:`hexrules.map.edit`) all ask this one function.

    Examples
    --------
    >>> level_problem(3) is None
    True
    >>> level_problem(-1), level_problem(MAX_LEVEL + 1)
    ('is below 0 (M-4)', 'is above 32000, the highest level a map holds (M-4)')
    """
    if level < 0:
        return "is below 0 (M-4)"
    if level > MAX_LEVEL:
        return f"is above {MAX_LEVEL}, the highest level a map holds (M-4)"
    return None


def link_problem(kind: str, a: Hex, b: Hex, terrain: np.ndarray) -> str | None:
    """Why a river hexside (``kind="rivers"``, M-6) or a road link (``"roads"``, M-7)
    between on-map hexes ``a`` and ``b`` is refused, or ``None``.

    A hexside and a road link join two adjacent hexes; a road may not enter a water hex (V-1).
    ``terrain`` is the map's terrain grid ``[row, col]``. The loader (:func:`parse_map`),
    :class:`~hexrules.map.hexmap.HexMap` and the map editor all ask this one function.

    Examples
    --------
    >>> t = np.array([[0, 3, 0]])
    >>> link_problem("rivers", Hex(0, 0), Hex(2, 0), t)
    '[0, 0] and [2, 0] are not adjacent'
    >>> link_problem("rivers", Hex(0, 0), Hex(1, 0), t) is None
    True
    >>> link_problem("roads", Hex(0, 0), Hex(1, 0), t)
    'a road links into water hex [col 1, row 0] (V-1: roads cross water only on river \
hexsides, as bridges)'
    """
    if a.distance(b) != 1:
        return f"{list(a.to_offset())} and {list(b.to_offset())} are not adjacent"
    return _road_into_water(terrain, a, b) if kind == "roads" else None


def _fail(source: str, entry: str, problem: str) -> MapFormatError:
    return MapFormatError(f"{source}: {entry}: {problem}")


def _int(source: str, entry: str, value: Any, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, entry, f"expected an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise _fail(source, entry, f"must be >= {minimum}, got {value}")
    return value


def _level(source: str, entry: str, value: Any) -> int:
    level = _int(source, entry, value)
    problem = level_problem(level)
    if problem:
        raise _fail(source, entry, f"{level} {problem}")
    return level


def _offset_hex(source: str, entry: str, value: Any, cols: int, rows: int) -> Hex:
    if not (isinstance(value, list | tuple) and len(value) == 2):
        raise _fail(source, entry, f"expected a hex as [col, row], got {value!r}")
    col = _int(source, entry + "[0]", value[0])
    row = _int(source, entry + "[1]", value[1])
    if not (0 <= col < cols and 0 <= row < rows):
        raise _fail(source, entry, f"hex [col {col}, row {row}] is off the {cols}×{rows} map")
    return Hex.from_offset(col, row)


def _links(
    source: str, key: str, chains: Any, cols: int, rows: int, terrain: np.ndarray
) -> set[Hexside]:
    if not isinstance(chains, list):
        raise _fail(source, key, f"expected a list, got {type(chains).__name__}")
    out: set[Hexside] = set()
    for i, chain in enumerate(chains):
        entry = f"{key}[{i}]"
        if not isinstance(chain, list) or len(chain) < 2:
            raise _fail(source, entry, "expected a list of at least two adjacent hexes [col, row]")
        if key == "rivers" and len(chain) != 2:
            raise _fail(
                source, entry, "a river hexside is exactly two adjacent hexes [[c, r], [c, r]]"
            )
        hexes = [_offset_hex(source, f"{entry}[{j}]", v, cols, rows) for j, v in enumerate(chain)]
        for j, (a, b) in enumerate(zip(hexes, hexes[1:], strict=False)):
            problem = link_problem(key, a, b, terrain)
            if problem:
                raise _fail(source, f"{entry}[{j}..{j + 1}]", problem)
            out.add(_side(a, b))
    return out


def _rows(source: str, key: str, value: Any, rows: int, cols: int, row_type: type,
          what: tuple[str, str], cell: Callable[[str, Any], int]) -> np.ndarray:
    """A grid written as one entry per row (a list or a string), each of ``cols`` cells."""
    if not isinstance(value, list) or len(value) != rows:
        raise _fail(source, key, f"expected {rows} {what[0]}")
    out = np.zeros((rows, cols), dtype=np.int64)
    for r, line in enumerate(value):
        if not isinstance(line, row_type) or len(line) != cols:
            got = len(line) if isinstance(line, row_type) else type(line).__name__
            raise _fail(source, f"{key}[{r}]", f"expected {what[1]}, got {got}")
        for c, item in enumerate(line):
            out[r, c] = cell(f"{key}[{r}][{c}]", item)
    return out


def _terrain_code(source: str, entry: str, code: str) -> int:
    try:
        return int(Terrain.from_code(code))
    except MapFormatError as exc:
        raise _fail(source, entry, str(exc)) from None


def parse_map(data: Any, source: str) -> dict[str, Any]:
    """Validate a map-file dictionary; the keyword arguments of :class:`HexMap` it holds."""
    if not isinstance(data, Mapping):
        raise MapFormatError(f"{source}: the top level must be a JSON object")
    if data.get("format") != FORMAT:
        raise _fail(source, "format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise _fail(
            source, "schema_version",
            f"this library reads version {SCHEMA_VERSION}, got {version!r}",
        )
    known = {
        "format", "schema_version", "name", "description", "cols", "rows", "metres_per_level",
        "origin", "elevation", "terrain", "rivers", "roads",
    }
    for key in data:
        if key not in known:
            raise _fail(source, key, f"unknown key (known keys: {', '.join(sorted(known))})")
    for key in ("name", "cols", "rows", "origin", "elevation", "terrain"):
        if key not in data:
            raise _fail(source, key, "missing")
    name = data["name"]
    if not isinstance(name, str) or not name.strip():
        raise _fail(source, "name", f"expected a non-empty string, got {name!r}")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise _fail(source, "description", "expected a string")
    cols = _int(source, "cols", data["cols"], minimum=1)
    rows = _int(source, "rows", data["rows"], minimum=1)
    mpl = data.get("metres_per_level", 10)
    if isinstance(mpl, bool) or not isinstance(mpl, int | float) or not mpl > 0:
        raise _fail(source, "metres_per_level", f"expected a positive number, got {mpl!r}")

    origin = data["origin"]
    if not isinstance(origin, Mapping):
        raise _fail(source, "origin", "expected an object {easting, northing, epsg}")
    for key in origin:
        if key not in ("easting", "northing", "epsg"):
            raise _fail(source, f"origin.{key}", "unknown key (known: easting, northing, epsg)")
    for key in ("easting", "northing", "epsg"):
        if key not in origin:
            raise _fail(source, f"origin.{key}", "missing")
    try:
        georef = Georef(origin["easting"], origin["northing"], origin["epsg"])
    except CoordinateError as exc:
        raise _fail(source, "origin", str(exc)) from None

    elevation = _rows(source, "elevation", data["elevation"], rows, cols, list,
                      ("rows (one list per row)", f"{cols} levels"),
                      lambda entry, v: _level(source, entry, v))
    terrain = _rows(source, "terrain", data["terrain"], rows, cols, str,
                    ("strings (one per row)", f"a string of {cols} codes"),
                    lambda entry, ch: _terrain_code(source, entry, ch))

    rivers = _links(source, "rivers", data.get("rivers", []), cols, rows, terrain)
    roads = _links(source, "roads", data.get("roads", []), cols, rows, terrain)
    return {
        "name": name,
        "elevation": elevation,
        "terrain": terrain,
        "rivers": frozenset(rivers),
        "roads": frozenset(roads),
        "metres_per_level": float(mpl),
        "georef": georef,
        "description": description,
        "source": source,
    }


def read_map_file(path: Path, maps_dir: Path) -> Any:
    """The parsed JSON of a map file (not yet validated: :func:`parse_map` does that).

    Raises :class:`~hexrules.errors.MapNotFoundError` if there is no such file (naming
    ``maps_dir``, where the shipped maps are), :class:`~hexrules.errors.MapFormatError` if it
    cannot be read or is not JSON.

    >>> read_map_file(Path("no-such.json"), Path("maps"))
    Traceback (most recent call last):
    ...
    hexrules.errors.MapNotFoundError: no map file no-such.json (maps are in maps)
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MapNotFoundError(f"no map file {path} (maps are in {maps_dir})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MapFormatError(f"{path}: cannot read the map file: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapFormatError(f"{path}: not valid JSON: {exc}") from None


def map_text(d: Mapping[str, Any]) -> str:
    """The text of a map file from its dictionary: JSON with one grid row per line.

    >>> print(map_text({"format": "hexrules-map", "terrain": ["..", "C."]}))
    {
      "format": "hexrules-map",
      "terrain": [
        "..",
        "C."
      ]
    }
    """
    lines = ["{"]
    items = list(d.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in ("elevation", "terrain", "rivers", "roads") and value:
            rows = ",\n    ".join(json.dumps(v, ensure_ascii=False) for v in value)
            lines.append(f'  "{key}": [\n    {rows}\n  ]{comma}')
        else:
            lines.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"
