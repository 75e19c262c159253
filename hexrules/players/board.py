"""The public side of a game that a player may read: the map, the rule tables, the scenario.

A :class:`Board` is built once per (map, table set, scenario) and shared by every player of
every game on it (:meth:`Board.of`). It holds only what both players know before the game
starts — no unit — and precomputes what a computer player asks again and again:

* the all-pairs line of sight of the map (:func:`hexrules.sight.fast.visibility_matrix`, the
  same verdicts as :func:`hexrules.sight.line_of_sight`) and the hex distances;
* the exact result distribution of one shot from any hex at any hex
  (:meth:`Board.shots_from`): the final attack level of F-3…F-5 from
  :func:`hexrules.combat.fire.final_attack_level`, then F-6…F-8 from
  :func:`hexrules.combat.odds.shot_distribution` — the adjudication's own code;
* the exact damage state after several shots (:func:`compose`), through the F-10 table
  :data:`hexrules.combat.damage.TRANSITIONS`;
* step costs (:func:`hexrules.movement.step_cost`) and each hold objective's cost-to-go field.

Examples
--------
>>> from hexrules.game import GameState
>>> s = GameState.from_scenario("duel", seed=1)
>>> b = Board.of(s.hexmap, s.tables, s.scenario)
>>> r1, b1 = s.units
>>> p = b.shots_from(b.index[r1.hex], "normal", False, "medium")[b.index[b1.hex]]
>>> float(p.sum()), b.sees(r1.hex, b1.hex)
(1.0, False)
"""

from __future__ import annotations

import heapq
import weakref
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from hexrules.combat.damage import STATE_BITS, TRANSITIONS
from hexrules.combat.fire import final_attack_level
from hexrules.combat.odds import shot_distribution
from hexrules.combat.orders import FireKind
from hexrules.errors import IllegalMoveError, RulesError
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain
from hexrules.movement import movement_allowance, step_cost
from hexrules.tables import TableSet
from hexrules.units import Result, Status, Unit

__all__ = ["DESTROYED", "LOSS", "Board", "compose", "loss_of", "start_bits"]

#: Bits of the F-10 damage states (:data:`hexrules.combat.damage.STATE_BITS`).
S_BIT, W_BIT, I_BIT, D_BIT = (STATE_BITS[s] for s in (
    Status.SUPPRESSED, Status.WEAPON_LOST, Status.IMMOBILISED, Status.DESTROYED))
DESTROYED = D_BIT
N_STATES = TRANSITIONS.shape[0]

#: The evaluation's share of a unit's value lost in each damage state (**the players'
#: evaluation, not a rule**): destroyed all of it, weapon lost 45 %, immobilised 35 %,
#: suppressed 8 % (it lasts until the random-event phase, T-4).
LOSS = np.array([
    1.0 if b & D_BIT else min(1.0, 0.45 * bool(b & W_BIT) + 0.35 * bool(b & I_BIT)
                              + 0.08 * bool(b & S_BIT))
    for b in range(N_STATES)])


def start_bits(u: Unit) -> int:
    """The F-10 damage state of ``u`` as bits."""
    bits = 0
    for s, b in STATE_BITS.items():
        if s in u.status:
            bits |= b
    return D_BIT if bits & D_BIT else bits


def compose(shots: Sequence[np.ndarray], start: int = 0) -> np.ndarray:
    """Exact distribution of the target's damage state after ``shots`` in order (F-9, F-10).

    Each shot is an array ``[..., 5]`` of result probabilities (none, S, W, I, K); leading
    axes broadcast (one target hex per row). Returns ``[..., 16]`` state probabilities.

    >>> one = np.array([0.5, 0.0, 0.0, 0.0, 0.5])
    >>> float(compose([one, one])[DESTROYED])
    0.75
    """
    shape = np.broadcast_shapes(*(np.shape(s)[:-1] for s in shots)) if shots else ()
    if not shape:
        return _compose_one(shots, start)
    dist = np.zeros((*shape, N_STATES))
    dist[..., start] = 1.0
    for shot in shots:
        new = np.zeros_like(dist)
        for s in range(N_STATES):
            ps = dist[..., s]
            if not np.any(ps):
                continue
            if s & D_BIT:
                new[..., s] += ps
                continue
            for r in range(5):
                new[..., TRANSITIONS[s, r]] += ps * shot[..., r]
        dist = new
    return dist


