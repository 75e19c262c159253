"""The random event cards and their artillery in play (§6 A-1…A-8, §7 E-1…E-7, T-1, T-4).

With the referee option ``cards`` (:class:`~hexrules.game.state.Options`; on in the shipped
scenarios) the engine calls this module at these points; every act is a
:class:`~hexrules.game.records.GameEvent` (or an artillery record) in the order's record:

* **T-4 step 1** — :func:`draw_cards`: each side draws one card of its own deck while cards
  remain (§7 [decision]), uniformly among the cards left, with the game's dice
  (:func:`draw_index`: a d6 re-rolled above the number of cards; with 7 cards, 2d6 as a
  number 0–35, 35 re-rolled, taken modulo 7). A side that drew an artillery card (E-6, E-7)
  names its target at once: the game waits for its :class:`~hexrules.game.orders.PlanFire`
  (red first). **[project ruling]** Any hex of the map may be named.
* **T-4 step 2** — the impact markers of last turn are removed (:func:`remove_markers`),
  with every *Suppressed* marker.
* **T-4 step 3** — :func:`arrive_artillery`: each fire plan due this turn (A-1, ``called +
  delay``) is adjudicated with :func:`~hexrules.artillery.adjudicate_mission`, in the order
  the plans were made (**[project ruling]**: the rules let both sides' fire be resolved in
  any order), on every unit on the board — units in close combat too (V-10); its impact
  markers stay until the next T-4 step 2 (A-8).
* **T-1** — :func:`start_of_turn_effects`: cards whose turn is over expire (to the
  discards), and a due field-repair card (E-3) makes the game wait for the holder's
  :class:`~hexrules.game.orders.FieldRepair` naming a W or I unit (**[project ruling]**: the
  choice is made when the card acts, not when it is drawn; a card with no damaged unit to
  repair acts on nothing and is spent).
* **movement** — :func:`allowance_bonus` (E-1, +3 points for each of the first 3 moves
  declared, march included) and :func:`enter_marked_hex` (A-8: a unit entering a hex with
  impact markers is attacked once per marker before any opportunity fire).
* **fire** — :func:`fire_setup` gives the units and the card context of a shot: the E-2
  shooter named by the order (``enhance``) and the target side's reactive armour (E-4, the
  first hit lowered one step); :func:`after_fire` spends the cards and remembers the side's
  last unit to fire (E-5). The exact odds (:mod:`hexrules.game.odds`) use the same
  :func:`fire_setup`.

Card effects live in the state (:class:`~hexrules.game.cards.CardState`); a card drawn in
turn *n* acts in turn *n* + 1 only (its whole turn, T-1 to T-5).

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> from hexrules.game import GameState, Options, Pass
>>> s = GameState.new(HexMap.flat(8, 4), [Unit("R1", "red", Hex(0, 1)),
...                   Unit("B1", "blue", Hex(6, 1))], turns=2, options=Options(cards=True),
...                   dice=ScriptedDice([1, 2, 1, 4, 1, 3, 5]))
>>> for _ in range(4):
...     s, rec = s.apply(Pass())
>>> [st.result for st in rec.parts[1].steps]       # T-4 step 1: 2d6 1, 4 and 1, 3
['draws E-4 Reactive armour 反应装甲', 'draws E-3 Field repair 战地抢修']
>>> [h.text for h in s.cards.hand], s.cards.discards("blue")   # blue had nothing to repair
(['E-4 Reactive armour 反应装甲 (drawn turn 1, acts in turn 2)'], (Card.FIELD_REPAIR,))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from hexrules.artillery import FirePlan, adjudicate_entry, adjudicate_mission, verify_fire_plan
from hexrules.combat.orders import FireKind, FireOrder
from hexrules.combat.record import FireRecord
from hexrules.errors import CardError, CoordinateError, IllegalOrderError, RulesError
from hexrules.game.cards import (
    ARTILLERY_CARDS,
    RAPID_ASSAULT_POINTS,
    Card,
    CardState,
    HeldCard,
)
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.records import Effect, Step
from hexrules.units import Side, Status, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.engine import Tx
    from hexrules.game.state import GameState

__all__ = [
    "after_fire",
    "allowance_bonus",
    "arrive_artillery",
    "await_plan",
    "await_repair",
    "check_enhance",
    "draw_cards",
    "draw_index",
    "enter_marked_hex",
    "fire_setup",
    "remove_markers",
    "repairable",
    "start_of_turn_effects",
]


def _on(tx: Tx | GameState) -> bool:
    return tx.options.cards


def _title(card: Card) -> str:
    return f"{card.rule} {card.label}"


# ---------------------------------------------------------------------------------------
# Drawing (T-4 step 1)
# ---------------------------------------------------------------------------------------
def draw_index(tx: Tx, n: int, who: str) -> tuple[int, tuple[int, ...]]:
    """A uniform index 0…n-1 from the game's d6s (1 ≤ n ≤ 36), and every face rolled.

    n ≤ 6: a d6, re-rolled while above n. Otherwise 2d6 read as (a-1)·6 + (b-1), re-rolled
    at or above the largest multiple of n not over 36, taken modulo n.
    """
    faces: list[int] = []
    while True:
        if n <= 6:
            f = tx.roll("T-4", f"card draw, {who}: 1-{n} of the cards left")
            faces.append(f)
            if f <= n:
                return f - 1, tuple(faces)
        else:
            a = tx.roll("T-4", f"card draw, {who}: first die")
            b = tx.roll("T-4", f"card draw, {who}: second die")
            faces += [a, b]
            v = (a - 1) * 6 + (b - 1)
            if v < 36 - 36 % n:
                return v % n, tuple(faces)


def draw_cards(tx: Tx) -> list[Step]:
    """T-4 step 1: each side draws one card while its deck holds any (§7)."""
    if not _on(tx):
        return []
    steps = []
    for side in (Side.RED, Side.BLUE):
        deck = tx.cards.deck(side)
        if not deck:
            steps.append(Step("T-4", "(1) " + label("event_card"), (("side 方", side.label),),
                              result="no card left in the deck", value=None))
            continue
        k, faces = draw_index(tx, len(deck), side.value)
        card = deck[k]
        tx.cards = tx.cards.with_deck(side, deck[:k] + deck[k + 1:]).add(
            HeldCard(card, side, tx.turn, card.uses))
        steps.append(Step(
            "T-4", "(1) " + label("event_card"),
            (("side 方", side.label), ("cards left 剩余", f"{len(deck)}: "
                                       + ", ".join(c.rule for c in deck))),
            dice=faces, result=f"draws {_title(card)}", value=card.rule,
            note=f"acts in turn {tx.turn + 1}" + (
                "; the target hex is named now (A-1)" if card in ARTILLERY_CARDS else "")))
    return steps


def _unplanned(cards: CardState, side: Side) -> HeldCard | None:
    for h in cards.held_by(side):
        if h.card in ARTILLERY_CARDS:
            return h
    return None


def await_plan(tx: Tx) -> bool:
    """Wait for a fire plan if a side holds an artillery card not yet planned (red first)."""
    if not _on(tx):
        return False
    for side in (Side.RED, Side.BLUE):
        if _unplanned(tx.cards, side) is not None:
            tx.to_act = side
            return True
    return False


def plan_target(state: GameState, target: Hex | str) -> HeldCard:
    """The artillery card a :class:`~hexrules.game.orders.PlanFire` plays (checks A-1)."""
    side = state.to_act
    held = None if side is None else _unplanned(state.cards, side)
    if held is None:
        raise CardError("no artillery card waits for a fire plan now (A-1, E-6, E-7)")
    m = state.hexmap
    try:
        h = target if isinstance(target, Hex) else m.georef.parse(target)
    except (CoordinateError, RulesError) as exc:
        raise CardError(f"fire plan (A-1, {held.card.rule}): {target!r} is not a hex of the "
                        f"map: {exc}") from None
    plan = FirePlan.for_card(held.side, held.card.gun or "", h, state.turn, tables=state.tables)
    try:
        verify_fire_plan(m, plan, tables=state.tables)
    except IllegalOrderError as exc:
        raise CardError(f"{exc} ({held.card.rule})") from None
    return held


def make_plan(tx: Tx, held: HeldCard, target: Hex | str) -> None:
    """Play the artillery card: its fire plan waits for turn ``called + delay`` (A-1)."""
    h = target if isinstance(target, Hex) else tx.hexmap.georef.parse(target)
    plan = FirePlan.for_card(held.side, held.card.gun or "", h, tx.turn, tables=tx.tables)
    tx.cards = dataclasses.replace(tx.cards.discard(held), plans=(*tx.cards.plans, plan))
    tx.event("A-1", f"{label('fire_plan')}: {_title(held.card)}", [Step(
        "A-1", label("fire_plan"),
        (("side 方", held.side.label), ("card 卡", _title(held.card)),
         (label("impact_hex"), tx.name(h)), ("battery 炮兵连", f"{plan.guns} × {plan.gun}")),
        result=f"arrives in turn {plan.lands} 第{plan.lands}回合到达", value=plan.lands,
        note="in the random-event phase of that turn (T-4 step 3)")])


# ---------------------------------------------------------------------------------------
# T-4 steps 2 and 3
# ---------------------------------------------------------------------------------------
def remove_markers(tx: Tx) -> list[Step]:
    """T-4 step 2: last turn's impact markers are removed (A-8)."""
    if not _on(tx):
        return []
    gone = tx.cards.markers
    tx.cards = dataclasses.replace(tx.cards, markers=())
    where = ", ".join(sorted({tx.name(m.hex) for m in gone})) or "none 无"
    return [Step("T-4", "(2) " + label("impact_marker"), result=f"removed 移除: {where}",
                 value=len(gone), note="impact markers stay until the next random-event "
                                       "phase (A-8)")]


