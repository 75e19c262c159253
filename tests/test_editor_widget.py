"""The map editor on the board (widgets/editor.py), Python side (no browser).

Pick a tool, click the board (``board.click`` as a Leaflet click does), press the buttons, and
assert what the widgets show; every expected value comes from the library (``line_of_sight``,
``hexrules.map.edit``): the panel decides nothing.
"""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

pytest.importorskip("ipyleaflet")

from hexrules_widgets import HexBoard, SightExplorer  # noqa: E402
from hexrules_widgets.editor import TOOLS, MapEditorPanel  # noqa: E402

from hexrules import HexMap, line_of_sight  # noqa: E402
from hexrules.map.edit import PaintTerrain, RaiseLevel, ToggleRiver, ToggleRoad  # noqa: E402
from hexrules.map.terrain import Terrain  # noqa: E402

OBSERVER, TARGET, BETWEEN = "4563BB", "4563BF", "4563BD"  # L-3 clear, open ground between


@pytest.fixture
def panel(training: HexMap, tmp_path: Path) -> MapEditorPanel:
    p = MapEditorPanel(SightExplorer(training), save_dir=tmp_path)
    p.view.select(OBSERVER, TARGET)
    return p


def _features(layer) -> int:
    return len(layer.data["features"])


def test_the_editors_examples_run() -> None:
    result = doctest.testmod(importlib.import_module("hexrules_widgets.editor"),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed


def test_M5_paint_a_forest_and_the_sight_line_changes_at_once(panel: MapEditorPanel) -> None:
    ex, m = panel.view, panel.view.hexmap
    assert ex.record.visible
    trees = _features(panel.board.terrain_layer)
    hexes_data = panel.board.base_layer.data
    panel.tools.value = "forest"
    panel.board.click(m.parse(BETWEEN))
    edited = panel.editor.hexmap
    assert edited.terrain_at(edited.parse(BETWEEN)) is Terrain.FOREST
    assert ex.hexmap is edited and panel.board.hexmap is edited
    expected = line_of_sight(edited, OBSERVER, TARGET)
    assert ex.record == expected and not expected.visible
    assert expected.verdict in ex.verdict.value
    assert _features(panel.board.terrain_layer) == trees + 3  # three tree crowns drawn
    assert panel.board.base_layer.data is hexes_data  # the 900 hexes were not sent again
    assert "✓ [M-5] Terrain 地形 of 4563BD: Open 开阔地 → Forest 丛林地" in panel.status.value
    assert not panel.undo_button.disabled and panel.redo_button.disabled


def test_a_paint_click_does_not_also_pick_sight_hexes(panel: MapEditorPanel) -> None:
    ex = panel.view
    panel.tools.value = "city"
    panel.board.click(ex.hexmap.parse("4563CC"))
    assert ex.observer == ex.hexmap.parse(OBSERVER) and ex.target == ex.hexmap.parse(TARGET)
    panel.tools.value = "sight"  # the clicks go back to the explorer
    panel.board.click(ex.hexmap.parse("4563CC"))
    assert ex.observer == ex.hexmap.parse("4563CC") and ex.target is None
    assert len(panel.editor.edits) == 1


def test_M4_raise_and_lower_redraw_the_shading(panel: MapEditorPanel) -> None:
    m = panel.view.hexmap
    h = m.parse("4563CD")
    old = panel.board.base_layer.data
    panel.tools.value = "raise"
    panel.board.click(h)
    panel.board.click(h)
    assert panel.editor.hexmap.elevation_at(h) == m.elevation_at(h) + 2
    assert panel.board.base_layer.data is not old
    feat = next(f for f in panel.board.base_layer.data["features"]
                if f["properties"]["name"] == "4563CD")
    assert feat["properties"]["level"] == m.elevation_at(h) + 2
    panel.tools.value = "lower"
    panel.board.click(h)
    assert panel.editor.hexmap.elevation_at(h) == m.elevation_at(h) + 1
    assert [type(e) for e in panel.editor.edits] == [RaiseLevel] * 3


def test_M4_a_level_below_0_is_refused_bilingually(panel: MapEditorPanel) -> None:
    m = panel.view.hexmap
    h = next(h for h in m.hexes() if m.elevation_at(h) == 0)
    panel.tools.value = "lower"
    panel.board.click(h)
    assert panel.editor.edits == () and panel.view.hexmap is m
    assert "Not allowed 不允许" in panel.status.value and "M-4" in panel.status.value
    assert "高程等级" in panel.status.value and panel.error.rule == "M-4"


def test_M6_a_river_takes_two_adjacent_clicks(panel: MapEditorPanel) -> None:
    m = panel.view.hexmap
    a, b, far = m.parse("4563DD"), m.parse("4563DE"), m.parse("4563DH")
    panel.tools.value = "river"
    panel.board.click(a)
    assert _features(panel.board.overlays["editor-pick"]) == 1
    assert "now click an adjacent hex 相邻格" in panel.status.value
    panel.board.click(b)
    assert panel.editor.edits == (ToggleRiver(a, b),)
    assert panel.editor.hexmap.has_river(a, b) and not m.has_river(a, b)
    assert _features(panel.board.overlays["editor-pick"]) == 0
    panel.board.click(a)
    panel.board.click(far)  # not adjacent: refused, nothing changes
    assert len(panel.editor.edits) == 1 and panel.error.rule == "M-6"
    assert "格边" in panel.status.value
    panel.board.click(a)
    panel.board.click(a)  # the same hex twice cancels
    assert len(panel.editor.edits) == 1 and panel.error.rule == "M-6"


def test_V1_a_road_into_water_is_refused_and_changes_nothing(panel: MapEditorPanel) -> None:
    m = panel.view.hexmap
    land, water = m.parse("4563WE"), m.parse("4463AD")
    links = panel.board.water_layer.data
    panel.tools.value = "road"
    panel.board.click(land)
    panel.board.click(water)
    assert panel.editor.edits == () and panel.view.hexmap is m
    assert panel.board.water_layer.data is links
    assert "V-1" in panel.status.value and "Road 道路 · Water 面状水系" in panel.status.value
    assert "a road links into water hex" in panel.status.value
    # a road between two land hexes goes in, and is drawn
    panel.board.click(land)
    panel.board.click(m.parse("4563WF"))
    assert panel.editor.edits == (ToggleRoad(land, m.parse("4563WF")),)
    assert panel.board.water_layer.data is not links


def test_V1_water_over_a_road_names_the_road_links(panel: MapEditorPanel) -> None:
    panel.tools.value = "water"
    panel.board.click(panel.view.hexmap.parse("4563PB"))
    assert "4563PA–4563PB" in panel.status.value and "4563PB–4563PC" in panel.status.value
    assert "remove them first" in panel.status.value and panel.editor.edits == ()


def test_undo_redo_buttons_and_the_explorer_follows(panel: MapEditorPanel) -> None:
    ex = panel.view
    start = ex.hexmap
    panel.apply(PaintTerrain(start.parse(BETWEEN), "forest"))
    assert not ex.record.visible
    panel.undo_button.click()
    assert ex.hexmap is start and ex.record.visible
    assert "Undone 已撤销" in panel.status.value
    assert panel.undo_button.disabled and not panel.redo_button.disabled
    panel.redo_button.click()
    assert not ex.record.visible and "Redone 已重做" in panel.status.value
    panel.undo_button.click()
    panel.undo()  # nothing left: says so, changes nothing
    assert "nothing to undo" in panel.status.value and ex.hexmap is start


def test_save_writes_a_map_the_loader_reads_back(panel: MapEditorPanel, tmp_path: Path) -> None:
    m = panel.view.hexmap
    panel.apply(PaintTerrain(m.parse(BETWEEN), "forest"))
    panel.file_box.value = "wood"
    panel.save_button.click()
    path = tmp_path / "wood.json"
    assert "Saved 已保存" in panel.status.value and path.is_file()
    back = HexMap.load(path)
    assert back.to_dict() == panel.editor.hexmap.to_dict()
    panel.file_box.value = "../elsewhere.json"
    assert panel.save() is None and "Not saved 未保存" in panel.status.value
    panel.save_dir = tmp_path / "missing"
    assert panel.save("x.json") is None and "no folder" in panel.status.value


def test_the_panel_works_on_a_bare_board(training: HexMap) -> None:
    board = HexBoard(training)
    panel = MapEditorPanel(board)
    assert panel.tools.options[0][0] == "Off 关"
    panel.tools.value = "water"
    h = training.parse("4563CC")
    panel.board.click(h)
    assert board.hexmap.terrain_at(h) is Terrain.WATER
    with pytest.raises(ValueError, match="same size"):
        board.set_map(HexMap.flat(3, 3))


def test_every_tool_is_labelled_in_both_languages(panel: MapEditorPanel) -> None:
    labels = [text for text, _ in panel.tools.options]
    assert labels == [text for text, _ in TOOLS.values()]
    for text in [*labels, panel.undo_button.description, panel.redo_button.description,
                 panel.save_button.description, panel.file_box.description]:
        assert re.search(r"[A-Za-z]", text) and re.search(r"[\u4e00-\u9fff]", text), text
    assert "Forest 丛林地" in labels and "Settlement 居民地" in labels
    assert "River 河流（线状水系）" in labels and "Road 道路" in labels
