"""Artillery odds (A-2…A-8): exact odds enumerated from the adjudication's own dice steps,
checked against brute force and the adjudication itself; the Monte Carlo and seeded
adjudications agree with them within 5 binomial standard deviations."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from artillery_support import FLAT, VILLAGE, C, T, blue, plan

from hexrules import (
    Dice,
    FirePlan,
    Hex,
    HexMap,
    IllegalOrderError,
    Result,
    RulesError,
    RulesTypeError,
    ScriptedDice,
    Status,
    Unit,
    adjudicate_gun,
    adjudicate_mission,
    drift,
    impact_distribution,
    mission_odds,
)
from hexrules.artillery import (
    attack_odds,
    gun_result_distribution,
    roll_impact,
    simulate_impacts,
    simulate_mission,
    strike_distribution,
)
from hexrules.chance import outcomes
from hexrules.combat.damage import damage_state
from hexrules.tables import load_tables

# -- exact odds --------------------------------------------------------------------------
EDGE_CASES = {
    "centre": (HexMap.flat(20, 20), Hex.from_offset(10, 10)),
    "corner": (FLAT, Hex.from_offset(0, 0)),
    "east edge": (FLAT, Hex.from_offset(11, 6)),
    "two in": (FLAT, Hex.from_offset(2, 2)),
    "bottom row": (FLAT, Hex.from_offset(5, 11)),
    "tiny map": (HexMap.flat(1, 1), Hex(0, 0)),
}


@pytest.mark.parametrize("case", list(EDGE_CASES))
@pytest.mark.parametrize("flags", [{}, {"rocket": True}], ids=["barrel", "rocket"])
def test_impact_odds_sum_to_exactly_one_on_and_near_the_edge(case: str, flags: dict) -> None:
    m, target = EDGE_CASES[case]
    odds = impact_distribution(m, target, **flags)
    assert odds.total == 1 and all(isinstance(p, Fraction) for p in odds.hexes.values())
    assert odds.cancelled == Fraction(1, 6)
    assert (odds.lost == 0) is (case == "centre")
    assert all(h in m for h in odds.hexes)
    assert odds.on_target == (0 if flags else Fraction(5, 12))
    if case == "tiny map":
        assert odds.lost == Fraction(5, 6) - odds.on_target


def test_impact_odds_equal_brute_force_over_all_6_to_the_4_dice() -> None:
    m, target = EDGE_CASES["east edge"]
    for always in (False, True):
        brute: Counter = Counter()
        for faces in product(range(1, 7), repeat=4):
            imp = roll_impact(target, always_drifts=always, dice=ScriptedDice(faces))
            brute["cancelled" if imp.impact is None else
                  "lost" if imp.impact not in m else imp.impact] += 1
        exact = impact_distribution(m, target, rocket=always).outcomes()
        assert {k: Fraction(v, 6 ** 4) for k, v in brute.items()} == {
            k: p for k, p in exact.items() if p}


@pytest.mark.parametrize("m, target, at, flags", [
    (HexMap.flat(5, 5, name="small"), Hex.from_offset(2, 2), Hex.from_offset(3, 2), {}),
    (VILLAGE, C, Hex.from_offset(3, 4), {"rocket": True}),
], ids=["open_ring_1", "village_rocket"])
def test_gun_odds_equal_the_adjudication_over_every_dice_sequence(m, target, at, flags) -> None:
    """The exact per-gun distribution equals enumerating adjudicate_gun itself."""
    p = FirePlan("red", "122", target, called=1, **flags)
    u = blue("B1", at)
    t = load_tables()
    enumerated = outcomes(lambda d: adjudicate_gun(m, p, 1, [u], dice=d, tables=t).result)
    exact = gun_result_distribution(m, p, u)
    assert enumerated == {r: q for r, q in exact.items() if q}


def test_strike_odds_are_the_table_with_corrections() -> None:
    t = load_tables()
    k7 = Fraction(14, 36)  # K cells of F-6 at level 7
    assert strike_distribution(7, "open", 2)[Result.K] == k7 * Fraction(4, 6)
    assert strike_distribution(7, "city", 2)[Result.K] == k7 * 0 + Fraction(
        sum(1 for a, b in product(range(1, 7), repeat=2)
            if t.combat_results.lookup(7, a + b).value is Result.K and 2 not in (a, b)),
        36) * Fraction(4, 6)
    assert strike_distribution(2, "open", 2)[Result.W] == Fraction(1, 36)


def test_mission_odds_compose_the_guns_by_F10() -> None:
    m = HexMap.flat(20, 20)
    c = Hex.from_offset(10, 10)
    p = FirePlan("red", "155", c, called=1)
    odds = mission_odds(m, p, blue("B1", c))
    assert sum(odds.final.values()) == 1 and sum(odds.per_gun.values()) == 1
    assert odds.p_attacked_per_gun == Fraction(5, 9) == attack_odds(m, c)[c]
    assert odds.p_attacked == 1 - Fraction(4, 9) ** 6
    assert odds.rings == {0: Fraction(5, 12), 1: Fraction(5, 72), 2: Fraction(5, 72),
                          None: Fraction(4, 9)}
    suppressed = mission_odds(m, p, blue("B1", c, status=[Status.SUPPRESSED]))
    assert suppressed.p_destroyed == odds.p_destroyed and suppressed.p_harmed < odds.p_harmed
    dead = mission_odds(m, p, blue("B1", c, status=[Status.DESTROYED]))
    assert dead.final == {frozenset({Status.DESTROYED}): 1} and dead.p_harmed == 0
    assert "<table>" in odds._repr_html_() and "<table>" in odds.impact._repr_html_()


def test_calling_fire_next_to_your_own_tanks_is_risky() -> None:
    m = HexMap.load("training")
    target = m.parse((8, 20))
    p = FirePlan("red", "155", target, called=1)
    own = [Unit("R1", "red", target.neighbor(k)) for k in (2, 5)]
    for u in own:
        odds = mission_odds(m, p, u)
        assert odds.p_attacked > Fraction(9, 10) and odds.p_harmed > Fraction(1, 5)
    far = mission_odds(m, p, Unit("R2", "red", drift(target, 2, 5)))
    assert far.p_harmed < mission_odds(m, p, own[0]).p_harmed


def test_odds_errors() -> None:
    with pytest.raises(IllegalOrderError, match="A-1"):
        impact_distribution(FLAT, Hex.from_offset(30, 1))
    with pytest.raises(RulesTypeError, match="rocket"):
        impact_distribution(FLAT, T, rocket=1)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="Hex or a FirePlan"):
        impact_distribution(FLAT, (6, 5))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="off the map"):
        mission_odds(FLAT, plan(), blue("B1", Hex.from_offset(30, 1)))
    with pytest.raises(RulesTypeError, match="n must be"):
        simulate_impacts(FLAT, T, -1)
    with pytest.raises(RulesTypeError, match="attack level"):
        strike_distribution(7.0)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="guns"):
        attack_odds(FLAT, T, guns=0)


# -- Monte Carlo and seeded adjudication agree with the exact odds ------------------------
def _within(count: int, n: int, p: Fraction, sigmas: float = 5.0) -> bool:
    mean = n * float(p)
    return abs(count - mean) <= sigmas * math.sqrt(n * float(p) * (1 - float(p))) + 1


def test_monte_carlo_of_impacts_agrees_with_the_exact_odds() -> None:
    n = 200_000
    for m, target in (EDGE_CASES["east edge"], EDGE_CASES["corner"]):
        exact = impact_distribution(m, target).outcomes()
        counts = simulate_impacts(m, target, n, rng=7)
        assert set(counts) <= set(exact)
        assert all(_within(counts.get(k, 0), n, p) for k, p in exact.items())


def test_monte_carlo_of_a_mission_agrees_with_the_exact_odds() -> None:
    n = 200_000
    c = Hex.from_offset(4, 4)
    for u in (blue("B1", c), blue("B2", Hex.from_offset(5, 4)), blue("B3", Hex.from_offset(4, 3))):
        exact = mission_odds(VILLAGE, plan(target=c), u).final
        counts = simulate_mission(VILLAGE, plan(target=c), u, n=n, rng=3)
        assert set(counts) <= set(exact)
        assert all(_within(counts.get(s, 0), n, p) for s, p in exact.items()), u.id


def test_seeded_adjudications_agree_with_the_exact_odds() -> None:
    """The adjudication itself, run with seeded dice, against the composed exact odds."""
    m = HexMap.flat(9, 9, name="seeded")
    c = Hex.from_offset(4, 4)
    p = FirePlan("red", "155", c, called=1)
    units = [blue("B1", c), Unit("R1", "red", c.neighbor(2)), blue("B2", drift(c, 6, 2))]
    exact = {u.id: mission_odds(m, p, u).final for u in units}
    n = 1500
    dice = Dice(seed=2024)
    tallies: dict[str, Counter] = {u.id: Counter() for u in units}
    t = load_tables()
    for _ in range(n):
        after = adjudicate_mission(m, p, units, dice=dice, tables=t).units_after
        for u in units:
            tallies[u.id][damage_state(after.get(u.id, u).status)] += 1
    for uid, dist in exact.items():
        assert set(tallies[uid]) <= set(dist)
        assert all(_within(tallies[uid][s], n, q) for s, q in dist.items()), uid
