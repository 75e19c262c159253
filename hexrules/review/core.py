"""The :class:`Review` of one game: its states, timeline, decision points, summary and win
probability, and what each side may read of them (fog of war).

Examples
--------
>>> from hexrules.players import RandomPlayer, play
>>> g = play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)}, seed=3)
>>> r = Review.build(g.state)
>>> len(r) == len(g.state.log), r.state_at(len(r) - 1) == g.state
(True, True)
>>> Review.from_dict(r.to_dict()) == r
True
>>> [s.side.value for s in r.summary()]
['red', 'blue']
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from hexrules.errors import GameFormatError, RulesError
from hexrules.game.log import GameLog
from hexrules.game.records import GameRecord
from hexrules.game.state import GameState
from hexrules.game.view import View
from hexrules.language import localized
from hexrules.map.hexmap import HexMap
from hexrules.records import RecordFormatError, decode, encode, register
from hexrules.review.decisions import FIRE_ORDERS, MOVE_ORDERS, DecisionPoint, Ranker, fire_point
from hexrules.review.timeline import ReviewEvent, events_of, load_game, states_of
from hexrules.review.winprob import TurningPoint, WinEstimate, checkpoints, estimate, turning_points
from hexrules.units import Side

__all__ = ["REVIEW_FORMAT", "Review", "SideSummary"]

#: The ``format`` tag of a saved review.
REVIEW_FORMAT = "hexrules-review"
_VERSION = 1

Progress = Callable[[int, int], Any]


@dataclass(frozen=True)
class SideSummary:
    """One side's game in numbers: shots fired (fire orders), the kills they were expected
    to make against those they made (``fire_kills``), the damage expected and dealt by them,
    the luck of its rolls, every enemy unit it destroyed by any means (``kills``: fire,
    artillery, impact markers, close combat), the units it lost, its objectives and points."""

    side: Side
    shots: int
    expected_kills: float
    fire_kills: int
    expected_damage: float
    damage: float
    kills: int
    lost: tuple[str, ...]
    objectives: tuple[tuple[str, int], ...]
    points: int

    @property
    def luck(self) -> float:
        """Damage dealt minus damage expected (positive: the dice favoured this side)."""
        return self.damage - self.expected_damage

    @localized
    def __str__(self) -> str:
        obj = ", ".join(f"{t} {p}" for t, p in self.objectives) or "none"
        return (f"{self.side.label}: {self.shots} shots, kills by fire {self.fire_kills} "
                f"(expected {self.expected_kills:.2f}), all kills {self.kills}, damage "
                f"{self.damage:.2f} (expected "
                f"{self.expected_damage:.2f}, luck {self.luck:+.2f}); lost "
                f"{', '.join(self.lost) or 'nothing'}; objectives {obj}; {self.points} points")


register(SideSummary)


def _say(done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\rwin probability 胜率估计: {done}/{total} states", end=end, file=sys.stdout,
          flush=True)


@dataclass(frozen=True)
class Review:
    """The after-action review of one game (see :mod:`hexrules.review`).

    Build it with :meth:`build`; ``states`` (replayed from the log) ride along outside
    equality and the JSON form.
    """

    log: GameLog
    decisions: tuple[DecisionPoint, ...]
    events: tuple[ReviewEvent, ...]
    sight: tuple[tuple[int, int, int], ...]
    win: tuple[WinEstimate, ...] = ()
    turning: tuple[TurningPoint, ...] = ()

    # -- building ----------------------------------------------------------------------
    @classmethod
    def build(cls, source: Any, *, hexmap: HexMap | None = None, computer: bool = True,
              win: bool = False, games: int = 6, players: Mapping[str, Any] | None = None,
              every: str = "turn", progress: bool | Progress = False, seed: int | str = 0,
              executor: Any = "serial") -> Review:
        """Review a saved game, game log, state, game or file (:func:`load_game`).

        Parameters
        ----------
        computer : bool
            Rank every fire and move order with the default player (about 10–20 ms each).
        win : bool
            Estimate the win probability and the turning points now (see
            :meth:`with_win_probability`, which takes ``games``, ``players``, ``every``,
            ``progress``, ``seed`` and ``executor``).
        """
        log = load_game(source, hexmap=hexmap)
        states = states_of(log, hexmap=hexmap)
        ranker = Ranker() if computer else None
        points: list[DecisionPoint] = []
        for k, rec in enumerate(log.records[1:], 1):
            before = states[k - 1]
            o = rec.order
            if rec.side is None or before.to_act is None:
                continue
            seen = ranker.see(before) if ranker is not None else None
            if isinstance(o, FIRE_ORDERS):
                d = fire_point(k, before, rec)
            elif isinstance(o, MOVE_ORDERS):
                d = DecisionPoint(k, rec.turn, rec.phase, rec.side, o, "move")
            else:
                continue
            if seen is not None:
                chosen, better, n = ranker.rank(seen, o)  # type: ignore[union-attr]
                d = dataclasses.replace(d, chosen=chosen, better=better, legal=n)
            points.append(d)
        review = cls(log, tuple(points), events_of(log, states), _sight(states))
        review.__dict__["states"] = states
        if win:
            review = review.with_win_probability(games=games, players=players, every=every,
                                                 progress=progress, seed=seed,
                                                 executor=executor)
        return review

    def with_win_probability(self, *, games: int = 6, players: Mapping[str, Any] | None = None,
                             every: str = "turn", progress: bool | Progress = False,
                             seed: int | str = 0, executor: Any = "serial") -> Review:
        """This review with the win probability estimated at the start of every turn (or
        phase, ``every="phase"``) and the end, ``games`` games each, and the three turning
        points (:mod:`hexrules.review.winprob`). ``progress=True`` prints how far it is;
        a callable gets ``(done, total)``."""
        states = self.states
        idx = checkpoints(states, every)
        say = _say if progress is True else (progress or None)
        out = []
        for n, k in enumerate(idx, 1):
            out.append(estimate(states[k], k, games=games, players=players, seed=seed,
                                executor=executor))
            if say:
                say(n, len(idx))
        turning = turning_points(out, self._describe)
        new = dataclasses.replace(self, win=tuple(out), turning=turning)
        new.__dict__["states"] = states
        return new

    def _describe(self, start: int, end: int) -> tuple[str, ...]:
        return tuple(e.text for e in self.events
                     if start < e.index <= end and e.kind not in ("turn",))

    # -- reading -------------------------------------------------------------------------
    @cached_property
    def states(self) -> tuple[GameState, ...]:
        """The state after every record (replayed from the log once)."""
        return states_of(self.log)

    def __len__(self) -> int:
        return len(self.log.records)

    def state_at(self, k: int) -> GameState:
        """The state after record ``k`` (0: the start of the game)."""
        return self.states[self._index(k)]

    def record(self, k: int) -> GameRecord:
        """Record ``k`` of the log."""
        return self.log.records[self._index(k)]

    def _index(self, k: int) -> int:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(self):
            raise RulesError(f"a review has records 0…{len(self) - 1}, got {k!r}")
        return k

    def view_at(self, k: int, side: Side | str) -> View:
        """What ``side`` knew after record ``k`` (fog of war)."""
        return self.state_at(k).view(side)

    def hidden_at(self, k: int, side: Side | str) -> set[str]:
        """The unit ids and hexes hidden from ``side`` after record ``k``."""
        from hexrules.game.logview import hidden_from

        s = self.state_at(k)
        if not s.options.fog_of_war:
            return set()
        ids, hexes = hidden_from(s, side)
        return ids | hexes

    def _public(self, k: int, side: Side | str, text: str) -> bool:
        from hexrules.game.logview import names

        words = self.hidden_at(k, side)
        return not (words and names(text, words))

    def record_for(self, k: int, side: Side | str | None) -> GameRecord | None:
        """Record ``k`` as ``side`` may read it (``None`` side: the full record; ``None``
        result: the side may not read it at all, :func:`hexrules.game.logview.public_record`)."""
        from hexrules.game.logview import public_record

        if side is None:
            return self.record(k)
        return public_record(self.state_at(k), self.record(k), side)

    def decision_at(self, k: int) -> DecisionPoint | None:
        """The decision point of record ``k``, if it has one."""
        return next((d for d in self.decisions if d.index == k), None)

    def decision_for(self, k: int, side: Side | str | None) -> DecisionPoint | None:
        """The decision point of record ``k`` as ``side`` may read it: its own always; the
        enemy's only if its record is public and it names nothing hidden from ``side``."""
        d = self.decision_at(k)
        if d is None or side is None or d.side is Side.parse(side):
            return d
        if self.record_for(k, side) is None:
            return None
        return d if self._public(k, side, f"{d}\n{d._repr_html_()}") else None

    def events_for(self, side: Side | str | None) -> tuple[ReviewEvent, ...]:
        """The timeline as ``side`` may read it (events naming hidden units left out)."""
        if side is None:
            return self.events
        from hexrules.game.cardorders import PlanFire

        out = []
        for e in self.events:
            rec = self.record(e.index)
            if isinstance(rec.order, PlanFire) and rec.side is not Side.parse(side):
                continue
            if self._public(e.index, side, e.text):
                out.append(e)
        return tuple(out)

    def find(self, kind: str, after: int = -1, side: Side | str | None = None) -> int | None:
        """The record index of the first event of ``kind`` after record ``after`` (e.g.
        ``"first_kill"``, ``"kill"``, ``"turn"``), as ``side`` may read the timeline."""
        return next((e.index for e in self.events_for(side)
                     if e.kind == kind and e.index > after), None)

    def turn_start(self, turn: int) -> int:
        """The index of the first record of ``turn``."""
        for k, r in enumerate(self.log.records):
            if r.turn >= turn:
                return k
        raise RulesError(f"the game has turns 1…{self.log.records[-1].turn}, got {turn!r}")

    # -- numbers -----------------------------------------------------------------------------
    def summary(self) -> tuple[SideSummary, ...]:
        """Each side's :class:`SideSummary`."""
        final = self.states[-1]
        score = final.score
        out = []
        for side in Side:
            shots = [d for d in self.decisions if d.fire and d.side is side]
            lost = tuple(u.id for u in final.losses if u.side is side)
            objectives = tuple((x.title, x.points) for x in (score.lines if score else ())
                               if x.side is side)
            out.append(SideSummary(
                side, len(shots), sum(float(d.p_destroyed) for d in shots),
                sum(d.killed for d in shots), sum(d.expected for d in shots),
                sum(d.actual for d in shots),
                sum(1 for e in self.events if e.kind in ("kill", "first_kill") and e.side is side),
                lost, objectives,
                score.points(side) if score else 0))
        return tuple(out)

    def per_turn(self) -> dict[str, dict[int, tuple[float, float]]]:
        """Expected and actual damage dealt per turn, by side: ``{side: {turn: (expected,
        actual)}}``."""
        turns = range(1, self.log.records[-1].turn + 1)
        out: dict[str, dict[int, tuple[float, float]]] = {}
        for side in Side:
            row = {}
            for t in turns:
                ds = [d for d in self.decisions if d.fire and d.side is side and d.turn == t]
                row[t] = (sum(d.expected for d in ds), sum(d.actual for d in ds))
            out[side.value] = row
        return out

    # -- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dictionary (the log and every analysis)."""
        return {"format": REVIEW_FORMAT, "schema_version": _VERSION, "log": self.log.to_dict(),
                "decisions": [encode(d) for d in self.decisions],
                "events": [encode(e) for e in self.events],
                "sight": [list(x) for x in self.sight],
                "win": [encode(w) for w in self.win],
                "turning": [encode(t) for t in self.turning]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Review:
        """The review of a :meth:`to_dict` dictionary; :class:`GameFormatError` names a bad
        entry."""
        if not isinstance(data, Mapping) or data.get("format") != REVIEW_FORMAT:
            raise GameFormatError(f"not a saved review (format {REVIEW_FORMAT!r})")
        if data.get("schema_version") != _VERSION:
            raise GameFormatError(f"review schema_version {data.get('schema_version')!r} is "
                                  f"not supported (this version reads {_VERSION})")
        try:
            log = GameLog.from_dict(data["log"])
            parts = {k: tuple(decode(x) for x in data[k])
                     for k in ("decisions", "events", "win", "turning")}
            sight = tuple((int(a), int(b), int(c)) for a, b, c in data["sight"])
        except (KeyError, TypeError, ValueError, RecordFormatError) as exc:
            raise GameFormatError(f"saved review: {exc}") from None
        return cls(log, parts["decisions"], parts["events"], sight, parts["win"],
                   parts["turning"])

    def save(self, path: str | Path) -> None:
        """Write the review as JSON (:meth:`to_dict`)."""
        Path(path).write_text(json.dumps(self.to_dict(), ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Review:
        """A review read from :meth:`save`'s file."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GameFormatError(f"{path}: cannot read a saved review: {exc}") from None
        return cls.from_dict(data)

    # -- drawing -----------------------------------------------------------------------------
    def plot_kills(self, ax: Any = None) -> Any:
        """The kill timeline (matplotlib; :mod:`hexrules.review.plots`)."""
        from hexrules.review.plots import plot_kills

        return plot_kills(self, ax)

    def plot_damage(self, ax: Any = None) -> Any:
        """Expected against actual damage per turn."""
        from hexrules.review.plots import plot_damage

        return plot_damage(self, ax)

    def plot_sight(self, ax: Any = None) -> Any:
        """How many enemy units each side saw over time."""
        from hexrules.review.plots import plot_sight

        return plot_sight(self, ax)

    def plot_win(self, ax: Any = None) -> Any:
        """The estimated win probability with the turning points."""
        from hexrules.review.plots import plot_win

        return plot_win(self, ax)

    def to_html(self, path: str | Path | None = None) -> str:
        """The static HTML report (self-contained; written to ``path`` if given)."""
        from hexrules.review.report import review_html

        text = review_html(self, standalone=True)
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text

    @localized
    def _repr_html_(self) -> str:
        from hexrules.review.report import review_html

        return review_html(self, standalone=False)

    def __repr__(self) -> str:
        sc = self.log.origin.scenario or "game"
        return (f"<Review {sc}: {len(self)} records, {len(self.decisions)} decision points, "
                f"{len(self.events)} events, {len(self.win)} win estimates>")





def _sight(states: tuple[GameState, ...]) -> tuple[tuple[int, int, int], ...]:
    """Per record: (index, enemy units red sees, enemy units blue sees)."""
    from hexrules.game.checks import seen_enemies

    out = []
    for k, s in enumerate(states):
        out.append((k, len(seen_enemies(s.hexmap, s.units, Side.RED)),
                    len(seen_enemies(s.hexmap, s.units, Side.BLUE))))
    return tuple(out)
