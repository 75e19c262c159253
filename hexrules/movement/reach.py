"""Where a unit can end its move, at what cost (rules V-1…V-5, V-3, V-10): :func:`reachable`.

:func:`reachable` runs Dijkstra's algorithm over the step costs of
:mod:`hexrules.movement.costs` and returns every hex the unit can end its move in with its
cheapest exact cost. An AI calls it often, so the step costs of a map are priced once per
(map, table set, march) — by the same pricing function as :func:`~hexrules.movement.costs.
step_cost` — and kept as integers in units of the common denominator of all costs (½ for the
march), so the search itself adds integers; the costs come back as exact fractions.

A test checks that every cost it returns equals the cheapest
:func:`~hexrules.movement.paths.path_cost` found by brute force on small random maps.

Examples
--------
>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> reach = reachable(m, "4563AE", 1)
>>> sorted(m.name_of(h) for h in reach), reach[m.parse("4563AE")]
(['4563AD', '4563AE', '4563AF', '4563BD', '4563BE'], Fraction(0, 1))
"""

from __future__ import annotations

import heapq
import math
import weakref
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hexrules.errors import RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.movement.costs import _assess, _points, _Price, _tables, movement_allowance
from hexrules.movement.occupancy import occupancy
from hexrules.tables import TableSet
from hexrules.tables.catalog import TerrainTable
from hexrules.units import Side, Unit

__all__ = ["reachable"]


@dataclass(frozen=True, eq=False)
class _Graph:
    """The legal steps of one map under one table set, in march or not.

    ``edges[i]`` lists ``(j, cost × scale)`` for every legal step from hex ``i`` to hex
    ``j``; ``scale`` is the least common denominator of the costs.
    """

    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    scale: int
    edges: tuple[tuple[tuple[int, int], ...], ...]


_GRAPHS: weakref.WeakKeyDictionary[HexMap, dict[tuple[int, bool], tuple[TerrainTable, _Graph]]]
_GRAPHS = weakref.WeakKeyDictionary()


def _graph(hexmap: HexMap, terrain: TerrainTable, march: bool) -> _Graph:
    per_map = _GRAPHS.get(hexmap)
    if per_map is None:
        per_map = _GRAPHS[hexmap] = {}
    key = (id(terrain), march)
    hit = per_map.get(key)
    if hit is not None and hit[0] is terrain:
        return hit[1]
    hexes = tuple(hexmap.hexes())
    index = {h: i for i, h in enumerate(hexes)}
    priced: list[list[tuple[int, Fraction]]] = []
    for h in hexes:
        row = []
        for n in h.neighbors():
            j = index.get(n)
            if j is not None:
                price = _assess(hexmap, h, n, march, terrain)
                if isinstance(price, _Price):
                    row.append((j, price.cost))
        priced.append(row)
    scale = math.lcm(1, *(c.denominator for row in priced for _, c in row))
    edges = tuple(tuple((j, int(c * scale)) for j, c in row) for row in priced)
    graph = _Graph(hexes, index, scale, edges)
    per_map[key] = (terrain, graph)
    return graph


@lru_cache(maxsize=64)
def _fractions(scale: int, budget: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(n, scale) for n in range(budget + 1))


