"""Artillery (炮兵火力, rules A-1…A-8): fire plans, drift, zones, results, lasting effect.

Tests are named after the rules they check; worked cases use scripted dice, so every die of
the record is known. The exact odds and the Monte Carlo are in test_artillery_odds.py.
"""

from __future__ import annotations

import json
import pickle
import shutil
from collections import Counter
from itertools import product

import pytest
from artillery_support import FLAT, VILLAGE, C, E, T, blue, plan

from hexrules import (
    ArtilleryRecord,
    Dice,
    FirePlan,
    GunRecord,
    Hex,
    IllegalOrderError,
    MarkerEntryRecord,
    OffMapError,
    Record,
    Result,
    RulesError,
    RulesTypeError,
    ScriptedDice,
    Side,
    Status,
    TableKeyError,
    Terrain,
    Unit,
    adjudicate_entry,
    adjudicate_gun,
    adjudicate_mission,
    can_fire_plan,
    drift,
    impact_markers,
    record_from_dict,
    verify_fire_plan,
)
from hexrules.artillery import (
    ImpactMarker,
    attack_odds,
    drift_path,
    entry_odds,
    zone,
    zone_status,
)
from hexrules.chance import outcomes
from hexrules.combat.damage import damage_state
from hexrules.errors import CoordinateError
from hexrules.map.hexgrid import DIRECTIONS
from hexrules.tables import DEFAULT_TABLES_DIR, load_tables


# -- A-1 fire plan and normal delay ------------------------------------------------------
def test_A1_fire_lands_two_turns_after_it_is_called() -> None:
    p = plan(called=3)
    assert p.lands == 5 and p.guns == 6 and not p.rocket and not p.suppressed
    rec = adjudicate_mission(FLAT, p, [], dice=ScriptedDice([6] * 6))
    assert rec.arrival.rule == "A-1" and rec.arrival.value == 5
    assert [g.number for g in rec.guns] == [1, 2, 3, 4, 5, 6]


def test_A1_fire_plan_is_a_value() -> None:
    p = FirePlan("blue", "122", Hex(3, 4), called=2, guns=4, rocket=True)
    assert eval(repr(p), {"FirePlan": FirePlan, "Side": Side, "Hex": Hex}) == p
    assert hash(p) == hash(FirePlan(Side.BLUE, "122", Hex(3, 4), 2, 4, True))
    assert FirePlan.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    assert p.always_drifts and FirePlan("红", "155", Hex(0, 0), called=1).side is Side.RED


def test_A1_fire_plan_off_the_map_is_refused_and_rolls_nothing() -> None:
    p = plan(target=Hex.from_offset(12, 3))
    with pytest.raises(IllegalOrderError, match=r"fire plan \(A-1\).*off the map"):
        verify_fire_plan(FLAT, p)
    assert not can_fire_plan(FLAT, p)
    dice = ScriptedDice([1] * 20)
    with pytest.raises(IllegalOrderError):
        adjudicate_mission(FLAT, p, [], dice=dice)
    assert dice.log == ()


def test_A1_unknown_gun_names_artillery_toml() -> None:
    with pytest.raises(TableKeyError, match=r"gun '105' is not in artillery\.toml.*'155', '122'"):
        verify_fire_plan(FLAT, plan("105"))
    assert not can_fire_plan(FLAT, plan("105"))


@pytest.mark.parametrize("kwargs, error, words", [
    ({"gun": 155}, RulesTypeError, "gun id of artillery.toml"),
    ({"target": (6, 5)}, RulesTypeError, r"Hex.from_offset\(6, 5\)"),
    ({"called": 0}, RulesError, r"called must be a whole number >= 1 \(A-1\)"),
    ({"called": "1"}, RulesTypeError, r"\(A-1\)"),
    ({"guns": 0}, RulesError, "number of guns"),
    ({"rocket": "yes"}, RulesTypeError, r"rocket flag must be True or False \(A-3\)"),
    ({"side": "green"}, RulesError, "unknown side"),
], ids=["gun_not_str", "target_not_hex", "turn_0", "turn_not_int", "no_guns", "rocket_flag",
        "side"])
