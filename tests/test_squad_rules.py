"""The rules core of the squad variant (docs/rules.md, Appendix A): one test per rule ID."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from squad_support import at

from hexrules.chance import outcomes
from hexrules.dice import ScriptedDice
from hexrules.errors import CoordinateError, TableFormatError
from hexrules.map import Hex, HexMap, Terrain
from hexrules.records import record_from_dict
from hexrules.variants.squad import (
    Arc,
    SquadGround,
    Team,
    actual_attack,
    actual_distance,
    arc_by_angle,
    arc_of,
    attack_odds,
    attack_value,
    detect,
    detectability,
    detection_range,
    front_hex,
    hex_name,
    load_rules,
    loss_of,
    parse_hex_name,
    range_factor,
    resolve_attack,
    roll_result,
    take_loss,
)
from hexrules.variants.squad.rules import RULES_FILE

R = load_rules()
FLAT = SquadGround(HexMap.flat(30, 12, name="flat"))


def team(tid: str, side: str, kind: str, h: Hex, **kw: object) -> Team:
    return Team(tid, side, kind, h, **kw)  # type: ignore[arg-type]


# -- A.1 map --------------------------------------------------------------------------------
def test_Q_1_hex_grid_of_the_main_game_and_ccrr_names() -> None:
    h = Hex.from_offset(7, 12)
    assert hex_name(h) == "0712" and parse_hex_name("0712") == h
    assert parse_hex_name(h) is h
    with pytest.raises(CoordinateError, match="CCRR"):
        parse_hex_name("12345")


def test_Q_2_distance_is_the_whole_hex_count() -> None:
    a = team("B1", "blue", "three_man", at(2, 5), facing=2)
    assert front_hex(a) == at(3, 5)
    assert actual_distance(FLAT, a, at(12, 5)) == 9 == front_hex(a).distance(at(12, 5))


def test_Q_3_terrain_from_the_map_plus_overlays() -> None:
    terr = [[0] * 8 for _ in range(4)]
    terr[1][2] = int(Terrain.FOREST)
    terr[1][3] = int(Terrain.CITY)
    terr[1][4] = int(Terrain.WATER)
    m = HexMap("t", [[0] * 8 for _ in range(4)], terr)
    g = SquadGround(m, vegetation=frozenset({at(1, 1)}), cover=frozenset({at(5, 1), at(3, 1)}))
    keys = [g.terrain(at(c, 1)).key for c in range(6)]
    assert keys == ["open", "vegetation", "woods", "building", "water", "open"]
    assert [g.has_cover(at(c, 1)) for c in range(6)] == [False, False, False, True, False, True]
    assert not g.passable(at(4, 1)) and not g.passable(at(9, 1)) and g.passable(at(2, 1))
    # detectability and AP from the table; a marker on a building adds nothing
    t = team("R1", "red", "three_man", at(3, 1))
    assert detectability(g, t) == 15 - 3 - 1
    # woods and buildings raise sight by one level (L-2): a wood between blocks the line
    assert g.sees(at(1, 1), at(2, 1))              # the end hexes never block (L-1)
    assert not g.sees(at(1, 1), at(3, 1))          # the wood between does (L-2, L-3)
    assert not g.sees(at(0, 1), at(5, 1))


def test_Q_4_loss_is_theoretical_minus_current_defence_and_0_kills() -> None:
    t = team("R1", "red", "four_man", at(0, 0), defence=1)
    assert t.loss(R) == 3 and not t.killed
    after, steps = take_loss(R, t, 5, 1)
    assert after.defence == 0 and after.killed and steps[0].rule == "Q-4"


def test_Q_5_unit_types_come_from_the_data_file() -> None:
    rows = {k: (t.ap, t.attack, t.defence, t.detection, t.detectability, t.attack_range)
            for k, t in R.types.items()}
    assert rows == {"three_man": (5, 4, 3, 15, 15, 12), "two_man": (7, 2, 2, 15, 12, 12),
                    "four_man": (4, 5, 4, 15, 17, 12), "marksman": (5, 3, 1, 20, 10, 15),
                    "medic": (5, 1, 2, 15, 10, 12)}
    assert [k for k, t in R.types.items() if t.medic] == ["medic"]
    assert R.types["medic"].label == "Medic 医疗兵"


@pytest.mark.parametrize(("old", "new", "match"), [
    ("ap = 5\nattack = 1", "ap = 0\nattack = 1", r"type\.medic\.ap: must be at least 1"),
    ("[arc]\nfront = 0", "[arc]\nfront = \"x\"", r"arc\.front: must be an integer"),
    ("engage_penalty = \"1/2\"", "engage_penalty = \"2\"", r"rules\.engage_penalty"),
    ("[posture.upright]", "[posture.standing]", r"posture: must have exactly"),
    ("medic = true\n\n", "medic = true\ncolour = 1\n\n", r"type\.medic: unknown field"),
])
def test_Q_5_loader_errors_name_the_file_and_the_entry(tmp_path: Path, old: str, new: str,
                                                        match: str) -> None:
    text = RULES_FILE.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "squad.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(TableFormatError, match=match) as err:
        load_rules(p)
    assert str(p) in str(err.value)


def test_Q_5_an_instructor_copy_changes_the_numbers(tmp_path: Path) -> None:
    p = tmp_path / "mine.toml"
    p.write_text(RULES_FILE.read_text(encoding="utf-8").replace("cover_distance = 2",
                                                                "cover_distance = 3"))
    assert load_rules(p).cover_distance == 3 and load_rules().cover_distance == 2


# -- A.3 posture and facing -----------------------------------------------------------------
def test_Q_7_postures_change_cost_detectability_attack_and_defence() -> None:
    from hexrules.variants.squad.movement import step_cost

    got = {p: (i.step_ap, i.detectability, i.attack, i.defence) for p, i in R.postures.items()}
    assert got == {"upright": (1, 2, -1, 0), "crouched": (2, 0, 0, 0),
                   "concealed": (3, -4, 1, 1)}
    assert R.posture_change_ap == 1
    t = team("R1", "red", "three_man", at(2, 2), posture="concealed")
    assert step_cost(FLAT, t, at(3, 2)) == 3
    assert detectability(FLAT, t) == 11


@pytest.mark.parametrize("facing", range(1, 7))
def test_Q_8_arcs_by_the_front_hex_match_the_angle(facing: int) -> None:
    t = team("R1", "red", "medic", Hex(0, 0), facing=facing)
    for n in range(1, 7):
        ring = Hex(0, 0).ring(n)
        arcs = [arc_of(t, h) for h in ring]
        assert (arcs.count(Arc.FRONT), arcs.count(Arc.FLANK), arcs.count(Arc.REAR)) == \
            (2 * n - 1, 2 * n, 2 * n + 1)
        assert arcs == [arc_by_angle(t, h) for h in ring]
    assert arc_of(t, Hex(0, 0).neighbor(facing)) is Arc.FRONT


def test_Q_8_facing_adjusts_the_detection_range() -> None:
    t = team("B1", "blue", "three_man", at(10, 5), facing=2)
    assert detection_range(FLAT, t, at(15, 5)) == (15, Arc.FRONT)
    assert detection_range(FLAT, t, at(10, 9))[0] == 12
    assert detection_range(FLAT, t, at(5, 5)) == (9, Arc.REAR)


# -- A.6 detection --------------------------------------------------------------------------
def test_Q_13_both_ranges_must_reach_from_the_front_hex() -> None:
    o = team("B1", "blue", "three_man", at(2, 5), facing=2)
    far = team("R1", "red", "three_man", at(18, 5))          # d = 15: R′ 15, D′ 15
    assert detect(FLAT, o, far).detected
    farther = far.but(hex=at(19, 5))                          # d = 16
    assert not detect(FLAT, o, farther).detected
    hidden = far.but(posture="concealed")                     # D′ 11 < d
    rec = detect(FLAT, o, hidden)
    assert not rec.detected and rec.steps[-1].note == "d > D′"
    # the marksman sees far (R 20) but a concealed team is still hidden by D′
    m = team("B4", "blue", "marksman", at(2, 5), facing=2)
    assert detect(FLAT, m, far.but(hex=at(20, 5))).detected is False
    assert detect(FLAT, m, far.but(hex=at(20, 5), posture="upright")).detected


def test_Q_13_cover_and_vegetation_lower_detectability() -> None:
    g = SquadGround(FLAT.hexmap, vegetation=frozenset({at(14, 5)}), cover=frozenset({at(18, 5)}))
    o = team("B1", "blue", "three_man", at(2, 5), facing=2)
    assert detectability(g, team("R1", "red", "three_man", at(14, 5))) == 13
    assert detectability(g, team("R1", "red", "three_man", at(18, 5))) == 14
    # d = 15 from the front hex: the cover's −1 hides it, in the open it is seen
    assert not detect(g, o, team("R1", "red", "three_man", at(18, 5))).detected
    assert detect(FLAT, o, team("R1", "red", "three_man", at(18, 5))).detected


def test_Q_13_needs_line_of_sight_traced_hex_to_hex() -> None:
    terr = [[0] * 12 for _ in range(5)]
    terr[2][5] = int(Terrain.FOREST)
    g = SquadGround(HexMap("wood", [[0] * 12 for _ in range(5)], terr))
    o = team("B1", "blue", "three_man", at(2, 2), facing=2)
    rec = detect(g, o, team("R1", "red", "three_man", at(8, 2), posture="upright"))
    assert not rec.detected and rec.steps[0].rule == "L-1" and rec.steps[0].value is False


def test_Q_14_lighting_within_4_either_way_shows_full_status() -> None:
    o = team("B1", "blue", "three_man", at(2, 5), facing=5)  # faces away
    t = team("R1", "red", "three_man", at(6, 5), facing=5, posture="concealed")
    # B1's front hex is 5 away, but R1's front hex is 3 from B1
    rec = detect(FLAT, o, t)
    assert rec.lit and rec.detected and rec.rules[-1] == "Q-14"
    g = SquadGround(FLAT.hexmap, cover=frozenset({at(2, 5), at(6, 5)}))
    assert not detect(g, o, t).lit                            # 3 + 2 and 5 + 2 > 4


# -- A.7 attack -----------------------------------------------------------------------------
def test_Q_16_dropouts_are_logged_and_a_killed_target_is_cancelled() -> None:
    a = team("B1", "blue", "three_man", at(2, 5), facing=2)
    sup = team("B2", "blue", "three_man", at(2, 6), facing=2, suppressed_until=1)
    far = team("B3", "blue", "three_man", at(0, 5), facing=5)
    t = team("R1", "red", "three_man", at(12, 5))
    rec = resolve_attack(FLAT, [a, sup, far], t, ScriptedDice([3]), opens_fire=False, turn=1)
    assert rec.attackers == ("B1",) and rec.dropped == ("B2", "B3")
    assert [s.result for s in rec.steps if s.rule == "Q-16"][1:] == [
        "drops out: suppressed 压制", "drops out: actual distance 13 > attack range 12"]
    dead = t.but(defence=0)
    none = resolve_attack(FLAT, [a], dead, ScriptedDice([]), opens_fire=False, turn=1)
    assert none.a is None and none.rolls == () and "cancelled" in none.steps[0].result
    undetected = resolve_attack(FLAT, [a], t, ScriptedDice([]), opens_fire=False, turn=1,
                                detected=False)
    assert undetected.attackers == () and undetected.rolls == ()


def test_Q_17_actual_distance_adds_the_cover_bonus() -> None:
    g = SquadGround(FLAT.hexmap, cover=frozenset({at(12, 5)}))
    a = team("X", "blue", "three_man", at(2, 5), facing=2)
    assert actual_distance(g, a, at(12, 5)) == 9 + 2 == 11


def test_Q_18_actual_attack_is_an_exact_fraction() -> None:
    y = team("Y", "blue", "three_man", at(0, 0), defence=2)
    assert actual_attack(R, y) == Fraction(8, 3)
    assert actual_attack(R, y.but(posture="concealed")) == Fraction(10, 3)
    assert actual_attack(R, team("M", "red", "medic", at(0, 0), posture="upright")) == 0


def test_Q_19_range_factor() -> None:
    assert [range_factor(R, d) for d in (1, 8, 9, 16)] == [1, 1, Fraction(8, 9), Fraction(1, 2)]


def test_Q_20_A_is_floored_and_at_least_1() -> None:
    assert attack_value(Fraction(208, 33), 2) == 3
    assert attack_value(Fraction(6), 2) == 3 and attack_value(Fraction(0), 4) == 1


@pytest.mark.parametrize("a", range(1, 7))
def test_Q_21_opening_fire_keeps_the_lower_of_two_dice(a: int) -> None:
    one = outcomes(lambda d: roll_result(d, a, False, "x")[2] > 0)
    two = outcomes(lambda d: roll_result(d, a, True, "x")[2] > 0)
    assert one[True] == Fraction(a, 6)
    assert two[True] == 1 - Fraction(6 - a, 6) ** 2
    assert ScriptedDice([5, 2]).roll(2, "Q-21", "x") == (5, 2)
    faces, b, loss = roll_result(ScriptedDice([5, 2]), 3, True, "X+Y→T")
    assert (faces, b, loss) == ((5, 2), 2, 1)


def test_Q_22_attack_result_table() -> None:
    assert [loss_of(6, b) for b in range(1, 7)] == [1] * 6
    assert loss_of(7, 1) == 2 and loss_of(13, 1) == 3 and loss_of(12, 6) == 2


def test_Q_23_suppression_at_half_losses_exactly() -> None:
    three = team("R1", "red", "three_man", at(0, 0))
    after, st = take_loss(R, three, 1, 1)
    assert not after.suppressed and st[0].value is False      # 2 × 1 < 3
    after, st = take_loss(R, after, 1, 2)
    assert after.suppressed_until == 2                        # 2 × 2 ≥ 3
    two = team("R2", "red", "two_man", at(0, 0))
    assert take_loss(R, two, 1, 1)[0].suppressed              # 2 × 1 ≥ 2: exact half
    again = take_loss(R, after.but(suppressed_until=3), 0, 2)[0]
    assert again.suppressed_until == 3                         # the later of the two


def test_Q_24_triggered_attacks_halve_the_actual_attack() -> None:
    a = team("B1", "blue", "three_man", at(2, 5), facing=2)
    t = team("R1", "red", "two_man", at(6, 5), posture="upright")
    rec = resolve_attack(FLAT, [a], t, ScriptedDice([6]), opens_fire=False, turn=1,
                         kind="triggered")
    q18 = [s for s in rec.steps if s.rule == "Q-18"][0]
    assert q18.value == 2 and ("engage on sight (Q-24)", "× 1/2") in q18.inputs
    assert rec.a == 1 and not rec.hit


def test_Q_26_the_worked_example() -> None:
    g = SquadGround(FLAT.hexmap, cover=frozenset({at(12, 5)}))
    x = team("X", "blue", "three_man", at(2, 5), facing=2, posture="concealed")
    y = team("Y", "blue", "three_man", at(6, 4), facing=3, defence=2)
    t = team("T", "red", "three_man", at(12, 5), defence=2)
    assert [actual_distance(g, u, t.hex) for u in (x, y)] == [11, 8]
    rec = resolve_attack(g, (x, y), t, ScriptedDice([5, 2]), opens_fire=True, turn=1)
    values = [s.value for s in rec.steps if s.rule in ("Q-18", "Q-19")]
    assert values == [5, Fraction(8, 11), Fraction(8, 3), 1]
    assert rec.total == Fraction(208, 33) and rec.a == 3 and rec.die == 2
    assert rec.hit and rec.loss == 1 and rec.suppressed and not rec.killed
    assert rec.effects[0].after.defence == 1
    odds = attack_odds(g, (x, y), t, opens_fire=True)
    assert odds.hit == Fraction(27, 36)
    assert attack_odds(g, (x, y), t, opens_fire=False).hit == Fraction(1, 2)


def test_Q_26_odds_match_every_adjudication() -> None:
    g = SquadGround(FLAT.hexmap)
    a = team("B1", "blue", "four_man", at(2, 5), facing=2, posture="concealed")
    t = team("R1", "red", "medic", at(5, 5), defence=1)
    odds = attack_odds(g, [a], t, opens_fire=True)
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=2):
        rec = resolve_attack(g, [a], t, ScriptedDice(list(faces)), opens_fire=True, turn=1)
        counts[rec.loss] = counts.get(rec.loss, 0) + 1
    assert {k: Fraction(v, 36) for k, v in counts.items()} == odds.losses


def test_Q_26_records_round_trip_and_render() -> None:
    g = SquadGround(FLAT.hexmap, cover=frozenset({at(12, 5)}))
    x = team("X", "blue", "three_man", at(2, 5), facing=2, posture="concealed")
    t = team("T", "red", "three_man", at(12, 5), defence=2)
    for rec in (resolve_attack(g, [x], t, ScriptedDice([1, 1]), opens_fire=True, turn=1),
                detect(g, x, t)):
        back = record_from_dict(json.loads(json.dumps(rec.to_dict(), ensure_ascii=False)))
        assert back == rec
        html = rec._repr_html_()
        assert "<table>" in html and "Q-" in html and str(rec).count("[Q-") >= 1
    again = resolve_attack(g, [x], t, ScriptedDice([1, 1]), opens_fire=True, turn=1)
    assert again == resolve_attack(g, [x], t, ScriptedDice([1, 1]), opens_fire=True, turn=1)
    assert [r.rule for r in again.rolls] == ["Q-21", "Q-21"]
