"""The cost and the step records of a whole path (rules V-1…V-5, V-10, V-3).

A path is a sequence of hexes (:class:`~hexrules.map.hexgrid.Hex` values or military names),
its start included; the start may also be the moving :class:`~hexrules.units.Unit`, which
gives the mover's hex and side and is left out of ``units``. Each step is priced by the one
pricing function of :mod:`hexrules.movement.costs`; the other units are read as
:mod:`hexrules.movement.occupancy` explains (enemy hexes stop a move, friendly hexes bar a
march). An illegal step raises :class:`~hexrules.errors.IllegalMoveError` with its 1-based
position: ``"step 3, 4563GH → 4563GJ: …"``.

Examples
--------
>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> path_cost(m, ["4563AE", "4563AF", "4563AG"])
Fraction(2, 1)
>>> [s.rule for s in path_steps(m, ["4563PA", "4563PB", "4563PC"], march=True)]
['V-3', 'V-3']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from hexrules.errors import RulesError, RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.movement.costs import (
    _as_hex,
    _assess,
    _overspend,
    _points,
    _Price,
    _Refusal,
    _refuse,
    _step,
    _tables,
    movement_allowance,
)
from hexrules.movement.occupancy import Occupancy, _enter_error, _pass_error, occupancy
from hexrules.records import Step
from hexrules.tables import TableSet
from hexrules.units import Side, Unit

__all__ = ["path_cost", "path_steps"]


def _path(hexmap: HexMap, path: Any) -> tuple[list[Hex], Unit | None]:
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"expected a HexMap, got {type(hexmap).__name__} {hexmap!r}")
    if isinstance(path, str | Hex | Unit) or not isinstance(path, Sequence):
        raise RulesTypeError(f"a path is a sequence of hexes, its start included, such as "
                             f"['4563GH', '4563GJ'], got {path!r}")
    if not path:
        raise RulesError("a path holds at least its start hex")
    mover = path[0] if isinstance(path[0], Unit) else None
    first = mover.hex if mover is not None else path[0]
    return [_as_hex(hexmap, first), *(_as_hex(hexmap, h) for h in path[1:])], mover


def _walk(hexmap: HexMap, hexes: list[Hex], march: bool, occ: Occupancy,
          tables: TableSet) -> Iterator[tuple[int, Hex, Hex, _Price]]:
    """Each step ``(position, a, b, price)`` of a path, refusing the first illegal one."""
    terrain = tables.terrain
    for k in range(1, len(hexes)):
        a, b = hexes[k - 1], hexes[k]
        price = _assess(hexmap, a, b, march, terrain)
        if isinstance(price, _Refusal):
            raise _refuse(hexmap, a, b, price, k)
        for err in (_pass_error(hexmap, a, b, occ, march, k == 1, k),
                    _enter_error(hexmap, a, b, occ, march, k)):
            if err is not None:
                raise err
        yield k, a, b, price


def _prepare(hexmap: HexMap, path: Any, units: Any, side: Side | str | None,
             tables: TableSet | None) -> tuple[list[Hex], Unit | None, Occupancy, TableSet]:
    hexes, mover = _path(hexmap, path)
    return hexes, mover, occupancy(units, hexes[0], side, mover), _tables(tables)


def path_cost(hexmap: HexMap, path: Sequence[Any], *, march: bool = False,
              units: Sequence[Unit] = (), side: Side | str | None = None,
              tables: TableSet | None = None) -> Fraction:
    """The movement cost of a whole path (V-1…V-3), or the error of its first illegal step.

    Parameters
    ----------
    hexmap : HexMap
    path : sequence of Hex, str (military names) or, first, the moving Unit
        The hexes of the move, start included. A path of the start alone costs 0.
    march : bool
        A march (行军, V-3): every step along a road.
    units : sequence of Unit
        The other units on the board (a moving Unit at ``path[0]`` may be among them).
        Passing through a hex that holds an enemy is illegal (V-10), and so, in march, is
        entering a hex that holds a friend or starting from a stack (V-3). Stacking (V-11)
        is not checked: it counts where a move ends (see
        :func:`~hexrules.movement.occupancy.verify_stacking`).
    side : Side, str or None
        The mover's side; ``None`` takes it from the moving Unit or from the units at the
        start (see :func:`~hexrules.movement.occupancy.occupancy`).
    tables : TableSet or None
        The rule tables; ``None`` for the default set.

    Returns
    -------
    Fraction
        The exact sum of the step costs. The movement allowance is not checked here (see
        :func:`path_steps` for V-5).

    Raises
    ------
    IllegalMoveError
        For the first illegal step, with its 1-based position and both hexes:
        ``"step 3, 4563GH → 4563GJ: …"``.

    Examples
    --------
    >>> from hexrules import HexMap, Unit
    >>> m = HexMap.load("training")
    >>> path_cost(m, ["4563PA", "4563PB", "4563PC"], march=True)
    Fraction(1, 1)
    >>> path_cost(m, ["4563AE", "4563AF", "4563AH"])
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: step 2, 4563AF → 4563AH: not adjacent (2 hexes apart): \
a unit moves hex by hex, one step to a neighbouring hex at a time (V-4)
    >>> blue = Unit("B1", "blue", m.parse("4563AF"))
    >>> path_cost(m, ["4563AE", "4563AF", "4563AG"], units=[blue], side="red")
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: step 2, 4563AF → 4563AG: 4563AF holds an enemy unit \
(B1): the move stopped there for close combat and may not pass through it (V-10)
    """
    hexes, _, occ, t = _prepare(hexmap, path, units, side, tables)
    total = Fraction(0)
    for _, _, _, price in _walk(hexmap, hexes, bool(march), occ, t):
        total += price.cost
    return total


def path_steps(hexmap: HexMap, path: Sequence[Any], *, allowance: Any = None,
               march: bool = False, units: Sequence[Unit] = (),
               side: Side | str | None = None,
               tables: TableSet | None = None) -> tuple[Step, ...]:
    """The :class:`~hexrules.records.Step` of every step of a path, with the points left.

    Parameters
    ----------
    hexmap, path, march, units, side, tables
        As for :func:`path_cost`.
    allowance : int, Fraction or None
        The movement points at the start of the move; ``None`` for the movement allowance
        of the moving Unit's type (``path[0]``), or of the default unit type (C-1, V-1). A
        step that would spend more than is left is illegal (V-5).

    Returns
    -------
    tuple of Step
        One per step (see :func:`~hexrules.movement.costs.step_record`); a step into a hex
        that holds an enemy notes that the move stops there for close combat (V-10).

    Raises
    ------
    IllegalMoveError
        As :func:`path_cost`, and for a step that would overspend (V-5).

    Examples
    --------
    >>> from hexrules import HexMap
    >>> m = HexMap.load("training")
    >>> for s in path_steps(m, ["4563PA", "4563PB", "4563PC"], allowance=2):
    ...     print(s.rule, s.result)
    V-2 cost 消耗 1, points left 剩余 2 → 1
    V-2 cost 消耗 1, points left 剩余 1 → 0
    >>> path_steps(m, ["4563PA", "4563PB", "4563PC"], allowance=1)
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: step 2, 4563PB → 4563PC: the step costs 1 movement \
points but only 0 are left: a step that would spend more points than are left is illegal (V-5)
    """
    hexes, mover, occ, t = _prepare(hexmap, path, units, side, tables)
    left = (Fraction(movement_allowance(mover, tables=t)) if allowance is None
            else _points(allowance, "allowance"))
    out = []
    for k, a, b, price in _walk(hexmap, hexes, bool(march), occ, t):
        if price.cost > left:
            raise _overspend(hexmap, a, b, price.cost, left, k)
        step = _step(hexmap, a, b, price, t.terrain, left)
        if b in occ.enemies:
            step = dataclasses.replace(step, note=(
                f"{step.note}; the hex holds an enemy unit ({', '.join(occ.enemies[b])}): "
                "the move stops here for close combat (V-10)"))
        left -= price.cost
        out.append(step)
    return tuple(out)

