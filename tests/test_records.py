"""Records are values (one shape for every adjudication), orders are values, odds come from
the adjudication code itself."""

from __future__ import annotations

import dataclasses
import json
import pickle
import typing
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from hexrules import (
    Dice,
    FireKind,
    FireOrder,
    FireRecord,
    Hex,
    HexMap,
    MapRef,
    Record,
    Result,
    ScriptedDice,
    SightRecord,
    Status,
    TableRef,
    Terrain,
    Unit,
    adjudicate_fire,
    line_of_sight,
    record_from_dict,
)
from hexrules.combat import damage
from hexrules.combat.fire import shot_outcome
from hexrules.combat.odds import shot_distribution, table_odds
from hexrules.records import RecordFormatError, Step, decode, encode
from hexrules.tables import load_tables

FLAT = HexMap.flat(30, 3, name="row")


def red(uid: str = "R1", col: int = 0) -> Unit:
    return Unit(uid, "red", Hex.from_offset(col, 1))


def blue(uid: str = "B1", col: int = 18) -> Unit:
    return Unit(uid, "blue", Hex.from_offset(col, 1))


def fire(seed: int = 5) -> FireRecord:
    return adjudicate_fire(FLAT, [red(), red("R2", 1)], blue(), dice=Dice(seed=seed))


# -- records are values ------------------------------------------------------------------
def test_identical_seeded_adjudications_give_equal_records() -> None:
    assert fire(5) == fire(5)
    assert hash(fire(5).order) == hash(fire(5).order)
    training = HexMap.load("training")
    assert line_of_sight(training, "4563KC", "4564GD") == line_of_sight(
        HexMap.load("training"), "4563KC", "4564GD")


def test_different_dice_give_different_records() -> None:
    records = {repr(fire(s).rolls) for s in range(6)}
    assert len(records) > 1


@pytest.mark.parametrize("make", [
    fire,
    lambda: adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([3, 4])),
    lambda: adjudicate_fire(FLAT, red(), blue(), dice=ScriptedDice([2, 3, 4]),
                            kind="moving", card_unit="R1"),
    lambda: line_of_sight(HexMap.load("training"), "4563KC", "4564GD"),
])
def test_records_round_trip_through_json(make) -> None:
    rec = make()
    assert isinstance(rec, Record)
    text = json.dumps(rec.to_dict(), ensure_ascii=False)
    back = record_from_dict(json.loads(text))
    assert back == rec and type(back) is type(rec)
    assert str(back) == str(rec) and back._repr_html_() == rec._repr_html_()


def test_records_refer_to_map_and_tables_and_stay_small() -> None:
    rec = fire()
    assert rec.map == MapRef.of(FLAT) and rec.map.resolve() is FLAT
    assert rec.tables == TableRef.of(load_tables()) and rec.tables.resolve() is load_tables()
    assert len(pickle.dumps(rec)) < 12_000  # was 63 KB when it held the map and the tables
    for f in dataclasses.fields(SightRecord):
        assert f.name != "hexmap"


def test_record_fields_are_typed() -> None:
    from hexrules.combat.record import Shot
    from hexrules.dice import Roll
    from hexrules.records import Effect
    from hexrules.tables import Cell, TableSet

    names = {"Cell": Cell, "Roll": Roll, "HexMap": HexMap, "TableSet": TableSet}
    for cls in (Step, Effect, Shot, FireRecord, SightRecord, FireOrder):
        hints = typing.get_type_hints(cls, localns=names)
        assert typing.Any not in hints.values(), cls


def test_record_protocol_fields() -> None:
    rec = fire()
    assert isinstance(rec.rules, tuple) and rec.rules[0] == "F-1" and "F-9" in rec.rules
    assert all(isinstance(s, Step) for s in rec.steps)
    assert [r.value for r in rec.rolls] == [d for s in rec.shots for d in s.dice]
    assert [e.unit_id for e in rec.effects] == ["R1", "R2", "B1"]
    assert rec.effects[-1].added[0] is Status.FIRED_UPON
    sight = line_of_sight(FLAT, red().hex, blue().hex)
    assert sight.rolls == () and sight.effects == () and sight.steps[-1].rule == sight.case


