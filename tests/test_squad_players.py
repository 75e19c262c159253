"""The squad variant's computer players through the shared protocol (Q-9…Q-11, Q-16, Q-28)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from hexrules.players import Decision, Player, PlayerError
from hexrules.records import decode, encode
from hexrules.units import Side
from hexrules.variants.squad import (
    ActionPlan,
    AttackPlan,
    Deployment,
    ObjectivePlayer,
    PlanSpace,
    RandomSquadPlayer,
    SquadGame,
    SquadState,
    legal_plans,
)
from hexrules.variants.squad.players import play
from hexrules.variants.squad.teams import hex_name


def test_Q_9_players_follow_the_shared_protocol_and_explain() -> None:
    assert isinstance(ObjectivePlayer(), Player) and isinstance(RandomSquadPlayer(), Player)
    g = SquadGame.new("lesson", seed=5)
    seen: list[Decision] = []
    play(g, {"red": ObjectivePlayer(seed=1), "blue": ObjectivePlayer(seed=2)},
         each=lambda d, r: seen.append(d))
    assert g.state.over and g.state.replay() == g.state
    kinds = {type(d.order) for d in seen}
    assert kinds == {Deployment, ActionPlan, AttackPlan}
    assert all(d.chosen is not None and d.chosen.note for d in seen)
    assert all(decode(json.loads(json.dumps(encode(d)))) == d for d in seen[:6])
    assert "<table>" in seen[0]._repr_html_()


def test_Q_11_plan_space_is_public_and_describes_the_phase() -> None:
    s = SquadState.new("lesson", seed=1)
    space = legal_plans(s)
    assert isinstance(space, PlanSpace) and space.side is Side.RED
    assert all(s.scenario.in_zone(Side.RED, h) for h in space.deploy_hexes())
    r1 = s.team("R1")
    assert space.actions(r1) == __import__(
        "hexrules.variants.squad", fromlist=["legal_actions"]).legal_actions(s, "R1")
    done = SquadState.new("lesson", seed=1)
    while not done.over:
        done, _ = done.apply(RandomSquadPlayer(seed=3).decide(
            done.view(done.to_act), legal_plans(done)).order)
    with pytest.raises(ValueError, match="over"):
        legal_plans(done)


def test_Q_28_objective_player_plays_to_the_objective() -> None:
    wins = 0
    for seed in range(4):
        g = SquadGame.new("lesson", seed=seed)
        obj, rnd = ("red", "blue") if seed % 2 == 0 else ("blue", "red")
        play(g, {obj: ObjectivePlayer(seed=seed), rnd: RandomSquadPlayer(seed=seed)})
        wins += g.state.winner is Side.parse(obj)
    assert wins >= 3
    # its first action plan brings every team nearer the objective
    s = SquadState.new("lesson", seed=1, deployed=True)
    d = ObjectivePlayer().decide(s.view("red"), legal_plans(s))
    assert isinstance(d.order, ActionPlan) and s.can(d.order)
    assert d.chosen.score > d.candidates[1].score  # better than holding still
    assert hex_name(s.scenario.objective) in d.chosen.note


def test_Q_13_objective_player_decides_from_the_view_alone() -> None:
    s = SquadState.new("lesson", seed=3, deployed=True)
    assert not s.detects(Side.RED, "B4")
    moved = replace(s, teams=tuple(t.but(posture="upright", defence=1) if t.id == "B4" else t
                                   for t in s.teams))
    assert moved.view("red") == s.view("red")
    a = ObjectivePlayer(seed=9).decide(s.view("red"), legal_plans(s))
    b = ObjectivePlayer(seed=9).decide(moved.view("red"), legal_plans(moved))
    assert a == b and s.can(a.order)


def test_Q_9_a_player_that_returns_an_illegal_plan_is_refused() -> None:
    class Cheat:
        name = "cheat"

        def decide(self, view, legal):  # noqa: ANN001, ANN202
            return Decision(ActionPlan("blue"))

    g = SquadGame.new("lesson", seed=1)
    with pytest.raises(PlayerError, match="not legal now"):
        play(g, {"red": Cheat(), "blue": Cheat()})
    assert g.state == SquadGame.new("lesson", seed=1).state


def test_Q_15_a_side_reads_only_its_part_of_the_log() -> None:
    from hexrules.game.logview import names
    from hexrules.variants.squad.logview import hidden_words, public_log
    from hexrules.variants.squad.records import AttackRecord, DetectionRecord, HealRecord

    g = SquadGame.new("lesson", seed=7)
    play(g, {"red": ObjectivePlayer(seed=1), "blue": ObjectivePlayer(seed=2)}, max_orders=26)
    s = g.state
    mine = {t.id for t in s.teams if t.side is Side.RED}
    hidden = hidden_words(s, "red")
    log = public_log(s, "red")
    assert len(log) == len(s.log)
    parts = detections = 0
    for (summary, rec), full in zip(log, s.log, strict=True):
        if full.side is Side.BLUE:
            assert "plan handed in" in summary and (rec is None or rec.order is None)
        if rec is None:
            continue
        for p in rec.parts:
            parts += 1
            if isinstance(p, DetectionRecord):
                assert p.observer in mine
            if isinstance(p, AttackRecord):
                assert p.target in mine or set(p.attackers) & mine
            if isinstance(p, HealRecord):
                assert p.medic in mine
            if getattr(p, "rule", "") == "Q-13":        # the detection check's steps
                seen_by = {st.title.split(" → ")[0] for st in p.steps if " → " in st.title}
                assert seen_by <= mine
                detections += len(seen_by)
            assert not names(f"{p}\n{p._repr_html_()}", hidden)
    assert parts and detections
    full = sum(" → " in st.title and st.title.startswith("B") for r in s.log for p in r.parts
               if getattr(p, "rule", "") == "Q-13" for st in p.steps)
    assert full                                        # blue's detections exist, unread
