"""The board's base layers as GeoJSON features: hexes shaded by elevation, terrain symbols,
rivers and roads (M-4…M-7).

:class:`~hexrules_widgets.board.HexBoard` draws each in its own Leaflet pane; the features
carry the map's facts (name, level, terrain) as properties and their style, nothing more.

Examples
--------
>>> from hexrules import HexMap
>>> from hexrules_widgets.geo import MapGeo
>>> geo = MapGeo(HexMap.load("training"))
>>> hexes = base_features(geo, geo.hex_rings(), 4)
>>> len(hexes), sorted(hexes[0]["properties"])
(900, ['level', 'name', 'style', 'terrain'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hexrules.map.terrain import Terrain
from hexrules.render.plots import TERRAIN_COLOURS, elevation_colour

if TYPE_CHECKING:
    from hexrules_widgets.geo import LonLat, MapGeo

    from hexrules.map.hexgrid import Hex

__all__ = ["HEX_EDGE", "base_features", "collection", "feature", "link_features",
           "terrain_features"]

Feature = dict[str, Any]

#: The colour of the hex borders.
HEX_EDGE = "#9a9a9a"


def collection(features: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A GeoJSON FeatureCollection of ``features``."""
    return {"type": "FeatureCollection", "features": list(features)}


def feature(geometry: dict[str, Any], style: Mapping[str, Any] | None = None,
            **properties: Any) -> Feature:
    """A GeoJSON Feature with ``properties`` and, if given, its Leaflet ``style``."""
    props = dict(properties)
    if style:
        props["style"] = dict(style)
    return {"type": "Feature", "geometry": geometry, "properties": props}


def base_features(geo: MapGeo, rings: Mapping[Hex, list[LonLat]],
                  top_level: int) -> list[Feature]:
    """Every hex, filled with its elevation colour (water blue), named for the browser."""
    m = geo.hexmap
    feats = []
    for h, ring in rings.items():
        terr = m.terrain_at(h)
        level = m.elevation_at(h)
        name = m.name_of(h)
        fill = (TERRAIN_COLOURS["water"] if terr is Terrain.WATER
                else elevation_colour(level, top_level))
        style = {"fillColor": fill, "color": HEX_EDGE, "weight": 0.6,
                 "className": f"hexrules-hex hexrules-hex-{name}"}
        feats.append(feature({"type": "Polygon", "coordinates": [ring]}, style,
                             name=name, level=level, terrain=terr.label))
    return feats


def terrain_features(geo: MapGeo) -> list[Feature]:
    """City and forest symbols over the elevation colour (M-5)."""
    m = geo.hexmap
    g = m.georef
    feats = []
    city = {"color": TERRAIN_COLOURS["city"], "weight": 1, "fillColor": TERRAIN_COLOURS["city"],
            "fillOpacity": 0.85, "className": "hexrules-terrain hexrules-city"}
    tree = {"color": "#0b3d14", "weight": 1, "fillColor": TERRAIN_COLOURS["forest"],
            "fillOpacity": 0.9, "radius": 4, "className": "hexrules-terrain hexrules-forest"}
    for h in m.hexes():
        terr = m.terrain_at(h)
        if terr is Terrain.CITY:  # three small blocks of houses
            cx, cy = g.centre(h)
            for dx, dy in ((-10, 6), (9, 7), (0, -10)):
                x0, y0 = cx + dx, cy + dy
                sq = [(x0 - 5, y0 - 4), (x0 + 5, y0 - 4), (x0 + 5, y0 + 4), (x0 - 5, y0 + 4)]
                ring = geo.lonlat(sq)
                feats.append(feature({"type": "Polygon", "coordinates": [[*ring, ring[0]]]},
                                     city, terrain=terr.label))
        elif terr is Terrain.FOREST:  # three tree crowns
            cx, cy = g.centre(h)
            for dx, dy in ((-10, -6), (10, -6), (0, 10)):
                lon, lat = geo.lonlat([(cx + dx, cy + dy)])[0]
                feats.append(feature({"type": "Point", "coordinates": [lon, lat]}, tree,
                                     terrain=terr.label))
    return feats


def link_features(geo: MapGeo) -> list[Feature]:
    """Rivers on hexsides (M-6) and roads between hex centres (M-7)."""
    m = geo.hexmap
    rivers = [list(map(list, geo.hexside(*sorted(s)))) for s in m.rivers]
    roads = [[list(p) for p in geo.lonlat([m.georef.centre(h) for h in sorted(s)])]
             for s in m.roads]
    feats = []
    if roads:
        feats.append(feature({"type": "MultiLineString", "coordinates": roads},
                             {"color": TERRAIN_COLOURS["road"], "weight": 3,
                              "opacity": 0.85, "lineCap": "round",
                              "className": "hexrules-road"}, kind="Road 道路"))
    if rivers:
        feats.append(feature({"type": "MultiLineString", "coordinates": rivers},
                             {"color": TERRAIN_COLOURS["river"], "weight": 5,
                              "opacity": 0.95, "lineCap": "round",
                              "className": "hexrules-river"}, kind="River 线状水系"))
    return feats
