"""Close combat (近战, V-10, T-5, F-12), round by round, after the random-event phase.

Every hex holding units of both sides is adjudicated in turn (**[project ruling]**: in map
order, top row first, left to right; the hexes are independent, so the order only fixes the
order of the dice). Each round a d6 decides who fires first (odd red, even blue). That side
fires with every one of its units in the hex that can fire, one declaration each, each naming
an enemy in the hex (``DeclareFire(FireOrder(unit, enemy, 'close_combat'))``; **[project
ruling]**: one shooter per declaration, never concentrated, and the side chooses the order in
which its units fire); then the other side fires with its survivors. Shots are at range 1 with
no terrain correction (F-12); earlier *Fired* / *Fired upon* markers do not restrict them.
Rounds repeat until only one side is left in the hex. If no unit of either side there can
fire (weapon lost, or marching: V-3 **[project ruling]**: a marching unit that an enemy
moves onto may not fire this turn, so it counts as unable), the close combat is a
stalemate for this turn: it is logged and adjudication stops (V-10 [decision]); the units
stay in close combat and it resumes in the next turn's T-5.
"""

from __future__ import annotations

import dataclasses

from hexrules.combat.declare import verify_fire
from hexrules.combat.orders import FireKind, FireOrder
from hexrules.errors import IllegalOrderError, OutOfTurnError
from hexrules.game.engine import Tx, expect, own
from hexrules.game.events import check_enhance
from hexrules.game.orders import DeclareFire
from hexrules.game.phases import end_turn, first_side
from hexrules.game.state import CloseCombat, GameState, Phase, engaged_hexes
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.records import Step
from hexrules.units import Side, Unit

__all__ = ["begin_close_combat", "can_fire_in_close_combat"]


def can_fire_in_close_combat(u: Unit) -> bool:
    """Whether ``u`` can fire in close combat: its weapon works and it is not marching."""
    return not (u.weapon_lost or u.marching)


def _map_order(h: Hex) -> tuple[int, int]:
    col, row = h.to_offset()
    return row, col


def begin_close_combat(tx: Tx) -> None:
    """T-5: queue every hex holding both sides, then adjudicate them in turn."""
    tx.phase, tx.to_act = Phase.CLOSE_COMBAT, None
    tx.pending = sorted(engaged_hexes(tx.units.values()), key=_map_order)
    _next_hex(tx)


def _next_hex(tx: Tx) -> None:
    while tx.pending:
        h = tx.pending.pop(0)
        sides = {s: [u.id for u in tx.units.values() if u.hex == h and u.side is s]
                 for s in Side}
        tx.event("V-10", f"{label('close_combat')}: {tx.name(h)}", [Step(
            "V-10", label("close_combat"),
            (("hex 六角格", tx.name(h)),
             *((s.label, ", ".join(ids)) for s, ids in sides.items())),
            result="close combat begins 近战开始")])
        if _round(tx, h, 1):
            return
    tx.melee = None
    end_turn(tx)


def _in_hex(tx: Tx, h: Hex, side: Side) -> list[Unit]:
    return [u for u in tx.units.values() if u.hex == h and u.side is side]


