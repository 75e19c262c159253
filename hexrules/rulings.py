"""What the records of every game share beyond the codec of :mod:`hexrules.records`.

Mixins for frozen dataclasses, so a game (the tank game, a variant) writes only what is its
own:

* :class:`Codec` — ``to_dict`` / ``from_dict`` through :func:`~hexrules.records.encode` /
  :func:`~hexrules.records.decode_as` (the class must be registered);
* :class:`Ruling` — one ruling with a ``rule`` and ``steps``: its :attr:`~Ruling.rules`;
* :class:`OrderParts` — the record of one order: the ``order`` and its ``parts``, with the
  rules, steps and effects that follow from them.

Examples
--------
>>> from hexrules.game import GameRecord
>>> from hexrules.variants.prokhorovka.state import OrderRecord
>>> from hexrules.variants.squad import SquadRecord
>>> all(issubclass(c, OrderParts) for c in (GameRecord, SquadRecord, OrderRecord))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from hexrules.records import Effect, Step, decode_as, encode

__all__ = ["Codec", "OrderParts", "Ruling"]

T = TypeVar("T")


class Codec:
    """Mixin of a registered dataclass: ``to_dict`` / ``from_dict`` through the codec.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Note(Codec):
    ...     text: str
    >>> from hexrules.records import register
    >>> register(Note, namespace="doc")
    >>> Note("hi").to_dict(), Note.from_dict({"$": "doc.Note", "text": "hi"})
    ({'$': 'doc.Note', 'text': 'hi'}, Note(text='hi'))
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary (:func:`encode`); :meth:`from_dict` gives it back."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls: type[T], data: Mapping[str, object]) -> T:
        """The value of a :meth:`to_dict` dictionary (:func:`decode_as`)."""
        return decode_as(cls, data)


class Ruling(Codec):
    """Mixin of one ruling: its ``rule`` and ``steps``; :attr:`rules` in order of first use.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> from hexrules.records import register
    >>> @dataclass(frozen=True)
    ... class Call(Ruling):
    ...     rule: str
    ...     steps: tuple = ()
    >>> register(Call, namespace="doc")
    >>> Call("P-17", (Step("P-17", "a"), Step("P-11", "b"))).rules
    ('P-17', 'P-11')
    """

    __slots__ = ()
    rule: str
    steps: tuple[Step, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs applied, in order of first use."""
        out: dict[str, None] = {self.rule: None}
        for st in self.steps:
            out.setdefault(st.rule, None)
        return tuple(out)


class OrderParts(Codec):
    """Mixin of the record of one order in any game: its ``order`` and ``parts``.

    The tank game's :class:`~hexrules.game.GameRecord` and the variants' order records
    share what follows from the parts: :attr:`rules` (the order's rule first, when
    :attr:`order_rule_first`), :attr:`steps` and :attr:`effects`, all in order.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Told(OrderParts):
    ...     order: object
    ...     parts: tuple
    >>> s = Step("F-6", "Dice 骰子")
    >>> @dataclass(frozen=True)
    ... class Part:
    ...     rules: tuple = ("F-6", "F-7")
    ...     steps: tuple = (s,)
    ...     effects: tuple = ()
    >>> Told(None, (Part(),)).rules, len(Told(None, (Part(), Part())).steps)
    (('F-6', 'F-7'), 2)
    """

    __slots__ = ()
    #: Whether the order's own rule ID (``order.rule``) comes first in :attr:`rules`.
    order_rule_first: ClassVar[bool] = True
    order: Any
    parts: tuple[Any, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID applied, in order of first use."""
        out: dict[str, None] = {}
        rule = getattr(self.order, "rule", "") if self.order_rule_first else ""
        if rule:
            out[rule] = None
        for p in self.parts:
            for r in p.rules:
                out.setdefault(r, None)
        return tuple(out)

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every part's steps, in order."""
        return tuple(st for p in self.parts for st in p.steps)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Every part's effects, in order."""
        return tuple(e for p in self.parts for e in p.effects)
