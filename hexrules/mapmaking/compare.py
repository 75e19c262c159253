"""Hex sight against terrain sight: the rulebook's hex viewshed (L-1…L-7, fast path) beside a
raster viewshed computed on the DEM by GDAL's ``gdal_viewshed``.

**Why the command-line tool.** PyPI has no binary wheel of GDAL's Python bindings (the
``GDAL`` package builds from source against a matching ``libgdal-dev``), and rasterio, whose
wheel bundles libgdal, does not expose the viewshed. Debian's ``gdal-bin`` ships
``/usr/bin/gdal_viewshed``; ``make gis`` (run by ``make test`` and ``make lab``) installs it.

**The raster side.** The DEM window under the map (plus a 100 m margin) is warped into the
map's UTM zone at 10 m cells by bilinear interpolation (rasterio), so that both sides stand on
the same ground; this adds no detail to a DEM of 75 m × 93 m cells. The observer stands at the
centre of its hex, the eye 2.5 m above the ground (a tank commander's sight, :data:`TANK`);
a target hex is seen when a point 2.0 m above the ground at its centre is (the turret of a
hull-down tank). Curvature and refraction use GDAL's default coefficient 0.85714 (1 − 1/7, the
usual refraction of visible light); over the map's 3 km it lowers the far ground by under 1 m.
The raster is bare earth: woods and houses are not on it.

**The hex side.** :func:`hexrules.sight.fast.viewshed` on the hex map from the same hex.

A :class:`Comparison` holds both verdicts per hex, the confusion matrix (both see, hex only,
raster only, neither) and the share of hexes where they agree, and draws the disagreements.
:func:`sweep` varies ``metres_per_level`` and the hex size over several observers.

Examples
--------
>>> from hexrules import HexMap
>>> from hexrules.mapmaking import jacksboro_dem
>>> c = compare_viewsheds(HexMap.load("jacksboro"), jacksboro_dem(), (20, 20))  # doctest: +SKIP
>>> c  # doctest: +SKIP
<Comparison from 2952TU: agree 83.1 % (both 744, hex only 124, raster only 146, neither 586)>
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import MapMakingError
from hexrules.map.coords import HEX_METRES, Georef
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.mapmaking.dem import DEM
from hexrules.mapmaking.maker import hex_heights, quantise
from hexrules.mapmaking.placement import centres

__all__ = ["CURVATURE", "TANK", "Comparison", "compare_viewsheds", "gdal_viewshed_available",
           "observer_grid", "raster_viewshed", "raster_window", "sweep", "sweep_table"]

#: Heights above the ground, in metres, of a tank's eye (the commander's sight) and of the
#: part of a target tank that must be seen (the turret of a hull-down tank).
TANK = {"observer_m": 2.5, "target_m": 2.0}
#: GDAL's default curvature coefficient, 1 − refraction (1/7 for visible light).
CURVATURE = 0.85714


def gdal_viewshed_available() -> bool:
    """Whether GDAL's ``gdal_viewshed`` is on the PATH (Debian: ``apt-get install gdal-bin``)."""
    return shutil.which("gdal_viewshed") is not None


def raster_window(dem: DEM, georef: Georef, cols: int, rows: int, *, resolution: float = 10.0,
                  margin: float = 100.0, hex_metres: float = HEX_METRES) -> DEM:
    """The DEM under a map, warped to the map's CRS at ``resolution`` m (bilinear).

    The window covers every hex centre plus ``margin`` metres.
    """
    from affine import Affine
    from rasterio.warp import Resampling, reproject

    e, n = centres(georef, cols, rows, hex_metres)
    x0, x1 = float(e.min()) - margin, float(e.max()) + margin
    y0, y1 = float(n.min()) - margin, float(n.max()) + margin
    width = int(np.ceil((x1 - x0) / resolution))
    height = int(np.ceil((y1 - y0) / resolution))
    dst = np.full((height, width), np.nan, dtype=np.float64)
    reproject(dem.heights, dst,
              src_transform=Affine(dem.dx, 0, dem.west, 0, -dem.dy, dem.north),
              src_crs=dem.crs, src_nodata=np.nan,
              dst_transform=Affine(resolution, 0, x0, 0, -resolution, y1),
              dst_crs=f"EPSG:{georef.epsg}", dst_nodata=np.nan, resampling=Resampling.bilinear)
    if np.isnan(dst).any():
        raise MapMakingError(f"window: the map's ground (with a {margin:g} m margin) runs off "
                             f"the DEM {Path(dem.source).name}", input="window")
    return DEM(dst, west=x0, north=y1, dx=resolution, dy=resolution,
               crs=f"EPSG:{georef.epsg}", source=f"{Path(dem.source).name} at {resolution:g} m")


