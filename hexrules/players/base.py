"""The common player interface: :class:`Player`, :class:`Decision`, :class:`Candidate`,
:func:`play`.

A player observes one side's :class:`~hexrules.game.view.View` and the legal orders of the
side to act (:func:`hexrules.game.legal_orders`) and returns a :class:`Decision`: the order,
and the top-ranked candidates with the numbers behind them. A decision is a frozen value: it
renders itself in a notebook (``_repr_html_``) and goes through JSON
(:func:`hexrules.records.encode` / :func:`~hexrules.records.decode`).

A player must decide from the view alone (fog of war): what it may read besides the view is
public — the map, the rule tables and the scenario, which :func:`public_board` takes from the
legal orders' state and nothing else of it. It may remember what it saw (last-seen enemy
positions), so it is a deterministic function of its seed and of the sequence of views and
legal orders it was given.

The variants (:mod:`hexrules.variants`) use the same protocol with their own views and
orders: ``decide(view, legal)`` returns a :class:`Decision` whose order is one of ``legal``.
Where a game's orders are too many to list (the squad variant's written plans), ``legal`` is
the game's own description of them (see :mod:`hexrules.variants.squad.players`);
:func:`check_decision` is the test every game loop applies to what a player returns.

Examples
--------
>>> from hexrules.game import Pass
>>> d = Decision(Pass(), (Candidate(Pass(), 0.0, (("damage", 0.0),), "nothing to do"),))
>>> from hexrules.records import decode, encode
>>> decode(encode(d)) == d
True
>>> print(d)
Pass() — 1 candidate: Pass() 0.00 (nothing to do)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from hexrules.errors import IllegalOrderError, RulesTypeError
from hexrules.game.orders import Order
from hexrules.game.state import GameState
from hexrules.records import register
from hexrules.units import Side

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.play import Game
    from hexrules.game.records import GameRecord
    from hexrules.game.view import View
    from hexrules.players.board import Board

__all__ = [
    "Candidate",
    "Decision",
    "Player",
    "PlayerError",
    "check_decision",
    "derive_seed",
    "pick",
    "play",
    "public_board",
]


class PlayerError(IllegalOrderError):
    """A player returned something that is not one of the legal orders it was given."""


@dataclass(frozen=True)
class Candidate:
    """One order a player considered, its score and the numbers behind it.

    ``parts`` are (name, value) pairs that add up to ``score`` (e.g. ``("damage", 0.9)``,
    ``("risk", -0.4)``, ``("objective", 1.2)``); ``note`` says it in words.
    """

    order: Order
    score: float
    parts: tuple[tuple[str, float], ...] = ()
    note: str = ""

    def part(self, name: str) -> float:
        """The value of one part (0.0 if absent)."""
        return sum(v for k, v in self.parts if k == name)

    def __str__(self) -> str:
        from hexrules.language import localize

        note = f" ({localize(self.note)})" if self.note else ""
        return f"{self.order!r} {self.score:.2f}{note}"


@dataclass(frozen=True)
class Decision:
    """The order a player chose and its top candidates, best first (a value)."""

    order: Order
    candidates: tuple[Candidate, ...] = ()
    player: str = ""

    @property
    def chosen(self) -> Candidate | None:
        """The candidate of the chosen order, if it was ranked."""
        return next((c for c in self.candidates if c.order == self.order), None)

    def __str__(self) -> str:
        from hexrules.language import localize

        n = len(self.candidates)
        best = "; ".join(str(c) for c in self.candidates[:3])
        return f"{self.order!r} — {localize(f'{n} candidate' + 's' * (n != 1))}: {best}"

    def _repr_html_(self) -> str:
        from hexrules.players.render import decision_html

        return decision_html(self)


register(Candidate, Decision)


@runtime_checkable
class Player(Protocol):
    """What the game, the lessons, the widgets and the tests call: ``decide``.

    ``decide(view, legal)`` gets the view of the side to act and its legal orders (a
    :class:`~hexrules.game.legal.LegalOrders`) and returns a :class:`Decision` whose order is
    one of them.
    """

    name: str

    def decide(self, view: View, legal: Sequence[Order]) -> Decision: ...  # pragma: no cover


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any parts, the same in every process (SHA-256 of their text).

    >>> derive_seed(7, "red") == derive_seed(7, "red") != derive_seed(7, "blue")
    True
    """
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def pick(candidates: Sequence[Candidate], rng: random.Random, margin: float) -> Candidate:
    """The best candidate, drawn with ``rng`` among those within ``margin`` of the best.

    >>> from hexrules.game import Pass, EndMove
    >>> cs = [Candidate(Pass(), 1.0), Candidate(EndMove(), 0.99)]
    >>> pick(cs, random.Random(1), 0.0).order, pick(cs, random.Random(1), 0.5).order in (
    ...     Pass(), EndMove())
    (Pass(), True)
    """
    best = max(c.score for c in candidates)
    near = [c for c in candidates if c.score >= best - margin]
    return near[rng.randrange(len(near))] if len(near) > 1 else near[0]


