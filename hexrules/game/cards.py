"""The random event cards of a game (随机事件卡, §7, E-1…E-7) as values: what a state holds.

* :class:`Card` — the seven cards, one of each in every deck (``Card.parse("E-3")``);
* :class:`HeldCard` — a card in a side's hand: when it was drawn and the uses left;
* :class:`CardState` — everything the cards put in a :class:`~hexrules.game.state.GameState`:
  each side's deck (the cards it has not drawn), the cards held, the cards played or expired
  (public), the fire plans waiting to land (A-1), the impact markers on the map (A-8) and each
  side's last unit to fire this turn (E-5). A frozen, JSON-safe value (``state.cards``).

When each card acts (docs/rules.md §7 and "Rulings of the cards"):

=====  ===================  ==================================================================
card   name                 effect in the turn after the draw
=====  ===================  ==================================================================
E-1    Rapid assault        +3 movement points for the first 3 units the side moves (march too)
E-2    Fire enhancement     +2 attack levels (F-5) for one shot, named with the declaration
                            (``DeclareFire(…, enhance="R1")``)
E-3    Field repair         at T-1 the side names a W or I unit: ``FieldRepair("R2")``
E-4    Reactive armour      the side's next unit hit has its result lowered one step (automatic)
E-5    Rapid reload         the side's last unit to fire fires again: ``RapidReload("B1")``
E-6    155 mm support       a fire plan named at once (``PlanFire("4563PJ")``), lands 2 turns on
E-7    122 mm support       the same with the 122 mm battery
=====  ===================  ==================================================================

Examples
--------
>>> Card.parse("E-4"), Card.REACTIVE_ARMOUR.label
(Card.REACTIVE_ARMOUR, 'Reactive armour 反应装甲')
>>> c = CardState.new()
>>> len(c.deck(Side.RED)), c.held_by(Side.BLUE)
(7, ())
>>> CardState.from_dict(c.to_dict()) == c
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from hexrules.artillery.plan import FirePlan
from hexrules.artillery.record import ImpactMarker
from hexrules.errors import RulesError, RulesTypeError
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.records import decode_as, encode, register
from hexrules.units import Side

__all__ = ["ARTILLERY_CARDS", "Card", "CardState", "HeldCard", "RAPID_ASSAULT_UNITS"]

#: E-1: how many units get the bonus, and how many points each.
RAPID_ASSAULT_UNITS, RAPID_ASSAULT_POINTS = 3, 3


class Card(Enum):
    """The seven random event cards (E-1…E-7); the value is the rule ID."""

    RAPID_ASSAULT = "E-1"
    FIRE_ENHANCEMENT = "E-2"
    FIELD_REPAIR = "E-3"
    REACTIVE_ARMOUR = "E-4"
    RAPID_RELOAD = "E-5"
    SUPPORT_155 = "E-6"
    SUPPORT_122 = "E-7"

    @property
    def rule(self) -> str:
        """The rule ID, ``'E-1'``…``'E-7'``."""
        return self.value

    @property
    def label(self) -> str:
        """Bilingual name, e.g. ``'Field repair 战地抢修'``."""
        return label(_KEYS[self])

    @property
    def gun(self) -> str | None:
        """The gun id of artillery.toml an artillery card brings (E-6 ``'155'``, E-7 ``'122'``)."""
        return {Card.SUPPORT_155: "155", Card.SUPPORT_122: "122"}.get(self)

    @property
    def uses(self) -> int:
        """How many times the card acts (E-1: 3 units; the others once)."""
        return RAPID_ASSAULT_UNITS if self is Card.RAPID_ASSAULT else 1

    @classmethod
    def parse(cls, value: object) -> Card:
        """A card from itself, its rule ID (``'E-2'``) or its name (``'fire_enhancement'``).

        >>> Card.parse("rapid_reload"), Card.parse("E-7")
        (Card.RAPID_RELOAD, Card.SUPPORT_122)
        >>> Card.parse("joker")
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: unknown event card 'joker'; the cards are E-1 rapid_assault, \
E-2 fire_enhancement, E-3 field_repair, E-4 reactive_armour, E-5 rapid_reload, E-6 support_155, \
E-7 support_122 (§7)
        """
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            key = value.strip()
            for c in cls:
                if key.upper() == c.value or key.lower() == c.name.lower():
                    return c
        else:
            raise RulesTypeError(f"an event card is a Card, its rule ID ('E-3') or its name, "
                                 f"got {value!r}")
        names = ", ".join(f"{c.value} {c.name.lower()}" for c in cls)
        raise RulesError(f"unknown event card {value!r}; the cards are {names} (§7)")

    def __repr__(self) -> str:
        return f"Card.{self.name}"


_KEYS = {Card.RAPID_ASSAULT: "rapid_assault", Card.FIRE_ENHANCEMENT: "fire_enhancement_short",
         Card.FIELD_REPAIR: "field_repair", Card.REACTIVE_ARMOUR: "reactive_armour",
         Card.RAPID_RELOAD: "rapid_reload", Card.SUPPORT_155: "support_155",
         Card.SUPPORT_122: "support_122"}

#: The artillery cards (E-6, E-7): played at once with a fire plan (A-1).
ARTILLERY_CARDS = frozenset({Card.SUPPORT_155, Card.SUPPORT_122})


@dataclass(frozen=True)
class HeldCard:
    """A card in a side's hand: drawn (or dealt) in turn ``drawn``, acting in ``drawn + 1``.

    ``uses`` is what is left of it (E-1 starts with 3).

    >>> h = HeldCard(Card.RAPID_ASSAULT, Side.RED, drawn=2, uses=3)
    >>> h.active(3), h.active(2), h.expired(4)
    (True, False, True)
    """

    card: Card
    side: Side
    drawn: int
    uses: int = 1

    @property
    def turn(self) -> int:
        """The turn the card acts in (the one after the draw)."""
        return self.drawn + 1

    def active(self, turn: int) -> bool:
        """Whether the card may act in ``turn`` (its turn, uses left)."""
        return self.turn == turn and self.uses > 0

    def expired(self, turn: int) -> bool:
        """Whether its turn is over by ``turn``."""
        return turn > self.turn

    @property
    def text(self) -> str:
        """``'E-1 Rapid assault 快速突击 (drawn turn 2, acts in turn 3, 3 uses left)'``."""
        if self.card in ARTILLERY_CARDS:
            return (f"{self.card.rule} {self.card.label} (drawn turn {self.drawn}, its fire "
                    "plan is named in the random-event phase, A-1)")
        left = f", {self.uses} uses left" if self.card.uses > 1 else ""
        return (f"{self.card.rule} {self.card.label} (drawn turn {self.drawn}, acts in turn "
                f"{self.turn}{left})")


def _sides(value: object, what: str) -> tuple:
    if not isinstance(value, tuple) or len(value) != 2:
        raise RulesTypeError(f"CardState.{what} holds one entry per side (red, blue), got "
                             f"{value!r}")
    return value


@dataclass(frozen=True)
class CardState:
    """What the event cards put in a game state (see the module docstring).

    Attributes
    ----------
    decks : (tuple of Card, tuple of Card)
        Red's and blue's cards not yet drawn, in E- order (a draw picks one at random).
    hand : tuple of HeldCard
        The cards held by both sides, in the order drawn.
    played : (tuple of Card, tuple of Card)
        Red's and blue's cards played or expired (public).
    plans : tuple of FirePlan
        The fire plans waiting to land (A-1), in the order called.
    markers : tuple of ImpactMarker
        The impact markers on the map (A-8), in the order placed.
    last_fired : (str, str)
        Red's and blue's last unit to fire this turn (``''``: none yet; E-5).
    """

    decks: tuple[tuple[Card, ...], tuple[Card, ...]] = (tuple(Card), tuple(Card))
    hand: tuple[HeldCard, ...] = ()
    played: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    plans: tuple[FirePlan, ...] = ()
    markers: tuple[ImpactMarker, ...] = ()
    last_fired: tuple[str, str] = ("", "")

    def __post_init__(self) -> None:
        for name in ("decks", "played", "last_fired"):
            _sides(getattr(self, name), name)

    @classmethod
    def new(cls) -> CardState:
        """Full decks, no card held."""
        return cls()

    @staticmethod
    def index(side: Side | str) -> int:
        """0 for red, 1 for blue."""
        return 0 if Side.parse(side) is Side.RED else 1

    def deck(self, side: Side | str) -> tuple[Card, ...]:
        """The cards ``side`` has not drawn yet."""
        return self.decks[self.index(side)]

    def discards(self, side: Side | str) -> tuple[Card, ...]:
        """The cards ``side`` has played or let expire."""
        return self.played[self.index(side)]

    def held_by(self, side: Side | str) -> tuple[HeldCard, ...]:
        """The cards ``side`` holds."""
        s = Side.parse(side)
        return tuple(h for h in self.hand if h.side is s)

    def active(self, side: Side | str, card: Card, turn: int) -> HeldCard | None:
        """The held ``card`` of ``side`` that may act in ``turn``, or ``None``."""
        s = Side.parse(side)
        for h in self.hand:
            if h.side is s and h.card is card and h.active(turn):
                return h
        return None

    def markers_at(self, h: Hex) -> tuple[ImpactMarker, ...]:
        """The impact markers in hex ``h``, in the order placed."""
        return tuple(m for m in self.markers if m.hex == h)

    @property
    def marked(self) -> frozenset[Hex]:
        """The hexes holding impact markers."""
        return frozenset(m.hex for m in self.markers)

    def last(self, side: Side | str) -> str:
        """The last unit of ``side`` to fire this turn (``''``: none)."""
        return self.last_fired[self.index(side)]

    # -- changes (new values) ------------------------------------------------------------
    def _set(self, name: str, side: Side, value: object) -> CardState:
        pair = list(getattr(self, name))
        pair[self.index(side)] = value
        return dataclasses.replace(self, **{name: tuple(pair)})

    def with_deck(self, side: Side, cards: tuple[Card, ...]) -> CardState:
        """This state with ``side``'s deck replaced."""
        return self._set("decks", side, tuple(c for c in Card if c in cards))

    def with_last(self, side: Side, unit_id: str) -> CardState:
        """This state with ``side``'s last unit to fire set."""
        return self._set("last_fired", side, unit_id)

    def add(self, held: HeldCard) -> CardState:
        """This state with ``held`` in the hand."""
        return dataclasses.replace(self, hand=(*self.hand, held))

    def use(self, held: HeldCard) -> CardState:
        """This state with one use of ``held`` spent (a spent card goes to the discards)."""
        hand = list(self.hand)
        k = hand.index(held)
        if held.uses > 1:
            hand[k] = dataclasses.replace(held, uses=held.uses - 1)
            return dataclasses.replace(self, hand=tuple(hand))
        del hand[k]
        out = dataclasses.replace(self, hand=tuple(hand))
        return out._set("played", held.side, (*out.discards(held.side), held.card))

    def discard(self, held: HeldCard) -> CardState:
        """This state with ``held`` gone from the hand to the discards (played or expired)."""
        hand = tuple(h for h in self.hand if h != held)
        out = dataclasses.replace(self, hand=hand)
        return out._set("played", held.side, (*out.discards(held.side), held.card))

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dictionary."""
        return encode(self)  # type: ignore[return-value]

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> CardState:
        """The card state of a :meth:`to_dict` dictionary."""
        return decode_as(cls, data)


register(Card, HeldCard, CardState)
