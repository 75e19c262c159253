"""The map maker (hexrules.mapmaking): DEMs, windows, levels, drainage, overlays, the command,
the shipped real-terrain map, and the hex-against-raster comparison (GDAL's gdal_viewshed)."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hexrules import HexMap, MapMakingError, Terrain
from hexrules.map.coords import Georef
from hexrules.mapmaking import (
    DEM,
    choose_window,
    hex_heights,
    jacksboro_dem,
    make_map,
    parse_overlay,
    quantise,
    read_dem,
)
from hexrules.mapmaking.cli import main
from hexrules.mapmaking.dem import points_in_crs
from hexrules.mapmaking.placement import centres, line_hexsides, vertex_hexes

ROOT = Path(__file__).resolve().parents[1]
CROSS_MOUNTAIN = (-84.23056, 36.19833)  # the summit, 1077 m (3,534 ft)


@pytest.fixture(scope="module")
def dem() -> DEM:
    return jacksboro_dem()


def plane_dem(tmp_path: Path, *, crs: str | None = "EPSG:32616", name: str = "plane.tif",
              cell: float = 20.0) -> tuple[Path, DEM]:
    """A GeoTIFF the test writes: a tilted plane z = 200 + 0.02 E' + 0.05 N' (metres)."""
    import rasterio
    from affine import Affine

    west, north, rows, cols = 500_000.0, 4_000_000.0, 150, 160
    x = west + (np.arange(cols) + 0.5) * cell
    y = north - (np.arange(rows) + 0.5) * cell
    z = 200 + 0.02 * (x[None, :] - west) + 0.05 * (y[:, None] - (north - rows * cell))
    path = tmp_path / name
    profile = {"driver": "GTiff", "width": cols, "height": rows, "count": 1,
               "dtype": "float32", "transform": Affine(cell, 0, west, 0, -cell, north)}
    if crs:
        profile["crs"] = crs
    with rasterio.open(path, "w", **profile) as dst:
        dst.write(z.astype(np.float32), 1)
    return path, DEM(z, west=west, north=north, dx=cell, dy=cell, crs=crs or "EPSG:32616")


# -- the sample DEM ---------------------------------------------------------------------------


def test_sample_dem_latitude_keys_are_corrected(dem: DEM) -> None:
    """The file's ``ymin`` is larger than ``ymax``; the DEM's north edge is ``ymax``: its highest
    cell is Cross Mountain's summit only then."""
    from matplotlib import cbook

    with cbook.get_sample_data("jacksboro_fault_dem.npz") as raw:
        ymin, ymax, rows = float(raw["ymin"]), float(raw["ymax"]), raw["elevation"].shape[0]
        dy = float(raw["dy"])
    assert ymin > ymax and math.isclose(ymin - ymax, rows * dy)
    assert dem.north == ymax and dem.crs == "EPSG:4326"
    r, c = np.unravel_index(np.nanargmax(dem.heights), dem.heights.shape)
    lon = dem.west + (c + 0.5) * dem.dx
    lat = dem.north - (r + 0.5) * dem.dy
    assert dem.heights[r, c] == 1076
    x, y = points_in_crs([(lon, lat), CROSS_MOUNTAIN], "EPSG:4326", "EPSG:32616")
    assert math.dist((x[0], y[0]), (x[1], y[1])) < 60  # within the cell that holds the summit
    wrong = ymin - (r + 0.5) * dy  # the file's "ymin" as the north edge: 32 km off
    assert abs(wrong - CROSS_MOUNTAIN[1]) * 111_000 > 30_000


def test_sample_dem_cells_are_about_75_by_93_metres(dem: DEM) -> None:
    w, h = dem.cell_metres()
    assert 74 < w < 76 and 92 < h < 93.5 and dem.rows == 344 and dem.cols == 403


# -- windows, heights, levels ----------------------------------------------------------------


def test_window_lies_in_the_utm_zone_of_its_centre(dem: DEM) -> None:
    g, cols, rows = choose_window(dem, centre=(-84.2, 36.33), size=(20, 10))
    assert (cols, rows, g.epsg) == (20, 10, 32616)
    e, n = centres(g, cols, rows)
    lon, lat = points_in_crs([(e.mean(), n.mean())], "EPSG:32616", "EPSG:4326")
    assert abs(lon[0] + 84.2) < 1e-4 and abs(lat[0] - 36.33) < 1e-4


