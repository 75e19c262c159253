"""The scenario editing model (hexrules.game.scenario_edit): every edit, refusals that change
nothing, the loader's own checks, undo/redo, round trips and random edit sequences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexrules.errors import RulesError, RulesTypeError, ScenarioEditError, ScenarioFormatError
from hexrules.game.scenario import SCENARIOS_DIR, Bilingual, Objective, Scenario, SetupZone
from hexrules.game.scenario_edit import (
    MoveUnit,
    PlaceUnit,
    PutObjective,
    RemoveObjective,
    RemoveUnit,
    ScenarioEditor,
    ScenarioEditRecord,
    SetOption,
    SetUnitSide,
    SetUnitType,
    ToggleMarker,
    ToggleZone,
    apply_edit,
    can_edit,
    hold_objective,
    new_scenario,
    next_objective_id,
    next_unit_id,
    verify_edit,
)
from hexrules.records import decode, encode, record_from_dict
from hexrules.units import Side, Status

SHIPPED = Scenario.available()


def _refused(ed: ScenarioEditor, edit, match: str, rule: str | None = None) -> ScenarioEditError:
    before, n = ed.scenario, len(ed.edits)
    with pytest.raises(ScenarioEditError, match=match) as info:
        ed.apply(edit)
    assert ed.scenario is before and len(ed.edits) == n  # nothing changed
    assert not can_edit(before, edit)
    if rule is not None:
        assert info.value.rule == rule
    assert info.value.edit == edit and repr(edit) in str(info.value)
    return info.value


# -- the file format: round trips ------------------------------------------------------------
@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_scenarios_round_trip_exactly(name: str, tmp_path: Path) -> None:
    s = Scenario.load(name)
    on_disk = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert s.to_dict() == on_disk
    ed = ScenarioEditor(name)
    back = ed.save(tmp_path / f"{name}.json")
    assert back == s
    assert json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8")) == on_disk


def test_setup_zones_round_trip_and_are_optional_in_the_file(tmp_path: Path) -> None:
    ed = ScenarioEditor("duel")
    ed.apply(ToggleZone("blue", "4563RO"))
    ed.apply(ToggleZone("red", "4563NE"))
    d = ed.scenario.to_dict()
    assert d["setup_zones"] == {"red": ["4563NE"], "blue": ["4563RO"]}
    assert Scenario.from_dict(d) == ed.scenario
    assert "setup_zones" not in Scenario.load("duel").to_dict()
    assert ed.save(tmp_path / "z.json").setup_zones == (
        SetupZone(Side.RED, ("4563NE",)), SetupZone(Side.BLUE, ("4563RO",)))


# -- the loader's checks on set-up zones ([project ruling] set-up zones) ----------------------
def test_loader_refuses_a_unit_outside_its_zone_and_a_hex_in_both_zones() -> None:
    d = Scenario.load("duel").to_dict()
    d["setup_zones"] = {"red": ["4563NF"]}
    with pytest.raises(ScenarioFormatError, match=r"sides.red.units\[0\].hex: '4563NE' is "
                                                  "outside red's set-up zone"):
        Scenario.from_dict(d, source="duel.json")
    d["setup_zones"] = {"red": ["4563NE", "4563NF"], "blue": ["4563RO", "4563NF"]}
    with pytest.raises(ScenarioFormatError, match=r"setup_zones.blue\[1\]: '4563NF' is in both"):
        Scenario.from_dict(d)
    d["setup_zones"] = {"red": ["4563NE", "4563NE"]}
    with pytest.raises(ScenarioFormatError, match="listed twice"):
        Scenario.from_dict(d)
    d["setup_zones"] = {"green": ["4563NE"]}
    with pytest.raises(ScenarioFormatError, match="setup_zones.green: unknown key"):
        Scenario.from_dict(d)
    d["setup_zones"] = {"red": []}
    with pytest.raises(ScenarioFormatError, match="setup_zones.red: expected at least one hex"):
        Scenario.from_dict(d)


def test_format_error_names_entry_and_problem() -> None:
    d = Scenario.load("duel").to_dict()
    d["turns"] = 60
    with pytest.raises(ScenarioFormatError) as info:
        Scenario.from_dict(d, source="duel.json")
    assert info.value.entry == "turns" and info.value.problem == "must be 1-50, got 60"


# -- every edit -------------------------------------------------------------------------------
def test_C_1_place_move_remove_a_unit() -> None:
    ed = ScenarioEditor("duel")
    rec = ed.apply(PlaceUnit("R2", "red", "4563NF", "tank"))
    assert rec.changed and rec.rules == ("C-1",) and rec.before == "—"
    assert [u.id for u in ed.scenario.side("red").units] == ["R1", "R2"]
    ed.apply(MoveUnit("R2", "4563NG"))
    assert ed.scenario.units()["R2"].hex == ed.scenario.hexmap().parse("4563NG")
    ed.apply(RemoveUnit("R2"))
    assert ed.scenario == Scenario.load("duel")


def test_C_1_unit_type_and_side() -> None:
    ed = ScenarioEditor("duel")
    ed.apply(PlaceUnit("R2", "red", "4563NF"))
    ed.apply(SetUnitSide("R2", "blue"))
    assert [u.id for u in ed.scenario.side("blue").units] == ["B1", "R2"]
    assert ed.apply(SetUnitSide("R2", Side.BLUE)).changed is False
    assert ed.apply(SetUnitType("R2", "tank")).changed is False
    _refused(ed, SetUnitType("R2", "cavalry"), r"unknown unit type 'cavalry' \(C-1", "C-1")
    _refused(ed, SetUnitSide("R1", "blue"), "last red unit")


def test_C_3_starting_markers() -> None:
    ed = ScenarioEditor("duel")
    ed.apply(ToggleMarker("R1", "suppressed"))
    assert ed.scenario.units()["R1"].status == {Status.SUPPRESSED}
    ed.apply(ToggleMarker("R1", Status.SUPPRESSED))
    assert ed.scenario.units()["R1"].status == frozenset()
    _refused(ed, ToggleMarker("R1", "fired"), r"a unit may start with .* \(C-3\)", "C-3")


def test_V_1_no_unit_on_water() -> None:
    ed = ScenarioEditor("duel")
    m = ed.scenario.hexmap()
    from hexrules.map.terrain import Terrain

    water = next(m.name_of(h) for h in m if m.terrain_at(h) is Terrain.WATER)
    e = _refused(ed, MoveUnit("R1", water), "water hex", "V-1")
    assert e.entry == "sides.red.units[0].hex"
    _refused(ed, ToggleZone("red", water), "water hex", "V-1")
    _refused(ed, PutObjective(hold_objective("w", water, 1)), "water hex", "V-1")


def test_V_10_no_hex_holds_both_sides_at_setup() -> None:
    ed = ScenarioEditor("duel")
    _refused(ed, MoveUnit("R1", "4563RO"), r"both sides at set-up \(V-10", "V-10")
    _refused(ed, PlaceUnit("R2", "red", "4563RO"), "V-10", "V-10")


def test_V_11_stacking_limit() -> None:
    ed = ScenarioEditor("duel")
    for n in range(2, 5):
        ed.apply(PlaceUnit(f"R{n}", "red", "4563NE"))
    _refused(ed, PlaceUnit("R5", "red", "4563NE"), r"5 red units .* stacking limit of 4 "
                                                     r"\(V-11\)", "V-11")


def test_unit_ids_refusals() -> None:
    ed = ScenarioEditor("duel")
    _refused(ed, PlaceUnit("R1", "red", "4563NF"), "used already")
    _refused(ed, PlaceUnit("1x", "red", "4563NF"), "a unit id must be a letter")
    _refused(ed, MoveUnit("R9", "4563NF"), r"no unit 'R9' in this scenario \(units: R1, B1\)")
    _refused(ed, RemoveUnit("R1"), "last red unit")
    _refused(ed, MoveUnit("R1", "4563ZZ"), "is not a hex of map 'training'")


def test_section_9_zones() -> None:
    ed = ScenarioEditor("duel")
    _refused(ed, ToggleZone("red", "4563NF"), "outside red's set-up zone", "§9")
    ed.apply(ToggleZone("red", "4563NE"))
    ed.apply(ToggleZone("red", "4563NF"))
    assert ed.scenario.setup_zones == (SetupZone(Side.RED, ("4563NE", "4563NF")),)
    ed.apply(MoveUnit("R1", "4563NF"))
    _refused(ed, MoveUnit("R1", "4563NG"), "outside red's set-up zone", "§9")
    _refused(ed, PlaceUnit("R2", "red", "4563NG"), "outside red's set-up zone")
    _refused(ed, ToggleZone("blue", "4563NE"), "in both sides' set-up zones")
    ed.apply(ToggleZone("red", "4563NE"))  # out again: R1 is in 4563NF
    assert ed.scenario.setup_zones == (SetupZone(Side.RED, ("4563NF",)),)
    ed.apply(ToggleZone("red", "4563NF"))  # the last hex out: red has no zone, sets up anywhere
    assert ed.scenario.setup_zones == ()


def test_section_9_objectives() -> None:
    ed = ScenarioEditor("duel")
    oid = next_objective_id(ed.scenario)
    rec = ed.apply(PutObjective(hold_objective(oid, "4563OJ", 3, side="red")))
    assert rec.before == "—" and rec.after == "hold 4563OJ, 3 points, red only"
    rec = ed.apply(PutObjective(hold_objective(oid, "4563OJ", 5)))
    assert rec.before.startswith("hold 4563OJ, 3") and ed.scenario.objective(oid).points == 5
    _refused(ed, PutObjective(hold_objective("x", "4563OJ", 0)), r"points: must be 1-100")
    _refused(ed, PutObjective(hold_objective("x", "4563OJ", 101)), r"must be 1-100")
    _refused(ed, PutObjective(Objective("d", "destroy", Bilingual("B1", "蓝一"), 1,
                                        units=("B1",), side=Side.BLUE)), "is a blue unit")
    _refused(ed, PutObjective(Objective("d", "hold", Bilingual("x", "x"), 1, hex="4563OJ")),
             r"name.zh: must be the Chinese text")
    ed.apply(PutObjective(Objective("b1", "destroy", Bilingual("B1", "蓝一"), 1,
                                    units=("B1",))))
    ed.apply(PlaceUnit("B2", "blue", "4563RP"))
    _refused(ed, RemoveUnit("B1"), r"objectives\[3\].units\[0\]: no unit 'B1'")  # named there
    ed.apply(RemoveObjective("saddle"))
    _refused(ed, RemoveObjective("saddle"), r"no objective 'saddle'")
    for o in [o.id for o in ed.scenario.objectives][:-1]:
        ed.apply(RemoveObjective(o))
    _refused(ed, RemoveObjective(ed.scenario.objectives[0].id), "last objective")


def test_T_1_turns_and_the_options() -> None:
    ed = ScenarioEditor("duel")
    assert str(ed.apply(SetOption("turns", 10))) == "[T-1] turns: 6 → 10"
    _refused(ed, SetOption("turns", 0), r"turns: must be 1-50, got 0", "T-1")
    _refused(ed, SetOption("turns", 51), r"must be 1-50")
    _refused(ed, SetOption("turns", True), "expected an integer")
    ed.apply(SetOption("cards", False))
    ed.apply(SetOption("fog_of_war", False))
    ed.apply(SetOption("paper_table", True))
    ed.apply(SetOption("seed", None))
    ed.apply(SetOption("seed", 12))
    _refused(ed, SetOption("seed", -1), "seed: must be >= 0", "T-6")
    ed.apply(SetOption("min_lead", 2))
    _refused(ed, SetOption("min_lead", 0), "victory.min_lead")
    _refused(ed, SetOption("cards", "yes"), "must be true or false")
    ed.apply(SetOption("name", Bilingual("Saddle again", "再战鞍部")))
    _refused(ed, SetOption("name", Bilingual("Saddle", "")), "name.zh")
    s = ed.scenario
    assert (s.turns, s.cards, s.fog_of_war, s.paper_table, s.seed, s.victory.min_lead) == (
        10, False, False, True, 12, 2)
    with pytest.raises(RulesTypeError, match="valid: name, briefing, turns"):
        SetOption("cards_in_play", True)


def test_edit_arguments_are_checked() -> None:
    with pytest.raises(RulesError, match="unknown side 'green'"):
        PlaceUnit("R2", "green", "4563NF")
    with pytest.raises(RulesTypeError):
        MoveUnit("R2", 3)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match="unknown marker"):
        ToggleMarker("R1", "dazed")
    with pytest.raises(RulesTypeError, match="not a scenario edit"):
        apply_edit(Scenario.load("duel"), "turns=3")  # type: ignore[arg-type]


# -- history, records, helpers ----------------------------------------------------------------
def test_undo_redo_and_records() -> None:
    ed = ScenarioEditor("duel")
    s0 = ed.scenario
    r1 = ed.apply(SetOption("turns", 9))
    r2 = ed.apply(PlaceUnit("R2", "red", "4563NF"))
    s2 = ed.scenario
    assert ed.records == (r1, r2)
    assert ed.undo() == r2 and ed.undo() == r1 and ed.scenario == s0
    with pytest.raises(ScenarioEditError, match="nothing to undo"):
        ed.undo()
    assert ed.redo() == r1 and ed.redo() == r2 and ed.scenario == s2
    with pytest.raises(ScenarioEditError, match="nothing to redo"):
        ed.redo()
    ed.undo()
    ed.apply(SetOption("cards", False))
    assert not ed.can_redo  # a new edit clears the redo list
    for rec in ed.records:
        assert isinstance(record_from_dict(rec.to_dict()), ScenarioEditRecord)
        assert record_from_dict(rec.to_dict()) == rec
        assert "<table" in rec._repr_html_() or rec.steps[0].rule in rec._repr_html_()
    assert decode(encode(ed.edits)) == ed.edits


def test_verify_and_apply_functions_leave_the_scenario_alone() -> None:
    s = Scenario.load("duel")
    verify_edit(s, SetOption("turns", 7))
    assert apply_edit(s, SetOption("turns", 7)).turns == 7 and s.turns == 6
    with pytest.raises(ScenarioEditError):
        verify_edit(s, SetOption("turns", 70))


def test_new_scenario_and_ids() -> None:
    s = new_scenario("training")
    assert s.to_dict()["map"] == "training" and len(s.objectives) == 1
    assert Scenario.from_dict(s.to_dict()) == s
    assert next_unit_id(s, "red") == "R2" and next_unit_id(s, "blue") == "B2"


def test_open_any_shipped_scenario_and_refuse_a_bad_file(tmp_path: Path) -> None:
    ed = ScenarioEditor(new_scenario())
    for name in SHIPPED:
        ed.open(name)
        assert ed.scenario == Scenario.load(name) and not ed.can_undo
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    before = ed.scenario
    with pytest.raises(ScenarioFormatError):
        ed.open(bad)
    assert ed.scenario is before


def test_save_into_a_missing_folder_is_refused(tmp_path: Path) -> None:
    ed = ScenarioEditor("duel")
    with pytest.raises(ScenarioFormatError, match="cannot write"):
        ed.save(tmp_path / "no" / "such" / "x.json")


def test_a_map_named_by_path_is_kept_relative_to_the_new_file(tmp_path: Path) -> None:
    d = Scenario.load("duel").to_dict()
    d["map"] = "../training.json"
    s = Scenario.from_dict(d, source=str(SCENARIOS_DIR / "copy.json"))
    (tmp_path / "sub").mkdir()
    back = ScenarioEditor(s).save(tmp_path / "sub" / "copy.json")
    assert (tmp_path / "sub" / back.map).resolve() == (SCENARIOS_DIR.parent
                                                      / "training.json").resolve()
    assert back.hexmap().name == s.hexmap().name


# -- random edit sequences always give loadable scenarios -------------------------------------
_HEXES = ["4563NE", "4563NF", "4563NG", "4563OJ", "4563PJ", "4563RO", "4563RP", "4563ZZ",
          "4563OO", "4563PA"]
_edit = st.one_of(
    st.builds(PlaceUnit, st.sampled_from(["R1", "R2", "R3", "B2", "B3", "x"]),
              st.sampled_from(["red", "blue"]), st.sampled_from(_HEXES),
              st.sampled_from(["tank", "tank", "jeep"])),
    st.builds(MoveUnit, st.sampled_from(["R1", "R2", "B1", "B2"]), st.sampled_from(_HEXES)),
    st.builds(RemoveUnit, st.sampled_from(["R1", "R2", "B1", "B2"])),
    st.builds(SetUnitSide, st.sampled_from(["R1", "R2", "B1"]),
              st.sampled_from(["red", "blue"])),
    st.builds(ToggleMarker, st.sampled_from(["R1", "B1"]),
              st.sampled_from(["suppressed", "weapon_lost", "fired"])),
    st.builds(ToggleZone, st.sampled_from(["red", "blue"]), st.sampled_from(_HEXES)),
    st.builds(lambda oid, h, p: PutObjective(hold_objective(oid, h, p)),
              st.sampled_from(["a", "b", "saddle"]), st.sampled_from(_HEXES),
              st.integers(-1, 102)),
    st.builds(RemoveObjective, st.sampled_from(["a", "saddle", "tanks"])),
    st.builds(SetOption, st.sampled_from(["turns", "seed", "min_lead"]),
              st.integers(-2, 55)),
    st.builds(SetOption, st.sampled_from(["cards", "fog_of_war", "paper_table"]),
              st.sampled_from([True, False, 1])),
)


def _random_sequence(edits, start: str) -> None:
    ed = ScenarioEditor(start)
    history = [ed.scenario]
    for e in edits:
        before = ed.scenario
        try:
            ed.apply(e)
        except ScenarioEditError:
            assert ed.scenario is before
            continue
        history.append(ed.scenario)
        # every state is one the loader reads back, equal
        assert Scenario.from_dict(json.loads(json.dumps(ed.scenario.to_dict()))) == ed.scenario
    while ed.can_undo:
        ed.undo()
        history.pop()
        assert ed.scenario == history[-1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_edit, max_size=25))
def test_random_edit_sequences_always_give_loadable_scenarios(edits) -> None:
    _random_sequence(edits, "duel")


@pytest.mark.slow
@pytest.mark.parametrize("start", SHIPPED)
def test_many_random_edit_sequences_on_every_shipped_scenario(start: str) -> None:
    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(_edit, max_size=40))
    def run(edits) -> None:
        _random_sequence(edits, start)

    run()
