"""The hex map (RULES.md M-1…M-7) and its file format.

A :class:`HexMap` is an immutable value: size, elevation level and terrain per hex, river
hexsides, road links, metres per elevation level, a name and a :class:`~hexrules.map.coords.Georef`
placing it on a projected CRS. Maps are loaded from JSON files (``maps/*.json``) through one
validating loader; a malformed file raises :class:`~hexrules.errors.MapFormatError` naming the
file and the bad entry.

File format (``schema_version`` 1)::

    {
      "format": "hexrules-map",
      "schema_version": 1,
      "name": "Training ground 训练场",
      "cols": 30, "rows": 30,               # offset columns and rows (odd-r, M-3)
      "metres_per_level": 10,               # display only (M-4)
      "origin": {"easting": 463020, "northing": 4545975, "epsg": 32650},
                                            # centre of hex col 0, row 0, in metres
      "elevation": [[0, 0, 1, ...], ...],   # one list per row, integer levels >= 0
      "terrain": ["..CCFF..", ...],         # one string per row: . open C city F forest W water
      "rivers": [[[c1, r1], [c2, r2]], ...],  # hexsides, as the two adjacent hexes (col, row)
      "roads": [[[c, r], [c, r], ...], ...]   # each a chain of adjacent hexes (col, row)
    }

Examples
--------
>>> m = HexMap.flat(4, 3, name="tiny")
>>> m
<HexMap 'tiny' 4×3>
>>> Hex.from_offset(3, 2) in m, Hex.from_offset(4, 0) in m
(True, False)
>>> m.effective_height(Hex(0, 0))
0
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import CoordinateError, MapFormatError, OffMapError
from hexrules.map.coords import Georef
from hexrules.map.hexgrid import Hex
from hexrules.map.terrain import Terrain

__all__ = ["FORMAT", "SCHEMA_VERSION", "HexMap", "Hexside"]

FORMAT = "hexrules-map"
SCHEMA_VERSION = 1

#: A hexside or a road link: the unordered pair of the two adjacent hexes it joins.
Hexside = frozenset[Hex]

def _maps_dir() -> Path:
    """The ``maps/`` folder: the repository's (source checkout, editable install), else the
    copy a wheel installs under ``<prefix>/share/hexrules/maps``."""
    here = Path(__file__).resolve().parents[2] / "maps"
    if here.is_dir():
        return here
    return Path(sys.prefix) / "share" / "hexrules" / "maps"


#: Where :meth:`HexMap.load` looks for a bare map name such as ``"training"``.
MAPS_DIR = _maps_dir()


def _side(a: Hex, b: Hex) -> Hexside:
    return frozenset((a, b))


@dataclass(frozen=True, eq=False)
class HexMap:
    """A hex map: elevation, terrain, rivers and roads (M-1…M-7).

    Build one with :meth:`load` (a map file), :meth:`from_dict`, :meth:`flat` or the
    constructor. Arrays are indexed ``[row, col]`` (odd-r offset) and are read-only.

    Parameters
    ----------
    name : str
    elevation : array of int, shape (rows, cols)
        Elevation level per hex, >= 0 (M-4).
    terrain : array of int, shape (rows, cols)
        :class:`~hexrules.map.terrain.Terrain` codes per hex (M-5).
    rivers : iterable of Hexside
        Hexsides with a river or canal (M-6).
    roads : iterable of Hexside
        Road links between adjacent hex centres (M-7).
    metres_per_level : float
        Metres per elevation level, for display (M-4).
    georef : Georef
        Metric position of the map (M-2).

    Examples
    --------
    >>> m = HexMap.load("training")
    >>> m.cols, m.rows
    (30, 30)
    >>> m.name_of(Hex.from_offset(0, 0))
    '4563AA'
    """

    name: str
    elevation: np.ndarray
    terrain: np.ndarray
    rivers: frozenset[Hexside] = frozenset()
    roads: frozenset[Hexside] = frozenset()
    metres_per_level: float = 10.0
    georef: Georef = field(default_factory=lambda: Georef(463_020, 4_545_975, 32650))
    description: str = ""
    source: str = "<memory>"

    def __post_init__(self) -> None:
        elev = np.array(self.elevation, dtype=np.int64)
        terr = np.array(self.terrain, dtype=np.int64)
        where = self.source
        if elev.ndim != 2 or elev.shape[0] < 1 or elev.shape[1] < 1:
            raise MapFormatError(
                f"{where}: elevation must be a non-empty 2-D grid, got {elev.shape}"
            )
        if terr.shape != elev.shape:
            raise MapFormatError(
                f"{where}: terrain shape {terr.shape} differs from elevation shape {elev.shape}"
            )
        if (elev < 0).any():
            row, col = np.argwhere(elev < 0)[0]
            raise MapFormatError(
                f"{where}: elevation[{row}][{col}] = {elev[row, col]} is below 0 (M-4)"
            )
        if ((terr < 0) | (terr > 3)).any():
            row, col = np.argwhere((terr < 0) | (terr > 3))[0]
            raise MapFormatError(
                f"{where}: terrain[{row}][{col}] = {terr[row, col]} is not a terrain code"
            )
        elev = elev.astype(np.int16)
        terr = terr.astype(np.int8)
        elev.flags.writeable = False
        terr.flags.writeable = False
        object.__setattr__(self, "elevation", elev)
        object.__setattr__(self, "terrain", terr)
        object.__setattr__(self, "rivers", frozenset(self.rivers))
        object.__setattr__(self, "roads", frozenset(self.roads))
        for kind in ("rivers", "roads"):
            for side in getattr(self, kind):
                pair = sorted(side)
                if len(pair) != 2 or pair[0].distance(pair[1]) != 1:
                    raise MapFormatError(f"{where}: {kind}: {pair} are not two adjacent hexes")
                for h in pair:
                    if h not in self:
                        raise MapFormatError(
                            f"{where}: {kind}: {h!r} {h.to_offset()} is off the map"
                        )
        for side in self.roads:
            for h in side:
                if self.terrain_at(h) is Terrain.WATER:
                    raise MapFormatError(
                        f"{where}: roads: a road links into water hex {h.to_offset()} "
                        "(V-1: roads cross water only on river hexsides, as bridges)"
                    )

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def flat(cls, cols: int, rows: int, *, level: int = 0, name: str = "flat") -> HexMap:
        """An open map of one elevation level, handy for tests and examples.

        Examples
        --------
        >>> m = HexMap.flat(3, 2, level=2)
        >>> m
        <HexMap 'flat' 3×2>
        >>> m.elevation.tolist()
        [[2, 2, 2], [2, 2, 2]]
        """
        return cls(
            name=name,
            elevation=np.full((rows, cols), level),
            terrain=np.zeros((rows, cols), dtype=np.int8),
        )

    @classmethod
    def load(cls, path: str | Path) -> HexMap:
        """Load and validate a map file; a bare name like ``"training"`` looks in ``maps/``.

        Raises
        ------
        MapFormatError
            Naming the file and the bad entry, for any deviation from the format.
        FileNotFoundError
            If there is no such file.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m
        <HexMap 'Training ground 训练场' 30×30>
        >>> HexMap.load("no-such-map")
        Traceback (most recent call last):
        ...
        FileNotFoundError: no map file .../no-such-map.json (maps are in ...)
        """
        p = Path(path)
        if not p.suffix and not p.exists():
            p = MAPS_DIR / f"{p.name}.json"
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise FileNotFoundError(f"no map file {p} (maps are in {MAPS_DIR})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MapFormatError(f"{p}: not valid JSON: {exc}") from None
        return cls.from_dict(data, source=str(p))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "<dict>") -> HexMap:
        """Build a map from the file format's dictionary, validating every entry.

        Raises
        ------
        MapFormatError
            Naming ``source`` and the bad entry.

        Examples
        --------
        >>> d = HexMap.flat(3, 2).to_dict()
        >>> HexMap.from_dict(d)
        <HexMap 'flat' 3×2>
        >>> d["terrain"][1] = "..X"
        >>> HexMap.from_dict(d, source="mine")
        Traceback (most recent call last):
        ...
        hexrules.errors.MapFormatError: mine: terrain[1][2]: unknown terrain code 'X': ...
        """
        return _parse(data, source)

    def to_dict(self) -> dict[str, Any]:
        """The file-format dictionary of this map (round-trips through :meth:`from_dict`).

        Examples
        --------
        >>> d = HexMap.flat(3, 2, level=1).to_dict()
        >>> d["format"], d["cols"], d["rows"]
        ('hexrules-map', 3, 2)
        >>> d["elevation"], d["terrain"]
        ([[1, 1, 1], [1, 1, 1]], ['...', '...'])
        >>> m = HexMap.load("training")
        >>> HexMap.from_dict(m.to_dict()).rivers == m.rivers
        True
        """
        return {
            "format": FORMAT,
            "schema_version": SCHEMA_VERSION,
            "name": self.name,
            "description": self.description,
            "cols": self.cols,
            "rows": self.rows,
            "metres_per_level": self.metres_per_level,
            "origin": {
                "easting": self.georef.easting,
                "northing": self.georef.northing,
                "epsg": self.georef.epsg,
            },
            "elevation": self.elevation.tolist(),
            "terrain": ["".join(Terrain(int(t)).code for t in row) for row in self.terrain],
            "rivers": sorted([list(h.to_offset()) for h in sorted(s)] for s in self.rivers),
            "roads": sorted([list(h.to_offset()) for h in sorted(s)] for s in self.roads),
        }

    def save(self, path: str | Path) -> None:
        """Write the map file, one grid row per line.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> m = HexMap.flat(3, 2, name="tiny")
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = Path(tmp) / "tiny.json"
        ...     m.save(path)
        ...     lines = path.read_text(encoding="utf-8").splitlines()
        ...     back = HexMap.load(path)
        >>> lines[1]
        '  "format": "hexrules-map",'
        >>> back, back.to_dict() == m.to_dict()
        (<HexMap 'tiny' 3×2>, True)
        """
        d = self.to_dict()
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
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")

    # -- size and membership ------------------------------------------------------------
    @property
    def rows(self) -> int:
        """Number of hex rows."""
        return int(self.elevation.shape[0])

    @property
    def cols(self) -> int:
        """Number of hex columns."""
        return int(self.elevation.shape[1])

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, Hex):
            return False
        col, row = h.to_offset()
        return 0 <= row < self.rows and 0 <= col < self.cols

    def __len__(self) -> int:
        return self.rows * self.cols

    def __iter__(self) -> Iterator[Hex]:
        return self.hexes()

    def hexes(self) -> Iterator[Hex]:
        """Every hex of the map, row by row from the top-left.

        Examples
        --------
        >>> list(HexMap.flat(2, 2).hexes())
        [Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(1, 1)]
        """
        for row in range(self.rows):
            for col in range(self.cols):
                yield Hex.from_offset(col, row)

    def __repr__(self) -> str:
        return f"<HexMap {self.name!r} {self.cols}×{self.rows}>"

    def _index(self, h: Hex) -> tuple[int, int]:
        if not isinstance(h, Hex):
            raise CoordinateError(f"expected a Hex, got {h!r}")
        col, row = h.to_offset()
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise OffMapError(
                f"{h!r} (col {col}, row {row}) is off the map {self.name!r} "
                f"({self.cols} cols × {self.rows} rows)"
            )
        return row, col

    # -- per-hex data -------------------------------------------------------------------
    def elevation_at(self, h: Hex) -> int:
        """Elevation level of ``h`` (M-4).

        Raises :class:`~hexrules.errors.OffMapError` for a hex off the map.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.elevation_at(m.parse("4563AF")), m.elevation_at(m.parse("4564GD"))
        (1, 5)
        """
        return int(self.elevation[self._index(h)])

    def terrain_at(self, h: Hex) -> Terrain:
        """Base terrain of ``h`` (M-5).

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.terrain_at(m.parse("4563AF")), m.terrain_at(m.parse("4563KE"))
        (<Terrain.OPEN: 0>, <Terrain.CITY: 1>)
        """
        return Terrain(int(self.terrain[self._index(h)]))

    def effective_height(self, h: Hex) -> int:
        """Effective height for sight (L-2): elevation, +1 for city or forest.

        >>> m = HexMap.load("training")
        >>> h = m.parse("4563BC")
        >>> m.effective_height(h) - m.elevation_at(h) == m.terrain_at(h).sight_bonus
        True
        """
        return self.elevation_at(h) + self.terrain_at(h).sight_bonus

    @cached_property
    def effective_heights(self) -> np.ndarray:
        """Array ``[row, col]`` of effective heights (L-2)."""
        bonus = np.isin(self.terrain, (Terrain.CITY, Terrain.FOREST)).astype(np.int16)
        out = (self.elevation + bonus).astype(np.int16)
        out.flags.writeable = False
        return out

    def has_river(self, a: Hex, b: Hex) -> bool:
        """Whether the hexside between adjacent ``a`` and ``b`` has a river (M-6).

        Raises :class:`~hexrules.errors.CoordinateError` if they are not adjacent.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.has_river(m.parse("4563WH"), m.parse("4563VH"))
        True
        >>> m.has_river(m.parse("4563AE"), m.parse("4563AF"))
        False
        """
        return self._adjacent_side(a, b) in self.rivers

    def has_road(self, a: Hex, b: Hex) -> bool:
        """Whether a road links adjacent ``a`` and ``b`` (M-7).

        Raises :class:`~hexrules.errors.CoordinateError` if they are not adjacent.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.has_road(m.parse("4563PA"), m.parse("4563PB"))
        True
        >>> m.has_road(m.parse("4563PA"), m.parse("4563PC"))
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: Hex(-7, 15) and Hex(-5, 15) are not adjacent: ...
        """
        return self._adjacent_side(a, b) in self.roads

    def _adjacent_side(self, a: Hex, b: Hex) -> Hexside:
        if a.distance(b) != 1:
            raise CoordinateError(
                f"{a!r} and {b!r} are not adjacent: rivers lie on hexsides and roads link "
                "adjacent hex centres (M-6, M-7)"
            )
        return _side(a, b)

    # -- military coordinates (M-2) -----------------------------------------------------
    def name_of(self, h: Hex) -> str:
        """Military coordinate ``NNEEXY`` of an on-map hex (M-2).

        Raises :class:`~hexrules.errors.OffMapError` for a hex off the map.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.name_of(Hex.from_offset(5, 0))
        '4563AF'
        """
        try:
            return self._names[h]
        except KeyError:
            self._index(h)  # raises OffMapError
            raise  # pragma: no cover

    @cached_property
    def _names(self) -> dict[Hex, str]:
        return {h: self.georef.name(h) for h in self.hexes()}

    @cached_property
    def cells(self) -> dict[Hex, tuple[int, Terrain, int, str]]:
        """Per hex: ``(elevation, terrain, effective height, military name)``, for hot loops.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.cells[m.parse("4563KE")]
        (0, <Terrain.CITY: 1>, 1, '4563KE')
        """
        out = {}
        eff = self.effective_heights
        for h in self.hexes():
            col, row = h.to_offset()
            out[h] = (int(self.elevation[row, col]), Terrain(int(self.terrain[row, col])),
                      int(eff[row, col]), self._names[h])
        return out

    def parse(self, where: str | Hex | tuple[int, int]) -> Hex:
        """An on-map hex from a military name (``'4563GH'``), a :class:`Hex` or ``(col, row)``.

        Raises
        ------
        CoordinateError
            If the name is malformed.
        OffMapError
            If the hex is not on this map.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m.parse("4563AC"), m.parse((2, 0))
        (Hex(2, 0), Hex(2, 0))
        >>> m.parse("4599AA")
        Traceback (most recent call last):
        ...
        hexrules.errors.OffMapError: '4599AA' names Hex(720, 0) ... off the map ...
        """
        if isinstance(where, Hex):
            h = where
        elif isinstance(where, str):
            h = self.georef.parse(where)
            if h not in self:
                col, row = h.to_offset()
                raise OffMapError(
                    f"{where!r} names {h!r} (col {col}, row {row}), which is off the map "
                    f"{self.name!r} ({self.cols} cols × {self.rows} rows)"
                )
            return h
        elif isinstance(where, tuple) and len(where) == 2:
            h = Hex.from_offset(*where)
        else:
            raise CoordinateError(
                f"cannot read a hex from {where!r}: give a military name like '4563GH', "
                "a Hex, or (col, row)"
            )
        self._index(h)
        return h

    # -- display ------------------------------------------------------------------------
    def plot(self, ax: Any = None, **kwargs: Any) -> Any:
        """Draw the map with matplotlib (see :func:`hexrules.render.plots.plot_map`).

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from matplotlib.figure import Figure
        >>> ax = HexMap.flat(4, 3, name="tiny").plot(Figure().add_subplot(), legend=False)
        >>> ax.get_title()
        'tiny'
        """
        from hexrules.render.plots import plot_map

        return plot_map(self, ax=ax, **kwargs)

    def _repr_png_(self) -> bytes | None:  # pragma: no cover - exercised in notebooks
        from hexrules.render.plots import figure_png

        return figure_png(self.plot)


# -- the validating loader -------------------------------------------------------------


def _fail(source: str, entry: str, problem: str) -> MapFormatError:
    return MapFormatError(f"{source}: {entry}: {problem}")


def _int(source: str, entry: str, value: Any, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, entry, f"expected an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise _fail(source, entry, f"must be >= {minimum}, got {value}")
    return value


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
            if a.distance(b) != 1:
                raise _fail(
                    source, f"{entry}[{j}..{j + 1}]",
                    f"{list(a.to_offset())} and {list(b.to_offset())} are not adjacent",
                )
            if key == "roads":
                for h in (a, b):
                    col, row = h.to_offset()
                    if terrain[row, col] == Terrain.WATER:
                        raise _fail(
                            source, f"{entry}[{j}..{j + 1}]",
                            f"road links into water hex [{col}, {row}] (V-1: roads cross water "
                            "only on river hexsides, as bridges)",
                        )
            out.add(_side(a, b))
    return out


def _parse(data: Mapping[str, Any], source: str) -> HexMap:
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

    elev_rows = data["elevation"]
    if not isinstance(elev_rows, list) or len(elev_rows) != rows:
        raise _fail(source, "elevation", f"expected {rows} rows (one list per row)")
    elevation = np.zeros((rows, cols), dtype=np.int64)
    for r, line in enumerate(elev_rows):
        if not isinstance(line, list) or len(line) != cols:
            got = len(line) if isinstance(line, list) else type(line).__name__
            raise _fail(source, f"elevation[{r}]", f"expected {cols} levels, got {got}")
        for c, value in enumerate(line):
            elevation[r, c] = _int(source, f"elevation[{r}][{c}]", value, minimum=0)

    terr_rows = data["terrain"]
    if not isinstance(terr_rows, list) or len(terr_rows) != rows:
        raise _fail(source, "terrain", f"expected {rows} strings (one per row)")
    terrain = np.zeros((rows, cols), dtype=np.int64)
    for r, line in enumerate(terr_rows):
        if not isinstance(line, str) or len(line) != cols:
            got = len(line) if isinstance(line, str) else type(line).__name__
            raise _fail(source, f"terrain[{r}]", f"expected a string of {cols} codes, got {got}")
        for c, ch in enumerate(line):
            try:
                terrain[r, c] = Terrain.from_code(ch)
            except MapFormatError as exc:
                raise _fail(source, f"terrain[{r}][{c}]", str(exc)) from None

    rivers = _links(source, "rivers", data.get("rivers", []), cols, rows, terrain)
    roads = _links(source, "roads", data.get("roads", []), cols, rows, terrain)
    return HexMap(
        name=name,
        elevation=elevation,
        terrain=terrain,
        rivers=frozenset(rivers),
        roads=frozenset(roads),
        metres_per_level=float(mpl),
        georef=georef,
        description=description,
        source=source,
    )


def iter_sides(sides: Iterable[Hexside]) -> Iterator[tuple[Hex, Hex]]:
    """Hexsides as ordered ``(a, b)`` pairs (sorted), for drawing.

    Examples
    --------
    >>> list(iter_sides([frozenset({Hex(1, 0), Hex(0, 0)})]))
    [(Hex(0, 0), Hex(1, 0))]
    """
    for s in sides:
        a, b = sorted(s)
        yield a, b
