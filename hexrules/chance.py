"""Exact chance: every outcome of a dice-driven rule, with its probability (T-6).

:func:`outcomes` runs a function that rolls dice — the adjudication code itself — once for
every sequence of faces it can roll, and adds up the probability of each result. So the odds a
lesson shows before rolling come from the very code that adjudicates (like OpenSpiel's
``chance_outcomes()``), and cannot drift from it.

The enumeration walks the dice sequences like an odometer: each run takes the faces fixed so
far and 1 for any further die, and records how many dice it used; the next sequence increments
the last die used. A run that rolls ``k`` dice weighs ``6**-k``. This is exact for any rule
whose later rolls depend only on earlier ones, which is what a dice source can express.

Examples
--------
>>> dist = outcomes(lambda dice: sum(dice.roll(2, "F-6", "2d6")))
>>> dist[7], dist[2], sum(dist.values())
(Fraction(1, 6), Fraction(1, 36), Fraction(1, 1))
>>> def armour(dice):                       # a second die only after a first 6
...     return "hit" if dice.d6("F-6", "first") == 6 and dice.d6("F-8", "second") > 1 else "-"
>>> outcomes(armour)["hit"]
Fraction(5, 36)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from hexrules.dice import DiceSource
from hexrules.errors import RulesError

__all__ = ["outcomes"]

T = TypeVar("T", bound=Hashable)

#: Safety limit: a rule rolling more dice than this per run is not enumerated.
MAX_DICE = 8


class _Enumerating(DiceSource):
    """Faces given for the first dice, 1 after that; counts the dice used."""

    def __init__(self, prefix: list[int]) -> None:
        super().__init__()
        self.faces = list(prefix)
        self.used = 0

    def _draw(self, rule: str, purposes: list[str]) -> tuple[int, ...]:
        # every roll of DiceSource (d6, roll) comes here; nothing is logged while enumerating
        out = []
        for _ in purposes:
            if self.used >= MAX_DICE:
                raise RulesError(f"more than {MAX_DICE} dice in one run: too many to enumerate")
            if self.used == len(self.faces):
                self.faces.append(1)
            out.append(self.faces[self.used])
            self.used += 1
        return tuple(out)


def outcomes(run: Callable[[DiceSource], T]) -> dict[T, Fraction]:
    """Every result of ``run(dice)`` over all dice faces it can roll, with exact probabilities.

    Parameters
    ----------
    run : callable
        Called with a dice source; rolls through it (``d6``/``roll``) and returns a hashable
        result. It must be deterministic given the faces.

    Returns
    -------
    dict of result to Fraction
        The probabilities sum to 1.

    Examples
    --------
    >>> outcomes(lambda dice: dice.d6("A-3", "drift") % 2 == 1)
    {True: Fraction(1, 2), False: Fraction(1, 2)}
    """
    dist: dict[T, Fraction] = {}
    prefix: list[int] = []
    while True:
        dice = _Enumerating(prefix)
        value = run(dice)
        seq = dice.faces[: dice.used]
        p = Fraction(1, 6 ** len(seq))
        dist[value] = dist.get(value, Fraction(0)) + p
        while seq and seq[-1] == 6:
            seq.pop()
        if not seq:
            return dist
        seq[-1] += 1
        prefix = seq
