"""The game state as a value: saving, records, views (fog of war), the Game wrapper, options.

Rule IDs: T-6 (save, replay), C-3/L-3 (what a side sees), V-3 (march and the enemy), C-4 and
V-5 (the paper-table referee).
"""

from __future__ import annotations

import json
import random

import pytest
from game_support import H, new_game, to_movement

from hexrules import Dice, Hex, Unit
from hexrules.errors import GameFormatError, IllegalMoveError, IllegalOrderError, RulesError
from hexrules.game import (
    DeclareFire,
    Game,
    GameLog,
    GameRecord,
    GameState,
    Options,
    StartMove,
    StepTo,
    View,
)
from hexrules.records import decode, encode
from hexrules.units import Side, Status


def _random_states(scenario: str, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    s = GameState.from_scenario(scenario, seed=seed)
    out = [s]
    while not s.over:
        s, _ = s.apply(s.legal_orders().choice(rng))
        out.append(s)
    return out


# ---------------------------------------------------------------------------------------
# Saving (T-6)
# ---------------------------------------------------------------------------------------
def test_T6_a_saved_game_is_versioned_json_and_loads_back_equal() -> None:
    s = _random_states("meeting", 4)[40]
    data = json.loads(json.dumps(s.to_dict()))
    assert data["format"] == "hexrules-game" and data["schema_version"] == 1
    back = GameState.from_dict(data)
    assert back == s and back.hexmap is s.hexmap and back.tables is s.tables
    bad = dict(data, schema_version=99)
    with pytest.raises(GameFormatError, match="schema_version"):
        GameState.from_dict(bad)
    with pytest.raises(GameFormatError, match="missing turn"):
        GameState.from_dict({k: v for k, v in data.items() if k != "turn"})
    with pytest.raises(GameFormatError, match="'units'"):
        GameState.from_dict(dict(data, units=[{"$": "Spaceship"}]))


def test_T6_a_game_saved_mid_move_loads_clones_and_replays() -> None:
    s = to_movement(new_game([Unit("R1", "red", H(0, 2)), Unit("B1", "blue", H(6, 2))],
                             [1, 1]))
    s, _ = s.apply(StartMove("R1"))
    s, _ = s.apply(StepTo(H(1, 2)))
    assert s.move is not None and s.window is not None
    for copy in (GameState.from_dict(json.loads(json.dumps(s.to_dict()))), s.clone(),
                 s.game_log().replay()):
        assert copy == s and copy.move == s.move and copy.window == s.window
        assert copy.legal_orders()[:] == s.legal_orders()[:]
        a, _ = copy.apply(copy.legal_orders()[1])
        b, _ = s.apply(s.legal_orders()[1])
        assert a == b


def test_every_record_round_trips_and_renders_itself() -> None:
    states = _random_states("village", 6)
    for rec in states[-1].log:
        back = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
        assert back == rec
        text, html = str(rec), rec._repr_html_()
        assert f"Turn 回合 {rec.turn}" in text and "<div class='hexrules-game-record'>" in html
        for part in rec.parts:
            assert part.rules and (str(part) and part._repr_html_())
        assert rec.rules and all(r.rule for r in rec.rolls)
    end = states[-1]
    assert "game over" in repr(end) and "hexrules-game" in end._repr_html_()
    assert end.score is not None and str(end).startswith("game over")


def test_orders_are_values_with_evaluable_reprs() -> None:
    import hexrules.game
    from hexrules.combat import FireKind, FireOrder

    ns = {**vars(hexrules.game), "Hex": Hex, "FireKind": FireKind, "FireOrder": FireOrder}
    s = _random_states("village", 9)[-1]
    seen = set()
    for rec in s.log[1:]:
        o = rec.order
        again = eval(repr(o), ns)
        assert again == o and hash(again) == hash(o) and decode(encode(o)) == o
        seen.add(type(o).__name__)
    assert {"Pass", "StartMove", "StepTo", "EndMove", "DeclareFire"} <= seen


# ---------------------------------------------------------------------------------------
# Views (fog of war)
# ---------------------------------------------------------------------------------------
def _hex_text(h: Hex) -> str:
    return json.dumps(encode(h))


@pytest.mark.parametrize(("scenario", "seed"), [("duel", 1), ("duel", 2), ("meeting", 3),
                                                ("meeting", 5)])
def test_L3_a_view_holds_nothing_about_an_unseen_enemy(scenario, seed) -> None:
    from hexrules.sight.fast import fast_sight

    states = _random_states(scenario, seed)
    assert states[0].options.fog_of_war
    hidden_seen = 0
    for s in states[::3]:
        fs = fast_sight(s.hexmap)
        for side in Side:
            v = s.view(side)
            text = json.dumps(v.to_dict(), ensure_ascii=False)
            assert View.from_dict(json.loads(text)) == v
            own = [u for u in s.units if u.side is side]
            public = {u.hex for u in own} | {u.hex for u in s.losses}
            if s.move is not None and s.move.side is side:
                public |= set(s.move.path)
            for e in (u for u in s.units if u.side is not side):
                seen = any(o.hex == e.hex or fs.visible(o.hex, e.hex) for o in own)
                assert (e.id in {u.id for u in v.units}) == seen
                if seen:
                    continue
                hidden_seen += 1
                assert f'"{e.id}"' not in text, (side, e.id)
                if e.hex not in public:
                    assert s.hexmap.name_of(e.hex) not in text
                    assert _hex_text(e.hex) not in text
            assert v.hidden == sum(1 for u in s.units if u.side is not side) - sum(
                1 for u in v.units if u.side is not side)
    assert hidden_seen > 0


def test_fog_of_war_a_side_fires_only_at_enemies_it_sees() -> None:
    from hexrules.game.checks import seen_enemies

    for s in _random_states("meeting", 8)[::2]:
        if s.over:
            continue
        seen = seen_enemies(s.hexmap, s.units, s.to_act)
        for o in s.legal_orders():
            if isinstance(o, DeclareFire):
                assert o.fire.target in seen


def test_without_fog_of_war_the_view_is_the_whole_state() -> None:
    s = _random_states("village", 2)[30]
    assert not s.options.fog_of_war
    v = s.view("red")
    assert v.units == s.units and v.move == s.move and v.window == s.window and v.hidden == 0
    assert "hexrules-view" in v._repr_html_()


# ---------------------------------------------------------------------------------------
# The Game wrapper, options, march
# ---------------------------------------------------------------------------------------
def test_game_plays_saves_loads_undoes_and_replays(tmp_path) -> None:
    g = Game.from_scenario("duel", seed=3)
    rng = random.Random(3)
    while not g.over:
        g.apply(g.legal_orders().choice(rng))
        if len(g.history) == 20:
            path = tmp_path / "duel.json"
            g.save(path)
            loaded = Game.load(path)
            assert loaded.state == g.state
            twin = g.clone()
            assert twin.state == g.state and twin.history is not g.history
    assert g.replay() == g.state and g.log.orders == tuple(r.order for r in g.state.log[1:])
    record = g.undo()
    assert record.order is not None
    assert not g.over
    with pytest.raises(GameFormatError):
        Game.load(tmp_path / "missing.json")
    assert "Game" in repr(g) and g._repr_html_()


def test_game_log_is_versioned_and_names_scenario_and_seed() -> None:
    s = GameState.from_scenario("duel", seed=8)
    d = s.game_log().to_dict()
    assert (d["format"], d["schema_version"], d["scenario"], d["seed"]) == (
        "hexrules-game-log", 1, "duel", 8)
    with pytest.raises(GameFormatError):
        GameLog.from_dict({"format": "nope"})


def test_scenario_options_and_seed_are_used() -> None:
    a = GameState.from_scenario("duel")
    b = GameState.from_scenario("duel")
    assert a == b and a.origin.seed == 5 and a.options.fog_of_war  # the file's seed
    c = GameState.from_scenario("duel", seed=1, options=Options())
    assert not c.options.fog_of_war


def test_V3_a_marching_unit_may_not_enter_an_enemy_hex() -> None:
    s = to_movement(new_game([Unit("R1", "red", H(0, 1)),
                              Unit("B1", "blue", H(1, 1), status=[Status.WEAPON_LOST])],
                             [1, 1]))
    s, _ = s.apply(StartMove("R1", march=True))
    with pytest.raises(IllegalMoveError, match="enemy"):
        s.apply(StepTo(H(1, 1)))
    assert StepTo(H(1, 1)) not in s.legal_orders()


def test_new_game_checks_its_set_up() -> None:
    from hexrules import HexMap

    m = HexMap.flat(4, 4)
    with pytest.raises(RulesError, match="twice"):
        GameState.new(m, [Unit("R1", "red", Hex(0, 0)), Unit("R1", "red", Hex(1, 0))], turns=1)
    with pytest.raises(RulesError, match="off the map"):
        GameState.new(m, [Unit("R1", "red", Hex(9, 9))], turns=1)
    with pytest.raises(RulesError, match="turns"):
        GameState.new(m, [Unit("R1", "red", Hex(0, 0))], turns=0)
    with pytest.raises(RulesError, match="not both"):
        GameState.new(m, [Unit("R1", "red", Hex(0, 0))], turns=1, seed=1,
                      dice=Dice(1))
    with pytest.raises(IllegalOrderError, match="no unit 'X'"):
        GameState.new(m, [Unit("R1", "red", Hex(0, 0))], turns=1, seed=1).unit("X")


def test_illegal_order_values_fail_at_construction() -> None:
    with pytest.raises(TypeError):
        StepTo((1, 2))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        StartMove("R1", march="yes")  # type: ignore[arg-type]
    with pytest.raises(IllegalOrderError, match="twice"):
        DeclareFire(("R1", "R1"), "B1")
