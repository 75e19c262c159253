"""Lesson 11's self-checks name the likely slip (P-12, P-14, P-17)."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from hexrules.grid import Square

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
sys.path.insert(0, str(LESSONS))
import _check11  # noqa: E402

sys.path.remove(str(LESSONS))

TRENCH = (("hills", Fraction(0)), ("trench", Fraction(1, 2)))

SLIPS = [
    (_check11.check_hit_part, ("side", "Tiger I", Square(10, 10), 2, Square(13, 7)),
     "the thicker plate"),
    (_check11.check_hit_part, ("front", "Tiger I", Square(10, 10), 2, Square(10, 4)),
     "within 45° front"),
    (_check11.check_hit_part, ("flank", "Tiger I", Square(10, 10), 2, Square(10, 4)),
     "one of 'front'"),
    (_check11.check_kill_chance, ("3367/4096", "Tiger I"), "only a stun"),
    (_check11.check_kill_chance, (0.25, "Tiger I"), "six tubes"),
    (_check11.check_casualties, ((1, 1), 5, TRENCH), "defence modifiers divide"),
    (_check11.check_casualties, ((0, 0), 4, TRENCH), "rounded half up"),
]


@pytest.mark.parametrize(("check", "args", "phrase"), SLIPS,
                         ids=[f"{c.__name__}-{a[0]}" for c, a, _ in SLIPS])
def test_P_17_P_14_P_12_lesson_11_hints_name_the_slip(check, args, phrase) -> None:
    verdict = check(*args)
    assert not verdict and phrase in verdict.hint, verdict.hint


def test_P_17_lesson_11_accepts_the_exact_answers() -> None:
    assert _check11.check_kill_chance("781/1024", "Tiger I")
    assert _check11.check_kill_chance(0.7627, "Tiger I")
    assert _check11.check_hit_part("front", "Tiger I", Square(10, 10), 2, Square(13, 7))
    assert _check11.check_casualties((1, 0), 5, TRENCH)
