"""The board and the sight-line explorer, Python side (no browser).

Set traits or call the handlers (a map interaction with the coordinates Leaflet would send, a
button click, a typed name) and assert what the widgets show. Every expected value comes from
the library (``line_of_sight``, ``viewshed``, the map): the widgets decide nothing.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import pytest
from script_support import load_module

pytest.importorskip("ipyleaflet")

from hexrules_widgets import OVERLAY_LEVELS, HexBoard, SightExplorer  # noqa: E402
from hexrules_widgets.board import BASE_LEVELS  # noqa: E402
from hexrules_widgets.explorer import CHART_SIZES, OVERLAY_STYLE  # noqa: E402
from hexrules_widgets.geo import MapGeo, hex_at_metres  # noqa: E402
from hexrules_widgets.panels import png_size as _png_size  # noqa: E402
from hexrules_widgets.style import style_widget, stylesheet  # noqa: E402

from hexrules import HexMap, line_of_sight  # noqa: E402
from hexrules.map.terrain import Terrain  # noqa: E402
from hexrules.render.plots import TERRAIN_COLOURS, elevation_colour  # noqa: E402
from hexrules.sight import CASE_LABELS, load_sight_cases  # noqa: E402
from hexrules.sight.fast import viewshed  # noqa: E402

DEMO = Path(__file__).resolve().parents[1] / "lessons" / "instructor_demo.py"  # its source


@pytest.fixture(scope="module")
def training() -> HexMap:
    return HexMap.load("training")


@pytest.fixture(scope="module")
def board(training: HexMap) -> HexBoard:
    return HexBoard(training)


@pytest.fixture
def explorer(training: HexMap) -> SightExplorer:
    return SightExplorer(training)


def _interact(board: HexBoard, kind: str, name: str, de: float = 0.0, dn: float = 0.0) -> None:
    """Send the board what Leaflet sends for an event at (a point near) a hex centre."""
    m = board.hexmap
    e, n = m.georef.centre(m.parse(name))
    lon, lat = board.geo._fwd.transform(e + de, n + dn)
    board._handle_interaction(type=kind, coordinates=[lat, lon])


def _features(board: HexBoard, overlay: str) -> list[dict]:
    return board.overlays[overlay].data["features"]


# -- geometry ------------------------------------------------------------------------------


def test_every_hex_round_trips_through_wgs84(training: HexMap) -> None:
    geo = MapGeo(training)
    for h in training.hexes():
        lat, lon = geo.centre_latlon(h)
        assert geo.hex_at_latlon(lat, lon) == h


def test_points_inside_a_hex_find_it_and_off_map_points_find_none(training: HexMap) -> None:
    h = training.parse("4563GH")
    e, n = training.georef.centre(h)
    for de, dn in ((20, 0), (-20, 0), (0, 25), (0, -25), (12, 18), (-12, -18)):
        assert hex_at_metres(training, e + de, n + dn) == h
    assert hex_at_metres(training, training.georef.easting - 200, n) is None


def test_map_is_placed_by_its_georeference(training: HexMap) -> None:
    (s, w), (n, e) = MapGeo(training).bounds
    assert 40 < s < n < 42 and 116 < w < e < 118  # UTM 50N, near Beijing
    assert (n - s) * 111_000 == pytest.approx(30 * 43.3 + 50, rel=0.1)


# -- the board -----------------------------------------------------------------------------


def test_board_draws_every_hex_with_its_elevation_colour_and_name(
    board: HexBoard, training: HexMap
) -> None:
    feats = board.base_layer.data["features"]
    assert len(feats) == len(training) == 900
    top = int(training.elevation.max())
    for f in feats:
        h = training.parse(f["properties"]["name"])
        style = f["properties"]["style"]
        assert f["properties"]["level"] == training.elevation_at(h)
        assert f["properties"]["terrain"] == training.terrain_at(h).label
        expected = (TERRAIN_COLOURS["water"] if training.terrain_at(h) is Terrain.WATER
                    else elevation_colour(training.elevation_at(h), top))
        assert style["fillColor"] == expected
        assert f"hexrules-hex-{f['properties']['name']}" in style["className"]


def test_board_draws_city_forest_rivers_and_roads(board: HexBoard, training: HexMap) -> None:
    kinds = [f["properties"]["terrain"] for f in board.terrain_layer.data["features"]]
    n_city = int((training.terrain == Terrain.CITY).sum())
    n_forest = int((training.terrain == Terrain.FOREST).sum())
    assert kinds.count(Terrain.CITY.label) == 3 * n_city
    assert kinds.count(Terrain.FOREST.label) == 3 * n_forest
    links = {f["properties"]["kind"]: f["geometry"]["coordinates"]
             for f in board.water_layer.data["features"]}
    assert len(links["River 线状水系"]) == len(training.rivers)
    assert len(links["Road 道路"]) == len(training.roads)


def test_legend_gives_every_level_in_metres(board: HexBoard, training: HexMap) -> None:
    entries = board.legend_entries()
    for lv in range(int(training.elevation.max()) + 1):
        assert f"level 高程等级 {lv} · {lv * training.metres_per_level:g} m" in entries
    assert "Forest 丛林地" in board.legend.value and "50 m" in board.legend.value
    assert "Elevation shading 高程着色" in board.legend.value


def test_board_works_offline_without_a_tile_layer(board: HexBoard) -> None:
    assert not any(type(layer).__name__ == "TileLayer" for layer in board.map.layers)


def test_basemap_toggle_adds_tiles_and_lightens_the_hexes(training: HexMap) -> None:
    b = HexBoard(training, basemap=True)
    assert b.basemap_shown and b.map.layers[0] is b._basemap
    assert b.base_layer.style["fillOpacity"] < 1
    b.show_basemap(False)
    assert not b.basemap_shown and b.base_layer.style["fillOpacity"] == 1


def test_basemap_on_and_off_keeps_terrain_rivers_and_roads_above_the_hexes(
    training: HexMap,
) -> None:
    # the bug: the hexes' data was sent again on every toggle, and Leaflet redrew the hex
    # layer over the terrain symbols, the rivers and the roads (all in one pane)
    b = HexBoard(training)
    layers = (b.base_layer, b.terrain_layer, b.water_layer)
    data = [layer.data for layer in layers]
    for on in (True, False, True, False):
        b.show_basemap(on)
    assert [layer.data for layer in layers] == data  # no layer is sent (redrawn) again
    assert [layer for layer in b.map.layers if layer in layers] == list(layers)
    panes = [layer.pane for layer in layers]
    assert panes == [f"hexrules-{k}" for k in BASE_LEVELS] and all(
        "pane" in layer.options and layer.point_style.get("pane") == layer.pane
        for layer in layers)
    z = {name.removeprefix("hexrules-"): spec["zIndex"] for name, spec in b.map.panes.items()}
    assert z["hexes"] < z["terrain"] < z["links"] < min(OVERLAY_LEVELS.values())
    assert all(z[k] == v for k, v in OVERLAY_LEVELS.items())


def test_a_map_click_names_the_hex_under_it_once(training: HexMap) -> None:
    b = HexBoard(training)
    clicked = []
    b.on_hex_click(clicked.append)
    _interact(b, "click", "4563GH", de=15, dn=-10)
    _interact(b, "mousedown", "4563GH")  # other events are not clicks
    _interact(b, "preclick", "4563GH")
    assert [training.name_of(h) for h in clicked] == ["4563GH"]
    b._handle_interaction(type="click", coordinates=[0.0, 0.0])  # off the map
    assert len(clicked) == 1


def test_hover_names_the_hex_its_level_in_metres_and_terrain(training: HexMap) -> None:
    b = HexBoard(training)
    forest = next(h for h in training.hexes() if training.terrain_at(h) is Terrain.FOREST)
    name = training.name_of(forest)
    _interact(b, "mousemove", name)
    level = training.elevation_at(forest)
    assert name in b.hover.value
    assert f"level 高程等级 {level} ({level * training.metres_per_level:g} m)" in b.hover.value
    assert "当前格" in b.hover.value
    assert "Forest 丛林地" in b.hover.value
    b._handle_interaction(type="mouseout", coordinates=[0.0, 0.0])
    assert name not in b.hover.value


def test_overlays_are_separate_small_layers(training: HexMap) -> None:
    b = HexBoard(training)
    n_layers = len(b.map.layers)
    h1, h2 = training.parse("4563BB"), training.parse("4563BC")
    layer = b.set_overlay("units", hexes=[h1], style={"color": "#123456", "weight": 2},
                          level="marker")
    assert len(b.map.layers) == n_layers + 1 and layer.pane == "hexrules-marker"
    assert "pane" in layer.options and layer.point_style["pane"] == "hexrules-marker"
    again = b.set_overlay("units", [b.point_feature(h2, {"color": "red"})], hexes=[h1, h2],
                          style={"color": "#123456"})
    assert again is layer and len(b.map.layers) == n_layers + 1
    styles = [f["properties"]["style"]["color"] for f in layer.data["features"]]
    assert styles == ["red", "#123456", "#123456"]  # a feature's own style wins
    b.clear_overlay("units")
    assert layer.data["features"] == [] and b.overlay_names() == ["units"]
    b.clear_overlay("nothing")  # no error
    with pytest.raises(ValueError, match="marker"):
        b.set_overlay("x", level="sky")
    assert set(b.map.panes) == {f"hexrules-{k}" for k in (*BASE_LEVELS, *OVERLAY_LEVELS)}


def _report_box(board: HexBoard, width: float, height: float, left: float = 1000.0,
                top: float = 2000.0) -> None:
    """What Leaflet sends when its box is ``width`` × ``height`` pixels (its pixel bounds).

    Like ipywidgets' ``set_state``: read-only traits set together, notifications held.
    """
    m = board.map
    with m.hold_trait_notifications():
        for name, value in (("left", left), ("top", top), ("right", left + width),
                            ("bottom", top + height)):
            m.set_trait(name, value)


@pytest.mark.parametrize("box", [(940, 680), (666, 557), (1126, 934), (500, 900)])
def test_the_map_fills_its_box_and_refits_when_it_changes(training: HexMap,
                                                          box: tuple[int, int]) -> None:
    # the old board kept the zoom it was built with: 545 × 470 px of hexes in a 940 × 680 box
    b = HexBoard(training, height=None)
    _report_box(b, 300, 300)  # first a small box, then the real one (a resize)
    _report_box(b, *box)
    assert b.box_px == box
    w, h = b.geo.size_px(b.map.zoom)
    assert w <= box[0] and h <= box[1]
    assert max(w / box[0], h / box[1]) >= 0.9, (w, h, box)  # fills it, small margin
    assert b.map.center == pytest.approx(b.geo.view_to_fit(*box)[0])
    zoom = b.map.zoom
    _report_box(b, *box, left=5000, top=7000)  # the class pans: same size, no refit
    b.map.zoom = zoom + 1  # and zooms in
    _report_box(b, *box, left=9000, top=7000)
    assert b.map.zoom == zoom + 1


def test_a_board_without_height_fills_its_container(training: HexMap) -> None:
    b = HexBoard(training, height=None)
    assert b.map.layout.height is None and "hexrules-map-fill" in b.map._dom_classes
    assert HexBoard(training).map.layout.height == "600px"  # lesson 01's board


# -- the explorer --------------------------------------------------------------------------


def test_two_clicks_show_the_librarys_record(explorer: SightExplorer, training: HexMap) -> None:
    b = explorer.board
    _interact(b, "click", "4563MG")
    assert explorer.observer == training.parse("4563MG") and explorer.record is None
    assert "4563MG" in explorer.status.value and "target" in explorer.status.value
    empty_chart = explorer.chart.value
    _interact(b, "click", "4563IK")
    rec = line_of_sight(training, "4563MG", "4563IK")
    shown = explorer.record
    assert shown is not None
    assert (shown.visible, shown.case, shown.reason) == (rec.visible, rec.case, rec.reason)
    for text in (rec.verdict, CASE_LABELS[rec.case], ", ".join(rec.rules)):
        assert text in explorer.verdict.value
    assert explorer.verdict_text == f"{rec.verdict} — {CASE_LABELS[rec.case]}: {rec.reason}"
    assert explorer.chart.value[:8] == b"\x89PNG\r\n\x1a\n" and explorer.chart.value != empty_chart
    assert (explorer.observer_box.value, explorer.target_box.value) == ("4563MG", "4563IK")
    # a third click starts over with a new observer
    _interact(b, "click", "4563BB")
    assert explorer.observer == training.parse("4563BB") and explorer.target is None
    assert explorer.record is None and explorer.chart.value == empty_chart
    assert _features(b, "sight-line") == []


def test_overlays_draw_the_records_fields(explorer: SightExplorer, training: HexMap) -> None:
    rec = line_of_sight(training, "4563MG", "4563QM")  # runs along four hexsides
    assert rec.grazes
    explorer.select("4563MG", "4563QM")
    b = explorer.board
    assert [f["properties"]["name"] for f in _features(b, "sight-passed")] == [
        c.name for c in rec.passed]
    assert [f["properties"]["ruling"] for f in _features(b, "sight-grazes")
            if f["properties"]["part"] == "graze"] == [g.ruling for g in rec.grazes]
    points = _features(b, "sight-points")
    assert len(points) == len(rec.profile_steps) + len(rec.chart_points)
    chart = [p["properties"] for p in points if "clear" in p["properties"]]
    assert [(p["where"], p["clear"]) for p in chart] == [
        (p.where, p.clear) for p in rec.chart_points]
    line = [f for f in _features(b, "sight-line") if f["properties"]["part"] == "line"][0]
    assert line["properties"]["style"]["color"] == OVERLAY_STYLE[
        "visible" if rec.visible else "blocked"]
    assert [(f["properties"]["role"], f["properties"]["part"])
            for f in _features(b, "sight-ends")] == [
        ("observer", "casing"), ("observer", "ring"), ("target", "casing"), ("target", "ring")]


def test_passed_hexes_are_outlined_not_filled(explorer: SightExplorer) -> None:
    # a yellow fill washed out the forest and settlement symbols on the hexes that block
    explorer.select(*_case("demo_l3_blocked").pair)
    layer = explorer.board.overlays["sight-passed"]
    for f in layer.data["features"]:
        style = f["properties"]["style"]
        assert style["fill"] is False and style["fillOpacity"] == 0 and style["weight"] >= 2


def test_the_first_blocking_hex_and_point_are_marked(explorer: SightExplorer,
                                                     training: HexMap) -> None:
    case = _case("demo_l3_blocked")
    rec = explorer.select(*case.pair)
    first = rec.blocking_points[0]
    feats = _features(explorer.board, "sight-block")
    hex_mark = [f for f in feats if f["properties"].get("part") == "hex"]
    dot = [f for f in feats if f["properties"].get("part") == "point"]
    assert [f["properties"]["name"] for f in hex_mark] == [first.where]
    assert dot and dot[0]["properties"]["where"] == first.where
    style = dot[0]["properties"]["style"]
    # not red on the red line: a yellow ring on black, drawn above the line, hollow so the
    # settlement or forest symbol it falls on stays visible
    assert style["color"] == OVERLAY_STYLE["block_marker"] != OVERLAY_STYLE["blocked"]
    assert style["fill"] is False
    assert OVERLAY_LEVELS["marker"] > OVERLAY_LEVELS["line"]
    parts = {f["properties"]["part"]: f for f in _features(explorer.board, "sight-line")}
    assert parts["beyond"]["properties"]["style"]["dashArray"]  # dashed past the block
    # the target's ring shows on dark ground too: a white casing under a dark dashed ring
    ends = {(f["properties"]["role"], f["properties"]["part"]): f["properties"]["style"]
            for f in _features(explorer.board, "sight-ends")}
    assert ends[("target", "casing")]["color"] == "#ffffff"
    assert ends[("target", "casing")]["weight"] > ends[("target", "ring")]["weight"]
    assert first.where in explorer.why.value and "hexrules-why-block" in explorer.why.value


def test_grazed_hexsides_are_drawn_above_the_sight_line() -> None:
    assert OVERLAY_LEVELS["graze"] > OVERLAY_LEVELS["line"]


def test_the_hexside_pair_is_decided_by_its_graze_and_says_so(explorer: SightExplorer,
                                                              training: HexMap) -> None:
    case = _case("demo_hexside")
    explorer_ = SightExplorer(training, prepared={case.title: case.pair},
                              notes={case.title: case.shows})
    rec = explorer_.select_prepared(case.title)
    assert rec.visible
    deciding = [g for g in rec.grazes if g.height is not None and len(set(g.heights)) == 2
                and max(g.heights) > rec.lower_level >= g.height]
    assert deciding, "the hexside pair is not decided by a hexside"
    g = deciding[0]
    text = explorer_.verdict.value
    assert "格边" in text and f"{g.names[0]} | {g.names[1]}" in text
    assert html.escape(case.shows) in text  # what the pair shows, with its verdict
    assert f"min{g.heights} = {g.height}" in text
    assert g.ruling in explorer_.why.value


def test_why_panel_lists_every_passed_hex(explorer: SightExplorer, training: HexMap) -> None:
    rec = explorer.select("4563MG", "4563SO")
    assert rec is not None
    for c in rec.passed:
        assert c.name in explorer.why.value
        assert c.terrain.label in explorer.why.value
    assert "height for sight" in explorer.why.value


def test_chart_redraws_for_each_pair(explorer: SightExplorer) -> None:
    explorer.select("4563MG", "4563IK")
    first = explorer.chart.value
    explorer.select("4563MG", "4563SO")
    assert explorer.chart.value != first
    explorer.select("4563MG", "4563IK")
    assert explorer.chart.value == first  # same record, same picture (cached)


def test_typed_names_select_and_bad_names_explain(explorer: SightExplorer,
                                                  training: HexMap) -> None:
    explorer.target_box.value = "4563IK"  # no observer yet
    assert "observer first" in explorer.status.value and explorer.record is None
    explorer.observer_box.value = "4563mg"
    assert explorer.observer == training.parse("4563MG")
    explorer.target_box.value = "4563IK"
    assert explorer.record is not None and explorer.target == training.parse("4563IK")
    explorer.target_box.value = "4563ZZ"
    assert "Not a hex" in explorer.status.value and "4563ZZ" in explorer.status.value
    assert explorer.target == training.parse("4563IK")  # nothing changed
    explorer.target_box.value = "4599AA"  # well-formed but off the map
    assert "off the map" in explorer.status.value


def test_viewshed_toggle_shades_what_the_observer_cannot_see(
    explorer: SightExplorer, training: HexMap
) -> None:
    explorer.select("4563MG")
    explorer.viewshed_toggle.value = True
    seen = viewshed(training, training.parse("4563MG"))
    shaded = {f["properties"]["name"] for f in _features(explorer.board, "viewshed")}
    hidden = {training.name_of(h) for h in training.hexes()
              if not seen[h.to_offset()[1], h.to_offset()[0]]}
    assert shaded == hidden and 0 < len(hidden) < int(np.prod(seen.shape))
    # a colour of its own (not black over the brown shading), a legend entry, a clear state
    style = explorer.board.overlays["viewshed"].data["features"][0]["properties"]["style"]
    assert style["fillColor"] == OVERLAY_STYLE["viewshed"] != "#000000"
    assert "viewshed 视域" in explorer.board.legend.value
    assert explorer.viewshed_toggle.button_style == "info"
    assert explorer.viewshed_toggle.icon == "eye"
    explorer.select("4563BB", "4563BF")  # follows the observer
    seen = viewshed(training, training.parse("4563BB"))
    assert len(_features(explorer.board, "viewshed")) == int((~seen).sum())
    explorer.viewshed_toggle.value = False
    assert _features(explorer.board, "viewshed") == []
    assert "viewshed 视域" not in explorer.board.legend.value
    assert explorer.viewshed_toggle.button_style == "" and explorer.viewshed_toggle.icon == (
        "eye-slash")


def test_start_over_clears_everything(explorer: SightExplorer) -> None:
    explorer.select("4563MG", "4563IK")
    explorer.clear_button.click()
    assert explorer.record is None and explorer.observer is None
    assert explorer.observer_box.value == "" and explorer.why.value == ""
    assert all(not layer.data["features"] for layer in explorer.board.overlays.values())


def _case(case_id: str):
    return next(c for c in load_sight_cases("training") if c.id == case_id)


def _demo_pairs() -> dict[str, tuple[str, str]]:
    """The instructor demo's buttons: the prepared cases of maps/training.cases.json."""
    return {c.title: c.pair for c in load_sight_cases("training") if c.prepared}


