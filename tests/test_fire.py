"""Direct fire (rules F-1…F-12): declaration, adjudication, records, exact odds."""

from __future__ import annotations

import math
import tomllib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from hexrules.combat import (
    FireKind,
    adjudicate_fire,
    apply_result,
    can_fire,
    final_attack_level,
    final_state_distribution,
    fire_odds,
    shot_distribution,
    simulate_fire,
    simulate_shots,
    state_label,
    table_odds,
    verify_fire,
)
from hexrules.dice import Dice, ScriptedDice
from hexrules.errors import DiceExhaustedError, IllegalOrderError, NoLineOfSightError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.sight import line_of_sight
from hexrules.tables import DEFAULT_TABLES_DIR, load_tables
from hexrules.units import Result, Status, Unit

CASES = tomllib.loads((Path(__file__).parent / "data" / "fire_cases.toml").read_text("utf-8"))
DAMAGE = (Result.W, Result.I, Result.K)
KILLED = frozenset({Status.DESTROYED})


def row_map(cols: int = 60, *, levels: dict[int, int] | None = None,
            terrain: dict[int, Terrain] | None = None) -> HexMap:
    """Open ground 3 rows high; units stand on row 1, columns given by the dicts."""
    elev = np.zeros((3, cols), dtype=int)
    terr = np.zeros((3, cols), dtype=int)
    for col, lv in (levels or {}).items():
        elev[1, col] = lv
    for col, t in (terrain or {}).items():
        terr[1, col] = int(t)
    return HexMap(name="row", elevation=elev, terrain=terr)


def at(col: int) -> Hex:
    return Hex.from_offset(col, 1)


def red(uid: str = "R1", col: int = 0, *status: Status) -> Unit:
    return Unit(uid, "red", at(col), status=status)


def blue(uid: str = "B1", col: int = 18, *status: Status) -> Unit:
    return Unit(uid, "blue", at(col), status=status)


FLAT = row_map()


# -- F-1 declaration ------------------------------------------------------------------
def test_F1_markers_placed_at_declaration():
    rec = adjudicate_fire(FLAT, [red("R1"), red("R2", 1)], blue(), dice=Dice(seed=1))
    assert all(u.fired for u in rec.shooters_after)
    assert rec.target_after.fired_upon
    assert rec.declaration.rule == "F-1, F-9"
    assert "Fired 射击" in rec.declaration.result and "Fired upon 被射击" in rec.declaration.result


REFUSALS = [
    ("shooter already fired", lambda: (red("R1", 0, Status.FIRED), blue()), {}, "already fired"),
    ("weapon lost", lambda: (red("R1", 0, Status.WEAPON_LOST), blue()), {}, "lost its weapon"),
    ("target already fired upon", lambda: (red(), blue("B1", 18, Status.FIRED_UPON)), {},
     "already Fired upon"),
    ("out of range", lambda: (red(), blue("B1", 51)), {}, "range 51 hexes is beyond 50"),
    ("same side", lambda: (red(), Unit("R9", "red", at(5))), {}, "both are Red 红方"),
    ("at itself", lambda: (red(), Unit("R1", "blue", at(5))), {}, "itself"),
    ("destroyed shooter", lambda: (red("R1", 0, Status.DESTROYED), blue()), {}, "destroyed"),
    ("destroyed target", lambda: (red(), blue("B1", 18, Status.DESTROYED)), {}, "destroyed"),
    ("moved unit, normal fire", lambda: (red("R1", 0, Status.MOVED), blue()), {}, "C-4"),
    ("marching", lambda: (red("R1", 0, Status.MARCH, Status.MOVED), blue()),
     {"kind": "moving"}, "V-3"),
    ("same hex without close combat", lambda: (red(), blue("B1", 0)), {}, "close combat"),
    ("close combat at range", lambda: (red(), blue("B1", 1)), {"kind": "close_combat"}, "V-10"),
    ("unknown kind", lambda: (red(), blue()), {"kind": "sniping"}, "valid: 'normal'"),
    ("moving fire by two", lambda: ([red(), red("R2", 1)], blue()), {"kind": "moving"}, "V-8"),
    ("card for a non-shooter", lambda: (red(), blue()), {"card_unit": "R7"}, "R7.*E-2"),
    ("shooter declared twice", lambda: ([red(), red()], blue()), {}, "twice"),
]


