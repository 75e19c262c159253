"""The map maker: a DEM window becomes a georeferenced hex map (M-1…M-7).

Steps (each a function, so a lesson can show them one by one):

1. :func:`choose_window` — the map's size in hexes and its :class:`~hexrules.map.coords.Georef`
   in the UTM zone of the window's centre (pyproj), from a centre (lon, lat) and a size in
   hexes, or from lon/lat bounds.
2. :func:`hex_heights` — the ground height of every 50 m hex from the DEM: ``"mean"``, the
   mean over the hex (the DEM cells it covers, weighted by area: 56 points spread over the
   hex, each reading the cell that holds it), or ``"centre"``, bilinear interpolation at the
   hex centre.
3. :func:`quantise` — levels ``floor((height − base) / metres_per_level)``: a hex on level k
   has its ground between ``base + k·m`` and ``base + (k + 1)·m``, like the band between two
   contour lines. The base defaults to the window's lowest ground, rounded down to a whole
   ``metres_per_level``.
4. Rivers from the DEM's drainage (:mod:`hexrules.mapmaking.drainage`) and/or an overlay's
   river lines; forest, settlement, water and roads from an optional GeoJSON overlay
   (:mod:`hexrules.mapmaking.overlay`).

:func:`make_map` runs them all and returns a :class:`MadeMap`: the :class:`HexMap`, the
heights in metres it was quantised from, and which layers are measured and which drawn.

Examples
--------
>>> from hexrules.mapmaking import jacksboro_dem, make_map
>>> made = make_map(jacksboro_dem(), centre=(-84.20, 36.33), size=(12, 10), rivers=None)
>>> made.hexmap
<HexMap 'Jacksboro DEM 36.3300N 84.2000W' 12×10>
>>> made.hexmap.georef.epsg, made.base_height, made.hexmap.metres_per_level
(32616, 320.0, 10.0)
>>> made.hexmap.name_of(made.hexmap.parse((0, 0)))
'2451OA'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from hexrules.errors import MapMakingError
from hexrules.map.coords import HEX_METRES, ROW_METRES, Georef
from hexrules.map.hexmap import HexMap
from hexrules.map.mapfile import MAX_LEVEL, Hexside
from hexrules.mapmaking.dem import DEM, points_in_crs
from hexrules.mapmaking.overlay import Overlay, apply_overlay, read_overlay
from hexrules.mapmaking.placement import centres, hex_offsets, line_hexsides, on_map

__all__ = ["SAMPLING", "MadeMap", "choose_window", "hex_heights", "make_map", "quantise",
           "utm_epsg"]

#: How a hex's ground height is read from the DEM.
SAMPLING = ("mean", "centre")


def utm_epsg(lon: float, lat: float) -> int:
    """The EPSG code of the WGS 84 UTM zone holding ``(lon, lat)`` (326zz north, 327zz south).

    The standard 6° zones (the Norway and Svalbard exceptions are not applied).

    >>> utm_epsg(-84.2, 36.3), utm_epsg(116.4, 39.9), utm_epsg(151.2, -33.9)
    (32616, 32650, 32756)
    """
    zone = min(60, int(math.floor((lon + 180) / 6)) + 1)
    return (32600 if lat >= 0 else 32700) + zone


def _check_projected(epsg: int) -> None:
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        crs = CRS.from_epsg(epsg)
    except (CRSError, TypeError, ValueError):
        raise MapMakingError(f"epsg: {epsg!r} is not an EPSG code pyproj knows",
                             input="epsg") from None
    unit = crs.axis_info[0].unit_name if crs.axis_info else ""
    if not crs.is_projected or unit not in ("metre", "meter"):
        raise MapMakingError(f"epsg: EPSG:{epsg} ({crs.name}) is not a projected CRS in metres; "
                             "a map is laid out in metres (M-1, M-2), e.g. a UTM zone",
                             input="epsg")


def choose_window(dem: DEM, *, centre: tuple[float, float] | None = None,
                  size: tuple[int, int] = (40, 40),
                  bounds: tuple[float, float, float, float] | None = None,
                  epsg: int | None = None) -> tuple[Georef, int, int]:
    """The map's placement and size: ``(georef, cols, rows)``.

    Parameters
    ----------
    dem : DEM
    centre : (lon, lat), optional
        The window's centre in degrees (default: the DEM's centre).
    size : (cols, rows)
        The size in hexes, with ``centre``.
    bounds : (west, south, east, north), optional
        Instead of ``centre`` and ``size``: lon/lat bounds; the map is the largest whole
        number of hexes inside them.
    epsg : int, optional
        The projected CRS of the map; default the UTM zone of the window's centre.

    Raises
    ------
    MapMakingError
        For a size below 1 × 1, inverted bounds, or a CRS that is not projected in metres.

    Examples
    --------
    >>> from hexrules.mapmaking import jacksboro_dem
    >>> g, cols, rows = choose_window(jacksboro_dem(), bounds=(-84.25, 36.30, -84.24, 36.31))
    >>> cols, rows, g.epsg
    (17, 26, 32616)
    """
    if bounds is not None:
        if centre is not None:
            raise MapMakingError("give a centre and size, or bounds, not both", input="window")
        west, south, east, north = (float(v) for v in bounds)
        if not (west < east and south < north):
            raise MapMakingError(f"bounds: expected (west, south, east, north) with west < east "
                                 f"and south < north, got {tuple(bounds)}", input="window")
        lon0, lat0 = (west + east) / 2, (south + north) / 2
        epsg = epsg or utm_epsg(lon0, lat0)
        _check_projected(epsg)
        # the box that the lon/lat bounds hold in the map's metres
        t = np.linspace(0, 1, 11)
        ring = np.concatenate([np.column_stack([west + (east - west) * t, np.full(11, s)])
                               for s in (south, north)]
                              + [np.column_stack([np.full(11, w), south + (north - south) * t])
                                 for w in (west, east)])
        x, y = points_in_crs(ring, "EPSG:4326", f"EPSG:{epsg}")
        x0 = max(x[:11].min(), x[11:22].min(), x[22:33].max())
        x1 = min(x[:11].max(), x[11:22].max(), x[33:].min())
        y0 = max(y[:11].max(), y[22:33].min(), y[33:].min())
        y1 = min(y[11:22].min(), y[22:33].max(), y[33:].max())
        cols = int((x1 - x0 - HEX_METRES / 2) // HEX_METRES) + 1
        rows = int((y1 - y0) // ROW_METRES) + 1
        if cols < 1 or rows < 1:
            raise MapMakingError(f"bounds: {tuple(bounds)} hold no whole hex", input="window")
        origin = (round(x0), round(y1))
        return Georef(float(origin[0]), float(origin[1]), epsg), cols, rows
    cols, rows = size
    if any(isinstance(v, bool) or not isinstance(v, int | np.integer) or v < 1 for v in size):
        raise MapMakingError(f"size: expected (cols, rows), whole numbers of hexes >= 1, got "
                             f"{tuple(size)}", input="window")
    if centre is None:
        west, south, east, north = dem.bounds
        cx, cy = points_in_crs([((west + east) / 2, (south + north) / 2)], dem.crs, "EPSG:4326")
        centre = (float(cx[0]), float(cy[0]))
    lon, lat = (float(v) for v in centre)
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        raise MapMakingError(f"centre: expected (lon, lat) in degrees, got {tuple(centre)}",
                             input="window")
    epsg = epsg or utm_epsg(lon, lat)
    _check_projected(epsg)
    x, y = points_in_crs([(lon, lat)], "EPSG:4326", f"EPSG:{epsg}")
    shift = HEX_METRES / 4 if rows > 1 else 0.0  # odd rows sit half a hex to the east
    e0 = float(x[0]) - HEX_METRES * (cols - 1) / 2 - shift
    n0 = float(y[0]) + ROW_METRES * (rows - 1) / 2
    return Georef(float(round(e0)), float(round(n0)), epsg), int(cols), int(rows)


def hex_heights(dem: DEM, georef: Georef, cols: int, rows: int, sampling: str = "mean", *,
                hex_metres: float = HEX_METRES) -> np.ndarray:
    """Ground height in metres of every hex, ``[row, col]``, read from the DEM.

    Parameters
    ----------
    sampling : {"mean", "centre"}
        ``"mean"``: the mean over the hex of the DEM cells it covers (area-weighted);
        ``"centre"``: bilinear interpolation at the hex centre.
    hex_metres : float
        Hex spacing; 50 m for a map (M-1), other values for the hex-size comparison only.

    Raises
    ------
    MapMakingError
        If part of the window lies outside the DEM (or on its no-data cells), naming the
        window and the DEM's bounds.

    Examples
    --------
    >>> from hexrules.mapmaking import jacksboro_dem
    >>> dem = jacksboro_dem()
    >>> g, cols, rows = choose_window(dem, centre=(-84.2308, 36.1983), size=(3, 3))
    >>> hex_heights(dem, g, cols, rows).round().tolist()  # Cross Mountain's summit
    [[1068.0, 1072.0, 1070.0], [1075.0, 1076.0, 1071.0], [1070.0, 1072.0, 1070.0]]
    """
    if sampling not in SAMPLING:
        raise MapMakingError(f"sampling: expected one of {', '.join(map(repr, SAMPLING))}, got "
                             f"{sampling!r}", input="sampling")
    e, n = centres(georef, cols, rows, hex_metres)
    if sampling == "centre":
        pts = np.column_stack([e.ravel(), n.ravel()])
        method = "bilinear"
    else:
        off = hex_offsets(hex_metres)
        pts = (np.column_stack([e.ravel(), n.ravel()])[:, None, :] + off[None]).reshape(-1, 2)
        method = "nearest"
    x, y = points_in_crs(pts, f"EPSG:{georef.epsg}", dem.crs)
    z = dem.sample(x, y, method)
    if sampling == "mean":
        z = z.reshape(rows * cols, -1)
        outside = np.isnan(z).any(axis=1)
        z = z.mean(axis=1)
    else:
        outside = np.isnan(z)
    if outside.any():
        k = int(np.flatnonzero(outside)[0])
        west, south, east, north = dem.bounds
        lon, lat = points_in_crs([(e.ravel()[k], n.ravel()[k])], f"EPSG:{georef.epsg}",
                                 "EPSG:4326")
        raise MapMakingError(
            f"window: {int(outside.sum())} of the {cols}×{rows} hexes lie outside the DEM "
            f"{Path(dem.source).name} or on its no-data cells, e.g. [col {k % cols}, row "
            f"{k // cols}] at {float(lon[0]):.4f}°, {float(lat[0]):.4f}° (the DEM covers "
            f"{west:.4f}…{east:.4f}, {south:.4f}…{north:.4f} in {dem.crs}); choose a window "
            "inside it", input="window")
    return z.reshape(rows, cols)


def quantise(heights: np.ndarray, metres_per_level: float,
             base_height: float | None = None) -> tuple[np.ndarray, float]:
    """Levels from heights in metres: ``floor((h − base) / metres_per_level)``.

    Returns ``(levels, base)``. The base defaults to the lowest height rounded down to a
    whole ``metres_per_level``.

    Raises
    ------
    MapMakingError
        For a non-positive ``metres_per_level``, ground below ``base_height``, or more levels
        than a map holds (:data:`~hexrules.map.mapfile.MAX_LEVEL`).

    Examples
    --------
    >>> levels, base = quantise(np.array([[236.0, 249.9, 250.0, 301.0]]), 10)
    >>> levels.tolist(), base
    ([[0, 1, 2, 7]], 230.0)
    >>> quantise(np.array([[0.0, 1000.0]]), 0.01)
    Traceback (most recent call last):
    ...
    hexrules.errors.MapMakingError: metres_per_level: 0.01 m per level over 1000 m of relief \
