"""Computer players (issue 11): a common interface, a random, a greedy and a default player
that explains its choices, and scenario balance measured over many games.

* :mod:`~hexrules.players.base` — :class:`Player` (``decide(view, legal) -> Decision``),
  :class:`Decision`, :class:`Candidate`, :func:`play`;
* :mod:`~hexrules.players.default` — :class:`DefaultPlayer`, a one-ply expectimax over the
  exact odds (:mod:`~hexrules.players.evaluate`, one evaluator per order type;
  :mod:`~hexrules.players.planner` for moves, :mod:`~hexrules.players.melee` for close
  combat; :mod:`~hexrules.players.knowledge` for what a
  side knows under fog of war; :mod:`~hexrules.players.board` for the public map and odds);
* :mod:`~hexrules.players.cards` — the evaluators of the event-card orders (E-2, E-3, E-5,
  fire plans A-1);
* :mod:`~hexrules.players.simple` — :class:`RandomPlayer`, :class:`GreedyPlayer`;
* :mod:`~hexrules.players.balance` — :func:`balance`: many seeded games on any
  ``concurrent.futures.Executor`` (a process pool, a Dask cluster), win rates with
  confidence intervals;
* :mod:`~hexrules.players.openspiel` — the game registered with OpenSpiel (optional extra
  ``hexrules[openspiel]``; the core never imports it).

Examples
--------
>>> from hexrules.players import DefaultPlayer, RandomPlayer, play
>>> g = play("duel", {"red": DefaultPlayer(seed=1), "blue": RandomPlayer(seed=1)}, seed=2)
>>> g.over
True
"""

from hexrules.players import cards as _cards  # noqa: E402,F401  (the card orders' evaluators)
from hexrules.players.balance import BalanceReport, GameSummary, balance, wilson
from hexrules.players.base import (
    Candidate,
    Decision,
    Player,
    PlayerError,
    check_decision,
    derive_seed,
    play,
    public_board,
)
from hexrules.players.default import LEVELS, DefaultPlayer
from hexrules.players.evaluate import register_evaluator
from hexrules.players.planner import Weights
from hexrules.players.simple import GreedyPlayer, RandomPlayer

__all__ = [
    "LEVELS",
    "BalanceReport",
    "Candidate",
    "Decision",
    "DefaultPlayer",
    "GameSummary",
    "GreedyPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "Weights",
    "balance",
    "check_decision",
    "derive_seed",
    "play",
    "public_board",
    "register_evaluator",
    "wilson",
]
