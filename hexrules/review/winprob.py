"""Win probability from saved moments of a game, and the turning points it shows.

Each side's chance of winning from a state is estimated by playing a few games on from it
with the balance runner (:func:`hexrules.players.balance` with ``start=``): computer players
for both sides (by default the fast greedy player), each game with its own seeded dice. The
end of the game is known exactly. A :class:`WinEstimate` keeps the counts, so it says how
sure it is (Wilson 95 % intervals, :func:`~hexrules.players.balance.wilson`).

A **turning point** (**[project ruling]**, docs/rules.md "After-action review") is one of
the intervals between two estimated moments where red's *edge* — P(red wins) − P(blue wins)
— changed most (by absolute value); the review names the events inside it. With few games
per state the estimates are rough: ``games=`` buys precision with time.

Examples
--------
>>> from hexrules.game import GameState
>>> from hexrules.players import RandomPlayer
>>> s = GameState.from_scenario("duel", seed=1)
>>> w = estimate(s, 0, games=4, players={"red": RandomPlayer(), "blue": RandomPlayer()})
>>> w.games, w.red + w.blue + w.draws
(4, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hexrules.errors import RulesError
from hexrules.game.state import GameState, Phase
from hexrules.language import localized
from hexrules.players.balance import balance, wilson
from hexrules.records import register
from hexrules.units import Side

__all__ = ["TurningPoint", "WinEstimate", "checkpoints", "estimate", "turning_points"]


@dataclass(frozen=True)
class WinEstimate:
    """Who won the games played on from the state after record ``index`` (``exact``: the
    game was over there, one "game" is its result)."""

    index: int
    turn: int
    phase: Phase
    games: int
    red: int
    blue: int
    draws: int
    exact: bool = False

    def p(self, side: Side | str | None) -> float:
        """The estimated chance that ``side`` wins (``None``: a draw)."""
        k = self.draws if side is None else getattr(self, Side.parse(side).value)
        return k / self.games if self.games else 0.0

    def interval(self, side: Side | str | None) -> tuple[float, float]:
        """Its Wilson 95 % interval."""
        k = self.draws if side is None else getattr(self, Side.parse(side).value)
        _, lo, hi = wilson(k, self.games)
        return (lo, hi) if not self.exact else (self.p(side), self.p(side))

    @property
    def edge(self) -> float:
        """P(red wins) − P(blue wins), from −1 (blue sure) to 1 (red sure)."""
        return self.p("red") - self.p("blue")


@dataclass(frozen=True)
class TurningPoint:
    """An interval between two estimates where red's edge changed: ``swing`` > 0 for red."""

    start: int
    end: int
    turn: int
    swing: float
    red: tuple[float, float] = (0.0, 0.0)
    blue: tuple[float, float] = (0.0, 0.0)
    events: tuple[str, ...] = ()

    @localized
    def __str__(self) -> str:
        who = "Red 红方" if self.swing > 0 else "Blue 蓝方"
        what = "; ".join(self.events) or "no single event: position and time"
        return (f"records #{self.start}–#{self.end} (turn {self.turn}): {who} gains — P(red "
                f"wins) {self.red[0]:.0%} → {self.red[1]:.0%}, P(blue wins) {self.blue[0]:.0%}"
                f" → {self.blue[1]:.0%}: {what}")


register(WinEstimate, TurningPoint)


def default_players() -> dict[str, Any]:
    """The players that estimate win probability: the greedy player on both sides (fast)."""
    from hexrules.players import GreedyPlayer

    return {"red": GreedyPlayer(), "blue": GreedyPlayer()}


def estimate(state: GameState, index: int, *, games: int = 6,
             players: Mapping[str, Any] | None = None, seed: int | str = 0,
             executor: Any = "serial") -> WinEstimate:
    """The :class:`WinEstimate` of ``state`` (the state after record ``index``)."""
    if state.over:
        w = state.score.winner if state.score is not None else None
        return WinEstimate(index, state.turn, state.phase, 1, int(w is Side.RED),
                           int(w is Side.BLUE), int(w is None), exact=True)
    rep = balance(None, players or default_players(), games=games, seed=f"{seed}/{index}",
                  executor=executor, start=state, progress=False)
    wins = rep.wins
    return WinEstimate(index, state.turn, state.phase, rep.games, wins["red"], wins["blue"],
                       rep.draws)


def checkpoints(states: Sequence[GameState], every: str = "turn") -> list[int]:
    """The record indices whose states are estimated: the start of the game, the start of
    every turn (``every="phase"``: of every phase) and the end."""
    if every not in ("turn", "phase"):
        raise RulesError(f"every must be 'turn' or 'phase', got {every!r}")
    out = [0]
    for k in range(1, len(states)):
        a, b = states[k - 1], states[k]
        if a.turn != b.turn or (every == "phase" and a.phase is not b.phase):
            out.append(k)
    if out[-1] != len(states) - 1:
        out.append(len(states) - 1)
    return out


def turning_points(estimates: Sequence[WinEstimate], describe: Callable[[int, int],
                   tuple[str, ...]] | None = None, top: int = 3) -> tuple[TurningPoint, ...]:
    """The ``top`` intervals with the largest change of red's edge, in game order."""
    pts = [TurningPoint(a.index, b.index, b.turn, b.edge - a.edge, (a.p("red"), b.p("red")),
                        (a.p("blue"), b.p("blue")),
                        describe(a.index, b.index) if describe else ())
           for a, b in zip(estimates, estimates[1:], strict=False)]
    best = sorted(pts, key=lambda t: -abs(t.swing))[:top]
    return tuple(sorted(best, key=lambda t: t.start))
