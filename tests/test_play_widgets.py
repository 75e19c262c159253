"""The play widgets, Python side (no browser): counters, overlays, the two steppers, threat.

Each test drives a widget as a click would (``board.click``, the buttons' handlers, typed
text) and compares what it shows with the library's answer for the same inputs
(``fire_odds``, ``adjudicate_fire``, ``adjudicate_mission``, ``impact_distribution``,
``reachable``, ``zone``, ``threat_map``): the widgets decide nothing.
"""

from __future__ import annotations

import base64
import re

import pytest

pytest.importorskip("ipyleaflet")

from hexrules_widgets import DriftStepper, FireStepper, HexBoard, ThreatView  # noqa: E402
from hexrules_widgets.drift_stepper import drift_stages, m3_chart_svg  # noqa: E402
from hexrules_widgets.fire_stepper import fire_stages  # noqa: E402
from hexrules_widgets.units import (  # noqa: E402
    CounterLayer,
    show_impacts,
    show_path,
    show_reach,
    show_zone,
)

from hexrules import Dice, HexMap, ScriptedDice, Status, Unit, adjudicate_fire  # noqa: E402
from hexrules.analysis import threat_map  # noqa: E402
from hexrules.artillery import (  # noqa: E402
    FirePlan,
    adjudicate_mission,
    impact_distribution,
    impact_markers,
    zone,
)
from hexrules.combat import FireOrder, fire_odds  # noqa: E402
from hexrules.movement import reachable  # noqa: E402


@pytest.fixture(scope="module")
def m() -> HexMap:
    return HexMap.load("training")


def _units(m: HexMap) -> list[Unit]:
    return [Unit("R1", "red", m.parse("4563MG")), Unit("R2", "red", m.parse("4563RF")),
            Unit("B1", "blue", m.parse("4563KE")), Unit("B2", "blue", m.parse("4563NH"))]


def _svg(layer: CounterLayer) -> str:
    return base64.b64decode(layer.svg.layer.url.split(",", 1)[1]).decode()


def _features(board: HexBoard, name: str) -> list[dict]:
    return board.overlays[name].data["features"]


# -- counters and overlays -------------------------------------------------------------------
def test_C_3_counters_show_side_id_markers_and_stacks(m: HexMap) -> None:
    board = HexBoard(m)
    layer = CounterLayer(board)
    h = m.parse("4563GH")
    layer.show([Unit("R1", "red", h, status=[Status.SUPPRESSED, Status.FIRED]),
                Unit("R2", "red", h), Unit("B1", "blue", h),
                Unit("B9", "blue", m.parse("4563MG"), status=[Status.DESTROYED])],
               roles={"B1": "target"})
    by_ids = {c.ids: c for c in layer.counters}
    red = by_ids[("R1", "R2")]
    assert red.count == 2 and red.badges == ("F", "S") and red.side.value == "red"
    assert by_ids[("B1",)].role == "target" and by_ids[("B9",)].destroyed
    svg = _svg(layer)
    for text in (">R1<", ">B1<", ">B9<", ">S<", ">F<", ">2<", "#c62828", "#1f4e9c"):
        assert text in svg, text
    assert [u.id for u in layer.units_at(h)] == ["R1", "R2", "B1"]
    clicked = []
    board.on_hex_click(clicked.append)
    board.click(h)  # the image takes no clicks: the board turns a click into a hex
    assert clicked == [h]


def test_counters_stand_on_their_hex_centres(m: HexMap) -> None:
    board = HexBoard(m)
    layer = CounterLayer(board)
    a, b = m.parse((0, 0)), m.parse((1, 0))
    (xa, ya), (xb, yb) = layer.svg.xy(a), layer.svg.xy(b)
    assert xb > xa and abs(ya - yb) < 0.02 * layer.svg.unit  # one column east, one row
    assert tuple(map(tuple, layer.svg.layer.bounds)) == board.geo.bounds
    assert layer.svg.unit == pytest.approx(((xa - xb) ** 2 + (ya - yb) ** 2) ** 0.5, rel=0.05)


def test_V_5_reach_overlay_is_the_librarys_with_exact_costs(m: HexMap) -> None:
    board = HexBoard(m)
    layer = CounterLayer(board)
    reach = reachable(m, "4563GH", 3)
    show_reach(board, reach, layer.svg)
    feats = _features(board, "reach")
    assert {f["properties"]["name"] for f in feats} == {m.name_of(h) for h in reach}
    assert {f["properties"]["cost"] for f in feats} == {str(c) for c in reach.values()}
    assert _svg(layer).count("<text") == len(reach)


