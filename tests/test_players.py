"""Computer players (hexrules.players): the interface, the three players, fog of war,
explanations, determinism, balance on a process pool and on a local Dask cluster."""

from __future__ import annotations

import dataclasses
import os
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from hexrules import Hex, HexMap, Unit
from hexrules.game import (
    DeclareFire,
    Decline,
    EndMove,
    GameState,
    OpportunityFire,
    Options,
    Order,
    Pass,
    Scenario,
    StartMove,
)
from hexrules.players import (
    Candidate,
    Decision,
    DefaultPlayer,
    GreedyPlayer,
    Player,
    PlayerError,
    RandomPlayer,
    balance,
    play,
    wilson,
)
from hexrules.players.balance import play_one
from hexrules.players.render import decision_text
from hexrules.records import decode, encode
from hexrules.units import Side

SCENARIOS = Scenario.available()


def _players(kind: str, seed: int) -> Player:
    return {"default": DefaultPlayer, "random": RandomPlayer, "greedy": GreedyPlayer}[kind](
        seed=seed)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("side", ["red", "blue"])
@pytest.mark.parametrize("kind", ["default", "greedy"])
def test_players_play_every_scenario_from_either_side_to_the_end(scenario, side, kind) -> None:
    other = "blue" if side == "red" else "red"
    seen: list[Decision] = []
    g = play(scenario, {side: _players(kind, 1), other: RandomPlayer(seed=2)}, seed=3,
             each=lambda s, d, r: seen.append(d))
    assert g.over and g.state.score is not None
    assert len(seen) == sum(r.order is not None for r in g.state.log)
    assert all(isinstance(d, Decision) for d in seen)


def test_players_satisfy_the_protocol() -> None:
    for p in (DefaultPlayer(), RandomPlayer(), GreedyPlayer()):
        assert isinstance(p, Player) and p.name


def test_default_player_is_deterministic_for_a_seed_and_varies_with_it() -> None:
    def game(seed: int) -> GameState:
        return play("meeting", {"red": DefaultPlayer(seed=seed),
                                "blue": DefaultPlayer(seed=seed + 1)}, seed=5).state

    a, b = game(1), game(1)
    assert a == b
    assert any(game(s).log != a.log for s in (2, 3, 4))


def test_decision_round_trips_renders_and_explains_itself() -> None:
    s = GameState.from_scenario("village", seed=4)
    s = _to_movement(s)
    d = DefaultPlayer(seed=1).decide(s.view(s.to_act), s.legal_orders())
    assert decode(encode(d)) == d
    html = d._repr_html_()
    assert html.startswith("<div class='hexrules-decision'>") and "objective" in html
    assert decision_text(d).splitlines()[0].endswith(repr(d.order))
    assert d.chosen is not None and d.chosen.order == d.order
    best = d.candidates[0]
    assert best.score == pytest.approx(sum(v for _, v in best.parts), abs=1e-5)
    assert {k for c in d.candidates for k, _ in c.parts} >= {"objective", "risk", "exposure"}


def _to_movement(s: GameState) -> GameState:
    s, _ = s.apply(Pass())
    s, _ = s.apply(Pass())
    return s


def _hidden_variant(s: GameState, side: Side) -> GameState:
    """The same state with the enemy units ``side`` does not see moved elsewhere unseen."""
    v = s.view(side)
    seen = {u.id for u in v.units}
    m = s.hexmap
    from hexrules.sight.fast import fast_sight

    fs = fast_sight(m)
    mine = [u.hex for u in s.units if u.side is side]
    free = [h for h in m.hexes() if s.tables.terrain[m.terrain_at(h)].enterable
            and not any(fs.visible(a, h) or a == h for a in mine)
            and all(u.hex != h for u in s.units)]
    units, k = [], 0
    for u in s.units:
        if u.side is not side and u.id not in seen:
            units.append(u.replace(hex=free[7 * k % len(free)]))
            k += 1
        else:
            units.append(u)
    return dataclasses.replace(s, units=tuple(units))


