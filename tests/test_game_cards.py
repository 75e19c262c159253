"""The random event cards in the game engine (§7, E-1…E-7) and the artillery they call inside
a game (§6, A-1…A-8): scripted-dice cases, one or more per rule, named after the rule."""

from __future__ import annotations

import dataclasses
import json
import shutil
from fractions import Fraction

import pytest
from game_support import H, course, new_game, serial, to_movement

from hexrules import Dice, Hex, HexMap, ScriptedDice, Status, Unit
from hexrules.artillery import FirePlan, ImpactMarker, MarkerEntryRecord
from hexrules.artillery.record import ArtilleryRecord
from hexrules.errors import IllegalOrderError, RulesError
from hexrules.game import (
    Card,
    CardState,
    DealCard,
    DeclareFire,
    EndMove,
    FieldRepair,
    GameLog,
    GameRecord,
    GameState,
    HeldCard,
    MovingFire,
    Options,
    Pass,
    Phase,
    PlanFire,
    RapidReload,
    StartMove,
    StepTo,
    order_odds,
)
from hexrules.game.costs import allowance
from hexrules.tables import DEFAULT_TABLES_DIR, load_tables
from hexrules.units import Result, Side

CARDS = Options(cards=True)


def hand(red: tuple[Card, ...] = (), blue: tuple[Card, ...] = (), drawn: int = 0,
         **more: object) -> CardState:
    """A card state where each side holds ``red`` / ``blue`` (drawn in turn ``drawn``, so
    acting in ``drawn + 1``) and every other card is played: no draws, so no draw dice."""
    held = tuple(HeldCard(c, s, drawn, c.uses) for s, cs in ((Side.RED, red), (Side.BLUE, blue))
                 for c in cs)
    played = tuple(tuple(c for c in Card if c not in cs) for cs in (red, blue))
    return CardState(decks=((), ()), hand=held, played=played, **more)  # type: ignore[arg-type]


def game(units: list[Unit], dice: list[int], cards: CardState, *, hexmap: HexMap | None = None,
         turns: int = 3) -> GameState:
    s = new_game(units, dice, hexmap=hexmap, turns=turns, options=CARDS)
    return dataclasses.replace(s, cards=cards)


def refused(s: GameState, order: object, match: str) -> None:
    """The order is refused with the project's error naming ``match``; nothing changes."""
    before = serial(s)
    with pytest.raises(RulesError, match=match):
        s.apply(order)  # type: ignore[arg-type]
    assert not s.can(order)  # type: ignore[arg-type]
    assert serial(s) == before


def passes(s: GameState, n: int) -> GameState:
    for _ in range(n):
        s, _ = s.apply(Pass())
    return s


# ---------------------------------------------------------------------------------------
# Decks and draws (§7, T-4 step 1)
# ---------------------------------------------------------------------------------------
def test_E_1_to_E_7_each_side_draws_one_card_a_turn_from_its_own_deck_with_the_game_dice() -> None:
    s = new_game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 4))],
                 [1, 1, 1, 4, 1, 3], turns=3, options=CARDS)
    assert len(s.cards.deck("red")) == len(s.cards.deck("blue")) == 7
    s, rec = passes(s, 3).apply(Pass())
    draw = [p for p in rec.parts if p.rule == "T-4"][0]
    assert [st.dice for st in draw.steps] == [(1, 4), (1, 3)]  # 2d6 → 3 and 2 of 0…6
    assert [h.card for h in s.cards.hand] == [Card.REACTIVE_ARMOUR]  # blue's E-3: nothing
    assert s.cards.discards("blue") == (Card.FIELD_REPAIR,)          # to repair, spent (T-1)
    assert Card.REACTIVE_ARMOUR not in s.cards.deck("red") and len(s.cards.deck("blue")) == 6
    rolls = [r for r in rec.rolls if r.rule == "T-4"]
    assert all("card draw" in r.purpose for r in rolls) and len(rolls) == 4


