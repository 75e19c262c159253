"""The scenario editor widget (widgets/scenario_editor.py), from Python: tools, the side panel,
refusals, open, save, play."""

from __future__ import annotations

import json
from pathlib import Path

from hexrules_widgets.scenario_editor import NEW, TOOLS, ScenarioEditorPanel

from hexrules.game import Scenario
from hexrules.map.terrain import Terrain


def test_tools_place_move_zone_objective_erase(tmp_path: Path) -> None:
    p = ScenarioEditorPanel("duel", save_dir=tmp_path)
    assert set(TOOLS) == {"unit", "move", "zone", "objective", "erase"}
    p.tools.value = "unit"
    p.side_pick.value = "blue"
    p.click("4563RP")
    assert [u.id for u in p.scenario.side("blue").units] == ["B1", "B2"]
    assert len(p.counters.counters) == 3
    p.tools.value = "move"
    p.click("4563RP")
    assert "sced-pick" in p.board.overlay_names()
    p.click("4563RQ")
    assert p.scenario.units()["B2"].hex == p.board.hexmap.parse("4563RQ")
    p.tools.value = "zone"
    p.side_pick.value = "red"
    p.click("4563NE")
    assert p.scenario.setup_zones[0].hexes == ("4563NE",)
    assert len(p.board.overlays["sced-zone-red"].data["features"]) == 1
    p.tools.value = "objective"
    p.points_box.value = 4
    p.click("4563OJ")
    o = p.scenario.objectives[-1]
    assert (o.kind, o.hex, o.points) == ("hold", "4563OJ", 4)
    p.points_box.value = 5
    p.click("4563OJ")  # again: the points are updated, no second objective
    assert [x.points for x in p.scenario.objectives if x.hex == "4563OJ"] == [5]
    assert len(p.board.overlays["sced-objectives"].data["features"]) == 2
    p.tools.value = "erase"
    p.click("4563OJ")
    assert all(x.hex != "4563OJ" for x in p.scenario.objectives)
    p.click("4563RQ")
    assert [u.id for u in p.scenario.side("blue").units] == ["B1"]
    p.click("4563NE")  # the red unit goes first… then the zone would be next
    assert "last red unit" in p.status.value and p.error is not None
    p.click("4563AA")
    assert "Nothing to erase" in p.status.value


def test_refusals_name_the_rule_and_change_nothing() -> None:
    p = ScenarioEditorPanel("duel")
    before = p.scenario
    p.tools.value = "unit"
    p.click("4563RO")  # blue's hex
    assert p.error is not None and p.error.rule == "V-10" and p.scenario is before
    assert "Not allowed" in p.status.value and "V-10" in p.status.value
    m = p.board.hexmap
    water = next(h for h in m if m.terrain_at(h) is Terrain.WATER)
    p.click(water)
    assert p.error.rule == "V-1" and p.scenario is before


def test_side_panel_sets_options_and_a_refused_value_goes_back() -> None:
    p = ScenarioEditorPanel("duel")
    p.turns_box.value = 9
    p.cards_box.value = False
    p.paper_box.value = True
    p.fog_box.value = False
    p.seed_box.value = "42"
    p.lead_box.value = 2
    s = p.scenario
    assert (s.turns, s.cards, s.paper_table, s.fog_of_war, s.seed, s.victory.min_lead) == (
        9, False, True, False, 42, 2)
    p.turns_box.value = 0
    assert p.scenario.turns == 9 and p.turns_box.value == 9 and "T-1" in p.status.value
    p.seed_box.value = "x"
    assert p.scenario.seed == 42 and "Not allowed" in p.status.value
    p.seed_box.value = ""
    assert p.scenario.seed is None
    p.name_en.value = "Saddle again"
    assert p.scenario.name.en == "Saddle again"
    p.name_zh.value = "x"  # not Chinese: refused, back to the old name
    assert p.name_zh.value == "鞍部对决"
    p.destroy_box.value = 4
    p.destroy_objective()
    assert p.scenario.objective("tanks").points == 4  # the duel's own "destroy enemy" one
    p.undo()
    assert p.scenario.objective("tanks").points == 3 and not p.redo_button.disabled
    p.redo()
    assert p.scenario.objective("tanks").points == 4


def test_open_every_shipped_scenario_and_a_new_one() -> None:
    p = ScenarioEditorPanel(NEW)
    assert p.scenario.name.en == "New scenario"
    for name in Scenario.available():
        p.open_pick.value = name
        p.open_button.click()
        assert p.scenario == Scenario.load(name)
        assert len(p.counters.counters) >= 2
    p.open_scenario("/no/such/file.json")
    assert "Not opened" in p.status.value and p.scenario == Scenario.load("village")


def test_save_writes_a_file_the_loader_reads(tmp_path: Path) -> None:
    p = ScenarioEditorPanel(NEW, save_dir=tmp_path)
    p.tools.value = "unit"
    p.click("4563NF")
    p.file_box.value = "drill"
    p.save_button.click()
    back = Scenario.load(tmp_path / "drill.json")
    assert back == p.scenario and p.saved == back
    assert json.loads((tmp_path / "drill.json").read_text("utf-8"))["format"] == \
        "hexrules-scenario"
    p.file_box.value = "../x.json"
    assert p.save() is None and "Not saved" in p.status.value


def test_play_opens_the_player_on_the_saved_file_and_back(tmp_path: Path) -> None:
    p = ScenarioEditorPanel("duel", save_dir=tmp_path, file_name="mine.json")
    p.turns_box.value = 3
    player = p.play()
    assert player is p.player and player in p.children[2].children
    game = player.controller.game
    assert game.state.turns == 3 and game.state.scenario == str(tmp_path / "mine.json")
    assert player.scenario_pick.value == str(tmp_path / "mine.json")
    player.press("Pass")  # the game goes on
    assert game.state.phase.value == "movement"
    player.new_button.click()  # New game 新局 replays the saved file
    assert player.controller.game.state.turns == 3
    p.back()
    assert p.children[2] is p.editor_view


def test_captions_follow_the_language_setting() -> None:
    from hexrules.language import using

    with using("zh"):
        p = ScenarioEditorPanel("duel")
        assert p.play_button.description == "推演此想定"
        assert [t for t, _ in p.tools.options][:2] == ["兵力单位算子", "移动"]
    with using("en"):
        assert ScenarioEditorPanel("duel").save_button.description == "Save"
