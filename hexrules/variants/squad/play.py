"""Playing the squad variant: legal actions, random orders, :class:`SquadGame`, random play.

Plans are too many to list, so the legal-orders protocol works a level down:
:func:`legal_actions` lists the actions a team may write next (after those already written),
and :func:`random_order` builds a legal plan for the side to act from them; both use the
engine's own costs and checks, so every order they make passes :func:`~.engine.verify`.

Examples
--------
>>> import random
>>> g = SquadGame.new("lesson", seed=3)
>>> final = play_random(g.state, random.Random(3))
>>> final.over, final.turn
(True, 8)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hexrules.errors import RulesError
from hexrules.units import Side
from hexrules.variants.squad.ground import SquadGround
from hexrules.variants.squad.movement import action_cost, perform
from hexrules.variants.squad.plans import (
    Action,
    ActionPlan,
    Attack,
    AttackPlan,
    ChangePosture,
    Deployment,
    Heal,
    Placement,
    SquadOrder,
    StepAction,
    TeamPlan,
    TurnAction,
)
from hexrules.variants.squad.scenario import SquadScenario
from hexrules.variants.squad.state import SquadPhase, SquadRecord, SquadState
from hexrules.variants.squad.teams import Posture, StandingOrder, Team
from hexrules.variants.squad.view import SquadView

__all__ = ["SquadGame", "legal_actions", "play_random", "random_order",
           "random_plan", "team_actions"]


def team_actions(ground: SquadGround, team: Team, written: Sequence[Action] = ()
                 ) -> list[Action]:
    """The actions ``team`` may write next after ``written``, on ``ground`` (Q-7…Q-9, Q-12):
    what the referee accepts at hand-in (:func:`~.engine.verify`).

    >>> from hexrules.map import Hex, HexMap
    >>> from hexrules.variants.squad import SquadGround, Team
    >>> t = Team("R1", "red", "two_man", Hex(0, 0), facing=2, posture="concealed")
    >>> len(team_actions(SquadGround(HexMap.flat(5, 5)), t))   # 2 steps, 5 turns, 2 postures
    9
    """
    t = team
    ap = t.type(ground.rules).ap
    for a in written:
        ap -= action_cost(ground, t, a)
        t = perform(t, a)
    out: list[Action] = []
    for d in range(1, 7):
        a = StepAction(d)
        if ground.passable(t.hex.neighbor(d)) and action_cost(ground, t, a) <= ap:
            out.append(a)
    if ground.rules.turn_ap <= ap:
        out.extend(TurnAction(d) for d in range(1, 7) if d != t.facing)
    if ground.rules.posture_change_ap <= ap:
        out.extend(ChangePosture(p) for p in Posture if p is not t.posture)
    return out


def legal_actions(state: SquadState, team_id: str, written: Sequence[Action] = ()
                  ) -> list[Action]:
    """The actions the side's team ``team_id`` may write next after ``written``.

    >>> s = SquadState.new("lesson", seed=1)
    >>> len(legal_actions(s, "R1"))     # 6 steps, 5 turns, 2 postures
    13
    """
    return team_actions(state.ground, state.team(team_id), written)


def _random_team_plan(ground: SquadGround, t: Team, rng: random.Random) -> TeamPlan:
    written: list[Action] = []
    for _ in range(rng.randint(0, 7)):
        choices = team_actions(ground, t, written)
        if not choices:
            break
        ahead = (1, 2, 3) if t.side is Side.RED else (4, 5, 6)  # towards the enemy's edge
        steps = [a for a in choices if isinstance(a, StepAction) and a.direction in ahead]
        written.append(rng.choice(steps if steps and rng.random() < 0.85 else choices))
    return TeamPlan(t.id, rng.choice(list(StandingOrder)), tuple(written),
                    rng.choice(list(Posture)))


def random_plan(view: SquadView, scenario: SquadScenario, rng: random.Random) -> SquadOrder:
    """A random legal order for the side of ``view``, decided from the view and the public
    scenario alone (fog of war: a computer player sees nothing else).

    >>> import random
    >>> s = SquadState.new("lesson", seed=2)
    >>> s.can(random_plan(s.view("red"), s.scenario, random.Random(2)))
    True
    """
    side = view.side
    g = scenario.ground
    r = g.rules
    mine = [t for t in view.own if not t.killed]
    if view.phase is SquadPhase.DEPLOYMENT:
        cells = [h for h in g.hexmap if scenario.in_zone(side, h) and g.passable(h)]
        spots = rng.sample(cells, len(mine))
        return Deployment(side, tuple(Placement(t.id, h, rng.randint(1, 6),
                                                rng.choice([Posture.UPRIGHT, *Posture]),
                                                rng.choice(list(StandingOrder)))
                                      for t, h in zip(mine, spots, strict=True)))
    if view.phase is SquadPhase.ACTION_PLANS:
        return ActionPlan(side, tuple(_random_team_plan(g, t, rng) for t in mine))
    heals, busy = [], set()
    for m in mine:
        if not m.type(r).medic:
            continue
        hurt = [p for p in mine if p.id != m.id and m.hex.distance(p.hex) == 1
                and p.defence < p.type(r).defence and p.id not in busy]
        if hurt and rng.random() < 0.8:
            p = rng.choice(hurt)
            heals.append(Heal(m.id, p.id))
            busy |= {m.id, p.id}
    attacks: dict[str, list[str]] = {}
    for t in mine:
        if t.id in busy or not view.known or rng.random() < 0.2:
            continue
        attacks.setdefault(rng.choice(view.known).id, []).append(t.id)
    return AttackPlan(side, tuple(heals), tuple(Attack(tuple(v), k) for k, v in attacks.items()))


def random_order(state: SquadState, rng: random.Random) -> SquadOrder:
    """A random legal order for the side to act, from its view (:func:`random_plan`)."""
    side = state.to_act
    if side is None:
        raise RulesError("the game is over: no order to give")
    return random_plan(state.view(side), state._scenario(), rng)


def play_random(state: SquadState, rng: random.Random, *, max_orders: int = 1000
                ) -> SquadState:
    """Play random legal orders to the end of the game."""
    for _ in range(max_orders):
        if state.over:
            return state
        state, _ = state.apply(random_order(state, rng))
    return state


class SquadGame:
    """A squad game that moves on: a state, ``apply``, ``view``, the log (mutable wrapper)."""

    def __init__(self, state: SquadState) -> None:
        self.state = state

    @classmethod
    def new(cls, scenario: str = "lesson", *, seed: int | str | None = None,
            dice: object = None) -> SquadGame:
        """A new game of ``scenario``."""
        return cls(SquadState.new(scenario, seed=seed, dice=dice))  # type: ignore[arg-type]

    def apply(self, order: SquadOrder) -> SquadRecord:
        """Apply ``order``; a refused order raises and changes nothing."""
        self.state, rec = self.state.apply(order)
        return rec

    def view(self, side: Side | str) -> object:
        """What ``side`` may know."""
        return self.state.view(side)

    def clone(self) -> SquadGame:
        """An independent copy (the state is a value)."""
        return SquadGame(self.state)

    def __repr__(self) -> str:
        return f"<SquadGame {self.state!r}>"
