"""Whether an order is legal now (P-5, P-8…P-11, P-16…P-19, P-23): :func:`verify`, :func:`can`.

Every check names the rule it applies; :func:`~hexrules.variants.prokhorovka.engine.apply`
runs them before any die is rolled, and :mod:`~hexrules.variants.prokhorovka.legal` lists
exactly the orders they accept.

>>> from hexrules.variants.prokhorovka import Activate, load_scenario, new_state
>>> can(new_state(load_scenario("cut")), Activate("GQ1"))      # the mortar step first
False
"""

from __future__ import annotations

from hexrules.errors import IllegalMoveError, IllegalOrderError, OutOfTurnError
from hexrules.grid.square import Square, bearing_arc
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
)
from hexrules.variants.prokhorovka.state import PState
from hexrules.variants.prokhorovka.units import PUnit

__all__ = ["assault_problem", "available_calls", "can", "fire_kind", "fire_problem",
           "load_cost", "movable", "step_problem", "verify"]


def available_calls(s: PState) -> list[int]:
    """The German companies on the map whose mortar call is unused (P-17)."""
    return sorted({u.company for u in s.units if u.side == "german" and u.on_map}
                  - s.calls_used)


def movable(s: PState, u: PUnit) -> bool:
    """Whether ``u`` may start a move this turn (P-9, P-16, P-17, P-19)."""
    if not u.on_map or u.moved:
        return False
    if not u.is_squad and (u.no_move or u.stunned == s.turn
                           or (u.barn_turn and s.turn < u.barn_turn + 2)):
        return False
    return True


def fire_kind(u: PUnit, t: PUnit) -> str:
    if u.is_squad:
        return "small_arms" if t.is_squad else "anti_tank"
    return "vehicle_infantry" if t.is_squad else "vehicle_armour"


def fire_problem(s: PState, u: PUnit, t: PUnit, mode: str) -> str | None:
    """Why ``u`` may not fire at ``t`` in ``mode`` (the reason with its rule ID), or ``None``."""
    if mode not in ("normal", "win"):
        return f"unknown fire mode {mode!r}: 'normal' or 'win' (P-10)"
    if t.side == u.side:
        return f"{t.id} is a friendly unit (P-10)"
    if not t.on_map:
        return f"{t.id} is not on the map (P-10)"
    r = s.rules
    if u.is_squad:
        if not t.is_squad and not u.anti_tank:
            return f"{u.id} has no anti-tank weapon: rifles cannot harm armour (P-2, P-11)"
        if mode == "win" and not r.morale[u.morale.level].win:
            return f"{u.id} is broken: no fire to win (P-21)"
    else:
        if u.no_fire:
            return f"{u.id} cannot fire: its side was penetrated (P-16)"
        if u.stunned == s.turn:
            return f"{u.id}'s crew is stunned this turn (P-17)"
    d2 = u.square.distance2(t.square)
    vt = None if u.is_squad else r.vehicles[u.type]
    if hit_need(r, fire_kind(u, t), d2,
                long_range_bonus=bool(vt and vt.long_range_bonus)) is None:
        return f"{t.id} at {d2 ** 0.5:.1f} squares is beyond the reach of {u.id} (P-11)"
    b = s.board
    if t.is_squad and b.feature_at(t.square) == "haystack" and d2 > r.concealment ** 2:
        return (f"{t.id} is concealed in a haystack: it can be fired on from "
                f"{r.concealment} squares or less (P-18)")
    if not u.is_squad and b.feature_at(u.square) == "barn" \
            and bearing_arc(u.square, u.facing, t.square) not in ("front", "front|side"):
        return f"{u.id} in the barn fires only into its front arc (P-19)"
    if not b.clear(u.square, t.square):
        return f"no line of sight from {u.id} to {t.id}: a barn, house or haystack blocks (P-18)"
    if u.loads < load_cost(s, u, mode):
        return (f"{u.id} has {u.loads} basic load(s), {mode} fire needs "
                f"{load_cost(s, u, mode)} (P-10)")
    return None


def load_cost(s: PState, u: PUnit, mode: str) -> int:
    r = s.rules
    if mode == "normal":
        return r.normal_loads
    extra = r.high_morale_win_extra if u.is_squad and u.morale.level == "high" else 0
    return r.win_loads + extra


