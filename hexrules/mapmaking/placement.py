"""Putting real-world geometry on the hex grid: lines on hexsides, lines as road links, areas
as hexes. Pure grid geometry in the map's metres (its :class:`~hexrules.map.coords.Georef`).

* A river (M-6) runs along hexsides: the line is sampled every few metres, each sample snaps
  to the nearest hex vertex, and consecutive vertices are joined along hexsides (each step
  moves to the neighbouring vertex nearest the next one). The river is the set of hexsides
  walked.
* A road (M-7) links the centres of adjacent hexes: the line is sampled, each sample names
  the hex that holds it, and consecutive distinct hexes become road links (a step across a
  vertex goes through the common neighbour nearer the line).
* An area (forest, settlement, water; M-5) covers the hexes whose *centre* lies inside it.

Examples
--------
>>> from hexrules.map.coords import Georef
>>> g = Georef(0, 0, 32616)
>>> e0, n0 = g.centre(Hex.from_offset(0, 1))
>>> e1, n1 = g.centre(Hex.from_offset(3, 1))
>>> sorted(tuple(sorted(h.to_offset() for h in s)) for s in road_links(g, [(e0, n0), (e1, n1)]))
[((0, 1), (1, 1)), ((1, 1), (2, 1)), ((2, 1), (3, 1))]
>>> sides = line_hexsides(g, [(e0, n0 + 21.65), (e1, n1 + 21.65)])  # between rows 0 and 1
>>> len(sides), all(len(s) == 2 for s in sides)
(6, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from hexrules.map.coords import HEX_METRES, ROW_METRES, Georef
from hexrules.map.hexgrid import Hex
from hexrules.map.mapfile import Hexside

__all__ = ["area_hexes", "line_hexsides", "road_links", "vertex_hexes"]

_STEP = 5.0  # metres between samples of a line

Vertex = tuple[int, int]  # lattice frame: x east in half-hex units, y south in third-rows


def _sample(points: Sequence[tuple[float, float]], step: float = _STEP) -> np.ndarray:
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    out = [pts[:1]]
    for a, b in zip(pts[:-1], pts[1:], strict=True):
        n = max(1, math.ceil(float(np.hypot(*(b - a))) / step))
        t = np.arange(1, n + 1)[:, None] / n
        out.append(a + (b - a) * t)
    return np.concatenate(out)


def _metres(g: Georef, v: Vertex) -> tuple[float, float]:
    return g.easting + v[0] * HEX_METRES / 2, g.northing - v[1] * ROW_METRES / 3


def _nearest_vertex(g: Georef, e: float, n: float) -> Vertex:
    h = g.hex_at(e, n)
    return min(h.corners(), key=lambda v: math.dist(_metres(g, v), (e, n)))


def _vertex_neighbours(v: Vertex) -> list[Vertex]:
    x, y = v
    if y % 3 == 1:  # the north corner of the hex below it: edges down-left, down-right, up
        return [(x + 1, y + 1), (x - 1, y + 1), (x, y - 2)]
    return [(x + 1, y - 1), (x - 1, y - 1), (x, y + 2)]


def _hex_of_centre(x: int, y: int) -> Hex:
    r = y // 3
    return Hex((x - r) // 2, r)


def vertex_hexes(v: Vertex) -> set[Hex]:
    """The three hexes meeting at lattice vertex ``v``.

    >>> sorted(vertex_hexes((0, -2)))  # the north corner of Hex(0, 0)
    [Hex(0, -1), Hex(0, 0), Hex(1, -1)]
    """
    x, y = v
    if y % 3 == 1:
        centres = [(x, y + 2), (x - 1, y - 1), (x + 1, y - 1)]
    else:
        centres = [(x, y - 2), (x - 1, y + 1), (x + 1, y + 1)]
    return {_hex_of_centre(cx, cy) for cx, cy in centres}


def _walk(g: Georef, a: Vertex, b: Vertex) -> list[Vertex]:
    """Vertices from ``a`` to ``b`` along hexsides (greedy: always the neighbour nearest b)."""
    path = [a]
    target = _metres(g, b)
    while path[-1] != b and len(path) < 10_000:
        path.append(min(_vertex_neighbours(path[-1]),
                        key=lambda v: math.dist(_metres(g, v), target)))
    return path


def line_hexsides(g: Georef, points: Sequence[tuple[float, float]]) -> set[Hexside]:
    """The hexsides a line runs along, snapped to the hex grid (for rivers, M-6).

    Parameters
    ----------
    g : Georef
        The map's placement; ``points`` are ``(easting, northing)`` in its metres.
    points : sequence of (float, float)
        The line's vertices.

    Returns
    -------
    set of Hexside
        Pairs of adjacent hexes; they may lie off a map (the caller keeps those on it).
    """
    samples = _sample(points)
    vertices: list[Vertex] = []
    for e, n in samples:
        v = _nearest_vertex(g, float(e), float(n))
        if not vertices or vertices[-1] != v:
            vertices.append(v)
    sides: set[Hexside] = set()
    for a, b in zip(vertices[:-1], vertices[1:], strict=True):
        path = _walk(g, a, b)
        for u, w in zip(path[:-1], path[1:], strict=True):
            pair = vertex_hexes(u) & vertex_hexes(w)
            if len(pair) == 2:
                sides.add(frozenset(pair))
    return sides


def road_links(g: Georef, points: Sequence[tuple[float, float]]) -> set[Hexside]:
    """The road links (adjacent hex pairs, M-7) a line passes through.

    Returns links that may lie off a map (the caller keeps those on it).
    """
    samples = _sample(points)
    chain: list[Hex] = []
    for e, n in samples:
        h = g.hex_at(float(e), float(n))
        if not chain or chain[-1] != h:
            if chain and chain[-1].distance(h) > 1:
                # across a vertex: through the common neighbour nearer this sample
                common = set(chain[-1].neighbors()) & set(h.neighbors())
                if common:
                    chain.append(min(common, key=lambda c: math.dist(g.centre(c),
                                                                     (float(e), float(n)))))
            chain.append(h)
    return {frozenset((a, b)) for a, b in zip(chain[:-1], chain[1:], strict=True)
            if a.distance(b) == 1}


def area_hexes(g: Georef, cols: int, rows: int, geometry: object) -> np.ndarray:
    """Boolean ``[row, col]``: the hexes of a ``cols × rows`` map whose centre lies in
    ``geometry`` (a shapely polygon in the map's metres; the boundary counts as inside).

    >>> import shapely
    >>> g = Georef(0, 0, 32616)
    >>> area_hexes(g, 4, 2, shapely.box(-10, -10, 60, 10)).astype(int).tolist()
    [[1, 1, 0, 0], [0, 0, 0, 0]]
    """
    import shapely

    e, n = centres(g, cols, rows)
    shapely.prepare(geometry)
    return shapely.intersects_xy(geometry, e, n)


def centres(g: Georef, cols: int, rows: int,
            hex_metres: float = HEX_METRES) -> tuple[np.ndarray, np.ndarray]:
    """Easting and northing arrays ``[row, col]`` of the hex centres (M-1, M-3 layout).

    ``hex_metres`` other than 50 m lays a coarser or finer grid from the same origin, for the
    hex-size comparison only (:mod:`hexrules.mapmaking.compare`); a map is always 50 m.

    >>> e, n = centres(Georef(1000, 2000, 32616), 2, 2)
    >>> e.tolist(), [round(float(v), 2) for v in n[:, 0]]
    ([[1000.0, 1050.0], [1025.0, 1075.0]], [2000.0, 1956.7])
    """
    row_m = hex_metres * math.sqrt(3) / 2
    r, c = np.mgrid[0:rows, 0:cols]
    return (g.easting + hex_metres * (c + 0.5 * (r & 1)), g.northing - row_m * r)


def hex_offsets(hex_metres: float = HEX_METRES, per_side: int = 8) -> np.ndarray:
    """``(n, 2)`` offsets in metres of points spread evenly over a pointy-top hex, for
    averaging a DEM over it: a square grid of ``hex_metres / per_side`` kept inside the hex.

    >>> pts = hex_offsets()
    >>> len(pts), bool(np.allclose(pts.mean(axis=0), 0))
    (56, True)
    """
    s = hex_metres / per_side
    radius = hex_metres / math.sqrt(3)
    k = np.arange(-per_side, per_side) + 0.5
    x, y = np.meshgrid(k * s, k * s)
    x, y = x.ravel(), y.ravel()
    inside = (np.abs(x) <= hex_metres / 2) & (np.abs(y) <= radius - np.abs(x) / math.sqrt(3))
    return np.column_stack([x[inside], y[inside]])


def on_map(sides: Iterable[Hexside], cols: int, rows: int) -> set[Hexside]:
    """The hexsides or links whose two hexes both lie on a ``cols × rows`` map."""
    def inside(h: Hex) -> bool:
        col, row = h.to_offset()
        return 0 <= col < cols and 0 <= row < rows

    return {s for s in sides if all(inside(h) for h in s)}
