"""Applying an order: verify, then change a working copy, then freeze it (C-4, F-1, T-2, T-6).

:func:`verify` runs the checks of the order's type and raises the project's error; nothing is
touched. :func:`apply` verifies, then opens a :class:`Tx` (a transaction: the mutable working
copy of one order's changes, with the dice), lets the order's handler make its changes and
the automatic steps that follow (phase ends, initiative rolls, the random-event phase, close
combat rounds, the next turn), and freezes the result into a new
:class:`~hexrules.game.state.GameState` and a :class:`~hexrules.game.records.GameRecord`. An
illegal order therefore leaves the state exactly as it was (it is a frozen value), and a
legal one never half-happens.

The paper-table referee (:class:`~hexrules.game.state.Options`) turns a C-4 breach
(:class:`~hexrules.errors.OneOrderError`) into the rulebook's penalty: the order fails and
the side's slot is spent (**[project ruling]** it counts as a pass, so two breaches or passes
in a row still end the phase; a breach in a reaction loses the reaction, as a decline does).

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> from hexrules.game import DeclareFire, GameState, Options
>>> m = HexMap.flat(12, 4)
>>> s = GameState.new(m, [Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(6, 1))],
...                   turns=1, dice=ScriptedDice([1, 4, 4, 6]))
>>> s2, rec = apply(s, DeclareFire("R1", "B1"))
>>> rec.fire[0].result, s2.to_act
(Result.K, Side.BLUE)
>>> apply(s2, DeclareFire("R1", "B1"))
Traceback (most recent call last):
...
hexrules.errors.OutOfTurnError: R1 is Red 红方, but Blue 蓝方 is to act (T-2)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hexrules.combat.declare import verify_fire
from hexrules.combat.fire import adjudicate_fire
from hexrules.combat.orders import FireKind, FireOrder
from hexrules.combat.record import FireRecord
from hexrules.dice import DiceSource
from hexrules.errors import (
    IllegalOrderError,
    OneOrderError,
    OutOfTurnError,
    RulesError,
    RulesTypeError,
)
from hexrules.game.checks import at, seen_enemies, shooter_problem, target_problem
from hexrules.game.orders import (
    CoveringFire,
    DealCard,
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
from hexrules.game.records import GameEvent, GameRecord, Part
from hexrules.game.state import (
    CloseCombat,
    GameOrigin,
    GameState,
    MoveInProgress,
    Phase,
    ReactionWindow,
    engaged_hexes,
)
from hexrules.glossary import label
from hexrules.language import bilingual
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.records import Effect, Step
from hexrules.sight.exact import SightRecord, line_of_sight
from hexrules.tables import TableSet
from hexrules.units import Side, Unit

__all__ = ["Tx", "apply", "can", "check_declared_fire", "start", "verify"]


#: Sight records made by games, per map: a game's units fire again and again along the same
#: lines, and a sight record is a value (the same map and hexes give an equal record).
_SIGHT: weakref.WeakKeyDictionary[HexMap, dict[tuple[Hex, Hex], SightRecord]] = (
    weakref.WeakKeyDictionary())
_SIGHT_SIZE = 4096


def game_sight(hexmap: HexMap, a: Hex, b: Hex) -> SightRecord:
    """:func:`~hexrules.sight.line_of_sight`, remembered per map (bounded) for games."""
    memo = _SIGHT.get(hexmap)
    if memo is None:
        memo = _SIGHT[hexmap] = {}
    rec = memo.get((a, b))
    if rec is None:
        if len(memo) >= _SIGHT_SIZE:
            memo.clear()
        rec = memo[(a, b)] = line_of_sight(hexmap, a, b)
    return rec


class Tx:
    """The working copy of one order's changes (a transaction), frozen by :meth:`finish`.

    Handlers change its fields and call :meth:`fire`, :meth:`event`, :meth:`roll`; nothing
    of the original state is touched.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.origin: GameOrigin = state.origin
        self.hexmap: HexMap = state.hexmap
        self.tables: TableSet = state.tables
        self.options = state.options
        self.units: dict[str, Unit] = dict(state.unit_map)
        self.losses: list[Unit] = list(state.losses)
        self.turn = state.turn
        self.phase = state.phase
        self.to_act = state.to_act
        self.initiative = state.initiative
        self.passes = state.passes
        self.move: MoveInProgress | None = state.move
        self.window: ReactionWindow | None = state.window
        self.melee: CloseCombat | None = state.melee
        self.pending: list[Hex] = list(state.pending)
        self.stalemates: list[Hex] = list(state.stalemates)
        self.score = state.score
        self.cards = state.cards
        self.parts: list[Part] = []
        self.dice = state._take_dice()
        self.mark = self.dice.mark()

    # -- reading ------------------------------------------------------------------------
    def engaged(self) -> frozenset[Hex]:
        """Hexes in close combat now (V-10)."""
        return engaged_hexes(self.units.values())

    def name(self, h: Hex) -> str:
        """The military name of a hex."""
        return self.hexmap.name_of(h)

    # -- changing -----------------------------------------------------------------------
    def put(self, u: Unit) -> None:
        """Write a unit back; a destroyed unit leaves the board for the losses (C-3)."""
        if u.destroyed:
            if self.units.pop(u.id, None) is not None:
                self.losses.append(u)
        else:
            self.units[u.id] = u

    def fire(self, order: FireOrder, enhance: str | None = None, reload: bool = False
             ) -> FireRecord:
        """Adjudicate a verified fire declaration (F-1…F-12) and write its units back.

        ``enhance`` names the shooter playing the fire-enhancement card (E-2); ``reload``
        is the second shot of the rapid-reload card (E-5); the target side's reactive
        armour (E-4) acts by itself (:mod:`hexrules.game.events`).
        """
        from hexrules.game.events import after_fire, fire_setup

        units, context = fire_setup(self, self.units, order, enhance, reload)
        rec = adjudicate_fire(self.hexmap, order, units=units, dice=self.dice,
                              sight=game_sight, tables=self.tables,
                              require_sight=self.options.require_sight,
                              **context)  # type: ignore[arg-type]
        for u in (*rec.shooters_after, rec.target_after):
            self.put(u)
        self.parts.append(rec)
        after_fire(self, rec, enhance)
        return rec

    def roll(self, rule: str, purpose: str) -> int:
        """One d6 (T-6)."""
        return self.dice.d6(rule, purpose)

    def event(self, rule: str, title: str, steps: tuple[Step, ...] | list[Step] = (),
              effects: tuple[Effect, ...] | list[Effect] = (), since: int | None = None
              ) -> GameEvent:
        """Add an engine event; ``since`` is a dice mark whose rolls belong to it."""
        rolls = () if since is None else self.dice.since(since)
        ev = GameEvent(rule, title, tuple(steps), tuple(effects), rolls)
        self.parts.append(ev)
        return ev

    def finish(self, order: Order | None, side: Side | None, turn: int, phase: Phase
               ) -> tuple[GameState, GameRecord]:
        """Freeze the working copy into the next state and the order's record."""
        rec = GameRecord(order, side, turn, phase, tuple(self.parts), self.dice.since(self.mark))
        new = GameState(
            origin=self.origin, units=tuple(self.units.values()), losses=tuple(self.losses),
            turn=self.turn, phase=self.phase, to_act=self.to_act, initiative=self.initiative,
            passes=self.passes, move=self.move, window=self.window, melee=self.melee,
            pending=tuple(self.pending), stalemates=tuple(self.stalemates),
            dice=self.dice.getstate(log=False), log=(*self.state.log, rec), score=self.score,
            cards=self.cards, hexmap=self.hexmap, tables=self.tables,
        )
        new.__dict__["_live_dice"] = self.dice  # the same source, at the new state's position
        return new, rec