def test_E_1_to_E_7_a_deck_runs_out_after_seven_draws_and_cards_are_conserved() -> None:
    s = GameState.new(course(), [Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 4))],
                      turns=9, seed=4, options=CARDS)
    while not s.over:
        o = s.legal_orders()[0]
        if isinstance(o, Pass | PlanFire | FieldRepair):
            s, _ = s.apply(o)
        else:  # pragma: no cover - only passes, plans and repairs here
            raise AssertionError(o)
    for side in (Side.RED, Side.BLUE):
        assert s.cards.deck(side) == ()
        assert len(s.cards.held_by(side)) + len(s.cards.discards(side)) == 7


def test_E_1_to_E_7_cards_parse_by_rule_or_name_and_round_trip() -> None:
    assert [c.rule for c in Card] == [f"E-{k}" for k in range(1, 8)]
    assert Card.parse("E-6").gun == "155" and Card.parse("support_122").gun == "122"
    with pytest.raises(RulesError, match="§7"):
        Card.parse("joker")
    c = hand((Card.RAPID_ASSAULT,), (Card.SUPPORT_155,))
    assert CardState.from_dict(json.loads(json.dumps(c.to_dict()))) == c


# ---------------------------------------------------------------------------------------
# E-1 rapid assault
# ---------------------------------------------------------------------------------------
def test_E_1_rapid_assault_gives_3_points_to_the_first_3_units_moved_march_too() -> None:
    reds = [Unit(f"R{k}", "red", H(k, 1)) for k in range(1, 5)]
    s = game([*reds, Unit("B1", "blue", H(11, 5), status=[Status.WEAPON_LOST])], [1, 1],
             hand((Card.RAPID_ASSAULT,)))
    base = allowance(reds[0], s.tables)
    s = to_movement(s)
    got = []
    for uid, march in (("R1", False), ("R2", True), ("R3", False), ("R4", False)):
        s, rec = s.apply(StartMove(uid, march=march))
        got.append(s.move.allowance)
        assert ("E-1" in rec.rules) == (uid != "R4")
        s, _ = s.apply(EndMove())
        s, _ = s.apply(Pass())  # blue
    assert got[0] == got[2] == base + 3 and got[3] == base
    assert got[1] > allowance(reds[1], s.tables)  # the march got its +3 too
    assert s.cards.active("red", Card.RAPID_ASSAULT, 1) is None
    assert Card.RAPID_ASSAULT in s.cards.discards("red")


def test_E_1_rapid_assault_acts_only_in_the_turn_after_the_draw() -> None:
    s = game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 5))], [1, 1],
             hand((Card.RAPID_ASSAULT,), drawn=1))  # drawn in turn 1: acts in turn 2
    s = to_movement(s)
    s, rec = s.apply(StartMove("R1"))
    assert "E-1" not in rec.rules and s.move.allowance == allowance(s.unit("R1"), s.tables)


# ---------------------------------------------------------------------------------------
# E-2 fire enhancement
# ---------------------------------------------------------------------------------------
def _duel(cards: CardState, dice: list[int], **kw: object) -> GameState:
    m = HexMap.flat(20, 4)
    units = [Unit("R1", "red", Hex(0, 1)), Unit("R2", "red", Hex(0, 2)),
             Unit("B1", "blue", Hex(14, 1)), Unit("B2", "blue", Hex(14, 2))]
    return game(units, dice, cards, hexmap=m, **kw)  # type: ignore[arg-type]


