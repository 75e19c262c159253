"""The square grid (hexrules.grid): values, neighbours, range (P-5), sight lines (P-18), and
the common Grid protocol the hex grid follows too."""

from __future__ import annotations

import itertools

import pytest

from hexrules.errors import CoordinateError, CoordinateTypeError, OffMapError
from hexrules.grid import Grid, HexGrid, Square, SquareGrid
from hexrules.grid.square import bearing_arc
from hexrules.map.hexgrid import Hex
from hexrules.records import decode, encode


def test_P_5_squares_are_values_with_8_neighbours_and_euclidean_range() -> None:
    a = Square(3, 4)
    assert a == Square(3, 4) and hash(a) == hash(Square(3, 4)) and {a: 1}[Square(3, 4)] == 1
    assert decode(encode(a)) == a
    assert len(set(a.neighbours())) == 8
    assert all(max(abs(n.col - a.col), abs(n.row - a.row)) == 1 for n in a.neighbours())
    assert [a.direction_to(n) for n in a.neighbours()] == list(range(8))
    assert Square(0, 0).distance(Square(3, 4)) == 5.0
    assert Square(0, 0).distance2(Square(1, 1)) == 2      # a diagonal is √2 squares away
    # bands are decided exactly: (6, 8) is at 10, (7, 8) beyond
    assert Square(0, 0).within(Square(6, 8), 10) and not Square(0, 0).within(Square(7, 8), 10)
    g = SquareGrid(200, 200)
    assert len(g.neighbours(Square(0, 0))) == 3 and len(g.neighbours(Square(0, 5))) == 5
    assert sum(1 for _ in SquareGrid(4, 3).cells()) == 12


def test_P_5_square_names_parse_with_clear_errors() -> None:
    g = SquareGrid(60, 60)
    assert g.parse("(12, 30)") == g.parse("12,30") == g.parse((12, 30)) == Square(12, 30)
    assert g.name(Square(12, 30)) == "(12, 30)"
    with pytest.raises(OffMapError, match=r"\(60, 0\) is off the 60 × 60 map"):
        g.parse("60,0")
    with pytest.raises(CoordinateError, match="not a square name"):
        g.parse("A1")
    with pytest.raises(CoordinateTypeError):
        g.parse(3.5)
    with pytest.raises(CoordinateTypeError):
        Square(1.5, 2)
    with pytest.raises(CoordinateError, match="0-7"):
        Square(0, 0).step(8)


def _interior_crossed(a: Square, b: Square, sq: Square, n: int = 1000) -> bool:
    """Brute force: sample the open segment and look for points strictly inside ``sq``
    (integer arithmetic: the point at k/n, scaled by 2n)."""
    for k in range(1, n):
        x = (2 * a.col + 1) * n + 2 * (b.col - a.col) * k
        y = (2 * a.row + 1) * n + 2 * (b.row - a.row) * k
        if 2 * n * sq.col < x < 2 * n * (sq.col + 1) and 2 * n * sq.row < y < 2 * n * (sq.row + 1):
            return True
    return False


def test_P_18_the_line_walk_is_exact_and_touched_corners_do_not_count() -> None:
    g = SquareGrid(8, 8)
    assert g.between(Square(0, 0), Square(3, 3)) == [Square(1, 1), Square(2, 2)]
    assert g.between(Square(0, 0), Square(2, 4)) == [Square(0, 1), Square(1, 1), Square(1, 2),
                                                     Square(1, 3), Square(2, 3)]
    a = Square(0, 0)
    for b in [Square(c, r) for c in range(5) for r in range(5)]:
        walked = set(g.between(a, b))
        for sq in (Square(c, r) for c in range(5) for r in range(5)):
            if sq in (a, b):
                continue
            assert (sq in walked) == _interior_crossed(a, b, sq), (b, sq)


def test_P_18_the_line_is_symmetric() -> None:
    g = SquareGrid(12, 12)
    for a, b in itertools.combinations([Square(0, 0), Square(5, 2), Square(3, 11),
                                        Square(11, 7), Square(6, 6)], 2):
        assert set(g.between(a, b)) == set(g.between(b, a))


def test_P_14_bearing_arcs_are_exact_angles() -> None:
    t = Square(10, 10)
    assert bearing_arc(t, 2, Square(15, 10)) == "front"
    assert bearing_arc(t, 2, Square(5, 10)) == "rear"
    assert bearing_arc(t, 2, Square(10, 4)) == "side"
    assert bearing_arc(t, 2, Square(13, 7)) == "front|side"       # 45° on a diagonal
    assert bearing_arc(t, 2, Square(7, 13)) == "side|rear"        # 135°
    # a diagonal facing: the 45° lines run along the row and the column
    assert bearing_arc(t, 3, Square(10, 15)) == "front|side"
    assert bearing_arc(t, 3, Square(15, 10)) == "front|side"
    assert bearing_arc(t, 3, Square(5, 10)) == "side|rear"
    assert bearing_arc(t, 3, Square(12, 13)) == "front"           # not rounded to 8 ways
    with pytest.raises(CoordinateError):
        bearing_arc(t, 0, t)


def test_both_grids_follow_the_grid_protocol() -> None:
    sq, hx = SquareGrid(10, 8), HexGrid(10, 8)
    for g in (sq, hx):
        assert isinstance(g, Grid)
        cells = list(g.cells())
        assert len(cells) == 80 and all(g.contains(c) for c in cells)
        c = cells[35]
        assert g.parse(g.name(c)) == c
        assert all(g.distance(c, n) <= 1.5 for n in g.neighbours(c))
    assert hx.parse("0302") == Hex.from_offset(3, 2)
    with pytest.raises(OffMapError):
        hx.parse("1200")