def armour_sides(tx: Tx) -> frozenset[Side]:
    """The sides whose reactive-armour card acts now (E-4)."""
    if not _on(tx):
        return frozenset()
    return frozenset(s for s in Side if tx.cards.active(s, Card.REACTIVE_ARMOUR, tx.turn))


def _spend_armour(tx: Tx, unit: Unit, where: str) -> None:
    held = tx.cards.active(unit.side, Card.REACTIVE_ARMOUR, tx.turn)
    if held is None:  # pragma: no cover - the record says it acted, so it was held
        return
    tx.cards = tx.cards.use(held)
    tx.event("E-4", f"{_title(Card.REACTIVE_ARMOUR)}: {unit.id}", [Step(
        "E-4", label("reactive_armour"), (("unit 算子", unit.id), ("hit by 受", where)),
        result="the result is lowered one step; the card is spent", value=unit.id)])


def arrive_artillery(tx: Tx) -> list[Step]:
    """T-4 step 3: adjudicate every fire plan landing this turn (A-1…A-7)."""
    if not _on(tx):
        return []
    due = [p for p in tx.cards.plans if p.lands == tx.turn]
    tx.cards = dataclasses.replace(tx.cards, plans=tuple(p for p in tx.cards.plans
                                                         if p.lands != tx.turn))
    if not due:
        return [Step("T-4", "(3) artillery 炮兵火力", result="none arriving 无", value=0)]
    for plan in due:
        armour = armour_sides(tx)
        rec = adjudicate_mission(tx.hexmap, plan, list(tx.units.values()), dice=tx.dice,
                                 tables=tx.tables, reactive_armour=armour)
        for u in rec.units_after.values():
            tx.put(u)
        tx.parts.append(rec)
        tx.cards = dataclasses.replace(tx.cards, markers=(*tx.cards.markers, *rec.markers))
        for s in rec.strikes:
            if any(st.rule == "E-4" for st in s.steps):
                _spend_armour(tx, s.unit_before, f"{plan.gun} {label('artillery_fire')}")
    names = ", ".join(f"{p.side.label} {p.gun} → {tx.name(p.target)}" for p in due)
    return [Step("T-4", "(3) artillery 炮兵火力", result=f"arrived 到达: {names}",
                 value=len(due), note="adjudicated gun by gun, in the order the plans were "
                                      "made (A-7)")]


