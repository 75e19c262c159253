"""The one dice source of the game (RULES.md T-6).

Every random number in hexrules comes from six-sided dice rolled through a dice object that
is *passed in* to the function that needs it (fire, artillery, random events, the turn
order…). Each roll is logged with what it was for, so a game or a lesson can be replayed and
explained.

Two sources share one interface, :class:`DiceSource`:

* :class:`Dice` — seeded pseudo-random dice (a :class:`random.Random` inside). The same seed
  always gives the same rolls.
* :class:`ScriptedDice` — replays a given sequence of rolls, for lessons, demos and tests.
  Asking for more rolls than were scripted raises
  :class:`~hexrules.errors.DiceExhaustedError` naming what the roll was for.

Both can save and restore their state (:meth:`DiceSource.getstate` /
:meth:`DiceSource.setstate`), which also rewinds the log.

Examples
--------
>>> dice = Dice(seed=7)
>>> a = dice.roll(2, "F-6 combat result")
>>> Dice(seed=7).roll(2, "F-6 combat result") == a
True
>>> s = ScriptedDice([2, 3, 4])
>>> s.roll(2, "F-6 combat result"), s.d6("F-8 armour")
((2, 3), 4)
>>> s.log[-1]
Roll(value=4, purpose='F-8 armour')
>>> s.remaining
()
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hexrules.errors import DiceExhaustedError, RulesError

__all__ = ["Dice", "DiceSource", "DiceState", "Roll", "ScriptedDice"]


@dataclass(frozen=True, slots=True)
class Roll:
    """One logged die roll: its face (1–6) and what it was for.

    Examples
    --------
    >>> Roll(5, "T-2 who fires first")
    Roll(value=5, purpose='T-2 who fires first')
    """

    value: int
    purpose: str

    def __str__(self) -> str:
        return f"{self.value} ({self.purpose})"


@dataclass(frozen=True, slots=True)
class DiceState:
    """An opaque, immutable snapshot of a dice source (generator state and log).

    Get one from :meth:`DiceSource.getstate`; give it back to :meth:`DiceSource.setstate` of a
    source of the same kind.

    Examples
    --------
    >>> state = Dice(seed=1).getstate()
    >>> state.kind, state.log
    ('seeded', ())
    """

    kind: str
    generator: Any
    log: tuple[Roll, ...]


def _check_purpose(purpose: object) -> str:
    if not isinstance(purpose, str) or not purpose.strip():
        raise RulesError(
            f"every roll needs a purpose (what it is for, e.g. 'F-6 combat result'), "
            f"got {purpose!r} (T-6)"
        )
    return purpose


class DiceSource:
    """The interface every dice source follows (T-6).

    Subclasses implement :meth:`_next`; everything else (logging, several dice at once,
    saving and restoring) is shared.

    Examples
    --------
    Functions that need chance accept any source:

    >>> def first_to_fire(dice: DiceSource) -> str:
    ...     return "red" if dice.d6("T-2 who fires first") <= 3 else "blue"
    >>> first_to_fire(ScriptedDice([5])), first_to_fire(Dice(seed=3)) in ("red", "blue")
    ('blue', True)
    """

    _kind = "abstract"

    def __init__(self) -> None:
        self._log: list[Roll] = []

    # -- to implement -------------------------------------------------------------------
    def _next(self, purpose: str) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def _get_generator(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _set_generator(self, value: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- public -------------------------------------------------------------------------
    def d6(self, purpose: str) -> int:
        """Roll one six-sided die for ``purpose`` and log it.

        Parameters
        ----------
        purpose : str
            What the roll is for, ideally starting with a rule ID (``'F-8 armour'``).

        Returns
        -------
        int
            The face, 1–6.

        Examples
        --------
        >>> ScriptedDice([6]).d6("A-2 abnormal delay, gun 1")
        6
        """
        purpose = _check_purpose(purpose)
        value = self._next(purpose)
        self._log.append(Roll(value, purpose))
        return value

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        """Roll ``n`` dice for one purpose; each die is logged as ``'<purpose> (die k/n)'``.

        Examples
        --------
        >>> d = ScriptedDice([2, 3])
        >>> d.roll(2, "F-6 combat result")
        (2, 3)
        >>> [r.purpose for r in d.log]
        ['F-6 combat result (die 1/2)', 'F-6 combat result (die 2/2)']
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise RulesError(f"the number of dice must be a positive integer, got {n!r}")
        purpose = _check_purpose(purpose)
        if n == 1:
            return (self.d6(purpose),)
        return tuple(self.d6(f"{purpose} (die {k}/{n})") for k in range(1, n + 1))

    @property
    def log(self) -> tuple[Roll, ...]:
        """Every roll so far, oldest first.

        >>> d = ScriptedDice([3, 6])
        >>> _ = d.d6("F-8 armour"), d.d6("A-2 delay")
        >>> d.log
        (Roll(value=3, purpose='F-8 armour'), Roll(value=6, purpose='A-2 delay'))
        """
        return tuple(self._log)

    def getstate(self) -> DiceState:
        """A snapshot of the source (generator position and log) for :meth:`setstate`.

        Examples
        --------
        >>> d = Dice(seed=1)
        >>> saved = d.getstate()
        >>> first = d.roll(3, "demo")
        >>> d.setstate(saved)
        >>> d.roll(3, "demo") == first, len(d.log)
        (True, 3)
        """
        return DiceState(self._kind, self._get_generator(), tuple(self._log))

    def setstate(self, state: DiceState) -> None:
        """Restore a snapshot taken by :meth:`getstate` on a source of the same kind.

        Raises
        ------
        RulesError
            If ``state`` is not a snapshot of a source of the same kind.

        Examples
        --------
        >>> d = ScriptedDice([1, 2, 3])
        >>> saved = d.getstate()
        >>> d.roll(2, "demo")
        (1, 2)
        >>> d.setstate(saved)
        >>> d.remaining, d.log
        ((1, 2, 3), ())
        >>> d.setstate(Dice(seed=1).getstate())
        Traceback (most recent call last):
        ...
        hexrules.errors.RulesError: cannot restore a 'seeded' dice state into ScriptedDice
        """
        if not isinstance(state, DiceState) or state.kind != self._kind:
            got = state.kind if isinstance(state, DiceState) else type(state).__name__
            raise RulesError(f"cannot restore a {got!r} dice state into {type(self).__name__}")
        self._set_generator(state.generator)
        self._log = list(state.log)

    # Aliases with the vocabulary some users expect.
    save = getstate
    restore = setstate

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(
            f"<tr><td>{i}</td><td>{r.value}</td><td>{escape(r.purpose)}</td></tr>"
            for i, r in enumerate(self._log, 1)
        )
        return (
            f"<p>{escape(repr(self))}</p><table><thead><tr><th>#</th><th>Die 骰子</th>"
            f"<th>Purpose 用途</th></tr></thead><tbody>{rows}</tbody></table>"
        )


