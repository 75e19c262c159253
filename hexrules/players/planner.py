"""Where a unit should move: every hex its move can end in, the safest path there, and the
value of ending there (the default player's movement evaluation).

:func:`plans` runs two searches over the step costs of :mod:`hexrules.movement` (through
:meth:`Board.edges <hexrules.players.board.Board.edges>`): the cheapest paths, and paths that
trade points for safety (each hex entered costs its opportunity-fire risk as well). A seen
enemy's hex may be entered (close combat, V-10) but not passed; a march (V-3) enters no hex
holding a unit. For each hex a path ends in it keeps the path with the smaller risk, and
scores the end against staying put:

``objective``
    change of the expected hold-objective points (:meth:`Situation.hold
    <hexrules.players.knowledge.Situation.hold>`), or for a hex a seen enemy holds the close
    combat (V-10) at its odds (:func:`close_combat`, :mod:`~hexrules.players.melee`);
``risk``
    the worst hex of the path: the expected value lost to the concentrated opportunity fire
    (V-6) of the enemy units that may declare it and see that hex (one shot per move, F-1);
``exposure``
    change of the expected value lost at the end hex to the next direct-fire phase;
``offense``
    change of the best expected value our next shot from the end hex takes;
``watch``
    objective hexes in sight from the end hex (sight to objectives);
``cover``
    a forest or settlement hex (F-7) when nothing else decides;
``tempo``
    movement points gained towards the hold objective held by the enemy that the unit is
    best placed to contest (points over cost): an attacker closes in rather than wait.

Examples
--------
>>> from hexrules.game import GameState, Pass
>>> from hexrules.players.knowledge import Memory, Situation
>>> s = GameState.from_scenario("duel", seed=2)
>>> s, _ = s.apply(Pass()); s, _ = s.apply(Pass())          # to the movement phase
>>> sit = Situation.of(s.view("red"), s.legal_orders(), Memory())
>>> best = max(plans(sit, s.unit("R1"), 5.0, False, Weights()), key=lambda p: p.gain)
>>> best.part("objective") > 0
True
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import numpy as np

from hexrules.movement import stacking_limit
from hexrules.players.board import start_bits
from hexrules.players.knowledge import Situation
from hexrules.players.melee import melee_odds, out_chance
from hexrules.units import Unit

__all__ = ["Plan", "Weights", "plans"]


@dataclass(frozen=True)
class Weights:
    """The weights of the evaluation's parts (a difficulty level changes them)."""

    risk: float = 1.0
    exposure: float = 0.5
    offense: float = 0.35
    watch: float = 0.06
    cover: float = 0.05
    later: float = 0.5
    commit: float = 0.06
    threat: float = 0.5
    tempo: float = 0.25


@dataclass(frozen=True)
class Plan:
    """One end hex of a move, its path (hex indices, the current hex first) and its value."""

    dest: int
    path: tuple[int, ...]
    cost: float
    gain: float
    parts: tuple[tuple[str, float], ...]
    note: str = ""

    def part(self, name: str) -> float:
        """The value of one part."""
        return sum(v for k, v in self.parts if k == name)


#: How much the evaluation fears the units a close combat is expected to cost (times their
#: value and the weight of risk: :class:`Weights`, the stance of :func:`~.default.stance`).
#: Above 1, since a tank lost in close combat also loses every shot it would have fired
#: later: 2.5 was measured best (the attacker of ``village`` wins 98.0 % instead of 95.5 %
#: against the random player and 89.5 % instead of 84.0 % against the greedy one; the other
#: pairings within their intervals; 4.0 makes the duel against greedy worse).
MELEE_RISK = 2.5