def test_A1_fire_plan_field_errors(kwargs: dict, error: type, words: str) -> None:
    args = {"side": "red", "gun": "155", "target": T, "called": 1, **kwargs}
    with pytest.raises(error, match=words):
        FirePlan(**args)


def test_A1_verify_argument_types() -> None:
    with pytest.raises(RulesTypeError, match="HexMap"):
        verify_fire_plan("training", plan())  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="FirePlan"):
        verify_fire_plan(FLAT, "155 on T")  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="TableSet"):
        verify_fire_plan(FLAT, plan(), tables="tables")  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError):
        can_fire_plan(FLAT, "155 on T")  # type: ignore[arg-type]


# -- A-2 abnormal delay ------------------------------------------------------------------
def test_A2_a_six_cancels_the_gun_and_nothing_more_is_rolled() -> None:
    b1 = blue("B1", T)
    rec = adjudicate_gun(FLAT, plan(), 1, [b1], dice=ScriptedDice([6]))
    assert rec.cancelled and rec.impact is None and rec.path == () and rec.marker is None
    assert rec.strikes == () and rec.effects == () and len(rec.rolls) == 1
    assert [s.rule for s in rec.steps] == ["A-2"] and rec.steps[0].value is False
    assert "marker is removed" in rec.steps[0].note


def test_A2_dice_order_per_gun() -> None:
    """Delay always; drift check for a gun that arrived; direction and distance only if it
    drifts; then 2d6 per unit and the armour d6 only when a K stands (A-2 [decision])."""
    b1 = blue("B1", T.neighbor(E))
    dice = ScriptedDice([1, 3, 5, 1, 2, 3, 4])  # drifts W 1 → T.neighbor(W): B1 on ring 2
    rec = adjudicate_gun(FLAT, plan(), 4, [b1], dice=dice)
    assert [(r.rule, r.purpose) for r in rec.rolls] == [
        ("A-2", "abnormal delay, red 155 gun 4"),
        ("A-3", "drift check, red 155 gun 4"),
        ("A-4", "drift direction, red 155 gun 4"),
        ("A-4", "drift distance, red 155 gun 4"),
        ("A-7", "2d6 red 155 gun 4→B1 (die 1/2)"),
        ("A-7", "2d6 red 155 gun 4→B1 (die 2/2)"),
    ]
    assert dice.remaining == (4,)  # level 2, sum 5: no effect, no armour die
    assert rec.strikes[0].ring == 2 and rec.strikes[0].result is Result.NONE


# -- A-3 drift check ---------------------------------------------------------------------
@pytest.mark.parametrize("face, drifts", [(1, True), (2, False), (3, True), (4, False),
                                          (5, True), (6, False)])
def test_A3_barrel_guns_drift_on_odd(face: int, drifts: bool) -> None:
    rec = adjudicate_gun(FLAT, plan(), 1, [], dice=ScriptedDice([1, face, E, 1]))
    assert rec.drift_die == face and rec.drifted is drifts
    assert rec.impact == (T.neighbor(E) if drifts else T)


@pytest.mark.parametrize("flags", [{"rocket": True}, {"suppressed": True}])
def test_A3_rockets_and_suppressed_guns_always_drift_without_a_die(flags: dict) -> None:
    rec = adjudicate_gun(FLAT, plan(**flags), 1, [], dice=ScriptedDice([1, E, 2]))
    assert [r.rule for r in rec.rolls] == ["A-2", "A-4", "A-4"]
    assert rec.drift_die is None and rec.impact == drift(T, E, 2)
    check = next(s for s in rec.steps if s.rule == "A-3")
    assert check.dice == () and "always drifts: no die rolled" in check.note


