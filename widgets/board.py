"""The clickable hex board: a georeferenced ipyleaflet map of a :class:`~hexrules.HexMap`.

The board draws the map once (elevation shading light to dark with a legend in levels and
metres, city and forest symbols, water, rivers on hexsides, roads between hex centres) and
keeps every highlight in its own small, named *overlay* layer, so a click only replaces a few
features (about 1 ms in Python) instead of restyling 900 hexes. Later issues (units,
movement, artillery) add an overlay; they do not touch the base layers::

    board.set_overlay("units", hexes=[h1, h2], style={"color": "#1f77b4"}, level="marker")
    board.clear_overlay("units")

A click anywhere on the map is turned into a hex from its latitude/longitude (WGS84 → the
map's projected metres with pyproj → the hex whose area holds the point). Only the *map's*
click event is used, never the GeoJSON layers' own click events, so one click is handled
exactly once (a feature click also fires the map click). The hex under the pointer is named
in the line above the map (military coordinate, elevation in levels and metres, terrain).

The map fills its box: whenever the box changes size (the window or the panel is resized,
the controls above it wrap), the board re-fits the whole map into it (a small watcher view,
``board.js``, tells Leaflet; Leaflet reports its pixel bounds; the board sets the centre and a
fractional zoom). The base layers (hexes, terrain symbols, rivers and roads) each
draw in their own Leaflet pane, below every overlay, so redrawing one never hides another.

The board decides no rule: it draws map fields and whatever overlays it is given. An edited
map (:mod:`hexrules.map.edit`) is drawn with :meth:`HexBoard.set_map`, which sends only the
base layers that changed.

Examples
--------
>>> from hexrules import HexMap
>>> board = HexBoard(HexMap.load("training"))
>>> clicked = []
>>> board.on_hex_click(clicked.append)
>>> board.click(board.hexmap.parse("4563GH"))
>>> board.hexmap.name_of(clicked[0])
'4563GH'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

import anywidget
import ipyleaflet
import ipywidgets as ipw
from hexrules_widgets.board_layers import (
    base_features,
    collection,
    feature,
    link_features,
    terrain_features,
)
from hexrules_widgets.geo import LonLat, MapGeo
from hexrules_widgets.language_toggle import Relabel, language_toggle

from hexrules.errors import RulesError
from hexrules.language import localize_html
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.render.plots import TERRAIN_COLOURS, elevation_colour

__all__ = ["BASE_LEVELS", "OVERLAY_LEVELS", "HexBoard", "Relabel", "language_toggle"]

#: Drawing levels of the base layers (Leaflet pane z-index), all below the overlays.
BASE_LEVELS: dict[str, int] = {
    "hexes": 402,  # the hexes, shaded by elevation
    "terrain": 404,  # settlement and forest symbols
    "links": 406,  # rivers on hexsides and roads
}

#: Drawing levels of overlays (Leaflet pane z-index): a higher level draws on top.
OVERLAY_LEVELS: dict[str, int] = {
    "shade": 420,  # large tints under everything else (viewshed, zones of fire)
    "highlight": 430,  # hex highlights (passed hexes, movement paths)
    "line": 440,  # lines (the sight line)
    "graze": 445,  # hexsides drawn over the lines (grazed hexsides)
    "point": 450,  # points (change points, impact markers)
    "marker": 460,  # end hexes, units
}

#: Leaflet's zoom snap: the board fits its box to a twentieth of a zoom level.
ZOOM_SNAP = 0.05

_OSM_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"


def _in_pane(layer: ipyleaflet.GeoJSON, pane: str) -> ipyleaflet.GeoJSON:
    """Draw ``layer`` in the Leaflet pane ``pane`` (passed to Leaflet at creation).

    Its points too: Leaflet makes them from ``point_style`` alone, which must name the pane,
    or they land in the default overlay pane, under every pane of the board.
    """
    layer.pane = pane
    layer.options = [*layer.options, "pane"]
    layer.point_style = {"radius": 5, **layer.point_style, "pane": pane}
    return layer


def _replace_features(layer: ipyleaflet.GeoJSON, features: list[dict[str, Any]]) -> None:
    """Replace a layer's features, merging its layer ``style`` into each one here, as
    ipyleaflet would; ipyleaflet does it on a deep copy of the whole collection (about 130 ms
    for 900 hexes), skipped while its ``updating`` flag is set."""
    style = dict(layer.style)
    for f in features:
        f["properties"]["style"] = {**f["properties"].get("style", {}), **style}
    layer.updating = True
    try:
        layer.data = collection(features)
    finally:
        layer.updating = False


class _ResizeWatch(anywidget.AnyWidget):
    """Tells Leaflet when the map's box changes size (``board.js``); it draws nothing.

    Leaflet measures its box only on a window resize; this view watches the box and then
    dispatches one, so the board re-fits after the controls wrap, the font loads or the chart
    beside it grows.
    """

    _esm = resources.files("hexrules_widgets") / "board.js"


class HexBoard(ipw.VBox):
    """A clickable, georeferenced hex board of one map (ipyleaflet), with named overlays.

    Parameters
    ----------
    hexmap : HexMap
        The map to draw; its georeference (origin metres and EPSG code) places it.
    height : str or None
        CSS height of the map, e.g. ``"600px"``; ``None``: the map fills the height its
        container gives it (a flex layout, as in :class:`SightExplorer`).
    basemap : bool
        Start with an OpenStreetMap basemap under the hexes. Off by default: the board needs
        no tile server (offline, the tiles just fail and stay grey).
    legend : bool
        Show the legend (levels and metres, terrain, rivers, roads).
    language : bool
        Show a 中 / EN / 双语 toggle (:func:`language_toggle`) beside the hover line: the
        legend and the hover line are drawn again in the chosen language. A widget that holds
        the board shows its own toggle instead and calls :meth:`relabel`.

    Attributes
    ----------
    map : ipyleaflet.Map
    hover : ipywidgets.HTML
        Names the hex under the pointer (当前格).
    geo : MapGeo
        The WGS84 geometry of the map.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> board = HexBoard(HexMap.load("training"))
    >>> layer = board.set_overlay("demo", hexes=[board.hexmap.parse("4563BB")])
    >>> len(layer.data["features"])
    1
    """

    def __init__(
        self,
        hexmap: HexMap,
        *,
        height: str | None = "600px",
        basemap: bool = False,
        legend: bool = True,
        language: bool = False,
    ) -> None:
        self.hexmap = hexmap
        self.geo = MapGeo(hexmap)
        self._rings = self.geo.hex_rings()
        self._top_level = int(hexmap.elevation.max())
        self._click_callbacks: list[Callable[[Hex], Any]] = []
        self._hover_callbacks: list[Callable[[Hex | None], Any]] = []
        self._hovered: Hex | None = None
        self.overlays: dict[str, ipyleaflet.GeoJSON] = {}

        self._legend_extra: dict[str, str] = {}
        self._box: tuple[float, float] | None = None
        self._box_callbacks: list[Callable[[float, float], Any]] = []
        px = int(height.removesuffix("px")) if height and height.endswith("px") else 600
        # a first view for a box about as wide as it is high; the board re-fits once Leaflet
        # reports the real size of its box (_on_pixel_bounds)
        centre, zoom = self.geo.view_to_fit(px, px, snap=ZOOM_SNAP)
        panes = {f"hexrules-{k}": {"zIndex": z} for k, z in BASE_LEVELS.items()}
        panes.update({f"hexrules-{k}": {"zIndex": z} for k, z in OVERLAY_LEVELS.items()})
        self.map = ipyleaflet.Map(
            center=centre,
            zoom=zoom,
            zoom_snap=ZOOM_SNAP,
            zoom_delta=0.5,
            min_zoom=10,
            max_zoom=20,
            scroll_wheel_zoom=True,
            double_click_zoom=False,
            # no keyboard handler: it makes the map focusable, and focusing a map that is not
            # fully in view scrolls the page between mousedown and click, so the click would
            # land on another hex than the one under the pointer
            keyboard=False,
            layers=(),
            panes=panes,
            layout=ipw.Layout(height=height, width="100%") if height else ipw.Layout(
                width="100%"),
        )
        self.map.add_class("hexrules-map")
        if not height:
            self.map.add_class("hexrules-map-fill")
        self.map.attribution_control = False
        self._basemap = ipyleaflet.TileLayer(
            url=_OSM_URL, name="OpenStreetMap", max_zoom=19, base=True,
            attribution="© OpenStreetMap contributors",
        )
        # each base layer in its own pane: replacing or restyling one never draws it over
        # another (the bug: the hexes redrawn over forests, villages, rivers and roads)
        self.base_layer = _in_pane(ipyleaflet.GeoJSON(
            data=collection(base_features(self.geo, self._rings, self._top_level)),
            style={"fillOpacity": 1.0},
            hover_style={"weight": 3, "color": "#000000"}, name="hexes",
        ), "hexrules-hexes")
        self.terrain_layer = _in_pane(ipyleaflet.GeoJSON(
            data=collection(terrain_features(self.geo)), point_style={"radius": 3},
            name="terrain"), "hexrules-terrain")
        self.water_layer = _in_pane(ipyleaflet.GeoJSON(
            data=collection(link_features(self.geo)), name="rivers and roads"), "hexrules-links")
        for layer in (self.base_layer, self.terrain_layer, self.water_layer):
            self.map.add(layer)
        self.map.observe(self._on_pixel_bounds, names="pixel_bounds")
        self.map.on_interaction(self._handle_interaction)

        self.hover = ipw.HTML(self._hover_text(None))
        self.hover.add_class("hexrules-hover")
        # the legend sits under the map, not over it, so it never hides a hex
        self.legend = ipw.HTML(self._legend_html())
        self.legend.add_class("hexrules-legend")
        from hexrules_widgets.style import style_widget

        self.resize_watch = _ResizeWatch()
        #: the 中 / EN / 双语 toggle, when ``language=True`` (a widget that holds the board
        #: may show its own instead and call :meth:`relabel`)
        self.language_toggle = language_toggle(lambda _: self.relabel()) if language else None
        top: ipw.Widget = self.hover
        if self.language_toggle is not None:
            top = ipw.HBox([self.hover, self.language_toggle])
            top.add_class("hexrules-board-top")
        children = [style_widget(), self.resize_watch, top, self.map]
        super().__init__([*children, self.legend] if legend else children)
        self.add_class("hexrules-board")
        if basemap:
            self.show_basemap(True)

    def relabel(self) -> None:
        """Draw the legend and the hover line again in the current language."""
        self.legend.value = self._legend_html()
        self.hover.value = self._hover_text(self._hovered)

    def set_map(self, hexmap: HexMap) -> None:
        """Draw another map of the same size and place (an edited map, hexrules.map.edit).

        Only the base layers whose content changed are sent again (the hexes when levels or
        water changed, the symbols when terrain changed, the rivers and roads when they
        changed); the overlays stay. A map of another size or georeference is refused.
        """
        old = self.hexmap
        if hexmap.elevation.shape != old.elevation.shape or hexmap.georef != old.georef:
            raise RulesError(f"set_map takes a map of the same size and georeference as "
                             f"{old!r}, got {hexmap!r}")
        self.hexmap = self.geo.hexmap = hexmap
        top = self._top_level
        self._top_level = int(hexmap.elevation.max())
        water = Terrain.WATER
        if (top != self._top_level or (hexmap.elevation != old.elevation).any()
                or ((hexmap.terrain == water) != (old.terrain == water)).any()):
            _replace_features(self.base_layer,
                              base_features(self.geo, self._rings, self._top_level))
        if (hexmap.terrain != old.terrain).any():
            self.terrain_layer.data = collection(terrain_features(self.geo))
        if hexmap.rivers != old.rivers or hexmap.roads != old.roads:
            self.water_layer.data = collection(link_features(self.geo))
        self.legend.value = self._legend_html()
        self.hover.value = self._hover_text(self._hovered)

    def legend_entries(self) -> dict[str, str]:
        """Legend: every elevation level with its metres (M-4), then terrain, rivers, roads.

        Keys are the labels, values the colours; :meth:`set_legend_extra` adds the overlays'.
        """
        mpl = self.hexmap.metres_per_level
        entries = {
            f"level 高程等级 {lv} · {lv * mpl:g} m": elevation_colour(lv, self._top_level)
            for lv in range(self._top_level + 1)
        }
        entries[Terrain.CITY.label + " ■"] = TERRAIN_COLOURS["city"]
        entries[Terrain.FOREST.label + " ●"] = TERRAIN_COLOURS["forest"]
        entries[Terrain.WATER.label] = TERRAIN_COLOURS["water"]
        entries["River 线状水系 (hexside)"] = TERRAIN_COLOURS["river"]
        entries["Road 道路"] = TERRAIN_COLOURS["road"]
        return entries

    def set_legend_extra(self, entries: Mapping[str, str]) -> None:
        """Add the overlays' entries to the legend: label → the swatch's CSS ``background``.

        A value is a colour, optionally followed by more declarations for the swatch
        (``"transparent; border: 3px solid #f80"``).
        """
        self._legend_extra = dict(entries)
        self.legend.value = self._legend_html()

    def _legend_html(self) -> str:
        e = html.escape
        mpl = self.hexmap.metres_per_level
        levels = "".join(
            f"<span class='hexrules-swatch hexrules-level' title='{e(label)}' style='background:"
            f"{colour};color:{'#ffffff' if lv > self._top_level / 2 else '#333333'}'>{lv}</span>"
            for lv, (label, colour) in enumerate(
                (k, v) for k, v in self.legend_entries().items() if k.startswith("level "))
        )
        items = [
            f"<span class='hexrules-legend-item'><b>Elevation shading 高程着色</b>, level "
            f"高程等级 {levels} × {mpl:g} m</span>"
        ]
        symbols = {Terrain.CITY.label + " ■": "■", Terrain.FOREST.label + " ●": "●"}
        for label, colour in self.legend_entries().items():
            if label.startswith("level "):
                continue
            if label in symbols:
                mark = (f"<span class='hexrules-symbol' style='color:{colour}'>"
                        f"{symbols[label]}</span>")
                label = label[:-2]
            elif label.startswith(("River", "Road")):
                mark = f"<span class='hexrules-stroke' style='background:{colour}'></span>"
                label = label.removesuffix(" (hexside)")
            else:
                mark = f"<span class='hexrules-swatch' style='background:{colour}'></span>"
            items.append(f"<span class='hexrules-legend-item'>{mark}{e(label)}</span>")
        for label, css in self._legend_extra.items():
            items.append(f"<span class='hexrules-legend-item'><span class='hexrules-swatch' "
                         f"style='background:{css}'></span>{e(label)}</span>")
        return localize_html(
            f"<div class='hexrules-legend-items'><b>Legend 图例:</b> {' '.join(items)}</div>")

    def show_basemap(self, on: bool = True) -> None:
        """Show or hide an OpenStreetMap basemap under semi-transparent hexes.

        Offline the tiles fail and the background stays grey; everything else works. Only the
        hex layer's style changes: its features are not sent again, and every base layer keeps
        its own pane, so the terrain symbols, rivers and roads stay on top.
        """
        layers = [layer for layer in self.map.layers if layer is not self._basemap]
        if on:
            layers.insert(0, self._basemap)
        self.map.layers = tuple(layers)
        self.base_layer.style = {"fillOpacity": 0.55 if on else 1.0}

    @property
    def basemap_shown(self) -> bool:
        """Whether the basemap is on."""
        return self._basemap in self.map.layers

    # -- fitting the box -----------------------------------------------------------------
    @property
    def box_px(self) -> tuple[float, float] | None:
        """The map's box (width, height) in pixels as Leaflet last reported it, or ``None``."""
        return self._box

    def fit(self, width_px: float | None = None, height_px: float | None = None) -> None:
        """Show the whole map, as large as the box allows, centred.

        Called by itself whenever Leaflet reports a new box size (on load and after every
        resize); call it to undo the class's zooming and panning.
        """
        if width_px is None or height_px is None:
            if self._box is None:
                return
            width_px, height_px = self._box
        centre, zoom = self.geo.view_to_fit(width_px, height_px, snap=ZOOM_SNAP)
        with self.map.hold_sync():
            self.map.center = centre
            self.map.zoom = zoom

    def _on_pixel_bounds(self, change: dict[str, Any]) -> None:
        try:
            (left, top), (right, bottom) = change["new"]
        except (TypeError, ValueError):
            return
        box = (float(right) - float(left), float(bottom) - float(top))
        if box[0] < 20 or box[1] < 20:
            return  # not laid out yet (hidden, or in a collapsed panel)
        if self._box is None or max(abs(box[0] - self._box[0]),
                                    abs(box[1] - self._box[1])) > 1:
            self._box = box
            self.fit(*box)
            for cb in list(self._box_callbacks):
                cb(*box)

    def on_box_change(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback(width_px, height_px)`` when the map's box changes size."""
        self._box_callbacks.append(callback)

    # -- overlays ------------------------------------------------------------------------
    def hex_feature(self, h: Hex, style: Mapping[str, Any] | None = None,
                    scale: float = 1.0, **properties: Any) -> dict[str, Any]:
        """A GeoJSON polygon feature of hex ``h`` (``scale`` < 1 draws it smaller)."""
        ring = self._rings[h] if scale == 1.0 else self.geo.hex_ring(h, scale)
        return feature({"type": "Polygon", "coordinates": [ring]}, style,
                        name=self.hexmap.name_of(h), **properties)

    def line_feature(self, points: Sequence[Hex | LonLat],
                     style: Mapping[str, Any] | None = None, **properties: Any) -> dict[str, Any]:
        """A line through hex centres (``Hex``) or ``(lon, lat)`` points."""
        return feature({"type": "LineString", "coordinates": [list(self._lonlat(p))
                                                               for p in points]},
                        style, **properties)

    def hexside_feature(self, a: Hex, b: Hex, style: Mapping[str, Any] | None = None,
                        **properties: Any) -> dict[str, Any]:
        """The hexside between adjacent ``a`` and ``b`` as a line feature."""
        return feature({"type": "LineString", "coordinates": [list(p) for p in
                                                              self.geo.hexside(a, b)]},
                        style, **properties)

    def point_feature(self, at: Hex | LonLat, style: Mapping[str, Any] | None = None,
                      **properties: Any) -> dict[str, Any]:
        """A point (drawn as a circle; ``style["radius"]`` in pixels) at a hex centre or lon/lat."""
        return feature({"type": "Point", "coordinates": list(self._lonlat(at))}, style,
                        **properties)

    def _lonlat(self, where: Hex | LonLat) -> LonLat:
        if isinstance(where, Hex):
            lat, lon = self.geo.centre_latlon(where)
            return lon, lat
        return where

    def set_overlay(
        self,
        name: str,
        features: Iterable[Mapping[str, Any]] = (),
        *,
        hexes: Iterable[Hex] = (),
        style: Mapping[str, Any] | None = None,
        level: str = "highlight",
    ) -> ipyleaflet.GeoJSON:
        """Draw (or replace) the overlay ``name``: given features plus polygons of ``hexes``.

        Parameters
        ----------
        name : str
            Overlay name; the first call creates its layer, later calls replace its content.
        features : iterable of GeoJSON feature dicts
            Built with :meth:`hex_feature`, :meth:`line_feature`, :meth:`hexside_feature`,
            :meth:`point_feature`; a feature's own ``properties["style"]`` wins over ``style``.
        hexes : iterable of Hex
            Hexes to draw as polygons.
        style : dict, optional
            Leaflet path options for every feature (``color``, ``weight``, ``fillColor``,
            ``fillOpacity``, ``dashArray``, ``radius`` for points, ...). Unless given, the
            SVG class is ``hexrules-overlay hexrules-overlay-<name>`` (for browser tests).
        level : str
            One of :data:`OVERLAY_LEVELS`: what it draws above. Fixed at creation.

        Returns
        -------
        ipyleaflet.GeoJSON
            The overlay's layer.

        Examples
        --------
        >>> from hexrules import HexMap
        >>> board = HexBoard(HexMap.load("training"))
        >>> h = board.hexmap.parse("4563CD")
        >>> _ = board.set_overlay("mark", hexes=[h], style={"color": "red"})
        >>> board.overlay_names()
        ['mark']
        >>> board.clear_overlay("mark")
        >>> board.overlays["mark"].data["features"]
        []
        """
        if level not in OVERLAY_LEVELS:
            raise RulesError(f"unknown overlay level {level!r}; use one of {list(OVERLAY_LEVELS)}")
        base = {"className": f"hexrules-overlay hexrules-overlay-{name}", **(style or {})}
        feats = [dict(f) for f in features] + [self.hex_feature(h) for h in hexes]
        for f in feats:
            props = dict(f.get("properties") or {})
            props["style"] = {**base, **props.get("style", {})}
            f["properties"] = props
        layer = self.overlays.get(name)
        if layer is None:
            # the pane is passed to Leaflet at creation so that even the first features use it
            layer = _in_pane(ipyleaflet.GeoJSON(data=collection(feats), name=name),
                             f"hexrules-{level}")
            self.overlays[name] = layer
            self.map.add(layer)
        else:
            layer.data = collection(feats)
        return layer

    def clear_overlay(self, name: str) -> None:
        """Empty the overlay ``name`` (no error if it does not exist)."""
        layer = self.overlays.get(name)
        if layer is not None and layer.data.get("features"):
            layer.data = collection([])

    def overlay_names(self) -> list[str]:
        """Names of the overlays created so far, in creation order."""
        return list(self.overlays)

    # -- events --------------------------------------------------------------------------
    def on_hex_click(self, callback: Callable[[Hex], Any], remove: bool = False) -> None:
        """Call ``callback(hex)`` when an on-map hex is clicked."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def on_hex_hover(self, callback: Callable[[Hex | None], Any], remove: bool = False) -> None:
        """Call ``callback(hex or None)`` when the pointer moves to another hex (or off the map)."""
        if remove:
            self._hover_callbacks.remove(callback)
        else:
            self._hover_callbacks.append(callback)

    def click(self, h: Hex) -> None:
        """Act as if ``h`` were clicked (for programmatic use and tests)."""
        for cb in list(self._click_callbacks):
            cb(h)

    def hover_over(self, h: Hex | None) -> None:
        """Act as if the pointer moved onto ``h`` (``None``: off the map)."""
        if h == self._hovered:
            return
        self._hovered = h
        self.hover.value = self._hover_text(h)
        for cb in list(self._hover_callbacks):
            cb(h)

    def _handle_interaction(self, **event: Any) -> None:
        kind = event.get("type")
        if kind not in ("click", "mousemove", "mouseout"):
            return
        if kind == "mouseout":
            self.hover_over(None)
            return
        lat, lon = event.get("coordinates", (None, None))
        if lat is None or lon is None:
            return
        h = self.geo.hex_at_latlon(float(lat), float(lon))
        if kind == "mousemove":
            self.hover_over(h)
        elif h is not None:
            self.click(h)

    def _hover_text(self, h: Hex | None) -> str:
        return localize_html(self._hover_html(h))

    def _hover_html(self, h: Hex | None) -> str:
        if h is None:
            return ("<span class='hexrules-hover-text'>Hex under the pointer 当前格: —</span>")
        m = self.hexmap
        level = m.elevation_at(h)
        return (
            "<span class='hexrules-hover-text'>Hex under the pointer 当前格: "
            f"<b>{html.escape(m.name_of(h))}</b> · level 高程等级 {level} "
            f"({level * m.metres_per_level:g} m) · {html.escape(m.terrain_at(h).label)}</span>"
        )
