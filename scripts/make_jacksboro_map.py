"""Build maps/jacksboro.json, the shipped real-terrain map, from the Jacksboro fault DEM.

Run ``python scripts/make_jacksboro_map.py`` to regenerate it (the same as
``hexrules-makemap maps/jacksboro.json --centre -84.155 36.37 --size 40 40
--overlay maps/jacksboro.overlay.geojson --name ...``).

* **Measured**: elevation (the USGS DEM in matplotlib's sample data, mean over each 50 m hex,
  10 m per level) and the rivers (the DEM's drainage: streams draining at least 1 km²).
* **Drawn by hand**: forest, the hamlet (settlement), the pond and the roads, in
  ``maps/jacksboro.overlay.geojson`` (invented for teaching, not surveyed).

The window, 40 × 40 hexes (2.0 km × 1.7 km) centred on 36.370° N, 84.155° W in UTM zone 16N,
crosses Cumberland Mountain 2.5 km west of LaFollette, Tennessee: the valley behind it in the
north-west with its stream, the ridge (up to level 30, 640 m), and Powell Valley at its
south-eastern foot (LaFollette lies in it at about 330 m; the map's level 0 is 340 m).
"""

from __future__ import annotations

from pathlib import Path

from hexrules.mapmaking import jacksboro_dem, make_map

ROOT = Path(__file__).resolve().parent.parent
CENTRE = (-84.155, 36.37)
NAME = "Cumberland Mountain 坎伯兰山 (Jacksboro DEM)"
DESCRIPTION = (
    "Real terrain, 40×40 hexes (2.0 km × 1.7 km) of the Jacksboro fault DEM (USGS, in "
    "matplotlib's sample data), Campbell County, Tennessee, in UTM zone 16N: a valley with its "
    "stream in the north-west, the ridge of Cumberland Mountain 2.5 km west of LaFollette, and "
    "Powell Valley at its foot. "
    "Measured: elevation (mean over each hex, 10 m per level, level 0 = 340 m above sea level) "
    "and the rivers (the DEM's drainage, streams draining at least 1 km²). Drawn by hand "
    "(invented for teaching): the woods, the hamlet, the pond and the roads "
    "(jacksboro.overlay.geojson)."
)


def build():
    return make_map(jacksboro_dem(), centre=CENTRE, size=(40, 40), sampling="mean",
                    metres_per_level=10, rivers="drainage", river_km2=1.0,
                    overlay=ROOT / "maps" / "jacksboro.overlay.geojson", name=NAME,
                    description=DESCRIPTION)


if __name__ == "__main__":
    made = build()
    out = ROOT / "maps" / "jacksboro.json"
    made.save(out)
    print(made.summary())
    print(f"wrote {out}")
