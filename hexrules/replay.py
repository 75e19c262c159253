"""Replaying a logged game, for any game of the project (T-6).

A game whose log holds its starting dice and, per order, the order, its record and its rolls
replays in three steps, whatever the game (the tank game, a variant):

1. the logged rolls become :meth:`ScriptedDice.from_log <hexrules.dice.ScriptedDice.from_log>`
   dice, so a replay that asks for another roll fails at the first differing roll;
2. every order is applied again and its record compared with the logged one;
3. the logged faces are drawn again from the game's own starting dice, which must give the
   same faces, so the replayed game also has the same future.

:func:`replay` does this given how to start the game and apply an order.

Examples
--------
>>> from hexrules.dice import Dice
>>> def start(dice):
...     return ()
>>> def apply(state, order):
...     return state + (order,), ("record of", order)
>>> final, dice = replay(start, [(None, ()), ("a", ())], apply, Dice(seed=1).getstate(),
...                      order_of=lambda r: r[0], rolls_of=lambda r: r[1],
...                      record_of=lambda r: ("record of", r[0]))
>>> final
('a',)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hexrules.dice import DiceSource, DiceState, Roll, ScriptedDice
from hexrules.errors import ReplayDivergedError

__all__ = ["replay"]

S = TypeVar("S")


def replay(start: Callable[[DiceSource], S], records: Sequence[Any],
           apply: Callable[[S, Any], tuple[S, Any]], origin_dice: DiceState, *,
           order_of: Callable[[Any], Any] = lambda r: r.order,
           rolls_of: Callable[[Any], Sequence[Roll]] = lambda r: r.rolls,
           record_of: Callable[[Any], Any] = lambda r: r,
           describe: Callable[[Any], str] | None = None) -> tuple[S, DiceSource]:
    """Play ``records`` again (the first is the start of the game, with no order).

    Returns the final state and the game's own dice, drawn up to where the log ends.
    ``describe`` names a logged record in the error (by default the ``repr`` of its order);
    ``start`` may itself check the logged start of the game (``records[0]``).

    Raises
    ------
    ReplayDivergedError
        At the first roll, record or face that differs from the log.
    """
    rolls = tuple(roll for r in records for roll in rolls_of(r))
    state = start(ScriptedDice.from_log(rolls))
    for k, logged in enumerate(records[1:], 1):
        state, rec = apply(state, order_of(logged))
        if rec != record_of(logged):
            where = repr(order_of(logged)) if describe is None else describe(logged)
            raise ReplayDivergedError(f"replay diverged at order #{k} ({where}): "
                                      "its record differs from the log (T-6)")
    source = DiceSource.from_state(origin_dice)
    for k, r in enumerate(rolls, 1):
        face = source.d6(r.rule, r.purpose)
        if face != r.value:
            raise ReplayDivergedError(
                f"replay diverged at roll #{k} ({r.rule} {r.purpose}): the log has face "
                f"{r.value}, the game's own dice give {face} (T-6)")
    return state, source
