"""Applying an order (P-3, P-7…P-10, P-17, P-20, P-22, P-23): :func:`apply`.

:func:`apply` is a pure function of the state, the order and the dice: it checks the order
with :mod:`~hexrules.variants.prokhorovka.checks` (an illegal one raises
:class:`~hexrules.errors.IllegalOrderError` before any die is rolled, and the state is a
value, so nothing changes), adjudicates it through :mod:`~hexrules.variants.prokhorovka.
resolve` (which calls the rule modules :mod:`~.fire`, :mod:`~.mortar`, :mod:`~.morale`) and
runs the turn sequence on (P-8): the end of the movement and fire phases, losses, ammunition and
morale at the end of the turn, reserves and the mortar step of the next.

>>> from hexrules.dice import ScriptedDice
>>> from hexrules.variants.prokhorovka import EndPhase, load_scenario, new_state
>>> s = new_state(load_scenario("cut"))
>>> s, rec = apply(s, EndPhase(), ScriptedDice([3]))   # no mortar call; initiative d6 = 3
>>> s.phase, s.first, rec.rules
('movement', 'german', ('P-8',))
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hexrules.dice import DiceSource
from hexrules.glossary import label
from hexrules.grid.square import Square
from hexrules.language import bilingual
from hexrules.records import Step
from hexrules.variants.prokhorovka.checks import (
    _check,
    assault_problem,
    available_calls,
    can,
    fire_problem,
    movable,
    step_problem,
    verify,
)
from hexrules.variants.prokhorovka.morale import end_of_turn
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
from hexrules.variants.prokhorovka.record import ProkRecord
from hexrules.variants.prokhorovka.resolve import fire, melee, mortar, wipe
from hexrules.variants.prokhorovka.scenario import Scenario
from hexrules.variants.prokhorovka.score import final_record
from hexrules.variants.prokhorovka.state import Mover, OrderRecord, Pending, PState, other

__all__ = ["apply", "assault_problem", "available_calls", "can", "fire_problem", "movable",
           "new_state", "step_problem", "verify"]


def new_state(scenario: Scenario) -> PState:
    """The state at the start of turn 1: the German mortar step (P-8)."""
    units = tuple(scenario.units)
    s = PState(scenario, scenario.digest, 1, "mortar", "german", "german", frozenset(), units)
    return s


# -- applying ---------------------------------------------------------------------------
@bilingual  # the records are values: written bilingually, shown in the setting when drawn
def apply(s: PState, order: object, dice: DiceSource) -> tuple[PState, OrderRecord]:
    """Apply ``order``: the new state and the order's record (see the module docstring).

    Raises
    ------
    IllegalOrderError
        (or :class:`~hexrules.errors.OutOfTurnError`, :class:`~hexrules.errors.
        IllegalMoveError`) naming the rule, before any die is rolled.
    """
    _check(s, order)
    side, turn, phase = s.to_act, s.turn, s.phase
    mark = dice.mark()
    parts: list[ProkRecord] = []
    if isinstance(order, EndPhase):
        s = _end_phase(s, dice, parts)
    elif isinstance(order, MortarCall):
        s = mortar(s, order, dice, parts)
        if not available_calls(s):
            s = _start_movement(s, dice, parts)
    elif isinstance(order, Activate):
        u = s.unit(order.unit)
        m0 = dice.mark()
        die = dice.d6("P-9", f"action die {u.id}")
        trench = u.is_squad and s.board.has_trench(u.square)
        parts.append(ProkRecord("P-9", f"{label('prok_movement')} {u.id}", (
            Step("P-7", label("prok_action_die"), dice=(die,),
                 result=f"{die} movement points", value=die,
                 note="one square per pip [house value]"),) + ((
            Step("P-20", label("prok_trench"), result="moves only along the trench, or one "
                 "square out, which ends its move"),) if trench else ()), dice.since(m0),
            (("points", die),)))
        s = s.with_units(replace(u, moved=True),
                         mover=Mover(u.id, Fraction(die), trench_only=trench))
    elif isinstance(order, MoveStep):
        s = _step(s, order.square, parts)
    elif isinstance(order, FinishMove):
        u = s.unit(s.mover.unit)
        if order.facing is not None:
            u = replace(u, facing=order.facing)
        s = s.with_units(u, mover=None)
        s = _next(s, dice, parts, side)
    elif isinstance(order, HoldFire):
        u = s.unit(order.unit)
        s = s.with_units(replace(u, declared=True))
        s = _next(s, dice, parts, side)
    elif isinstance(order, OpenFire):
        s = fire(s, order, dice, parts)
        s = _next(s, dice, parts, side)
    elif isinstance(order, MeleeAssault):
        s = melee(s, order, dice, parts)
        s = _next(s, dice, parts, side)
    return s, OrderRecord(order, side, turn, phase, tuple(parts), dice.since(mark))


def _can_act(s: PState, side: str) -> bool:
    if side in s.passed:
        return False
    if s.phase == "movement":
        return any(u.side == side and movable(s, u) for u in s.units)
    if s.phase == "fire":
        return any(u.side == side and u.on_map and not u.declared for u in s.units)
    return False


def _next(s: PState, dice: DiceSource, parts: list[ProkRecord], last: str) -> PState:
    """The next side to act in the phase, alternating one unit at a time, or the phase's end."""
    for side in (other(last), last):
        if _can_act(s, side):
            return replace(s, to_act=side)
    if s.phase == "movement":
        return _start_fire(s, dice, parts)
    return _end_fire(s, dice, parts)