# ---------------------------------------------------------------------------------------
# T-1: expiry and field repair (E-3)
# ---------------------------------------------------------------------------------------
def repairable(units: Mapping[str, Unit] | tuple[Unit, ...], side: Side) -> list[Unit]:
    """The units of ``side`` field repair may restore: weapon lost or immobilised (E-3)."""
    items = units.values() if isinstance(units, Mapping) else units
    return [u for u in items if u.side is side and (u.weapon_lost or u.immobilised)]


def start_of_turn_effects(tx: Tx) -> list[Step]:
    """T-1: cards whose turn is over expire; E-3 with nothing to repair is spent."""
    if not _on(tx):
        return []
    steps = []
    tx.cards = dataclasses.replace(tx.cards, last_fired=("", ""))
    for h in tx.cards.hand:
        if h.card not in ARTILLERY_CARDS and h.expired(tx.turn):
            tx.cards = tx.cards.discard(h)
            steps.append(Step(h.card.rule, _title(h.card), (("side 方", h.side.label),),
                              result="expired unused 过期", value=False,
                              note=f"it acted in turn {h.turn} only"))
    for side in (Side.RED, Side.BLUE):
        h = tx.cards.active(side, Card.FIELD_REPAIR, tx.turn)
        if h is not None and not repairable(tx.units, side):
            tx.cards = tx.cards.use(h)
            steps.append(Step("E-3", _title(Card.FIELD_REPAIR), (("side 方", side.label),),
                              result="no unit has lost its weapon or is immobilised: no "
                                     "effect, the card is spent", value=None))
    return steps


