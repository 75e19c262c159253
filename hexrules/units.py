"""Unit counters and their status markers (rules C-1, C-3), and combat results (F-6).

A :class:`Unit` is a small frozen value: an id, a side, a hex, a unit type, an armour class
and a set of status markers (:class:`Status`). Orders never edit a unit; they return new units
(:meth:`Unit.replace`, :meth:`Unit.with_status`, :meth:`Unit.without_status`), so a record can
keep the state before and after each step. The later game engine (turns, movement, cards)
adds markers and fields here rather than rewriting it.

Unit types and armour classes are data (``units.toml``, read by
:func:`hexrules.tables.load_tables`): the default type is the game's tank (C-1: 85 mm gun,
movement allowance 5, medium armour).

:class:`Result` is the vocabulary of the combat result tables (F-6, A-7): no effect, S, W, I,
K. How a result lands on a unit (F-10 accumulation) is a rule and lives in
:func:`hexrules.combat.fire.apply_result`.

Examples
--------
>>> from hexrules.map.hexgrid import Hex
>>> t = Unit("B1", "blue", Hex(3, 4))
>>> t
Unit('B1', Side.BLUE, Hex(3, 4))
>>> t.type, t.armour_class
('tank', 'medium')
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
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from hexrules.errors import RulesError, RulesTypeError
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex

__all__ = [
    "DAMAGE_MARKERS",
    "DEFAULT_UNIT_TYPE",
    "TURN_MARKERS",
    "Result",
    "Side",
    "Status",
    "Unit",
]

#: The unit type of a :class:`Unit` that names none: the game's tank (C-1, units.toml).
DEFAULT_UNIT_TYPE = "tank"


def __getattr__(name: str) -> Any:
    # ARMOUR_CLASSES: the armour classes of the default set's units.toml, read on first use
    # (hexrules.tables imports this module, so it cannot be read at import time).
    if name == "ARMOUR_CLASSES":
        return tuple(_default_units().armour_classes)
    raise AttributeError(f"module 'hexrules.units' has no attribute {name!r}")


def _default_units() -> Any:
    from hexrules.tables import default_tables

    return default_tables().units


class Side(Enum):
    """The two sides (红方 / 蓝方)."""

    RED = "red"
    BLUE = "blue"

    @property
    def label(self) -> str:
        """Bilingual name, e.g. ``'Red 红方'``."""
        return label(self.value)

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
        if not isinstance(value, str):
            raise RulesTypeError(
                f"a side is a Side or a string 'red' (红方) or 'blue' (蓝方), got {value!r}"
            )
        key = value.strip().lower()
        for side, names in _SIDE_NAMES.items():
            if key in names:
                return side
        raise RulesError(f"unknown side {value!r}: use 'red' (红方) or 'blue' (蓝方)")

    @classmethod
    def _missing_(cls, value: object) -> Side:
        """``Side("红")`` works like :meth:`parse`; an unknown side raises its error."""
        return cls.parse(value)  # type: ignore[arg-type]

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
        return label(self.value)

    @property
    def zh(self) -> str:
        """The Chinese term alone, e.g. ``'压制'``."""
        return label(self.value).rsplit(" ", 1)[1]

    @classmethod
    def _missing_(cls, value: object) -> Status:
        """``Status("x")`` raises the project's error listing the markers (C-3).

        >>> Status("supressed")
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: unknown status 'supressed' (C-3); valid: fired, ...
        """
        valid = ", ".join(m.value for m in cls)
        raise RulesError(f"unknown status {value!r} (C-3); valid: {valid}")

    def __repr__(self) -> str:
        return f"Status.{self.name}"


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
        return label(_RESULT_TERMS[self])

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
        hexrules.errors.RulesError: unknown result code 'X' (F-6): use '.' no effect, ...
        """
        if not isinstance(code, str):
            raise RulesTypeError(f"a result code is a one-letter string like 'K', got {code!r}")
        for r in cls:
            if r.value == code:
                return r
        raise RulesError(
            f"unknown result code {code!r} (F-6): use '.' no effect, 'S' suppressed, "
            "'W' weapon lost, 'I' immobilised, 'K' destroyed"
        )

    @classmethod
    def _missing_(cls, value: object) -> Result:
        """``Result("X")`` raises the project's error, as :meth:`from_code` does."""
        return cls.from_code(value)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"Result.{self.name}"

    def __str__(self) -> str:
        return self.label


