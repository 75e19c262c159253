"""What a player knows when it decides: its memory of the enemy and the maps it derives.

:class:`Memory` keeps, across decisions, where each enemy unit was last seen (fog of war:
a view shows only the enemy units some friendly unit sees now). The enemy's set-up is public
(the scenario), so each enemy unit is first remembered at its set-up hex. A remembered unit
counts with a weight that halves each turn since it was seen; once a turn has passed, or a
friendly unit sees its hex empty, it is presumed to have gone on to the cheapest hold
objective it may score that we do not see (within its reach), and it is forgotten when there
is none or it is reported destroyed (the losses are public).

:class:`Situation` is one decision's knowledge: the public :class:`~.board.Board`, the view,
the side's own units, the known enemies (seen now, weight 1, or remembered) and, computed on
demand with numpy over every hex of the map, the exact odds the evaluation needs:

* :meth:`Situation.opportunity_loss` — for each hex, the expected share of a unit's value
  lost to the opportunity fire (V-6) of every enemy unit that may still declare it and sees
  the hex, concentrated (F-9, F-10), and the chance to be destroyed or immobilised;
* :meth:`Situation.exposure` — the same for the next direct-fire phase, every armed enemy;
* :meth:`Situation.offense` — for each hex, the best expected value one shot from there
  takes from a known enemy.

Examples
--------
>>> from hexrules.game import GameState
>>> s = GameState.from_scenario("village", seed=1)
>>> mem = Memory()
>>> sit = Situation.of(s.view("red"), s.legal_orders(), mem)
>>> [k.unit.id for k in sit.enemies], sit.turns_left
(['B1', 'B2', 'B3', 'B4'], 9)
>>> loss, bad = sit.opportunity_loss("medium")
>>> round(float(bad[sit.board.index[s.unit("R1").hex]]), 3)   # out of their sight
0.0
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from hexrules.game.checks import NOT_READY
from hexrules.game.orders import Order
from hexrules.game.state import Phase
from hexrules.game.view import View
from hexrules.map.hexgrid import Hex
from hexrules.players.base import public_board
from hexrules.players.board import D_BIT, I_BIT, Board, compose, loss_of, start_bits
from hexrules.units import TURN_MARKERS, Side, Status, Unit

__all__ = ["Known", "Memory", "Situation"]

#: How much the evaluation fears the enemy units it knows nothing of (fog of war): the
#: share of their estimated danger counted for opportunity fire and for exposure.
PRIOR_OPPORTUNITY, PRIOR_EXPOSURE = 0.5, 0.5

#: The share of an unseen enemy's belief put on the hex it is presumed in (the rest is spread
#: evenly over the hexes it may be in).
PRESUMED_SHARE = 0.6

#: The share of an objective's points an enemy unit holding it adds to its value.
HELD_SHARE = 0.5

#: How a remembered enemy's weight falls with each turn since it was last seen.
MEMORY_DECAY = 0.5

#: Whether the evaluation presumes that an enemy unit it has not seen for a turn went on to
#: the nearest hold objective it may score out of our sight (from its set-up hex, public in
#: the scenario, or from where it was last seen).
PRESUME = True


@dataclass(frozen=True)
class Known:
    """An enemy unit as a player knows it: seen now (``weight`` 1) or remembered.

    ``where`` (unseen units under fog of war): the hexes it may be in and how likely each
    is — (indices, probabilities adding up to 1) — from :class:`Memory`'s belief.
    """

    unit: Unit
    weight: float
    seen: bool
    where: tuple[np.ndarray, np.ndarray] | None = field(default=None, compare=False,
                                                         repr=False)


class Memory:
    """Where enemy units were last seen (see the module docstring)."""

    def __init__(self) -> None:
        self.last_seen: dict[str, tuple[Unit, int]] = {}
        self.turn = 0
        self.started = False
        #: Fog of war: each enemy unit's possible hexes (a mask over the board's hexes),
        #: its last known self, and how many movement phases the belief has allowed for.
        self.belief: dict[str, np.ndarray] = {}
        self.ghost: dict[str, Unit] = {}
        self.moves_seen = 0
        #: Enemy moves inferred in the current movement phase: (turn, moves) — see
        #: :meth:`enemy_moves`.
        self.phase_moves: tuple[int, int] = (0, 0)
        self._acted: tuple[int, int] = (0, 0)
        self._last_view: View | None = None

    def note_alternation(self, view: View) -> None:
        """Infer the enemy's moves in the movement phase from public facts: at each of our
        turns of the alternation (T-3) after the first, the enemy has just moved a unit
        unless it passed (``view.passes``); the initiative says who began. A view decided
        twice (the same object) counts once."""
        if view is self._last_view:
            return
        self._last_view = view
        if view.phase is not Phase.MOVEMENT or view.move is not None or \
                view.window is not None or view.to_act is not view.side:
            return
        turn, n = self.phase_moves
        acted_turn, acted = self._acted
        if turn != view.turn:
            n = 0
        if acted_turn != view.turn:
            acted = 0
        first = acted == 0 and view.initiative is view.side
        if not first and view.passes == 0:
            n += 1
        self.phase_moves = (view.turn, n)
        self._acted = (view.turn, acted + 1)

    def enemy_moves(self, view: View) -> int:
        """How many enemy units have moved in this movement phase, as far as we can tell."""
        turn, n = self.phase_moves
        return n if view.phase is Phase.MOVEMENT and turn == view.turn else 0

    def update(self, view: View, board: Board) -> list[Known]:
        """Take in a view; the enemies known now."""
        self.note_alternation(view)
        if view.turn < self.turn:  # a new game with the same player: start afresh
            self.last_seen.clear()
            self.belief.clear()
            self.ghost.clear()
            self.moves_seen = 0
            self.started = False
        self.turn = view.turn
        me = view.side
        seen = [u for u in view.units if u.side is not me]
        if not self.started:  # the set-up is public (the scenario): they start there
            self.started = True
            if PRESUME and view.hidden and board.scenario is not None:
                for u in board.scenario.units().values():  # type: ignore[attr-defined]
                    if u.side is not me:
                        self.last_seen.setdefault(u.id, (u, 0))
        for u in seen:
            self.last_seen[u.id] = (u, view.turn)
        for u in view.losses:
            self.last_seen.pop(u.id, None)
        seen_ids = {u.id for u in seen}
        own = [board.index[u.hex] for u in view.units if u.side is me]
        out = [Known(u, 1.0, True) for u in seen]
        for uid, (u, turn) in list(self.last_seen.items()):
            if uid in seen_ids:
                continue
            j = board.index[u.hex]
            if own and board.vis[own, j].any():  # we see the hex and it is not there
                moved = _likely_goal(board, u, own)
                if moved is None:
                    del self.last_seen[uid]
                    continue
                u = replace(u, hex=moved)
                self.last_seen[uid] = (u, turn)
            elif PRESUME and turn < view.turn and own:  # not seen since: presume it went on
                moved = _likely_goal(board, u, own, (view.turn - turn) * board.allowance)
                if moved is not None and moved != u.hex:
                    u = replace(u, hex=moved)
                    self.last_seen[uid] = (u, turn)
            if turn < view.turn:  # its turn markers were removed at T-1
                u = u.without_status(*TURN_MARKERS)
            out.append(Known(u, MEMORY_DECAY ** (1 + view.turn - turn), False))
        if view.fog_of_war:
            out = self._believe(view, board, seen, own, out)
        return out

    def _believe(self, view: View, board: Board, seen: list[Unit], own: list[int],
                 known: list[Known]) -> list[Known]:
        """Fog of war: update where each enemy unit may be — the hexes it can have reached
        from where it was last known (set up or seen), one movement allowance per movement
        phase begun since, less every hex a unit of ours sees now — and attach it to the
        known enemies (an unseen one nobody remembers comes back with weight 0, for the
        danger maps only)."""
        n = len(board.hexes)
        if not self.belief and board.scenario is not None:
            for u in board.scenario.units().values():  # type: ignore[attr-defined]
                if u.side is not view.side:
                    m = np.zeros(n, dtype=bool)
                    m[board.index[u.hex]] = True
                    self.belief[u.id], self.ghost[u.id] = m, u
        done = view.phase not in (Phase.PREPARATION, Phase.DIRECT_FIRE)
        moves = view.turn - 1 + int(done)  # movement phases begun
        grow = min(moves - self.moves_seen, 3)
        self.moves_seen = max(self.moves_seen, moves)
        for u in seen:
            m = np.zeros(n, dtype=bool)
            m[board.index[u.hex]] = True
            self.belief[u.id], self.ghost[u.id] = m, u
        for u in view.losses:
            self.belief.pop(u.id, None)
            self.ghost.pop(u.id, None)
        seen_ids = {u.id for u in seen}
        sight = board.vis[own].any(axis=0) if own else np.zeros(n, dtype=bool)
        for uid, m in list(self.belief.items()):
            if uid in seen_ids:
                continue
            if grow > 0 and not self.ghost[uid].immobilised:
                m = dilate(board, m, grow * board.allowance)
            left = m & ~sight
            self.belief[uid] = left if left.any() else m
        out = []
        have = set()
        for k in known:
            have.add(k.unit.id)
            out.append(k if k.seen else replace(k, where=self._where(board, k.unit)))
        for uid, g in self.ghost.items():
            if uid not in have and uid in self.belief:
                u = g.without_status(*TURN_MARKERS) if g.id not in seen_ids else g
                out.append(Known(u, 0.0, False, self._where(board, u, presumed=False)))
        return out

    def _where(self, board: Board, u: Unit, presumed: bool = True
               ) -> tuple[np.ndarray, np.ndarray] | None:
        """The belief of an unseen unit as (indices, probabilities): uniform over its
        possible hexes, with :data:`PRESUMED_SHARE` on the hex it is presumed in."""
        m = self.belief.get(u.id)
        if m is None:
            return None
        idx = np.flatnonzero(m)
        p = np.full(idx.size, 1.0 / idx.size)
        j = board.index[u.hex]
        if presumed and m[j] and idx.size > 1:
            p *= 1.0 - PRESUMED_SHARE
            p[np.searchsorted(idx, j)] += PRESUMED_SHARE
        return idx, p


def dilate(board: Board, mask: np.ndarray, points: float) -> np.ndarray:
    """The hexes a move of ``points`` movement points can reach from any hex of ``mask``
    (cheapest paths, no units).

    >>> from hexrules.game import GameState
    >>> s = GameState.from_scenario("duel", seed=1)
    >>> b = Board.of(s.hexmap, s.tables, s.scenario)
    >>> m = np.zeros(len(b.hexes), dtype=bool); m[b.index[s.unit("R1").hex]] = True
    >>> int(dilate(b, m, 0).sum()), int(dilate(b, m, 1).sum()) > 1
    (1, True)
    """
    edges = board.edges(False)
    cost = np.where(mask, 0.0, np.inf)
    heap = [(0.0, int(i)) for i in np.flatnonzero(mask)]
    heapq.heapify(heap)
    eps = 1e-9
    while heap:
        c, i = heapq.heappop(heap)
        if c > cost[i]:
            continue
        for j, step in edges[i]:
            c2 = c + step
            if c2 <= points + eps and c2 < cost[j]:
                cost[j] = c2
                heapq.heappush(heap, (c2, j))
    return np.isfinite(cost)


def _likely_goal(board: Board, u: Unit, own: list[int], reach: float | None = None
                 ) -> Hex | None:
    """Where an enemy unit that left the hex it was seen in most likely went: the hold
    objective it may score, out of our sight, that is cheapest to reach from that hex
    (within two moves), or ``None`` (an estimate of the evaluation, from public facts)."""
    if u.immobilised:
        return None
    i = board.index[u.hex]
    best = (2.0 * board.allowance if reach is None else reach) + 1e-9
    where = None
    for _, h, _, side in board.objectives():
        if side is not None and side is not u.side:
            continue
        j = board.index[h]
        if board.vis[own, j].any():
            continue
        c = float(board.to_go(h)[i])
        if c <= best:
            best, where = c, h
    return where


def unit_value(board: Board, u: Unit) -> float:
    """What a unit is worth to the evaluation: 1 (its fighting value) plus the points the
    enemy scores for destroying it (the scenario's destroy objectives)."""
    return 1.0 + board.unit_points(u)


def _weighted(shot: np.ndarray, w: float) -> np.ndarray:
    if w >= 1.0:
        return shot
    out = shot * w
    out[..., 0] += 1.0 - w
    return out


@dataclass
class Situation:
    """One decision's knowledge (see the module docstring)."""

    board: Board
    view: View
    me: Side
    own: list[Unit]
    enemies: list[Known]
    #: Enemy units that have moved in this movement phase (:meth:`Memory.enemy_moves`).
    enemy_moved: int = 0
    _cache: dict[object, object] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, view: View, legal: Sequence[Order], memory: Memory) -> Situation:
        """The situation of a view (updating ``memory``)."""
        board = public_board(legal, view)
        enemies = memory.update(view, board)
        own = [u for u in view.units if u.side is view.side]
        return cls(board, view, view.side, own, enemies, memory.enemy_moves(view))

    # -- time -----------------------------------------------------------------------------
    @property
    def turns_left(self) -> int:
        """Movement phases left after the current turn's."""
        return self.view.turns - self.view.turn

    @property
    def moves_left(self) -> int:
        """Movement phases still to come, this turn's included if it has not ended."""
        done = self.view.phase in (Phase.RANDOM_EVENT, Phase.CLOSE_COMBAT, Phase.OVER)
        return self.turns_left + (0 if done else 1)

    # -- units --------------------------------------------------------------------------
    @cached_property
    def engaged(self) -> frozenset[int]:
        """Hexes (indices) holding both sides, as far as the side knows."""
        mine = {self.board.index[u.hex] for u in self.own}
        theirs = {self.board.index[k.unit.hex] for k in self.enemies if k.seen}
        return frozenset(mine & theirs)

    def value(self, u: Unit) -> float:
        """See :func:`unit_value`; an enemy unit standing on a hold objective its side may
        score is worth :data:`HELD_SHARE` of the objective's points more (taking it out
        opens the objective)."""
        v = unit_value(self.board, u)
        if u.side is not self.me:
            v += HELD_SHARE * sum(pts for _, h, pts, side in self.board.objectives()
                                  if h == u.hex and side in (None, u.side))
        return v

    def held(self) -> dict[int, float]:
        """Hold objectives we may score that a known enemy holds: hex index → points
        (a remembered enemy counts by its weight)."""
        hit = self._cache.get("held")
        if hit is None:
            b = self.board
            hit = {}
            for _, h, pts, side in b.objectives():
                if side is not None and side is not self.me:
                    continue
                j = b.index[h]
                w = max((k.weight for k in self.enemies if b.index[k.unit.hex] == j),
                        default=0.0)
                if w >= 0.5:
                    hit[j] = pts * min(1.0, w)
            self._cache["held"] = hit
        return hit  # type: ignore[return-value]

    def armour(self, u: Unit) -> str:
        """The armour class of a unit (F-8)."""
        return self.board.tables.units.armour_of(u)

    def can_react(self, u: Unit) -> bool:
        """Whether a unit may still declare opportunity or covering fire this turn."""
        return not (u.status & NOT_READY) and self.board.index[u.hex] not in self.engaged

    def armed(self, u: Unit) -> bool:
        """Whether a unit can fire at all (no *Weapon lost*)."""
        return not u.weapon_lost

    # -- maps of odds -------------------------------------------------------------------
    def _enemy_shots(self, shooters: list[Known], armour: str) -> list[np.ndarray]:
        b = self.board
        out = []
        for k in shooters:
            if k.where is not None:  # somewhere in its belief: the mixture of its shots
                out.append(b.mixed_shots(*k.where, "normal", k.unit.suppressed, armour))
            else:
                out.append(_weighted(b.shots_from(b.index[k.unit.hex], "normal",
                                                  k.unit.suppressed, armour), k.weight))
        return out

    @property
    def unseen_moved(self) -> bool:
        """Whether every enemy unit we do not see has moved in this movement phase (the
        enemy's moves counted, less those of the units we see marked *Moved*)."""
        if not self.view.hidden or self.view.phase is not Phase.MOVEMENT:
            return False
        seen_moved = sum(k.seen and k.unit.moved for k in self.enemies)
        return self.enemy_moved - seen_moved >= self.view.hidden

    def opportunity_loss(self, armour: str) -> tuple[np.ndarray, np.ndarray]:
        """Per hex: expected share of value lost to concentrated opportunity fire, and the
        chance to be destroyed or immobilised (see the module docstring)."""
        key = ("opp", armour)
        hit = self._cache.get(key)
        if hit is None:
            shooters = [k for k in self.enemies if self.can_react(k.unit)]
            if self.unseen_moved:  # every unseen enemy unit has moved: none of them reacts
                shooters = [k for k in shooters if k.seen]
            hit = self._loss_maps(shooters, armour)
            if not self.unseen_moved:
                hit = self._with_prior(hit, PRIOR_OPPORTUNITY)
            self._cache[key] = hit
        return hit  # type: ignore[return-value]

    def exposure(self, armour: str) -> tuple[np.ndarray, np.ndarray]:
        """Per hex: the same for the next direct-fire phase (every armed enemy, suppression
        gone by then)."""
        key = ("exp", armour)
        hit = self._cache.get(key)
        if hit is None:
            shooters = [replace(k, unit=k.unit.without_status(Status.SUPPRESSED))
                        for k in self.enemies if self.armed(k.unit)]
            hit = self._with_prior(self._loss_maps(shooters, armour), PRIOR_EXPOSURE)
            self._cache[key] = hit
        return hit  # type: ignore[return-value]

    @property
    def unknown(self) -> int:
        """Enemy units on the board the side neither sees nor remembers (fog of war)."""
        return max(0, self.view.hidden - sum(not k.seen for k in self.enemies))

    def _with_prior(self, maps: tuple[np.ndarray, np.ndarray], share: float
                    ) -> tuple[np.ndarray, np.ndarray]:
        """Add the danger of the enemy units nobody knows of: each may be anywhere, so a hex
        seen from a share ``v`` of the map is seen by one of them with chance about ``v``,
        and a shot then takes about half a unit (an estimate of the evaluation)."""
        n = self.unknown
        if not n:
            return maps
        seen_by = np.minimum(1.0, n * self.board.vis.mean(axis=1)) * share
        loss, bad = maps
        return np.minimum(1.0, loss + 0.5 * seen_by), np.minimum(1.0, bad + 0.4 * seen_by)

    def _loss_maps(self, shooters: list[Known], armour: str) -> tuple[np.ndarray, np.ndarray]:
        n = len(self.board.hexes)
        if not shooters:
            return np.zeros(n), np.zeros(n)
        dist = compose(self._enemy_shots(shooters, armour))
        bad = np.zeros(dist.shape[-1], dtype=bool)
        for s in range(bad.size):
            bad[s] = bool(s & (D_BIT | I_BIT))
        return loss_of(dist), dist[:, bad].sum(axis=1)

    def offense(self, suppressed: bool = False) -> np.ndarray:
        """Per hex: the best expected value one halted shot from there takes from a known
        enemy (the next direct-fire phase)."""
        key = ("off", suppressed)
        hit = self._cache.get(key)
        if hit is None:
            b = self.board
            hit = np.zeros(len(b.hexes))
            for k in self.enemies:
                e = k.unit
                j = b.index[e.hex]
                shots = _weighted(b.shots_at(j, "normal", suppressed, self.armour(e)),
                                  k.weight)
                gain = loss_of(compose([shots], start_bits(e)), start_bits(e)) * self.value(e)
                hit = np.maximum(hit, gain)
            self._cache[key] = hit
        return hit  # type: ignore[return-value]

    def threat(self, e: Unit, suppressed: bool | None = None) -> float:
        """The most value one shot of enemy ``e`` takes from one of our units now."""
        b = self.board
        sup = e.suppressed if suppressed is None else suppressed
        key = ("threat", e.id, e.hex, sup)
        hit = self._cache.get(key)
        if hit is not None:
            return hit  # type: ignore[return-value]
        best = 0.0
        for u in self.own:
            shot = b.shot(e.hex, u.hex, "normal", sup, self.armour(u))
            s0 = start_bits(u)
            best = max(best, float(loss_of(compose([shot], s0), s0)) * self.value(u))
        self._cache[key] = best
        return best

    # -- objectives -----------------------------------------------------------------------
    def hold(self, where: dict[str, int], moves_left: int | None = None) -> float:
        """Expected points of the hold objectives with our units at ``where`` (id → hex
        index): each objective is worth its points times the chance that at least one unit
        gets there and stays, each unit's chance falling with its cost to go (an estimate
        of the evaluation, not a rule)."""
        b = self.board
        ml = self.turns_left if moves_left is None else moves_left
        total = 0.0
        units = {u.id: u for u in self.own}
        for _oid, h, pts, side in b.objectives():
            if side is not None and side is not self.me:
                continue
            to_go = b.to_go(h)
            j = b.index[h]
            held = self.held()
            miss = 1.0
            for uid, i in where.items():
                u = units[uid]
                c = float(to_go[i])
                # the chance to be put out on the objective by one phase of enemy fire
                # (an objective a known enemy holds is taken by close combat, priced apart)
                bad = HOLD_RISK * float(self.exposure(self.armour(u))[1][j]) \
                    if HOLD_RISK and j not in held else 0.0
                if c == 0:  # in place: it fires back in the direct-fire phase (T-2)
                    g = (1.0 - HOLD_STAY * bad) ** max(0, self.turns_left)
                elif u.immobilised:
                    g = 0.0
                else:
                    g = reach_chance(c, ml, b.allowance)
                    if c <= b.allowance and ml >= 1:  # the last step onto it is seen too
                        g *= 1.0 - bad
                miss *= 1.0 - g
            total += pts * (1.0 - miss)
        return total

    def lead(self) -> float:
        """The evaluation's projection of our lead in points if the game ended now: the
        destroy objectives from the public losses, and each hold objective to the side
        that holds it — ours where our unit stands, theirs where a known enemy stands (a
        remembered one by its weight), nobody's otherwise (an estimate, not a rule).
        Points for a destroyed unit go to its enemy (:meth:`Board.unit_points`)."""
        b = self.board
        lead = 0.0
        for u in self.view.losses:
            pts = b.unit_points(u)
            lead += pts if u.side is not self.me else -pts
        mine = {b.index[u.hex] for u in self.own}
        for _, h, pts, side in b.objectives():
            j = b.index[h]
            if j in mine and side in (None, self.me):
                lead += pts
            elif side is None or side is not self.me:
                w = max((k.weight for k in self.enemies if b.index[k.unit.hex] == j),
                        default=0.0)
                lead -= pts * min(1.0, w)
        return lead

    def positions(self) -> dict[str, int]:
        """Our units' hexes (indices) by id."""
        return {u.id: self.board.index[u.hex] for u in self.own}


