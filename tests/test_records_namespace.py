"""Record tags are namespaced: a variant's types never collide with the tank game's.

The tank game keeps bare class names as tags (every saved game still decodes); a variant
registers under its namespace (``squad.``, ``prok.``); a tag names exactly one class.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum

import pytest

from hexrules.records import decode, encode, register, tag_of


def test_tank_game_types_keep_bare_tags() -> None:
    from hexrules import Hex
    from hexrules.dice import DiceState
    from hexrules.game import DeclareFire, GameRecord, Pass

    assert [tag_of(c) for c in (Hex, DeclareFire, Pass, GameRecord, DiceState)] == [
        "Hex", "DeclareFire", "Pass", "GameRecord", "DiceState"]


def test_variants_register_under_their_namespace() -> None:
    from hexrules.variants.prokhorovka import OpenFire, ProkRecord, PUnit
    from hexrules.variants.squad import Attack, SquadRecord, Team
    from hexrules.variants.squad.teams import Posture

    assert [tag_of(c) for c in (Attack, SquadRecord, Team, Posture)] == [
        "squad.Attack", "squad.SquadRecord", "squad.Team", "squad.Posture"]
    assert [tag_of(c) for c in (OpenFire, ProkRecord, PUnit)] == [
        "prok.OpenFire", "prok.ProkRecord", "prok.PUnit"]
    order = OpenFire("GQ1", "SQ2", "win")
    assert decode(json.loads(json.dumps(encode(order)))) == order


def test_same_class_name_in_two_namespaces_both_round_trip() -> None:
    def make() -> type:
        @dataclass(frozen=True)
        class Volley:
            n: int
        return Volley

    a, b = make(), make()
    register(a, namespace="ns_test_a")
    register(b, namespace="ns_test_b")
    assert encode(a(1)) == {"$": "ns_test_a.Volley", "n": 1}
    assert type(decode(encode(a(1)))) is a and type(decode(encode(b(2)))) is b


def test_same_tag_for_another_class_is_refused() -> None:
    @dataclass(frozen=True)
    class Hex:  # a second "Hex" in the bare namespace
        q: int

    with pytest.raises(TypeError, match="two record types are tagged 'Hex'"):
        register(Hex)
    register(Hex, namespace="ns_test_c")  # under a namespace it is fine
    assert tag_of(Hex) == "ns_test_c.Hex"


def test_one_class_has_one_tag() -> None:
    class Colour(Enum):
        RED = "red"

    register(Colour, namespace="ns_test_d")
    register(Colour, namespace="ns_test_d")  # again, same tag: fine
    with pytest.raises(TypeError, match="already registered as 'ns_test_d.Colour'"):
        register(Colour, namespace="ns_test_e")
    assert decode(encode(Colour.RED)) is Colour.RED


def test_bad_namespace_is_refused() -> None:
    @dataclass(frozen=True)
    class Thing:
        x: int

    for bad in ("", "a b", 3):
        with pytest.raises(TypeError, match="namespace"):
            register(Thing, namespace=bad)  # type: ignore[arg-type]