@pytest.mark.parametrize(("make", "kwargs", "words"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_F1_illegal_declaration_refused_and_nothing_changes(make, kwargs, words):
    shooters, target = make()
    before = (shooters, target)
    dice = ScriptedDice([1, 2, 3, 4, 5, 6])
    with pytest.raises(IllegalOrderError, match=words):
        adjudicate_fire(FLAT, shooters, target, dice=dice, **kwargs)
    assert not can_fire(FLAT, shooters, target, **kwargs)
    assert (shooters, target) == before
    assert dice.log == () and dice.used == 0


def test_F1_error_names_units_hexes_and_rule():
    with pytest.raises(IllegalOrderError) as info:
        verify_fire(FLAT, red("R1", 0, Status.FIRED), blue())
    msg = str(info.value)
    assert "R1" in msg and FLAT.name_of(at(0)) in msg and "F-1" in msg


def test_F1_out_of_range_is_refused_at_declaration_not_at_adjudication():
    assert can_fire(FLAT, red(), blue("B1", 50))
    assert not can_fire(FLAT, red(), blue("B1", 51))


# -- F-2 order and dice ---------------------------------------------------------------
def test_F2_steps_follow_the_order():
    rec = adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([2, 3, 4]))
    assert [s.rule for s in rec.shots[0].steps] == [
        "L-3", "F-3", "F-4", "F-5", "F-6", "F-7", "F-8", "F-10"]
    f6 = rec.shots[0].steps[4]
    assert (f6.cell.row, f6.cell.column, f6.cell.value) == ("5", "9", Result.K)
    assert rec.shots[0].steps[5].dice == (2, 3)  # F-7 reuses the F-6 dice


def test_F2_armour_die_only_when_damage_survives():
    rec = adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([3, 4]))  # 7 at level 9: S
    assert rec.result is Result.S
    assert [r.value for r in rec.rolls] == [3, 4]


def test_F2_no_dice_when_level_not_positive():
    m = row_map(levels={0: 2})
    shooter = red("R1", 0, Status.SUPPRESSED)
    rec = adjudicate_fire(m, shooter, blue("B1", 3), dice=ScriptedDice([]), kind="short_halt")
    assert rec.shots[0].level == -1 and rec.result is Result.NONE and rec.rolls == ()


def test_F2_blocked_sight_ends_the_shot_but_declaration_stands():
    m = row_map(terrain={9: Terrain.FOREST})
    assert not line_of_sight(m, at(0), at(18)).visible
    rec = adjudicate_fire(m, red(), blue(), dice=ScriptedDice([]))
    shot = rec.shots[0]
    assert [s.rule for s in shot.steps] == ["L-3"]
    assert shot.result is Result.NONE and shot.level is None
    assert rec.shooters_after[0].fired and rec.target_after.fired_upon
    assert "blocked" in shot.steps[0].result


def test_F2_require_sight_option_refuses_instead():
    m = row_map(terrain={9: Terrain.FOREST})
    with pytest.raises(NoLineOfSightError, match="R1 at .* cannot see B1"):
        adjudicate_fire(m, red(), blue(), dice=ScriptedDice([]), require_sight=True)


def test_F2_scripted_dice_running_out_names_the_roll():
    with pytest.raises(DiceExhaustedError, match="armour d6 R1→B1"):
        adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([2, 3]))


@pytest.mark.parametrize("case", CASES["case"], ids=[c["name"] for c in CASES["case"]])
def test_worked_case(case):
    rng = case["range"]
    m = row_map(
        levels={0: case.get("shooter_level", 0), rng: case.get("target_level", 0)},
        terrain={rng: Terrain[case.get("target_terrain", "open").upper()]},
    )
    shooter = red("R1", 0, *([Status.SUPPRESSED] if case.get("suppressed") else []))
    target = blue("B1", rng)
    assert line_of_sight(m, shooter.hex, target.hex).visible
    dice = ScriptedDice(case["dice"])
    rec = adjudicate_fire(m, shooter, target, dice=dice, kind=case.get("kind", "normal"),
                          card_unit="R1" if case.get("card") else None)
    shot = rec.shots[0]
    assert shot.level == case["level"]
    table = "-" if shot.table_result is None else shot.table_result.code
    assert table == case["table"]
    assert shot.result.code == case["result"]
    assert dice.remaining == ()


# -- F-3, F-4, F-5 -------------------------------------------------------------------
@pytest.mark.parametrize(("distance", "level"), [(1, 10), (8, 10), (9, 9), (30, 9), (31, 8),
                                                 (40, 8), (41, 7), (50, 7)])
