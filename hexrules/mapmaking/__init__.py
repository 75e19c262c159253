"""Map making: hex maps from a real digital elevation model (DEM), and hex sight against
terrain sight.

* :mod:`~hexrules.mapmaking.dem` — reading DEMs (:func:`jacksboro_dem`, the USGS DEM in
  matplotlib's sample data; :func:`read_dem`, a GeoTIFF through rasterio).
* :mod:`~hexrules.mapmaking.maker` — :func:`make_map`: a DEM window → a georeferenced map.
* :mod:`~hexrules.mapmaking.drainage` — rivers from the DEM's flow accumulation.
* :mod:`~hexrules.mapmaking.overlay` — forest, settlement, water, roads, rivers from GeoJSON.
* :mod:`~hexrules.mapmaking.compare` — the hex viewshed against GDAL's raster viewshed.
* :mod:`~hexrules.mapmaking.cli` — the ``hexrules-makemap`` command.

Examples
--------
>>> from hexrules.mapmaking import jacksboro_dem, make_map
>>> made = make_map(jacksboro_dem(), centre=(-84.20, 36.33), size=(8, 6), rivers=None)
>>> made.hexmap.cols, made.hexmap.rows
(8, 6)
"""

from hexrules.mapmaking.dem import DEM, SAMPLE_DEM, jacksboro_dem, read_dem
from hexrules.mapmaking.maker import (
    SAMPLING,
    MadeMap,
    choose_window,
    hex_heights,
    make_map,
    quantise,
    utm_epsg,
)
from hexrules.mapmaking.overlay import Overlay, parse_overlay, read_overlay

__all__ = [
    "DEM",
    "SAMPLE_DEM",
    "SAMPLING",
    "MadeMap",
    "Overlay",
    "choose_window",
    "hex_heights",
    "jacksboro_dem",
    "make_map",
    "parse_overlay",
    "quantise",
    "read_dem",
    "read_overlay",
    "utm_epsg",
]
