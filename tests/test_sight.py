"""L-1…L-7: line of sight, the exact (shapely) path, with worked cases as data fixtures."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexrules import Hex, HexMap, line_of_sight
from hexrules.sight import SightCase, line_geometry, load_sight_cases

#: The worked cases of maps/training.cases.json (scripts/find_sight_cases.py).
CASES = load_sight_cases("training")


def row_map(levels: list[int], terrain: str | None = None) -> HexMap:
    """A one-row map (plus a blank row below) with the given levels and terrain codes."""
    codes = {".": 0, "C": 1, "F": 2, "W": 3}
    terrain = terrain or "." * len(levels)
    return HexMap(
        name="row",
        elevation=np.array([levels, [0] * len(levels)]),
        terrain=np.array([[codes[c] for c in terrain], [0] * len(levels)]),
    )


def sight(m: HexMap, a: tuple[int, int], b: tuple[int, int]):
    return line_of_sight(m, Hex.from_offset(*a), Hex.from_offset(*b))


# -- L-1 the sight line -----------------------------------------------------------------


def test_L1_line_passes_the_hexes_between_centres_in_order() -> None:
    m = row_map([0] * 6)
    r = sight(m, (0, 0), (5, 0))
    assert [c.hex.to_offset() for c in r.crossings] == [(c, 0) for c in range(6)]
    assert [c.role for c in r.crossings] == ["observer"] + ["passed"] * 4 + ["target"]
    assert [(c.t_in, c.t_out) for c in r.crossings][1] == (Fraction(1, 10), Fraction(3, 10))
    assert r.crossings[1].entry == pytest.approx(0.5) and r.length == pytest.approx(5)


def test_L1_end_hexes_city_and_forest_are_not_obstacles() -> None:
    m = row_map([0, 0, 0, 0], "F..C")
    assert sight(m, (0, 0), (3, 0)).visible


def test_L1_hexside_graze_counts_the_lower_side() -> None:
    # the line from (0,0) to axial (1,1) runs along the hexside between axial (1,0) and (0,1)
    g = line_geometry(1, 1)
    assert [(a, b) for a, b, *_ in g.grazes] == [(Hex(0, 1), Hex(1, 0))]
    flat = np.zeros((3, 3), dtype=int)
    for sides, visible in [("..", True), ("F.", True), (".F", True), ("FF", False)]:
        terr = np.zeros((3, 3), dtype=int)
        for code, h in zip(sides, (Hex(0, 1), Hex(1, 0)), strict=True):
            col, row = h.to_offset()
            terr[row, col] = 2 if code == "F" else 0
        m = HexMap(name="graze", elevation=flat, terrain=terr)
        r = line_of_sight(m, Hex(0, 0), Hex(1, 1))
        assert r.visible is visible, sides
        assert r.grazes[0].height == (1 if sides == "FF" else 0)
        assert "lower effective height" in r.grazes[0].ruling


def test_L1_vertex_touch_is_not_passing_through() -> None:
    touching = [(dq, dr) for dq in range(-6, 7) for dr in range(-6, 7)
                if line_geometry(dq, dr).touches]
    assert touching, "some sight lines only touch a vertex"
    for dq, dr in touching:
        g = line_geometry(dq, dr)
        passed = {h for h, *_ in g.cells}
        for _, hexes in g.touches:
            assert not passed & set(hexes)


def test_L1_map_edge_hexside_is_no_obstacle() -> None:
    # col 0, rows 0 and 2: the line runs along the west edge of the odd row's first hex
    m = HexMap(name="edge", elevation=np.array([[0, 0], [5, 5], [0, 0]]),
               terrain=np.zeros((3, 2), dtype=int))
    r = sight(m, (0, 0), (0, 2))
    assert r.visible and r.grazes and r.grazes[0].height is None
    assert "map edge" in r.grazes[0].ruling


# -- L-2 effective height -----------------------------------------------------------------


def test_L2_city_and_forest_add_one_level() -> None:
    for code in "CF":
        m = row_map([1, 1, 1], f".{code}.")
        r = sight(m, (0, 0), (2, 0))
        assert not r.visible and r.passed[0].height == 2
    assert sight(row_map([1, 0, 1], ".F."), (0, 0), (2, 0)).visible


# -- L-3 same level, in the rulebook's words -------------------------------------------


def test_L3_rulebook_same_level_clear_unless_higher_in_between() -> None:
    """当观察单位与目标处于同一高程六角格时，如果观察线之间没有更高高程遮挡，则可直接判定为双方通视。
    如果观察线上有居民地、丛林地等地形要素时，须在其基础高程上增加一个高程等级进行判断。"""
    clear = sight(row_map([2, 1, 2, 2, 2]), (0, 0), (4, 0))
    assert (clear.case, clear.visible) == ("L-3", True)
    higher = sight(row_map([2, 2, 3, 2, 2]), (0, 0), (4, 0))
    assert (higher.case, higher.visible) == ("L-3", False)
    wood = sight(row_map([2, 2, 2, 2, 2], "..F.."), (0, 0), (4, 0))
    assert (wood.case, wood.visible) == ("L-3", False)
    assert "L-3" in wood.reason


# -- L-4 adjacent levels -----------------------------------------------------------------


def test_L4_rulebook_higher_unit_nearer_the_change_point_sees() -> None:
    """如果位于高高程的单位至高程变化点的距离小于或等于低高程的单位至高程变化点的距离，
    则可判定为通视，否则，判定为不通视。"""
    near = sight(row_map([0, 0, 0, 0, 1, 1, 1]), (0, 0), (6, 0))  # change point at 3.5 of 6
    assert (near.case, near.visible) == ("L-4", True)
    far = sight(row_map([0, 0, 0, 1, 1, 1, 1]), (0, 0), (6, 0))  # change point at 2.5 of 6
    assert (far.case, far.visible) == ("L-4", False)
    tie = sight(row_map([0, 0, 0, 1, 1, 1]), (0, 0), (5, 0))  # change point exactly half-way
    assert (tie.case, tie.visible) == ("L-4", True)
    assert tie.chart_points[0].t == Fraction(1, 2)


def test_L4_adjacent_hexes_one_level_apart_see_each_other() -> None:
    r = sight(row_map([0, 1]), (0, 0), (1, 0))
    assert (r.case, r.visible) == ("L-4", True)


def test_L4_forest_in_between_above_higher_level_makes_it_L5() -> None:
    r = sight(row_map([0, 0, 1, 1, 1], "..F.."), (0, 0), (4, 0))
    assert r.case == "L-5" and not r.visible


# -- L-5 the observation-measurement chart -----------------------------------------------


def test_L5_rulebook_chart_with_several_change_points() -> None:
    """以位于低高程的单位为原点 … 如果观察线与某个高程存在多个高程变化点，
    则以距离低高程单位最近的为准 … 如果所有的高程变化点均在直线下方，则通视，否则不通视。"""
    # lower unit level 0; climbs to 1 at 2.5, to 2 at 5.5; higher unit level 3 at 8
    r = sight(row_map([0, 0, 0, 1, 1, 1, 2, 2, 3]), (0, 0), (8, 0))
    assert r.case == "L-5"
    assert [(p.level, p.t) for p in r.chart_points] == [
        (1, Fraction(5, 16)), (2, Fraction(11, 16)), (3, Fraction(15, 16))]
    assert r.chart_top == (pytest.approx(8.0), 4)
    assert r.visible  # 1 ≤ 4·5/16, 2 ≤ 4·11/16, 3 ≤ 4·15/16
    # a second climb into level 1 later on is not plotted: the nearest counts
    r2 = sight(row_map([0, 1, 0, 0, 1, 2, 2, 2, 3]), (0, 0), (8, 0))
    assert [p.level for p in r2.chart_points] == [1, 2, 3]
    assert r2.chart_points[0].t == Fraction(1, 16) and not r2.chart_points[0].clear
    assert not r2.visible


def test_L5_point_exactly_on_the_line_counts_as_below() -> None:
    # lower level 0, higher level 1 at range 2: chart line to (2, 2); a level-1 hex entered at 1
    r = sight(row_map([0, 0, 1], "..."), (0, 0), (2, 0))
    assert r.chart_points[0].t == Fraction(3, 4)
    m = row_map([0, 1, 1, 1])  # change point at 0.5 of 3, level 1 vs line to (3, 2): 1 ≤ 2·1/6? no
    assert not sight(m, (0, 0), (3, 0)).visible
    tie = row_map([0, 0, 1, 1])  # change point 1.5 of 3: rise 1 = 2·(1/2) exactly
    r = sight(tie, (0, 0), (3, 0))
    assert r.chart_points[0].rise == r.chart_top[1] * r.chart_points[0].t
    assert r.visible


@pytest.mark.parametrize("rng", [1, 2, 3, 4])
def test_L5_higher_units_own_hex_is_a_change_point(rng: int) -> None:
    """Over flat ground the largest visible difference is 2·range − 1 (L-5 [decision])."""
    for diff, visible in [(2 * rng - 1, True), (2 * rng, False)]:
        m = row_map([0] * rng + [diff])
        r = sight(m, (0, 0), (rng, 0))
        assert r.visible is visible, (rng, diff)
        assert r.chart_points[-1].where == m.name_of(Hex.from_offset(rng, 0))


# -- L-6 consistency and L-7 symmetry ------------------------------------------------------


def _l4_shortcut(r) -> bool:
    p = r.chart_points[0]
    return (r.length - p.distance) <= p.distance + 1e-12 if p.t != Fraction(1, 2) else True


def test_L6_case_reporting_and_L4_agrees_with_L5(test_maps: list[HexMap]) -> None:
    seen = set()
    for m in test_maps[:3]:
        hexes = list(m.hexes())
        for i, a in enumerate(hexes[::3]):
            for b in hexes[i % 2::2]:
                r = line_of_sight(m, a, b)
                seen.add(r.case)
                if r.lower_level == r.higher_level:
                    assert r.case == "L-3"
                if r.case == "L-4":
                    assert len(r.chart_points) == 1
                    assert _l4_shortcut(r) == r.visible
                    assert r.higher_level - r.lower_level == 1
    assert seen == {"L-3", "L-4", "L-5"}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_L6_worked_cases_on_the_training_map(training: HexMap, case: SightCase) -> None:
    r = line_of_sight(training, case.observer, case.target)
    assert (r.case, r.visible) == (case.case, case.visible), case.shows
    back = line_of_sight(training, case.target, case.observer)
    assert (back.case, back.visible) == (r.case, r.visible)  # L-7


def test_L6_training_map_shows_every_case() -> None:
    ids = {c.id for c in CASES}
    assert {"l3_visible", "l3_blocked", "l4_visible", "l4_blocked", "l5_visible",
            "l5_blocked", "hexside_decides", "map_edge_hexside"} <= ids


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 29), st.integers(0, 29), st.integers(0, 29), st.integers(0, 29))
def test_L7_symmetry(c1: int, r1: int, c2: int, r2: int) -> None:
    m = HexMap.load("training")
    a, b = Hex.from_offset(c1, r1), Hex.from_offset(c2, r2)
    assert line_of_sight(m, a, b).visible == line_of_sight(m, b, a).visible


# -- the record ---------------------------------------------------------------------------


def test_record_explains_renders_and_plots(training: HexMap) -> None:
    case = next(c for c in CASES if c.id == "l5_blocked")
    r = line_of_sight(training, *case.pair)
    html = r._repr_html_()
    assert "Blocked 不通视" in html and "L-5" in html and "<table" in html
    text = r.explain()
    assert "L-5" in text and "ABOVE the line" in text
    assert repr(r).startswith("<SightRecord ")
    assert r.plot() is not None and r.plot_chart() is not None
    with pytest.raises(AttributeError):
        r.visible = True  # type: ignore[misc]
    assert r.line().length == pytest.approx(r.length * 50)


def test_bad_input(training: HexMap) -> None:
    from hexrules import CoordinateError, OffMapError

    with pytest.raises(OffMapError):
        line_of_sight(training, "4563AA", Hex.from_offset(40, 0))
    with pytest.raises(CoordinateError):
        line_of_sight(training, "4563A", "4563AA")
    with pytest.raises(TypeError, match="needs a HexMap"):
        line_of_sight("training", "4563AA", "4563AB")  # type: ignore[arg-type]


def test_same_hex_is_visible(training: HexMap) -> None:
    r = line_of_sight(training, "4563AA", "4563AA")
    assert r.visible and r.distance == 0
