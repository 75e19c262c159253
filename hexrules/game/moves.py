"""A move and the fire around it (机动, V-1…V-11): declare, step, react, fire, end.

One move, as the engine runs it:

1. :class:`~hexrules.game.orders.StartMove` (宣告机动, V-4): the unit gets *Moved* at once,
   and *March* in march mode (V-3). It must not have fired or moved, be immobilised or be in
   close combat (C-4, V-4, V-10); a march may not start from a stack or from a hex no road
   leaves (**[project ruling]**: such a march could not take a step).
2. :class:`~hexrules.game.orders.StepTo` to an adjacent hex, priced by
   :func:`hexrules.movement.step_cost` (V-1…V-3). A marching unit may not enter a hex holding
   a friendly unit (V-3). A step that would spend more points than are left is refused
   (strict) or, with the paper-table referee, undone with the V-5 penalty: the unit stays,
   its move ends, and the opponent gets one opportunity shot with no covering or moving fire.
3. After each step the opponent may fire at the mover (机会射击, V-6) with any units that
   have neither fired nor moved and can fire, concentrated or not, or decline. Since a unit
   is fired upon once a turn (F-1) there is at most one such shot per move.
   **[project ruling]** A declined chance is gone for that hex: the opponent calls "stop"
   right after the step or not at all. **[project ruling]** A unit that enters a hex holding
   an enemy is in close combat and is offered to no opportunity fire there (V-10).
   Right after an opportunity shot the mover's side may fire at one of its shooters with
   units that have not moved (掩护射击, V-7), or decline. **[project ruling]** That is one
   declaration (single or concentrated) at one unit that took the shot, and it may be
   declared even if the opportunity shot stopped the mover. **[project ruling]** With fog of
   war, the opponent is offered opportunity fire only at a mover its side sees, and covering
   fire only at shooters the mover's side sees.
4. Then the mover may fire once per move (V-8 moving fire −1, or V-9 short-halt fire:
   3 points, −3), in any hex of its move, including the hex it started from once the move is
   declared (**[project ruling]**: "once during its move" has no hex restriction).
5. The move ends when its side says so (:class:`~hexrules.game.orders.EndMove`), when K or I
   stops the mover (V-6), when it enters a hex holding an enemy unit (V-10: close combat
   starts there, adjudicated in T-5), or when its points are spent (**[project ruling]**: with
   0 points left the move ends at once unless the mover may still take its moving fire in
   that hex, after the reactions). At the end the stacking limit is counted: a unit whose move
   ends in a hex holding more than 4 friendly units is destroyed (V-11).

A marching unit may enter neither a hex holding a friendly unit (V-3) nor one holding an
enemy unit (V-3, V-10 [project ruling] *March and the enemy*, docs/rules.md); both are
refused by :mod:`hexrules.movement`, which prices and checks every step.

None of the reactions or the mover's fire takes an alternation slot (V-6).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from hexrules.combat.orders import FireKind, FireOrder
from hexrules.errors import (
    CoordinateError,
    IllegalMoveError,
    IllegalOrderError,
    OutOfTurnError,
    OverspendError,
)
from hexrules.game.checks import at, move_problem, open_target, ready_to_fire, seen_enemies
from hexrules.game.costs import allowance, short_halt_cost, stacking_limit, step_cost
from hexrules.game.engine import Tx, check_declared_fire, expect, own
from hexrules.game.events import allowance_bonus, enter_marked_hex
from hexrules.game.orders import (
    CoveringFire,
    Decline,
    EndMove,
    MovingFire,
    OpportunityFire,
    StartMove,
    StepTo,
)
from hexrules.game.state import GameState, MoveInProgress, Phase, ReactionWindow, WindowKind
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.movement import path_steps, points_text, stack_count
from hexrules.records import Effect, Step
from hexrules.tables import TableSet
from hexrules.units import Side, Status, Unit

__all__ = [
    "StepPlan",
    "close_window",
    "eligible_shooters",
    "end_move",
    "march_blocked",
]


# ---------------------------------------------------------------------------------------
# Declaring a move (V-4, V-3)
# ---------------------------------------------------------------------------------------
def march_blocked(hexmap: HexMap, u: Unit, units: list[Unit]) -> str | None:
    """Why ``u`` may not start a march now (V-3), or ``None``."""
    who = at(hexmap, u)
    if any(o.hex == u.hex and o.id != u.id and o.side is u.side for o in units):
        return f"{who} is in a stack: a unit that starts its move in a stack may not march (V-3)"
    if not any(n in hexmap and hexmap.has_road(u.hex, n) for n in u.hex.neighbors()):
        return (f"no road leaves {hexmap.name_of(u.hex)}: a march moves only along roads "
                "(V-3 [project ruling]: such a march is refused)")
    return None


def check_start(state: GameState, order: StartMove) -> Unit:
    expect(state, Phase.MOVEMENT, move=False, what="declaring a move")
    u = own(state, order.unit, "T-3")
    problem = move_problem(state.hexmap, u, state.engaged)
    if problem is not None:
        raise problem
    if order.march:
        why = march_blocked(state.hexmap, u, list(state.units))
        if why is not None:
            raise IllegalMoveError(why)
    return u


def do_start(tx: Tx, order: StartMove, u: Unit) -> None:
    marks = (Status.MOVED, Status.MARCH) if order.march else (Status.MOVED,)
    after = u.with_status(*marks)
    tx.put(after)
    points = allowance(u, tx.tables) + allowance_bonus(tx, u)
    tx.move = MoveInProgress(u.id, u.side, (u.hex,), Fraction(0), points, order.march)
    tx.passes = 0
    mode = label("march") if order.march else "normal 常规"
    tx.event("V-4", f"{label('declare_move')}: {u.id}", [Step(
        "V-3" if order.march else "V-4", label("declare_move"),
        (("unit 算子", at(tx.hexmap, u)), ("mode 方式", mode),
         (label("movement_allowance"), str(points))),
        result="markers placed 放置注记: " + ", ".join(s.label for s in marks))],
        [Effect(u, after)])


# ---------------------------------------------------------------------------------------
# Steps (V-1…V-5, V-10)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StepPlan:
    """A checked step: where to, its cost, the movement step record, and the V-5 overspend
    (paper-table referee) if any."""

    to: Hex
    cost: Fraction
    step: Step | None = None
    over: OverspendError | None = None


def _named(exc: IllegalMoveError, unit_id: str, cls: type[IllegalMoveError] | None = None
           ) -> IllegalMoveError:
    """The movement error with the unit's id in front, its attributes kept."""
    err = (cls or type(exc))(f"{unit_id}: {exc}")
    for key in ("rule", "reason", "hexes", "step"):
        setattr(err, key, getattr(exc, key, None))
    return err


