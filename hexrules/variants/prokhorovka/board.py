"""The square map of the variant (P-5, P-6, P-9, P-18, P-19, P-20): :class:`Board`.

A board is a :class:`~hexrules.grid.SquareGrid` with, per square, its ground (forest, plain,
hills), at most one feature (road, barn, house, haystack) and whether a trench runs there.
It answers the terrain questions of the rules, exactly (fractions):

* :meth:`Board.defence` / :meth:`Board.fire` — the P-19 modifiers of a square for an arm;
* :meth:`Board.step_cost` — the P-9 cost of one step, ``1 / (1 + speed)``;
* :meth:`Board.clear` — the P-18 sight line between two squares.

>>> from hexrules.grid import Square
>>> b = Board.blank(20, 20, ground="forest")
>>> b.step_cost(Square(0, 0), Square(1, 1), "armour")      # P-9: a Tiger in forest
Fraction(5, 3)
>>> b.paint_feature("haystack", [Square(5, 5)])
>>> b.clear(Square(4, 5), Square(6, 5)), b.clear(Square(4, 5), Square(6, 3))
(False, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from hexrules.errors import RulesError
from hexrules.grid.square import Square, SquareGrid
from hexrules.variants.prokhorovka.data import FEATURES, GROUNDS, Rules, load_rules

__all__ = ["BLOCKING", "Board"]

#: Features that block sight and fire (P-18).
BLOCKING = frozenset({"barn", "house", "haystack"})
_REPLACES = frozenset({"road", "barn", "house"})  # P-19: these replace the ground


class Board:
    """A square map with ground, features and trenches (see the module docstring).

    Parameters
    ----------
    width, height : int
    ground : numpy array of uint8, shape (height, width)
        Index into ``GROUNDS`` (forest, plain, hills).
    feature : numpy array of uint8
        0 none, else 1 + index into ``FEATURES`` (road, barn, house, haystack).
    trench : numpy array of bool
    rules : Rules, optional
    name : str
    """

    def __init__(self, width: int, height: int, ground: np.ndarray, feature: np.ndarray,
                 trench: np.ndarray, rules: Rules | None = None, name: str = "") -> None:
        self.grid = SquareGrid(width, height)
        self.ground, self.feature, self.trench = ground, feature, trench
        #: each square's height in metres, for display only (P-6; set by the scenario)
        self.heights = np.zeros(ground.shape)
        self.rules = rules if rules is not None else load_rules()
        self.name = name
        self._digest: str | None = None
        self._blk: np.ndarray | None = None
        self._blk_digest = ""
        self._blk_rows: list[bytes] = []
        self._clear_cache: dict[tuple[int, int, int, int], bool] = {}

    @classmethod
    def blank(cls, width: int, height: int, *, ground: str = "plain",
              rules: Rules | None = None, name: str = "") -> Board:
        """A board of one ground, no features, no trenches."""
        if ground not in GROUNDS:
            raise RulesError(f"unknown ground {ground!r}: one of {', '.join(GROUNDS)} (P-6)")
        g = np.full((height, width), GROUNDS.index(ground), dtype=np.uint8)
        return cls(width, height, g, np.zeros_like(g), np.zeros(g.shape, dtype=bool),
                   rules, name)

    # -- painting (used by the scenario loader) ------------------------------------------
    def paint_ground(self, ground: str, squares: Iterable[Square]) -> None:
        """Set the ground of ``squares`` (P-6)."""
        k = GROUNDS.index(ground)
        for sq in squares:
            self.ground[sq.row, sq.col] = k
        self._digest = None

    def paint_feature(self, feature: str, squares: Iterable[Square]) -> None:
        """Put ``feature`` on ``squares`` (P-6)."""
        k = FEATURES.index(feature) + 1
        for sq in squares:
            self.feature[sq.row, sq.col] = k
        self._digest = None

    def paint_trench(self, squares: Iterable[Square]) -> None:
        """Dig a trench in ``squares`` (P-6, P-20)."""
        for sq in squares:
            self.trench[sq.row, sq.col] = True
        self._digest = None

    # -- reading ------------------------------------------------------------------------
    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    def ground_at(self, sq: Square) -> str:
        """The ground of ``sq``: forest, plain or hills."""
        return GROUNDS[self.ground[sq.row, sq.col]]

    def feature_at(self, sq: Square) -> str | None:
        """The feature of ``sq`` (road, barn, house, haystack) or ``None``."""
        k = int(self.feature[sq.row, sq.col])
        return FEATURES[k - 1] if k else None

    def has_trench(self, sq: Square) -> bool:
        """Whether a trench runs through ``sq``."""
        return bool(self.trench[sq.row, sq.col])

    def height_at(self, sq: Square) -> float:
        """The height of ``sq`` in metres (P-6: for display only; no rule reads it)."""
        return float(self.heights[sq.row, sq.col])

    def terrain_at(self, sq: Square) -> str:
        """The terrain whose P-19 values apply: the feature if it replaces the ground."""
        f = self.feature_at(sq)
        return f if f in _REPLACES else self.ground_at(sq)

    def can_enter(self, sq: Square, arm: str) -> bool:
        """Whether a unit of ``arm`` may enter ``sq`` (vehicles enter no house or haystack)."""
        f = self.feature_at(sq)
        key = f if f is not None else self.ground_at(sq)
        return self.grid.contains(sq) and self.rules.terrain[(key, arm)].enter

    def defence(self, sq: Square, arm: str) -> Fraction:
        """The P-19 defence modifier of a target of ``arm`` in ``sq`` (trench added)."""
        d = self.rules.terrain[(self.terrain_at(sq), arm)].defence
        if arm == "infantry" and self.has_trench(sq):
            d += self.rules.trench_defence
        return d

    def fire(self, sq: Square, arm: str, *, win_at_infantry: bool = False) -> Fraction:
        """The P-19 fire modifier of a firer of ``arm`` in ``sq`` (trench: +20, fire to win
        at infantry +40, P-10)."""
        f = self.rules.terrain[(self.terrain_at(sq), arm)].fire
        if arm == "infantry" and self.has_trench(sq):
            f += self.rules.trench_fire_win if win_at_infantry else self.rules.trench_fire
        return f

    def step_cost(self, a: Square, b: Square, arm: str) -> Fraction:
        """The movement points of a step from ``a`` to neighbouring ``b`` (P-9, P-19).

        The road counts only road to road; onto a road from off it the step costs as the
        ground under the road. A diagonal step costs as an orthogonal one.
        """
        f = self.feature_at(b)
        if f == "road" and self.feature_at(a) != "road":
            key = self.ground_at(b)
        else:
            key = f if f in _REPLACES else self.ground_at(b)
        return 1 / (1 + self.rules.terrain[(key, arm)].speed)

    def blocks(self, sq: Square) -> bool:
        """Whether ``sq`` blocks sight and fire (barn, house, haystack; P-18)."""
        return self.feature_at(sq) in BLOCKING

    def clear(self, a: Square, b: Square) -> bool:
        """Whether the line between the centres of ``a`` and ``b`` is clear (P-18).

        Only squares strictly between them can block; a touched corner does not.
        """
        if a == b:
            return True
        pre = self._prefix          # (re)builds the mask and empties the cache if repainted
        key = (a.col, a.row, b.col, b.row)
        hit = self._clear_cache.get(key)
        if hit is not None:
            return hit
        c0, c1 = min(a.col, b.col), max(a.col, b.col)
        r0, r1 = min(a.row, b.row), max(a.row, b.row)
        n = pre[r1 + 1][c1 + 1] - pre[r0][c1 + 1] - pre[r1 + 1][c0] + pre[r0][c0]
        rows = self._blk_rows
        n -= rows[a.row][a.col] + rows[b.row][b.col]
        # no blocker in the box the line runs through, or the exact walk (P-18)
        ok = n == 0 or not _blocked(rows, a.col, a.row, b.col, b.row)
        if len(self._clear_cache) > 500_000:
            self._clear_cache.clear()
        self._clear_cache[key] = ok
        return ok

    @property
    def _blocking(self) -> np.ndarray:
        if self._blk is None or self._blk_digest != self.digest:
            lo, hi = FEATURES.index("barn") + 1, FEATURES.index("haystack") + 1
            self._blk = ((self.feature >= lo) & (self.feature <= hi)).astype(np.int32)
            pre = np.zeros((self.height + 1, self.width + 1), dtype=np.int32)
            pre[1:, 1:] = self._blk.cumsum(0).cumsum(1)
            self._pre, self._blk_digest = pre.tolist(), self.digest
            self._blk_rows = [bytes(r) for r in self._blk.astype(np.uint8)]
            self._clear_cache = {}
        return self._blk

    @property
    def _prefix(self) -> list[list[int]]:
        _ = self._blocking
        return self._pre

    @property
    def digest(self) -> str:
        """A content digest (for records and saved games)."""
        if self._digest is None:
            h = hashlib.sha256(f"{self.width}x{self.height}".encode())
            for arr in (self.ground, self.feature, self.trench):
                h.update(np.ascontiguousarray(arr).tobytes())
            self._digest = h.hexdigest()[:16]
        return self._digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __repr__(self) -> str:
        return f"<Board {self.name or 'unnamed'} {self.width} × {self.height}>"


def _blocked(rows: list[bytes], x0: int, y0: int, x1: int, y1: int) -> bool:
    """The walk of :func:`hexrules.grid.square._walk`, inlined on a blocker mask (P-18)."""
    nx, ny = abs(x1 - x0), abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    x, y, ix, iy = x0, y0, 0, 0
    while True:
        d = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if d == 0:
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif d < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        if ix >= nx and iy >= ny:
            return False
        if rows[y][x]:
            return True
