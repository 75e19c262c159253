"""What every lesson's self-check shares: the verdict and reading a number answer.

The checks of each lesson (``_check01.py`` …) get the right answer from hexrules, compare it
with the cadet's, and return a :class:`Verdict` made by :func:`say`; they never decide a rule
themselves.

A verdict *is* its message: as the last line of a notebook cell it shows ``✓ Right 正确`` or
``✗ Not yet 再想想 — hint …``, never a bare ``True``/``False``; it is true exactly when the
answer is right, so a solution cell can ``assert`` it.

>>> say(True, "unused")
✓ Right 正确
>>> verdict = say(False, "count again")
>>> verdict
✗ Not yet 再想想 — hint 提示: count again
>>> bool(verdict), verdict.ok
(False, False)
>>> as_int("3"), as_int(3.0), as_int("x"), as_int(None)
(3, 3, None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RIGHT = "✓ Right 正确"
WRONG = "✗ Not yet 再想想"


@dataclass(frozen=True)
class Verdict:
    """The outcome of one self-check: shown as its message, true when the answer is right.

    Attributes
    ----------
    ok : bool
        Whether the answer is right.
    hint : str
        What to look at again (shown only when the answer is wrong).
    """

    ok: bool
    hint: str = ""

    @property
    def message(self) -> str:
        """``✓ Right 正确``, or ``✗ Not yet 再想想 — hint 提示: …``."""
        return RIGHT if self.ok else f"{WRONG} — hint 提示: {self.hint}"

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:  # what a notebook shows for a cell ending in a check
        return self.message

    __str__ = __repr__


def say(ok: bool, hint: str) -> Verdict:
    """The verdict for an answer that is right (``ok``) or not, with the hint if not."""
    return Verdict(bool(ok), hint)


def as_int(answer: Any) -> int | None:
    """A whole-number answer, or None when it is not one."""
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return None
    return int(value) if value.is_integer() else None


def sight_bonus_text() -> str:
    """The L-2 sight bonus as the loaded terrain table states it, e.g. '+1 for city, forest'."""
    from hexrules import Terrain, load_tables

    terrain = load_tables().terrain
    by = {}
    for t in Terrain:
        if terrain[t].sight_bonus:
            by.setdefault(terrain[t].sight_bonus, []).append(t.name.lower())
    return "; ".join(f"{b:+d} for {' and '.join(names)}" for b, names in by.items())