@pytest.mark.parametrize("scenario", ["duel", "meeting"])
def test_fog_of_war_decisions_depend_on_the_view_only(scenario) -> None:
    s = _to_movement(GameState.from_scenario(scenario, seed=6))
    side = s.to_act
    t = _hidden_variant(s, side)
    assert t.units != s.units and t.view(side) == s.view(side)
    for state in (s, t):
        assert state.options.fog_of_war
    da = DefaultPlayer(seed=3).decide(s.view(side), s.legal_orders())
    db = DefaultPlayer(seed=3).decide(t.view(side), t.legal_orders())
    assert da == db
    ga = GreedyPlayer(seed=3).decide(s.view(side), s.legal_orders())
    gb = GreedyPlayer(seed=3).decide(t.view(side), t.legal_orders())
    assert ga == gb


def test_default_player_presumes_an_unseen_enemy_went_for_the_objective() -> None:
    from hexrules.players.knowledge import Memory, Situation

    s = GameState.from_scenario("duel", seed=2)
    mem = Memory()
    sit = Situation.of(s.view("red"), s.legal_orders(), mem)
    hexes = {k.unit.id: s.hexmap.name_of(k.unit.hex) for k in sit.enemies if not k.seen}
    assert s.view("red").hidden == 1 and hexes == {"B1": "4563RO"}   # the public set-up
    while s.turn < 2:
        legal = s.legal_orders()
        s, _ = s.apply(next((o for o in legal if isinstance(o, Pass)), legal[0]))
    assert not [u for u in s.view("red").units if u.side is Side.BLUE]
    sit = Situation.of(s.view("red"), s.legal_orders(), mem)
    (b1,) = sit.enemies
    # not seen for a turn: presumed on the saddle (it may score it, red does not see it)
    assert s.hexmap.name_of(b1.unit.hex) == "4563PJ" and 0 < b1.weight < 1
    loss, _ = sit.opportunity_loss("medium")
    assert loss.max() > 0


def test_default_player_remembers_where_an_enemy_was_last_seen() -> None:
    from hexrules.players.knowledge import Memory

    m = HexMap.load("training")
    r1, b1 = Unit("R1", "red", m.parse("4563KC")), Unit("B1", "blue", m.parse("4563KD"))
    opts = Options(fog_of_war=True)
    s = GameState.new(m, [r1, b1], turns=3, seed=1, options=opts)
    mem = Memory()
    from hexrules.players.board import Board

    board = Board.of(s.hexmap, s.tables)
    known = mem.update(s.view("red"), board)
    assert [(k.unit.id, k.seen, k.weight) for k in known] == [("B1", True, 1.0)]
    far = m.parse("4564GD")   # out of R1's sight (see hexrules.game.view)
    hidden = dataclasses.replace(s, units=(r1, b1.replace(hex=far)), turn=2)
    assert [u.id for u in hidden.view("red").units] == ["R1"]
    # R1 still sees 4563KD empty: B1 has gone somewhere unknown; only the belief of where
    # it may be is left (weight 0: the danger maps use it, nothing else does)
    (ghost,) = mem.update(hidden.view("red"), board)
    assert (ghost.unit.id, ghost.seen, ghost.weight) == ("B1", False, 0.0)
    idx, p = ghost.where
    assert abs(float(p.sum()) - 1.0) < 1e-9 and len(idx) > 1   # one move from 4563KD
    assert not board.vis[board.index[r1.hex], idx].any()   # not where R1 sees it is not
    mem2 = Memory()
    mem2.update(s.view("red"), board)
    blind = dataclasses.replace(s, units=(r1.replace(hex=m.parse("4564AC")), b1.replace(
        hex=far)), turn=2)
    k = mem2.update(blind.view("red"), board)
    assert [(x.unit.id, x.seen, x.unit.hex) for x in k] == [("B1", False, b1.hex)]
    assert 0 < k[0].weight < 1