def raster_viewshed(raster: DEM, easting: float, northing: float, *,
                    observer_m: float = TANK["observer_m"], target_m: float = TANK["target_m"],
                    curvature: float = CURVATURE, workdir: str | Path | None = None
                    ) -> np.ndarray:
    """Boolean ``[row, col]`` over the raster's cells: what GDAL's ``gdal_viewshed`` sees
    from ``(easting, northing)`` (the raster's CRS, which must be projected).

    Raises
    ------
    MapMakingError
        If ``gdal_viewshed`` is missing or fails.
    """
    import rasterio

    exe = shutil.which("gdal_viewshed")
    if exe is None:
        raise MapMakingError("gdal_viewshed is not installed: `make gis` (Debian: apt-get "
                             "install gdal-bin) installs it", input="gdal_viewshed")
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        src = raster.to_geotiff(Path(tmp) / "dem.tif")
        dst = Path(tmp) / "seen.tif"
        cmd = [exe, "-q", "-b", "1", "-ox", repr(float(easting)), "-oy", repr(float(northing)),
               "-oz", repr(float(observer_m)), "-tz", repr(float(target_m)),
               "-cc", repr(float(curvature)), "-vv", "1", "-iv", "0", "-ov", "0",
               "-om", "NORMAL", str(src), str(dst)]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0 or not dst.exists():
            raise MapMakingError(f"gdal_viewshed failed ({run.returncode}): "
                                 f"{(run.stderr or run.stdout).strip()}", input="gdal_viewshed")
        with rasterio.open(dst) as ds:
            seen = ds.read(1) > 0
    return seen


def _sample_seen(raster: DEM, seen: np.ndarray, e: np.ndarray, n: np.ndarray) -> np.ndarray:
    r = np.floor((raster.north - n) / raster.dy).astype(np.int64)
    c = np.floor((e - raster.west) / raster.dx).astype(np.int64)
    return seen[np.clip(r, 0, seen.shape[0] - 1), np.clip(c, 0, seen.shape[1] - 1)]


