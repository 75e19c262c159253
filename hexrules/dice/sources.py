"""The dice sources (T-6): :class:`DiceSource`, seeded :class:`Dice`, :class:`ScriptedDice`.

>>> Dice(seed=7)
Dice(seed=7)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from hexrules.dice.values import (
    DiceState,
    Listener,
    Roll,
    _check_face,
    _check_purpose,
    _check_rule,
    _check_seed,
    _is_int,
    _plural,
    _rolls,
)
from hexrules.errors import DiceExhaustedError, ReplayDivergedError, RulesError, RulesTypeError

__all__ = ["Dice", "DiceSource", "ScriptedDice"]


class DiceSource:
    """The interface every dice source follows (T-6).

    Subclasses say how the next face is drawn and how their position is saved; the rest is
    shared. Functions that need chance accept any source:

    >>> def first_to_fire(dice: DiceSource) -> str:
    ...     return "red" if dice.d6("T-2", "who fires first") % 2 else "blue"
    >>> first_to_fire(ScriptedDice([4])), first_to_fire(Dice(seed=3)) in ("red", "blue")
    ('blue', True)
    """

    _kind: ClassVar[str] = "abstract"

    def __init__(self) -> None:
        self._log: list[Roll] = []
        self._listeners: list[Listener] = []

    # -- to implement -------------------------------------------------------------------
    def _next(self, rule: str, purpose: str) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def _state(self, log: tuple[Roll, ...]) -> DiceState:  # pragma: no cover - abstract
        raise NotImplementedError

    def _load(self, state: DiceState) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- rolling ------------------------------------------------------------------------
    def _draw(self, rule: str, purposes: list[str]) -> tuple[int, ...]:
        """One face per purpose; logged and told to listeners only if all were drawn."""
        saved = self._state(()) if len(purposes) > 1 else None
        try:
            rolls = [Roll(self._next(rule, p), rule, p) for p in purposes]
        except BaseException:
            if saved is not None:  # undo the dice drawn before the failure
                self._load(saved)
            raise
        self._log.extend(rolls)
        for r in rolls:
            for listener in tuple(self._listeners):
                listener(r)
        return tuple(r.value for r in rolls)

    def d6(self, rule: str, purpose: str) -> int:
        """Roll one die (face 1–6) under ``rule`` (``'F-8'``) for ``purpose``, and log it.

        ``purpose`` says what the roll is for, without the rule ID (``'armour d6 B1'``).
        Raises :class:`TypeError` if either is not a str, :class:`RulesError` if ``rule`` is
        not a rule ID or ``purpose`` is blank; scripted dice raise
        :class:`~hexrules.errors.DiceExhaustedError` or
        :class:`~hexrules.errors.ReplayDivergedError`.

        >>> ScriptedDice([6]).d6("A-2", "abnormal delay, gun 1")
        6
        """
        return self._draw(_check_rule(rule), [_check_purpose(purpose)])[0]

    def roll(self, n: int, rule: str, purpose: str) -> tuple[int, ...]:
        """Roll ``n`` dice for one purpose; each die is logged as ``'<purpose> (die k/n)'``.

        All or nothing: if one die cannot be rolled (scripted dice ran out), none is logged.
        Raises :class:`TypeError` if ``n`` is not an int, :class:`RulesError` if ``n`` < 1,
        and as :meth:`d6`.

        >>> d = ScriptedDice([2, 3])
        >>> d.roll(2, "F-6", "2d6 R1→B1")
        (2, 3)
        >>> [str(r) for r in d.log]
        ['2 (F-6 2d6 R1→B1 (die 1/2))', '3 (F-6 2d6 R1→B1 (die 2/2))']
        """
        if not _is_int(n):
            raise RulesTypeError(f"the number of dice must be an int, got {n!r} (T-6)")
        if n < 1:
            raise RulesError(f"the number of dice must be at least 1, got {n!r} (T-6)")
        rule, purpose = _check_rule(rule), _check_purpose(purpose)
        if n == 1:
            return self._draw(rule, [purpose])
        return self._draw(rule, [f"{purpose} (die {k}/{n})" for k in range(1, n + 1)])

    # -- the log ------------------------------------------------------------------------
    @property
    def log(self) -> tuple[Roll, ...]:
        """Every roll so far, oldest first (the game's log gets them by :meth:`subscribe`)."""
        return tuple(self._log)

    def mark(self) -> int:
        """A mark of the log's end for :meth:`since` (the number of rolls so far).

        >>> d = ScriptedDice([1, 2, 3])
        >>> _ = d.d6("T-2", "who fires first")
        >>> m = d.mark()
        >>> _ = d.roll(2, "F-6", "2d6 R1→B1")
        >>> m, [r.value for r in d.since(m)]
        (1, [2, 3])
        """
        return len(self._log)

    def since(self, mark: int) -> tuple[Roll, ...]:
        """The rolls made since :meth:`mark` returned ``mark``: one adjudication's rolls.

        Raises :class:`TypeError` if ``mark`` is not an int and :class:`RulesError` if it
        is not in the log (negative, or the source was restored to before it).
        """
        if not _is_int(mark):
            raise RulesTypeError(f"a log mark must be an int from mark(), got {mark!r} (T-6)")
        n = len(self._log)
        if not 0 <= mark <= n:
            raise RulesError(f"mark {mark!r} is not in the log of {_plural(n, 'roll')} (0-{n}); "
                             f"was the dice state restored since? (T-6)")
        return tuple(self._log[mark:])

    def subscribe(self, listener: Listener) -> Listener:
        """Call ``listener(roll)`` after each roll is logged, for example ``game_log.append``.

        A multi-die roll is passed die by die once all its dice are rolled. Listeners are
        not part of a :class:`DiceState` and :meth:`setstate` does not tell them (a game that
        restores its dice restores its own log too). An exception in a listener propagates
        to the caller; the roll stays logged. Returns ``listener`` (usable as a decorator).
        Raises :class:`TypeError` if it is not callable and :class:`RulesError` if it is
        already subscribed (every roll would land twice).

        >>> game_log = []
        >>> d = ScriptedDice([5, 2])
        >>> _ = d.subscribe(game_log.append)
        >>> _ = d.d6("T-2", "who fires first"), d.d6("T-3", "who moves first")
        >>> [str(r) for r in game_log]
        ['5 (T-2 who fires first)', '2 (T-3 who moves first)']
        """
        if not callable(listener):
            raise RulesTypeError(f"a dice listener must be callable with a Roll, "
                                 f"got {listener!r} (T-6)")
        if listener in self._listeners:
            raise RulesError(f"{listener!r} is already subscribed to {self!r}: every roll "
                             f"would land twice (T-6)")
        self._listeners.append(listener)
        return listener

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling ``listener``; :class:`RulesError` if it is not subscribed."""
        if listener not in self._listeners:
            raise RulesError(f"{listener!r} is not subscribed to {self!r} (T-6)")
        self._listeners.remove(listener)

    # -- saving and restoring -----------------------------------------------------------
    def getstate(self, *, log: bool = True) -> DiceState:
        """A snapshot of the source (seed or script, position, log) for :meth:`setstate`.

        ``log=False`` leaves the log out (a game keeps its rolls in its own records).

        >>> d = Dice(seed=1)
        >>> saved = d.getstate()
        >>> first = d.roll(3, "T-2", "demo")
        >>> d.setstate(saved)
        >>> d.roll(3, "T-2", "demo") == first, len(d.log)
        (True, 3)
        """
        return self._state(tuple(self._log) if log else ())

    def setstate(self, state: DiceState) -> None:
        """Restore a snapshot of a source of the same kind; the log is rewound with it.

        The source takes everything from ``state`` (seed or script, position, log); its
        listeners stay and are not told. Raises :class:`TypeError` if ``state`` is not a
        :class:`DiceState` and :class:`RulesError` if it is of another kind of source.

        >>> d = ScriptedDice([1, 2, 3])
        >>> saved = d.getstate()
        >>> d.roll(2, "T-2", "demo")
        (1, 2)
        >>> d.setstate(saved)
        >>> d.remaining, d.log
        ((1, 2, 3), ())
        """
        if not isinstance(state, DiceState):
            raise RulesTypeError(f"setstate needs a DiceState from getstate(), got {state!r} (T-6)")
        if state.kind != self._kind:
            raise RulesError(f"cannot restore a {state.kind!r} dice state into "
                             f"{type(self).__name__} (T-6)")
        self._load(state)
        self._log = list(state.log)

    # Aliases with the vocabulary some users expect.
    save = getstate
    restore = setstate

    @classmethod
    def from_state(cls, state: DiceState) -> DiceSource:
        """A new source in the snapshot ``state``, for example of a saved game.

        ``DiceSource.from_state`` makes whichever kind the state is of; ``Dice.from_state``
        and ``ScriptedDice.from_state`` insist on their kind (else :class:`RulesError`).

        >>> d = ScriptedDice([6, 6], then=Dice(seed=3))
        >>> _ = d.roll(3, "F-6", "demo")
        >>> copy = DiceSource.from_state(d.getstate())
        >>> copy.d6("F-8", "next") == d.d6("F-8", "next"), copy.log == d.log
        (True, True)
        """
        if not isinstance(state, DiceState):
            raise RulesTypeError(f"from_state needs a DiceState, got {state!r} (T-6)")
        source: DiceSource = ScriptedDice([]) if state.kind == "scripted" else Dice(seed=0)
        if not isinstance(source, cls):
            raise RulesError(f"cannot restore a {state.kind!r} dice state into "
                             f"{cls.__name__} (T-6)")
        source.setstate(state)
        return source

    def _repr_html_(self) -> str:
        from hexrules.render.html import dice_html

        return dice_html(self)


class Dice(DiceSource):
    """Seeded pseudo-random six-sided dice (T-6).

    The same ``seed`` (int or str) gives the same rolls; ``None`` draws a seed from the
    operating system and keeps it in :attr:`seed`, so the game can be replayed. Another type
    raises :class:`TypeError`. The repr is the constructor call until the first roll, then
    says how far the dice are:

    >>> d = Dice(seed=2024)
    >>> d
    Dice(seed=2024)
    >>> all(1 <= v <= 6 for v in d.roll(10, "T-2", "demo")), d
    (True, <Dice seed=2024 after 10 rolls>)
    >>> isinstance(Dice().seed, int)
    True
    """

    _kind = "seeded"

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__()
        self._seed = _check_seed(secrets.randbelow(2**32) if seed is None else seed)
        self._random = random.Random(self._seed)

    @property
    def seed(self) -> int | str:
        """The seed the dice started from (drawn at creation if none was given)."""
        return self._seed

    def _next(self, rule: str, purpose: str) -> int:
        return self._random.randint(1, 6)

    def _state(self, log: tuple[Roll, ...]) -> DiceState:
        return DiceState("seeded", log, seed=self._seed, generator=self._random.getstate())

    def _load(self, state: DiceState) -> None:
        self._random.setstate(state.generator)
        self._seed = self._seed if state.seed is None else state.seed

    def __repr__(self) -> str:
        if not self._log:
            return f"Dice(seed={self._seed!r})"
        return f"<Dice seed={self._seed!r} after {_plural(len(self._log), 'roll')}>"


class ScriptedDice(DiceSource):
    """Dice that replay given faces (lessons, demos, tests), then optionally other dice.

    ``rolls`` are the faces (1–6) to return in order, whatever rule and purpose ask for them
    (:meth:`from_log` checks those too). ``then`` (e.g. ``Dice(seed=3)``) gives the rolls
    after the script, logged here as usual (and in its own log); without it a roll past the
    script raises :class:`~hexrules.errors.DiceExhaustedError` naming the roll. A face that
    is not an int raises :class:`TypeError`, one not 1–6 :class:`RulesError`.

    >>> d = ScriptedDice([4, 1])
    >>> d.d6("F-8", "armour d6 B1"), d, d.remaining
    (4, <ScriptedDice [4 | 1] after 1 roll>, (1,))
    >>> d.d6("T-2", "one"), d.d6("T-3", "two")
    Traceback (most recent call last):
    ...
    hexrules.errors.DiceExhaustedError: scripted dice ran out at roll #3: ... 'T-3 two' ...
    >>> s = ScriptedDice([6, 6], then=Dice(seed=3))
    >>> s.roll(3, "F-6", "demo")[:2], s
    ((6, 6), <ScriptedDice [6, 6 |] after 3 rolls, then <Dice seed=3 after 1 roll>>)
    """

    _kind = "scripted"

    def __init__(self, rolls: Iterable[int], *, then: DiceSource | None = None) -> None:
        super().__init__()
        if isinstance(rolls, str | bytes) or not isinstance(rolls, Iterable):
            raise RulesTypeError(f"scripted dice need an iterable of faces 1-6, "
                                 f"got {rolls!r} (T-6)")
        script = tuple(rolls)
        for i, v in enumerate(script, 1):
            _check_face(v, f"scripted roll #{i}")
        if then is not None and not isinstance(then, DiceSource):
            raise RulesTypeError(f"then must be a dice source (Dice, ScriptedDice) or None, "
                                 f"got {then!r} (T-6)")
        self.script: tuple[int, ...] = script
        self.then: DiceSource | None = then
        self._expected: tuple[Roll, ...] | None = None
        self._pos = 0

    @classmethod
    def from_log(cls, rolls: Iterable[Roll | Mapping[str, Any]], *,
                 then: DiceSource | None = None) -> ScriptedDice:
        """Dice that replay a logged game: the same faces, for the same rolls.

        ``rolls`` (Rolls or their dicts, e.g. ``dice.log`` or JSON read back) must each be
        asked for with the logged rule and purpose; otherwise the replay has left the game
        and :class:`~hexrules.errors.ReplayDivergedError` names the roll, what the log had and
        what was asked (the roll is not used). ``then`` is as for :class:`ScriptedDice`.

        >>> game = Dice(seed=11)
        >>> _ = game.roll(2, "F-6", "2d6 R1→B1"), game.d6("F-8", "armour d6 B1")
        >>> replay = ScriptedDice.from_log(game.log)
        >>> replay.roll(2, "F-6", "2d6 R1→B1") == tuple(r.value for r in game.log[:2])
        True
        >>> replay.d6("F-8", "armour d6 B2")
        Traceback (most recent call last):
        ...
        hexrules.errors.ReplayDivergedError: replay diverged at roll #3: the log has ...
        """
        logged = _rolls(rolls, "log")
        dice = cls([r.value for r in logged], then=then)
        dice._expected = logged
        return dice

    def _next(self, rule: str, purpose: str) -> int:
        k = self._pos
        if k < len(self.script):
            if self._expected is not None:
                e = self._expected[k]
                if (e.rule, e.purpose) != (rule, purpose):
                    raise ReplayDivergedError(
                        f"replay diverged at roll #{k + 1}: the log has '{e.rule} {e.purpose}' "
                        f"(face {e.value}), but the game asked for '{rule} {purpose}' (T-6)")
            self._pos += 1
            return self.script[k]
        if self.then is not None:
            return self.then.d6(rule, purpose)
        what = "logged rolls" if self._expected is not None else "faces scripted"
        raise DiceExhaustedError(
            f"scripted dice ran out at roll #{k + 1}: no face left for '{rule} {purpose}' "
            f"({len(self.script)} {what}, all used; then=Dice(seed=…) would go on; T-6)")

    def _state(self, log: tuple[Roll, ...]) -> DiceState:
        script = self.script if self._expected is None else self._expected
        then = None if self.then is None else self.then.getstate()
        return DiceState("scripted", log, script=script, position=self._pos, then=then)

    def _load(self, state: DiceState) -> None:
        if state.script and isinstance(state.script[0], Roll):
            self._expected = state.script  # type: ignore[assignment]
            self.script = tuple(r.value for r in state.script)  # type: ignore[union-attr]
        else:
            self._expected, self.script = None, state.script  # type: ignore[assignment]
        self._pos = state.position
        if state.then is None:
            self.then = None
        elif self.then is not None and self.then._kind == state.then.kind:
            self.then.setstate(state.then)
        else:
            self.then = DiceSource.from_state(state.then)

    @property
    def remaining(self) -> tuple[int, ...]:
        """The scripted faces not used yet (not counting ``then``)."""
        return self.script[self._pos :]

    @property
    def used(self) -> int:
        """How many scripted faces have been used."""
        return self._pos

    def __repr__(self) -> str:
        try:
            k, n = self._pos, len(self.script)
            if not self._log and self._expected is None:
                then = "" if self.then is None else f", then={self.then!r}"
                return f"ScriptedDice({list(self.script)!r}{then})"
            if self._expected is not None:
                script = f"from a log of {_plural(n, 'roll')}, {k} replayed"
                if k < n:
                    script += f", next '{self._expected[k].rule} {self._expected[k].purpose}'"
                script += ","
            else:
                used = ", ".join(map(str, self.script[max(0, k - 8):k]))
                left = ", ".join(map(str, self.script[k:k + 8]))
                script = ("[" + ("…, " if k > 8 else "") + (used + " " if used else "") + "|"
                          + (" " + left if left else "") + (", …" if n > k + 8 else "") + "]")
            then = "" if self.then is None else f", then {self.then!r}"
            return f"<ScriptedDice {script} after {_plural(len(self._log), 'roll')}{then}>"
        except Exception:  # pragma: no cover - a repr never fails
            return object.__repr__(self)
