"""What one side may read of the game log and of the enemy computer's reasoning (fog of war).

:func:`~hexrules.game.view.view` says what a side knows of the *state*; this module says what
it may read of the *records* that led there, for the scenario player and any other screen.

**[project ruling]** (docs/rules.md, "Rulings of the game engine"):

* Always, fog of war or not: the enemy's fire-plan orders are left out, and so are the steps
  of its card draws and fire plans (T-4, A-1) inside any record — a view holds neither the
  enemy's hand nor its plans' targets (E-6, E-7).
* With fog of war: an engine event that names a unit the side does not see, or the hex it
  stands in, is left out even inside the side's own order (e.g. the T-1 list of markers
  removed); an enemy record that still names one is not shown at all (the screen says only
  that the enemy acted).
* The enemy computer's reasoning is public only if it names no unseen unit or hex (with fog of
  war) and lists no card order or fire plan it did not give (its hand).

Examples
--------
>>> from hexrules import Hex, HexMap, Unit
>>> from hexrules.game import Game, Options, Pass
>>> g = Game.new(HexMap.flat(10, 5), [Unit("R1", "red", Hex(0, 2)),
...              Unit("B1", "blue", Hex(8, 2))], turns=1, seed=9,
...              options=Options(fog_of_war=True))
>>> rec = g.apply(Pass())
>>> public_record(g.state, rec, "blue") == rec      # a pass names nobody hidden
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from hexrules.game.cardorders import FieldRepair, PlanFire, RapidReload
from hexrules.game.records import GameEvent, GameRecord
from hexrules.game.state import GameState
from hexrules.units import Side

__all__ = ["decision_is_public", "hidden_from", "names", "public_record"]


def hidden_from(state: GameState, side: Side | str) -> tuple[set[str], set[str]]:
    """The ids of the living enemy units ``side`` does not see, and the hexes they stand in."""
    known = {u.id for u in state.view(side).units}
    lost = {u.id for u in state.losses}
    ids = {u.id for u in state.units if u.id not in known and u.id not in lost}
    hexes = {state.hexmap.name_of(u.hex) for u in state.units if u.id in ids}
    return ids, hexes


def names(text: str, words: Iterable[str]) -> list[str]:
    """The ``words`` (unit ids, hex names) that ``text`` names as whole words.

    >>> names("R1 fires on B12", {"R1", "B1"})
    ['R1']
    """
    return sorted(w for w in set(words)
                  if re.search(rf"(?<![A-Za-z0-9]){re.escape(w)}(?![A-Za-z0-9])", text))


def _text(part: Any) -> str:
    return f"{part}\n{part._repr_html_()}"


def public_record(state: GameState, rec: GameRecord, side: Side | str) -> GameRecord | None:
    """``rec`` as ``side`` may read it in ``state`` (the ruling above); ``None``: not at all."""
    side = Side(side)
    foe = side.opponent
    if rec.side is foe and isinstance(rec.order, PlanFire):
        return None
    fog = state.options.fog_of_war
    ids, hexes = hidden_from(state, side) if fog else (set(), set())
    words = ids | hexes
    parts = []
    for part in rec.parts:
        if isinstance(part, GameEvent):
            keep = tuple(st for st in part.steps if not (
                st.rule in ("T-4", "A-1") and ("side 方", foe.label) in st.inputs))
            part = dataclasses.replace(part, steps=keep)
            if words and names(_text(part), words):
                continue
        parts.append(part)
    out = dataclasses.replace(rec, parts=tuple(parts))
    if words and rec.side is not side and names(_text(out), words):
        return None
    return out


def decision_is_public(state: GameState, decision: Any, by: Side | str,
                       side: Side | str) -> bool:
    """Whether ``side`` may read the reasoning ``decision`` of the computer on side ``by``.

    ``decision`` is a :class:`hexrules.players.Decision` (its ``order`` and ranked
    ``candidates``).
    """
    by, side = Side(by), Side(side)
    if by is side:
        return True
    if state.options.fog_of_war and names(_text(decision),
                                                  set.union(*hidden_from(state, side))):
        return False
    for c in decision.candidates:
        o = c.order
        secret = isinstance(o, PlanFire | FieldRepair | RapidReload) or bool(
            getattr(o, "enhance", None))
        if secret and (o != decision.order or isinstance(o, PlanFire)):
            return False
    return True
