"""The board and the sight-line explorer, Python side (no browser).

Set traits or call the handlers (a map interaction with the coordinates Leaflet would send, a
button click, a typed name) and assert what the widgets show. Every expected value comes from
the library (``line_of_sight``, ``viewshed``, the map): the widgets decide nothing.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ipyleaflet")

from hexrules_widgets import OVERLAY_LEVELS, HexBoard, SightExplorer  # noqa: E402
from hexrules_widgets.geo import MapGeo, hex_at_metres  # noqa: E402

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
        assert f"Level 高程 {lv} · {lv * training.metres_per_level:g} m" in entries
    assert "Forest 丛林地" in board.legend.value and "50 m" in board.legend.value


def test_board_works_offline_without_a_tile_layer(board: HexBoard) -> None:
    assert not any(type(layer).__name__ == "TileLayer" for layer in board.map.layers)


def test_basemap_toggle_adds_tiles_and_lightens_the_hexes(training: HexMap) -> None:
    b = HexBoard(training, basemap=True)
    assert b.basemap_shown and b.map.layers[0] is b._basemap
    assert b.base_layer.data["features"][0]["properties"]["style"]["fillOpacity"] < 1
    b.show_basemap(False)
    assert not b.basemap_shown


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
    assert f"level 高程 {level} ({level * training.metres_per_level:g} m)" in b.hover.value
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
    assert "pane" in layer.options
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
    assert set(b.map.panes) == {f"hexrules-{k}" for k in OVERLAY_LEVELS}


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
    assert [f["properties"]["ruling"] for f in _features(b, "sight-grazes")] == [
        g.ruling for g in rec.grazes]
    points = _features(b, "sight-points")
    assert len(points) == len(rec.profile_steps) + len(rec.chart_points)
    chart = [p["properties"] for p in points if "clear" in p["properties"]]
    assert [(p["where"], p["clear"]) for p in chart] == [
        (p.where, p.clear) for p in rec.chart_points]
    line = _features(b, "sight-line")[0]
    assert line["properties"]["style"]["color"] == TERRAIN_COLOURS[
        "clear" if rec.visible else "blocked"]
    assert [f["properties"]["role"] for f in _features(b, "sight-ends")] == ["observer", "target"]


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
    explorer.select("4563BB", "4563BF")  # follows the observer
    seen = viewshed(training, training.parse("4563BB"))
    assert len(_features(explorer.board, "viewshed")) == int((~seen).sum())
    explorer.viewshed_toggle.value = False
    assert _features(explorer.board, "viewshed") == []


def test_start_over_clears_everything(explorer: SightExplorer) -> None:
    explorer.select("4563MG", "4563IK")
    explorer.clear_button.click()
    assert explorer.record is None and explorer.observer is None
    assert explorer.observer_box.value == "" and explorer.why.value == ""
    assert all(not layer.data["features"] for layer in explorer.board.overlays.values())


def _demo_pairs() -> dict[str, tuple[str, str]]:
    """The instructor demo's buttons: the prepared cases of maps/training.cases.json."""
    return {c.title: c.pair for c in load_sight_cases("training") if c.prepared}


def test_instructor_demo_reads_its_pairs_from_the_cases_file() -> None:
    # the pairs themselves are checked with the file (tests/test_sight_cases.py)
    text = DEMO.read_text(encoding="utf-8")
    assert "load_sight_cases(" in text and "prepared=PREPARED" in text
    assert not any(obs in text or tgt in text for obs, tgt in _demo_pairs().values()), (
        "the demo names a prepared pair by hand")


def test_prepared_pair_buttons_select_their_pair(training: HexMap) -> None:
    ex = SightExplorer(training, prepared=_demo_pairs(), large=True)
    assert "hexrules-large" in ex._dom_classes
    for button in ex.pair_buttons:
        button.click()
        obs, tgt = button.tooltip.split(" → ")
        assert (ex.observer_box.value, ex.target_box.value) == (obs, tgt)
        assert ex.record is not None
        assert ex.record.case in button.description or "Hexside" in button.description
