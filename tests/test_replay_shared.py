"""The tank game's log replays through the replay every game shares (T-6).

``GameLog.replay`` is :func:`hexrules.replay.replay` with the tank game's start and apply, as
the squad and Prokhorovka variants use it: one replay, one place.
"""

from __future__ import annotations

import dataclasses

import pytest

import hexrules.replay
from hexrules import Hex, HexMap, Unit
from hexrules.errors import ReplayDivergedError
from hexrules.game import GameLog, GameState, Pass


def _game() -> GameState:
    s = GameState.new(HexMap.flat(8, 4), [Unit("R1", "red", Hex(0, 1)),
                      Unit("B1", "blue", Hex(5, 1))], turns=2, seed=3)
    for _ in range(3):
        s, _ = s.apply(Pass())
    return s


def test_T6_game_log_replay_goes_through_the_shared_replay(monkeypatch) -> None:
    calls = []
    real = hexrules.replay.replay

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr("hexrules.game.log.replay", spy)
    s = _game()
    assert s.game_log().replay() == s
    assert len(calls) == 1


def test_T6_a_changed_record_names_the_order_turn_and_phase() -> None:
    s = _game()
    log = s.game_log()
    bad = dataclasses.replace(log.records[2], turn=log.records[2].turn + 5)
    tampered = GameLog(log.origin, log.records[:2] + (bad,) + log.records[3:])
    with pytest.raises(ReplayDivergedError, match=r"order #2 \(Pass\(\), turn \d+, .+\)"):
        tampered.replay()


def test_T6_a_changed_start_record_is_named() -> None:
    s = _game()
    log = s.game_log()
    bad = dataclasses.replace(log.records[0], turn=9)
    with pytest.raises(ReplayDivergedError, match="at the start of the game"):
        GameLog(log.origin, (bad,) + log.records[1:]).replay()


def test_T6_replay_upto_stops_after_that_many_orders() -> None:
    s = _game()
    assert len(s.game_log().replay(upto=1).log) == 2