# ---------------------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Handler:
    """How one order type is checked (``check(state, order) -> context``) and done."""

    check: Callable[[GameState, Any], Any]
    do: Callable[[Tx, Any, Any], None]


_HANDLERS: dict[type, Handler] = {}


def _handlers() -> dict[type, Handler]:
    if not _HANDLERS:
        from hexrules.game import cardorders, melee, moves

        _HANDLERS.update({
            DeclareFire: Handler(_check_declare, _do_declare),
            Pass: Handler(_check_pass, _do_pass),
            StartMove: Handler(moves.check_start, moves.do_start),
            StepTo: Handler(moves.check_step, moves.do_step),
            EndMove: Handler(moves.check_end, moves.do_end),
            MovingFire: Handler(moves.check_moving_fire, moves.do_moving_fire),
            ShortHaltFire: Handler(moves.check_moving_fire, moves.do_moving_fire),
            OpportunityFire: Handler(moves.check_opportunity, moves.do_opportunity),
            CoveringFire: Handler(moves.check_covering, moves.do_covering),
            Decline: Handler(moves.check_decline, moves.do_decline),
            FieldRepair: Handler(cardorders.check_repair, cardorders.do_repair),
            PlanFire: Handler(cardorders.check_plan, cardorders.do_plan),
            RapidReload: Handler(cardorders.check_reload, cardorders.do_reload),
            DealCard: Handler(cardorders.check_deal, cardorders.do_deal),
        })
        _HANDLERS["melee"] = Handler(melee.check_fire, melee.do_fire)  # type: ignore[index]
    return _HANDLERS