_RESULT_TERMS = {
    Result.NONE: "no_effect",
    Result.S: "suppressed",
    Result.W: "weapon_lost",
    Result.I: "immobilised",
    Result.K: "destroyed",
}
_RESULT_STATUS = {
    Result.NONE: None,
    Result.S: Status.SUPPRESSED,
    Result.W: Status.WEAPON_LOST,
    Result.I: Status.IMMOBILISED,
    Result.K: Status.DESTROYED,
}


def _status_set(status: Iterable[Status | str] | Status | str) -> frozenset[Status]:
    """Markers from Status values or their names (``'suppressed'``); one marker alone too."""
    if isinstance(status, Status | str):
        status = [status]
    try:
        items = list(status)
    except TypeError:
        raise RulesTypeError(
            f"status must be an iterable of Status markers, got {status!r}"
        ) from None
    out = set()
    for s in items:
        if isinstance(s, Status):
            out.add(s)
            continue
        if not isinstance(s, str):
            raise RulesTypeError(f"a status marker is a Status or its name, got {s!r}")
        out.add(Status(s))  # an unknown name raises RulesError (Status._missing_)
    return frozenset(out)


_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Unit:
    """One unit counter (C-1): an id, a side, a hex, a unit type and status markers (C-3).

    Parameters
    ----------
    id : str
        Unique name of the unit in a game, e.g. ``'R1'``.
    side : Side or str
        ``'red'`` (红方) or ``'blue'`` (蓝方).
    hex : Hex
        Where the unit stands.
    status : iterable of Status
        Its markers (order does not matter); a single marker or marker name is accepted too.
    armour : str or None
        Armour class for the armour correction (F-8, A-7). ``None`` (the default): the armour
        class of the unit's type (see below).
    name : str
        Optional display name.
    type : str
        Its unit type in ``units.toml`` (C-1); default ``'tank'``, the game's tank.

    Notes
    -----
    **Unit types and armour classes are checked against a table set by rule code, not here.**
    An instructor's table set may define more unit types and armour classes than the default
    set, and a unit is a value independent of any table set, so the constructor checks only
    that ``type`` is an identifier (letters, digits, ``_``) and ``armour``, if given, one too;
    it raises :class:`~hexrules.errors.RulesTypeError` for a value of the wrong type.

    When ``armour`` is not given it stays ``None`` and the unit's armour class comes from its
    type (:attr:`armour_from_type` is ``True``); :attr:`armour_class` shows the class the
    *default* set's ``units.toml`` gives that type (``'medium'`` for the tank). Rule code reads
    the armour class through the table set in use, ``tables.units.armour_of(unit)``, which
    resolves the type in *that* set and raises :class:`~hexrules.errors.TableLookupError`
    naming ``units.toml`` for an unknown type or armour class. So
    ``unit.replace(type="heavy_tank")`` takes the new type's armour, and a unit is the same
    value however it was written.

    Examples
    --------
    >>> u = Unit("R1", "red", Hex(0, 0), status=[Status.FIRED])
    >>> u.fired, u.alive
    (True, True)
    >>> u.replace(hex=Hex(1, 0)).hex
    Hex(1, 0)
    >>> u.without_status(Status.FIRED) == Unit("R1", "red", Hex(0, 0))
    True
    >>> Unit("R2", "red", Hex(0, 0), type="heavy_tank")  # a type of an instructor's set
    Unit('R2', Side.RED, Hex(0, 0), type='heavy_tank')
    >>> Unit("R3", "red", (0, 0))
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesTypeError: unit 'R3': hex must be a Hex, got (0, 0) (for offset col, \
row use Hex.from_offset(0, 0))
    """

    id: str
    side: Side
    hex: Hex
    status: frozenset[Status] = frozenset()
    armour: str | None = None
    name: str = ""
    type: str = DEFAULT_UNIT_TYPE

    def __post_init__(self) -> None:
        if not isinstance(self.id, str):
            raise RulesTypeError(f"a unit id must be a string, got {self.id!r}")
        if not self.id.strip():
            raise RulesError(f"a unit id must be a non-empty string, got {self.id!r}")
        object.__setattr__(self, "side", Side.parse(self.side))
        if not isinstance(self.hex, Hex):
            hint = ""
            if isinstance(self.hex, tuple) and len(self.hex) == 2:
                hint = f" (for offset col, row use Hex.from_offset{self.hex!r})"
            raise RulesTypeError(f"unit {self.id!r}: hex must be a Hex, got {self.hex!r}{hint}")
        object.__setattr__(self, "status", _status_set(self.status))
        if not isinstance(self.name, str):
            raise RulesTypeError(f"unit {self.id!r}: name must be a string, got {self.name!r}")
        _check_name(self.id, "type", self.type, "a unit type of units.toml (C-1), like 'tank'")
        if self.armour is not None:
            _check_name(self.id, "armour", self.armour,
                        "an armour class of units.toml (F-8, A-7), like 'medium'")

    @property
    def armour_from_type(self) -> bool:
        """Whether the armour class comes from the unit type (``armour`` was not given)."""
        return self.armour is None

    @property
    def armour_class(self) -> str | None:
        """The armour class in the default table set: ``armour``, else its type's.

        ``None`` for a type only another table set defines; rule code uses
        ``tables.units.armour_of(unit)`` with the set in use.

        >>> Unit("R1", "red", Hex(0, 0)).armour_class
        'medium'
        """
        if self.armour is not None:
            return self.armour
        default = _default_units().types.get(self.type)
        return default.armour if default else None

    # -- updates ------------------------------------------------------------------------
    def replace(self, **changes: Any) -> Unit:
        """A copy with some fields changed (like :func:`dataclasses.replace`).

        An armour class that came from the unit type keeps coming from it (see the notes of
        :class:`Unit`).

        >>> Unit("R1", "red", Hex(0, 0)).replace(name="Tiger").label
        'Tiger (Red 红方)'
        >>> Unit("R1", "red", Hex(0, 0)).replace(type="scout").armour is None
        True
        >>> Unit("R1", "red", Hex(0, 0)).replace(colour="green")
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesTypeError: Unit has no field 'colour': its fields are id, side, \
hex, status, armour, name, type
        """
        fields = [f.name for f in dataclasses.fields(self) if f.init]
        for key in changes:
            if key not in fields:
                raise RulesTypeError(
                    f"Unit has no field {key!r}: its fields are {', '.join(fields)}"
                )
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

        ``marker`` is a :class:`Status` or its name; an unknown name raises
        :class:`~hexrules.errors.RulesError`.

        >>> u = Unit("R1", "red", Hex(0, 0), status=[Status.SUPPRESSED])
        >>> u.has(Status.SUPPRESSED), u.has(Status.FIRED), u.has("suppressed")
        (True, False, True)
        """
        return _status_set(marker) <= self.status

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
        if self.armour is not None:
            args.append(f"armour={self.armour!r}")
        if self.name:
            args.append(f"name={self.name!r}")
        if self.type != DEFAULT_UNIT_TYPE:
            args.append(f"type={self.type!r}")
        return f"Unit({', '.join(args)})"


def _check_name(unit_id: str, field_name: str, value: Any, what: str) -> None:
    if not isinstance(value, str):
        raise RulesTypeError(
            f"unit {unit_id!r}: {field_name} must be a string ({what}), got {value!r}"
        )
    if not _IDENT_RE.fullmatch(value):
        raise RulesError(
            f"unit {unit_id!r}: {field_name} {value!r} is not a valid name: expected {what} "
            "(letters, digits and _, not starting with a digit)"
        )
