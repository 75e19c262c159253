"""Properties of the squad variant checked over many cases (Appendix A): lighting is
symmetric and implies detection, the exact odds always match the dice, and (slow) hundreds
of random games keep the invariants, never leak an undetected team and replay exactly."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from squad_support import check_no_leak

from hexrules.chance import outcomes
from hexrules.map import Hex, HexMap
from hexrules.variants.squad import (
    SquadGround,
    SquadState,
    Team,
    attack_odds,
    detect,
    lights_up,
    random_order,
    roll_result,
)

FIELD = SquadGround(HexMap.flat(20, 12), cover=frozenset({Hex.from_offset(c, 6)
                                                          for c in range(0, 20, 3)}))
KINDS = ("three_man", "two_man", "four_man", "marksman", "medic")
POSTURES = ("upright", "crouched", "concealed")


@st.composite
def teams(draw: st.DrawFn, tid: str, side: str) -> Team:
    col = draw(st.integers(0, 19))
    row = draw(st.integers(0, 11))
    kind = draw(st.sampled_from(KINDS))
    theo = {"three_man": 3, "two_man": 2, "four_man": 4, "marksman": 1, "medic": 2}[kind]
    return Team(tid, side, kind, Hex.from_offset(col, row), facing=draw(st.integers(1, 6)),
                posture=draw(st.sampled_from(POSTURES)), defence=draw(st.integers(1, theo)))


@settings(max_examples=200, deadline=None)
@given(teams("B1", "blue"), teams("R1", "red"))
def test_Q_14_lighting_is_mutual_and_implies_detection(a: Team, b: Team) -> None:
    if a.hex == b.hex:
        return
    assert lights_up(FIELD, a, b) == lights_up(FIELD, b, a)
    ra, rb = detect(FIELD, a, b), detect(FIELD, b, a)
    assert ra.lit == rb.lit == lights_up(FIELD, a, b)
    if ra.lit:
        assert ra.detected and rb.detected


@settings(max_examples=100, deadline=None)
@given(st.lists(teams("B1", "blue"), min_size=1, max_size=3), teams("R9", "red"),
       st.booleans())
def test_Q_21_odds_are_a_distribution_and_match_the_roll(attackers: list[Team], target: Team,
                                                          opens: bool) -> None:
    attackers = [a.but(id=f"B{i}") for i, a in enumerate(attackers)
                 if a.hex != target.hex]
    odds = attack_odds(FIELD, attackers, target, opens_fire=opens)
    assert sum(odds.losses.values()) == 1
    if odds.a is None:
        assert odds.losses == {0: Fraction(1)}
        return
    direct = outcomes(lambda d: min(target.defence, roll_result(d, odds.a, opens, "x")[2]))
    assert direct == odds.losses
    one = Fraction(min(odds.a, 6), 6)
    assert odds.hit == (1 - (1 - one) ** 2 if opens else one)


@pytest.mark.slow
def test_Q_12_hundreds_of_random_games_keep_the_invariants_and_replay() -> None:
    for seed in range(100, 400):
        s = SquadState.new("lesson", seed=seed)
        rng = random.Random(seed)
        while not s.over:
            if seed % 10 == 0:
                check_no_leak(s)
            s, _ = s.apply(random_order(s, rng))
            hexes = [t.hex for t in s.teams]
            assert len(hexes) == len(set(hexes))
            assert all(0 <= t.defence <= t.type().defence for t in s.teams)
        if seed % 25 == 0:
            assert s.replay() == s