def _handler(state: GameState, order: Order) -> Handler:
    if not isinstance(order, Order):
        raise RulesTypeError(f"an order is a hexrules.game order value (Pass(), StepTo(…), …), "
                             f"got {order!r}")
    if not isinstance(state, GameState):
        raise RulesTypeError(f"orders apply to a GameState, got {type(state).__name__}")
    if state.phase is Phase.OVER:
        raise OutOfTurnError(f"the game is over (turn {state.turn} of {state.turns}): no more "
                             f"orders (§9)")
    handlers = _handlers()
    if isinstance(order, DeclareFire) and state.phase is Phase.CLOSE_COMBAT:
        return handlers["melee"]  # type: ignore[index]
    return handlers[type(order)]


@bilingual
def verify(state: GameState, order: Order) -> None:
    """Raise the project's error if ``order`` is illegal in ``state`` (nothing changes).

    With the paper-table referee a C-4 breach and an overspending step are *accepted* (their
    penalty is the rulebook's), so they do not raise.
    """
    try:
        _handler(state, order).check(state, order)
    except OneOrderError:
        if not state.options.paper:
            raise


@bilingual
def can(state: GameState, order: Order) -> bool:
    """Whether :func:`verify` accepts ``order`` (a value of the wrong type still raises)."""
    try:
        verify(state, order)
    except RulesTypeError:
        raise
    except RulesError:
        return False
    return True


@bilingual
def apply(state: GameState, order: Order) -> tuple[GameState, GameRecord]:
    """The state after ``order`` and its record; raises for an illegal order."""
    handler = _handler(state, order)
    try:
        ctx = handler.check(state, order)
    except OneOrderError as exc:
        if not state.options.paper:
            raise
        return _breach(state, order, exc)
    tx = Tx(state)
    handler.do(tx, order, ctx)
    side = None if isinstance(order, DealCard) else state.to_act  # the instructor's act
    return tx.finish(order, side, state.turn, state.phase)


@bilingual
def start(origin: GameOrigin, hexmap: HexMap, tables: TableSet,
          dice: DiceSource | None = None) -> GameState:
    """The first state of a game: turn 1 prepared (T-1) and the T-2 initiative rolled.

    ``dice`` (a replay's) replaces the origin's starting dice.
    """
    from hexrules.game.phases import start_turn

    blank = GameState(origin, origin.units, (), 0, Phase.PREPARATION, None, None, 0, None, None,
                      None, (), (), origin.dice, (), None, hexmap=hexmap, tables=tables)
    if dice is not None:
        blank.__dict__["_live_dice"] = dice
    tx = Tx(blank)
    start_turn(tx)
    return tx.finish(None, None, 1, Phase.PREPARATION)[0]


# ---------------------------------------------------------------------------------------
# The direct-fire phase (T-2) and passing
# ---------------------------------------------------------------------------------------
def expect(state: GameState, *phases: Phase, move: bool | None = None,
           window: bool = False, what: str = "this order") -> None:
    """Raise :class:`~hexrules.errors.OutOfTurnError` unless the game is in one of ``phases``
    with (``move=True``) or without (``False``) a move in progress and without (or with) an
    open reaction window."""
    if state.phase not in phases:
        names = " or ".join(f"the {p.label} ({p.rule})" for p in phases)
        raise OutOfTurnError(f"{what} belongs to {names}; it is now the {state.phase.label} "
                             f"({state.phase.rule})")
    if window and state.window is None:
        raise OutOfTurnError(f"{what} answers a reaction window, and none is open (V-6, V-7)")
    if not window and state.window is not None:
        w = state.window
        raise OutOfTurnError(
            f"{w.kind.label} ({w.kind.rule}) may be declared now by {w.side.label}: answer it "
            f"with {'OpportunityFire' if w.kind.rule == 'V-6' else 'CoveringFire'}(…) or "
            "Decline() first")
    if move is True and state.move is None:
        raise OutOfTurnError(f"{what} belongs to a move, and no move is in progress (V-4)")
    if move is False and state.move is not None:
        raise OutOfTurnError(f"{state.move.unit} is moving: its side steps (StepTo), fires "
                             f"(MovingFire, ShortHaltFire) or ends the move (EndMove) first "
                             f"(V-4…V-9)")