def test_window_from_bounds_fits_inside_them(dem: DEM) -> None:
    bounds = (-84.25, 36.30, -84.23, 36.31)
    g, cols, rows = choose_window(dem, bounds=bounds)
    e, n = centres(g, cols, rows)
    lon, lat = points_in_crs(np.column_stack([e.ravel(), n.ravel()]), "EPSG:32616",
                             "EPSG:4326")
    assert lon.min() >= bounds[0] and lon.max() <= bounds[2]
    assert lat.min() >= bounds[1] and lat.max() <= bounds[3]
    assert cols > 30 and rows > 20


def test_window_outside_the_dem_is_refused_naming_the_window(dem: DEM) -> None:
    with pytest.raises(MapMakingError, match=r"window: .* outside the DEM jacksboro") as info:
        make_map(dem, centre=(-84.085, 36.30), size=(40, 40))
    assert info.value.input == "window"
    with pytest.raises(MapMakingError, match="window"):
        make_map(dem, centre=(10.0, 50.0), size=(4, 4))


def test_bad_size_and_bounds_are_refused(dem: DEM) -> None:
    with pytest.raises(MapMakingError, match="size"):
        choose_window(dem, size=(0, 4))
    with pytest.raises(MapMakingError, match="bounds"):
        choose_window(dem, bounds=(-84.2, 36.3, -84.3, 36.4))
    with pytest.raises(MapMakingError, match="not both"):
        choose_window(dem, centre=(-84.2, 36.3), bounds=(-84.3, 36.3, -84.2, 36.4))


def test_a_geographic_crs_is_refused_for_the_map(dem: DEM) -> None:
    with pytest.raises(MapMakingError, match="EPSG:4326 .* not a projected CRS") as info:
        choose_window(dem, centre=(-84.2, 36.3), epsg=4326)
    assert info.value.input == "epsg"


def test_heights_mean_and_centre_on_a_plane(tmp_path: Path) -> None:
    """Bilinear interpolation is exact on a plane; the mean over the hex is within a cell."""
    _, plane = plane_dem(tmp_path)
    g = Georef(500_500.0, 3_998_500.0, 32616)
    e, n = centres(g, 10, 8)
    truth = 200 + 0.02 * (e - 500_000) + 0.05 * (n - 3_997_000)
    centre = hex_heights(plane, g, 10, 8, "centre")
    mean = hex_heights(plane, g, 10, 8, "mean")
    assert np.allclose(centre, truth, atol=1e-3)
    assert np.abs(mean - truth).max() < 0.3
    with pytest.raises(MapMakingError, match="sampling: expected one of 'mean', 'centre'"):
        hex_heights(plane, g, 10, 8, "max")


def test_quantise_floors_above_the_base() -> None:
    levels, base = quantise(np.array([[341.0, 350.0, 359.9, 360.0]]), 10)
    assert levels.tolist() == [[0, 1, 1, 2]] and base == 340
    levels, base = quantise(np.array([[341.0, 350.0]]), 5, base_height=300)
    assert levels.tolist() == [[8, 10]] and base == 300


def test_quantise_refuses_what_a_map_cannot_hold() -> None:
    with pytest.raises(MapMakingError, match="metres_per_level: 0.001 m .* 0…32000") as info:
        quantise(np.array([[236.0, 1076.0]]), 0.001)
    assert info.value.input == "metres_per_level"
    with pytest.raises(MapMakingError, match="base_height: the ground goes down to 236.0 m"):
        quantise(np.array([[236.0, 1076.0]]), 10, base_height=250)
    for bad in (0, -5, float("nan"), "10"):
        with pytest.raises(MapMakingError, match="metres_per_level: expected a positive"):
            quantise(np.array([[1.0]]), bad)


def test_a_map_refuses_levels_it_cannot_store() -> None:
    from hexrules import MapFormatError

    with pytest.raises(MapFormatError, match="above 32000"):
        HexMap(name="x", elevation=np.full((2, 2), 40_000), terrain=np.zeros((2, 2), int))