def test_F3_base_level_by_range(distance, level):
    assert final_attack_level(distance) == level
    odds = fire_odds(FLAT, red(), blue("B1", distance))
    assert odds.levels == (level,)


def test_F4_height_difference_uses_hex_elevations():
    m = row_map(levels={0: 3})
    assert line_of_sight(m, at(0), at(12)).visible
    rec = adjudicate_fire(m, red(), blue("B1", 12), dice=Dice(seed=3))
    f4 = rec.shots[0].steps[2]
    assert f4.rule == "F-4" and f4.modifier == -2
    assert (f4.cell.row, f4.cell.column) == ("3", "11–15")
    assert rec.shots[0].level == 7


def test_F4_rows_above_8_use_8_and_none_beyond_30():
    assert final_attack_level(2, 10) == 10 - 8
    assert final_attack_level(35, 5) == 8
    assert final_attack_level(30, 3) == 9 - 1


def test_F5_modifiers_add_then_clamp():
    assert final_attack_level(5, suppressed=True) == 7
    assert final_attack_level(5, kind="moving") == 9
    assert final_attack_level(5, kind=FireKind.SHORT_HALT) == 7
    assert final_attack_level(5, card=True) == 11  # 12 clamped
    assert final_attack_level(5, suppressed=True, card=True, kind="moving") == 8
    assert final_attack_level(3, 3, suppressed=True, kind="short_halt") == -1


# -- F-6 ------------------------------------------------------------------------------
def test_F6_damage_chances_per_level():
    expected = [1, 2, 4, 6, 9, 12, 16, 20, 25, 30, 36]
    for level, n in enumerate(expected, 1):
        odds = table_odds(level)
        assert sum(odds[r] for r in DAMAGE) == Fraction(n, 36), level
        assert sum(odds.values()) == 1


@pytest.mark.parametrize(("level", "stated"), [(2, 0.05), (3, 0.10), (4, 0.15), (5, 0.25),
                                               (6, 0.35), (7, 0.45), (8, 0.55), (9, 0.70)])
def test_F6_matches_rulebook_stated_percentages(level, stated):
    p = float(sum(table_odds(level)[r] for r in DAMAGE))
    assert abs(p - stated) <= 0.025
    assert float(sum(table_odds(1)[r] for r in DAMAGE)) < 0.05


# -- F-7, F-8 -------------------------------------------------------------------------
def test_F7_city_correction_is_11_of_36():
    d = shot_distribution(11, Terrain.CITY)  # every roll damages at level 11
    assert sum(d[r] for r in DAMAGE) == (1 - Fraction(11, 36)) * Fraction(5, 6)


def test_F7_forest_correction_is_20_of_36():
    d = shot_distribution(11, "forest")
    assert sum(d[r] for r in DAMAGE) == (1 - Fraction(20, 36)) * Fraction(5, 6)


def test_F7_applies_only_to_W_I_K():
    m = row_map(terrain={18: Terrain.CITY})
    rec = adjudicate_fire(m, red(), blue(), dice=ScriptedDice([2, 5]))  # 7 at level 9: S
    assert rec.result is Result.S
    assert "only to W, I, K" in rec.shots[0].steps[5].note


def test_F8_armour_die_1_turns_damage_into_S():
    d = shot_distribution(11, Terrain.OPEN)
    assert d[Result.S] == Fraction(1, 6)
    rec = adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([2, 3, 1]))
    assert rec.shots[0].table_result is Result.K and rec.result is Result.S


# -- F-9 ------------------------------------------------------------------------------
def test_F9_concentrated_fire_stops_after_a_kill():
    shooters = [red("R1", 0), red("R2", 1), red("R3", 2)]
    dice = ScriptedDice([3, 4, 2, 3, 6])  # R1: 7 → S; R2: 5 → K, armour 6
    rec = adjudicate_fire(FLAT, shooters, blue(), dice=dice)
    assert [s.result for s in rec.shots] == [Result.S, Result.K, Result.NONE]
    assert [s.adjudicated for s in rec.shots] == [True, True, False]
    assert rec.shots[2].steps[0].rule == "F-9"
    assert all(u.fired for u in rec.shooters_after)
    assert rec.target_after.destroyed and dice.remaining == ()


