"""Computer players for the variant, through the shared player protocol
(:mod:`hexrules.players.base`): :class:`RandomPlayer` and :class:`GreedyPlayer`.

A player decides from one side's :class:`~hexrules.variants.prokhorovka.view.PView` (fog of
war) and the legal orders of the side to act, and nothing else of the state: it may read the
public board (the scenario's map and rules, loaded by the view's scenario name).
``decide(view, legal)`` returns a :class:`~hexrules.players.Decision` — the order, one of
``legal``, and the candidates it weighed with the numbers behind them — so the scenario
player and the lessons show its reasons as they show the tank game's. :func:`play` runs a
game with a player per side.

:class:`GreedyPlayer` plays to the objective (P-24: units in the farm after the last turn)
and takes the best shot on the way. It scores each fire by its exact expected effect — the
P-11 hit chance times, for armour, the chance of penetration over the six casualty dice
(P-13, P-14) and the scoring value of the part hit, for infantry the expected killed (P-12),
all from the adjudication's own functions — aims its mortar call where the exact scatter
(P-17) puts the most rounds on seen enemies and the fewest on friends, activates the unit
that can gain most towards a free farm square, and steps it there square by square.

>>> from hexrules.variants.prokhorovka import ProkGame
>>> g = ProkGame.new("cut", seed=5)
>>> play(g, {"german": GreedyPlayer(), "soviet": RandomPlayer(seed=1)})
>>> g.state.over
True
>>> d = GreedyPlayer().decide(g.view("german"), [EndPhase()])
>>> d.order, d.player
(EndPhase(), 'greedy')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from hexrules.errors import RulesError
from hexrules.grid.square import Square
from hexrules.players.base import Candidate, Decision, Player, check_decision, pick
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

__all__ = ["PLAYERS", "GreedyPlayer", "ProkPlayer", "RandomPlayer", "play"]

#: The shared protocol (kept under its old name for the variant's callers).
ProkPlayer = Player


class RandomPlayer:
    """Uniformly random legal orders, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = "random"

    def decide(self, view: PView, legal: Sequence[Order]) -> Decision:
        """One of ``legal``, uniformly at random."""
        if not len(legal):
            raise RulesError("no legal order to choose from: the game is over")
        return Decision(legal[self.rng.randrange(len(legal))], (), self.name)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


