"""Playing a game from Python: the :class:`Game` (a state that moves on) and random play.

:class:`Game` is the convenience a lesson, a widget or an AI drives, like python-chess's
``Board``: it holds the current :class:`~hexrules.game.state.GameState` and offers the
verify / can / apply trio on it, ``legal_orders()``, ``view(side)``, ``undo()``, ``clone()``,
saving and loading (JSON) and the log and its replay. The states themselves stay frozen values.

:func:`random_order` and :func:`play_random` play uniformly random legal orders (seeded), for
tests and benchmarks.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import Pass
>>> g = Game.new(HexMap.flat(10, 5), [Unit("R1", "red", Hex(0, 2)),
...              Unit("B1", "blue", Hex(7, 2))], turns=2, seed=4)
>>> g
<Game turn 1/2 direct_fire, blue to act>
>>> rec = g.apply(Pass())
>>> g.state.to_act, len(g.history)
(Side.RED, 2)
>>> g.undo() == rec, g.state.to_act
(True, Side.BLUE)
>>> final = play_random(g.state, seed=1)
>>> final.over
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from hexrules.dice import DiceSource
from hexrules.errors import GameFormatError, IllegalOrderError, RulesError, RulesTypeError
from hexrules.game.legal import LegalOrders
from hexrules.game.log import GameLog
from hexrules.game.orders import Order
from hexrules.game.records import GameRecord
from hexrules.game.state import GameState, Options
from hexrules.game.view import View
from hexrules.map.hexmap import HexMap
from hexrules.tables import TableSet
from hexrules.units import Side, Unit

__all__ = ["Game", "play_random", "random_order"]


class Game:
    """A game being played: the current state and the states before it.

    Build it with :meth:`new`, :meth:`from_scenario`, :meth:`load` or ``Game(state)``.
    """

    def __init__(self, state: GameState) -> None:
        if not isinstance(state, GameState):
            raise RulesTypeError(f"a Game holds a GameState, got {type(state).__name__}")
        self.history: list[GameState] = [state]

    @classmethod
    def new(cls, hexmap: HexMap, units: Iterable[Unit] | Mapping[str, Unit], *, turns: int,
            seed: int | str | None = None, dice: DiceSource | None = None,
            options: Options | None = None, tables: TableSet | None = None) -> Game:
        """A new game (see :meth:`GameState.new`)."""
        return cls(GameState.new(hexmap, units, turns=turns, seed=seed, dice=dice,
                                 options=options, tables=tables))

    @classmethod
    def from_scenario(cls, scenario: Any, *, seed: int | str | None = None,
                      dice: DiceSource | None = None, options: Options | None = None) -> Game:
        """A new game of a scenario (see :meth:`GameState.from_scenario`)."""
        return cls(GameState.from_scenario(scenario, seed=seed, dice=dice, options=options))

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.history[-1]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.over

    # -- the trio -------------------------------------------------------------------------
    def legal_orders(self) -> LegalOrders:
        """Every legal order of the side to act."""
        return self.state.legal_orders()

    def verify(self, order: Order) -> None:
        """Raise the project's error if ``order`` is illegal now."""
        self.state.verify(order)

    def can(self, order: Order) -> bool:
        """Whether ``order`` may be given now."""
        return self.state.can(order)

    def apply(self, order: Order) -> GameRecord:
        """Give ``order``; return its record. An illegal order raises and changes nothing."""
        state, record = self.state.apply(order)
        self.history.append(state)
        return record

    def deal(self, side: Side | str, card: Any, *, reshuffle: bool = False) -> GameRecord:
        """The instructor deals ``card`` to ``side`` (the reward rule, §7): the order
        :class:`~hexrules.game.orders.DealCard`, logged like any order (with no side).

        >>> from hexrules import Hex, HexMap, Unit
        >>> from hexrules.game import Options
        >>> g = Game.new(HexMap.flat(6, 4), [Unit("R1", "red", Hex(0, 1))], turns=2, seed=1,
        ...              options=Options(cards=True))
        >>> g.deal("red", "E-4").rules, [h.card.rule for h in g.state.cards.held_by("red")]
        (('§7',), ['E-4'])
        """
        from hexrules.game.orders import DealCard

        return self.apply(DealCard(side, card, reshuffle))

    def undo(self) -> GameRecord:
        """Take back the last order; return its record (python-chess's ``pop``)."""
        if len(self.history) < 2:
            raise IllegalOrderError("no order to take back: the game is at its start")
        record = self.state.log[-1]
        self.history.pop()
        return record

    # -- knowledge ----------------------------------------------------------------------
    def view(self, side: Side | str) -> View:
        """What ``side`` may know now."""
        return self.state.view(side)

    @property
    def log(self) -> GameLog:
        """The game log: its origin and every record."""
        return self.state.game_log()

    def replay(self) -> GameState:
        """The state the log replays to (equal to :attr:`state`)."""
        return self.log.replay(hexmap=self.state.hexmap, tables=self.state.tables)

    def clone(self) -> Game:
        """An independent game at the same position (same future for the same orders)."""
        other = Game(self.state.clone())
        other.history = [*self.history[:-1], other.state]
        return other

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The current state as a JSON-safe dictionary."""
        return self.state.to_dict()

    def save(self, path: str | Path) -> None:
        """Write the current state to a JSON file."""
        Path(path).write_text(json.dumps(self.to_dict(), ensure_ascii=False),
                              encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, *, hexmap: HexMap | None = None) -> Game:
        """A game read from a :meth:`save` file; :class:`GameFormatError` names a bad one."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GameFormatError(f"{path}: cannot read a saved game: {exc}") from None
        return cls(GameState.from_dict(data, hexmap=hexmap))

    def __repr__(self) -> str:
        from hexrules.render.text import game_state_summary

        return f"<Game {game_state_summary(self.state)}>"

    def _repr_html_(self) -> str:
        return self.state._repr_html_()


def random_order(state: GameState, rng: random.Random) -> Order:
    """A legal order of ``state`` drawn uniformly with ``rng``."""
    legal = state.legal_orders()
    if not len(legal):
        raise RulesError("no legal order: the game is over")
    return legal.choice(rng)


def play_random(state: GameState, *, seed: int | None = None,
                rng: random.Random | None = None, max_orders: int = 100_000,
                each: Callable[[GameState, Order, GameRecord], object] | None = None
                ) -> GameState:
    """Play random legal orders from ``state`` to the end of the game; the final state.

    ``each(state, order, record)`` is called after every order (e.g. to check invariants).
    """
    rng = rng if rng is not None else random.Random(seed)
    for _ in range(max_orders):
        if state.over:
            return state
        order = random_order(state, rng)
        state, record = state.apply(order)
        if each is not None:
            each(state, order, record)
    raise RulesError(f"the game did not end within {max_orders} orders")

