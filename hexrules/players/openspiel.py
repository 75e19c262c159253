"""The game registered with OpenSpiel (optional extra ``hexrules[openspiel]``).

:func:`register` registers ``python_hexrules`` (parameter ``scenario``, default ``"duel"``)
as a pyspiel Python game, so OpenSpiel's algorithms (MCTS, ISMCTS, CFR on small games…) can
play it:

* players 0 and 1 are red and blue; an action is the index of an order in
  :func:`hexrules.game.legal_orders` of the state (so ``legal_actions()`` is
  ``range(len(legal_orders))``);
* every die is a chance node with its six exact outcomes (action ``face − 1``, ⅙ each):
  an order is applied with the dice drawn so far (:class:`~hexrules.dice.ScriptedDice`);
  when the engine asks for one more die, the state waits at a chance node for it;
* the observer of a player (``make_py_observer``) shows only that side's
  :meth:`~hexrules.game.state.GameState.view` (fog of war): its string is the view's JSON,
  its tensor the own units, the seen enemy units per hex, the turn and the side to act;
* returns are +1 for the winner, −1 for the loser, 0 for a draw (§9).

The core never imports this module; ``import pyspiel`` happens here only.

Examples
--------
>>> import pytest; pyspiel = pytest.importorskip("pyspiel")
>>> game = load_game("duel")
>>> s = game.new_initial_state()
>>> s.is_chance_node(), len(s.chance_outcomes())      # the first initiative d6 (T-2)
(True, 6)
>>> s.apply_action(2); s.current_player()            # a 3: red first
0
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError:  # the [openspiel] extra is not installed: register() says so
    pyspiel = None

from hexrules.dice import ScriptedDice
from hexrules.errors import DiceExhaustedError
from hexrules.game.orders import Order
from hexrules.game.scenario import Scenario
from hexrules.game.state import GameState
from hexrules.units import Side

__all__ = ["SHORT_NAME", "HexrulesGame", "HexrulesState", "load_game", "register"]

SHORT_NAME = "python_hexrules"
_SIDES = (Side.RED, Side.BLUE)
_MAX_ACTIONS = 4096

_GAME_TYPE = None if pyspiel is None else pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="hexrules tactical hex wargame",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"scenario": "duel"},
)


class HexrulesGame(pyspiel.Game if pyspiel else object):  # type: ignore[misc]
    """A scenario of hexrules as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.scenario_name = str(params.get("scenario", "duel"))
        self.scenario = Scenario.load(self.scenario_name)
        n_units = sum(len(s.units) for s in self.scenario.sides)
        info = pyspiel.GameInfo(
            num_distinct_actions=_MAX_ACTIONS, max_chance_outcomes=6, num_players=2,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=self.scenario.turns * 200 * n_units)
        super().__init__(_GAME_TYPE, info, {"scenario": self.scenario_name})

    def new_initial_state(self) -> HexrulesState:
        """The state before the first die of the game (the T-2 initiative)."""
        return HexrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer that shows one side its view only (fog of war)."""
        return Observer(self)


class HexrulesState(pyspiel.State if pyspiel else object):  # type: ignore[misc]
    """A hexrules game state; a pending order waits at chance nodes for its dice."""

    def __init__(self, game: HexrulesGame) -> None:
        super().__init__(game)
        self._hex_game = game
        self.state: GameState | None = None
        self.pending: Order | None = None
        self.faces: list[int] = []
        self._advance()

    # -- the engine under the chance nodes ----------------------------------------------
    def _advance(self) -> None:
        """Apply the pending order (or start the game) with the faces drawn so far."""
        dice = ScriptedDice(self.faces)
        try:
            if self.state is None:
                new = GameState.from_scenario(self._hex_game.scenario_name, dice=dice)
            else:
                start = dataclasses.replace(self.state, dice=dice.getstate(log=False))
                assert self.pending is not None
                new, _ = start.apply(self.pending)
        except DiceExhaustedError:
            return  # one more die: a chance node
        self.state, self.pending, self.faces = new, None, []

    @property
    def waiting_for_dice(self) -> bool:
        """Whether the state is a chance node."""
        return self.state is None or self.pending is not None

    # -- OpenSpiel's API ----------------------------------------------------------------
    def current_player(self) -> int:
        if self.waiting_for_dice:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.state is not None
        if self.state.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return _SIDES.index(self.state.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        return list(range(len(self.state.legal_orders())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(f, 1.0 / 6.0) for f in range(6)]

    def _apply_action(self, action: int) -> None:
        if self.waiting_for_dice:
            self.faces.append(int(action) + 1)
        else:
            assert self.state is not None
            self.pending = self.state.legal_orders()[int(action)]
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"d6={action + 1}"
        assert self.state is not None
        return repr(self.state.legal_orders()[int(action)])

    def is_terminal(self) -> bool:
        return self.state is not None and self.pending is None and self.state.over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        assert self.state is not None
        w = self.state.score.winner
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w is Side.RED else [-1.0, 1.0]

    def __deepcopy__(self, memo: dict[int, Any]) -> HexrulesState:
        other = HexrulesState.__new__(HexrulesState)
        pyspiel.State.__init__(other, self._hex_game)
        other._hex_game = self._hex_game
        other.state, other.pending, other.faces = self.state, self.pending, list(self.faces)
        return other

    def __str__(self) -> str:
        if self.state is None:
            return "<before the first die>"
        return str(self.state)


class Observer:
    """One side's observation: its view (fog of war) as JSON text and a small tensor."""

    def __init__(self, game: HexrulesGame) -> None:
        self.hexmap = game.scenario.hexmap()
        n = self.hexmap.rows * self.hexmap.cols
        self.tensor = np.zeros(2 * n + 3, np.float32)
        self.dict = {"own": self.tensor[:n], "enemy": self.tensor[n:2 * n],
                     "turn": self.tensor[2 * n:2 * n + 1],
                     "to_act": self.tensor[2 * n + 1:2 * n + 3]}

    def set_from(self, state: HexrulesState, player: int) -> None:
        """The tensor of ``player``'s view of ``state``."""
        self.tensor.fill(0)
        if state.state is None:
            return
        v = state.state.view(_SIDES[player])
        for u in v.units:
            col, row = u.hex.to_offset()
            key = "own" if u.side is v.side else "enemy"
            self.dict[key][row * self.hexmap.cols + col] += 1
        self.dict["turn"][0] = v.turn / v.turns
        if v.to_act is not None:
            self.dict["to_act"][_SIDES.index(v.to_act)] = 1

    def string_from(self, state: HexrulesState, player: int) -> str:
        """``player``'s view of ``state`` as JSON (what :meth:`GameState.view` shows)."""
        if state.state is None:
            return "{}"
        return json.dumps(state.state.view(_SIDES[player]).to_dict(), ensure_ascii=False,
                          sort_keys=True)


def register() -> None:
    """Register ``python_hexrules`` with pyspiel (once).

    Raises
    ------
    ImportError
        If OpenSpiel is not installed (``pip install 'hexrules[openspiel]'``).
    """
    if pyspiel is None:
        raise ImportError("OpenSpiel (pyspiel) is not installed: pip install "
                          "'hexrules[openspiel]'")
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, HexrulesGame)


def load_game(scenario: str = "duel") -> Any:
    """The OpenSpiel game of a scenario (registering it first)."""
    register()
    return pyspiel.load_game(SHORT_NAME, {"scenario": scenario})
