"""The Prokhorovka 1943 square-grid variant (docs/rules.md, Appendix B, P-1…P-24).

A variant on the shared machinery: the square grid of :mod:`hexrules.grid`, the dice of
:mod:`hexrules.dice` (every roll with its rule ID and purpose), the records of
:mod:`hexrules.records` (steps that render and round-trip through JSON) and the replay of
:mod:`hexrules.replay`. What it adds:

* :mod:`~.data` — every number as a checked TOML file (forces, plates, hit table, terrain,
  morale, mortars);
* :mod:`~.board` — the square map: terrain, trenches, sight (P-5, P-6, P-18…P-20);
* :mod:`~.fire` — hit, infantry casualties with the rounding rule, hit part by bearing and
  facing, armour penetration (P-11…P-16); :mod:`~.mortar` the mortar call and its exact
  scatter odds (P-17); :mod:`~.morale` morale triggers and the melee rout (P-21…P-23);
* :mod:`~.scenario` — the scenario files of ``maps/prokhorovka/`` (the 60 × 60 lesson cut
  and the full 200 × 200 battle, P-24);
* :mod:`~.orders`, :mod:`~.checks`, :mod:`~.engine` (with :mod:`~.resolve`),
  :mod:`~.legal`, :mod:`~.view`, :mod:`~.game` — the game: orders, their checks, applying
  them, legal orders, each side's view (fog of war), save / load / replay / clone and
  random play; :mod:`~.players` computer players that decide from a view; :mod:`~.plot`
  a drawing of the board.

The settlements it relies on (docs/rules.md, Appendix B and its rulings), and where each
lives: **[decision]** P-4 the unit names (``data``); P-7 when a casualty die is rolled
(``resolve``); P-12 exact x and the rounding rule, P-13 several fires at one squad, P-14 the
hit part by exact bearing, ties to the thicker plate (``fire``); P-9 diagonal steps and road
entry (``board``, ``checks``); P-10 fire to win at armour (``resolve``); P-17 the mortar's
scatter and damage (``mortar``); P-18, P-19 sight on the square grid (``board``); P-21, P-22
morale triggers,
P-23 melee (``morale``); P-24 the lesson cut (``maps/prokhorovka/cut.toml``).
**[house value]** the plates, loads, fire-die numbers, morale and casualty numbers are marked
so in ``data/prokhorovka.toml``, for an instructor to replace.

>>> from hexrules.variants.prokhorovka import ProkGame
>>> g = ProkGame.new("cut", seed=1)
>>> n = g.play_random(seed=2)
>>> g.state.over, g.replay() == g.state
(True, True)
"""

from hexrules.variants.prokhorovka.data import Rules, load_rules
from hexrules.variants.prokhorovka.engine import apply, can, new_state, verify
from hexrules.variants.prokhorovka.game import ProkGame
from hexrules.variants.prokhorovka.legal import legal_orders, unit_orders
from hexrules.variants.prokhorovka.orders import (
    Activate,
    EndPhase,
    FinishMove,
    HoldFire,
    MeleeAssault,
    MortarCall,
    MoveStep,
    OpenFire,
)
from hexrules.variants.prokhorovka.plot import plot_board
from hexrules.variants.prokhorovka.record import ProkRecord
from hexrules.variants.prokhorovka.scenario import Scenario, load_scenario
from hexrules.variants.prokhorovka.score import result
from hexrules.variants.prokhorovka.state import OrderRecord, PState
from hexrules.variants.prokhorovka.units import PUnit
from hexrules.variants.prokhorovka.view import PView, view

__all__ = [
    "Activate", "EndPhase", "FinishMove", "HoldFire", "MeleeAssault", "MortarCall",
    "MoveStep", "OpenFire", "OrderRecord", "PState", "PUnit", "PView", "ProkGame",
    "ProkRecord", "Rules", "Scenario", "apply", "can", "legal_orders", "load_rules",
    "load_scenario", "new_state", "plot_board", "result", "unit_orders", "verify", "view",
]
