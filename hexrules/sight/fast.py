"""Fast line of sight for bulk queries: one pair, a viewshed, all pairs (L-1…L-7).

Gives exactly the verdicts of :func:`hexrules.sight.line_of_sight` (the tests compare them on
every pair of several maps) but runs as compiled code (numba):

* The hexes a sight line meets depend only on the delta between its ends, and the lattice
  frame is symmetric under ``x → −x`` and ``y → −y``; so for a map of R rows × C columns the
  walk is done once per delta of one quadrant and kept as a table (CSR arrays): each passed
  hex or grazed hexside with its exact entry and exit parameters, as integer numerators over
  a common denominator ``Q`` per delta.
* The walk is exact and independent of shapely: the segment is cut at every crossing with
  the three families of lattice lines that carry hexsides (``x = k``, ``x + y = k``,
  ``y − x = k``); the midpoint of each piece is classified in integer arithmetic as inside
  one hex or on a hexside.
* The verdict walks that table from the lower unit and checks every entry against the chart
  line in integers: a point at rise ``k`` and parameter ``p/Q`` is clear iff
  ``k·Q ≤ top·p`` (L-5, a point on the line counts as below).

Examples
--------
>>> from hexrules import HexMap
>>> from hexrules.sight.fast import visible, viewshed
>>> m = HexMap.load("training")
>>> a, b = m.parse("4563BB"), m.parse("4563BF")
>>> from hexrules.sight import line_of_sight
>>> visible(m, a, b) == line_of_sight(m, a, b).visible
True
>>> viewshed(m, a).shape
(30, 30)
"""

from __future__ import annotations

import weakref

import numba as nb
import numpy as np

from hexrules.errors import RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap

__all__ = ["FastSight", "fast_sight", "viewshed", "visibility_matrix", "visible"]

_NOGRAZE = -32768
_OFFMAP = -30000
_PAD = 2


@nb.njit(cache=True)
def _gcd(a: int, b: int) -> int:  # pragma: no cover - compiled
    while b:
        a, b = b, a % b
    return a


@nb.njit(cache=True)
def _classify(mx: int, my: int, s: int) -> tuple[bool, int, int]:  # pragma: no cover - compiled
    """The hex (lattice x, row) whose interior strictly holds the point (mx/s, my/s)."""
    r0 = my // (3 * s)
    for r in (r0, r0 + 1):
        u = mx - r * s
        q = (u + s) // (2 * s)
        cx = r + 2 * q
        ax = abs(mx - cx * s)
        ay = abs(my - 3 * r * s)
        if ax < s and ax + ay < 2 * s:
            return True, cx, r
    return False, 0, 0


@nb.njit(cache=True)
def _walk(dx, dy, xs, rs, xs2, rs2, pin, pout, start, write):  # pragma: no cover - compiled
    """Walk the segment (0,0)→(dx,dy), dx, dy ≥ 0, lattice frame. Returns (count, Q)."""
    dens = (dx, dx + dy, abs(dy - dx))
    big_q = 1
    for d in dens:
        if d > 0:
            big_q = big_q // _gcd(big_q, d) * d
    steps = np.zeros(3, dtype=np.int64)
    nxt = np.zeros(3, dtype=np.int64)
    for f in range(3):
        if dens[f] > 0:
            steps[f] = big_q // dens[f]
            nxt[f] = steps[f]
        else:
            nxt[f] = big_q + 1  # never crossed
    s = 2 * big_q
    n = 0
    prev = 0
    while prev < big_q:
        cur = big_q
        for f in range(3):
            if nxt[f] < cur:
                cur = nxt[f]
        for f in range(3):
            if nxt[f] == cur:
                nxt[f] += steps[f]
        m = prev + cur
        mx = dx * m
        my = dy * m
        ok, cx, cr = _classify(mx, my, s)
        gx, gr = _NOGRAZE, _NOGRAZE
        if not ok:
            if dx == 0:
                ok1, cx, cr = _classify(8 * mx + s, 8 * my, 8 * s)
                ok2, gx, gr = _classify(8 * mx - s, 8 * my, 8 * s)
            else:  # dx == dy: along a hexside of direction (1, 1)
                ok1, cx, cr = _classify(8 * mx + s, 8 * my - s, 8 * s)
                ok2, gx, gr = _classify(8 * mx - s, 8 * my + s, 8 * s)
            if not (ok1 and ok2):
                raise ValueError("internal error: unclassified point on a sight line")
        merged = False
        if n > 0:
            j = start + n - 1
            if write and xs[j] == cx and rs[j] == cr and xs2[j] == gx and rs2[j] == gr:
                pout[j] = cur
                merged = True
            elif not write and pin[0] == cx and pin[1] == cr and pout[0] == gx and pout[1] == gr:
                merged = True
        if not merged:
            if write:
                j = start + n
                xs[j] = cx
                rs[j] = cr
                xs2[j] = gx
                rs2[j] = gr
                pin[j] = prev
                pout[j] = cur
            else:  # counting pass: remember the last piece in the scratch arrays
                pin[0] = cx
                pin[1] = cr
                pout[0] = gx
                pout[1] = gr
            n += 1
        prev = cur
    return n, big_q


