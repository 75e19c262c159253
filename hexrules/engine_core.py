"""Generic pieces of a turn-based engine over :mod:`hexrules.dice`, for every variant.

A variant's engine is a pure function ``apply(state, order, dice) -> (state, record)`` whose
records carry the rolls they made (``record.rolls``). This module adds what does not depend
on the game being played:

* :func:`replay` — play logged orders again on dice scripted from the log
  (:meth:`~hexrules.dice.ScriptedDice.from_log`: a different roll fails loudly), check every
  record, then draw the faces again from the game's own starting dice so the replayed game
  has the same future (the algorithm of :meth:`hexrules.game.GameLog.replay`, without its
  tank-game state);
* :class:`Concat` — a lazy concatenation of sequences, for legal-order lists too long to
  build (every square a mortar may aim at);
* :func:`random_legal` — one uniformly random legal order from a seeded
  :class:`random.Random` (never the game's dice, so random play does not change the game).

>>> from hexrules.dice import Dice
>>> def apply(n, order, dice):
...     face = dice.d6("T-2", f"order {order}")
...     return n + face, _Rec(order, dice.log[-1:])
>>> start = Dice(seed=5).getstate()
>>> live = Dice.from_state(start)
>>> s, log = 0, []
>>> for o in ("a", "b"):
...     s, rec = apply(s, o, live)
...     log.append((o, rec))
>>> again, dice = replay(0, log, apply, start)
>>> again == s, dice.d6("T-2", "next") == live.d6("T-2", "next")
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hexrules.dice import DiceSource, DiceState, Roll, ScriptedDice
from hexrules.errors import ReplayDivergedError

__all__ = ["Concat", "random_legal", "replay"]

S = TypeVar("S")
T = TypeVar("T")


@dataclass(frozen=True)
class _Rec:
    order: object
    rolls: tuple[Roll, ...]


def replay(start: S, entries: Iterable[tuple[Any, Any]],
           apply: Callable[[S, Any, DiceSource], tuple[S, Any]],
           origin: DiceState) -> tuple[S, DiceSource]:
    """Replay ``entries`` ((order, logged record) pairs) from ``start``.

    Returns the final state and a live dice source positioned as the original game's.

    Raises
    ------
    ReplayDivergedError
        At the first roll, record or face that differs from the log.
    """
    entries = list(entries)
    rolls = tuple(r for _, rec in entries for r in rec.rolls)
    scripted = ScriptedDice.from_log(rolls)
    state = start
    for k, (order, logged) in enumerate(entries, 1):
        state, rec = apply(state, order, scripted)
        if rec != logged:
            raise ReplayDivergedError(f"replay diverged at order #{k} ({order!r}): its record "
                                      f"differs from the log (T-6)")
    source = DiceSource.from_state(origin)
    for k, r in enumerate(rolls, 1):
        face = source.d6(r.rule, r.purpose)
        if face != r.value:
            raise ReplayDivergedError(f"replay diverged at roll #{k} ({r.rule} {r.purpose}): "
                                      f"the log has face {r.value}, the game's own dice give "
                                      f"{face} (T-6)")
    return state, source


class Concat(Sequence[T]):
    """The concatenation of ``parts`` without copying them (``len`` and indexing are lazy).

    >>> c = Concat([["pass"], range(3)])
    >>> len(c), c[0], c[3], list(c)
    (4, 'pass', 2, ['pass', 0, 1, 2])
    """

    def __init__(self, parts: Iterable[Sequence[T]]) -> None:
        self._parts = [p for p in parts if len(p)]
        self._len = sum(len(p) for p in self._parts)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> T:  # type: ignore[override]
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._len))]  # type: ignore[return-value]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        for p in self._parts:
            if i < len(p):
                return p[i]
            i -= len(p)
        raise IndexError(i)  # pragma: no cover


def random_legal(orders: Sequence[T], rng: random.Random) -> T:
    """A uniformly random element of a non-empty legal-order sequence."""
    return orders[rng.randrange(len(orders))]