# -- A-4 drift direction and distance ----------------------------------------------------
def test_A4_drift_is_grid_geometry_on_the_M3_chart() -> None:
    for d, k in product(range(1, 7), range(0, 7)):
        assert drift(T, d, k) == T + DIRECTIONS[d - 1] * k
        assert drift_path(T, d, k) == tuple(T + DIRECTIONS[d - 1] * j for j in range(k + 1))
    col, row = T.to_offset()
    assert drift(T, 2, 3).to_offset() == (col + 3, row)  # 2 E: along the row
    assert drift(T, 5, 3).to_offset() == (col - 3, row)  # 5 W
    assert drift(T, 1, 2).to_offset() == (col + 1, row - 2)  # 1 NE: up and right
    assert drift(T, 4, 2).to_offset() == (col - 1, row + 2)  # 4 SW
    assert drift(Hex(0, 0), 5, 6) == Hex(-6, 0)  # off any map: returned as it is


@pytest.mark.parametrize("args, error", [
    ((T, 0, 1), CoordinateError), ((T, 7, 1), CoordinateError), ((T, "1", 1), TypeError),
    ((T, 1, -1), RulesError), ((T, 1, 1.5), RulesTypeError), (((6, 5), 1, 1), RulesTypeError),
], ids=["direction_0", "direction_7", "direction_str", "negative", "fraction", "not_a_hex"])
def test_A4_drift_errors(args: tuple, error: type) -> None:
    with pytest.raises(error):
        drift(*args)


def test_A4_the_record_keeps_every_hex_passed() -> None:
    rec = adjudicate_gun(FLAT, plan(), 1, [], dice=ScriptedDice([2, 5, 4, 3]))
    assert rec.path == (T, T.neighbor(4), drift(T, 4, 2), drift(T, 4, 3))
    assert rec.impact == rec.path[-1] and rec.landed and not rec.lost
    a4 = next(s for s in rec.steps if s.rule == "A-4")
    assert a4.dice == (4, 3) and a4.note.count("→") == 3
    assert a4.result == f"impact hex 弹着格 {FLAT.name_of(rec.impact)}"


def test_A4_fire_off_the_map_is_lost_and_attacks_nothing() -> None:
    """[project ruling] the lost fire's rings 1-2 on the map are not attacked either."""
    edge = blue("B9", Hex.from_offset(11, 5))  # on the map, next to where the fire stops
    rec = adjudicate_gun(FLAT, plan(), 1, [edge], dice=ScriptedDice([1, 1, E, 6]))
    assert rec.impact == drift(T, E, 6) and rec.impact not in FLAT and rec.lost
    assert rec.impact.distance(edge.hex) == 1
    assert rec.strikes == () and rec.zone == () and rec.marker is None and not rec.landed
    assert "attacks nothing" in rec.steps[-1].note and rec.steps[-1].value is False


# -- A-5 zones ---------------------------------------------------------------------------
def test_A5_rings_in_the_open() -> None:
    z = zone(FLAT, T)
    assert len(z) == 19 and all(x.attacked for x in z)
    assert Counter(x.ring for x in z) == {0: 1, 1: 6, 2: 12}
    assert [x.hex for x in z] == list(T.spiral(2))
    assert len(zone(FLAT, Hex(0, 0))) == 7  # a corner: only the hexes on the map


def test_A5_fire_in_a_settlement_or_forest_attacks_only_that_hex() -> None:
    for impact in (Hex.from_offset(3, 4), Hex.from_offset(5, 4)):  # settlement, forest
        z = zone(VILLAGE, impact)
        assert [x.hex for x in z if x.attacked] == [impact]
        out = [x for x in z if not x.attacked]
        assert len(out) == 18 and all("attacks only its impact hex" in x.reason for x in out)
    assert zone_status(VILLAGE, Hex.from_offset(3, 4), C) == (
        None, "fire landed in Settlement 居民地: it attacks only its impact hex (A-5)")


def test_A5_fire_in_the_open_spares_settlement_and_forest_in_rings_1_and_2() -> None:
    z = {x.hex: x for x in zone(VILLAGE, C)}
    city, wood, wood2 = Hex.from_offset(3, 4), Hex.from_offset(5, 4), Hex.from_offset(4, 2)
    assert not z[city].attacked and z[city].reason.startswith("Settlement 居民地 stops")
    assert not z[wood].attacked and "ring 1" in z[wood].reason
    assert not z[wood2].attacked and "ring 2" in z[wood2].reason
    assert z[C].attacked and sum(x.attacked for x in z.values()) == 16
    # [project ruling] a forest in ring 1 does not shelter the open hex behind it
    behind = Hex.from_offset(6, 4)
    assert VILLAGE.terrain_at(behind) is Terrain.OPEN and z[behind].attacked


