"""The values of the dice (T-6): :class:`Roll`, one logged die, and :class:`DiceState`, a
source's JSON-safe snapshot.

>>> Roll(4, "F-8", "armour d6 B1")
Roll(value=4, rule='F-8', purpose='armour d6 B1')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexrules.errors import RulesError, RulesTypeError

__all__ = ["DiceState", "Listener", "Roll"]

_RULE_ID = re.compile(r"[A-Z]-[0-9]+")
_ROLL_KEYS = ("value", "rule", "purpose")
_STATE_KEYS = {"seeded": {"kind", "seed", "generator", "log"},
               "scripted": {"kind", "script", "position", "then", "log"}}

Listener = Callable[["Roll"], object]


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_rule(rule: object) -> str:
    if not isinstance(rule, str):
        raise RulesTypeError(f"a roll's rule must be a rule ID str like 'F-6', got {rule!r} (T-6)")
    if not _RULE_ID.fullmatch(rule):
        raise RulesError(f"a roll's rule must be a rule ID like 'F-6' (capital letter, '-', "
                         f"number), got {rule!r} (T-6)")
    return rule


def _check_purpose(purpose: object) -> str:
    if not isinstance(purpose, str):
        raise RulesTypeError(f"a roll's purpose must be a str (what it is for, e.g. '2d6 R1→B1'), "
                             f"got {purpose!r} (T-6)")
    if not purpose.strip():
        raise RulesError(f"every roll needs a purpose (what it is for, e.g. '2d6 R1→B1'), "
                         f"got {purpose!r} (T-6)")
    return purpose


def _check_face(value: Any, what: str) -> int:
    if not _is_int(value):
        raise RulesTypeError(f"{what} must be an int die face 1-6, got {value!r} (T-6)")
    if not 1 <= value <= 6:
        raise RulesError(f"{what} must be a die face 1-6, got {value!r} (T-6)")
    return value


def _check_seed(seed: Any) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise RulesTypeError(f"a dice seed must be an int, a str or None, got {seed!r} (T-6)")
    return seed


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, slots=True)
class Roll:
    """One logged die roll: its face (1–6), its rule ID and its purpose.

    ``rule`` is the rule ID (``'F-6'``), ``purpose`` what the roll was for without
    it (``'2d6 R1→B1 (die 1/2)'``). A field of the wrong type raises :class:`TypeError`; a
    face not 1–6, a malformed rule ID or a blank purpose raises :class:`RulesError`.

    >>> r = Roll(4, "F-8", "armour d6 B1")
    >>> r, str(r)
    (Roll(value=4, rule='F-8', purpose='armour d6 B1'), '4 (F-8 armour d6 B1)')
    """

    value: int
    rule: str
    purpose: str

    def __post_init__(self) -> None:
        _check_face(self.value, "a roll's value")
        _check_rule(self.rule)
        _check_purpose(self.purpose)

    def __str__(self) -> str:
        return f"{self.value} ({self.rule} {self.purpose})"

    def to_dict(self) -> dict[str, Any]:
        """The roll as a JSON-safe dict.

        >>> Roll(5, "T-2", "who fires first").to_dict()
        {'value': 5, 'rule': 'T-2', 'purpose': 'who fires first'}
        """
        return {"value": self.value, "rule": self.rule, "purpose": self.purpose}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Roll:
        """The roll written by :meth:`to_dict`.

        Raises :class:`TypeError` if ``data`` is not a mapping, :class:`RulesError` if a key
        is missing or unknown or a value is bad.

        >>> Roll.from_dict({"value": 6, "rule": "A-2", "purpose": "delay, gun 1"})
        Roll(value=6, rule='A-2', purpose='delay, gun 1')
        """
        if not isinstance(data, Mapping):
            raise RulesTypeError(f"a roll must be a mapping with the keys value, rule, purpose, "
                                 f"got {data!r} (T-6)")
        missing = [k for k in _ROLL_KEYS if k not in data]
        unknown = sorted(map(str, set(data) - set(_ROLL_KEYS)))
        if missing or unknown:
            raise RulesError(f"a roll needs the keys value, rule, purpose; missing "
                             f"{', '.join(missing) or 'none'}, unknown "
                             f"{', '.join(unknown) or 'none'} in {dict(data)!r} (T-6)")
        return cls(data["value"], data["rule"], data["purpose"])


def _rolls(items: object, what: str) -> tuple[Roll, ...]:
    """Rolls or their dicts as a tuple of :class:`Roll`; errors name the entry."""
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Iterable):
        raise RulesTypeError(f"the {what} must be an iterable of rolls, got {items!r} (T-6)")
    out = []
    for k, r in enumerate(items, 1):
        if not isinstance(r, Roll | Mapping):
            raise RulesTypeError(f"{what} entry #{k} must be a Roll or its dict, got {r!r} (T-6)")
        try:
            out.append(r if isinstance(r, Roll) else Roll.from_dict(r))
        except (TypeError, RulesError) as e:
            raise type(e)(f"{what} entry #{k}: {e}") from None
    return tuple(out)


@dataclass(frozen=True, slots=True)
class DiceState:
    """An immutable snapshot of a dice source: how it was built, how far it is, its log.

    From :meth:`DiceSource.getstate`, for :meth:`DiceSource.setstate` or
    :meth:`DiceSource.from_state`. Seeded dice fill ``seed`` and ``generator`` (the
    :class:`random.Random` state); scripted dice ``script`` (faces, or the logged rolls of
    :meth:`ScriptedDice.from_log`), ``position`` (faces used) and ``then``.

    >>> from hexrules.dice import Dice, ScriptedDice
    >>> state = Dice(seed=1).getstate()
    >>> state.kind, state.seed, state.log
    ('seeded', 1, ())
    >>> DiceState.from_dict(state.to_dict()) == state
    True
    """

    kind: str
    log: tuple[Roll, ...] = ()
    seed: int | str | None = None
    generator: tuple[Any, ...] | None = field(default=None, repr=False)
    script: tuple[int, ...] | tuple[Roll, ...] = ()
    position: int = 0
    then: DiceState | None = None

    def __post_init__(self) -> None:
        if self.kind not in _STATE_KEYS:
            raise RulesError(f"a dice state's kind must be one of {', '.join(_STATE_KEYS)}, "
                             f"got {self.kind!r} (T-6)")
        if not _is_int(self.position) or not 0 <= self.position <= len(self.script):
            raise RulesError(f"a dice state's position must be 0-{len(self.script)} (the "
                             f"script's length), got {self.position!r} (T-6)")

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-safe data (dicts, lists, str, int and None).

        >>> from hexrules.dice import Dice, ScriptedDice
        >>> s = ScriptedDice([3, 5])
        >>> _ = s.d6("F-8", "armour d6 B1")
        >>> s.getstate().to_dict()
        {'kind': 'scripted', 'script': [3, 5], 'position': 1, 'then': None,
         'log': [{'value': 3, 'rule': 'F-8', 'purpose': 'armour d6 B1'}]}
        """
        log = [r.to_dict() for r in self.log]
        if self.kind == "seeded":
            version, internal, gauss = self.generator  # type: ignore[misc]
            return {"kind": "seeded", "seed": self.seed,
                    "generator": [version, list(internal), gauss], "log": log}
        script = [v.to_dict() if isinstance(v, Roll) else v for v in self.script]
        then = None if self.then is None else self.then.to_dict()
        return {"kind": "scripted", "script": script, "position": self.position,
                "then": then, "log": log}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DiceState:
        """The state written by :meth:`to_dict`, for example read back from JSON.

        Raises :class:`TypeError` if ``data`` or a field has the wrong type and
        :class:`RulesError` if a key or value is bad (the message names it).

        >>> from hexrules.dice import Dice, ScriptedDice
        >>> import json
        >>> d = Dice(seed=3)
        >>> _ = d.roll(4, "T-2", "demo")
        >>> text = json.dumps(d.getstate().to_dict())
        >>> again = Dice.from_state(DiceState.from_dict(json.loads(text)))
        >>> again
        <Dice seed=3 after 4 rolls>
        """
        if not isinstance(data, Mapping):
            raise RulesTypeError(f"a dice state must be a mapping, got {data!r} (T-6)")
        kind = data.get("kind")
        keys = _STATE_KEYS.get(kind) if isinstance(kind, str) else None
        if keys is None:
            raise RulesError(f"a dice state's kind must be one of {', '.join(_STATE_KEYS)}, "
                             f"got {kind!r} (T-6)")
        if set(data) != keys:
            raise RulesError(f"a {kind} dice state needs the keys {', '.join(sorted(keys))}, "
                             f"got {', '.join(sorted(map(str, data)))} (T-6)")
        log = _rolls(data["log"], "log")
        if kind == "seeded":
            seed = _check_seed(data["seed"])
            try:
                version, internal, gauss = data["generator"]
                generator = (version, tuple(internal), gauss)
                random.Random().setstate(generator)
            except (TypeError, ValueError) as e:
                raise RulesError(f"a seeded dice state's generator is not a random.Random "
                                 f"state ({e}) (T-6)") from None
            return cls("seeded", log, seed=seed, generator=generator)
        raw = data["script"]
        if not isinstance(raw, list | tuple):
            raise RulesTypeError(f"a scripted dice state's script must be a list, "
                                 f"got {raw!r} (T-6)")
        if raw and isinstance(raw[0], Mapping):
            script: tuple[Any, ...] = _rolls(raw, "script")
        else:
            script = tuple(_check_face(v, f"scripted roll #{i}") for i, v in enumerate(raw, 1))
        then = None if data["then"] is None else cls.from_dict(data["then"])
        return cls("scripted", log, script=script, position=data["position"], then=then)


