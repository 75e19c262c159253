"""Benchmarks for the computer players (issue 11): decision time and strength.

Run::

    python benchmarks/bench_players.py time             # decision time, one core
    python benchmarks/bench_players.py strength 200     # 200 games per pairing and side
    python benchmarks/bench_players.py strength 200 meeting duel

Decision time: the median wall time of one :meth:`DefaultPlayer.decide` over every decision
of a few games of the 4-v-4 scenario (``village``), default player against default player,
goal ≤ 0.2 s on one core (``taskset -c 0 python …``).

Strength: for each scenario, the default player against the random and the greedy player,
as red and as blue, ``N`` seeded games each (:func:`hexrules.players.balance` on a process
pool of both cores); printed as win rates with Wilson 95 % intervals. Goals: ≥ 95 % against
random and ≥ 60 % against greedy. Nothing asserts them; the README quotes a run.
"""

from __future__ import annotations

import statistics
import sys
import time

from hexrules.game import GameState
from hexrules.players import DefaultPlayer, GreedyPlayer, RandomPlayer, balance


def decision_times(scenario: str = "village", games: int = 3) -> list[float]:
    """Wall time of every default-player decision in ``games`` games."""
    out: list[float] = []
    for g in range(games):
        players = {"red": DefaultPlayer(seed=g), "blue": DefaultPlayer(seed=g + 100)}
        s = GameState.from_scenario(scenario, seed=g)
        while not s.over:
            side = s.to_act
            legal = s.legal_orders()
            view = s.view(side)
            t0 = time.perf_counter()
            d = players[side.value].decide(view, legal)
            out.append(time.perf_counter() - t0)
            s, _ = s.apply(d.order)
    return out


def time_main() -> None:
    decision_times("village", 1)  # warm: compile the sight path, build the boards
    ts = decision_times("village", 3)
    ts.sort()
    print(f"village (4 v 4), default v default: {len(ts)} decisions; median "
          f"{statistics.median(ts) * 1000:.1f} ms, 90th percentile "
          f"{ts[int(0.9 * len(ts))] * 1000:.1f} ms, max {ts[-1] * 1000:.1f} ms")


def strength_main(games: int, scenarios: list[str]) -> None:
    for sc in scenarios:
        for opp in (RandomPlayer(), GreedyPlayer()):
            for side in ("red", "blue"):
                other = "blue" if side == "red" else "red"
                t0 = time.perf_counter()
                rep = balance(sc, {side: DefaultPlayer(), other: opp}, games=games, seed=2026)
                p, lo, hi = rep.win_rate(side)
                q, qlo, qhi = rep.win_rate(other)
                print(f"{sc:8} default as {side:4} v {opp.name:6}: wins {p:6.1%} "
                      f"(95% CI {lo:.1%}–{hi:.1%}), loses {q:.1%} ({qlo:.1%}–{qhi:.1%}), "
                      f"draws {rep.draws}/{rep.games}  [{time.perf_counter() - t0:.0f} s]",
                      flush=True)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "time"
    if what == "time":
        time_main()
    else:
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
        strength_main(n, sys.argv[3:] or ["duel", "meeting", "village"])