def test_A5_water_does_not_stop_splinters() -> None:
    """[project ruling] only settlement and forest stop splinters (M-5)."""
    lake = Hex.from_offset(4, 6)
    assert VILLAGE.terrain_at(lake) is Terrain.WATER
    z = zone(VILLAGE, lake)
    assert z[0].attacked and all(x.attacked or x.terrain in (Terrain.CITY, Terrain.FOREST)
                                 for x in z)
    assert zone_status(VILLAGE, C, lake) == (2, "Hex two away (ring 2) 间隔格")


def test_A5_the_record_says_why_hexes_are_left_out() -> None:
    units = [blue("B1", C), blue("B2", Hex.from_offset(5, 4)), blue("B3", Hex.from_offset(3, 4))]
    rec = adjudicate_gun(VILLAGE, plan(target=C), 1, units,
                         dice=ScriptedDice([1, 2, 6, 6, 6, 6]))
    assert [s.unit_before.id for s in rec.strikes] == ["B1"]  # B2, B3 sheltered
    a5 = next(s for s in rec.steps if s.rule == "A-5")
    assert a5.value == 16 and "Forest 丛林地 stops splinters" in a5.note and "units 算子: B1" in \
        a5.note
    assert {x.name for x in rec.excluded} == {VILLAGE.name_of(Hex.from_offset(*cr))
                                              for cr in ((3, 4), (5, 4), (4, 2))}


# -- A-6 attack level --------------------------------------------------------------------
@pytest.mark.parametrize("gun, levels", [("155", (7, 4, 2)), ("122", (6, 3, 1))])
def test_A6_level_by_gun_and_ring(gun: str, levels: tuple) -> None:
    units = [blue("B0", T), blue("B1", T.neighbor(1)), blue("B2", drift(T, 5, 2))]
    rec = adjudicate_gun(FLAT, plan(gun), 1, units, dice=ScriptedDice([1, 2] + [3, 4] * 3))
    assert [(s.ring, s.level) for s in rec.strikes] == list(enumerate(levels))
    assert [s.steps[0].cell.column for s in rec.strikes] == ["ring 0", "ring 1", "ring 2"]


def test_A6_levels_come_from_the_table_set(tmp_path) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    art = folder / "artillery.toml"
    art.write_text(art.read_text(encoding="utf-8").replace("levels = [7, 4, 2]",
                                                           "levels = [9, 5, 0]"),
                   encoding="utf-8")
    mine = load_tables(folder)
    units = [blue("B0", T), blue("B1", T.neighbor(3)), blue("B2", drift(T, 6, 2))]
    dice = ScriptedDice([1, 2, 3, 4, 3, 4])
    rec = adjudicate_gun(FLAT, plan(), 1, units, dice=dice, tables=mine)
    assert [s.level for s in rec.strikes] == [9, 5, 0]
    assert rec.strikes[2].table_result is None and rec.strikes[2].result is Result.NONE
    assert dice.remaining == ()  # level 0: no dice for B2