def check_step(state: GameState, order: StepTo) -> StepPlan:
    expect(state, Phase.MOVEMENT, move=True, what="a step")
    mv = state.move
    assert mv is not None
    m, u = state.hexmap, state.unit(mv.unit)
    others = [o for o in state.units if o.id != u.id]
    try:
        to = order.to if isinstance(order.to, Hex) else m.georef.parse(order.to)
        (step,) = path_steps(m, [mv.hex, to], allowance=mv.left, march=mv.march,
                             units=others, side=u.side, tables=state.tables)
    except CoordinateError as exc:
        raise IllegalMoveError(f"{u.id} cannot step to {order.to!r}: {exc} (M-1)") from None
    except IllegalMoveError as exc:
        if getattr(exc, "rule", None) != "V-5":
            raise _named(exc, u.id) from None
        over = _named(exc, u.id, OverspendError)
        if not state.options.paper:
            raise over from None
        return StepPlan(to, step_cost(m, mv.hex, to, march=mv.march, tables=state.tables),
                        None, over)  # type: ignore[arg-type]
    return StepPlan(to, Fraction(step.value), step)  # type: ignore[arg-type]


def do_step(tx: Tx, order: StepTo, plan: StepPlan) -> None:
    mv = tx.move
    assert mv is not None
    u = tx.units[mv.unit]
    m = tx.hexmap
    if plan.over is not None:
        tx.move = dataclasses.replace(mv, penalty=True)
        tx.event("V-5", label("running_out"), [Step(
            "V-5", label("running_out"),
            (("step 机动", f"{m.name_of(mv.hex)} → {m.name_of(plan.to)}"),
             ("cost 消耗", points_text(plan.cost)), ("left 剩余", points_text(mv.left))),
            result=f"step undone: {u.id} stays at {m.name_of(mv.hex)}, its move ends",
            note="paper-table penalty: one opportunity shot for the opponent, no covering or "
                 "moving fire")])
        if not _open_opportunity(tx):
            end_move(tx, "V-5 penalty 机动力不足")
        return
    after = u.replace(hex=plan.to)
    tx.put(after)
    tx.move = dataclasses.replace(mv, path=(*mv.path, plan.to), spent=mv.spent + plan.cost)
    assert plan.step is not None
    tx.event(plan.step.rule, f"{label('move_step')}: {u.id}", [plan.step], [Effect(u, after)])
    after = enter_marked_hex(tx, after)  # A-8, before any opportunity fire
    if after.destroyed:
        end_move(tx, "destroyed by impact markers 歼灭 (A-8)")
        return
    enemies = [o.id for o in tx.units.values() if o.hex == plan.to and o.side is not u.side]
    if enemies:
        tx.event("V-10", label("close_combat"), [Step(
            "V-10", label("close_combat"), (("hex 六角格", m.name_of(plan.to)),
                                            ("enemy 敌方", ", ".join(enemies))),
            result="the move stops; close combat is adjudicated after the random-event "
                   "phase (T-5)")])
        end_move(tx, "entered an enemy hex 进入敌方所在格 (V-10)")
    elif not _open_opportunity(tx):
        after_reactions(tx)


