"""The orders of a game as small frozen values (C-4, F-1, T-2, T-3, V-4…V-10).

Each order names units by id and hexes by :class:`~hexrules.map.hexgrid.Hex` (or military
name), compares by value, round-trips through JSON and has a ``repr`` that evaluates back to
it, like python-chess's ``Move``. Like pokerkit's actions, each comes as a trio:
:meth:`Order.verify` raises the project's error (naming the unit, the hexes and the rule),
:meth:`Order.can` answers yes or no, :meth:`Order.apply` returns the new state and the
record. The order does not say which side gives it: the state knows who is to act.

=======================  ==========================================  ==================
order                    when                                        rule
=======================  ==========================================  ==================
``DeclareFire(fire)``    direct-fire phase; close combat (T-5)       F-1, T-2, V-10
``Pass()``               direct-fire or movement phase, no move on   T-2, T-3
``StartMove(unit)``      movement phase, no move on                  V-4 (V-3 march)
``StepTo(hex)``          the mover's side, during its move           V-1…V-5, V-10
``EndMove()``            the mover's side, during its move           V-5, V-11
``MovingFire(target)``   the mover, once a move, −1                  V-8
``ShortHaltFire(t)``     the mover, instead, 3 points, −3            V-9
``OpportunityFire(s)``   the opponent, right after a step            V-6
``CoveringFire(s, t)``   the mover's side, after opportunity fire    V-7
``Decline()``            whoever may react, to let the chance go     V-6, V-7
``FieldRepair(unit)``    T-1, the side whose field-repair card is    E-3
                         due names a W or I unit
``PlanFire(hex)``        T-4, the side that drew E-6 / E-7 names     A-1, E-6, E-7
                         the target hex
``RapidReload(t)``       direct-fire phase: the side's last unit     E-5
                         to fire fires again
``DealCard(side, c)``    the instructor, at any time (reward rule)   §7
=======================  ==========================================  ==================

The fire orders take ``enhance``: the shooter (``DeclareFire``, ``OpportunityFire``,
``CoveringFire``: its id) or the mover (``MovingFire``, ``ShortHaltFire``, ``RapidReload``:
``True``) that plays the side's fire-enhancement card (E-2, +2 levels, docs/rules.md
ruling-enhancement).

Examples
--------
>>> StepTo(Hex(3, 4))
StepTo(Hex(3, 4))
>>> DeclareFire(("R1", "R2"), "B1")
DeclareFire(FireOrder(('R1', 'R2'), 'B1'))
>>> from hexrules.records import decode, encode
>>> decode(encode(CoveringFire("B2", "R1"))) == CoveringFire(("B2",), "R1")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hexrules.combat.orders import FireKind, FireOrder
from hexrules.errors import IllegalOrderError, RulesTypeError
from hexrules.game.cards import Card
from hexrules.map.hexgrid import Hex
from hexrules.records import decode_as, encode, register
from hexrules.units import Side, Unit

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.records import GameRecord
    from hexrules.game.state import GameState

__all__ = [
    "ORDER_TYPES",
    "CoveringFire",
    "Decline",
    "DeclareFire",
    "EndMove",
    "MovingFire",
    "DealCard",
    "FieldRepair",
    "OpportunityFire",
    "Order",
    "Pass",
    "PlanFire",
    "RapidReload",
    "ShortHaltFire",
    "StartMove",
    "StepTo",
]


def _uid(value: object, what: str) -> str:
    if isinstance(value, Unit):
        return value.id
    if not isinstance(value, str):
        raise RulesTypeError(f"{what} must be a unit id (str) or a Unit, got {value!r}")
    if not value.strip():
        raise IllegalOrderError(f"{what} must be a non-empty unit id")
    return value


def _enhance(value: object) -> str | None:
    if value is None:
        return None
    return _uid(value, "enhance (the shooter playing the fire-enhancement card, E-2)")


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise RulesTypeError(f"{what} must be True or False, got {value!r}")
    return value


def _extra(enhance: object) -> str:
    return "" if enhance in (None, False) else f", enhance={enhance!r}"


def _uids(values: object, what: str) -> tuple[str, ...]:
    if isinstance(values, str | Unit):
        values = (values,)
    if not isinstance(values, Iterable):
        raise RulesTypeError(f"{what} must be unit ids or Units, got {values!r}")
    ids = tuple(_uid(v, what) for v in values)
    if not ids:
        raise IllegalOrderError(f"{what}: name at least one unit (F-1)")
    if len(set(ids)) != len(ids):
        raise IllegalOrderError(f"{what}: a unit is named twice: {', '.join(ids)} (F-1, F-9)")
    return ids


class Order:
    """What every order provides: ``verify``, ``can``, ``apply``, ``to_dict``/``from_dict``.

    ``slot`` says whether the order takes the side's turn in the alternation of T-2/T-3
    (a declaration, a pass, a whole move), as reactions and moving fire do not (V-6).
    """

    slot: ClassVar[bool] = False
    rule: ClassVar[str] = ""

    def verify(self, state: GameState) -> None:
        """Raise the project's error if this order is illegal in ``state``."""
        from hexrules.game.engine import verify

        verify(state, self)  # type: ignore[arg-type]

    def can(self, state: GameState) -> bool:
        """Whether :meth:`verify` accepts this order in ``state``."""
        from hexrules.game.engine import can

        return can(state, self)  # type: ignore[arg-type]

    def apply(self, state: GameState) -> tuple[GameState, GameRecord]:
        """The state after this order, and its record (``state`` itself is unchanged)."""
        from hexrules.game.engine import apply

        return apply(state, self)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary (the codec of :mod:`hexrules.records`)."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Order:
        """The order of a :meth:`to_dict` dictionary (any order type, checked to be one)."""
        return decode_as(Order, data)  # type: ignore[type-abstract]


