"""The referee of the squad variant (Q-27): verify, can and apply an order.

Every refused order raises :class:`~hexrules.errors.IllegalOrderError` (or its
:class:`~hexrules.errors.OutOfTurnError`) naming the team and the rule; the state, a frozen
value, is unchanged. A plan that names a team the side does not have, or an enemy it has not
detected, gets the same message whether or not such a team exists, so an error never leaks
what the fog of war hides.
"""

from __future__ import annotations

from dataclasses import replace

from hexrules.errors import IllegalOrderError, OutOfTurnError, RulesTypeError
from hexrules.glossary import label
from hexrules.language import bilingual
from hexrules.records import Effect, Step
from hexrules.units import Side
from hexrules.variants.squad.attack import resolve_attack, take_loss
from hexrules.variants.squad.movement import Referee, action_cost, movement_phase, perform
from hexrules.variants.squad.plans import (
    ActionPlan,
    AttackPlan,
    ChangePosture,
    Deployment,
    Override,
    SquadOrder,
    StepAction,
    TurnAction,
)
from hexrules.variants.squad.records import HealRecord, SquadEvent
from hexrules.variants.squad.state import SquadPhase, SquadRecord, SquadState
from hexrules.variants.squad.teams import Team, hex_name

__all__ = ["apply", "can", "verify"]

_PHASE = {Deployment: SquadPhase.DEPLOYMENT, ActionPlan: SquadPhase.ACTION_PLANS,
          AttackPlan: SquadPhase.ATTACK_PLANS}


def _own(state: SquadState, side: Side, team_id: object, rule: str) -> Team:
    for t in state.teams:
        if t.id == team_id and t.side is side and not t.killed:
            return t
    raise IllegalOrderError(f"{side.value} has no team {team_id!r} that can take orders ({rule})")


def verify(state: SquadState, order: SquadOrder) -> None:
    """Raise if ``order`` is not legal in ``state`` (see the module docstring)."""
    kind = type(order)
    if kind not in _PHASE and kind is not Override:
        raise RulesTypeError(f"a squad order is a Deployment, ActionPlan, AttackPlan or "
                             f"Override, got {order!r} (Q-9)")
    if state.over:
        raise OutOfTurnError("the game is over (Q-28)")
    if isinstance(order, Override):
        _verify_override(state, order)
        return
    if _PHASE[kind] is not state.phase:
        raise OutOfTurnError(f"a {kind.__name__} is not awaited: the game waits for "
                             f"{state.phase.label} (Q-11)")
    if order.side is not state.to_act:
        raise OutOfTurnError(f"it is {state.to_act.value}'s plan that is awaited, not "  # type: ignore[union-attr]
                             f"{order.side.value}'s (Q-9)")
    if isinstance(order, Deployment):
        _verify_deployment(state, order)
    elif isinstance(order, ActionPlan):
        _verify_action_plan(state, order)
    else:
        _verify_attack_plan(state, order)


def can(state: SquadState, order: SquadOrder) -> bool:
    """Whether ``order`` is legal in ``state``."""
    try:
        verify(state, order)
    except (IllegalOrderError, RulesTypeError):
        return False
    return True


def _verify_deployment(state: SquadState, order: Deployment) -> None:
    sc = state._scenario()
    mine = {t.id for t in state.teams if t.side is order.side}
    given = [p.team for p in order.placements]
    if sorted(given) != sorted(mine):
        raise IllegalOrderError(f"{order.side.value}'s deployment must place each of its teams "
                                f"once ({', '.join(sorted(mine))}), got {', '.join(given)} (Q-11)")
    hexes: dict[object, str] = {}
    for p in order.placements:
        where = hex_name(p.hex) if p.hex in sc.ground.hexmap else repr(p.hex)
        if not sc.ground.passable(p.hex):
            raise IllegalOrderError(f"{p.team}: {where} is off the map or water (Q-3, Q-11)")
        if not sc.in_zone(order.side, p.hex):
            lo, hi = sc.zones[order.side]
            raise IllegalOrderError(f"{p.team}: {where} is outside {order.side.value}'s zone, "
                                    f"columns {lo}–{hi} (Q-11)")
        if p.hex in hexes:
            raise IllegalOrderError(f"{p.team}: {where} already holds {hexes[p.hex]} "
                                    "(one unit per hex, Q-3)")
        hexes[p.hex] = p.team


