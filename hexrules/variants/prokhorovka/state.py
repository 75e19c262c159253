"""The state of a Prokhorovka game (P-8): :class:`PState`, a frozen value.

The state holds the turn, the phase (``'mortar'``, ``'movement'``, ``'fire'``, ``'over'``),
the side to act, every unit (:class:`~hexrules.variants.prokhorovka.units.PUnit`), the move
in progress, the fire declared this phase and the losses waiting for the phase's end. It is
changed only by :func:`~hexrules.variants.prokhorovka.engine.apply`, which returns a new
state and the order's :class:`OrderRecord`. The scenario (map and rules) is referred to, not
compared: two states are equal when their play is.

>>> from hexrules.variants.prokhorovka import load_scenario, new_state
>>> s = new_state(load_scenario("cut"))
>>> s.turn, s.phase, s.to_act, len(s.units)
(1, 'mortar', 'german', 14)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import ClassVar

from hexrules.dice import Roll
from hexrules.errors import IllegalOrderError
from hexrules.grid.square import Square
from hexrules.language import localized
from hexrules.records import register
from hexrules.rulings import OrderParts
from hexrules.variants.prokhorovka.record import ProkRecord
from hexrules.variants.prokhorovka.scenario import Scenario
from hexrules.variants.prokhorovka.units import PUnit

__all__ = ["PHASES", "Mover", "OrderRecord", "PState", "Pending", "other"]

PHASES = ("mortar", "movement", "fire", "over")


def other(side: str) -> str:
    """The other side."""
    return "soviet" if side == "german" else "german"


@dataclass(frozen=True)
class Mover:
    """The move in progress (P-9): the unit, its points left, whether it is over."""

    unit: str
    points: Fraction
    trench_only: bool = False
    done: bool = False


@dataclass(frozen=True)
class Pending:
    """Losses of one fire or melee, applied at the end of the fire phase (P-8, P-12)."""

    target: str
    killed: int = 0
    wounded: int = 0
    effect: str = ""          # a vehicle's P-16 effect, '' for none
    firer: str = ""


@dataclass(frozen=True)
class OrderRecord(OrderParts):
    """Everything one order caused: its parts (one :class:`ProkRecord` per ruling), in order,
    and every die rolled. Follows :class:`hexrules.records.Record`; its rules are the
    parts' (the order's own rule is not listed first)."""

    order_rule_first: ClassVar[bool] = False

    order: object
    side: str | None
    turn: int
    phase: str
    parts: tuple[ProkRecord, ...]
    rolls: tuple[Roll, ...]

    @localized
    def __str__(self) -> str:
        head = f"turn {self.turn} {self.phase} {self.side or ''}: {self.order!r}"
        return "\n".join([head] + [str(p) for p in self.parts])

    @localized
    def _repr_html_(self) -> str:
        return "".join(p._repr_html_() for p in self.parts) or "<div>(no ruling)</div>"


@dataclass(frozen=True)
class PState:
    """A game of the variant at one moment (see the module docstring)."""

    scenario: Scenario = field(compare=False, repr=False)
    scenario_digest: str
    turn: int
    phase: str
    to_act: str | None
    first: str
    passed: frozenset[str]
    units: tuple[PUnit, ...]
    mover: Mover | None = None
    declared: tuple[tuple[str, str], ...] = ()      # (side, target) fires this phase
    pending: tuple[Pending, ...] = ()
    calls_used: frozenset[int] = frozenset()
    wiped: tuple[str, ...] = ()                     # units wiped out, in order

    @functools.cached_property
    def _index(self) -> dict[str, int]:
        return {u.id: k for k, u in enumerate(self.units)}

    @functools.cached_property
    def occupant(self) -> dict[Square, PUnit]:
        """The unit standing in each occupied square (the moving unit left out: it may pass
        through a friend's square, P-5)."""
        skip = self.mover.unit if self.mover is not None else None
        return {u.square: u for u in self.units
                if u.square is not None and u.alive and u.id != skip}

    def unit(self, uid: str) -> PUnit:
        """The unit ``uid``; :class:`IllegalOrderError` names an unknown one."""
        k = self._index.get(uid) if isinstance(uid, str) else None
        if k is None:
            raise IllegalOrderError(f"no unit {uid!r} in this game (P-2)")
        return self.units[k]

    def with_units(self, *changed: PUnit, **kw: object) -> PState:
        """A new state with ``changed`` units replaced (by id) and fields ``kw`` set."""
        units = list(self.units)
        for u in changed:
            units[self._index[u.id]] = u
        return replace(self, units=tuple(units), **kw)

    @property
    def rules(self):  # noqa: ANN201 - Rules
        """The scenario's rules data."""
        return self.scenario.rules

    @property
    def board(self):  # noqa: ANN201 - Board
        """The scenario's board."""
        return self.scenario.board()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def side_units(self, side: str) -> list[PUnit]:
        """The side's units on the map."""
        return [u for u in self.units if u.side == side and u.on_map]

    def __repr__(self) -> str:
        return (f"<PState {self.scenario.name} turn {self.turn}/{self.scenario.turns} "
                f"{self.phase}, {self.to_act or '-'} to act>")


register(Mover, Pending, OrderRecord, namespace="prok")
