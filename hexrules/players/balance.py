"""Scenario balance at scale: :func:`balance` plays many seeded games and reports them.

Game ``i`` of a run with seed ``s`` uses dice seeded ``derive_seed(s, i, "dice")`` and, for
each side, a fresh player (``player.fresh(seed)``, or a deep copy) seeded
``derive_seed(s, i, side)``: it depends on nothing else, so a game gives the same result on
whichever worker runs it, and a run gives the same report on one process, a process pool or
a Dask cluster. A run may also start from a given state (``start=``, e.g. a saved moment of
a game, for the after-action review's win probability, :mod:`hexrules.review`): every game
then goes on from that state with its own dice, seeded as above (``dice`` replaced, the log
kept), so the report estimates each side's chances from there. The games run on any
:class:`concurrent.futures.Executor` — by default a
:class:`~concurrent.futures.ProcessPoolExecutor` on this machine; a Dask
``distributed.Client`` is accepted as it is (its ``get_executor()`` is used) — or in this
process with ``executor="serial"``.

A :class:`BalanceReport` gives the win rate of each side and the draws with Wilson 95 %
confidence intervals (:func:`wilson`), the score distribution, the game length (orders) and
the most frequent causes of the losing side's defeat (the objectives the winner scored, the
units lost and to what), and renders itself (``str``, ``_repr_html_``, :meth:`~BalanceReport.
plot`).

Examples
--------
>>> from hexrules.players import RandomPlayer
>>> rep = balance("duel", {"red": RandomPlayer(), "blue": RandomPlayer()}, games=4, seed=1,
...               executor="serial")
>>> rep.games, sum(rep.wins.values()) + rep.draws
(4, 4)
>>> rep == balance("duel", {"red": RandomPlayer(), "blue": RandomPlayer()}, games=4, seed=1,
...                executor="serial")
True
"""

from __future__ import annotations

import copy
import dataclasses
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from hexrules.errors import RulesError, RulesTypeError
from hexrules.game.orders import (
    CoveringFire,
    DeclareFire,
    MovingFire,
    OpportunityFire,
    ShortHaltFire,
)
from hexrules.game.state import GameState
from hexrules.glossary import term
from hexrules.language import localize, localize_figure, localized, pick
from hexrules.players.base import Player, PlayerError, derive_seed
from hexrules.records import register
from hexrules.units import Side