def check_end(state: GameState, order: EndMove) -> None:
    expect(state, Phase.MOVEMENT, move=True, what="ending a move")


def do_end(tx: Tx, order: EndMove, ctx: None) -> None:
    end_move(tx, "declared by its side 宣告结束")


def end_move(tx: Tx, reason: str) -> None:
    """End the move in progress: count the stack (V-11), hand the slot to the opponent."""
    mv = tx.move
    assert mv is not None
    mover = tx.units.get(mv.unit)
    m = tx.hexmap
    steps = [Step("V-5", label("end_move"),
                  (("unit 算子", mv.unit), ("hex 六角格", m.name_of(mv.hex)),
                   ("spent 消耗", f"{points_text(mv.spent)} of {mv.allowance}")),
                  result=reason)]
    effects = []
    if mover is not None:
        limit = stacking_limit(tx.tables)
        here = stack_count(tx.units.values(), mover.hex, mover.side)
        if here > limit:
            dead = mover.with_status(Status.DESTROYED)
            tx.put(dead)
            effects.append(Effect(mover, dead))
            steps.append(Step("V-11", label("stacking"), (("friendly units 己方算子", str(here)),),
                              result=f"{here} > {limit}: {mover.id} is destroyed 歼灭",
                              value=False))
        else:
            steps.append(Step("V-11", label("stacking"), (("friendly units 己方算子", str(here)),),
                              result=f"{here} ≤ {limit}", value=True))
    tx.event("V-5", f"{label('end_move')}: {mv.unit}", steps, effects)
    tx.move, tx.window = None, None
    tx.to_act, tx.passes = mv.side.opponent, 0


def _may_still_fire(mv: MoveInProgress, mover: Unit) -> bool:
    return not (mv.march or mv.penalty or mv.fire is not None or mover.weapon_lost)