@dataclass(frozen=True, init=False, repr=False)
class DeclareFire(Order):
    """Declare one fire, single or concentrated (F-1, F-9; T-2), or a close-combat shot
    (``kind='close_combat'``, one shooter, V-10).

    ``enhance`` names the shooter that plays the fire-enhancement card (E-2).

    >>> DeclareFire(FireOrder("R1", "B1")) == DeclareFire("R1", "B1")
    True
    >>> DeclareFire(("R1", "R2"), "B1", enhance="R2")
    DeclareFire(FireOrder(('R1', 'R2'), 'B1'), enhance='R2')
    """

    fire: FireOrder
    enhance: str | None = None
    slot: ClassVar[bool] = True
    rule: ClassVar[str] = "F-1"

    def __init__(self, fire: FireOrder | str | Unit | Iterable[str | Unit],
                 target: str | Unit | None = None,
                 kind: FireKind | str = FireKind.NORMAL, *,
                 enhance: str | Unit | None = None) -> None:
        if isinstance(fire, FireOrder):
            if target is not None:
                raise RulesTypeError("DeclareFire takes a FireOrder, or shooters and a target")
        elif target is None:
            raise RulesTypeError(f"DeclareFire needs a FireOrder, or shooters and a target; "
                                 f"got {fire!r}")
        else:
            fire = FireOrder(fire, target, kind)  # type: ignore[arg-type]
        object.__setattr__(self, "fire", fire)
        object.__setattr__(self, "enhance", _enhance(enhance))

    def __repr__(self) -> str:
        return f"DeclareFire({self.fire!r}{_extra(self.enhance)})"

    def __str__(self) -> str:
        return str(self.fire)


@dataclass(frozen=True, repr=False)
class Pass(Order):
    """Pass this slot of the alternation (T-2, T-3); two passes in a row end the phase."""

    slot: ClassVar[bool] = True
    rule: ClassVar[str] = "T-2"

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, init=False, repr=False)
class StartMove(Order):
    """Declare a move of one unit (宣告机动, V-4), in march mode if ``march`` (V-3).

    >>> StartMove("R1", march=True)
    StartMove('R1', march=True)
    """

    unit: str
    march: bool
    slot: ClassVar[bool] = True
    rule: ClassVar[str] = "V-4"

    def __init__(self, unit: str | Unit, march: bool = False) -> None:
        if not isinstance(march, bool):
            raise RulesTypeError(f"march must be True or False, got {march!r}")
        object.__setattr__(self, "unit", _uid(unit, "the unit to move"))
        object.__setattr__(self, "march", march)

    def __repr__(self) -> str:
        return f"StartMove({self.unit!r}{', march=True' if self.march else ''})"


