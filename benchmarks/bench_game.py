"""Benchmarks for the game engine (the game engine issue): whole games, legal orders, saving.

Run::

    python benchmarks/bench_game.py            # taskset -c 0 python … for one core

Goals on the 2-core development machine, one core: random legal games of the 4-v-4 scenario
(``village``, 10 turns) ≥ 50 a second, with the event cards and their artillery on (the
scenario's default; the rate without them is printed too); ``legal_orders()`` on a mid-game
state ≤ 100 µs median. Also printed: one order's ``apply``, ``clone``, and saving / loading
a mid-game state (JSON, with its log). The first games compile the fast sight path and build
the step graphs; they are played before timing.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from _timing import per_call

from hexrules.game import GameState, Options, Phase, Scenario, play_random


def _mid_game_states(sc: Scenario, games: int) -> list[GameState]:
    """The states of turns 3–6 of a few random games (the middle of a 10-turn game)."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        s = GameState.from_scenario(sc, seed=seed)
        while not s.over:
            if 3 <= s.turn <= 6:
                out.append(s)
            s, _ = s.apply(s.legal_orders().choice(rng))
    return out


def main() -> None:
    sc = Scenario.load("village")
    for seed in range(3):  # warm up: numba, step graphs, caches
        play_random(GameState.from_scenario(sc, seed=seed), seed=seed)

    no_cards = Options(fog_of_war=sc.fog_of_war, cards=False)
    for what, options in (("with the event cards", None), ("without the cards", no_cards)):
        n, orders = 0, 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 5 or n < 100:
            end = play_random(GameState.from_scenario(sc, seed=1000 + n, options=options),
                              seed=n)
            orders += len(end.log)
            n += 1
        rate = n / (time.perf_counter() - t0)
        print(f"random legal games of '{sc.name.en}' (4 v 4, {sc.turns} turns, {what}): "
              f"{rate:.0f} games/s over {n} games, {orders / n:.0f} orders a game (goal ≥ 50) "
              f"{'OK' if rate >= 50 else 'SLOW'}")

    states = _mid_game_states(sc, 40)
    fire = [s for s in states if s.phase is Phase.DIRECT_FIRE]  # the most choices
    for what, pool in (("mid-game states (turns 3-6)", states),
                       ("of them in the direct-fire phase", fire)):
        sample = pool[:: max(1, len(pool) // 300)]
        lazy = [per_call(lambda s=s: len(s.legal_orders()), 50, 3) for s in sample]
        full = [per_call(lambda s=s: list(s.legal_orders()), 20, 3) for s in sample]
        sizes = [len(s.legal_orders()) for s in sample]
        med = statistics.median(lazy)
        p90 = sorted(lazy)[int(0.9 * len(lazy))]
        print(f"legal_orders() on {len(sample)} {what}: median {med * 1e6:.0f} µs, 90th "
              f"percentile {p90 * 1e6:.0f} µs (goal ≤ 100 µs) {'OK' if med <= 1e-4 else 'SLOW'}; "
              f"every order built: median {statistics.median(full) * 1e6:.0f} µs for a median "
              f"of {statistics.median(sizes):.0f} orders (up to {max(sizes)})")
    sample = states[:: max(1, len(states) // 300)]

    applies = []
    for s in sample[:100]:
        o = s.legal_orders()[0]
        applies.append(per_call(lambda s=s, o=o: s.apply(o), 20, 3))
    print(f"apply(order), one order (the first legal one) on {len(applies)} states: median "
          f"{statistics.median(applies) * 1e6:.0f} µs")

    s = sample[len(sample) // 2]
    t = per_call(s.clone, 2000)
    print(f"clone(): {t * 1e6:.1f} µs")
    text = json.dumps(s.to_dict())
    save = per_call(lambda: json.dumps(s.to_dict()), 10)
    load = per_call(lambda: GameState.from_dict(json.loads(text)), 10)
    print(f"save / load a mid-game state (turn {s.turn}, {len(s.log)} records, "
          f"{len(text) / 1e3:.0f} kB of JSON): save {save * 1e3:.1f} ms, load {load * 1e3:.1f} ms")
    log = s.game_log()
    replay = per_call(log.replay, 5)
    print(f"replay of that game's log ({len(log.records) - 1} orders): {replay * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
