"""The game engine (rules §2 C-1…C-4, §5 V-1…V-11, §6 A-1…A-8 and §7 E-1…E-7 with the event
cards, §8 T-1…T-6, §9; docs/rules.md).

* :mod:`~hexrules.game.state` — :class:`GameState`, a frozen value: units, turn, phase, side
  to act, the move, the reaction window, close combat, options, dice, log; save / load / clone;
* :mod:`~hexrules.game.orders` — the orders as values, each with verify / can / apply;
* :mod:`~hexrules.game.engine` — applying an order; :mod:`~hexrules.game.phases` the turn
  sequence; :mod:`~hexrules.game.moves` movement and reactive fire;
  :mod:`~hexrules.game.melee` close combat;
* :mod:`~hexrules.game.legal` — :func:`legal_orders`, a lazy sequence;
* :mod:`~hexrules.game.records` — :class:`GameRecord`, :class:`GameEvent`;
* :mod:`~hexrules.game.log` — :class:`GameLog` and its replay;
  :mod:`~hexrules.game.logview` what one side may read of the log (fog of war);
* :mod:`~hexrules.game.view` — :func:`view`, each side's knowledge (fog of war, the cards);
* :mod:`~hexrules.game.cards` — the event cards as values (:class:`Card`, :class:`HeldCard`,
  :class:`CardState`: decks, hands, fire plans, impact markers; §7);
  :mod:`~hexrules.game.events` their effects in play (E-1…E-7, and the artillery they call,
  A-1…A-8, with ``Options(cards=True)``, on in the shipped scenarios);
  :mod:`~hexrules.game.cardorders` their orders (:class:`FieldRepair`, :class:`PlanFire`,
  :class:`RapidReload`, the instructor's :class:`DealCard`); fire orders take ``enhance``
  for E-2;
* :mod:`~hexrules.game.odds` — :func:`order_odds`, the exact odds of a fire order in a state,
  cards included (E-2, E-4), from the adjudication's own code;
* :mod:`~hexrules.game.play` — :class:`Game` (a state that moves on) and random play;
* :mod:`~hexrules.game.scenario` — :class:`Scenario` (the shipped scenarios, §9) and
  :mod:`~hexrules.game.score` its :class:`Score`.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import Game, StartMove, StepTo, EndMove
>>> g = Game.new(HexMap.flat(10, 5), [Unit("R1", "red", Hex(0, 2)),
...              Unit("B1", "blue", Hex(8, 2))], turns=1, seed=9)
>>> _ = g.apply(Pass()), g.apply(Pass())        # the direct-fire phase ends (T-2)
>>> g.state.phase, g.state.to_act
(Phase.MOVEMENT, Side.RED)
>>> _ = g.apply(StartMove("R1")); rec = g.apply(StepTo(Hex(1, 2)))
>>> g.state.window.kind, g.state.to_act         # blue may call "stop" (V-6)
(WindowKind.OPPORTUNITY, Side.BLUE)

With the event cards (the shipped scenarios have them on):

>>> s = GameState.from_scenario("duel", seed=2)
>>> s, rec = s.apply(DealCard("blue", "E-4"))     # the instructor's reward rule (§7)
>>> s.view("red").cards.enemy_held, [h.card for h in s.view("blue").cards.hand]
(1, [Card.REACTIVE_ARMOUR])
"""

from hexrules.errors import ScenarioFormatError, ScenarioNotFoundError
from hexrules.game.cards import Card, CardState, HeldCard
from hexrules.game.engine import apply, can, verify
from hexrules.game.legal import LegalOrders, legal_orders
from hexrules.game.log import GameLog
from hexrules.game.odds import order_odds
from hexrules.game.orders import (
    ORDER_TYPES,
    CoveringFire,
    DealCard,
    DeclareFire,
    Decline,
    EndMove,
    FieldRepair,
    MovingFire,
    OpportunityFire,
    Order,
    Pass,
    PlanFire,
    RapidReload,
    ShortHaltFire,
    StartMove,
    StepTo,
)
from hexrules.game.play import Game, play_random, random_order
from hexrules.game.records import GameEvent, GameRecord
from hexrules.game.scenario import (
    Bilingual,
    Objective,
    Scenario,
    SideSetup,
    UnitSetup,
    VictoryRule,
)
from hexrules.game.score import ObjectiveScore, Score, score_scenario
from hexrules.game.state import (
    CloseCombat,
    GameOrigin,
    GameState,
    MoveInProgress,
    Options,
    Phase,
    ReactionWindow,
    Referee,
    WindowKind,
)
from hexrules.game.view import CardsView, View, view

__all__ = [
    "ORDER_TYPES",
    "Bilingual",
    "Card",
    "CardState",
    "CardsView",
    "CloseCombat",
    "CoveringFire",
    "DealCard",
    "DeclareFire",
    "Decline",
    "EndMove",
    "FieldRepair",
    "Game",
    "GameEvent",
    "GameLog",
    "GameOrigin",
    "GameRecord",
    "GameState",
    "HeldCard",
    "LegalOrders",
    "MoveInProgress",
    "MovingFire",
    "Objective",
    "ObjectiveScore",
    "OpportunityFire",
    "Options",
    "Order",
    "Pass",
    "Phase",
    "PlanFire",
    "RapidReload",
    "ReactionWindow",
    "Referee",
    "Scenario",
    "ScenarioFormatError",
    "ScenarioNotFoundError",
    "Score",
    "ShortHaltFire",
    "SideSetup",
    "StartMove",
    "StepTo",
    "UnitSetup",
    "VictoryRule",
    "View",
    "WindowKind",
    "apply",
    "can",
    "legal_orders",
    "order_odds",
    "play_random",
    "random_order",
    "score_scenario",
    "verify",
    "view",
]
