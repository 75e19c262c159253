"""Applying an order (P-3, P-7…P-10, P-17, P-20, P-22, P-23): :func:`apply`, :func:`verify`.

:func:`apply` is a pure function of the state, the order and the dice: it checks the order
(an illegal one raises :class:`~hexrules.errors.IllegalOrderError` before any die is
rolled, and the state is a value, so nothing changes), adjudicates it with the rule modules
(:mod:`~hexrules.variants.prokhorovka.fire`, :mod:`~.mortar`, :mod:`~.morale`) and runs the
turn sequence on (P-8): the end of the movement and fire phases, losses, ammunition and
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
from hexrules.errors import IllegalMoveError, IllegalOrderError, OutOfTurnError
from hexrules.glossary import label
from hexrules.grid.square import Square, bearing_arc
from hexrules.records import Step
from hexrules.variants.prokhorovka.fire import (
    Mods,
    fire_roll,
    hit_need,
    hit_part,
    infantry_casualties,
    penetration,
)
from hexrules.variants.prokhorovka.morale import end_of_turn, rout_roll, shift
from hexrules.variants.prokhorovka.mortar import mortar_call, mortar_vehicle
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
from hexrules.variants.prokhorovka.scenario import Scenario
from hexrules.variants.prokhorovka.score import final_record
from hexrules.variants.prokhorovka.state import Mover, OrderRecord, Pending, PState, other
from hexrules.variants.prokhorovka.units import PUnit

__all__ = ["apply", "available_calls", "can", "fire_problem", "movable", "new_state",
           "step_problem", "verify"]


def new_state(scenario: Scenario) -> PState:
    """The state at the start of turn 1: the German mortar step (P-8)."""
    units = tuple(scenario.units)
    s = PState(scenario, scenario.digest, 1, "mortar", "german", "german", frozenset(), units)
    return s


# -- questions --------------------------------------------------------------------------
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


def _fire_kind(u: PUnit, t: PUnit) -> str:
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
    if hit_need(r, _fire_kind(u, t), d2,
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
    if u.loads < _load_cost(s, u, mode):
        return (f"{u.id} has {u.loads} basic load(s), {mode} fire needs "
                f"{_load_cost(s, u, mode)} (P-10)")
    return None


def _load_cost(s: PState, u: PUnit, mode: str) -> int:
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
    why = _assault_problem(s, u, t)
    if why:
        raise IllegalOrderError(why)


def _assault_problem(s: PState, u: PUnit, t: PUnit) -> str | None:
    if not u.is_squad or not t.is_squad:
        return "only a squad assaults, and only an enemy squad (P-23)"
    if t.side == u.side or not t.on_map:
        return f"{t.id} is not an enemy squad on the map (P-23)"
    if u.morale.level == "broken":
        return f"{u.id} is broken: it may not assault (P-23)"
    if max(abs(t.square.col - u.square.col), abs(t.square.row - u.square.row)) != 1:
        return f"{t.id} is not next to {u.id} (P-23)"
    return None


# -- applying ---------------------------------------------------------------------------
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
        s = _mortar(s, order, dice, parts)
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
        s = _fire(s, order, dice, parts)
        s = _next(s, dice, parts, side)
    elif isinstance(order, MeleeAssault):
        s = _melee(s, order, dice, parts)
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


# -- the mortar call --------------------------------------------------------------------
def _casualty_die(s: PState, u: PUnit, dice: DiceSource) -> tuple[PState, PUnit, int]:
    if u.cas_die:
        return s, u, u.cas_die
    c = dice.d6("P-7", f"casualty die {u.id}")
    u = replace(u, cas_die=c)
    return s.with_units(u), u, c


def _def_mods(s: PState, u: PUnit) -> Mods:
    b = s.board
    terr = b.terrain_at(u.square)
    out = [(terr, s.rules.terrain[(terr, u.arm)].defence)]
    if u.is_squad and b.has_trench(u.square):
        out.append(("trench", s.rules.trench_defence))
    return tuple(out)


def _fire_mods(s: PState, u: PUnit, *, win_at_infantry: bool) -> Mods:
    b = s.board
    terr = b.terrain_at(u.square)
    out = [(terr, s.rules.terrain[(terr, u.arm)].fire)]
    if u.is_squad and b.has_trench(u.square):
        out.append(("trench", s.rules.trench_fire_win if win_at_infantry
                    else s.rules.trench_fire))
    if u.is_squad and s.rules.morale[u.morale.level].fire:
        out.append((f"morale {u.morale.level}", s.rules.morale[u.morale.level].fire))
    return tuple(out)


def _mortar(s: PState, order: MortarCall, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules, b = s.rules, s.board
    call = f"company {order.company}"
    rec = mortar_call(rules, dice, order.aim, b.grid, call=call)
    parts.append(rec)
    s = replace(s, calls_used=s.calls_used | {order.company})
    for sq, k in rec["impacts"]:
        u = s.occupant.get(sq)
        if u is None:
            continue
        if not u.is_squad:
            r = mortar_vehicle(rules, rules.vehicles[u.type], k, defence=_def_mods(s, u),
                               target=u.id)
            parts.append(r)
            if r["effect"] == "destroyed":
                s = s.with_units(replace(u, destroyed=True, crew=0))
                s = _wipe(s, u.id, parts)
            else:
                s = s.with_units(replace(u, stunned=s.turn))
            continue
        s, u, c = _casualty_die(s, u, dice)
        r = infantry_casualties(rules, c=c, mode="mortar", k=k, target=u.id,
                                defence=_def_mods(s, u))
        parts.append(replace(r, rolls=()))
        killed = min(r["killed"], u.men)
        wounded = min(r["wounded"], u.men - killed)
        u = replace(u, men=u.men - killed - wounded, killed=u.killed + killed,
                    wounded=u.wounded + wounded,
                    hit_this_turn=u.hit_this_turn or killed + wounded > 0)
        s = s.with_units(u)
        if u.men == 0:
            s = _wipe(s, u.id, parts)
    # rolls of the whole call belong to the order's record
    parts[parts.index(rec)] = replace(rec, rolls=())
    if not available_calls(s):
        return _start_movement(s, dice, parts)
    return s


def _wipe(s: PState, uid: str, parts: list[ProkRecord]) -> PState:
    """A unit wiped out (P-22): the friendly squads next to it lose a level at the turn's end."""
    u = s.unit(uid)
    near = [n for n in s.units if n.side == u.side and n.is_squad and n.on_map
            and n.id != uid and max(abs(n.square.col - u.square.col),
                                    abs(n.square.row - u.square.row)) == 1]
    s = s.with_units(*(replace(n, neighbours_lost=n.neighbours_lost + 1) for n in near),
                     wiped=s.wiped + (uid,))
    parts.append(ProkRecord("P-22", f"{label('prok_wiped_out')} {uid}", (
        Step("P-22", label("prok_wiped_out"), (("unit", uid), ("square", str(u.square))),
             result=f"neighbours: {', '.join(n.id for n in near) or 'none'}",
             value=len(near), note="each friendly squad next to it drops a level at the end "
                                   "of the turn"),), (), (("unit", uid),)))
    return s