def after_reactions(tx: Tx) -> None:
    """No reaction pending: the mover's side decides again, unless the move is over."""
    mv = tx.move
    assert mv is not None
    tx.window, tx.to_act = None, mv.side
    mover = tx.units.get(mv.unit)
    if mover is None:
        end_move(tx, "the mover was destroyed 歼灭 (V-6)")
    elif mover.immobilised:
        end_move(tx, "the mover was immobilised 失动 (V-6)")
    elif mv.penalty:
        end_move(tx, "V-5 penalty 机动力不足")
    elif mv.left == 0 and not _may_still_fire(mv, mover):
        end_move(tx, "movement points spent 机动力用尽")


# ---------------------------------------------------------------------------------------
# Reactions (V-6, V-7)
# ---------------------------------------------------------------------------------------
def eligible_shooters(units: dict[str, Unit], side: Side, targets: list[Unit],
                      engaged: frozenset[Hex], tables: TableSet, hexmap: HexMap,
                      require_sight: bool = False) -> tuple[str, ...]:
    """Units of ``side`` that may declare halted fire at one of ``targets`` now."""
    max_range = tables.attack_level.max_range
    sight = None
    if require_sight:
        from hexrules.sight.fast import fast_sight

        sight = fast_sight(hexmap)
    out = []
    for u in units.values():
        if u.side is side and ready_to_fire(u, engaged) and any(
                1 <= u.hex.distance(t.hex) <= max_range
                and (sight is None or sight.visible(u.hex, t.hex)) for t in targets):
            out.append(u.id)
    return tuple(out)


def _open_opportunity(tx: Tx) -> bool:
    mv = tx.move
    assert mv is not None
    mover = tx.units.get(mv.unit)
    eng = tx.engaged()
    if mover is None or not open_target(mover, eng):
        return False
    side = mv.side.opponent
    if tx.options.fog_of_war and mover.id not in seen_enemies(tx.hexmap, tx.units.values(),
                                                              side):
        return False
    shooters = eligible_shooters(tx.units, side, [mover], eng, tx.tables, tx.hexmap,
                                 tx.options.require_sight)
    if not shooters:
        return False
    tx.window = ReactionWindow(WindowKind.OPPORTUNITY, side, mover.hex, (mover.id,), shooters)
    tx.to_act = side
    return True


def _open_covering(tx: Tx, opportunity_shooters: tuple[str, ...]) -> bool:
    mv = tx.move
    assert mv is not None
    eng = tx.engaged()
    targets = [tx.units[i] for i in opportunity_shooters
               if i in tx.units and open_target(tx.units[i], eng)]
    if tx.options.fog_of_war:
        seen = seen_enemies(tx.hexmap, tx.units.values(), mv.side)
        targets = [t for t in targets if t.id in seen]
    if not targets:
        return False
    shooters = eligible_shooters(tx.units, mv.side, targets, eng, tx.tables, tx.hexmap,
                                 tx.options.require_sight)
    if not shooters:
        return False
    tx.window = ReactionWindow(WindowKind.COVERING, mv.side, mv.hex,
                               tuple(t.id for t in targets), shooters)
    tx.to_act = mv.side
    return True


def _window(state: GameState, kind: WindowKind, what: str) -> ReactionWindow:
    expect(state, Phase.MOVEMENT, move=True, window=True, what=what)
    w = state.window
    assert w is not None
    if w.kind is not kind:
        other = "CoveringFire" if w.kind is WindowKind.COVERING else "OpportunityFire"
        raise OutOfTurnError(f"the window open now is {w.kind.label} ({w.kind.rule}) for "
                             f"{w.side.label}: answer it with {other}(…) or Decline()")
    return w


def check_opportunity(state: GameState, order: OpportunityFire) -> FireOrder:
    w = _window(state, WindowKind.OPPORTUNITY, "opportunity fire")
    fire = FireOrder(order.shooters, w.targets[0])
    check_declared_fire(state, fire, "V-6", enhance=order.enhance)
    return fire


