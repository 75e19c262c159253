"""The Prokhorovka game on the shared machinery: random legal play, replay, save / load,
illegal orders, the view per side, the data and scenario loaders (Appendix B)."""

from __future__ import annotations

import json
import os
import random
import tomllib

import pytest

from hexrules.errors import (
    GameFormatError,
    IllegalOrderError,
    ReplayDivergedError,
    ScenarioFormatError,
    ScenarioNotFoundError,
    TableFormatError,
)
from hexrules.grid import Square
from hexrules.variants.prokhorovka import (
    Activate,
    EndPhase,
    HoldFire,
    MortarCall,
    MoveStep,
    OpenFire,
    ProkGame,
    apply,
    legal_orders,
    load_scenario,
    result,
)
from hexrules.variants.prokhorovka.data import DATA_FILE, parse_rules
from hexrules.variants.prokhorovka.game import random_order
from hexrules.variants.prokhorovka.scenario import SCENARIO_DIR, parse_scenario

SEEDS = range(int(os.environ.get("HEXRULES_PROK_GAMES", "6")))


def _invariants(g: ProkGame) -> None:
    s = g.state
    squares = [u.square for u in s.units if u.on_map and u.id != (s.mover.unit if s.mover
                                                                   else None)]
    assert len(squares) == len(set(squares)), "one unit a square (P-5)"
    for u in s.units:
        assert u.men >= 0 and u.loads >= 0 and u.crew >= 0
        assert u.loads <= u.max_loads
        if u.square is not None:
            assert s.board.grid.contains(u.square)


@pytest.mark.parametrize("seed", SEEDS)
def test_P_8_random_legal_play_ends_and_replays(seed: int) -> None:
    g = ProkGame.new("cut", seed=seed)
    rng = random.Random(seed)
    while not g.state.over:
        g.apply(random_order(g.state, rng))
        _invariants(g)
    assert g.state.turn == 6 and legal_orders(g.state) == []
    assert g.log[-1][1].rules[-1] == "P-24"
    assert g.replay() == g.state
    back = ProkGame.load(json.loads(json.dumps(g.save())))
    assert back.state == g.state and back.log == g.log
    assert back.dice.getstate(log=False) == g.dice.getstate(log=False)
    assert result(g.state)["winner"] in ("german", "soviet", "draw")


def test_P_8_every_listed_order_is_accepted() -> None:
    g = ProkGame.new("cut", seed=11)
    rng = random.Random(5)
    checked = 0
    while not g.state.over:
        orders = legal_orders(g.state)
        for o in rng.sample(range(len(orders)), min(6, len(orders))):
            c = g.clone()
            c.apply(orders[o])
            checked += 1
        g.apply(random_order(g.state, rng))
    assert checked > 300


def test_P_8_illegal_orders_are_refused_and_change_nothing() -> None:
    g = ProkGame.new("cut", seed=4)
    before, rolls, n = g.state, len(g.dice.log), len(g.log)
    bad = [Activate("GQ1"), OpenFire("GQ1", "SQ1"), MortarCall(9, Square(1, 1)),
           MortarCall(1, Square(99, 99)), HoldFire("nobody"), MoveStep(Square(0, 0)),
           "not an order"]
    for order in bad:
        with pytest.raises(IllegalOrderError):
            g.apply(order)  # type: ignore[arg-type]
        assert g.state is before and len(g.dice.log) == rolls and len(g.log) == n
    rng = random.Random(1)
    # in every phase, orders of the wrong side or unit are refused
    for _ in range(150):
        s = g.state
        if s.over:
            break
        enemy = next(u for u in s.units if u.side != s.to_act and u.on_map)
        rolls = len(g.dice.log)
        for order in (Activate(enemy.id), HoldFire(enemy.id), OpenFire(enemy.id, enemy.id)):
            with pytest.raises(IllegalOrderError):
                apply(s, order, g.dice)
        assert len(g.dice.log) == rolls
        g.apply(random_order(s, rng))


def test_P_18_the_view_hides_what_a_side_cannot_see() -> None:
    g = ProkGame.new("cut", seed=2)
    v = g.view("german")
    assert {x.id for x in v.own} == {u.id for u in g.state.units if u.side == "german"}
    assert "SQ3" not in {x.id for x in v.seen} and v.hidden == 1   # behind the farm
    assert not hasattr(v.seen[0], "men") and not hasattr(v.seen[0], "morale")
    json.dumps(v.to_dict())
    with pytest.raises(Exception, match="a side is"):
        g.view("red")


