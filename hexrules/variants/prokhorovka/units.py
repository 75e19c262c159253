"""The variant's units (P-2, P-7, P-16, P-21): :class:`PUnit`, a frozen value.

A unit is a vehicle (its type names a :class:`~hexrules.variants.prokhorovka.data.
VehicleType`) or an infantry squad. Besides where it stands and what it carries, it keeps
what one turn has used (its dice, P-7) and what its morale streaks need (P-22).

>>> from hexrules.grid import Square
>>> u = PUnit("GT1", "german", "Tiger I", Square(5, 5), facing=2, loads=12, max_loads=12,
...           crew=5)
>>> u.arm, u.alive, u.on_map
('armour', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hexrules.grid.square import Square
from hexrules.records import register
from hexrules.variants.prokhorovka.morale import MoraleTrack

__all__ = ["SQUAD", "PUnit"]

#: The type name of an infantry squad.
SQUAD = "squad"


@dataclass(frozen=True)
class PUnit:
    """One vehicle or squad of the variant.

    Attributes
    ----------
    id, side, type : str
        ``side`` is ``'german'`` or ``'soviet'``; ``type`` a vehicle type or ``'squad'``.
    square : Square or None
        ``None`` before it enters (reserves, P-3) and once wiped out.
    facing : int
        0 N … 7 NW (P-9, P-14).
    men, killed, wounded : int
        A squad's men in the fight and its losses (P-12).
    crew : int
        A vehicle's crew in the fight (P-16).
    loads, max_loads : int
        Basic loads carried and the initial load (P-10, P-20).
    anti_tank : bool
        A squad with an anti-tank weapon may fire at armour (P-2).
    company, enters : int
        Its company (mortar calls, P-17) and the turn it enters (P-3).
    no_fire, no_move, destroyed, penetrated : bool
        Vehicle damage (P-16).
    stunned : int
        The turn its crew is stunned (P-17), 0 if never.
    barn_turn : int
        The turn a vehicle entered the barn (P-19), 0 if not in it.
    morale : MoraleTrack or None
        A squad's morale (P-21, P-22); vehicles have none.
    moved, declared : bool
        This turn: it has moved; it has declared fire, an assault or a hold.
    cas_die : int
        This turn's casualty die, 0 if not rolled yet (P-7).
    activity : str
        This turn's fire for P-22: ``'attack'``, ``'support'`` or ``'hold'``.
    hit_this_turn : bool
        It lost men this turn (P-22).
    fired_at : tuple of str
        The enemy units it fired at this turn (P-22, enemy wiped out).
    neighbours_lost : int
        Friendly units wiped out next to it this turn (P-22).
    """

    id: str
    side: str
    type: str
    square: Square | None
    facing: int = 0
    men: int = 0
    killed: int = 0
    wounded: int = 0
    crew: int = 0
    loads: int = 0
    max_loads: int = 0
    anti_tank: bool = False
    company: int = 1
    enters: int = 1
    no_fire: bool = False
    no_move: bool = False
    destroyed: bool = False
    penetrated: bool = False
    stunned: int = 0
    barn_turn: int = 0
    morale: MoraleTrack | None = None
    moved: bool = False
    declared: bool = False
    cas_die: int = 0
    activity: str = "hold"
    hit_this_turn: bool = False
    fired_at: tuple[str, ...] = ()
    neighbours_lost: int = 0

    @property
    def is_squad(self) -> bool:
        """Whether it is an infantry squad."""
        return self.type == SQUAD

    @property
    def arm(self) -> str:
        """``'infantry'`` or ``'armour'`` (the P-19 column)."""
        return "infantry" if self.type == SQUAD else "armour"

    @property
    def alive(self) -> bool:
        """Not wiped out: a squad with men in the fight, a vehicle not destroyed (P-22)."""
        return self.men > 0 if self.type == SQUAD else not self.destroyed

    @property
    def on_map(self) -> bool:
        """Alive and on the map."""
        return self.square is not None and self.alive

    def new_turn(self) -> PUnit:
        """The unit with this turn's marks cleared."""
        return replace(self, moved=False, declared=False, cas_die=0, activity="hold",
                       hit_this_turn=False, fired_at=(), neighbours_lost=0)

    def __repr__(self) -> str:
        where = "off map" if self.square is None else str(self.square)
        what = f"{self.men} men" if self.is_squad else ("destroyed" if self.destroyed else
                                                        f"crew {self.crew}")
        return f"<PUnit {self.id} {self.side} {self.type} {where} {what}>"


register(PUnit, namespace="prok")