def test_sight_record_plot_needs_its_map_or_finds_it() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    m = HexMap.flat(6, 4, name="lonely")
    rec = line_of_sight(m, Hex(0, 0), Hex(3, 0))
    assert rec.plot(Figure().add_subplot(), hexmap=m).get_title().endswith("(L-3)")
    with pytest.raises(Exception, match="different map"):
        rec.plot(Figure().add_subplot(), hexmap=FLAT)


def test_codec_errors_name_the_problem() -> None:
    with pytest.raises(RecordFormatError, match="unknown record type 'Nope'"):
        decode({"$": "Nope"})
    with pytest.raises(RecordFormatError, match="unknown field"):
        decode({"$": "Hex", "q": 1, "r": 2, "s": 3})
    with pytest.raises(RecordFormatError, match="Status: unknown value"):
        decode({"$": "Status", "v": "asleep"})
    with pytest.raises(TypeError, match="cannot encode"):
        encode(object())
    with pytest.raises(RecordFormatError, match="not a record"):
        record_from_dict({"$": "Hex", "q": 1, "r": 2})


# -- orders are values -----------------------------------------------------------------
def test_fire_order_repr_evaluates_back() -> None:
    for order in (FireOrder("R1", "B1"), FireOrder(["R1", "R2"], "B1", "moving"),
                  FireOrder([red()], blue(), FireKind.CLOSE_COMBAT)):
        assert eval(repr(order), {"FireOrder": FireOrder, "FireKind": FireKind}) == order
        assert FireOrder.from_dict(json.loads(json.dumps(order.to_dict()))) == order


def test_order_and_units_spelling_equals_units_spelling() -> None:
    r1, b1 = red(), blue()
    a = adjudicate_fire(FLAT, FireOrder("R1", "B1"), units={"R1": r1, "B1": b1},
                        dice=ScriptedDice([2, 3, 4]))
    b = adjudicate_fire(FLAT, r1, b1, dice=ScriptedDice([2, 3, 4]))
    assert a == b


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: FireOrder([], "B1"), "IllegalOrderError", "at least one shooter"),
    (lambda: FireOrder(["R1", "R1"], "B1"), "IllegalOrderError", "twice"),
    (lambda: FireOrder([3], "B1"), "TypeError", "unit id"),
    (lambda: FireOrder("R1", "B1", "sniping"), "IllegalOrderError", "valid: 'normal'"),
    (lambda: FireOrder("R1", "B1", 3), "TypeError", "kind of fire"),
    (lambda: FireOrder.from_dict({"shooters": "R1"}), "IllegalOrderError", "needs"),
    (lambda: adjudicate_fire(FLAT, FireOrder("R1", "B9"), units=[red(), blue()],
                             dice=Dice(1)), "IllegalOrderError", "B9"),
    (lambda: adjudicate_fire(FLAT, FireOrder("R1", "B1"), dice=Dice(1)), "TypeError",
     "units="),
    (lambda: adjudicate_fire(FLAT, FireOrder("R1", "B1"), blue(), units=[red()],
                             dice=Dice(1)), "TypeError", "not both"),
    (lambda: adjudicate_fire(FLAT, red(), blue(), dice=None), "TypeError", "T-6"),
    (lambda: adjudicate_fire(FLAT, red(), "B1", dice=Dice(1)), "TypeError", "target"),
    (lambda: adjudicate_fire(FLAT, red(), blue(), dice=Dice(1), card_unit=2), "TypeError",
     "E-2"),
    (lambda: adjudicate_fire(FLAT, red(), blue(), dice=Dice(1), require_sight="yes"),
     "TypeError", "require_sight"),
    (lambda: adjudicate_fire("map", red(), blue(), dice=Dice(1)), "TypeError", "HexMap"),
])
def test_declaration_errors(call, error, words) -> None:
    import hexrules.errors

    exc = getattr(hexrules.errors, error, None) or getattr(__builtins__, error, TypeError)
    with pytest.raises(exc, match=words):
        call()


