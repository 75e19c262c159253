"""Rivers from a DEM's drainage: where the water runs (M-6, measured, not drawn).

1. **Fill** the depressions (priority flood, Barnes et al. 2014): water spills out of every
   pit over its lowest rim, and flats get a tiny slope towards the spill point, so every cell
   drains to the DEM's edge.
2. **Flow direction** (D8): each cell drains to the neighbour of the steepest descent.
3. **Flow accumulation**: the area upstream of each cell, in km².
4. Cells whose upstream area reaches a threshold (``river_km2``) are river cells; each one's
   segment to the cell it drains into is a piece of river, placed on hexsides by
   :func:`hexrules.mapmaking.placement.line_hexsides`.

A DEM's own cells are coarse (the sample DEM's are 75 m × 93 m, about two hexes), so a river
follows its valley to within a cell; small streams below the threshold are left out.

Examples
--------
>>> import numpy as np
>>> z = np.add.outer(np.arange(3.0), np.arange(4.0))  # a slope down to the north-west corner
>>> receiver, area = flow(z)
>>> int(area[0]), int(receiver[0])  # all 12 cells drain through the corner, which leaves
(12, -1)
>>> int(receiver[1 * 4 + 1])  # cell (1, 1) drains diagonally into (0, 0)
0
"""

from __future__ import annotations

import numba as nb
import numpy as np

__all__ = ["flow", "river_segments"]

_DR = np.array([-1, -1, 0, 1, 1, 1, 0, -1])
_DC = np.array([0, 1, 1, 1, 0, -1, -1, -1])


@nb.njit(cache=True)
def _push(heap_v, heap_i, n, v, i):  # pragma: no cover - compiled
    k = n
    heap_v[k] = v
    heap_i[k] = i
    while k > 0:
        p = (k - 1) // 2
        if heap_v[p] <= heap_v[k]:
            break
        heap_v[p], heap_v[k] = heap_v[k], heap_v[p]
        heap_i[p], heap_i[k] = heap_i[k], heap_i[p]
        k = p
    return n + 1


@nb.njit(cache=True)
def _pop(heap_v, heap_i, n):  # pragma: no cover - compiled
    v, i = heap_v[0], heap_i[0]
    n -= 1
    heap_v[0], heap_i[0] = heap_v[n], heap_i[n]
    k = 0
    while True:
        a, b, s = 2 * k + 1, 2 * k + 2, k
        if a < n and heap_v[a] < heap_v[s]:
            s = a
        if b < n and heap_v[b] < heap_v[s]:
            s = b
        if s == k:
            break
        heap_v[s], heap_v[k] = heap_v[k], heap_v[s]
        heap_i[s], heap_i[k] = heap_i[k], heap_i[s]
        k = s
    return v, i, n


@nb.njit(cache=True)
def _flow(z, dr, dc, wy, wx):  # pragma: no cover - compiled
    rows, cols = z.shape
    size = rows * cols
    filled = np.empty(size)
    done = np.zeros(size, dtype=np.bool_)
    heap_v = np.empty(size)
    heap_i = np.empty(size, dtype=np.int64)
    n = 0
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if np.isnan(z[r, c]):
                done[i] = True
                filled[i] = np.nan
            elif r == 0 or c == 0 or r == rows - 1 or c == cols - 1:
                done[i] = True
                filled[i] = z[r, c]
                n = _push(heap_v, heap_i, n, z[r, c], i)
    order = np.empty(size, dtype=np.int64)
    k = 0
    while n > 0:
        v, i, n = _pop(heap_v, heap_i, n)
        order[k] = i
        k += 1
        r, c = i // cols, i % cols
        for d in range(8):
            rr, cc = r + dr[d], c + dc[d]
            if rr < 0 or cc < 0 or rr >= rows or cc >= cols:
                continue
            j = rr * cols + cc
            if done[j]:
                continue
            done[j] = True
            # a pit fills to its rim, plus a tiny rise so the flat drains to the spill point
            filled[j] = max(z[rr, cc], v + 1e-6)
            n = _push(heap_v, heap_i, n, filled[j], j)
    receiver = np.full(size, -1, dtype=np.int64)
    for t in range(k):
        i = order[t]
        r, c = i // cols, i % cols
        best, slope = -1, 0.0
        for d in range(8):
            rr, cc = r + dr[d], c + dc[d]
            if rr < 0 or cc < 0 or rr >= rows or cc >= cols:
                continue
            j = rr * cols + cc
            if np.isnan(filled[j]):
                continue
            dist = np.sqrt((dr[d] * wy) ** 2 + (dc[d] * wx) ** 2)
            s = (filled[i] - filled[j]) / dist
            if s > slope:
                best, slope = j, s
        receiver[i] = best
    area = np.zeros(size)
    for t in range(k - 1, -1, -1):  # from the highest filled cell down
        i = order[t]
        area[i] += 1.0
        if receiver[i] >= 0:
            area[receiver[i]] += area[i]
    return receiver, area, order[:k]


def flow(heights: np.ndarray, cell_metres: tuple[float, float] = (1.0, 1.0)
         ) -> tuple[np.ndarray, np.ndarray]:
    """D8 flow on a filled DEM: each cell's receiver and the number of cells it drains.

    Parameters
    ----------
    heights : array of float, shape (rows, cols)
        Ground heights; NaN cells take no part.
    cell_metres : (float, float)
        Cell width and height, for the slope to a diagonal neighbour.

    Returns
    -------
    receiver : array of int, shape (rows * cols,)
        Flat index of the cell each cell drains into; -1 where it leaves the DEM.
    area : array of float, shape (rows * cols,)
        Cells drained through each cell, itself included.
    """
    z = np.ascontiguousarray(heights, dtype=np.float64)
    receiver, area, _ = _flow(z, _DR, _DC, float(cell_metres[1]), float(cell_metres[0]))
    return receiver, area


def river_segments(heights: np.ndarray, cell_metres: tuple[float, float], river_km2: float
                   ) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The river pieces of a DEM: ``((row, col), (row, col))`` from each cell draining at
    least ``river_km2`` of upstream area to the cell it drains into.

    >>> z = np.add.outer(np.arange(6.0), 3 * np.abs(np.arange(7.0) - 3))  # a valley draining north
    >>> segs = river_segments(z, (100.0, 100.0), 0.05)  # 5 cells of 1 ha
    >>> sorted({a[1] for a, b in segs})  # the valley floor, column 3
    [3]
    """
    receiver, area = flow(heights, cell_metres)
    cell_km2 = cell_metres[0] * cell_metres[1] / 1e6
    cols = heights.shape[1]
    big = np.flatnonzero((area * cell_km2 >= river_km2) & (receiver >= 0))
    return [((int(i // cols), int(i % cols)), (int(receiver[i] // cols),
                                               int(receiver[i] % cols))) for i in big]
