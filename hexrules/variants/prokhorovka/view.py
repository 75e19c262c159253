"""What one side knows (fog of war): :func:`view` and :class:`PView`.

**[project ruling]** A side sees an enemy unit on the map when one of its own units on the
map has a clear line to it (P-18: only barn, house and haystack squares block), and, for
infantry concealed in a haystack, stands within 5 squares of it. It sees a seen enemy's
type, square, facing and visible damage, never its men, loads or morale. Losses are public.

>>> from hexrules.variants.prokhorovka import load_scenario, new_state
>>> v = view(new_state(load_scenario("cut")), "german")
>>> len(v.own), len(v.seen), v.hidden
(7, 5, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from hexrules.grid.square import Square
from hexrules.records import encode, register
from hexrules.variants.prokhorovka.state import PState
from hexrules.variants.prokhorovka.units import PUnit

__all__ = ["PView", "SeenUnit", "sees", "view"]


@dataclass(frozen=True)
class SeenUnit:
    """An enemy unit as a side sees it."""

    id: str
    type: str
    square: Square
    facing: int
    disabled: bool


@dataclass(frozen=True)
class PView:
    """One side's knowledge of a state (see the module docstring)."""

    side: str
    turn: int
    phase: str
    to_act: str | None
    own: tuple[PUnit, ...]
    seen: tuple[SeenUnit, ...]
    hidden: int
    losses: tuple[tuple[str, int, int, int], ...]   # (side, killed, wounded, vehicles lost)
    scenario: str = ""                              # the scenario's name (the public map)
    mover: str | None = None                        # the unit moving now (P-9), if any

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary."""
        return encode(self)  # type: ignore[return-value]


def sees(s: PState, watcher: PUnit, u: PUnit) -> bool:
    """Whether ``watcher`` sees ``u`` (P-18 and the concealment of a haystack)."""
    b = s.board
    if u.is_squad and b.feature_at(u.square) == "haystack" \
            and watcher.square.distance2(u.square) > s.rules.concealment ** 2:
        return False
    return b.clear(watcher.square, u.square)


def view(s: PState, side: str) -> PView:
    """``side``'s view of ``s``."""
    own = tuple(u for u in s.units if u.side == side)
    eyes = [u for u in own if u.on_map]
    seen, hidden = [], 0
    for u in s.units:
        if u.side == side or not u.on_map:
            continue
        if any(sees(s, w, u) for w in eyes):
            seen.append(SeenUnit(u.id, u.type, u.square, u.facing, u.no_fire or u.no_move))
        else:
            hidden += 1
    losses = tuple((sd, sum(u.killed for u in s.units if u.side == sd),
                    sum(u.wounded for u in s.units if u.side == sd),
                    sum(u.destroyed for u in s.units if u.side == sd))
                   for sd in ("german", "soviet"))
    mover = s.mover.unit if s.mover is not None else None
    return PView(side, s.turn, s.phase, s.to_act, own, tuple(seen), hidden, losses,
                 s.scenario.name, mover)


register(SeenUnit, PView, namespace="prok")