# -- A-7 result --------------------------------------------------------------------------
def test_A7_worked_mission_gun_by_gun_hex_by_hex_unit_by_unit() -> None:
    b1, b3 = blue("B1", T), blue("B3", T, status=[Status.DESTROYED])
    r1 = Unit("R1", "red", T.neighbor(E))  # a friend of the firing side, ring 1
    b2 = blue("B2", drift(T, E, 2))  # ring 2
    r2 = Unit("R2", "red", Hex.from_offset(11, 5))  # ring 1 of the lost gun 3
    dice = ScriptedDice([
        3, 2, 2, 3, 6, 5, 6, 1, 6, 6,  # gun 1 on T: B1 K (d6 6) · R1 K→S (d6 1) · B2 I
        6,  # gun 2 cancelled
        1, 1, E, 6,  # gun 3 drifts 6 E: off the map, lost
        2, 4, 1, 1, 6, 6,  # gun 4 on T: B1, B3 destroyed (skipped) · R1 W · B2 second I
        6, 6,  # guns 5 and 6 cancelled
    ])
    rec = adjudicate_mission(FLAT, plan(), [b1, b3, r1, b2, r2], dice=dice)
    assert dice.remaining == ()
    g1, g2, g3, g4 = rec.guns[:4]
    assert [(s.unit_before.id, s.ring, s.level, s.table_result, s.result)
            for s in g1.strikes] == [("B1", 0, 7, Result.K, Result.K),
                                     ("R1", 1, 4, Result.K, Result.S),
                                     ("B2", 2, 2, Result.I, Result.I)]
    assert g1.skipped == ("B3",) and g2.cancelled and g3.lost and g3.strikes == ()
    assert [(s.unit_before.id, s.level, s.result) for s in g4.strikes] == [
        ("R1", 4, Result.W), ("B2", 2, Result.I)]
    assert g4.skipped == ("B1", "B3")
    after = rec.units_after
    assert after["B1"].destroyed and after["B2"].destroyed
    assert after["R1"].status == {Status.SUPPRESSED, Status.WEAPON_LOST}
    assert set(after) == {"B1", "R1", "B2"}  # R2 and B3 untouched
    assert [e.unit_id for e in rec.effects] == ["B1", "R1", "B2"]
    assert rec.effects[2].before == b2 and rec.rolls == dice.log
    assert rec.rules == ("A-1", "A-2", "A-3", "A-5", "A-6", "A-7", "F-10", "A-4")
    assert g4.strikes[1].steps[-1].note == "second W/I: destroyed"
    assert [len(g.rolls) for g in rec.guns] == [10, 1, 4, 6, 1, 1]
    assert rec.result is Result.K and "2/6 guns landed, 3 unit(s) attacked" in repr(rec)


def test_A7_levels_never_add_up_but_results_accumulate() -> None:
    b1 = blue("B1", T)
    dice = ScriptedDice([2, 2, 1, 1] + [2, 2, 6, 6] + [6] * 4)  # W, then I: destroyed
    rec = adjudicate_mission(FLAT, plan(), [b1], dice=dice)
    assert [s.level for s in rec.strikes] == [7, 7]
    assert [s.result for s in rec.strikes] == [Result.W, Result.I]
    assert rec.units_after["B1"].destroyed


def test_A7_terrain_correction_on_K_only_by_the_F7_dice_rule(tmp_path) -> None:
    wood = Hex.from_offset(5, 4)
    b = blue("B1", wood)
    k = adjudicate_gun(VILLAGE, plan(target=wood), 1, [b], dice=ScriptedDice([1, 2, 3, 2]))
    assert k.strikes[0].table_result is Result.K and k.strikes[0].result is Result.S
    assert k.strikes[0].armour_die is None  # the K became S: no armour die
    # W and I are not corrected: forest faces that include 1 would turn F-6's W into S
    folder = tmp_path / "mine"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    crt = folder / "combat_results.toml"
    crt.write_text(crt.read_text(encoding="utf-8").replace("forest = [3, 4]", "forest = [1, 3]"),
                   encoding="utf-8")
    w = adjudicate_gun(VILLAGE, plan(target=wood), 1, [b], dice=ScriptedDice([1, 2, 1, 1]),
                       tables=load_tables(folder))
    assert w.strikes[0].table_result is Result.W and w.strikes[0].result is Result.W
    assert "applies only to K" in w.strikes[0].steps[2].note


@pytest.mark.parametrize("gun, die, result", [("155", 2, Result.S), ("155", 3, Result.K),
                                              ("122", 3, Result.S), ("122", 4, Result.K)])
def test_A7_armour_d6_at_most_the_gun_value_turns_K_into_S(gun: str, die: int,
                                                            result: Result) -> None:
    rec = adjudicate_gun(FLAT, plan(gun), 1, [blue("B1", T)], dice=ScriptedDice([1, 2, 1, 3, die]))
    s = rec.strikes[0]
    assert (s.table_result, s.armour_die, s.result) == (Result.K, die, result)
    assert s.steps[3].cell.row == gun and s.dice == (1, 3, die)


