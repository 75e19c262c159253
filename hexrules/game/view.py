"""What one side may know (OpenSpiel's observer): :func:`view` and :class:`View`.

With fog of war (:class:`~hexrules.game.state.Options`), a side's view holds its own units in
full, the enemy units that at least one of its units sees now (the fast sight path,
:func:`hexrules.sight.fast.fast_sight`), and what the rules make public: the turn, the phase,
who is to act, the passes, the initiative, the units lost (**[project ruling]**: a destroyed
counter is removed in front of both players), the close combats (they involve the side's own
units) and the score. A move or a reaction window appears only if every unit it names is the
side's own or seen; an enemy mover that is seen shows only its current hex and the points it
spent (announced aloud, V-4). Nothing about an enemy unit no friendly unit sees reaches the
view — not its id, its hex, its markers or its past path. The game log is not part of a view.

Without fog of war the view is the whole state.

With the event cards (§7) a view has :class:`CardsView` ``cards``: the side's own hand, deck,
discards and fire plans in full, and of the enemy **[project ruling]** only what a careful
referee lets a player know across the table: how many cards it holds and has left in its
deck, which cards it has played or let expire (cards are played face up), how many fire
plans it has made and not yet landed (not their target hexes, not even without fog of war:
a fire plan is written down in secret), and every impact marker on the map (they are placed
on the board, A-8).

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import GameState, Options
>>> m = HexMap.load("training")
>>> s = GameState.new(m, [Unit("R1", "red", m.parse("4563KC")),
...                       Unit("B1", "blue", m.parse("4564GD"))], turns=1, seed=1,
...                   options=Options(fog_of_war=True))
>>> v = s.view("red")
>>> [u.id for u in v.units], v.hidden
(['R1'], 1)
>>> open_game = GameState.new(m, list(s.units), turns=1, seed=1)   # no fog of war
>>> len(open_game.view("red").units)
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hexrules.artillery.plan import FirePlan
from hexrules.artillery.record import ImpactMarker
from hexrules.game.cards import Card, HeldCard
from hexrules.game.checks import seen_enemies
from hexrules.game.state import CloseCombat, GameState, MoveInProgress, Phase, ReactionWindow
from hexrules.records import decode_as, encode, register
from hexrules.units import Side, Unit

__all__ = ["CardsView", "View", "view"]


@dataclass(frozen=True)
class CardsView:
    """What one side knows of the event cards (see the module docstring).

    ``hand``, ``deck``, ``played``, ``plans`` are the side's own; ``enemy_held``,
    ``enemy_deck`` and ``enemy_plans`` are counts; ``enemy_played`` the enemy's discards;
    ``markers`` every impact marker on the map; ``last_fired`` the side's own last unit to
    fire this turn (E-5).
    """

    hand: tuple[HeldCard, ...]
    deck: tuple[Card, ...]
    played: tuple[Card, ...]
    plans: tuple[FirePlan, ...]
    enemy_held: int
    enemy_deck: int
    enemy_played: tuple[Card, ...]
    enemy_plans: int
    markers: tuple[ImpactMarker, ...]
    last_fired: str = ""

    def active(self, turn: int) -> tuple[HeldCard, ...]:
        """The side's cards acting in ``turn``."""
        return tuple(h for h in self.hand if h.active(turn))

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary."""
        return encode(self)  # type: ignore[return-value]


def cards_view(state: GameState, me: Side) -> CardsView | None:
    """The cards part of a view (``None`` in a game without the cards)."""
    if not state.options.cards:
        return None
    c, foe = state.cards, me.opponent
    return CardsView(c.held_by(me), c.deck(me), c.discards(me),
                     tuple(p for p in c.plans if p.side is me), len(c.held_by(foe)),
                     len(c.deck(foe)), c.discards(foe),
                     sum(p.side is foe for p in c.plans), c.markers, c.last(me))


@dataclass(frozen=True)
class View:
    """One side's knowledge of a state (see the module docstring).

    ``cards`` is the side's knowledge of the event cards (:class:`CardsView`, ``None``
    without them). ``hidden`` counts the enemy units on the board the side does not see
    (always 0 without fog of war); **[project ruling]**: the number of counters on the board
    is public, their identities and places are not.
    """

    side: Side
    fog_of_war: bool
    turn: int
    turns: int
    phase: Phase
    to_act: Side | None
    initiative: Side | None
    passes: int
    units: tuple[Unit, ...]
    losses: tuple[Unit, ...]
    move: MoveInProgress | None
    window: ReactionWindow | None
    melee: CloseCombat | None
    hidden: int
    map_name: str
    score: Any = None
    hexes: tuple[str, ...] = ()
    cards: CardsView | None = None

    @property
    def summary(self) -> str:
        """Turn, phase and who is to act, in words."""
        who = self.to_act.label if self.to_act else "nobody"
        return (f"turn {self.turn}/{self.turns}, {self.phase.label}, {who} to act; "
                f"{len(self.units)} units known, {self.hidden} hidden")

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> View:
        """The view of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)

    def _repr_html_(self) -> str:
        from hexrules.render.html import game_view_html

        return game_view_html(self)


def view(state: GameState, side: Side | str) -> View:
    """What ``side`` may know of ``state`` (the whole state without fog of war)."""
    me = Side.parse(side)
    fog = state.options.fog_of_war
    if fog:
        seen = seen_enemies(state.hexmap, state.units, me)
        known = {u.id for u in state.units if u.side is me} | seen
    else:
        known = {u.id for u in state.units}
    units = tuple(u for u in state.units if u.id in known)
    lost = {u.id for u in state.losses}

    def ok(ids: tuple[str, ...]) -> bool:
        return all(i in known or i in lost for i in ids)

    move = state.move
    if move is not None and fog and move.side is not me:
        move = (dataclasses.replace(move, path=(move.hex,)) if move.unit in known else None)
    window = state.window
    if window is not None and not ok((*window.targets, *window.shooters)):
        window = None
    melee = state.melee
    if melee is not None and not ok(melee.to_fire):
        melee = None
    m = state.hexmap
    return View(me, fog, state.turn, state.turns, state.phase, state.to_act, state.initiative,
                state.passes, units, state.losses, move, window, melee,
                len(state.units) - len(units), m.name, state.score,
                tuple(m.name_of(u.hex) for u in units), cards_view(state, me))


register(View, CardsView)
