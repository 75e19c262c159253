"""The referee's working copy of a turn, and the movement phase (Q-10, Q-12…Q-15, Q-24).

The engine copies a state into a :class:`Referee`, executes the written plans on it, and
turns it back into a new frozen state. Nothing here is seen by a player before the records
come out.

The movement phase: a d6 decides who goes first (Q-12: odd red, even blue); detection is
checked once before any action; then each team of the first side takes its next planned
action, detection is checked for all pairs and triggered attacks are resolved, then the other
side likewise, until no team has actions left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from hexrules.dice import DiceSource
from hexrules.map.hexgrid import Hex
from hexrules.records import Effect, Step
from hexrules.units import Side
from hexrules.variants.squad.attack import actual_defence, eligible, resolve_attack
from hexrules.variants.squad.detection import actual_distance, detect
from hexrules.variants.squad.ground import SquadGround
from hexrules.variants.squad.plans import ActionPlan, ChangePosture, StepAction, TurnAction
from hexrules.variants.squad.records import AttackRecord, SquadEvent
from hexrules.variants.squad.teams import StandingOrder, Team, hex_name, hex_order

__all__ = ["Referee", "movement_phase", "step_cost"]


def step_cost(ground: SquadGround, team: Team, dest: Hex) -> int:
    """AP of a step into ``dest``: the posture's AP per step + the terrain's extra (Q-3, Q-7).

    >>> from hexrules.map import Hex, HexMap
    >>> from hexrules.variants.squad import SquadGround, Team
    >>> g = SquadGround(HexMap.flat(5, 5))
    >>> step_cost(g, Team("R1", "red", "three_man", Hex(1, 1), posture="concealed"), Hex(2, 1))
    3
    """
    return ground.rules.postures[team.posture.value].step_ap + ground.terrain(dest).step_ap


def action_cost(ground: SquadGround, team: Team, action: object) -> int:
    """AP of one action (Q-7, Q-8)."""
    if isinstance(action, StepAction):
        return step_cost(ground, team, team.hex.neighbor(action.direction))
    if isinstance(action, TurnAction):
        return ground.rules.turn_ap
    return ground.rules.posture_change_ap


def perform(team: Team, action: object) -> Team:
    """The team after an action it can take (no checks)."""
    if isinstance(action, StepAction):
        return team.but(hex=team.hex.neighbor(action.direction), facing=action.direction)
    if isinstance(action, TurnAction):
        return team.but(facing=action.direction)
    assert isinstance(action, ChangePosture)
    return team.but(posture=action.posture)


@dataclass
class Referee:
    """A mutable working copy of one turn (the engine's scratch pad)."""

    ground: SquadGround
    teams: dict[str, Team]
    turn: int
    dice: DiceSource
    attacked: set[tuple[str, str]]
    revealed: set[tuple[Side, str]]
    removed: dict[Side, int]
    detected: set[tuple[Side, str]] = field(default_factory=set)
    lit: set[tuple[Side, str]] = field(default_factory=set)
    parts: list[object] = field(default_factory=list)
    actions: dict[str, list[object]] = field(default_factory=dict)
    ap: dict[str, int] = field(default_factory=dict)
    own_detects: dict[str, set[str]] = field(default_factory=dict)

    def alive(self, side: Side | None = None) -> list[Team]:
        return [t for t in self.teams.values() if not t.killed
                and (side is None or t.side is side)]

    def side_detects(self, side: Side, team_id: str) -> bool:
        key = (side, team_id)
        return key in self.detected or key in self.lit or key in self.revealed

    def occupied(self, h: Hex) -> bool:
        return any(t.hex == h for t in self.teams.values())

    def set_team(self, after: Team) -> None:
        self.teams[after.id] = after

    # -- detection (Q-13…Q-15) ---------------------------------------------------------
    def check(self, acting: Side | None) -> None:
        """One detection check for all pairs, the standing orders, the triggered attacks."""
        detected: set[tuple[Side, str]] = set()
        lit: set[tuple[Side, str]] = set()
        own: dict[str, set[str]] = {}
        steps: list[Step] = []
        alive = sorted(self.alive(), key=lambda t: t.id)
        for o in alive:
            own[o.id] = set()
            for t in alive:
                if t.side is o.side:
                    continue
                rec = detect(self.ground, o, t)
                if rec.detected:
                    own[o.id].add(t.id)
                    detected.add((o.side, t.id))
                    last = rec.steps[-1]
                    steps.append(Step(last.rule, f"{o.id} → {t.id}", last.inputs,
                                      result=last.result, value=True))
                    if rec.lit:
                        lit.add((o.side, t.id))
                        lit.add((t.side, o.id))
        self.detected, self.lit, self.own_detects = detected, lit, own
        if not steps:
            steps.append(Step("Q-13", "Detection check 侦察结算", result="no enemy detected"))
        self.parts.append(SquadEvent("Q-13", "Detection check 侦察结算", tuple(steps)))
        self.react(acting)

    # -- standing orders and triggered attacks (Q-24) ----------------------------
    def react(self, acting: Side | None) -> None:
        r = self.ground.rules
        steps: list[Step] = []
        triggered: dict[Side, dict[str, list[str]]] = {Side.RED: {}, Side.BLUE: {}}
        for t in sorted(self.alive(), key=lambda x: x.id):
            seen = [self.teams[i] for i in sorted(self.own_detects.get(t.id, ()))
                    if not self.teams[i].killed]
            if not seen:
                continue
            if t.order is StandingOrder.ENGAGE:
                if t.suppressed or t.triggered:
                    continue
                cands = [e for e in seen if eligible(self.ground, t, e, detected=True)[0]]
                if not cands:
                    continue
                target = min(cands, key=lambda e: (actual_distance(self.ground, t, e.hex),
                                                   actual_defence(r, e), hex_order(e.hex)))
                # [project ruling] the trigger is spent when the unit stops, even if the
                # waiting side's fire at this check then makes it drop out
                self.actions[t.id] = []
                self.ap[t.id] = 0
                self.set_team(t.but(triggered=True))
                triggered[t.side].setdefault(target.id, []).append(t.id)
                steps.append(Step("Q-10", f"Engage on sight 见敌必战 {t.id}",
                                  (("nearest detected enemy in range", target.id),),
                                  result="stops and attacks at once (Q-24)", value=True))
            elif t.order is StandingOrder.SEARCH:
                # [project ruling] it reacts while it has actions or can still take its
                # contact posture; the change takes effect before this check's attacks
                can_change = t.posture is not t.contact and \
                    self.ap.get(t.id, 0) >= r.posture_change_ap
                if not self.actions.get(t.id) and not can_change:
                    continue
                self.actions[t.id] = []
                note = "stops"
                if can_change:
                    self.ap[t.id] -= r.posture_change_ap
                    self.set_team(t.but(posture=t.contact))
                    note = f"stops and takes its contact posture, {t.contact.value}"
                steps.append(Step("Q-10", f"Search and reconnoitre 搜索侦察 {t.id}",
                                  (("detects", ", ".join(e.id for e in seen)),),
                                  result=note, value=True))
        if steps:
            self.parts.append(SquadEvent("Q-10", "Standing orders 作战指令", tuple(steps)))
        # the waiting side fires first; at the first check, the side moving second
        order = [acting.opponent, acting] if acting is not None else [Side.RED, Side.BLUE]
        for side in order:
            for target_id in sorted(triggered[side], key=lambda i: hex_order(self.teams[i].hex)):
                self.attack([self.teams[i] for i in triggered[side][target_id]],
                            self.teams[target_id], "triggered")

    def attack(self, attackers: list[Team], target: Team, kind: str) -> AttackRecord:
        """Resolve a triggered attack at once (Q-24); losses apply now."""
        opens = not any((target.id, a.id) in self.attacked for a in attackers)
        rec = resolve_attack(self.ground, attackers, target, self.dice, opens_fire=opens,
                             turn=self.turn, kind=kind,
                             detected=True, flip_turn=self.turn)
        self.after_attack(rec, target)
        return rec

    def after_attack(self, rec: AttackRecord, target: Team) -> None:
        self.parts.append(rec)
        for e in rec.effects:
            before, after = e.before, e.after
            self.set_team(after)
            self.removed[Side(self.teams[rec.attackers[0]].side)] += \
                int(before.defence) - int(after.defence)
            if after.killed:
                self.actions[after.id] = []
        for a in rec.attackers:
            self.attacked.add((a, rec.target))
            self.revealed.add((target.side, a))

    # -- one action of one team (Q-12) -------------------------------------------------
    def act(self, team: Team) -> Step:
        action = self.actions[team.id].pop(0)
        cost = action_cost(self.ground, team, action)
        name = type(action).__name__
        if isinstance(action, StepAction):
            dest = team.hex.neighbor(action.direction)
            if not self.ground.passable(dest) or self.occupied(dest) or cost > self.ap[team.id]:
                why = ("the step occupied" if self.ground.passable(dest) and self.occupied(dest)
                       else "the step costs more AP than are left" if self.ground.passable(dest)
                       else "the step not passable")
                self.actions[team.id] = []
                return Step("Q-12", f"{team.id} step to {hex_name(dest)}",
                            (("AP left", str(self.ap[team.id])), ("cost", str(cost))),
                            result=f"movement ends: {why}", value=False)
        elif cost > self.ap[team.id]:
            self.actions[team.id] = []
            return Step("Q-12", f"{team.id} {name}", (("AP left", str(self.ap[team.id])),),
                        result="movement ends: the action costs more AP than are left", value=False)
        self.ap[team.id] -= cost
        after = perform(team, action)
        self.set_team(after)
        return Step("Q-12", f"{team.id} {name}",
                    (("hex", hex_name(after.hex)), ("facing", str(after.facing)),
                     ("posture", after.posture.value), ("cost", str(cost))),
                    result=f"AP left {self.ap[team.id]}", value=self.ap[team.id])


def movement_phase(ref: Referee, plans: Iterable[ActionPlan]) -> Side:
    """Execute both action plans on ``ref`` (Q-12); returns the side that went first."""
    # [project ruling] a side's teams act in the order of its plan, then the unlisted ones
    order: dict[Side, list[str]] = {Side.RED: [], Side.BLUE: []}
    for plan in plans:
        for tp in plan.teams:
            t = ref.teams[tp.team]
            ref.set_team(t.but(order=tp.order, contact=tp.contact))
            ref.actions[tp.team] = list(tp.actions)
            order[plan.side].append(tp.team)
    for t in ref.teams.values():
        ref.ap[t.id] = t.type(ref.ground.rules).ap
        ref.actions.setdefault(t.id, [])
        if t.id not in order[t.side]:
            order[t.side].append(t.id)
    face = ref.dice.d6("Q-12", "who moves first")
    first = Side.RED if face % 2 else Side.BLUE
    ref.parts.append(SquadEvent("Q-12", "Movement phase 移动阶段", (Step(
        "Q-12", "Who goes first", dice=(face,), result=f"{first.label} first",
        note="odd red, even blue"),)))
    # [project ruling] at the first check nobody has acted yet: the side moving first is
    # deemed the acting side, so the other side's triggered attacks are resolved first
    ref.check(first)
    sides = (first, first.opponent)
    while any(ref.actions[t.id] for t in ref.alive()):
        for side in sides:
            steps = [ref.act(ref.teams[i]) for i in order[side]
                     if not ref.teams[i].killed and ref.actions[i]]
            if steps:
                ref.parts.append(SquadEvent("Q-12", f"{side.label} moves one step", tuple(steps)))
                ref.check(side)
    return first


def effects_between(before: dict[str, Team], after: dict[str, Team]) -> tuple[Effect, ...]:
    """The teams that changed, before and after."""
    return tuple(Effect(before[k], after[k]) for k in sorted(before) if before[k] != after[k])
