"""A rectangle of hexes as a :class:`~hexrules.grid.Grid` (M-1, M-3).

The tank game's hexes (:class:`~hexrules.map.hexgrid.Hex`, odd-r offset columns and rows) seen
through the same small protocol as the square grid, so shape-only code (neighbours, range,
names) serves both. Names are the offset ``CCRR`` digits (M-3); a map's military names
(M-2) stay with :class:`~hexrules.map.hexmap.HexMap`.

>>> g = HexGrid(8, 6)
>>> h = g.parse("0302")
>>> h, g.name(h), len(g.neighbours(h)), g.distance(h, g.parse("0502"))
(Hex(2, 2), '0302', 6, 2)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from hexrules.errors import CoordinateError, CoordinateTypeError, OffMapError
from hexrules.map.hexgrid import Hex

__all__ = ["HexGrid"]

_CCRR = re.compile(r"(\d{2})(\d{2})")


@dataclass(frozen=True, slots=True)
class HexGrid:
    """``width`` columns × ``height`` rows of pointy-top hexes, odd rows shifted (M-3)."""

    width: int
    height: int

    def contains(self, h: Hex) -> bool:
        """Whether ``h`` is inside the rectangle."""
        col, row = h.to_offset()
        return 0 <= col < self.width and 0 <= row < self.height

    def cells(self) -> Iterator[Hex]:
        """Every hex, row by row."""
        for row in range(self.height):
            for col in range(self.width):
                yield Hex.from_offset(col, row)

    def neighbours(self, h: Hex) -> list[Hex]:
        """The neighbours of ``h`` inside the rectangle (6 inside, fewer at an edge)."""
        return [n for n in h.neighbors() if self.contains(n)]

    def distance(self, a: Hex, b: Hex) -> int:
        """The hex distance (M-1)."""
        return a.distance(b)

    def name(self, h: Hex) -> str:
        """``'CCRR'``: offset column and row, two digits each."""
        col, row = h.to_offset()
        return f"{col:02d}{row:02d}"

    def parse(self, name: object) -> Hex:
        """A hex from ``'CCRR'``, an offset ``(col, row)`` pair or a :class:`Hex`.

        >>> HexGrid(8, 6).parse("0906")
        Traceback (most recent call last):
        ...
        hexrules.errors.OffMapError: hex 0906 is off the 8 × 6 grid (M-3)
        """
        if isinstance(name, Hex):
            h = name
        elif isinstance(name, str):
            m = _CCRR.fullmatch(name.strip())
            if m is None:
                raise CoordinateError(f"{name!r} is not a hex name CCRR like '0302' (M-3)")
            h = Hex.from_offset(int(m[1]), int(m[2]))
        elif isinstance(name, tuple) and len(name) == 2:
            h = Hex.from_offset(*name)
        else:
            raise CoordinateTypeError(f"a hex is a Hex, an offset (col, row) pair or 'CCRR', "
                                      f"got {name!r} (M-3)")
        if not self.contains(h):
            raise OffMapError(f"hex {self.name(h)} is off the {self.width} × {self.height} "
                              f"grid (M-3)")
        return h
