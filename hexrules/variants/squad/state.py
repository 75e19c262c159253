"""The state of a squad game (Q-11): a frozen value, its record, save and load.

A :class:`SquadState` holds the teams, the turn, the phase, the plan handed in so far this
phase, what each side has detected (Q-13…Q-15), the turn's attack history (Q-21), the points
each side removed (Q-28), the dice and the log. ``state.apply(order)`` returns the next state
and the :class:`SquadRecord` of what the order caused; a refused order raises and the state
is unchanged (it is a value).

**[project ruling]** The plans of one phase are handed in one side at a time, red first; the
engine keeps the first until the second arrives, and neither side's view shows the other's.

Examples
--------
>>> s = SquadState.new("lesson", seed=1)
>>> s.phase, s.to_act
(<SquadPhase.DEPLOYMENT: 'deployment'>, Side.RED)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any

from hexrules.dice import Dice, DiceSource, DiceState, Roll
from hexrules.errors import GameFormatError, RulesError
from hexrules.glossary import label
from hexrules.language import localized
from hexrules.records import Step, decode, encode, register
from hexrules.rulings import OrderParts
from hexrules.units import Side
from hexrules.variants.squad.plans import SquadOrder
from hexrules.variants.squad.scenario import SquadScenario, load_scenario
from hexrules.variants.squad.teams import Team

__all__ = ["SAVE_FORMAT", "SquadPhase", "SquadRecord", "SquadState"]

#: The ``format`` tag of a saved squad game.
SAVE_FORMAT = "hexrules-squad-game"


class SquadPhase(Enum):
    """Where a squad game is: which plans are awaited (Q-9, Q-11)."""

    DEPLOYMENT = "deployment"
    ACTION_PLANS = "action plans"
    ATTACK_PLANS = "attack plans"
    OVER = "over"

    @property
    def label(self) -> str:
        """English with the Chinese term."""
        return label({"deployment": "deployment_phase", "action plans": "action_plan",
                      "attack plans": "attack_plan", "over": "game_over"}[self.value])


@dataclass(frozen=True)
class SquadRecord(OrderParts):
    """Everything one order caused: its parts (detection, attack, heal records, events)."""

    order: SquadOrder | None
    side: Side | None
    turn: int
    phase: SquadPhase
    parts: tuple[Any, ...]
    rolls: tuple[Roll, ...]

    @localized
    def __str__(self) -> str:
        who = f" · {self.side.label}" if self.side else ""
        head = _head(self)
        return "\n".join([f"Turn 回合 {self.turn} · {self.phase.label}{who}: {head}",
                          *("  " + line for p in self.parts for line in str(p).splitlines())])

    @localized
    def _repr_html_(self) -> str:
        from hexrules.render.html import e

        who = f" · {e(self.side.label)}" if self.side else ""
        head = _head(self)
        return (f"<div class='hexrules-squad-record'><p>Turn 回合 {self.turn} · "
                f"{e(self.phase.label)}{who}: <code>{e(head)}</code></p>"
                f"{''.join(p._repr_html_() for p in self.parts)}</div>")


def _head(rec: SquadRecord) -> str:
    """The record's heading: the order's kind; with no order, the start of the game, or (a
    side's record read by the other side, :mod:`~.logview`) a plan handed in."""
    if rec.order is not None:
        return type(rec.order).__name__
    return "start of the game 推演开始" if rec.side is None else "plan handed in"


@dataclass(frozen=True)
class SquadOrigin:
    """How a game began: the scenario (by file), the starting dice and seed."""

    scenario: str
    dice: DiceState
    seed: int | str | None = None


@dataclass(frozen=True)
class SquadState:
    """One moment of a squad game (see the module docstring)."""

    origin: SquadOrigin
    teams: tuple[Team, ...]
    turn: int
    turns: int
    phase: SquadPhase
    pending: tuple[SquadOrder, ...] = ()
    detected: frozenset[tuple[Side, str]] = frozenset()
    lit: frozenset[tuple[Side, str]] = frozenset()
    revealed: frozenset[tuple[Side, str]] = frozenset()
    attacked: frozenset[tuple[str, str]] = frozenset()
    first: Side | None = None
    removed: tuple[tuple[Side, int], ...] = ((Side.RED, 0), (Side.BLUE, 0))
    winner: Side | None = None
    dice: DiceState | None = None
    log: tuple[SquadRecord, ...] = ()
    scenario: SquadScenario | None = field(default=None, compare=False, repr=False)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str | Path | SquadScenario = "lesson", *,
            seed: int | str | None = None, dice: DiceSource | None = None,
            deployed: bool = False) -> SquadState:
        """A new game of ``scenario`` (a name of ``maps/squad``, a path, or a loaded one),
        in its deployment phase, with seeded dice or the ``dice`` given; ``deployed=True``
        hands in both sides' deployments as the scenario sets the teams up (two logged
        orders), so the game starts at turn 1's action plans."""
        sc = scenario if isinstance(scenario, SquadScenario) else load_scenario(scenario)
        source = dice if dice is not None else Dice(seed=seed)
        start = source.getstate(log=False)
        origin = SquadOrigin(sc.source, start, getattr(source, "seed", None))
        state = cls(origin, sc.teams, 1, sc.turns, SquadPhase.DEPLOYMENT, dice=start,
                    scenario=sc)
        from hexrules.variants.squad.records import SquadEvent

        ev = SquadEvent("Q-11", "Deployment 部署阶段", (Step(
            "Q-11", "Sequence 回合流程", (("scenario", sc.name), ("turns", str(sc.turns))),
            result="each side deploys in its zone, secretly"),))
        rec = SquadRecord(None, None, 1, SquadPhase.DEPLOYMENT, (ev,), ())
        state = replace(state, log=(rec,))
        if deployed:
            from hexrules.variants.squad.plans import Deployment, Placement

            for side in (Side.RED, Side.BLUE):
                state, _ = state.apply(Deployment(side, tuple(
                    Placement(t.id, t.hex, t.facing, t.posture, t.order, t.contact)
                    for t in sc.teams if t.side is side)))
        return state

    # -- queries ------------------------------------------------------------------------
    @property
    def to_act(self) -> Side | None:
        """The side whose plan is awaited (red first), ``None`` when the game is over."""
        if self.phase is SquadPhase.OVER:
            return None
        return Side.BLUE if self.pending else Side.RED

    @property
    def over(self) -> bool:
        """Whether the game has ended (Q-28)."""
        return self.phase is SquadPhase.OVER

    def team(self, team_id: str) -> Team:
        """The team ``team_id``; :class:`RulesError` if there is none."""
        for t in self.teams:
            if t.id == team_id:
                return t
        raise RulesError(f"no team {team_id!r} on the board")

    def removed_by(self, side: Side | str) -> int:
        """Enemy defence points removed by ``side``'s attacks so far (Q-28)."""
        return dict(self.removed)[Side.parse(side)]

    def detects(self, side: Side | str, team_id: str) -> bool:
        """Whether ``side`` has enemy ``team_id`` detected now (Q-13…Q-15)."""
        key = (Side.parse(side), team_id)
        return key in self.detected or key in self.lit or key in self.revealed

    @property
    def ground(self) -> Any:
        """The scenario's ground (map, overlays, numbers)."""
        return self._scenario().ground

    def _scenario(self) -> SquadScenario:
        if self.scenario is None:
            object.__setattr__(self, "scenario", load_scenario(self.origin.scenario))
        return self.scenario  # type: ignore[return-value]

    def live_dice(self) -> DiceSource:
        """A dice source in this state's dice state."""
        return DiceSource.from_state(self.dice)  # type: ignore[arg-type]

    # -- the protocol -------------------------------------------------------------------
    def verify(self, order: SquadOrder) -> None:
        """Raise :class:`~hexrules.errors.IllegalOrderError` naming the rule if ``order`` is
        not legal now; return ``None`` if it is."""
        from hexrules.variants.squad.engine import verify

        verify(self, order)

    def can(self, order: SquadOrder) -> bool:
        """Whether ``order`` is legal now."""
        from hexrules.variants.squad.engine import can

        return can(self, order)

    def apply(self, order: SquadOrder) -> tuple[SquadState, SquadRecord]:
        """The state after ``order`` and its record; the state itself is unchanged."""
        from hexrules.variants.squad.engine import apply

        return apply(self, order)

    def view(self, side: Side | str) -> Any:
        """What ``side`` may know (:func:`hexrules.variants.squad.view.view`)."""
        from hexrules.variants.squad.view import view

        return view(self, side)

    def replay(self) -> SquadState:
        """Play this game's log again from its origin (:func:`hexrules.replay.replay`); the
        result equals this state, or :class:`~hexrules.errors.ReplayDivergedError` says
        where it differs."""
        from hexrules.replay import replay

        sc = self._scenario()
        final, dice = replay(lambda d: SquadState.new(sc, dice=d), self.log,
                             lambda s, o: s.apply(o), self.origin.dice)
        return replace(final, origin=self.origin, dice=dice.getstate(log=False))

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dictionary: the scenario by file, every field, the log."""
        data = {k: encode(getattr(self, k)) for k in _SAVED}
        return {"format": SAVE_FORMAT, "schema_version": 1, **data}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, scenario: SquadScenario | None = None
                  ) -> SquadState:
        """The state of a :meth:`to_dict` dictionary; :class:`GameFormatError` names a bad
        entry. The scenario is re-read from its file, or given (one made in memory)."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise GameFormatError(f"not a saved squad game (format {SAVE_FORMAT!r})")
        if data.get("schema_version") != 1:
            raise GameFormatError(f"saved squad game: schema_version "
                                  f"{data.get('schema_version')!r} is not supported")
        try:
            kwargs = {k: decode(data[k]) for k in _SAVED}
            kwargs["teams"] = tuple(kwargs["teams"])
            for k in ("detected", "lit", "revealed", "attacked"):
                kwargs[k] = frozenset(kwargs[k])
            state = cls(**kwargs, scenario=scenario)
            state._scenario()
        except (KeyError, TypeError, RulesError) as exc:
            raise GameFormatError(f"saved squad game: {exc}") from None
        return state

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file."""
        Path(path).write_text(json.dumps(self.to_dict(), ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, *, scenario: SquadScenario | None = None) -> SquadState:
        """Read a game written by :meth:`save` (``scenario`` as for :meth:`from_dict`)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise GameFormatError(f"{path}: cannot read a saved squad game: {exc}") from None
        return cls.from_dict(data, scenario=scenario)

    def _repr_html_(self) -> str:
        from hexrules.variants.squad.render import state_html

        return state_html(self)

    def __repr__(self) -> str:
        return (f"<SquadState turn {self.turn}/{self.turns} {self.phase.value}, "
                f"{len(self.teams)} teams>")


_SAVED = ("origin", "teams", "turn", "turns", "phase", "pending", "detected", "lit", "revealed",
          "attacked", "first", "removed", "winner", "dice", "log")

register(SquadPhase, SquadRecord, SquadOrigin, namespace="squad")  # DiceState: hexrules.records