def _verify_override(state: SquadState, order: Override) -> None:
    if not any(t.id == order.team for t in state.teams):
        raise IllegalOrderError(f"override: no team {order.team!r} on the board (Q-27)")
    if not isinstance(order.reason, str) or not order.reason.strip():
        raise IllegalOrderError("override: give the reason, for the log (Q-27)")
    t = state.team(order.team)
    theo = t.type(state.ground.rules).defence
    if order.defence is not None and (isinstance(order.defence, bool) or not isinstance(
            order.defence, int) or not 0 <= order.defence <= theo):
        raise IllegalOrderError(f"override: {t.id}'s defence must be 0…{theo}, got "
                                f"{order.defence!r} (Q-4, Q-27)")
    if order.suppressed_until is not None and (not isinstance(order.suppressed_until, int)
                                               or order.suppressed_until < state.turn):
        raise IllegalOrderError(f"override: suppressed_until must be a turn ≥ {state.turn}, "
                                f"got {order.suppressed_until!r} (Q-23, Q-27)")
    if order.defence is None and order.suppressed_until is None and not order.clear_suppression:
        raise IllegalOrderError("override: it changes nothing (Q-27)")


def _verify_action_plan(state: SquadState, plan: ActionPlan) -> None:
    g = state.ground
    seen: set[str] = set()
    for tp in plan.teams:
        t = _own(state, plan.side, tp.team, "Q-9")
        if t.id in seen:
            raise IllegalOrderError(f"{t.id} has two lines in the action plan (Q-9)")
        seen.add(t.id)
        ap = t.type(g.rules).ap
        for k, a in enumerate(tp.actions, 1):
            what = f"{t.id}, action {k} ({type(a).__name__})"
            if isinstance(a, StepAction):
                dest = t.hex.neighbor(a.direction)
                if not g.passable(dest):
                    name = hex_name(dest) if dest in g.hexmap else "off the map"
                    raise IllegalOrderError(f"{what}: {name} cannot be entered (Q-3)")
            elif isinstance(a, TurnAction) and a.direction == t.facing:
                raise IllegalOrderError(f"{what}: it already faces {a.direction} (Q-8)")
            elif isinstance(a, ChangePosture) and a.posture is t.posture:
                raise IllegalOrderError(f"{what}: it is already {a.posture.value} (Q-7)")
            cost = action_cost(g, t, a)
            if cost > ap:
                # [project ruling] the referee checks the written costs at hand-in
                raise IllegalOrderError(f"{what}: costs {cost} AP, {ap} left "
                                        "(Q-7, Q-8, Q-12)")
            ap -= cost
            t = perform(t, a)


def _verify_attack_plan(state: SquadState, plan: AttackPlan) -> None:
    busy: set[str] = set()
    medics: set[str] = set()
    for h in plan.heals:
        m = _own(state, plan.side, h.medic, "Q-6")
        p = _own(state, plan.side, h.patient, "Q-6")
        if not m.type(state.ground.rules).medic:
            raise IllegalOrderError(f"{m.id} is not a medic (Q-6)")
        if m.id in medics:
            raise IllegalOrderError(f"{m.id} treats one team a phase (Q-6)")
        if p.id == m.id:
            raise IllegalOrderError(f"{m.id} cannot treat itself (Q-6)")
        if m.hex.distance(p.hex) != 1:
            raise IllegalOrderError(f"{m.id} → {p.id}: the patient must be at distance 1, "
                                    f"is at {m.hex.distance(p.hex)} (Q-6)")
        if p.defence >= p.type(state.ground.rules).defence:
            raise IllegalOrderError(f"{m.id} → {p.id}: {p.id} is at its theoretical defence "
                                    "(Q-6)")
        medics.add(m.id)
        busy |= {m.id, p.id}
    attacking: set[str] = set()
    for k, a in enumerate(plan.attacks, 1):
        if not a.attackers:
            raise IllegalOrderError(f"attack {k} has no attackers (Q-9)")
        for i in a.attackers:
            _own(state, plan.side, i, "Q-9")
            if i in busy:
                raise IllegalOrderError(f"attack {k}: {i} is a medic or patient this turn and "
                                        "skips the attack phase (Q-6)")
            if i in attacking:
                raise IllegalOrderError(f"attack {k}: {i} makes one attack a phase (Q-9)")
            attacking.add(i)
        # [project ruling] one message whether or not such a team exists: no leak
        if not state.detects(plan.side, a.target) or not any(
                t.id == a.target and t.side is not plan.side for t in state.teams):
            raise IllegalOrderError(f"attack {k}: {plan.side.value} has no detected enemy "
                                    f"{a.target!r} (Q-16)")