gives 100001 levels; a map holds levels 0…32000 (M-4); use at least 0.03125 m per level
    """
    if (isinstance(metres_per_level, bool) or not isinstance(metres_per_level, int | float)
            or not math.isfinite(metres_per_level) or metres_per_level <= 0):
        raise MapMakingError(f"metres_per_level: expected a positive number of metres, got "
                             f"{metres_per_level!r}", input="metres_per_level")
    lo, hi = float(np.min(heights)), float(np.max(heights))
    if base_height is None:
        base = math.floor(lo / metres_per_level) * metres_per_level
    else:
        base = float(base_height)
        if lo < base:
            raise MapMakingError(f"base_height: the ground goes down to {lo:.1f} m, below the "
                                 f"base height {base:g} m; level 0 must be the lowest ground",
                                 input="base_height")
    top = math.floor((hi - base) / metres_per_level)
    if top > MAX_LEVEL:
        need = (hi - base) / (MAX_LEVEL + 1) * 1.0001
        raise MapMakingError(
            f"metres_per_level: {metres_per_level:g} m per level over {hi - base:.0f} m of "
            f"relief gives {top + 1} levels; a map holds levels 0…{MAX_LEVEL} (M-4); use at "
            f"least {need:.4g} m per level", input="metres_per_level")
    levels = np.floor((np.asarray(heights) - base) / metres_per_level).astype(np.int64)
    return levels, float(base)


def drainage_rivers(dem: DEM, georef: Georef, cols: int, rows: int, river_km2: float
                    ) -> set[Hexside]:
    """River hexsides of a map from the DEM's drainage (cells draining ≥ ``river_km2``)."""
    from hexrules.mapmaking.drainage import river_segments

    if not (isinstance(river_km2, int | float) and river_km2 > 0):
        raise MapMakingError(f"river_km2: expected a positive catchment area in km², got "
                             f"{river_km2!r}", input="river_km2")
    segs = river_segments(dem.heights, dem.cell_metres(), float(river_km2))
    if not segs:
        return set()
    idx = np.array(segs, dtype=np.float64)  # (n, 2 ends, (row, col))
    x = dem.west + (idx[..., 1] + 0.5) * dem.dx
    y = dem.north - (idx[..., 0] + 0.5) * dem.dy
    e, n = points_in_crs(np.column_stack([x.ravel(), y.ravel()]), dem.crs,
                         f"EPSG:{georef.epsg}")
    e, n = e.reshape(-1, 2), n.reshape(-1, 2)
    # keep the pieces near the map
    ce, cn = centres(georef, cols, rows)
    pad = 2 * HEX_METRES
    near = ((e.max(axis=1) >= ce.min() - pad) & (e.min(axis=1) <= ce.max() + pad)
            & (n.max(axis=1) >= cn.min() - pad) & (n.min(axis=1) <= cn.max() + pad))
    sides: set[Hexside] = set()
    for (e0, e1), (n0, n1) in zip(e[near], n[near], strict=True):
        sides |= line_hexsides(georef, [(e0, n0), (e1, n1)])
    return on_map(sides, cols, rows)