@dataclass(frozen=True, init=False, repr=False)
class StepTo(Order):
    """Step the moving unit to an adjacent hex (V-1…V-5), a Hex or a military name.

    (Named ``StepTo`` rather than ``Step``: :class:`hexrules.records.Step` is a record's step.)

    >>> StepTo("4563AB")
    StepTo('4563AB')
    """

    to: Hex | str
    rule: ClassVar[str] = "V-1"

    def __init__(self, to: Hex | str) -> None:
        if not isinstance(to, Hex | str):
            raise RulesTypeError(f"a step goes to a Hex or a military name like '4563GH', "
                                 f"got {to!r}")
        object.__setattr__(self, "to", to)

    def __repr__(self) -> str:
        return f"StepTo({self.to!r})"


@dataclass(frozen=True, repr=False)
class EndMove(Order):
    """End the move in progress (V-5); the stacking limit is checked now (V-11)."""

    rule: ClassVar[str] = "V-5"

    def __repr__(self) -> str:
        return "EndMove()"


@dataclass(frozen=True, init=False, repr=False)
class MovingFire(Order):
    """The mover fires once during its move, −1 attack level (V-8).

    >>> MovingFire("B1")
    MovingFire('B1')
    """

    target: str
    enhance: bool = False
    rule: ClassVar[str] = "V-8"
    kind: ClassVar[FireKind] = FireKind.MOVING

    def __init__(self, target: str | Unit, *, enhance: bool = False) -> None:
        object.__setattr__(self, "target", _uid(target, "the target"))
        object.__setattr__(self, "enhance", _flag(enhance, "enhance (E-2)"))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.target!r}{_extra(self.enhance)})"


@dataclass(frozen=True, init=False, repr=False)
class ShortHaltFire(MovingFire):
    """Instead of moving fire, the mover spends 3 points to fire at −3 (V-9).

    >>> ShortHaltFire("B1")
    ShortHaltFire('B1')
    """

    rule: ClassVar[str] = "V-9"
    kind: ClassVar[FireKind] = FireKind.SHORT_HALT


@dataclass(frozen=True, init=False, repr=False)
class OpportunityFire(Order):
    """The opponent of the mover fires at it right after its step (机会射击, V-6).

    >>> OpportunityFire(["B1", "B3"])
    OpportunityFire(('B1', 'B3'))
    """

    shooters: tuple[str, ...]
    enhance: str | None = None
    rule: ClassVar[str] = "V-6"

    def __init__(self, shooters: str | Unit | Iterable[str | Unit], *,
                 enhance: str | Unit | None = None) -> None:
        object.__setattr__(self, "shooters", _uids(shooters, "opportunity fire shooters"))
        object.__setattr__(self, "enhance", _enhance(enhance))

    def __repr__(self) -> str:
        return f"OpportunityFire({self.shooters!r}{_extra(self.enhance)})"


@dataclass(frozen=True, init=False, repr=False)
class CoveringFire(Order):
    """The mover's side fires at a unit that just took opportunity fire (掩护射击, V-7).

    ``target`` may be left out when only one unit took the opportunity shot.

    >>> CoveringFire("R2", "B1")
    CoveringFire(('R2',), 'B1')
    """

    shooters: tuple[str, ...]
    target: str | None
    enhance: str | None = None
    rule: ClassVar[str] = "V-7"

    def __init__(self, shooters: str | Unit | Iterable[str | Unit],
                 target: str | Unit | None = None, *,
                 enhance: str | Unit | None = None) -> None:
        object.__setattr__(self, "shooters", _uids(shooters, "covering fire shooters"))
        object.__setattr__(self, "target",
                           None if target is None else _uid(target, "the target"))
        object.__setattr__(self, "enhance", _enhance(enhance))

    def __repr__(self) -> str:
        target = "" if self.target is None else f", {self.target!r}"
        return f"CoveringFire({self.shooters!r}{target}{_extra(self.enhance)})"