def test_E_2_fire_enhancement_gives_2_levels_to_the_named_shooter_only() -> None:
    s = _duel(hand((Card.FIRE_ENHANCEMENT,)), [1])
    plain = order_odds(s, DeclareFire(("R1", "R2"), "B1"))
    odds = order_odds(s, DeclareFire(("R1", "R2"), "B1", enhance="R2"))
    assert odds.levels == (plain.levels[0], plain.levels[1] + 2)
    assert odds.p_destroyed > plain.p_destroyed
    s2, rec = s.apply(DeclareFire(("R1", "R2"), "B1", enhance="R2"))
    assert [sh.level for sh in rec.fire[0].shots[:1]] == [plain.levels[0]]
    assert rec.fire[0].card_unit == "R2" and "E-2" in rec.rules
    if rec.fire[0].shots[1].adjudicated:
        assert rec.fire[0].shots[1].level == plain.levels[1] + 2
    assert s2.cards.active("red", Card.FIRE_ENHANCEMENT, 1) is None  # spent


def test_E_2_fire_enhancement_misuses_are_refused_naming_E_2() -> None:
    s = _duel(hand((Card.FIRE_ENHANCEMENT,)), [1])
    refused(s, DeclareFire("R1", "B1", enhance="R2"), "E-2")       # not firing
    no_card = _duel(hand(), [1])
    refused(no_card, DeclareFire("R1", "B1", enhance="R1"), "E-2")  # no card
    later = _duel(hand((Card.FIRE_ENHANCEMENT,), drawn=1), [1])
    refused(later, DeclareFire("R1", "B1", enhance="R1"), "E-2")    # not its turn yet
    s2, _ = s.apply(DeclareFire("R1", "B1", enhance="R1"))
    s2, _ = s2.apply(Pass())
    refused(s2, DeclareFire("R2", "B2", enhance="R2"), "E-2")       # already used
    assert DeclareFire("R1", "B1", enhance="R1") in s.legal_orders()


def test_E_2_fire_enhancement_for_moving_fire_and_listed_in_legal_orders() -> None:
    s = to_movement(_duel(hand((Card.FIRE_ENHANCEMENT,)), [1, 1]))
    s, _ = s.apply(StartMove("R1"))
    assert MovingFire("B1", enhance=True) in s.legal_orders()
    plain, more = (order_odds(s, MovingFire("B1", enhance=e)) for e in (False, True))
    assert more.levels[0] == plain.levels[0] + 2


# ---------------------------------------------------------------------------------------
# E-3 field repair
# ---------------------------------------------------------------------------------------
def test_E_3_field_repair_the_holder_names_a_W_or_I_unit_at_the_start_of_next_turn() -> None:
    units = [Unit("R1", "red", H(0, 1), status=[Status.WEAPON_LOST]), Unit("R2", "red", H(0, 3)),
             Unit("B1", "blue", H(11, 5))]
    s = game(units, [1, 1, 3], hand((Card.FIELD_REPAIR,), drawn=1))
    s = passes(s, 4)  # turn 1 ends; turn 2 T-1 waits for red's choice
    assert (s.turn, s.phase, s.to_act) == (2, Phase.PREPARATION, Side.RED)
    assert list(s.legal_orders()) == [FieldRepair("R1")]
    refused(s, FieldRepair("R2"), "E-3")   # an undamaged unit
    refused(s, FieldRepair("B1"), "E-3")   # not the holder's
    refused(s, Pass(), "T-")
    s, rec = s.apply(FieldRepair("R1"))
    assert not s.unit("R1").weapon_lost and "E-3" in rec.rules
    assert s.phase is Phase.DIRECT_FIRE and rec.rolls[-1].rule == "T-2"
    assert Card.FIELD_REPAIR in s.cards.discards("red")


def test_E_3_field_repair_with_no_damaged_unit_is_spent_without_waiting() -> None:
    s = game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 5))], [1, 1, 3],
             hand((Card.FIELD_REPAIR,), drawn=1))
    s, rec = passes(s, 3).apply(Pass())
    assert s.phase is Phase.DIRECT_FIRE and s.turn == 2
    assert any(st.rule == "E-3" and "no effect" in st.result for st in rec.steps)


