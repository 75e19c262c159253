"""The game log (T-6): how a game began and every order with its record and rolls, and its
replay.

A :class:`GameLog` is the :class:`~hexrules.game.state.GameOrigin` (scenario, map and tables
by reference, starting units, turns, referee options, the starting dice and seed) plus every
:class:`~hexrules.game.records.GameRecord`, the first being the start of the game. It saves
to JSON and :meth:`GameLog.replay` plays it again with the replay every game of the project
shares (:func:`hexrules.replay.replay`):

1. the rolls of every record, in order, become :meth:`ScriptedDice.from_log
   <hexrules.dice.ScriptedDice.from_log>` dice, so a replay that asks for another roll than
   the log holds fails loudly at the first differing roll
   (:class:`~hexrules.errors.ReplayDivergedError` names it);
2. every order is applied again and its record compared with the logged one (a difference
   raises :class:`~hexrules.errors.ReplayDivergedError` naming the order);
3. the logged faces are drawn again from the game's own starting dice (the seed), which
   must give the same faces, so the replayed state holds the same dice state as the original
   and has the same future: the replay is equal to the game it came from.

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import GameState, Pass
>>> s = GameState.new(HexMap.flat(8, 4), [Unit("R1", "red", Hex(0, 1)),
...                   Unit("B1", "blue", Hex(5, 1))], turns=1, seed=3)
>>> s, _ = s.apply(Pass())
>>> log = s.game_log()
>>> len(log.records), log.replay() == s
(2, True)
>>> GameLog.from_dict(log.to_dict()) == log
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hexrules.dice import DiceSource, Roll
from hexrules.errors import GameFormatError, ReplayDivergedError, RulesError
from hexrules.game.records import GameRecord
from hexrules.game.state import GameOrigin, GameState
from hexrules.map.hexmap import HexMap
from hexrules.records import RecordFormatError, decode, encode
from hexrules.replay import replay
from hexrules.tables import TableSet

__all__ = ["LOG_FORMAT", "GameLog"]

#: The ``format`` tag of a saved game log.
LOG_FORMAT = "hexrules-game-log"
_VERSION = 1


@dataclass(frozen=True)
class GameLog:
    """How a game began and every record since (the start of the game first)."""

    origin: GameOrigin
    records: tuple[GameRecord, ...]

    @classmethod
    def of(cls, state: GameState) -> GameLog:
        """The log of a game state."""
        return cls(state.origin, state.log)

    @property
    def orders(self) -> tuple[Any, ...]:
        """Every order given, in order."""
        return tuple(r.order for r in self.records if r.order is not None)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every die rolled, in order."""
        return tuple(roll for r in self.records for roll in r.rolls)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dictionary: format, version, scenario, seed, origin, records."""
        return {"format": LOG_FORMAT, "schema_version": _VERSION,
                "scenario": self.origin.scenario, "seed": self.origin.seed,
                "origin": encode(self.origin), "records": [encode(r) for r in self.records]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameLog:
        """The log of a :meth:`to_dict` dictionary; :class:`GameFormatError` names a bad
        entry."""
        if not isinstance(data, Mapping) or data.get("format") != LOG_FORMAT:
            raise GameFormatError(f"not a game log (format {LOG_FORMAT!r})")
        if data.get("schema_version") != _VERSION:
            raise GameFormatError(f"game log schema_version {data.get('schema_version')!r} "
                                  f"is not supported (this version reads {_VERSION})")
        try:
            origin = decode(data["origin"])
            records = tuple(decode(r) for r in data["records"])
        except (KeyError, RecordFormatError, RulesError, TypeError) as exc:
            raise GameFormatError(f"game log: {exc}") from None
        if not isinstance(origin, GameOrigin):
            raise GameFormatError("game log: 'origin' is not a GameOrigin")
        for k, r in enumerate(records):
            if not isinstance(r, GameRecord):
                raise GameFormatError(f"game log: record #{k} is not a GameRecord")
        return cls(origin, records)

    def replay(self, *, hexmap: HexMap | None = None, tables: TableSet | None = None,
               upto: int | None = None) -> GameState:
        """Play the log again; the state after the last order (or after ``upto`` orders).

        Raises
        ------
        ReplayDivergedError
            At the first roll, record or face that differs from the log.
        """
        from hexrules.game.engine import start

        m = self.origin.map.resolve(hexmap)
        t = tables if tables is not None else self.origin.tables.resolve()
        records = self.records if upto is None else self.records[:upto + 1]

        def begin(dice: DiceSource) -> GameState:
            state = start(self.origin, m, t, dice=dice)
            if records and state.log[0] != records[0]:
                raise ReplayDivergedError("replay diverged at the start of the game: the "
                                          "record differs from the log (T-6)")
            return state

        state, source = replay(
            begin, records, lambda s, order: s.apply(order), self.origin.dice,
            describe=lambda r: f"{r.order!r}, turn {r.turn}, {r.phase.label}")
        final = dataclasses.replace(state, dice=source.getstate(log=False))
        final.__dict__["_live_dice"] = source
        return final


def game_log(state: GameState) -> GameLog:
    """The log of ``state`` (:meth:`GameState.game_log`)."""
    return GameLog.of(state)