def test_instructor_demo_reads_its_pairs_from_the_cases_file() -> None:
    # the pairs themselves are checked with the file (tests/test_sight_cases.py)
    text = DEMO.read_text(encoding="utf-8")
    assert "load_sight_cases(" in text and "prepared=PREPARED" in text
    assert not any(obs in text or tgt in text for obs, tgt in _demo_pairs().values()), (
        "the demo names a prepared pair by hand")


def test_the_prepared_pairs_menu_selects_its_pair(training: HexMap) -> None:
    pairs = _demo_pairs()
    ex = SightExplorer(training, prepared=pairs, large=True)
    assert "hexrules-large" in ex._dom_classes and ex.large_toggle.value
    assert ex.pairs in ex.controls.children and ex.pairs.value == ""
    for label, (obs, tgt) in pairs.items():
        ex.pairs.value = label
        assert (ex.observer_box.value, ex.target_box.value) == (obs, tgt)
        assert ex.record is not None and ex.pairs.value == label
        assert ex.record.case in label or "Hexside" in label
    _interact(ex.board, "click", "4563BB")  # a click starts over: no prepared pair shown
    assert ex.pairs.value == "" and ex.observer == training.parse("4563BB")
    assert SightExplorer(training).pairs not in SightExplorer(training).controls.children


