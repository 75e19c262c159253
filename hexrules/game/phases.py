"""The turn sequence (回合流程, T-1…T-5): what the engine does between the players' orders.

* :func:`start_turn` — preparation (回合准备阶段, T-1): remove *Fired*, *Fired upon*, *Moved*
  and *March*; apply the card effects due at the start of the turn
  (:func:`start_of_turn_effects`: expiry; a due field repair E-3 waits for the holder's
  ``FieldRepair``); then the direct-fire phase begins with its initiative d6 (T-2).
* :func:`allowance_bonus` — cards that add movement points (E-1).
* :func:`end_fire_phase` — both sides passed in a row: the movement phase (T-3) begins with a
  new initiative d6.
* :func:`end_movement_phase` — both sides passed in a row: the random-event phase (T-4: the
  draws and fire plans, then :func:`finish_random_event`: last turn's impact markers and all
  *Suppressed* markers removed, the artillery due adjudicated), then close combat (T-5,
  :mod:`hexrules.game.melee`), then :func:`end_turn`. The cards are in
  :mod:`hexrules.game.events`.
* :func:`end_turn` — the next turn, or the end of the game after the scenario's last turn
  (§9), scored by the scenario. **[project ruling]** The game always lasts the scenario's
  turns, even when one side has no unit left: hold objectives count at the end.

Initiative: a d6, odd red, even blue (单数红方先手，双数蓝方先手, T-2, T-3).

Examples
--------
>>> first_side(3), first_side(4)
(Side.RED, Side.BLUE)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from hexrules.game.state import Phase
from hexrules.glossary import label
from hexrules.records import Effect, Step
from hexrules.units import TURN_MARKERS, Side, Status, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.engine import Tx

__all__ = [
    "allowance_bonus",
    "arrive_artillery",
    "draw_cards",
    "end_fire_phase",
    "end_movement_phase",
    "end_turn",
    "finish_random_event",
    "first_side",
    "start_of_turn_effects",
    "start_turn",
]


def first_side(face: int) -> Side:
    """The side an initiative d6 gives the first slot to: odd red, even blue (T-2, T-3)."""
    return Side.RED if face % 2 else Side.BLUE


# -- the card hooks (cards E-1…E-7, artillery A-1…A-8: hexrules.game.events) --------------
def start_of_turn_effects(tx: Tx) -> list[Step]:
    """Card effects due at the start of the turn (T-1): expiry, E-3 with nothing to repair."""
    from hexrules.game.events import start_of_turn_effects as effects

    return effects(tx)


def allowance_bonus(tx: Tx, unit: Unit) -> int:
    """Movement points a card adds to a move declared now (E-1 rapid assault)."""
    from hexrules.game.events import allowance_bonus as bonus

    return bonus(tx, unit)


def draw_cards(tx: Tx) -> list[Step]:
    """T-4 step 1: each side draws a card (§7); no steps without the cards."""
    from hexrules.game.events import draw_cards as draw

    return draw(tx)


def arrive_artillery(tx: Tx) -> list[Step]:
    """T-4 step 3: the artillery arriving this turn (A-1…A-8); no steps without the cards."""
    from hexrules.game.events import arrive_artillery as arrive

    return arrive(tx)


# -- the sequence ------------------------------------------------------------------------
def initiative(tx: Tx, phase: Phase) -> None:
    """Roll the phase's initiative d6 and give the first slot (T-2, T-3)."""
    rule = phase.rule
    mark = tx.dice.mark()
    purpose = "who fires first" if phase is Phase.DIRECT_FIRE else "who moves first"
    face = tx.roll(rule, purpose)
    side = first_side(face)
    tx.phase, tx.initiative, tx.to_act, tx.passes = phase, side, side, 0
    title = f"{phase.label}: {label('initiative')}"
    tx.event(rule, title, [Step(rule, label("initiative"), (("phase 阶段", phase.label),),
                                dice=(face,), result=f"{side.label} first 先手",
                                value=side.value,
                                note="odd red, even blue 单数红方先手，双数蓝方先手")],
             since=mark)


