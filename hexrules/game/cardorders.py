"""The orders of the event cards: check and do (E-3, E-5, E-6/E-7 with A-1, the reward rule).

Each ``check_*`` raises the project's error (:class:`~hexrules.errors.CardError` naming the
card's rule, or :class:`~hexrules.errors.OutOfTurnError`) and changes nothing; each ``do_*``
changes a :class:`~hexrules.game.engine.Tx`. The engine dispatches to them
(:mod:`hexrules.game.engine`); the effects themselves are in :mod:`hexrules.game.events`.

* :class:`~hexrules.game.orders.FieldRepair` — T-1, when the side's field-repair card is due
  (the game waits for it, red first);
* :class:`~hexrules.game.orders.PlanFire` — T-4, after the draw, when the side holds an
  artillery card (the game waits for it, red first);
* :class:`~hexrules.game.orders.RapidReload` — the direct-fire phase, in the side's slot:
  **[project ruling]** the card acts in the direct-fire phase only, for the side's last unit
  to fire this turn (the last shooter named in its latest declaration), at any enemy in range
  that is not in close combat, already fired upon or not (F-1), with the usual checks
  otherwise (sight with ``require_sight``, fog of war, weapon, march, close combat);
* :class:`~hexrules.game.orders.DealCard` — the instructor, at any time (reward rule, §7):
  the card must still be in the side's deck (with ``reshuffle``, the side's played and
  expired cards go back into its deck first). **[project ruling]** It counts as drawn now and
  acts next turn; a dealt artillery card is planned at the next random-event phase.
"""

from __future__ import annotations

from hexrules.combat.declare import verify_fire
from hexrules.combat.orders import FireOrder
from hexrules.errors import CardError, IllegalOrderError, OutOfTurnError
from hexrules.game.cards import Card, HeldCard
from hexrules.game.checks import at, seen_enemies
from hexrules.game.engine import Tx, expect
from hexrules.game.events import (
    check_enhance,
    make_plan,
    plan_target,
    reload_shooter,
)
from hexrules.game.events import (
    check_repair as _check_repair,
)
from hexrules.game.events import (
    do_repair as _do_repair,
)
from hexrules.game.orders import DealCard, FieldRepair, PlanFire, RapidReload
from hexrules.game.state import GameState, Phase
from hexrules.glossary import label
from hexrules.records import Step
from hexrules.units import Unit

__all__ = ["check_deal", "check_plan", "check_reload", "check_repair", "do_deal", "do_plan",
           "do_reload", "do_repair"]


# -- field repair (E-3, T-1) ---------------------------------------------------------------
def check_repair(state: GameState, order: FieldRepair) -> tuple[HeldCard, Unit]:
    if state.phase is not Phase.PREPARATION:
        raise CardError(f"field repair acts at the start of the turn (T-1); it is now the "
                        f"{state.phase.label} (E-3)")
    return _check_repair(state, order.unit)


def do_repair(tx: Tx, order: FieldRepair, ctx: tuple[HeldCard, Unit]) -> None:
    from hexrules.game.events import await_repair
    from hexrules.game.phases import initiative

    _do_repair(tx, *ctx)
    if not await_repair(tx):
        initiative(tx, Phase.DIRECT_FIRE)


# -- fire plans (A-1, E-6, E-7; T-4) -------------------------------------------------------
def check_plan(state: GameState, order: PlanFire) -> HeldCard:
    if state.phase is not Phase.RANDOM_EVENT:
        raise CardError(f"a fire plan is named in the random-event phase right after the "
                        f"draw (A-1, E-6, E-7); it is now the {state.phase.label}")
    return plan_target(state, order.target)


def do_plan(tx: Tx, order: PlanFire, held: HeldCard) -> None:
    from hexrules.game.events import await_plan
    from hexrules.game.phases import finish_random_event

    make_plan(tx, held, order.target)
    if not await_plan(tx):
        finish_random_event(tx)


