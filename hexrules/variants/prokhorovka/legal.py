"""The legal orders of a state (P-8): :func:`legal_orders`.

Every order :func:`legal_orders` lists is accepted by
:func:`~hexrules.variants.prokhorovka.engine.apply`, and every order ``apply`` accepts is
listed (a test checks both ways). The mortar step lists a call at every square of the map
for every German company with a call left, lazily (:class:`Concat`).

>>> from hexrules.variants.prokhorovka import load_scenario, new_state
>>> orders = legal_orders(new_state(load_scenario("cut")))
>>> len(orders), orders[0]
(3601, EndPhase())
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from hexrules.grid.square import Square
from hexrules.variants.prokhorovka.checks import (
    assault_problem,
    available_calls,
    fire_kind,
    fire_problem,
    movable,
    step_problem,
)
from hexrules.variants.prokhorovka.fire import hit_need
from hexrules.variants.prokhorovka.orders import (
    Activate,
    EndPhase,
    FinishMove,
    HoldFire,
    MeleeAssault,
    MortarCall,
    MoveStep,
    OpenFire,
    Order,
)
from hexrules.variants.prokhorovka.state import PState
from hexrules.variants.prokhorovka.units import PUnit

__all__ = ["Concat", "legal_orders", "unit_orders"]

T = TypeVar("T")


class Concat(Sequence[T]):
    """The concatenation of ``parts`` without copying them (``len`` and indexing are lazy).

    >>> c = Concat([["pass"], range(3)])
    >>> len(c), c[0], c[3], list(c)
    (4, 'pass', 2, ['pass', 0, 1, 2])
    """

    def __init__(self, parts: Iterable[Sequence[T]]) -> None:
        self._parts = [p for p in parts if len(p)]
        self._len = sum(len(p) for p in self._parts)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> T:  # type: ignore[override]
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._len))]  # type: ignore[return-value]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        for p in self._parts:
            if i < len(p):
                return p[i]
            i -= len(p)
        raise IndexError(i)  # pragma: no cover


class _Calls(Sequence[MortarCall]):
    def __init__(self, company: int, width: int, height: int) -> None:
        self.company, self.width, self.height = company, width, height

    def __len__(self) -> int:
        return self.width * self.height

    def __getitem__(self, i: int) -> MortarCall:  # type: ignore[override]
        if not 0 <= i < len(self):
            raise IndexError(i)
        return MortarCall(self.company, Square(i % self.width, i // self.width))


def unit_orders(s: PState, uid: str) -> list[Order]:
    """The fire-phase orders of one unit (HoldFire first), or its Activate in movement."""
    u = s.unit(uid)
    if s.over or u.side != s.to_act or not u.on_map:
        return []
    if s.phase == "movement":
        return [Activate(uid)] if s.mover is None and movable(s, u) else []
    if s.phase != "fire" or u.declared:
        return []
    out: list[Order] = [HoldFire(uid)]
    for t in s.units:
        if t.side == u.side or not t.on_map:
            continue
        for mode in ("normal", "win"):
            if fire_problem(s, u, t, mode) is None:
                out.append(OpenFire(uid, t.id, mode))
            elif mode == "normal" and not _in_reach(s, u, t):
                break
        if u.is_squad and t.is_squad and assault_problem(s, u, t) is None:
            out.append(MeleeAssault(uid, t.id))
    return out


def _in_reach(s: PState, u: PUnit, t: PUnit) -> bool:
    vt = None if u.is_squad else s.rules.vehicles[u.type]
    return hit_need(s.rules, fire_kind(u, t), u.square.distance2(t.square),
                    long_range_bonus=bool(vt and vt.long_range_bonus)) is not None


def legal_orders(s: PState) -> Sequence[Order]:
    """Every legal order now, for the side to act (empty once the game is over)."""
    if s.over:
        return []
    if s.phase == "mortar":
        b = s.board
        return Concat([[EndPhase()], *(_Calls(c, b.width, b.height)
                                       for c in available_calls(s))])
    if s.phase == "movement":
        if s.mover is not None:
            u = s.unit(s.mover.unit)
            out: list[Order] = [MoveStep(n) for n in u.square.neighbours()
                                if step_problem(s, n) is None]
            if u.square not in s.occupant:
                out.append(FinishMove())
                out += [FinishMove(f) for f in range(8)]
            return out
        return [EndPhase()] + [Activate(u.id) for u in s.units
                               if u.side == s.to_act and movable(s, u)]
    out = [EndPhase()]
    for u in s.units:
        if u.side == s.to_act and u.on_map and not u.declared:
            out += unit_orders(s, u.id)
    return out
