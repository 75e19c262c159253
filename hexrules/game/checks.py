"""Who may fire, at whom, and who may move, now (C-3, C-4, F-1, V-3, V-4, V-10): shared checks.

The order checks (:mod:`hexrules.game.engine`, :mod:`~hexrules.game.moves`,
:mod:`~hexrules.game.melee`), the reaction windows and :func:`~hexrules.game.legal.legal_orders`
all ask these questions here, so what is listed as legal is exactly what is accepted. Each
``*_problem`` function returns the error that an order would raise, or ``None``.

Examples
--------
>>> from hexrules import Hex, HexMap, Status, Unit
>>> m = HexMap.flat(6, 3)
>>> r1 = Unit("R1", "red", Hex(0, 1), status=[Status.FIRED])
>>> print(shooter_problem(m, r1, frozenset()))
R1 at 4563BA has already fired (射击) this turn: one order per unit per turn (C-4, F-1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from hexrules.combat.declare import place_name
from hexrules.combat.orders import FireKind
from hexrules.errors import IllegalOrderError, OneOrderError, RulesError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.units import Side, Status, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.state import GameState

__all__ = [
    "NOT_READY",
    "at",
    "move_problem",
    "no_such_unit",
    "open_target",
    "ready_to_fire",
    "seen_enemies",
    "shooter_problem",
    "target_problem",
]

#: Markers that keep a unit from declaring halted or reactive fire (C-3, C-4, V-3).
NOT_READY = frozenset({Status.FIRED, Status.MOVED, Status.MARCH, Status.WEAPON_LOST})


def at(hexmap: HexMap, u: Unit) -> str:
    """``'R1 at 4563GH'``."""
    return f"{u.id} at {place_name(hexmap, u.hex)}"


def no_such_unit(state: GameState, unit_id: object) -> IllegalOrderError:
    """The error for an order naming a unit that is not on the board."""
    lost = {u.id for u in state.losses}
    if unit_id in lost:
        return IllegalOrderError(f"{unit_id} was destroyed (歼灭) and is off the board (C-3)")
    ids = ", ".join(u.id for u in state.units) or "none"
    return IllegalOrderError(f"there is no unit {unit_id!r} on the board (units: {ids})")


def ready_to_fire(u: Unit, engaged: frozenset[Hex]) -> bool:
    """Whether ``u`` may declare halted, opportunity or covering fire now."""
    return not (u.status & NOT_READY) and u.hex not in engaged


def open_target(t: Unit, engaged: frozenset[Hex]) -> bool:
    """Whether ``t`` may be declared as a target (not *Fired upon*, not in close combat)."""
    return Status.FIRED_UPON not in t.status and t.hex not in engaged


def shooter_problem(hexmap: HexMap, u: Unit, engaged: frozenset[Hex],
                    kind: FireKind = FireKind.NORMAL) -> RulesError | None:
    """Why ``u`` may not be declared as a shooter of ``kind`` now, or ``None``.

    Checked in this order: close combat (V-10), weapon lost (C-3), march (V-3), then the one
    order of C-4 (*Fired*; *Moved* for halted and reactive fire), which the paper-table
    referee treats as a breach (:class:`~hexrules.errors.OneOrderError`).
    """
    who = at(hexmap, u)
    if u.hex in engaged:
        return IllegalOrderError(f"{who} is in close combat (近战): it may fire only in the "
                                 "close combat itself (V-10)")
    if u.weapon_lost:
        return IllegalOrderError(f"{who} has lost its weapon (失火, 丧失火力) and cannot fire "
                                 "(C-3)")
    if u.marching:
        return IllegalOrderError(f"{who} is marching (行军) and may do nothing else this turn "
                                 "(V-3)")
    if u.fired:
        return OneOrderError(f"{who} has already fired (射击) this turn: one order per unit "
                             "per turn (C-4, F-1)")
    if u.moved and kind is FireKind.NORMAL:
        return OneOrderError(f"{who} has moved (机动) this turn: it may fire only the moving or "
                             "short-halt fire of its own move (C-4, V-8, V-9)")
    return None


def target_problem(hexmap: HexMap, t: Unit, engaged: frozenset[Hex]) -> RulesError | None:
    """Why ``t`` may not be declared as a target now (F-1, V-10), or ``None``."""
    who = at(hexmap, t)
    if t.hex in engaged:
        return IllegalOrderError(f"{who} is in close combat (近战) and may be fired on only in "
                                 "the close combat itself (V-10)")
    if t.fired_upon:
        return IllegalOrderError(f"{who} has already been fired upon (被射击) this turn and "
                                 "cannot be declared as a target again (F-1)")
    return None


def move_problem(hexmap: HexMap, u: Unit, engaged: frozenset[Hex]) -> RulesError | None:
    """Why ``u`` may not be ordered to move now (V-4, V-10, C-4), or ``None``."""
    who = at(hexmap, u)
    if u.hex in engaged:
        return IllegalOrderError(f"{who} is in close combat (近战) and may not move (V-10)")
    if u.immobilised:
        return IllegalOrderError(f"{who} is immobilised (失动, 丧失机动能力) and cannot move "
                                 "(C-3, V-4)")
    if u.moved:
        return OneOrderError(f"{who} has already moved (机动) this turn (C-4, V-4)")
    if u.fired:
        return OneOrderError(f"{who} has fired (射击) this turn and may not start a move: one "
                             "order per unit per turn (C-4, V-4)")
    return None


def seen_enemies(hexmap: HexMap, units: Iterable[Unit], side: Side) -> frozenset[str]:
    """Ids of the enemy units that at least one unit of ``side`` sees (fast sight path)."""
    from hexrules.sight.fast import fast_sight

    fs = fast_sight(hexmap)
    items = list(units)
    own = {u.hex for u in items if u.side is side}
    out = set()
    for e in items:
        if e.side is not side and any(h == e.hex or fs.visible(h, e.hex) for h in own):
            out.add(e.id)
    return frozenset(out)


def units_in(units: Mapping[str, Unit] | Iterable[Unit], h: Hex) -> list[Unit]:
    """The units in hex ``h``."""
    items = units.values() if isinstance(units, Mapping) else units
    return [u for u in items if u.hex == h]
