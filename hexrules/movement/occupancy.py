"""Other units on the board during a move: friends, enemies, stacks (rules V-3, V-10, V-11).

A move looks at the other units only to know where it may go:

* a hex holding an **enemy** unit may be entered, and the move stops there for close combat;
  it may not be passed through (V-10). A unit that starts in such a hex is in close combat and
  may not move (V-10);
* in **march**, a hex holding a **friendly** unit may be neither entered nor passed through,
  and a unit that starts in a stack may not march (V-3);
* otherwise friendly units do not hinder a move: passing through a full hex is allowed, since
  **stacking** (V-11) is counted only where a move ends. :func:`stack_count`,
  :func:`can_stack` and :func:`verify_stacking` count it, reading the limit (4) from
  ``terrain.toml``.

Destroyed units have left the board and are ignored.

Examples
--------
>>> from hexrules import Hex, Unit
>>> units = [Unit("R2", "red", Hex(1, 0)), Unit("B1", "blue", Hex(1, 0))]
>>> stack_count(units, Hex(1, 0), "red"), can_stack(units, Hex(1, 0), "red")
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hexrules.errors import IllegalMoveError, RulesError, RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.movement.costs import _as_hex, _move_error, _name, _terrain
from hexrules.tables import TableSet
from hexrules.units import Side, Unit

__all__ = ["Occupancy", "can_stack", "occupancy", "stack_count", "stacking_limit",
           "verify_stacking"]


def _unit_list(units: Any) -> list[Unit]:
    if isinstance(units, Unit):
        raise RulesTypeError(f"units is a collection of Unit values (for one unit write "
                             f"units=[unit]), got {units!r}")
    try:
        out = list(units)
    except TypeError:
        raise RulesTypeError(f"units must be an iterable of Unit values, got {units!r}") from None
    for u in out:
        if not isinstance(u, Unit):
            raise RulesTypeError(f"units must hold Unit values, got {type(u).__name__} {u!r}")
    return out


@dataclass(frozen=True)
class Occupancy:
    """Who else stands where, seen from the mover's side (alive units only, mover left out).

    Attributes
    ----------
    side : Side or None
        The mover's side (``None`` when there are no other units).
    friends, enemies : mapping of Hex to tuple of str
        The ids of the mover's friends and enemies in each hex that holds any.
    """

    side: Side | None
    friends: Mapping[Hex, tuple[str, ...]]
    enemies: Mapping[Hex, tuple[str, ...]]


def occupancy(units: Iterable[Unit], start: Hex, side: Side | str | None = None,
              mover: Unit | None = None) -> Occupancy:
    """Sort the other units into friends and enemies of the unit moving from ``start``.

    The mover's side is ``side``; if ``None``, the side of ``mover``; else the side of the
    units at ``start`` (its stack mates). With other units on the board and no way to tell
    the side, a :class:`~hexrules.errors.RulesError` asks for ``side=``. ``mover`` (if given)
    is left out of ``units`` by id, so the whole board may be passed.

    Examples
    --------
    >>> from hexrules import Hex, Unit
    >>> occ = occupancy([Unit("R2", "red", Hex(0, 0)), Unit("B1", "blue", Hex(2, 0))], Hex(0, 0))
    >>> occ.side, dict(occ.enemies)
    (Side.RED, {Hex(2, 0): ('B1',)})
    >>> occupancy([Unit("B1", "blue", Hex(2, 0))], Hex(0, 0))
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: cannot tell the mover's friends from its enemies: no other \
unit stands at its start Hex(0, 0); give side='red' or 'blue', or start the move from the \
moving Unit
    """
    others = [u for u in _unit_list(units)
              if u.alive and (mover is None or u.id != mover.id)]
    if side is not None:
        mine = Side.parse(side)
        if mover is not None and mover.side is not mine:
            raise RulesError(f"unit {mover.id!r} is {mover.side.label}, but side={side!r} "
                             "was given")
    elif mover is not None:
        mine = mover.side
    else:
        at_start = {u.side for u in others if u.hex == start}
        if len(at_start) == 1:
            mine = at_start.pop()
        elif at_start:
            raise RulesError(f"both sides stand at the start {start!r}: give side='red' or "
                             "'blue' to say which side moves")
        elif others:
            raise RulesError(f"cannot tell the mover's friends from its enemies: no other "
                             f"unit stands at its start {start!r}; give side='red' or "
                             "'blue', or start the move from the moving Unit")
        else:
            return Occupancy(None, {}, {})
    friends: dict[Hex, list[str]] = {}
    enemies: dict[Hex, list[str]] = {}
    for u in others:
        (friends if u.side is mine else enemies).setdefault(u.hex, []).append(u.id)
    return Occupancy(mine, {h: tuple(v) for h, v in friends.items()},
                     {h: tuple(v) for h, v in enemies.items()})


def stack_count(units: Iterable[Unit], hex: Hex, side: Side | str) -> int:
    """How many alive units of ``side`` stand in ``hex`` (V-11).

    Examples
    --------
    >>> from hexrules import Hex, Status, Unit
    >>> units = [Unit("R1", "red", Hex(0, 0)), Unit("R2", "red", Hex(0, 0)),
    ...          Unit("R3", "red", Hex(0, 0), status=[Status.DESTROYED]),
    ...          Unit("B1", "blue", Hex(0, 0))]
    >>> stack_count(units, Hex(0, 0), "red"), stack_count(units, Hex(0, 0), "blue")
    (2, 1)
    """
    if not isinstance(hex, Hex):
        raise RulesTypeError(f"stack_count counts the units in a Hex, got {hex!r}")
    mine = Side.parse(side)
    return sum(1 for u in _unit_list(units) if u.alive and u.side is mine and u.hex == hex)


def stacking_limit(*, tables: TableSet | None = None) -> int:
    """The most friendly units that may share a hex when a move ends (堆叠, V-11).

    >>> stacking_limit()
    4
    """
    return _terrain(tables).stacking_limit


def can_stack(units: Iterable[Unit], hex: Hex, side: Side | str, *, adding: int = 1,
              tables: TableSet | None = None) -> bool:
    """Whether ``adding`` more units of ``side`` may end their move in ``hex`` (V-11).

    ``units`` are the units already on the board (without the ones arriving); ``adding=0``
    checks the board as it is.

    Examples
    --------
    >>> from hexrules import Hex, Unit
    >>> three = [Unit(f"R{i}", "red", Hex(0, 0)) for i in range(3)]
    >>> can_stack(three, Hex(0, 0), "red"), can_stack(three, Hex(0, 0), "red", adding=2)
    (True, False)
    """
    if isinstance(adding, bool) or not isinstance(adding, int) or adding < 0:
        raise RulesTypeError(f"adding is a number of units >= 0, got {adding!r}")
    return stack_count(units, hex, side) + adding <= stacking_limit(tables=tables)


def verify_stacking(hexmap: HexMap, units: Iterable[Unit], hex: Hex | str, side: Side | str,
                    *, adding: int = 1, tables: TableSet | None = None) -> None:
    """Refuse a move that would end with more friendly units in ``hex`` than allowed (V-11).

    The rulebook destroys a unit whose move ends over the limit; an engine that refuses the
    order instead (C-4 [decision]) calls this before it applies the move.

    Raises
    ------
    IllegalMoveError
        Naming the hex, the units already there and the limit.

    Examples
    --------
    >>> from hexrules import HexMap, Unit
    >>> m = HexMap.load("training")
    >>> four = [Unit(f"R{i}", "red", m.parse("4563KE")) for i in range(1, 5)]
    >>> verify_stacking(m, four, "4563KE", "red")
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalMoveError: 4563KE: a move may not end here: it holds 4 Red 红方 \
units already (R1, R2, R3, R4), and at most 4 friendly units may share a hex (V-11)
    """
    h = _as_hex(hexmap, hex)
    if can_stack(units, h, side, adding=adding, tables=tables):
        return
    mine = Side.parse(side)
    ids = [u.id for u in _unit_list(units) if u.alive and u.side is mine and u.hex == h]
    limit = stacking_limit(tables=tables)
    arriving = "" if adding == 1 else f" ({adding} units arriving)"
    raise _move_error(
        hexmap, (h,), "V-11",
        f"a move may not end here{arriving}: it holds {len(ids)} {mine.label} units already "
        f"({', '.join(ids)}), and at most {limit} friendly units may share a hex")


def _start_refusal(hexmap: HexMap, start: Hex, occ: Occupancy,
                   march: bool) -> tuple[str, str, tuple[str, ...]] | None:
    """Why a unit at ``start`` may not move (V-10) or march (V-3): (rule, reason, also)."""
    if start in occ.enemies:
        return ("V-10", f"{_name(hexmap, start)} holds an enemy unit "
                        f"({', '.join(occ.enemies[start])}): units in close combat may not "
                        "move", ())
    if march and start in occ.friends:
        return ("V-3", f"{_name(hexmap, start)} holds another friendly unit "
                       f"({', '.join(occ.friends[start])}): a unit that starts its move in a "
                       "stack may not march", ("V-11",))
    return None


def _pass_error(hexmap: HexMap, a: Hex, b: Hex, occ: Occupancy, march: bool, first: bool,
                step: int | None) -> IllegalMoveError | None:
    """Why the other units forbid leaving ``a`` for ``b`` (V-3, V-10), or ``None``."""
    if first:
        why = _start_refusal(hexmap, a, occ, march)
        return None if why is None else _move_error(hexmap, (a, b), why[0], why[1], why[2],
                                                    step)
    if a in occ.enemies:
        return _move_error(
            hexmap, (a, b), "V-10",
            f"{_name(hexmap, a)} holds an enemy unit ({', '.join(occ.enemies[a])}): the move "
            "stopped there for close combat and may not pass through it", (), step)
    return None


def _enter_error(hexmap: HexMap, a: Hex, b: Hex, occ: Occupancy, march: bool,
                 step: int | None) -> IllegalMoveError | None:
    """Why the other units forbid entering ``b`` (V-3 in march), or ``None``."""
    if march and b in occ.friends:
        return _move_error(
            hexmap, (a, b), "V-3",
            f"{_name(hexmap, b)} holds a friendly unit ({', '.join(occ.friends[b])}): a "
            "marching unit may not enter or pass through it", (), step)
    if march and b in occ.enemies:
        return _move_error(
            hexmap, (a, b), "V-3",
            f"{_name(hexmap, b)} holds an enemy unit ({', '.join(occ.enemies[b])}): a "
            "marching unit may do nothing else this turn, so it may not enter an enemy hex "
            "and start close combat (V-3, V-10 [project ruling])", (), step)
    return None