def step_problem(s: PState, to: Square) -> str | None:
    """Why the moving unit may not step to ``to`` (with the rule), or ``None`` (P-5, P-9)."""
    m = s.mover
    u = s.unit(m.unit)
    b = s.board
    if m.done:
        return f"{u.id}'s move is over: end it (P-9, P-19, P-20)"
    if not isinstance(to, Square):
        return f"a step goes to a Square, got {to!r} (P-5)"
    if max(abs(to.col - u.square.col), abs(to.row - u.square.row)) != 1:
        return f"{to} is not a neighbour of {u.square} (P-5)"
    if not b.grid.contains(to):
        return f"{to} is off the map (P-5)"
    if not b.can_enter(to, u.arm):
        return f"vehicles enter no house or haystack: {to} (P-19)"
    occ = s.occupant.get(to)
    if occ is not None and occ.side != u.side:
        return f"{to} holds the enemy {occ.id}: a unit may not pass through enemies (P-5)"
    cost = b.step_cost(u.square, to, u.arm)
    if cost > m.points:
        return f"the step to {to} costs {cost}, {u.id} has {m.points} left (P-9)"
    if m.trench_only and not b.has_trench(u.square):
        return f"{u.id} left the trench: its move is over (P-20)"
    ends = (m.trench_only and not b.has_trench(to)) or (
        not u.is_squad and b.feature_at(to) == "barn" and b.feature_at(u.square) != "barn")
    if occ is not None and ends:
        return (f"{to} holds {occ.id}, and this step would end the move there (P-5, P-19, "
                f"P-20) [project ruling]")
    if occ is not None:  # through a friend: it must be able to step on to a free square
        left = m.points - cost
        ok = any(b.grid.contains(n) and b.can_enter(n, u.arm) and n not in s.occupant
                 and b.step_cost(to, n, u.arm) <= left for n in to.neighbours())
        if not ok or (m.trench_only and not b.has_trench(to)):
            return (f"{to} holds {occ.id}: a unit may pass through a friend only if it can "
                    f"step on to a free square (P-5) [project ruling]")
    return None


def verify(s: PState, order: object) -> None:
    """Raise :class:`IllegalOrderError` (naming the rule) if ``order`` is not legal now."""
    _check(s, order)


def can(s: PState, order: object) -> bool:
    """Whether ``order`` is legal now."""
    try:
        _check(s, order)
    except IllegalOrderError:
        return False
    return True


def _own(s: PState, uid: object) -> PUnit:
    u = s.unit(uid)  # type: ignore[arg-type]
    if u.side != s.to_act:
        raise OutOfTurnError(f"{u.id} is {u.side}; the {s.to_act} side is to act (P-8)")
    if not u.on_map:
        raise IllegalOrderError(f"{u.id} is not on the map (P-3, P-22)")
    return u


def _check(s: PState, order: object) -> None:
    if s.over:
        raise OutOfTurnError("the game is over (P-1)")
    if isinstance(order, EndPhase):
        if s.mover is not None:
            raise OutOfTurnError(f"{s.mover.unit} is moving: end its move first (P-9)")
        return
    if s.phase == "mortar":
        if not isinstance(order, MortarCall):
            raise OutOfTurnError(f"{type(order).__name__} in the mortar step: only a "
                                 f"MortarCall or EndPhase (P-8)")
        if order.company not in available_calls(s):
            raise IllegalOrderError(f"German company {order.company!r} has no call left or no "
                                    f"unit on the map (P-17)")
        if not isinstance(order.aim, Square) or not s.board.grid.contains(order.aim):
            raise IllegalOrderError(f"the aim {order.aim!r} is not a square of the map (P-17)")
        return
    if s.phase == "movement":
        if s.mover is not None:
            if isinstance(order, MoveStep):
                why = step_problem(s, order.square)
                if why:
                    raise IllegalMoveError(why)
                return
            if isinstance(order, FinishMove):
                f = order.facing
                if f is not None and (isinstance(f, bool) or not isinstance(f, int)
                                      or not 0 <= f < 8):
                    raise IllegalOrderError(f"a facing is 0-7 (N … NW), got {f!r} (P-9)")
                u = s.unit(s.mover.unit)
                if u.square in s.occupant:
                    raise IllegalMoveError(f"{u.id} may not end its move in "
                                           f"{s.occupant[u.square].id}'s square (P-5)")
                return
            raise OutOfTurnError(f"{s.mover.unit} is moving: MoveStep or FinishMove (P-9)")
        if not isinstance(order, Activate):
            raise OutOfTurnError(f"{type(order).__name__} in the movement phase: Activate a "
                                 f"unit or EndPhase (P-8)")
        u = _own(s, order.unit)
        if not movable(s, u):
            raise IllegalMoveError(f"{u.id} cannot move this turn (moved already, cannot move, "
                                   f"stunned or waiting in the barn; P-9, P-16, P-17, P-19)")
        return
    # fire
    if not isinstance(order, OpenFire | MeleeAssault | HoldFire):
        raise OutOfTurnError(f"{type(order).__name__} in the fire phase: OpenFire, "
                             f"MeleeAssault, HoldFire or EndPhase (P-8)")
    u = _own(s, order.unit)
    if u.declared:
        raise IllegalOrderError(f"{u.id} has already declared this phase (P-7, P-8)")
    if isinstance(order, HoldFire):
        return
    t = s.unit(order.target)
    if isinstance(order, OpenFire):
        why = fire_problem(s, u, t, order.mode)
        if why:
            raise IllegalOrderError(why)
        return
    why = assault_problem(s, u, t)
    if why:
        raise IllegalOrderError(why)


def assault_problem(s: PState, u: PUnit, t: PUnit) -> str | None:
    if not u.is_squad or not t.is_squad:
        return "only a squad assaults, and only an enemy squad (P-23)"
    if t.side == u.side or not t.on_map:
        return f"{t.id} is not an enemy squad on the map (P-23)"
    if u.morale.level == "broken":
        return f"{u.id} is broken: it may not assault (P-23)"
    if max(abs(t.square.col - u.square.col), abs(t.square.row - u.square.row)) != 1:
        return f"{t.id} is not next to {u.id} (P-23)"
    return None


