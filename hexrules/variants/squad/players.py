"""Computer players of the squad variant, through the shared player protocol
(:mod:`hexrules.players.base`): :class:`RandomSquadPlayer`, :class:`ObjectivePlayer`.

A squad order is a whole side's written plan, far too many to list, so the legal orders a
player gets are described, not listed: :func:`legal_plans` gives a :class:`PlanSpace` — the
side, the phase and the public scenario (map, overlays, numbers, zones, objective), with the
actions a team may write next (:meth:`PlanSpace.actions`, the engine's own costs) and the
hexes it may deploy on. ``decide(view, legal)`` returns a :class:`~hexrules.players.Decision`
whose order the engine accepts (:func:`play` checks it with ``state.can``). A player reads
the view (fog of war: its own teams, the enemies it detected) and the public scenario only.

:class:`ObjectivePlayer` plays to the objective (Q-28: the side holding the objective hex
alone at the end): it deploys nearest the objective, facing it; in each action plan the team
nearest the objective heads for it and the others for the hexes around it, step by step along
the shortest passable path (each step the engine's AP cost, Q-7, Q-12), on *engage on sight*
(Q-10); in the attack plan its medics treat an adjacent wounded team (Q-6) and every other
team attacks the detected enemy it can reach (Q-16), the nearest the objective first.

>>> g = SquadGame.new("lesson", seed=2)
>>> play(g, {"red": ObjectivePlayer(seed=1), "blue": RandomSquadPlayer(seed=2)})
>>> g.state.over, g.state.winner
(True, Side.RED)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexrules.errors import RulesError
from hexrules.map.hexgrid import Hex
from hexrules.players.base import Candidate, Decision, Player, check_decision
from hexrules.units import Side
from hexrules.variants.squad.movement import perform
from hexrules.variants.squad.plans import (
    Action,
    ActionPlan,
    Attack,
    AttackPlan,
    Deployment,
    Heal,
    Placement,
    StepAction,
    TeamPlan,
)
from hexrules.variants.squad.play import SquadGame, random_plan, team_actions
from hexrules.variants.squad.scenario import SquadScenario
from hexrules.variants.squad.state import SquadPhase, SquadState
from hexrules.variants.squad.teams import Posture, StandingOrder, Team, hex_name
from hexrules.variants.squad.view import SquadView

__all__ = ["PLAYERS", "ObjectivePlayer", "PlanSpace", "RandomSquadPlayer", "legal_plans",
           "play"]


@dataclass(frozen=True)
class PlanSpace:
    """The legal orders of a squad game, described: what ``side`` may write in ``phase``.

    Built from public things only (the scenario), so a player may hold it.

    >>> s = SquadState.new("lesson", seed=1)
    >>> space = legal_plans(s)
    >>> space.side, space.phase.value, len(space.deploy_hexes()) > 100
    (Side.RED, 'deployment', True)
    """

    side: Side
    phase: SquadPhase
    scenario: SquadScenario = field(compare=False, repr=False)

    def actions(self, team: Team, written: tuple[Action, ...] = ()) -> list[Action]:
        """The actions ``team`` may write next after ``written`` (:func:`~.play.team_actions`)."""
        return team_actions(self.scenario.ground, team, written)

    def heals(self, teams: Sequence[Team]) -> list[Heal]:
        """The treatments the side's medics among ``teams`` may give (Q-6): a living medic
        and an adjacent living team of the side below its theoretical defence."""
        r = self.scenario.ground.rules
        live = [t for t in teams if t.side is self.side and not t.killed]
        return [Heal(m.id, p.id) for m in live if m.type(r).medic for p in live
                if p.id != m.id and m.hex.distance(p.hex) == 1 and p.defence < p.type(r).defence]

    def deploy_hexes(self) -> list[Hex]:
        """The passable hexes of the side's deployment zone (Q-11)."""
        g = self.scenario.ground
        return [h for h in g.hexmap if self.scenario.in_zone(self.side, h) and g.passable(h)]


def legal_plans(state: SquadState) -> PlanSpace:
    """The :class:`PlanSpace` of the side to act; :class:`ValueError` once the game is over."""
    if state.to_act is None:
        raise RulesError("the game is over: no order to give")
    return PlanSpace(state.to_act, state.phase, state._scenario())