def test_A7_armour_value_of_the_units_class() -> None:
    alt = load_tables(DEFAULT_TABLES_DIR.parent / "tables_alt_example")
    heavy = blue("B1", T, type="heavy_tank")
    rec = adjudicate_gun(FLAT, plan(), 1, [heavy], dice=ScriptedDice([1, 2, 2, 3, 3]),
                         tables=alt)
    assert rec.strikes[0].result is Result.S  # heavy: 3 for the 155


def test_A7_friend_and_foe_alike_in_given_order() -> None:
    units = [Unit("R1", "red", T), blue("B1", T), Unit("R2", "red", T)]
    rec = adjudicate_gun(FLAT, plan(), 1, units, dice=ScriptedDice([1, 2] + [3, 4] * 3))
    assert [s.unit_before.id for s in rec.strikes] == ["R1", "B1", "R2"]


# -- A-8 lasting effect ------------------------------------------------------------------
def _mission_with_markers() -> ArtilleryRecord:
    dice = ScriptedDice([2, 2,  # gun 1 on T
                         6,  # gun 2 cancelled
                         1, 1, E, 6,  # gun 3 lost
                         3, 5, 5, 1,  # gun 4 drifts 1 W
                         4, 4, 6, 6])  # gun 5 on T, gun 6 cancelled
    return adjudicate_mission(FLAT, plan(called=4), [], dice=dice)


def test_A8_markers_only_where_fire_landed() -> None:
    rec = _mission_with_markers()
    markers = impact_markers(rec)
    assert list(markers) == [T, T.neighbor(5)]
    assert [(m.number, m.level, m.turn, m.side) for m in markers[T]] == [
        (1, 7, 6, Side.RED), (5, 7, 6, Side.RED)]
    assert rec.markers == (markers[T][0], markers[T.neighbor(5)][0], markers[T][1])
    other = adjudicate_mission(FLAT, FirePlan("blue", "122", T, called=4), [],
                               dice=ScriptedDice([2, 2] + [6] * 5))
    both = impact_markers([rec, other])
    assert [m.level for m in both[T]] == [7, 7, 6] and impact_markers(rec.guns[0]) == {
        T: (markers[T][0],)}


def test_A8_entering_unit_is_attacked_once_per_marker_at_ring_0_level() -> None:
    markers = impact_markers(_mission_with_markers())
    b1 = blue("B1", T.neighbor(E))
    dice = ScriptedDice([1, 1, 6, 6])  # marker 1: W; marker 2: I → destroyed (F-10)
    rec = adjudicate_entry(FLAT, b1, T, markers, dice=dice)
    assert [(s.level, s.ring, s.result) for s in rec.strikes] == [(7, 0, Result.W),
                                                                  (7, 0, Result.I)]
    assert rec.unit_after.destroyed and rec.unit_after.hex == b1.hex
    assert {r.rule for r in rec.rolls} == {"A-8"} and rec.rules == ("A-8", "F-10")
    assert rec.effects[0].before == b1 and rec.entry.value == 2


def test_A8_entry_stops_once_the_unit_is_destroyed() -> None:
    markers = impact_markers(_mission_with_markers())
    dice = ScriptedDice([2, 3, 6, 1, 1])
    rec = adjudicate_entry(FLAT, blue("B1", T), T, markers, dice=dice)
    assert len(rec.strikes) == 1 and rec.unit_after.destroyed and dice.remaining == (1, 1)
    assert "the rest do nothing" in rec.entry.note


def test_A8_no_marker_no_dice() -> None:
    markers = impact_markers(_mission_with_markers())
    dice = ScriptedDice([])
    rec = adjudicate_entry(FLAT, blue("B1", T), T.neighbor(1), markers, dice=dice)
    assert rec.strikes == () and rec.effects == () and rec.rolls == ()
    dead = blue("B2", T, status=[Status.DESTROYED])
    assert adjudicate_entry(FLAT, dead, T, markers, dice=dice).strikes == ()


