"""Every legal order of the side to act, as a lazy sequence (python-chess's ``legal_moves``).

:func:`legal_orders` answers in a few tens of microseconds: it works out *who* may do what
(shooters, targets, movers, steps) with the shared checks of :mod:`hexrules.game.checks`,
and builds order values only when they are read. Concentrated fire is listed once per set
of shooters, in set-up order (``DeclareFire(FireOrder(('R1', 'R3'), 'B2'))``); the same
shooters in another declared order are legal too (:meth:`GameState.can` accepts them) but not
listed again. With the event cards (§7) the card orders are listed too: a due
``FieldRepair`` (E-3), a ``PlanFire`` for every hex of the map (A-1), ``RapidReload`` (E-5),
and with an active fire-enhancement card (E-2) each single shooter's declaration with
``enhance`` (concentrated fire naming the enhanced shooter is legal but not listed); the
instructor's ``DealCard`` is not a player's order and is never listed. With the paper-table
referee, breaches and overspending steps are accepted by ``apply`` with their penalty but are
not listed: they are not lawful orders.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import GameState
>>> s = GameState.new(HexMap.flat(10, 4), [Unit("R1", "red", Hex(0, 1)),
...                   Unit("R2", "red", Hex(0, 2)), Unit("B1", "blue", Hex(6, 1))],
...                   turns=1, seed=2)
>>> s.to_act
Side.RED
>>> legal = s.legal_orders()
>>> len(legal), legal[0], legal[-1]
(4, Pass(), DeclareFire(FireOrder(('R1', 'R2'), 'B1')))
>>> print(legal.describe())
Red 红方 to act in the Direct-fire phase 直瞄射击阶段: Pass(); fire on B1 at 4563BG with \
R1, R2 (any of them, 3 declarations)
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Iterator, Sequence
from typing import overload

from hexrules.combat.orders import FireKind, FireOrder
from hexrules.errors import IllegalMoveError, RulesError
from hexrules.game.cards import Card
from hexrules.game.checks import move_problem, open_target, ready_to_fire, seen_enemies
from hexrules.game.costs import short_halt_cost, step_cost
from hexrules.game.melee import can_fire_in_close_combat
from hexrules.game.moves import march_blocked
from hexrules.game.orders import (
    CoveringFire,
    DeclareFire,
    Decline,
    EndMove,
    FieldRepair,
    MovingFire,
    OpportunityFire,
    Order,
    Pass,
    PlanFire,
    RapidReload,
    ShortHaltFire,
    StartMove,
    StepTo,
)
from hexrules.game.state import GameState, Phase, WindowKind
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.units import Unit

__all__ = ["LegalOrders", "legal_orders"]


class _Fixed:
    """A chunk of explicit orders."""

    __slots__ = ("orders",)

    def __init__(self, orders: list[Order]) -> None:
        self.orders = orders

    def __len__(self) -> int:
        return len(self.orders)

    def get(self, i: int) -> Order:
        return self.orders[i]

    def text(self, state: GameState) -> str:
        return ", ".join(map(repr, self.orders))


class _Subsets:
    """Every non-empty subset of ``ids`` (in their order) made into an order."""

    __slots__ = ("ids", "make", "target", "what")

    def __init__(self, ids: tuple[str, ...], make: Callable[[tuple[str, ...]], Order],
                 target: Unit, what: str) -> None:
        self.ids, self.make, self.target, self.what = ids, make, target, what

    def __len__(self) -> int:
        return (1 << len(self.ids)) - 1

    def get(self, i: int) -> Order:
        mask = i + 1
        return self.make(tuple(s for k, s in enumerate(self.ids) if mask >> k & 1))

    def text(self, state: GameState) -> str:
        where = state.hexmap.name_of(self.target.hex)
        n = len(self)
        many = f" (any of them, {n} declarations)" if n > 1 else ""
        return f"{self.what} on {self.target.id} at {where} with {', '.join(self.ids)}{many}"


class _Hexes:
    """Every hex of the map made into an order (a fire plan names any hex, A-1)."""

    __slots__ = ("cols", "hexmap", "make", "n")

    def __init__(self, hexmap: HexMap, make: Callable[[Hex], Order]) -> None:
        self.hexmap, self.make = hexmap, make
        self.cols, self.n = hexmap.cols, len(hexmap)

    def __len__(self) -> int:
        return self.n

    def get(self, i: int) -> Order:
        return self.make(Hex.from_offset(i % self.cols, i // self.cols))

    def text(self, state: GameState) -> str:
        return f"a fire plan at any of the {self.n} hexes of the map (PlanFire(hex), A-1)"


class LegalOrders(Sequence[Order]):
    """The legal orders of one state: a lazy, indexable sequence.

    ``len``, indexing and :meth:`choice` build only the orders read; iteration builds them
    all. ``order in legal`` is exact (permutations of a listed concentration are not listed).
    """

    def __init__(self, state: GameState, chunks: list[_Fixed | _Subsets | _Hexes]) -> None:
        self.state = state
        self._chunks = [c for c in chunks if len(c)]
        self._len = sum(len(c) for c in self._chunks)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Order: ...
    @overload
    def __getitem__(self, i: slice) -> list[Order]: ...

    def __getitem__(self, i: int | slice) -> Order | list[Order]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(f"legal order index {i} out of range ({self._len} orders)")
        for c in self._chunks:
            n = len(c)
            if i < n:
                return c.get(i)
            i -= n
        raise IndexError(i)  # pragma: no cover

    def __iter__(self) -> Iterator[Order]:
        for c in self._chunks:
            for i in range(len(c)):
                yield c.get(i)

    def __contains__(self, order: object) -> bool:
        return any(o == order for o in self)

    def choice(self, rng: _random.Random) -> Order:
        """One order drawn uniformly with ``rng`` (a :class:`random.Random`)."""
        return self[rng.randrange(self._len)]

    def describe(self) -> str:
        """The choices in words: "fire on B2 at 4563GH with R1, R3, or decline"."""
        s = self.state
        if s.over:
            return "the game is over: no orders"
        who = s.to_act.label if s.to_act else "nobody"
        parts = "; ".join(c.text(s) for c in self._chunks)
        return f"{who} to act in the {s.phase.label}: {parts}"

    def __repr__(self) -> str:
        return f"<LegalOrders {len(self)} for {self.state.to_act!r}>"


def _targets(state: GameState, enemies: list[Unit]) -> list[Unit]:
    eng = state.engaged
    out = [t for t in enemies if open_target(t, eng)]
    if state.options.fog_of_war and out:
        seen = seen_enemies(state.hexmap, state.units, state.to_act)  # type: ignore[arg-type]
        out = [t for t in out if t.id in seen]
    return out


def _in_range(state: GameState, shooters: list[Unit], t: Unit) -> tuple[str, ...]:
    top = state.tables.attack_level.max_range
    if state.options.require_sight:
        from hexrules.sight.fast import fast_sight

        fs = fast_sight(state.hexmap)
        return tuple(u.id for u in shooters
                     if 1 <= u.hex.distance(t.hex) <= top and fs.visible(u.hex, t.hex))
    return tuple(u.id for u in shooters if 1 <= u.hex.distance(t.hex) <= top)


def _fire_chunks(state: GameState, shooters: list[Unit], targets: list[Unit],
                 make: Callable[[tuple[str, ...], str], Order], what: str
                 ) -> list[_Fixed | _Subsets]:
    out: list[_Fixed | _Subsets] = []
    for t in targets:
        ids = _in_range(state, shooters, t)
        if ids:
            out.append(_Subsets(ids, lambda s, tid=t.id: make(s, tid), t, what))
    return out


def _enhancing(state: GameState) -> bool:
    """Whether the side to act holds a fire-enhancement card acting now (E-2)."""
    return (state.options.cards and state.to_act is not None
            and state.cards.active(state.to_act, Card.FIRE_ENHANCEMENT, state.turn) is not None)


def _enhanced(state: GameState, shooters: list[Unit], targets: list[Unit],
              make: Callable[[str, str], Order]) -> list[_Fixed | _Subsets]:
    """With E-2: each single shooter's declaration with the card (concentrated fire with a
    named shooter is legal too, but not listed)."""
    if not _enhancing(state):
        return []
    return [_Fixed([make(sid, t.id) for sid in _in_range(state, shooters, t)]) for t in targets]


def _reloads(state: GameState) -> list[_Fixed | _Subsets]:
    """E-5: the side's last unit to fire fires again, at any enemy in range."""
    from hexrules.game.cardorders import check_reload

    if not (state.options.cards and state.to_act is not None and state.cards.active(
            state.to_act, Card.RAPID_RELOAD, state.turn)):
        return []
    orders: list[Order] = []
    flags = (False, True) if _enhancing(state) else (False,)
    for e in state.units:
        if e.side is not state.to_act:
            for flag in flags:
                o = RapidReload(e.id, enhance=flag)
                try:
                    check_reload(state, o)
                except RulesError:
                    break
                orders.append(o)
    return [_Fixed(orders)]


