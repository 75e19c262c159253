"""Terrain beyond elevation from a GeoJSON overlay: forest, settlement, water, roads, rivers.

An overlay is a GeoJSON ``FeatureCollection`` whose features each say what they are in
``properties.kind``:

========== ========================== =================================================
kind       geometry                   becomes
========== ========================== =================================================
forest     Polygon, MultiPolygon      forest hexes 丛林地 (M-5): hexes whose centre is inside
city       Polygon, MultiPolygon      settlement hexes 居民地 (M-5); ``settlement`` also works
water      Polygon, MultiPolygon      water hexes 面状水系 (M-5, M-6)
road       LineString, MultiLine…     road links between hex centres 道路 (M-7)
river      LineString, MultiLine…     river hexsides 线状水系 (M-6)
========== ========================== =================================================

Where areas overlap, water wins over settlement and settlement over forest. Coordinates are
longitude/latitude (WGS 84, as RFC 7946 says), unless the collection names another CRS the
old way, ``"crs": {"type": "name", "properties": {"name": "EPSG:32616"}}`` (for example the
map's own UTM zone). ``properties.name`` is optional and shows in error messages.

Examples
--------
>>> ov = parse_overlay({"type": "FeatureCollection", "features": [
...     {"type": "Feature", "properties": {"kind": "forest", "name": "wood"},
...      "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}}]})
>>> ov
<Overlay '<dict>': 1 feature (forest 1), CRS OGC:CRS84>
>>> parse_overlay({"type": "FeatureCollection", "features": [
...     {"type": "Feature", "properties": {"kind": "swamp"},
...      "geometry": {"type": "Point", "coordinates": [0, 0]}}]}, source="mine.geojson")
Traceback (most recent call last):
...
hexrules.errors.MapMakingError: mine.geojson: features[0].properties.kind: 'swamp' is not \
one of 'city', 'forest', 'river', 'road', 'settlement', 'water'
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from hexrules.errors import MapMakingError
from hexrules.map.coords import Georef
from hexrules.map.mapfile import Hexside
from hexrules.map.terrain import Terrain
from hexrules.mapmaking.placement import area_hexes, line_hexsides, on_map, road_links

__all__ = ["KINDS", "Overlay", "OverlayFeature", "apply_overlay", "parse_overlay",
           "read_overlay"]

#: Feature kinds and the geometry types they take.
KINDS = {
    "forest": ("Polygon", "MultiPolygon"),
    "city": ("Polygon", "MultiPolygon"),
    "settlement": ("Polygon", "MultiPolygon"),
    "water": ("Polygon", "MultiPolygon"),
    "road": ("LineString", "MultiLineString"),
    "river": ("LineString", "MultiLineString"),
}
_AREA = {"forest": Terrain.FOREST, "city": Terrain.CITY, "settlement": Terrain.CITY,
         "water": Terrain.WATER}
_PRECEDENCE = ("forest", "city", "settlement", "water")  # later wins


@dataclass(frozen=True)
class OverlayFeature:
    """One feature: its kind, name, shapely geometry (in the overlay's CRS) and index."""

    kind: str
    name: str
    geometry: Any
    index: int

    @property
    def where(self) -> str:
        """``features[3] ('Lizhuang')``, for messages."""
        return f"features[{self.index}]" + (f" ({self.name!r})" if self.name else "")


@dataclass(frozen=True)
class Overlay:
    """A validated overlay: features and the CRS their coordinates are in."""

    features: tuple[OverlayFeature, ...]
    crs: str = "OGC:CRS84"
    source: str = "<dict>"

    def __repr__(self) -> str:
        kinds = Counter(f.kind for f in self.features)
        n = len(self.features)
        text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
        return (f"<Overlay {Path(self.source).name!r}: {n} feature{'s' if n != 1 else ''} "
                f"({text}), CRS {self.crs}>")

    def in_crs(self, epsg: int) -> list[tuple[OverlayFeature, Any]]:
        """Each feature with its geometry transformed to ``EPSG:epsg`` (the map's metres)."""
        import shapely
        from pyproj import Transformer

        tr = Transformer.from_crs(self.crs, f"EPSG:{epsg}", always_xy=True)

        def move(coords: np.ndarray) -> np.ndarray:
            x, y = tr.transform(coords[:, 0], coords[:, 1])
            return np.column_stack([x, y])

        return [(f, shapely.transform(f.geometry, move)) for f in self.features]


def _fail(source: str, entry: str, problem: str) -> MapMakingError:
    return MapMakingError(f"{source}: {entry}: {problem}", input="overlay")


def _crs_name(data: Mapping[str, Any], source: str) -> str:
    crs = data.get("crs")
    if crs is None:
        return "OGC:CRS84"
    name = crs.get("properties", {}).get("name") if isinstance(crs, Mapping) else None
    if not isinstance(name, str):
        raise _fail(source, "crs", 'expected {"type": "name", "properties": {"name": '
                    f'"EPSG:…"}}}}, got {crs!r}')
    if name.startswith("urn:ogc:def:crs:"):
        parts = name.split(":")
        name = "OGC:CRS84" if parts[-1] == "CRS84" else f"{parts[4]}:{parts[-1]}"
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        CRS.from_user_input(name)
    except CRSError:
        raise _fail(source, "crs", f"unknown CRS {name!r}") from None
    return name


def parse_overlay(data: Any, *, source: str = "<dict>") -> Overlay:
    """Validate an overlay's GeoJSON (a dict); errors name ``source`` and the feature.

    Raises
    ------
    MapMakingError
        For anything that is not a FeatureCollection of the kinds above with valid geometry.
    """
    import shapely
    from shapely.geometry import shape

    if not isinstance(data, Mapping) or data.get("type") != "FeatureCollection":
        raise _fail(source, "type", "an overlay is a GeoJSON FeatureCollection")
    crs = _crs_name(data, source)
    feats = data.get("features")
    if not isinstance(feats, list):
        raise _fail(source, "features", "expected a list of features")
    out = []
    for i, f in enumerate(feats):
        entry = f"features[{i}]"
        if not isinstance(f, Mapping) or f.get("type") != "Feature":
            raise _fail(source, entry, "expected a GeoJSON Feature")
        props = f.get("properties") or {}
        kind = props.get("kind")
        if kind not in KINDS:
            choices = ", ".join(repr(k) for k in sorted(KINDS))
            raise _fail(source, f"{entry}.properties.kind", f"{kind!r} is not one of {choices}")
        name = props.get("name", "")
        geom = f.get("geometry")
        gtype = geom.get("type") if isinstance(geom, Mapping) else None
        if gtype not in KINDS[kind]:
            raise _fail(source, f"{entry}.geometry",
                        f"a {kind} is a {' or '.join(KINDS[kind])}, got {gtype!r}")
        try:
            g = shape(geom)
        except (ValueError, TypeError, AttributeError, IndexError) as exc:
            raise _fail(source, f"{entry}.geometry", f"not valid GeoJSON geometry: {exc}") from None
        if g.is_empty or not shapely.is_valid(g):
            reason = shapely.is_valid_reason(g) if not g.is_empty else "empty"
            raise _fail(source, f"{entry}.geometry", f"invalid {gtype}: {reason}")
        out.append(OverlayFeature(kind, str(name), g, i))
    return Overlay(tuple(out), crs, source)


def read_overlay(path: str | Path) -> Overlay:
    """Read and validate an overlay file (``.geojson`` / ``.json``).

    >>> read_overlay("no-such.geojson")
    Traceback (most recent call last):
    ...
    hexrules.errors.MapMakingError: no-such.geojson: no such overlay file
    """
    p = Path(path)
    if not p.is_file():
        raise MapMakingError(f"{p}: no such overlay file", input="overlay")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MapMakingError(f"{p}: not valid JSON: {exc}", input="overlay") from None
    return parse_overlay(data, source=str(p))


@dataclass(frozen=True)
class Placed:
    """What an overlay puts on a map: terrain codes, road links, river hexsides, and per
    feature the number of hexes (or links) it covers."""

    terrain: np.ndarray
    roads: frozenset[Hexside]
    rivers: frozenset[Hexside]
    counts: dict[str, int]


def _lines(geom: Any) -> list[list[tuple[float, float]]]:
    parts = getattr(geom, "geoms", [geom])
    return [list(p.coords) for p in parts]


def apply_overlay(overlay: Overlay, georef: Georef, cols: int, rows: int) -> Placed:
    """Place an overlay on a ``cols × rows`` map at ``georef``.

    Raises
    ------
    MapMakingError
        If a road runs into a water hex (V-1: roads cross water only as bridges over river
        hexsides), naming the road and the hex.
    """
    terrain = np.zeros((rows, cols), dtype=np.int8)
    roads: set[Hexside] = set()
    rivers: set[Hexside] = set()
    counts: dict[str, int] = {}
    moved = overlay.in_crs(georef.epsg)
    for kind in _PRECEDENCE:
        for f, g in moved:
            if f.kind == kind:
                cover = area_hexes(georef, cols, rows, g)
                terrain[cover] = int(_AREA[kind])
                counts[f.where] = int(cover.sum())
    for f, g in moved:
        if f.kind in ("road", "river"):
            placed: set[Hexside] = set()
            for line in _lines(g):
                got = road_links(georef, line) if f.kind == "road" else line_hexsides(georef,
                                                                                      line)
                placed |= on_map(got, cols, rows)
            counts[f.where] = len(placed)
            (roads if f.kind == "road" else rivers).update(placed)
            if f.kind == "road":
                for side in placed:
                    for h in sorted(side):
                        col, row = h.to_offset()
                        if terrain[row, col] == Terrain.WATER:
                            raise MapMakingError(
                                f"{overlay.source}: {f.where}: the road enters the water hex "
                                f"[col {col}, row {row}] (V-1: a road crosses water only as a "
                                "bridge over a river hexside); move the road or the water",
                                input="overlay")
    return Placed(terrain, frozenset(roads), frozenset(rivers), counts)
