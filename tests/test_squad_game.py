"""The squad variant as a game (Appendix A, Q-6, Q-9…Q-15, Q-23…Q-28): plans, the movement
phase with detection after every step, standing orders, the attack phase, fog of war, random
play, replay, save and load, illegal orders."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from squad_support import at, check_no_leak, deployed, no_plans

from hexrules.dice import Dice, ScriptedDice
from hexrules.errors import (
    GameFormatError,
    IllegalOrderError,
    OutOfTurnError,
    ReplayDivergedError,
    ScenarioFormatError,
)
from hexrules.map import Hex
from hexrules.units import Side
from hexrules.variants.squad import (
    ActionPlan,
    Attack,
    AttackPlan,
    AttackRecord,
    ChangePosture,
    Deployment,
    Heal,
    SquadGame,
    SquadPhase,
    SquadState,
    StepAction,
    Team,
    TeamPlan,
    TurnAction,
    legal_actions,
    load_scenario,
    play_random,
    random_order,
)
from hexrules.variants.squad.scenario import SQUAD_DIR


def T(tid: str, side: str, kind: str, h: Hex, **kw: object) -> Team:
    return Team(tid, side, kind, h, **kw)  # type: ignore[arg-type]


def attacks(rec: object) -> list[AttackRecord]:
    return [p for p in rec.parts if isinstance(p, AttackRecord)]  # type: ignore[attr-defined]


# -- Q-28 the lesson scenario ----------------------------------------------------------------
def test_Q_28_lesson_scenario_as_data() -> None:
    s = load_scenario("lesson")
    m = s.ground.hexmap
    assert (m.cols, m.rows, s.turns) == (40, 30, 8)
    for side in Side:
        kinds = sorted(t.kind for t in s.teams if t.side is side)
        assert kinds == ["marksman", "medic", "three_man", "three_man", "two_man"]
        assert all(s.in_zone(side, t.hex) for t in s.teams if t.side is side)
    assert s.zones == {Side.RED: (0, 4), Side.BLUE: (35, 39)}
    assert s.ground.terrain(s.objective).key == "building"


@pytest.mark.parametrize(("path", "value", "match"), [
    (("teams", "red", 0, "hex"), "0099", r"teams\.red\[0\]\.hex: '0099' is off the map"),
    (("teams", "red", 1, "hex"), "0312", r"teams\.red\[1\]\.hex: 0312 already holds R1"),
    (("teams", "blue", 0, "type"), "tank", r"teams\.blue\[0\]\.type: unknown unit type"),
    (("teams", "red", 0, "hex"), "2015", r"outside red's deployment zone"),
    (("vegetation", 0), "2015", r"vegetation: 2015 is not an open hex"),
    (("turns",), 0, r"turns: must be a whole number"),
    (("map",), "nowhere", r"lesson\.json: map:"),
])
def test_Q_28_scenario_errors_name_the_file_and_entry(tmp_path: Path, path: tuple,
                                                       value: object, match: str) -> None:
    data = json.loads((SQUAD_DIR / "lesson.json").read_text(encoding="utf-8"))
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    p = tmp_path / "lesson.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioFormatError, match=match):
        load_scenario(p)


# -- Q-11 the sequence ------------------------------------------------------------------------
def test_Q_11_sequence_deployment_then_turns_of_four_steps() -> None:
    s = SquadState.new("lesson", seed=5)
    assert s.phase is SquadPhase.DEPLOYMENT and s.to_act is Side.RED
    rng = random.Random(5)
    s, _ = s.apply(random_order(s, rng))
    assert s.to_act is Side.BLUE and s.phase is SquadPhase.DEPLOYMENT
    s, _ = s.apply(random_order(s, rng))
    assert (s.phase, s.turn) == (SquadPhase.ACTION_PLANS, 1)
    s = no_plans(s)
    assert s.phase is SquadPhase.ATTACK_PLANS and s.first is not None
    s = no_plans(s)
    assert (s.phase, s.turn) == (SquadPhase.ACTION_PLANS, 2)
    assert [p.rule for p in s.log[-1].parts][-1] == "Q-11"      # the end of the turn
    for _ in range(7):
        s = no_plans(no_plans(s))
    assert s.over and s.turn == 8 and s.log[-1].parts[-1].rule == "Q-28"


def test_Q_11_deployment_is_checked() -> None:
    s = SquadState.new("lesson", seed=1)
    red = [t for t in s.teams if t.side is Side.RED]
    from hexrules.variants.squad import Placement

    bad = Deployment("red", tuple(Placement(t.id, at(20, 3), 2) for t in red))
    with pytest.raises(IllegalOrderError, match="outside red's zone"):
        s.apply(bad)
    with pytest.raises(IllegalOrderError, match="each of its teams once"):
        s.apply(Deployment("red", ()))


# -- Q-12 alternating single steps, detection after each -----------------------------------------
def _duel(dice: list[int], **red: object) -> SquadState:
    red.setdefault("facing", 2)
    teams = [T("R1", "red", "three_man", at(2, 3), **red),
             T("B1", "blue", "three_man", at(13, 3), facing=5, order="covert")]
    return deployed(teams, ScriptedDice(dice, then=Dice(seed=0)))


def test_Q_12_alternating_single_steps_with_detection_after_each() -> None:
    s = _duel([2], posture="concealed", order="covert")   # blue first (even)
    s, _ = s.apply(ActionPlan("red", (TeamPlan("R1", "covert", (TurnAction(3), TurnAction(2))),)))
    s, rec = s.apply(ActionPlan("blue", (TeamPlan("B1", "covert", (ChangePosture("concealed"),
                                                                   TurnAction(4))),)))
    titles = [(p.rule, getattr(p, "title", "")) for p in rec.parts]
    assert titles[0][0] == "Q-12" and titles[1][0] == "Q-13"        # checked before any action
    moves = [t for r, t in titles if r == "Q-12"][1:]
    assert moves == ["Blue 蓝方 moves one step", "Red 红方 moves one step"] * 2
    after_each = [titles[i + 1][0] for i, (r, t) in enumerate(titles) if "moves one step" in t]
    assert after_each == ["Q-13"] * 4
    assert s.team("R1").facing == 2 and s.team("B1").posture.value == "concealed"
    assert rec.rolls[0].rule == "Q-12"


def test_Q_12_a_step_into_an_occupied_hex_ends_the_movement() -> None:
    teams = [T("R1", "red", "three_man", at(2, 3), facing=2),
             T("R2", "red", "three_man", at(4, 3), facing=2),
             T("B1", "blue", "three_man", at(14, 7), facing=5, posture="concealed")]
    s = deployed(teams, ScriptedDice([1]))
    s, _ = s.apply(ActionPlan("red", (TeamPlan("R1", "covert", (StepAction(2), StepAction(2))),)))
    s, rec = s.apply(ActionPlan("blue"))
    assert s.team("R1").hex == at(3, 3)
    assert any("occupied" in st.result for st in rec.steps)


# -- standing orders -------------------------------------------------------------
def test_Q_10_engage_on_sight_attacks_at_once_with_the_penalty() -> None:
    # R1 engages B1 at the first check: d 10 ≤ R′ 15, D′ 15; actual distance 10 ≤ 12
    s = _duel([1, 1, 5], order="engage")
    s, _ = s.apply(ActionPlan("red", (TeamPlan("R1", "engage", (StepAction(2),)),)))
    s, rec = s.apply(ActionPlan("blue"))
    (a,) = attacks(rec)
    assert a.kind == "triggered" and a.attackers == ("R1",) and a.opens_fire
    assert a.rules[:3] == ("Q-16", "Q-18", "Q-17") and a.a == 1 and a.hit and a.loss == 1
    assert s.team("B1").defence == 2 and s.team("R1").hex == at(2, 3)   # stopped in place
    assert s.team("R1").triggered and s.removed_by("red") == 1
    assert s.detects(Side.BLUE, "R1")


def test_Q_24_nearest_by_actual_distance_and_one_triggered_attack_a_turn() -> None:
    teams = [T("R1", "red", "three_man", at(2, 3), facing=2, order="engage"),
             T("B1", "blue", "three_man", at(9, 3), facing=5, posture="upright"),
             T("B2", "blue", "three_man", at(8, 1), facing=5, posture="upright")]
    g_cover = [at(8, 1)]   # B2 is nearer in hexes but its cover adds 2
    s = deployed(teams, ScriptedDice([1, 6, 6], then=Dice(seed=1)), cover=g_cover)
    s, _ = s.apply(ActionPlan("red"))
    s, rec = s.apply(ActionPlan("blue"))
    (a,) = attacks(rec)
    assert a.target == "B1"
    assert s.team("R1").triggered


def test_Q_10_covert_does_not_react_and_search_stops() -> None:
    teams = [T("R1", "red", "three_man", at(2, 3), facing=2, order="search",
               posture="upright", contact="concealed"),
             T("R2", "red", "three_man", at(2, 5), facing=2, order="covert"),
             T("B1", "blue", "three_man", at(12, 3), facing=5, posture="upright")]
    s = deployed(teams, ScriptedDice([2]))   # blue first: B1 turns, then R1 steps …
    s, _ = s.apply(ActionPlan("red", (
        TeamPlan("R1", "search", (StepAction(2), StepAction(2)), "concealed"),
        TeamPlan("R2", "covert", (StepAction(2), StepAction(2))))))
    s, rec = s.apply(ActionPlan("blue"))
    r1, r2 = s.team("R1"), s.team("R2")
    assert r1.posture.value == "concealed" and r1.hex == at(2, 3)   # stopped at the first check
    assert r2.hex == at(4, 5)                                        # carried on
    assert not attacks(rec)
    assert any(st.rule == "Q-10" and "R1" in st.title for st in rec.steps)


# -- Q-25 attack phase, Q-21 initiative, Q-15 reveal, Q-23 flip-back ------------------------------
def test_Q_25_written_attacks_are_simultaneous_and_both_open_fire() -> None:
    s = _duel([1, 1, 1, 1, 1], posture="upright", order="covert")
    s = no_plans(s)
    assert s.detects(Side.RED, "B1") and s.detects(Side.BLUE, "R1")
    s, _ = s.apply(AttackPlan("red", attacks=(Attack(("R1",), "B1"),)))
    s, rec = s.apply(AttackPlan("blue", attacks=(Attack(("B1",), "R1"),)))
    a, b = attacks(rec)
    assert a.opens_fire and b.opens_fire and a.hit and b.hit
    assert not a.effects and any(p.rule == "Q-25" for p in rec.parts if hasattr(p, "rule"))
    assert (s.team("R1").defence, s.team("B1").defence) == (2, 2)


def test_Q_21_answering_fire_does_not_open_fire() -> None:
    s = _duel([1, 1, 6], order="engage")           # R1 attacks B1 in the movement phase (miss)
    s = no_plans(s)
    assert attacks(s.log[-1])[0].opens_fire
    s, _ = s.apply(AttackPlan("red"))
    s, rec = s.apply(AttackPlan("blue", attacks=(Attack(("B1",), "R1"),)))
    (b,) = attacks(rec)
    assert not b.opens_fire and len(b.rolls) == 1


def test_Q_23_suppressed_in_the_attack_phase_skips_the_next_turns() -> None:
    teams = [T("R1", "red", "two_man", at(4, 3), facing=2, posture="upright"),
             T("B1", "blue", "four_man", at(8, 3), facing=5, posture="upright")]
    s = deployed(teams, ScriptedDice([1, 1, 1], then=Dice(seed=2)))
    s = no_plans(s)
    s, _ = s.apply(AttackPlan("red"))
    s, _ = s.apply(AttackPlan("blue", attacks=(Attack(("B1",), "R1"),)))
    r1 = s.team("R1")
    assert r1.defence == 1 and r1.suppressed_until == 2 and s.turn == 2
    s = no_plans(s)
    s, _ = s.apply(AttackPlan("red", attacks=(Attack(("R1",), "B1"),)))
    s, rec = s.apply(AttackPlan("blue"))
    assert attacks(rec)[0].dropped == ("R1",)
    assert s.team("R1").suppressed_until is None                  # flipped back at turn 2's end


def test_Q_15_an_attacker_is_revealed_for_the_rest_of_the_turn() -> None:
    # R1 concealed (D′ 11) sees B1 upright (D′ 17) at 10 from its front hex; B1, facing away
    # (rear: R′ 9), cannot detect R1 until R1 fires
    teams = [T("R1", "red", "three_man", at(2, 3), facing=2, order="engage",
               posture="concealed"),
             T("B1", "blue", "three_man", at(13, 3), facing=2, posture="upright")]
    s = deployed(teams, ScriptedDice([1, 6, 6], then=Dice(seed=5)))
    s, _ = s.apply(ActionPlan("red"))
    s, rec = s.apply(ActionPlan("blue"))
    (a,) = attacks(rec)
    assert a.attackers == ("R1",) and not a.hit
    assert (Side.BLUE, "R1") in s.revealed and (Side.BLUE, "R1") not in s.detected
    assert s.detects(Side.BLUE, "R1") and [k.id for k in s.view("blue").known] == ["R1"]
    s = no_plans(s)                                              # the end of the turn
    assert not s.revealed and not s.detects(Side.BLUE, "R1")


# -- Q-6 medics ------------------------------------------------------------------------------
def test_Q_6_medic_heals_one_adjacent_friend_and_both_skip_attacks() -> None:
    teams = [T("R1", "red", "three_man", at(2, 3), facing=2, defence=1, posture="concealed"),
             T("R5", "red", "medic", at(2, 4), facing=2, posture="concealed"),
             T("R2", "red", "three_man", at(2, 6), facing=2, posture="concealed"),
             T("B1", "blue", "three_man", at(14, 7), facing=5, posture="concealed")]
    s = no_plans(deployed(teams, ScriptedDice([1], then=Dice(seed=3))))
    for bad, match in [((Heal("R5", "R5"),), "itself"), ((Heal("R5", "R2"),), "distance 1"),
                       ((Heal("R2", "R1"),), "not a medic"),
                       ((Heal("R5", "R1"), Heal("R5", "R1")), "one team a phase")]:
        with pytest.raises(IllegalOrderError, match=match):
            s.apply(AttackPlan("red", heals=bad))
    full = [t.but(defence=None) if t.id == "R1" else t for t in teams]
    s_full = no_plans(deployed(full, ScriptedDice([1], then=Dice(seed=3))))
    with pytest.raises(IllegalOrderError, match="theoretical defence"):
        s_full.apply(AttackPlan("red", heals=(Heal("R5", "R1"),)))
    s.detected  # noqa: B018
    with pytest.raises(IllegalOrderError, match="skips the attack phase"):
        s.apply(AttackPlan("red", heals=(Heal("R5", "R1"),), attacks=(Attack(("R1",), "B1"),)))
    s, _ = s.apply(AttackPlan("red", heals=(Heal("R5", "R1"),)))
    s, rec = s.apply(AttackPlan("blue"))
    assert s.team("R1").defence == 2 and rec.parts[0].rules == ("Q-6",)


# -- illegal orders refused, state unchanged --------------------------------------------
def test_Q_27_illegal_orders_are_refused_and_change_nothing() -> None:
    s = SquadState.new("lesson", seed=2)
    rng = random.Random(2)
    s, _ = s.apply(random_order(s, rng))
    s, _ = s.apply(random_order(s, rng))
    snapshot = json.dumps(s.to_dict(), sort_keys=True)
    r1 = s.team("R1")
    other = r1.facing % 6 + 1
    spin = tuple(TurnAction(other if k % 2 == 0 else r1.facing) for k in range(6))  # 6 AP > 5
    cases = [
        (ActionPlan("blue"), OutOfTurnError, "red's plan"),
        (AttackPlan("red"), OutOfTurnError, "not awaited"),
        (ActionPlan("red", (TeamPlan("B1"),)), IllegalOrderError, "red has no team 'B1'"),
        (ActionPlan("red", (TeamPlan("Z9"),)), IllegalOrderError, "red has no team 'Z9'"),
        (ActionPlan("red", (TeamPlan("R1"), TeamPlan("R1"))), IllegalOrderError, "two lines"),
        (ActionPlan("red", (TeamPlan("R1", actions=(TurnAction(r1.facing),)),)),
         IllegalOrderError, "already faces"),
        (ActionPlan("red", (TeamPlan("R1", actions=(ChangePosture(r1.posture),)),)),
         IllegalOrderError, "already"),
        (ActionPlan("red", (TeamPlan("R1", actions=spin),)), IllegalOrderError,
         "costs 1 AP, 0 left"),
        ("not an order", TypeError, "ActionPlan"),
    ]
    for order, err, match in cases:
        with pytest.raises(err, match=match):
            s.apply(order)  # type: ignore[arg-type]
        assert not s.can(order)  # type: ignore[arg-type]
        assert json.dumps(s.to_dict(), sort_keys=True) == snapshot


def test_Q_27_the_instructor_overrides_a_result_by_hand_and_it_is_logged() -> None:
    from hexrules.variants.squad import Override

    s = _duel([1], posture="concealed")
    with pytest.raises(IllegalOrderError, match="reason"):
        s.apply(Override("R1", " ", defence=1))
    with pytest.raises(IllegalOrderError, match="0…3"):
        s.apply(Override("R1", "hit by a grenade", defence=7))
    s2, rec = s.apply(Override("R1", "hit by a grenade", defence=1, suppressed_until=1))
    assert s2.team("R1").defence == 1 and s2.team("R1").suppressed
    assert rec.rules == ("Q-27",) and rec.effects[0].after.defence == 1
    assert s2.to_act is s.to_act and s2.replay() == s2


def test_Q_13_fast_sight_agrees_with_the_exact_line_on_the_campus() -> None:
    g = load_scenario("lesson").ground
    rng = random.Random(1)
    hexes = [h for h in g.hexmap if g.passable(h)]
    for _ in range(300):
        a, b = rng.sample(hexes, 2)
        assert g.sees(a, b) == g.sight_record(a, b).visible


def test_Q_9_attack_on_an_undetected_enemy_is_refused_without_a_leak() -> None:
    s = _duel([1], posture="concealed", order="covert", facing=5)  # R1 looks away
    s = no_plans(s)
    assert not s.detects(Side.RED, "B1") and s.detects(Side.BLUE, "R1")
    with pytest.raises(IllegalOrderError) as real:
        s.apply(AttackPlan("red", attacks=(Attack(("R1",), "B1"),)))
    with pytest.raises(IllegalOrderError) as fake:
        s.apply(AttackPlan("red", attacks=(Attack(("R1",), "B7"),)))
    assert str(real.value).replace("B1", "?") == str(fake.value).replace("B7", "?")


# -- fog of war: nothing undetected leaks -----------------------------------------------------
def test_Q_13_the_view_hides_undetected_teams() -> None:
    s = _duel([1], posture="concealed", order="covert", facing=5)
    s = no_plans(s)
    v = s.view("red")
    assert [k.id for k in v.known] == [] and [t.id for t in v.own] == ["R1"]
    check_no_leak(s)
    lit = _duel([1, 6, 6], posture="upright")
    lit = no_plans(lit)
    k = lit.view("blue").known
    assert [x.id for x in k] == ["R1"] and not k[0].lit and k[0].posture is None


def test_Q_14_lit_teams_show_full_status() -> None:
    teams = [T("R1", "red", "three_man", at(4, 3), facing=2, posture="concealed"),
             T("B1", "blue", "three_man", at(7, 3), facing=5, posture="concealed")]
    s = no_plans(deployed(teams, ScriptedDice([1])))
    (k,) = s.view("red").known
    assert k.lit and k.posture.value == "concealed" and k.defence == 3 and k.facing == 5


@pytest.mark.parametrize("seed", range(4))
def test_Q_13_random_games_never_leak_an_undetected_team(seed: int) -> None:
    s = SquadState.new("lesson", seed=seed)
    rng = random.Random(seed)
    while not s.over:
        check_no_leak(s)
        s, _ = s.apply(random_order(s, rng))
    check_no_leak(s)


# -- reliability: random legal play, replay, save and load --------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_Q_12_random_legal_play_to_the_end_keeps_the_invariants(seed: int) -> None:
    s = SquadState.new("lesson", seed=seed)
    rng = random.Random(seed)
    while not s.over:
        order = random_order(s, rng)
        assert s.can(order)
        s, rec = s.apply(order)
        hexes = [t.hex for t in s.teams]
        assert len(hexes) == len(set(hexes))                       # one unit per hex
        for t in s.teams:
            assert 0 <= t.defence <= t.type().defence
            assert s.ground.passable(t.hex)
        if s.phase is SquadPhase.ACTION_PLANS:
            assert not any(t.killed for t in s.teams)             # removed at the end of the turn
        assert all(r.rule.startswith("Q-") for r in rec.rolls)
    assert s.turn == 8 and s.log[-1].parts[-1].rule == "Q-28"


def test_Q_12_replay_save_load_and_clone_are_equal() -> None:
    s = play_random(SquadState.new("lesson", seed=11), random.Random(11))
    assert s.replay() == s
    back = SquadState.from_dict(json.loads(json.dumps(s.to_dict(), ensure_ascii=False)))
    assert back == s and back.replay() == s
    g = SquadGame(s)
    assert g.clone().state == g.state


def test_Q_12_a_tampered_log_fails_to_replay(tmp_path: Path) -> None:
    s = play_random(SquadState.new("lesson", seed=4), random.Random(4))
    p = tmp_path / "game.json"
    s.save(p)
    assert SquadState.load(p) == s
    data = json.loads(p.read_text(encoding="utf-8"))
    rec = next(r for r in data["log"] if r["rolls"])
    rec["rolls"][0]["value"] = rec["rolls"][0]["value"] % 6 + 1
    with pytest.raises(ReplayDivergedError):
        SquadState.from_dict(data).replay()
    with pytest.raises(GameFormatError):
        SquadState.from_dict({"format": "nope"})


def test_Q_9_legal_actions_are_accepted() -> None:
    s = no_plans(_duel([2], posture="concealed"))
    s = no_plans(s)
    acts = legal_actions(s, "R1")
    for a in acts:
        assert s.can(ActionPlan("red", (TeamPlan("R1", actions=(a,)),)))


def test_Q_13_what_a_side_does_not_detect_does_not_change_its_view_or_its_player() -> None:
    from dataclasses import replace

    from hexrules.variants.squad import RandomSquadPlayer

    s = SquadState.new("lesson", seed=3, deployed=True)
    hidden = s.team("B4")
    assert not s.detects(Side.RED, "B4")
    moved = replace(s, teams=tuple(t.but(hex=at(38, 27), posture="upright", defence=1)
                                   if t.id == "B4" else t for t in s.teams))
    assert moved.team("B4") != hidden and moved.view("red") == s.view("red")
    a = RandomSquadPlayer(seed=9).decide(s.view("red"), s.scenario).order
    b = RandomSquadPlayer(seed=9).decide(moved.view("red"), moved.scenario).order
    assert a == b and s.can(a)


def test_Q_24_the_waiting_side_fires_first_and_its_losses_apply_at_once() -> None:
    from hexrules.map import HexMap

    teams = [T("R1", "red", "two_man", at(2, 3), facing=2, order="engage", posture="upright"),
             T("B1", "blue", "three_man", at(16, 3), facing=5, order="engage",
               posture="upright")]
    s = deployed(teams, ScriptedDice([1, 1, 4]), hexmap=HexMap.flat(30, 8))
    s, _ = s.apply(ActionPlan("red", (TeamPlan("R1", "engage", (StepAction(2),)),)))
    s, rec = s.apply(ActionPlan("blue"))
    first, second = attacks(rec)
    assert (first.attackers, first.target, first.hit) == (("B1",), "R1", True)  # blue waited
    assert second.dropped == ("R1",) and second.rolls == ()      # suppressed at once: drops out
    assert "suppressed" in [st for st in second.steps if st.rule == "Q-16"][0].result
    r1 = s.team("R1")
    assert r1.defence == 1 and r1.suppressed_until == 1 and r1.triggered   # spent
    assert [r.purpose for r in rec.rolls] == ["who moves first", "B1→R1 (die 1/2)",
                                              "B1→R1 (die 2/2)"]


def test_Q_11_a_game_of_a_scenario_made_in_memory_saves_and_loads() -> None:
    s = _duel([1, 1, 1], order="engage")
    s, _ = s.apply(ActionPlan("red"))
    s, _ = s.apply(ActionPlan("blue"))
    data = json.loads(json.dumps(s.to_dict(), ensure_ascii=False))
    with pytest.raises(GameFormatError, match="no squad scenario file"):
        SquadState.from_dict(data)
    back = SquadState.from_dict(data, scenario=s.scenario)
    assert back == s and back.replay() == s
