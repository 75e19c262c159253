"""The scenario player (widgets/player.py) driven from Python: two full turns against the
computer by clicks and buttons, with fog of war; no hidden unit's id in any widget state."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hexrules_widgets.player import (
    PlayerController,
    ScenarioPlayer,
    Screen,
    named_ids,
    widget_states,
)

from hexrules.game import DeclareFire, EndMove, PlanFire, StartMove, StepTo
from hexrules.units import Side


def leaks(text: str, ids: set[str]) -> list[str]:
    return named_ids(text, ids)


def _state_text(p: ScenarioPlayer) -> str:
    return json.dumps(widget_states(p), ensure_ascii=False, default=str)


def _hidden_ids(p: ScenarioPlayer, side: Side) -> set[str]:
    return p.controller.hidden(side)[0]


def play_one(p: ScenarioPlayer) -> str:
    """One order of the person by the widget's clicks and buttons; what was done."""
    s: Screen = p.screen
    kinds = {type(o) for o in s.orders}
    m = p.board.hexmap
    if StepTo in kinds and len(s.view.move.path) < 3:
        step = next(o for o in s.orders if isinstance(o, StepTo))
        p.click(step.to if not isinstance(step.to, str) else m.parse(step.to))
        return "step"
    if EndMove in kinds:
        p.press("End of the move")
        return "end"
    fire = [o for o in s.orders if isinstance(o, DeclareFire)]
    if fire:
        f = fire[0].fire
        units = {u.id: u for u in s.view.units}
        for i in f.shooters:
            p.click(units[i].hex)
        p.click(units[f.target].hex)
        return "fire"
    starts = [o for o in s.orders if isinstance(o, StartMove)]
    if starts:
        unit = {u.id: u for u in s.view.units}[starts[0].unit]
        p.click(unit.hex)
        return "start"
    if PlanFire in kinds:
        plans = [o for o in s.orders if isinstance(o, PlanFire)]
        p.click(plans[len(plans) // 2].target)
        return "plan"
    p.order_buttons[0].click()
    return "button"


@pytest.mark.parametrize("scenario", ["duel", "village"])
def test_two_turns_against_the_computer_with_fog_of_war_leak_nothing(scenario: str) -> None:
    p = ScenarioPlayer(scenario=scenario, red="human", blue="normal", fog=True, seed=5)
    done: list[str] = []
    moved: set[str] = set()
    for _ in range(400):
        state = p.controller.game.state
        if state.turn > 2 or state.over:
            break
        assert p.screen.view.side is Side.RED
        hidden = _hidden_ids(p, Side.RED)
        assert not leaks(_state_text(p), hidden), (done[-5:], leaks(_state_text(p), hidden))
        starts = [o for o in p.screen.orders if isinstance(o, StartMove)
                  and o.unit not in moved]
        if starts:  # move each unit once, then pass
            moved.add(starts[0].unit)
        elif any(isinstance(o, StartMove) for o in p.screen.orders):
            p.press("Pass")
            done.append("pass")
            continue
        done.append(play_one(p))
    state = p.controller.game.state
    assert state.turn > 2 or state.over, done
    assert {"step", "start"} <= set(done), done
    assert p.controller.decisions, "the computer decided"
    assert len(p.log_html.value) > 100


def test_a_refused_order_names_the_rule_and_changes_nothing() -> None:
    p = ScenarioPlayer(scenario="duel", red="human", blue="normal", fog=True, seed=3)
    p.press("Pass")  # red passes in the direct-fire phase
    c = p.controller
    while not any(isinstance(o, StartMove) for o in p.screen.orders):
        p.press(p.order_buttons[0].description)
    r1 = next(u for u in p.screen.view.units if u.id == "R1")
    p.click(r1.hex)
    before = c.game.state
    far = p.board.hexmap.parse("4563AA")
    p.click(far)
    assert c.game.state is before
    assert "✗" in p.status_line.value and re.search(r"[A-Z]-\d", p.status_line.value)


def test_undo_save_and_load(tmp_path: Path) -> None:
    p = ScenarioPlayer(scenario="duel", red="human", blue="normal", fog=True, seed=3)
    start = p.controller.game.state
    p.press("Pass")
    assert p.controller.game.state != start
    p.undo_button.click()
    assert p.controller.game.state == start
    p.press("Pass")
    p.path_text.value = str(tmp_path / "g.json")
    p.save_button.click()
    saved = p.controller.game.state
    p.undo_button.click()
    p.load_button.click()
    assert p.controller.game.state.to_dict() == saved.to_dict()


def test_hot_seat_shows_the_side_to_act_behind_a_curtain_and_computers_step() -> None:
    p = ScenarioPlayer("meeting", red="human", blue="human", fog=True, seed=2)
    c = p.controller
    first = c.game.state.to_act
    assert p.screen.view.side is first and not p.screen.curtain
    p.press("Pass")
    assert c.game.state.to_act is first.opponent
    assert p.screen.curtain and not p.screen.view.units and not p.counters.counters
    mine = {u.id for u in c.game.state.units if u.side is first.opponent}
    assert not named_ids(_state_text(p), mine) and not p.log_html.value
    p.press("Show")
    assert p.screen.view.side is first.opponent and not p.screen.curtain
    assert p.counters.counters
    both = PlayerController("duel", red="easy", blue="normal", fog=True, seed=2)
    assert both.screen().waiting and both.computer_step()
    assert both.screen().view.side is Side.RED


def test_the_drawing_takes_a_view_only() -> None:
    p = ScenarioPlayer(scenario="village", red="human", blue="hard", fog=True, seed=1)
    from hexrules.game import GameState

    for value in vars(p.screen).values():
        assert not isinstance(value, GameState)
    assert not any(hasattr(o, "state") for o in p.screen.orders)
    assert type(p.screen.orders) is tuple


def test_the_enemy_hand_and_fire_plans_stay_secret_without_fog() -> None:
    p = ScenarioPlayer(scenario="village", red="human", blue="normal", fog=False, seed=5)
    for _ in range(300):
        if p.controller.game.state.turn > 2:
            break
        play_one(p)
    state = p.controller.game.state
    blue_plans = [pl for pl in state.cards.plans if pl.side is Side.BLUE]
    blue_drawn = [h.card for h in state.cards.held_by("blue")] + list(
        state.cards.discards("blue"))
    assert blue_drawn and blue_plans, "blue drew a card and made a fire plan"
    text = p.log_html.value + p.explain_html.value
    assert "PlanFire" not in text
    for card in blue_drawn:
        assert f"draws {card.rule}" not in text
    for pl in blue_plans:
        assert f"弹着格: {state.hexmap.name_of(pl.target)}" not in text


def test_fire_by_clicks_shooters_then_target_with_scripted_dice() -> None:
    from hexrules import HexMap, ScriptedDice, Unit
    from hexrules.game import GameState, Options

    m = HexMap.load("training")
    units = [Unit("R1", "red", m.parse("4563MG")), Unit("R2", "red", m.parse("4563RF")),
             Unit("B1", "blue", m.parse("4563KE")), Unit("B2", "blue", m.parse("4563NH")),
             Unit("B9", "blue", m.parse("4564GD"))]
    state = GameState.new(m, units, turns=2, dice=ScriptedDice([1, 4, 5, 6, 2, 3, 3] * 20),
                          options=Options(fog_of_war=False))
    p = ScenarioPlayer(red="human", blue="human", state=state)  # hot seat, no fog
    side = p.screen.view.side
    assert side is state.to_act
    mine = [u for u in p.screen.view.units if u.side is side]
    fire = [o for o in p.screen.orders if isinstance(o, DeclareFire)]
    assert fire, p.screen.orders
    f = max(fire, key=lambda o: len(o.fire.shooters)).fire
    at = {u.id: u.hex for u in p.screen.view.units}
    for i in f.shooters:
        p.click(at[i])
    assert p.shooters == list(f.shooters) and all(i in p.orders_box.children[0].value
                                                  for i in f.shooters)
    p.click(at[f.target])
    rec = p.controller.game.state.log[-1]
    assert rec.order == DeclareFire(f.shooters, f.target) and rec.fire
    assert "F-2" in p.log_html.value and "✓" in p.status_line.value
    assert mine and p.shooters == []


def test_V_1_move_shading_shows_each_step_cost_and_the_points_left() -> None:
    from hexrules.movement import points_text, step_cost

    p = ScenarioPlayer(scenario="village", red="human", blue="normal", fog=True, seed=4)
    p.press("Pass")
    c, m = p.controller, p.board.hexmap
    for march in (True, False):
        if c.game.state.move is not None:
            p.press("End of the move")
        while not any(isinstance(o, StartMove) for o in p.screen.orders):
            p.press("Decline")
        mover = next(o.unit for o in p.screen.orders
                     if isinstance(o, StartMove) and o.march == march)
        at = {u.id: u.hex for u in p.screen.view.units}
        p.march_box.value = march
        p.click(at[mover])
        p.march_box.value = False
        for _ in range(2):
            mv = c.game.state.move
            assert mv is not None and mv.march == march
            legal = {o.to for o in p.screen.orders if isinstance(o, StepTo)}
            assert legal and {st.hex for st in p.screen.steps} == legal
            feats = p.board.overlays["reach"].data["features"]
            for st in p.screen.steps:  # the library's cost, and the points left after it
                cost = step_cost(m, mv.hex, st.hex, march=march, tables=c.game.state.tables)
                assert (st.cost, st.left) == (cost, mv.left - cost)
                f = next(f for f in feats if f["properties"]["name"] == m.name_of(st.hex))
                assert (f["properties"]["cost"], f["properties"]["left"]) == (
                    points_text(cost), points_text(mv.left - cost))
                assert f"{m.name_of(st.hex)} <b>−{points_text(cost)} → " in p.steps_html.value
            assert p.step_labels.svg.count("class='step'") == len(legal)
            p.click(p.screen.steps[0].hex)
            while any(b.description.startswith("Decline") for b in p.order_buttons):
                p.press("Decline")  # a reaction window of the computer's move
    p.press("End of the move")
    assert not p.screen.steps and not p.step_labels.svg and not p.steps_html.value


_CJK = re.compile(r"[\u4e00-\u9fff]")


def test_the_language_toggle_redraws_the_player() -> None:
    from hexrules.language import get_language, set_language

    p = ScenarioPlayer(scenario="duel", red="human", blue="normal", fog=True, seed=3)
    try:
        assert [v for _, v in p.language.options] == ["zh", "en", "both"]
        assert [t for t, _ in p.language.options] == ["中", "EN", "双语"]
        p.press("Pass")
        fixed = lambda: [p.phase_line.value, p.status_line.value, p.new_button.description,  # noqa: E731
                         p.red_pick.description, p.fog_box.description, p.march_box.description,
                         *[b.description for b in p.order_buttons],
                         *[t for t, _ in p.blue_pick.options]]
        p.language.value = "en"
        assert get_language() == "en"
        assert not [t for t in fixed() if _CJK.search(t)], fixed()
        assert "Turn 1/6" in p.phase_line.value and "Pass" in fixed()
        p.language.value = "zh"
        assert "回合 1/6" in p.phase_line.value and "Turn" not in p.phase_line.value
        assert "放弃行动" in fixed() and "Computer normal" not in " ".join(fixed())
        p.set_language("both")
        assert p.language.value == "both" and "Turn 回合 1/6" in p.phase_line.value
        with pytest.raises(Exception, match="choose 'both', 'zh' or 'en'"):
            p.set_language("fr")
        assert get_language() == "both"
    finally:
        set_language("both")


# ---------------------------------------------------------------------------------------
# The after-action review 复盘 from the player (issue 16)
# ---------------------------------------------------------------------------------------
def _short_scenario(tmp_path: Path, fog: bool = False) -> str:
    """A one-turn scenario as the editor builds it: two red tanks close to the blue one."""
    from hexrules.game.scenario_edit import (
        MoveUnit,
        PlaceUnit,
        ScenarioEditor,
        SetOption,
        new_scenario,
    )

    ed = ScenarioEditor(new_scenario("training", turns=1))
    for edit in (MoveUnit("R1", "4564PF"), PlaceUnit("R2", "red", "4564PE"),
                 SetOption("fog_of_war", fog)):
        ed.apply(edit)
    path = tmp_path / "short.json"
    ed.save(path)
    return str(path)


def _play_to_the_end(p: ScenarioPlayer) -> None:
    """Red's orders by clicks and buttons (blue is the computer) until the game is over."""
    for _ in range(200):
        if p.controller.game.state.over:
            return
        play_one(p)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("fog", [True, False])
def test_review_opens_when_the_game_is_over_on_the_same_game(tmp_path: Path, fog: bool) -> None:
    p = ScenarioPlayer(_short_scenario(tmp_path, fog), red="human", blue="normal", fog=fog,
                       seed=1)
    assert "hexrules-player-review" in p.review_button._dom_classes
    # against the computer: not during the game, fog of war or not
    assert p.review_button.disabled and not p.controller.can_review
    assert p.open_review() is None
    assert p.review is None and p.children == tuple(p.play_view)
    assert "review" in p.status_line.value
    before = len(p.controller.game.state.log)
    _play_to_the_end(p)
    assert len(p.controller.game.state.log) > before
    assert not p.review_button.disabled
    p.review_button.click()
    r = p.review
    assert r is not None and p.children[-1] is r      # in place of the board
    assert p.board not in p.children
    assert list(r.review.log.records) == list(p.controller.game.state.log)   # same game
    r.next()
    r.set_view("red")
    assert r.position == 1 and r.side == "red"
    p.review_back.click()
    assert p.review is None and p.children == tuple(p.play_view)
    assert not p.review_button.disabled


def test_review_during_the_game_only_in_hot_seat_practice_without_fog() -> None:
    hot = ScenarioPlayer("duel", red="human", blue="human", fog=False, practice=True, seed=2)
    assert not hot.controller.game.state.over and not hot.review_button.disabled
    hot.press("Pass")
    review = hot.open_review()
    assert review is not None
    assert list(review.review.log.records) == list(hot.controller.game.state.log)
    hot.close_review()
    for kwargs in ({"fog": True, "practice": True},       # the full picture would show all
                   {"fog": False, "practice": False},     # a game for real
                   ):
        p = ScenarioPlayer("duel", red="human", blue="human", seed=2, **kwargs)
        assert p.review_button.disabled, kwargs
        assert p.open_review() is None and p.review is None, kwargs
    vs = ScenarioPlayer("duel", red="human", blue="normal", fog=False, practice=True, seed=2)
    assert vs.review_button.disabled      # the computer's better orders are its reasoning


def test_review_button_follows_the_language() -> None:
    from hexrules.language import set_language

    p = ScenarioPlayer("duel", red="human", blue="normal", seed=2)
    try:
        p.set_language("zh")
        assert p.review_button.description == "复盘"
        p.set_language("en")
        assert p.review_button.description == "Review"
        p.set_language("both")
        assert p.review_button.description == "Review 复盘"
        assert p.review_back.description == "◀ Back to the game 返回推演"
    finally:
        set_language("both")
