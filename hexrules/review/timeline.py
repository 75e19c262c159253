"""A saved game played again into every state, and the events of its timeline.

:func:`load_game` opens whatever a game was saved as — a :class:`~hexrules.game.GameState`
or :class:`~hexrules.game.Game`, a :class:`~hexrules.game.GameLog`, a saved game or game log
(JSON file, text or dictionary, from the scenario player or Python) — and gives its log.
:func:`states_of` replays the log with the replay every game shares
(:func:`hexrules.replay.replay`: the logged rolls, each record compared with the log), keeping
the state after every record: ``states[k]`` is the moment after record ``k`` (``states[0]``
the start of the game).

:class:`ReviewEvent` is one thing worth jumping to: a unit destroyed (the first kill is
marked), a unit damaged, a close combat, an artillery mission, a card played, the start of a
turn, the end of the game.

Examples
--------
>>> from hexrules.players import RandomPlayer, play
>>> g = play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)}, seed=3)
>>> log = load_game(g.state.to_dict())
>>> states = states_of(log)
>>> len(states) == len(log.records), states[-1] == g.state
(True, True)
>>> [e.kind for e in events_of(log, states)][:2]
['turn', 'turn']
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexrules.dice import DiceSource
from hexrules.errors import GameFormatError, RulesTypeError
from hexrules.game.log import LOG_FORMAT, GameLog
from hexrules.game.records import GameRecord
from hexrules.game.state import FORMAT, GameState, Phase
from hexrules.map.hexmap import HexMap
from hexrules.records import register
from hexrules.replay import replay
from hexrules.units import Side

__all__ = ["EVENT_KINDS", "ReviewEvent", "events_of", "load_game", "order_text", "states_of"]

#: The kinds of timeline events, with their bilingual names.
EVENT_KINDS: dict[str, str] = {
    "first_kill": "First kill 首次击毁",
    "kill": "Kill 击毁",
    "damage": "Damage 损伤",
    "close_combat": "Close combat 近战",
    "artillery": "Artillery 炮兵",
    "card": "Card 事件卡",
    "turn": "Turn 回合",
    "end": "End of game 结束",
}


@dataclass(frozen=True)
class ReviewEvent:
    """One event of the timeline: the record ``index`` it happened in, its kind, the side it
    counts for (the shooter's for a kill), the units it names and a line of text."""

    index: int
    turn: int
    phase: Phase
    kind: str
    side: Side | None
    units: tuple[str, ...]
    text: str

    @property
    def title(self) -> str:
        """The kind's bilingual name (:data:`EVENT_KINDS`)."""
        return EVENT_KINDS.get(self.kind, self.kind)


register(ReviewEvent)


def load_game(source: Any, *, hexmap: HexMap | None = None) -> GameLog:
    """The game log of a saved game, a game log, a state, a game, a file, JSON text or a
    dictionary.

    Raises
    ------
    GameFormatError
        A file or text that is neither a saved game nor a game log (naming it).
    """
    from hexrules.game.play import Game

    if isinstance(source, GameLog):
        return source
    if isinstance(source, Game):
        return source.log
    if isinstance(source, GameState):
        return source.game_log()
    where = "game"
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip()
                                    .startswith("{")):
        where = str(source)
        try:
            source = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise GameFormatError(f"{where}: cannot read a saved game: {exc}") from None
    if isinstance(source, str):
        try:
            source = json.loads(source)
        except ValueError as exc:
            raise GameFormatError(f"{where}: not JSON: {exc}") from None
    if not isinstance(source, Mapping):
        raise RulesTypeError(f"a review opens a saved game, a game log, a GameState, a Game "
                             f"or a file of one; got {type(source).__name__}")
    fmt = source.get("format")
    if fmt == FORMAT:
        try:
            return GameState.from_dict(source, hexmap=hexmap).game_log()
        except GameFormatError as exc:
            raise GameFormatError(f"{where}: {exc}") from None
    if fmt == LOG_FORMAT:
        try:
            return GameLog.from_dict(source)
        except GameFormatError as exc:
            raise GameFormatError(f"{where}: {exc}") from None
    raise GameFormatError(f"{where}: neither a saved game ({FORMAT!r}) nor a game log "
                          f"({LOG_FORMAT!r}): format {fmt!r}")