def _duel_course() -> tuple[HexMap, list[Unit]]:
    terrain = ["." * 14] * 5
    terrain[1] = "..........F..."
    m = HexMap.from_dict({
        "format": "hexrules-map", "schema_version": 1, "name": "players-course",
        "cols": 14, "rows": 5, "origin": {"easting": 463020, "northing": 4545975,
                                          "epsg": 32650},
        "elevation": [[0] * 14 for _ in range(5)], "terrain": terrain,
        "rivers": [], "roads": []})
    units = [Unit("R1", "red", Hex.from_offset(0, 2)), Unit("R2", "red", Hex.from_offset(0, 3)),
             Unit("B1", "blue", Hex.from_offset(10, 1)), Unit("B2", "blue",
                                                         Hex.from_offset(10, 3))]
    return m, units


def test_default_player_fires_where_the_odds_are_best_forest_gives_cover() -> None:
    m, units = _duel_course()
    s = GameState.new(m, units, turns=1, seed=2)
    while s.to_act is not Side.RED:
        s, _ = s.apply(Pass())
    d = DefaultPlayer(seed=1).decide(s.view("red"), s.legal_orders())
    assert isinstance(d.order, DeclareFire)
    assert d.order.fire.target == "B2"          # B1 stands in forest (F-7)
    fire = [c for c in d.candidates if isinstance(c.order, DeclareFire)]
    assert all(c.part("damage") > 0 for c in fire)


def test_default_player_declines_opportunity_fire_with_poor_odds() -> None:
    from hexrules.game import StepTo

    m, units = _duel_course()
    units = [units[0], Unit("B1", "blue", Hex.from_offset(11, 1))]   # blue behind the forest
    s = GameState.new(m, units, turns=1, seed=2)
    s = _to_movement(s)
    if s.to_act is not Side.BLUE:
        s, _ = s.apply(Pass())
    s, _ = s.apply(StartMove("B1"))
    s, _ = s.apply(StepTo(Hex.from_offset(10, 1)))      # into the forest, in R1's sight
    assert s.window is not None and s.to_act is Side.RED
    p = DefaultPlayer(seed=1, level="hard")
    d = p.decide(s.view("red"), s.legal_orders())
    later = next(c for c in d.candidates if isinstance(c.order, Decline))
    fire = next(c for c in d.candidates if isinstance(c.order, OpportunityFire))
    assert later.part("later") > 0
    assert isinstance(d.order, Decline) == (later.score > fire.score)
    easy = DefaultPlayer(seed=1, level="easy").decide(s.view("red"), s.legal_orders())
    assert isinstance(easy.order, OpportunityFire)   # the easy level fires at every chance


