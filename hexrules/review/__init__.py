"""The after-action review 复盘 (issue 16): what each side saw, what it decided, and where
chance or a better choice would have changed the outcome — built on the game log.

* :mod:`~hexrules.review.timeline` — :func:`load_game` opens a saved game or game log (the
  scenario player's file, :meth:`GameState.to_dict <hexrules.game.GameState.to_dict>`, a
  :class:`~hexrules.game.GameLog`, a game of a balance run via
  :func:`hexrules.players.balance.game_of`); :func:`states_of` replays it into every state;
  :class:`ReviewEvent` the timeline (first kill, kills, damage, close combat, artillery,
  cards, turns, the end);
* :mod:`~hexrules.review.decisions` — :class:`DecisionPoint`: each fire and move order's
  exact odds (:func:`hexrules.game.order_odds`, the adjudication's own code), the luck of the
  roll, and the orders the default player would have ranked higher with its numbers;
* :mod:`~hexrules.review.winprob` — :class:`WinEstimate` from a saved state with the balance
  runner (``balance(..., start=state)``), :class:`TurningPoint`;
* :mod:`~hexrules.review.core` — :class:`Review`: stepping (``state_at``, ``record``,
  ``find("first_kill")``, ``turn_start``), each side's view (``view_at``, ``record_for``,
  ``decision_for``, ``events_for``: what the side knew then, fog of war), the summary per side
  (:class:`SideSummary`), saving (JSON);
* :mod:`~hexrules.review.plots` and :mod:`~hexrules.review.report` — the plots (kill
  timeline, expected against actual damage, sight, win probability) and the static HTML
  report (:meth:`Review.to_html`).

The definitions (luck, expected against actual, turning points) are project rulings,
docs/rules.md "After-action review".

Examples
--------
>>> from hexrules.players import DefaultPlayer, play
>>> g = play("duel", {"red": DefaultPlayer(seed=1), "blue": DefaultPlayer(seed=2)}, seed=3)
>>> r = Review.build(g.state)
>>> k = r.find("first_kill")
>>> r.record(k).turn >= 1, r.decision_at(k) is not None
(True, True)
>>> [u.id for u in r.view_at(0, "red").units]       # under fog, red sees only its own
['R1']
"""

from hexrules.review.core import REVIEW_FORMAT, Review, SideSummary
from hexrules.review.decisions import DecisionPoint, damage_of, fire_point
from hexrules.review.timeline import EVENT_KINDS, ReviewEvent, events_of, load_game, states_of
from hexrules.review.winprob import TurningPoint, WinEstimate

__all__ = [
    "EVENT_KINDS",
    "REVIEW_FORMAT",
    "DecisionPoint",
    "Review",
    "ReviewEvent",
    "SideSummary",
    "TurningPoint",
    "WinEstimate",
    "damage_of",
    "events_of",
    "fire_point",
    "load_game",
    "states_of",
]