# ---------------------------------------------------------------------------------------
@bilingual
def apply(state: SquadState, order: SquadOrder) -> tuple[SquadState, SquadRecord]:
    """The state after ``order`` and its record (``state`` is unchanged)."""
    verify(state, order)
    if isinstance(order, Override):
        return _override(state, order)
    side = order.side
    if not state.pending:
        ev = SquadEvent("Q-9", "Plan handed in", (Step(
            "Q-9", "Written plans", (("side", side.value),),
            result="kept secret until the other side's plan is in"),))
        rec = SquadRecord(order, side, state.turn, state.phase, (ev,), ())
        return replace(state, pending=(order,), log=state.log + (rec,)), rec
    plans = {o.side: o for o in (*state.pending, order)}
    dice = state.live_dice()
    mark = dice.mark()
    if isinstance(order, Deployment):
        new, parts = _deploy(state, plans)  # type: ignore[arg-type]
    elif isinstance(order, ActionPlan):
        new, parts = _movement(state, plans, dice)  # type: ignore[arg-type]
    else:
        new, parts = _attack_phase(state, plans, dice)  # type: ignore[arg-type]
    rolls = dice.since(mark)
    rec = SquadRecord(order, side, state.turn, state.phase, tuple(parts), rolls)
    new = replace(new, pending=(), dice=dice.getstate(log=False), log=state.log + (rec,),
                  scenario=state._scenario())
    return new, rec


def _override(state: SquadState, order: Override) -> tuple[SquadState, SquadRecord]:
    before = state.team(order.team)
    after = before
    if order.defence is not None:
        after = after.but(defence=order.defence)
    if order.clear_suppression:
        after = after.but(suppressed_until=None)
    if order.suppressed_until is not None:
        after = after.but(suppressed_until=order.suppressed_until)
    ev = SquadEvent("Q-27", label("referee_ruling"), (Step(
        "Q-27", f"Override of {before.id}", (("reason", order.reason),
                                             ("defence", f"{before.defence} → {after.defence}"),
                                             ("suppressed until", f"{before.suppressed_until} → "
                                                                  f"{after.suppressed_until}")),
        result="applied by hand; neither side may dispute it"),), (), (Effect(before, after),))
    rec = SquadRecord(order, None, state.turn, state.phase, (ev,), ())
    teams = tuple(after if t.id == before.id else t for t in state.teams)
    return replace(state, teams=teams, log=state.log + (rec,)), rec


def _deploy(state: SquadState, plans: dict[Side, Deployment]) -> tuple[SquadState, list]:
    teams = {t.id: t for t in state.teams}
    steps = []
    for side in (Side.RED, Side.BLUE):
        for p in plans[side].placements:
            teams[p.team] = teams[p.team].but(hex=p.hex, facing=p.facing, posture=p.posture,
                                              order=p.order, contact=p.contact)
        steps.append(Step("Q-11", f"{side.label} deploys",
                          (("teams", str(len(plans[side].placements))),), result="in its zone"))
    ev = SquadEvent("Q-11", "Deployment 部署阶段", tuple(steps))
    return replace(state, teams=tuple(teams[t.id] for t in state.teams),
                   phase=SquadPhase.ACTION_PLANS), [ev]


def _referee(state: SquadState, dice: object) -> Referee:
    return Referee(state.ground, {t.id: t for t in state.teams}, state.turn, dice,  # type: ignore[arg-type]
                   set(state.attacked), set(state.revealed), dict(state.removed),
                   set(state.detected), set(state.lit))


def _movement(state: SquadState, plans: dict[Side, ActionPlan], dice: object
              ) -> tuple[SquadState, list]:
    ref = _referee(state, dice)
    first = movement_phase(ref, [plans[Side.RED], plans[Side.BLUE]])
    return replace(state, teams=tuple(ref.teams[t.id] for t in state.teams),
                   detected=frozenset(ref.detected), lit=frozenset(ref.lit),
                   revealed=frozenset(ref.revealed), attacked=frozenset(ref.attacked),
                   removed=tuple(sorted(ref.removed.items(), key=lambda kv: kv[0].value != "red")),
                   first=first, phase=SquadPhase.ATTACK_PLANS), ref.parts


