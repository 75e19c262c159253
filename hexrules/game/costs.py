"""What the engine reads from the movement rules (V-1…V-11): one adapter, no numbers.

Every step is priced by :mod:`hexrules.movement` (``step_cost``, ``path_steps``), and the
short-halt cost (V-9), the stacking limit (V-11) and the movement allowance (C-1) are data of
the table set in use; this module only gives them the engine's shape (the table set passed
positionally).

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.tables import load_tables
>>> t = load_tables()
>>> step_cost(HexMap.flat(4, 3), Hex(0, 0), Hex(1, 0), tables=t)
Fraction(1, 1)
>>> short_halt_cost(t), stacking_limit(t), allowance(Unit("R1", "red", Hex(0, 0)), t)
(Fraction(3, 1), 4, 5)
"""

from __future__ import annotations

from fractions import Fraction

from hexrules.movement import movement_allowance, step_cost
from hexrules.movement import short_halt_cost as _short_halt
from hexrules.movement import stacking_limit as _stacking
from hexrules.tables import TableSet
from hexrules.units import Unit

__all__ = ["allowance", "short_halt_cost", "stacking_limit", "step_cost"]


def short_halt_cost(tables: TableSet) -> Fraction:
    """Movement points a short halt spends (V-9)."""
    return _short_halt(tables=tables)


def stacking_limit(tables: TableSet) -> int:
    """How many friendly units may share a hex when a move ends (V-11)."""
    return _stacking(tables=tables)


def allowance(unit: Unit, tables: TableSet) -> int:
    """The movement allowance of ``unit`` per turn (V-1, C-1: its type's ``movement``)."""
    return movement_allowance(unit, tables=tables)