def await_repair(tx: Tx) -> bool:
    """Wait for a :class:`~hexrules.game.orders.FieldRepair` if one is due (red first)."""
    if not _on(tx):
        return False
    for side in (Side.RED, Side.BLUE):
        if tx.cards.active(side, Card.FIELD_REPAIR, tx.turn) is not None:
            tx.phase, tx.to_act = tx.phase, side
            return True
    return False


def check_repair(state: GameState, unit_id: str) -> tuple[HeldCard, Unit]:
    """The card and unit of a field repair (E-3), or the error naming what is wrong."""
    from hexrules.game.state import Phase

    side = state.to_act
    held = None if side is None else state.cards.active(side, Card.FIELD_REPAIR, state.turn)
    if state.phase is not Phase.PREPARATION or held is None or side is None:
        raise CardError("no field-repair card is due now: it acts at the start of the turn "
                        "after it was drawn (E-3, T-1)")
    u = state.unit(unit_id)
    if u.side is not side:
        raise CardError(f"{u.id} is {u.side.label}: field repair restores a unit of the "
                        f"holder, {side.label} (E-3)")
    if not (u.weapon_lost or u.immobilised):
        names = ", ".join(x.id for x in repairable(state.units, side))
        raise CardError(f"{u.id} has neither lost its weapon nor is immobilised "
                        f"({u.status_label}): field repair restores a W or I unit (E-3); "
                        f"choose {names}")
    return held, u


def do_repair(tx: Tx, held: HeldCard, u: Unit) -> None:
    """Restore ``u`` (weapon lost, immobilised removed) and spend the card (E-3)."""
    after = u.without_status(Status.WEAPON_LOST, Status.IMMOBILISED)
    tx.put(after)
    tx.cards = tx.cards.use(held)
    tx.event("E-3", f"{_title(Card.FIELD_REPAIR)}: {u.id}", [Step(
        "E-3", label("field_repair"), (("unit 算子", u.id), ("before 之前", u.status_label)),
        result=f"fully repaired 战地抢修: {after.status_label}", value=u.id,
        note="weapon lost and immobilised are removed; a Suppressed marker stays")],
        [Effect(u, after)])


# ---------------------------------------------------------------------------------------
# Movement (E-1, A-8)
# ---------------------------------------------------------------------------------------
def allowance_bonus(tx: Tx, unit: Unit) -> int:
    """E-1: +3 movement points for each of the side's first 3 moves this turn."""
    if not _on(tx):
        return 0
    held = tx.cards.active(unit.side, Card.RAPID_ASSAULT, tx.turn)
    if held is None:
        return 0
    tx.cards = tx.cards.use(held)
    n = Card.RAPID_ASSAULT.uses - held.uses + 1
    tx.event("E-1", f"{_title(Card.RAPID_ASSAULT)}: {unit.id}", [Step(
        "E-1", label("rapid_assault"), (("unit 算子", unit.id), ("move 机动", f"{n} of 3")),
        result=f"+{RAPID_ASSAULT_POINTS} {label('movement_allowance')}",
        value=RAPID_ASSAULT_POINTS, note="marching units too")])
    return RAPID_ASSAULT_POINTS


