"""Two simple players to measure the default player against: random and greedy.

* :class:`RandomPlayer` plays a uniformly random legal order (as
  :func:`hexrules.game.play_random` does), seeded.
* :class:`GreedyPlayer` fires whenever it can at the best odds (the single shot with the
  highest chance to destroy, exact odds), in every phase and window; otherwise it moves the
  unit farthest from an objective no friend holds one step at a time towards it, by the
  cheapest path, and passes when every unit is where it wants to be.

Both decide from the view alone.

Examples
--------
>>> from hexrules.players import play
>>> g = play("duel", {"red": GreedyPlayer(seed=1), "blue": RandomPlayer(seed=2)}, seed=3)
>>> g.over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from hexrules.combat.orders import FireKind
from hexrules.errors import RulesError
from hexrules.game.orders import (
    CoveringFire,
    DeclareFire,
    EndMove,
    MovingFire,
    OpportunityFire,
    Order,
    Pass,
    ShortHaltFire,
    StartMove,
    StepTo,
)
from hexrules.game.view import View
from hexrules.map.hexgrid import Hex
from hexrules.players.base import Candidate, Decision, pick, public_board
from hexrules.players.board import D_BIT, Board, compose, start_bits
from hexrules.units import Unit

__all__ = ["GreedyPlayer", "RandomPlayer"]


class RandomPlayer:
    """A uniformly random legal order (seeded)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = "random"

    def fresh(self, seed: int | None = None) -> RandomPlayer:
        """A new random player with ``seed``."""
        return RandomPlayer(seed)

    def decide(self, view: View, legal: Sequence[Order]) -> Decision:
        """One legal order, uniformly at random."""
        n = len(legal)
        if not n:
            raise RulesError("no legal order to choose from: the game is over")
        return Decision(legal[self.rng.randrange(n)], (), self.name)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


def _kill_chance(board: Board, shooters: Sequence[Unit], target: Unit, kind: str) -> float:
    armour = board.tables.units.armour_of(target)
    if kind == FireKind.CLOSE_COMBAT.value:
        shots = [board.close_shot(s.suppressed, armour, target.hex) for s in shooters]
    else:
        shots = [board.shot(s.hex, target.hex, kind, s.suppressed, armour) for s in shooters]
    return float(compose(shots, start_bits(target))[D_BIT])


class GreedyPlayer:
    """Fires at the best odds, otherwise moves towards the objective (see the module
    docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = "greedy"

    def fresh(self, seed: int | None = None) -> GreedyPlayer:
        """A new greedy player with ``seed``."""
        return GreedyPlayer(seed)

    def _goal(self, board: Board, view: View, u: Unit) -> np.ndarray | None:
        """The cost-to-go field of the nearest objective no other friendly unit holds."""
        taken = {x.hex for x in view.units if x.side is view.side and x.id != u.id}
        fields = [board.to_go(h) for _, h, _, side in board.objectives()
                  if h not in taken and side in (None, view.side)]
        if not fields:
            enemies = [x.hex for x in view.units if x.side is not view.side]
            fields = [board.to_go(h) for h in enemies]
        if not fields:
            return None
        i = board.index[u.hex]
        return min(fields, key=lambda f: f[i])

    def decide(self, view: View, legal: Sequence[Order]) -> Decision:
        """Fire at the best odds, else step towards the objective, else end or pass."""
        orders = list(legal)
        if not orders:
            raise RulesError("no legal order to choose from: the game is over")
        board = public_board(legal, view)
        units = {u.id: u for u in view.units}
        cands: list[Candidate] = []
        window = view.window
        for o in orders:
            shooters: tuple[str, ...] = ()
            target, kind = None, FireKind.NORMAL.value
            if isinstance(o, DeclareFire) and len(o.fire.shooters) == 1:
                shooters, target, kind = o.fire.shooters, o.fire.target, o.fire.kind.value
            elif isinstance(o, OpportunityFire) and window is not None:
                shooters, target = o.shooters, window.targets[0]
            elif isinstance(o, CoveringFire) and window is not None:
                shooters, target = o.shooters, o.target or window.targets[0]
            elif isinstance(o, MovingFire) and not isinstance(o, ShortHaltFire) and view.move:
                shooters, target, kind = (view.move.unit,), o.target, FireKind.MOVING.value
            if target in units and all(s in units for s in shooters) and shooters:
                p = _kill_chance(board, [units[s] for s in shooters], units[target], kind)
                cands.append(Candidate(o, 1.0 + p - 0.01 * len(shooters),
                                       (("P(destroyed)", p),), "fire at the best odds"))
        if cands:
            return Decision(pick(cands, self.rng, 0.0).order, tuple(cands[:5]), self.name)
        mv = view.move
        if mv is not None and mv.side is view.side and mv.unit in units:
            u = units[mv.unit]
            f = self._goal(board, view, u)
            here = board.index[u.hex]
            steps = []
            for o in orders:
                if isinstance(o, StepTo) and f is not None:
                    to = o.to if isinstance(o.to, Hex) else board.hexmap.parse(o.to)
                    gain = float(f[here] - f[board.index[to]])
                    if gain > 0:
                        steps.append(Candidate(o, gain, (("closer", gain),), "towards it"))
            if steps:
                return Decision(pick(steps, self.rng, 0.0).order, tuple(steps), self.name)
            end = [o for o in orders if isinstance(o, EndMove)]
            if end:
                return Decision(end[0], (), self.name)
        starts = []
        for o in orders:
            if isinstance(o, StartMove) and not o.march and o.unit in units:
                f = self._goal(board, view, units[o.unit])
                if f is not None:
                    d = float(f[board.index[units[o.unit].hex]])
                    if 0 < d < np.inf:
                        starts.append(Candidate(o, d, (("to go", d),), "move towards it"))
        if starts:
            return Decision(pick(starts, self.rng, 0.0).order, tuple(starts), self.name)
        fallback = next((o for o in orders if isinstance(o, Pass | EndMove)), orders[0])
        return Decision(fallback, (), self.name)

    def __repr__(self) -> str:
        return f"GreedyPlayer(seed={self.seed!r})"
