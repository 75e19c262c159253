"""``hexrules-makemap``: make a map file from a DEM window (the command of
:func:`hexrules.mapmaking.make_map`).

Examples (a shell)::

    hexrules-makemap maps/mine.json                         # the sample DEM, its centre, 40 × 40
    hexrules-makemap mine.json --centre -84.20 36.33 --size 60 40 --metres-per-level 5
    hexrules-makemap mine.json --dem my_dem.tif --bounds 116.30 39.90 116.35 39.94
    hexrules-makemap mine.json --overlay mine.overlay.geojson --preview mine.png

>>> main(["-", "--centre", "-84.20", "--size", "4", "4"])
Traceback (most recent call last):
...
SystemExit: 2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from hexrules.errors import MapMakingError, RulesError

__all__ = ["main", "parser"]


def parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    p = argparse.ArgumentParser(
        prog="hexrules-makemap",
        description="Make a hexrules map file from a digital elevation model (DEM) window: "
                    "50 m hexes in the window's UTM zone, ground height per hex, levels, "
                    "rivers from the drainage, terrain and roads from a GeoJSON overlay.")
    p.add_argument("out", help="the map file to write (.json); '-' writes nothing (a dry run)")
    p.add_argument("--dem", default="jacksboro",
                   help="a GeoTIFF (or any raster GDAL reads) or 'jacksboro' (default: the "
                        "USGS DEM in matplotlib's sample data)")
    p.add_argument("--dem-crs", help="the DEM's CRS if the file has none, e.g. EPSG:4326")
    win = p.add_argument_group("window (centre and size, or bounds)")
    win.add_argument("--centre", "--center", nargs=2, type=float, metavar=("LON", "LAT"),
                     help="the window's centre in degrees (default: the DEM's centre)")
    win.add_argument("--size", nargs=2, type=int, default=(40, 40), metavar=("COLS", "ROWS"),
                     help="size in hexes (default 40 40)")
    win.add_argument("--bounds", nargs=4, type=float, metavar=("W", "S", "E", "N"),
                     help="lon/lat bounds instead of centre and size")
    win.add_argument("--epsg", type=int, help="the map's projected CRS (default: UTM zone)")
    lev = p.add_argument_group("heights and levels")
    lev.add_argument("--sampling", choices=("mean", "centre"), default="mean",
                     help="ground height of a hex: mean over the hex, or interpolated at its "
                          "centre (default mean)")
    lev.add_argument("--metres-per-level", type=float, default=10.0,
                     help="metres per elevation level (default 10)")
    lev.add_argument("--base-height", type=float,
                     help="metres of level 0 (default: the lowest ground, rounded down)")
    ter = p.add_argument_group("terrain")
    ter.add_argument("--rivers", choices=("drainage", "none"), default="drainage",
                     help="rivers from the DEM's drainage, or none (an overlay's river lines "
                          "are always added)")
    ter.add_argument("--river-km2", type=float, default=1.0,
                     help="catchment area from which a stream is a river (default 1 km²)")
    ter.add_argument("--overlay", help="a GeoJSON overlay: forest, city, water, road, river")
    p.add_argument("--name", help="the map's name")
    p.add_argument("--description", help="the map's description")
    p.add_argument("--preview", help="also draw the map to this PNG file")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0, or 2 for a bad input)."""
    args = parser().parse_args(argv)
    from hexrules.mapmaking.dem import read_dem
    from hexrules.mapmaking.maker import make_map

    if args.bounds and args.centre:
        parser().error("give --centre and --size, or --bounds, not both")
    try:
        dem = read_dem(args.dem, crs=args.dem_crs)
        made = make_map(dem, centre=tuple(args.centre) if args.centre else None,
                        size=tuple(args.size), bounds=tuple(args.bounds) if args.bounds else None,
                        epsg=args.epsg, sampling=args.sampling,
                        metres_per_level=args.metres_per_level, base_height=args.base_height,
                        rivers=None if args.rivers == "none" else "drainage",
                        river_km2=args.river_km2, overlay=args.overlay, name=args.name,
                        description=args.description)
        if args.out != "-":
            made.save(args.out)
    except MapMakingError as exc:
        print(f"hexrules-makemap: error in {exc.input or 'input'}: {exc}", file=sys.stderr)
        return 2
    except RulesError as exc:
        print(f"hexrules-makemap: error: {exc}", file=sys.stderr)
        return 2
    print(made.summary())
    if args.out != "-":
        print(f"wrote {args.out}")
    if args.preview:
        import matplotlib

        matplotlib.use("Agg")
        from hexrules.render.plots import plot_map

        ax = plot_map(made.hexmap, legend=False)
        ax.figure.savefig(args.preview, dpi=120, bbox_inches="tight")
        print(f"drew {args.preview}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