def public_board(legal: Sequence[Order], view: View) -> Board:
    """The public :class:`~hexrules.players.board.Board` of a game: its map, tables and
    scenario, read from the legal orders' state (never its units)."""
    from hexrules.players.board import Board

    state = getattr(legal, "state", None)
    if not isinstance(state, GameState):
        raise RulesTypeError("a computer player needs the map: pass the legal orders as "
                             "state.legal_orders() (a LegalOrders, which carries the map)")
    return Board.of(state.hexmap, state.tables, state.scenario, state.origin.setup)


def check_decision(decision: object, is_legal: Callable[[Any], bool], who: str) -> Any:
    """The order of ``decision`` if it is a :class:`Decision` whose order ``is_legal``
    (e.g. ``state.can``); else :class:`PlayerError` naming the player and the order (any
    game's loop: the tank game's :func:`play`, the variants').

    >>> from hexrules.game import Pass
    >>> check_decision(Decision(Pass()), lambda o: True, "p")
    Pass()
    >>> check_decision(Pass(), lambda o: True, "p")
    Traceback (most recent call last):
    ...
    hexrules.players.base.PlayerError: player p returned Pass(), not a Decision
    """
    if not isinstance(decision, Decision):
        raise PlayerError(f"player {who} returned {decision!r}, not a Decision")
    order = decision.order
    if not is_legal(order):
        raise PlayerError(f"player {who} chose {order!r}, which is not legal now")
    return order


def _check(decision: object, legal: Sequence[Order], who: str, state: GameState) -> Order:
    if not isinstance(decision, Decision):
        raise PlayerError(f"player {who} returned {decision!r}, not a Decision")
    order = decision.order
    if not state.can(order):
        raise PlayerError(f"player {who} chose {order!r}, which is not legal now "
                          f"({legal!r})")
    return order


def play(scenario_or_state: Any, players: Mapping[Side | str, Player], *,
         seed: int | str | None = None, max_orders: int = 20_000,
         each: Callable[[GameState, Decision, GameRecord], object] | None = None) -> Game:
    """Play a game to the end with one player per side; the finished
    :class:`~hexrules.game.play.Game`.

    Parameters
    ----------
    scenario_or_state : str, Scenario or GameState
        A shipped scenario's name (``"duel"``), a loaded scenario, or a state to go on from.
    players : mapping Side → Player
        Who decides for red and for blue (``{"red": DefaultPlayer(seed=1), ...}``).
    seed : int or str, optional
        The dice seed of a new game (ignored when a state is given).
    each : callable, optional
        ``each(state, decision, record)`` after every order (e.g. to show the explanations).

    Raises
    ------
    PlayerError
        If a player returns an order that is not legal.

    Examples
    --------
    >>> from hexrules.players import RandomPlayer
    >>> g = play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)}, seed=3)
    >>> g.over, g.state.score.scenario
    (True, 'Duel at the saddle 鞍部对决')
    """
    from hexrules.game.play import Game

    by_side = {Side.parse(k): v for k, v in players.items()}
    missing = [s.value for s in Side if s not in by_side]
    if missing:
        raise RulesTypeError(f"play needs a player for each side; missing {', '.join(missing)}")
    if isinstance(scenario_or_state, GameState):
        game = Game(scenario_or_state)
    else:
        game = Game.from_scenario(scenario_or_state, seed=seed)
    for _ in range(max_orders):
        state = game.state
        if state.over:
            return game
        side = state.to_act
        assert side is not None
        p = by_side[side]
        legal = state.legal_orders()
        decision = p.decide(state.view(side), legal)
        order = _check(decision, legal, getattr(p, "name", repr(p)), state)
        record = game.apply(order)
        if each is not None:
            each(game.state, decision, record)
    raise PlayerError(f"the game did not end within {max_orders} orders")
