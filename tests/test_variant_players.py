"""The variant players in Python (no browser): the squad player and the Prokhorovka player.

Each draws one side's screen only: no widget state may name an enemy unit that side does not
see (fog of war, the squad variant's core mechanic, Q-13…Q-15; P-18 for Prokhorovka).
"""

from __future__ import annotations

import re

import pytest
from hexrules_widgets.player_control import named_ids, widget_states
from hexrules_widgets.variant_player import (
    ProkController,
    ProkPlayer,
    SquadController,
    SquadPlayer,
)

from hexrules.errors import RulesError
from hexrules.grid import Square
from hexrules.players import Decision
from hexrules.units import Side
from hexrules.variants.prokhorovka import MoveStep
from hexrules.variants.squad import ActionPlan, TeamPlan
from hexrules.variants.squad.state import SquadPhase


def _text(widget: object) -> str:
    return "\n".join(str(s) for s in widget_states(widget))  # type: ignore[arg-type]


def _squad_hidden(p: SquadPlayer, side: str = "red") -> set[str]:
    s = p.controller.game.state
    return {t.id for t in s.teams if t.side is not Side(side) and not s.detects(side, t.id)}


def _prok_hidden(p: ProkPlayer, side: str = "german") -> set[str]:
    s = p.controller.game.state
    seen = {x.id for x in p.controller.game.view(side).seen}
    return {u.id for u in s.units if u.side != side and u.id not in seen and u.alive}


# -- the squad player ----------------------------------------------------------------------
def test_Q_9_squad_player_plays_a_turn_by_clicks_against_the_computer() -> None:
    p = SquadPlayer(red="human", blue="objective", seed=2)
    assert p.screen.space.phase is SquadPhase.DEPLOYMENT
    zone = p.screen.space.deploy_hexes()
    r1 = p.placements["R1"].hex
    free = next(h for h in zone if h not in {q.hex for q in p.placements.values()})
    p.pick("R1")
    p.click(free)                                           # move R1 in its zone
    assert p.placements["R1"].hex == free != r1
    p.click(p.controller.public.objective)                  # outside the zone: refused
    assert "not in your zone" in p.status_line.value and p.placements["R1"].hex == free
    p.press("Hand in")
    st = p.controller.game.state
    assert st.phase is SquadPhase.ACTION_PLANS and st.team("R1").hex == free
    assert "Deployment" in p.log_html.value                 # red's own order, expandable
    p.pick("R3")
    at = p.planned("R3").hex
    p.click(at.neighbor(2))                                 # a step by a click on the hex
    p.press("Step 2")                                       # and one by its button
    assert p.written["R3"] == [p.written["R3"][0]] * 2
    p.press("Undo action")
    assert len(p.written["R3"]) == 1
    p.press("Hand in")
    st = p.controller.game.state
    assert st.phase is SquadPhase.ATTACK_PLANS and st.team("R3").hex != at
    p.press("Hand in")                                      # no attack this turn
    assert p.controller.game.state.turn == 2
    assert "<details" in p.log_html.value
    assert not named_ids(_text(p), _squad_hidden(p))


def test_Q_13_squad_player_never_receives_an_undetected_enemy() -> None:
    p = SquadPlayer(red="human", blue="random", seed=5)
    for _ in range(12):
        if p.controller.game.state.over:
            break
        hidden = _squad_hidden(p)
        text = _text(p)
        assert not named_ids(text, hidden), named_ids(text, hidden)
        known = {k.id for k in p.screen.view.known}
        assert known.isdisjoint(hidden)
        p.press("Hand in")
    # the enemy computer's reasoning names its own teams: shown only as "not shown"
    assert "not shown" in p.explain_html.value or not p.explain_html.value


def test_Q_9_a_plan_the_engine_refuses_changes_nothing_and_says_why() -> None:
    p = SquadPlayer(red="human", blue="objective", seed=3)
    p.press("Hand in")
    before = p.controller.game.state
    assert not p.give(ActionPlan("red", (TeamPlan("B1"),)))
    assert p.controller.game.state == before
    assert "State unchanged" in p.status_line.value and "B1" in p.status_line.value
    with pytest.raises(RulesError, match="no button 'Fire'"):
        p.press("Fire")