def close_combat(sit: Situation, u: Unit, d: int, deny: float, sit_risk: float = 1.0
                 ) -> tuple[float, float]:
    """(value, P(we are left)) of ``u`` entering hex ``d`` that holds seen enemy units:
    the close combat's exact round-by-round odds (:func:`~.melee.melee_odds`) with our units
    already there and ``u``, against those without ``u`` — what is won (the enemies' value,
    ``deny``: the objective points the hex gives us) times the gain in the chance that we
    are left in the hex, less the value of the units we are expected to lose in addition."""
    b = sit.board
    enemies = [k.unit for k in sit.enemies if k.seen and b.index[k.unit.hex] == d]
    ours = [o for o in sit.own if o.id != u.id and b.index[o.hex] == d]
    where = b.hexes[d]
    armed_e = [e for e in enemies if not e.weapon_lost]

    def p_out(shooters: list[Unit], targets: list[Unit]) -> float:
        if not shooters or not targets:
            return 0.0
        return sum(out_chance(b.close_shot(False, sit.armour(t), where), start_bits(t))
                   for t in targets) / len(targets)

    prize = deny + sum(sit.value(e) for e in enemies)
    pa = p_out([u, *ours], enemies)
    pb = p_out(armed_e, [u, *ours])
    a_after = sum(not o.weapon_lost for o in [u, *ours])
    a_before = sum(not o.weapon_lost for o in ours)
    if not armed_e:  # nobody can fire back: the hex is ours if we can fire
        win = 1.0 if a_after else 0.0
        before = 1.0 if a_before else 0.0
        return (win - before) * prize, win
    w1, lost1, _ = melee_odds(a_after, len(armed_e), round(pa, 6), round(pb, 6))
    w0, lost0, _ = melee_odds(a_before, len(armed_e), round(pa, 6), round(pb, 6))
    v = sit.value(u) if not ours else sum(sit.value(o) for o in [u, *ours]) / (1 + len(ours))
    return (w1 - w0) * prize - MELEE_RISK * sit_risk * (lost1 - lost0) * v, w1


def _search(sit: Situation, start: int, left: float, march: bool, stop: set[int],
            barred: set[int], risk: np.ndarray | None) -> dict[int, tuple[float, int]]:
    """Dijkstra from ``start``: hex → (points spent, previous hex), within ``left`` points.

    With ``risk`` the search orders by points plus risk, keeping the real points in budget.
    """
    edges = sit.board.edges(march)
    best: dict[int, tuple[float, float, int]] = {start: (0.0, 0.0, -1)}
    heap = [(0.0, 0.0, start)]
    eps = 1e-9
    while heap:
        key, spent, i = heapq.heappop(heap)
        if best[i][0] < key - eps or (i in stop and i != start):
            continue
        for j, c in edges[i]:
            if j in barred:
                continue
            s2 = spent + c
            if s2 > left + eps:
                continue
            k2 = s2 + (0.0 if risk is None else 4.0 * float(risk[j]))
            old = best.get(j)
            if old is None or k2 < old[0] - eps:
                best[j] = (k2, s2, i)
                heapq.heappush(heap, (k2, s2, j))
    return {i: (s, p) for i, (_, s, p) in best.items()}


def _path(tree: dict[int, tuple[float, int]], dest: int) -> tuple[int, ...]:
    out = [dest]
    while tree[out[-1]][1] >= 0:
        out.append(tree[out[-1]][1])
    return tuple(reversed(out))