def enter_marked_hex(tx: Tx, mover: Unit) -> Unit:
    """A-8: ``mover`` has entered a hex; each impact marker there attacks it at once."""
    if not _on(tx):
        return mover
    markers = tx.cards.markers_at(mover.hex)
    if not markers:
        return mover
    armour = mover.side in armour_sides(tx)
    rec = adjudicate_entry(tx.hexmap, mover, mover.hex, markers, dice=tx.dice,
                           tables=tx.tables, reactive_armour=armour)
    tx.put(rec.unit_after)
    tx.parts.append(rec)
    if any(st.rule == "E-4" for s in rec.strikes for st in s.steps):
        _spend_armour(tx, mover, f"{label('impact_marker')} (A-8)")
    return rec.unit_after


# ---------------------------------------------------------------------------------------
# Fire (E-2, E-4, E-5)
# ---------------------------------------------------------------------------------------
def enhance_of(order: object, fire: FireOrder) -> str | None:
    """The shooter an order names for the fire-enhancement card (E-2), or ``None``."""
    e = getattr(order, "enhance", None)
    if e is True:
        return fire.shooters[0]
    return e or None


def check_enhance(state: GameState, side: Side, fire: FireOrder, enhance: str | None) -> None:
    """Raise :class:`~hexrules.errors.CardError` unless ``enhance`` may play E-2 now."""
    if enhance is None:
        return
    if not state.options.cards or state.cards.active(side, Card.FIRE_ENHANCEMENT,
                                                     state.turn) is None:
        raise CardError(f"{side.label} holds no fire-enhancement card acting this turn "
                        f"(E-2: it acts in the turn after it is drawn, once)")
    if enhance not in fire.shooters:
        raise CardError(f"{enhance} is not firing in this declaration "
                        f"({', '.join(fire.shooters)}): the fire-enhancement card goes to "
                        f"one firing unit (E-2, ruling-enhancement)")


def fire_setup(state: GameState | Tx, units: Mapping[str, Unit], fire: FireOrder,
               enhance: str | None = None, reload: bool = False
               ) -> tuple[list[Unit], dict[str, object]]:
    """The units and card context of a declared shot, as adjudicated and as the odds see it.

    ``reload`` (E-5): the shooter's *Fired* and the target's *Fired upon* are lifted for the
    second shot. The target side's reactive armour (E-4) acts if its card is active.
    """
    us = [units[i] for i in fire.unit_ids]
    if reload:
        us = [u.without_status(Status.FIRED) if u.id in fire.shooters
              else u.without_status(Status.FIRED_UPON) for u in us]
    target = units[fire.target]
    on = state.options.cards
    reactive = on and state.cards.active(target.side, Card.REACTIVE_ARMOUR,
                                         state.turn) is not None
    return us, {"card_unit": enhance, "reactive_armour": reactive}


def after_fire(tx: Tx, rec: FireRecord, enhance: str | None) -> None:
    """Spend E-2 and E-4 if they acted, remember the side's last unit to fire (E-5)."""
    if not _on(tx):
        return
    side = rec.shooters[0].side
    if enhance is not None:
        held = tx.cards.active(side, Card.FIRE_ENHANCEMENT, tx.turn)
        if held is not None:
            tx.cards = tx.cards.use(held)
            tx.event("E-2", f"{_title(Card.FIRE_ENHANCEMENT)}: {enhance}", [Step(
                "E-2", label("fire_enhancement_short"),
                (("shooter 射击单位", enhance), ("target 目标", rec.target.id)),
                result="+2 attack levels for this shot (F-5); the card is spent", value=2)])
    if rec.reactive_armour:
        _spend_armour(tx, rec.target, label("direct_fire"))
    if rec.kind is not FireKind.CLOSE_COMBAT:
        tx.cards = tx.cards.with_last(side, rec.order.shooters[-1])


def reload_shooter(state: GameState) -> Unit:
    """The unit a :class:`~hexrules.game.orders.RapidReload` fires with (E-5), or the error."""
    side = state.to_act
    held = None if side is None or not state.options.cards else state.cards.active(
        side, Card.RAPID_RELOAD, state.turn)
    if side is None or held is None:
        raise CardError("no rapid-reload card acts for the side to act this turn (E-5: it "
                        "acts in the turn after it is drawn, once)")
    last = state.cards.last(side)
    if not last:
        raise CardError(f"no {side.label} unit has fired yet this turn: rapid reload lets "
                        f"the last unit to fire fire again (E-5)")
    if last not in state.unit_map:
        raise CardError(f"{last}, the last {side.label} unit to fire, was destroyed (E-5)")
    return state.unit_map[last]