@nb.njit(cache=True)
def _build(rmax, xmax):  # pragma: no cover - compiled
    """Walk every delta (x in 0..xmax, row in 0..rmax, same parity) into CSR tables."""
    count = np.zeros((rmax + 1, xmax + 1), dtype=np.int64)
    qden = np.ones((rmax + 1, xmax + 1), dtype=np.int64)
    scratch_a = np.zeros(2, dtype=np.int64)
    scratch_b = np.zeros(2, dtype=np.int64)
    dummy16 = np.zeros(1, dtype=np.int16)
    for r in range(rmax + 1):
        for x in range(xmax + 1):
            if (x - r) % 2 != 0 or (x == 0 and r == 0):
                continue
            n, big_q = _walk(x, 3 * r, dummy16, dummy16, dummy16, dummy16,
                             scratch_a, scratch_b, 0, False)
            count[r, x] = n
            qden[r, x] = big_q
    total = count.sum()
    start = np.zeros((rmax + 1, xmax + 1), dtype=np.int64)
    xs = np.zeros(total, dtype=np.int16)
    rs = np.zeros(total, dtype=np.int16)
    xs2 = np.zeros(total, dtype=np.int16)
    rs2 = np.zeros(total, dtype=np.int16)
    pin = np.zeros(total, dtype=np.int64)
    pout = np.zeros(total, dtype=np.int64)
    pos = 0
    for r in range(rmax + 1):
        for x in range(xmax + 1):
            if count[r, x] == 0:
                continue
            start[r, x] = pos
            _walk(x, 3 * r, xs, rs, xs2, rs2, pin, pout, pos, True)
            pos += count[r, x]
    return start, count, qden, xs, rs, xs2, rs2, pin, pout


@nb.njit(cache=True)
def _visible(hl, el, ra, xa, rb, xb, start, count, qden,
             xs, rs, xs2, rs2, pin, pout):  # pragma: no cover - compiled
    """Verdict for the pair of lattice positions (row, x), both on the map."""
    dxl = xb - xa
    dr = rb - ra
    if dxl == 0 and dr == 0:
        return True
    sx = 1 if dxl >= 0 else -1
    sr = 1 if dr >= 0 else -1
    ax = abs(dxl)
    ar = abs(dr)
    s0 = start[ar, ax]
    n = count[ar, ax]
    big_q = qden[ar, ax]
    ha = el[ra + _PAD, xa + _PAD]
    hb = el[rb + _PAD, xb + _PAD]
    if ha <= hb:
        fwd = True
        h0 = ha
        top = hb + 1 - ha
    else:
        fwd = False
        h0 = hb
        top = ha + 1 - hb
    k = top - 1
    if k >= 1:  # the higher unit's own hex, at its ground elevation (L-5 [decision])
        t = pin[s0 + n - 1] if fwd else big_q - pout[s0]
        if k * big_q > top * t:
            return False
    for i in range(1, n - 1):
        j = s0 + i if fwd else s0 + n - 1 - i
        e = hl[ra + sr * rs[j] + _PAD, xa + sx * xs[j] + _PAD]
        if xs2[j] != _NOGRAZE:
            e2 = hl[ra + sr * rs2[j] + _PAD, xa + sx * xs2[j] + _PAD]
            if e2 < e:
                e = e2
        k = e - h0
        if k >= 1:
            t = pin[j] if fwd else big_q - pout[j]
            if k * big_q > top * t:
                return False
    return True