def test_replay_detects_a_changed_log() -> None:
    g = ProkGame.new("cut", seed=8)
    g.play_random(seed=8, max_orders=40)
    data = g.save()
    order, rec = data["log"][5]
    data["log"][5] = [data["log"][6][0], rec]
    with pytest.raises((ReplayDivergedError, IllegalOrderError)):
        ProkGame.load(data)
    with pytest.raises(GameFormatError):
        ProkGame.load({"format": "nope"})


def test_clone_is_independent() -> None:
    g = ProkGame.new("cut", seed=3)
    g.play_random(seed=3, max_orders=20)
    c = g.clone()
    c.play_random(seed=4, max_orders=20)
    assert len(g.log) == 20 and g.replay() == g.state and c.replay() == c.state


def test_P_3_the_full_scenario_loads_and_runs() -> None:
    g = ProkGame.new("full", seed=1)
    assert len(g.state.units) == 176 and g.state.board.width == 200
    g.play_random(seed=1, max_orders=400)
    _invariants(g)
    assert g.replay() == g.state


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("HEXRULES_SLOW"), reason="HEXRULES_SLOW=1")
def test_P_3_a_full_game_to_the_end_with_reserves() -> None:
    g = ProkGame.new("full", seed=2)
    g.play_random(seed=2)
    assert g.state.over and g.state.turn == 15
    assert all(u.square is not None for u in g.state.units if u.alive)   # every reserve in
    assert g.replay() == g.state


def test_P_2_the_rules_file_is_checked() -> None:
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["vehicle"]["Tiger I"]["front"] = "thick"
    with pytest.raises(TableFormatError, match=r"x.toml: vehicle.'Tiger I'.front: must be a "
                                               r"whole number"):
        parse_rules(data, "x.toml")
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["mortar"]["keypad"] = [[1, 2, 3], [4, 6, 5], [7, 8, 9]]
    with pytest.raises(TableFormatError, match="mortar.keypad"):
        parse_rules(data, "x.toml")
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    del data["morale"]["low"]
    with pytest.raises(TableFormatError, match=r"morale.low: must be a table"):
        parse_rules(data, "x.toml")


def test_P_24_the_scenario_files_are_checked() -> None:
    data = tomllib.loads((SCENARIO_DIR / "cut.toml").read_text(encoding="utf-8"))
    data["unit"][0]["type"] = "Panther"
    with pytest.raises(ScenarioFormatError, match=r"cut.toml: unit\[0\].type: unknown type"):
        parse_scenario(data, "cut.toml")
    data = tomllib.loads((SCENARIO_DIR / "cut.toml").read_text(encoding="utf-8"))
    data["unit"][0]["type"] = "T-34/76"
    with pytest.raises(ScenarioFormatError, match="soviet vehicle"):
        parse_scenario(data, "cut.toml")
    data = tomllib.loads((SCENARIO_DIR / "cut.toml").read_text(encoding="utf-8"))
    data["feature"][0]["path"] = [[59, 30], [30, 31]]
    with pytest.raises(ScenarioFormatError, match="straight"):
        parse_scenario(data, "cut.toml")
    data = tomllib.loads((SCENARIO_DIR / "cut.toml").read_text(encoding="utf-8"))
    data["unit"][1]["squares"] = [[33, 32]]          # a Tiger in the barn is fine
    parse_scenario(data, "cut.toml")
    data["unit"][1]["squares"] = [[35, 31]]          # in the house it is not
    with pytest.raises(ScenarioFormatError, match="house"):
        parse_scenario(data, "cut.toml")
    with pytest.raises(ScenarioNotFoundError, match="known: cut, full"):
        load_scenario("nowhere")


def test_P_17_the_mortar_step_offers_every_square() -> None:
    g = ProkGame.new("cut", seed=1)
    orders = legal_orders(g.state)
    assert len(orders) == 1 + 60 * 60 and orders[0] == EndPhase()
    assert orders[-1] == MortarCall(1, Square(59, 59))