# -- the explorer on a projector --------------------------------------------------------------


def test_every_control_is_as_wide_as_its_label(explorer: SightExplorer) -> None:
    # ipywidgets gives a button 148 px: "Start over 重新开始" etc. need 166-207 px
    ex = SightExplorer(HexMap.load("training"), prepared=_demo_pairs())
    buttons = [ex.clear_button, ex.viewshed_toggle, ex.basemap_toggle, ex.large_toggle,
               ex.pairs]
    assert all(b.layout.width == "auto" for b in buttons)
    for box in (ex.observer_box, ex.target_box):  # the label and a whole name, side by side
        assert box.layout.width == "auto" and box.style.description_width == "initial"
        assert "hexrules-name-box" in box._dom_classes
    assert "观察单位" in ex.observer_box.description  # the rulebook's word, not 观察者
    css = stylesheet()
    assert ".hexrules-explorer .widget-button" in css and "white-space: nowrap" in css


def test_large_mode_is_a_toggle_that_scales_the_chart(explorer: SightExplorer) -> None:
    explorer.select("4563MG", "4563QM")
    small = explorer.chart.value
    assert _png_size(small) == CHART_SIZES[False][:2]
    assert (explorer.chart.width, explorer.chart.height) == tuple(
        map(str, CHART_SIZES[False][:2]))  # shown at its own size: never stretched
    radius = [f["properties"]["style"]["radius"] for f in _features(explorer.board,
                                                                     "sight-points")]
    explorer.large_toggle.value = True
    assert explorer.large and "hexrules-large" in explorer._dom_classes
    big = explorer.chart.value
    assert _png_size(big) == CHART_SIZES[True][:2] and big != small
    assert explorer.side.layout.width == f"{CHART_SIZES[True][0] + 8}px"
    assert explorer.large_toggle.button_style == "info"
    bigger = [f["properties"]["style"]["radius"] for f in _features(explorer.board,
                                                                     "sight-points")]
    assert all(b > r for b, r in zip(bigger, radius, strict=True))
    css = stylesheet()
    for part in (".hexrules-large input", ".hexrules-large .leaflet-container",
                 ".hexrules-large .hexrules-legend"):
        assert part in css  # the inputs, the board's labels and the legend grow too
    explorer.large_toggle.value = False
    assert explorer.chart.value == small and "hexrules-large" not in explorer._dom_classes


