"""How a result lands on a unit: accumulation (F-10) and the reactive-armour step-down (E-4).

Written once and used by direct fire, close combat, artillery (A-7 results accumulate the
same way), the exact odds and the Monte Carlo (through :data:`TRANSITIONS`).

Examples
--------
>>> from hexrules import Hex, Result, Unit
>>> u = Unit("B1", "blue", Hex(0, 0))
>>> apply_result(u, Result.W).status_label
'Weapon lost 失火'
>>> apply_result(apply_result(u, Result.W), Result.I).destroyed   # second W/I (F-10)
True
>>> step_down(Result.K)                                           # E-4 [decision]
Result.W
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from hexrules.errors import RulesError, RulesTypeError
from hexrules.glossary import label
from hexrules.units import DAMAGE_MARKERS, Result, Status, Unit

__all__ = [
    "DAMAGE_ORDER",
    "STATE_BITS",
    "TRANSITIONS",
    "accumulate",
    "apply_result",
    "bits_to_state",
    "damage_state",
    "state_label",
    "state_to_bits",
    "step_down",
]

#: Damage markers from the least to the most severe (C-3 order).
DAMAGE_ORDER = (Status.SUPPRESSED, Status.WEAPON_LOST, Status.IMMOBILISED, Status.DESTROYED)

#: Bit of each damage marker in the integer damage states used by the Monte Carlo.
STATE_BITS = {s: 1 << i for i, s in enumerate(DAMAGE_ORDER)}


def _result(result: Result | str) -> Result:
    if isinstance(result, Result):
        return result
    if isinstance(result, str):
        return Result.from_code(result)
    raise RulesTypeError(f"a result must be a Result or its code, got {result!r}")


def accumulate(status: Iterable[Status], result: Result | str) -> frozenset[Status]:
    """The markers after ``result`` lands on a unit carrying ``status`` (F-10).

    S on a suppressed unit changes nothing; W or I on a unit that already has W or I (either)
    destroys it; K destroys; nothing changes a destroyed unit.

    Examples
    --------
    >>> sorted(s.value for s in accumulate({Status.SUPPRESSED}, Result.W))
    ['suppressed', 'weapon_lost']
    >>> accumulate({Status.IMMOBILISED}, "W") >= {Status.DESTROYED}
    True
    """
    status = frozenset(status)
    result = _result(result)
    if Status.DESTROYED in status or result is Result.NONE:
        return status
    if result is Result.K:
        return status | {Status.DESTROYED}
    if result is Result.S:
        return status | {Status.SUPPRESSED}
    if Status.WEAPON_LOST in status or Status.IMMOBILISED in status:
        return status | {Status.DESTROYED}
    marker = result.status
    if marker is None:  # pragma: no cover - every result but NONE has a marker
        raise RulesError(f"result {result!r} places no marker")
    return status | {marker}


def apply_result(unit: Unit, result: Result | str) -> Unit:
    """The unit after ``result`` lands on it, with accumulation (F-10).

    Examples
    --------
    >>> from hexrules import Hex
    >>> apply_result(Unit("B1", "blue", Hex(0, 0)), Result.K).destroyed
    True
    """
    if not isinstance(unit, Unit):
        raise RulesTypeError(f"apply_result needs a Unit, got {unit!r}")
    return unit.replace(status=accumulate(unit.status, result))


def step_down(result: Result | str) -> Result:
    """The result one step lower, for the reactive-armour card (E-4 [decision]).

    K → W, W → S, I → S, S → no effect, no effect stays.

    Examples
    --------
    >>> [step_down(r).code for r in Result]
    ['.', '.', 'S', 'S', 'W']
    """
    return _STEP_DOWN[_result(result)]


_STEP_DOWN = {
    Result.NONE: Result.NONE,
    Result.S: Result.NONE,
    Result.W: Result.S,
    Result.I: Result.S,
    Result.K: Result.W,
}


def damage_state(status: Iterable[Status]) -> frozenset[Status]:
    """Only the damage markers; a destroyed unit is just ``{DESTROYED}``.

    Examples
    --------
    >>> damage_state({Status.FIRED, Status.SUPPRESSED})
    frozenset({Status.SUPPRESSED})
    >>> damage_state({Status.SUPPRESSED, Status.DESTROYED})
    frozenset({Status.DESTROYED})
    """
    s = frozenset(status)
    if Status.DESTROYED in s:
        return frozenset({Status.DESTROYED})
    return s & DAMAGE_MARKERS


def state_label(state: Iterable[Status]) -> str:
    """Bilingual label of a damage state.

    Examples
    --------
    >>> state_label({Status.WEAPON_LOST, Status.SUPPRESSED})
    'Suppressed 压制 + Weapon lost 失火'
    >>> state_label(set())
    'Intact 完好'
    """
    marks = [s.label for s in DAMAGE_ORDER if s in set(state)]
    return " + ".join(marks) if marks else label("intact")


def state_to_bits(state: Iterable[Status]) -> int:
    """The integer form of a damage state (one bit per marker of :data:`STATE_BITS`).

    >>> state_to_bits({Status.SUPPRESSED, Status.IMMOBILISED})
    5
    """
    return sum(STATE_BITS[s] for s in damage_state(state))


def bits_to_state(bits: int) -> frozenset[Status]:
    """The damage state of an integer form.

    >>> bits_to_state(5) == {Status.SUPPRESSED, Status.IMMOBILISED}
    True
    """
    return damage_state(s for s, b in STATE_BITS.items() if bits & b)


def _transitions() -> np.ndarray:
    order = list(Result)
    out = np.zeros((1 << len(DAMAGE_ORDER), len(order)), dtype=np.int8)
    for bits in range(out.shape[0]):
        for j, r in enumerate(order):
            out[bits, j] = state_to_bits(accumulate(bits_to_state(bits), r))
    out.flags.writeable = False
    return out


#: ``TRANSITIONS[state_bits, result_index]``: the F-10 rule as a table, computed from
#: :func:`accumulate`, for vectorised simulation (result index in :class:`Result` order).
TRANSITIONS = _transitions()
