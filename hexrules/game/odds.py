"""The exact odds of a fire order in a game state, the event cards included (F-2…F-10, E-2,
E-4, E-5).

:func:`order_odds` checks the order as the engine does (the same handler's checks), builds
the shot's units and card context with the engine's own
:func:`~hexrules.game.events.fire_setup` (the shooter named for the fire-enhancement card,
E-2; the target side's reactive armour, E-4; the lifted markers of a rapid-reload shot, E-5)
and gives them to :func:`hexrules.combat.fire_odds`, which enumerates the adjudication's own
dice step. So the odds shown before a roll are those the roll is made with.

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> from hexrules.game import DeclareFire, GameState
>>> s = GameState.new(HexMap.flat(30, 3), [Unit("R1", "red", Hex(0, 1)),
...                   Unit("B1", "blue", Hex(18, 1))], turns=1, dice=ScriptedDice([1]))
>>> s.to_act, order_odds(s, DeclareFire("R1", "B1")).p_destroyed
(Side.RED, Fraction(5, 9))
"""

from __future__ import annotations

from hexrules.combat.odds import FireOdds, fire_odds
from hexrules.combat.orders import FireOrder
from hexrules.errors import RulesTypeError
from hexrules.game.orders import (
    CoveringFire,
    DeclareFire,
    MovingFire,
    OpportunityFire,
    Order,
    RapidReload,
)
from hexrules.game.state import GameState

__all__ = ["order_odds"]

_FIRE_ORDERS = (DeclareFire, OpportunityFire, CoveringFire, MovingFire, RapidReload)


def order_odds(state: GameState, order: Order) -> FireOdds:
    """Exact odds of a fire order given now in ``state`` (before any die is rolled).

    Parameters
    ----------
    state : GameState
    order : DeclareFire, OpportunityFire, CoveringFire, MovingFire, ShortHaltFire or
        RapidReload
        With ``enhance`` it plays the side's fire-enhancement card (E-2, +2 levels for that
        shooter); the target side's active reactive-armour card (E-4) lowers the first hit.

    Returns
    -------
    FireOdds
        ``levels`` per shooter (E-2 included), ``shots`` per-shot result distributions,
        ``final`` the target's final damage state (E-4 included), ``p_destroyed``.

    Raises
    ------
    RulesError
        The engine's error if the order is illegal now (the state is unchanged).
    RulesTypeError
        For an order that is not a fire order.
    """
    from hexrules.game.engine import _handler
    from hexrules.game.events import enhance_of, fire_setup

    if not isinstance(order, _FIRE_ORDERS):
        raise RulesTypeError(f"order_odds takes a fire order (DeclareFire, OpportunityFire, "
                             f"CoveringFire, MovingFire, ShortHaltFire, RapidReload), got "
                             f"{order!r}")
    ctx = _handler(state, order).check(state, order)
    reload = isinstance(order, RapidReload)
    fire: FireOrder = ctx[0] if reload else ctx
    enhance = ctx[1] if reload else enhance_of(order, fire)
    units, context = fire_setup(state, state.unit_map, fire, enhance, reload)
    return fire_odds(state.hexmap, fire, units=units, tables=state.tables,
                     require_sight=state.options.require_sight,
                     **context)  # type: ignore[arg-type]
