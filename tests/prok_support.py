"""Helpers for the Prokhorovka tests: small scenarios built from dictionaries."""

from __future__ import annotations

from typing import Any

from hexrules.dice import ScriptedDice
from hexrules.variants.prokhorovka import EndPhase, PState, apply, new_state
from hexrules.variants.prokhorovka.scenario import parse_scenario


def scenario(units: list[dict[str, Any]], *, size: int = 30, turns: int = 3,
             ground: list[dict[str, Any]] | None = None,
             feature: list[dict[str, Any]] | None = None,
             trench: list[dict[str, Any]] | None = None):
    data: dict[str, Any] = {"scenario": {"name": "test", "title": "t", "title_zh": "测试",
                                         "width": size, "height": size, "turns": turns},
                            "unit": units}
    for k, v in (("ground", ground), ("feature", feature), ("trench", trench)):
        if v:
            data[k] = v
    return parse_scenario(data, "test.toml")


def u(side: str, typ: str, col: int, row: int, **kw: Any) -> dict[str, Any]:
    return {"side": side, "type": typ, "squares": [[col, row]], **kw}


def at_movement(sc, first: int = 1) -> PState:
    """The state after the mortar step, the initiative d6 ``first`` (odd German first)."""
    s, _ = apply(new_state(sc), EndPhase(), ScriptedDice([first]))
    return s


def at_fire(sc, first: int = 1) -> PState:
    """The state at the start of the fire phase (both sides pass their moves)."""
    s = at_movement(sc, first)
    while s.phase == "movement":
        s, _ = apply(s, EndPhase(), ScriptedDice([]))
    return s
