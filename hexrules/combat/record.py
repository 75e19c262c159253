"""The record of a fire declaration: :class:`FireRecord` and its :class:`Shot` values (F-1…F-12).

A frozen, JSON-safe value following :class:`hexrules.records.Record`; it names its map and
tables by reference. :func:`hexrules.combat.fire.adjudicate_fire` makes it.

Examples
--------
>>> from hexrules import Hex, HexMap, ScriptedDice, Unit, adjudicate_fire
>>> rec = adjudicate_fire(HexMap.flat(30, 3), Unit("R1", "red", Hex(0, 1)),
...                       Unit("B1", "blue", Hex(18, 1)), dice=ScriptedDice([3, 4]))
>>> rec.result, FireRecord.from_dict(rec.to_dict()) == rec
(Result.S, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexrules.combat.orders import FireKind, FireOrder
from hexrules.dice import Roll
from hexrules.glossary import label
from hexrules.records import Effect, MapRef, Step, TableRef, decode_as, encode, register
from hexrules.sight.exact import SightRecord
from hexrules.units import Result, Unit

__all__ = ["TITLES", "FireRecord", "Shot"]

#: Bilingual titles of the steps of a shot.
TITLES = {
    key: label(term) for key, term in {
        "sight": "line_of_sight",
        "F-1": "declaration",
        "F-3": "standard_attack_level",
        "F-4": "height_correction",
        "F-5": "other_modifiers",
        "F-6": "combat_result_table",
        "F-7": "terrain_correction",
        "F-8": "armour_correction",
        "F-9": "concentrated_fire",
        "F-10": "accumulation",
    }.items()
}


@dataclass(frozen=True)
class Shot:
    """The adjudication of one shooter's shot (F-2 steps 1–8).

    Attributes
    ----------
    shooter : Unit
        The shooter, with its *Fired* marker.
    target_before, target_after : Unit
        The target before and after this shot.
    steps : tuple of Step
    distance : int
        Range in hexes (1 in close combat).
    level : int or None
        The final attack level (F-5), ``None`` if the shot ended before (sight, F-9).
    table_result : Result or None
        What the combat result table gave (F-6), before corrections.
    result : Result
        The result after F-7 and F-8 (``Result.NONE`` when nothing happened).
    adjudicated : bool
        ``False`` for a shooter skipped after a kill (F-9).
    sight : SightRecord or None
        The sight record of step 1 (``None`` in close combat or when skipped).
    """

    shooter: Unit
    target_before: Unit
    target_after: Unit
    steps: tuple[Step, ...]
    distance: int
    level: int | None
    table_result: Result | None
    result: Result
    adjudicated: bool = True
    sight: SightRecord | None = None

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled for this shot, in order."""
        return tuple(d for s in self.steps if s.rule in ("F-6", "F-8") for d in s.dice)


@dataclass(frozen=True)
class FireRecord:
    """Everything about one adjudicated declaration (F-1…F-12): a frozen, JSON-safe value.

    Attributes
    ----------
    order : FireOrder
        What was declared.
    shooters : tuple of Unit
        The shooters as declared (before their *Fired* markers).
    target : Unit
        The target as declared.
    declaration : Step
        The F-1 step: markers placed.
    shots : tuple of Shot
        One per shooter, in declared order (F-9).
    shooters_after : tuple of Unit
        The shooters after the declaration (*Fired*).
    target_after : Unit
        The target after every shot (*Fired upon* and the accumulated result, F-10).
    rolls : tuple of Roll
        Every die rolled, with its rule and purpose.
    map : MapRef
        The map it was adjudicated on (by name and digest).
    tables : TableRef
        The rule tables used (by folder and digest).
    card_unit : str or None
        The shooter that played the fire-enhancement card (E-2).
    reactive_armour : bool
        Whether the target's reactive-armour card (E-4) lowered a shot's result (it acts
        on the first shot that hits, then is spent).
    """

    order: FireOrder
    shooters: tuple[Unit, ...]
    target: Unit
    declaration: Step
    shots: tuple[Shot, ...]
    shooters_after: tuple[Unit, ...]
    target_after: Unit
    rolls: tuple[Roll, ...]
    map: MapRef
    tables: TableRef
    card_unit: str | None = None
    reactive_armour: bool = False

    @property
    def kind(self) -> FireKind:
        """The kind of fire."""
        return self.order.kind

    @property
    def concentrated(self) -> bool:
        """Whether several shooters fired at once (F-9)."""
        return self.order.concentrated

    @property
    def result(self) -> Result:
        """The most severe result any shot produced (after corrections)."""
        order = list(Result)
        return max((s.result for s in self.shots), key=order.index, default=Result.NONE)

    @property
    def units_after(self) -> dict[str, Unit]:
        """Every unit involved, by id, after the declaration.

        >>> from hexrules import Hex, HexMap, ScriptedDice, adjudicate_fire
        >>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
        >>> rec = adjudicate_fire(HexMap.flat(30, 3), r1, b1, dice=ScriptedDice([2, 3, 4]))
        >>> after = rec.units_after
        >>> sorted(after), after["R1"].fired, after["B1"].destroyed
        (['B1', 'R1'], True, True)
        """
        out = {u.id: u for u in self.shooters_after}
        out[self.target_after.id] = self.target_after
        return out

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Each unit involved, before and after (shooters in order, then the target)."""
        pairs = [*zip(self.shooters, self.shooters_after, strict=True),
                 (self.target, self.target_after)]
        return tuple(Effect(b, a) for b, a in pairs)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The declaration step and every shot's steps, in order.

        >>> from hexrules import Hex, HexMap, ScriptedDice, adjudicate_fire
        >>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
        >>> rec = adjudicate_fire(HexMap.flat(30, 3), r1, b1, dice=ScriptedDice([2, 3, 4]))
        >>> [s.rule for s in rec.steps]
        ['F-1', 'L-3', 'F-3', 'F-4', 'F-5', 'F-6', 'F-7', 'F-8', 'F-10']
        """
        return (self.declaration, *(st for s in self.shots for st in s.steps))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID applied, in order of first use.

        >>> from hexrules import Hex, HexMap, ScriptedDice, adjudicate_fire
        >>> r1, b1 = Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1))
        >>> adjudicate_fire(HexMap.flat(30, 3), r1, b1, dice=ScriptedDice([3, 4])).rules
        ('F-1', 'F-2', 'L-3', 'F-3', 'F-4', 'F-5', 'F-6', 'F-7', 'F-8', 'F-10')
        """
        out: dict[str, None] = {}
        for rule in (*self.declaration.rule.split(", "), "F-2", self.kind.rule):
            out.setdefault(rule, None)
        for st in self.steps[1:]:
            out.setdefault(st.rule, None)
        return tuple(out)

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary; :meth:`from_dict` gives back an equal record."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> FireRecord:
        """The record of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)

    def __repr__(self) -> str:
        ids = "+".join(self.order.shooters)
        return (
            f"<FireRecord {self.kind.value} {ids}→{self.order.target}: {self.result.code} "
            f"({self.target_after.status_label})>"
        )

    def __str__(self) -> str:
        from hexrules.render.text import fire_record_text

        return fire_record_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import fire_record_html

        return fire_record_html(self)


register(FireKind, FireOrder, Shot, FireRecord)
