"""Helpers shared by the game tests: a small test course, set-ups, invariants."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

from hexrules import Dice, Hex, HexMap, ScriptedDice, Unit
from hexrules.combat import FireKind, FireRecord
from hexrules.game import Card, CardState, GameRecord, GameState, Options, Pass, Phase
from hexrules.game.cards import ARTILLERY_CARDS
from hexrules.game.costs import stacking_limit
from hexrules.units import TURN_MARKERS, Side, Status

#: Column, row of the hexes of the course below.
ROAD_ROW = 1


def H(col: int, row: int) -> Hex:
    """A hex by offset column and row."""
    return Hex.from_offset(col, row)


@cache
def course() -> HexMap:
    """A 12 × 6 open course: a road along row 1 (cols 0-8), forest (2, 3), settlement (4, 3),
    water (6, 3), a river between (8, 3) and (9, 3)."""
    terrain = ["." * 12] * 6
    terrain[3] = "..F.C.W....."
    return HexMap.from_dict({
        "format": "hexrules-map", "schema_version": 1, "name": "course", "cols": 12,
        "rows": 6, "origin": {"easting": 463020, "northing": 4545975, "epsg": 32650},
        "elevation": [[0] * 12 for _ in range(6)], "terrain": terrain,
        "rivers": [[[8, 3], [9, 3]]], "roads": [[[c, ROAD_ROW] for c in range(9)]],
    })


def new_game(units: list[Unit], dice: list[int], *, hexmap: HexMap | None = None,
             turns: int = 2, options: Options | None = None) -> GameState:
    """A game with scripted dice first, then seeded dice."""
    return GameState.new(hexmap or course(), units, turns=turns,
                         dice=ScriptedDice(dice, then=Dice(0)), options=options)


def to_movement(state: GameState) -> GameState:
    """Pass twice: the direct-fire phase ends and the movement phase begins."""
    for _ in range(2):
        state, _ = state.apply(Pass())
    assert state.phase is Phase.MOVEMENT
    return state


def serial(state: GameState) -> str:
    """The saved form of a state, as text (for byte-identical comparisons)."""
    return json.dumps(state.to_dict(), sort_keys=True, ensure_ascii=False)


PHASE_ORDER = [Phase.PREPARATION, Phase.DIRECT_FIRE, Phase.MOVEMENT, Phase.RANDOM_EVENT,
               Phase.CLOSE_COMBAT, Phase.OVER]


class Invariants:
    """Checks, after every order of a game, what must always hold."""

    def __init__(self, state: GameState) -> None:
        self.turn = state.turn
        self.phase = state.phase
        self.fired: Counter[str] = Counter()
        self.fired_upon: Counter[str] = Counter()
        self.marked_fired: set[str] = set()
        self.marked_upon: set[str] = set()
        self.marked_moved: set[str] = set()
        self.marked_march: set[str] = set()
        self.check(state)

    def check(self, s: GameState) -> None:
        m, t = s.hexmap, s.tables
        ids = [u.id for u in s.units]
        assert len(ids) == len(set(ids))
        assert not {u.id for u in s.losses} & set(ids)
        for u in s.units:
            assert u.hex in m, u
            assert t.terrain[m.terrain_at(u.hex)].enterable, u
            assert not u.destroyed, u
            assert not (u.marching and not u.moved), u
        for u in s.losses:
            assert u.destroyed
        if s.move is None:  # V-11: no stack over the limit once a move has ended
            stacks = Counter((u.side, u.hex) for u in s.units)
            assert max(stacks.values(), default=0) <= stacking_limit(t), stacks
        else:
            mover = s.unit_map[s.move.unit]
            assert mover.moved and mover.hex == s.move.hex
            assert s.move.spent <= s.move.allowance or s.move.penalty
        if s.turn != self.turn:
            assert s.turn == self.turn + 1
            self.turn, self.phase = s.turn, s.phase
            self.fired.clear()
            self.fired_upon.clear()
            assert s.phase in (Phase.DIRECT_FIRE, Phase.PREPARATION)  # E-3 may be due
            for u in s.units:  # T-1 removed the markers of the turn before
                assert not (u.status & TURN_MARKERS), u
        elif s.phase is not self.phase:
            assert PHASE_ORDER.index(s.phase) > PHASE_ORDER.index(self.phase)
            self.phase = s.phase
        self.check_cards(s)
        if s.phase is Phase.OVER:
            assert s.to_act is None and not s.legal_orders()
        else:
            assert s.to_act is not None
            assert len(s.legal_orders()) > 0

    def check_cards(self, s: GameState) -> None:
        """The cards are conserved (E-1…E-7), plans wait for a later turn, markers on the map."""
        c = s.cards
        if not s.options.cards:
            assert c == CardState()
            return
        for side in SIDES:
            cards = [*c.deck(side), *(h.card for h in c.held_by(side)), *c.discards(side)]
            assert sorted(x.rule for x in cards) == [x.rule for x in Card], (side, c)
            for h in c.held_by(side):
                assert h.drawn <= s.turn and 0 <= h.uses <= h.card.uses, h
                if h.card not in ARTILLERY_CARDS:
                    assert not h.expired(s.turn) or s.phase is Phase.OVER, h
        for plan in c.plans:
            assert plan.lands >= s.turn, plan
        assert all(mk.hex in s.hexmap for mk in c.markers)

    def after(self, s: GameState, record: GameRecord) -> None:
        reload = record.order is not None and type(record.order).__name__ == "RapidReload"
        for part in record.parts:
            if isinstance(part, FireRecord) and reload:  # E-5: a second shot, F-1 waived
                self.marked_fired.update(part.order.shooters)
                self.marked_upon.add(part.order.target)
            elif isinstance(part, FireRecord):
                self.marked_fired.update(part.order.shooters)
                self.marked_upon.add(part.order.target)
                if part.kind is FireKind.CLOSE_COMBAT:
                    continue
                for sid in part.order.shooters:
                    self.fired[sid] += 1
                    assert self.fired[sid] == 1, f"{sid} fired twice in turn {self.turn}"
                self.fired_upon[part.order.target] += 1
                assert self.fired_upon[part.order.target] == 1
            elif part.rule == "T-1":  # a new turn: the markers were removed
                self.marked_fired.clear()
                self.marked_upon.clear()
                self.marked_moved.clear()
                self.marked_march.clear()
            elif part.rule == "V-4":
                uid = part.effects[0].unit_id
                self.marked_moved.add(uid)
                if Status.MARCH in part.effects[0].after.status:
                    self.marked_march.add(uid)
        self.check(s)
        for u in s.units:  # the markers are those of this turn's orders (C-3, C-4)
            assert u.fired == (u.id in self.marked_fired), u
            assert u.fired_upon == (u.id in self.marked_upon), u
            assert u.moved == (u.id in self.marked_moved), u
            assert u.marching == (u.id in self.marked_march), u


SIDES = (Side.RED, Side.BLUE)
