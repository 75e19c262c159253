"""Fire declarations as values: :class:`FireKind` and :class:`FireOrder` (F-1, F-9, F-12).

A :class:`FireOrder` names the shooters and the target *by unit id* and the kind of fire; it
is small, frozen, hashable, JSON-safe and its ``repr`` evaluates back to it, like
python-chess's ``Move``. :func:`~hexrules.combat.fire.verify_fire`,
:func:`~hexrules.combat.fire.can_fire`, :func:`~hexrules.combat.fire.adjudicate_fire`,
:func:`~hexrules.combat.odds.fire_odds` and :func:`~hexrules.combat.odds.simulate_fire` all
take one, together with the units it names.

Examples
--------
>>> order = FireOrder(("R1", "R2"), "B1")
>>> order
FireOrder(('R1', 'R2'), 'B1')
>>> order.concentrated, order.kind
(True, FireKind.NORMAL)
>>> FireOrder.from_dict(order.to_dict()) == order
True
>>> FireOrder("R1", "B1", "short halt")
FireOrder(('R1',), 'B1', FireKind.SHORT_HALT)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from hexrules.errors import IllegalOrderError, RulesTypeError
from hexrules.glossary import label
from hexrules.units import Unit

__all__ = ["FireKind", "FireOrder"]


class FireKind(Enum):
    """The kind of a fire declaration (F-2, V-8, V-9, F-12).

    The attack-level modifier of each kind is data (F-5, in the rule tables); this enum only
    names the kinds.

    Examples
    --------
    >>> FireKind.SHORT_HALT.label, FireKind.SHORT_HALT.rule
    ('Short-halt fire 短停射击', 'V-9')
    >>> FireKind.parse("moving")
    FireKind.MOVING
    """

    NORMAL = "normal"
    MOVING = "moving"
    SHORT_HALT = "short_halt"
    CLOSE_COMBAT = "close_combat"

    @property
    def rule(self) -> str:
        """The rule that defines this kind of fire."""
        return _KIND_INFO[self][0]

    @property
    def label(self) -> str:
        """Bilingual name."""
        return label(_KIND_INFO[self][1])

    @classmethod
    def parse(cls, value: FireKind | str) -> FireKind:
        """A kind from a :class:`FireKind` or its value; the error lists the valid choices.

        >>> FireKind.parse("Short halt")
        FireKind.SHORT_HALT
        >>> FireKind.parse("x")
        Traceback (most recent call last):
        ...
        hexrules.errors.IllegalOrderError: unknown kind of fire 'x'; valid: 'normal', ...
        """
        if isinstance(value, FireKind):
            return value
        if not isinstance(value, str):
            raise RulesTypeError(f"a kind of fire must be a FireKind or a str, got {value!r}")
        try:
            return cls(value.strip().lower().replace("-", "_").replace(" ", "_"))
        except ValueError:
            valid = ", ".join(repr(k.value) for k in cls)
            raise IllegalOrderError(f"unknown kind of fire {value!r}; valid: {valid}") from None

    def __repr__(self) -> str:
        return f"FireKind.{self.name}"


_KIND_INFO = {
    FireKind.NORMAL: ("F-2", "halted_fire"),
    FireKind.MOVING: ("V-8", "moving_fire"),
    FireKind.SHORT_HALT: ("V-9", "short_halt_fire"),
    FireKind.CLOSE_COMBAT: ("F-12", "close_combat_fire"),
}


def _unit_id(value: object, what: str) -> str:
    if isinstance(value, Unit):
        return value.id
    if not isinstance(value, str):
        raise RulesTypeError(f"{what} must be a unit id (str) or a Unit, got {value!r}")
    if not value.strip():
        raise IllegalOrderError(f"{what} must be a non-empty unit id (F-1)")
    return value


@dataclass(frozen=True, init=False)
class FireOrder:
    """A fire declaration (F-1): shooters (in declared order, F-9), one target, a kind.

    Parameters
    ----------
    shooters : str, Unit or iterable of them
        The shooter ids (Units are accepted and reduced to their ids).
    target : str or Unit
        The target id.
    kind : FireKind or str
        ``'normal'`` (halted fire, F-2), ``'moving'`` (V-8), ``'short_halt'`` (V-9) or
        ``'close_combat'`` (F-12).

    Raises
    ------
    IllegalOrderError
        No shooter, a shooter named twice (F-1, F-9), an unknown kind.
    TypeError
        A shooter or target that is neither a str nor a Unit.

    Examples
    --------
    >>> FireOrder(["R1"], "B1", kind="close_combat")
    FireOrder(('R1',), 'B1', FireKind.CLOSE_COMBAT)
    >>> FireOrder([], "B1")
    Traceback (most recent call last):
    ...
    hexrules.errors.IllegalOrderError: a fire declaration needs at least one shooter (F-1)
    """

    shooters: tuple[str, ...]
    target: str
    kind: FireKind

    def __init__(self, shooters: str | Unit | Iterable[str | Unit], target: str | Unit,
                 kind: FireKind | str = FireKind.NORMAL) -> None:
        if isinstance(shooters, str | Unit):
            shooters = (shooters,)
        elif not isinstance(shooters, Iterable):
            raise RulesTypeError(f"shooters must be unit ids or Units, got {shooters!r}")
        ids = tuple(_unit_id(s, "a shooter") for s in shooters)
        if not ids:
            raise IllegalOrderError("a fire declaration needs at least one shooter (F-1)")
        if len(set(ids)) != len(ids):
            raise IllegalOrderError(f"a shooter is declared twice: {', '.join(ids)} (F-1, F-9)")
        object.__setattr__(self, "shooters", ids)
        object.__setattr__(self, "target", _unit_id(target, "the target"))
        object.__setattr__(self, "kind", FireKind.parse(kind))

    @property
    def concentrated(self) -> bool:
        """Several shooters at one target (F-9)."""
        return len(self.shooters) > 1

    @property
    def unit_ids(self) -> tuple[str, ...]:
        """Every unit the order names: the shooters, then the target."""
        return (*self.shooters, self.target)

    def __repr__(self) -> str:
        kind = "" if self.kind is FireKind.NORMAL else f", {self.kind!r}"
        return f"FireOrder({self.shooters!r}, {self.target!r}{kind})"

    def __str__(self) -> str:
        return f"{self.kind.label}: {'+'.join(self.shooters)} → {self.target}"

    def to_dict(self) -> dict[str, object]:
        """JSON-safe dictionary.

        >>> FireOrder("R1", "B1").to_dict()
        {'$': 'FireOrder', 'shooters': ['R1'], 'target': 'B1', 'kind': 'normal'}
        """
        return {"$": "FireOrder", "shooters": list(self.shooters), "target": self.target,
                "kind": self.kind.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> FireOrder:
        """The order of a :meth:`to_dict` dictionary.

        >>> FireOrder.from_dict({"shooters": ["R1"], "target": "B1"})
        FireOrder(('R1',), 'B1')
        >>> FireOrder.from_dict({"target": "B1"})
        Traceback (most recent call last):
        ...
        hexrules.errors.IllegalOrderError: a FireOrder needs 'shooters' and 'target', got ...
        """
        if not isinstance(data, Mapping) or "shooters" not in data or "target" not in data:
            raise IllegalOrderError(f"a FireOrder needs 'shooters' and 'target', got {data!r}")
        shooters = data["shooters"]
        if not isinstance(shooters, list | tuple):
            raise IllegalOrderError(f"FireOrder shooters must be a list, got {shooters!r}")
        kind = data.get("kind", "normal")
        return cls(shooters, data["target"], kind)  # type: ignore[arg-type]
