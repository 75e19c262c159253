"""The one dice source of the game (rule T-6, docs/rules.md).

Every random number in hexrules comes from six-sided dice rolled through a dice object that
is *passed in* to the function that needs it (fire, artillery, random events, the turn
order…). Every roll is logged as a :class:`Roll` with its rule ID and its purpose, so a game
or a lesson can be replayed exactly and explained.

Two sources share one interface, :class:`DiceSource`: :class:`Dice` (seeded, a
:class:`random.Random` inside) and :class:`ScriptedDice` (given faces for lessons and tests,
or a game's log to replay, checking every roll's rule and purpose). A game collects one
adjudication's rolls with :meth:`~DiceSource.mark` / :meth:`~DiceSource.since`, gets every
roll into its own log with :meth:`~DiceSource.subscribe`, and saves the dice as a JSON-safe
:class:`DiceState` (:meth:`~DiceSource.getstate`, :meth:`DiceState.to_dict`).

Examples
--------
>>> dice = Dice(seed=7)
>>> a = dice.roll(2, "F-6", "2d6 R1→B1")
>>> Dice(seed=7).roll(2, "F-6", "2d6 R1→B1") == a
True
>>> s = ScriptedDice([2, 3, 4])
>>> s.roll(2, "F-6", "2d6 R1→B1"), s.d6("F-8", "armour d6 B1"), str(s.log[-1])
((2, 3), 4, '4 (F-8 armour d6 B1)')
"""

from hexrules.dice.sources import Dice, DiceSource, ScriptedDice
from hexrules.dice.typed import FacesNeeded, TypedDice, parse_faces
from hexrules.dice.values import DiceState, Roll

__all__ = ["Dice", "DiceSource", "DiceState", "FacesNeeded", "Roll", "ScriptedDice",
           "TypedDice", "parse_faces"]
