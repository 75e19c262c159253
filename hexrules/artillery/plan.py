"""The fire plan (炮兵火力计划, A-1) as a value, and drift as pure grid geometry (A-4).

A :class:`FirePlan` is what a player declares on drawing an artillery card (E-6, E-7): the
side, the gun type, the target hex and the turn it was called. It is small, frozen, hashable
and JSON-safe, and its ``repr`` evaluates back to it. It is checked against a map and a table
set by :func:`verify_fire_plan` (raises, naming the rule) and :func:`can_fire_plan` (yes/no),
which the adjudication calls first.

:func:`drift` and :func:`drift_path` move an impact marker along the drift-direction chart
(偏移方向图), which uses the direction numbers of M-3: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW. They
know no map: a hex off the map is returned as it is (A-4 then says the fire is lost).

Examples
--------
>>> from hexrules import Hex, HexMap
>>> plan = FirePlan("red", "155", Hex(5, 5), called=3)
>>> plan
FirePlan(Side.RED, '155', Hex(5, 5), called=3)
>>> plan.lands, plan.guns
(5, 6)
>>> drift(Hex(5, 5), 2, 3)
Hex(8, 5)
>>> can_fire_plan(HexMap.flat(10, 10), plan)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hexrules.errors import IllegalOrderError, RulesError, RulesTypeError, TableKeyError
from hexrules.map.hexgrid import Hex, direction_vector
from hexrules.map.hexmap import HexMap
from hexrules.records import decode_as, encode, register
from hexrules.tables import TableSet, load_tables
from hexrules.units import Side

__all__ = [
    "BATTERY_GUNS",
    "CANCEL_FACE",
    "NORMAL_DELAY",
    "FirePlan",
    "can_fire_plan",
    "drift",
    "drift_path",
    "verify_fire_plan",
]

# The rulebook's values. The numbers in force are data: ``[battery]`` of artillery.toml
# (``tables.artillery.normal_delay``, ``battery_guns``, ``cancel_face``), which the game engine
# reads (:meth:`FirePlan.for_card`); these are the defaults of a plan built by hand.
#: Turns between calling the fire and its arrival (A-1: drawn in turn n, lands in n + 2).
NORMAL_DELAY = 2
#: Guns in the battery an artillery card brings (A-1, E-6, E-7).
BATTERY_GUNS = 6
#: The face of the abnormal-delay d6 that cancels a gun's fire (A-2).
CANCEL_FACE = 6


def _whole(value: object, what: str, rule: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesTypeError(f"{what} must be a whole number >= {low} ({rule}), got {value!r}")
    if value < low:
        raise RulesError(f"{what} must be a whole number >= {low} ({rule}), got {value!r}")
    return value


def drift_path(hex: Hex, direction: int, distance: int) -> tuple[Hex, ...]:
    """Every hex an impact marker passes when it drifts (A-4), from ``hex`` to where it stops.

    Parameters
    ----------
    hex : Hex
        The planned impact hex.
    direction : int
        1–6 on the drift-direction chart (M-3: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW).
    distance : int
        Hexes to move, ≥ 0.

    Returns
    -------
    tuple of Hex
        ``distance + 1`` hexes: ``hex`` first, the final impact hex last. Pure geometry:
        hexes off any map are returned as they are.

    Raises
    ------
    CoordinateError
        For a direction outside 1–6 (a :class:`TypeError` too for a non-integer).
    RulesError
        For a negative distance (:class:`~hexrules.errors.RulesTypeError` for a non-integer).

    Examples
    --------
    >>> drift_path(Hex(0, 0), 3, 2)
    (Hex(0, 0), Hex(0, 1), Hex(0, 2))
    >>> drift_path(Hex(0, 0), 5, 0)
    (Hex(0, 0),)
    """
    if not isinstance(hex, Hex):
        raise RulesTypeError(f"drift needs a Hex to start from (A-4), got {hex!r}")
    step = direction_vector(direction)
    n = _whole(distance, "a drift distance", "A-4", 0)
    return tuple(hex + step * k for k in range(n + 1))


def drift(hex: Hex, direction: int, distance: int) -> Hex:
    """Where an impact marker drifted ``distance`` hexes in ``direction`` stops (A-4).

    The direction numbers are M-3's (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW). No map is involved:
    a hex off the map is returned as it is.

    Examples
    --------
    >>> drift(Hex(0, 0), 1, 2), drift(Hex(0, 0), 6, 1)
    (Hex(2, -2), Hex(0, -1))
    >>> drift(Hex(0, 0), 7, 1)
    Traceback (most recent call last):
    ...
    hexrules.errors.CoordinateError: direction must be 1-6 (1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW; \
M-3), got 7
    """
    return drift_path(hex, direction, distance)[-1]


@dataclass(frozen=True)
class FirePlan:
    """An artillery fire plan (炮兵火力计划, A-1): a frozen, JSON-safe value.

    Parameters
    ----------
    side : Side or str
        The side that called the fire (红方 / 蓝方).
    gun : str
        The gun type, an id of ``artillery.toml``: ``'155'`` (155加榴炮, E-6) or ``'122'``
        (122榴弹炮, E-7) in the shipped tables. Checked against a table set by
        :func:`verify_fire_plan`, since an instructor's set may add guns.
    target : Hex
        The planned impact hex (checked to be on the map by :func:`verify_fire_plan`).
    called : int
        The turn the fire was called (the card drawn), ≥ 1.
    guns : int
        Guns in the battery (default 6, A-1).
    rocket : bool
        Rocket artillery (火箭炮): always drifts (A-3). The card batteries are barrel guns.
    suppressed : bool
        The battery is suppressed: barrel guns then always drift too (A-3).
    delay : int
        Turns from calling to arrival (default 2, A-1; the engine takes ``[battery] delay``
        of artillery.toml, :meth:`for_card`).

    Raises
    ------
    RulesTypeError
        For a field of the wrong type.
    RulesError
        For an unknown side, a turn below 1 or fewer than one gun.

    Examples
    --------
    >>> p = FirePlan("blue", "122", Hex(3, 4), called=1, rocket=True)
    >>> p.lands, p.always_drifts
    (3, True)
    >>> FirePlan.from_dict(p.to_dict()) == p
    True
    >>> FirePlan("red", "155", Hex(3, 4), called=0)
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: the turn a fire plan is called must be a whole number >= 1 \
(A-1), got 0
    """

    side: Side
    gun: str
    target: Hex
    called: int
    guns: int = BATTERY_GUNS
    rocket: bool = False
    suppressed: bool = False
    delay: int = NORMAL_DELAY

    @classmethod
    def for_card(cls, side: Side | str, gun: str, target: Hex, called: int, *,
                 tables: TableSet | None = None) -> FirePlan:
        """The plan of an artillery card (E-6, E-7): guns and delay from ``[battery]`` of
        the table set's artillery.toml (A-1).

        >>> FirePlan.for_card("red", "122", Hex(2, 2), 4)
        FirePlan(Side.RED, '122', Hex(2, 2), called=4)
        """
        art = _tables(tables).artillery
        return cls(side, gun, target, called, guns=art.battery_guns,  # type: ignore[arg-type]
                   delay=art.normal_delay)

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", Side.parse(self.side))
        if not isinstance(self.gun, str) or not self.gun.strip():
            raise RulesTypeError(
                f"a fire plan's gun is a gun id of artillery.toml such as '155' or '122' "
                f"(A-6, E-6, E-7), got {self.gun!r}")
        if not isinstance(self.target, Hex):
            hint = ""
            if isinstance(self.target, tuple) and len(self.target) == 2:
                hint = f" (for offset col, row use Hex.from_offset{self.target!r})"
            raise RulesTypeError(
                f"a fire plan's target must be a Hex (A-1), got {self.target!r}{hint}; "
                "hexmap.parse('4563GH') reads a military name")
        _whole(self.called, "the turn a fire plan is called", "A-1", 1)
        _whole(self.guns, "the number of guns in a battery", "A-1", 1)
        _whole(self.delay, "the delay of a fire plan in turns", "A-1", 1)
        for name in ("rocket", "suppressed"):
            if not isinstance(getattr(self, name), bool):
                raise RulesTypeError(
                    f"a fire plan's {name} flag must be True or False (A-3), got "
                    f"{getattr(self, name)!r}")

    @property
    def lands(self) -> int:
        """The turn the fire arrives, in its random-event phase: ``called + delay`` (A-1)."""
        return self.called + self.delay

    @property
    def always_drifts(self) -> bool:
        """Rocket artillery, or suppressed barrel artillery: no drift die, it drifts (A-3)."""
        return self.rocket or self.suppressed

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary; :meth:`from_dict` gives the plan back."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> FirePlan:
        """The plan of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)

    def __repr__(self) -> str:
        args = [repr(self.side), repr(self.gun), repr(self.target), f"called={self.called}"]
        if self.guns != BATTERY_GUNS:
            args.append(f"guns={self.guns}")
        if self.rocket:
            args.append("rocket=True")
        if self.suppressed:
            args.append("suppressed=True")
        if self.delay != NORMAL_DELAY:
            args.append(f"delay={self.delay}")
        return f"FirePlan({', '.join(args)})"


