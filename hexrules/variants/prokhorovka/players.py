"""Computer players for the variant: :class:`RandomPlayer` and :class:`GreedyPlayer`.

A player decides from one side's :class:`~hexrules.variants.prokhorovka.view.PView` (fog of
war) and the legal orders of the side to act, and nothing else of the state: it may read the
public board (the scenario's map and rules). ``decide(view, orders)`` returns one of
``orders``; :func:`play` runs a game with a player per side.

:class:`GreedyPlayer` scores each fire by its exact expected effect — the P-11 hit chance
times, for armour, the chance of penetration over the six casualty dice (P-13, P-14), and
for infantry the expected killed and wounded (P-12), all from the adjudication's own
functions — aims its mortar call where the exact scatter (P-17) puts the most rounds on seen
enemies and the fewest on friends, and moves its units toward the farm (P-24).

>>> from hexrules.variants.prokhorovka import ProkGame
>>> g = ProkGame.new("cut", seed=5)
>>> play(g, {"german": GreedyPlayer(), "soviet": RandomPlayer(seed=1)})
>>> g.state.over
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol, runtime_checkable

from hexrules.errors import IllegalOrderError
from hexrules.grid.square import Square
from hexrules.variants.prokhorovka.fire import hit_need, hit_part, infantry_casualties, penetration
from hexrules.variants.prokhorovka.mortar import scatter_odds
from hexrules.variants.prokhorovka.orders import (
    Activate,
    EndPhase,
    FinishMove,
    MortarCall,
    MoveStep,
    OpenFire,
    Order,
)
from hexrules.variants.prokhorovka.scenario import Scenario
from hexrules.variants.prokhorovka.view import PView

__all__ = ["GreedyPlayer", "ProkPlayer", "RandomPlayer", "play"]


@runtime_checkable
class ProkPlayer(Protocol):
    """What a player of the variant provides."""

    def decide(self, view: PView, orders: Sequence[Order]) -> Order: ...  # pragma: no cover


class RandomPlayer:
    """Uniformly random legal orders, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PView, orders: Sequence[Order]) -> Order:
        return orders[self.rng.randrange(len(orders))]


class GreedyPlayer:
    """The best immediate expected effect (see the module docstring); needs the board."""

    def __init__(self, seed: int = 0, scenario: Scenario | None = None) -> None:
        self.rng = random.Random(seed)
        self.scenario = scenario
        self.board = None if scenario is None else scenario.board()

    def decide(self, view: PView, orders: Sequence[Order]) -> Order:
        from hexrules.variants.prokhorovka.scenario import load_scenario

        if self.scenario is None or self.scenario.name != view.scenario:
            self.scenario = load_scenario(view.scenario)
            self.board = self.scenario.board()
        own = {u.id: u for u in view.own}
        if view.phase == "mortar":
            return self._mortar(view, orders)
        if view.phase == "fire":
            best, score = EndPhase(), Fraction(0)
            for o in orders:
                if isinstance(o, OpenFire):
                    v = self._fire_value(view, own[o.unit], o)
                    if v > score:
                        best, score = o, v
            return best
        steps = [o for o in orders if isinstance(o, MoveStep)]
        if any(isinstance(o, FinishMove) for o in orders) or steps:
            mover = next((u for u in view.own if u.moved and u.square is not None
                          and view.mover == u.id), None)
            finish = next((o for o in orders if isinstance(o, FinishMove)), None)
            if mover is not None and steps:
                goal = min(self.scenario.farm, key=lambda f: f.distance2(mover.square))
                here = mover.square.distance2(goal)
                step = min(steps, key=lambda o: o.square.distance2(goal))
                if step.square.distance2(goal) < here or finish is None:
                    return step
            return finish if finish is not None else steps[0]
        acts = [o for o in orders if isinstance(o, Activate)
                and not (own[o.unit].is_squad and self.board.has_trench(own[o.unit].square))]
        return self.rng.choice(acts) if acts else EndPhase()

    def _mortar(self, view: PView, orders: Sequence[Order]) -> Order:
        calls = {o.company for o in orders if isinstance(o, MortarCall)}
        if not calls:
            return EndPhase()
        odds = scatter_odds(self.board.rules)
        rules = self.board.rules
        foes = [x.square for x in view.seen]
        friends = [u.square for u in view.own if u.on_map]
        best, score = None, Fraction(0)
        for aim in foes:
            v = Fraction(0)
            for k, p in odds.items():
                dc, dr = rules.keypad_offset(k)
                sq = Square(aim.col + dc, aim.row + dr)
                v += p * ((sq in foes) - 2 * (sq in friends))
            if v > score:
                best, score = aim, v
        if best is None:
            return EndPhase()
        return MortarCall(min(calls), best)

    def _fire_value(self, view: PView, u, o: OpenFire) -> Fraction:  # noqa: ANN001
        rules, b = self.board.rules, self.board
        t = next((x for x in view.seen if x.id == o.target), None)
        if t is None:
            return Fraction(0)
        squad_target = t.type == "squad"
        kind = (("small_arms" if squad_target else "anti_tank") if u.is_squad
                else ("vehicle_infantry" if squad_target else "vehicle_armour"))
        vt = None if u.is_squad else rules.vehicles[u.type]
        need = hit_need(rules, kind, u.square.distance2(t.square),
                        long_range_bonus=bool(vt and vt.long_range_bonus))
        if need is None:
            return Fraction(0)
        p_hit = Fraction(need, 6)
        arm = "infantry" if squad_target else "armour"
        terr = b.terrain_at(t.square)
        defence = ((terr, rules.terrain[(terr, arm)].defence),)
        if squad_target and b.has_trench(t.square):
            defence += (("trench", rules.trench_defence),)
        fterr = b.terrain_at(u.square)
        fire = ((fterr, rules.terrain[(fterr, u.arm)].fire),)
        if squad_target:
            men = sum(infantry_casualties(rules, c=c, mode=o.mode, target=t.id, fire=fire,
                                          defence=defence)["killed"] for c in range(1, 7))
            return p_hit * Fraction(men, 6) / (3 if o.mode == "win" else 1)
        part, _ = hit_part(rules.vehicles[t.type], t.square, t.facing, u.square)
        base = rules.anti_tank_base if u.is_squad else vt.base
        pens = sum(penetration(rules, rules.vehicles[t.type], part, c=c, base=base, fire=fire,
                               defence=defence)["penetrated"] for c in range(1, 7))
        value = 5 if part == "front" else 2
        return p_hit * Fraction(pens, 6) * value / (3 if o.mode == "win" else 1)


def play(game, players: Mapping[str, ProkPlayer], *, max_orders: int | None = None) -> None:  # noqa: ANN001
    """Play ``game`` (a :class:`~hexrules.variants.prokhorovka.game.ProkGame`) with one player
    a side until it ends (or ``max_orders``); a player's order not among the legal ones
    raises :class:`~hexrules.errors.IllegalOrderError`."""
    n = 0
    while not game.state.over and (max_orders is None or n < max_orders):
        side = game.state.to_act
        orders = game.legal_orders()
        order = players[side].decide(game.view(side), orders)
        if order not in orders:
            raise IllegalOrderError(f"the {side} player chose {order!r}, not a legal order")
        game.apply(order)
        n += 1
