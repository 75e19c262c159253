"""M-4…M-7 and the map file format: loading, validation, round trip."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest

from hexrules import Hex, HexMap, MapFormatError, OffMapError, RulesError, Terrain


@pytest.fixture()
def data(training: HexMap) -> dict:
    return copy.deepcopy(training.to_dict())


def test_training_map_has_every_feature(training: HexMap) -> None:
    assert (training.cols, training.rows) == (30, 30)
    kinds = {training.terrain_at(h) for h in training.hexes()}
    assert kinds == set(Terrain)
    assert training.elevation.max() >= 4  # a hill
    assert training.rivers and training.roads
    # the road fords the river: a road link crosses a river hexside
    assert training.roads & training.rivers


def test_M4_elevation_levels_and_metres(training: HexMap) -> None:
    assert training.elevation.dtype.kind == "i" and training.elevation.min() >= 0
    assert training.metres_per_level == 10
    with pytest.raises(ValueError):
        training.elevation[0, 0] = 3  # read-only


def test_M5_terrain_labels_are_bilingual() -> None:
    assert Terrain.CITY.label == "Settlement 居民地"
    assert Terrain.FOREST.label == "Forest 丛林地"
    assert Terrain.WATER.label == "Water 面状水系"


def test_M6_rivers_are_on_hexsides(training: HexMap) -> None:
    for side in training.rivers:
        a, b = sorted(side)
        assert a.distance(b) == 1 and training.has_river(a, b) and training.has_river(b, a)


def test_M7_roads_link_adjacent_centres(training: HexMap) -> None:
    a, b = sorted(next(iter(training.roads)))
    assert training.has_road(a, b) and training.has_road(b, a)


def test_round_trip_through_file(training: HexMap, tmp_path: Path) -> None:
    p = tmp_path / "copy.json"
    training.save(p)
    again = HexMap.load(p)
    assert again.to_dict() == training.to_dict()
    assert np.array_equal(again.elevation, training.elevation)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(schema_version=2), "schema_version"),
        (lambda d: d.pop("elevation"), "elevation: missing"),
        (lambda d: d["elevation"][3].__setitem__(7, -1), r"elevation\[3\]\[7\]"),
        (lambda d: d["elevation"][3].__setitem__(7, 1.5), r"elevation\[3\]\[7\]"),
        (lambda d: d["elevation"].pop(), "elevation: expected 30 rows"),
        (lambda d: d["elevation"][2].pop(), r"elevation\[2\]: expected 30 levels"),
        (lambda d: d["terrain"].__setitem__(4, "X" * 30), r"terrain\[4\]\[0\]"),
        (lambda d: d["terrain"].__setitem__(4, "." * 29), r"terrain\[4\]"),
        (lambda d: d["rivers"].append([[0, 0], [5, 5]]), "not adjacent"),
        (lambda d: d["rivers"].append([[0, 0], [40, 0]]), "off the 30×30 map"),
        (lambda d: d["roads"].append([[3, 24], [4, 24]]), "V-1"),
        (lambda d: d["origin"].pop("epsg"), "origin.epsg"),
        (lambda d: d.update(colour="red"), "unknown key"),
        (lambda d: d.update(cols=0), "cols"),
    ],
)
def test_malformed_map_files_raise_naming_file_and_entry(
    data: dict, tmp_path: Path, mutate, message: str
) -> None:
    mutate(data)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(MapFormatError, match=message) as exc:
        HexMap.load(p)
    assert "bad.json" in str(exc.value)


def test_not_json_and_missing_file(tmp_path: Path) -> None:
    p = tmp_path / "broken.json"
    p.write_text("{not json", encoding="utf-8")
    with pytest.raises(MapFormatError, match="broken.json: not valid JSON"):
        HexMap.load(p)
    with pytest.raises(FileNotFoundError):
        HexMap.load(tmp_path / "nothing.json")


def test_off_map_access_raises(training: HexMap) -> None:
    with pytest.raises(OffMapError, match="off the map"):
        training.elevation_at(Hex.from_offset(30, 0))
    assert Hex.from_offset(30, 0) not in training


def test_L2_effective_height_array_matches(training: HexMap) -> None:
    for h in training.hexes():
        col, row = h.to_offset()
        assert training.effective_heights[row, col] == training.effective_height(h)


def test_M6_M7_links_need_adjacent_hexes(training: HexMap) -> None:
    from hexrules import CoordinateError

    with pytest.raises(CoordinateError, match="M-6, M-7"):
        training.has_river(Hex(0, 0), Hex(2, 0))
    with pytest.raises(CoordinateError, match="not adjacent"):
        training.has_road(Hex(0, 0), Hex(0, 0))


# -- error paths: each public function, one test per error --------------------------------
from hexrules.errors import (  # noqa: E402
    CoordinateError,
    CoordinateTypeError,
    MapNotFoundError,
    RulesTypeError,
)
from hexrules.map.hexmap import iter_sides  # noqa: E402
from hexrules.map.mapfile import parse_map  # noqa: E402

FLAT = HexMap.flat(4, 3, name="tiny")


def _map(**changes):
    kwargs = {"name": "m", "elevation": np.zeros((3, 4), int), "terrain": np.zeros((3, 4), int)}
    kwargs.update(changes)
    return lambda: HexMap(**kwargs)


MAP_ERRORS = [
    # id, call, error, words
    ("M4_ragged_elevation", _map(elevation=[[0, 0, 0, 0], [0, 0]]), MapFormatError,
     "elevation is not a rectangular grid"),
    ("M4_elevation_of_floats", _map(elevation=np.full((3, 4), 1.5)), MapFormatError,
     "elevation must be a grid of integers, got float64"),
    ("M4_elevation_below_0", _map(elevation=np.full((3, 4), -1)), MapFormatError,
     "elevation[0][0] = -1 is below 0 (M-4)"),
    ("M4_empty_grid", _map(elevation=np.zeros((0, 4), int), terrain=np.zeros((0, 4), int)),
     MapFormatError, "must be a non-empty 2-D grid"),
    ("M5_terrain_shape", _map(terrain=np.zeros((4, 3), int)), MapFormatError,
     "terrain shape (4, 3) differs from elevation shape (3, 4)"),
    ("M5_terrain_code_4", _map(terrain=np.full((3, 4), 4)), MapFormatError,
     "terrain[0][0] = 4 is not a terrain code (0 open, 1 city, 2 forest, 3 water; M-5)"),
    ("M6_river_not_a_pair", _map(rivers=[frozenset({Hex(0, 0)})]), MapFormatError,
     "rivers: frozenset({Hex(0, 0)}) is not a pair of Hex"),
    ("M6_river_of_tuples", _map(rivers=[((0, 0), (1, 0))]), MapFormatError,
     "is not a pair of Hex"),
    ("M6_river_not_adjacent", _map(rivers=[frozenset({Hex(0, 0), Hex(2, 0)})]),
     MapFormatError, "are not two adjacent hexes"),
    ("M6_rivers_not_iterable", _map(rivers=5), RulesTypeError,
     "rivers must be an iterable of hexsides"),
    ("M7_road_off_the_map", _map(roads=[frozenset({Hex(3, 0), Hex(4, 0)})]), MapFormatError,
     "roads: Hex(4, 0) is off the map 'm' (4 cols × 3 rows"),
    ("V1_road_into_water", _map(terrain=np.array([[3, 0, 0, 0]] * 3),
                                roads=[frozenset({Hex(0, 0), Hex(1, 0)})]), MapFormatError,
     "a road links into water hex [col 0, row 0] (V-1"),
    ("M1_name_not_a_string", _map(name=5), RulesTypeError, "a map name is a string"),
    ("M2_georef_not_a_georef", _map(georef=(0, 0)), RulesTypeError,
     "georef must be a Georef"),
    ("M1_flat_zero_columns", lambda: HexMap.flat(0, 3), MapFormatError,
     "HexMap.flat: cols must be an integer >= 1, got 0"),
    ("M4_flat_negative_level", lambda: HexMap.flat(3, 3, level=-1), MapFormatError,
     "HexMap.flat: level must be an integer >= 0"),
    ("M1_flat_string_rows", lambda: HexMap.flat(3, "3"), RulesTypeError,
     "HexMap.flat: rows must be an integer"),
    ("M1_load_a_number", lambda: HexMap.load(3), RulesTypeError,
     "HexMap.load takes a path or a map name"),
    ("M1_load_no_such_map", lambda: HexMap.load("no-such-map"), MapNotFoundError,
     "no map file"),
    ("M1_from_dict_a_list", lambda: HexMap.from_dict([1, 2]), MapFormatError,
     "<dict>: the top level must be a JSON object"),
    ("M1_parse_map_a_string", lambda: parse_map("{}", "f.json"), MapFormatError,
     "f.json: the top level must be a JSON object"),
    ("M1_parse_map_no_name", lambda: parse_map({"format": "hexrules-map",
                                                "schema_version": 1}, "f.json"),
     MapFormatError, "f.json: name: missing"),
    ("M1_save_into_no_folder", lambda: FLAT.save("/nonexistent/dir/m.json"), MapNotFoundError,
     "no folder /nonexistent/dir"),
    ("M1_save_to_a_number", lambda: FLAT.save(5), RulesTypeError, "HexMap.save takes a path"),
    ("M1_elevation_at_off_map", lambda: FLAT.elevation_at(Hex(3, 2)), OffMapError,
     "Hex(3, 2) is off the map 'tiny' (4 cols × 3 rows: offset col 0-3, row 0-2): Hex(q, r) "
     "takes axial coordinates, and axial q=3, r=2 is offset col 4, row 2 "
     "(Hex(3, 2).to_offset() == (4, 2)); for the hex at offset col 3, row 2 write "
     "Hex.from_offset(3, 2)"),
    ("M1_elevation_at_a_tuple", lambda: FLAT.elevation_at((0, 0)), CoordinateTypeError,
     "map 'tiny' needs a Hex, got (0, 0) (for offset col, row use Hex.from_offset(0, 0))"),
    ("M5_terrain_at_off_map", lambda: FLAT.terrain_at(Hex(0, 5)), OffMapError,
     "axial q=0, r=5 is offset col 2, row 5"),
    ("L2_effective_height_off_map", lambda: FLAT.effective_height(Hex(-1, 0)), OffMapError,
     "Hex(-1, 0) is off the map 'tiny'"),
    ("M2_name_of_off_map", lambda: FLAT.name_of(Hex(9, 9)), OffMapError,
     "Hex(9, 9) is off the map"),
    ("M6_has_river_not_adjacent", lambda: FLAT.has_river(Hex(0, 0), Hex(2, 0)),
     CoordinateError, "are not adjacent: rivers lie on hexsides"),
    ("M6_has_river_of_a_tuple", lambda: FLAT.has_river((0, 0), Hex(1, 0)),
     CoordinateTypeError, "has_river/has_road needs a Hex"),
    ("M7_has_road_of_a_name", lambda: FLAT.has_road(Hex(0, 0), "4563AB"),
     CoordinateTypeError, "has_river/has_road needs a Hex, got '4563AB'"),
    ("M2_parse_a_list", lambda: FLAT.parse([0, 0]), CoordinateTypeError,
     "cannot read a hex from [0, 0]"),
    ("M2_parse_offset_off_map", lambda: FLAT.parse((4, 0)), OffMapError,
     "(col 4, row 0) is off the map 'tiny'"),
    ("M2_parse_name_off_map", lambda: FLAT.parse("4599AA"), OffMapError,
     "names the hex at offset col 720, row 0 (Hex(720, 0) in axial coordinates)"),
    ("M2_parse_float_offset", lambda: FLAT.parse((0.5, 0)), CoordinateTypeError,
     "offset coordinates must be integers"),
    ("M6_iter_sides_of_three", lambda: list(iter_sides([{Hex(0, 0), Hex(1, 0), Hex(2, 0)}])),
     MapFormatError, "iter_sides: sides:"),
    ("M5_from_code_unknown", lambda: Terrain.from_code("X"), MapFormatError,
     "unknown terrain code 'X': use '.' open, 'C' settlement, 'F' forest, 'W' water"),
    ("M5_from_code_not_a_string", lambda: Terrain.from_code(None), RulesTypeError,
     "a terrain code is a one-character string"),
    ("M5_terrain_value_9", lambda: Terrain(9), RulesError,
     "9 is not a terrain type (M-5): 0 open, 1 city, 2 forest, 3 water"),
    ("M5_parse_unknown_name", lambda: Terrain.parse("swamp"), RulesError,
     "unknown terrain 'swamp' (M-5): use open, city, forest, water"),
    ("M5_parse_not_a_name", lambda: Terrain.parse(None), RulesTypeError,
     "a terrain is a Terrain, a name like 'city'"),
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in MAP_ERRORS],
                         ids=[c[0] for c in MAP_ERRORS])
def test_map_errors_name_the_input(call, error, words) -> None:
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value), str(info.value)
    assert isinstance(info.value, RulesError)
    if issubclass(error, RulesTypeError):
        assert isinstance(info.value, TypeError)


def test_M1_missing_map_is_still_a_file_not_found_error() -> None:
    with pytest.raises(FileNotFoundError):
        HexMap.load("no-such-map")


def test_M5_terrain_parse_reads_every_spelling() -> None:
    for t in Terrain:
        assert Terrain.parse(t) is Terrain.parse(t.name.lower()) is Terrain.parse(t.code) is t
        assert Terrain.parse(int(t)) is Terrain.parse(t.label.split()[1]) is t


def test_L2_effective_heights_read_the_terrain_data(training: HexMap) -> None:
    from hexrules.tables import default_tables

    bonus = default_tables().terrain.sight_bonuses
    assert np.array_equal(training.effective_heights,
                          training.elevation + bonus[training.terrain])