def test_A8_terrain_of_the_entered_hex_corrects_K() -> None:
    wood = Hex.from_offset(5, 4)
    mk = ImpactMarker(wood, "blue", "122", 3, 6, turn=2)
    rec = adjudicate_entry(VILLAGE, Unit("R1", "red", C), wood, [mk], dice=ScriptedDice([3, 1]))
    s = rec.strikes[0]
    assert (s.level, s.table_result, s.result) == (6, Result.K, Result.S)


def test_A8_entry_odds_equal_the_adjudication_over_every_dice_sequence() -> None:
    wood = Hex.from_offset(5, 4)
    markers = [ImpactMarker(wood, "red", "155", 1, 7, turn=3),
               ImpactMarker(wood, "blue", "122", 2, 6, turn=3)]
    for start in ((), (Status.WEAPON_LOST,)):
        u = Unit("R1", "red", C, status=start)
        enumerated = outcomes(lambda d, u=u: damage_state(
            adjudicate_entry(VILLAGE, u, wood, markers, dice=d).unit_after.status))
        assert enumerated == {s: p for s, p in entry_odds(VILLAGE, u, wood, markers).items()
                              if p}
    assert entry_odds(VILLAGE, u, C, markers) == {damage_state(u.status): 1}  # no marker


def test_A8_entry_errors() -> None:
    mk = ImpactMarker(T, "red", "155", 1, 7, turn=3)
    with pytest.raises(OffMapError):
        adjudicate_entry(FLAT, blue("B1", T), Hex.from_offset(20, 1), [mk], dice=Dice(seed=1))
    with pytest.raises(RulesTypeError, match="markers must be"):
        adjudicate_entry(FLAT, blue("B1", T), T, 7, dice=Dice(seed=1))  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="ImpactMarker values"):
        adjudicate_entry(FLAT, blue("B1", T), T, [T], dice=Dice(seed=1))  # type: ignore[list-item]
    with pytest.raises(RulesTypeError, match="needs a Unit"):
        adjudicate_entry(FLAT, "B1", T, [mk], dice=Dice(seed=1))  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="artillery records"):
        impact_markers("gun 1")  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="marker's level"):
        ImpactMarker(T, "red", "155", 1, "7", turn=3)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="marker's hex"):
        ImpactMarker((1, 2), "red", "155", 1, 7, turn=3)  # type: ignore[arg-type]


# -- adjudication errors: refused before any die ------------------------------------------
@pytest.mark.parametrize("call, error, words", [
    (lambda d: adjudicate_gun(FLAT, plan(), 7, [], dice=d), IllegalOrderError,
     r"gun 7 is not in the battery: .* 1-6"),
    (lambda d: adjudicate_gun(FLAT, plan(), True, [], dice=d), RulesTypeError, "gun number"),
    (lambda d: adjudicate_gun(FLAT, plan(), 1, ["B1"], dice=d), RulesTypeError, "Unit values"),
    (lambda d: adjudicate_gun(FLAT, plan(), 1, "B1", dice=d), RulesTypeError, "iterable"),
    (lambda d: adjudicate_mission(FLAT, plan(), [blue("B1", T), blue("B1", T)], dice=d),
     RulesError, "two units have the id 'B1'"),
    (lambda d: adjudicate_mission(FLAT, plan(), [], dice=[1, 2]), RulesTypeError, "T-6"),
    (lambda d: adjudicate_mission(FLAT, plan(), [], dice=d, tables="x"), RulesTypeError,
     "TableSet"),
    (lambda d: adjudicate_mission("map", plan(), [], dice=d), RulesTypeError, "HexMap"),
], ids=["gun_7", "gun_bool", "not_units", "a_string", "duplicate_ids", "bad_dice",
        "bad_tables", "bad_map"])
def test_adjudication_errors_roll_nothing(call, error: type, words: str) -> None:
    dice = ScriptedDice([1] * 30)
    with pytest.raises(error, match=words):
        call(dice)
    assert dice.log == ()