class Dice(DiceSource):
    """Seeded pseudo-random six-sided dice (T-6).

    Parameters
    ----------
    seed : int, str or None
        Seed of the :class:`random.Random` inside. ``None`` seeds from the operating system;
        the same seed always gives the same rolls.

    Examples
    --------
    >>> d = Dice(seed=2024)
    >>> d
    Dice(seed=2024)
    >>> rolls = d.roll(10, "demo")
    >>> all(1 <= v <= 6 for v in rolls), len(d.log)
    (True, 10)
    """

    _kind = "seeded"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__()
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise RulesError(f"a dice seed must be an int, a str or None, got {seed!r}")
        self.seed = seed
        self._random = random.Random(seed)

    def _next(self, purpose: str) -> int:
        return self._random.randint(1, 6)

    def _get_generator(self) -> Any:
        return self._random.getstate()

    def _set_generator(self, value: Any) -> None:
        self._random.setstate(value)

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"


class ScriptedDice(DiceSource):
    """Dice that replay a given sequence of faces (lessons, demos, tests).

    Parameters
    ----------
    rolls : iterable of int
        The faces to return, in order; each must be 1–6.

    Raises
    ------
    RulesError
        If a scripted face is not an integer 1–6.

    Examples
    --------
    >>> d = ScriptedDice([4, 1])
    >>> d.d6("F-8 armour")
    4
    >>> d.remaining
    (1,)
    >>> d.d6("one"), d.d6("two")
    Traceback (most recent call last):
    ...
    hexrules.errors.DiceExhaustedError: scripted dice ran out: no roll left for 'two' ...
    """

    _kind = "scripted"

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__()
        script = tuple(rolls)
        for i, v in enumerate(script):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise RulesError(f"scripted roll #{i + 1} must be a die face 1-6, got {v!r}")
        self.script = script
        self._pos = 0

    def _next(self, purpose: str) -> int:
        if self._pos >= len(self.script):
            raise DiceExhaustedError(
                f"scripted dice ran out: no roll left for {purpose!r} "
                f"({len(self.script)} rolls scripted, all used; T-6)"
            )
        value = self.script[self._pos]
        self._pos += 1
        return value

    def _get_generator(self) -> Any:
        return self._pos

    def _set_generator(self, value: Any) -> None:
        self._pos = int(value)

    @property
    def remaining(self) -> tuple[int, ...]:
        """The scripted faces not used yet."""
        return self.script[self._pos :]

    @property
    def used(self) -> int:
        """How many scripted faces have been used.

        >>> d = ScriptedDice([3, 5])
        >>> _ = d.d6("demo")
        >>> d.used, d.remaining
        (1, (5,))
        """
        return self._pos

    def __repr__(self) -> str:
        return f"ScriptedDice({list(self.script)!r})"
