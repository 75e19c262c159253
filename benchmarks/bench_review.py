"""Benchmark of the after-action review (issue 16): the time to build a review of a full game.

Run::

    python benchmarks/bench_review.py            # the village (4 v 4) and the duel
    python benchmarks/bench_review.py 12         # 12 games per state for the win probability

For a game played by the default player against itself: replaying the log into every state
(T-6), building the review with the computer's ranking of every fire and move order, the win
probability at every turn (greedy players, ``N`` games per state, default 6), and the static
HTML report (plots and boards). Printed; nothing asserts them.
"""

from __future__ import annotations

import sys
import time

from _timing import per_call

from hexrules.players import DefaultPlayer, play
from hexrules.review import Review, states_of


def main(games: int = 6) -> None:
    import matplotlib

    matplotlib.use("Agg")
    for sc in ("village", "duel"):
        g = play(sc, {"red": DefaultPlayer(seed=1), "blue": DefaultPlayer(seed=2)}, seed=3)
        log = g.state.game_log()
        Review.build(g.state)  # warm: the boards, the sight path
        t_replay = per_call(lambda log=log: states_of(log), repeat=3)
        t_plain = per_call(lambda g=g: Review.build(g.state, computer=False), repeat=3)
        t_build = per_call(lambda g=g: Review.build(g.state), repeat=3)
        r = Review.build(g.state)
        t0 = time.perf_counter()
        w = r.with_win_probability(games=games)
        t_win = time.perf_counter() - t0
        t0 = time.perf_counter()
        page = w.to_html()
        t_html = time.perf_counter() - t0
        print(f"{sc}: {len(r)} records, {len(r.decisions)} decision points "
              f"({sum(d.fire for d in r.decisions)} shots)")
        print(f"  replay into every state     {t_replay * 1000:7.0f} ms")
        print(f"  review without the computer {t_plain * 1000:7.0f} ms")
        print(f"  review with the computer    {t_build * 1000:7.0f} ms")
        print(f"  win probability, {len(w.win)} states x {games} games {t_win:6.1f} s")
        print(f"  static HTML report          {t_html:7.1f} s ({len(page) // 1024} KB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