def test_path_impacts_and_A_5_zone_overlays(m: HexMap) -> None:
    board = HexBoard(m)
    path = [m.parse("4563GH"), m.parse("4563HH"), m.parse("4563IH")]
    show_path(board, path)
    assert [f["properties"]["part"] for f in _features(board, "path")][:2] == ["casing", "path"]
    rec = adjudicate_mission(m, FirePlan("red", "155", m.parse("4563KE"), called=1, guns=2),
                             [], dice=ScriptedDice([1, 2, 1, 2]))
    markers = impact_markers(rec)
    show_impacts(board, markers)
    assert [f["properties"]["count"] for f in _features(board, "impacts")] == [2]
    z = zone(m, m.parse("4563KD"))  # next to the village: settlement hexes left out
    show_zone(board, z)
    parts = [f["properties"]["part"] for f in _features(board, "zone")]
    assert parts.count("attacked") == sum(x.attacked for x in z) > 0
    assert parts.count("excluded") == sum(not x.attacked for x in z) > 0


# -- the fire stepper --------------------------------------------------------------------------
def test_F_1_clicks_choose_shooters_and_target_and_show_the_exact_odds(m: HexMap) -> None:
    units = _units(m)
    fs = FireStepper(m, units)
    fs.click(m.parse("4563MG"))
    fs.click(m.parse("4563RF"))
    assert fs.shooters == ["R1", "R2"] and fs.odds is None
    fs.click(m.parse("4563KE"))
    odds = fire_odds(m, FireOrder(["R1", "R2"], "B1"), units=units)
    assert fs.target == "B1" and fs.odds == odds
    text = fs.odds_panel.value
    assert f"{float(odds.p_destroyed) * 100:.1f} %" in text
    assert all(f"{float(p) * 100:.1f} %" in text for p in odds.kill_curve)
    assert not fs.adjudicate_button.disabled and fs.last_update_ms > 0
    fs.click(m.parse("4563RF"))  # a second click on a shooter takes it out
    assert fs.shooters == ["R1"]
    rings = {c.ids[0]: c.role for c in fs.layer.counters}
    assert rings == {"R1": "shooter", "R2": "", "B1": "target", "B2": ""}


def test_F_1_an_illegal_declaration_is_refused_with_the_reason(m: HexMap) -> None:
    units = _units(m)
    units[0] = units[0].with_status(Status.WEAPON_LOST)
    fs = FireStepper(m, units)
    odds = fs.declare(["R1"], "B1")
    assert odds is None and fs.adjudicate_button.disabled
    assert "Refused" in fs.odds_panel.value and "C-3" in fs.odds_panel.value
    assert fs.adjudicate() is None and fs.record is None


def test_F_2_stepper_walks_the_records_steps_with_the_cells_lit(m: HexMap) -> None:
    units = _units(m)
    fs = FireStepper(m, units)
    fs.declare(["R2"], "B2")  # range 4 and one level up: F-4 applies
    fs.dice.mode.value = "scripted"
    fs.dice.faces.value = "4 5 3"
    rec = fs.adjudicate()
    assert rec == adjudicate_fire(m, FireOrder(["R2"], "B2"), units=units,
                                  dice=ScriptedDice([4, 5, 3]))
    kinds = [s.kind for s in fs.stages]
    assert kinds == [s.kind for s in fire_stages(rec)]
    assert kinds[:7] == ["declaration", "sight", "F-3", "F-4", "F-5", "roll", "F-6"]
    shot = rec.shots[0]
    cells = {st.rule: st.cell for st in shot.steps if st.cell is not None}
    for kind in ("F-3", "F-4", "F-6"):
        fs.go(kinds.index(kind))
        page = fs.step_panel.value
        hit = re.findall(r"<tr class='hexrules-row-hit'><th>([^<]*)</th>", page)
        assert page.count("hexrules-cell-hit") == 1, kind
        assert hit and cells[kind].row.startswith(hit[0]), (kind, hit)
    fs.go(kinds.index("roll"))
    assert "data-face='4'" in fs.step_panel.value and "data-face='5'" in fs.step_panel.value
    assert "fire-sight" in fs.board.overlays  # the sight line of step 1
    fs.go(kinds.index("sight"))
    line = [f for f in _features(fs.board, "fire-sight")
            if f["properties"].get("part") == "sight-line"]
    assert line and line[0]["properties"]["visible"] is shot.sight.visible
    # the counter: fired upon before F-10, the result after
    fs.go(kinds.index("F-8"))
    b2 = next(u for u in fs.units_now() if u.id == "B2")
    assert b2 == shot.target_before
    fs.next()
    assert fs.stage.kind == "F-10"
    assert next(u for u in fs.units_now() if u.id == "B2") == shot.target_after
    fs.last()
    assert rec.target_after.status_label in fs.step_panel.value
    fs.back()
    assert fs.stage.kind == "F-10"