def do_opportunity(tx: Tx, order: OpportunityFire, fire: FireOrder) -> None:
    tx.fire(fire, order.enhance)
    tx.window = None
    mv = tx.move
    assert mv is not None
    if mv.penalty or not _open_covering(tx, fire.shooters):
        after_reactions(tx)


def check_covering(state: GameState, order: CoveringFire) -> FireOrder:
    w = _window(state, WindowKind.COVERING, "covering fire")
    target = order.target
    if target is None:
        if len(w.targets) != 1:
            raise IllegalOrderError(f"name the target of covering fire: one of "
                                    f"{', '.join(w.targets)} (V-7)")
        target = w.targets[0]
    if target not in w.targets:
        raise IllegalOrderError(f"covering fire is declared at a unit that took the "
                                f"opportunity shot and may be fired on: "
                                f"{', '.join(w.targets)}, not {target} (V-7)")
    fire = FireOrder(order.shooters, target)
    check_declared_fire(state, fire, "V-7", enhance=order.enhance)
    return fire


def do_covering(tx: Tx, order: CoveringFire, fire: FireOrder) -> None:
    tx.fire(fire, order.enhance)
    close_window(tx)


def check_decline(state: GameState, order: Decline) -> None:
    expect(state, Phase.MOVEMENT, move=True, window=True, what="declining")


def do_decline(tx: Tx, order: Decline, ctx: None) -> None:
    w = tx.window
    assert w is not None
    tx.event(w.kind.rule, label("decline"), [Step(
        w.kind.rule, f"{label('decline')}: {w.kind.label}", (("side 方", w.side.label),),
        result="the chance is gone 机会射击作废")])
    close_window(tx)


def close_window(tx: Tx) -> None:
    """The reaction window closes (declined, fired, or lost to a breach)."""
    tx.window = None
    after_reactions(tx)


# ---------------------------------------------------------------------------------------
# The mover's own fire (V-8, V-9)
# ---------------------------------------------------------------------------------------
def check_moving_fire(state: GameState, order: MovingFire) -> FireOrder:
    kind = order.kind
    expect(state, Phase.MOVEMENT, move=True, what=kind.label)
    mv = state.move
    assert mv is not None
    mover = state.unit(mv.unit)
    who = at(state.hexmap, mover)
    if mv.march:
        raise IllegalOrderError(f"{who} is marching (行军) and may not fire (V-3)")
    if mv.fire is not None:
        raise IllegalOrderError(f"{who} has already used its {mv.fire.label} in this move: "
                                f"the mover fires once per move ({kind.rule})")
    if kind is FireKind.SHORT_HALT:
        cost = short_halt_cost(state.tables)
        if mv.left < cost:
            raise IllegalMoveError(f"{who} has {mv.left} movement points left; short-halt fire "
                                   f"spends {cost} (V-9)")
    fire = FireOrder((mover.id,), order.target, kind)
    check_declared_fire(state, fire, kind.rule, enhance=mover.id if order.enhance else None)
    return fire


def do_moving_fire(tx: Tx, order: MovingFire, fire: FireOrder) -> None:
    mv = tx.move
    assert mv is not None
    if order.kind is FireKind.SHORT_HALT:
        cost = short_halt_cost(tx.tables)
        mv = dataclasses.replace(mv, spent=mv.spent + cost)
        tx.event("V-9", label("short_halt_fire"), [Step(
            "V-9", label("short_halt_fire"), (("unit 算子", mv.unit),),
            result=f"{points_text(cost)} movement points spent; {points_text(mv.left)} left")])
    tx.move = mv = dataclasses.replace(mv, fire=order.kind)
    tx.fire(fire, fire.shooters[0] if order.enhance else None)
    if mv.left == 0:
        end_move(tx, "movement points spent 机动力用尽")
