"""M-4…M-7 and the map file format: loading, validation, round trip."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import numpy as np
import pytest

from hexrules import Hex, HexMap, MapFormatError, OffMapError, Terrain


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
    assert Terrain.CITY.label == "City 居民地"
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
