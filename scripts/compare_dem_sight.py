"""Hex sight against terrain sight on the shipped real-terrain map: the README's table.

Run ``python scripts/compare_dem_sight.py`` (needs GDAL's ``gdal_viewshed``: ``make gis``).
It compares, over 9 observers on a 3 × 3 pattern of the window of ``maps/jacksboro.json``,
the rulebook's hex viewshed (fast path) with GDAL's raster viewshed on the DEM (warped to
10 m cells; observer 2.5 m, target 2.0 m above the ground, curvature 0.85714), bare earth on
both sides, for several metres per level (50 m hexes) and hex sizes (10 m per level); then
the shipped map itself, with its woods and hamlet, from the same 9 observers.
"""

from __future__ import annotations

import time

from hexrules import HexMap
from hexrules.mapmaking import jacksboro_dem
from hexrules.mapmaking.compare import (
    compare_viewsheds,
    observer_grid,
    raster_window,
    sweep,
    sweep_table,
)


def main() -> None:
    m = HexMap.load("jacksboro")
    dem = jacksboro_dem()
    g = m.georef
    t = time.perf_counter()
    rows = sweep(dem, g, m.cols, m.rows, metres_per_level=(2, 5, 10, 20, 40), hex_metres=(50,))
    rows += [r for r in sweep(dem, g, m.cols, m.rows, metres_per_level=(10,),
                              hex_metres=(25, 100, 200))]
    print("bare earth on both sides, 9 observers, sums over observer-hex pairs")
    print(sweep_table(rows))
    raster = raster_window(dem, g, m.cols, m.rows)
    tot = {"both": 0, "hex_only": 0, "raster_only": 0, "neither": 0}
    for obs in observer_grid(m.cols, m.rows):
        c = compare_viewsheds(m, dem, obs, raster=raster)
        for k in tot:
            tot[k] += c.confusion[k]
    n = sum(tot.values())
    tot.update(hex_metres=50.0, metres_per_level=10.0, observers=9, hexes=m.cols * m.rows,
               agreement=(tot["both"] + tot["neither"]) / n)
    print("\nthe shipped map (woods, hamlet: +1 level, L-2) against the bare-earth raster")
    print(sweep_table([tot]))
    print(f"\n({time.perf_counter() - t:.1f} s)")


if __name__ == "__main__":
    main()