# -- one rule, one place: the odds are the adjudication's own --------------------------
@pytest.mark.parametrize("close", [False, True])
def test_exact_odds_equal_brute_force_over_every_dice_outcome(close: bool) -> None:
    """Every level × terrain × armour × 6³ dice outcome, adjudicated one by one."""
    tables = load_tables()
    for level, terrain, armour in product(range(-1, 13), Terrain, tables.combat_results.armour):
        counts = dict.fromkeys(Result, 0)
        for faces in product(range(1, 7), repeat=3):
            _, _, result = shot_outcome(level, terrain, armour, close_combat=close,
                                        tables=tables, dice=ScriptedDice(faces))
            counts[result] += 1
        exact = shot_distribution(level, terrain, armour=armour, close_combat=close)
        assert exact == {r: Fraction(c, 216) for r, c in counts.items()}, (level, terrain)


def test_table_odds_are_the_table() -> None:
    crt = load_tables().combat_results
    for level in range(1, crt.max_level + 1):
        counts = dict.fromkeys(Result, 0)
        for d1, d2 in product(range(1, 7), repeat=2):
            counts[crt.rows[d1 + d2][level - 1]] += 1
        assert table_odds(level) == {r: Fraction(c, 36) for r, c in counts.items()}


def test_monte_carlo_accumulates_by_the_F10_rule() -> None:
    order = list(Result)
    for bits in range(16):
        for j, r in enumerate(order):
            expected = damage.accumulate(damage.bits_to_state(bits), r)
            got = damage.bits_to_state(int(damage.TRANSITIONS[bits, j]))
            assert got == damage.damage_state(expected)


def test_E4_step_down() -> None:
    assert [damage.step_down(r) for r in Result] == [
        Result.NONE, Result.NONE, Result.S, Result.S, Result.W]


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: shot_distribution(9, "swamp"), "RulesError", "unknown terrain 'swamp'"),
    (lambda: shot_distribution(9, 7), "RulesError", "7 is not a terrain type"),
    (lambda: shot_distribution(9, armour="heavy"), "TableFormatError", "heavy.*F-8"),
    (lambda: shot_distribution(9.5), "TypeError", "whole number"),
    (lambda: shot_distribution(9, close_combat="no"), "TypeError", "close_combat"),
    (lambda: table_odds("9"), "TypeError", "whole number"),
    (lambda: damage.step_down("X"), "RulesError", "unknown result code"),
    (lambda: damage.apply_result("B1", Result.K), "TypeError", "Unit"),
    (lambda: damage.accumulate((), 3), "TypeError", "Result"),
])
def test_odds_and_damage_errors(call, error, words) -> None:
    import hexrules.errors

    exc = getattr(hexrules.errors, error, None) or TypeError
    with pytest.raises(exc, match=words):
        call()


def test_fire_odds_tables_must_be_a_table_set() -> None:
    from hexrules import fire_odds, simulate_fire

    with pytest.raises(TypeError, match="load_tables"):
        fire_odds(FLAT, red(), blue(), tables="folder")
    with pytest.raises(TypeError, match="whole number"):
        simulate_fire(FLAT, red(), blue(), n=-1)
    counts = simulate_fire(FLAT, red(), blue(), n=2000, rng=np.random.default_rng(1))
    assert sum(counts.values()) == 2000


def test_T_6_a_saved_games_map_and_table_references_do_not_depend_on_the_checkout() -> None:
    """A game saved by another checkout or machine names its own paths: the references are
    equal by content (name and digest), and a shipped map is found again by its file name."""
    from hexrules import HexMap
    from hexrules.records import MapRef, TableRef
    from hexrules.tables import load_tables

    m = HexMap.load("training")
    here = MapRef.of(m)
    there = MapRef(here.name, "/elsewhere/maps/training.json", here.digest)
    assert there == here and hash(there) == hash(here)
    assert there.resolve().name == m.name
    tables = TableRef.of(load_tables())
    moved = TableRef("/elsewhere/hexrules/data/tables", tables.default, tables.digest)
    assert moved == tables and moved.resolve() is load_tables()
    # cells cite the table file by its name, not its folder
    assert load_tables().terrain.cell("forest", "entry_cost").table == "terrain.toml"