@nb.njit(cache=True, parallel=True)
def _viewshed(hl, el, rows, cols, ra, xa, start, count, qden,
              xs, rs, xs2, rs2, pin, pout):  # pragma: no cover - compiled
    out = np.zeros((rows, cols), dtype=np.bool_)
    for row in nb.prange(rows):
        for col in range(cols):
            x = 2 * col + (row & 1)
            out[row, col] = _visible(hl, el, ra, xa, row, x, start, count, qden,
                                     xs, rs, xs2, rs2, pin, pout)
    return out


@nb.njit(cache=True, parallel=True)
def _all_pairs(hl, el, rows, cols, start, count, qden,
               xs, rs, xs2, rs2, pin, pout):  # pragma: no cover - compiled
    n = rows * cols
    out = np.zeros((n, n), dtype=np.bool_)
    for i in nb.prange(n):
        ra = i // cols
        xa = 2 * (i % cols) + (ra & 1)
        out[i, i] = True
        for j in range(i + 1, n):
            rb = j // cols
            xb = 2 * (j % cols) + (rb & 1)
            v = _visible(hl, el, ra, xa, rb, xb, start, count, qden,
                         xs, rs, xs2, rs2, pin, pout)
            out[i, j] = v
    for i in range(n):
        for j in range(i + 1, n):
            out[j, i] = out[i, j]
    return out


_TABLES: dict[tuple[int, int], tuple[np.ndarray, ...]] = {}


def _tables(rows: int, cols: int) -> tuple[np.ndarray, ...]:
    """The walk tables for a map size (cached; a larger size's tables serve smaller maps)."""
    for (r, c), tables in _TABLES.items():
        if r >= rows and c >= cols:
            return tables
    tables = _build(rows - 1, 2 * cols)
    _TABLES[(rows, cols)] = tables
    return tables


class FastSight:
    """Compiled line of sight over one map: pairs, viewsheds and the all-pairs matrix.

    Parameters
    ----------
    hexmap : HexMap

    Examples
    --------
    >>> from hexrules import HexMap
    >>> fs = FastSight(HexMap.flat(6, 5))
    >>> bool(fs.visible(Hex(0, 0), Hex(3, 2)))
    True
    >>> fs.matrix().shape
    (30, 30)
    """

    def __init__(self, hexmap: HexMap) -> None:
        if not isinstance(hexmap, HexMap):
            raise RulesTypeError(f"FastSight needs a HexMap, "
                                 f"got {type(hexmap).__name__} {hexmap!r}")
        self.hexmap = hexmap
        rows, cols = hexmap.rows, hexmap.cols
        width = 2 * cols + 1 + 2 * _PAD
        hl = np.full((rows + 2 * _PAD, width), _OFFMAP, dtype=np.int32)
        el = np.full((rows + 2 * _PAD, width), _OFFMAP, dtype=np.int32)
        for row in range(rows):
            x = np.arange(cols) * 2 + (row & 1) + _PAD
            hl[row + _PAD, x] = hexmap.effective_heights[row]
            el[row + _PAD, x] = hexmap.elevation[row]
        self._hl, self._el = hl, el
        self._tables = _tables(rows, cols)

    def _pos(self, h: Hex) -> tuple[int, int]:
        if not isinstance(h, Hex):
            raise RulesTypeError(f"FastSight takes Hex values, got {h!r}: use hexmap.parse(...) "
                                 "for a military name")
        col, row = self.hexmap._index(h)[::-1]
        return row, 2 * col + (row & 1)

    def visible(self, a: Hex, b: Hex) -> bool:
        """Whether ``a`` sees ``b`` (same verdict as :func:`~hexrules.sight.line_of_sight`).

        Examples
        --------
        >>> m = HexMap.load("training")
        >>> fs = FastSight(m)
        >>> fs.visible(m.parse("4563KC"), m.parse("4564GD"))  # L-5
        False
        >>> fs.visible(m.parse("4563AE"), m.parse("4563AF"))  # L-4
        True
        """
        ra, xa = self._pos(a)
        rb, xb = self._pos(b)
        return _visible(self._hl, self._el, ra, xa, rb, xb, *self._tables)

    def viewshed(self, a: Hex) -> np.ndarray:
        """Boolean array ``[row, col]``: the hexes ``a`` sees (``a`` itself included).

        Examples
        --------
        >>> fs = FastSight(HexMap.flat(6, 5))
        >>> v = fs.viewshed(Hex(0, 0))
        >>> v.shape, bool(v.all())  # a flat map: every hex is seen
        ((5, 6), True)
        """
        ra, xa = self._pos(a)
        m = self.hexmap
        return _viewshed(self._hl, self._el, m.rows, m.cols, ra, xa, *self._tables)

    def matrix(self) -> np.ndarray:
        """All-pairs visibility, ``[i, j]`` with ``i = row * cols + col`` (symmetric, L-7).

        Examples
        --------
        >>> mat = FastSight(HexMap.load("training")).matrix()
        >>> mat.shape, bool((mat == mat.T).all())
        ((900, 900), True)
        """
        m = self.hexmap
        return _all_pairs(self._hl, self._el, m.rows, m.cols, *self._tables)