def test_T_6_seeded_dice_give_the_seeded_record(m: HexMap) -> None:
    units = _units(m)
    fs = FireStepper(m, units, seed=7)
    fs.declare(["R1", "R2"], "B1")
    assert fs.adjudicate() == adjudicate_fire(m, FireOrder(["R1", "R2"], "B1"), units=units,
                                              dice=Dice(seed=7))


def test_T_6_typed_in_dice_ask_roll_by_roll_and_refuse_bad_faces(m: HexMap) -> None:
    units = _units(m)
    fs = FireStepper(m, units)
    fs.declare(["R2"], "B2")
    fs.dice.mode.value = "typed"
    assert fs.adjudicate() is None and fs.need is not None
    assert fs.typed_row.layout.display == "" and "2d6" in fs.typed_prompt.value
    assert fs.enter_faces("7 2") is None  # refused: nothing changes
    assert "not a die face" in fs.typed_prompt.value and fs.dice.typed.faces == ()
    assert fs.enter_faces("4") is None and "type 2 faces" in fs.typed_prompt.value
    fs.enter_faces("4 5")
    if fs.record is None:  # the armour d6 was needed too
        assert fs.need.rule == "F-8"
        fs.enter_faces("3")
    faces = list(fs.dice.typed.faces)
    assert fs.record == adjudicate_fire(m, FireOrder(["R2"], "B2"), units=units,
                                        dice=ScriptedDice(faces))
    assert fs.typed_row.layout.display == "none"


# -- the drift stepper ----------------------------------------------------------------------
def test_A_4_drift_heat_map_is_the_exact_impact_distribution(m: HexMap) -> None:
    ds = DriftStepper(m, _units(m))
    plan = ds.plan_at("4563LJ")
    odds = impact_distribution(m, plan)
    heat = _features(ds.board, "drift-heat")
    assert {f["properties"]["name"]: f["properties"]["p"] for f in heat} == {
        m.name_of(h): str(p) for h, p in odds.hexes.items()}
    assert "B2" in ds.plan_panel.value  # a unit near enough gets its mission odds
    ds.suppressed_box.value = True  # always drifts: the heat map changes
    assert ds.plan.suppressed and impact_distribution(m, ds.plan).on_target == 0


def test_A_2_to_A_7_stepper_walks_each_gun_and_moves_the_marker(m: HexMap) -> None:
    units = _units(m)
    ds = DriftStepper(m, units)
    ds.plan_at("4563NG")  # R1 and B2 in its zone
    ds.dice.mode.value = "scripted"
    script = [1, 2, 4, 4, 3, 1] + [6] * 5  # gun 1 on target, 2d6 for R1 and B2; 2-6 cancel
    ds.dice.faces.value = " ".join(map(str, script))
    rec = ds.adjudicate()
    assert rec == adjudicate_mission(m, FirePlan("red", "155", m.parse("4563NG"), called=1),
                                     units, dice=ScriptedDice(script))
    kinds = [s.kind for s in ds.stages]
    assert kinds == [s.kind for s in drift_stages(rec)]
    assert kinds[:5] == ["A-2", "A-3", "A-5", "strike", "strike"]
    ds.go(0)
    assert ds.marker == rec.plan.target and "data-face='1'" in ds.step_panel.value
    ds.go(kinds.index("A-5"))
    assert ds.marker == rec.guns[0].impact
    assert len(_features(ds.board, "drift-zone")) == len(rec.guns[0].zone)
    ds.go(kinds.index("strike"))
    strike = rec.guns[0].strikes[0]
    assert next(u for u in ds.units_now() if u.id == strike.unit_before.id) == strike.unit_after
    ds.go(len(kinds) - 1)
    assert ds.stage.kind == "result"