@dataclass(frozen=True, eq=False)
class Comparison:
    """The hex viewshed and the raster viewshed of one observer, hex by hex.

    Attributes
    ----------
    hexmap : HexMap
        The map the hex side was computed on.
    observer : Hex
    hex_seen, raster_seen : array of bool, shape (rows, cols)
    settings : dict
        Observer and target heights, curvature, raster cell size, metres per level, hex size.
    """

    hexmap: HexMap
    observer: Hex
    hex_seen: np.ndarray
    raster_seen: np.ndarray
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def confusion(self) -> dict[str, int]:
        """Hex counts: ``both`` see, ``hex_only``, ``raster_only``, ``neither``."""
        h, r = self.hex_seen, self.raster_seen
        return {"both": int((h & r).sum()), "hex_only": int((h & ~r).sum()),
                "raster_only": int((~h & r).sum()), "neither": int((~h & ~r).sum())}

    @property
    def agreement(self) -> float:
        """The share of hexes where both give the same verdict."""
        return float((self.hex_seen == self.raster_seen).mean())

    def __repr__(self) -> str:
        c = self.confusion
        try:
            where = self.hexmap.name_of(self.observer)
        except Exception:  # noqa: BLE001 - a repr never fails
            where = repr(self.observer)
        return (f"<Comparison from {where}: agree {100 * self.agreement:.1f} % (both "
                f"{c['both']}, hex only {c['hex_only']}, raster only {c['raster_only']}, "
                f"neither {c['neither']})>")

    def table(self) -> str:
        """The confusion matrix as text (rows: hex rule; columns: raster)."""
        c = self.confusion
        return ("                      raster sees   raster does not\n"
                f"hex rule sees     {c['both']:>12}   {c['hex_only']:>15}\n"
                f"hex rule does not {c['raster_only']:>12}   {c['neither']:>15}\n"
                f"agreement {100 * self.agreement:.1f} % of {self.hex_seen.size} hexes")

    def plot(self, ax: Any = None, *, legend: bool = True) -> Any:
        """Draw the map's hexes coloured by the four outcomes, the observer marked."""
        from matplotlib.collections import PolyCollection
        from matplotlib.patches import Patch

        from hexrules.render.plots import _ax

        ax = _ax(ax)
        m, g = self.hexmap, self.hexmap.georef
        colours = {"both": "#a6d96a", "neither": "#f0f0f0", "hex_only": "#fdae61",
                   "raster_only": "#5e9ed6"}
        polys, faces = [], []
        for h in m.hexes():
            col, row = h.to_offset()
            hs, rs = bool(self.hex_seen[row, col]), bool(self.raster_seen[row, col])
            key = ("both" if hs and rs else "hex_only" if hs else "raster_only" if rs
                   else "neither")
            polys.append(g.corners(h))
            faces.append(colours[key])
        ax.add_collection(PolyCollection(polys, facecolors=faces, edgecolors="#bbbbbb",
                                         linewidths=0.3))
        x, y = g.centre(self.observer)
        ax.plot([x], [y], marker="*", color="#d62728", markersize=14, markeredgecolor="k")
        from matplotlib.ticker import MaxNLocator

        ax.autoscale_view()
        ax.set_aspect("equal")
        ax.ticklabel_format(useOffset=False, style="plain")
        ax.xaxis.set_major_locator(MaxNLocator(4))
        ax.set_title(f"{m.name_of(self.observer)}: agree {100 * self.agreement:.0f} %")
        if legend:
            c = self.confusion
            names = {"both": "both see 都可见", "hex_only": "hex rule only 仅六角格",
                     "raster_only": "raster only 仅栅格", "neither": "neither 都不可见"}
            ax.legend(handles=[Patch(facecolor=colours[k], edgecolor="#999999",
                                     label=f"{names[k]} ({c[k]})") for k in names],
                      loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        return ax


def compare_viewsheds(hexmap: HexMap, dem: DEM, observer: Hex | str | tuple[int, int], *,
                      raster: DEM | None = None, observer_m: float = TANK["observer_m"],
                      target_m: float = TANK["target_m"], curvature: float = CURVATURE,
                      resolution: float = 10.0) -> Comparison:
    """Compare the hex viewshed of ``observer`` on ``hexmap`` with GDAL's on ``dem``.

    Parameters
    ----------
    hexmap : HexMap
        A map made from ``dem`` (its georef places the hexes on the DEM).
    dem : DEM
        The DEM (any CRS: it is warped to the map's).
    observer : Hex, military name or (col, row)
    raster : DEM, optional
        The warped window (:func:`raster_window`), to reuse it between observers.
    """
    from hexrules.sight.fast import viewshed

    h = hexmap.parse(observer)
    if raster is None:
        raster = raster_window(dem, hexmap.georef, hexmap.cols, hexmap.rows,
                               resolution=resolution)
    e0, n0 = hexmap.georef.centre(h)
    seen = raster_viewshed(raster, e0, n0, observer_m=observer_m, target_m=target_m,
                           curvature=curvature)
    e, n = centres(hexmap.georef, hexmap.cols, hexmap.rows)
    return Comparison(hexmap, h, viewshed(hexmap, h), _sample_seen(raster, seen, e, n),
                      {"observer_m": observer_m, "target_m": target_m, "curvature": curvature,
                       "resolution": raster.dx, "metres_per_level": hexmap.metres_per_level,
                       "hex_metres": HEX_METRES})


def observer_grid(cols: int, rows: int, k: int = 3) -> list[tuple[int, int]]:
    """``k × k`` observer hexes ``(col, row)`` spread evenly over a map.

    >>> observer_grid(40, 40)
    [(6, 6), (20, 6), (33, 6), (6, 20), (20, 20), (33, 20), (6, 33), (20, 33), (33, 33)]
    """
    fr = [(i + 0.5) / k for i in range(k)]
    return [(int(a * cols), int(b * rows)) for b in fr for a in fr]


def sweep(dem: DEM, georef: Georef, cols: int, rows: int, *,
          metres_per_level: Iterable[float] = (5, 10, 20), hex_metres: Iterable[float] = (50,),
          sampling: str = "mean", observers: Sequence[tuple[int, int]] | None = None,
          observer_m: float = TANK["observer_m"], target_m: float = TANK["target_m"],
          curvature: float = CURVATURE, resolution: float = 10.0) -> list[dict[str, Any]]:
    """Agreement of hex and raster sight over the same ground, bare earth on both sides.

    For every hex size and ``metres_per_level``, the window ``cols × rows`` at ``georef``
    (50 m hexes) is laid again with hexes of that size over the same ground, quantised, and
    each observer's hex viewshed is compared with the raster viewshed from the centre of the
    hex nearest it. The counts add up over the observers (default: 9 on a 3 × 3 pattern).

    Returns
    -------
    list of dict
        One per (hex size, metres per level): ``hex_metres``, ``metres_per_level``,
        ``observers``, ``hexes`` (per observer), ``agreement``, ``both``, ``hex_only``,
        ``raster_only``, ``neither``.
    """
    from hexrules.sight.fast import FastSight

    raster = raster_window(dem, georef, cols, rows, resolution=resolution)
    observers = list(observers or observer_grid(cols, rows))
    e50, n50 = centres(georef, cols, rows)
    points = [(float(e50[r, c]), float(n50[r, c])) for c, r in observers]
    width_m, height_m = float(e50.max() - e50.min()), float(n50.max() - n50.min())
    out: list[dict[str, Any]] = []
    for size in hex_metres:
        row_m = size * np.sqrt(3) / 2
        c_s, r_s = int(width_m / size + 1e-6) + 1, int(height_m / row_m + 1e-6) + 1
        g_s = Georef(georef.easting, georef.northing, georef.epsg)
        es, ns = centres(g_s, c_s, r_s, size)
        heights = hex_heights(dem, g_s, c_s, r_s, sampling, hex_metres=size)
        views = []
        for x, y in points:
            k = int(np.argmin((es - x) ** 2 + (ns - y) ** 2))
            row, col = divmod(k, c_s)
            seen = raster_viewshed(raster, float(es[row, col]), float(ns[row, col]),
                                   observer_m=observer_m, target_m=target_m,
                                   curvature=curvature)
            views.append(((col, row), _sample_seen(raster, seen, es, ns)))
        for mpl in metres_per_level:
            levels, _ = quantise(heights, mpl)
            m = HexMap(name=f"{size:g} m hexes, {mpl:g} m per level", elevation=levels,
                       terrain=np.zeros_like(levels), metres_per_level=float(mpl), georef=g_s)
            fs = FastSight(m)
            tot = {"both": 0, "hex_only": 0, "raster_only": 0, "neither": 0}
            for (col, row), rseen in views:
                c = Comparison(m, Hex.from_offset(col, row),
                               fs.viewshed(Hex.from_offset(col, row)), rseen).confusion
                for key in tot:
                    tot[key] += c[key]
            n_all = sum(tot.values())
            out.append({"hex_metres": float(size), "metres_per_level": float(mpl),
                        "observers": len(views), "hexes": c_s * r_s,
                        "agreement": (tot["both"] + tot["neither"]) / n_all, **tot})
    return out


def sweep_table(rows: Sequence[dict[str, Any]]) -> str:
    """A Markdown table of :func:`sweep`'s rows (shares of all observer–hex pairs).

    >>> print(sweep_table([{"hex_metres": 50.0, "metres_per_level": 10.0, "observers": 9,
    ...                     "hexes": 1600, "agreement": 0.8, "both": 40, "hex_only": 5,
    ...                     "raster_only": 15, "neither": 40}]))
    | hex | m per level | hexes | agree | both see | hex only | raster only | neither |
    |---|---|---|---|---|---|---|---|
    | 50 m | 10 | 1600 | 80.0 % | 40.0 % | 5.0 % | 15.0 % | 40.0 % |
    """
    lines = ["| hex | m per level | hexes | agree | both see | hex only | raster only | neither |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        n = r["both"] + r["hex_only"] + r["raster_only"] + r["neither"]
        pct = [f"{100 * r[k] / n:.1f} %" for k in ("both", "hex_only", "raster_only",
                                                   "neither")]
        lines.append(f"| {r['hex_metres']:g} m | {r['metres_per_level']:g} | {r['hexes']} | "
                     f"{100 * r['agreement']:.1f} % | " + " | ".join(pct) + " |")
    return "\n".join(lines)
