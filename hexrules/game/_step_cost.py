"""A stand-in for :func:`hexrules.movement.step_cost` until the movement branch is merged.

Same contract: the cost of one step as an exact :class:`~fractions.Fraction`, or
:class:`~hexrules.errors.IllegalMoveError` naming the hexes and the rule (V-1…V-3).
"""

from __future__ import annotations

from fractions import Fraction

from hexrules.errors import IllegalMoveError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.tables import TableSet, load_tables


def _name(hexmap: HexMap, h: Hex) -> str:
    return hexmap.name_of(h) if h in hexmap else f"off-map {h!r}"


def step_cost(hexmap: HexMap, a: Hex, b: Hex, *, march: bool = False,
              tables: TableSet | None = None) -> Fraction:
    """The cost of a step from ``a`` to adjacent ``b`` (V-1, V-2, V-3)."""
    t = (tables or load_tables()).terrain
    if a not in hexmap or b not in hexmap:
        raise IllegalMoveError(f"step {_name(hexmap, a)} → {_name(hexmap, b)} leaves the map "
                               f"(M-1)")
    if a.distance(b) != 1:
        raise IllegalMoveError(f"step {_name(hexmap, a)} → {_name(hexmap, b)} is a jump: a "
                               f"unit moves hex by hex to an adjacent hex (V-4)")
    road = hexmap.has_road(a, b)
    if march:
        if not road:
            raise IllegalMoveError(f"step {_name(hexmap, a)} → {_name(hexmap, b)} leaves the "
                                   f"road: a march moves only along roads (V-3)")
        return Fraction(t.march_step_cost)
    if road:
        return Fraction(t.road_step_cost)
    kind = t[hexmap.terrain_at(b)]
    if kind.entry_cost is None:
        raise IllegalMoveError(f"step {_name(hexmap, a)} → {_name(hexmap, b)}: {kind.label} "
                               f"cannot be entered (V-1, M-6)")
    cost = kind.entry_cost
    if hexmap.has_river(a, b):
        cost = max(cost, t.river_crossing_cost)
    return Fraction(cost)
