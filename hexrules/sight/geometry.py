"""The geometry of one sight line (L-1), independent of the map: it depends only on the delta.

:func:`line_geometry` classifies, exactly, every hex the segment from ``Hex(0, 0)`` to
``Hex(dq, dr)`` meets: passed through (with entry and exit as exact fractions of the line),
hexsides run along (grazes) and vertices touched. It is cached per delta and shared by every
map.

>>> g = line_geometry(2, 0)
>>> [(h, str(t_in), str(t_out)) for h, t_in, t_out in g.cells]
[(Hex(0, 0), '0', '1/4'), (Hex(1, 0), '1/4', '3/4'), (Hex(2, 0), '3/4', '1')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
import shapely

from hexrules.map.hexgrid import Hex

__all__ = ["line_geometry"]


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Hexes met by the segment from Hex(0, 0) to ``delta``, relative to Hex(0, 0)."""

    delta: Hex
    cells: tuple[tuple[Hex, Fraction, Fraction], ...]  # passed through, by entry t
    grazes: tuple[tuple[Hex, Hex, Fraction, Fraction], ...]  # hexsides run along
    touches: tuple[tuple[Fraction, tuple[Hex, ...]], ...]  # vertices touched
    # derived once per delta, for speed: cells and grazes merged by entry t as (kind, index)
    # with kind 0 = cell, 1 = graze; their (t_in, t_out) as floats; and 1 - t_out, the entry
    # parameter seen from the target's end
    order: tuple[tuple[int, int], ...] = ()
    floats: tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]] = ((), ())
    back: tuple[tuple[Fraction, ...], tuple[Fraction, ...]] = ((), ())


def _geometry(delta: Hex, cells: list, grazes: list, touches: tuple) -> _Geometry:
    order = sorted([(c[1], 0, i) for i, c in enumerate(cells)]
                   + [(g[2], 1, i) for i, g in enumerate(grazes)])
    return _Geometry(
        delta, tuple(cells), tuple(grazes), touches,
        order=tuple((kind, i) for _, kind, i in order),
        floats=(tuple((float(c[1]), float(c[2])) for c in cells),
                tuple((float(g[2]), float(g[3])) for g in grazes)),
        back=(tuple(1 - c[2] for c in cells), tuple(1 - g[3] for g in grazes)),
    )


def _clip(centre: tuple[int, int], d: tuple[int, int]) -> tuple[Fraction, Fraction]:
    """Exact ``[t_in, t_out]`` of the segment ``t·d`` (t in [0, 1]) inside a closed hexagon.

    The hexagon around lattice point ``(cx, cy)`` is ``|x-cx| <= 1`` and
    ``|x-cx| + |y-cy| <= 2`` (Cyrus–Beck clipping with six half-planes).
    """
    cx, cy = centre
    dx, dy = d
    lo, hi = Fraction(0), Fraction(1)
    for ax, ay, b in ((1, 0, 1), (-1, 0, 1), (1, 1, 2), (1, -1, 2), (-1, 1, 2), (-1, -1, 2)):
        # ax*(x - cx) + ay*(y - cy) <= b  with (x, y) = t*(dx, dy)
        slope = ax * dx + ay * dy
        bound = b + ax * cx + ay * cy
        if slope == 0:
            if bound < 0:
                return Fraction(1), Fraction(0)
            continue
        t = Fraction(bound, slope)
        if slope > 0:
            hi = min(hi, t)
        else:
            lo = max(lo, t)
    return lo, hi


def _candidates(delta: Hex) -> list[Hex]:
    """Hexes near the segment: the hexes of a sampled hex line and their neighbours."""
    n = delta.length()
    seen: dict[Hex, None] = {}
    for i in range(n + 1):
        h = Hex.round(delta.q * i / n, delta.r * i / n) if n else delta
        seen[h] = None
        for nb in h.neighbors():
            seen[nb] = None
    return list(seen)


@lru_cache(maxsize=65536)
def line_geometry(dq: int, dr: int) -> _Geometry:
    """Classify, with shapely, the hexes met by the sight line from Hex(0, 0) to Hex(dq, dr).

    A hex is *passed through* when the line meets its interior with positive length
    (DE-9IM interior/interior of dimension 1, L-1); a hexside is *grazed* when the line runs
    along it (interior of the line meets the hex's boundary with dimension 1); a vertex is
    *touched* when they meet in a point only. Entry and exit parameters ``t`` (0 at the
    observer, 1 at the target) are exact fractions. The geometry depends only on the delta,
    so it is cached.

    >>> g = line_geometry(1, 1)            # along the diagonal: vertex, hexside, vertex
    >>> [h for h, *_ in g.cells]
    [Hex(0, 0), Hex(1, 1)]
    >>> [(a, b) for a, b, *_ in g.grazes]
    [(Hex(0, 1), Hex(1, 0))]
    """
    delta = Hex(dq, dr)
    if delta == Hex(0, 0):
        return _geometry(delta, [(delta, Fraction(0), Fraction(1))], [], ())
    d = delta.lattice()
    cands = _candidates(delta)
    polys = shapely.polygons(np.array([h.corners() for h in cands], dtype=float))
    line = shapely.LineString([(0, 0), d])
    matrices = shapely.relate(line, polys)
    cells: list[tuple[Hex, Fraction, Fraction]] = []
    along: list[tuple[Hex, Fraction, Fraction]] = []
    touch_points: dict[Fraction, list[Hex]] = {}
    for h, m in zip(cands, matrices, strict=True):
        interior_interior, interior_boundary = m[0], m[1]
        if interior_interior == "1":
            t_in, t_out = _clip(h.lattice(), d)
            cells.append((h, t_in, t_out))
        elif interior_boundary == "1":
            t_in, t_out = _clip(h.lattice(), d)
            along.append((h, t_in, t_out))
        elif interior_boundary == "0":
            t_in, _ = _clip(h.lattice(), d)
            touch_points.setdefault(t_in, []).append(h)
    cells.sort(key=lambda c: c[1])
    # pair the hexes on either side of each hexside run along
    along.sort(key=lambda c: (c[1], c[0]))
    grazes = []
    for i in range(0, len(along), 2):
        (a, a_in, a_out), (b, b_in, b_out) = along[i], along[i + 1]
        if (a_in, a_out) != (b_in, b_out) or a.distance(b) != 1:  # pragma: no cover
            raise AssertionError(f"unpaired hexside graze on line to {delta!r}: {along}")
        grazes.append((a, b, a_in, a_out))
    touches = tuple((t, tuple(sorted(hs))) for t, hs in sorted(touch_points.items()))
    return _geometry(delta, cells, grazes, touches)