def test_E_3_an_expired_card_cannot_be_used() -> None:
    units = [Unit("R1", "red", H(0, 1), status=[Status.IMMOBILISED]), Unit("B1", "blue", H(11, 5))]
    s = game(units, [1, 1, 3, 1, 1], hand((Card.FIELD_REPAIR, Card.RAPID_RELOAD), drawn=1))
    s, _ = passes(s, 4).apply(FieldRepair("R1"))
    s = passes(s, 4)  # turn 3: E-5 drawn in turn 1 has expired unused
    assert s.turn == 3 and Card.RAPID_RELOAD in s.cards.discards("red")
    refused(s, FieldRepair("R1"), "E-3")


# ---------------------------------------------------------------------------------------
# E-4 reactive armour
# ---------------------------------------------------------------------------------------
def test_E_4_reactive_armour_lowers_the_first_hit_one_step_and_the_odds_know_it() -> None:
    m = HexMap.flat(12, 4)
    units = [Unit("R1", "red", Hex(0, 1)), Unit("B1", "blue", Hex(6, 1))]
    bare = game(units, [1, 4, 4, 6], hand(), hexmap=m)
    armoured = game(units, [1, 4, 4, 6], hand(blue=(Card.REACTIVE_ARMOUR,)), hexmap=m)
    before = order_odds(bare, DeclareFire("R1", "B1"))
    after = order_odds(armoured, DeclareFire("R1", "B1"))
    assert before.p_destroyed > 0 and after.p_destroyed == 0  # K → W, W/I → S
    _, rec = bare.apply(DeclareFire("R1", "B1"))
    s, rec2 = armoured.apply(DeclareFire("R1", "B1"))
    assert rec.fire[0].result is Result.K and rec2.fire[0].result is Result.W
    assert rec2.fire[0].reactive_armour and "E-4" in rec2.rules
    assert s.unit("B1").weapon_lost and Card.REACTIVE_ARMOUR in s.cards.discards("blue")
    assert GameRecord.from_dict(json.loads(json.dumps(rec2.to_dict()))) == rec2
    assert "E-4" in str(rec2) and "E-4" in rec2._repr_html_()


def test_E_4_reactive_armour_in_concentrated_fire_acts_on_the_first_hit_only() -> None:
    s = _duel(hand(blue=(Card.REACTIVE_ARMOUR,)), [1, 6, 6, 1, 4, 4, 6])  # S, then S
    s, rec = s.apply(DeclareFire(("R1", "R2"), "B1"))
    shots = rec.fire[0].shots
    assert [sh.result for sh in shots] == [Result.NONE, Result.S]  # S → none; S stands
    assert ["E-4" in {st.rule for st in sh.steps} for sh in shots] == [True, False]
    exact = order_odds(_duel(hand(blue=(Card.REACTIVE_ARMOUR,)), [1]),
                       DeclareFire(("R1", "R2"), "B1"))
    assert sum(exact.final.values()) == 1


# ---------------------------------------------------------------------------------------
# E-5 rapid reload
# ---------------------------------------------------------------------------------------
def test_E_5_rapid_reload_the_last_unit_to_fire_fires_again_at_a_target_fired_upon() -> None:
    s = _duel(hand((Card.RAPID_RELOAD,)), [1, 6, 6, 1])  # R2's shot: I, armour d6 1 → S
    refused(s, RapidReload("B1"), "E-5")  # nobody has fired yet
    s, _ = s.apply(DeclareFire("R2", "B1"))
    s, _ = s.apply(Pass())  # blue
    assert s.cards.last("red") == "R2"
    assert RapidReload("B1") in s.legal_orders() and RapidReload("B2") in s.legal_orders()
    odds = order_odds(s, RapidReload("B1"))
    assert odds.shooters[0].id == "R2" and not odds.shooters[0].fired
    s, rec = s.apply(RapidReload("B1"))
    assert rec.fire[0].order.shooters == ("R2",) and "E-5" in rec.rules
    assert s.unit("R2").fired and s.to_act is Side.BLUE
    s, _ = s.apply(Pass())
    refused(s, RapidReload("B2"), "E-5")  # spent


