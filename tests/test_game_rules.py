"""The game engine, rule by rule (§2 C-1…C-4, §5 V-1…V-11, §8 T-1…T-6; docs/rules.md).

Each test is named after the rule it checks and plays a short, scripted position on a small
test course (``game_support.course``: a road on row 1, forest, settlement, water, a river).
On the open course every shot at ≤ 8 hexes is attack level 10: a 2d6 sum of 8 is K, 7 is S,
12 is I; the armour d6 turns a W/I/K into S only on a 1 (F-8).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from game_support import H, new_game, serial, to_movement

from hexrules import Unit
from hexrules.combat import FireKind, FireOrder
from hexrules.errors import (
    IllegalMoveError,
    IllegalOrderError,
    OneOrderError,
    OutOfTurnError,
    OverspendError,
)
from hexrules.game import (
    CoveringFire,
    DeclareFire,
    Decline,
    EndMove,
    MovingFire,
    OpportunityFire,
    Options,
    Pass,
    Phase,
    ShortHaltFire,
    StartMove,
    StepTo,
    WindowKind,
)
from hexrules.units import Result, Side, Status

PAPER = Options(referee="paper")


def red(i: int, col: int, row: int, *status: Status) -> Unit:
    return Unit(f"R{i}", "red", H(col, row), status=status)


def blue(i: int, col: int, row: int, *status: Status) -> Unit:
    return Unit(f"B{i}", "blue", H(col, row), status=status)


def refused(state, order, error=IllegalOrderError, match: str | None = None):
    """The order raises ``error`` and the state is byte-identical afterwards."""
    before = serial(state)
    assert not state.can(order)
    with pytest.raises(error, match=match):
        state.apply(order)
    assert serial(state) == before


# ---------------------------------------------------------------------------------------
# §8 The turn
# ---------------------------------------------------------------------------------------
def test_T2_initiative_odd_red_even_blue() -> None:
    units = [red(1, 0, 2), blue(1, 6, 2)]
    assert new_game(units, [3]).to_act is Side.RED
    s = new_game(units, [4])
    assert s.to_act is Side.BLUE and s.initiative is Side.BLUE
    assert s.phase is Phase.DIRECT_FIRE and s.turn == 1
    assert [(r.rule, r.value) for r in s.log[0].rolls] == [("T-2", 4)]


def test_T2_sides_alternate_and_two_passes_in_a_row_end_the_phase() -> None:
    s = new_game([red(1, 0, 2), red(2, 0, 3), blue(1, 6, 2)], [1, 3, 4, 1])
    s, rec = s.apply(DeclareFire("R1", "B1"))  # 3+4 = 7: S
    assert rec.fire[0].result is Result.S and s.to_act is Side.BLUE and s.passes == 0
    s, _ = s.apply(Pass())
    assert s.to_act is Side.RED and s.passes == 1 and s.phase is Phase.DIRECT_FIRE
    s, rec = s.apply(Pass())
    assert s.phase is Phase.MOVEMENT and s.passes == 0
    assert rec.rolls[-1].rule == "T-3"  # a new d6 for the movement phase (T-3)
    assert s.initiative is Side.RED


def test_T2_a_declaration_between_passes_resets_the_count() -> None:
    s = new_game([red(1, 0, 2), red(2, 0, 3), blue(1, 6, 2), blue(2, 7, 2)], [1])
    s, _ = s.apply(Pass())
    s, _ = s.apply(DeclareFire("B1", "R1"))
    assert s.passes == 0 and s.to_act is Side.RED and s.phase is Phase.DIRECT_FIRE


def test_T3_sides_move_one_unit_each_in_turn() -> None:
    s = to_movement(new_game([red(1, 0, 4), red(2, 0, 5), blue(1, 11, 0)], [1, 3]))
    assert s.to_act is Side.RED
    s, _ = s.apply(StartMove("R1"))
    assert s.to_act is Side.RED and s.move.unit == "R1"
    s, _ = s.apply(EndMove())
    assert s.to_act is Side.BLUE and s.move is None and s.unit("R1").moved
    refused(s, StartMove("R2"), OutOfTurnError, "Blue")


def test_T1_preparation_removes_turn_markers_only() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2)], [1, 3, 4, 2, 2], turns=2)
    s, _ = s.apply(DeclareFire("R1", "B1"))  # S
    s = to_movement(s)  # T-3 d6 2: blue
    s, _ = s.apply(StartMove("B1"))
    s, _ = s.apply(EndMove())
    assert s.unit("B1").status == {Status.FIRED_UPON, Status.SUPPRESSED, Status.MOVED}
    s, _ = s.apply(Pass())
    s, rec = s.apply(Pass())  # T-4, then turn 2: T-1
    assert s.turn == 2 and s.phase is Phase.DIRECT_FIRE
    assert s.unit("R1").status == set() and s.unit("B1").status == set()
    t1 = [p for p in rec.parts if p.rule == "T-1"]
    assert t1 and {e.unit_id for e in t1[0].effects} == {"R1", "B1"}


def test_T4_random_event_phase_removes_every_suppressed_marker() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2, Status.WEAPON_LOST)], [1, 3, 4, 2])
    s, _ = s.apply(DeclareFire("R1", "B1"))  # 7: S
    assert s.unit("B1").suppressed
    s = to_movement(s)
    s, _ = s.apply(Pass())
    s, rec = s.apply(Pass())
    t4 = [p for p in rec.parts if p.rule == "T-4"][0]
    assert [e.unit_id for e in t4.effects] == ["B1"]
    assert not s.unit("B1").suppressed and s.unit("B1").weapon_lost  # W stays (C-3)
    assert [st.title[:3] for st in t4.steps] == ["(1)", "(2)", "(3)"]


def test_T5_no_next_turn_while_a_hex_holds_both_sides() -> None:
    # R1 enters B1's hex: close combat after the random-event phase, then turn 2
    s = to_movement(new_game([red(1, 3, 2), blue(1, 4, 2)], [1, 1]))
    s, _ = s.apply(StartMove("R1"))
    s, rec = s.apply(StepTo(H(4, 2)))
    assert s.move is None and s.engaged == {H(4, 2)}
    assert "V-10" in rec.rules
    s, _ = s.apply(Pass())
    s, rec = s.apply(Pass())  # T-4, then T-5 round 1: d6 from the seeded dice
    assert s.phase is Phase.CLOSE_COMBAT and s.melee.hex == H(4, 2)
    assert s.turn == 1 and s.legal_orders()
    while s.phase is Phase.CLOSE_COMBAT:
        s, rec = s.apply(s.legal_orders()[0])
    assert s.turn == 2 and not s.engaged  # one side is left in the hex


def test_T6_every_roll_is_logged_with_its_rule() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2)], [1, 4, 4, 6])
    s, rec = s.apply(DeclareFire("R1", "B1"))
    assert [(r.rule, r.value) for r in rec.rolls] == [("F-6", 4), ("F-6", 4), ("F-8", 6)]
    assert [r.rule for g in s.log for r in g.rolls] == ["T-2", "F-6", "F-6", "F-8"]


def test_game_ends_after_the_last_turn_and_takes_no_orders() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2)], [1, 1], turns=1)
    for _ in range(4):
        s, _ = s.apply(Pass())
    assert s.over and s.phase is Phase.OVER and s.to_act is None
    assert len(s.legal_orders()) == 0
    refused(s, Pass(), OutOfTurnError, "game is over")


# ---------------------------------------------------------------------------------------
# §2 Counters
# ---------------------------------------------------------------------------------------
def test_C1_allowance_is_the_unit_types_movement() -> None:
    s = to_movement(new_game([red(1, 0, 4), blue(1, 11, 0)], [1, 1]))
    s, _ = s.apply(StartMove("R1"))
    assert s.move.allowance == 5 and s.move.left == 5


def test_C3_destroyed_units_leave_the_board() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2)], [1, 4, 4, 6])
    s, _ = s.apply(DeclareFire("R1", "B1"))
    assert [u.id for u in s.units] == ["R1"] and s.losses[0].destroyed
    refused(s, DeclareFire("B1", "R1"), IllegalOrderError, "destroyed")


def test_C4_a_unit_that_fired_may_not_move() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2)], [1, 3, 4, 1])
    s, _ = s.apply(DeclareFire("R1", "B1"))
    s = to_movement(s)
    refused(s, StartMove("R1"), OneOrderError, "C-4")


def test_C4_a_unit_fires_once_a_turn() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2), blue(2, 7, 2)], [1, 3, 4])
    s, _ = s.apply(DeclareFire("R1", "B1"))
    s, _ = s.apply(Pass())
    refused(s, DeclareFire("R1", "B2"), OneOrderError, "already fired")


def test_C4_a_unit_that_moved_takes_no_opportunity_fire() -> None:
    s = to_movement(new_game([red(1, 0, 4), blue(1, 6, 2), blue(2, 7, 2)], [2, 2]))
    s, _ = s.apply(StartMove("B2"))
    s, _ = s.apply(EndMove())
    s, _ = s.apply(StartMove("R1"))
    s, _ = s.apply(StepTo(H(1, 4)))
    assert s.window.kind is WindowKind.OPPORTUNITY and s.window.shooters == ("B1",)
    refused(s, OpportunityFire("B2"), OneOrderError, "moved")


def test_C4_paper_referee_a_breach_fails_and_spends_the_slot() -> None:
    s = new_game([red(1, 0, 2), blue(1, 6, 2)], [1, 3, 4, 1, 1], options=PAPER)
    s, _ = s.apply(DeclareFire("R1", "B1"))
    s = to_movement(s)
    assert s.to_act is Side.RED and s.can(StartMove("R1"))
    s2, rec = s.apply(StartMove("R1"))
    assert rec.rules[:2] == ("V-4", "C-4") and s2.move is None
    assert s2.to_act is Side.BLUE and s2.passes == 1  # counts as a pass [project ruling]
    assert not s2.unit("R1").moved
    s3, _ = s2.apply(Pass())
    assert s3.turn == 2  # the breach and the pass end the movement phase


# ---------------------------------------------------------------------------------------
# §5 Movement
# ---------------------------------------------------------------------------------------
def test_V4_declaring_a_move_places_moved_and_march_at_once() -> None:
    s = to_movement(new_game([red(1, 0, 1), red(2, 0, 4), blue(1, 11, 5)], [1, 1]))
    s1, rec = s.apply(StartMove("R1", march=True))
    assert s1.unit("R1").status == {Status.MOVED, Status.MARCH} and s1.move.march
    s2, _ = s.apply(StartMove("R2"))
    assert s2.unit("R2").status == {Status.MOVED}
    assert rec.effects[0].added == (Status.MOVED, Status.MARCH)


def test_V4_an_immobilised_unit_cannot_be_ordered_to_move() -> None:
    s = to_movement(new_game([red(1, 0, 4, Status.IMMOBILISED), blue(1, 11, 0)], [1, 1]))
    refused(s, StartMove("R1"), IllegalOrderError, "immobilised")
    assert StartMove("R1") not in s.legal_orders()


def test_V1_step_costs_come_from_the_terrain() -> None:
    s = to_movement(new_game([red(1, 1, 3), red(2, 8, 3), blue(1, 11, 0, Status.WEAPON_LOST)],
                             [1, 1]))
    s1, _ = s.apply(StartMove("R1"))
    s1, rec = s1.apply(StepTo(H(2, 3)))  # forest 2
    assert s1.move.spent == 2 and rec.parts[0].rule == "V-1"
    s1, _ = s1.apply(StepTo(H(3, 3)))  # open 1
    refused(s1, StepTo(H(4, 3)), OverspendError, "costs 3 .* only 2")  # settlement 3
    s2, _ = s.apply(StartMove("R2"))
    s2, _ = s2.apply(StepTo(H(9, 3)))  # wading a river: max(1, 3) = 3
    assert s2.move.spent == 3


def test_V1_water_jumps_and_off_map_steps_are_refused() -> None:
    s = to_movement(new_game([red(1, 5, 3), blue(1, 11, 0, Status.WEAPON_LOST)], [1, 1]))
    s, _ = s.apply(StartMove("R1"))
    refused(s, StepTo(H(6, 3)), IllegalMoveError, "R1")
    refused(s, StepTo(H(7, 3)), IllegalMoveError, "R1")
    refused(s, StepTo("4599AA"), IllegalMoveError, "R1")
    assert StepTo(H(6, 3)) not in s.legal_orders()


def test_V2_a_road_step_costs_one() -> None:
    s = to_movement(new_game([red(1, 0, 1), blue(1, 11, 5, Status.WEAPON_LOST)], [1, 1]))
    s, _ = s.apply(StartMove("R1"))
    s, rec = s.apply(StepTo(H(1, 1)))
    assert s.move.spent == 1 and rec.parts[0].rule == "V-2"


def test_V3_march_costs_half_a_road_step_and_stays_on_roads() -> None:
    s = to_movement(new_game([red(1, 0, 1), blue(1, 11, 5, Status.WEAPON_LOST)], [1, 1]))
    s, _ = s.apply(StartMove("R1", march=True))
    for c in range(1, 4):
        s, rec = s.apply(StepTo(H(c, 1)))
        assert rec.parts[0].rule == "V-3"
    assert s.move.spent == Fraction(3, 2) and s.move.left == Fraction(7, 2)
    refused(s, StepTo(H(3, 2)), IllegalMoveError, "road")
    refused(s, MovingFire("B1"), IllegalOrderError, "V-3")
    refused(s, ShortHaltFire("B1"), IllegalOrderError, "V-3")


def test_V3_a_march_may_not_enter_a_friendly_hex_nor_start_in_a_stack() -> None:
    s = to_movement(new_game([red(1, 0, 1), red(2, 2, 1), red(3, 5, 1), red(4, 5, 1),
                              blue(1, 11, 5, Status.WEAPON_LOST)], [1, 1]))
    s1, _ = s.apply(StartMove("R1", march=True))
    s1, _ = s1.apply(StepTo(H(1, 1)))
    refused(s1, StepTo(H(2, 1)), IllegalMoveError, "friendly")
    refused(s, StartMove("R3", march=True), IllegalMoveError, "stack")
    assert StartMove("R3") in s.legal_orders()
    assert StartMove("R3", march=True) not in s.legal_orders()


def test_V3_a_march_from_a_hex_no_road_leaves_is_refused() -> None:
    s = to_movement(new_game([red(1, 0, 4), blue(1, 11, 5)], [1, 1]))
    refused(s, StartMove("R1", march=True), IllegalMoveError, "no road")


def _overspend_position(options=None):
    """R1 has spent 4 of 5 points at (3, 3); the settlement (4, 3) costs 3."""
    units = [red(1, 0, 3), red(2, 0, 0), blue(1, 3, 0)]
    s = to_movement(new_game(units, [1, 1, 3, 4], options=options))
    s, _ = s.apply(StartMove("R1"))
    for c in (1, 2, 3):
        s, _ = s.apply(StepTo(H(c, 3)))
        assert s.window.kind is WindowKind.OPPORTUNITY
        s, _ = s.apply(Decline())
    assert s.move.left == 1 and s.to_act is Side.RED
    return s


def test_V5_the_strict_referee_refuses_an_overspending_step() -> None:
    s = _overspend_position()
    refused(s, StepTo(H(4, 3)), OverspendError, "V-5")
    assert StepTo(H(4, 3)) not in s.legal_orders()


def test_V5_the_paper_referee_undoes_the_step_and_gives_one_opportunity_shot() -> None:
    s = _overspend_position(PAPER)
    assert s.can(StepTo(H(4, 3))) and StepTo(H(4, 3)) not in s.legal_orders()
    s, rec = s.apply(StepTo(H(4, 3)))
    assert rec.parts[0].rule == "V-5" and s.unit("R1").hex == H(3, 3)
    assert s.window.kind is WindowKind.OPPORTUNITY and s.move.penalty
    s, rec = s.apply(OpportunityFire("B1"))  # 3 + 4 = 7: S
    assert s.move is None and s.window is None  # no covering fire, the move is over
    assert s.to_act is Side.BLUE and s.unit("R1").suppressed


# ---------------------------------------------------------------------------------------
# Reactive fire (V-6…V-9)
# ---------------------------------------------------------------------------------------
def _mover_position(dice, *more):
    """Red moves first; R1 at (0, 2), B1 at (6, 2), B2 at (7, 2), and ``more``."""
    units = [red(1, 0, 2), blue(1, 6, 2), blue(2, 7, 2), *more]
    s = to_movement(new_game(units, [1, 1, *dice]))
    s, _ = s.apply(StartMove("R1"))
    return s


def test_V6_the_opponent_may_fire_after_each_step_concentrated_or_not() -> None:
    s = _mover_position([3, 4, 3, 4])
    s, _ = s.apply(StepTo(H(1, 2)))
    w = s.window
    assert (w.kind, w.side, w.targets, w.shooters) == (
        WindowKind.OPPORTUNITY, Side.BLUE, ("R1",), ("B1", "B2"))
    legal = s.legal_orders()
    assert list(legal) == [Decline(), OpportunityFire(("B1",)), OpportunityFire(("B2",)),
                           OpportunityFire(("B1", "B2"))]
    assert "opportunity fire on R1" in legal.describe()
    refused(s, StepTo(H(2, 2)), OutOfTurnError, "Decline")
    s, rec = s.apply(OpportunityFire(("B1", "B2")))
    assert [sh.result for sh in rec.fire[0].shots] == [Result.S, Result.S]
    assert s.to_act is Side.RED and s.move is not None  # S does not stop the mover
    s, _ = s.apply(StepTo(H(2, 2)))
    assert s.window is None  # fired upon once a turn (F-1): no second shot this move


def test_V6_a_declined_chance_is_lost_and_the_next_hex_gives_a_new_one() -> None:
    s = _mover_position([])
    s, _ = s.apply(StepTo(H(1, 2)))
    s, _ = s.apply(Decline())
    assert s.window is None and s.to_act is Side.RED
    refused(s, OpportunityFire("B1"), OutOfTurnError, "none is open")
    s, _ = s.apply(StepTo(H(2, 2)))
    assert s.window.kind is WindowKind.OPPORTUNITY


@pytest.mark.parametrize(("dice", "result"), [([4, 4, 6], Result.K), ([6, 6, 6], Result.I)])
def test_V6_K_or_I_ends_the_move(dice, result) -> None:
    s = _mover_position(dice)
    s, _ = s.apply(StepTo(H(1, 2)))
    s, rec = s.apply(OpportunityFire("B1"))
    assert rec.fire[0].result is result
    assert s.move is None and s.to_act is Side.BLUE
    assert "V-5" in rec.rules and "V-11" in rec.rules or result is Result.K


def test_V7_covering_fire_by_units_that_have_not_moved_at_the_shooter() -> None:
    s = _mover_position([3, 4, 4, 4, 6], red(2, 0, 1))
    s, _ = s.apply(StepTo(H(1, 2)))
    s, _ = s.apply(OpportunityFire("B1"))  # S
    w = s.window
    assert (w.kind, w.side, w.targets, w.shooters) == (
        WindowKind.COVERING, Side.RED, ("B1",), ("R2",))
    refused(s, CoveringFire("R1"), OneOrderError, "moved")
    refused(s, CoveringFire("R2", "B2"), IllegalOrderError, "V-7")
    s, rec = s.apply(CoveringFire("R2"))  # 4 + 4 = 8: K
    assert rec.fire[0].result is Result.K and "B1" not in s.unit_map
    assert s.window is None and s.to_act is Side.RED and s.move.unit == "R1"


def test_V7_covering_fire_follows_an_opportunity_shot_that_stopped_the_mover() -> None:
    s = _mover_position([4, 4, 6], red(2, 0, 1))
    s, _ = s.apply(StepTo(H(1, 2)))
    s, _ = s.apply(OpportunityFire("B1"))  # K
    assert "R1" not in s.unit_map and s.window.kind is WindowKind.COVERING
    s, _ = s.apply(Decline())
    assert s.move is None and s.to_act is Side.BLUE


def test_V8_moving_fire_is_minus_one_once_per_move() -> None:
    s = _mover_position([3, 4])
    s, rec = s.apply(MovingFire("B1"))  # in the start hex, after the move is declared
    shot = rec.fire[0].shots[0]
    assert rec.fire[0].kind is FireKind.MOVING and shot.level == 9
    assert shot.result is Result.S  # 7 at level 9
    refused(s, MovingFire("B2"), IllegalOrderError, "once per move")
    refused(s, ShortHaltFire("B2"), IllegalOrderError, "once per move")
    refused(s, DeclareFire("R1", "B2"), OutOfTurnError)
    s, _ = s.apply(StepTo(H(1, 2)))
    assert s.window is not None  # the mover may still be fired on


def test_V9_short_halt_fire_spends_three_points_at_minus_three() -> None:
    s = _mover_position([3, 4])
    s, _ = s.apply(StepTo(H(1, 2)))
    s, _ = s.apply(Decline())
    s, rec = s.apply(ShortHaltFire("B1"))
    assert rec.fire[0].shots[0].level == 7 and s.move.spent == 4 and s.move.left == 1
    s, _ = s.apply(StepTo(H(2, 2)))
    s, _ = s.apply(Decline())
    assert s.move is None  # points spent and the fire used: the move ends


def test_V9_short_halt_fire_needs_three_points() -> None:
    s = _mover_position([])
    for c in (1, 2, 3):
        s, _ = s.apply(StepTo(H(c, 2)))
        s, _ = s.apply(Decline())
    assert s.move.left == 2
    refused(s, ShortHaltFire("B1"), IllegalMoveError, "V-9")
    assert ShortHaltFire("B1") not in s.legal_orders() and MovingFire("B1") in s.legal_orders()


def test_V10_close_combat_round_by_round() -> None:
    s = to_movement(new_game([red(1, 3, 2), red(2, 2, 2), blue(1, 4, 2)], [1, 1, 2]))
    s, _ = s.apply(StartMove("R1"))
    s, rec = s.apply(StepTo(H(4, 2)))  # enters B1's hex: the move stops (V-10)
    assert s.move is None and s.engaged == {H(4, 2)} and "V-10" in rec.rules
    s, _ = s.apply(Pass())
    s, _ = s.apply(StartMove("R2"))
    s, _ = s.apply(StepTo(H(3, 2)))
    assert s.window is None  # B1 is in close combat: it may not fire (V-10)
    s, _ = s.apply(StepTo(H(4, 2)))  # more units may join the close combat
    s, _ = s.apply(Pass())
    s, rec = s.apply(Pass())  # T-4, then T-5 round 1: d6 2, blue fires first
    assert s.phase is Phase.CLOSE_COMBAT and rec.rolls[-1].rule == "V-10"
    mel = s.melee
    assert (mel.hex, mel.round, mel.first, mel.side, mel.to_fire) == (
        H(4, 2), 1, Side.BLUE, Side.BLUE, ("B1",))
    assert list(s.legal_orders()) == [
        DeclareFire(FireOrder("B1", t, FireKind.CLOSE_COMBAT)) for t in ("R1", "R2")]
    refused(s, DeclareFire("B1", "R1"), IllegalOrderError, "close_combat")
    refused(s, DeclareFire(("B1",), "B1", "close_combat"), IllegalOrderError)
    rounds = set()
    while s.phase is Phase.CLOSE_COMBAT:
        rounds.add(s.melee.round)
        s, rec = s.apply(s.legal_orders()[0])
    assert s.turn == 2 and not s.engaged and 1 in rounds


def test_V10_stalemate_when_no_unit_in_the_hex_can_fire() -> None:
    units = [red(1, 3, 2, Status.WEAPON_LOST), blue(1, 4, 2, Status.WEAPON_LOST),
             blue(2, 8, 2)]
    s = to_movement(new_game(units, [1, 1], turns=3))
    s, _ = s.apply(StartMove("R1"))
    s, _ = s.apply(StepTo(H(4, 2)))
    s, _ = s.apply(Pass())
    s, rec = s.apply(Pass())
    assert "stalemate" in str(rec).lower() and s.turn == 2
    assert s.engaged == {H(4, 2)}  # the units stay in close combat
    if s.to_act is Side.RED:
        s, _ = s.apply(Pass())
    refused(s, DeclareFire("B2", "R1"), IllegalOrderError, "close combat")
    s = to_movement(s) if s.phase is Phase.DIRECT_FIRE else s
    if s.to_act is Side.BLUE:
        s, _ = s.apply(Pass())
    refused(s, StartMove("R1"), IllegalOrderError, "V-10")


def test_V11_a_move_that_ends_over_the_stacking_limit_destroys_the_mover() -> None:
    units = [red(i, 5, 2) for i in range(1, 5)] + [red(5, 4, 2), red(6, 4, 3),
                                                    blue(1, 11, 5, Status.WEAPON_LOST)]
    s = to_movement(new_game(units, [1, 1, 1]))
    s1, _ = s.apply(StartMove("R5"))
    s1, _ = s1.apply(StepTo(H(5, 2)))
    s1, rec = s1.apply(EndMove())
    assert "R5" not in s1.unit_map and "V-11" in rec.rules
    assert rec.parts[-1].effects[0].after.destroyed
    s2, _ = s.apply(StartMove("R5"))  # passing through a full hex is allowed
    s2, _ = s2.apply(StepTo(H(5, 2)))
    s2, _ = s2.apply(StepTo(H(6, 2)))
    s2, _ = s2.apply(EndMove())
    assert s2.unit("R5").hex == H(6, 2)


def test_C4_paper_referee_a_breach_in_a_reaction_window_loses_the_reaction() -> None:
    units = [red(1, 0, 2), blue(1, 6, 2), blue(2, 7, 2)]
    s = to_movement(new_game(units, [2, 2], options=PAPER))
    s, _ = s.apply(StartMove("B2"))  # blue moves first: B2 has moved
    s, _ = s.apply(EndMove())
    s, _ = s.apply(StartMove("R1"))
    s, _ = s.apply(StepTo(H(1, 2)))
    assert s.window.shooters == ("B1",) and s.can(OpportunityFire("B2"))
    s, rec = s.apply(OpportunityFire("B2"))
    assert "C-4" in rec.rules and not rec.fire and s.window is None
    assert s.to_act is Side.RED and s.move.unit == "R1" and not s.unit("R1").fired_upon


def test_F1_a_blind_declaration_stands_unless_the_referee_requires_sight() -> None:
    from hexrules.errors import NoLineOfSightError

    units = [red(1, 0, 3), blue(1, 5, 3)]  # forest and settlement between them (L-2)
    s = new_game(units, [1])
    assert DeclareFire("R1", "B1") in s.legal_orders()
    s2, rec = s.apply(DeclareFire("R1", "B1"))
    assert rec.fire[0].shots[0].level is None  # the shot ends at F-2 step 1
    assert s2.unit("R1").fired and s2.unit("B1").fired_upon  # the markers stand (F-1)
    strict = new_game(units, [1], options=Options(require_sight=True))
    assert DeclareFire("R1", "B1") not in strict.legal_orders()
    refused(strict, DeclareFire("R1", "B1"), NoLineOfSightError)