def test_Q_11_squad_hot_seat_shows_a_curtain_between_the_sides() -> None:
    p = SquadPlayer(red="human", blue="human", seed=1)
    assert p.screen.view.side is Side.RED
    p.press("Hand in")
    assert p.screen.curtain and p.screen.view is None
    assert not named_ids(_text(p), {"R1", "R2", "B1", "B2"})   # nothing of either side drawn
    p.press("Show")
    assert p.screen.view.side is Side.BLUE and not p.screen.curtain
    assert [t.id for t in p.screen.view.own][0] == "B1"


def test_Q_9_squad_computers_on_both_sides_explain_to_the_observer() -> None:
    p = SquadPlayer(red="objective", blue="random", seed=4)
    assert p.screen.waiting and not p.computer_button.disabled
    p.press_computer = p.computer_button.click
    p.computer_button.click()
    d = p.controller.decisions[Side.RED]
    assert isinstance(d, Decision) and "objective" in p.explain_html.value
    for _ in range(40):
        p.computer_button.click()
    assert p.controller.game.state.turn > 1


def test_squad_player_fits_a_projector() -> None:
    p = SquadPlayer()
    side = p.children[-1].children[1]
    width = int(p.board_box.layout.width[:-2]) + int(side.layout.width[:-2])
    assert width <= 1200 and int(side.layout.height[:-2]) <= 600


def test_squad_controller_rejects_an_unknown_seat() -> None:
    with pytest.raises(RulesError, match="a seat is 'human' or one of random, objective"):
        SquadController(red="hard")


# -- the Prokhorovka player ----------------------------------------------------------------
def test_P_9_prok_player_moves_a_unit_by_clicks() -> None:
    p = ProkPlayer(german="human", soviet="greedy", seed=3)
    assert p.screen.view.phase == "mortar"
    p.press("End phase")
    s = p.controller.game.state
    assert s.phase == "movement" and s.to_act == "german"     # seed 3: the Germans first
    p.board.click(12, 26)                          # GP4-1 (its action die: 5)
    mv = p.controller.game.state.mover
    assert mv is not None and mv.unit == "GP4-1"
    shaded = [(x["col"], x["row"]) for x in p.board.shade if "step" in x["cls"]]
    assert shaded and all(MoveStep(Square(c, r)) in p.screen.orders for c, r in shaded)
    c, r = shaded[0]
    p.board.click(c, r)
    u = next(u for u in p.controller.game.state.units if u.id == "GP4-1")
    assert (u.square.col, u.square.row) == (c, r)
    p.board.click(0, 0)                            # not a neighbour: the engine refuses
    assert "State unchanged" in p.status_line.value
    p.press("Finish move")
    assert p.controller.game.state.mover is None or \
        p.controller.game.state.mover.unit != "GP4-1"
    assert "Movement" in p.log_html.value
    assert not named_ids(_text(p), _prok_hidden(p))


def test_P_18_prok_player_never_receives_an_unseen_enemy_and_fires_by_clicks() -> None:
    p = ProkPlayer(german="human", soviet="random", seed=2)
    fired = False
    for _ in range(60):
        s = p.controller.game.state
        if s.over:
            break
        assert not named_ids(_text(p), _prok_hidden(p))
        v = p.screen.view
        if v.phase == "fire" and not fired and p.screen.orders:
            from hexrules.variants.prokhorovka import OpenFire

            shot = next((o for o in p.screen.orders if isinstance(o, OpenFire)), None)
            if shot is not None:
                me = next(u for u in v.own if u.id == shot.unit)
                them = next(x for x in v.seen if x.id == shot.target)
                p.board.click(me.square.col, me.square.row)
                assert any("target" in x["cls"] for x in p.board.shade)
                p.board.click(them.square.col, them.square.row)
                assert "✓" in p.status_line.value, p.status_line.value
                fired = True
                continue
        p.press("End phase")
    assert fired