def test_make_map_from_the_sample_dem(dem: DEM) -> None:
    made = make_map(dem, centre=(-84.20, 36.33), size=(12, 10), rivers=None)
    m = made.hexmap
    assert (m.cols, m.rows, m.georef.epsg, m.metres_per_level) == (12, 10, 32616, 10.0)
    assert made.heights.shape == (10, 12) and made.base_height <= made.heights.min()
    expected = np.floor((made.heights - made.base_height) / 10).astype(int)
    assert (m.elevation == expected).all()
    assert "level 0 = " in m.description and "measured" in made.layers["elevation"]
    assert HexMap.from_dict(m.to_dict()).to_dict() == m.to_dict()


# -- a GeoTIFF the user brings ---------------------------------------------------------------


def test_the_command_makes_a_map_from_a_geotiff(tmp_path: Path, capsys) -> None:
    tif, _ = plane_dem(tmp_path)
    lon, lat = points_in_crs([(501_600.0, 3_998_500.0)], "EPSG:32616", "EPSG:4326")
    out = tmp_path / "plane.json"
    assert main([str(out), "--dem", str(tif), "--centre", str(lon[0]), str(lat[0]),
                 "--size", "20", "16", "--metres-per-level", "5", "--sampling", "centre",
                 "--rivers", "none"]) == 0
    assert "wrote" in capsys.readouterr().out
    m = HexMap.load(out)
    assert (m.cols, m.rows, m.georef.epsg, m.metres_per_level) == (20, 16, 32616, 5.0)
    e, n = centres(m.georef, m.cols, m.rows)
    truth = 200 + 0.02 * (e - 500_000) + 0.05 * (n - 3_997_000)
    base = math.floor(truth.min() / 5) * 5
    assert (m.elevation == np.floor((truth - base) / 5 + 1e-9)).mean() > 0.97


def test_a_geotiff_without_a_crs_is_refused_unless_given(tmp_path: Path, capsys) -> None:
    tif, _ = plane_dem(tmp_path, crs=None, name="nocrs.tif")
    with pytest.raises(MapMakingError, match="nocrs.tif: the DEM has no coordinate reference"):
        read_dem(tif)
    assert main([str(tmp_path / "x.json"), "--dem", str(tif)]) == 2
    assert "error in dem" in capsys.readouterr().err
    assert read_dem(tif, crs="EPSG:32616").crs == "EPSG:32616"


def test_the_command_reports_errors_naming_the_input(capsys) -> None:
    assert main(["-", "--centre", "-84.085", "36.30"]) == 2
    assert "error in window" in capsys.readouterr().err
    assert main(["-", "--metres-per-level", "0.001", "--size", "4", "4"]) == 2
    assert "error in metres_per_level" in capsys.readouterr().err


def test_the_console_script_is_installed() -> None:
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["hexrules-makemap"] == "hexrules.mapmaking.cli:main"
    exe = Path(sys.executable).parent / "hexrules-makemap"
    if exe.exists():
        out = subprocess.run([str(exe), "--help"], capture_output=True, text=True, check=True)
        assert "--metres-per-level" in out.stdout


