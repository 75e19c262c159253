"""Grids a variant can be played on: the :class:`Grid` protocol and its two implementations.

The tank game is played on hexes (:class:`hexrules.map.hexgrid.Hex`, rules M-1, M-3); the
Prokhorovka variant (Appendix B, P-5) on squares (:class:`~hexrules.grid.square.Square`).
Code that only needs a board's shape — neighbours, distance, names, "is this on the map" —
takes a :class:`Grid` and works on either:

* :class:`~hexrules.grid.square.SquareGrid` — squares, 8 neighbours, Euclidean range between
  centres (P-5), the squares a sight line passes through (P-18);
* :class:`~hexrules.grid.hexes.HexGrid` — a rectangle of hexes in offset coordinates with
  the hex distance (M-1, M-3); hex sight stays in :mod:`hexrules.sight` (L-1…L-7), which
  needs heights and terrain, not only the grid.

A cell is a frozen, hashable value (``Hex`` or ``Square``); a grid is a value too.

Examples
--------
>>> from hexrules.grid import Grid, HexGrid, SquareGrid
>>> sq, hx = SquareGrid(10, 10), HexGrid(10, 10)
>>> isinstance(sq, Grid) and isinstance(hx, Grid)
True
>>> len(sq.neighbours(sq.parse("5,5"))), len(hx.neighbours(hx.parse("0505")))
(8, 6)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Protocol, runtime_checkable

from hexrules.grid.hexes import HexGrid
from hexrules.grid.square import DIRECTIONS, Square, SquareGrid

__all__ = ["DIRECTIONS", "Grid", "HexGrid", "Square", "SquareGrid"]


@runtime_checkable
class Grid(Protocol):
    """What every board shape provides; cells are hashable values of the grid's own type."""

    @property
    def width(self) -> int: ...  # pragma: no cover

    @property
    def height(self) -> int: ...  # pragma: no cover

    def contains(self, cell: Hashable) -> bool: ...  # pragma: no cover

    def neighbours(self, cell: Hashable) -> list: ...  # pragma: no cover

    def distance(self, a: Hashable, b: Hashable) -> float: ...  # pragma: no cover

    def parse(self, name: object) -> Hashable: ...  # pragma: no cover

    def name(self, cell: Hashable) -> str: ...  # pragma: no cover

    def cells(self) -> Iterator: ...  # pragma: no cover
