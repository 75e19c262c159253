"""Hex grid maths (rules M-1, M-3): the :class:`Hex` value type.

Hexes are *pointy-top*, laid in horizontal rows numbered top to bottom, odd rows shifted half
a hex to the right ("odd-r" offset coordinates, M-3). Internally a hex is an *axial*
coordinate ``(q, r)``: ``r`` is the row, ``q`` grows to the east. The six directions are
numbered clockwise from north-east, as the drift chart of A-4: 1 NE, 2 E, 3 SE, 4 SW, 5 W,
6 NW.

This module is pure grid maths: no pixels, no metres. Layout in metres lives in
:mod:`hexrules.map.coords`; the integer *lattice frame* used by line of sight is here because it
is exact grid geometry: the centre of hex ``(q, r)`` is the integer point ``(2q + r, 3r)`` and
its six corners are the centre plus ``(±1, ±1)`` and ``(0, ±2)`` (y grows downwards, to the
south).

Examples
--------
>>> a = Hex(0, 0)
>>> b = Hex.from_offset(3, 4)
>>> b
Hex(1, 4)
>>> b.to_offset()
(3, 4)
>>> a.distance(b)
5
>>> a.neighbor(2)
Hex(1, 0)
>>> a + Hex(1, -1) == a.neighbor(1)
True
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hexrules.errors import CoordinateError, CoordinateTypeError

__all__ = [
    "DIRECTION_NAMES",
    "DIRECTIONS",
    "Hex",
]


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex, in axial coordinates ``(q, r)`` (pointy-top, ``r`` = row, south is +r).

    A frozen, hashable value: hexes can be dict keys and set members, support ``+``, ``-``
    and multiplication by an integer, and ``repr`` evaluates back to the same hex.

    Parameters
    ----------
    q, r : int
        Axial coordinates. The third cube coordinate is ``s = -q - r``.

    Raises
    ------
    CoordinateTypeError
        If ``q`` or ``r`` is not an integer (a :class:`~hexrules.errors.CoordinateError` and
        a :class:`TypeError`).

    Examples
    --------
    >>> Hex(2, -1) + Hex(1, 1)
    Hex(3, 0)
    >>> Hex(1, 2).s
    -3
    >>> Hex(1.5, 0)
    Traceback (most recent call last):
    ...
    hexrules.errors.CoordinateTypeError: Hex coordinates must be integers, got q=1.5, r=0
    """

    q: int
    r: int

    def __post_init__(self) -> None:
        for value in (self.q, self.r):
            if isinstance(value, bool) or not isinstance(value, int):
                # numpy integers are accepted and normalised to int
                if hasattr(value, "__index__") and not isinstance(value, bool):
                    continue
                raise CoordinateTypeError(
                    f"Hex coordinates must be integers, got q={self.q!r}, r={self.r!r}"
                )
        object.__setattr__(self, "q", int(self.q))
        object.__setattr__(self, "r", int(self.r))

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at odd-r offset position ``(col, row)`` (M-3: odd rows shifted right).

        >>> Hex.from_offset(0, 1), Hex.from_offset(0, 2)
        (Hex(0, 1), Hex(-1, 2))
        >>> Hex.from_offset(1.5, 0)
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateTypeError: offset coordinates must be integers, got col=1.5, row=0
        """
        col = _integer(col, f"offset coordinates must be integers, got col={col!r}, row={row!r}")
        row = _integer(row, f"offset coordinates must be integers, got col={col!r}, row={row!r}")
        return cls(col - (row - (row & 1)) // 2, row)

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """The hex with cube coordinates ``(q, r, s)``; they must sum to zero.

        >>> Hex.from_cube(1, -2, 1)
        Hex(1, -2)
        >>> Hex.from_cube(1, 1, 1)
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: cube coordinates must sum to 0, got (1, 1, 1)
        """
        for v in (q, r, s):
            _integer(v, f"cube coordinates must be integers, got ({q!r}, {r!r}, {s!r})")
        if q + r + s != 0:
            raise CoordinateError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return cls(q, r)

    @classmethod
    def round(cls, fq: float, fr: float) -> Hex:
        """The hex holding the fractional axial point ``(fq, fr)`` (cube rounding).

        >>> Hex.round(0.2, 0.1), Hex.round(1.2, -0.9)
        (Hex(0, 0), Hex(1, -1))
        >>> Hex.round(float("nan"), 0)
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: Hex.round needs finite numbers, got fq=nan, fr=0
        """
        if any(isinstance(v, bool) or not hasattr(v, "__float__") for v in (fq, fr)):
            raise CoordinateTypeError(f"Hex.round needs numbers, got fq={fq!r}, fr={fr!r}")
        if not all(math.isfinite(v) for v in (fq, fr)):
            raise CoordinateError(f"Hex.round needs finite numbers, got fq={fq!r}, fr={fr!r}")
        fs = -fq - fr
        q, r, s = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        return _make(int(q), int(r))

    # -- conversions ----------------------------------------------------------------------
    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def to_offset(self) -> tuple[int, int]:
        """``(col, row)`` in odd-r offset coordinates.

        >>> Hex(-1, 2).to_offset()
        (0, 2)
        """
        return self.q + (self.r - (self.r & 1)) // 2, self.r

    def to_cube(self) -> tuple[int, int, int]:
        """``(q, r, s)`` cube coordinates.

        >>> Hex(1, 2).to_cube()
        (1, 2, -3)
        """
        return self.q, self.r, self.s

    def lattice(self) -> tuple[int, int]:
        """The hex centre in the integer lattice frame, ``(2q + r, 3r)``.

        Corners are the centre plus ``(±1, ±1)`` and ``(0, ±2)``; line of sight works in this
        frame so that every hexside and vertex test is exact.

        >>> Hex(1, 1).lattice()
        (3, 3)
        """
        return 2 * self.q + self.r, 3 * self.r

    def corners(self) -> list[tuple[int, int]]:
        """The six corners in the lattice frame, clockwise from the top (north) vertex.

        >>> Hex(0, 0).corners()
        [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]
        """
        x, y = self.lattice()
        return [(x + dx, y + dy) for dx, dy in _CORNERS]

    def side_corners(self, other: Hex) -> list[tuple[int, int]]:
        """The two end points, in the lattice frame, of the hexside shared with ``other``.

        Sorted, so ``a.side_corners(b) == b.side_corners(a)``. For drawing a river (M-6) or
        a sight line along a hexside (L-1); :meth:`hexrules.map.coords.Georef.hexside_points`
        gives them in metres.

        Raises
        ------
        CoordinateError
            If ``other`` is not adjacent.

        Examples
        --------
        >>> Hex(0, 0).side_corners(Hex(1, 0))  # the east side
        [(1, -1), (1, 1)]
        >>> Hex(0, 0).side_corners(Hex(2, 0))
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: Hex(2, 0) is not adjacent to Hex(0, 0): only adjacent \
hexes share a hexside (M-6)
        """
        _require_hex(other, "side_corners")
        if self.distance(other) != 1:
            raise CoordinateError(
                f"{other!r} is not adjacent to {self!r}: only adjacent hexes share a hexside (M-6)"
            )
        return sorted(set(self.corners()) & set(other.corners()))

    # -- arithmetic -----------------------------------------------------------------------
    def __add__(self, other: Hex) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return _make(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return _make(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        return Hex(self.q * k, self.r * k)

    __rmul__ = __mul__

    def __neg__(self) -> Hex:
        return _make(-self.q, -self.r)

    def __bool__(self) -> bool:
        """False only for the zero vector ``Hex(0, 0)``."""
        return bool(self.q or self.r)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    # -- grid relations -------------------------------------------------------------------
    def length(self) -> int:
        """Distance from the origin hex, in hexes.

        >>> Hex(2, -3).length()
        3
        """
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Distance in hexes (M-1): the number of steps from this hex to ``other``.

        >>> Hex(0, 0).distance(Hex(3, -1))
        3
        """
        _require_hex(other, "distance")
        return (self - other).length()

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` 1–6 (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW; M-3).

        >>> Hex(0, 0).neighbor(6)
        Hex(0, -1)
        """
        return self + direction_vector(direction)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes in direction order 1 NE … 6 NW.

        >>> Hex(0, 0).neighbors()
        [Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1)]
        """
        return [self + d for d in DIRECTIONS]

    def direction_to(self, other: Hex) -> int:
        """The direction number 1–6 of an adjacent hex ``other``.

        >>> Hex(0, 0).direction_to(Hex(0, 1))
        3
        """
        _require_hex(other, "direction_to")
        try:
            return DIRECTIONS.index(other - self) + 1
        except ValueError:
            raise CoordinateError(f"{other!r} is not adjacent to {self!r}") from None

    def ring(self, radius: int) -> list[Hex]:
        """All hexes at exactly ``radius`` from this one (one hex for radius 0).

        >>> len(Hex(0, 0).ring(2))
        12
        >>> Hex(0, 0).ring(-1)
        Traceback (most recent call last):
        ...
        hexrules.errors.CoordinateError: ring radius must be >= 0, got -1
        """
        radius = _radius(radius)
        if radius == 0:
            return [self]
        result = []
        h = self + DIRECTIONS[4] * radius  # start due west, walk clockwise
        for side in range(6):
            step = DIRECTIONS[side]  # NE, E, SE, SW, W, NW
            for _ in range(radius):
                result.append(h)
                h = h + step
        return result

    def spiral(self, radius: int) -> Iterator[Hex]:
        """This hex, then rings 1 … ``radius`` (A-5 zones use rings 0–2).

        >>> list(Hex(0, 0).spiral(1))
        [Hex(0, 0), Hex(-1, 0), Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1)]
        >>> len(list(Hex(0, 0).spiral(2)))
        19
        """
        radius = _radius(radius)  # checked now, not when the first hex is asked for
        return self._spiral(radius)

    def _spiral(self, radius: int) -> Iterator[Hex]:
        for k in range(radius + 1):
            yield from self.ring(k)


def _integer(value: Any, message: str) -> int:
    """``value`` as an int (numpy integers too); anything else is a type mistake."""
    if isinstance(value, bool):
        raise CoordinateTypeError(message)
    try:
        return operator.index(value)
    except TypeError:
        raise CoordinateTypeError(message) from None


def _radius(radius: Any) -> int:
    r = _integer(radius, f"ring radius must be an integer >= 0, got {radius!r}")
    if r < 0:
        raise CoordinateError(f"ring radius must be >= 0, got {r}")
    return r


def _require_hex(value: Any, where: str) -> None:
    if not isinstance(value, Hex):
        hint = ""
        if isinstance(value, tuple) and len(value) == 2:
            hint = f" (for offset col, row use Hex.from_offset{value!r})"
        raise CoordinateTypeError(f"{where} needs a Hex, got {value!r}{hint}")


def _make(q: int, r: int) -> Hex:
    """A Hex from known-good ints, skipping validation (hot paths only)."""
    h = object.__new__(Hex)
    object.__setattr__(h, "q", q)
    object.__setattr__(h, "r", r)
    return h


_CORNERS = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]

#: The six unit vectors in M-3 order: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW.
DIRECTIONS: list[Hex] = [Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1)]

#: Bilingual direction names, index 0 = direction 1.
DIRECTION_NAMES: list[str] = [
    "1 NE 东北",
    "2 E 东",
    "3 SE 东南",
    "4 SW 西南",
    "5 W 西",
    "6 NW 西北",
]


def direction_vector(direction: int) -> Hex:
    """The unit hex vector of direction 1–6 (M-3).

    >>> direction_vector(1)
    Hex(1, -1)
    >>> direction_vector(7)
    Traceback (most recent call last):
    ...
    hexrules.errors.CoordinateError: direction must be 1-6 (1 NE, ... 6 NW; M-3), got 7
    """
    if isinstance(direction, bool) or not isinstance(direction, int):
        raise CoordinateTypeError(
            "direction must be an integer 1-6 (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW; M-3), "
            f"got {direction!r}"
        )
    if not 1 <= direction <= 6:
        raise CoordinateError(
            "direction must be 1-6 (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW; M-3), "
            f"got {direction!r}"
        )
    return DIRECTIONS[direction - 1]