def start_turn(tx: Tx) -> None:
    """The next turn: preparation (T-1), then the direct-fire phase and its initiative."""
    tx.turn += 1
    tx.phase, tx.to_act, tx.initiative, tx.passes = Phase.PREPARATION, None, None, 0
    tx.stalemates = []
    effects = []
    for u in list(tx.units.values()):
        if u.status & TURN_MARKERS:
            after = u.without_status(*TURN_MARKERS)
            tx.put(after)
            effects.append(Effect(u, after))
    cleared = ", ".join(f"{e.unit_id}: {e.before.status_label}" for e in effects) or "none 无"
    steps = [Step("T-1", label("preparation_phase"), (("turn 回合", str(tx.turn)),),
                  result=f"markers removed 移除注记: {cleared}",
                  note="Fired, Fired upon, Moved and March are removed")]
    steps += start_of_turn_effects(tx)
    tx.event("T-1", f"{label('turn')} {tx.turn}: {label('preparation_phase')}", steps, effects)
    from hexrules.game.events import await_repair

    if not await_repair(tx):  # E-3 due: the holder names the unit first (FieldRepair)
        initiative(tx, Phase.DIRECT_FIRE)


def end_fire_phase(tx: Tx) -> None:
    """Both sides passed in a row: the movement phase begins (T-3)."""
    initiative(tx, Phase.MOVEMENT)


def end_movement_phase(tx: Tx) -> None:
    """Both sides passed in a row: the random-event phase (T-4), then close combat (T-5).

    With the cards, the draws (step 1) are one event; a side that drew an artillery card then
    names its target (:class:`~hexrules.game.orders.PlanFire`) before steps 2 and 3
    (:func:`finish_random_event`).
    """
    from hexrules.game.events import await_plan

    tx.phase, tx.to_act, tx.initiative, tx.passes = Phase.RANDOM_EVENT, None, None, 0
    if not tx.options.cards:
        finish_random_event(tx, [Step("T-4", "(1) " + label("random_event_phase"),
                                      result="played without the event cards",
                                      note="Options(cards=False) (§7)")])
        return
    tx.event("T-4", f"(1) {label('random_event_phase')}: {label('event_card')}",
             draw_cards(tx))
    if not await_plan(tx):
        finish_random_event(tx)


def finish_random_event(tx: Tx, steps: list[Step] | None = None) -> None:
    """T-4 steps 2 and 3 (after the draws and fire plans), then close combat (T-5)."""
    from hexrules.game.events import remove_markers
    from hexrules.game.melee import begin_close_combat

    tx.to_act = None
    steps = list(steps or [])
    steps += remove_markers(tx)
    effects = []
    for u in list(tx.units.values()):
        if u.suppressed:
            after = u.without_status(Status.SUPPRESSED)
            tx.put(after)
            effects.append(Effect(u, after))
    names = ", ".join(e.unit_id for e in effects) or "none 无"
    steps.append(Step("T-4", "(2) " + label("suppressed"), result=f"removed 移除: {names}",
                      note="all Suppressed markers of both sides are removed"))
    event = tx.event("T-4", label("random_event_phase"), steps, effects)
    at = tx.parts.index(event)
    arrival = arrive_artillery(tx) or [Step("T-4", "(3) artillery 炮兵火力",
                                            result="none arriving 无",
                                            note="played without the event cards (A-1)")]
    tx.parts[at] = dataclasses.replace(event, steps=(*event.steps, *arrival))
    begin_close_combat(tx)


def end_turn(tx: Tx) -> None:
    """After close combat: the next turn, or the end of the game (§9)."""
    tx.melee, tx.pending = None, []
    if tx.turn >= tx.origin.turns:
        game_over(tx)
    else:
        start_turn(tx)


def game_over(tx: Tx) -> None:
    """The last turn is over: score the game by its scenario (§9)."""
    tx.phase, tx.to_act, tx.initiative, tx.passes = Phase.OVER, None, None, 0
    tx.move = tx.window = tx.melee = None
    tx.score = score(tx)
    left = {s: [u.id for u in tx.units.values() if u.side is s] for s in Side}
    steps = [Step("§9", label("game_over"),
                  tuple((s.label, ", ".join(ids) or "—") for s, ids in left.items()),
                  result=(f"{label('points')}: {Side.RED.label} {tx.score.red}, "
                          f"{Side.BLUE.label} {tx.score.blue} — {tx.score.result}")
                  if tx.score is not None else "no scenario: not scored",
                  note=f"after turn {tx.turn} of {tx.origin.turns}")]
    tx.event("§9", label("game_over"), steps)


def score(tx: Tx) -> Any:
    """The scenario's score of the final position, or ``None`` without a scenario."""
    sc = tx.origin.scenario_file()
    return None if sc is None else sc.score([*tx.units.values(), *tx.losses])
