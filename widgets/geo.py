"""Georeferencing for the board: a map's metres (projected CRS, EPSG) to and from WGS84.

A :class:`~hexrules.map.hexmap.HexMap` carries a :class:`~hexrules.map.coords.Georef`: the metres of
its hex centres in a projected CRS named by an EPSG code (UTM zone 50N for the training map).
Leaflet draws in WGS84 longitude/latitude, so the board converts with :mod:`pyproj`. This
module is layout only: which hex a point falls in, where a hex's corners are. It decides no
rule.

Examples
--------
>>> from hexrules import HexMap
>>> geo = MapGeo(HexMap.load("training"))
>>> lat, lon = geo.centre_latlon(geo.hexmap.parse("4563GH"))
>>> geo.hex_at_latlon(lat, lon) == geo.hexmap.parse("4563GH")
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property

import numpy as np
from pyproj import Transformer

from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap

__all__ = ["MapGeo", "hex_at_metres"]

LonLat = tuple[float, float]


def hex_at_metres(hexmap: HexMap, easting: float, northing: float) -> Hex | None:
    """The on-map hex whose area holds the point ``(easting, northing)``, or ``None``.

    A thin wrapper of :meth:`hexrules.map.coords.Georef.hex_at` that answers ``None`` off the map.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> m = HexMap.load("training")
    >>> e, n = m.georef.centre(m.parse("4563CD"))
    >>> m.name_of(hex_at_metres(m, e + 10, n - 10))
    '4563CD'
    """
    h = hexmap.georef.hex_at(easting, northing)
    return h if h in hexmap else None


class MapGeo:
    """The WGS84 geometry of one map: hex polygons, centres, hexsides and the reverse lookup.

    Parameters
    ----------
    hexmap : HexMap
        Its :class:`~hexrules.map.coords.Georef` gives the origin (metres) and the EPSG code.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> geo = MapGeo(HexMap.load("training"))
    >>> len(geo.hex_rings()) == 900
    True
    """

    def __init__(self, hexmap: HexMap) -> None:
        self.hexmap = hexmap
        epsg = hexmap.georef.epsg
        self._fwd = Transformer.from_crs(f"EPSG:{epsg}", "EPSG:4326", always_xy=True)
        self._inv = Transformer.from_crs("EPSG:4326", f"EPSG:{epsg}", always_xy=True)

    # -- conversions ---------------------------------------------------------------------
    def lonlat(self, points: Sequence[tuple[float, float]]) -> list[LonLat]:
        """Convert metre points ``[(easting, northing), ...]`` to ``[(lon, lat), ...]``."""
        arr = np.asarray(points, dtype=float).reshape(-1, 2)
        lon, lat = self._fwd.transform(arr[:, 0], arr[:, 1])
        return [(round(float(a), 7), round(float(b), 7)) for a, b in zip(lon, lat, strict=True)]

    def centre_latlon(self, h: Hex) -> tuple[float, float]:
        """``(lat, lon)`` of the centre of ``h`` (Leaflet's order)."""
        lon, lat = self.lonlat([self.hexmap.georef.centre(h)])[0]
        return lat, lon

    def hex_at_latlon(self, lat: float, lon: float) -> Hex | None:
        """The on-map hex under WGS84 ``(lat, lon)``, or ``None`` off the map."""
        e, n = self._inv.transform(lon, lat)
        if not (math.isfinite(e) and math.isfinite(n)):
            return None
        return hex_at_metres(self.hexmap, e, n)

    # -- geometry ------------------------------------------------------------------------
    def hex_ring(self, h: Hex, scale: float = 1.0) -> list[LonLat]:
        """Closed GeoJSON ring (lon, lat) of ``h``; ``scale`` < 1 shrinks it about its centre."""
        g = self.hexmap.georef
        pts = g.corners(h)
        if scale != 1.0:
            cx, cy = g.centre(h)
            pts = [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in pts]
        ring = self.lonlat(pts)
        return [*ring, ring[0]]

    def hex_rings(self, hexes: Iterable[Hex] | None = None) -> dict[Hex, list[LonLat]]:
        """Rings of many hexes (default: the whole map) in one vectorised transform."""
        g = self.hexmap.georef
        hs = list(self.hexmap.hexes() if hexes is None else hexes)
        if not hs:
            return {}
        pts = np.array([g.corners(h) for h in hs], dtype=float).reshape(-1, 2)
        lon, lat = self._fwd.transform(pts[:, 0], pts[:, 1])
        ll = np.round(np.stack([lon, lat], axis=1), 7).reshape(len(hs), 6, 2).tolist()
        return {h: [*map(tuple, ring), tuple(ring[0])] for h, ring in zip(hs, ll, strict=True)}

    def hexside(self, a: Hex, b: Hex) -> list[LonLat]:
        """The two ends (lon, lat) of the hexside between adjacent ``a`` and ``b``."""
        shared = sorted(set(a.corners()) & set(b.corners()))
        g = self.hexmap.georef
        return self.lonlat([g.lattice_point(x, y) for x, y in shared])

    def along(self, a: Hex, b: Hex, t: float) -> LonLat:
        """The point (lon, lat) a fraction ``t`` of the way from ``a``'s centre to ``b``'s."""
        g = self.hexmap.georef
        (x0, y0), (x1, y1) = g.centre(a), g.centre(b)
        return self.lonlat([(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)])[0]

    @cached_property
    def bounds(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """``((south, west), (north, east))`` of the whole map, in degrees."""
        rings = self.hex_rings([
            self.hexmap.parse((0, 0)),
            self.hexmap.parse((self.hexmap.cols - 1, 0)),
            self.hexmap.parse((0, self.hexmap.rows - 1)),
            self.hexmap.parse((self.hexmap.cols - 1, self.hexmap.rows - 1)),
        ])
        pts = [p for ring in rings.values() for p in ring]
        lons, lats = [p[0] for p in pts], [p[1] for p in pts]
        return (min(lats), min(lons)), (max(lats), max(lons))

    @property
    def centre(self) -> tuple[float, float]:
        """``(lat, lon)`` of the middle of the map."""
        (s, w), (n, e) = self.bounds
        return (s + n) / 2, (w + e) / 2

    def view_to_fit(self, width_px: float, height_px: float, *, snap: float = 0.05,
                    margin: float = 0.02) -> tuple[tuple[float, float], float]:
        """``((lat, lon), zoom)``: the Leaflet view that shows the whole map in a box.

        Computed exactly in Web Mercator (Leaflet's default projection): the largest zoom, a
        multiple of ``snap`` (Leaflet's ``zoomSnap``), at which the map's bounds plus a
        ``margin`` (a fraction of the box on each side) fit a box of ``width_px`` ×
        ``height_px`` pixels, centred on the map.

        Examples
        --------
        >>> from hexrules import HexMap
        >>> geo = MapGeo(HexMap.load("training"))
        >>> (lat, lon), zoom = geo.view_to_fit(940, 680)
        >>> w, h = geo.size_px(zoom)
        >>> max(w / 940, h / 680) > 0.9 and w <= 940 and h <= 680
        True
        """
        (s, w), (n, e) = self.bounds
        mx0, my0 = _mercator(w, n)
        mx1, my1 = _mercator(e, s)
        usable_w = max(width_px * (1 - 2 * margin), 1.0)
        usable_h = max(height_px * (1 - 2 * margin), 1.0)
        zoom = math.log2(min(usable_w / (mx1 - mx0), usable_h / (my1 - my0)))
        zoom = math.floor(zoom / snap + 1e-9) * snap
        return _inverse_mercator((mx0 + mx1) / 2, (my0 + my1) / 2), round(zoom, 6)

    def size_px(self, zoom: float) -> tuple[float, float]:
        """Width and height in pixels of the whole map at a Leaflet ``zoom`` (Web Mercator)."""
        (s, w), (n, e) = self.bounds
        mx0, my0 = _mercator(w, n)
        mx1, my1 = _mercator(e, s)
        return (mx1 - mx0) * 2 ** zoom, (my1 - my0) * 2 ** zoom

    def zoom_to_fit(self, width_px: int, height_px: int, snap: float = 0.25) -> float:
        """The largest Web-Mercator zoom (multiple of ``snap``) showing the map in the box."""
        return self.view_to_fit(width_px, height_px, snap=snap)[1]


def _mercator(lon: float, lat: float) -> tuple[float, float]:
    """Web-Mercator pixel coordinates at zoom 0 (a 256-pixel world), y downwards (Leaflet)."""
    x = (lon + 180.0) / 360.0 * 256.0
    phi = math.radians(lat)
    y = (1.0 - math.log(math.tan(phi) + 1.0 / math.cos(phi)) / math.pi) / 2.0 * 256.0
    return x, y


def _inverse_mercator(x: float, y: float) -> tuple[float, float]:
    """``(lat, lon)`` of Web-Mercator pixel coordinates at zoom 0."""
    lon = x / 256.0 * 360.0 - 180.0
    lat = math.degrees(math.atan(math.sinh(math.pi * (1.0 - 2.0 * y / 256.0))))
    return lat, lon