def plans(sit: Situation, u: Unit, left: float, march: bool, w: Weights,
          start: int | None = None, exposed: bool = True) -> list[Plan]:
    """Every end hex of a move of ``u`` with ``left`` points, each with its best path and
    value against staying (see the module docstring). ``exposed=False``: the mover was
    fired upon this turn, so no opportunity fire can reach it (F-1)."""
    b = sit.board
    cur = b.index[u.hex] if start is None else start
    seen = {b.index[k.unit.hex]: k.unit for k in sit.enemies if k.seen}
    seen_at: dict[int, list[Unit]] = {}
    for k in sit.enemies:
        if k.seen:
            seen_at.setdefault(b.index[k.unit.hex], []).append(k.unit)
    own_at: dict[int, int] = {}
    for o in sit.own:
        if o.id != u.id:
            own_at[b.index[o.hex]] = own_at.get(b.index[o.hex], 0) + 1
    stop = set(seen)
    barred = (set(seen) | set(own_at)) if march else set()
    armour = sit.armour(u)
    v = sit.value(u)
    opp, opp_bad = sit.opportunity_loss(armour)
    risk_map = opp * v if exposed else None
    trees = [_search(sit, cur, left, march, stop, barred, None)]
    if risk_map is not None and risk_map.any():
        trees.append(_search(sit, cur, left, march, stop, barred, risk_map))
    exp, _ = sit.exposure(armour)
    off = sit.offense()
    where = sit.positions()
    where.pop(u.id, None)
    ml = sit.turns_left
    here = dict(where)
    here[u.id] = cur
    hold_here = sit.hold(here, ml)
    objs = b.objectives()
    limit = stacking_limit(tables=b.tables)
    inrange = b.dist <= b.max_range

    def watch(i: int) -> float:
        return sum(pts for _, h, pts, _ in objs
                   if b.vis[i, b.index[h]] and inrange[i, b.index[h]])

    watch_here = watch(cur)
    held = sit.held()
    goal = None
    if held and w.tempo:
        goal = max(held, key=lambda j: held[j] / (1.0 + float(b.to_go(b.hexes[j])[cur])))
    tempo_field = b.to_go(b.hexes[goal]) if goal is not None else None
    phases = min(sit.turns_left, 2)  # direct-fire phases still to come at the end hex
    out = []
    dests = set().union(*trees)
    for d in sorted(dests):
        if d == cur:
            continue
        if own_at.get(d, 0) >= limit:
            continue  # V-11: the mover would be destroyed
        best_path, best_risk = (), 0.0
        for t in trees:
            if d not in t:
                continue
            p = _path(t, d)
            r = max((float(risk_map[i]) for i in p[1:]), default=0.0) if risk_map is not None \
                else 0.0
            if not best_path or r < best_risk - 1e-9:
                best_path, best_risk = p, r
        cost = trees[0][d][0] if d in trees[0] else float("inf")
        parts: list[tuple[str, float]] = []
        note = b.hexmap.name_of(b.hexes[d])
        if d in seen:
            deny = sum(pts for _, h, pts, side in objs if b.index[h] == d
                       and side in (None, sit.me))
            melee, win = close_combat(sit, u, d, deny, w.risk)
            parts.append(("objective", melee))
            note += (f": close combat with {', '.join(e.id for e in seen_at[d])}, "
                     f"P(we are left) {win:.2f}")
        else:
            there = dict(where)
            there[u.id] = d
            parts.append(("objective", sit.hold(there, ml) - hold_here))
        parts.append(("risk", -w.risk * best_risk))
        parts.append(("exposure", -w.risk * w.exposure * phases * v
                      * float(exp[d] - exp[cur])))
        parts.append(("offense", w.offense * float(off[d] - off[cur])))
        parts.append(("watch", w.watch * (watch(d) - watch_here)))
        parts.append(("cover", w.cover * v * (int(b.cover[d]) - int(b.cover[cur]))))
        if tempo_field is not None and goal is not None:
            gained = float(tempo_field[cur] - tempo_field[d])
            if np.isfinite(gained):
                parts.append(("tempo", w.tempo * held[goal] * gained / b.allowance))
        if best_risk > 0:
            worst = max(best_path[1:], key=lambda i: risk_map[i])  # type: ignore[index]
            note += (f"; worst hex {b.hexmap.name_of(b.hexes[worst])}: "
                     f"P(destroyed or immobilised) {float(opp_bad[worst]):.2f}")
        gain = sum(x for _, x in parts)
        out.append(Plan(d, best_path, cost, gain, tuple(parts), note))
    return out