# -- rapid reload (E-5) ----------------------------------------------------------------------
def check_reload(state: GameState, order: RapidReload) -> tuple[FireOrder, str | None]:
    expect(state, Phase.DIRECT_FIRE, move=False, what="rapid reload (E-5)")
    shooter = reload_shooter(state)
    m, eng = state.hexmap, state.engaged
    who = at(m, shooter)
    if shooter.hex in eng:
        raise IllegalOrderError(f"{who} is in close combat (近战): it may fire only in the "
                                "close combat itself (V-10, E-5)")
    if shooter.weapon_lost:
        raise IllegalOrderError(f"{who} has lost its weapon (失火) and cannot fire (C-3, E-5)")
    target = state.unit(order.target)
    if target.side is shooter.side:
        raise IllegalOrderError(f"{who} cannot fire at {at(m, target)}: both are "
                                f"{target.side.label} (F-1, E-5)")
    if target.hex in eng:
        raise IllegalOrderError(f"{at(m, target)} is in close combat (近战) and may be fired "
                                "on only in the close combat itself (V-10, E-5)")
    if state.options.fog_of_war and target.id not in seen_enemies(m, state.units,
                                                                   shooter.side):
        raise IllegalOrderError(f"no {shooter.side.label} unit sees {target.id}: with fog of "
                                f"war a side fires only at enemy units it sees (E-5)")
    fire = FireOrder((shooter.id,), target.id)
    from hexrules.game.events import fire_setup

    units, _ = fire_setup(state, state.unit_map, fire, reload=True)
    verify_fire(m, fire, units=units, tables=state.tables,
                require_sight=state.options.require_sight)
    enhance = shooter.id if order.enhance else None
    check_enhance(state, shooter.side, fire, enhance)
    return fire, enhance


def do_reload(tx: Tx, order: RapidReload, ctx: tuple[FireOrder, str | None]) -> None:
    fire, enhance = ctx
    side = tx.to_act
    assert side is not None
    held = tx.cards.active(side, Card.RAPID_RELOAD, tx.turn)
    assert held is not None
    tx.cards = tx.cards.use(held)
    tx.event("E-5", f"{Card.RAPID_RELOAD.rule} {Card.RAPID_RELOAD.label}: {fire.shooters[0]}",
             [Step("E-5", label("rapid_reload"),
                   (("shooter 射击单位", fire.shooters[0]), ("target 目标", fire.target)),
                   result="fires a second time this turn; the card is spent",
                   value=fire.shooters[0],
                   note="the second shot may be at a target already fired upon (F-1)")])
    tx.fire(fire, enhance, reload=True)
    tx.passes = 0
    tx.to_act = side.opponent


# -- the reward rule (§7) --------------------------------------------------------------------
def check_deal(state: GameState, order: DealCard) -> None:
    if state.phase is Phase.OVER:  # pragma: no cover - refused before dispatch
        raise OutOfTurnError("the game is over (§9)")
    if not state.options.cards:
        raise CardError("this game is played without the event cards (Options(cards=False)): "
                        "no card can be dealt (§7)")
    c = state.cards
    deck = c.deck(order.side) + (c.discards(order.side) if order.reshuffle else ())
    if order.card not in deck:
        held = any(h.card is order.card for h in c.held_by(order.side))
        hint = "" if order.reshuffle else "; reshuffle=True puts the discards back first"
        raise CardError(
            f"{order.card.rule} {order.card.label} is not in {order.side.label}'s deck: "
            f"it is held (§7 reward rule){hint}" if held else
            f"{order.card.rule} {order.card.label} is not in {order.side.label}'s deck: "
            f"it is already played or expired (§7 reward rule){hint}")


def do_deal(tx: Tx, order: DealCard, ctx: None) -> None:
    side, card = order.side, order.card
    c = tx.cards
    deck = c.deck(side)
    if order.reshuffle:
        deck = deck + c.discards(side)
        c = c._set("played", side, ())
    c = c.with_deck(side, tuple(x for x in deck if x is not card))
    tx.cards = c.add(HeldCard(card, side, tx.turn, card.uses))
    tx.event("§7", f"{label('event_card')}: {card.rule} → {side.label}", [Step(
        "§7", label("event_card"),
        (("side 方", side.label), ("card 卡", f"{card.rule} {card.label}"),
         ("reshuffle", "yes 是" if order.reshuffle else "no 否")),
        result=f"dealt by the instructor; acts in turn {tx.turn + 1}", value=card.rule,
        note="the reward rule (§7)")])
