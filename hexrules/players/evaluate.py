"""The default player's evaluation: one evaluator per order type (a one-ply expectimax over
the exact odds).

Every evaluator scores an order by its expected gain against doing nothing now, in scenario
points, as a :class:`~hexrules.players.base.Candidate` whose ``parts`` add up to its score:

=====================  ===================================================================
order                  parts
=====================  ===================================================================
``DeclareFire``        ``damage`` (expected value taken from the target, exact F-6…F-10
                       odds, concentrated fire composed), ``threat`` (its fire we remove or
                       suppress), ``commit`` (what the shooters give up: their move this
                       turn, their reactions)
``OpportunityFire``    the same at the mover (in the last movement phase ``commit`` counts
                       the shooter's own move too, C-4); ``Decline`` scores the ``later``
                       chance: the best shot at a hex the mover may still enter, halved
``CoveringFire``       the same at the opportunity shooter
``MovingFire``         the shot now, against the best shot along the planned path
``StartMove``          the best plan of :mod:`~hexrules.players.planner` less ``commit``;
                       a march also less ``march`` (:func:`march_cost`: the moving fire
                       it gives up, V-3)
``StepTo``             the best plan through that hex; ``EndMove`` and ``Pass`` score 0
=====================  ===================================================================

An order type without an evaluator (e.g. one a newer engine adds) gets a neutral score of 0
and the note "no evaluator": it is never preferred to a good order and never crashes the
player. :func:`register_evaluator` adds one.

Examples
--------
>>> sorted(t.__name__ for t in EVALUATORS)[:4]
['CoveringFire', 'DeclareFire', 'Decline', 'EndMove']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from hexrules.combat.orders import FireKind
from hexrules.game.orders import (
    CoveringFire,
    DeclareFire,
    Decline,
    EndMove,
    MovingFire,
    OpportunityFire,
    Order,
    Pass,
    ShortHaltFire,
    StartMove,
    StepTo,
)
from hexrules.game.state import Phase, WindowKind
from hexrules.map.hexgrid import Hex
from hexrules.movement import movement_allowance, short_halt_cost
from hexrules.players.base import Candidate
from hexrules.players.board import D_BIT, S_BIT, W_BIT, compose, loss_of, start_bits
from hexrules.players.knowledge import Situation
from hexrules.players.planner import Plan, Weights, plans
from hexrules.units import Unit

__all__ = ["EVALUATORS", "Context", "Evaluator", "evaluate", "register_evaluator"]


@dataclass
class Context:
    """One decision: the situation, the weights, and what evaluators share (plans)."""

    sit: Situation
    w: Weights
    cache: dict[object, object] = field(default_factory=dict)

    def unit(self, uid: str) -> Unit | None:
        """A unit of the view by id."""
        for u in self.sit.view.units:
            if u.id == uid:
                return u
        return None

    # -- shared plans ---------------------------------------------------------------------
    def move_plans(self) -> list[Plan]:
        """The plans of the move in progress, from where the mover stands."""
        key = "move"
        if key not in self.cache:
            mv = self.sit.view.move
            u = self.unit(mv.unit) if mv is not None else None
            if u is None or mv is None:
                self.cache[key] = []
            else:
                self.cache[key] = plans(self.sit, u, float(mv.left), mv.march, self.w,
                                        exposed=not u.fired_upon)
        return self.cache[key]  # type: ignore[return-value]

    def best_move(self, u: Unit, march: bool = False) -> Plan | None:
        """The best plan of a whole move of ``u`` (from its hex, full allowance)."""
        key = ("best", u.id, march)
        if key not in self.cache:
            points = movement_allowance(u, tables=self.sit.board.tables)
            ps = plans(self.sit, u, float(points), march, self.w, exposed=not u.fired_upon)
            self.cache[key] = max(ps, key=lambda p: p.gain, default=None)
        return self.cache[key]  # type: ignore[return-value]

    # -- fire -----------------------------------------------------------------------------
    def fire(self, shooters: Sequence[Unit], target: Unit, kind: str,
             at: Hex | None = None, frm: Hex | None = None, enhance: str | None = None
             ) -> tuple[float, float, float]:
        """(damage, threat removed, P(destroyed)) of a declaration, exact odds; ``enhance``
        names the shooter that plays the fire-enhancement card (E-2, +2 levels)."""
        b, sit = self.sit.board, self.sit
        armour = sit.armour(target)
        where = target.hex if at is None else at
        if kind == FireKind.CLOSE_COMBAT.value:
            shots = [b.close_shot(s.suppressed, armour, where) for s in shooters]
        else:
            shots = [b.shot(s.hex if frm is None else frm, where, kind, s.suppressed, armour,
                            card=s.id == enhance) for s in shooters]
        s0 = start_bits(target)
        dist = compose(shots, s0)
        dmg = float(loss_of(dist, s0)) * sit.value(target)
        threat = 0.0
        if not target.weapon_lost:
            th = sit.threat(target)
            th_s = sit.threat(target, suppressed=True)
            for s, p in enumerate(dist):
                if p <= 0:
                    continue
                if s & (D_BIT | W_BIT):
                    threat += p * th
                elif s & S_BIT and not s0 & S_BIT:
                    threat += p * (th - th_s)
            # in the direct-fire phase a target that has not fired yet fires next (T-2)
            ready = sit.view.phase is Phase.DIRECT_FIRE and not target.fired
            threat *= self.w.threat * (1.6 if ready else 0.5)
        return dmg, threat, float(dist[D_BIT])

    def commit(self, u: Unit, moves_too: bool) -> float:
        """What a shooter gives up by firing now: its reactions, and its move this turn
        (``moves_too``) valued by its best plan."""
        c = self.w.commit * self.sit.value(u)
        if moves_too and not u.moved and not u.immobilised:
            p = self.best_move(u)
            if p is not None and p.gain > 0:
                c += 0.6 * p.gain  # the move may not happen anyway: the unit may be hit
        return c


#: What playing a once-only card costs the evaluation (the chance to play it later).
CARD_COST = 0.1

Evaluator = Callable[[Context, Order], Candidate]
EVALUATORS: dict[type, Evaluator] = {}


def register_evaluator(*types: type) -> Callable[[Evaluator], Evaluator]:
    """A decorator: the evaluator of these order types (a newer engine's cards, …)."""
    def wrap(fn: Evaluator) -> Evaluator:
        for t in types:
            EVALUATORS[t] = fn
        return fn
    return wrap


def evaluate(ctx: Context, order: Order) -> Candidate:
    """The candidate of one order (the neutral default for an unknown order type)."""
    fn = EVALUATORS.get(type(order))
    if fn is None:
        return Candidate(order, 0.0, (("unknown", 0.0),),
                         f"no evaluator for {type(order).__name__}: neutral")
    return fn(ctx, order)


def _cand(order: Order, parts: list[tuple[str, float]], note: str) -> Candidate:
    return Candidate(order, round(sum(v for _, v in parts), 6),
                     tuple((k, round(v, 6)) for k, v in parts), note)


def _fire_candidate(ctx: Context, order: Order, shooter_ids: Sequence[str], target_id: str,
                    kind: str, moves_too: bool, extra: Sequence[tuple[str, float]] = ()
                    ) -> Candidate:
    shooters = [u for u in (ctx.unit(i) for i in shooter_ids) if u is not None]
    target = ctx.unit(target_id)
    if target is None or not shooters:
        return Candidate(order, 0.0, (), "target not in view")
    enhance = getattr(order, "enhance", None)
    dmg, threat, pk = ctx.fire(shooters, target, kind,
                               enhance=enhance if isinstance(enhance, str) else None)
    parts = [("damage", dmg), ("threat", threat),
             ("commit", -sum(ctx.commit(u, moves_too) for u in shooters)), *extra]
    if enhance:
        parts.append(("card", -CARD_COST))
    who = ", ".join(u.id for u in shooters)
    return _cand(order, parts, f"{who} → {target.id}: P(destroyed) {pk:.2f}")


@register_evaluator(DeclareFire)
def _declare(ctx: Context, order: DeclareFire) -> Candidate:
    f = order.fire
    close = f.kind is FireKind.CLOSE_COMBAT
    return _fire_candidate(ctx, order, f.shooters, f.target, f.kind.value,
                           moves_too=not close and ctx.sit.view.phase is Phase.DIRECT_FIRE)


@register_evaluator(Pass)
def _pass(ctx: Context, order: Pass) -> Candidate:
    return Candidate(order, 0.0, (), "wait")


@register_evaluator(EndMove)
def _end(ctx: Context, order: EndMove) -> Candidate:
    return Candidate(order, 0.0, (), "stay here")


@register_evaluator(StartMove)
def _start(ctx: Context, order: StartMove) -> Candidate:
    u = ctx.unit(order.unit)
    if u is None:
        return Candidate(order, 0.0, (), "unit not in view")
    p = ctx.best_move(u, order.march)
    if p is None:
        return Candidate(order, -0.01, (), "nowhere to go")
    # moving gives up the unit's opportunity fire at enemies still to move (C-4, V-6)
    sit = ctx.sit
    react = ctx.w.commit * sit.value(u) if sit.can_react(u) and any(
        not k.unit.moved and (k.seen or not sit.unseen_moved) for k in sit.enemies) else 0.0
    parts = [*p.parts, ("commit", -react)]
    if order.march:  # at equal value a move that keeps its fire (0.01) is preferred
        parts.append(("march", -0.01 - march_cost(ctx, u, p)))
    return _cand(order, parts, f"{u.id} to {p.note}")


def march_cost(ctx: Context, u: Unit, p: Plan) -> float:
    """What a march gives up (V-3: no moving or short-halt fire this turn): the best
    expected value one moving-fire shot (V-8) of ``u`` takes from a known enemy from a hex
    of the planned path (a seen enemy where it stands, an unseen one over the hexes its
    belief gives), times the weight of later fire. A march in dead ground costs nothing; a
    march onto a crest that overlooks where the enemy may be gives up the shot from the top."""
    if u.weapon_lost or len(p.path) < 2:
        return 0.0
    sit, b = ctx.sit, ctx.sit.board
    best = 0.0
    for k in sit.enemies:
        e = k.unit
        s0 = start_bits(e)
        if k.where is not None and not k.seen:
            idx, probs = k.where
        else:
            idx, probs = np.array([b.index[e.hex]]), np.array([k.weight])
        for i in p.path[1:]:
            shots = b.shots_from(i, FireKind.MOVING.value, u.suppressed, sit.armour(e))[idx]
            gain = loss_of(compose([shots], s0), s0)
            best = max(best, float(np.dot(probs, gain)) * sit.value(e))
    return ctx.w.later * best


@register_evaluator(StepTo)
def _step(ctx: Context, order: StepTo) -> Candidate:
    b = ctx.sit.board
    to = order.to if isinstance(order.to, Hex) else b.hexmap.parse(order.to)
    j = b.index[to]
    through = [p for p in ctx.move_plans() if len(p.path) > 1 and p.path[1] == j]
    if not through:
        return Candidate(order, -0.5, (), f"{b.hexmap.name_of(to)}: no plan goes there")
    p = max(through, key=lambda p: p.gain)
    return _cand(order, list(p.parts), f"towards {p.note}")


def _later_moving(ctx: Context, mover: Unit, target: Unit) -> float:
    """The best moving-fire value at ``target`` from the rest of the best planned path."""
    ps = ctx.move_plans()
    if not ps:
        return 0.0
    best = max(ps, key=lambda p: p.gain)
    b = ctx.sit.board
    out = 0.0
    for i in best.path[1:]:
        out = max(out, ctx.fire([mover], target, FireKind.MOVING.value, frm=b.hexes[i])[0])
    return out


@register_evaluator(MovingFire, ShortHaltFire)
def _moving(ctx: Context, order: MovingFire) -> Candidate:
    mv = ctx.sit.view.move
    mover = ctx.unit(mv.unit) if mv is not None else None
    target = ctx.unit(order.target)
    if mover is None or target is None or mv is None:
        return Candidate(order, 0.0, (), "not in view")
    enhance = mover.id if getattr(order, "enhance", None) else None
    dmg, threat, pk = ctx.fire([mover], target, order.kind.value, enhance=enhance)
    parts = [("damage", dmg), ("threat", threat)]
    if enhance:
        parts.append(("card", -CARD_COST))
    if isinstance(order, ShortHaltFire):
        left = float(mv.left - short_halt_cost(tables=ctx.sit.board.tables))
        rest = plans(ctx.sit, mover, left, mv.march, ctx.w, exposed=not mover.fired_upon)
        full = max((p.gain for p in ctx.move_plans()), default=0.0)
        parts.append(("later", max((p.gain for p in rest), default=0.0) - max(full, 0.0)))
    else:
        parts.append(("later", -ctx.w.later * 2 * _later_moving(ctx, mover, target)))
    full = max((p.gain for p in ctx.move_plans()), default=0.0)
    parts.append(("plan", max(full, 0.0)))
    return _cand(order, parts, f"{mover.id} → {target.id}: P(destroyed) {pk:.2f}")


def _mover_reach(ctx: Context, mover: Unit) -> list[int]:
    """Hexes the enemy mover may still enter (its points left, if shown)."""
    mv = ctx.sit.view.move
    b = ctx.sit.board
    left = float(mv.left) if mv is not None and mv.unit == mover.id else float(b.allowance)
    if left <= 0:
        return []
    edges = b.edges(False)
    start = b.index[mover.hex]
    seen, frontier = {start: 0.0}, [start]
    while frontier:
        nxt = []
        for i in frontier:
            for j, c in edges[i]:
                s = seen[i] + c
                if s <= left + 1e-9 and s < seen.get(j, np.inf):
                    seen[j] = s
                    nxt.append(j)
        frontier = nxt
    seen.pop(start)
    return list(seen)


@register_evaluator(OpportunityFire)
def _opportunity(ctx: Context, order: OpportunityFire) -> Candidate:
    w = ctx.sit.view.window
    if w is None:
        return Candidate(order, 0.0, (), "no window in view")
    # in the last movement phase a shooter that has not moved gives up its last move (C-4):
    # the objective it was going to take
    return _fire_candidate(ctx, order, order.shooters, w.targets[0], FireKind.NORMAL.value,
                           moves_too=ctx.sit.turns_left == 0)


@register_evaluator(Decline)
def _decline(ctx: Context, order: Decline) -> Candidate:
    w = ctx.sit.view.window
    if w is None or w.kind is not WindowKind.OPPORTUNITY:
        return Candidate(order, 0.0, (), "let it go")
    mover = ctx.unit(w.targets[0])
    shooters = [u for u in (ctx.unit(i) for i in w.shooters) if u is not None]
    if mover is None or not shooters:
        return Candidate(order, 0.0, (), "let it go")
    b = ctx.sit.board
    best, where = 0.0, None
    for j in _mover_reach(ctx, mover):
        if not any(b.vis[b.index[s.hex], j] for s in shooters):
            continue
        dmg = ctx.fire(shooters, mover, FireKind.NORMAL.value, at=b.hexes[j])[0]
        if dmg > best:
            best, where = dmg, j
    later = ctx.w.later * best
    note = (f"a better chance may come: {b.hexmap.name_of(b.hexes[where])}" if where is not None
            else "no better chance in sight")
    return _cand(order, [("later", later)], note)


@register_evaluator(CoveringFire)
def _covering(ctx: Context, order: CoveringFire) -> Candidate:
    w = ctx.sit.view.window
    target = order.target if order.target is not None else (w.targets[0] if w else None)
    if target is None:
        return Candidate(order, 0.0, (), "no window in view")
    return _fire_candidate(ctx, order, order.shooters, target, FireKind.NORMAL.value,
                           moves_too=True)