def test_P_17_prok_player_calls_the_mortars_by_a_click() -> None:
    p = ProkPlayer(german="human", soviet="greedy", seed=3)
    assert [b.description for b in p.extra_buttons()] == ["Company 1 连"]
    p.board.click(50, 30)
    assert "✓" in p.status_line.value
    assert any("MortarCall" in s for s, _ in p.screen.log)


def test_P_24_prok_player_hot_seat_and_computers() -> None:
    p = ProkPlayer(german="human", soviet="human", seed=1)
    p.press("End phase")
    while p.screen.curtain:
        p.press("Show")
    q = ProkPlayer(german="greedy", soviet="random", seed=1)
    for _ in range(30):
        q.computer_button.click()
    assert q.controller.decisions["german"].player == "greedy"
    assert "greedy" in q.explain_html.value


def test_prok_board_draws_terrain_and_heights() -> None:
    p = ProkPlayer()
    b = p.board
    assert (b.cols, b.rows, len(b.cells)) == (60, 60, 3600)
    assert "Hill 252.2" in b.tips[25 * 60 + 54] and "77 m" in b.tips[25 * 60 + 54]
    assert b.cells[25 * 60 + 45] != b.cells[25 * 60 + 54]   # the slope is shaded by height
    assert re.fullmatch(r"#[0-9a-f]{6}", b.cells[0])
    assert sum("farm" in x["cls"] for x in b.shade) == 10
    side = p.children[-1].children[1]
    assert int(p.board_box.layout.width[:-2]) + int(side.layout.width[:-2]) <= 1200
    with pytest.raises(RulesError, match="a seat is 'human' or one of random, greedy"):
        ProkController(german="objective")


@pytest.mark.parametrize("module", ["grid_board", "variant_control", "variant_shell",
                                    "variant_player", "squad_player", "prok_player"])
def test_the_variant_widgets_examples_run(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"hexrules_widgets.{module}"),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and not result.failed


def test_Q_11_squad_deployment_sets_facing_posture_and_order_by_the_controls() -> None:
    from hexrules.variants.squad.teams import Posture, StandingOrder

    p = SquadPlayer(red="human", blue="random", seed=6)
    p.pick("R2")
    p.facing_pick.value = "3"
    p.posture_pick.value = Posture.CONCEALED
    p.order_pick.value = StandingOrder.SEARCH
    assert p.placements["R2"].facing == 3
    p.press("Hand in")
    t = p.controller.game.state.team("R2")
    assert (t.facing, t.posture, t.order) == (3, Posture.CONCEALED, StandingOrder.SEARCH)


def test_square_board_reports_clicks_and_checks_its_cells() -> None:
    from hexrules_widgets.grid_board import SquareBoard

    b = SquareBoard(3, 2)
    got: list[tuple[int, int]] = []
    b.on_square_click(lambda c, r: got.append((c, r)))
    b._message(b, {"event": "click", "col": 1, "row": 1}, [])   # as the browser sends it
    b.click(5, 5)                                                # off the board: ignored
    assert got == [(1, 1)]
    with pytest.raises(ValueError, match="2 colours for 6 squares"):
        b.set_cells(["#fff", "#000"])
    with pytest.raises(ValueError, match="at least 1 × 1"):
        SquareBoard(0, 3)


def test_the_computer_may_take_either_side() -> None:
    s = SquadPlayer(red="objective", blue="human", seed=2)
    assert s.screen.view.side is Side.BLUE and s.screen.space.side is Side.BLUE
    assert s.controller.game.state.to_act is Side.BLUE     # red's deployment is in
    s.press("Hand in")
    assert s.screen.space.phase is SquadPhase.ACTION_PLANS
    p = ProkPlayer(german="greedy", soviet="human", seed=2)
    assert p.screen.view.side == "soviet" and p.controller.game.state.to_act == "soviet"
    assert p.screen.orders and not named_ids(_text(p), _prok_hidden(p, "soviet"))
