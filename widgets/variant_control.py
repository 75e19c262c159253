"""The kernel side of the variant players (:mod:`hexrules_widgets.variant_player`): a
controller per variant that holds the game and the seats, and the :class:`VariantScreen` it
hands the drawing.

As in the tank game's scenario player (:mod:`hexrules_widgets.player_control`), the drawing
gets one value, the screen of one side, and nothing else of the game: that side's view
(``state.view(side)``: fog of war is the squad variant's core mechanic), what it may order
now (the squad variant's :class:`~hexrules.variants.squad.players.PlanSpace`, the
Prokhorovka variant's legal orders as a plain tuple), the log as that side may read it
(:func:`hexrules.variants.squad.logview.public_log`,
:func:`hexrules.variants.prokhorovka.logview.public_log`) and the computer's reasoning (a
:class:`~hexrules.players.Decision`, the enemy's only when it names nothing hidden).
A seat is a person (``"human"``) or a computer player of the variant, by name
(:data:`hexrules.variants.squad.players.PLAYERS`,
:data:`hexrules.variants.prokhorovka.players.PLAYERS`) or as any object with ``decide``.
An order the engine refuses changes nothing; its message becomes the status line.

Examples
--------
>>> c = SquadController(red="human", blue="objective", seed=2)
>>> sc = c.screen()
>>> sc.view.side.value, sc.space.phase.value, sc.view.known
('red', 'deployment', ())
>>> p = ProkController(german="human", soviet="greedy", seed=1)
>>> p.screen().orders[0]
EndPhase()
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hexrules.errors import RulesError
from hexrules.units import Side
from hexrules.variants.logview import decision_public

__all__ = ["ProkController", "SquadController", "VariantScreen", "seat_labels"]

_SEAT_LABELS = {"human": "Human 人", "random": "Computer random 电脑 随机",
                "objective": "Computer objective 电脑 目标", "greedy": "Computer greedy 电脑 目标"}


def seat_labels(players: Sequence[str]) -> list[tuple[str, str]]:
    """The dropdown options (label, value) of a seat: a person, or each named computer.

    >>> seat_labels(["random"])
    [('Human 人', 'human'), ('Computer random 电脑 随机', 'random')]
    """
    return [(_SEAT_LABELS.get(k, k), k) for k in ("human", *players)]


@dataclass(frozen=True)
class VariantScreen:
    """What one side's screen shows (a value; nothing else of the game reaches the drawing).

    ``orders`` are the legal orders when a person on this side is to act (Prokhorovka), else
    empty; ``space`` what a person on this side may write now (squad), else ``None``;
    ``log`` pairs a one-line summary with the record's HTML (``""``: nothing readable).
    """

    side: Any
    view: Any
    orders: tuple[Any, ...]
    space: Any
    log: tuple[tuple[str, str], ...]
    explanation: str
    status: str
    waiting: bool
    curtain: bool = False


class _Controller:
    """The seats, who has the screen, giving orders and the computers' turns (shared)."""

    sides: tuple[Any, ...] = ()
    players: dict[str, Callable[[int], Any]] = {}

    def __init__(self, seats: dict[Any, Any], seed: int) -> None:
        from hexrules.players import derive_seed

        self.seed = seed
        self.seats = {}
        for side, who in seats.items():
            if isinstance(who, str):
                if who != "human" and who not in self.players:
                    raise RulesError(f"a seat is 'human' or one of {', '.join(self.players)}, "
                                     f"got {who!r}")
                who = None if who == "human" else self.players[who](
                    derive_seed(seed, str(getattr(side, "value", side))))
            self.seats[side] = who
        self.decisions: dict[Any, Any] = {}
        self._html: dict[tuple[int, Any, Any], str] = {}
        self.status = ""
        self.shown: Any = None
        self.observer = self.sides[0]

    # -- the game, per variant -----------------------------------------------------------
    def to_act(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def over(self) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def apply(self, order: Any) -> str:  # pragma: no cover - overridden
        """Apply ``order`` (raises and changes nothing if refused); a summary."""
        raise NotImplementedError

    def legal(self) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def view(self, side: Any) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def hidden(self, side: Any) -> set[str]:  # pragma: no cover - overridden
        raise NotImplementedError

    def log(self, side: Any) -> tuple[tuple[str, str], ...]:  # pragma: no cover
        raise NotImplementedError

    def can(self, order: Any) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def rendered(self, i: int, rec: Any) -> str:
        """The HTML of log entry ``i`` as read (``rec``; ``None``: nothing readable), kept:
        a public record is a value, so equal ones render once."""
        if rec is None:
            return ""
        key = (i, id(self.game), rec)
        if key not in self._html:
            self._html[key] = rec._repr_html_()
        return self._html[key]

    # -- who sees what -------------------------------------------------------------------
    def human(self, side: Any) -> bool:
        """Whether a person sits on ``side``."""
        return side is not None and self.seats.get(side) is None

    @property
    def screen_side(self) -> Any:
        """Whose screen is drawn: the person to act, the one person, or the observer."""
        side = self.to_act()
        if self.human(side):
            return side
        people = [s for s in self.sides if self.human(s)]
        return people[0] if people else self.observer

    def hand_over(self) -> None:
        """The next person has the screen (hot seat)."""
        self.shown = self.screen_side

    def screen(self) -> VariantScreen:
        """What the screen side may see now (the only thing the widget draws). Hot seat: when
        the screen passes to the other person, a curtain first until :meth:`hand_over`."""
        side = self.screen_side
        if all(self.human(s) for s in self.sides) and self.shown != side:
            if self.shown is None:
                self.shown = side
            else:
                return VariantScreen(side, None, (), None, (), "",
                                     f"{_name(side)}: to act 行动 — hand over the screen 交换",
                                     False, True)
        hidden = self.hidden(side)
        expl = ""
        for by, d in self.decisions.items():
            text = d._repr_html_()
            expl += (text if decision_public(by, side, f"{d}\n{text}", hidden)
                     else f"<p>{html.escape(_name(by))}: not shown 不公开 (fog of war 战争迷雾)"
                          "</p>")
        mine = self.human(self.to_act()) and self.to_act() == side and not self.over()
        orders, space = self.orders_and_space(side) if mine else ((), None)
        waiting = not self.over() and not self.human(self.to_act())
        return VariantScreen(side, self.view(side), orders, space, self.log(side), expl,
                             self.status, waiting)

    def orders_and_space(self, side: Any) -> tuple[tuple[Any, ...], Any]:
        """What a person on ``side`` may order now: (legal orders, plan space)."""
        return (), None  # pragma: no cover - overridden

    # -- orders --------------------------------------------------------------------------
    def give(self, order: Any) -> bool:
        """A person's order; refused: nothing changes, the engine's message is the status.
        Then the computers play until a person is to act."""
        try:
            summary = self.apply(order)
        except RulesError as exc:
            self.status = f"✗ State unchanged 原状态不变: {exc}"
            return False
        self.status = f"✓ {summary}"
        self.run_computers()
        return True

    def computer_step(self) -> bool:
        """One decision of the computer to act; whether one was made."""
        from hexrules.players import check_decision

        side = self.to_act()
        if self.over() or side is None or self.human(side):
            return False
        p = self.seats[side]
        d = p.decide(self.view(side), self.legal())
        order = check_decision(d, self.can, f"{_name(side)} {getattr(p, 'name', p)}")
        self.decisions[side] = d
        self.apply(order)
        return True

    def run_computers(self, limit: int = 5000) -> None:
        """Let the computers act until a person is to act (nothing when both are computers)."""
        if not any(self.human(s) for s in self.sides):
            return
        for _ in range(limit):
            if not self.computer_step():
                return


def _name(side: Any) -> str:
    return getattr(side, "label", None) or str(side).capitalize()


class SquadController(_Controller):
    """The squad variant's game and seats (``red``, ``blue``: ``"human"``, ``"random"``,
    ``"objective"`` or a player); fog of war always (Q-13…Q-15)."""

    sides = (Side.RED, Side.BLUE)

    def __init__(self, scenario: str = "lesson", *, red: Any = "human",
                 blue: Any = "objective", seed: int = 1, state: Any = None) -> None:
        from hexrules.variants.squad import SquadGame, SquadState
        from hexrules.variants.squad.players import PLAYERS

        self.players = PLAYERS
        self.scenario = scenario
        self.game = SquadGame(state if state is not None else SquadState.new(scenario, seed=seed))
        super().__init__({Side.RED: red, Side.BLUE: blue}, seed)
        self.status = f"Scenario 想定: {self.game.state._scenario().name}"
        self.run_computers()

    def to_act(self) -> Side | None:
        return self.game.state.to_act

    def over(self) -> bool:
        return self.game.state.over

    def apply(self, order: Any) -> str:
        rec = self.game.apply(order)
        return f"T{rec.turn} {rec.phase.label} · {rec.side.label if rec.side else ''}: " \
               f"{type(order).__name__}"

    def legal(self) -> Any:
        from hexrules.variants.squad.players import legal_plans

        return legal_plans(self.game.state)

    def can(self, order: Any) -> bool:
        return self.game.state.can(order)

    def view(self, side: Any) -> Any:
        return self.game.state.view(side)

    def hidden(self, side: Any) -> set[str]:
        from hexrules.variants.squad.logview import hidden_words

        return hidden_words(self.game.state, side)

    def log(self, side: Any) -> tuple[tuple[str, str], ...]:
        from hexrules.variants.squad.logview import public_log

        return tuple((s, self.rendered(i, r))
                     for i, (s, r) in enumerate(public_log(self.game.state, side)))

    def orders_and_space(self, side: Any) -> tuple[tuple[Any, ...], Any]:
        return (), self.legal()

    @property
    def public(self) -> Any:
        """The public scenario (map, overlays, zones, objective): what every screen may draw."""
        return self.game.state._scenario()


class ProkController(_Controller):
    """The Prokhorovka variant's game and seats (``german``, ``soviet``: ``"human"``,
    ``"random"``, ``"greedy"`` or a player); each side sees what P-18 lets it see."""

    sides = ("german", "soviet")

    def __init__(self, scenario: str = "cut", *, german: Any = "human",
                 soviet: Any = "greedy", seed: int = 1) -> None:
        from hexrules.variants.prokhorovka import ProkGame
        from hexrules.variants.prokhorovka.players import PLAYERS

        self.players = PLAYERS
        self.scenario = scenario
        self.game = ProkGame.new(scenario, seed=seed)
        super().__init__({"german": german, "soviet": soviet}, seed)
        self.status = f"Scenario 想定: {self.game.scenario.title}"
        self.run_computers()

    def to_act(self) -> str | None:
        return None if self.game.state.over else self.game.state.to_act

    def over(self) -> bool:
        return self.game.state.over

    def apply(self, order: Any) -> str:
        rec = self.game.apply(order)
        return f"T{rec.turn} {rec.phase} · {rec.side or ''}: {order!r}"

    def legal(self) -> Any:
        return self.game.legal_orders()

    def can(self, order: Any) -> bool:
        from hexrules.variants.prokhorovka import can

        return can(self.game.state, order)

    def view(self, side: Any) -> Any:
        return self.game.view(side)

    def hidden(self, side: Any) -> set[str]:
        from hexrules.variants.prokhorovka.logview import hidden_words

        return hidden_words(self.game.state, side)

    def log(self, side: Any) -> tuple[tuple[str, str], ...]:
        from hexrules.variants.prokhorovka.logview import public_log

        return tuple((s, self.rendered(i, r))
                     for i, (s, r) in enumerate(public_log(self.game, side)))

    def orders_and_space(self, side: Any) -> tuple[tuple[Any, ...], Any]:
        return tuple(self.legal()), None

    @property
    def public(self) -> Any:
        """The public board (map, farm): what every screen may draw."""
        return self.game.scenario
