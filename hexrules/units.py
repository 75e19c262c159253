"""Unit counters and their status markers (RULES.md C-1, C-3), and combat results (F-6).

A :class:`Unit` is a small frozen value: an id, a side, a hex, an armour class and a set of
status markers (:class:`Status`). Orders never edit a unit; they return new units
(:meth:`Unit.replace`, :meth:`Unit.with_status`, :meth:`Unit.without_status`), so a record can
keep the state before and after each step. The later game engine (turns, movement, cards)
adds markers and fields here rather than rewriting it.

:class:`Result` is the vocabulary of the combat result tables (F-6, A-7): no effect, S, W, I,
K. How a result lands on a unit (F-10 accumulation) is a rule and lives in
:func:`hexrules.combat.fire.apply_result`.

Examples
--------
>>> from hexrules.map.hexgrid import Hex
>>> t = Unit("B1", "blue", Hex(3, 4))
>>> t
Unit('B1', Side.BLUE, Hex(3, 4))
>>> t2 = t.with_status(Status.SUPPRESSED)
>>> t2.suppressed, t.suppressed
(True, False)
>>> t2.status_label
'Suppressed 压制'
>>> Side.RED.label, Result.W.label
('Red 红方', 'Weapon lost 失火')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from hexrules.errors import RulesError
from hexrules.map.hexgrid import Hex

__all__ = [
    "ARMOUR_CLASSES",
    "DAMAGE_MARKERS",
    "TURN_MARKERS",
    "Result",
    "Side",
    "Status",
    "Unit",
]

#: Armour classes a unit may have; every tank of this game is medium (C-1).
ARMOUR_CLASSES = ("medium",)


class Side(Enum):
    """The two sides (红方 / 蓝方)."""

    RED = "red"
    BLUE = "blue"

    @property
    def label(self) -> str:
        """Bilingual name, e.g. ``'Red 红方'``."""
        return "Red 红方" if self is Side.RED else "Blue 蓝方"

    @property
    def opponent(self) -> Side:
        """The other side.

        >>> Side.RED.opponent
        Side.BLUE
        """
        return Side.BLUE if self is Side.RED else Side.RED

    @classmethod
    def parse(cls, value: Side | str) -> Side:
        """A side from a :class:`Side` or one of ``'red'``, ``'blue'``, ``'红'``, ``'蓝'``…

        >>> Side.parse("蓝"), Side.parse("Red")
        (Side.BLUE, Side.RED)
        >>> Side.parse("green")
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: unknown side 'green': use 'red' (红方) or 'blue' (蓝方)
        """
        if isinstance(value, Side):
            return value
        key = str(value).strip().lower()
        for side, names in _SIDE_NAMES.items():
            if key in names:
                return side
        raise RulesError(f"unknown side {value!r}: use 'red' (红方) or 'blue' (蓝方)")

    def __repr__(self) -> str:
        return f"Side.{self.name}"


_SIDE_NAMES = {
    Side.RED: ("red", "红", "红方", "r"),
    Side.BLUE: ("blue", "蓝", "蓝方", "b"),
}


class Status(Enum):
    """Status markers (注记算子, C-3), one set per unit."""

    FIRED = "fired"
    FIRED_UPON = "fired_upon"
    MOVED = "moved"
    MARCH = "march"
    SUPPRESSED = "suppressed"
    WEAPON_LOST = "weapon_lost"
    IMMOBILISED = "immobilised"
    DESTROYED = "destroyed"

    @property
    def label(self) -> str:
        """Bilingual label, e.g. ``'Suppressed 压制'``."""
        return _STATUS_LABELS[self]

    @property
    def zh(self) -> str:
        """The Chinese term alone, e.g. ``'压制'``."""
        return _STATUS_LABELS[self].rsplit(" ", 1)[1]

    def __repr__(self) -> str:
        return f"Status.{self.name}"


_STATUS_LABELS = {
    Status.FIRED: "Fired 射击",
    Status.FIRED_UPON: "Fired upon 被射击",
    Status.MOVED: "Moved 机动",
    Status.MARCH: "March 行军",
    Status.SUPPRESSED: "Suppressed 压制",
    Status.WEAPON_LOST: "Weapon lost 失火",
    Status.IMMOBILISED: "Immobilised 失动",
    Status.DESTROYED: "Destroyed 歼灭",
}

#: Markers removed at the start of each turn (T-1).
TURN_MARKERS = frozenset({Status.FIRED, Status.FIRED_UPON, Status.MOVED, Status.MARCH})
#: Markers that record damage (F-10).
DAMAGE_MARKERS = frozenset(
    {Status.SUPPRESSED, Status.WEAPON_LOST, Status.IMMOBILISED, Status.DESTROYED}
)


class Result(Enum):
    """A combat result (F-6, A-7): ``·`` no effect, S, W, I, K.

    Examples
    --------
    >>> Result.from_code("K")
    Result.K
    >>> [r.code for r in Result]
    ['.', 'S', 'W', 'I', 'K']
    >>> Result.I.is_damage, Result.S.is_damage
    (True, False)
    """

    NONE = "."
    S = "S"
    W = "W"
    I = "I"  # noqa: E741 - the rulebook's letter
    K = "K"

    @property
    def code(self) -> str:
        """The one-letter code used in table files."""
        return self.value

    @property
    def label(self) -> str:
        """Bilingual label, e.g. ``'Destroyed 歼灭'``."""
        return _RESULT_LABELS[self]

    @property
    def is_damage(self) -> bool:
        """W, I or K: the results the terrain and armour corrections act on (F-7, F-8)."""
        return self in (Result.W, Result.I, Result.K)

    @property
    def status(self) -> Status | None:
        """The status marker this result places (``None`` for no effect)."""
        return _RESULT_STATUS[self]

    @classmethod
    def from_code(cls, code: str) -> Result:
        """The result of a table code; raises :class:`RulesError` listing the valid codes.

        >>> Result.from_code("W")
        Result.W
        >>> Result.from_code("X")
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: unknown result code 'X': use '.' no effect, ...
        """
        for r in cls:
            if r.value == code:
                return r
        raise RulesError(
            f"unknown result code {code!r}: use '.' no effect, 'S' suppressed, "
            "'W' weapon lost, 'I' immobilised, 'K' destroyed"
        )

    def __repr__(self) -> str:
        return f"Result.{self.name}"

    def __str__(self) -> str:
        return self.label


_RESULT_LABELS = {
    Result.NONE: "No effect 无效",
    Result.S: "Suppressed 压制",
    Result.W: "Weapon lost 失火",
    Result.I: "Immobilised 失动",
    Result.K: "Destroyed 歼灭",
}
_RESULT_STATUS = {
    Result.NONE: None,
    Result.S: Status.SUPPRESSED,
    Result.W: Status.WEAPON_LOST,
    Result.I: Status.IMMOBILISED,
    Result.K: Status.DESTROYED,
}


def _status_set(status: Iterable[Status | str]) -> frozenset[Status]:
    out = set()
    for s in status:
        if isinstance(s, Status):
            out.add(s)
            continue
        try:
            out.add(Status(s))
        except ValueError:
            valid = ", ".join(m.value for m in Status)
            raise RulesError(f"unknown status {s!r}; valid: {valid}") from None
    return frozenset(out)


@dataclass(frozen=True)
class Unit:
    """One unit counter (C-1): a tank with an id, a side, a hex and status markers (C-3).

    Parameters
    ----------
    id : str
        Unique name of the unit in a game, e.g. ``'R1'``.
    side : Side or str
        ``'red'`` (红方) or ``'blue'`` (蓝方).
    hex : Hex
        Where the unit stands.
    status : iterable of Status
        Its markers (order does not matter).
    armour : str
        Armour class for the armour correction (F-8, A-7); every tank here is ``'medium'``.
    name : str
        Optional display name.

    Examples
    --------
    >>> u = Unit("R1", "red", Hex(0, 0), status=[Status.FIRED])
    >>> u.fired, u.alive
    (True, True)
    >>> u.replace(hex=Hex(1, 0)).hex
    Hex(1, 0)
    >>> u.without_status(Status.FIRED) == Unit("R1", "red", Hex(0, 0))
    True
    """

    id: str
    side: Side
    hex: Hex
    status: frozenset[Status] = frozenset()
    armour: str = "medium"
    name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise RulesError(f"a unit id must be a non-empty string, got {self.id!r}")
        object.__setattr__(self, "side", Side.parse(self.side))
        if not isinstance(self.hex, Hex):
            raise RulesError(f"unit {self.id!r}: hex must be a Hex, got {self.hex!r}")
        object.__setattr__(self, "status", _status_set(self.status))
        if self.armour not in ARMOUR_CLASSES:
            raise RulesError(
                f"unit {self.id!r}: unknown armour class {self.armour!r}; "
                f"valid: {', '.join(ARMOUR_CLASSES)}"
            )

    # -- updates ------------------------------------------------------------------------
    def replace(self, **changes: Any) -> Unit:
        """A copy with some fields changed (like :func:`dataclasses.replace`).

        >>> Unit("R1", "red", Hex(0, 0)).replace(name="Tiger").label
        'Tiger (Red 红方)'
        """
        return dataclasses.replace(self, **changes)

    def with_status(self, *markers: Status) -> Unit:
        """A copy with the given markers added.

        >>> Unit("R1", "red", Hex(0, 0)).with_status(Status.SUPPRESSED, Status.FIRED)
        Unit('R1', Side.RED, Hex(0, 0), status=[Status.FIRED, Status.SUPPRESSED])
        """
        return self.replace(status=self.status | _status_set(markers))

    def without_status(self, *markers: Status) -> Unit:
        """A copy with the given markers removed.

        >>> u = Unit("R1", "red", Hex(0, 0), status=[Status.FIRED, Status.MOVED])
        >>> u.without_status(Status.MOVED).status_label
        'Fired 射击'
        """
        return self.replace(status=self.status - _status_set(markers))

    def has(self, marker: Status) -> bool:
        """Whether the unit carries ``marker``.

        >>> u = Unit("R1", "red", Hex(0, 0), status=[Status.SUPPRESSED])
        >>> u.has(Status.SUPPRESSED), u.has(Status.FIRED)
        (True, False)
        """
        return marker in self.status

    # -- flags --------------------------------------------------------------------------
    @property
    def fired(self) -> bool:
        """*Fired* 射击 this turn (C-3)."""
        return Status.FIRED in self.status

    @property
    def fired_upon(self) -> bool:
        """*Fired upon* 被射击 this turn (C-3)."""
        return Status.FIRED_UPON in self.status

    @property
    def moved(self) -> bool:
        """*Moved* 机动 this turn (C-3)."""
        return Status.MOVED in self.status

    @property
    def marching(self) -> bool:
        """*March* 行军 this turn (C-3, V-3)."""
        return Status.MARCH in self.status

    @property
    def suppressed(self) -> bool:
        """*Suppressed* 压制 (C-3): −3 attack levels on any fire (F-5)."""
        return Status.SUPPRESSED in self.status

    @property
    def weapon_lost(self) -> bool:
        """*Weapon lost* 失火 (C-3): cannot fire its main weapon."""
        return Status.WEAPON_LOST in self.status

    @property
    def immobilised(self) -> bool:
        """*Immobilised* 失动 (C-3): cannot move."""
        return Status.IMMOBILISED in self.status

    @property
    def destroyed(self) -> bool:
        """*Destroyed* 歼灭 (C-3): removed from the board."""
        return Status.DESTROYED in self.status

    @property
    def alive(self) -> bool:
        """Not destroyed."""
        return not self.destroyed

    # -- display ------------------------------------------------------------------------
    @property
    def label(self) -> str:
        """``'R1 (Red 红方)'``."""
        return f"{self.name or self.id} ({self.side.label})"

    @property
    def status_label(self) -> str:
        """The markers as bilingual labels in C-3 order, or ``'—'``."""
        marks = [s.label for s in Status if s in self.status]
        return ", ".join(marks) if marks else "—"

    def __repr__(self) -> str:
        args = [repr(self.id), repr(self.side), repr(self.hex)]
        if self.status:
            args.append(f"status=[{', '.join(repr(s) for s in Status if s in self.status)}]")
        if self.armour != "medium":
            args.append(f"armour={self.armour!r}")
        if self.name:
            args.append(f"name={self.name!r}")
        return f"Unit({', '.join(args)})"