def _compose_one(shots: Sequence[np.ndarray], start: int) -> np.ndarray:
    """:func:`compose` for one target (plain floats: faster for a handful of shots)."""
    dist = [0.0] * N_STATES
    dist[start] = 1.0
    table = _TABLE
    for shot in shots:
        ps = [float(x) for x in shot]
        new = [0.0] * N_STATES
        for s, p in enumerate(dist):
            if p == 0.0:
                continue
            if s & D_BIT:
                new[s] += p
                continue
            row = table[s]
            for r in range(5):
                new[row[r]] += p * ps[r]
        dist = new
    return np.array(dist)


_TABLE = TRANSITIONS.tolist()


def loss_of(dist: np.ndarray, start: int = 0) -> np.ndarray:
    """Expected share of a unit's value lost, from a state distribution (see :data:`LOSS`)."""
    return dist @ LOSS - LOSS[start]


_BOARDS: weakref.WeakKeyDictionary[HexMap, dict[tuple[int, str], Board]] = (
    weakref.WeakKeyDictionary())


class Board:
    """The public knowledge of one map, table set and scenario (see the module docstring).

    Build it with :meth:`of` (shared, cached per map).
    """

    def __init__(self, hexmap: HexMap, tables: TableSet, scenario: str = "",
                 setup: object = None) -> None:
        from hexrules.sight.fast import fast_sight

        self.hexmap, self.tables, self.scenario_name = hexmap, tables, scenario
        self.hexes: tuple[Hex, ...] = tuple(hexmap.hexes())
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        n = len(self.hexes)
        self.vis = fast_sight(hexmap).matrix()
        q = np.array([h.q for h in self.hexes])
        r = np.array([h.r for h in self.hexes])
        dq, dr = q[:, None] - q[None, :], r[:, None] - r[None, :]
        self.dist = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).astype(np.int16)
        self.elev = np.array([hexmap.elevation_at(h) for h in self.hexes], dtype=np.int16)
        self.terrain = np.array([int(hexmap.terrain_at(h)) for h in self.hexes], dtype=np.int8)
        self.enterable = np.array([tables.terrain[Terrain(t)].enterable for t in self.terrain])
        faces = tables.combat_results.terrain_faces
        self.cover = np.array([bool(faces.get(Terrain(t))) for t in self.terrain])
        self.max_range = tables.attack_level.max_range
        self.allowance = movement_allowance(None, tables=tables)
        self._levels: dict[tuple[str, bool, bool], np.ndarray] = {}
        self._rows: dict[tuple[int, str, bool, str, bool], np.ndarray] = {}
        self._edges: dict[bool, list[list[tuple[int, float]]]] = {}
        self._to_go: dict[int, np.ndarray] = {}
        self.scenario = _scenario(scenario, setup)
        self._objectives: tuple[tuple[str, Hex, int, object], ...] | None = None
        self._close: dict[tuple[bool, str, int], np.ndarray] = {}
        self._all: dict[tuple[str, str, bool], np.ndarray] = {}
        assert self.dist.shape == (n, n)

    @classmethod
    def of(cls, hexmap: HexMap, tables: TableSet, scenario: str = "",
           setup: object = None) -> Board:
        """The shared board of a map, tables and scenario name (or the game's own
        ``setup``, a scenario built in memory: :attr:`GameOrigin.setup
        <hexrules.game.state.GameOrigin.setup>`)."""
        boards = _BOARDS.setdefault(hexmap, {})
        key = (id(tables), scenario, setup)
        b = boards.get(key)
        if b is None or b.tables is not tables:
            b = boards[key] = cls(hexmap, tables, scenario, setup)
        return b

    # -- sight and fire -----------------------------------------------------------------
    def sees(self, a: Hex, b: Hex) -> bool:
        """Whether ``a`` sees ``b``."""
        return bool(self.vis[self.index[a], self.index[b]])

    def _level_table(self, kind: str, suppressed: bool, card: bool = False) -> np.ndarray:
        key = (kind, suppressed, card)
        t = self._levels.get(key)
        if t is None:
            dmax = int(self.dist.max())
            emax = int(self.elev.max() - self.elev.min())
            t = np.zeros((dmax + 1, emax + 1), dtype=np.int16)
            for d in range(1, min(dmax, self.max_range) + 1):
                for e in range(emax + 1):
                    t[d, e] = max(0, final_attack_level(d, e, kind=FireKind.parse(kind),
                                                        suppressed=suppressed, card=card,
                                                        tables=self.tables))
            self._levels[key] = t
        return t

    def levels_from(self, i: int, kind: str = "normal", suppressed: bool = False,
                    card: bool = False) -> np.ndarray:
        """Final attack level (F-3…F-5; 0 = no effect or no sight) from hex ``i`` at each hex;
        ``card``: with the fire-enhancement card (E-2)."""
        t = self._level_table(kind, suppressed, card)
        d = self.dist[i]
        e = np.abs(self.elev - self.elev[i])
        lv = t[d, e]
        return np.where(self.vis[i] & (d >= 1) & (d <= self.max_range), lv, 0)

    def shots_from(self, i: int, kind: str = "normal", suppressed: bool = False,
                   armour: str = "medium", card: bool = False) -> np.ndarray:
        """``[N, 5]``: exact result odds of one shot from hex ``i`` at a unit in each hex."""
        key = (i, kind, suppressed, armour, card)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > 8192:
                self._rows.clear()
            table = _odds_table(self.tables, armour)
            row = table[self.levels_from(i, kind, suppressed, card), self.terrain]
            self._rows[key] = row
        return row

    def levels_all(self, kind: str = "normal", suppressed: bool = False) -> np.ndarray:
        """``[N, N]``: the final attack level from every hex at every hex (0: none)."""
        key = ("all", kind, suppressed)
        t = self._all.get(key)
        if t is None:
            t = self._all[key] = np.stack([self.levels_from(i, kind, suppressed)
                                           for i in range(len(self.hexes))])
        return t

    def mixed_shots(self, idx: np.ndarray, p: np.ndarray, kind: str = "normal",
                    suppressed: bool = False, armour: str = "medium") -> np.ndarray:
        """``[N, 5]``: the odds of one shot at each hex by a shooter that is in hex
        ``idx[k]`` with probability ``p[k]`` (the mixture of their rows)."""
        if idx.size == 1:
            return self.shots_from(int(idx[0]), kind, suppressed, armour)
        lv = self.levels_all(kind, suppressed)[idx]            # [k, N]
        n = len(self.hexes)
        table = _odds_table(self.tables, armour)               # [level, terrain, 5]
        nl = table.shape[0]
        flat = (lv.astype(np.int64) * n + np.arange(n)).ravel()
        w = np.bincount(flat, weights=np.repeat(p, n), minlength=nl * n).reshape(nl, n)
        return np.einsum("ld,ldr->dr", w, table[:, self.terrain])

    def shots_at(self, j: int, kind: str = "normal", suppressed: bool = False,
                 armour: str = "medium") -> np.ndarray:
        """``[N, 5]``: exact odds of one shot from each hex at a unit in hex ``j`` (sight and
        range are symmetric; the terrain is the target's)."""
        table = _odds_table(self.tables, armour)
        return table[self.levels_from(j, kind, suppressed), self.terrain[j]]

    def shot(self, a: Hex, b: Hex, kind: str = "normal", suppressed: bool = False,
             armour: str = "medium", card: bool = False) -> np.ndarray:
        """Exact result odds of one shot from ``a`` at a unit in ``b`` (``card``: E-2)."""
        return self.shots_from(self.index[a], kind, suppressed, armour, card)[self.index[b]]

    def close_shot(self, suppressed: bool, armour: str, where: Hex) -> np.ndarray:
        """Exact result odds of one close-combat shot in hex ``where`` (F-12: range 1, no
        height or terrain correction)."""
        key = (suppressed, armour, int(self.hexmap.terrain_at(where)))
        hit = self._close.get(key)
        if hit is None:
            level = final_attack_level(1, 0, kind=FireKind.CLOSE_COMBAT, suppressed=suppressed,
                                       tables=self.tables)
            d = shot_distribution(max(level, 0), self.hexmap.terrain_at(where), armour=armour,
                                  close_combat=True, tables=self.tables)
            hit = self._close[key] = np.array([float(d.get(r, Fraction(0))) for r in Result])
        return hit

    # -- movement -------------------------------------------------------------------------
    def edges(self, march: bool) -> list[list[tuple[int, float]]]:
        """Each hex's enterable neighbours and step costs (:func:`hexrules.movement.step_cost`)."""
        e = self._edges.get(march)
        if e is None:
            e = []
            m = self.hexmap
            for h in self.hexes:
                row = []
                for n in h.neighbors():
                    if n not in m:
                        continue
                    try:
                        c = step_cost(m, h, n, march=march, tables=self.tables)
                    except (IllegalMoveError, RulesError):
                        continue
                    row.append((self.index[n], float(c)))
                e.append(row)
            self._edges[march] = e
        return e

    def to_go(self, goal: Hex) -> np.ndarray:
        """Movement points from each hex to ``goal`` by the cheapest path (no units)."""
        j = self.index[goal]
        f = self._to_go.get(j)
        if f is None:
            edges = self.edges(False)
            back: list[list[tuple[int, float]]] = [[] for _ in self.hexes]
            for a, row in enumerate(edges):
                for b, c in row:
                    back[b].append((a, c))
            f = np.full(len(self.hexes), np.inf)
            f[j] = 0.0
            heap = [(0.0, j)]
            while heap:
                d, b = heapq.heappop(heap)
                if d > f[b]:
                    continue
                for a, c in back[b]:
                    if d + c < f[a]:
                        f[a] = d + c
                        heapq.heappush(heap, (d + c, a))
            self._to_go[j] = f
        return f

    def objectives(self) -> tuple[tuple[str, Hex, int, object], ...]:
        """The hold objectives: (id, hex, points, side that may score it or None)."""
        if self._objectives is None:
            sc = self.scenario
            self._objectives = () if sc is None else tuple(
                (o.id, self.hexmap.parse(o.hex), o.points, o.side)
                for o in sc.objectives if o.kind == "hold")
        return self._objectives

    def unit_points(self, u: Unit) -> int:
        """The points the enemy of ``u`` scores for destroying it (destroy objectives)."""
        sc = self.scenario
        if sc is None:
            return 1
        pts = 0
        for o in sc.objectives:
            if o.kind != "destroy" or (o.side is not None and o.side is u.side):
                continue
            if o.units is None or u.id in o.units:
                pts += o.points
        return pts

    def __repr__(self) -> str:
        return f"<Board {self.hexmap.name!r} {self.scenario_name or 'no scenario'}>"


def _scenario(name: str, setup: object) -> object:
    from hexrules.game.scenario import scenario_of

    return scenario_of(name, setup)  # type: ignore[arg-type]


_ODDS: dict[tuple[int, str], tuple[TableSet, np.ndarray]] = {}


def _odds_table(tables: TableSet, armour: str) -> np.ndarray:
    """``[level, terrain, 5]`` exact one-shot odds (F-6…F-8) for an armour class."""
    key = (id(tables), armour)
    hit = _ODDS.get(key)
    if hit is not None and hit[0] is tables:
        return hit[1]
    top = tables.combat_results.max_level
    out = np.zeros((top + 1, len(Terrain), 5))
    out[0, :, 0] = 1.0
    for lv in range(1, top + 1):
        for t in Terrain:
            d = shot_distribution(lv, t, armour=armour, tables=tables)
            out[lv, int(t)] = [float(d.get(r, Fraction(0))) for r in Result]
    _ODDS[key] = (tables, out)
    return out