class _CardOrder(Order):
    """An order type the players do not know (e.g. from a newer engine)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _CardOrder)

    def __hash__(self) -> int:
        return 1

    def __repr__(self) -> str:
        return "_CardOrder()"


class _Legal(list):
    def __init__(self, state: GameState, orders: list[Order]) -> None:
        super().__init__(orders)
        self.state = state


def test_unknown_order_types_get_a_neutral_score_and_never_crash() -> None:
    s = _to_movement(GameState.from_scenario("meeting", seed=6))
    legal = _Legal(s, [*s.legal_orders(), _CardOrder()])
    d = DefaultPlayer(seed=1, top=50).decide(s.view(s.to_act), legal)
    card = next(c for c in d.candidates if isinstance(c.order, _CardOrder))
    assert card.score == 0.0 and "no evaluator" in card.note
    for p in (RandomPlayer(seed=1), GreedyPlayer(seed=1)):
        assert p.decide(s.view(s.to_act), legal).order in legal


def test_play_refuses_an_illegal_order_naming_the_player() -> None:
    class Bad:
        name = "bad"

        def decide(self, view, legal):
            return Decision(StartMove("B9"))

    with pytest.raises(PlayerError, match="bad"):
        play("duel", {"red": Bad(), "blue": Bad()}, seed=1)


def test_levels_and_bad_level() -> None:
    from hexrules.errors import RulesError

    with pytest.raises(RulesError, match="valid: 'normal'"):
        DefaultPlayer(level="cheating")
    assert DefaultPlayer(level="easy").weights.risk == 0.0


def test_custom_weights_make_an_instructors_own_opponent() -> None:
    from dataclasses import replace

    from hexrules.errors import RulesTypeError
    from hexrules.language import using
    from hexrules.players import Weights

    with pytest.raises(RulesTypeError, match="weights must be"):
        DefaultPlayer(weights={"risk": 2.0})
    reckless = DefaultPlayer(seed=4, weights=replace(Weights(), risk=0.0, exposure=0.0))
    assert reckless.fresh(5).weights == reckless.weights and reckless.fresh(5).seed == 5
    assert reckless.name == "default (normal, custom)" and "weights=Weights(" in repr(reckless)
    with using("zh"):
        assert "自定权重" in Decision(Pass(), (), reckless.name)._repr_html_()
    s = GameState.from_scenario("village", seed=4)
    for _ in range(30):  # the weights change what it prefers, not that its orders are legal
        d = reckless.decide(s.view(s.to_act), s.legal_orders())
        assert d.order in s.legal_orders()
        s, _ = s.apply(d.order)
    rep = balance("duel", {"red": reckless, "blue": RandomPlayer()}, games=2, seed=1,
                  executor="serial")
    assert "default (normal, custom)" in str(rep)


def test_default_beats_random_in_a_handful_of_seeded_games() -> None:
    rep = balance("meeting", {"red": DefaultPlayer(), "blue": RandomPlayer()}, games=4,
                  seed=7, executor="serial")
    assert rep.wins["red"] >= 3


def test_wilson_interval() -> None:
    p, lo, hi = wilson(0, 10)
    assert p == 0 and lo == 0 and 0.2 < hi < 0.35
    assert wilson(10, 10)[2] == 1.0


def test_balance_report_renders_plots_and_equals_the_process_pool_result() -> None:
    players = {"red": DefaultPlayer(), "blue": GreedyPlayer()}
    serial = balance("duel", players, games=4, seed=3, executor="serial")
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = balance("duel", players, games=4, seed=3, executor=pool)
    assert pooled == serial
    assert decode(encode(serial.summaries)) == serial.summaries
    text = str(serial)
    assert "Red 红方 wins 胜" in text and "95% CI 置信区间" in text
    assert serial._repr_html_().startswith("<div class='hexrules-balance'>")
    fig = serial.plot()
    assert len(fig.axes) == 2
    assert play_one(("duel", {Side.RED: DefaultPlayer(), Side.BLUE: GreedyPlayer()}, 2, 3)
                    ) == serial.summaries[2]


def test_balance_report_follows_the_language_and_its_games_do_not() -> None:
    from hexrules.language import using

    players = {"red": DefaultPlayer(), "blue": RandomPlayer()}
    rep = balance("duel", players, games=6, seed=1, executor="serial")
    with using("zh"):
        zh, zh_html = str(rep), rep._repr_html_()
        fig = rep.plot()
        ticks = [t.get_text() for t in fig.axes[0].get_xticklabels()]
        assert balance("duel", players, games=6, seed=1, executor="serial") == rep
    with using("en"):
        en = str(rep)
    assert "红方 胜" in zh and "置信区间" in zh and "失利原因" in zh and "wins" not in zh
    assert "红方 胜" in zh_html and "Red" not in zh_html
    assert ticks == ["红方 胜", "蓝方 胜", "平局"]
    assert "Red wins" in en and "95% CI" in en and not any("\u4e00" <= c <= "\u9fff" for c in en)
    # the causes are bilingual values, whatever the setting they were computed in
    assert all(" " in cause and any("\u4e00" <= c <= "\u9fff" for c in cause)
               for cause, _ in rep.causes())
    assert {c for g in rep.summaries for _, _, c in g.lost} <= {
        "Opportunity fire 机会射击 (V-6)", "Covering fire 掩护射击 (V-7)",
        "Moving fire 行进间射击 (V-8)", "Short-halt fire 短停射击 (V-9)",
        "Direct fire 直瞄射击 (F-1)", "Close combat 近战 (V-10)", "Artillery fire 炮兵火力 (A-1)"}


def test_balance_on_a_local_dask_cluster_equals_the_single_process_result() -> None:
    distributed = pytest.importorskip("distributed")
    players = {"red": DefaultPlayer(), "blue": RandomPlayer()}
    serial = balance("duel", players, games=6, seed=11, executor="serial")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = balance("duel", players, games=6, seed=11, executor=client)
        workers = client.run(os.getpid)
    assert len(workers) == 2
    assert on_dask == serial


def test_balance_checks_its_arguments() -> None:
    from hexrules.errors import RulesError, RulesTypeError

    with pytest.raises(RulesError, match="whole number of games"):
        balance("duel", {"red": RandomPlayer(), "blue": RandomPlayer()}, games=0)
    with pytest.raises(RulesTypeError, match="each side"):
        balance("duel", {"red": RandomPlayer()}, games=1)
    both = {"red": RandomPlayer(), "blue": RandomPlayer()}
    with pytest.raises(RulesTypeError, match="needs a scenario"):
        balance(None, both, games=1)
    bare = GameState.new(HexMap.flat(6, 4), [Unit("R1", "red", Hex(0, 1)),
                                             Unit("B1", "blue", Hex(5, 1))], turns=1, seed=1)
    with pytest.raises(RulesError, match="has none"):
        balance(None, both, games=1, start=bare, executor="serial")
    with pytest.raises(RulesTypeError, match="progress must be"):
        balance("duel", both, games=1, executor="serial", progress="yes")


def test_balance_shows_its_progress(capsys: pytest.CaptureFixture[str]) -> None:
    both = {"red": RandomPlayer(), "blue": RandomPlayer()}
    seen: list[tuple[int, int]] = []
    rep = balance("duel", both, games=3, seed=1, executor="serial",
                  progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert rep == balance("duel", both, games=3, seed=1, executor="serial", progress=True)
    out = capsys.readouterr().out
    assert out.endswith("balance 平衡测试: 3/3 games 局\n") and "\r" in out
    balance("duel", both, games=2, seed=1, executor="serial")  # few games: quiet by default
    assert capsys.readouterr().out == ""


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_default_player_against_random_over_many_games(scenario) -> None:
    rep = balance(scenario, {"red": RandomPlayer(), "blue": DefaultPlayer()}, games=20,
                  seed=1)
    assert rep.wins["blue"] >= rep.wins["red"]


def test_candidate_and_decision_text() -> None:
    c = Candidate(Pass(), 0.5, (("damage", 0.5),), "wait")
    assert c.part("damage") == 0.5 and c.part("risk") == 0.0
    assert "Pass()" in str(Decision(Pass(), (c,)))


def test_openspiel_mcts_bot_plays_a_legal_duel_to_the_end() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from hexrules.players.openspiel import load_game

    game = load_game("duel")
    assert game.get_type().short_name in pyspiel.registered_names()
    bots = [mcts.MCTSBot(game, 2.0, 2, mcts.RandomRolloutEvaluator(1, np.random.RandomState(k)),
                         random_state=np.random.RandomState(k + 10)) for k in range(2)]
    rng = np.random.RandomState(3)
    s = game.new_initial_state()
    obs = game.make_py_observer()
    chance = moves = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert [o for o, _ in outcomes] == list(range(6))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            s.apply_action(int(rng.choice(6)))
            chance += 1
            continue
        player = s.current_player()
        a = bots[player].step(s)
        assert a in s.legal_actions()
        assert s.state.legal_orders()[a].can(s.state)
        text = obs.string_from(s, player)
        hidden = s.state.view(("red", "blue")[player]).hidden
        other = "B1" if player == 0 else "R1"
        assert (other in text) == (hidden == 0)   # the observer keeps the fog of war
        s.apply_action(a)
        moves += 1
    assert s.state.over and sum(s.returns()) == 0 and chance > 0 and moves > 10


def test_E2_E5_E3_A1_the_default_player_scores_the_card_orders() -> None:
    from hexrules.game import FieldRepair, PlanFire, RapidReload
    from hexrules.players.evaluate import EVALUATORS

    assert {FieldRepair, PlanFire, RapidReload} <= set(EVALUATORS)
    # a whole game with the cards (the shipped scenarios deal them): fire plans are aimed
    plans: list[Decision] = []

    def each(state, d, record) -> None:
        if isinstance(d.order, PlanFire):
            plans.append(d)

    play("meeting", {"red": DefaultPlayer(seed=1), "blue": DefaultPlayer(seed=2)}, seed=4,
         each=each)
    assert plans
    for d in plans:
        assert d.chosen is not None and d.chosen.note.startswith("fire plan at")


def test_greedy_fires_at_the_best_odds_and_otherwise_heads_for_the_objective() -> None:
    m, units = _duel_course()
    s = GameState.new(m, units, turns=1, seed=2)
    while s.to_act is not Side.RED:
        s, _ = s.apply(Pass())
    d = GreedyPlayer(seed=1).decide(s.view("red"), s.legal_orders())
    assert isinstance(d.order, DeclareFire) and d.order.fire.target == "B2"
    duel = _to_movement(GameState.from_scenario("duel", seed=2))
    d = GreedyPlayer(seed=1).decide(duel.view(duel.to_act), duel.legal_orders())
    assert isinstance(d.order, StartMove) and not d.order.march


def test_a_player_needs_the_legal_orders_of_a_state() -> None:
    from hexrules.errors import RulesTypeError

    s = GameState.from_scenario("duel", seed=2)
    with pytest.raises(RulesTypeError, match="legal_orders"):
        DefaultPlayer().decide(s.view(s.to_act), list(s.legal_orders()))


def test_default_player_belief_grows_with_each_move_and_leaves_out_what_it_sees() -> None:
    """Fog of war: an unseen enemy may be in any hex its moves since it was last known can
    reach (one allowance per movement phase begun), except the hexes the side sees now."""
    from hexrules.players.knowledge import Memory, Situation, dilate

    s = GameState.from_scenario("duel", seed=2)
    mem = Memory()
    sit = Situation.of(s.view("red"), s.legal_orders(), mem)
    (b1,) = sit.enemies
    b = sit.board
    assert b1.where is not None and [b.hexes[i] for i in b1.where[0]] == [
        s.unit("B1").hex]                                 # turn 1, before any move: its set-up
    s, _ = s.apply(Pass())
    s, _ = s.apply(Pass())                                # to the movement phase
    sit = Situation.of(s.view("red"), s.legal_orders(), mem)
    (b1,) = sit.enemies
    idx, p = b1.where
    start = np.zeros(len(b.hexes), dtype=bool)
    start[b.index[s.unit("B1").hex]] = True
    reach = dilate(b, start, b.allowance)
    sees = b.vis[b.index[s.unit("R1").hex]]
    assert set(idx.tolist()) == set(np.flatnonzero(reach & ~sees).tolist())
    assert abs(float(p.sum()) - 1.0) < 1e-9
    # the danger maps use it: opportunity fire is feared where it may see from
    loss, _ = sit.opportunity_loss("medium")
    saddle = b.index[s.hexmap.parse("4563PJ")]
    assert loss[saddle] > 0


def test_default_player_contests_the_objectives_the_enemy_holds() -> None:
    """Village (no fog): blue holds the three objectives; red's evaluation counts them
    lost (lead), values a blue tank on one higher, and its moves gain 'tempo' towards one."""
    from hexrules.players.evaluate import Context
    from hexrules.players.knowledge import HELD_SHARE, Memory, Situation, unit_value
    from hexrules.players.planner import Weights

    s = GameState.from_scenario("village", seed=4)
    while s.phase.value != "movement" or s.to_act is not Side.RED:
        legal = s.legal_orders()
        s, _ = s.apply(next(o for o in legal if isinstance(o, Pass)))
    sit = Situation.of(s.view("red"), s.legal_orders(), Memory())
    assert sorted(sit.held().values()) == [2, 2, 3] and sit.lead() == -7
    b2 = s.unit("B2")                                     # on the centre (3 points)
    assert sit.value(b2) == unit_value(sit.board, b2) + HELD_SHARE * 3
    ctx = Context(sit, Weights())
    plan = ctx.best_move(s.unit("R1"))
    assert plan is not None and plan.part("tempo") > 0


def test_default_player_takes_more_risk_when_not_winning_at_the_end() -> None:
    from hexrules.players.default import AHEAD_RISK, BEHIND_RISK, stance
    from hexrules.players.knowledge import Memory, Situation
    from hexrules.players.planner import Weights

    s = GameState.from_scenario("village", seed=4)
    w = Weights()
    red = Situation.of(s.view("red"), s.legal_orders(), Memory())
    blue = Situation.of(s.view("blue"), s.legal_orders(), Memory())
    assert stance(red, w).risk == w.risk                 # behind, but ten turns to go
    assert stance(blue, w).risk == w.risk * AHEAD_RISK   # ahead: careful
    last = dataclasses.replace(s, turn=s.turns)
    red = Situation.of(last.view("red"), last.legal_orders(), Memory())
    assert stance(red, w).risk == w.risk * BEHIND_RISK[1]


def test_default_player_takes_the_objective_late() -> None:
    """Duel: with a movement phase still to come, a tank one move from the saddle counts it
    nearly held (LATE_REACH), so standing on it early gains little against the risk of being
    seen there; in the last movement phase only standing on it counts."""
    from hexrules.players.knowledge import LATE_REACH, Memory, Situation, reach_chance

    s = GameState.from_scenario("duel", seed=2)
    s, _ = s.apply(Pass())
    s, _ = s.apply(Pass())                                   # turn 1, movement
    sit = Situation.of(s.view("red"), s.legal_orders(), Memory())
    b = sit.board
    saddle = b.index[s.hexmap.parse("4563PJ")]
    to_go = b.to_go(s.hexmap.parse("4563PJ"))
    near = next(i for i in range(len(b.hexes)) if 0 < to_go[i] <= b.allowance)
    from hexrules.players.knowledge import HOLD_RISK, HOLD_STAY

    bad = float(sit.exposure("medium")[1][saddle])     # the enemy fire watching the saddle
    assert sit.hold({"R1": saddle}, 1) == pytest.approx(
        2.0 * (1 - HOLD_STAY * bad) ** sit.turns_left)
    assert sit.hold({"R1": near}, 1) == pytest.approx(2.0 * LATE_REACH * (1 - HOLD_RISK * bad))
    assert sit.hold({"R1": near}, 0) == 0.0
    assert reach_chance(float(to_go[near]), 1, b.allowance) == LATE_REACH


def test_V_3_march_prices_the_moving_fire_it_gives_up() -> None:
    """A marching unit may not fire this turn (V-3): the default player charges a march the
    best moving shot (V-8) its path would offer at a known enemy (an unseen one over its
    belief), so a march onto the saddle, which overlooks the enemy's side of the ridge,
    costs something and a march in the dead ground west of it costs nothing."""
    from dataclasses import replace

    from hexrules.game import StartMove
    from hexrules.players.evaluate import Context, evaluate, march_cost
    from hexrules.players.knowledge import Memory, Situation
    from hexrules.players.planner import Plan, Weights

    s = GameState.from_scenario("duel", seed=2)
    s, _ = s.apply(Pass())
    s, _ = s.apply(Pass())                                   # turn 1, movement
    sit = Situation.of(s.view("red"), s.legal_orders(), Memory())
    ctx = Context(sit, Weights())
    b, m, u = sit.board, s.hexmap, s.unit("R1")
    here = b.index[u.hex]

    def cost(*names: str, w: Weights | None = None) -> float:
        w = Weights() if w is None else w
        path = (here, *(b.index[m.parse(n)] for n in names))
        return march_cost(Context(sit, w), u, Plan(path[-1], path, 1.0, 0.0, ()))

    assert cost("4563NF") == 0.0 and cost("4563ND") == 0.0      # dead ground
    on_top = cost("4563PJ")
    assert on_top > 0.0
    assert cost("4563PJ", w=replace(Weights(), later=0.0)) == 0.0   # it is the later fire
    assert cost("4563NF", "4563PJ") == pytest.approx(on_top)       # the best hex of the path
    # on the road west of the saddle (4563PG), a march up to it is charged its shot
    road = dataclasses.replace(s, units=tuple(
        dataclasses.replace(x, hex=m.parse("4563PG")) if x.id == "R1" else x for x in s.units))
    ctx = Context(Situation.of(road.view("red"), road.legal_orders(), Memory()), Weights())
    march = evaluate(ctx, StartMove("R1", march=True))
    assert "march" in dict(march.parts)
    assert march.part("march") <= 0.0
    assert march.score == pytest.approx(sum(v for _, v in march.parts), abs=1e-5)
    assert "march" not in dict(evaluate(ctx, StartMove("R1")).parts)


def test_V_10_close_combat_odds_follow_the_rounds() -> None:
    """The planner's close-combat odds (V-10): rounds with a d6 for who fires first, each
    side's units firing once a round, until one side is left."""
    from hexrules.players.melee import melee_odds

    w, lost_a, lost_b = melee_odds(1, 1, 0.671, 0.671)
    assert w == pytest.approx(0.5) and lost_a == pytest.approx(0.5)
    two, _, _ = melee_odds(2, 1, 0.671, 0.671)
    assert two > 0.9 > 0.1 > melee_odds(1, 2, 0.671, 0.671)[0]
    # with p = 1 whoever fires first wins: a coin toss
    assert melee_odds(1, 1, 1.0, 1.0)[0] == pytest.approx(0.5)
    w, la, lb = melee_odds(3, 2, 0.4, 0.6)
    assert 0 <= w <= 1 and 0 <= la <= 3 and 0 <= lb <= 2