def reachable(hexmap: HexMap, start: Hex | str | Unit, allowance: Any = None, *,
              march: bool = False, units: Any = (), side: Side | str | None = None,
              tables: TableSet | None = None) -> dict[Hex, Fraction]:
    """Every hex a unit can end its move in, with its cheapest cost (V-1…V-5, V-3, V-10).

    Parameters
    ----------
    hexmap : HexMap
    start : Hex, str or Unit
        Where the move starts: a hex, a military name, or the moving :class:`Unit` (its hex
        and side; it is left out of ``units``, so the whole board may be passed).
    allowance : int, Fraction or None
        The movement points to spend; ``None`` for the movement allowance of the moving
        Unit's type, or of the default unit type (the tank's 5, C-1), read from
        ``units.toml``. A step that would overspend is illegal (V-5), so only hexes within
        the allowance are returned.
    march : bool
        A march (行军, V-3): along roads only, at the march step cost.
    units : iterable of Unit
        The other units on the board (destroyed ones are ignored):

        * a hex holding an **enemy** may be entered — the move stops there for close
          combat — but not passed through (V-10); a unit that starts in a hex holding an
          enemy is in close combat and may not move: only the start is returned;
        * in **march**, a hex holding a **friendly** unit may be neither entered nor passed
          through, and a unit that starts in a stack may not march: only the start is
          returned (V-3); a march from a hex without a road also reaches only the start;
          a marching unit may not enter an enemy hex either, since close combat would be
          "something else" (V-3, V-10 [project ruling]);
        * otherwise friendly units hinder nothing: **stacking (V-11) is not applied here**,
          since it counts where a move ends; check the chosen hex with
          :func:`~hexrules.movement.occupancy.can_stack`.
    side : Side, str or None
        The mover's side; ``None`` takes it from the moving Unit, else from the units at the
        start (stack mates); with other units on the board and no way to tell, a
        :class:`~hexrules.errors.RulesError` asks for it.
    tables : TableSet or None
        The rule tables; ``None`` for the default set.

    Returns
    -------
    dict of Hex to Fraction
        Each hex the move can end in and its cheapest exact cost, the start included at 0.
        Whether the unit may move at all (immobilised, already moved or fired: V-4, C-4) is
        the order's check, not this function's.

    Raises
    ------
    OffMapError
        If the start is off the map.

    Examples
    --------
    >>> from hexrules import HexMap, Unit
    >>> m = HexMap.load("training")
    >>> len(reachable(m, "4563AE")), max(reachable(m, "4563AE").values())
    (49, Fraction(5, 1))
    >>> march = reachable(m, "4563PA", 5, march=True)
    >>> len(march), max(march.values())
    (11, Fraction(5, 1))
    >>> enemy = Unit("B1", "blue", m.parse("4563AF"))
    >>> r = reachable(m, Unit("R1", "red", m.parse("4563AE")), 2, units=[enemy])
    >>> r[enemy.hex], m.parse("4563AG") in r     # entered, not passed through
    (Fraction(1, 1), False)
    """
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"expected a HexMap, got {type(hexmap).__name__} {hexmap!r}")
    mover = start if isinstance(start, Unit) else None
    origin = hexmap.parse(mover.hex if mover is not None else start)
    t = _tables(tables)
    budget_points = (Fraction(movement_allowance(mover, tables=t)) if allowance is None
                     else _points(allowance, "allowance"))
    march = bool(march)
    occ = occupancy(units, origin, side, mover)
    if origin in occ.enemies or (march and origin in occ.friends):
        return {origin: Fraction(0)}
    g = _graph(hexmap, t.terrain, march)
    scale = math.lcm(g.scale, budget_points.denominator)
    factor = scale // g.scale
    edges = g.edges if factor == 1 else tuple(
        tuple((j, c * factor) for j, c in row) for row in g.edges)
    budget = int(budget_points * scale)
    index = g.index
    stop = {index[h] for h in occ.enemies if h in index}
    barred = ({index[h] for h in (*occ.friends, *occ.enemies) if h in index} if march
              else set())
    s = index[origin]
    dist = {s: 0}
    heap = [(0, s)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, i = pop(heap)
        if d > dist[i] or i in stop:
            continue
        for j, c in edges[i]:
            nd = d + c
            if nd <= budget and nd < dist.get(j, budget + 1) and j not in barred:
                dist[j] = nd
                push(heap, (nd, j))
    hexes = g.hexes
    if budget <= 4096:
        fr = _fractions(scale, budget)
        return {hexes[i]: fr[d] for i, d in dist.items()}
    return {hexes[i]: Fraction(d, scale) for i, d in dist.items()}