def test_F9_shots_in_declared_order():
    rec = adjudicate_fire(FLAT, [red("R2", 1), red("R1", 0)], blue(), dice=Dice(seed=5))
    assert [s.shooter.id for s in rec.shots][:1] == ["R2"]


# -- F-10 -----------------------------------------------------------------------------
def test_F10_accumulation():
    u = blue()
    s = apply_result(u, Result.S)
    assert apply_result(s, Result.S) == s
    w = apply_result(u, Result.W)
    assert apply_result(w, Result.I).destroyed
    assert apply_result(w, Result.W).destroyed
    assert apply_result(apply_result(u, Result.I), Result.W).destroyed
    assert apply_result(u, Result.K).destroyed
    assert apply_result(w, Result.S).status == {Status.WEAPON_LOST, Status.SUPPRESSED}
    assert apply_result(u, Result.NONE) == u


def test_F10_in_concentrated_fire_W_then_I_destroys():
    # range 36: level 8, where a sum of 2 gives W and 12 gives I
    dice = ScriptedDice([1, 1, 5, 6, 6, 5])
    rec = adjudicate_fire(FLAT, [red("R1", 0), red("R2", 1)], blue("B1", 36), dice=dice)
    assert [s.result for s in rec.shots] == [Result.W, Result.I]
    assert rec.target_after.destroyed
    assert "second W/I" in rec.shots[1].steps[-1].note


# -- F-11 -----------------------------------------------------------------------------
def test_F11_worked_example_destroys():
    rec = adjudicate_fire(FLAT, red(), blue("B1", 18), dice=ScriptedDice([2, 3, 4]))
    shot = rec.shots[0]
    assert shot.distance == 18 and shot.level == 9
    assert shot.table_result is Result.K and shot.result is Result.K
    assert rec.target_after.destroyed


# -- F-12 -----------------------------------------------------------------------------
def test_F12_close_combat_level_10_no_terrain_correction_armour_applies():
    m = row_map(levels={5: 3}, terrain={5: Terrain.FOREST})
    shooter = red("R1", 5, Status.FIRED)  # earlier fire does not restrict (V-10)
    target = blue("B1", 5, Status.FIRED_UPON)  # may be fired on again in close combat
    rec = adjudicate_fire(m, shooter, target, kind="close_combat", dice=ScriptedDice([3, 4, 5]))
    shot = rec.shots[0]
    assert shot.level == 10 and shot.table_result is Result.S  # 7 at level 10
    rec = adjudicate_fire(m, shooter, target, kind="close_combat", dice=ScriptedDice([3, 6, 5]))
    assert rec.result is Result.K  # a 3 in forest would be S outside close combat
    rec = adjudicate_fire(m, shooter, target, kind="close_combat", dice=ScriptedDice([3, 6, 1]))
    assert rec.result is Result.S  # armour applies
    assert final_attack_level(99, 7, kind="close_combat", suppressed=True, card=True) == 9


def test_F12_close_combat_odds_ignore_terrain():
    assert (shot_distribution(10, "forest", close_combat=True)
            == shot_distribution(10, "open"))


# -- exact odds and Monte Carlo -------------------------------------------------------
def test_shot_distribution_sums_to_one_and_is_exact():
    for level in range(-2, 13):
        for terrain in Terrain:
            d = shot_distribution(level, terrain)
            assert list(d) == list(Result)
            assert sum(d.values()) == 1
            assert all(isinstance(p, Fraction) for p in d.values())


def test_exact_odds_follow_the_loaded_tables():
    alt = load_tables(DEFAULT_TABLES_DIR.parent / "tables_alt_example")
    default = shot_distribution(9)
    heavy = shot_distribution(9, tables=alt)  # armour 2 instead of 1
    assert sum(heavy[r] for r in DAMAGE) == sum(default[r] for r in DAMAGE) * Fraction(4, 5)


def test_concentrated_odds_N_shooters():
    one = shot_distribution(9)
    for n in range(1, 5):
        shooters = [red(f"R{k}", k) for k in range(n)]
        odds = fire_odds(FLAT, shooters, blue("B1", 20))
        assert odds.final == final_state_distribution([one] * n)
        assert sum(odds.final.values()) == 1
    p = [fire_odds(FLAT, [red(f"R{k}", k) for k in range(n)], blue("B1", 20)).p_destroyed
         for n in range(1, 5)]
    assert p == sorted(p) and p[0] < p[-1] < 1