def _candidates(s):  # noqa: ANN001, ANN202
    """Orders of every kind for every unit, legal or not."""
    from hexrules.variants.prokhorovka import FinishMove, MeleeAssault

    ids = [u.id for u in s.units]
    out = [EndPhase(), MortarCall(1, Square(0, 0)), MortarCall(2, Square(5, 5))]
    out += [Activate(i) for i in ids] + [HoldFire(i) for i in ids]
    out += [FinishMove(f) for f in (None, *range(8))]
    if s.mover is not None:
        out += [MoveStep(n) for n in s.unit(s.mover.unit).square.neighbours()]
    out += [OpenFire(a, b, m) for a in ids for b in ids for m in ("normal", "win")]
    out += [MeleeAssault(a, b) for a in ids for b in ids]
    return out


def test_P_8_legal_orders_are_exactly_the_accepted_orders() -> None:
    from hexrules.variants.prokhorovka import can

    for seed in range(3):
        g = ProkGame.new("cut", seed=seed)
        rng = random.Random(seed)
        k = 0
        while not g.state.over:
            s = g.state
            if k % 3 == 0:
                listed = set(legal_orders(s)) if s.phase != "mortar" else None
                for o in _candidates(s):
                    ok = can(s, o)
                    if listed is not None:
                        assert ok == (o in listed), (s, o)
                    elif isinstance(o, MortarCall):
                        assert ok == (o.company == 1 and 1 not in s.calls_used), o
            g.apply(random_order(s, rng))
            k += 1


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("HEXRULES_SLOW"), reason="HEXRULES_SLOW=1")
def test_P_8_many_random_cut_games_keep_the_rules() -> None:
    from hexrules.records import decode, encode

    for seed in range(300):
        g = ProkGame.new("cut", seed=seed)
        rng = random.Random(seed)
        while not g.state.over:
            g.apply(random_order(g.state, rng))
            _invariants(g)
        if seed % 10 == 0:
            assert g.replay() == g.state
            assert all(decode(json.loads(json.dumps(encode(r)))) == r for _, r in g.log)


def test_P_24_computer_players_play_legal_games_from_their_view() -> None:
    from hexrules.players import Decision, Player, PlayerError
    from hexrules.records import decode, encode
    from hexrules.variants.prokhorovka.players import (
        GreedyPlayer,
        ProkPlayer,
        RandomPlayer,
        play,
    )

    assert ProkPlayer is Player
    assert isinstance(GreedyPlayer(), Player) and isinstance(RandomPlayer(), Player)
    g = ProkGame.new("cut", seed=21)
    seen: list[Decision] = []
    play(g, {"german": GreedyPlayer(seed=1), "soviet": GreedyPlayer(seed=2)},
         each=lambda d, r: seen.append(d))
    assert g.state.over and g.replay() == g.state
    assert all(isinstance(d, Decision) and d.player == "greedy" for d in seen)
    explained = [d for d in seen if d.candidates]
    assert explained and all(d.chosen is not None for d in explained)
    assert all(decode(json.loads(json.dumps(encode(d)))) == d for d in explained[:20])
    g = ProkGame.new("cut", seed=22)
    play(g, {"german": RandomPlayer(seed=3), "soviet": GreedyPlayer(seed=4)}, max_orders=50)
    assert len(g.log) == 50

    class Cheat:
        name = "cheat"

        def decide(self, view, orders):  # noqa: ANN001, ANN202
            return Decision(OpenFire("GQ1", "SQ1"))

    with pytest.raises(PlayerError, match="not legal now"):
        play(ProkGame.new("cut", seed=1), {"german": Cheat(), "soviet": Cheat()})
    assert issubclass(PlayerError, IllegalOrderError)


def test_P_24_greedy_player_plays_to_the_farm() -> None:
    """The objective-seeking player steps towards a free farm square and says so."""
    from hexrules.variants.prokhorovka import MoveStep, result
    from hexrules.variants.prokhorovka.players import GreedyPlayer, RandomPlayer, play

    steps = []
    g = ProkGame.new("cut", seed=3)

    def note(d, rec):  # noqa: ANN001, ANN202
        if isinstance(d.order, MoveStep) and d.player == "greedy":
            steps.append(d)

    play(g, {"german": GreedyPlayer(seed=1), "soviet": RandomPlayer(seed=2)}, each=note)
    assert steps and all(d.chosen.part("closer") > 0 for d in steps)
    assert all("farm" in d.chosen.note for d in steps)
    farm = g.scenario.farm
    german_in = sum(u.side == "german" and u.on_map and u.square in farm for u in g.state.units)
    assert german_in >= 1, result(g.state)
