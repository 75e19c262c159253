"""Square grid maths (Appendix B, P-5, P-14, P-18): :class:`Square` and :class:`SquareGrid`.

Squares are named ``(column, row)`` from the north-west corner: the column grows to the east,
the row to the south (P-5). A square has 8 neighbours, numbered clockwise from north as the
eight facings of P-9: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW. Range is the Euclidean
distance between square centres, in squares (P-5); it is compared exactly through the
squared distance, an integer. A sight line runs between square centres and passes through
the squares whose *interior* it crosses; a touched corner is not crossed (P-18).

Examples
--------
>>> a, b = Square(0, 0), Square(3, 4)
>>> a.distance(b), a.distance2(b)
(5.0, 25)
>>> a.step(2), len(a.neighbours())
(Square(1, 0), 8)
>>> SquareGrid(10, 10).between(Square(0, 0), Square(2, 2))   # through corners only
[Square(1, 1)]
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hexrules.errors import CoordinateError, CoordinateTypeError, OffMapError

__all__ = ["DIRECTIONS", "DIRECTION_NAMES", "Square", "SquareGrid"]

#: The eight directions (facings, P-9) as (d column, d row), clockwise from north.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
#: Their names.
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_DIRECTION_OF = {v: k for k, v in enumerate(DIRECTIONS)}
_NAME = re.compile(r"\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*")


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise CoordinateTypeError(f"{what} must be an integer, got {value!r} (P-5)")
    return int(value)


@dataclass(frozen=True, slots=True, order=True)
class Square:
    """One square ``(col, row)``: a frozen, hashable value (P-5).

    Raises
    ------
    CoordinateTypeError
        If a coordinate is not an integer.

    Examples
    --------
    >>> Square(2, 3), Square(2, 3) == Square(2, 3)
    (Square(2, 3), True)
    >>> Square(1.5, 0)
    Traceback (most recent call last):
    ...
    hexrules.errors.CoordinateTypeError: a square's column must be an integer, got 1.5 (P-5)
    """

    col: int
    row: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "col", _int(self.col, "a square's column"))
        object.__setattr__(self, "row", _int(self.row, "a square's row"))

    def __repr__(self) -> str:
        return f"Square({self.col}, {self.row})"

    def __str__(self) -> str:
        return f"({self.col}, {self.row})"

    def step(self, direction: int) -> Square:
        """The neighbour in ``direction`` (0 N … 7 NW).

        >>> Square(5, 5).step(7)
        Square(4, 4)
        >>> Square(5, 5).step(8)
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: a direction is 0-7 (N … NW), got 8 (P-9)
        """
        if isinstance(direction, bool) or not isinstance(direction, int) \
                or not 0 <= direction < 8:
            raise CoordinateError(f"a direction is 0-7 (N … NW), got {direction!r} (P-9)")
        dc, dr = DIRECTIONS[direction]
        return Square(self.col + dc, self.row + dr)

    def neighbours(self) -> list[Square]:
        """The 8 neighbours, clockwise from north (on or off a map)."""
        return [Square(self.col + dc, self.row + dr) for dc, dr in DIRECTIONS]

    def direction_to(self, other: Square) -> int:
        """The direction (0-7) of a neighbouring square.

        >>> Square(0, 0).direction_to(Square(1, 1))
        3
        """
        d = (other.col - self.col, other.row - self.row)
        if d not in _DIRECTION_OF:
            raise CoordinateError(f"{other} is not a neighbour of {self} (P-5)")
        return _DIRECTION_OF[d]

    def distance2(self, other: Square) -> int:
        """The squared distance between the centres, exact (P-5)."""
        dc, dr = other.col - self.col, other.row - self.row
        return dc * dc + dr * dr

    def distance(self, other: Square) -> float:
        """The Euclidean distance between the centres, in squares (P-5)."""
        return math.sqrt(self.distance2(other))

    def within(self, other: Square, squares: int) -> bool:
        """Whether ``other`` is at most ``squares`` away, decided exactly (P-5, P-11).

        >>> Square(0, 0).within(Square(6, 8), 10), Square(0, 0).within(Square(6, 9), 10)
        (True, False)
        """
        return self.distance2(other) <= squares * squares


@dataclass(frozen=True, slots=True)
class SquareGrid:
    """A ``width`` × ``height`` board of squares, ``(0, 0)`` at the north-west (P-5).

    Examples
    --------
    >>> g = SquareGrid(200, 200)
    >>> g.parse("(199, 0)"), g.name(Square(3, 4))
    (Square(199, 0), '(3, 4)')
    >>> g.parse("200,0")
    Traceback (most recent call last):
    ...
    hexrules.errors.OffMapError: square (200, 0) is off the 200 × 200 map (... 0-199; P-5)
    """

    width: int
    height: int

    def __post_init__(self) -> None:
        for what in ("width", "height"):
            v = _int(getattr(self, what), f"a grid's {what}")
            if v < 1:
                raise CoordinateError(f"a grid's {what} must be at least 1, got {v} (P-5)")

    def contains(self, sq: Square) -> bool:
        """Whether ``sq`` is on the board."""
        return 0 <= sq.col < self.width and 0 <= sq.row < self.height

    def cells(self) -> Iterator[Square]:
        """Every square, row by row from the north-west."""
        for r in range(self.height):
            for c in range(self.width):
                yield Square(c, r)

    def neighbours(self, sq: Square) -> list[Square]:
        """The neighbours of ``sq`` on the board (8 inside, fewer at an edge)."""
        return [n for n in sq.neighbours() if self.contains(n)]

    def distance(self, a: Square, b: Square) -> float:
        """The range between two squares (P-5)."""
        return a.distance(b)

    def name(self, sq: Square) -> str:
        """The square's name, ``'(col, row)'``."""
        return str(sq)

    def parse(self, name: object) -> Square:
        """A square from ``'(c, r)'``, ``'c,r'``, a ``(c, r)`` pair or a :class:`Square`.

        Raises
        ------
        CoordinateTypeError
            For a value of another type.
        CoordinateError
            For a malformed name; :class:`OffMapError` for a square off the board.
        """
        if isinstance(name, Square):
            sq = name
        elif isinstance(name, str):
            m = _NAME.fullmatch(name)
            if m is None:
                raise CoordinateError(f"{name!r} is not a square name like '(12, 30)' (P-5)")
            sq = Square(int(m[1]), int(m[2]))
        elif isinstance(name, tuple | list) and len(name) == 2:
            sq = Square(name[0], name[1])
        else:
            raise CoordinateTypeError(f"a square is a Square, a (col, row) pair or a name like "
                                      f"'(12, 30)', got {name!r} (P-5)")
        if not self.contains(sq):
            raise OffMapError(f"square {sq} is off the {self.width} × {self.height} map "
                              f"(columns and rows 0-{self.width - 1}; P-5)"
                              if self.width == self.height else
                              f"square {sq} is off the {self.width} × {self.height} map "
                              f"(columns 0-{self.width - 1}, rows 0-{self.height - 1}; P-5)")
        return sq

    def between(self, a: Square, b: Square) -> list[Square]:
        """The squares strictly between ``a`` and ``b`` whose interior the centre line crosses.

        Exact integer walk (P-18): where the line passes through a corner it steps
        diagonally, touching the two squares beside the corner without entering them.

        >>> g = SquareGrid(10, 10)
        >>> g.between(Square(0, 0), Square(3, 1))
        [Square(1, 0), Square(2, 1)]
        >>> g.between(Square(0, 0), Square(0, 3))
        [Square(0, 1), Square(0, 2)]
        """
        return list(_walk(a.col, a.row, b.col, b.row))

    def facing_arc(self, target: Square, facing: int, firer: Square) -> str:
        """Where ``firer`` lies seen from ``target`` facing ``facing``: the exact bearing.

        ``'front'`` within 45°, ``'rear'`` beyond 135°, ``'side'`` between, and
        ``'front|side'`` / ``'side|rear'`` exactly on a 45° / 135° line (P-14).

        >>> g = SquareGrid(10, 10)
        >>> g.facing_arc(Square(5, 5), 2, Square(9, 5)), g.facing_arc(Square(5, 5), 2, Square(7, 3))
        ('front', 'front|side')
        >>> g.facing_arc(Square(5, 5), 3, Square(5, 9))   # facing SE, firer due south: 45°
        'front|side'
        """
        return bearing_arc(target, facing, firer)