def test_fire_odds_of_an_already_damaged_target():
    fresh = fire_odds(FLAT, red(), blue())
    hurt = fire_odds(FLAT, red(), blue("B1", 18, Status.WEAPON_LOST))
    assert hurt.p_destroyed > fresh.p_destroyed
    d = hurt.shots[0]
    assert hurt.p_destroyed == d[Result.W] + d[Result.I] + d[Result.K]


def test_expected_shots():
    odds = fire_odds(FLAT, [red("R1", 0), red("R2", 1)], blue())
    p1 = odds.shots[0][Result.K]
    assert odds.expected_shots == 1 + (1 - p1)


def binomial_ok(count: int, n: int, p: Fraction, sigmas: float = 5.0) -> bool:
    pf = float(p)
    sd = math.sqrt(n * pf * (1 - pf))
    return abs(count - n * pf) <= sigmas * sd + 1e-9


@pytest.mark.parametrize(("level", "terrain"), [(9, "open"), (5, "city"), (11, "forest"),
                                                (2, "open"), (0, "open")])
def test_monte_carlo_agrees_with_exact_one_shot(level, terrain):
    n = 200_000
    res = simulate_shots(level, terrain, n, np.random.default_rng(12345))
    exact = shot_distribution(level, terrain)
    for i, r in enumerate(Result):
        assert binomial_ok(int((res == i).sum()), n, exact[r]), r


def test_monte_carlo_agrees_with_exact_concentrated():
    n = 200_000
    shooters = [red("R1", 0), red("R2", 1), red("R3", 2, Status.SUPPRESSED)]
    m = row_map(terrain={38: Terrain.CITY})
    target = blue("B1", 38)
    counts = simulate_fire(m, shooters, target, n=n, rng=2024)
    exact = fire_odds(m, shooters, target).final
    assert set(counts) <= set(exact)
    for state, p in exact.items():
        assert binomial_ok(counts.get(state, 0), n, p), state_label(state)


# -- records --------------------------------------------------------------------------
def test_same_seed_same_record():
    a = adjudicate_fire(FLAT, [red(), red("R2", 1)], blue(), dice=Dice(seed=77))
    b = adjudicate_fire(FLAT, [red(), red("R2", 1)], blue(), dice=Dice(seed=77))
    assert a.rolls == b.rolls and str(a) == str(b) and a.target_after == b.target_after


def test_inputs_never_mutated():
    shooter, target = red(), blue()
    rec = adjudicate_fire(FLAT, shooter, target, dice=ScriptedDice([2, 3, 4]))
    assert shooter == red() and target == blue()
    assert rec.shooters == (shooter,) and rec.target == target
    with pytest.raises(AttributeError):
        rec.target_after = target  # type: ignore[misc]


def test_record_renders_bilingual_html_and_text():
    rec = adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([3, 4]))
    page = rec._repr_html_()
    for words in ("Suppressed 压制", "Combat result table 战斗结果表", "Rule 规则", "Dice 骰子",
                  "F-6", "row 行 7"):
        assert words in page
    text = str(rec)
    assert "[F-6]" in text and "Suppressed 压制" in text
    assert repr(rec).startswith("<FireRecord normal R1→B1: S")
    assert "<table>" in fire_odds(FLAT, red(), blue())._repr_html_()


def test_every_step_has_rule_title_and_result():
    rec = adjudicate_fire(FLAT, [red(), red("R2", 1)], blue(), dice=Dice(seed=4))
    for step in rec.steps:
        assert step.rule and step.title and step.result
        assert any("\u4e00" <= ch <= "\u9fff" for ch in step.title)  # bilingual


def test_F_9_kill_curve_is_the_kill_probability_against_shots_spent() -> None:
    from fractions import Fraction

    from hexrules import Hex, HexMap, Unit
    from hexrules.combat.odds import final_state_distribution, fire_odds
    from hexrules.units import Status

    m = HexMap.flat(30, 3)
    shooters = [Unit(f"R{i}", "red", Hex(0, i)) for i in range(3)]
    odds = fire_odds(m, shooters, Unit("B1", "blue", Hex(18, 1)))
    curve = odds.kill_curve
    assert len(curve) == 3 and curve[-1] == odds.p_destroyed
    assert list(curve) == sorted(curve) and curve[0] == Fraction(5, 9)
    two = final_state_distribution(odds.shots[:2], odds.target)
    assert curve[1] == two[frozenset({Status.DESTROYED})]
