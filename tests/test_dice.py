"""The dice source (T-6): seeded, scripted, logged, saved and restored."""

from __future__ import annotations

import pytest

from hexrules.dice import Dice, DiceSource, Roll, ScriptedDice
from hexrules.errors import DiceExhaustedError, RulesError


def test_T6_same_seed_same_rolls():
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.d6("x") for _ in range(50)] == [b.d6("x") for _ in range(50)]
    assert a.log == b.log


def test_T6_different_seeds_differ():
    a, b = Dice(seed=1), Dice(seed=2)
    assert a.roll(20, "x") != b.roll(20, "x")


def test_T6_faces_are_uniform_1_to_6():
    d = Dice(seed=0)
    values = d.roll(6000, "uniformity")
    assert set(values) == {1, 2, 3, 4, 5, 6}
    counts = [values.count(k) for k in range(1, 7)]
    assert all(850 < c < 1150 for c in counts)  # ±~5 sigma of 1000


def test_T6_every_roll_logged_with_purpose():
    d = ScriptedDice([2, 3, 4])
    d.roll(2, "F-6 2d6 R1→B1")
    d.d6("F-8 armour d6 B1")
    assert d.log == (
        Roll(2, "F-6 2d6 R1→B1 (die 1/2)"),
        Roll(3, "F-6 2d6 R1→B1 (die 2/2)"),
        Roll(4, "F-8 armour d6 B1"),
    )
    assert str(d.log[2]) == "4 (F-8 armour d6 B1)"


def test_T6_scripted_runs_out_with_clear_error():
    d = ScriptedDice([6])
    assert d.remaining == (6,)
    d.d6("T-2 initiative")
    assert d.remaining == () and d.used == 1
    with pytest.raises(DiceExhaustedError, match=r"'F-8 armour d6 B1'.*1 rolls scripted"):
        d.d6("F-8 armour d6 B1")
    assert len(d.log) == 1  # the failed roll is not logged


@pytest.mark.parametrize("bad", [0, 7, 2.5, "3", True])
def test_T6_scripted_faces_must_be_1_to_6(bad):
    with pytest.raises(RulesError, match="scripted roll #2"):
        ScriptedDice([1, bad])


@pytest.mark.parametrize("purpose", ["", "   ", None, 3])
def test_T6_purpose_is_required(purpose):
    with pytest.raises(RulesError, match="purpose"):
        Dice(seed=1).d6(purpose)


@pytest.mark.parametrize("n", [0, -1, 1.5, True])
def test_roll_count_must_be_positive(n):
    with pytest.raises(RulesError):
        Dice(seed=1).roll(n, "x")


@pytest.mark.parametrize("make", [lambda: Dice(seed=9), lambda: ScriptedDice(range(1, 7))])
def test_T6_save_and_restore(make):
    d: DiceSource = make()
    d.d6("before")
    saved = d.getstate()
    first = d.roll(3, "after")
    log_after = d.log
    d.setstate(saved)
    assert len(d.log) == 1
    assert d.roll(3, "after") == first
    assert d.log == log_after
    d.restore(d.save())  # aliases


def test_state_kinds_do_not_mix():
    with pytest.raises(RulesError, match="cannot restore"):
        ScriptedDice([1]).setstate(Dice(seed=1).getstate())


def test_reprs_evaluate_back():
    assert repr(Dice(seed=5)) == "Dice(seed=5)"
    s = ScriptedDice([1, 2])
    assert eval(repr(s)).script == s.script  # noqa: S307 - trusted test input


def test_seed_type_checked():
    with pytest.raises(RulesError):
        Dice(seed=1.5)  # type: ignore[arg-type]


def test_log_html_is_bilingual():
    d = ScriptedDice([3])
    d.d6("F-8 armour")
    html = d._repr_html_()
    assert "骰子" in html and "F-8 armour" in html
