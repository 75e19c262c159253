"""M-2: military coordinates NNEEXY and the georeference."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexrules import CoordinateError, Georef, Hex, HexMap, OffMapError


def test_M2_name_digits_are_northing_then_easting_km(training: HexMap) -> None:
    h = Hex.from_offset(0, 0)
    east, north = training.georef.centre(h)
    name = training.name_of(h)
    assert name[:2] == f"{int(north // 1000) % 100:02d}"
    assert name[2:4] == f"{int(east // 1000) % 100:02d}"


def test_M2_letters_are_row_from_top_then_column_from_left() -> None:
    g = Georef(463_020, 4_545_975, 32650)
    assert g.name(Hex.from_offset(0, 0)) == "4563AA"
    assert g.name(Hex.from_offset(6, 7)) == "4563HG"  # row 8 (H), column 7 (G)
    assert g.name(Hex.from_offset(7, 0)) == "4563AH"
    # the square to the east starts again at column A; the one to the south at row A
    assert g.name(Hex.from_offset(20, 0)) == "4564AA"
    assert g.name(Hex.from_offset(0, 23)) == "4463AA"
    assert g.name(Hex.from_offset(0, 22))[:5] == "4563W"  # 23 rows in this square


def test_M2_every_hex_has_a_unique_name_that_parses_back(training: HexMap) -> None:
    names = {}
    for h in training.hexes():
        n = training.name_of(h)
        assert n not in names, f"{n} names both {names[n]} and {h}"
        names[n] = h
        assert training.parse(n) == h
        assert training.parse(n.lower()) == h


@given(st.integers(0, 300), st.integers(0, 300),
       st.floats(0, 999, allow_nan=False), st.floats(0, 999, allow_nan=False))
def test_M2_round_trip_for_any_origin(col: int, row: int, de: float, dn: float) -> None:
    g = Georef(400_000 + de, 4_500_000 + dn, 32650)
    h = Hex.from_offset(col, row)
    assert g.parse(g.name(h)) == h


@pytest.mark.parametrize("bad", ["", "4563G", "4563GHI", "45-63GH", "AB63GH", "4563G1", 4563])
def test_M2_malformed_names_raise(training: HexMap, bad: object) -> None:
    with pytest.raises(CoordinateError, match="4563GH"):
        training.parse(bad)  # type: ignore[arg-type]


def test_M2_off_map_and_impossible_letters(training: HexMap) -> None:
    with pytest.raises(OffMapError, match="off the map"):
        training.parse("4564AK")  # column 30: a real hex, east of this 30-column map
    with pytest.raises(CoordinateError, match="no hex column"):
        Georef(463_020, 4_545_975).parse("4563AZ")
    with pytest.raises(CoordinateError, match="no hex row"):
        Georef(463_020, 4_545_975).parse("4563ZA")
    with pytest.raises(OffMapError):
        training.parse("4599AA")


def test_georef_validates() -> None:
    with pytest.raises(CoordinateError, match="epsg"):
        Georef(0, 0, -5)
    with pytest.raises(CoordinateError, match="easting"):
        Georef("x", 0)  # type: ignore[arg-type]


def test_M1_hex_centres_are_50_m_apart(training: HexMap) -> None:
    g = training.georef
    a = Hex.from_offset(5, 5)
    for n in a.neighbors():
        (x0, y0), (x1, y1) = g.centre(a), g.centre(n)
        assert abs(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 - 50) < 1e-9


# -- error paths: each public method, one test per error ----------------------------------
from hexrules.errors import CoordinateTypeError  # noqa: E402

G = Georef(463_020, 4_545_975, 32650)
COORD_ERRORS = [
    ("M2_georef_nan_northing", lambda: Georef(0, float("nan")), CoordinateError,
     "Georef.northing must be finite"),
    ("M2_georef_epsg_float", lambda: Georef(0, 0, 326.5), CoordinateTypeError,
     "Georef.epsg must be a positive EPSG code (an integer), got 326.5"),
    ("M2_georef_epsg_negative", lambda: Georef(0, 0, -5), CoordinateError,
     "Georef.epsg must be a positive EPSG code, got -5"),
    ("M2_georef_easting_string", lambda: Georef("x", 0), CoordinateTypeError,
     "Georef.easting must be a number of metres"),
    ("M1_centre_of_a_tuple", lambda: G.centre((0, 0)), CoordinateTypeError,
     "Georef.centre needs a Hex, got (0, 0) (for offset col, row use Hex.from_offset(0, 0))"),
    ("M1_corners_of_a_name", lambda: G.corners("4563AA"), CoordinateTypeError,
     "Georef.corners needs a Hex"),
    ("M1_lattice_point_string", lambda: G.lattice_point("1", 0), CoordinateTypeError,
     "Georef.lattice_point needs finite numbers of metres, got x='1'"),
    ("M1_hex_at_none", lambda: G.hex_at(None, 0), CoordinateTypeError,
     "Georef.hex_at needs finite numbers of metres, got easting=None"),
    ("M6_hexside_points_not_adjacent", lambda: G.hexside_points(Hex(0, 0), Hex(0, 2)),
     CoordinateError, "not adjacent"),
    ("M2_name_of_a_tuple", lambda: G.name((0, 0)), CoordinateTypeError,
     "Georef.name needs a Hex"),
    ("M2_parse_a_number", lambda: G.parse(4563), CoordinateTypeError,
     "a military coordinate is a string like '4563GH', got 4563"),
    ("M2_parse_malformed", lambda: G.parse("45-63"), CoordinateError,
     "malformed military coordinate '45-63'"),
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in COORD_ERRORS],
                         ids=[c[0] for c in COORD_ERRORS])
def test_coordinate_errors_name_the_input(call, error, words) -> None:
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
    if error is CoordinateTypeError:
        assert isinstance(info.value, TypeError)


def test_M6_hexside_points_match_the_corners() -> None:
    pts = G.hexside_points(Hex(0, 0), Hex(1, 0))
    corners = G.corners(Hex(0, 0))
    assert all(any(abs(p[0] - c[0]) < 1e-9 and abs(p[1] - c[1]) < 1e-9 for c in corners)
               for p in pts)