@dataclass(frozen=True, eq=False)
class MadeMap:
    """What :func:`make_map` made: the map, the heights it came from, and its provenance.

    Attributes
    ----------
    hexmap : HexMap
    heights : array of float, shape (rows, cols)
        Ground height of each hex in metres, before quantising.
    base_height : float
        Metres above sea level of the bottom of level 0.
    sampling : str
    layers : dict
        Layer → where it came from (``"measured: …"`` or ``"drawn by hand: …"``).
    """

    hexmap: HexMap
    heights: np.ndarray
    base_height: float
    sampling: str
    layers: dict[str, str] = field(default_factory=dict)

    def __repr__(self) -> str:
        m = self.hexmap
        return (f"<MadeMap {m.name!r} {m.cols}×{m.rows}, EPSG:{m.georef.epsg}, levels 0…"
                f"{int(m.elevation.max())} of {m.metres_per_level:g} m from "
                f"{self.base_height:g} m>")

    def summary(self) -> str:
        """A few lines for the command line: size, placement, levels and layers."""
        m = self.hexmap
        lines = [repr(self),
                 f"  origin (centre of hex col 0, row 0): E {m.georef.easting:.0f} m, "
                 f"N {m.georef.northing:.0f} m, EPSG:{m.georef.epsg}; hex (0, 0) is "
                 f"{m.name_of(m.parse((0, 0)))}",
                 f"  ground {self.heights.min():.1f}…{self.heights.max():.1f} m "
                 f"({self.sampling} over each hex)"]
        lines += [f"  {k}: {v}" for k, v in self.layers.items()]
        return "\n".join(lines)

    def save(self, path: str | Path) -> None:
        """Write the map file (:meth:`HexMap.save`)."""
        self.hexmap.save(path)


