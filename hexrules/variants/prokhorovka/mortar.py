"""The German mortar call (P-17): scatter, rounds, damage — and its exact odds.

:func:`tube_square` turns one tube's three dice into its keypad square; the adjudication
(:func:`mortar_call`) and the odds (:func:`scatter_odds`, :func:`rounds_odds`) both use it,
so the odds shown are those of the rule as played.

>>> from hexrules.variants.prokhorovka.data import load_rules
>>> odds = scatter_odds(load_rules())
>>> odds[5], odds[4], odds[1], sum(odds.values())
(Fraction(1, 4), Fraction(23, 108), Fraction(1, 216), Fraction(1, 1))
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction
from math import comb

from hexrules.dice import DiceSource
from hexrules.glossary import label
from hexrules.grid.square import Square, SquareGrid
from hexrules.records import Step
from hexrules.tables import Cell
from hexrules.variants.prokhorovka.data import Rules, VehicleType
from hexrules.variants.prokhorovka.fire import Mods, _frac, _mods_text, _one_plus, _total
from hexrules.variants.prokhorovka.record import ProkRecord

__all__ = ["call_odds", "mortar_call", "mortar_vehicle", "rounds_odds", "scatter_odds",
           "tube_square"]


def tube_square(faces: tuple[int, ...]) -> int:
    """P-17: a tube's keypad square, the sum of its 3 d6 ÷ 2, truncated (1-9).

    >>> tube_square((3, 4, 4)), tube_square((1, 1, 1)), tube_square((6, 6, 6))
    (5, 1, 9)
    """
    return sum(faces) // 2


@functools.cache
def _scatter(dice: int) -> tuple[tuple[int, Fraction], ...]:
    counts = Counter(tube_square(f) for f in itertools.product(range(1, 7), repeat=dice))
    total = 6 ** dice
    return tuple(sorted((k, Fraction(v, total)) for k, v in counts.items()))


def scatter_odds(rules: Rules) -> dict[int, Fraction]:
    """The exact chance that a tube's rounds land on each keypad square (P-17), from
    :func:`tube_square` over all 6³ dice; sums to 1."""
    return dict(_scatter(rules.mortar_dice))


def rounds_odds(rules: Rules, square: int, n: int) -> dict[int, Fraction]:
    """The exact distribution of the rounds landing on keypad ``square`` for a call of
    ``n`` rounds a tube: k = m × n, m tubes of 6 binomial (tubes scatter independently).

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> d = rounds_odds(load_rules(), 5, 2)
    >>> d[0], sum(d.values())
    (Fraction(729, 4096), Fraction(1, 1))
    """
    p = scatter_odds(rules).get(square, Fraction(0))
    t = rules.tubes
    return {m * n: comb(t, m) * p ** m * (1 - p) ** (t - m) for m in range(t + 1)}


def call_odds(rules: Rules, square: int) -> dict[int, Fraction]:
    """The exact distribution of the rounds on keypad ``square`` for a whole call, its n an
    unknown d6 (each 1/6): a mixture of :func:`rounds_odds`."""
    out: dict[int, Fraction] = {}
    for n in range(1, 7):
        for k, p in rounds_odds(rules, square, n).items():
            out[k] = out.get(k, Fraction(0)) + p / 6
    return dict(sorted(out.items()))


def mortar_call(rules: Rules, dice: DiceSource, aim: Square, grid: SquareGrid, *,
                call: str = "call") -> ProkRecord:
    """Adjudicate one call aimed at ``aim`` (P-17): n, each tube's square, the rounds per
    square. Outcome ``n``, ``tubes`` (keypad numbers), ``impacts`` ((Square, k) pairs on the
    map, in map order) and ``lost`` (rounds off the map).

    >>> from hexrules.dice import ScriptedDice
    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> faces = [2] + [3, 4, 4] * 5 + [1, 1, 2]       # n = 2; five tubes on 5, one on 2
    >>> rec = mortar_call(load_rules(), ScriptedDice(faces), Square(10, 10), SquareGrid(20, 20))
    >>> rec["n"], rec["impacts"]
    (2, ((Square(10, 9), 2), (Square(10, 10), 10)))
    """
    mark = dice.mark()
    n = dice.d6("P-17", f"{call}: rounds a tube")
    steps = [Step("P-17", label("prok_mortar_call"), (("aim square (5)", str(aim)),),
                  dice=(n,), result=f"{rules.tubes} tubes × {n} = {rules.tubes * n} rounds",
                  value=n)]
    tubes = []
    per: dict[Square, int] = {}
    lost = 0
    for t in range(1, rules.tubes + 1):
        faces = dice.roll(rules.mortar_dice, "P-17", f"{call}: tube {t} scatter")
        k = tube_square(faces)
        dc, dr = rules.keypad_offset(k)
        sq = Square(aim.col + dc, aim.row + dr)
        on = grid.contains(sq)
        tubes.append(k)
        if on:
            per[sq] = per.get(sq, 0) + n
        else:
            lost += n
        steps.append(Step("P-17", label("prok_impact_square"), (("tube", str(t)),),
                          cell=Cell("P-17", "prokhorovka.toml mortar.keypad", f"sum {sum(faces)}",
                                    "÷ 2, truncated", k),
                          dice=faces, result=f"square {k} = {sq}" + ("" if on else
                                                                     ", off the map: lost"),
                          value=k))
    impacts = tuple(sorted(per.items(), key=lambda kv: (kv[0].row, kv[0].col)))
    return ProkRecord("P-17", f"{label('prok_mortar_call')} {call} at {aim}", tuple(steps),
                      dice.since(mark), (("n", n), ("tubes", tuple(tubes)),
                                         ("impacts", impacts), ("lost", lost)))


def mortar_vehicle(rules: Rules, vtype: VehicleType, k: int, *, defence: Mods = (),
                   target: str = "") -> ProkRecord:
    """P-17 against armour: C = 60k − T′ × 0.8, T′ the side plate × (1 + defence). C > 0
    destroys; otherwise the crew is stunned for the turn. Outcome ``C``, ``effect``.

    >>> from hexrules.variants.prokhorovka.data import load_rules
    >>> r = load_rules()
    >>> [mortar_vehicle(r, r.vehicles["Tiger I"], k)["C"] for k in (1, 2)]
    [Fraction(-4, 1), Fraction(56, 1)]
    """
    t = vtype.flank * (1 + _total(defence))
    c = rules.mortar_damage * k - t * Fraction(rules.plate_percent, 100)
    effect = "destroyed" if c > 0 else "stunned"
    step = Step("P-17", label("prok_armour"),
                (("rounds k", str(k)), ("side plate", f"{vtype.flank} mm"),
                 ("target's defence modifiers", _mods_text(defence)),
                 ("T′", _frac(t))),
                result=f"C = {_frac(c)} → "
                       f"{label('prok_destroyed') if c > 0 else label('prok_stunned')}",
                value=effect,
                note=f"C = {rules.mortar_damage} × {k} − {_frac(t)} × {rules.plate_percent} % "
                     f"({_one_plus(_total(defence))} defence); C > 0 destroys")
    return ProkRecord("P-17", f"{label('prok_mortar_call')} → {target}", (step,), (),
                      (("C", c), ("effect", effect)))
