"""The Prokhorovka 1943 variant's rules, one test (or more) per rule ID P-1…P-24
(docs/rules.md, Appendix B)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction as F
from itertools import product

import pytest
from prok_support import at_fire, at_movement, scenario, u

from hexrules.dice import ScriptedDice
from hexrules.errors import IllegalMoveError, IllegalOrderError, ScenarioFormatError
from hexrules.grid import Square
from hexrules.records import decode, encode
from hexrules.variants.prokhorovka import (
    Activate,
    EndPhase,
    FinishMove,
    HoldFire,
    MeleeAssault,
    MortarCall,
    MoveStep,
    OpenFire,
    ProkRecord,
    apply,
    legal_orders,
    load_rules,
    load_scenario,
    result,
)
from hexrules.variants.prokhorovka.board import Board
from hexrules.variants.prokhorovka.fire import (
    casualty_x,
    fire_roll,
    hit_need,
    hit_part,
    infantry_casualties,
    penetration,
    penetration_effect,
    split_casualties,
)
from hexrules.variants.prokhorovka.morale import MoraleTrack, end_of_turn, rout_roll
from hexrules.variants.prokhorovka.mortar import (
    call_odds,
    mortar_call,
    mortar_vehicle,
    rounds_odds,
    scatter_odds,
    tube_square,
)

R = load_rules()


# -- B.1 setting and forces ---------------------------------------------------------------
def test_P_1_fifteen_turns_of_twenty_minutes() -> None:
    assert R.turns == 15 and load_scenario("full").turns == 15
    assert load_scenario("cut").turns == 6


def test_P_2_forces_per_company() -> None:
    full = load_scenario("full")
    comp = Counter((x.side, x.company, x.type) for x in full.units)
    for c in (1, 2, 3):
        assert comp[("german", c, "Pz IV G")] == 9 and comp[("german", c, "Tiger I")] == 6
        assert comp[("german", c, "squad")] == 10
    for c in (1, 2, 3, 4, 5):
        assert comp[("soviet", c, "T-34/76")] == 8 and comp[("soviet", c, "T-34/85")] == 2
        assert comp[("soviet", c, "squad")] == 10
        assert sum(x.anti_tank for x in full.units if x.side == "soviet" and x.company == c) == 4
    assert R.squads["soviet"].men == 10 and R.squads["german"].men == 14
    assert R.squads["soviet"].loads == 6 and R.squads["german"].loads == 8
    assert R.vehicles["T-34/76"].loads == 10 and R.vehicles["Tiger I"].loads == 12
    assert R.vehicles["Su-152"].loads == 10


def test_P_2_a_squad_without_an_anti_tank_weapon_cannot_fire_at_armour() -> None:
    sc = scenario([u("german", "squad", 5, 5, anti_tank=0), u("soviet", "T-34/76", 8, 5)])
    s = at_fire(sc)
    with pytest.raises(IllegalOrderError, match="no anti-tank weapon"):
        apply(s, OpenFire("GQ1", "ST76-1"), ScriptedDice([]))


def test_P_3_totals_reserves_and_entry() -> None:
    full = load_scenario("full")
    sov = [x for x in full.units if x.side == "soviet"]
    ger = [x for x in full.units if x.side == "german"]
    assert sum(x.men for x in sov) == 500 and sum(not x.is_squad for x in sov) == 51
    assert sum(x.men for x in ger) == 420 and sum(not x.is_squad for x in ger) == 45
    assert len(full.units) == 176
    start = [x for x in full.units if x.enters == 1]
    assert Counter((x.side, x.is_squad) for x in start) == {
        ("soviet", False): 40, ("soviet", True): 40, ("german", False): 30,
        ("german", True): 20}
    assert {x.enters for x in full.units if x.enters > 1 and x.type != "Su-152"} == {9}
    assert [x.enters for x in full.units if x.type == "Su-152"] == [12]
    assert {full.entry[x.id].col for x in ger if x.enters == 9} == {0}          # west
    assert {full.entry[x.id].col for x in sov if x.enters > 1} == {199}         # east


def test_P_3_a_reserve_enters_at_the_start_of_its_turn() -> None:
    sc = scenario([u("german", "squad", 2, 2), u("soviet", "squad", 20, 20),
                   u("soviet", "T-34/76", 29, 10, enters=2)], turns=3)
    s = at_fire(sc)
    assert s.unit("ST76-1").square is None
    while s.turn == 1:
        s, rec = apply(s, EndPhase(), ScriptedDice([1, 1, 1, 1]))
    assert s.unit("ST76-1").square == Square(29, 10)
    assert "P-3" in rec.rules


def test_P_4_names() -> None:
    assert set(R.vehicles) == {"T-34/76", "T-34/85", "Su-152", "Pz IV G", "Tiger I"}


# -- B.2 map, dice, turn -----------------------------------------------------------------
def test_P_5_one_unit_a_square_and_friends_but_not_enemies_passed() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("german", "squad", 6, 5),
                   u("soviet", "squad", 5, 6), u("soviet", "squad", 20, 20)])
    s = at_movement(sc)
    s, _ = apply(s, Activate("GQ1"), ScriptedDice([6]))
    with pytest.raises(IllegalMoveError, match="pass through enemies"):
        apply(s, MoveStep(Square(5, 6)), ScriptedDice([]))
    s2, _ = apply(s, MoveStep(Square(6, 5)), ScriptedDice([]))       # through a friend
    with pytest.raises(IllegalMoveError, match="may not end its move"):
        apply(s2, FinishMove(), ScriptedDice([]))
    assert FinishMove() not in legal_orders(s2)
    s3, _ = apply(s2, MoveStep(Square(7, 5)), ScriptedDice([]))
    s3, _ = apply(s3, FinishMove(), ScriptedDice([]))
    assert s3.unit("GQ1").square == Square(7, 5)


def test_P_5_duplicate_squares_in_a_scenario_are_refused() -> None:
    with pytest.raises(ScenarioFormatError, match="already holds"):
        scenario([u("german", "squad", 5, 5), u("soviet", "squad", 5, 5)])


def test_P_6_the_full_map_layout() -> None:
    full = load_scenario("full")
    b = full.board()
    share = Counter(b.ground_at(sq) for sq in b.grid.cells())
    assert 0.22 < share["forest"] / 40000 < 0.28
    assert 0.42 < share["plain"] / 40000 < 0.48
    assert b.feature_at(Square(199, 100)) == "road" and b.feature_at(Square(100, 0)) == "road"
    feats = Counter(b.feature_at(sq) for sq in b.grid.cells())
    assert (feats["barn"], feats["house"], feats["haystack"]) == (6, 4, 10)
    # the farm lies east of the bend
    assert all(sq.col > 100 for sq in full.farm)


def test_P_7_one_casualty_die_a_turn_reused_for_later_hits() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("german", "squad", 5, 7),
                   u("soviet", "squad", 8, 6)])
    s = at_fire(sc)
    # GQ1 fires: fire die 4 (hit, ≤ 5 at ≤ 10), casualty die 5
    s, r1 = apply(s, OpenFire("GQ1", "SQ1"), ScriptedDice([4, 5]))
    assert [x.rule for x in r1.rolls] == ["P-11", "P-7"]
    s, _ = apply(s, HoldFire("SQ1"), ScriptedDice([]))
    s, r2 = apply(s, OpenFire("GQ2", "SQ1"), ScriptedDice([2]))      # no new casualty die
    assert [x.rule for x in r2.rolls] == ["P-11"]
    assert s.over or s.turn == 2


def test_P_7_a_fire_without_effect_rolls_no_casualty_die() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 6)])
    s = at_fire(sc)
    s, rec = apply(s, OpenFire("GQ1", "SQ1"), ScriptedDice([6]))
    assert [x.rule for x in rec.rolls] == ["P-11"]


def test_P_8_initiative_and_alternation() -> None:
    sc = scenario([u("german", "squad", 2, 2), u("german", "squad", 2, 4),
                   u("soviet", "squad", 20, 20), u("soviet", "squad", 20, 22)])
    s = at_movement(sc, first=4)
    assert s.first == "soviet" and s.to_act == "soviet"
    s, _ = apply(s, Activate("SQ1"), ScriptedDice([1]))
    s, _ = apply(s, FinishMove(), ScriptedDice([]))
    assert s.to_act == "german"                     # one unit at a time
    with pytest.raises(IllegalOrderError):
        apply(s, Activate("SQ2"), ScriptedDice([1]))


def test_P_8_losses_apply_at_the_end_of_the_fire_phase() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 5)])
    s = at_fire(sc)
    s, _ = apply(s, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([1, 6]))
    assert s.unit("SQ1").men == 10 and s.pending           # not yet
    s, rec = apply(s, OpenFire("SQ1", "GQ1"), ScriptedDice([6]))  # the target still fires
    # D = 40 % × 7 = 2.8 on the plain (−20 %): 2.8 ÷ 0.8 = 3.5 → 4 killed
    assert s.unit("SQ1").killed == 4 and s.unit("SQ1").men == 6


def test_P_9_movement_costs() -> None:
    b = Board.blank(10, 10, ground="forest")
    assert b.step_cost(Square(0, 0), Square(1, 1), "armour") == F(5, 3)
    assert b.step_cost(Square(0, 0), Square(1, 0), "armour") == F(5, 3)   # diagonal = straight
    b.paint_feature("road", [Square(2, 0), Square(3, 0)])
    assert b.step_cost(Square(1, 0), Square(2, 0), "armour") == F(5, 3)   # onto the road
    assert b.step_cost(Square(2, 0), Square(3, 0), "armour") == F(10, 13)  # road to road
    sc = scenario([u("german", "Tiger I", 5, 5), u("soviet", "squad", 25, 25)],
                  ground=[{"ground": "forest", "cols": [0, 29], "rows": [0, 29]}])
    s = at_movement(sc)
    s, rec = apply(s, Activate("GTI1"), ScriptedDice([4]))
    assert rec.parts[0]["points"] == 4
    s, _ = apply(s, MoveStep(Square(6, 5)), ScriptedDice([]))
    s, _ = apply(s, MoveStep(Square(7, 5)), ScriptedDice([]))
    with pytest.raises(IllegalMoveError, match="costs 5/3"):
        apply(s, MoveStep(Square(8, 5)), ScriptedDice([]))
    s, _ = apply(s, FinishMove(0), ScriptedDice([]))
    assert s.unit("GTI1").facing == 0


def test_P_9_a_unit_faces_its_last_step() -> None:
    sc = scenario([u("german", "Pz IV G", 5, 5), u("soviet", "squad", 25, 25)])
    s = at_movement(sc)
    s, _ = apply(s, Activate("GP4-1"), ScriptedDice([2]))
    s, _ = apply(s, MoveStep(Square(6, 6)), ScriptedDice([]))
    s, _ = apply(s, FinishMove(), ScriptedDice([]))
    assert s.unit("GP4-1").facing == 3


# -- B.3 fire ----------------------------------------------------------------------------
def test_P_10_loads_per_mode() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 5)])
    s = at_fire(sc)
    s1, _ = apply(s, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([6]))
    assert s1.unit("GQ1").loads == 8 - 3
    high = s.with_units(replace(s.unit("GQ1"), morale=MoraleTrack("high")))
    s2, _ = apply(high, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([6]))
    assert s2.unit("GQ1").loads == 8 - 4
    empty = s.with_units(replace(s.unit("GQ1"), loads=2))
    with pytest.raises(IllegalOrderError, match="needs 3"):
        apply(empty, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([6]))
    assert OpenFire("GQ1", "SQ1", "normal") in legal_orders(empty)
    broken = s.with_units(replace(s.unit("GQ1"), morale=MoraleTrack("broken")))
    with pytest.raises(IllegalOrderError, match="broken"):
        apply(broken, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([6]))


def test_P_10_fire_to_win_at_armour_is_normal_fire_with_the_trench_plus_20() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "T-34/76", 8, 5, facing="W")],
                  trench=[{"squares": [[5, 5]]}])
    s = at_fire(sc)
    s, rec = apply(s, OpenFire("GQ1", "ST76-1", "win"), ScriptedDice([1, 3]))
    step = next(st for st in rec.steps if st.rule == "P-13")
    assert ("firer's fire modifiers", "plain +0 %, trench +20 %") in step.inputs
    # 45 ÷ (103 × 1.2): penetrated
    assert rec.parts[0]["penetrated"] is True


def test_P_11_hit_numbers_by_range() -> None:
    assert [hit_need(R, "small_arms", d * d) for d in (10, 11, 30, 31)] == [5, 4, 4, None]
    assert [hit_need(R, "anti_tank", d * d) for d in (10, 11)] == [3, None]
    assert [hit_need(R, "vehicle_infantry", d * d) for d in (10, 30, 60, 100, 101)] == [
        5, 4, 3, 2, None]
    assert [hit_need(R, "vehicle_armour", d * d) for d in (10, 30, 60, 100, 200, 201)] == [
        5, 5, 4, 3, 2, None]
    assert [hit_need(R, "vehicle_armour", d * d, long_range_bonus=True)
            for d in (30, 31, 60, 200)] == [5, 5, 5, 3]
    rec = fire_roll(R, ScriptedDice([5]), "vehicle_armour", "GTI1", "ST76-1", 150 ** 2,
                    long_range_bonus=True)
    assert rec["need"] == 3 and rec["hit"] is False and rec.rolls[0].rule == "P-11"


def test_P_12_the_three_examples() -> None:
    assert split_casualties(casualty_x(20, 5)) == (1, 1)                   # 1.2
    x = casualty_x(20, 4, fire=(("forest", F(-1, 10)), ("high", F(35, 100))),
                   defence=(("hills", F(0)), ("trench", F(1, 2))))
    assert x == F(5, 6) and split_casualties(x) == (1, 0)
    x = casualty_x(40, 2, defence=(("road", F(-1, 2)),))
    assert x == F(12, 5) and split_casualties(x) == (2, 1)


def test_P_12_rounding_is_exact_half_up() -> None:
    assert split_casualties(F(1, 2)) == (1, 0)
    assert split_casualties(F(49, 100)) == (0, 1)
    assert split_casualties(F(3)) == (3, 0)
    assert split_casualties(F(0)) == (0, 0)
    rec = infantry_casualties(R, c=5, mode="normal", target="SQ1")
    assert isinstance(rec["x"], F)
    assert ProkRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec


def test_P_12_several_fires_are_split_alone_then_capped_killed_first() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("german", "squad", 5, 7),
                   u("german", "squad", 5, 9), u("soviet", "squad", 8, 7)])
    s = at_fire(sc)
    s = s.with_units(replace(s.unit("SQ1"), men=3))
    # three fires of B with c = 5 on the plain: 1.2 ÷ 0.8 = 1.5 → 2 killed each, 6 > 3 men
    s, _ = apply(s, OpenFire("GQ1", "SQ1"), ScriptedDice([1, 5]))
    s, _ = apply(s, HoldFire("SQ1"), ScriptedDice([]))
    s, _ = apply(s, OpenFire("GQ2", "SQ1"), ScriptedDice([1]))
    s, _ = apply(s, OpenFire("GQ3", "SQ1"), ScriptedDice([1]))
    sq = s.unit("SQ1")
    assert (sq.killed, sq.wounded, sq.men) == (3, 0, 0)


def test_P_13_the_two_examples() -> None:
    rec = penetration(R, R.vehicles["T-34/76"], "side", c=3, base=100,
                      fire=(("forest", F(-1, 5)),), defence=(("road", F(-1, 10)),))
    assert rec["A"] == F(36) / F(824, 10) and rec["penetrated"] is True
    for c in range(1, 7):
        rec = penetration(R, R.vehicles["Tiger I"], "front", c=c, base=100,
                          defence=(("forest", F(1, 10)),))
        assert rec["A"] > 1 and rec["penetrated"] is False


def test_P_13_a_equal_to_one_penetrates() -> None:
    tiger = replace(R.vehicles["Tiger I"], front=103)
    rec = penetration(R, tiger, "front", c=3, base=100)
    assert rec["A"] == 1 and rec["penetrated"] is True


def test_P_14_the_hit_part_by_bearing_and_facing() -> None:
    pz = R.vehicles["Pz IV G"]
    t = Square(10, 10)
    assert hit_part(pz, t, 2, Square(20, 10))[0] == "front"
    assert hit_part(pz, t, 2, Square(10, 0))[0] == "side"       # a flank shot
    assert hit_part(pz, t, 2, Square(0, 10))[0] == "rear"
    assert hit_part(pz, t, 2, Square(15, 5))[0] == "front"       # 45°: 80 > 30
    assert hit_part(pz, t, 2, Square(5, 5))[0] == "side"         # 135°: side 30 > rear 20
    t34 = R.vehicles["T-34/76"]
    assert hit_part(t34, t, 2, Square(5, 5))[0] == "side"        # 40 = 40: more forward
    t85 = R.vehicles["T-34/85"]
    assert hit_part(t85, t, 2, Square(15, 15))[0] == "front"     # 45 = 45: front


def test_P_15_plates_and_crews() -> None:
    assert [(v.front, v.flank, v.rear, v.crew) for v in R.vehicles.values()] == [
        (45, 40, 40, 4), (45, 45, 45, 5), (75, 60, 60, 5), (80, 30, 20, 5), (100, 80, 80, 5)]


def test_P_16_penetration_effects_and_the_second_penetration() -> None:
    assert penetration_effect("front", False) == "destroyed"
    assert penetration_effect("side", False) == "cannot fire"
    assert penetration_effect("rear", False) == "cannot move"
    assert penetration_effect("rear", True) == "destroyed"
    sc = scenario([u("german", "Tiger I", 5, 10), u("german", "Tiger I", 15, 20),
                   u("soviet", "T-34/76", 15, 10, facing="N")])
    s = at_fire(sc)
    # both shots at the T-34's side (facing north, firers west and south): c = 1 → 40/101
    s, r1 = apply(s, OpenFire("GTI1", "ST76-1"), ScriptedDice([1, 1]))
    assert r1.parts[0]["part"] == "side"
    s, _ = apply(s, HoldFire("ST76-1"), ScriptedDice([]))
    s, r2 = apply(s, OpenFire("GTI2", "ST76-1"), ScriptedDice([1]))
    assert r2.parts[0]["part"] == "rear"
    t = s.unit("ST76-1")
    assert t.destroyed and t.crew == 0


def test_P_16_a_side_penetration_stops_fire_but_not_movement() -> None:
    sc = scenario([u("german", "Tiger I", 5, 10), u("soviet", "T-34/76", 15, 10, facing="N"),
                   u("soviet", "squad", 25, 25)], turns=2)
    s = at_fire(sc)
    s, _ = apply(s, OpenFire("GTI1", "ST76-1"), ScriptedDice([1, 1]))
    while s.turn == 1:
        s, _ = apply(s, EndPhase(), ScriptedDice([1]))
    t = s.unit("ST76-1")
    assert t.no_fire and not t.no_move and t.crew == 2
    while s.phase != "fire":
        if s.to_act == "soviet" and Activate("ST76-1") in legal_orders(s):
            break
        s, _ = apply(s, EndPhase(), ScriptedDice([1]))
    assert s.phase == "movement" and Activate("ST76-1") in legal_orders(s)


# -- B.4 mortars ---------------------------------------------------------------------------
def test_P_17_the_exact_scatter_from_the_adjudication() -> None:
    odds = scatter_odds(R)
    assert sum(odds.values()) == 1
    assert odds == {k: F(sum(1 for f in product(range(1, 7), repeat=3)
                             if tube_square(f) == k), 216) for k in range(1, 10)}
    rounded = {k: round(float(v) * 100, 1) for k, v in odds.items()}
    assert rounded == {1: 0.5, 2: 4.2, 3: 11.6, 4: 21.3, 5: 25.0, 6: 21.3, 7: 11.6, 8: 4.2,
                       9: 0.5}
    for sq in range(1, 10):
        assert sum(rounds_odds(R, sq, 3).values()) == 1
        assert sum(call_odds(R, sq).values()) == 1
    # reading order: 4 and 6 (W, E) draw more than 2 and 8 (N, S)
    assert odds[4] > odds[2] and odds[6] > odds[8]
    assert R.keypad_offset(4) == (-1, 0) and R.keypad_offset(3) == (1, -1)


def test_P_17_a_call_counts_rounds_per_tube_and_loses_off_map_rounds() -> None:
    from hexrules.grid import SquareGrid

    faces = [3] + [1, 1, 1] * 6          # n = 3, every tube on square 1 (north-west)
    rec = mortar_call(R, ScriptedDice(faces), Square(0, 5), SquareGrid(10, 10))
    assert rec["n"] == 3 and rec["impacts"] == () and rec["lost"] == 18
    assert len(rec.rolls) == 1 + 18 and {r.rule for r in rec.rolls} == {"P-17"}


def test_P_17_armour_and_infantry_damage() -> None:
    tiger, t34 = R.vehicles["Tiger I"], R.vehicles["T-34/76"]
    assert mortar_vehicle(R, tiger, 1)["effect"] == "stunned"
    assert mortar_vehicle(R, tiger, 2)["C"] == 56
    assert mortar_vehicle(R, t34, 1)["C"] == 28
    defence = {"forest": F(1, 10), "plain": F(0), "hills": F(-1, 10), "road": F(-1, 10),
               "barn": F(1, 2)}
    for name, v in R.vehicles.items():
        for terr, d in defence.items():
            assert mortar_vehicle(R, v, 2, defence=((terr, d),))["effect"] == "destroyed"
            one = mortar_vehicle(R, v, 1, defence=((terr, d),))
            assert one["C"] != 0
            spared = (name == "Tiger I" and terr in ("plain", "forest", "barn")) or (
                name == "Su-152" and terr == "barn")
            assert (one["effect"] == "stunned") == spared, (name, terr)
    rec = infantry_casualties(R, c=3, mode="mortar", k=2, target="SQ1",
                              defence=(("hills", F(0)), ("trench", F(1, 2))))
    assert rec["x"] == F(16, 5) and (rec["killed"], rec["wounded"]) == (3, 1)


def test_P_17_a_call_in_the_game_hits_friend_and_foe() -> None:
    sc = scenario([u("german", "squad", 10, 10), u("soviet", "T-34/76", 11, 10),
                   u("soviet", "squad", 20, 20)])
    from hexrules.variants.prokhorovka import new_state

    s = new_state(sc)
    faces = [1] + [3, 4, 4] * 3 + [4, 4, 4] * 3 + [1]   # n=1; 3 tubes on 5, 3 on 6; initiative
    s, rec = apply(s, MortarCall(1, Square(10, 10)), ScriptedDice(faces + [2] * 3))
    assert s.unit("ST76-1").destroyed                     # 3 rounds: C > 0
    assert s.unit("GQ1").killed + s.unit("GQ1").wounded > 0   # friendly fire
    assert s.phase == "movement" and 1 in s.calls_used
    with pytest.raises(IllegalOrderError):
        apply(s, MortarCall(1, Square(3, 3)), ScriptedDice([1]))


# -- B.5 terrain ---------------------------------------------------------------------------
def test_P_18_the_haystack_example_and_corners() -> None:
    b = Board.blank(10, 10)
    five = Square(5, 5)
    b.paint_feature("haystack", [five])
    four = Square(4, 5)
    for target in (Square(6, 4), Square(6, 5), Square(6, 6)):   # 3, 6, 9 of the keypad
        assert not b.clear(four, target) and not b.clear(target, four)
    assert b.clear(Square(4, 4), Square(6, 4))
    b2 = Board.blank(10, 10)
    b2.paint_feature("house", [Square(5, 4), Square(4, 5)])     # diagonal blockers
    assert b2.clear(Square(3, 3), Square(6, 6))                 # through their shared corner
    b3 = Board.blank(10, 10)
    b3.paint_feature("barn", [Square(5, 5), Square(6, 5)])
    assert b3.clear(Square(5, 5), Square(2, 5))                 # out of the square it stands in
    assert not b3.clear(Square(5, 5), Square(8, 5))             # the barn's other square blocks


def test_P_18_concealment_in_a_haystack() -> None:
    sc = scenario([u("german", "Pz IV G", 2, 5), u("german", "squad", 10, 8),
                   u("soviet", "squad", 12, 5)],
                  feature=[{"feature": "haystack", "squares": [[12, 5]]}])
    s = at_fire(sc)
    with pytest.raises(IllegalOrderError, match="concealed"):
        apply(s, OpenFire("GP4-1", "SQ1"), ScriptedDice([1]))
    assert OpenFire("GQ1", "SQ1") in legal_orders(s)               # 3.6 squares away
    from hexrules.variants.prokhorovka import view

    assert "SQ1" in {x.id for x in view(s, "german").seen}          # GQ1 is near enough
    alone = s.with_units(replace(s.unit("GQ1"), men=0))
    assert "SQ1" not in {x.id for x in view(alone, "german").seen}


def test_P_19_terrain_values_combine() -> None:
    b = Board.blank(10, 10, ground="hills")
    b.paint_feature("road", [Square(1, 1)])
    b.paint_feature("haystack", [Square(2, 2)])
    b.paint_trench([Square(2, 2), Square(1, 1), Square(3, 3)])
    assert b.defence(Square(1, 1), "infantry") == F(-1, 2) + F(1, 2)     # road replaces hills
    assert b.defence(Square(2, 2), "infantry") == F(1, 2)                # haystack keeps hills
    assert b.fire(Square(3, 3), "infantry") == F(1, 10) + F(1, 5)
    assert b.fire(Square(3, 3), "infantry", win_at_infantry=True) == F(1, 10) + F(2, 5)
    assert b.defence(Square(3, 3), "armour") == F(-1, 10)                # no trench for armour
    assert not b.can_enter(Square(2, 2), "armour") and b.can_enter(Square(2, 2), "infantry")
    p = Board.blank(4, 4)
    p.paint_trench([Square(0, 0)])
    assert p.defence(Square(0, 0), "infantry") == F(3, 10)              # plain trench +30 %


def test_P_19_armour_in_the_barn_waits_and_fires_only_to_the_front() -> None:
    sc = scenario([u("german", "Pz IV G", 9, 10), u("soviet", "squad", 15, 10),
                   u("soviet", "squad", 10, 2)], turns=3,
                  feature=[{"feature": "barn", "squares": [[10, 10]]}])
    s = at_movement(sc)
    s, _ = apply(s, Activate("GP4-1"), ScriptedDice([3]))
    s, _ = apply(s, MoveStep(Square(10, 10)), ScriptedDice([]))
    with pytest.raises(IllegalMoveError, match="over"):
        apply(s, MoveStep(Square(11, 11)), ScriptedDice([]))
    s, _ = apply(s, FinishMove(2), ScriptedDice([]))
    while s.phase == "movement":
        s, _ = apply(s, EndPhase(), ScriptedDice([]))
    assert OpenFire("GP4-1", "SQ1") in legal_orders(s)           # due east: front
    with pytest.raises(IllegalOrderError, match="front arc"):
        apply(s, OpenFire("GP4-1", "SQ2"), ScriptedDice([1]))    # north: side
    while s.turn == 1:
        s, _ = apply(s, EndPhase(), ScriptedDice([1]))
    while s.phase == "movement" and s.to_act != "german":
        s, _ = apply(s, EndPhase(), ScriptedDice([1]))
    assert s.turn == 2 and Activate("GP4-1") not in legal_orders(s)


# -- P-20 trenches ---------------------------------------------------------------------------
def test_P_20_infantry_in_a_trench_moves_along_it_or_one_square_out() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 25, 25)],
                  trench=[{"path": [[5, 5], [5, 9]]}])
    s = at_movement(sc)
    s, _ = apply(s, Activate("GQ1"), ScriptedDice([6]))
    s, _ = apply(s, MoveStep(Square(5, 6)), ScriptedDice([]))
    s, _ = apply(s, MoveStep(Square(6, 6)), ScriptedDice([]))          # out: the move ends
    assert s.mover.done
    assert [o for o in legal_orders(s) if isinstance(o, MoveStep)] == []


def test_P_20_a_whole_turn_in_a_trench_gains_a_basic_load() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 5)], turns=2,
                  trench=[{"squares": [[5, 5]]}])
    s = at_fire(sc)
    s, _ = apply(s, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([6]))
    assert s.unit("GQ1").loads == 5
    while s.turn == 1:
        s, rec = apply(s, EndPhase(), ScriptedDice([1]))
    assert s.unit("GQ1").loads == 6 and s.unit("SQ1").loads == 6    # capped at the initial


# -- B.6 morale ----------------------------------------------------------------------------
def test_P_21_the_morale_table() -> None:
    assert [(m.rout, m.fire, m.die, m.win) for m in R.morale.values()] == [
        (6, 0, -3, False), (4, 0, -2, True), (1, 0, 0, True), (0, F(35, 100), 0, True)]
    assert casualty_x(20, 1, die_mod=-3) == 0 and casualty_x(20, 3, die_mod=-2) == F(2, 5)
    assert [rout_roll(R, ScriptedDice([d]), "S", "normal")["routed"] for d in (1, 2)] == [
        True, False]
    assert not rout_roll(R, ScriptedDice([1]), "S", "high")["routed"]
    assert rout_roll(R, ScriptedDice([6]), "S", "broken")["routed"]


def test_P_21_low_morale_acts_on_the_die_in_b_not_on_armour() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 5)])
    s = at_fire(sc)
    s = s.with_units(replace(s.unit("GQ1"), morale=MoraleTrack("low")))
    s, rec = apply(s, OpenFire("GQ1", "SQ1"), ScriptedDice([1, 5]))
    # B = 20 % × max(0, 1 + 5 − 2) = 0.8, ÷ 0.8 on the plain = 1
    assert rec.parts[0]["killed"] == 1 and rec.parts[0]["wounded"] == 0


def test_P_22_streaks_wipe_outs_neighbours_casualties_in_order() -> None:
    t = MoraleTrack()
    t, _ = end_of_turn(R, t, activity="support")
    t, _ = end_of_turn(R, t, activity="support")
    t, _ = end_of_turn(R, t, activity="attack")       # an attack ends the support streak
    assert (t.level, t.attack, t.support) == ("normal", 1, 0)
    t, _ = end_of_turn(R, t, activity="attack")
    assert (t.level, t.attack, t.support) == ("high", 0, 0)
    t, _ = end_of_turn(R, MoraleTrack("high", attack=1), activity="attack")
    assert (t.level, t.attack) == ("high", 0)          # clamped, both streaks reset
    t, _ = end_of_turn(R, MoraleTrack("low"), activity="hold", wiped_enemy=True,
                       neighbours_lost=2)
    assert t.level == "low"                            # high, then −2
    t, _ = end_of_turn(R, MoraleTrack("normal", casualties=2), activity="hold",
                       casualties=True)
    assert (t.level, t.casualties) == ("low", 0)
    t, _ = end_of_turn(R, MoraleTrack("normal", casualties=2), activity="hold")
    assert t.casualties == 0


def test_P_22_attack_and_support_in_the_game() -> None:
    sc = scenario([u("german", "Pz IV G", 5, 3), u("german", "squad", 5, 5),
                   u("soviet", "squad", 8, 5)])
    s = at_fire(sc)
    s, _ = apply(s, OpenFire("GP4-1", "SQ1"), ScriptedDice([6]))   # without effect
    s, _ = apply(s, HoldFire("SQ1"), ScriptedDice([]))
    s, rec = apply(s, OpenFire("GQ1", "SQ1"), ScriptedDice([6]))
    assert "support" in rec.steps[0].result


def test_P_22_wiped_out_raises_the_firers_and_lowers_the_neighbours() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 5),
                   u("soviet", "squad", 9, 5)], turns=2)
    s = at_fire(sc)
    s = s.with_units(replace(s.unit("SQ1"), men=1))
    s, _ = apply(s, OpenFire("GQ1", "SQ1", "win"), ScriptedDice([1, 6]))
    while s.turn == 1:
        s, _ = apply(s, EndPhase(), ScriptedDice([1]))
    assert not s.unit("SQ1").alive
    assert s.unit("GQ1").morale.level == "high"
    assert s.unit("SQ2").morale.level == "low"


def test_P_23_melee() -> None:
    sc = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 6, 5)])
    s = at_fire(sc)
    # neither routs (d6 4 and 3): each takes B from the other
    s1, rec = apply(s, MeleeAssault("GQ1", "SQ1"), ScriptedDice([4, 3, 5, 5]))
    assert [r.purpose for r in rec.rolls][:2] == ["rout d6 GQ1", "rout d6 SQ1"]
    assert len(s1.pending) == 2 and s1.unit("GQ1").activity == "hold"
    # only the defender routs: it drops a level, retreats, and the assaulter takes its square
    s2, rec = apply(s, MeleeAssault("GQ1", "SQ1"), ScriptedDice([3, 1, 4]))
    d = s2.unit("SQ1")
    assert d.morale.level == "low" and d.square == Square(10, 5)
    assert s2.unit("GQ1").square == Square(6, 5)
    broken = s.with_units(replace(s.unit("GQ1"), morale=MoraleTrack("broken")))
    with pytest.raises(IllegalOrderError, match="broken"):
        apply(broken, MeleeAssault("GQ1", "SQ1"), ScriptedDice([1, 1]))
    far = scenario([u("german", "squad", 5, 5), u("soviet", "squad", 8, 5)])
    with pytest.raises(IllegalOrderError, match="not next to"):
        apply(at_fire(far), MeleeAssault("GQ1", "SQ1"), ScriptedDice([1, 1]))


# -- B.7 the lesson cut --------------------------------------------------------------------
def test_P_24_the_lesson_cut() -> None:
    cut = load_scenario("cut")
    b = cut.board()
    assert (cut.width, cut.height, cut.turns) == (60, 60, 6)
    assert b.ground_at(Square(14, 0)) == "forest" and b.ground_at(Square(15, 0)) == "plain"
    assert b.ground_at(Square(40, 59)) == "hills"
    assert all(b.has_trench(Square(c, r)) for c in (15, 46) for r in range(22, 38))
    assert b.feature_at(Square(59, 30)) == "road" and b.feature_at(Square(30, 0)) == "road"
    assert len(cut.farm) == 10
    kinds = Counter((x.side, x.type) for x in cut.units)
    assert kinds == {("german", "Pz IV G"): 3, ("german", "Tiger I"): 1, ("german", "squad"): 3,
                     ("soviet", "T-34/76"): 2, ("soviet", "T-34/85"): 1,
                     ("soviet", "squad"): 3, ("soviet", "Su-152"): 1}
    assert sum(x.anti_tank for x in cut.units if x.side == "soviet") == 1
    assert sum(x.anti_tank for x in cut.units if x.side == "german") == 3
    assert [x.enters for x in cut.units if x.type == "Su-152"] == [4]
    assert all(5 <= x.square.col <= 15 for x in cut.units if x.side == "german")
    assert all(46 <= cut.entry[x.id].col <= 59 for x in cut.units if x.side == "soviet")


def test_P_24_the_score() -> None:
    from hexrules.variants.prokhorovka import new_state

    s = new_state(load_scenario("cut"))
    s = s.with_units(replace(s.unit("ST76-1"), no_fire=True, destroyed=True),
                     replace(s.unit("GP4-1"), no_move=True),
                     replace(s.unit("SQ1"), killed=3, wounded=1, men=6))
    r = result(s)
    assert r["points"] == {"german": F(5) + 3 + F(1, 2), "soviet": F(2)}
    assert r["winner"] == "german" and r["by"] == "score"
    s = s.with_units(replace(s.unit("SQ2"), square=Square(32, 31)))
    assert result(s)["winner"] == "soviet" and result(s)["by"] == "farm"


def test_records_render_and_round_trip() -> None:
    sc = scenario([u("german", "Tiger I", 5, 10), u("soviet", "T-34/76", 15, 10, facing="N")])
    s = at_fire(sc)
    s, rec = apply(s, OpenFire("GTI1", "ST76-1"), ScriptedDice([1, 3]))
    html = rec._repr_html_()
    assert "P-13" in html and "击穿" in html and "侧面" in html
    assert decode(json.loads(json.dumps(encode(rec)))) == rec
    assert "P-14" in str(rec)


def test_P_18_the_fast_sight_check_agrees_with_the_exact_walk() -> None:
    import random

    b = load_scenario("cut").board()
    rng = random.Random(3)
    farm = [Square(c, r) for c in range(28, 40) for r in range(26, 40)]
    for _ in range(3000):
        a, z = rng.choice(farm), rng.choice(farm) if rng.random() < 0.5 else Square(
            rng.randrange(60), rng.randrange(60))
        exact = not any(b.blocks(sq) for sq in b.grid.between(a, z))
        assert b.clear(a, z) == exact == b.clear(z, a), (a, z)


def test_P_5_a_step_that_ends_the_move_may_not_end_it_on_a_friend() -> None:
    sc = scenario([u("german", "Pz IV G", 9, 10), u("german", "squad", 10, 10),
                   u("soviet", "squad", 25, 25)],
                  feature=[{"feature": "barn", "squares": [[10, 10], [11, 10]]}])
    s = at_movement(sc)
    s, _ = apply(s, Activate("GP4-1"), ScriptedDice([6]))
    with pytest.raises(IllegalMoveError, match="end the move there"):
        apply(s, MoveStep(Square(10, 10)), ScriptedDice([]))
    assert MoveStep(Square(10, 10)) not in legal_orders(s)