def make_map(dem: DEM, *, centre: tuple[float, float] | None = None,
             size: tuple[int, int] = (40, 40),
             bounds: tuple[float, float, float, float] | None = None,
             epsg: int | None = None, sampling: str = "mean", metres_per_level: float = 10.0,
             base_height: float | None = None, rivers: str | None = "drainage",
             river_km2: float = 1.0, overlay: Overlay | str | Path | None = None,
             name: str | None = None, description: str | None = None) -> MadeMap:
    """Make a hex map from a DEM window (see the module's text for the steps).

    Parameters
    ----------
    dem : DEM
        From :func:`~hexrules.mapmaking.dem.jacksboro_dem` or
        :func:`~hexrules.mapmaking.dem.read_dem`.
    centre, size, bounds, epsg
        The window (:func:`choose_window`).
    sampling : {"mean", "centre"}
        How each hex's ground height is read (:func:`hex_heights`).
    metres_per_level, base_height
        The quantisation (:func:`quantise`); ``metres_per_level`` is written to the map (M-4).
    rivers : {"drainage", None}
        ``"drainage"``: rivers where the DEM drains at least ``river_km2``; ``None``: none
        from the DEM (an overlay's river lines are always added).
    river_km2 : float
        Catchment area in km² from which a stream is a river on the map.
    overlay : Overlay or path, optional
        Forest, settlement, water, roads and rivers (:mod:`hexrules.mapmaking.overlay`).
    name, description : str, optional

    Raises
    ------
    MapMakingError
        Naming the input: a window outside the DEM, a DEM without a CRS, a level count the
        map cannot hold, a bad overlay.
    """
    georef, cols, rows = choose_window(dem, centre=centre, size=size, bounds=bounds, epsg=epsg)
    heights = hex_heights(dem, georef, cols, rows, sampling)
    levels, base = quantise(heights, metres_per_level, base_height)
    dem_name = Path(dem.source).name
    layers = {"elevation": f"measured: {dem_name}, {sampling} over each 50 m hex, "
                           f"{metres_per_level:g} m per level from {base:g} m"}
    river_sides: set[Hexside] = set()
    if rivers == "drainage":
        river_sides = drainage_rivers(dem, georef, cols, rows, river_km2)
        layers["rivers"] = (f"measured: the DEM's drainage, streams draining ≥ {river_km2:g} "
                            f"km² ({len(river_sides)} hexsides)")
    elif rivers is not None:
        raise MapMakingError(f"rivers: expected 'drainage' or None, got {rivers!r} (river lines "
                             "from a file go in the overlay, kind 'river')", input="rivers")
    terrain = np.zeros((rows, cols), dtype=np.int8)
    roads: frozenset[Hexside] = frozenset()
    if overlay is not None:
        ov = overlay if isinstance(overlay, Overlay) else read_overlay(overlay)
        placed = apply_overlay(ov, georef, cols, rows)
        terrain, roads = placed.terrain, placed.roads
        if placed.rivers:
            river_sides |= placed.rivers
            layers["rivers"] = layers.get("rivers", "none") + (
                f" + drawn by hand: {Path(ov.source).name} ({len(placed.rivers)} hexsides)")
        kinds = sorted({f.kind for f in ov.features if f.kind != "river"})
        if kinds:
            layers[", ".join(kinds)] = f"drawn by hand: {Path(ov.source).name}"
    if name is None:
        e, n = centres(georef, cols, rows)
        clon, clat = points_in_crs([(float(e.mean()), float(n.mean()))], f"EPSG:{georef.epsg}",
                                   "EPSG:4326")
        stem = "Jacksboro DEM" if dem_name == "jacksboro_fault_dem.npz" else dem_name
        name = (f"{stem} {abs(float(clat[0])):.4f}{'N' if clat[0] >= 0 else 'S'} "
                f"{abs(float(clon[0])):.4f}{'E' if clon[0] >= 0 else 'W'}")
    if description is None:
        description = (f"Made from {dem_name} by hexrules.mapmaking: level 0 = {base:g} m above "
                       f"sea level, {metres_per_level:g} m per level. "
                       + "; ".join(f"{k}: {v}" for k, v in layers.items()) + ".")
    hexmap = HexMap(name=name, elevation=levels, terrain=terrain, rivers=river_sides,
                    roads=roads, metres_per_level=float(metres_per_level), georef=georef,
                    description=description, source=name)
    return MadeMap(hexmap, heights, base, sampling, layers)

