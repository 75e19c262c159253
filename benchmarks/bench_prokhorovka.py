"""Benchmarks for the Prokhorovka 1943 variant (Appendix B): the full 200 × 200 scenario.

Run::

    python benchmarks/bench_prokhorovka.py      # taskset -c 0 python … for one core

Printed: random legal turns a second on the full scenario (176 units, 15 turns; every
order drawn by :func:`hexrules.variants.prokhorovka.game.random_order`), random legal
orders a second, whole lesson-cut games a second, one side's view (fog of war) on a
mid-game full-scenario state, and the full legal-order list of a fire phase. Nothing is
asserted: the figures go into the README.
"""

from __future__ import annotations

import random
import statistics
import time

from _timing import per_call

from hexrules.variants.prokhorovka import ProkGame, legal_orders, load_scenario, result, view
from hexrules.variants.prokhorovka.game import random_order
from hexrules.variants.prokhorovka.players import GreedyPlayer, RandomPlayer


def main() -> None:
    full = load_scenario("full")
    full.board()                         # build the map once
    turns, orders, seconds = 0, 0, 0.0
    for seed in range(3):
        g = ProkGame.new(full, seed=seed)
        rng = random.Random(seed)
        t0 = time.perf_counter()
        while not g.state.over:
            g.apply(random_order(g.state, rng))
            orders += 1
        seconds += time.perf_counter() - t0
        turns += g.state.turn
    print(f"full scenario (200 × 200, {len(full.units)} units): {turns / seconds:.2f} random "
          f"legal turns/s, {orders / seconds:.0f} orders/s "
          f"({turns} turns, {orders} orders in {seconds:.1f} s)")

    g = ProkGame.new(full, seed=7)
    rng = random.Random(7)
    while g.state.turn < 8 or g.state.phase != "fire":
        g.apply(random_order(g.state, rng))
    s = g.state
    on = sum(u.on_map for u in s.units)
    cache = s.board._clear_cache

    def cold(side: str) -> object:
        cache.clear()                    # no sight line known yet
        return view(s, side)

    for side in ("german", "soviet"):
        t_cold = per_call(lambda side=side: cold(side), number=5)
        t_warm = per_call(lambda side=side: view(s, side), number=5)
        v = view(s, side)
        print(f"view of the {side} side, turn {s.turn} ({on} units on the map, "
              f"{len(v.seen)} enemies seen): {t_cold * 1e3:.1f} ms cold, "
              f"{t_warm * 1e3:.2f} ms with the sight lines cached")
    t = per_call(lambda: legal_orders(s), number=1, repeat=3)
    print(f"legal_orders() of a full-scenario fire phase ({len(legal_orders(s))} orders): "
          f"{t * 1e3:.0f} ms")

    cut = load_scenario("cut")
    times = []
    for seed in range(30):
        g = ProkGame.new(cut, seed=seed)
        t0 = time.perf_counter()
        g.play_random(seed=seed)
        times.append(time.perf_counter() - t0)
    print(f"lesson cut (60 × 60, 6 turns): {1 / statistics.mean(times):.0f} random games/s")

    wins = {"greedy": 0, "random": 0, "draw": 0}
    decisions, spent = 0, 0.0
    for seed in range(10):
        g = ProkGame.new(cut, seed=seed)
        gs, rs = ("german", "soviet") if seed % 2 == 0 else ("soviet", "german")
        players = {gs: GreedyPlayer(seed=seed), rs: RandomPlayer(seed=seed)}
        while not g.state.over:
            side = g.state.to_act
            orders = g.legal_orders()
            t0 = time.perf_counter()
            order = players[side].decide(g.view(side), orders).order
            if side == gs:
                spent += time.perf_counter() - t0
                decisions += 1
            g.apply(order)
        w = result(g.state)["winner"]
        wins["greedy" if w == gs else "random" if w == rs else "draw"] += 1
    print(f"GreedyPlayer against RandomPlayer on the cut, 10 games (sides alternating): "
          f"{wins}; {spent / decisions * 1e3:.1f} ms a decision (view included)")

    from hexrules_widgets.variant_player import ProkPlayer

    p = ProkPlayer(german="human", soviet="greedy", seed=3)
    t = per_call(p.refresh, number=3)
    print(f"Prokhorovka player: a redraw of the mortar step (3601 legal orders, kernel side): "
          f"{t * 1e3:.1f} ms")
    p.press("End phase")
    t = per_call(p.refresh, number=5)
    print(f"Prokhorovka player: a redraw in movement (kernel side): {t * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
