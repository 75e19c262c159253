"""Movement 机动 (rules V-1…V-11): step costs, paths, reachable hexes, stacking.

One rule, one place: every movement cost of hexrules — the engine's, the widgets', an AI's —
comes from this package, which reads the numbers from the rule tables (``terrain.toml`` and
``units.toml`` of the table set in use) and never writes them down itself.

=========================  ==================================================================
module                     content
=========================  ==================================================================
:mod:`~.costs`             one step: :func:`step_cost`, :func:`step_record`; the movement
                           allowance (C-1, V-1); short-halt fire's cost (V-9)
:mod:`~.occupancy`         the other units: enemies stop a move (V-10), friends bar a march
                           (V-3); stacking (V-11): :func:`stack_count`, :func:`can_stack`
:mod:`~.paths`             a whole path: :func:`path_cost`, :func:`path_steps` (V-5)
:mod:`~.reach`             :func:`reachable`: every hex a move can end in, at its cheapest
=========================  ==================================================================

Illegal steps and moves raise :class:`~hexrules.errors.IllegalMoveError` (an
:class:`~hexrules.errors.IllegalOrderError`) naming the hexes by their military names, the
reason and the rule ID.

Examples
--------
>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> step_cost(m, "4563KD", "4563KE")        # into the village: settlement 居民地
Fraction(3, 1)
>>> path_cost(m, ["4563AE", "4563AF", "4563AG"])
Fraction(2, 1)
>>> reach = reachable(m, "4563AE", 2)
>>> reach[m.parse("4563AG")]
Fraction(2, 1)
"""

from hexrules.movement.costs import (
    HexLike,
    can_short_halt,
    movement_allowance,
    points_text,
    short_halt_cost,
    step_cost,
    step_record,
    verify_short_halt,
)
from hexrules.movement.occupancy import (
    Occupancy,
    can_stack,
    occupancy,
    stack_count,
    stacking_limit,
    verify_stacking,
)
from hexrules.movement.paths import path_cost, path_steps
from hexrules.movement.reach import reachable

__all__ = [
    "HexLike",
    "Occupancy",
    "can_short_halt",
    "can_stack",
    "movement_allowance",
    "occupancy",
    "path_cost",
    "path_steps",
    "points_text",
    "reachable",
    "short_halt_cost",
    "stack_count",
    "stacking_limit",
    "step_cost",
    "step_record",
    "verify_short_halt",
    "verify_stacking",
]
