"""The hex map (rules M-1…M-7) and its file format (read by :mod:`hexrules.map.mapfile`).

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

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import (
    CoordinateError,
    CoordinateTypeError,
    MapFormatError,
    MapNotFoundError,
    OffMapError,
    RulesTypeError,
)
from hexrules.map.coords import Georef
from hexrules.map.hexgrid import Hex, _require_hex
from hexrules.map.mapfile import (
    FORMAT,
    MAPS_DIR,
    MAX_LEVEL,
    SCHEMA_VERSION,
    Hexside,
    _grid,
    _hexside,
    _iterable,
    _side,
    level_problem,
    link_problem,
    map_text,
    parse_map,
    read_map_file,
)
from hexrules.map.terrain import Terrain, _table

__all__ = ["FORMAT", "MAPS_DIR", "SCHEMA_VERSION", "HexMap", "Hexside"]


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

    Raises
    ------
    MapFormatError
        For a grid that is not rectangular, not integers, below level 0 or not terrain codes,
        a hexside that is not two adjacent on-map hexes, or a road into water (V-1).
    RulesTypeError
        For a name that is not a string or a georef that is not a :class:`Georef`.

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
        where = self.source
        elev = _grid(where, "elevation", self.elevation)
        terr = _grid(where, "terrain", self.terrain)
        if elev.ndim != 2 or elev.shape[0] < 1 or elev.shape[1] < 1:
            raise MapFormatError(
                f"{where}: elevation must be a non-empty 2-D grid, got {elev.shape}"
            )
        if terr.shape != elev.shape:
            raise MapFormatError(
                f"{where}: terrain shape {terr.shape} differs from elevation shape {elev.shape}"
            )
        bad = (elev < 0) | (elev > MAX_LEVEL)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            level = int(elev[row, col])
            raise MapFormatError(
                f"{where}: elevation[{row}][{col}] = {level} {level_problem(level)}"
            )
        bad = (terr < 0) | (terr >= len(Terrain))
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise MapFormatError(
                f"{where}: terrain[{row}][{col}] = {terr[row, col]} is not a terrain code "
                f"({', '.join(f'{int(t)} {t.name.lower()}' for t in Terrain)}; M-5)"
            )
        elev = elev.astype(np.int16)
        terr = terr.astype(np.int8)
        elev.flags.writeable = False
        terr.flags.writeable = False
        object.__setattr__(self, "elevation", elev)
        object.__setattr__(self, "terrain", terr)
        for kind in ("rivers", "roads"):
            sides = frozenset(_hexside(where, kind, s) for s in _iterable(where, kind,
                                                                          getattr(self, kind)))
            object.__setattr__(self, kind, sides)
            for side in sides:
                for h in sorted(side):
                    if h not in self:
                        raise MapFormatError(f"{where}: {kind}: {self._off_map_text(h)}")
        for side in self.roads:
            problem = link_problem("roads", *sorted(side), terr)
            if problem:
                raise MapFormatError(f"{where}: roads: {problem}")
        if not isinstance(self.name, str):
            raise RulesTypeError(f"{where}: a map name is a string, got {self.name!r}")
        if not isinstance(self.georef, Georef):
            raise RulesTypeError(f"{where}: georef must be a Georef, got {self.georef!r}")

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
        >>> HexMap.flat(0, 2)
        Traceback (most recent call last):
        ...
        hexrules.errors.MapFormatError: HexMap.flat: cols must be an integer >= 1, got 0
        """
        for key, value in (("cols", cols), ("rows", rows), ("level", level)):
            lo = 0 if key == "level" else 1
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesTypeError(f"HexMap.flat: {key} must be an integer, got {value!r}")
            if value < lo:
                raise MapFormatError(
                    f"HexMap.flat: {key} must be an integer >= {lo}, got {value!r}"
                )
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
        MapNotFoundError
            If there is no such file (a :class:`MapFormatError` and a
            :class:`FileNotFoundError`).
        RulesTypeError
            If ``path`` is not a string or a path.

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> m
        <HexMap 'Training ground 训练场' 30×30>
        >>> HexMap.load("no-such-map")
        Traceback (most recent call last):
        ...
        hexrules.errors.MapNotFoundError: no map file .../no-such-map.json (maps are in ...)
        """
        if not isinstance(path, str | Path):
            raise RulesTypeError(f"HexMap.load takes a path or a map name, got {path!r}")
        p = Path(path)
        if not p.suffix and not p.exists():
            p = MAPS_DIR / f"{p.name}.json"
        return cls.from_dict(read_map_file(p, MAPS_DIR), source=str(p))

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
        return cls(**parse_map(data, source))

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

        Raises
        ------
        MapNotFoundError
            If the folder to write into does not exist.
        RulesTypeError
            If ``path`` is not a string or a path.

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
        if not isinstance(path, str | Path):
            raise RulesTypeError(f"HexMap.save takes a path, got {path!r}")
        if not Path(path).parent.is_dir():
            raise MapNotFoundError(f"cannot save the map to {path}: no folder {Path(path).parent}")
        Path(path).write_text(map_text(self.to_dict()), encoding="utf-8")

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
        _require_hex(h, f"map {self.name!r}")
        col, row = h.to_offset()
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise OffMapError(self._off_map_text(h))
        return row, col

    def _size_text(self) -> str:
        return (f"{self.cols} cols × {self.rows} rows: offset col 0-{self.cols - 1}, "
                f"row 0-{self.rows - 1}")

    def _off_map_text(self, h: Hex) -> str:
        """Why ``h`` is off the map, naming its axial and offset coordinates apart (M-1)."""
        col, row = h.to_offset()
        text = (f"{h!r} is off the map {self.name!r} ({self._size_text()}): Hex(q, r) takes "
                f"axial coordinates, and axial q={h.q}, r={h.r} is offset col {col}, "
                f"row {row} ({h!r}.to_offset() == {(col, row)!r})")
        if 0 <= h.q < self.cols and 0 <= h.r < self.rows:
            text += (f"; for the hex at offset col {h.q}, row {h.r} write "
                     f"Hex.from_offset({h.q}, {h.r})")
        return text

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

        The bonus is ``sight_bonus`` of terrain.toml in the default table set.

        >>> m = HexMap.load("training")
        >>> h = m.parse("4563BC")
        >>> m.effective_height(h) - m.elevation_at(h) == m.terrain_at(h).sight_bonus
        True
        """
        return self.elevation_at(h) + self.terrain_at(h).sight_bonus

    @cached_property
    def effective_heights(self) -> np.ndarray:
        """Array ``[row, col]`` of effective heights (L-2), read-only.

        >>> HexMap.load("training").effective_heights.shape
        (30, 30)
        """
        bonus = _table().sight_bonuses[self.terrain]
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
        _require_hex(a, "has_river/has_road")
        _require_hex(b, "has_river/has_road")
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
        hexrules.errors.OffMapError: '4599AA' names the hex at offset col 720, row 0 ... the map ...
        """
        if isinstance(where, Hex):
            h = where
        elif isinstance(where, str):
            h = self.georef.parse(where)
            if h not in self:
                col, row = h.to_offset()
                raise OffMapError(
                    f"{where!r} names the hex at offset col {col}, row {row} ({h!r} in axial "
                    f"coordinates), which is off the map {self.name!r} ({self._size_text()})"
                )
            return h
        elif isinstance(where, tuple) and len(where) == 2:
            h = Hex.from_offset(*where)
            if h not in self:
                raise OffMapError(
                    f"(col {where[0]}, row {where[1]}) is off the map {self.name!r} "
                    f"({self._size_text()})"
                )
        else:
            raise CoordinateTypeError(
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


def iter_sides(sides: Iterable[Hexside]) -> Iterator[tuple[Hex, Hex]]:
    """Hexsides as ordered ``(a, b)`` pairs (sorted), for drawing.

    Examples
    --------
    >>> list(iter_sides([frozenset({Hex(1, 0), Hex(0, 0)})]))
    [(Hex(0, 0), Hex(1, 0))]
    """
    for s in sides:
        a, b = sorted(_hexside("iter_sides", "sides", s))
        yield a, b