# ---------------------------------------------------------------------------------------
# E-6, E-7: fire plans inside the game (A-1…A-8)
# ---------------------------------------------------------------------------------------
GUNS_ONE_ON_TARGET = [6] * 5 + [2, 4]  # guns 1-5 cancelled, gun 6 on target (A-3 even)


def test_E_6_the_drawer_names_the_target_and_the_fire_lands_two_turns_later() -> None:
    target = H(6, 4)
    units = [Unit("R1", "red", H(0, 0)), Unit("B1", "blue", target), Unit("B2", "blue", target)]
    s = game(units, [1, 1], hand((Card.SUPPORT_155,)))
    s = passes(s, 4)  # T-4 of turn 1 waits for red's fire plan
    assert (s.phase, s.to_act) == (Phase.RANDOM_EVENT, Side.RED)
    legal = s.legal_orders()
    assert len(legal) == len(s.hexmap) and PlanFire(target) in legal
    refused(s, PlanFire("4599AA"), "A-1")
    refused(s, PlanFire(Hex(40, 40)), "A-1")
    refused(s, Pass(), "T-")
    s, rec = s.apply(PlanFire(s.hexmap.name_of(target)))
    (plan,) = s.cards.plans
    assert (plan.gun, plan.target, plan.called, plan.lands, plan.guns) == ("155", target, 1, 3, 6)
    assert s.view("blue").cards.enemy_plans == 1 and not s.view("blue").cards.plans
    assert s.view("red").cards.plans == (plan,)
    assert s.phase in (Phase.DIRECT_FIRE, Phase.PREPARATION) and s.turn == 2


def _mission(strike_dice: list[int], blue_cards: tuple[Card, ...] = ()) -> tuple[GameState,
                                                                                 GameRecord]:
    """Red's 155 plan on B1+B2's hex lands in turn 2 (delay 1 plan made by hand)."""
    target = H(6, 4)
    plan = FirePlan("red", "155", target, called=1, delay=1)
    cards = hand(plans=(plan,))
    if blue_cards:
        cards = dataclasses.replace(cards, hand=tuple(
            HeldCard(c, Side.BLUE, 1, c.uses) for c in blue_cards),
            played=(cards.played[0], tuple(c for c in Card if c not in blue_cards)))
    units = [Unit("R1", "red", H(0, 0)), Unit("B1", "blue", target), Unit("B2", "blue", target)]
    s = game(units, [1, 1, 1, 1, *GUNS_ONE_ON_TARGET, *strike_dice], cards)
    s = passes(s, 4)       # turn 1
    s = passes(s, 3)
    return s.apply(Pass())  # turn 2, T-4 step 3: the mission arrives


def test_A_1_to_A_7_a_mission_in_the_game_hits_every_unit_of_a_stack() -> None:
    s, rec = _mission([2, 3, 5, 6, 6])  # B1: 2+3 at level 7 → K, armour 5 stands; B2: 12
    (art,) = [p for p in rec.parts if isinstance(p, ArtilleryRecord)]
    assert [g.cancelled for g in art.guns] == [True] * 5 + [False]
    assert [st.unit_before.id for st in art.strikes] == ["B1", "B2"]
    assert "B1" in {u.id for u in s.losses}
    assert s.cards.plans == () and len(s.cards.markers) == 1
    assert {"A-1", "A-2", "A-3", "A-5", "A-6", "A-7"} <= set(rec.rules)
    assert GameRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec
    assert "A-7" in str(rec) and "hexrules" in rec._repr_html_()


def test_C_2_one_impact_marker_per_gun_that_lands_public_to_both_sides() -> None:
    s, rec = _mission([2, 3, 5, 6, 6])  # five guns cancelled, gun 6 lands on target
    (art,) = [p for p in rec.parts if isinstance(p, ArtilleryRecord)]
    (mk,) = s.cards.markers
    landed = [g for g in art.guns if not g.cancelled]
    assert len(landed) == 1 and mk.hex == H(6, 4) and mk.number == 6
    assert (mk.side, mk.gun, mk.level, mk.turn) == (Side.RED, "155", 7, 2)  # ring-0 level A-6
    assert s.view("red").cards.markers == s.view("blue").cards.markers == (mk,)


