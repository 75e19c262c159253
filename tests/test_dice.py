"""The dice source (T-6): seeded, scripted, logged with rule and purpose, replayed, saved."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hexrules.dice import Dice, DiceSource, DiceState, Roll, ScriptedDice
from hexrules.errors import DiceExhaustedError, ReplayDivergedError, RulesError


def _game(dice: DiceSource) -> list[int]:
    """A small 'game': turn order, a shot and an armour die, an artillery delay."""
    out = [dice.d6("T-2", "who fires first")]
    out += dice.roll(2, "F-6", "2d6 R1→B1")
    out.append(dice.d6("F-8", "armour d6 B1"))
    out += dice.roll(3, "A-2", "abnormal delay")
    return out


# -- seeded dice -------------------------------------------------------------------------
def test_T6_same_seed_same_rolls():
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.d6("T-2", "x") for _ in range(50)] == [b.d6("T-2", "x") for _ in range(50)]
    assert a.log == b.log


def test_T6_different_seeds_differ():
    a, b = Dice(seed=1), Dice(seed=2)
    assert a.roll(20, "T-2", "x") != b.roll(20, "T-2", "x")


def test_T6_str_seed_is_reproducible():
    assert Dice(seed="lesson 4").roll(10, "T-2", "x") == Dice(seed="lesson 4").roll(10, "T-2", "x")


def test_T6_faces_are_uniform_1_to_6():
    values = Dice(seed=0).roll(6000, "T-2", "uniformity")
    assert set(values) == {1, 2, 3, 4, 5, 6}
    counts = [values.count(k) for k in range(1, 7)]
    assert all(850 < c < 1150 for c in counts)  # ±~5 sigma of 1000


def test_T6_unseeded_dice_keep_the_seed_they_drew_so_the_game_replays():
    d = Dice()
    assert isinstance(d.seed, int)
    assert _game(d) == _game(Dice(seed=d.seed))


@pytest.mark.parametrize("seed", [1.5, True, b"x", [1]])
def test_T6_seed_type_checked(seed):
    with pytest.raises(TypeError, match=r"seed must be an int, a str or None, got .*T-6"):
        Dice(seed=seed)


def test_T6_seeded_repr_tells_seed_and_progress():
    d = Dice(seed=7)
    assert repr(d) == "Dice(seed=7)"
    assert eval(repr(d)).roll(3, "T-2", "x") == d.roll(3, "T-2", "x")  # noqa: S307
    assert repr(d) == "<Dice seed=7 after 3 rolls>"
    d.d6("T-3", "x")
    assert repr(Dice(seed="a")) == "Dice(seed='a')"
    one = Dice(seed="a")
    one.d6("T-2", "x")
    assert repr(one) == "<Dice seed='a' after 1 roll>"


# -- the roll value ----------------------------------------------------------------------
def test_T6_every_roll_logged_with_rule_and_purpose():
    d = ScriptedDice([2, 3, 4, 1])
    d.roll(2, "F-6", "2d6 R1→B1")
    d.d6("F-8", "armour d6 B1")
    assert d.log[:3] == (
        Roll(2, "F-6", "2d6 R1→B1 (die 1/2)"),
        Roll(3, "F-6", "2d6 R1→B1 (die 2/2)"),
        Roll(4, "F-8", "armour d6 B1"),
    )
    assert str(d.log[2]) == "4 (F-8 armour d6 B1)"
    assert d.roll(1, "T-2", "one die") == (d.log[-1].value,) and d.log[-1].purpose == "one die"


def test_T6_roll_is_a_frozen_json_safe_value_with_evaluable_repr():
    r = Roll(4, "F-8", "armour d6 B1")
    assert eval(repr(r)) == r  # noqa: S307 - trusted test input
    assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
    assert Roll.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert hash(r) == hash(Roll(4, "F-8", "armour d6 B1"))
    with pytest.raises(AttributeError):
        r.value = 5  # type: ignore[misc]


@pytest.mark.parametrize(("args", "error", "match"), [
    ((0, "F-6", "x"), RulesError, "value must be a die face 1-6, got 0"),
    ((7, "F-6", "x"), RulesError, "got 7"),
    ((2.0, "F-6", "x"), TypeError, "value must be an int die face"),
    ((True, "F-6", "x"), TypeError, "got True"),
    ((3, "F6", "x"), RulesError, "rule ID like 'F-6'.*got 'F6'"),
    ((3, "F-6 2d6", "x"), RulesError, "got 'F-6 2d6'"),
    ((3, "f-6", "x"), RulesError, "got 'f-6'"),
    ((3, 6, "x"), TypeError, "rule must be a rule ID str.*got 6"),
    ((3, "F-6", ""), RulesError, "needs a purpose"),
    ((3, "F-6", None), TypeError, "purpose must be a str.*got None"),
])
def test_T6_roll_fields_checked(args, error, match):
    with pytest.raises(error, match=match) as info:
        Roll(*args)
    assert "T-6" in str(info.value)


@pytest.mark.parametrize(("data", "error", "match"), [
    ([4, "F-8", "x"], TypeError, "mapping"),
    ({"value": 4, "rule": "F-8"}, RulesError, "missing purpose, unknown none"),
    ({"value": 4, "rule": "F-8", "purpose": "x", "die": 1}, RulesError, "unknown die"),
    ({"value": 9, "rule": "F-8", "purpose": "x"}, RulesError, "got 9"),
])
def test_T6_roll_from_dict_errors(data, error, match):
    with pytest.raises(error, match=match):
        Roll.from_dict(data)


# -- d6 and roll -------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "purpose", "error"), [
    ("F-6 2d6 R1→B1", "x", RulesError),  # the old one-string style is refused
    ("", "x", RulesError),
    (None, "x", TypeError),
    ("F-6", "", RulesError),
    ("F-6", "   ", RulesError),
    ("F-6", None, TypeError),
    ("F-6", 3, TypeError),
])
@pytest.mark.parametrize("make", [lambda: Dice(seed=1), lambda: ScriptedDice([1, 2])])
def test_T6_rule_and_purpose_are_required(make, rule, purpose, error):
    d = make()
    with pytest.raises(error, match="T-6"):
        d.d6(rule, purpose)
    with pytest.raises(error, match="T-6"):
        d.roll(2, rule, purpose)
    assert d.log == ()


@pytest.mark.parametrize(("n", "error"), [(0, RulesError), (-1, RulesError),
                                          (1.5, TypeError), (True, TypeError), ("2", TypeError)])
def test_T6_roll_count_checked(n, error):
    with pytest.raises(error, match=f"number of dice .*got {n!r}"):
        Dice(seed=1).roll(n, "F-6", "x")


# -- scripted dice -----------------------------------------------------------------------
def test_T6_scripted_runs_out_with_clear_error():
    d = ScriptedDice([6])
    assert d.remaining == (6,)
    d.d6("T-2", "initiative")
    assert d.remaining == () and d.used == 1
    with pytest.raises(DiceExhaustedError,
                       match=r"at roll #2: no face left for 'F-8 armour d6 B1' \(1 faces scripted"):
        d.d6("F-8", "armour d6 B1")
    assert len(d.log) == 1  # the failed roll is not logged


def test_T6_a_multi_die_roll_is_all_or_nothing():
    seen: list[Roll] = []
    d = ScriptedDice([1, 2])
    d.subscribe(seen.append)
    d.d6("T-2", "x")
    with pytest.raises(DiceExhaustedError, match=r"roll #3.*'F-6 2d6 R1→B1 \(die 2/2\)'"):
        d.roll(2, "F-6", "2d6 R1→B1")
    assert d.used == 1 and len(d.log) == 1 and len(seen) == 1
    assert d.roll(1, "F-8", "y") == (2,)


def test_T6_all_or_nothing_also_rewinds_the_then_source():
    inner = ScriptedDice([2])
    d = ScriptedDice([1], then=inner)
    with pytest.raises(DiceExhaustedError, match=r"roll #2.*'F-6 x \(die 3/3\)'"):
        d.roll(3, "F-6", "x")
    assert (d.used, d.log, inner.used, inner.log) == (0, (), 0, ())
    assert d.roll(2, "F-6", "x") == (1, 2)


@pytest.mark.parametrize(("bad", "error"), [(0, RulesError), (7, RulesError), (2.5, TypeError),
                                            ("3", TypeError), (True, TypeError)])
def test_T6_scripted_faces_must_be_1_to_6(bad, error):
    with pytest.raises(error, match=r"scripted roll #2 must be .*T-6"):
        ScriptedDice([1, bad])


@pytest.mark.parametrize("rolls", [5, "123", None])
def test_T6_scripted_needs_an_iterable_of_faces(rolls):
    with pytest.raises(TypeError, match="iterable of faces"):
        ScriptedDice(rolls)


def test_T6_script_continues_into_seeded_dice():
    d = ScriptedDice([6, 6], then=Dice(seed=3))
    values = d.roll(2, "F-6", "2d6 R1→B1") + d.roll(3, "A-2", "delay")
    free = Dice(seed=3).roll(3, "A-2", "delay")
    assert values == (6, 6) + free
    assert [r.value for r in d.log] == list(values) and len(d.then.log) == 3
    assert d.log[2:] == d.then.log
    assert repr(d) == "<ScriptedDice [6, 6 |] after 5 rolls, then <Dice seed=3 after 3 rolls>>"


def test_T6_then_must_be_a_dice_source():
    with pytest.raises(TypeError, match=r"then must be a dice source.*got 3"):
        ScriptedDice([1], then=3)


def test_T6_scripted_repr_shows_script_and_position():
    assert repr(ScriptedDice([2, 3, 4])) == "ScriptedDice([2, 3, 4])"
    assert repr(ScriptedDice([6], then=Dice(seed=3))) == "ScriptedDice([6], then=Dice(seed=3))"
    s = ScriptedDice([2, 3, 4])
    assert eval(repr(s)).script == s.script  # noqa: S307 - trusted test input
    s.roll(2, "F-6", "x")
    assert repr(s) == "<ScriptedDice [2, 3 | 4] after 2 rolls>"
    long = ScriptedDice([1, 2, 3, 4, 5, 6] * 4)
    long.roll(10, "T-2", "x")
    assert repr(long) == ("<ScriptedDice […, 3, 4, 5, 6, 1, 2, 3, 4 | 5, 6, 1, 2, 3, 4, 5, 6, …] "
                          "after 10 rolls>")


# -- replaying a log ---------------------------------------------------------------------
def test_T6_replay_from_log_gives_the_same_game():
    game = Dice(seed=99)
    faces = _game(game)
    replay = ScriptedDice.from_log(game.log)
    assert _game(replay) == faces and replay.log == game.log
    as_json = json.loads(json.dumps([r.to_dict() for r in game.log]))
    assert _game(ScriptedDice.from_log(as_json)) == faces


def test_T6_replay_that_diverges_fails_loudly():
    game = Dice(seed=99)
    _game(game)
    replay = ScriptedDice.from_log(game.log)
    replay.d6("T-2", "who fires first")
    with pytest.raises(ReplayDivergedError) as info:
        replay.roll(2, "F-6", "2d6 R2→B1")
    msg = str(info.value)
    assert "roll #2" in msg and "'F-6 2d6 R1→B1 (die 1/2)'" in msg
    assert "'F-6 2d6 R2→B1 (die 1/2)'" in msg and "T-6" in msg
    assert replay.used == 1 and len(replay.log) == 1  # nothing used
    with pytest.raises(ReplayDivergedError, match=r"has 'F-6 .*asked for 'F-8 "):
        replay.d6("F-8", "2d6 R1→B1 (die 1/2)")  # same purpose, other rule
    assert issubclass(ReplayDivergedError, RulesError)
    assert not issubclass(ReplayDivergedError, DiceExhaustedError)


def test_T6_replay_then_goes_on_with_seeded_dice():
    game = ScriptedDice([4])
    game.d6("T-2", "who fires first")
    d = ScriptedDice.from_log(game.log, then=Dice(seed=5))
    assert "from a log of 1 roll, 0 replayed, next 'T-2 who fires first'" in repr(d)
    d.d6("T-2", "who fires first")
    assert d.roll(2, "F-6", "new") == Dice(seed=5).roll(2, "F-6", "new")
    assert repr(d).startswith("<ScriptedDice from a log of 1 roll, 1 replayed, after 3 rolls, then")


def test_T6_replay_past_the_log_without_then():
    d = ScriptedDice.from_log([Roll(4, "T-2", "x")])
    d.d6("T-2", "x")
    with pytest.raises(DiceExhaustedError, match=r"roll #2.*1 logged rolls"):
        d.d6("T-3", "y")


@pytest.mark.parametrize(("log", "error", "match"), [
    ([Roll(1, "T-2", "x"), 3], TypeError, "log entry #2 must be a Roll or its dict"),
    ([{"value": 8, "rule": "T-2", "purpose": "x"}], RulesError, "log entry #1: .*got 8"),
    ([{"value": 2, "rule": "T-2"}], RulesError, "log entry #1: .*missing purpose"),
    ("4 (T-2 x)", TypeError, "iterable of rolls"),
    (None, TypeError, "iterable of rolls"),
])
def test_T6_from_log_checks_entries(log, error, match):
    with pytest.raises(error, match=match):
        ScriptedDice.from_log(log)


# -- the game's log ----------------------------------------------------------------------
def test_T6_mark_and_since_give_one_adjudications_rolls():
    d = Dice(seed=8)
    d.d6("T-2", "who fires first")
    m = d.mark()
    assert m == 1 and d.since(m) == ()
    d.roll(2, "F-6", "2d6 R1→B1")
    d.d6("F-8", "armour d6 B1")
    assert d.since(m) == d.log[1:] and [r.rule for r in d.since(m)] == ["F-6", "F-6", "F-8"]
    assert d.since(0) == d.log


@pytest.mark.parametrize(("mark", "error"), [(-1, RulesError), (4, RulesError),
                                             (1.0, TypeError), (None, TypeError)])
def test_T6_since_checks_the_mark(mark, error):
    d = ScriptedDice([1, 2, 3])
    d.roll(3, "T-2", "x")
    with pytest.raises(error, match=f"mark .*{mark!r}"):
        d.since(mark)


def test_T6_since_refuses_a_mark_lost_by_a_restore():
    d = ScriptedDice([1, 2, 3])
    saved = d.getstate()
    d.roll(2, "T-2", "x")
    m = d.mark()
    d.setstate(saved)
    with pytest.raises(RulesError, match=r"mark 2 is not in the log of 0 rolls.*restored"):
        d.since(m)


def test_T6_every_roll_lands_in_the_games_log():
    game_log: list[object] = ["turn 1"]
    d = ScriptedDice([3, 4, 2], then=Dice(seed=1))
    assert d.subscribe(game_log.append) == game_log.append
    d.roll(2, "F-6", "2d6 R1→B1")
    game_log.append("record")
    d.d6("F-8", "armour d6 B1")
    d.d6("T-3", "who moves first")  # from `then`
    assert game_log == ["turn 1", *d.log[:2], "record", *d.log[2:]]
    d.unsubscribe(game_log.append)
    d.d6("T-2", "x")
    assert len(game_log) == 6


def test_T6_listeners_checked():
    d, seen = Dice(seed=1), []
    with pytest.raises(TypeError, match="callable"):
        d.subscribe("log")
    d.subscribe(seen.append)
    with pytest.raises(RulesError, match="already subscribed.*twice"):
        d.subscribe(seen.append)
    d.unsubscribe(seen.append)
    with pytest.raises(RulesError, match="not subscribed"):
        d.unsubscribe(seen.append)


def test_T6_a_failing_listener_propagates_and_the_roll_stays_logged():
    def boom(roll: Roll) -> None:
        raise RuntimeError(f"full: {roll}")

    d = ScriptedDice([5])
    d.subscribe(boom)
    with pytest.raises(RuntimeError, match=r"full: 5 \(T-2 x\)"):
        d.d6("T-2", "x")
    assert d.log == (Roll(5, "T-2", "x"),)


# -- saving and restoring ----------------------------------------------------------------
MAKERS = {
    "seeded": lambda: Dice(seed=9),
    "scripted": lambda: ScriptedDice(range(1, 7)),
    "then": lambda: ScriptedDice([6, 5], then=Dice(seed=2)),
    "log": lambda: ScriptedDice.from_log(
        [Roll(3, "T-2", "before")] + [Roll(v, "T-2", f"after (die {k}/3)")
                                      for k, v in enumerate([1, 2, 3], 1)],
        then=ScriptedDice([4, 4, 4, 4])),
}


@pytest.mark.parametrize("make", MAKERS.values(), ids=MAKERS.keys())
def test_T6_save_and_restore(make):
    d: DiceSource = make()
    d.d6("T-2", "before")
    saved = d.getstate()
    first = d.roll(3, "T-2", "after")
    log_after = d.log
    d.setstate(saved)
    assert len(d.log) == 1
    assert d.roll(3, "T-2", "after") == first
    assert d.log == log_after
    d.restore(d.save())  # aliases


@pytest.mark.parametrize("make", MAKERS.values(), ids=MAKERS.keys())
def test_T6_state_is_json_safe_and_restores_a_new_source(make):
    d: DiceSource = make()
    d.d6("T-2", "before")
    text = json.dumps(d.getstate().to_dict())
    state = DiceState.from_dict(json.loads(text))
    assert state == d.getstate()
    copy = DiceSource.from_state(state)
    assert type(copy) is type(d) and copy.log == d.log and repr(copy) == repr(d)
    assert copy.roll(3, "T-2", "after") == d.roll(3, "T-2", "after")
    assert type(d).from_state(state).log == state.log


def test_T6_setstate_takes_seed_and_script_from_the_state():
    a, b = Dice(seed=1), Dice(seed=2)
    a.d6("T-2", "x")
    b.setstate(a.getstate())
    assert b.seed == 1 and repr(b) == "<Dice seed=1 after 1 roll>"
    s = ScriptedDice([1])
    s.setstate(ScriptedDice([5, 6], then=Dice(seed=4)).getstate())
    assert s.script == (5, 6) and repr(s) == "ScriptedDice([5, 6], then=Dice(seed=4))"


def test_T6_state_kinds_do_not_mix():
    with pytest.raises(RulesError, match="cannot restore a 'seeded' dice state into ScriptedDice"):
        ScriptedDice([1]).setstate(Dice(seed=1).getstate())
    with pytest.raises(RulesError, match="cannot restore a 'scripted' dice state into Dice"):
        Dice.from_state(ScriptedDice([1]).getstate())


@pytest.mark.parametrize("call", [lambda s: Dice(seed=1).setstate(s), DiceSource.from_state])
def test_T6_state_type_checked(call):
    with pytest.raises(TypeError, match="DiceState"):
        call({"kind": "seeded"})


def test_T6_dice_state_values_checked():
    with pytest.raises(RulesError, match="kind must be one of seeded, scripted, got 'loaded'"):
        DiceState("loaded")
    with pytest.raises(RulesError, match="position must be 0-2"):
        DiceState("scripted", script=(1, 2), position=3)


def _seeded_dict() -> dict:
    d = Dice(seed=1)
    d.d6("T-2", "x")
    return d.getstate().to_dict()


@pytest.mark.parametrize(("change", "error", "match"), [
    (lambda s: "state", TypeError, "must be a mapping"),
    (lambda s: {**s, "kind": None}, RulesError, "kind must be one of"),
    (lambda s: {**s, "extra": 1}, RulesError, "needs the keys generator, kind, log, seed"),
    (lambda s: {**s, "seed": 1.5}, TypeError, "seed must be"),
    (lambda s: {**s, "generator": [3, [1, 2], None]}, RulesError, "generator is not a"),
    (lambda s: {**s, "generator": 7}, RulesError, "generator is not a"),
    (lambda s: {**s, "log": [{"value": 0, "rule": "T-2", "purpose": "x"}]}, RulesError,
     "log entry #1"),
    (lambda s: {"kind": "scripted", "script": "12", "position": 0, "then": None, "log": []},
     TypeError, "script must be a list"),
    (lambda s: {"kind": "scripted", "script": [1, 9], "position": 0, "then": None, "log": []},
     RulesError, "scripted roll #2 must be a die face 1-6, got 9"),
    (lambda s: {"kind": "scripted", "script": [1], "position": 2, "then": None, "log": []},
     RulesError, "position must be 0-1"),
    (lambda s: {"kind": "scripted", "script": [1], "position": 0, "then": {"kind": "x"},
                "log": []}, RulesError, "kind must be one of"),
])
def test_T6_dice_state_from_dict_errors(change, error, match):
    with pytest.raises(error, match=match):
        DiceState.from_dict(change(_seeded_dict()))


# -- a whole adjudication --------------------------------------------------------------
def test_T6_a_fire_record_replays_exactly_from_its_rolls():
    from hexrules import HexMap, Unit, adjudicate_fire
    from hexrules.map.hexgrid import Hex

    flat = HexMap(name="flat", elevation=np.zeros((3, 30), int), terrain=np.zeros((3, 30), int))
    r1, b1 = Unit("R1", "red", Hex.from_offset(0, 1)), Unit("B1", "blue", Hex.from_offset(10, 1))
    for seed in range(8):
        dice, game_log = Dice(seed=seed), []
        dice.subscribe(game_log.append)
        m = dice.mark()
        rec = adjudicate_fire(flat, r1, b1, dice=dice)
        assert rec.rolls == dice.since(m) == tuple(game_log)
        assert [r.rule for r in rec.rolls][:2] == ["F-6", "F-6"]
        again = adjudicate_fire(flat, r1, b1, dice=ScriptedDice.from_log(rec.rolls))
        assert again.rolls == rec.rolls and str(again) == str(rec)
        with pytest.raises(ReplayDivergedError, match="R1→B1.*asked for 'F-6 2d6 R1→B2"):
            adjudicate_fire(flat, r1, Unit("B2", "blue", b1.hex),
                            dice=ScriptedDice.from_log(rec.rolls))


# -- display -----------------------------------------------------------------------------
def test_log_html_is_bilingual():
    d = ScriptedDice([3])
    d.d6("F-8", "armour <B1>")
    html = d._repr_html_()
    assert "骰子" in html and "规则" in html and "F-8" in html and "armour &lt;B1&gt;" in html