def own(state: GameState, unit_id: str, rule: str) -> Unit:
    """The unit ``unit_id``, which must belong to the side to act."""
    u = state.unit(unit_id)
    if u.side is not state.to_act:
        side = state.to_act.label if state.to_act else "nobody"
        raise OutOfTurnError(f"{u.id} is {u.side.label}, but {side} is to act ({rule})")
    return u


def check_declared_fire(state: GameState, fire: FireOrder, rule: str,
                        engaged: frozenset[Hex] | None = None, enhance: str | None = None
                        ) -> None:
    """The checks every declaration by the side to act shares (F-1, C-4, V-10, fog of war,
    the fire-enhancement card E-2 named by ``enhance``)."""
    from hexrules.game.events import check_enhance

    m = state.hexmap
    eng = state.engaged if engaged is None else engaged
    shooters = [own(state, sid, rule) for sid in fire.shooters]
    target = state.unit(fire.target)
    if target.side is state.to_act:
        raise IllegalOrderError(f"{at(m, shooters[0])} cannot fire at {at(m, target)}: both are "
                                f"{target.side.label} (F-1: fire is declared at an enemy unit)")
    problem = target_problem(m, target, eng)
    if problem is not None:
        raise problem
    for u in shooters:
        problem = shooter_problem(m, u, eng, fire.kind)
        if problem is not None:
            raise problem
    if state.options.fog_of_war and target.id not in seen_enemies(m, state.units,
                                                                   state.to_act):
        raise IllegalOrderError(f"no {state.to_act.label} unit sees {target.id}: with fog of "
                                f"war a side fires only at enemy units it sees")
    verify_fire(m, fire, units=[*shooters, target], tables=state.tables,
                require_sight=state.options.require_sight)
    check_enhance(state, state.to_act, fire, enhance)  # type: ignore[arg-type]


def _check_declare(state: GameState, order: DeclareFire) -> FireOrder:
    expect(state, Phase.DIRECT_FIRE, move=False, what="a fire declaration")
    if order.fire.kind is not FireKind.NORMAL:
        kind = order.fire.kind
        hint = {FireKind.MOVING: "MovingFire(target) during the unit's move (V-8)",
                FireKind.SHORT_HALT: "ShortHaltFire(target) during the unit's move (V-9)",
                FireKind.CLOSE_COMBAT: "DeclareFire(…, kind='close_combat') in close combat "
                                       "(T-5)"}[kind]
        raise IllegalOrderError(f"{kind.label} is not declared in the direct-fire phase: use "
                                f"{hint}")
    check_declared_fire(state, order.fire, "T-2", enhance=order.enhance)
    return order.fire


def _do_declare(tx: Tx, order: DeclareFire, ctx: FireOrder) -> None:
    tx.fire(order.fire, order.enhance)
    tx.passes = 0
    tx.to_act = tx.to_act.opponent  # type: ignore[union-attr]


def _check_pass(state: GameState, order: Pass) -> None:
    expect(state, Phase.DIRECT_FIRE, Phase.MOVEMENT, move=False, what="a pass")


def _do_pass(tx: Tx, order: Pass, ctx: None) -> None:
    side = tx.to_act
    assert side is not None
    rule = tx.phase.rule
    tx.passes += 1
    ends = tx.passes >= 2
    tx.event(rule, label("pass"), [Step(rule, label("pass"), (("side 方", side.label),),
                                        result="phase ends 阶段结束" if ends else
                                        f"{side.opponent.label} to act",
                                        note="both sides passed in a row" if ends else "")])
    _after_slot(tx)


def _after_slot(tx: Tx) -> None:
    """The side to act has used its slot (a pass or a breach): hand over or end the phase."""
    from hexrules.game.phases import end_fire_phase, end_movement_phase

    if tx.passes >= 2:
        (end_fire_phase if tx.phase is Phase.DIRECT_FIRE else end_movement_phase)(tx)
    else:
        tx.to_act = tx.to_act.opponent  # type: ignore[union-attr]


def _breach(state: GameState, order: Order, exc: OneOrderError) -> tuple[GameState, GameRecord]:
    """The paper-table penalty of C-4: the order fails; its slot or reaction is spent."""
    from hexrules.game.moves import close_window

    tx = Tx(state)
    side = state.to_act
    spent = "the reaction is lost" if state.window is not None else "the slot is spent"
    tx.event("C-4", label("breach"), [Step("C-4", label("breach"),
                                           (("order 命令", repr(order)),),
                                           result=f"the order fails; {spent}", value=False,
                                           note=str(exc))])
    if state.window is not None:
        close_window(tx)
    else:
        tx.passes += 1
        _after_slot(tx)
    return tx.finish(order, side, state.turn, state.phase)
