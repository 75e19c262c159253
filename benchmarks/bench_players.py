"""Benchmarks for the computer players (issue 11): decision time and strength.

Run::

    python benchmarks/bench_players.py time             # decision time, one core
    python benchmarks/bench_players.py strength 200     # 200 games per pairing and side
    python benchmarks/bench_players.py strength 200 meeting duel
    python benchmarks/bench_players.py exposure 200 duel blue   # the random side's shots

Decision time: the median wall time of one :meth:`DefaultPlayer.decide` over every decision
of a few games of the 4-v-4 scenario (``village``), default player against default player,
goal ≤ 0.2 s on one core (``taskset -c 0 python …``).

Strength: for each scenario, the default player against the random and the greedy player,
as red and as blue, ``N`` seeded games each (:func:`hexrules.players.balance` on a process
pool of both cores); printed as win rates with Wilson 95 % intervals. Goals: ≥ 95 % against
random and ≥ 60 % against greedy. Nothing asserts them; the README quotes a run.

Exposure: the strength run's games of the default player (as ``side``) against the random
player, and every opportunity-fire chance (V-6) the random player was given: in which turn,
at which hex, and the exact chance that the shot destroys the mover
(:func:`hexrules.game.odds.order_odds`). The random player takes each of its legal orders
with the same chance, so the expected number of kills by opportunity fire is the sum of
P(destroyed) / (number of legal orders); it is printed beside the kills that happened.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from hexrules.game import GameState, OpportunityFire
from hexrules.game.odds import order_odds
from hexrules.players import DefaultPlayer, GreedyPlayer, RandomPlayer, balance
from hexrules.players.balance import start_state
from hexrules.players.base import derive_seed


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
                rep = balance(sc, {side: DefaultPlayer(), other: opp}, games=games, seed=2026,
                              progress=False)
                p, lo, hi = rep.win_rate(side)
                q, qlo, qhi = rep.win_rate(other)
                print(f"{sc:8} default as {side:4} v {opp.name:6}: wins {p:6.1%} "
                      f"(95% CI {lo:.1%}–{hi:.1%}), loses {q:.1%} ({qlo:.1%}–{qhi:.1%}), "
                      f"draws {rep.draws}/{rep.games}  [{time.perf_counter() - t0:.0f} s]",
                      flush=True)


def exposure_game(job: tuple[str, str, int, int]) -> tuple[str, list[tuple[int, str, float, int]]]:
    """Game ``index`` of a strength run (default as ``side`` v random) and the random side's
    opportunity-fire chances: (turn, hex, P(destroyed), number of its legal orders)."""
    sc, side, index, seed = job
    other = "red" if side == "blue" else "blue"
    players = {side: DefaultPlayer().fresh(derive_seed(seed, index, side)),
               other: RandomPlayer().fresh(derive_seed(seed, index, other))}
    s = start_state(sc, index, seed)
    chances = []
    while not s.over:
        who = s.to_act.value
        legal = s.legal_orders()
        if who == other and s.move is not None:
            for o in legal:
                if isinstance(o, OpportunityFire):
                    chances.append((s.turn, s.hexmap.name_of(s.move.hex),
                                    float(order_odds(s, o).p_destroyed), len(legal)))
        s, _ = s.apply(players[who].decide(s.view(who), legal).order)
    w = s.score.winner
    return ("draw" if w is None else w.value), chances


def exposure_main(games: int, sc: str, side: str) -> None:
    with ProcessPoolExecutor() as pool:
        res = list(pool.map(exposure_game, [(sc, side, i, 2026) for i in range(games)],
                            chunksize=4))
    other = "red" if side == "blue" else "blue"
    chances = [c for _, cs in res for c in cs]
    expected = sum(p / n for _, _, p, n in chances)
    where = Counter((t, h) for t, h, _, _ in chances)
    mean = sum(p for _, _, p, _ in chances) / max(1, len(chances))
    print(f"{sc}: default as {side} v random, {games} games: wins "
          f"{sum(w == side for w, _ in res)}, losses {sum(w == other for w, _ in res)}, "
          f"draws {sum(w == 'draw' for w, _ in res)}")
    print(f"  the random {other} side's opportunity-fire chances: {len(chances)}, mean "
          f"P(destroyed) {mean:.3f}; expected kills at its uniform choice {expected:.2f}")
    print("  where (turn, hex): " + ", ".join(f"{t} {h}: {n}" for (t, h), n in
                                              where.most_common(6)))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "time"
    if what == "time":
        time_main()
    elif what == "exposure":
        exposure_main(int(sys.argv[2]) if len(sys.argv) > 2 else 200,
                      sys.argv[3] if len(sys.argv) > 3 else "duel",
                      sys.argv[4] if len(sys.argv) > 4 else "blue")
    else:
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
        strength_main(n, sys.argv[3:] or ["duel", "meeting", "village"])