__all__ = ["BalanceReport", "GameSummary", "balance", "game_of", "play_one", "start_state",
           "wilson"]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The share ``k / n`` and its Wilson score interval (95 % for ``z=1.96``).

    >>> [round(x, 3) for x in wilson(95, 100)]
    [0.95, 0.888, 0.978]
    """
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class GameSummary:
    """One game of a balance run: seeds, result, points, length, what was lost and why."""

    index: int
    seed: int
    winner: Side | None
    red: int
    blue: int
    orders: int
    scored: tuple[tuple[str, str, int], ...] = ()   # (side, objective title, points)
    lost: tuple[tuple[str, str, str], ...] = ()     # (side, unit id, cause)
    seconds: float = field(default=0.0, compare=False)


register(GameSummary)

#: The glossary term naming each kind of fire a unit may be lost to.
_CAUSE = {OpportunityFire: "opportunity_fire", CoveringFire: "covering_fire",
          ShortHaltFire: "short_halt_fire", MovingFire: "moving_fire"}


def _both(key: str) -> str:
    """The glossary term ``key``, bilingual (:attr:`~hexrules.glossary.Term.both`)."""
    return term(key).both


def _games(n: int) -> str:
    """``'1 game 局'``, ``'4 games 局'``."""
    return f"{n} game 局" if n == 1 else f"{n} games 局"


def _cause(key: str) -> str:
    """``'Moving fire 行进间射击 (V-8)'``."""
    t = term(key)
    return f"{t.both} ({t.rule})" if t.rule else t.both


def _losses(state: GameState) -> tuple[tuple[str, str, str], ...]:
    from hexrules.combat.record import FireRecord

    out = []
    for rec in state.log:
        for part in rec.parts:
            if isinstance(part, FireRecord) and part.target_after.destroyed:
                o = rec.order
                if isinstance(o, DeclareFire):
                    cause = _cause("close_combat" if o.fire.kind.value == "close_combat"
                                   else "direct_fire")
                else:
                    cause = _cause(next((v for k, v in _CAUSE.items() if isinstance(o, k)),
                                        "direct_fire"))
                out.append((part.target.side.value, part.target.id, cause))
            else:  # engine events, artillery records: whatever has effects
                for e in getattr(part, "effects", ()):
                    if e.after.destroyed and not e.before.destroyed:
                        out.append((e.before.side.value, e.unit_id, _part_cause(part)))
    return tuple(out)


def _part_cause(part: object) -> str:
    from hexrules.game.records import GameEvent

    if isinstance(part, GameEvent):
        return f"{part.title} ({part.rule})"
    name = type(part).__name__
    return _cause("artillery_fire") if "Artillery" in name or "Gun" in name or \
        "Marker" in name else name


def _fresh(p: Player, seed: int) -> Player:
    fresh = getattr(p, "fresh", None)
    if callable(fresh):
        return fresh(seed)
    return copy.deepcopy(p)


def start_state(scenario: Any, index: int, seed: int | str,
                start: GameState | None = None) -> GameState:
    """The first state of game ``index`` of a run: a new game of ``scenario``, or ``start``
    going on with the game's own dice (seeded ``derive_seed(seed, index, "dice")``).

    >>> s = GameState.from_scenario("duel", seed=1)
    >>> start_state("duel", 0, 7, start=s).log == s.log
    True
    """
    dice = derive_seed(seed, index, "dice")
    if start is None:
        return GameState.from_scenario(scenario, seed=dice)
    if not isinstance(start, GameState):
        raise RulesTypeError(f"start must be a GameState, got {type(start).__name__}")
    from hexrules.dice import Dice

    return dataclasses.replace(start, dice=Dice(dice).getstate(log=False))


def _play_out(state: GameState, by_side: Mapping[Side, Player], index: int) -> GameState:
    while not state.over:
        side = state.to_act
        assert side is not None
        legal = state.legal_orders()
        p = by_side[side]
        order = p.decide(state.view(side), legal).order
        try:
            state, _ = state.apply(order)
        except RulesError as exc:
            raise PlayerError(f"player {p.name} chose an illegal order {order!r} in game "
                              f"{index}: {exc}") from None
    return state


def game_of(scenario: Any, players: Mapping[Side | str, Player], index: int,
            seed: int | str = 0, start: GameState | None = None) -> GameState:
    """The final state (with its whole log) of game ``index`` of a :func:`balance` run with
    these ``players`` and ``seed``: the run's game played again, e.g. to review it
    (:mod:`hexrules.review`).

    >>> from hexrules.players import RandomPlayer
    >>> ps = {"red": RandomPlayer(), "blue": RandomPlayer()}
    >>> rep = balance("duel", ps, games=2, seed=5, executor="serial")
    >>> g = game_of("duel", ps, 1, seed=5)
    >>> g.over, len(g.log) == rep.summaries[1].orders
    (True, True)
    """
    by_side = {Side.parse(k): v for k, v in players.items()}
    fresh = {s: _fresh(p, derive_seed(seed, index, s.value)) for s, p in by_side.items()}
    return _play_out(start_state(scenario, index, seed, start), fresh, index)


def play_one(job: tuple[Any, ...]) -> GameSummary:
    """Play game ``index`` of a run (a job of :func:`balance`; runs on any worker).

    ``job`` is ``(scenario, players, index, seed)`` or ``(scenario, players, index, seed,
    start)`` with the state to go on from.
    """
    scenario, players, index, seed = job[:4]
    start = job[4] if len(job) > 4 else None
    t0 = time.perf_counter()
    dice = derive_seed(seed, index, "dice")
    by_side = {s: _fresh(p, derive_seed(seed, index, s.value)) for s, p in players.items()}
    state = _play_out(start_state(scenario, index, seed, start), by_side, index)
    sc = state.score
    scored = tuple((x.side.value, x.title, x.points) for x in sc.lines
                   if x.side is not None and x.points)
    return GameSummary(index, dice, sc.winner, sc.red, sc.blue, len(state.log), scored,
                       _losses(state), time.perf_counter() - t0)


@dataclass(frozen=True)
class BalanceReport:
    """The games of a balance run and what they say (see the module docstring)."""

    scenario: str
    players: tuple[tuple[str, str], ...]
    seed: int | str
    summaries: tuple[GameSummary, ...]

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.summaries)

    @property
    def wins(self) -> dict[str, int]:
        """Games won by each side."""
        c = Counter(g.winner.value for g in self.summaries if g.winner is not None)
        return {s.value: c.get(s.value, 0) for s in Side}

    @property
    def draws(self) -> int:
        """Games neither side won."""
        return sum(g.winner is None for g in self.summaries)

    def win_rate(self, side: Side | str | None) -> tuple[float, float, float]:
        """Share of games won by ``side`` (``None``: drawn) with its Wilson 95 % interval."""
        k = self.draws if side is None else self.wins[Side.parse(side).value]
        return wilson(k, self.games)

    def points(self, side: Side | str) -> tuple[float, float, float]:
        """Mean points of a side and its normal 95 % interval."""
        xs = [getattr(g, Side.parse(side).value) for g in self.summaries]
        return _mean_ci(xs)

    @property
    def length(self) -> tuple[float, float, float]:
        """Mean orders per game and its 95 % interval."""
        return _mean_ci([g.orders for g in self.summaries])

    def causes(self, top: int = 5) -> list[tuple[str, int]]:
        """The most frequent causes of the losing side's defeat: (cause, games).

        A cause is bilingual, as records are (``'Blue 蓝方 scored 得分: The saddle 鞍部
        4563PJ'``, ``'Red 红方 lost a unit 损失单位: Moving fire 行进间射击 (V-8)'``); the
        report shows it in the current language.
        """
        c: Counter[str] = Counter()
        for g in self.summaries:
            if g.winner is None:
                continue
            w, loser = g.winner.value, g.winner.opponent.value
            found = {f"{_both(w)} scored 得分: {title}" for side, title, _ in g.scored
                     if side == w}
            found |= {f"{_both(loser)} lost a unit 损失单位: {cause}"
                      for side, _, cause in g.lost if side == loser}
            c.update(found)
        return c.most_common(top)

    def score_counts(self) -> dict[int, int]:
        """How many games ended with each score difference (red − blue)."""
        return dict(sorted(Counter(g.red - g.blue for g in self.summaries).items()))

    def _lines(self) -> list[str]:
        """The report, bilingual (the English edition's text): heading, then one line each."""
        who = ", ".join(f"{_both(s)} {pick(n, localize(n, lang='zh'))}"
                        for s, n in self.players)
        lines = [f"{self.scenario}: {_games(self.games)} ({who}; seed 种子 {self.seed})"]
        for s in (*Side, None):
            p, lo, hi = self.win_rate(s)
            name = _both("draw") if s is None else f"{_both(s.value)} wins 胜"
            lines.append(f"{name} {p:.1%} (95% CI 置信区间 {lo:.1%}–{hi:.1%})")
        for s in Side:
            m, lo, hi = self.points(s)
            lines.append(f"{_both(s.value)} points 得分 {m:.2f} (95% CI 置信区间 "
                         f"{lo:.2f}–{hi:.2f})")
        m, lo, hi = self.length
        lines.append(f"Orders per game 每局命令数 {m:.0f} (95% CI 置信区间 {lo:.0f}–{hi:.0f})")
        for cause, n in self.causes():
            lines.append(f"Loss cause 失利原因: {cause}: {_games(n)}")
        return lines

    @localized
    def __str__(self) -> str:
        head, *rest = self._lines()
        return "\n".join([head, *(f"  {line}" for line in rest)])

    @localized
    def _repr_html_(self) -> str:
        import html

        head, *rest = self._lines()
        rows = "".join(f"<tr><td>{html.escape(line)}</td></tr>" for line in rest)
        return (f"<div class='hexrules-balance'><p><b>{html.escape(head)}</b></p>"
                f"<table>{rows}</table></div>")

    def plot(self, ax: Sequence[Any] | None = None) -> Any:
        """Win rates with their intervals, and the score differences (matplotlib), labelled
        in the current language (:mod:`hexrules.language`)."""
        import matplotlib.pyplot as plt

        from hexrules.render.plots import use_cjk_fonts

        use_cjk_fonts()
        if ax is None:
            fig, ax = plt.subplots(1, 2, figsize=(9, 3.2))
        else:
            fig = ax[0].figure
        names, ps, errs = [], [], [[], []]
        for s in (*Side, None):
            p, lo, hi = self.win_rate(s)
            names.append(localize(_both("draw") if s is None else f"{_both(s.value)} wins 胜"))
            ps.append(p)
            errs[0].append(p - lo)
            errs[1].append(hi - p)
        ax[0].bar(names, ps, yerr=errs, color=["#c0392b", "#2e6fb7", "#999999"], capsize=4)
        ax[0].set_ylim(0, 1)
        ax[0].set_title(f"{_games(self.games)}, 95% CI 置信区间")
        counts = self.score_counts()
        ax[1].bar(list(counts), list(counts.values()), color="#555555")
        ax[1].set_xlabel(f"{_both('points')}: {_both('red')} − {_both('blue')}")
        ax[1].set_title("Score difference 分差")
        localize_figure(fig)
        fig.tight_layout()
        return fig


#: From how many games :func:`balance` shows its progress by default.
PROGRESS_FROM = 20


def _say(done: int, total: int) -> None:
    print(f"\rbalance 平衡测试: {done}/{total} games 局", end="\n" if done == total else "",
          file=sys.stdout, flush=True)


def _collect(results: Iterable[GameSummary], total: int,
             say: Callable[[int, int], Any] | None) -> list[GameSummary]:
    """The games' summaries as they come, telling ``say`` (done, total) after each."""
    out = []
    for r in results:
        out.append(r)
        if say is not None:
            say(len(out), total)
    return out


def _title(scenario: Any) -> str:
    """A report's name for a loaded scenario: its file, or its title if it has none."""
    src = str(getattr(scenario, "source", ""))
    if src.endswith(".json"):
        return src
    name = getattr(scenario, "name", None)
    return str(getattr(name, "en", "") or src or "scenario")


def _mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    n = len(xs)
    if not n:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def balance(scenario: Any, players: Mapping[Side | str, Player], games: int = 100,
            seed: int | str = 0, executor: Executor | Any | None = None,
            chunksize: int = 1, start: GameState | None = None,
            progress: bool | Callable[[int, int], Any] | None = None) -> BalanceReport:
    """Play ``games`` seeded games of ``scenario`` and report them (see the module docstring).

    Parameters
    ----------
    scenario : str or Scenario
    players : mapping Side → Player
        The player of each side; each game gets a fresh, reseeded copy.
    games : int
    seed : int or str
        The run's seed: game ``i`` depends only on it and on ``i``.
    start : GameState, optional
        Go on from this state instead of starting new games (its scenario's name is
        reported; ``scenario`` may be ``None``).
    executor : concurrent.futures.Executor, distributed.Client, "serial" or None
        Where the games run (``None``: a process pool on this machine).
    progress : bool or callable, optional
        ``True`` prints how many games are done on one line as they finish; a callable is
        called with (games done, games) instead; ``None`` (default) prints for a run of
        :data:`PROGRESS_FROM` games or more, ``False`` never.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"balance plays a whole number of games >= 1, got {games!r}")
    by_side = {Side.parse(k): v for k, v in players.items()}
    if set(by_side) != set(Side):
        raise RulesTypeError("balance needs a player for each side (red and blue)")
    if start is not None and not isinstance(start, GameState):
        raise RulesTypeError(f"start must be a GameState, got {type(start).__name__}")
    if start is None and scenario is None:
        raise RulesTypeError("balance needs a scenario (a name like 'duel' or a Scenario) or "
                             "a start state")
    if start is not None and start.origin.scenario_file() is None:
        raise RulesError("balance scores each game by its scenario, and the start state has "
                         "none (a game made by GameState.new without scenario=): start from "
                         "a scenario's game, e.g. GameState.from_scenario('duel')")
    if start is not None and scenario is None:
        scenario = start.scenario
    jobs: list[tuple[Any, ...]] = [(scenario, by_side, i, seed) if start is None else
                                   (scenario, by_side, i, seed, start) for i in range(games)]
    say = _say if progress is True or (progress is None and games >= PROGRESS_FROM) \
        else (progress or None)
    if say is not None and not callable(say):
        raise RulesTypeError(f"progress must be True, False, None or a callable, got "
                             f"{progress!r}")
    if executor == "serial":
        results = _collect(map(play_one, jobs), games, say)
    elif executor is None:
        with ProcessPoolExecutor() as pool:
            results = _collect(pool.map(play_one, jobs, chunksize=chunksize), games, say)
    else:
        ex = executor.get_executor() if hasattr(executor, "get_executor") else executor
        if not hasattr(ex, "submit"):
            raise RulesTypeError(f"executor must be a concurrent.futures.Executor, a Dask "
                                 f"Client, 'serial' or None; got {executor!r}")
        futures = [ex.submit(play_one, j) for j in jobs]
        results = _collect((f.result() for f in futures), games, say)
    name = scenario if isinstance(scenario, str) else _title(scenario)
    order = tuple((s.value, getattr(by_side[s], "name", repr(by_side[s]))) for s in Side)
    return BalanceReport(name, order, seed, tuple(sorted(results, key=lambda g: g.index)))