def test_E_4_reactive_armour_acts_on_an_artillery_hit_too() -> None:
    s, rec = _mission([2, 3, 5, 6, 6], blue_cards=(Card.REACTIVE_ARMOUR,))
    (art,) = [p for p in rec.parts if isinstance(p, ArtilleryRecord)]
    assert art.strikes[0].result is Result.W and "E-4" in rec.rules  # K → W
    assert s.unit("B1").weapon_lost and Card.REACTIVE_ARMOUR in s.cards.discards("blue")


def test_A_7_V_10_units_in_close_combat_are_still_hit_by_artillery() -> None:
    target = H(6, 4)
    plan = FirePlan("blue", "122", target, called=1, delay=1)
    units = [Unit("R1", "red", target, status=[Status.WEAPON_LOST]),
             Unit("B1", "blue", target, status=[Status.WEAPON_LOST])]  # a stalemate (V-10)
    s = game(units, [1, 1, 1, 1, *GUNS_ONE_ON_TARGET, 1, 1, 6, 1, 1, 6, 1],
             hand(plans=(plan,)))
    s = passes(s, 4)
    assert target in s.stalemates or target in s.engaged
    s, rec = passes(s, 3).apply(Pass())
    (art,) = [p for p in rec.parts if isinstance(p, ArtilleryRecord)]
    assert {st.unit_before.id for st in art.strikes} == {"R1", "B1"}


def test_A_8_a_unit_entering_impact_markers_is_attacked_before_opportunity_fire() -> None:
    marked = H(5, 1)
    mk = ImpactMarker(marked, "red", "155", 1, 7, turn=1)
    units = [Unit("R1", "red", H(5, 4)), Unit("B1", "blue", H(6, 1))]
    s = game(units, [2, 2, 6, 6, 1], hand(markers=(mk,)))  # blue first; entry: 12 → none
    s = to_movement(s)
    s, _ = s.apply(StartMove("B1"))
    s, rec = s.apply(StepTo(marked))
    kinds = [type(p).__name__ for p in rec.parts]
    assert kinds.index("MarkerEntryRecord") < len(kinds)
    entry = [p for p in rec.parts if isinstance(p, MarkerEntryRecord)][0]
    assert entry.hex == marked and len(entry.strikes) == 1 and "A-8" in rec.rules
    assert [r.rule for r in rec.rolls][:2] == ["A-8", "A-8"]  # before any opportunity shot
    assert s.window is not None and s.window.side is Side.RED  # then red may fire (V-6)


def test_A_8_impact_markers_stay_until_the_next_random_event_phase() -> None:
    mk = ImpactMarker(H(5, 1), "red", "155", 1, 7, turn=1)
    s = game([Unit("R1", "red", H(0, 4)), Unit("B1", "blue", H(11, 5))], [1, 1],
             hand(markers=(mk,)))
    s, rec = passes(s, 3).apply(Pass())
    assert s.cards.markers == () and any("(2)" in st.title and "removed" in st.result
                                         for st in rec.steps)
    assert s.view("blue").cards.markers == ()


def test_E_7_the_instructor_deals_a_card_and_reshuffles_and_it_is_planned_at_T_4() -> None:
    s = new_game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 5))], [1],
                 options=CARDS)
    s, rec = s.apply(DealCard("red", "E-7"))
    assert rec.side is None and "§7" in rec.rules and s.to_act is Side.RED  # nothing else
    assert Card.SUPPORT_122 not in s.cards.deck("red")
    refused(s, DealCard("red", "E-7"), "§7")  # held now
    s = passes(s, 4)
    while s.phase is Phase.RANDOM_EVENT and s.to_act is Side.BLUE:  # pragma: no cover
        s, _ = s.apply(PlanFire(H(0, 0)))
    assert (s.phase, s.to_act) == (Phase.RANDOM_EVENT, Side.RED)
    s, _ = s.apply(PlanFire(H(11, 5)))
    assert any(p.gun == "122" and p.side is Side.RED for p in s.cards.plans)
    assert s.game_log().replay() == s  # the instructor's deal replays like any order
    no_cards = new_game([Unit("R1", "red", H(0, 1))], [1])
    refused(no_cards, DealCard("red", "E-1"), "§7")


