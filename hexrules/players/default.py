"""The default computer player: a one-ply expectimax over the exact odds that explains itself.

:class:`DefaultPlayer` scores every legal order with the evaluators of
:mod:`~hexrules.players.evaluate` (expected damage dealt, threat removed, risk taken along a
path, exposure, objective value…) and plays the best, drawn at random among the orders within
a small margin of it, so that a cadet cannot learn it by rote while the same seed always
gives the same game. Its :class:`~hexrules.players.base.Decision` carries the top
candidates with their numbers.

It decides only from its side's view: with fog of war it knows the enemy units it sees now
and remembers where the others were last seen (:class:`~hexrules.players.knowledge.Memory`).

Levels (``level=``):

========  ==========================================================================
level     what changes
========  ==========================================================================
normal    the evaluation as described, near-equal margin 0.03 points
hard      the same, margin 0.005 (it varies less)
easy      ignores risk and exposure, fires at every chance, margin 0.3 points
========  ==========================================================================

Examples
--------
>>> from hexrules.game import GameState
>>> s = GameState.from_scenario("village", seed=4)
>>> p = DefaultPlayer(seed=1)
>>> d = p.decide(s.view(s.to_act), s.legal_orders())
>>> d.order in s.legal_orders(), len(d.candidates) >= 1
(True, True)
>>> d == DefaultPlayer(seed=1).decide(s.view(s.to_act), s.legal_orders())  # deterministic
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from hexrules.errors import RulesError, RulesTypeError
from hexrules.game.orders import Order
from hexrules.game.view import View
from hexrules.players.base import Decision, pick
from hexrules.players.evaluate import Context, evaluate
from hexrules.players.knowledge import Memory, Situation
from hexrules.players.planner import Weights

__all__ = ["LEVELS", "DefaultPlayer"]

#: The difficulty levels: (weights, near-equal margin).
LEVELS: dict[str, tuple[Weights, float]] = {
    "normal": (Weights(), 0.03),
    "hard": (Weights(), 0.005),
    "easy": (replace(Weights(), risk=0.0, later=0.0, commit=0.0, threat=0.0, tempo=0.0), 0.3),
}


#: How the weight of risk changes with the projected result (:func:`stance`): not winning
#: with one or two movement phases left, and winning.
BEHIND_RISK = {1: 0.35, 2: 0.6}
AHEAD_RISK = 1.25


def stance(sit: Situation, w: Weights) -> Weights:
    """The weights for this decision: a side that is not winning (a draw is not a win) with
    the end near takes more risk, a side that is winning takes less.

    >>> from hexrules.game import GameState
    >>> from hexrules.players.knowledge import Memory
    >>> s = GameState.from_scenario("village", seed=4)
    >>> stance(Situation.of(s.view("blue"), s.legal_orders(), Memory()), Weights()).risk
    1.25
    """
    if sit.board.scenario is None:
        return w
    lead = sit.lead()
    if lead >= 1:
        return replace(w, risk=w.risk * AHEAD_RISK)
    f = BEHIND_RISK.get(sit.moves_left)
    if sit.moves_left <= 0:
        f = BEHIND_RISK[1]
    return w if f is None else replace(w, risk=w.risk * f)


class DefaultPlayer:
    """The strong default player (see the module docstring).

    Parameters
    ----------
    seed : int, optional
        Seed of its choices among near-equal orders.
    level : str
        ``"normal"`` (default), ``"hard"`` or ``"easy"``.
    top : int
        How many candidates a decision keeps for its explanation.
    weights : Weights, optional
        The weights of the evaluation's parts in place of the level's (its margin stays):
        an instructor's own opponent, e.g. ``replace(Weights(), risk=2.0)`` for one twice as
        careful of opportunity fire. Its name then says "custom".

    Examples
    --------
    >>> from dataclasses import replace
    >>> careful = DefaultPlayer(weights=replace(Weights(), risk=2.0))
    >>> careful.name, careful.fresh(3).weights.risk
    ('default (normal, custom)', 2.0)
    """

    def __init__(self, seed: int | None = None, level: str = "normal", top: int = 5,
                 weights: Weights | None = None) -> None:
        if level not in LEVELS:
            raise RulesError(f"unknown player level {level!r}; valid: "
                             f"{', '.join(map(repr, LEVELS))}")
        if weights is not None and not isinstance(weights, Weights):
            raise RulesTypeError(f"weights must be a hexrules.players.planner.Weights, got "
                                 f"{weights!r}")
        self.seed, self.level, self.top = seed, level, top
        self.weights, self.margin = LEVELS[level]
        self.custom = weights
        if weights is not None:
            self.weights = weights
        self.name = f"default ({level}, custom)" if weights is not None else \
            f"default ({level})"
        self.rng = random.Random(seed)
        self.memory = Memory()

    def fresh(self, seed: int | None = None) -> DefaultPlayer:
        """A new player of the same level and weights, with ``seed`` and no memory."""
        return DefaultPlayer(seed=seed, level=self.level, top=self.top, weights=self.custom)

    def decide(self, view: View, legal: Sequence[Order]) -> Decision:
        """Score every legal order and choose (see the module docstring)."""
        orders = list(legal)
        if not orders:
            raise RulesError("no legal order to choose from: the game is over")
        sit = Situation.of(view, legal, self.memory)
        ctx = Context(sit, stance(sit, self.weights))
        cands = [evaluate(ctx, o) for o in orders]
        chosen = pick(cands, self.rng, self.margin)
        ranked = sorted(cands, key=lambda c: -c.score)[: self.top]
        if chosen not in ranked:
            ranked = [*ranked[:-1], chosen]
        return Decision(chosen.order, tuple(ranked), self.name)

    def __repr__(self) -> str:
        extra = f", weights={self.custom!r}" if self.custom is not None else ""
        return f"DefaultPlayer(seed={self.seed!r}, level={self.level!r}{extra})"
