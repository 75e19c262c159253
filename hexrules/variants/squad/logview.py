"""What one side may read of a squad game's log (fog of war, Q-13…Q-15): :func:`public_log`.

**[project ruling]** (docs/rules.md, "Rulings of the squad variant"): the plans are secret,
so an enemy's order (its deployment, action or attack plan) is never shown, only that it
was handed in. Of what the orders caused, a side reads:

* a detection (Q-13, Q-14: a record, or a step ``observer → target`` of the detection
  check) only when the observer is one of its own teams (what its teams saw, or failed to
  see) — never whether the enemy saw it;
* an attack record (Q-16…Q-23) only when one of its teams attacked or was attacked (the
  attackers are revealed, Q-15);
* a heal record (Q-6) only of its own medics;
* any other event (turn, phase, scoring) as it is,

and in every case not a part that names an enemy team it does not detect now, or the hex
where one stands (:mod:`hexrules.variants.logview`).

Examples
--------
>>> from hexrules.variants.squad import SquadState
>>> s = SquadState.new("lesson", seed=1, deployed=True)
>>> [summary for summary, rec in public_log(s, "red")][1:]
['T1 deployment · Red 红方: Deployment', 'T1 deployment · Blue 蓝方: plan handed in']
"""

from __future__ import annotations

import dataclasses

from hexrules.units import Side
from hexrules.variants.logview import mentions
from hexrules.variants.squad.records import (
    AttackRecord,
    DetectionRecord,
    HealRecord,
    SquadEvent,
)
from hexrules.variants.squad.state import SquadRecord, SquadState
from hexrules.variants.squad.teams import hex_name

__all__ = ["hidden_words", "public_log", "public_record"]


def hidden_words(state: SquadState, side: Side | str) -> set[str]:
    """The ids of the enemy teams ``side`` does not detect now and the hexes they stand on."""
    side = Side.parse(side)
    out: set[str] = set()
    for t in state.teams:
        if t.side is not side and not state.detects(side, t.id):
            out |= {t.id, hex_name(t.hex)}
    return out


def _readable(part: object, mine: set[str]) -> bool:
    if isinstance(part, DetectionRecord):
        return part.observer in mine
    if isinstance(part, AttackRecord):
        return part.target in mine or any(a in mine for a in part.attackers)
    if isinstance(part, HealRecord):
        return part.medic in mine
    return True


def _own_detections(part: object, mine: set[str]) -> object:
    """A detection-check event with only the steps whose observer is one of ``mine``."""
    if isinstance(part, SquadEvent) and part.rule == "Q-13":
        keep = tuple(st for st in part.steps if " → " not in st.title
                     or st.title.split(" → ")[0] in mine)
        return dataclasses.replace(part, steps=keep)
    return part


def public_record(state: SquadState, rec: SquadRecord, side: Side | str,
                  hidden: set[str] | None = None) -> SquadRecord:
    """``rec`` with only the parts ``side`` may read (the ruling above); an enemy's order is
    replaced by ``None`` (``hidden``: the :func:`hidden_words`, if already known)."""
    side = Side.parse(side)
    mine = {t.id for t in state.teams if t.side is side}
    hidden = hidden_words(state, side) if hidden is None else hidden
    parts = tuple(p for p in (_own_detections(q, mine) for q in rec.parts)
                  if _readable(p, mine) and (p.steps or not isinstance(p, SquadEvent))
                  and not mentions(f"{p}\n{p._repr_html_()}", hidden))
    order = rec.order if rec.side in (None, side) else None
    return dataclasses.replace(rec, order=order, parts=parts)


def public_log(state: SquadState, side: Side | str) -> list[tuple[str, SquadRecord | None]]:
    """Each record of the log as ``side`` may read it: a one-line summary and the record
    (``None`` when nothing of it is readable)."""
    side = Side.parse(side)
    hidden = hidden_words(state, side)
    out = []
    for rec in state.log:
        pub = public_record(state, rec, side, hidden)
        who = f" · {rec.side.label}" if rec.side else ""
        if rec.order is None:
            what = "start 推演开始"
        elif pub.order is None:
            what = "plan handed in"
        else:
            what = type(rec.order).__name__
        summary = f"T{rec.turn} {rec.phase.value}{who}: {what}"
        out.append((summary, pub if (pub.parts or pub.order is not None) else None))
    return out
