"""Small squad scenarios built in memory for the tests of the squad variant (Appendix A)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from hexrules.map import Hex, HexMap
from hexrules.records import decode
from hexrules.units import Side
from hexrules.variants.squad import (
    ActionPlan,
    AttackPlan,
    SquadGround,
    SquadScenario,
    SquadState,
    Team,
    practice,
)

ZONES = {Side.RED: (0, 3), Side.BLUE: (12, 15)}


def at(col: int, row: int) -> Hex:
    """The hex at offset (col, row)."""
    return Hex.from_offset(col, row)


def scenario(teams: Iterable[Team], *, hexmap: HexMap | None = None,
             cover: Iterable[Hex] = (), vegetation: Iterable[Hex] = (), turns: int = 2,
             zones: dict[Side, tuple[int, int]] | None = None) -> SquadScenario:
    """A scenario on a flat 16 × 8 map (or ``hexmap``) with the given teams."""
    m = hexmap or HexMap.flat(16, 8, name="squad-test")
    g = SquadGround(m, frozenset(vegetation), frozenset(cover))
    return SquadScenario("test", "<test>", g, turns, at(8, 4), zones or ZONES, tuple(teams))


def deployed(teams: Iterable[Team], dice: object = None, *, hexmap: HexMap | None = None,
             cover: Iterable[Hex] = (), vegetation: Iterable[Hex] = (), turns: int = 2
             ) -> SquadState:
    """A state past deployment (teams where they are), in the action-plan phase of turn 1."""
    sc = practice(teams, hexmap or HexMap.flat(16, 8, name="squad-test"), cover=cover,
                  vegetation=vegetation, turns=turns)
    return SquadState.new(sc, dice=dice, deployed=True)  # type: ignore[arg-type]


def no_plans(s: SquadState) -> SquadState:
    """Both sides hand in empty plans for the phase awaited."""
    kind = ActionPlan if s.phase.value == "action plans" else AttackPlan
    for side in (Side.RED, Side.BLUE):
        s, _ = s.apply(kind(side))
    return s


def _hexes(value: object) -> set[Hex]:
    if isinstance(value, Hex):
        return {value}
    if isinstance(value, tuple | list | frozenset | set):
        return set().union(*(_hexes(v) for v in value)) if value else set()
    if hasattr(value, "__dataclass_fields__"):
        return _hexes(tuple(getattr(value, f) for f in value.__dataclass_fields__))
    return set()


def check_no_leak(s: SquadState) -> None:
    """Nothing of an enemy team a side has not detected is in its view (id, hex, plan)."""
    for side in Side:
        v = s.view(side)
        text = json.dumps(v.to_dict(), ensure_ascii=False)
        assert decode(json.loads(text)) == v
        seen_hexes = _hexes(v)
        for t in s.teams:
            if t.side is side or s.detects(side, t.id):
                continue
            assert f'"{t.id}"' not in text, (side, t.id)
            assert t.hex not in seen_hexes, (side, t.id)
        for o in s.pending:
            if o.side is not side:
                assert type(o).__name__ not in text