@dataclass(frozen=True, repr=False)
class Decline(Order):
    """Let the opportunity or covering fire chance go (V-6, V-7)."""

    rule: ClassVar[str] = "V-6"

    def __repr__(self) -> str:
        return "Decline()"


@dataclass(frozen=True, init=False, repr=False)
class FieldRepair(Order):
    """The side whose field-repair card is due names the unit it repairs (战地抢修, E-3, T-1).

    The unit must have lost its weapon or be immobilised; it is fully repaired.

    >>> FieldRepair("R2")
    FieldRepair('R2')
    """

    unit: str
    rule: ClassVar[str] = "E-3"

    def __init__(self, unit: str | Unit) -> None:
        object.__setattr__(self, "unit", _uid(unit, "the unit to repair"))

    def __repr__(self) -> str:
        return f"FieldRepair({self.unit!r})"


@dataclass(frozen=True, init=False, repr=False)
class PlanFire(Order):
    """The side that drew an artillery card names the target hex of its fire plan
    (炮兵火力计划, A-1, E-6, E-7), a Hex or a military name, in the random-event phase.

    >>> PlanFire("4563PJ")
    PlanFire('4563PJ')
    """

    target: Hex | str
    rule: ClassVar[str] = "A-1"

    def __init__(self, target: Hex | str) -> None:
        if not isinstance(target, Hex | str):
            raise RulesTypeError(f"a fire plan names a Hex or a military name like "
                                 f"'4563GH' (A-1), got {target!r}")
        object.__setattr__(self, "target", target)

    def __repr__(self) -> str:
        return f"PlanFire({self.target!r})"


@dataclass(frozen=True, init=False, repr=False)
class RapidReload(Order):
    """The side's last unit to fire this turn fires again (急速装填, E-5), in the direct-fire
    phase, at any enemy in range, even one already fired upon (F-1). It takes the slot.

    >>> RapidReload("B1", enhance=True)
    RapidReload('B1', enhance=True)
    """

    target: str
    enhance: bool = False
    slot: ClassVar[bool] = True
    rule: ClassVar[str] = "E-5"

    def __init__(self, target: str | Unit, *, enhance: bool = False) -> None:
        object.__setattr__(self, "target", _uid(target, "the target"))
        object.__setattr__(self, "enhance", _flag(enhance, "enhance (E-2)"))

    def __repr__(self) -> str:
        return f"RapidReload({self.target!r}{_extra(self.enhance)})"


@dataclass(frozen=True, init=False, repr=False)
class DealCard(Order):
    """The instructor deals ``card`` to ``side`` (the reward rule, §7): it counts as drawn
    now and acts next turn. With ``reshuffle`` the side's played and expired cards go back
    into its deck first. Not a player's order: any time, whoever is to act, never listed by
    :func:`~hexrules.game.legal.legal_orders`.

    >>> DealCard("red", "E-4")
    DealCard(Side.RED, Card.REACTIVE_ARMOUR)
    """

    side: Side
    card: Card
    reshuffle: bool = False
    rule: ClassVar[str] = "§7"

    def __init__(self, side: Side | str, card: Card | str, reshuffle: bool = False) -> None:
        object.__setattr__(self, "side", Side.parse(side))
        object.__setattr__(self, "card", Card.parse(card))
        object.__setattr__(self, "reshuffle", _flag(reshuffle, "reshuffle"))

    def __repr__(self) -> str:
        more = ", reshuffle=True" if self.reshuffle else ""
        return f"DealCard({self.side!r}, {self.card!r}{more})"


#: Every order type.
ORDER_TYPES = (DeclareFire, Pass, StartMove, StepTo, EndMove, MovingFire, ShortHaltFire,
               OpportunityFire, CoveringFire, Decline, FieldRepair, PlanFire, RapidReload,
               DealCard)

register(*ORDER_TYPES)