def test_E_7_reshuffle_puts_the_discards_back() -> None:
    s = game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 5))], [1], hand())
    refused(s, DealCard("blue", "E-2"), "reshuffle")
    s, _ = s.apply(DealCard("blue", "E-2", reshuffle=True))
    assert len(s.cards.deck("blue")) == 6 and s.cards.discards("blue") == ()
    assert [h.card for h in s.cards.held_by("blue")] == [Card.FIRE_ENHANCEMENT]


# ---------------------------------------------------------------------------------------
# Views, saving, replay, tables
# ---------------------------------------------------------------------------------------
def test_E_1_to_E_7_a_view_shows_own_cards_and_only_counts_of_the_enemy() -> None:
    s = game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 5))], [1],
             hand((Card.RAPID_ASSAULT, Card.FIRE_ENHANCEMENT), (Card.REACTIVE_ARMOUR,)))
    red = s.view("red").cards
    assert [h.card for h in red.hand] == [Card.RAPID_ASSAULT, Card.FIRE_ENHANCEMENT]
    assert red.enemy_held == 1 and red.enemy_deck == 0
    assert len(red.enemy_played) == 6 and not hasattr(red, "enemy_hand")
    assert "REACTIVE" not in json.dumps(red.to_dict()).split("enemy_played")[0]
    assert new_game([Unit("R1", "red", H(0, 1))], [1]).view("red").cards is None


def test_E_1_to_E_7_games_with_cards_save_load_and_replay() -> None:
    s = GameState.from_scenario("village", seed=21)
    assert s.options.cards
    rng_orders = 0
    import random

    rng = random.Random(21)
    while not s.over:
        s, _ = s.apply(s.legal_orders().choice(rng))
        rng_orders += 1
    rules = {r for rec in s.log for r in rec.rules}
    assert {"T-4", "A-1"} <= rules
    back = GameState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back == s and GameLog.from_dict(json.loads(json.dumps(
        s.game_log().to_dict()))).replay() == s
    old = s.to_dict()
    del old["cards"]  # a game saved before the cards loads, with no cards played
    assert GameState.from_dict(old).cards == CardState()