# -- records -----------------------------------------------------------------------------
def _records() -> list[Record]:
    units = [blue("B1", T), Unit("R1", "red", T.neighbor(1)), blue("B2", drift(T, 4, 2))]
    mission = adjudicate_mission(FLAT, plan(), units, dice=Dice(seed=11))
    village = adjudicate_mission(VILLAGE, plan(target=C, suppressed=True),
                                 [blue("B1", C)], dice=Dice(seed=2))
    entry = adjudicate_entry(FLAT, blue("B9", T), T,
                             [ImpactMarker(T, "red", "155", 1, 7, turn=3)] * 2,
                             dice=ScriptedDice([1, 1, 1, 1]))
    return [mission, mission.guns[0], village, entry]


@pytest.mark.parametrize("k", range(4), ids=["mission", "gun", "village", "entry"])
def test_records_round_trip_through_json(k: int) -> None:
    rec = _records()[k]
    assert isinstance(rec, Record)
    back = record_from_dict(json.loads(json.dumps(rec.to_dict(), ensure_ascii=False)))
    assert back == rec and type(back) is type(rec)
    assert str(back) == str(rec) and back._repr_html_() == rec._repr_html_()
    assert type(rec).from_dict(rec.to_dict()) == rec


def test_records_are_values_and_replay_from_their_rolls() -> None:
    units = [blue("B1", T), Unit("R1", "red", T.neighbor(1))]
    a = adjudicate_mission(FLAT, plan(), units, dice=Dice(seed=5))
    assert a == adjudicate_mission(FLAT, plan(), units, dice=Dice(seed=5))
    assert a == adjudicate_mission(FLAT, plan(), units, dice=ScriptedDice.from_log(a.rolls))
    assert len(pickle.dumps(a)) < 40_000
    assert all(isinstance(x, (GunRecord, ArtilleryRecord, MarkerEntryRecord)) for x in _records())


def test_record_fields_are_typed() -> None:
    import typing

    from hexrules.artillery import ArtilleryStrike, ZoneHex
    from hexrules.dice import Roll
    from hexrules.tables import Cell

    names = {"Roll": Roll, "Cell": Cell}
    for cls in (FirePlan, ZoneHex, ArtilleryStrike, ImpactMarker, GunRecord, ArtilleryRecord,
                MarkerEntryRecord):
        hints = typing.get_type_hints(cls, localns=names)
        assert typing.Any not in hints.values() and object not in hints.values(), cls


def test_record_protocol_fields_and_rendering() -> None:
    mission, gun, village, entry = _records()
    for rec in (mission, gun, village, entry):
        assert isinstance(rec.rules, tuple) and all(r.rule for r in rec.rolls)
        assert all(e.before.id == e.after.id for e in rec.effects)
    assert mission.rules[0] == "A-1" and entry.rules[0] == "A-8"
    assert "<table>" in mission._repr_html_() and "Zone 杀伤范围" in gun._repr_html_()
    assert str(gun).startswith("Gun 火炮 1 (Red 红方 155)")
    assert "[A-1] Normal delay 正常延迟" in str(mission)
    assert "Marker 弹着标识 2" in entry._repr_html_()


# -- drawing ------------------------------------------------------------------------------
def test_drawing_a_gun_and_a_heat_map() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from hexrules.render.artillery import plot_gun, plot_odds_map

    cancelled = adjudicate_gun(FLAT, plan(), 1, [], dice=ScriptedDice([6]))
    lost = adjudicate_gun(FLAT, plan(), 2, [], dice=ScriptedDice([1, 1, E, 6]))
    assert plot_gun(cancelled, Figure().add_subplot()).get_title().endswith("火力未到达")
    assert plot_gun(lost, Figure().add_subplot()).get_title().endswith("火力无效")
    ax = plot_odds_map(FLAT, attack_odds(FLAT, T, guns=6), Figure().add_subplot(),
                       units=[blue("B1", T)], scale="sqrt", colorbar="")
    assert [t.get_text() for t in ax.texts] == ["B1"]
    with pytest.raises(ValueError, match="scale"):
        plot_odds_map(FLAT, {}, Figure().add_subplot(), scale="log")