def _round(tx: Tx, h: Hex, n: int) -> bool:
    """Start round ``n`` in ``h``; ``False`` if the close combat there is over."""
    red, blue = _in_hex(tx, h, Side.RED), _in_hex(tx, h, Side.BLUE)
    if not red or not blue:
        holder = (Side.RED if red else Side.BLUE) if (red or blue) else None
        tx.event("V-10", label("close_combat"), [Step(
            "V-10", label("close_combat"), (("hex 六角格", tx.name(h)),),
            result=(f"over: {holder.label} holds the hex" if holder else
                    "over: no unit is left in the hex"), note=f"after {n - 1} round(s)")])
        tx.melee = None
        return False
    if not any(can_fire_in_close_combat(u) for u in (*red, *blue)):
        tx.stalemates.append(h)
        tx.event("V-10", label("stalemate"), [Step(
            "V-10", label("stalemate"), (("hex 六角格", tx.name(h)),),
            result="stalemate 僵持: no unit in the hex can fire; adjudication stops for this "
                   "turn", value=False, note="V-10 [decision]")])
        tx.melee = None
        return False
    mark = tx.dice.mark()
    face = tx.roll("V-10", f"close combat at {tx.name(h)}, round {n}: who fires first")
    first = first_side(face)
    tx.event("V-10", f"{label('close_combat_round')} {n}: {tx.name(h)}", [Step(
        "V-10", label("close_combat_round"), (("hex 六角格", tx.name(h)), ("round 轮次", str(n))),
        dice=(face,), result=f"{first.label} fires first 先射击", value=first.value,
        note="odd red, even blue")], since=mark)
    if _half(tx, h, n, first, first) or _half(tx, h, n, first, first.opponent):
        return True
    return _round(tx, h, n + 1)  # pragma: no cover - someone can fire, so a half opened


def _half(tx: Tx, h: Hex, n: int, first: Side, side: Side) -> bool:
    able = tuple(u.id for u in _in_hex(tx, h, side) if can_fire_in_close_combat(u))
    if able and _in_hex(tx, h, side.opponent):
        tx.melee = CloseCombat(h, n, first, side, able)
        tx.to_act = side
        return True
    return False


def check_fire(state: GameState, order: DeclareFire) -> FireOrder:
    """A close-combat declaration: one unit of the side firing now, at an enemy in the hex."""
    expect(state, Phase.CLOSE_COMBAT, what="a close-combat shot")
    mel = state.melee
    if mel is None:  # pragma: no cover - the engine never waits in T-5 without a combat
        raise OutOfTurnError("no close combat is being adjudicated (T-5)")
    fire = order.fire
    where = state.hexmap.name_of(mel.hex)
    if fire.kind is not FireKind.CLOSE_COMBAT:
        raise IllegalOrderError(f"in close combat at {where} units fire with "
                                f"kind='close_combat' (V-10, F-12), not {fire.kind.label}")
    if fire.concentrated:
        raise IllegalOrderError(f"in close combat each unit fires on its own at an enemy in "
                                f"the hex (V-10 [project ruling]): {len(fire.shooters)} "
                                f"shooters were declared")
    shooter = own(state, fire.shooters[0], "V-10")
    if shooter.id not in mel.to_fire:
        why = ("is not in it" if shooter.hex != mel.hex else
               "cannot fire (weapon lost or marching)"
               if not can_fire_in_close_combat(shooter) else "has already fired this round")
        raise IllegalOrderError(f"{shooter.id} {why}: in round {mel.round} of the close "
                                f"combat at {where}, {mel.side.label} fires with "
                                f"{', '.join(mel.to_fire)} (V-10)")
    target = state.unit(fire.target)
    if target.side is shooter.side or target.hex != mel.hex:
        raise IllegalOrderError(f"{shooter.id} fires in close combat at an enemy unit in "
                                f"{where} (V-10); {target.id} is not one")
    verify_fire(state.hexmap, fire, units=[shooter, target], tables=state.tables)
    check_enhance(state, shooter.side, fire, order.enhance)
    return fire


def do_fire(tx: Tx, order: DeclareFire, fire: FireOrder) -> None:
    mel = tx.melee
    assert mel is not None
    tx.fire(fire, order.enhance)
    if not _in_hex(tx, mel.hex, mel.side.opponent):
        if not _round(tx, mel.hex, mel.round + 1):  # reports that the combat is over
            _next_hex(tx)
        return
    rest = tuple(i for i in mel.to_fire if i != fire.shooters[0] and i in tx.units)
    if rest:
        tx.melee = dataclasses.replace(mel, to_fire=rest)
        return
    if mel.side is mel.first and _half(tx, mel.hex, mel.round, mel.first, mel.first.opponent):
        return
    if not _round(tx, mel.hex, mel.round + 1):
        _next_hex(tx)