def _tables(tables: TableSet | None) -> TableSet:
    if tables is None:
        return load_tables()
    if not isinstance(tables, TableSet):
        raise RulesTypeError(
            f"tables must be a TableSet, e.g. tables=load_tables(folder), got "
            f"{type(tables).__name__} {tables!r}")
    return tables


def verify_fire_plan(hexmap: HexMap, plan: FirePlan, *, tables: TableSet | None = None
                     ) -> None:
    """Raise if ``plan`` cannot be fired on ``hexmap`` with ``tables``; else return None.

    Raises
    ------
    RulesTypeError
        If ``hexmap`` is not a HexMap, ``plan`` not a :class:`FirePlan` or ``tables`` not a
        table set.
    IllegalOrderError
        If the target hex is off the map (A-1: a fire plan names a hex of the map).
    TableKeyError
        If the gun type is not in the table set's ``artillery.toml`` (A-6).

    Examples
    --------
    >>> from hexrules import Hex, HexMap
    >>> verify_fire_plan(HexMap.flat(4, 4), FirePlan("red", "105", Hex(1, 1), called=1))
    Traceback (most recent call last):
    ...
    hexrules.errors.TableKeyError: fire plan: gun '105' is not in artillery.toml (A-6, E-6, \
E-7); known guns: '155', '122'
    """
    if not isinstance(hexmap, HexMap):
        raise RulesTypeError(f"artillery needs a HexMap, got {type(hexmap).__name__}")
    if not isinstance(plan, FirePlan):
        raise RulesTypeError(f"expected a FirePlan, got {type(plan).__name__} {plan!r}")
    tables = _tables(tables)
    guns = tables.artillery.guns
    if plan.gun not in guns:
        known = ", ".join(repr(g) for g in guns)
        raise TableKeyError(
            f"fire plan: gun {plan.gun!r} is not in {Path(tables.artillery.meta.file).name} "
            f"(A-6, E-6, E-7); known guns: {known}")
    if plan.target not in hexmap:
        raise IllegalOrderError(
            f"fire plan (A-1): the target must be a hex of the map; "
            f"{hexmap._off_map_text(plan.target)}")


def can_fire_plan(hexmap: HexMap, plan: FirePlan, *, tables: TableSet | None = None) -> bool:
    """Whether :func:`verify_fire_plan` accepts ``plan`` (a wrong argument type still raises).

    >>> from hexrules import Hex, HexMap
    >>> can_fire_plan(HexMap.flat(4, 4), FirePlan("red", "155", Hex(20, 1), called=1))
    False
    """
    try:
        verify_fire_plan(hexmap, plan, tables=tables)
    except RulesTypeError:
        raise
    except RulesError:
        return False
    return True


register(FirePlan)
