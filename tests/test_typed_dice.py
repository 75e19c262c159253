"""Dice typed in by hand (hexrules.dice.TypedDice): the faces a class rolled with real dice."""

from __future__ import annotations

import pytest

from hexrules import Hex, HexMap, ScriptedDice, Unit, adjudicate_fire
from hexrules.dice import FacesNeeded, TypedDice, parse_faces
from hexrules.errors import DiceExhaustedError, RulesError


def _fire(dice: object):  # noqa: ANN202 - a record
    m = HexMap.flat(30, 3)
    return adjudicate_fire(m, Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(18, 1)),
                           dice=dice)  # type: ignore[arg-type]


def test_T_6_typed_dice_ask_for_each_roll_and_give_the_scripted_record() -> None:
    typed = TypedDice()
    asked = []
    for text in ("5 6", "5"):
        with pytest.raises(FacesNeeded) as exc:
            _fire(typed.fresh())
        asked.append((exc.value.rule, exc.value.count, exc.value.position))
        typed.enter(text, exc.value)
    assert asked == [("F-6", 2, 0), ("F-8", 1, 2)]
    assert _fire(typed.fresh()) == _fire(ScriptedDice([5, 6, 5]))
    assert isinstance(FacesNeeded("F-6", "2d6", 2, 0), DiceExhaustedError)


@pytest.mark.parametrize("text, count, why", [
    ("7 1", 2, "'7' is not a die face"), ("0", 1, "'0' is not a die face"),
    ("3", 2, "type 2 faces, got 1"), ("3 4 5", 2, "type 2 faces, got 3"),
    ("", 1, "no face typed"), ("x y", 2, "'x' is not a die face"), ("2.5", 1, "not a die face"),
])
def test_T_6_bad_typed_faces_are_refused_and_change_nothing(text: str, count: int,
                                                            why: str) -> None:
    typed = TypedDice([4])
    need = FacesNeeded("F-6", "2d6 R1→B1", count, 1)
    with pytest.raises(RulesError, match=why):
        typed.enter(text, need)
    assert typed.faces == (4,)


def test_typed_faces_accept_the_usual_ways_of_typing_them() -> None:
    assert parse_faces("3 5") == parse_faces("3,5") == parse_faces("35", 2) == (3, 5)
    assert parse_faces("6", 1) == (6,)
    t = TypedDice([1, 2, 3])
    t.undo()
    assert t.faces == (1, 2) and repr(t) == "TypedDice([1, 2])"
    with pytest.raises(TypeError):
        parse_faces(35)  # type: ignore[arg-type]
