"""The default player's evaluators of the event-card orders (E-2, E-3, E-5, A-1 with E-6/E-7).

Registered with :func:`~hexrules.players.evaluate.register_evaluator` when
:mod:`hexrules.players` is imported; fire orders that play the fire-enhancement card (E-2)
are scored by the fire evaluators themselves, with the +2 levels in the exact odds and the
card's cost (:data:`~hexrules.players.evaluate.CARD_COST`).

* ``RapidReload(target)`` (E-5): the side's last shooter fires again — ``damage`` and
  ``threat`` of that shot, exact odds; nothing else is committed.
* ``FieldRepair(unit)`` (E-3): the share of the unit's value the repair gives back
  (``repair``).
* ``PlanFire(hex)`` (A-1): the exact chance that each known enemy's hex is attacked
  (:func:`hexrules.artillery.odds.attack_odds`, the A-2…A-5 drift and zone), times its value,
  halved since the plan lands later and the enemy may move (``damage``), less the same for
  our own units and for the hold objectives we may score (``risk``); when no enemy is
  known, where the enemy set up (the scenario is public). Only the most promising hexes
  are worked out exactly; the other hexes of the map score −0.1 (below any plan worth
  making, above one that would shell our own units).

Examples
--------
>>> from hexrules.game import FieldRepair, PlanFire, RapidReload
>>> from hexrules.players.evaluate import EVALUATORS
>>> all(t in EVALUATORS for t in (FieldRepair, PlanFire, RapidReload))
True
"""

from __future__ import annotations

from hexrules.artillery.odds import attack_odds
from hexrules.combat.orders import FireKind
from hexrules.game.orders import FieldRepair, PlanFire, RapidReload
from hexrules.language import using
from hexrules.map.hexgrid import Hex
from hexrules.players.base import Candidate
from hexrules.players.board import LOSS, start_bits
from hexrules.players.evaluate import CARD_COST, Context, _cand, register_evaluator
from hexrules.units import Status

__all__: list[str] = []

#: How many hexes a fire plan works out exactly, and the score of the other hexes.
PLAN_CANDIDATES, UNWORKED = 8, -0.1


@register_evaluator(RapidReload)
def _reload(ctx: Context, order: RapidReload) -> Candidate:
    cards = getattr(ctx.sit.view, "cards", None)
    shooter = ctx.unit(cards.last_fired) if cards is not None and cards.last_fired else None
    target = ctx.unit(order.target)
    if shooter is None or target is None:
        return Candidate(order, 0.0, (), "no evaluator data: neutral")
    dmg, threat, pk = ctx.fire([shooter], target, FireKind.NORMAL.value,
                               enhance=shooter.id if order.enhance else None)
    parts = [("damage", dmg), ("threat", threat), ("card", -CARD_COST * (1 + order.enhance))]
    return _cand(order, parts, f"{shooter.id} fires again → {target.id}: P(destroyed) {pk:.2f}")


@register_evaluator(FieldRepair)
def _repair(ctx: Context, order: FieldRepair) -> Candidate:
    u = ctx.unit(order.unit)
    if u is None:
        return Candidate(order, 0.0, (), "unit not in view")
    s0 = start_bits(u)
    fixed = start_bits(u.without_status(Status.WEAPON_LOST, Status.IMMOBILISED))
    gain = float(LOSS[s0] - LOSS[fixed]) * ctx.sit.value(u)
    with using("both"):  # the note is a value: written bilingually in every setting
        status = u.status_label
    return _cand(order, [("repair", gain)], f"{u.id}: {status} repaired")


def _plan_scores(ctx: Context) -> dict[Hex, tuple[list[tuple[str, float]], str]]:
    key = "plans"
    if key in ctx.cache:
        return ctx.cache[key]  # type: ignore[return-value]
    sit, b = ctx.sit, ctx.sit.board
    m = b.hexmap
    targets = [(k.unit, k.weight) for k in sit.enemies if k.weight > 0]
    cands: dict[Hex, float] = {}
    for e, w in targets:
        for h in (e.hex, *e.hex.neighbors()):
            if h in m:
                cands[h] = cands.get(h, 0.0) + w * sit.value(e) * (1.0 if h == e.hex else 0.3)
    sc = b.scenario
    setup = [m.parse(u.hex) for u in sc.side(sit.me.opponent).units] if sc is not None else []
    if not cands:  # nobody known: where the enemy set up (public)
        for h in setup:
            cands[h] = 1.0
    best = sorted(cands, key=lambda h: (-cands[h], h.q, h.r))[:PLAN_CANDIDATES]
    # the set-up hexes too: a plan that endangers nothing of ours when the others would
    best += [h for h in setup[:2] if h not in best]
    out: dict[Hex, tuple[list[tuple[str, float]], str]] = {}
    for h in best:
        odds = attack_odds(m, h)
        dmg = sum(0.5 * w * sit.value(e) * float(odds.get(e.hex, 0)) for e, w in targets)
        risk = sum(0.5 * sit.value(u) * float(odds.get(u.hex, 0)) for u in sit.own)
        # nor where we are going: the hold objectives we may score
        risk += sum(0.5 * pts * float(odds.get(o, 0)) for _, o, pts, side in b.objectives()
                    if side in (None, sit.me))
        parts = [("damage", dmg), ("risk", -risk)]
        if not targets:
            parts.append(("objective", 0.05 * cands[h]))
        out[h] = (parts, f"fire plan at {m.name_of(h)}: P(the hex is attacked) "
                         f"{float(odds.get(h, 0)):.2f}")
    ctx.cache[key] = out
    return out


@register_evaluator(PlanFire)
def _plan(ctx: Context, order: PlanFire) -> Candidate:
    m = ctx.sit.board.hexmap
    h = order.target if isinstance(order.target, Hex) else m.parse(order.target)
    scores = _plan_scores(ctx)
    if h in scores:
        parts, note = scores[h]
        return _cand(order, parts, note)
    # clearly below any plan worth making, above one that would shell our own units
    return Candidate(order, UNWORKED, (), "not worked out")
