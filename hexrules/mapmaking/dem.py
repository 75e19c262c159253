"""Digital elevation models (DEM) for the map maker: reading, georeferencing, sampling.

A :class:`DEM` is a north-up grid of ground heights in metres with its coordinate reference
system (CRS): row 0 is the northern edge, ``west``/``north`` are the outer edges of the
top-left cell and ``dx``/``dy`` the cell size in CRS units (degrees for lon/lat). Two sources:

* :func:`jacksboro_dem` — the USGS DEM that ships with matplotlib's sample data
  (``jacksboro_fault_dem.npz``: 344 × 403 cells of 3 arc-seconds, about 75 m × 93 m, 236–1076 m,
  Campbell and Anderson counties, Tennessee). Read through ``matplotlib.cbook.get_sample_data``,
  offline.
* :func:`read_dem` — a GeoTIFF (any raster GDAL reads) through rasterio, or an ``.npz`` laid
  out like the sample file.

**The sample file's latitude keys are wrong; the reader corrects them.** The file stores
``ymin = 36.7329`` and ``ymax = 36.4463``: ``ymin`` is the larger, so it looks like the
northern edge. It is not. The raster is north-up (the Pine Mountain ridge runs south-west to
north-east and the Jacksboro fault north-north-west, as they do on the ground), and its
highest cell, 1076 m at row 297, column 219, is the summit of Cross Mountain (1077 m,
36.1983° N, 84.2306° W) only if the northern edge is the ``ymax`` value, 36.4463° N: the cell
centre then lies at 36.1983° N, 84.2308° W, within 20 m of the summit. With ``ymin`` as the
northern edge it would lie 32 km further north. So the file's ``ymin`` is ``ymax`` plus the
raster's height (36.4463 + 344 × 3″ = 36.7329), a sign slip; the DEM covers 36.1596–36.4463° N,
84.4138–84.0779° W. ``tests/test_mapmaking.py`` checks the summit.

Examples
--------
>>> dem = jacksboro_dem()
>>> dem
<DEM 'jacksboro_fault_dem.npz' 344×403 EPSG:4326, 236–1076 m>
>>> [round(v, 3) for v in dem.bounds]
[-84.414, 36.16, -84.078, 36.446]
>>> round(float(dem.sample([-84.23056], [36.19833])[0]))  # Cross Mountain, 1077 m
1074
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import MapMakingError

__all__ = ["DEM", "SAMPLE_DEM", "jacksboro_dem", "read_dem"]

#: The name of the DEM in matplotlib's sample data.
SAMPLE_DEM = "jacksboro_fault_dem.npz"

_METRES_PER_DEGREE = 111_320.0  # of latitude, and of longitude at the equator (display only)


@dataclass(frozen=True, eq=False)
class DEM:
    """A north-up elevation grid in metres, with its CRS.

    Parameters
    ----------
    heights : array of float, shape (rows, cols)
        Ground height in metres; NaN where there is no data. Row 0 is the northern edge.
    west, north : float
        Outer edges of the top-left cell, in CRS units.
    dx, dy : float
        Cell width and height in CRS units, both positive (rows run south).
    crs : str
        The CRS, as pyproj reads it (``"EPSG:4326"``, ``"EPSG:32616"``, a WKT string).
    source : str
        Where the DEM came from, for messages.

    Raises
    ------
    MapMakingError
        For an empty or non-2-D grid, non-positive cell sizes, or no CRS.

    Examples
    --------
    >>> dem = DEM(np.array([[10.0, 20.0], [30.0, 40.0]]), west=0, north=100, dx=50, dy=50,
    ...           crs="EPSG:32616", source="tiny")
    >>> dem.bounds
    (0.0, 0.0, 100.0, 100.0)
    >>> dem.sample([50.0], [50.0]).tolist()  # bilinear between the four cell centres
    [25.0]
    >>> DEM(np.zeros((2, 2)), west=0, north=0, dx=1, dy=1, crs="", source="nocrs.tif")
    Traceback (most recent call last):
    ...
    hexrules.errors.MapMakingError: nocrs.tif: the DEM has no coordinate reference system ...
    """

    heights: np.ndarray
    west: float
    north: float
    dx: float
    dy: float
    crs: str
    source: str = "<memory>"

    def __post_init__(self) -> None:
        h = np.asarray(self.heights, dtype=np.float64)
        if h.ndim != 2 or h.shape[0] < 2 or h.shape[1] < 2:
            raise MapMakingError(f"{self.source}: a DEM is a 2-D grid of at least 2 × 2 cells, "
                                 f"got shape {h.shape}", input="dem")
        if not (self.dx > 0 and self.dy > 0):
            raise MapMakingError(f"{self.source}: cell sizes must be positive, got dx={self.dx}, "
                                 f"dy={self.dy} (a north-up raster without rotation)", input="dem")
        if not self.crs:
            raise MapMakingError(
                f"{self.source}: the DEM has no coordinate reference system (CRS); give one "
                "(read_dem(path, crs='EPSG:4326'), or --dem-crs on the command line)",
                input="dem")
        h = h.copy()
        h.flags.writeable = False
        object.__setattr__(self, "heights", h)
        for key in ("west", "north", "dx", "dy"):
            object.__setattr__(self, key, float(getattr(self, key)))

    def __repr__(self) -> str:
        try:
            lo, hi = np.nanmin(self.heights), np.nanmax(self.heights)
            span = f", {lo:.0f}–{hi:.0f} m"
        except ValueError:  # pragma: no cover - all NaN
            span = ""
        return f"<DEM {Path(self.source).name!r} {self.rows}×{self.cols} {self.crs}{span}>"

    @property
    def rows(self) -> int:
        """Number of cell rows (north to south)."""
        return int(self.heights.shape[0])

    @property
    def cols(self) -> int:
        """Number of cell columns (west to east)."""
        return int(self.heights.shape[1])

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(west, south, east, north)`` outer edges, in CRS units."""
        return (self.west, self.north - self.rows * self.dy,
                self.west + self.cols * self.dx, self.north)

    @property
    def geographic(self) -> bool:
        """Whether the CRS is geographic (lon/lat degrees)."""
        return _crs(self.crs, self.source).is_geographic

    def cell_metres(self) -> tuple[float, float]:
        """Approximate cell width and height in metres (at the DEM's middle latitude).

        >>> [round(v) for v in jacksboro_dem().cell_metres()]
        [75, 93]
        """
        if not self.geographic:
            return self.dx, self.dy
        west, south, east, north = self.bounds
        lat = math.radians((south + north) / 2)
        return (self.dx * _METRES_PER_DEGREE * math.cos(lat), self.dy * _METRES_PER_DEGREE)

    def fractional_index(self, x: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
        """Fractional ``(row, col)`` of points in the DEM's CRS; cell centres are integers."""
        x = np.asarray(x, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        return (self.north - y) / self.dy - 0.5, (x - self.west) / self.dx - 0.5

    def sample(self, x: Any, y: Any, method: str = "bilinear") -> np.ndarray:
        """Ground heights at points ``(x, y)`` in the DEM's CRS; NaN outside the DEM.

        Parameters
        ----------
        x, y : array-like of float
        method : {"bilinear", "nearest"}
            Bilinear interpolation between the four nearest cell centres, or the value of the
            cell holding the point (a cell is an area, as GDAL reads a DEM).

        Examples
        --------
        >>> dem = DEM(np.array([[10.0, 20.0], [30.0, 40.0]]), west=0, north=100, dx=50, dy=50,
        ...           crs="EPSG:32616")
        >>> dem.sample([10.0, 90.0, 120.0], [90.0, 10.0, 50.0], "nearest").tolist()
        [10.0, 40.0, nan]
        >>> dem.sample([0.0], [0.0], "cubic")
        Traceback (most recent call last):
        ...
        hexrules.errors.MapMakingError: DEM.sample: method must be one of 'bilinear', \
'nearest', got 'cubic'
        """
        if method not in ("bilinear", "nearest"):
            raise MapMakingError(f"DEM.sample: method must be one of 'bilinear', 'nearest', got "
                                 f"{method!r}", input="method")
        r, c = self.fractional_index(x, y)
        h = self.heights
        rows, cols = h.shape
        inside = (r >= -0.5) & (r <= rows - 0.5) & (c >= -0.5) & (c <= cols - 0.5)
        out = np.full(r.shape, np.nan)
        if method == "nearest":
            ri = np.clip(np.floor(r + 0.5).astype(np.int64), 0, rows - 1)
            ci = np.clip(np.floor(c + 0.5).astype(np.int64), 0, cols - 1)
            out[inside] = h[ri[inside], ci[inside]]
            return out
        rc = np.clip(r, 0, rows - 1)
        cc = np.clip(c, 0, cols - 1)
        r0 = np.clip(np.floor(rc).astype(np.int64), 0, rows - 2)
        c0 = np.clip(np.floor(cc).astype(np.int64), 0, cols - 2)
        fr, fc = rc - r0, cc - c0
        v = (h[r0, c0] * (1 - fr) * (1 - fc) + h[r0, c0 + 1] * (1 - fr) * fc
             + h[r0 + 1, c0] * fr * (1 - fc) + h[r0 + 1, c0 + 1] * fr * fc)
        out[inside] = v[inside]
        return out

    def to_geotiff(self, path: str | Path) -> Path:
        """Write the DEM as a GeoTIFF (float32, NaN as no-data), through rasterio.

        >>> import tempfile
        >>> dem = DEM(np.arange(6.0).reshape(2, 3), west=500_000, north=4_000_000, dx=30,
        ...           dy=30, crs="EPSG:32616", source="small")
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     back = read_dem(dem.to_geotiff(Path(tmp) / "small.tif"))
        >>> back.heights.tolist(), back.bounds, back.crs
        ([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], (500000.0, 3999940.0, 500090.0, 4000000.0), \
'EPSG:32616')
        """
        rasterio = _rasterio()
        from affine import Affine

        path = Path(path)
        profile = {"driver": "GTiff", "width": self.cols, "height": self.rows, "count": 1,
                   "dtype": "float32", "crs": self.crs, "nodata": float("nan"),
                   "transform": Affine(self.dx, 0, self.west, 0, -self.dy, self.north)}
        with rasterio.open(path, "w", **profile) as dst:
            dst.write(self.heights.astype(np.float32), 1)
        return path


def _rasterio() -> Any:
    try:
        import rasterio
    except ImportError as exc:  # pragma: no cover - rasterio is a dependency
        raise MapMakingError("reading a GeoTIFF needs rasterio (pip install rasterio)",
                             input="dem") from exc
    return rasterio


def _crs(crs: Any, source: str) -> Any:
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        return CRS.from_user_input(crs)
    except CRSError as exc:
        raise MapMakingError(f"{source}: cannot read the CRS {crs!r}: {exc}", input="dem") from None


def jacksboro_dem() -> DEM:
    """The Jacksboro fault DEM from matplotlib's sample data, georeferenced (EPSG:4326).

    The latitude keys of the sample file are corrected (see the module's text): the northern
    edge is its ``ymax`` value. No download: the file ships with matplotlib.

    Examples
    --------
    >>> dem = jacksboro_dem()
    >>> dem.rows, dem.cols, dem.crs
    (344, 403, 'EPSG:4326')
    """
    from matplotlib import cbook

    with cbook.get_sample_data(SAMPLE_DEM) as data:
        return _from_npz(data, SAMPLE_DEM, crs="EPSG:4326")


def _from_npz(data: Any, source: str, crs: str | None) -> DEM:
    keys = {"elevation", "dx", "dy", "xmin", "ymin", "ymax"}
    missing = keys - set(data.keys())
    if missing:
        raise MapMakingError(f"{source}: an elevation .npz needs the keys {sorted(keys)}, "
                             f"missing {sorted(missing)}", input="dem")
    heights = np.asarray(data["elevation"], dtype=np.float64)
    dy = float(data["dy"])
    ymin, ymax = float(data["ymin"]), float(data["ymax"])  # noqa: F841 - see below
    # The northern edge is the ``ymax`` value, whichever key is larger: in matplotlib's file
    # ``ymin`` = ``ymax`` + rows·dy (a sign slip, see the module's text).
    north = ymax
    del ymin
    return DEM(heights, west=float(data["xmin"]), north=north, dx=float(data["dx"]), dy=dy,
               crs=crs or "EPSG:4326", source=source)


def read_dem(path: str | Path, *, crs: str | None = None, band: int = 1) -> DEM:
    """Read a DEM: a GeoTIFF (or any raster GDAL reads, through rasterio) or an ``.npz``.

    Parameters
    ----------
    path : str or Path
        The raster. ``"jacksboro"`` (or the sample file's name) reads :func:`jacksboro_dem`.
    crs : str, optional
        The CRS, for a raster that does not state one (otherwise the raster's own is used).
    band : int
        The band holding the heights.

    Raises
    ------
    MapMakingError
        If the file is missing or unreadable, has no CRS and none is given, is rotated, or
        the band does not exist; the message names the file.

    Examples
    --------
    >>> read_dem("jacksboro").rows
    344
    >>> read_dem("no-such.tif")
    Traceback (most recent call last):
    ...
    hexrules.errors.MapMakingError: no-such.tif: no such DEM file
    """
    if str(path) in ("jacksboro", SAMPLE_DEM):
        return jacksboro_dem()
    p = Path(path)
    if not p.is_file():
        raise MapMakingError(f"{p}: no such DEM file", input="dem")
    if p.suffix.lower() == ".npz":
        with np.load(p) as data:
            return _from_npz(data, str(p), crs)
    rasterio = _rasterio()
    try:
        with rasterio.open(p) as src:
            if not 1 <= band <= src.count:
                raise MapMakingError(f"{p}: no band {band} (the raster has {src.count})",
                                     input="dem")
            t = src.transform
            if t.b != 0 or t.d != 0 or t.a <= 0 or t.e >= 0:
                raise MapMakingError(f"{p}: the raster is rotated or not north-up ({t}); "
                                     "warp it first (gdalwarp)", input="dem")
            heights = src.read(band, masked=True).astype(np.float64).filled(np.nan)
            own = src.crs.to_string() if src.crs else ""
    except rasterio.errors.RasterioError as exc:
        raise MapMakingError(f"{p}: cannot read the DEM: {exc}", input="dem") from None
    return DEM(heights, west=t.c, north=t.f, dx=t.a, dy=-t.e, crs=own or (crs or ""),
               source=str(p))


def points_in_crs(points: Sequence[tuple[float, float]] | np.ndarray, src: str,
                  dst: str) -> tuple[np.ndarray, np.ndarray]:
    """Transform ``(x, y)`` points from CRS ``src`` to ``dst`` (x = easting or longitude)."""
    from pyproj import Transformer

    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    tr = Transformer.from_crs(src, dst, always_xy=True)
    x, y = tr.transform(pts[:, 0], pts[:, 1])
    return np.asarray(x), np.asarray(y)
