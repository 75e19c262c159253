"""Movement 机动 (rules V-1…V-11): step costs, paths, reachable hexes, stacking, short halt."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hexrules
from hexrules import (
    Hex,
    HexMap,
    Status,
    Terrain,
    Unit,
    can_short_halt,
    can_stack,
    movement_allowance,
    path_cost,
    path_steps,
    reachable,
    short_halt_cost,
    stack_count,
    stacking_limit,
    step_cost,
    step_record,
    verify_short_halt,
    verify_stacking,
)
from hexrules.errors import (
    CoordinateError,
    IllegalMoveError,
    IllegalOrderError,
    OffMapError,
    RulesError,
    RulesTypeError,
)
from hexrules.records import Step
from hexrules.tables import DEFAULT_TABLES_DIR, load_tables

ALT = DEFAULT_TABLES_DIR.parent / "tables_alt_example"


@pytest.fixture(scope="module")
def m() -> HexMap:
    return HexMap.load("training")


def tiny(rows: list[str], *, rivers=(), roads=(), name: str = "tiny") -> HexMap:
    """A flat hand-built map: one terrain code string per row; hexsides as offset pairs."""
    terrain = np.array([[int(Terrain.from_code(c)) for c in row] for row in rows])

    def sides(pairs):
        return [frozenset({Hex.from_offset(*a), Hex.from_offset(*b)}) for a, b in pairs]

    return HexMap(name=name, elevation=np.zeros(terrain.shape, dtype=int), terrain=terrain,
                  rivers=sides(rivers), roads=sides(roads))


#: Two rows of four hexes. Row 0: open, forest, settlement, open, with a river between each
#: pair and a road 2–3 across it (a bridge); row 1: open, forest, open, open, no river.
RIVER_ROW = dict(rows=[".FC.", ".F.."],
                 rivers=[((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (3, 0))],
                 roads=[((2, 0), (3, 0))])


def at(col: int, row: int = 0) -> Hex:
    return Hex.from_offset(col, row)


def costs_table(tmp_path: Path, **changes: str) -> Path:
    """A copy of the default table set with terrain.toml lines replaced (old → new)."""
    folder = tmp_path / "costs"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    p = folder / "terrain.toml"
    text = p.read_text(encoding="utf-8")
    for old, new in changes.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    p.write_text(text, encoding="utf-8")
    return folder


# -- V-1: entry costs, water, wading ------------------------------------------------------
def test_V1_entry_cost_open_1_forest_2_settlement_3(m):
    assert step_cost(m, "4563AE", "4563AF") == 1  # open 开阔地
    assert step_cost(m, "4563CS", "4563DS") == 2  # forest 丛林地
    assert step_cost(m, "4563KD", "4563KE") == 3  # settlement 居民地 (李庄)
    assert step_cost(m, "4563KE", "4563KD") == 1  # leaving costs nothing: the entered hex counts
    assert isinstance(step_cost(m, "4563AE", "4563AF"), Fraction)


def test_V1_costs_are_read_from_the_table(m):
    t = load_tables().terrain
    for a, b in (("4563AE", "4563AF"), ("4563CS", "4563DS"), ("4563KD", "4563KE")):
        assert step_cost(m, a, b) == t[m.terrain_at(m.parse(b))].entry_cost


def test_V1_M6_water_cannot_be_entered(m):
    with pytest.raises(IllegalMoveError) as info:
        step_cost(m, "4563WE", "4463AD")
    err = info.value
    assert str(err) == ("4563WE → 4463AD: 4463AD is Water 面状水系 (a lake or pond), which "
                        "tanks cannot enter (V-1, M-6)")
    assert err.rule == "V-1" and err.step is None
    assert err.hexes == (m.parse("4563WE"), m.parse("4463AD"))
    assert isinstance(err, IllegalOrderError) and isinstance(err, ValueError)


def test_V1_river_crossing_costs_3_on_the_training_map(m):
    assert m.has_river(m.parse("4563WH"), m.parse("4563VH"))
    assert step_cost(m, "4563WH", "4563VH") == 3  # wading 徒涉 into open ground
    assert step_cost(m, "4563VR", "4563WS") == 3  # beside the bridge, off the road


def test_V1_river_crossing_costs_the_larger_of_terrain_and_3_not_the_sum():
    hm = tiny(**RIVER_ROW)
    assert step_cost(hm, at(0), at(1)) == 3  # into forest across the river: max(2, 3)
    assert step_cost(hm, at(1), at(2)) == 3  # into settlement: max(3, 3), not 3 + 3
    assert step_cost(hm, at(1), at(0)) == 3  # into open: max(1, 3)
    assert step_cost(hm, at(0, 1), at(1, 1)) == 2  # the row below: no river


def test_V1_river_crossing_larger_terrain_cost_wins(tmp_path):
    alt = load_tables(costs_table(tmp_path, **{"entry_cost = 2": "entry_cost = 5"}))
    hm = tiny(**RIVER_ROW)
    assert step_cost(hm, at(0), at(1), tables=alt) == 5  # forest 5 > river 3
    s = step_record(hm, at(0), at(1), tables=alt)
    assert s.cell.row == "forest" and s.cell.column == "entry_cost" and s.cell.value == 5
    s = step_record(hm, at(0), at(1))
    assert (s.cell.row, s.cell.column, s.cell.value) == ("movement", "river_crossing_cost", 3)
    assert "max(entry cost 2, river crossing 3) = 3" in s.note


# -- V-2: roads and the bridge ------------------------------------------------------------
def test_V2_road_step_costs_1_whatever_the_terrain(m):
    assert m.terrain_at(m.parse("4563OO")) is Terrain.CITY
    assert step_cost(m, "4563ON", "4563OO") == 1  # along the road into the village
    assert step_cost(m, "4563OO", "4563OP") == 1  # along the road through it
    assert step_cost(m, "4563PN", "4563OO") == 3  # the same hex off the road: settlement
    assert step_cost(m, "4563NO", "4563OO") == 3


def test_V2_M7_road_crosses_the_river_by_a_bridge_at_road_cost(m):
    ws, vs = m.parse("4563WS"), m.parse("4563VS")
    assert m.has_road(ws, vs) and m.has_river(ws, vs)
    assert step_cost(m, ws, vs) == 1 == step_cost(m, vs, ws)  # 1, not the 3 of wading
    s = step_record(m, ws, vs)
    assert (s.rule, s.title) == ("V-2", "Bridge 桥（道路过河处）")
    assert s.cell.column == "road_step_cost"
    assert step_cost(tiny(**RIVER_ROW), at(2), at(3)) == 1  # a bridge out of a settlement


# -- V-3: march ---------------------------------------------------------------------------
def test_V3_march_step_costs_half_along_a_road(m):
    assert step_cost(m, "4563PA", "4563PB", march=True) == Fraction(1, 2)
    assert step_cost(m, "4563ON", "4563OO", march=True) == Fraction(1, 2)  # into the village
    assert step_cost(m, "4563WS", "4563VS", march=True) == Fraction(1, 2)  # over the bridge
    assert path_cost(m, ["4563PA", "4563PB", "4563PC"], march=True) == 1  # 2 hexes a point


def test_V3_march_off_the_road_is_refused(m):
    with pytest.raises(IllegalMoveError) as info:
        step_cost(m, "4563AE", "4563AF", march=True)
    assert str(info.value) == ("4563AE → 4563AF: no road links 4563AE and 4563AF: a march "
                               "(March 行军) goes along roads only (V-3)")
    assert info.value.rule == "V-3"
    with pytest.raises(IllegalMoveError, match="V-3"):
        step_cost(m, "4563VR", "4563WS", march=True)  # wading is off the road


# -- steps that are not steps: jumps, the map edge, bad input -----------------------------
def test_V4_a_step_goes_to_an_adjacent_hex(m):
    with pytest.raises(IllegalMoveError) as info:
        step_cost(m, "4563AE", "4563AG")
    assert "4563AE → 4563AG: not adjacent (2 hexes apart)" in str(info.value)
    assert info.value.rule == "V-4"
    with pytest.raises(IllegalMoveError, match=r"the same hex.*\(V-4\)"):
        step_cost(m, "4563AE", "4563AE")


def test_M1_a_step_off_the_map_is_refused(m):
    edge, off = Hex.from_offset(0, 0), Hex.from_offset(-1, 0)
    with pytest.raises(IllegalMoveError) as info:
        step_cost(m, edge, off)
    msg = str(info.value)
    assert msg.startswith("4563AA → ") and "is off the map 'Training ground 训练场'" in msg
    assert msg.endswith("(M-1)") and "Hex(-1, 0)" in msg
    with pytest.raises(IllegalMoveError, match="off the map"):
        step_cost(m, off, edge)


def test_bad_input_raises_the_projects_errors(m):
    with pytest.raises(CoordinateError):
        step_cost(m, "45X", "4563AF")
    with pytest.raises(RulesTypeError):
        step_cost(m, (0, 0), "4563AF")  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="HexMap"):
        step_cost("training", "4563AE", "4563AF")  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="TableSet"):
        step_cost(m, "4563AE", "4563AF", tables="default")  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="a path is a sequence"):
        path_cost(m, "4563AE")
    with pytest.raises(RulesError, match="at least its start"):
        path_cost(m, [])
    with pytest.raises(RulesTypeError, match="Fraction"):
        reachable(m, "4563AE", 4.5)
    with pytest.raises(IllegalMoveError, match=">= 0"):
        reachable(m, "4563AE", -1)
    with pytest.raises(RulesTypeError, match="units="):
        reachable(m, "4563AE", units=Unit("B1", "blue", Hex(0, 0)))
    with pytest.raises(OffMapError):
        reachable(m, Hex.from_offset(30, 0))


# -- step records -------------------------------------------------------------------------
def test_step_record_is_a_traceable_step(m):
    s = step_record(m, "4563CS", "4563DS", points=5)
    assert isinstance(s, Step)
    assert (s.rule, s.title, s.value) == ("V-1", "Movement cost 机动消耗", 2)
    assert s.cell == load_tables().terrain.cell(Terrain.FOREST, "entry_cost")
    assert dict(s.inputs)["from 从"] == "4563CS" and dict(s.inputs)["to 到"] == "4563DS"
    assert dict(s.inputs)["Movement allowance 机动力"] == "5 left"
    assert s.result == "cost 消耗 2, points left 剩余 5 → 3"
    assert Step.from_dict(s.to_dict()) == s  # JSON-safe, exact
    assert str(s).startswith("[V-1] Movement cost 机动消耗 | from 从 4563CS")


def test_step_record_titles_per_kind(m):
    assert step_record(m, "4563WH", "4563VH").title == "Wading a river 徒涉"
    assert step_record(m, "4563PA", "4563PB").title == "Road 道路"
    assert step_record(m, "4563PA", "4563PB", march=True).title == "March 行军"
    assert step_record(m, "4563PA", "4563PB", march=True).value == Fraction(1, 2)


def test_V5_step_record_refuses_to_overspend(m):
    assert step_record(m, "4563KD", "4563KE", points=3).result.endswith("3 → 0")
    with pytest.raises(IllegalMoveError) as info:
        step_record(m, "4563KD", "4563KE", points=Fraction(5, 2))
    assert info.value.rule == "V-5"
    assert "costs 3 movement points but only 2½ are left" in str(info.value)


# -- paths --------------------------------------------------------------------------------
def test_path_cost_sums_exact_step_costs(m):
    assert path_cost(m, ["4563AE"]) == 0
    assert path_cost(m, ["4563KD", "4563KE", "4563KF"]) == 6
    road = ["4563PL", "4563PM", "4563ON", "4563OO", "4563OP"]
    assert path_cost(m, road) == 4 and path_cost(m, road, march=True) == 2
    assert path_cost(m, [m.parse(h) for h in road]) == 4  # Hex values or names


@pytest.mark.parametrize(("path", "march", "rule", "where"), [
    (["4563AE", "4563AF", "4563AG", "4563AI"], False, "V-4", "step 3, 4563AG → 4563AI"),
    (["4563AB", "4563AA", Hex.from_offset(-1, 0)], False, "M-1", "step 2, 4563AA → "),
    (["4563WC", "4563WD", "4563WE", "4463AD"], False, "V-1", "step 3, 4563WE → 4463AD"),
    (["4563PA", "4563PB", "4563QB"], True, "V-3", "step 2, 4563PB → 4563QB"),
], ids=["V4_jump", "M1_off_the_map", "V1_into_water", "V3_march_off_the_road"])
def test_path_cost_names_the_illegal_step_and_its_position(m, path, march, rule, where):
    with pytest.raises(IllegalMoveError) as info:
        path_cost(m, path, march=march)
    err = info.value
    assert str(err).startswith(where + ("" if where.endswith(" ") else ":")), str(err)
    assert err.rule == rule and err.step == int(where.split(",")[0].split()[1])
    assert str(err).endswith(")") and rule in str(err).rsplit("(", 1)[1]


def test_V10_path_may_enter_an_enemy_hex_but_not_pass_through(m):
    blue = Unit("B1", "blue", m.parse("4563AF"))
    assert path_cost(m, ["4563AE", "4563AF"], units=[blue], side="red") == 1
    with pytest.raises(IllegalMoveError) as info:
        path_cost(m, ["4563AD", "4563AE", "4563AF", "4563AG"], units=[blue], side="red")
    assert str(info.value) == ("step 3, 4563AF → 4563AG: 4563AF holds an enemy unit (B1): the "
                               "move stopped there for close combat and may not pass through "
                               "it (V-10)")
    assert info.value.step == 3
    steps = path_steps(m, ["4563AE", "4563AF"], units=[blue], side="red")
    assert "close combat (V-10)" in steps[-1].note


def test_V10_a_unit_in_close_combat_may_not_move(m):
    red, blue = Unit("R1", "red", m.parse("4563AE")), Unit("B1", "blue", m.parse("4563AE"))
    with pytest.raises(IllegalMoveError) as info:
        path_cost(m, [red, "4563AF"], units=[red, blue])
    assert info.value.rule == "V-10" and info.value.step == 1
    assert "units in close combat may not move" in str(info.value)
    assert reachable(m, red, units=[red, blue]) == {red.hex: 0}


def test_V3_march_may_not_enter_or_pass_a_friendly_hex(m):
    friend = Unit("R2", "red", m.parse("4563PC"))
    road = ["4563PA", "4563PB", "4563PC", "4563PD"]
    assert path_cost(m, road, units=[friend], side="red") == 3  # not marching: passes
    with pytest.raises(IllegalMoveError) as info:
        path_cost(m, road, march=True, units=[friend], side="red")
    assert str(info.value) == ("step 2, 4563PB → 4563PC: 4563PC holds a friendly unit (R2): a "
                               "marching unit may not enter or pass through it (V-3)")


def test_V3_V11_a_unit_in_a_stack_may_not_march(m):
    mover, mate = Unit("R1", "red", m.parse("4563PA")), Unit("R2", "red", m.parse("4563PA"))
    with pytest.raises(IllegalMoveError) as info:
        path_cost(m, [mover, "4563PB"], march=True, units=[mover, mate])
    assert info.value.rule == "V-3" and "starts its move in a stack may not march" in str(
        info.value)
    assert path_cost(m, [mover, "4563PB"], units=[mover, mate]) == 1  # it may move normally
    assert reachable(m, mover, march=True, units=[mover, mate]) == {mover.hex: 0}


def test_V5_path_steps_track_points_and_refuse_overspending(m):
    steps = path_steps(m, ["4563KD", "4563KE", "4563KF"], allowance=6)
    assert [s.result for s in steps] == ["cost 消耗 3, points left 剩余 6 → 3",
                                         "cost 消耗 3, points left 剩余 3 → 0"]
    with pytest.raises(IllegalMoveError) as info:
        path_steps(m, ["4563KD", "4563KE", "4563KF"])  # the tank's 5 points
    assert info.value.rule == "V-5" and info.value.step == 2
    assert str(info.value).startswith("step 2, 4563KE → 4563KF: the step costs 3 movement "
                                      "points but only 2 are left")
    march = path_steps(m, ["4563PA", "4563PB", "4563PC"], march=True, allowance=1)
    assert march[-1].result.endswith("½ → 0")


# -- reachable ----------------------------------------------------------------------------
def test_reachable_costs_are_path_costs_within_the_allowance(m):
    start = m.parse("4563KD")
    reach = reachable(m, start, 5)
    assert reach[start] == 0
    assert all(0 <= c <= 5 for c in reach.values())
    assert reach[m.parse("4563KE")] == 3 and m.parse("4563KE").distance(start) == 1
    for h, c in reach.items():
        assert h.distance(start) <= c or h == start  # every step costs at least 1
    assert reachable(m, start, 0) == {start: 0}
    # every neighbour of a reached hex that is cheaper through it is reached too
    for h, c in reach.items():
        for n in h.neighbors():
            try:
                cost = step_cost(m, h, n)
            except IllegalMoveError:
                continue
            if c + cost <= 5:
                assert reach[n] <= c + cost


def test_V1_reachable_never_enters_water(m):
    reach = reachable(m, "4563WE", 5)
    assert all(m.terrain_at(h) is not Terrain.WATER for h in reach)


def test_V10_reachable_enters_enemy_hexes_but_does_not_pass_through():
    hm = tiny(["......"])
    blue = Unit("B1", "blue", at(2))
    reach = reachable(hm, at(0), 5, units=[blue], side="red")
    assert reach == {at(0): 0, at(1): 1, at(2): 2}  # the row is cut at the enemy
    assert reachable(hm, at(0), 5) == {at(c): c for c in range(6)}
    dead = blue.with_status(Status.DESTROYED)  # destroyed units are off the board
    assert reachable(hm, at(0), 5, units=[dead], side="red") == {at(c): c for c in range(6)}


def test_V11_reachable_passes_through_full_friendly_hexes():
    hm = tiny(["......"])
    full = [Unit(f"R{i}", "red", at(2)) for i in range(1, 5)]
    reach = reachable(hm, at(0), 5, units=full, side="red")
    assert reach == {at(c): c for c in range(6)}  # stacking counts where a move ends
    assert not can_stack(full, at(2), "red")


def test_V3_reachable_in_march(m):
    reach = reachable(m, "4563PA", 5, march=True)
    assert max(reach.values()) == 5 and len(reach) == 11  # 10 road hexes at ½ each
    assert all(c.denominator in (1, 2) for c in reach.values())
    assert reachable(m, "4563AE", 5, march=True) == {m.parse("4563AE"): 0}  # no road
    friend = Unit("R2", "red", m.parse("4563PD"))
    blocked = reachable(m, "4563PA", 5, march=True, units=[friend], side="red")
    assert sorted(blocked.values()) == [0, Fraction(1, 2), 1]  # PA, PB, PC: PD is barred


def test_reachable_takes_a_moving_unit_and_infers_the_side(m):
    r1 = Unit("R1", "red", m.parse("4563AE"))
    r2 = Unit("R2", "red", m.parse("4563AE"))
    b1 = Unit("B1", "blue", m.parse("4563AG"))
    board = [r1, r2, b1]
    by_unit = reachable(m, r1, units=board)  # r1 is left out of the units by id
    by_side = reachable(m, "4563AE", units=[r2, b1], side="red")
    inferred = reachable(m, "4563AE", units=[r2, b1])  # from the stack mate at the start
    assert by_unit == by_side == inferred
    ah = m.parse("4563AH")
    assert by_unit[ah] == 4 and reachable(m, r1)[ah] == 3  # around the enemy at AG, not through
    with pytest.raises(RulesError, match="give side="):
        reachable(m, "4563AE", units=[b1])
    with pytest.raises(RulesError, match="side='blue' was given"):
        reachable(m, r1, units=board, side="blue")


def test_reachable_with_fractional_allowance(m):
    reach = reachable(m, "4563PA", Fraction(3, 2), march=True)
    assert sorted(reach.values()) == [0, Fraction(1, 2), 1, Fraction(3, 2)]
    thirds = reachable(m, "4563PA", Fraction(4, 3))  # not a multiple of ½: still exact
    assert max(thirds.values()) == 1


def test_reachable_agrees_with_step_cost_on_every_step(m):
    """The search prices the map with the same function as step_cost (one rule, one place)."""
    from hexrules.movement.reach import _graph

    for march in (False, True):
        g = _graph(m, load_tables().terrain, march)
        for i, h in enumerate(g.hexes):
            edges = dict(g.edges[i])
            for n in h.neighbors():
                if n not in m:
                    continue
                try:
                    cost = step_cost(m, h, n, march=march)
                except IllegalMoveError:
                    assert g.index[n] not in edges
                else:
                    assert Fraction(edges[g.index[n]], g.scale) == cost


# -- the property: reachable equals the brute-force cheapest path ------------------------
@st.composite
def boards(draw):
    cols, rows = draw(st.integers(2, 5)), draw(st.integers(2, 4))
    codes = draw(st.lists(st.sampled_from("......FFCW"), min_size=cols * rows,
                          max_size=cols * rows))
    terrain = np.array([[int(Terrain.from_code(c)) for c in codes[r * cols:(r + 1) * cols]]
                        for r in range(rows)])
    hexes = [Hex.from_offset(c, r) for r in range(rows) for c in range(cols)]
    pairs = sorted({frozenset((a, b)) for a in hexes for b in a.neighbors() if b in hexes},
                   key=sorted)
    rivers = [p for p in pairs if draw(st.booleans())]
    dry = [p for p in pairs if all(terrain[h.to_offset()[::-1]] != Terrain.WATER for h in p)]
    roads = [p for p in dry if draw(st.booleans())]
    hm = HexMap(name="random", elevation=np.zeros((rows, cols), dtype=int), terrain=terrain,
                rivers=rivers, roads=roads)
    start = draw(st.sampled_from([h for h in hexes if hm.terrain_at(h) is not Terrain.WATER]
                                 or hexes))
    others = [h for h in hexes if h != start]
    units = [Unit(f"U{i}", draw(st.sampled_from(["red", "blue"])),
                  draw(st.sampled_from(others + [start] if draw(st.integers(0, 4)) == 0
                                       else others)))
             for i in range(draw(st.integers(0, 3)))]
    allowance = draw(st.sampled_from([0, Fraction(1, 2), 1, 2, Fraction(5, 2), 3, 4, 5, 5]))
    return hm, start, units, allowance, draw(st.booleans())


def brute_force(hm, start, units, allowance, march):
    """The cheapest path_cost to every hex, over every simple path within the allowance."""
    best = {start: Fraction(0)}

    def extend(path):
        for n in path[-1].neighbors():
            if n not in hm or n in path:
                continue
            try:
                cost = path_cost(hm, [*path, n], march=march, units=units, side="red")
            except IllegalMoveError:
                continue  # an illegal path stays illegal however it goes on
            if cost <= allowance:
                best[n] = min(best.get(n, cost), cost)
                extend([*path, n])

    extend([start])
    return best


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_V1_V5_reachable_costs_equal_the_cheapest_path_cost(board):
    hm, start, units, allowance, march = board
    assert reachable(hm, start, allowance, march=march, units=units, side="red") == \
        brute_force(hm, start, units, allowance, march)


# -- another table set --------------------------------------------------------------------
def test_another_table_set_changes_every_cost(tmp_path, m):
    folder = costs_table(tmp_path, **{
        "entry_cost = 2": "entry_cost = 4",  # forest
        "river_crossing_cost = 3": "river_crossing_cost = 2",
        "road_step_cost = 1": "road_step_cost = 2",
        'march_step_cost = "1/2"': 'march_step_cost = "1/3"',
    })
    mine = load_tables(folder)
    assert step_cost(m, "4563CS", "4563DS", tables=mine) == 4
    assert step_cost(m, "4563WH", "4563VH", tables=mine) == 2  # max(open 1, river 2)
    assert step_cost(m, "4563WS", "4563VS", tables=mine) == 2  # the bridge: road cost
    assert step_cost(m, "4563PA", "4563PB", march=True, tables=mine) == Fraction(1, 3)
    march = reachable(m, "4563PA", 1, march=True, tables=mine)
    assert sorted(march.values()) == [0, Fraction(1, 3), Fraction(2, 3), 1]
    # the default set's results are untouched (the step graph is cached per table set)
    assert sorted(reachable(m, "4563PA", 1, march=True).values()) == [0, Fraction(1, 2), 1]
    assert step_cost(m, "4563CS", "4563DS") == 2


def test_C1_the_allowance_comes_from_the_unit_type(m):
    alt = load_tables(ALT)
    heavy = Unit("B1", "blue", m.parse("4563AE"), type="heavy_tank")
    tank = Unit("B2", "blue", m.parse("4563AE"))
    assert movement_allowance() == 5 == movement_allowance(tank, tables=alt)
    assert movement_allowance(heavy, tables=alt) == 4
    assert max(reachable(m, heavy, tables=alt).values()) == 4
    assert max(reachable(m, tank, tables=alt).values()) == 5
    assert reachable(m, tank, tables=alt) == reachable(m, "4563AE")
    with pytest.raises(hexrules.errors.TableLookupError, match="heavy_tank"):
        reachable(m, heavy)  # the default set has no heavy tank
    heavy_steps = path_steps(m, [heavy, "4563AF"], tables=alt)
    assert heavy_steps[0].result.endswith("4 → 3")


# -- V-9 short-halt fire, V-11 stacking ---------------------------------------------------
def test_V9_short_halt_costs_3_and_needs_3_points_left():
    assert short_halt_cost() == 3
    assert can_short_halt(3) and can_short_halt(5) and not can_short_halt(Fraction(5, 2))
    verify_short_halt(3)
    with pytest.raises(IllegalMoveError) as info:
        verify_short_halt(2)
    assert info.value.rule == "V-9" and "2 are left" in str(info.value)


def test_V9_V11_numbers_come_from_the_table(tmp_path):
    mine = load_tables(costs_table(tmp_path, **{"short_halt_cost = 3": "short_halt_cost = 2",
                                                "stacking_limit = 4": "stacking_limit = 2"}))
    assert short_halt_cost(tables=mine) == 2 and can_short_halt(2, tables=mine)
    assert stacking_limit() == 4 and stacking_limit(tables=mine) == 2
    one = [Unit("R1", "red", Hex(0, 0))]
    assert can_stack(one, Hex(0, 0), "red", tables=mine)
    assert not can_stack(one, Hex(0, 0), "red", adding=2, tables=mine)


def test_V11_stack_count_and_the_limit(m):
    h = m.parse("4563KE")
    three = [Unit(f"R{i}", "red", h) for i in range(1, 4)]
    board = [*three, Unit("B1", "blue", h), Unit("R9", "red", h, status=[Status.DESTROYED])]
    assert stack_count(board, h, "red") == 3 and stack_count(board, h, "blue") == 1
    assert can_stack(board, h, "red") and not can_stack(board, h, "red", adding=2)
    verify_stacking(m, board, h, "red")
    with pytest.raises(IllegalMoveError) as info:
        verify_stacking(m, [*board, Unit("R4", "red", h)], "4563KE", "red")
    assert str(info.value) == ("4563KE: a move may not end here: it holds 4 Red 红方 units "
                               "already (R1, R2, R3, R4), and at most 4 friendly units may "
                               "share a hex (V-11)")
    assert info.value.rule == "V-11" and info.value.hexes == (h,)


def test_public_names_are_exported():
    for name in ("step_cost", "step_record", "path_cost", "path_steps", "reachable",
                 "stack_count", "can_stack", "verify_stacking", "stacking_limit",
                 "movement_allowance", "short_halt_cost", "can_short_halt",
                 "verify_short_halt", "IllegalMoveError"):
        assert name in hexrules.__all__ and hasattr(hexrules, name), name
    assert issubclass(IllegalMoveError, IllegalOrderError)


def test_V3_a_marching_unit_may_not_enter_an_enemy_hex() -> None:
    """[project ruling] close combat would be "something else" for a marching unit (V-3)."""
    m = HexMap.load("training")
    start = m.parse("4563PA")
    road = [h for h in reachable(m, start, 5, march=True) if h != start]
    enemy = Unit("B1", "blue", road[0])
    assert enemy.hex not in reachable(m, Unit("R1", "red", start), 5, march=True,
                                      units=[enemy])
    assert enemy.hex in reachable(m, Unit("R1", "red", start), 5, units=[enemy])
