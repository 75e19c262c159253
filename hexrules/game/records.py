"""The records of a game: :class:`GameEvent` (one ruling of the engine) and :class:`GameRecord`
(everything one order caused), both following :class:`hexrules.records.Record`.

An order's record is made of *parts*, in the order they happened: the fire records of
:func:`~hexrules.combat.adjudicate_fire` (direct, opportunity, covering, moving, short-halt and
close-combat fire) and :class:`GameEvent` values for the engine's own rulings (a step and its
cost V-1, a move declared V-4 or ended V-5/V-11, an initiative d6 T-2/T-3, the markers cleared
T-1, the random-event phase T-4, a close-combat round V-10, a breach C-4, the score §9; the
card draws, plays, repairs and reactive-armour step-downs E-1…E-7), the artillery records of
a mission arriving (:class:`~hexrules.artillery.ArtilleryRecord`, A-1…A-7) and of a unit
entering a marked hex (:class:`~hexrules.artillery.MarkerEntryRecord`, A-8). Each
part has its rule IDs, steps, rolls and effects; the record adds them up. Records are values
(equal orders on equal states give equal records), render themselves (``str`` and bilingual
HTML) and round-trip through JSON.

Examples
--------
>>> from hexrules.records import Step
>>> ev = GameEvent("T-2", "Initiative 先手", (Step("T-2", "Initiative 先手", dice=(3,),
...                result="Red 红方 first"),))
>>> print(ev)
[T-2] Initiative 先手
  [T-2] Initiative 先手 | dice 3 | → Red 红方 first
>>> GameEvent.from_dict(ev.to_dict()) == ev
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexrules.artillery.record import ArtilleryRecord, MarkerEntryRecord
from hexrules.combat.record import FireRecord
from hexrules.dice import Roll
from hexrules.records import Effect, Step, register
from hexrules.rulings import OrderParts, Ruling
from hexrules.units import Side

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.game.orders import Order
    from hexrules.game.state import Phase

__all__ = ["GameEvent", "GameRecord", "Part"]


@dataclass(frozen=True)
class GameEvent(Ruling):
    """One ruling of the engine: its rule, a bilingual title, steps, effects and rolls."""

    rule: str
    title: str
    steps: tuple[Step, ...] = ()
    effects: tuple[Effect, ...] = ()
    rolls: tuple[Roll, ...] = ()

    def __str__(self) -> str:
        from hexrules.render.text import game_event_text

        return game_event_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import game_event_html

        return game_event_html(self)


#: A part of a game record: an engine event, a fire record, an artillery mission arriving
#: (A-1…A-7) or a unit entering a hex with impact markers (A-8).
Part = GameEvent | FireRecord | ArtilleryRecord | MarkerEntryRecord


@dataclass(frozen=True)
class GameRecord(OrderParts):
    """Everything one order caused, in order: fire records and engine events.

    Attributes
    ----------
    order : Order or None
        The order (``None`` for the start of the game).
    side : Side or None
        The side that gave it.
    turn : int
    phase : Phase
        The phase the order was given in.
    parts : tuple of GameEvent or FireRecord
    rolls : tuple of Roll
        Every die rolled, in order (the parts' rolls, in sequence).
    """

    order: Order | None
    side: Side | None
    turn: int
    phase: Phase
    parts: tuple[Part, ...]
    rolls: tuple[Roll, ...]

    @property
    def fire(self) -> tuple[FireRecord, ...]:
        """The fire records among the parts."""
        return tuple(p for p in self.parts if isinstance(p, FireRecord))

    def __repr__(self) -> str:
        who = "" if self.side is None else f" {self.side.value}"
        return (f"<GameRecord turn {self.turn} {self.phase.value}{who}: {self.order!r}, "
                f"{len(self.parts)} part(s), {len(self.rolls)} roll(s)>")

    def __str__(self) -> str:
        from hexrules.render.text import game_record_text

        return game_record_text(self)

    def _repr_html_(self) -> str:
        from hexrules.render.html import game_record_html

        return game_record_html(self)


register(GameEvent, GameRecord)