def states_of(log: GameLog, *, hexmap: HexMap | None = None) -> tuple[GameState, ...]:
    """The state after every record of ``log`` (the start of the game first), replayed.

    Raises
    ------
    ReplayDivergedError
        At the first roll or record that differs from the log (T-6).
    """
    from hexrules.game.engine import start

    m = log.origin.map.resolve(hexmap)
    t = log.origin.tables.resolve()
    out: list[GameState] = []

    def begin(dice: Any) -> GameState:
        s = start(log.origin, m, t, dice=dice)
        out.append(s)
        return s

    def step(s: GameState, order: Any) -> tuple[GameState, GameRecord]:
        s2, rec = s.apply(order)
        out.append(s2)
        return s2, rec

    replay(begin, log.records, step, log.origin.dice,
           describe=lambda r: f"{r.order!r}, turn {r.turn}, {r.phase.label}")
    # each state gets the game's own dice as they stood then, so it has the game's future
    source = DiceSource.from_state(log.origin.dice)
    fixed = []
    for s, rec in zip(out, log.records, strict=True):
        for r in rec.rolls:
            source.d6(r.rule, r.purpose)
        fixed.append(dataclasses.replace(s, dice=source.getstate(log=False)))
    return tuple(fixed)


def _killer(rec: GameRecord, uid: str) -> Side | None:
    victim_side = None
    for p in rec.parts:
        for e in getattr(p, "effects", ()):
            if e.unit_id == uid:
                victim_side = e.before.side
    if rec.side is not None and victim_side is not rec.side:
        return rec.side
    return victim_side.opponent if victim_side is not None else None


_HEX = re.compile(r"Hex\((-?\d+), (-?\d+)\)")


def order_text(state: GameState, order: Any) -> str:
    """An order as text with its hexes by their military names (``StepTo('4563PJ')``).

    >>> s = GameState.from_scenario("duel", seed=1)
    >>> from hexrules.game import StepTo
    >>> from hexrules import Hex
    >>> order_text(s, StepTo(Hex(3, 4)))
    "StepTo('4563EF')"
    """
    from hexrules.map.hexgrid import Hex

    def name(m: re.Match[str]) -> str:
        h = Hex(int(m.group(1)), int(m.group(2)))
        return repr(state.hexmap.name_of(h)) if h in state.hexmap else m.group(0)

    return _HEX.sub(name, repr(order))


def events_of(log: GameLog, states: Sequence[GameState]) -> tuple[ReviewEvent, ...]:
    """The timeline of a replayed game (see the module docstring), in order."""
    from hexrules.artillery.record import ArtilleryRecord
    from hexrules.game.cardorders import FieldRepair, PlanFire, RapidReload
    from hexrules.game.orders import DeclareFire

    out: list[ReviewEvent] = []
    first = True
    for k, rec in enumerate(log.records):
        s = states[k]
        if k == 0 or rec.turn != log.records[k - 1].turn:
            out.append(ReviewEvent(k, rec.turn, rec.phase, "turn", None, (),
                                   f"turn {rec.turn} begins 第{rec.turn}回合"))
        if k == 0:
            continue
        before = states[k - 1]
        said = order_text(s, rec.order)
        lost = [u for u in s.losses if u.id not in {x.id for x in before.losses}]
        for u in lost:
            kind = "first_kill" if first else "kill"
            first = False
            out.append(ReviewEvent(k, rec.turn, rec.phase, kind, _killer(rec, u.id), (u.id,),
                                   f"{u.id} ({u.side.label}) destroyed by {said}"))
        was = before.unit_map
        for u in s.units:
            old = was.get(u.id)
            if old is None:
                continue
            new = sorted(m.value for m in (u.status - old.status)
                         if m.value in ("weapon_lost", "immobilised"))
            if new:
                out.append(ReviewEvent(k, rec.turn, rec.phase, "damage", _killer(rec, u.id),
                                       (u.id,), f"{u.id} {', '.join(new)} by {said}"))
        o = rec.order
        if isinstance(o, DeclareFire) and o.fire.kind.value == "close_combat":
            out.append(ReviewEvent(k, rec.turn, rec.phase, "close_combat", rec.side,
                                   (), f"close combat: {said}"))
        if any(isinstance(p, ArtilleryRecord) for p in rec.parts):
            out.append(ReviewEvent(k, rec.turn, rec.phase, "artillery", None, (),
                                   "an artillery mission lands"))
        if isinstance(o, FieldRepair | RapidReload) or bool(getattr(o, "enhance", None)) \
                or isinstance(o, PlanFire):
            out.append(ReviewEvent(k, rec.turn, rec.phase, "card", rec.side, (),
                                   f"card played: {said}"))
        if s.over and not before.over:
            sc = s.score
            who = "draw 平局" if sc is None or sc.winner is None else sc.winner.label
            out.append(ReviewEvent(k, rec.turn, rec.phase, "end", None, (),
                                   f"the game ends: {who}"))
    return tuple(out)
