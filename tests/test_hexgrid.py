"""M-1 and M-3: the hex grid (distance, directions, offset conversion)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexrules import DIRECTIONS, CoordinateError, Hex
from hexrules.map.hexgrid import direction_vector

coords = st.integers(-200, 200)
hexes = st.builds(Hex, coords, coords)


def test_M1_distance_counts_steps() -> None:
    assert Hex(0, 0).distance(Hex(3, -1)) == 3
    assert Hex(0, 0).distance(Hex(-2, -2)) == 4
    # a walk along neighbours reaches a hex in exactly `distance` steps
    a, b = Hex(0, 0), Hex(4, -7)
    h, steps = a, 0
    while h != b:
        h = min(h.neighbors(), key=lambda n: n.distance(b))
        steps += 1
    assert steps == a.distance(b)


@given(hexes, hexes)
def test_M1_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


def test_M3_directions_numbered_clockwise_from_north_east() -> None:
    o = Hex(0, 0)
    # pointy-top, odd-r: row 0 is even; its NE neighbour sits in row -1
    assert [o.neighbor(d).to_offset() for d in range(1, 7)] == [
        (0, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1),
    ]
    odd = Hex.from_offset(3, 1)
    assert [odd.neighbor(d).to_offset() for d in range(1, 7)] == [
        (4, 0), (4, 1), (4, 2), (3, 2), (2, 1), (3, 0),
    ]
    for d in range(1, 7):
        assert o.direction_to(o.neighbor(d)) == d
        # opposite directions cancel
        assert direction_vector(d) + direction_vector((d + 2) % 6 + 1) == o


def test_M3_lattice_frame_puts_corners_on_integers() -> None:
    h = Hex.from_offset(1, 1)
    assert h.lattice() == (3, 3)
    for n in h.neighbors():
        shared = set(h.corners()) & set(n.corners())
        assert len(shared) == 2  # a hexside


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_M3_offset_round_trip(col: int, row: int) -> None:
    assert Hex.from_offset(col, row).to_offset() == (col, row)


@given(hexes, hexes)
def test_hex_vector_arithmetic(a: Hex, b: Hex) -> None:
    assert (a + b) - b == a
    assert a + (-a) == Hex(0, 0)
    assert 2 * a == a + a == a * 2
    assert eval(repr(a)) == a and hash(eval(repr(a))) == hash(a)


def test_ring_and_spiral() -> None:
    o = Hex(2, -1)
    for radius in range(5):
        ring = o.ring(radius)
        assert len(ring) == max(1, 6 * radius)
        assert all(o.distance(h) == radius for h in ring)
        assert len(set(ring)) == len(ring)
    assert len(list(o.spiral(2))) == 19


@pytest.mark.parametrize("bad", [1.5, "1", None, True])
def test_invalid_coordinates_raise(bad: object) -> None:
    with pytest.raises(CoordinateError, match="integers"):
        Hex(bad, 0)  # type: ignore[arg-type]


def test_invalid_direction_names_rule() -> None:
    with pytest.raises(CoordinateError, match="M-3"):
        Hex(0, 0).neighbor(0)
    with pytest.raises(CoordinateError, match="not adjacent"):
        Hex(0, 0).direction_to(Hex(2, 0))
    assert len(DIRECTIONS) == 6


# -- error paths: each public function, one test per error --------------------------------
from hexrules.errors import CoordinateTypeError  # noqa: E402

GRID_ERRORS = [
    # id, call, error, words
    ("M3_from_offset_float", lambda: Hex.from_offset(1.5, 0), CoordinateTypeError,
     "offset coordinates must be integers, got col=1.5"),
    ("M3_from_offset_string", lambda: Hex.from_offset("3", 4), CoordinateTypeError,
     "offset coordinates must be integers"),
    ("M3_from_cube_not_summing_to_0", lambda: Hex.from_cube(1, 1, 1), CoordinateError,
     "cube coordinates must sum to 0, got (1, 1, 1)"),
    ("M3_from_cube_float", lambda: Hex.from_cube(0.5, -0.5, 0), CoordinateTypeError,
     "cube coordinates must be integers"),
    ("M1_round_string", lambda: Hex.round("0", 0), CoordinateTypeError,
     "Hex.round needs numbers"),
    ("M1_round_nan", lambda: Hex.round(float("nan"), 0), CoordinateError,
     "Hex.round needs finite numbers"),
    ("M1_distance_to_a_tuple", lambda: Hex(0, 0).distance((1, 0)), CoordinateTypeError,
     "distance needs a Hex, got (1, 0) (for offset col, row use Hex.from_offset(1, 0))"),
    ("M3_neighbor_float_direction", lambda: Hex(0, 0).neighbor(1.0), CoordinateTypeError,
     "direction must be an integer 1-6"),
    ("M3_direction_vector_7", lambda: direction_vector(7), CoordinateError,
     "direction must be 1-6"),
    ("M3_direction_to_a_tuple", lambda: Hex(0, 0).direction_to((0, 1)), CoordinateTypeError,
     "direction_to needs a Hex"),
    ("M1_ring_negative", lambda: Hex(0, 0).ring(-1), CoordinateError,
     "ring radius must be >= 0, got -1"),
    ("M1_ring_string", lambda: Hex(0, 0).ring("2"), CoordinateTypeError,
     "ring radius must be an integer"),
    ("A5_spiral_negative_at_once", lambda: Hex(0, 0).spiral(-1), CoordinateError,
     "ring radius must be >= 0"),
    ("M6_side_corners_not_adjacent", lambda: Hex(0, 0).side_corners(Hex(2, 0)),
     CoordinateError, "Hex(2, 0) is not adjacent to Hex(0, 0): only adjacent hexes share"),
    ("M6_side_corners_of_a_tuple", lambda: Hex(0, 0).side_corners((1, 0)),
     CoordinateTypeError, "side_corners needs a Hex"),
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in GRID_ERRORS],
                         ids=[c[0] for c in GRID_ERRORS])
def test_grid_errors_name_the_input(call, error, words) -> None:
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
    assert isinstance(info.value, CoordinateError)
    if error is CoordinateTypeError:
        assert isinstance(info.value, TypeError)


def test_M6_side_corners_are_shared_and_symmetric() -> None:
    a = Hex(2, 3)
    for b in a.neighbors():
        assert a.side_corners(b) == b.side_corners(a)
        assert set(a.side_corners(b)) <= set(a.corners()) & set(b.corners())