def _end_phase(s: PState, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    side = s.to_act
    if s.phase == "mortar":
        return _start_movement(s, dice, parts)
    if s.phase == "fire":
        s = s.with_units(*(replace(u, declared=True) for u in s.units
                           if u.side == side and u.on_map and not u.declared))
    s = replace(s, passed=s.passed | {side})
    return _next(s, dice, parts, side)


def _start_movement(s: PState, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    m = dice.mark()
    die = dice.d6("P-8", "who moves first")
    first = "german" if die % 2 else "soviet"
    parts.append(ProkRecord("P-8", "Movement order 移动", (
        Step("P-8", "Movement order 移动", dice=(die,),
             result=f"{label('prok_' + first)} moves first", value=first,
             note="odd German, even Soviet; the sides alternate one unit at a time"),),
        dice.since(m), (("first", first),)))
    s = replace(s, phase="movement", first=first, passed=frozenset(), mover=None)
    for side in (first, other(first)):
        if _can_act(s, side):
            return replace(s, to_act=side)
    return _start_fire(s, dice, parts)


def _start_fire(s: PState, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    s = replace(s, phase="fire", passed=frozenset(), mover=None, declared=(), pending=())
    for side in (s.first, other(s.first)):
        if _can_act(s, side):
            return replace(s, to_act=side)
    return _end_fire(s, dice, parts)


# -- movement ---------------------------------------------------------------------------
def _step(s: PState, to: Square, parts: list[ProkRecord]) -> PState:
    m = s.mover
    u = s.unit(m.unit)
    b = s.board
    cost = b.step_cost(u.square, to, u.arm)
    done = False
    notes = []
    if m.trench_only and not b.has_trench(to):
        done = True
        notes.append("one square out of the trench ends the move (P-20)")
    barn = 0 if b.feature_at(to) != "barn" else s.turn
    if not u.is_squad and barn and b.feature_at(u.square) != "barn":
        done = True
        notes.append("in the barn: it must wait a turn (P-19)")
    elif not u.is_squad and barn:
        barn = u.barn_turn
    facing = u.square.direction_to(to)
    parts.append(ProkRecord("P-9", f"{label('prok_movement')} {u.id}", (
        Step("P-9", f"{u.square} → {to}", (("terrain", b.terrain_at(to)),),
             result=f"costs {cost}, {m.points - cost} left", value=cost,
             note="; ".join(notes) or "1 ÷ (1 + speed modifier); the road only road to road"),),
        (), (("cost", cost),)))
    moved = replace(u, square=to, facing=facing, barn_turn=barn if not u.is_squad else 0)
    return s.with_units(moved, mover=replace(m, points=m.points - cost, done=done))


# -- the end of the fire phase and of the turn -------------------------------------------
def _end_fire(s: PState, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    steps = []
    by_target: dict[str, list[Pending]] = {}
    for p in s.pending:
        by_target.setdefault(p.target, []).append(p)
    wiped = []
    for tid, ps in by_target.items():
        t = s.unit(tid)
        if t.is_squad:
            k = sum(p.killed for p in ps)
            w = sum(p.wounded for p in ps)
            killed = min(k, t.men)
            wounded = min(w, t.men - killed)
            t = replace(t, men=t.men - killed - wounded, killed=t.killed + killed,
                        wounded=t.wounded + wounded,
                        hit_this_turn=t.hit_this_turn or killed + wounded > 0)
            steps.append(Step("P-12", f"{label('prok_casualties')} {tid}",
                              (("fires", str(len(ps))), ("killed", str(k)),
                               ("wounded", str(w))),
                              result=f"{killed} killed, {wounded} wounded; {t.men} left",
                              value=killed, note="capped by the men at the phase's start, "
                                                 "killed first"))
        else:
            effects = [p.effect for p in ps if p.effect]
            if not effects:
                continue
            if "destroyed" in effects or len(effects) > 1:
                t = replace(t, destroyed=True, crew=0, penetrated=True)
                res = "destroyed"
            elif effects[0] == "cannot fire":
                t = replace(t, no_fire=True, crew=max(0, t.crew - 2), penetrated=True)
                res = "cannot fire"
            else:
                t = replace(t, no_move=True, crew=max(0, t.crew - 1), penetrated=True)
                res = "cannot move"
            steps.append(Step("P-16", f"{label('prok_penetrated')} {tid}",
                              (("penetrations", ", ".join(effects)),), result=res, value=res))
        s = s.with_units(t)
        if not t.alive:
            wiped.append(tid)
    if steps:
        parts.append(ProkRecord("P-8", "Losses at the end of the fire phase", tuple(steps)))
    for tid in wiped:
        s = wipe(s, tid, parts)
    return _end_turn(replace(s, pending=()), dice, parts)


def _end_turn(s: PState, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules, b = s.rules, s.board
    changed = []
    reload_steps = []
    wiped = set(s.wiped)
    for u in s.units:
        if not u.on_map:
            continue
        v = u
        if not u.moved and b.has_trench(u.square) and u.loads < u.max_loads:
            v = replace(v, loads=min(u.max_loads, u.loads + rules.trench_reload))
            reload_steps.append(Step("P-20", f"{label('prok_trench')} {u.id}",
                                     result=f"basic loads {u.loads} → {v.loads}",
                                     value=v.loads))
        if u.is_squad:
            track, rec = end_of_turn(rules, u.morale, activity=u.activity,
                                     wiped_enemy=any(t in wiped for t in u.fired_at),
                                     neighbours_lost=u.neighbours_lost,
                                     casualties=u.hit_this_turn, squad=u.id)
            if rec.steps:
                parts.append(rec)
            v = replace(v, morale=track)
        if v != u:
            changed.append(v)
    if reload_steps:
        parts.append(ProkRecord("P-20", f"{label('prok_basic_load')}", tuple(reload_steps)))
    s = s.with_units(*changed)
    if s.turn >= s.scenario.turns:
        s = replace(s, phase="over", to_act=None, passed=frozenset(), mover=None)
        parts.append(final_record(s))
        return s
    return _begin_turn(s, dice, parts)


def _begin_turn(s: PState, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    turn = s.turn + 1
    s = replace(s, turn=turn, wiped=(), declared=(), pending=(), passed=frozenset(),
                units=tuple(u.new_turn() for u in s.units))
    s = _reserves(s, parts)
    if available_calls(s):
        return replace(s, phase="mortar", to_act="german")
    return _start_movement(s, dice, parts)


def _reserves(s: PState, parts: list[ProkRecord]) -> PState:
    """P-3: the units due this turn enter at their square of their own edge; if it is taken,
    at the nearest free square of the same column (north first), else a turn later
    [project ruling]."""
    b = s.board
    steps = []
    for u in s.units:
        if u.square is not None or not u.alive or u.enters != s.turn:
            continue
        want = s.scenario.entry[u.id]
        occ = s.occupant
        spot = None
        for dr in sorted(range(-b.height, b.height), key=lambda k: (abs(k), k)):
            sq = Square(want.col, want.row + dr)
            if b.grid.contains(sq) and sq not in occ and b.can_enter(sq, u.arm):
                spot = sq
                break
        if spot is None:
            s = s.with_units(replace(u, enters=u.enters + 1))
            steps.append(Step("P-3", f"{label('prok_reserves')} {u.id}",
                              result="no free square on its edge: enters next turn"))
            continue
        s = s.with_units(replace(u, square=spot))
        steps.append(Step("P-3", f"{label('prok_reserves')} {u.id}", (("due", str(want)),),
                          result=f"enters at {spot}", value=str(spot)))
    if steps:
        parts.append(ProkRecord("P-3", label("prok_reserves"), tuple(steps)))
    return s