def bearing_arc(target: Square, facing: int, firer: Square) -> str:
    """The arc of :meth:`SquareGrid.facing_arc`, as a function (P-14)."""
    fx, fy = DIRECTIONS[facing]
    vx, vy = firer.col - target.col, firer.row - target.row
    if vx == 0 and vy == 0:
        raise CoordinateError(f"the firer and the target are both in {target} (P-14)")
    dot = vx * fx + vy * fy
    lhs, rhs = 2 * dot * dot, (vx * vx + vy * vy) * (fx * fx + fy * fy)
    # cos² θ compared with cos² 45° = ½, exactly: 2 (v·f)² against |v|² |f|²
    if dot > 0 and lhs > rhs:
        return "front"
    if dot < 0 and lhs > rhs:
        return "rear"
    if lhs == rhs and dot > 0:
        return "front|side"
    if lhs == rhs and dot < 0:
        return "side|rear"
    return "side"


def _walk(x0: int, y0: int, x1: int, y1: int) -> Iterator[Square]:
    nx, ny = abs(x1 - x0), abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    x, y, ix, iy = x0, y0, 0, 0
    while ix < nx or iy < ny:
        # compare the line's next vertical and horizontal grid crossings, exactly
        d = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if d == 0:
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif d < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        if ix < nx or iy < ny:
            yield Square(x, y)


def _register() -> None:
    from hexrules.records import register

    register(Square, SquareGrid)


_register()
