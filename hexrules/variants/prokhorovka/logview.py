"""What one side may read of a Prokhorovka game's log (fog of war): :func:`public_log`.

**[project ruling]** (docs/rules.md, "Rulings of the Prokhorovka variant"): a side reads its
own orders' records, less any part that names an enemy unit it does not see now or the
square where one stands; of the enemy's orders, only those whose record names none
(:mod:`hexrules.variants.logview`) — the others are one line, "the enemy acted".

Examples
--------
>>> from hexrules.variants.prokhorovka import EndPhase, ProkGame
>>> g = ProkGame.new("cut", seed=1)
>>> _ = g.apply(EndPhase())
>>> [(summary, rec is not None) for summary, rec in public_log(g, "soviet")]
[('T1 mortar · german: EndPhase()', True)]
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hexrules.variants.logview import mentions
from hexrules.variants.prokhorovka.state import OrderRecord, PState
from hexrules.variants.prokhorovka.view import view

__all__ = ["hidden_words", "public_log", "public_record"]


def hidden_words(s: PState, side: str) -> set[str]:
    """The ids of the enemy units on the map that ``side`` does not see now, and their squares."""
    seen = {u.id for u in view(s, side).seen}
    out: set[str] = set()
    for u in s.units:
        if u.side != side and u.on_map and u.id not in seen:
            out |= {u.id, str(u.square)}
    return out


def _text(x: Any) -> str:
    return f"{x}\n{x._repr_html_()}"


def public_record(s: PState, order: object, rec: OrderRecord, side: str,
                  hidden: set[str] | None = None) -> OrderRecord | None:
    """``rec`` as ``side`` may read it in ``s``; ``None``: not at all (``hidden``: the
    :func:`hidden_words`, if already known)."""
    hidden = hidden_words(s, side) if hidden is None else hidden
    if rec.side != side:
        return None if mentions(_text(rec) + repr(order), hidden) else rec
    return dataclasses.replace(rec, parts=tuple(p for p in rec.parts
                                                if not mentions(_text(p), hidden)))


def public_log(game: Any, side: str) -> list[tuple[str, OrderRecord | None]]:
    """Each entry of ``game``'s log as ``side`` may read it: a summary and the record."""
    s = game.state
    hidden = hidden_words(s, side)
    out = []
    for order, rec in game.log:
        pub = public_record(s, order, rec, side, hidden)
        what = repr(order) if pub is not None else "acted 已行动 (fog of war 战争迷雾)"
        out.append((f"T{rec.turn} {rec.phase} · {rec.side or ''}: {what}", pub))
    return out