def test_import_hexrules_stays_light() -> None:
    code = ("import sys, hexrules, hexrules.mapmaking; "
            "print(sorted(m for m in ('rasterio', 'pyproj', 'matplotlib', 'numba') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


# -- rivers: drainage and lines on hexsides --------------------------------------------------


def test_vertex_walk_follows_hexsides() -> None:
    g = Georef(0.0, 0.0, 32616)
    sides = line_hexsides(g, [(-20.0, -200.0), (300.0, -20.0)])
    assert sides and all(a.distance(b) == 1 for a, b in (sorted(s) for s in sides))
    # each vertex the river passes has 1 (an end) or 2 (through) river sides, never 3 here
    ends: dict[tuple[int, int], int] = {}
    for s in sides:
        for v in sorted(s)[0].side_corners(sorted(s)[1]):
            ends[v] = ends.get(v, 0) + 1
    assert sorted(ends.values()).count(1) == 2 and max(ends.values()) == 2
    assert all(len(vertex_hexes(v)) == 3 for v in ends)


def test_drainage_puts_the_river_in_the_valley(tmp_path: Path) -> None:
    """A V-shaped valley draining north: the river hexsides run along its floor."""
    cell, rows, cols = 25.0, 80, 80
    west, north = 600_000.0, 4_100_000.0
    x = (np.arange(cols) + 0.5) * cell
    y = (np.arange(rows) + 0.5) * cell
    z = 300 + 0.2 * np.abs(x[None, :] - 1000) + 0.05 * y[:, None]  # floor at x' = 1000 m
    v = DEM(z, west=west, north=north, dx=cell, dy=cell, crs="EPSG:32616")
    lon, lat = points_in_crs([(west + 1000, north - 1000)], "EPSG:32616", "EPSG:4326")
    made = make_map(v, centre=(float(lon[0]), float(lat[0])), size=(30, 30), river_km2=0.2)
    m = made.hexmap
    assert len(m.rivers) > 30
    for side in m.rivers:
        mid = np.mean([m.georef.centre(h) for h in side], axis=0)
        assert abs(mid[0] - (west + 1000)) < 60
    assert "measured: the DEM's drainage" in made.layers["rivers"]
    with pytest.raises(MapMakingError, match="river_km2"):
        make_map(v, centre=(float(lon[0]), float(lat[0])), size=(5, 5), river_km2=0)


# -- overlays ----------------------------------------------------------------------------------


def _collection(*features: dict, crs: str | None = None) -> dict:
    data = {"type": "FeatureCollection", "features": list(features)}
    if crs:
        data["crs"] = {"type": "name", "properties": {"name": crs}}
    return data


def _feature(kind: str, geometry: dict, name: str = "") -> dict:
    return {"type": "Feature", "properties": {"kind": kind, "name": name}, "geometry": geometry}


def _box(x0: float, y0: float, x1: float, y1: float) -> dict:
    return {"type": "Polygon", "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1],
                                                [x0, y0]]]}


def test_overlay_in_the_map_crs_places_areas_roads_and_rivers(tmp_path: Path) -> None:
    _, plane = plane_dem(tmp_path)
    g, cols, rows = choose_window(plane, centre=tuple(
        float(v[0]) for v in points_in_crs([(501_600.0, 3_998_500.0)], "EPSG:32616",
                                           "EPSG:4326")), size=(20, 16))
    e, n = centres(g, cols, rows)
    ov = parse_overlay(_collection(
        _feature("forest", _box(e[2, 2] - 1, n[5, 2] - 1, e[2, 6] + 1, n[2, 2] + 1), "wood"),
        _feature("settlement", _box(e[10, 10] - 1, n[10, 10] - 1, e[10, 10] + 1,
                                    n[10, 10] + 1), "village"),
        _feature("water", _box(e[14, 16] - 1, n[14, 16] - 1, e[14, 17] + 1, n[14, 16] + 1)),
        _feature("road", {"type": "LineString",
                          "coordinates": [[e[8, 0], n[8, 0]], [e[8, 12], n[8, 12]]]}),
        _feature("river", {"type": "LineString",
                           "coordinates": [[e[0, 15] + 25, n[0, 15]],
                                           [e[15, 15] + 25, n[15, 15]]]}),
        crs="urn:ogc:def:crs:EPSG::32616"))
    from hexrules.mapmaking.overlay import apply_overlay

    placed = apply_overlay(ov, g, cols, rows)
    t = placed.terrain
    assert t[10, 10] == Terrain.CITY and (t == Terrain.CITY).sum() == 1
    # rows 2 and 4: cols 2…6; odd rows 3 and 5 sit half a hex east: cols 2…5
    assert (t[2:6, 2:6] == Terrain.FOREST).all() and (t == Terrain.FOREST).sum() == 18
    assert (t == Terrain.WATER).sum() == 2
    assert len(placed.roads) == 12  # 13 hexes of row 8, linked in a chain
    assert all(h.r == 8 for s in placed.roads for h in s)
    assert len(placed.rivers) >= 15


