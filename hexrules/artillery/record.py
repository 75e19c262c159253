"""The records of artillery (A-1…A-8): one gun, a whole mission, a unit entering a marked hex.

Frozen, JSON-safe values following :class:`hexrules.records.Record`; they name their map and
tables by reference. :mod:`hexrules.artillery.adjudicate` makes them.

* :class:`ArtilleryStrike` — one unit attacked by one gun or one impact marker (A-6/A-8, A-7,
  F-10);
* :class:`GunRecord` — one gun: its dice, drift path, impact hex, zone with exclusions, the
  units it attacked (A-2…A-7);
* :class:`ArtilleryRecord` — the whole battery, gun by gun (A-1…A-7);
* :class:`ImpactMarker` — a gun's impact marker left on the map (C-2, A-8);
* :class:`MarkerEntryRecord` — a unit entering a hex holding impact markers (A-8).

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit
>>> from hexrules.artillery import FirePlan, adjudicate_gun
>>> m = HexMap.flat(10, 10)
>>> plan = FirePlan("red", "155", Hex(3, 3), called=1)
>>> rec = adjudicate_gun(m, plan, 1, [Unit("B1", "blue", Hex(3, 3))],
...                      dice=ScriptedDice([1, 2, 2, 3, 6]))
>>> rec.impact, rec.strikes[0].result, rec.units_after["B1"].destroyed
(Hex(3, 3), Result.K, True)
>>> GunRecord.from_dict(rec.to_dict()) == rec
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from hexrules.artillery.plan import FirePlan
from hexrules.artillery.steps import ZoneHex
from hexrules.dice import Roll
from hexrules.errors import RulesTypeError
from hexrules.map.hexgrid import Hex
from hexrules.records import Effect, MapRef, Step, TableRef, decode_as, encode, register
from hexrules.units import Result, Side, Unit

__all__ = [
    "ArtilleryRecord",
    "ArtilleryStrike",
    "GunRecord",
    "ImpactMarker",
    "MarkerEntryRecord",
]

_ORDER = list(Result)


def _worst(results: object) -> Result:
    return max(results, key=_ORDER.index, default=Result.NONE)  # type: ignore[call-overload]


def _rules(steps: tuple[Step, ...], first: tuple[str, ...] = ()) -> tuple[str, ...]:
    out: dict[str, None] = dict.fromkeys(first)
    for st in steps:
        for rule in st.rule.split(", "):
            out.setdefault(rule, None)
    return tuple(out)


class _Codec:
    """``to_dict`` / ``from_dict`` through the tagged codec of :mod:`hexrules.records`."""

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary; ``from_dict`` gives back an equal record."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """The record of a ``to_dict`` dictionary."""
        return decode_as(cls, data)


@dataclass(frozen=True)
class ArtilleryStrike:
    """One unit attacked by one gun (A-6, A-7) or by one impact marker on entry (A-8).

    Attributes
    ----------
    unit_before, unit_after : Unit
        The unit before and after this strike (F-10 accumulation).
    hex : Hex
        The unit's hex.
    ring : int
        The ring it was attacked on (0 for an impact marker, A-8).
    level : int
        The attack level used (A-6).
    steps : tuple of Step
        Level, result table, terrain correction, armour correction, accumulation.
    table_result : Result or None
        What the result table gave (``None``: level ≤ 0, no dice).
    result : Result
        The result after the corrections.
    table_dice : tuple of int
        The 2d6 faces (empty: no dice, level ≤ 0).
    armour_die : int or None
        The armour d6 (``None``: not rolled, no K survived the terrain correction).
    """

    unit_before: Unit
    unit_after: Unit
    hex: Hex
    ring: int
    level: int
    steps: tuple[Step, ...]
    table_result: Result | None
    result: Result
    table_dice: tuple[int, ...] = ()
    armour_die: int | None = None

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled for this strike, in order (2d6, then the armour d6 if rolled)."""
        return self.table_dice + (() if self.armour_die is None else (self.armour_die,))

    @property
    def effect(self) -> Effect:
        """The unit before and after."""
        return Effect(self.unit_before, self.unit_after)


