"""What every lesson's self-check shares: the verdict line and reading a number answer.

The checks of each lesson (``_check01.py`` …) get the right answer from hexrules, compare it
with the cadet's, and report through :func:`say`; they never decide a rule themselves.

>>> say(True, "unused")
✓ Right 正确
True
>>> as_int("3"), as_int(3.0), as_int("x"), as_int(None)
(3, 3, None, None)
"""

from __future__ import annotations

from typing import Any

RIGHT = "✓ Right 正确"
WRONG = "✗ Not yet 再想想"


def say(ok: bool, hint: str) -> bool:
    """Print the verdict (with the hint when wrong) and return ``ok``."""
    print(RIGHT if ok else f"{WRONG} — hint 提示: {hint}")
    return ok


def as_int(answer: Any) -> int | None:
    """A whole-number answer, or None when it is not one."""
    if isinstance(answer, bool) or answer is None:
        return None
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return None
    return int(value) if value.is_integer() else None