def test_overlay_errors_name_the_file_and_the_feature(tmp_path: Path) -> None:
    with pytest.raises(MapMakingError, match=r"x.geojson: features\[0\].geometry: a road is a "
                                             "LineString or MultiLineString, got 'Polygon'"):
        parse_overlay(_collection(_feature("road", _box(0, 0, 1, 1))), source="x.geojson")
    with pytest.raises(MapMakingError, match="crs: unknown CRS 'EPSG:999999'"):
        parse_overlay(_collection(crs="EPSG:999999"))
    with pytest.raises(MapMakingError, match="FeatureCollection"):
        parse_overlay({"type": "Feature"})
    bad = tmp_path / "bad.geojson"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MapMakingError, match="bad.geojson: not valid JSON"):
        make_map(jacksboro_dem(), size=(4, 4), overlay=bad)


def test_a_road_into_water_is_refused_naming_the_road(dem: DEM) -> None:
    g, cols, rows = choose_window(dem, centre=(-84.2, 36.33), size=(10, 10))
    e, n = centres(g, cols, rows)
    lon, lat = points_in_crs([(e[5, 1], n[5, 1]), (e[5, 8], n[5, 8])], "EPSG:32616",
                             "EPSG:4326")
    road = {"type": "LineString", "coordinates": [[lon[0], lat[0]], [lon[1], lat[1]]]}
    wx, wy = points_in_crs([(e[5, 4] - 10, n[5, 4] - 10), (e[5, 4] + 10, n[5, 4] + 10)],
                           "EPSG:32616", "EPSG:4326")
    ov = parse_overlay(_collection(_feature("road", road, "the farm road"),
                                   _feature("water", _box(wx[0], wy[0], wx[1], wy[1]))),
                       source="ov.geojson")
    with pytest.raises(MapMakingError, match=r"ov.geojson: features\[0\] \('the farm road'\): "
                                             r"the road enters the water hex \[col 4, row 5\]"):
        make_map(dem, centre=(-84.2, 36.33), size=(10, 10), overlay=ov, rivers=None)


# -- the shipped real-terrain map --------------------------------------------------------------


def test_the_shipped_map_is_what_the_script_makes() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_jacksboro_map
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    made = make_jacksboro_map.build()
    shipped = HexMap.load("jacksboro")
    assert made.hexmap.to_dict() == shipped.to_dict()
    m = shipped
    assert (m.cols, m.rows, m.georef.epsg) == (40, 40, 32616)
    for t in (Terrain.FOREST, Terrain.CITY, Terrain.WATER):
        assert (m.terrain == t).any(), t
    assert len(m.rivers) > 20 and len(m.roads) > 40
    assert "Measured" in m.description and "Drawn by hand" in m.description
    overlay = json.loads((ROOT / "maps" / "jacksboro.overlay.geojson").read_text("utf-8"))
    assert "drawn by hand" in overlay["description"].lower()


def test_the_shipped_map_plays_in_the_widgets() -> None:
    pytest.importorskip("ipyleaflet")
    from hexrules_widgets import HexBoard, SightExplorer

    from hexrules import line_of_sight

    m = HexMap.load("jacksboro")
    board = HexBoard(m)
    assert board.hexmap is m
    ex = SightExplorer(m)
    a, b = m.parse((5, 35)), m.parse((30, 5))
    rec = ex.select(a, b)
    assert rec is not None and rec.visible == line_of_sight(m, a, b).visible


# -- hex sight against the raster viewshed (GDAL) ---------------------------------------------

needs_gdal = pytest.mark.skipif(shutil.which("gdal_viewshed") is None,
                                reason="gdal_viewshed missing: `make gis` installs gdal-bin")


def _ridge_dem() -> DEM:
    """A DEM in UTM with one north–south ridge 40 m high in the middle of a plain."""
    cell, rows, cols = 10.0, 220, 260
    west, north = 700_000.0, 4_000_000.0
    x = (np.arange(cols) + 0.5) * cell
    z = 300 + np.clip(40 - 0.4 * np.abs(x - 1300), 0, None)
    return DEM(np.repeat(z[None, :], rows, axis=0), west=west, north=north, dx=cell, dy=cell,
               crs="EPSG:32616", source="ridge")