def test_the_chart_grows_with_a_wide_screen_and_keeps_the_verdict_above(
    explorer: SightExplorer,
) -> None:
    explorer.select("4563MG", "4563QM")
    _report_box(explorer.board, 666, 557)  # 1280 × 720: the smallest chart
    assert _png_size(explorer.chart.value) == CHART_SIZES[False][:2]
    _report_box(explorer.board, 1306, 934)  # 1920 × 1080 with the small chart beside it
    w, h = _png_size(explorer.chart.value)
    assert w > CHART_SIZES[False][0] and explorer.side.layout.width == f"{w + 8}px"
    assert h <= 934 + 90 - 215  # room for the verdict above it
    # the board's box then shrinks by what the chart took: the same screen, no change
    _report_box(explorer.board, 1306 - (w - CHART_SIZES[False][0]), 934)
    assert _png_size(explorer.chart.value) == (w, h)


def test_the_why_panel_is_the_rulebooks_and_never_wraps_a_row(explorer: SightExplorer) -> None:
    explorer.select("4563MG", "4563SO")
    assert "判定依据" in explorer.why.value and "为什么" not in explorer.why.value
    assert "途经格" in explorer.why.value and "Open 开阔地" in explorer.why.value
    css = stylesheet()
    assert ".hexrules-why td, .hexrules-why th" in css
    rule = css[css.index(".hexrules-why td, .hexrules-why th"):]
    assert "white-space: nowrap" in rule[:rule.index("}")]
    # and it is not a scroll box of its own: it scrolls with the side panel
    why = css[css.index(".hexrules-side > .hexrules-why"):]
    assert "overflow: visible" in why[:why.index("}")]


