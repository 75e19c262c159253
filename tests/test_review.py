"""The after-action review (issue 16): opening a game, stepping, the views under fog of war,
decision points (odds, luck, the computer's alternatives), the summary, win probability,
JSON, HTML."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from hexrules import Hex, HexMap, ScriptedDice, Unit
from hexrules.errors import GameFormatError, RulesError, RulesTypeError
from hexrules.game import DeclareFire, GameState, order_odds
from hexrules.game.logview import hidden_from, names
from hexrules.players import GreedyPlayer, RandomPlayer, balance, play
from hexrules.players.balance import game_of, play_one
from hexrules.review import (
    REVIEW_FORMAT,
    DecisionPoint,
    Review,
    damage_of,
    fire_point,
    load_game,
    states_of,
)
from hexrules.review.winprob import WinEstimate, checkpoints, turning_points
from hexrules.units import Side, Status

PREPARED = Path(__file__).resolve().parents[1] / "lessons" / "data" / "review_duel.json"


@cache
def fog_game() -> GameState:
    """A duel (fog of war on) played by the default player, easy red against normal blue."""
    return GameState.from_dict(json.loads(PREPARED.read_text(encoding="utf-8")))


@cache
def fog_review() -> Review:
    return Review.build(fog_game())


# -- opening and replaying -------------------------------------------------------------------
def test_T_6_review_replays_every_state_equal_to_the_game(tmp_path: Path) -> None:
    g = play("village", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)}, seed=5)
    history = [g.state]
    log = g.state.game_log()
    states = states_of(log)
    assert len(states) == len(log.records)
    assert states[-1] == g.state == history[-1]
    for k in (0, 7, len(states) // 2):
        assert states[k] == log.replay(upto=k)
    # the same future: a state of the review goes on as the game did
    k = len(states) // 2
    nxt = states[k].apply(log.records[k + 1].order)
    assert nxt[1] == log.records[k + 1]


def test_review_opens_every_form_of_a_saved_game(tmp_path: Path) -> None:
    s = fog_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(s.to_dict()), encoding="utf-8")
    logfile = tmp_path / "log.json"
    logfile.write_text(json.dumps(s.game_log().to_dict()), encoding="utf-8")
    for source in (s, s.game_log(), s.to_dict(), s.serialize(), path, str(path), logfile,
                   s.game_log().to_dict()):
        assert load_game(source) == s.game_log()


def test_review_names_a_bad_file_and_changes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    with pytest.raises(GameFormatError, match="bad.json: neither a saved game"):
        Review.build(bad)
    with pytest.raises(GameFormatError, match="cannot read a saved game"):
        Review.build(tmp_path / "missing.json")
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(GameFormatError, match="not JSON"):
        load_game(bad)
    with pytest.raises(RulesTypeError, match="a review opens a saved game"):
        load_game(42)
    r = fog_review()
    with pytest.raises(RulesError, match="records 0…"):
        r.state_at(len(r))
    with pytest.raises(RulesError, match="turns 1…"):
        r.turn_start(99)


def test_review_of_a_game_of_a_balance_run() -> None:
    ps = {"red": GreedyPlayer(), "blue": RandomPlayer()}
    rep = balance("duel", ps, games=3, seed=4, executor="serial")
    for i, summary in enumerate(rep.summaries):
        g = game_of("duel", ps, i, seed=4)
        assert len(g.log) == summary.orders and g.score.winner == summary.winner
    r = Review.build(game_of("duel", ps, 2, seed=4), computer=False)
    assert r.states[-1].over


# -- stepping and events -----------------------------------------------------------------------
def test_review_events_first_kill_and_turns() -> None:
    r = fog_review()
    kinds = [e.kind for e in r.events]
    assert kinds.count("first_kill") == 1 and kinds[-1] == "end"
    k = r.find("first_kill")
    before, after = r.state_at(k - 1), r.state_at(k)
    assert len(after.losses) == len(before.losses) + 1
    assert r.find("first_kill", after=k) is None
    for t in range(1, r.states[-1].turn + 1):
        assert r.record(r.turn_start(t)).turn == t
        assert r.turn_start(t) == 0 or r.record(r.turn_start(t) - 1).turn == t - 1


# -- decision points -----------------------------------------------------------------------------
def test_luck_of_a_roll_from_the_exact_odds() -> None:
    s = GameState.new(HexMap.flat(30, 3), [Unit("R1", "red", Hex(0, 1)),
                      Unit("B1", "blue", Hex(18, 1))], turns=1, dice=ScriptedDice([1, 5, 6, 2]))
    s2, rec = s.apply(DeclareFire("R1", "B1"))
    d = fire_point(1, s, rec)
    odds = order_odds(s, DeclareFire("R1", "B1"))
    assert d.p_destroyed == odds.p_destroyed == Fraction(5, 9)
    assert d.killed and d.rolled.startswith("Destroyed") and d.actual == 1.0
    assert d.p_result == Fraction(5, 9) and d.p_better == 0
    assert d.p_result + d.p_worse + d.p_better == 1
    assert sum(p for _, p in d.odds) == 1
    exp = sum(float(p) * damage_of(st) for st, p in odds.final.items())
    assert d.expected == pytest.approx(exp)
    assert d.luck == pytest.approx(1.0 - exp) and d.percentile == pytest.approx(1 - 5 / 18)
    assert damage_of(frozenset({Status.DESTROYED})) == 1.0


def test_every_fire_decision_point_has_the_adjudications_odds() -> None:
    r = fog_review()
    fires = [d for d in r.decisions if d.fire]
    assert fires
    for d in fires:
        before = r.state_at(d.index - 1)
        assert d.p_destroyed == order_odds(before, d.order).p_destroyed
        assert d.p_result > 0 or d.rolled == ""  # the rolled result was possible
        assert d.p_result + d.p_worse + d.p_better == 1
        assert d.rolled in dict(d.odds)


@cache
def computer_game() -> GameState:
    """A duel (fog of war on) played now by today's default player, easy red against normal
    blue (the prepared game was played by the player of its day, which may since have
    changed)."""
    from hexrules.players import DefaultPlayer

    players = {"red": DefaultPlayer(seed=1, level="easy"), "blue": DefaultPlayer(seed=2)}
    return play("duel", players, seed=4).state


def test_the_computers_own_game_has_no_regret_beyond_its_margin() -> None:
    """Blue is the default player (normal: near-equal margin 0.03); the review's ranking,
    from blue's views with blue's memory, is the ranking it played by."""
    r = Review.build(computer_game())
    blue = [d for d in r.decisions if d.side is Side.BLUE and d.chosen is not None]
    assert blue and all(d.regret <= 0.03 + 1e-9 for d in blue)
    red = [d for d in r.decisions if d.side is Side.RED]
    assert max(d.regret for d in red) > 0.1  # the easy player made choices worth a look
    for d in red:
        assert all(c.score > d.chosen.score for c in d.better) and len(d.better) <= 3
        assert d.legal >= 1


def test_summary_expected_against_actual() -> None:
    r = fog_review()
    sums = {s.side: s for s in r.summary()}
    final = r.states[-1]
    for side, s in sums.items():
        shots = [d for d in r.decisions if d.fire and d.side is side]
        assert s.shots == len(shots)
        assert s.expected_kills == pytest.approx(sum(float(d.p_destroyed) for d in shots))
        assert s.luck == pytest.approx(s.damage - s.expected_damage)
        assert set(s.lost) == {u.id for u in final.losses if u.side is side}
        assert s.points == final.score.points(side)
    assert sum(s.kills for s in sums.values()) == len(final.losses)
    per = r.per_turn()
    assert sum(a for row in per.values() for _, a in row.values()) == pytest.approx(
        sum(s.damage for s in sums.values()))


# -- views under fog of war ------------------------------------------------------------------------
def test_a_sides_view_of_the_review_names_no_hidden_unit() -> None:
    r = fog_review()
    assert r.states[0].options.fog_of_war
    hidden_seen = 0
    for k in range(len(r)):
        s = r.state_at(k)
        for side in Side:
            ids, hexes = hidden_from(s, side)
            hidden_seen += bool(ids)
            v = r.view_at(k, side)
            assert not ids & {u.id for u in v.units}
            rec = r.record_for(k, side)
            if rec is not None and rec.side is not side:
                assert not names(f"{rec}\n{rec._repr_html_()}", ids | hexes)
            d = r.decision_for(k, side)
            if d is not None and d.side is not side:
                assert not names(f"{d}\n{d._repr_html_()}", ids | hexes)
            for e in r.events_for(side):
                if e.index == k:
                    assert not names(e.text, ids | hexes)
    assert hidden_seen  # the test saw hidden units
    assert r.decision_for(1, None) == r.decision_at(1)


# -- win probability ---------------------------------------------------------------
def test_balance_from_a_given_state_is_additive() -> None:
    ps = {"red": RandomPlayer(), "blue": RandomPlayer()}
    a = balance("duel", ps, games=3, seed=2, executor="serial")
    assert a == balance("duel", ps, games=3, seed=2, executor="serial", start=None)
    assert [play_one(("duel", {Side.RED: RandomPlayer(), Side.BLUE: RandomPlayer()}, i, 2))
            for i in range(3)] == list(a.summaries)
    mid = fog_review().state_at(20)
    b = balance(None, ps, games=3, seed=2, executor="serial", start=mid)
    assert b.scenario == "duel" and b.games == 3
    assert b == balance(None, ps, games=3, seed=2, executor="serial", start=mid)
    g = game_of(None, ps, 0, seed=2, start=mid)
    assert g.log[:21] == mid.log and g.over
    with pytest.raises(RulesTypeError, match="start must be a GameState"):
        balance("duel", ps, games=1, executor="serial", start="x")  # type: ignore[arg-type]


def test_win_probability_and_turning_points() -> None:
    r = fog_review()
    calls = []
    w = r.with_win_probability(games=2, players={"red": RandomPlayer(), "blue": RandomPlayer()},
                               progress=lambda a, b: calls.append((a, b)))
    idx = checkpoints(r.states)
    assert [e.index for e in w.win] == idx and calls[-1] == (len(idx), len(idx))
    assert w.win[-1].exact and w.win[-1].p(r.states[-1].score.winner) == 1.0
    assert all(e.red + e.blue + e.draws == e.games for e in w.win)
    assert len(w.turning) == min(3, len(idx) - 1)
    swings = sorted((abs(b.edge - a.edge) for a, b in zip(w.win, w.win[1:], strict=False)),
                    reverse=True)
    assert sorted((abs(t.swing) for t in w.turning), reverse=True) == swings[:3]
    assert w.decisions == r.decisions
    e = [WinEstimate(0, 1, r.states[0].phase, 4, 2, 2, 0),
         WinEstimate(5, 1, r.states[0].phase, 4, 4, 0, 0)]
    (t,) = turning_points(e, lambda a, b: ("x",))
    assert t.swing == 1.0 and t.red == (0.5, 1.0) and "Red" in str(t)


# -- saving and HTML ---------------------------------------------------------------
def test_review_round_trips_through_json(tmp_path: Path) -> None:
    r = fog_review().with_win_probability(
        games=1, players={"red": RandomPlayer(), "blue": RandomPlayer()})
    back = Review.from_dict(json.loads(json.dumps(r.to_dict())))
    assert back == r and back.state_at(5) == r.state_at(5)
    r.save(tmp_path / "r.json")
    assert Review.load(tmp_path / "r.json") == r
    with pytest.raises(GameFormatError, match="not a saved review"):
        Review.from_dict({"format": "x"})
    with pytest.raises(GameFormatError, match="saved review"):
        Review.from_dict({"format": REVIEW_FORMAT, "schema_version": 1})
    d = r.decisions[0]
    assert isinstance(d, DecisionPoint)


def test_static_html_report_is_self_contained(tmp_path: Path) -> None:
    r = fog_review()
    page = r.to_html(tmp_path / "report.html")
    assert (tmp_path / "report.html").read_text(encoding="utf-8") == page
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    assert "http://" not in page and "https://" not in page and "src='data:image/png" in page
    for part in ("Summary per side", "Turning points", "Key decisions", "First kill", "复盘"):
        assert part in page
    assert "<div class='hexrules-review'>" in r._repr_html_()


def test_review_plots_draw() -> None:
    import matplotlib

    matplotlib.use("Agg")
    r = fog_review()
    for draw in (r.plot_kills, r.plot_damage, r.plot_sight, r.plot_win):
        assert draw() is not None


def test_T_6_a_game_of_ones_own_scenario_file_opens_from_another_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game names its own scenario file by its full path (a shipped one by its name), so
    the saved game's review opens from any folder."""
    from hexrules.game import Scenario

    work = tmp_path / "class"
    work.mkdir()
    monkeypatch.chdir(work)
    data = Scenario.load("duel").to_dict()
    data["map"] = str(Scenario.load("duel").hexmap().source)
    Path("short.json").write_text(json.dumps(data), encoding="utf-8")
    game = play("short.json", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)},
                seed=3)
    assert GameState.from_scenario("duel").to_dict()["origin"]["scenario"] == "duel"
    saved = work / "game.json"
    saved.write_text(json.dumps(game.state.to_dict()), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    from hexrules.game.scenario import load_cached

    load_cached.cache_clear()  # as in a new kernel
    review = Review.build(saved, computer=False)
    assert len(review.states) == len(game.state.log)