@needs_gdal
def test_gdal_viewshed_sees_the_near_slope_and_not_behind_the_ridge() -> None:
    from hexrules.mapmaking.compare import raster_viewshed

    dem = _ridge_dem()
    seen = raster_viewshed(dem, 700_000 + 300, 4_000_000 - 1100)  # west of the ridge
    x = (np.arange(dem.cols) + 0.5) * 10
    row = seen[110]
    assert row[x < 1250].all()  # the plain and the near slope
    assert not row[(x > 1400) & (x < 2000)].any()  # in the ridge's shadow
    assert row.dtype == bool and seen.shape == dem.heights.shape


@needs_gdal
def test_comparison_counts_add_up_and_agree_on_simple_ground() -> None:
    from hexrules.mapmaking.compare import TANK, compare_viewsheds

    dem = _ridge_dem()
    g = Georef(700_150.0, 3_999_850.0, 32616)
    levels, _ = quantise(hex_heights(dem, g, 40, 40), 10)
    m = HexMap(name="ridge", elevation=levels, terrain=np.zeros_like(levels), georef=g)
    c = compare_viewsheds(m, dem, (5, 20))
    counts = c.confusion
    assert sum(counts.values()) == 1600
    assert c.agreement == (counts["both"] + counts["neither"]) / 1600
    assert c.agreement > 0.8 and counts["both"] > 300 and counts["neither"] > 300
    assert c.settings["observer_m"] == TANK["observer_m"] == 2.5
    assert "agreement" in c.table() and repr(c).startswith("<Comparison from ")
    import matplotlib

    matplotlib.use("Agg")
    ax = c.plot()
    assert "agree" in ax.get_title()


@needs_gdal
@pytest.mark.slow
def test_sweep_over_levels_and_hex_sizes() -> None:
    from hexrules.mapmaking.compare import sweep, sweep_table

    dem = _ridge_dem()
    g = Georef(700_150.0, 3_999_850.0, 32616)
    rows = sweep(dem, g, 40, 40, metres_per_level=(5, 20), hex_metres=(50, 100),
                 observers=[(5, 20), (34, 20)])
    assert [(r["hex_metres"], r["metres_per_level"]) for r in rows] == [
        (50, 5), (50, 20), (100, 5), (100, 20)]
    assert all(0.5 < r["agreement"] <= 1 and r["observers"] == 2 for r in rows)
    assert "| 100 m | 20 |" in sweep_table(rows)


def test_a_missing_gdal_viewshed_is_a_clear_error(monkeypatch) -> None:
    from hexrules.mapmaking import compare

    monkeypatch.setattr(compare.shutil, "which", lambda name: None)
    assert not compare.gdal_viewshed_available()
    with pytest.raises(MapMakingError, match="gdal_viewshed is not installed: `make gis`"):
        compare.raster_viewshed(_ridge_dem(), 700_300, 3_998_900)


def test_the_command_takes_bounds_and_an_overlay_and_draws_a_preview(tmp_path: Path) -> None:
    tif, _ = plane_dem(tmp_path)
    (w, e), (s, n) = points_in_crs([(500_400.0, 3_997_600.0), (502_400.0, 3_999_400.0)],
                                   "EPSG:32616", "EPSG:4326")
    wood = tmp_path / "wood.geojson"
    wood.write_text(json.dumps(_collection(_feature(
        "forest", _box(500_900, 3_998_000, 501_400, 3_998_600), "wood"),
        crs="EPSG:32616")), encoding="utf-8")
    out, png = tmp_path / "b.json", tmp_path / "b.png"
    assert main([str(out), "--dem", str(tif), "--bounds", str(w), str(s), str(e), str(n),
                 "--overlay", str(wood), "--rivers", "none", "--preview", str(png)]) == 0
    m = HexMap.load(out)
    assert m.cols >= 35 and m.rows >= 35 and (m.terrain == Terrain.FOREST).sum() > 80
    assert png.stat().st_size > 10_000
    assert "forest: drawn by hand: wood.geojson" in m.description