def test_the_verdict_explains_the_range_and_the_charts_distance(explorer: SightExplorer) -> None:
    rec = explorer.select("4563MG", "4563QM")  # 8 hexes, 6.93 hex widths along the line
    assert rec.distance == 8 and f"{rec.length:.2f}" == "6.93"
    text = explorer.verdict.value
    assert "8 hexes" in text and "6.93" in text and "M-1" in text


def test_every_widget_brings_the_stylesheet_with_the_cjk_font(training: HexMap) -> None:
    ex = SightExplorer(training)
    assert ex.children[0] is style_widget() is ex.board.children[0]  # one copy per kernel
    assert "@font-face" in style_widget().value and '"hexrules CJK"' in style_widget().value
    style_widget().close()  # closed (e.g. Widget.close_all()): the next widget gets a new one
    assert style_widget().comm is not None


# -- the CJK web font -------------------------------------------------------------------------


def _font_script():
    """scripts/make_cjk_font.py as a module (scripts/ is not a package)."""
    return load_module("make_cjk_font")


def test_the_web_font_has_every_chinese_character_the_project_shows() -> None:
    import base64
    import io
    import re

    from fontTools.ttLib import TTFont  # fonttools[woff] (the dev extra) reads WOFF2

    script = _font_script()
    css = script.OUTPUT.read_text(encoding="utf-8")
    data = re.search(r'url\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\)', css)
    assert data, "widgets/cjk_font.css has no embedded WOFF2 font"
    woff2 = base64.b64decode(data.group(1))
    font = TTFont(io.BytesIO(woff2))
    cmap = font.getBestCmap()
    needed = script.cjk_characters()
    missing = sorted(c for c in needed if ord(c) not in cmap)
    assert not missing, (
        f"{len(missing)} Chinese character(s) used in hexrules/, widgets/, lessons/ or maps/ "
        f"are not in the widgets' web font and would show as boxes: {''.join(missing)}; "
        "rerun python scripts/make_cjk_font.py")
    assert f"unicode-range: {script.unicode_ranges(needed)};" in css, (
        "the font's unicode-range is stale: rerun python scripts/make_cjk_font.py")
    assert 10_000 < len(woff2) < 400_000, len(woff2)  # small: tens of KB, not megabytes
    names = {r.nameID: r.toUnicode() for r in font["name"].names}
    assert "Open Font License" in names[13] and "Adobe" in names[0]  # OFL notices kept
    assert (Path(__file__).resolve().parents[1] / "widgets" / "fonts" / "OFL.txt").is_file()


