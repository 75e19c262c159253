"""The small values a game state is made of (T-1…T-5, V-4…V-10, C-4): the phase, the referee
options, the move in progress, the reaction window, the close combat in progress.

All are frozen, JSON-safe (registered with :mod:`hexrules.records`) and re-exported by
:mod:`hexrules.game.state` and :mod:`hexrules.game`.

Examples
--------
>>> Phase.MOVEMENT.rule, Phase.MOVEMENT.label
('T-3', 'Movement phase 机动阶段')
>>> WindowKind.COVERING.rule
'V-7'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from hexrules.combat.orders import FireKind
from hexrules.errors import RulesError, RulesTypeError
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.records import register
from hexrules.units import Side

__all__ = [
    "CloseCombat",
    "MoveInProgress",
    "Options",
    "Phase",
    "ReactionWindow",
    "Referee",
    "WindowKind",
]


class Phase(Enum):
    """The phases of a turn (T-1…T-5), and the end of the game."""

    PREPARATION = "preparation"
    DIRECT_FIRE = "direct_fire"
    MOVEMENT = "movement"
    RANDOM_EVENT = "random_event"
    CLOSE_COMBAT = "close_combat"
    OVER = "over"

    @property
    def rule(self) -> str:
        """The rule of the phase (``'T-3'``; ``'§9'`` for the end)."""
        return _PHASE_INFO[self][0]

    @property
    def label(self) -> str:
        """Bilingual name, e.g. ``'Movement phase 机动阶段'``."""
        return label(_PHASE_INFO[self][1])

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


_PHASE_INFO = {
    Phase.PREPARATION: ("T-1", "preparation_phase"),
    Phase.DIRECT_FIRE: ("T-2", "direct_fire_phase"),
    Phase.MOVEMENT: ("T-3", "movement_phase"),
    Phase.RANDOM_EVENT: ("T-4", "random_event_phase"),
    Phase.CLOSE_COMBAT: ("T-5", "close_combat_phase"),
    Phase.OVER: ("§9", "game_over"),
}


def _parse_enum(cls: type[Enum], value: object, what: str) -> Any:
    if isinstance(value, cls):
        return value
    if isinstance(value, str):
        key = value.strip().lower().replace("-", "_").replace(" ", "_")
        for member in cls:
            if member.value == key:
                return member
    valid = ", ".join(repr(m.value) for m in cls)
    raise RulesError(f"unknown {what} {value!r}; valid: {valid}")


class Referee(Enum):
    """How the referee treats a breach of C-4 and an overspending step (V-5).

    ``STRICT`` (the default, C-4 [decision]) refuses the order with an error and changes
    nothing. ``PAPER`` applies the rulebook's penalties: a C-4 breach fails and spends the
    side's slot, an overspending step is undone and ends the move with an opportunity shot.
    """

    STRICT = "strict"
    PAPER = "paper"

    def __repr__(self) -> str:
        return f"Referee.{self.name}"


@dataclass(frozen=True)
class Options:
    """Referee options of a game.

    Parameters
    ----------
    referee : Referee or str
        ``'strict'`` (default) or ``'paper'`` (the paper-table penalties of C-4 and V-5).
    fog_of_war : bool
        Whether :meth:`GameState.view` hides enemy units no friendly unit sees.
        **[project ruling]** With fog of war a side may declare fire (of any kind) only at
        an enemy unit at least one of its units sees now (the shooter itself need not see
        it: the shot then fails at F-2 step 1, as without fog); a side cannot aim at a unit
        it does not know of.
    require_sight : bool
        Refuse fire declarations without line of sight (see
        :func:`~hexrules.combat.declare.verify_fire`); by default they stand and fail at F-2
        step 1 ([project ruling] Blocked sight).
    cards : bool
        Play with the random event cards (§7, E-1…E-7, and the artillery they call, A-1…A-8;
        :mod:`hexrules.game.events`). Off for a game built with ``GameState.new`` unless
        asked for; a scenario file says ``"cards": true`` (the default of scenario files).

    Examples
    --------
    >>> Options(referee="paper").paper
    True
    >>> Options(referee="lenient")
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: unknown referee option 'lenient'; valid: 'strict', 'paper'
    """

    referee: Referee = Referee.STRICT
    fog_of_war: bool = False
    require_sight: bool = False
    cards: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "referee", _parse_enum(Referee, self.referee,
                                                        "referee option"))
        for name in ("fog_of_war", "require_sight", "cards"):
            if not isinstance(getattr(self, name), bool):
                raise RulesTypeError(f"{name} must be True or False, got "
                                     f"{getattr(self, name)!r}")

    @property
    def paper(self) -> bool:
        """Whether the paper-table penalties apply (C-4, V-5)."""
        return self.referee is Referee.PAPER


@dataclass(frozen=True)
class MoveInProgress:
    """The move being made (V-4…V-11): the unit, its path, points spent, fire used.

    ``path`` starts with the hex the move started from; its last hex is where the unit
    stands. ``fire`` is the moving or short-halt fire used (V-8, V-9), ``penalty`` is set by
    the paper-table V-5 penalty (the move ends after the opportunity shot).

    Examples
    --------
    >>> mv = MoveInProgress("R1", Side.RED, (Hex(0, 0), Hex(1, 0)), Fraction(1), 5)
    >>> mv.hex, mv.left
    (Hex(1, 0), Fraction(4, 1))
    """

    unit: str
    side: Side
    path: tuple[Hex, ...]
    spent: Fraction
    allowance: int
    march: bool = False
    fire: FireKind | None = None
    penalty: bool = False

    @property
    def hex(self) -> Hex:
        """Where the moving unit stands."""
        return self.path[-1]

    @property
    def left(self) -> Fraction:
        """Movement points left (exact)."""
        return Fraction(self.allowance) - self.spent


class WindowKind(Enum):
    """The two reaction windows of a move: opportunity fire (V-6) and covering fire (V-7)."""

    OPPORTUNITY = "opportunity"
    COVERING = "covering"

    @property
    def rule(self) -> str:
        """``'V-6'`` or ``'V-7'``."""
        return "V-6" if self is WindowKind.OPPORTUNITY else "V-7"

    @property
    def label(self) -> str:
        """Bilingual name."""
        return label("opportunity_fire" if self is WindowKind.OPPORTUNITY
                     else "covering_fire")

    def __repr__(self) -> str:
        return f"WindowKind.{self.name}"


@dataclass(frozen=True)
class ReactionWindow:
    """A reaction that may be declared now (V-6, V-7), and by whom.

    ``side`` may fire with any of ``shooters`` (concentrated or not) at one of ``targets``
    (the mover for opportunity fire; the opportunity shooters for covering fire), or decline.
    """

    kind: WindowKind
    side: Side
    hex: Hex
    targets: tuple[str, ...]
    shooters: tuple[str, ...]


@dataclass(frozen=True)
class CloseCombat:
    """The close combat being adjudicated (V-10, T-5): its hex, round, who fires now.

    ``to_fire`` are the units of ``side`` that have still to fire in this half of the round.
    """

    hex: Hex
    round: int
    first: Side
    side: Side
    to_fire: tuple[str, ...]


register(Phase, Referee, Options, MoveInProgress, WindowKind, ReactionWindow, CloseCombat)