def test_A_1_A_2_the_battery_delay_and_cancel_face_are_table_data(tmp_path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(DEFAULT_TABLES_DIR, folder)
    f = folder / "artillery.toml"
    f.write_text(f.read_text().replace("guns = 6", "guns = 4").replace("delay = 2", "delay = 3")
                 .replace("cancel_face = 6", "cancel_face = 0"))
    t = load_tables(folder)
    plan = FirePlan.for_card("red", "155", Hex(3, 3), 2, tables=t)
    assert (plan.guns, plan.lands) == (4, 5)
    from hexrules.artillery import adjudicate_mission, impact_distribution

    rec = adjudicate_mission(HexMap.flat(8, 8), plan, [], dice=ScriptedDice([6, 2] * 4),
                             tables=t)
    assert not any(g.cancelled for g in rec.guns)  # face 6 cancels nothing here
    assert impact_distribution(HexMap.flat(8, 8), Hex(3, 3), tables=t).cancelled == 0
    assert impact_distribution(HexMap.flat(8, 8), Hex(3, 3)).cancelled == Fraction(1, 6)


def test_E_1_to_E_7_card_orders_need_the_cards_and_their_moment() -> None:
    s = new_game([Unit("R1", "red", H(0, 1)), Unit("B1", "blue", H(11, 5))], [1, 1])
    refused(s, FieldRepair("R1"), "E-3")
    refused(s, PlanFire(H(1, 1)), "A-1")
    refused(s, RapidReload("B1"), "E-5")
    with pytest.raises(IllegalOrderError):
        DeclareFire("R1", "B1", enhance="")
    g = new_game([Unit("R1", "red", H(0, 1))], [1, 1], options=CARDS)
    assert g.cards.deck("red") and Dice(0)  # full decks at the start


def _entry_equality(n_markers: int) -> None:
    from hexrules.artillery import adjudicate_entry, entry_odds
    from hexrules.chance import outcomes
    from hexrules.combat.damage import damage_state

    m = HexMap.flat(8, 8)
    mks = [ImpactMarker(Hex(3, 3), "red", "155", 1, 7, turn=1)] * n_markers
    b1 = Unit("B1", "blue", Hex(2, 3))
    for armour in (False, True):
        exact = entry_odds(m, b1, Hex(3, 3), mks, reactive_armour=armour)
        rolled = outcomes(lambda d, a=armour: damage_state(adjudicate_entry(
            m, b1, Hex(3, 3), mks, dice=d, reactive_armour=a).unit_after.status))
        assert exact == {k: v for k, v in rolled.items() if v}
    assert exact.get(frozenset({Status.DESTROYED}), 0) < entry_odds(
        m, b1, Hex(3, 3), mks)[frozenset({Status.DESTROYED})]


def test_E_4_A_8_entry_odds_with_reactive_armour_equal_every_dice_sequence() -> None:
    _entry_equality(1)


@pytest.mark.slow
def test_E_4_A_8_entry_odds_with_reactive_armour_on_two_markers_first_hit_only() -> None:
    _entry_equality(2)


def test_E_2_E_4_order_odds_equal_every_dice_sequence_of_the_adjudication() -> None:
    from hexrules.chance import outcomes
    from hexrules.combat import adjudicate_fire
    from hexrules.combat.damage import damage_state
    from hexrules.game.events import fire_setup

    s = _duel(hand((Card.FIRE_ENHANCEMENT,), (Card.REACTIVE_ARMOUR,)), [1])
    order = DeclareFire("R2", "B1", enhance="R2")  # one shot: 6³ dice sequences at most
    exact = order_odds(s, order)
    units, ctx = fire_setup(s, s.unit_map, order.fire, "R2")
    assert ctx == {"card_unit": "R2", "reactive_armour": True}
    rolled = outcomes(lambda d: damage_state(adjudicate_fire(
        s.hexmap, order.fire, units=units, dice=d, tables=s.tables,
        **ctx).target_after.status))  # type: ignore[arg-type]
    assert exact.final == {k: v for k, v in rolled.items() if v}



def test_logview_the_enemy_never_reads_a_fire_plan_and_fog_hides_unseen_units() -> None:
    from hexrules.game.logview import hidden_from, names, public_record

    target = H(6, 4)
    units = [Unit("R1", "red", H(0, 0)), Unit("B1", "blue", target), Unit("B2", "blue", target)]
    s = game(units, [1, 1], hand((Card.SUPPORT_155,)))
    s = passes(s, 4)
    s, rec = s.apply(PlanFire(s.hexmap.name_of(target)))
    assert public_record(s, rec, "blue") is None                 # the target stays secret
    assert public_record(s, rec, "red") is not None
    fogged = dataclasses.replace(s, origin=dataclasses.replace(
        s.origin, options=dataclasses.replace(s.options, fog_of_war=True)))
    ids, hexes = hidden_from(fogged, "red")
    assert ids and hexes                                          # B1, B2 unseen from 0,0
    shown = [public_record(fogged, r, "red") for r in fogged.log]
    assert any(r is not None for r in shown)
    for r in shown:
        if r is not None and r.side is not Side.RED:
            assert not names(f"{r}\n{r._repr_html_()}", ids | hexes)