# -- fire -------------------------------------------------------------------------------
def _fire(s: PState, order: OpenFire, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules = s.rules
    u, t = s.unit(order.unit), s.unit(order.target)
    support = (u.side, t.id) in s.declared
    activity = ("support" if support else "attack") if u.is_squad else "hold"
    cost = _load_cost(s, u, order.mode)
    u = replace(u, loads=u.loads - cost, declared=True, activity=activity,
                fired_at=u.fired_at + (t.id,))
    s = s.with_units(u, declared=s.declared + ((u.side, t.id),))
    kind = _fire_kind(u, t)
    vt = None if u.is_squad else rules.vehicles[u.type]
    d2 = u.square.distance2(t.square)
    mode = label("prok_fire_to_win") if order.mode == "win" else label("prok_normal_fire")
    head = Step("P-10", mode, (("firer", u.id), ("target", t.id),
                               ("basic loads spent", str(cost))),
                result=(f"{'support' if support else 'attack'} (P-22)" if u.is_squad
                        else "declared"), value=order.mode)
    hit = fire_roll(rules, dice, kind, u.id, t.id, d2,
                    long_range_bonus=bool(vt and vt.long_range_bonus))
    steps = [head, *hit.steps]
    outcome: list[tuple[str, object]] = [("hit", hit["hit"])]
    if hit["hit"]:
        s, t, c = _casualty_die(s, t, dice)
        if t.is_squad:
            die_mod = rules.morale[u.morale.level].die if u.is_squad else 0
            r = infantry_casualties(rules, c=c, mode=order.mode, target=t.id, firer=u.id,
                                    die_mod=die_mod,
                                    fire=_fire_mods(s, u, win_at_infantry=order.mode == "win"),
                                    defence=_def_mods(s, t))
            steps += r.steps
            outcome += [("killed", r["killed"]), ("wounded", r["wounded"])]
            s = replace(s, pending=s.pending + (Pending(t.id, r["killed"], r["wounded"],
                                                         "", u.id),))
        else:
            part, pstep = hit_part(rules.vehicles[t.type], t.square, t.facing, u.square)
            already = t.penetrated or any(p.target == t.id and p.effect for p in s.pending)
            base = rules.anti_tank_base if u.is_squad else vt.base
            r = penetration(rules, rules.vehicles[t.type], part, c=c, base=base,
                            fire=_fire_mods(s, u, win_at_infantry=False),
                            defence=_def_mods(s, t), already=already, target=t.id,
                            firer=u.id, part_step=pstep)
            steps += r.steps
            outcome += [("part", part), ("penetrated", r["penetrated"])]
            if r["penetrated"]:
                s = replace(s, pending=s.pending + (Pending(t.id, 0, 0, r["effect"], u.id),))
    parts.append(ProkRecord("P-10", f"{mode} {u.id} → {t.id}", tuple(steps), (),
                            tuple(outcome)))
    return s


def _retreat(s: PState, u: PUnit, away: Square, n: int) -> tuple[PState, list[Square]]:
    """P-23 [project ruling]: a routed squad retreats straight away from the enemy it met
    (the direction from the enemy's square to its own); where that square is taken or
    cannot be entered, it steps to the free neighbour farthest from the enemy (ties: the
    first clockwise from north), and only farther; it stops when there is none."""
    b = s.board
    path = []
    sq = u.square
    dc, dr = sq.col - away.col, sq.row - away.row
    occ = {k for k, v in s.occupant.items() if v.id != u.id}

    def free(nb: Square) -> bool:
        return b.grid.contains(nb) and nb not in occ and b.can_enter(nb, "infantry")

    for _ in range(n):
        best = Square(sq.col + dc, sq.row + dr)
        if not free(best):
            best = None
            for nb in sq.neighbours():
                if free(nb) and nb.distance2(away) > sq.distance2(away) and (
                        best is None or nb.distance2(away) > best.distance2(away)):
                    best = nb
        if best is None:
            break
        sq = best
        path.append(sq)
    return s.with_units(replace(s.unit(u.id), square=sq, moved=True)), path


def _melee(s: PState, order: MeleeAssault, dice: DiceSource, parts: list[ProkRecord]) -> PState:
    rules = s.rules
    a, d = s.unit(order.unit), s.unit(order.target)
    s = s.with_units(replace(a, declared=True, activity="hold"))
    a = s.unit(a.id)
    ra = rout_roll(rules, dice, a.id, a.morale.level)
    rd = rout_roll(rules, dice, d.id, d.morale.level)
    steps = [Step("P-23", label("prok_melee"), (("assaulter", a.id), ("defender", d.id)),
                  result="both roll for rout"), *ra.steps, *rd.steps]
    a_sq, d_sq = a.square, d.square
    for routed, who, foe_sq in ((ra["routed"], a, d_sq), (rd["routed"], d, a_sq)):
        if routed:
            who = s.unit(who.id)
            level = shift(who.morale.level, -1)
            s = s.with_units(replace(who, morale=replace(who.morale, level=level)))
            n = dice.d6("P-23", f"retreat d6 {who.id}")
            s, path = _retreat(s, s.unit(who.id), foe_sq, n)
            steps.append(Step("P-23", f"{label('prok_rout')} {who.id}", dice=(n,),
                              result=f"drops to {label('prok_' + level)}; retreats "
                                     f"{len(path)} of {n} squares to {s.unit(who.id).square}",
                              value=len(path),
                              note="straight away from the enemy, else the free neighbour "
                                   "farthest from it [project ruling]"))
    if not ra["routed"] and not rd["routed"]:
        for f, t in ((a, d), (d, a)):
            f, t = s.unit(f.id), s.unit(t.id)
            s, t, c = _casualty_die(s, t, dice)
            r = infantry_casualties(rules, c=c, mode="normal", target=t.id, firer=f.id,
                                    die_mod=rules.morale[f.morale.level].die,
                                    fire=_fire_mods(s, f, win_at_infantry=False),
                                    defence=_def_mods(s, t))
            steps += r.steps
            s = replace(s, pending=s.pending + (Pending(t.id, r["killed"], r["wounded"], "",
                                                         f.id),))
    elif rd["routed"] and not ra["routed"] and order.take and s.unit(d.id).square != d_sq:
        s = s.with_units(replace(s.unit(a.id), square=d_sq, moved=True))
        steps.append(Step("P-23", label("prok_melee"), result=f"{a.id} takes {d_sq}",
                          value=True))
    parts.append(ProkRecord("P-23", f"{label('prok_melee')} {a.id} → {d.id}", tuple(steps), (),
                            (("assaulter routed", ra["routed"]),
                             ("defender routed", rd["routed"]))))
    return s


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
        s = _wipe(s, tid, parts)
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