class RandomSquadPlayer:
    """Random legal plans from the view (:func:`~.play.random_plan`), seeded.

    >>> s = SquadState.new("lesson", seed=4)
    >>> d = RandomSquadPlayer(seed=4).decide(s.view("red"), legal_plans(s))
    >>> s.can(d.order), d.player
    (True, 'random')
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = "random"

    def decide(self, view: SquadView, legal: PlanSpace | SquadScenario) -> Decision:
        """A random legal order for ``view``'s side (``legal``: the plan space, or the
        scenario itself)."""
        sc = legal.scenario if isinstance(legal, PlanSpace) else legal
        return Decision(random_plan(view, sc, self.rng), (), self.name)

    def __repr__(self) -> str:
        return f"RandomSquadPlayer(seed={self.seed!r})"


def _field(scenario: SquadScenario, goals: list[Hex]) -> dict[Hex, int]:
    """Steps from each passable hex to the nearest of ``goals`` (breadth first)."""
    g = scenario.ground
    dist = {h: 0 for h in goals if g.passable(h)}
    todo = deque(dist)
    while todo:
        h = todo.popleft()
        for d in range(1, 7):
            n = h.neighbor(d)
            if n not in dist and g.passable(n):
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


class ObjectivePlayer:
    """Plays to the objective hex (see the module docstring); explains each plan."""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = "objective"
        self._fields: dict[tuple[str, Hex], dict[Hex, int]] = {}

    def __repr__(self) -> str:
        return f"ObjectivePlayer(seed={self.seed!r})"

    def _to(self, sc: SquadScenario, goal: Hex) -> dict[Hex, int]:
        key = (sc.source, goal)
        if key not in self._fields:
            self._fields[key] = _field(sc, [goal])
        return self._fields[key]

    def _goals(self, sc: SquadScenario, teams: list[Team]) -> dict[str, Hex]:
        """Each team's goal: the objective for the nearest, the hexes around it for the rest."""
        obj = sc.objective
        far = self._to(sc, obj)
        order = sorted(teams, key=lambda t: (far.get(t.hex, 999), t.id))
        ring = [obj.neighbor(d) for d in range(1, 7) if sc.ground.passable(obj.neighbor(d))]
        ring += [h for h in obj.ring(2) if sc.ground.passable(h)]
        goals = {}
        for i, t in enumerate(order):
            goals[t.id] = obj if i == 0 or not ring else ring[(i - 1) % len(ring)]
        return goals

    def decide(self, view: SquadView, legal: PlanSpace) -> Decision:
        """The plan for ``view``'s side, with its and the hold-still plan's distance to go."""
        sc = legal.scenario
        mine = [t for t in view.own if not t.killed]
        if view.phase is SquadPhase.DEPLOYMENT:
            return self._deploy(view, legal, mine)
        if view.phase is SquadPhase.ACTION_PLANS:
            return self._advance(view, sc, mine)
        return self._attack(view, sc, mine)

    def _deploy(self, view: SquadView, legal: PlanSpace, mine: list[Team]) -> Decision:
        sc = legal.scenario
        far = self._to(sc, sc.objective)
        cells = sorted((h for h in legal.deploy_hexes() if h in far),
                       key=lambda h: (far[h], hex_name(h)))
        places = []
        for t, h in zip(mine, cells, strict=False):
            facing = min(range(1, 7), key=lambda d: far.get(h.neighbor(d), 999))
            places.append(Placement(t.id, h, facing, Posture.CROUCHED, StandingOrder.ENGAGE,
                                    Posture.CROUCHED))
        order = Deployment(view.side, tuple(places))
        to_go = float(sum(far[p.hex] for p in places))
        c = Candidate(order, -to_go, (("to go", -to_go),),
                      f"deploy nearest the objective {hex_name(sc.objective)}, facing it "
                      "(Q-11, Q-28)")
        return Decision(order, (c,), self.name)

    def _advance(self, view: SquadView, sc: SquadScenario, mine: list[Team]) -> Decision:
        goals = self._goals(sc, mine)
        lines, before, after, notes = [], 0.0, 0.0, []
        for t in mine:
            f = self._to(sc, goals[t.id])
            written: list[Action] = []
            u = t
            while True:
                here = f.get(u.hex, 999)
                steps = [a for a in team_actions(sc.ground, t, tuple(written))
                         if isinstance(a, StepAction) and f.get(u.hex.neighbor(a.direction),
                                                                999) < here]
                if not steps:
                    break
                a = min(steps, key=lambda a: (f[u.hex.neighbor(a.direction)], a.direction))
                written.append(a)
                u = perform(u, a)
            before += f.get(t.hex, 999)
            after += f.get(u.hex, 999)
            notes.append(f"{t.id} → {hex_name(goals[t.id])}: {len(written)} steps")
            lines.append(TeamPlan(t.id, StandingOrder.ENGAGE, tuple(written), Posture.CROUCHED))
        order = ActionPlan(view.side, tuple(lines))
        hold = ActionPlan(view.side, tuple(TeamPlan(t.id, t.order, (), t.contact)
                                           for t in mine))
        best = Candidate(order, -after, (("to go", -after),),
                         "; ".join(notes) + " (shortest passable path, Q-7, Q-12)")
        stay = Candidate(hold, -before, (("to go", -before),), "hold: no team moves")
        return Decision(order, (best, stay), self.name)

    def _attack(self, view: SquadView, sc: SquadScenario, mine: list[Team]) -> Decision:
        from hexrules.variants.squad.attack import eligible

        g, r = sc.ground, sc.ground.rules
        heals, busy = [], set()
        for m in mine:
            if not m.type(r).medic:
                continue
            hurt = sorted((p for p in mine if p.id != m.id and p.id not in busy
                           and m.hex.distance(p.hex) == 1 and p.defence < p.type(r).defence),
                          key=lambda p: (p.defence - p.type(r).defence, p.id))
            if hurt:
                heals.append(Heal(m.id, hurt[0].id))
                busy |= {m.id, hurt[0].id}
        far = self._to(sc, sc.objective)
        targets = sorted(view.known, key=lambda k: (far.get(k.hex, 999), k.id))
        attacks: dict[str, list[str]] = {}
        for t in mine:
            if t.id in busy:
                continue
            for k in targets:
                stand_in = Team(k.id, view.side.opponent, k.kind, k.hex)
                if eligible(g, t, stand_in, detected=True)[0]:
                    attacks.setdefault(k.id, []).append(t.id)
                    break
        order = AttackPlan(view.side, tuple(heals),
                           tuple(Attack(tuple(v), k) for k, v in attacks.items()))
        n = float(sum(len(v) for v in attacks.values()))
        note = ("; ".join(f"{', '.join(v)} → {k}" for k, v in attacks.items())
                or "no detected enemy in reach (Q-16)")
        if heals:
            note += "; " + ", ".join(f"{h.medic} treats {h.patient} (Q-6)" for h in heals)
        c = Candidate(order, n + len(heals), (("attackers", n), ("heals", float(len(heals)))),
                      note)
        return Decision(order, (c,), self.name)


#: The players a seat may name (the scenario player's choices).
PLAYERS: dict[str, Callable[[int], Any]] = {
    "random": lambda seed: RandomSquadPlayer(seed),
    "objective": lambda seed: ObjectivePlayer(seed),
}


def play(game: SquadGame, players: Mapping[Side | str, Player], *, max_orders: int = 1000,
         each: Callable[[Decision, Any], object] | None = None) -> None:
    """Play ``game`` with one player a side to its end; every decision is checked with
    :func:`hexrules.players.check_decision` and the engine's ``can`` (a
    :class:`~hexrules.players.PlayerError` if it is not legal). ``each(decision, record)``
    after every order."""
    by_side = {Side.parse(k): v for k, v in players.items()}
    for _ in range(max_orders):
        s = game.state
        if s.over:
            return
        side = s.to_act
        assert side is not None
        p = by_side[side]
        d = p.decide(s.view(side), legal_plans(s))
        order = check_decision(d, s.can, f"{side.value} {getattr(p, 'name', p)!s}")
        rec = game.apply(order)
        if each is not None:
            each(d, rec)