def test_V_10_default_player_prices_close_combat_at_its_odds() -> None:
    """A move into a seen enemy's hex is worth the gain in the chance to be left there, not
    the objective outright: the candidate's note gives that chance."""
    from hexrules.players.knowledge import Memory, Situation
    from hexrules.players.planner import Weights, close_combat

    s = GameState.from_scenario("village", seed=4)
    sit = Situation.of(s.view("red"), s.legal_orders(), Memory())
    b = sit.board
    e = s.unit("B1")
    value, win = close_combat(sit, s.unit("R1"), b.index[e.hex], 2.0)
    assert win == pytest.approx(0.5)
    assert value < 2.0 + sit.value(e)                 # less than a sure win
    assert Weights().risk == 1.0


def test_T_3_default_player_counts_the_enemy_moves_of_the_alternation() -> None:
    """Under fog of war the player infers from the alternation (T-3: initiative, passes)
    that the hidden enemy tank has moved this phase, so it cannot react (V-6): no
    opportunity-fire danger is left from unseen units."""
    from hexrules.players.knowledge import Memory, Situation

    s = GameState.from_scenario("duel", seed=2)
    s, _ = s.apply(Pass())
    s, _ = s.apply(Pass())                                   # turn 1, movement
    mover = s.to_act
    other = mover.opponent
    u = next(x for x in s.units if x.side is mover)
    mem = Memory()
    sit0 = Situation.of(s.view(other), s.legal_orders(), mem)  # not its turn: nothing
    assert sit0.enemy_moved == 0
    s, _ = s.apply(StartMove(u.id))
    s, _ = s.apply(EndMove())
    assert s.to_act is other and s.view(other).hidden == 1
    sit = Situation.of(s.view(other), s.legal_orders(), mem)
    assert sit.enemy_moved == 1 and sit.unseen_moved
    armour = sit.armour(next(x for x in s.units if x.side is other))
    assert not sit.opportunity_loss(armour)[1].any()