class GreedyPlayer:
    """To the farm, with the best shot on the way (see the module docstring)."""

    def __init__(self, seed: int = 0, scenario: Scenario | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = "greedy"
        self.scenario = scenario
        self.board = None if scenario is None else scenario.board()

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed!r})"

    def _public(self, view: PView) -> None:
        from hexrules.variants.prokhorovka.scenario import load_scenario

        if self.scenario is None or self.scenario.name != view.scenario:
            self.scenario = load_scenario(view.scenario)
            self.board = self.scenario.board()

    def decide(self, view: PView, legal: Sequence[Order]) -> Decision:
        """The order for ``view``'s side, one of ``legal``, with the candidates weighed."""
        if not len(legal):
            raise RulesError("no legal order to choose from: the game is over")
        self._public(view)
        if view.phase == "mortar":
            cands = self._mortar(view, legal)
        elif view.phase == "fire":
            own = {u.id: u for u in view.own}
            cands = []
            for o in legal:
                if isinstance(o, OpenFire) and o.unit in own:
                    v = self._fire_value(view, own[o.unit], o)
                    if v > 0:
                        cands.append(Candidate(o, float(v), (("damage", float(v)),),
                                               f"{o.unit} at {o.target}, {o.mode}: expected "
                                               "score taken (P-11…P-14)"))
        elif any(isinstance(o, MoveStep | FinishMove) for o in legal):
            cands = self._steps(view, legal)
        else:
            cands = self._activations(view, legal)
        cands.sort(key=lambda c: -c.score)
        if not cands:
            end = next((o for o in legal if isinstance(o, EndPhase)), legal[0])
            return Decision(end, (Candidate(end, 0.0, (), "nothing gains: the phase ends"),),
                            self.name)
        best = pick(cands, self.rng, 0.0)
        return Decision(best.order, (best, *[c for c in cands if c is not best][:4]),
                        self.name)

    # -- the objective -------------------------------------------------------------------
    def _goal(self, view: PView, sq: Square) -> Square:
        """The nearest farm square no other friend stands on (the farm itself if all are)."""
        assert self.scenario is not None
        taken = {u.square for u in view.own if u.on_map and u.square != sq}
        free = [f for f in self.scenario.farm if f not in taken] or list(self.scenario.farm)
        return min(free, key=lambda f: (f.distance2(sq), f.col, f.row))

    def _activations(self, view: PView, legal: Sequence[Order]) -> list[Candidate]:
        assert self.scenario is not None and self.board is not None
        own = {u.id: u for u in view.own}
        out = []
        for o in legal:
            if not isinstance(o, Activate) or o.unit not in own:
                continue
            u = own[o.unit]
            if u.square in self.scenario.farm:
                continue
            d = u.square.distance(self._goal(view, u.square))
            if u.is_squad and self.board.has_trench(u.square) and d > 12:
                continue  # a squad far from the farm holds its trench (P-20)
            out.append(Candidate(o, 1.0 / (1.0 + d), (("to go", -d),),
                                 f"{o.unit} moves towards the farm, {d:.1f} squares away"))
        return out

    def _steps(self, view: PView, legal: Sequence[Order]) -> list[Candidate]:
        mover = next((u for u in view.own if u.id == view.mover), None)
        finish = next((o for o in legal if isinstance(o, FinishMove)), None)
        out = []
        if mover is None or mover.square is None:
            return out
        goal = self._goal(view, mover.square)
        here = mover.square.distance(goal)
        for o in legal:
            if isinstance(o, MoveStep):
                gain = here - o.square.distance(goal)
                if gain > 0 or finish is None:
                    out.append(Candidate(o, gain, (("closer", gain),),
                                         f"towards the farm square {goal}"))
        if finish is not None:
            out.append(Candidate(finish, 0.0, (), "no step gains: end the move"))
        return out

    # -- fire and mortars ----------------------------------------------------------------
    def _mortar(self, view: PView, legal: Sequence[Order]) -> list[Candidate]:
        calls = {o.company for o in legal if isinstance(o, MortarCall)} if len(legal) < 200 \
            else _companies(legal)
        assert self.board is not None
        if not calls:
            return []
        rules = self.board.rules
        odds = scatter_odds(rules)
        foes = [x.square for x in view.seen]
        friends = [u.square for u in view.own if u.on_map]
        out = []
        for aim in foes:
            v = Fraction(0)
            for k, p in odds.items():
                dc, dr = rules.keypad_offset(k)
                sq = Square(aim.col + dc, aim.row + dr)
                v += p * ((sq in foes) - 2 * (sq in friends))
            if v > 0:
                out.append(Candidate(MortarCall(min(calls), aim), float(v),
                                     (("rounds on enemies", float(v)),),
                                     "exact scatter odds (P-17): enemies hit less twice the "
                                     "friends"))
        return out

    def _fire_value(self, view: PView, u: Any, o: OpenFire) -> Fraction:
        assert self.board is not None
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
        base = rules.anti_tank_base if u.is_squad else vt.base  # type: ignore[union-attr]
        pens = sum(penetration(rules, rules.vehicles[t.type], part, c=c, base=base, fire=fire,
                               defence=defence)["penetrated"] for c in range(1, 7))
        value = 5 if part == "front" else 2
        return p_hit * Fraction(pens, 6) * value / (3 if o.mode == "win" else 1)


def _companies(legal: Sequence[Order]) -> set[int]:
    """The companies with a call among the (lazy) mortar-step orders, without listing them:
    the step's orders are EndPhase, then one block of map squares per company."""
    parts = getattr(legal, "_parts", None)
    if parts is None:
        return {o.company for o in legal if isinstance(o, MortarCall)}
    return {p.company for p in parts if hasattr(p, "company")}


#: The players a seat may name (the scenario player's choices).
PLAYERS: dict[str, Callable[[int], Any]] = {
    "random": lambda seed: RandomPlayer(seed),
    "greedy": lambda seed: GreedyPlayer(seed),
}


def play(game: Any, players: Mapping[str, Player], *, max_orders: int | None = None,
         each: Callable[[Decision, Any], object] | None = None) -> None:
    """Play ``game`` (a :class:`~hexrules.variants.prokhorovka.game.ProkGame`) with one player
    a side until it ends (or ``max_orders``); each decision is checked with
    :func:`hexrules.players.check_decision` (a :class:`~hexrules.players.PlayerError` if its
    order is not legal). ``each(decision, record)`` after every order."""
    from hexrules.variants.prokhorovka.engine import can

    n = 0
    while not game.state.over and (max_orders is None or n < max_orders):
        side = game.state.to_act
        p = players[side]
        d = p.decide(game.view(side), game.legal_orders())
        order = check_decision(d, lambda o: can(game.state, o), f"{side} {p.name}")
        rec = game.apply(order)
        if each is not None:
            each(d, rec)
        n += 1