def test_the_widgets_speak_the_rulebooks_words(training: HexMap) -> None:
    # 观察单位 (not 观察者), 途经格 (not 经过), 判定依据 (not 为什么), 当前格 (not 指针), the
    # chart's 判定直线 (not 观测线, easily taken for 观察线) and 高程变化值 (not 高程差)
    ex = SightExplorer(training, prepared=_demo_pairs())
    ex.viewshed_toggle.value = True
    ex.select("4563MG", "4563QM")
    shown = " ".join([ex.observer_box.description, ex.target_box.description, ex.status.value,
                      ex.verdict.value, ex.why.value, ex.chart_caption.value,
                      ex.board.hover.value, ex.board.legend.value,
                      *(w.description for w in (ex.clear_button, ex.viewshed_toggle,
                                                ex.basemap_toggle, ex.large_toggle)),
                      *(label for label, _ in ex.pairs.options)])
    for wrong in ("观察者", "经过", "为什么", "指针", "观测线", "高程差"):
        assert wrong not in shown, wrong
    for right in ("观察单位", "途经格", "判定依据", "当前格", "判定直线", "高程着色", "高程等级"):
        assert right in shown, right
    from hexrules.render.chart import CHART_LINE_LABEL, CHART_X_LABEL, CHART_Y_LABEL

    assert "判定直线" in CHART_LINE_LABEL and "高程变化值" in CHART_Y_LABEL
    assert "观察线" in CHART_X_LABEL
