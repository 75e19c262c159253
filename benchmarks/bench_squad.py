"""Benchmarks for the squad variant (Appendix A): whole games, one detection check, an
attack and its exact odds, saving and replaying; the computer players (decision time, the
objective player against the random one); the squad player widget (kernel time of a redraw).

Run::

    python benchmarks/bench_squad.py            # taskset -c 0 python … for one core

The first game compiles the fast sight path (numba); it is played before timing. Nothing
here is asserted: the figures are printed.
"""

from __future__ import annotations

import json
import random

from _timing import per_call

from hexrules.dice import ScriptedDice
from hexrules.map import Hex, HexMap
from hexrules.variants.squad import (
    SquadGround,
    SquadState,
    Team,
    attack_odds,
    play_random,
    resolve_attack,
)
from hexrules.variants.squad.movement import Referee


def main() -> None:
    play_random(SquadState.new("lesson", seed=0), random.Random(0))  # warm-up: compile
    seeds = iter(range(1, 10_000))

    def game() -> SquadState:
        k = next(seeds)
        return play_random(SquadState.new("lesson", seed=k), random.Random(k))

    t = per_call(game, number=3, repeat=3)
    print(f"random legal game of the lesson scenario (8 turns): {t * 1e3:.0f} ms "
          f"({1 / t:.1f} games/s)")

    s = game()
    start = SquadState.new("lesson", seed=3, deployed=True)
    ref = Referee(start.ground, {x.id: x for x in start.teams}, 1, ScriptedDice([]), set(),
                  set(), {t.side: 0 for t in start.teams})
    t = per_call(lambda: ref.check(None), number=20)
    print(f"one detection check, all pairs of 10 teams: {t * 1e3:.2f} ms")

    g = SquadGround(HexMap.flat(30, 12), cover=frozenset({Hex.from_offset(12, 5)}))
    x = Team("X", "blue", "three_man", Hex.from_offset(2, 5), facing=2, posture="concealed")
    y = Team("Y", "blue", "three_man", Hex.from_offset(6, 4), facing=3, defence=2)
    tg = Team("T", "red", "three_man", Hex.from_offset(12, 5), defence=2)
    t = per_call(lambda: resolve_attack(g, (x, y), tg, ScriptedDice([5, 2]), opens_fire=True,
                                        turn=1), number=200)
    print(f"one attack (Q-26, two attackers): {t * 1e6:.0f} µs")
    t = per_call(lambda: attack_odds(g, (x, y), tg, opens_fire=True), number=50)
    print(f"its exact odds (36 dice sequences): {t * 1e6:.0f} µs")

    t = per_call(lambda: json.dumps(s.to_dict(), ensure_ascii=False), number=3)
    print(f"saving a finished game with its log (JSON): {t * 1e3:.0f} ms, "
          f"{len(json.dumps(s.to_dict(), ensure_ascii=False)) // 1024} KiB")
    t = per_call(s.replay, number=1, repeat=3)
    print(f"replaying it from its log: {t * 1e3:.0f} ms")
    players()
    widget()


class Timed:
    """A player that times its decisions."""

    def __init__(self, player: object, times: list[float]) -> None:
        self.player, self.times, self.name = player, times, player.name  # type: ignore[attr-defined]

    def decide(self, view: object, legal: object) -> object:
        import time

        t0 = time.perf_counter()
        d = self.player.decide(view, legal)  # type: ignore[attr-defined]
        self.times.append(time.perf_counter() - t0)
        return d


def players() -> None:
    """Decision time of each player, and ten games of the objective player against random."""
    from hexrules.units import Side
    from hexrules.variants.squad import ObjectivePlayer, RandomSquadPlayer, SquadGame
    from hexrules.variants.squad.players import play

    spent: dict[str, list[float]] = {"objective": [], "random": []}
    wins = {"objective": 0, "random": 0, "draw": 0}
    for seed in range(10):
        obj, rnd = ("red", "blue") if seed % 2 == 0 else ("blue", "red")
        ps = {obj: ObjectivePlayer(seed=seed), rnd: RandomSquadPlayer(seed=seed)}
        timed = {side: Timed(p, spent[p.name]) for side, p in ps.items()}
        g = SquadGame.new("lesson", seed=seed)
        play(g, timed)
        w = g.state.winner
        wins["draw" if w is None else "objective" if w is Side.parse(obj) else "random"] += 1
    for name, ts in spent.items():
        print(f"{name} player: {sum(ts) / len(ts) * 1e3:.1f} ms a decision (a whole plan)")
    print(f"objective against random, 10 games of the lesson scenario (sides alternating): "
          f"{wins}")


def widget() -> None:
    """Kernel time of the squad player's redraw after a click (no browser)."""
    from hexrules_widgets.variant_player import SquadPlayer

    p = SquadPlayer(red="human", blue="objective", seed=2)
    p.press("Hand in")
    p.pick("R3")
    t = per_call(lambda: p.pick("R3"), number=5)
    print(f"squad player: picking a team (redraw of the screen, kernel side): {t * 1e3:.1f} ms")
    t = per_call(p.refresh, number=3)
    print(f"squad player: a new screen from the game (view, plan space, log as red reads it; "
          f"kernel side): {t * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