def _attack_phase(state: SquadState, plans: dict[Side, AttackPlan], dice: object
                  ) -> tuple[SquadState, list]:
    ref = _referee(state, dice)
    r = state.ground.rules
    first = state.first or Side.RED
    sides = (first, first.opponent)
    # recovery phase
    for side in sides:
        for h in plans[side].heals:
            p = ref.teams[h.patient]
            theo = p.type(r).defence
            after = p.but(defence=min(theo, p.defence + 1))
            ref.set_team(after)
            ref.parts.append(HealRecord(h.medic, h.patient, (Step(
                "Q-6", "Medic 医疗兵", (("patient", p.id), ("defence", f"{p.defence}/{theo}")),
                result=f"defence {after.defence}/{theo}", value=after.defence,
                note="both skip this turn's attack phase"),), (), (Effect(p, after),)))
    # attack phase: every attack uses the state at its start
    start = dict(ref.teams)
    history = set(state.attacked)
    losses: dict[str, int] = {}
    for side in sides:
        for a in plans[side].attacks:
            target = start[a.target]
            attackers = [start[i] for i in a.attackers]
            opens = not any((target.id, i) in history for i in a.attackers)
            rec = resolve_attack(state.ground, attackers, target, ref.dice, opens_fire=opens,
                                 turn=state.turn, kind="planned",
                                 detected=ref.side_detects(side, target.id), apply_loss=False)
            ref.parts.append(rec)
            if rec.loss:
                losses[target.id] = losses.get(target.id, 0) + rec.loss
            for i in rec.attackers:
                ref.attacked.add((i, target.id))
                ref.revealed.add((target.side, i))
    steps: list[Step] = []
    effects: list[Effect] = []
    for tid in sorted(losses):
        before = ref.teams[tid]
        after, more = take_loss(r, before, losses[tid], state.turn + 1)
        steps.append(Step("Q-25", f"Losses of {tid}", (("loss", str(losses[tid])),),
                          result=f"defence {after.defence}", value=after.defence))
        steps.extend(more)
        effects.append(Effect(before, after))
        ref.removed[before.side.opponent] += before.defence - after.defence
        ref.set_team(after)
    if steps:
        ref.parts.append(SquadEvent("Q-25", "Losses apply together 攻击阶段", tuple(steps),
                                    (), tuple(effects)))
    return _end_of_turn(state, ref)


def _end_of_turn(state: SquadState, ref: Referee) -> tuple[SquadState, list]:
    steps: list[Step] = []
    teams: list[Team] = []
    gone: set[str] = set()
    for t in state.teams:
        now = ref.teams[t.id]
        if now.killed:
            gone.add(now.id)
            steps.append(Step("Q-11", f"{now.id} removed", result="killed 阵亡"))
            continue
        if now.suppressed_until is not None and now.suppressed_until <= state.turn:
            now = now.but(suppressed_until=None)
            steps.append(Step("Q-23", f"{now.id} flips back", result="no longer suppressed"))
        teams.append(now.but(triggered=False))
    ref.parts.append(SquadEvent("Q-11", f"End of turn {state.turn} 回合结束",
                                tuple(steps) or (Step("Q-11", "End of turn", result="—"),)))
    removed = tuple(sorted(ref.removed.items(), key=lambda kv: kv[0].value != "red"))
    keep = {k for k in ref.detected | ref.lit if k[1] not in gone}
    new = replace(state, teams=tuple(teams), turn=state.turn + 1, phase=SquadPhase.ACTION_PLANS,
                  attacked=frozenset(), revealed=frozenset(), removed=removed,
                  detected=frozenset(k for k in keep if k in ref.detected),
                  lit=frozenset(k for k in keep if k in ref.lit), first=None)
    if state.turn >= state.turns:
        winner, why = _winner(state, teams, dict(removed))
        ref.parts.append(SquadEvent("Q-28", "Victory 胜负", (Step(
            "Q-28", "Lesson scenario", (("red removed", str(dict(removed)[Side.RED])),
                                        ("blue removed", str(dict(removed)[Side.BLUE]))),
            result=f"{winner.label} wins" if winner else "draw", note=why),)))
        new = replace(new, turn=state.turn, phase=SquadPhase.OVER, winner=winner)
    return new, ref.parts


def _winner(state: SquadState, teams: list[Team], removed: dict[Side, int]
            ) -> tuple[Side | None, str]:
    # [project ruling] one unit per hex: the side standing on the objective holds it alone
    obj = state._scenario().objective
    holders = {t.side for t in teams if t.hex == obj}
    if len(holders) == 1:
        return holders.pop(), f"holds the objective {hex_name(obj)} alone"
    if removed[Side.RED] != removed[Side.BLUE]:
        best = Side.RED if removed[Side.RED] > removed[Side.BLUE] else Side.BLUE
        return best, "removed more enemy defence points"
    return None, "nobody holds the objective and the points removed are equal"