def _fire_phase(state: GameState) -> list[_Fixed | _Subsets | _Hexes]:
    side, eng = state.to_act, state.engaged
    shooters = [u for u in state.units if u.side is side and ready_to_fire(u, eng)]
    enemies = [u for u in state.units if u.side is not side]
    chunks: list[_Fixed | _Subsets | _Hexes] = [_Fixed([Pass()])]
    if shooters:
        targets = _targets(state, enemies)
        chunks += _fire_chunks(state, shooters, targets,
                               lambda s, t: DeclareFire(FireOrder(s, t)), "fire")
        chunks += _enhanced(state, shooters, targets,
                            lambda s, t: DeclareFire(FireOrder(s, t), enhance=s))
    return chunks + _reloads(state)


def _start_moves(state: GameState) -> list[_Fixed | _Subsets]:
    side, eng, m = state.to_act, state.engaged, state.hexmap
    orders: list[Order] = [Pass()]
    units = list(state.units)
    for u in units:
        if u.side is side and move_problem(m, u, eng) is None:
            orders.append(StartMove(u.id))
            if march_blocked(m, u, units) is None:
                orders.append(StartMove(u.id, march=True))
    return [_Fixed(orders)]


def _move_orders(state: GameState) -> list[_Fixed | _Subsets]:
    mv = state.move
    assert mv is not None
    m, tables = state.hexmap, state.tables
    mover = state.unit(mv.unit)
    left = mv.left
    orders: list[Order] = []
    # in march, no hex holding another unit may be entered (V-3; the enemy: [project ruling])
    barred = {u.hex for u in state.units if u.id != mover.id} if mv.march else set()
    for n in mv.hex.neighbors():
        if n not in m or n in barred:
            continue
        try:
            cost = step_cost(m, mv.hex, n, march=mv.march, tables=tables)
        except IllegalMoveError:
            continue
        if cost <= left:
            orders.append(StepTo(n))
    orders.append(EndMove())
    chunks: list[_Fixed | _Subsets] = [_Fixed(orders)]
    if not (mv.march or mv.fire is not None or mv.penalty or mover.weapon_lost):
        targets = _targets(state, [u for u in state.units if u.side is not mover.side])
        ids = [e.id for e in targets if _in_range(state, [mover], e)]
        chunks.append(_Fixed([MovingFire(i) for i in ids]))
        if left >= short_halt_cost(tables):
            chunks.append(_Fixed([ShortHaltFire(i) for i in ids]))
        if _enhancing(state):
            chunks.append(_Fixed([MovingFire(i, enhance=True) for i in ids]))
            if left >= short_halt_cost(tables):
                chunks.append(_Fixed([ShortHaltFire(i, enhance=True) for i in ids]))
    return chunks


