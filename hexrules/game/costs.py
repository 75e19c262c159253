"""What the engine reads from the movement rules: step costs, short halt, stacking (V-1…V-11).

The engine never states a cost itself: every step is priced by
:func:`hexrules.movement.step_cost`, and the short-halt cost (V-9) and the stacking limit
(V-11) are data of ``terrain.toml``. This module is the one place the engine asks for them.

Examples
--------
>>> from hexrules import HexMap, Hex
>>> from hexrules.tables import load_tables
>>> m = HexMap.flat(4, 3)
>>> step_cost(m, Hex(0, 0), Hex(1, 0))
Fraction(1, 1)
>>> short_halt_cost(load_tables()), stacking_limit(load_tables())
(3, 4)
"""

from __future__ import annotations

from fractions import Fraction

from hexrules.tables import TableSet
from hexrules.units import Unit

try:  # the movement rules (branch `movement`)
    from hexrules.movement import step_cost
except ImportError:  # pragma: no cover - until hexrules.movement is merged
    from hexrules.game._step_cost import step_cost

__all__ = ["allowance", "short_halt_cost", "stacking_limit", "step_cost"]

#: Defaults used only while a table set does not carry the V-9 and V-11 numbers.
_SHORT_HALT, _STACKING = 3, 4


def short_halt_cost(tables: TableSet) -> int:
    """Movement points a short halt spends (V-9), from ``terrain.toml [movement]``."""
    return int(getattr(tables.terrain, "short_halt_cost", _SHORT_HALT))


def stacking_limit(tables: TableSet) -> int:
    """How many friendly units may share a hex when a move ends (V-11)."""
    return int(getattr(tables.terrain, "stacking_limit", _STACKING))


def allowance(unit: Unit, tables: TableSet) -> int:
    """The movement allowance of ``unit`` per turn (V-1, C-1: its type's ``movement``).

    >>> from hexrules import Hex
    >>> from hexrules.tables import load_tables
    >>> allowance(Unit("R1", "red", Hex(0, 0)), load_tables())
    5
    """
    return int(tables.units.type_of(unit).movement)


def as_fraction(value: int | Fraction) -> Fraction:
    """An exact number of movement points."""
    return value if isinstance(value, Fraction) else Fraction(value)