def test_A_4_direction_stage_shows_the_M_3_chart(m: HexMap) -> None:
    ds = DriftStepper(m, [])
    ds.plan_at("4563LJ")
    ds.dice.mode.value = "scripted"
    ds.dice.faces.value = "3 1 2 3 6 6 6 6 6"
    rec = ds.adjudicate()
    kinds = [s.kind for s in ds.stages]
    ds.go(kinds.index("direction"))
    assert "hexrules-m3-lit" in ds.step_panel.value and "2 E" in ds.step_panel.value
    assert ds.marker == rec.plan.target
    ds.next()
    assert ds.stage.kind == "distance" and ds.marker == rec.guns[0].impact
    path = _features(ds.board, "drift-path")
    assert sum(f["properties"]["part"] == "path-hex" for f in path) == len(rec.guns[0].path)
    assert m3_chart_svg(5).count("hexrules-m3-lit") == 1


def test_drift_stepper_typed_in_dice(m: HexMap) -> None:
    ds = DriftStepper(m, [])
    plan = ds.plan_at("4563LJ")
    ds.dice.mode.value = "typed"
    for _ in range(20):
        if ds.adjudicate() is not None:
            break
        assert ds.enter_faces("9") is None and "not a die face" in ds.typed_prompt.value
        ds.enter_faces("6")  # every gun's delay die: cancelled
    assert ds.record == adjudicate_mission(m, plan, [], dice=ScriptedDice([6] * 6))


# -- the threat map ------------------------------------------------------------------------------
def test_threat_view_draws_the_librarys_threat_map(m: HexMap) -> None:
    units = _units(m)
    tv = ThreatView(m, units, side="red")
    t = threat_map(units, m, "red")
    assert tv.threat == t
    shaded = _features(tv.board, "threat")
    assert {f["properties"]["name"] for f in shaded} == {m.name_of(h) for h, p in t.items()
                                                          if p > 0}
    tv.click(m.parse("4563NI"))
    assert "B1" in tv.why.value and "B2" in tv.why.value
    tv.side_box.value = "blue"
    assert tv.threat == threat_map(units, m, "blue")
    tv.kind.value = "damage"
    assert tv.threat == threat_map(units, m, "blue", kind="damage")
    tv.side_box.value = "red"
    tv.click(units[0].hex)  # a unit of the side: where it can go, at what cost
    assert tv.reach == reachable(m, units[0], units=units)
    assert {f["properties"]["name"] for f in _features(tv.board, "reach")} == {
        m.name_of(h) for h in tv.reach}
    assert "can reach" in tv.why.value
    tv.set_units(units[:1])
    assert tv.threat == threat_map(units[:1], m, "red", kind="damage")


def test_the_widgets_take_a_game_state_or_a_sides_view(m: HexMap) -> None:
    from hexrules.game import GameState, view

    state = GameState.new(m, _units(m), turns=1, seed=1)
    fs = FireStepper(m, view(state, "red"))
    assert [u.id for u in fs.units] == [u.id for u in state.units]
    assert ThreatView(m, state).threat == threat_map(state.units, m, "red")


@pytest.mark.parametrize("module", ["units", "stepper", "fire_stepper", "fire_panels",
                                    "drift_stepper", "threat"])
def test_the_play_widgets_examples_run(module: str) -> None:
    """The docstring examples of the play widgets (widgets/ is not among the doctest paths)."""
    import doctest
    import importlib

    mod = importlib.import_module(f"hexrules_widgets.{module}")
    res = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert res.attempted > 0 and res.failed == 0


def test_the_steppers_step_through_a_record_made_elsewhere(m: HexMap) -> None:
    units = _units(m)
    rec = adjudicate_fire(m, FireOrder(["R1"], "B1"), units=units, dice=Dice(seed=3))
    fs = FireStepper(m, units)
    fs.show(rec)
    assert fs.record is rec and fs.stage.kind == "declaration"
    assert fs.odds == fire_odds(m, FireOrder(["R1"], "B1"), units=units)
    fs.last()
    assert rec.target_after.status_label in fs.step_panel.value
    plan = FirePlan("blue", "122", m.parse("4563MG"), called=1)
    mission = adjudicate_mission(m, plan, units, dice=Dice(seed=4))
    ds = DriftStepper(m, [])
    ds.show(mission, units)
    assert ds.record is mission and [s.kind for s in ds.stages] == [
        s.kind for s in drift_stages(mission)]
    ds.go(len(ds.stages) - 1)
    after = {u.id: u for u in ds.units_now()}
    assert after == {**{u.id: u for u in units}, **mission.units_after}