def _window_orders(state: GameState) -> list[_Fixed | _Subsets]:
    w = state.window
    assert w is not None
    shooters = [state.unit_map[i] for i in w.shooters]
    targets = [state.unit_map[i] for i in w.targets]
    chunks: list[_Fixed | _Subsets] = [_Fixed([Decline()])]
    if w.kind is WindowKind.OPPORTUNITY:
        chunks += _fire_chunks(state, shooters, targets, lambda s, t: OpportunityFire(s),
                               "opportunity fire")
        chunks += _enhanced(state, shooters, targets,
                            lambda s, t: OpportunityFire(s, enhance=s))
    else:
        chunks += _fire_chunks(state, shooters, targets, CoveringFire, "covering fire")
        chunks += _enhanced(state, shooters, targets,
                            lambda s, t: CoveringFire(s, t, enhance=s))
    return chunks


def _close_combat(state: GameState) -> list[_Fixed | _Subsets]:
    mel = state.melee
    assert mel is not None
    enemies = [u for u in state.units if u.hex == mel.hex and u.side is not mel.side]
    orders: list[Order] = []
    for sid in mel.to_fire:
        u = state.unit_map[sid]
        if can_fire_in_close_combat(u):
            orders += [DeclareFire(FireOrder((sid,), e.id, FireKind.CLOSE_COMBAT))
                       for e in enemies]
            if _enhancing(state):
                orders += [DeclareFire(FireOrder((sid,), e.id, FireKind.CLOSE_COMBAT),
                                       enhance=sid) for e in enemies]
    return [_Fixed(orders)]


def _repairs(state: GameState) -> list[_Fixed | _Subsets | _Hexes]:
    """T-1 with a field repair due: one order per W or I unit of the side (E-3)."""
    from hexrules.game.events import repairable

    assert state.to_act is not None
    return [_Fixed([FieldRepair(u.id) for u in repairable(state.units, state.to_act)])]


def legal_orders(state: GameState) -> LegalOrders:
    """Every legal order of the side to act in ``state`` (empty once the game is over)."""
    if state.phase is Phase.OVER:
        chunks: list[_Fixed | _Subsets | _Hexes] = []
    elif state.window is not None:
        chunks = _window_orders(state)
    elif state.phase is Phase.DIRECT_FIRE:
        chunks = _fire_phase(state)
    elif state.phase is Phase.MOVEMENT:
        chunks = _move_orders(state) if state.move is not None else _start_moves(state)
    elif state.phase is Phase.CLOSE_COMBAT and state.melee is not None:
        chunks = _close_combat(state)
    elif state.phase is Phase.PREPARATION and state.to_act is not None:
        chunks = _repairs(state)
    elif state.phase is Phase.RANDOM_EVENT and state.to_act is not None:
        chunks = [_Hexes(state.hexmap, PlanFire)]
    else:  # pragma: no cover - the engine never waits in another phase
        chunks = []
    return LegalOrders(state, chunks)