_CACHE: weakref.WeakKeyDictionary[HexMap, FastSight] = weakref.WeakKeyDictionary()


def fast_sight(hexmap: HexMap) -> FastSight:
    """The (cached) :class:`FastSight` of a map.

    Examples
    --------
    >>> m = HexMap.load("training")
    >>> fs = fast_sight(m)
    >>> fs is fast_sight(m), fs.hexmap is m
    (True, True)
    """
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"fast line of sight needs a HexMap, got {type(hexmap).__name__} "
                             f"{hexmap!r}")
    fs = _CACHE.get(hexmap)
    if fs is None:
        fs = _CACHE[hexmap] = FastSight(hexmap)
    return fs


def visible(hexmap: HexMap, a: Hex | str, b: Hex | str) -> bool:
    """Whether ``a`` sees ``b`` on ``hexmap``: the fast path of :func:`line_of_sight`.

    ``a`` and ``b`` are hexes or military names.

    Examples
    --------
    >>> m = HexMap.load("training")
    >>> visible(m, "4563KC", "4564GD"), visible(m, "4563AC", "4563FF")
    (False, True)
    """
    return bool(fast_sight(hexmap).visible(hexmap.parse(a), hexmap.parse(b)))


def viewshed(hexmap: HexMap, a: Hex | str) -> np.ndarray:
    """Boolean array ``[row, col]`` of the hexes seen from ``a``.

    Examples
    --------
    >>> m = HexMap.load("training")
    >>> v = viewshed(m, "4563KC")
    >>> v.shape, int(v.sum())
    ((30, 30), 317)
    >>> col, row = m.parse("4563KC").to_offset()
    >>> bool(v[row, col])  # a hex sees itself
    True
    """
    return fast_sight(hexmap).viewshed(hexmap.parse(a))


def visibility_matrix(hexmap: HexMap) -> np.ndarray:
    """All-pairs visibility matrix ``[i, j]``, ``i = row * cols + col``.

    Examples
    --------
    >>> m = HexMap.load("training")
    >>> mat = visibility_matrix(m)
    >>> mat.shape
    (900, 900)
    >>> a, b = m.parse("4563KC"), m.parse("4564GD")
    >>> i = a.r * m.cols + a.to_offset()[0]
    >>> j = b.r * m.cols + b.to_offset()[0]
    >>> bool(mat[i, j]) == visible(m, a, b)
    True
    """
    return fast_sight(hexmap).matrix()
