"""The map editor's rules (hexrules.map.edit): edits checked by the map-file loader's own rules.

Every refusal names the edit, what is wrong and the rule, and changes nothing; the editor can
never produce a map file the loader rejects (a hypothesis property test of random edit
sequences); edits and histories are values that round-trip through JSON; the sight caches
never serve an edited map's predecessor.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexrules import HexMap, line_of_sight
from hexrules.errors import MapEditError, MapFormatError, RulesTypeError
from hexrules.map.edit import (
    MapEditor,
    PaintTerrain,
    RaiseLevel,
    SetLevel,
    ToggleRiver,
    ToggleRoad,
    apply_edit,
    can_edit,
    replay,
    verify_edit,
)
from hexrules.map.hexgrid import Hex
from hexrules.map.mapfile import MAX_LEVEL, parse_map
from hexrules.map.terrain import Terrain
from hexrules.records import decode, encode, record_from_dict
from hexrules.sight.fast import visible

H = Hex.from_offset  # (col, row): the tests think in offset columns and rows


def _small() -> HexMap:
    """A 5 × 4 map with a road, a river and a hill."""
    m = HexMap.flat(5, 4, name="small")
    ed = MapEditor(m)
    for e in (ToggleRoad(H(0, 1), H(1, 1)), ToggleRoad(H(1, 1), H(2, 1)),
              ToggleRiver(H(2, 0), H(3, 0)), SetLevel(H(3, 2), 2)):
        ed.apply(e)
    return ed.hexmap


def _same(a: HexMap, b: HexMap) -> bool:
    return a.to_dict() == b.to_dict()


def test_M4_raise_and_lower_a_level() -> None:
    ed = MapEditor(_small())
    h = H(1, 2)
    rec = ed.apply(RaiseLevel(h))
    assert ed.hexmap.elevation_at(h) == 1 and rec.rules == ("M-4",)
    ed.apply(RaiseLevel(h, -1))
    assert ed.hexmap.elevation_at(h) == 0
    ed.apply(SetLevel(h, MAX_LEVEL))
    assert ed.hexmap.elevation_at(h) == MAX_LEVEL


@pytest.mark.parametrize(("edit", "words"), [
    (RaiseLevel(H(0, 0), -1), "level 高程等级 -1 is below 0 (M-4)"),
    (SetLevel(H(0, 0), MAX_LEVEL + 1), "is above 32000, the highest level a map holds (M-4)"),
])
def test_M4_a_level_outside_the_format_is_refused_and_changes_nothing(edit, words) -> None:
    ed = MapEditor(_small())
    before = ed.hexmap
    with pytest.raises(MapEditError, match=re.escape(words)) as info:
        ed.apply(edit)
    assert info.value.rule == "M-4" and info.value.edit == edit
    assert repr(edit) in str(info.value) and "4563AA" in str(info.value)
    assert ed.hexmap is before and ed.edits == ()
    assert not can_edit(before, edit)


def test_M4_the_loader_and_the_editor_share_the_level_check() -> None:
    d = _small().to_dict()
    d["elevation"][0][0] = MAX_LEVEL + 1
    with pytest.raises(MapFormatError, match=r"elevation\[0\]\[0\]: 32001 is above 32000"):
        HexMap.from_dict(d, source="m.json")


def test_M5_paint_each_terrain() -> None:
    ed = MapEditor(_small())
    h = H(2, 3)
    for t in (Terrain.FOREST, Terrain.CITY, Terrain.WATER, Terrain.OPEN):
        rec = ed.apply(PaintTerrain(h, t.name.lower()))
        assert ed.hexmap.terrain_at(h) is t and rec.rules == ("M-5",)
    assert len(ed.edits) == 4


def test_M5_painting_the_same_terrain_changes_nothing_and_is_not_kept() -> None:
    ed = MapEditor(_small())
    rec = ed.apply(PaintTerrain(H(2, 3), "open"))
    assert not rec.changed and ed.edits == () and not ed.can_undo


def test_V1_water_over_a_road_is_refused_naming_the_links() -> None:
    """[project ruling] water over a road: refused, naming every road link to remove first."""
    m = _small()
    with pytest.raises(MapEditError) as info:
        apply_edit(m, PaintTerrain(H(1, 1), "W"))
    text = str(info.value)
    a, b, c = (m.name_of(h) for h in (H(0, 1), H(1, 1), H(2, 1)))
    assert f"{a}–{b}" in text and f"{b}–{c}" in text and "remove them first" in text
    assert "V-1" in text and info.value.rule == "V-1"
    # after removing both links the water goes in
    m2 = replay(m, [ToggleRoad(H(0, 1), H(1, 1)), ToggleRoad(H(1, 1), H(2, 1)),
                    PaintTerrain(H(1, 1), "water")])
    assert m2.terrain_at(H(1, 1)) is Terrain.WATER and not m2.roads


def test_V1_a_road_into_water_is_refused() -> None:
    m = apply_edit(_small(), PaintTerrain(H(4, 3), "water"))
    with pytest.raises(MapEditError, match=r"a road links into water hex \[col 4, row 3\] \(V-1"):
        verify_edit(m, ToggleRoad(H(4, 3), H(3, 3)))


def test_M6_toggle_a_river_on_a_hexside() -> None:
    ed = MapEditor(_small())
    e = ToggleRiver(H(1, 0), H(1, 1))
    ed.apply(e)
    assert ed.hexmap.has_river(H(1, 1), H(1, 0))
    ed.apply(e)
    assert not ed.hexmap.has_river(H(1, 1), H(1, 0))


def test_M6_a_river_on_two_hexes_that_share_no_hexside_is_refused() -> None:
    with pytest.raises(MapEditError, match="are not adjacent .*hexside 格边.*M-6") as info:
        apply_edit(_small(), ToggleRiver(H(0, 0), H(2, 0)))
    assert info.value.rule == "M-6"


def test_M7_toggle_a_road_and_refuse_one_between_distant_hexes() -> None:
    m = apply_edit(_small(), ToggleRoad(H(2, 1), H(3, 1)))
    assert m.has_road(H(3, 1), H(2, 1))
    assert not apply_edit(m, ToggleRoad(H(3, 1), H(2, 1))).has_road(H(3, 1), H(2, 1))
    with pytest.raises(MapEditError, match="not adjacent .*M-7"):
        apply_edit(m, ToggleRoad(H(0, 0), H(0, 2)))


def test_M1_an_off_map_hex_is_refused() -> None:
    m = _small()
    for edit in (RaiseLevel(H(9, 0)), PaintTerrain(H(0, 7), "forest"),
                 ToggleRiver(H(4, 0), H(5, 0))):
        with pytest.raises(MapEditError, match="is off the map 'small'") as info:
            apply_edit(m, edit)
        assert info.value.rule == "M-1"


def test_edits_of_the_wrong_type_are_refused_at_once() -> None:
    with pytest.raises(RulesTypeError, match="SetLevel needs a Hex"):
        SetLevel((0, 0), 1)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="level must be an integer"):
        SetLevel(H(0, 0), 1.5)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="not a map edit"):
        apply_edit(_small(), "forest")  # type: ignore[arg-type]


def test_undo_and_redo() -> None:
    start = _small()
    ed = MapEditor(start)
    edits = [RaiseLevel(H(0, 0)), PaintTerrain(H(1, 0), "F"), ToggleRiver(H(0, 0),
                                                                             H(1, 0))]
    maps = []
    for e in edits:
        ed.apply(e)
        maps.append(ed.hexmap)
    assert ed.undo().edit == edits[-1] and ed.hexmap is maps[1]
    assert ed.redo().edit == edits[-1] and ed.hexmap is maps[2]
    for _ in edits:
        ed.undo()
    assert ed.hexmap is start and not ed.can_undo
    with pytest.raises(MapEditError, match="nothing to undo"):
        ed.undo()
    ed.redo()
    ed.apply(RaiseLevel(H(4, 3)))  # a new edit forgets what was undone
    assert not ed.can_redo
    with pytest.raises(MapEditError, match="nothing to redo"):
        ed.redo()


def test_records_and_histories_are_values() -> None:
    ed = MapEditor(_small())
    recs = [ed.apply(e) for e in (PaintTerrain(H(1, 0), "forest"), RaiseLevel(H(0, 0), 3))]
    for r in recs:
        assert record_from_dict(json.loads(json.dumps(r.to_dict()))) == r
        assert "<table>" in r._repr_html_()
    assert str(recs[0]).startswith("[M-5] Terrain 地形 of ")
    for e in ed.edits:
        assert decode(json.loads(json.dumps(encode(e)))) == e
        assert eval(repr(e)) == e  # noqa: S307 - the repr evaluates back to the edit
    data = json.loads(json.dumps(ed.to_dict()))
    back = MapEditor.from_dict(data, _small())
    assert back.edits == ed.edits and _same(back.hexmap, ed.hexmap)


def test_a_history_for_another_map_or_with_a_bad_edit_is_refused() -> None:
    ed = MapEditor(_small())
    ed.apply(RaiseLevel(H(0, 0)))
    data = ed.to_dict()
    with pytest.raises(MapEditError, match="map: .*is a different map"):
        MapEditor.from_dict(data, HexMap.flat(5, 4, name="other"))
    data["edits"].append(encode(RaiseLevel(H(0, 0), -5)))
    with pytest.raises(MapEditError, match=r"edits\[1\]: RaiseLevel\(Hex\(0, 0\), -5\)"):
        MapEditor.from_dict(data, _small())


def test_an_unloadable_start_map_cannot_be_edited() -> None:
    with pytest.raises(MapEditError, match="name: expected a non-empty string"):
        MapEditor(HexMap.flat(3, 2, name=""))


def test_save_round_trips_through_the_loader(tmp_path: Path) -> None:
    m = HexMap.load("training")
    ed = MapEditor(m)
    for e in (PaintTerrain(m.parse("4563BD"), "forest"), RaiseLevel(m.parse("4563CC")),
              ToggleRiver(m.parse("4563DD"), m.parse("4563DE"))):
        ed.apply(e)
    back = ed.save(tmp_path / "what_if.json", name="Training ground, a wood 训练场")
    again = HexMap.load(tmp_path / "what_if.json")
    assert _same(back, again)
    d, e = again.to_dict(), ed.hexmap.to_dict()
    assert d.pop("name") == "Training ground, a wood 训练场" and e.pop("name") == m.name
    assert d == e
    with pytest.raises(MapFormatError, match="name: expected a non-empty string"):
        ed.save(tmp_path / "bad.json", name="  ")
    assert not (tmp_path / "bad.json").exists()


def test_L2_an_edited_map_never_gets_a_stale_sight_answer() -> None:
    """The fast path caches per map value; an edit makes a new value, so no stale answer."""
    m = HexMap.load("training")
    a, b, mid = m.parse("4563BB"), m.parse("4563BF"), m.parse("4563BD")
    assert visible(m, a, b) and line_of_sight(m, a, b).visible
    m2 = apply_edit(m, PaintTerrain(mid, "forest"))
    assert not visible(m2, a, b) and not line_of_sight(m2, a, b).visible
    assert visible(m, a, b)  # the old map's cache is the old map's
    m3 = apply_edit(m2, PaintTerrain(mid, "open"))
    assert visible(m3, a, b)
    assert m3.effective_heights[mid.to_offset()[::-1]] == m.effective_heights[
        mid.to_offset()[::-1]]


# -- the property: no sequence of edits gives a file the loader rejects ---------------------
_COLS, _ROWS = 5, 4
_hexes = st.builds(H, st.integers(-1, _COLS), st.integers(-1, _ROWS))
_edits = st.one_of(
    st.builds(SetLevel, _hexes, st.integers(-2, MAX_LEVEL + 2)),
    st.builds(RaiseLevel, _hexes, st.sampled_from([1, -1, 5, -5])),
    st.builds(PaintTerrain, _hexes, st.sampled_from(list(Terrain))),
    st.builds(ToggleRiver, _hexes, _hexes),
    st.builds(ToggleRoad, _hexes, _hexes),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_edits, max_size=25))
def test_random_edit_sequences_never_make_a_file_the_loader_rejects(edits) -> None:
    start = _small()
    ed = MapEditor(start)
    for e in edits:
        before = ed.hexmap
        try:
            ed.apply(e)
        except MapEditError as exc:
            assert ed.hexmap is before and exc.rule and exc.edit == e  # nothing changed
        parse_map(ed.hexmap.to_dict(), "edited")  # the loader's own check never fails
    m = ed.hexmap
    again = HexMap.from_dict(json.loads(json.dumps(m.to_dict())))
    assert _same(again, m)
    assert _same(replay(start, ed.edits), m)
    for r in m.roads:
        assert all(m.terrain_at(h) is not Terrain.WATER for h in r)
    assert np.array_equal(again.elevation, m.elevation)