#: How :meth:`Situation.hold` discounts an objective for the enemy fire that watches it:
#: the chance to be put out there by one direct-fire phase of the known enemies
#: (:meth:`Situation.exposure`) counts ``HOLD_RISK`` times for a unit one move away (its last
#: step on is seen too, V-6) and ``HOLD_STAY`` times for each direct-fire phase still to come
#: for a unit on it (it fires back in those, T-2). An estimate of the evaluation: with it, a
#: unit takes the objective one turn early when the enemy has moved and cannot react. An
#: objective a known enemy holds is not discounted (it is taken by close combat, priced by
#: the planner at its odds).
HOLD_RISK, HOLD_STAY = 1.0, 0.5

#: The chance :func:`reach_chance` gives a unit one move from an objective with a movement
#: phase still to come: close to holding it, so that a unit waits out of sight and takes the
#: objective late (the score counts at the end) unless standing on it early is safe.
LATE_REACH = 0.95


def reach_chance(cost: float, moves: int, allowance: int) -> float:
    """The evaluation's chance that a unit ``cost`` points from an objective holds it at the
    end, with ``moves`` movement phases left (1 on it; :data:`LATE_REACH` within one move;
    0.9…0.5 within reach; then falling).

    >>> reach_chance(0, 0, 5), reach_chance(5, 1, 5), reach_chance(6, 0, 5)
    (1.0, 0.95, 0.0)
    >>> reach_chance(10, 2, 5)
    0.5
    """
    if cost <= 0:
        return 1.0
    if moves <= 0:
        return 0.0
    if cost <= allowance:
        return LATE_REACH
    reach = allowance * moves
    if cost <= reach:
        return 0.9 - 0.4 * cost / reach
    return max(0.0, 0.5 * (1.0 - (cost - reach) / (2.0 * reach + allowance)))
