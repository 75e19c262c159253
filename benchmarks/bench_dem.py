"""Benchmarks for map making from a DEM and the two viewsheds, side by side.

Run::

    python benchmarks/bench_dem.py

A 100 × 100-hex window (5.0 km × 4.3 km) of the Jacksboro fault DEM (matplotlib's sample
data): making the map (UTM placement, the ground height of 10,000 hexes, levels, rivers from
the drainage of the whole DEM), the raster viewshed of one observer by GDAL's
``gdal_viewshed`` (the window warped to 10 m cells first: 518 × 449 cells), and the hex
viewshed of the same observer on the fast path (L-1…L-7). Best of 5 runs; the one-time costs
(numba compiling or loading its cache, the fast path's walk tables for a map size) are
printed apart.
"""

from __future__ import annotations

import time

import numpy as np

from hexrules.mapmaking import jacksboro_dem, make_map
from hexrules.mapmaking.compare import gdal_viewshed_available, raster_viewshed, raster_window
from hexrules.sight.fast import FastSight

CENTRE = (-84.20, 36.33)


def best(fn, repeat: int = 5) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main() -> None:
    dem = jacksboro_dem()
    t0 = time.perf_counter()
    make_map(dem, centre=CENTRE, size=(10, 10))  # compiles or loads the drainage code
    first = time.perf_counter() - t0
    rows = []
    t_mean, made = best(lambda: make_map(dem, centre=CENTRE, size=(100, 100), rivers=None))
    rows.append(("make map 100 × 100, mean over each hex (56 points), no rivers", t_mean))
    t_ctr, _ = best(lambda: make_map(dem, centre=CENTRE, size=(100, 100), sampling="centre",
                                     rivers=None))
    rows.append(("make map 100 × 100, interpolated at the centre, no rivers", t_ctr))
    t_riv, made = best(lambda: make_map(dem, centre=CENTRE, size=(100, 100)))
    rows.append(("make map 100 × 100, mean, + rivers from the drainage", t_riv))
    m = made.hexmap
    obs = m.parse((50, 50))
    e, n = m.georef.centre(obs)
    t_warp, raster = best(lambda: raster_window(dem, m.georef, m.cols, m.rows))
    rows.append((f"raster window: warp to 10 m cells ({raster.cols} × {raster.rows})", t_warp))
    if gdal_viewshed_available():
        t_gdal, seen = best(lambda: raster_viewshed(raster, e, n))
        rows.append(("raster viewshed, gdal_viewshed (one observer, incl. GeoTIFF I/O)",
                     t_gdal))
    else:
        seen = None
        rows.append(("raster viewshed: gdal_viewshed not installed (make gis)", float("nan")))
    t0 = time.perf_counter()
    fs = FastSight(m)
    fs.viewshed(obs)
    tables = time.perf_counter() - t0
    t_hex, hv = best(lambda: fs.viewshed(obs), repeat=50)
    rows.append(("hex viewshed, fast path (one observer, 10,000 hexes)", t_hex))
    width = max(len(r[0]) for r in rows)
    print(f"{'100 × 100-hex window of the Jacksboro DEM':<{width}}   best of 5")
    for label, t in rows:
        print(f"{label:<{width}}   {t * 1e3:9.2f} ms")
    print(f"(one-time: first make_map {first:.2f} s; fast-path tables for 100 × 100 "
          f"{tables:.2f} s)")
    if seen is not None:
        print(f"observer {m.name_of(obs)}: hex rule sees {int(np.sum(hv))} hexes, "
              f"the raster {int(seen.sum())} of its {seen.size} cells")


if __name__ == "__main__":
    main()