@dataclass(frozen=True)
class ImpactMarker:
    """An impact marker (弹着标识, C-2) a gun's fire left on the map (A-2, A-8).

    It stays until the next random-event phase (A-8, T-4 step 2). A unit entering its hex in
    the movement phase is attacked at ``level``, the gun's ring-0 level (A-6), with the gun's
    armour value (A-7).

    Examples
    --------
    >>> from hexrules import Hex
    >>> ImpactMarker(Hex(2, 3), "red", "155", 4, 7, turn=3)
    ImpactMarker(Hex(2, 3), Side.RED, '155', 4, 7, turn=3)
    """

    hex: Hex
    side: Side
    gun: str
    number: int
    level: int
    turn: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "side", Side.parse(self.side))
        if not isinstance(self.hex, Hex):
            raise RulesTypeError(f"an impact marker's hex must be a Hex, got {self.hex!r}")
        if not isinstance(self.gun, str):
            raise RulesTypeError(f"an impact marker's gun is a gun id such as '155', got "
                                 f"{self.gun!r}")
        for name in ("number", "level", "turn"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesTypeError(f"an impact marker's {name} must be a whole number, got "
                                     f"{value!r}")

    def __repr__(self) -> str:
        return (f"ImpactMarker({self.hex!r}, {self.side!r}, {self.gun!r}, {self.number}, "
                f"{self.level}, turn={self.turn})")


@dataclass(frozen=True)
class GunRecord(_Codec):
    """Everything about one gun of a battery (A-2…A-7): a frozen, JSON-safe value.

    Attributes
    ----------
    plan : FirePlan
    number : int
        The gun's number in its battery, from 1.
    fire_steps : tuple of Step
        The gun's own steps: abnormal delay (A-2), drift check (A-3), drift (A-4), zones (A-5).
    delay_die, drift_die, direction, distance : int or None
        The gun's dice (``None``: not rolled, see the A-2 [decision] on the dice order).
    path : tuple of Hex
        The drift path: the planned hex, every hex passed, the final impact hex (``(target,)``
        on target, ``()`` when cancelled).
    impact : Hex or None
        The final impact hex (``None``: cancelled, A-2); it is off the map when ``lost``.
    lost : bool
        The fire drifted off the map and is lost (A-4).
    zone : tuple of ZoneHex
        The on-map hexes of rings 0–2, attacked or left out, each with its reason (A-5).
    strikes : tuple of ArtilleryStrike
        The units attacked, hex by hex, unit by unit (A-7).
    skipped : tuple of str
        Ids of destroyed units in attacked hexes: not adjudicated.
    marker : ImpactMarker or None
        The impact marker left on the map (``None``: cancelled or lost).
    rolls : tuple of Roll
    map : MapRef
    tables : TableRef
    """

    plan: FirePlan
    number: int
    fire_steps: tuple[Step, ...]
    delay_die: int
    drift_die: int | None
    direction: int | None
    distance: int | None
    path: tuple[Hex, ...]
    impact: Hex | None
    lost: bool
    zone: tuple[ZoneHex, ...]
    strikes: tuple[ArtilleryStrike, ...]
    skipped: tuple[str, ...]
    marker: ImpactMarker | None
    rolls: tuple[Roll, ...]
    map: MapRef
    tables: TableRef

    @property
    def cancelled(self) -> bool:
        """The fire did not arrive (abnormal delay, A-2)."""
        return self.impact is None

    @property
    def drifted(self) -> bool:
        """The fire drifted (A-3, A-4)."""
        return self.direction is not None

    @property
    def landed(self) -> bool:
        """The fire landed on the map (not cancelled, not lost)."""
        return self.impact is not None and not self.lost

    @property
    def attacked(self) -> tuple[ZoneHex, ...]:
        """The hexes of the zone that were attacked (A-5)."""
        return tuple(z for z in self.zone if z.attacked)

    @property
    def excluded(self) -> tuple[ZoneHex, ...]:
        """The hexes of rings 0–2 left out, with the reason (A-5)."""
        return tuple(z for z in self.zone if not z.attacked)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The gun's own steps, then every strike's steps."""
        return (*self.fire_steps, *(st for s in self.strikes for st in s.steps))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID applied, in order of first use (``('A-2', 'A-3', …)``)."""
        return _rules(self.steps)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Each unit attacked, before and after this gun."""
        return tuple(s.effect for s in self.strikes)

    @property
    def units_after(self) -> dict[str, Unit]:
        """The units this gun attacked, by id, after it."""
        return {s.unit_after.id: s.unit_after for s in self.strikes}

    @property
    def result(self) -> Result:
        """The most severe result of this gun on any unit."""
        return _worst(s.result for s in self.strikes)

    def __repr__(self) -> str:
        where = ("cancelled" if self.cancelled else "lost" if self.lost
                 else f"→ {self.impact!r}")
        return (f"<GunRecord {self.plan.side.value} {self.plan.gun} gun {self.number} {where}: "
                f"{len(self.strikes)} unit(s) attacked>")

    def __str__(self) -> str:
        from hexrules.render.text import gun_record_text

        return gun_record_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import gun_record_html

        return gun_record_html(self)


@dataclass(frozen=True)
class ArtilleryRecord(_Codec):
    """A whole artillery mission (A-1…A-7): the battery's guns one by one.

    Attributes
    ----------
    plan : FirePlan
    arrival : Step
        The A-1 step: the fire plan called in turn *n* arrives in turn *n* + 2.
    guns : tuple of GunRecord
        Gun by gun, in order; each gun sees the units as the guns before left them.
    map : MapRef
    tables : TableRef
    """

    plan: FirePlan
    arrival: Step
    guns: tuple[GunRecord, ...]
    map: MapRef
    tables: TableRef

    @property
    def rule(self) -> str:
        """The rule of the record as a part of a game record: ``'A-1'`` (fire arriving)."""
        return "A-1"

    @property
    def steps(self) -> tuple[Step, ...]:
        """The arrival step, then every gun's steps."""
        return (self.arrival, *(st for g in self.guns for st in g.steps))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID applied, in order of first use (``('A-1', 'A-2', …)``)."""
        return _rules(self.steps)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every die rolled, gun by gun, with its rule and purpose."""
        return tuple(r for g in self.guns for r in g.rolls)

    @property
    def strikes(self) -> tuple[ArtilleryStrike, ...]:
        """Every strike, gun by gun."""
        return tuple(s for g in self.guns for s in g.strikes)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Each unit attacked: before the first gun, after the last (in order of first hit)."""
        first: dict[str, Unit] = {}
        last: dict[str, Unit] = {}
        for s in self.strikes:
            first.setdefault(s.unit_before.id, s.unit_before)
            last[s.unit_after.id] = s.unit_after
        return tuple(Effect(first[k], last[k]) for k in first)

    @property
    def units_after(self) -> dict[str, Unit]:
        """The units attacked, by id, after the whole mission."""
        return {e.unit_id: e.after for e in self.effects}

    @property
    def markers(self) -> tuple[ImpactMarker, ...]:
        """The impact markers left on the map, gun by gun (A-2, A-8)."""
        return tuple(g.marker for g in self.guns if g.marker is not None)

    @property
    def result(self) -> Result:
        """The most severe result of any gun on any unit."""
        return _worst(s.result for s in self.strikes)

    def __repr__(self) -> str:
        landed = sum(g.landed for g in self.guns)
        return (f"<ArtilleryRecord {self.plan.side.value} {self.plan.gun} on "
                f"{self.plan.target!r}, turn {self.plan.lands}: {landed}/{len(self.guns)} "
                f"guns landed, {len(self.effects)} unit(s) attacked>")

    def __str__(self) -> str:
        from hexrules.render.text import artillery_record_text

        return artillery_record_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import artillery_record_html

        return artillery_record_html(self)


@dataclass(frozen=True)
class MarkerEntryRecord(_Codec):
    """A unit entering a hex that holds impact markers (A-8): one strike per marker.

    Attributes
    ----------
    unit : Unit
        The unit as it entered.
    hex : Hex
        The hex entered.
    name : str
        Its military name (M-2).
    entry : Step
        The A-8 step: the markers found.
    markers : tuple of ImpactMarker
        The markers in the hex, in the order adjudicated.
    strikes : tuple of ArtilleryStrike
        One per marker, until the unit is destroyed.
    unit_after : Unit
    rolls : tuple of Roll
    map : MapRef
    tables : TableRef
    """

    unit: Unit
    hex: Hex
    name: str
    entry: Step
    markers: tuple[ImpactMarker, ...]
    strikes: tuple[ArtilleryStrike, ...]
    unit_after: Unit
    rolls: tuple[Roll, ...]
    map: MapRef
    tables: TableRef

    @property
    def rule(self) -> str:
        """The rule of the record as a part of a game record: ``'A-8'``."""
        return "A-8"

    @property
    def steps(self) -> tuple[Step, ...]:
        """The entry step, then every strike's steps."""
        return (self.entry, *(st for s in self.strikes for st in s.steps))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID applied, in order of first use (``('A-8', …)``)."""
        return _rules(self.steps)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The unit before and after (empty when no marker attacked it)."""
        return (Effect(self.unit, self.unit_after),) if self.strikes else ()

    @property
    def result(self) -> Result:
        """The most severe result of any marker."""
        return _worst(s.result for s in self.strikes)

    def __repr__(self) -> str:
        return (f"<MarkerEntryRecord {self.unit.id} enters {self.name}: {len(self.markers)} "
                f"marker(s), {self.result.code} ({self.unit_after.status_label})>")

    def __str__(self) -> str:
        from hexrules.render.text import entry_record_text

        return entry_record_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import entry_record_html

        return entry_record_html(self)


register(ArtilleryStrike, ImpactMarker, GunRecord, ArtilleryRecord, MarkerEntryRecord)
