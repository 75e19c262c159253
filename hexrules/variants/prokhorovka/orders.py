"""The orders of the variant (P-8…P-10, P-17, P-23) as frozen values.

=====================  ==========  =========================================================
order                  phase       what it does
=====================  ==========  =========================================================
:class:`MortarCall`    mortar      a German company's one call, aimed at a square (P-17)
:class:`Activate`      movement    a unit starts its move: its action die gives the points
:class:`MoveStep`      movement    the moving unit steps to a neighbouring square (P-9)
:class:`FinishMove`    movement    the move ends, with an optional free change of facing
:class:`OpenFire`      fire        a unit declares fire at a target, normal or fire to win
:class:`MeleeAssault`  fire        a squad assaults an adjacent enemy squad (P-23)
:class:`HoldFire`      fire        a unit holds fire
:class:`EndPhase`      any         the side is done with this phase (the rest hold)
=====================  ==========  =========================================================

>>> OpenFire("GQ1", "SQ2", "win").to_dict()
{'$': 'prok.OpenFire', 'unit': 'GQ1', 'target': 'SQ2', 'mode': 'win'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexrules.grid.square import Square
from hexrules.records import decode, encode, register

__all__ = ["ORDER_TYPES", "Activate", "EndPhase", "FinishMove", "HoldFire", "MeleeAssault",
           "MortarCall", "MoveStep", "OpenFire", "Order", "order_from_dict"]


class _Order:
    rule = "P-8"

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary."""
        return encode(self)  # type: ignore[return-value]


@dataclass(frozen=True)
class EndPhase(_Order):
    """The side is done with the current phase (P-8)."""


@dataclass(frozen=True)
class MortarCall(_Order):
    """German company ``company`` calls its mortars on ``aim`` (square 5, P-17)."""

    company: int
    aim: Square
    rule = "P-17"


@dataclass(frozen=True)
class Activate(_Order):
    """Unit ``unit`` starts its move (P-9)."""

    unit: str
    rule = "P-9"


@dataclass(frozen=True)
class MoveStep(_Order):
    """The moving unit steps to ``square`` (P-9)."""

    square: Square
    rule = "P-9"


@dataclass(frozen=True)
class FinishMove(_Order):
    """The move ends; ``facing`` (0 N … 7 NW) is the free change of facing, if any (P-9)."""

    facing: int | None = None
    rule = "P-9"


@dataclass(frozen=True)
class OpenFire(_Order):
    """``unit`` fires at ``target``: ``mode`` ``'normal'`` or ``'win'`` (fire to win, P-10)."""

    unit: str
    target: str
    mode: str = "normal"
    rule = "P-10"


@dataclass(frozen=True)
class MeleeAssault(_Order):
    """Squad ``unit`` assaults the adjacent enemy squad ``target`` (P-23); ``take``: it takes
    the square if only the defender routs."""

    unit: str
    target: str
    take: bool = True
    rule = "P-23"


@dataclass(frozen=True)
class HoldFire(_Order):
    """``unit`` holds fire (P-8, P-22)."""

    unit: str
    rule = "P-8"


Order = (EndPhase | MortarCall | Activate | MoveStep | FinishMove | OpenFire | MeleeAssault
         | HoldFire)
ORDER_TYPES = (EndPhase, MortarCall, Activate, MoveStep, FinishMove, OpenFire, MeleeAssault,
               HoldFire)


def order_from_dict(data: Mapping[str, object]) -> Order:
    """The order of a :meth:`to_dict` dictionary."""
    from hexrules.errors import GameFormatError

    value = decode(data)
    if not isinstance(value, ORDER_TYPES):
        raise GameFormatError(f"not a Prokhorovka order: {data!r}")
    return value


register(*ORDER_TYPES, namespace="prok")
