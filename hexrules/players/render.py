"""HTML and text of a player's decision: the chosen order and its top candidates with the
numbers behind them (imported lazily by ``Decision._repr_html_``).

Both follow the language setting (:mod:`hexrules.language`): the decision keeps the English
notes it was written with, and they are shown in Chinese through the phrase table
(``hexrules/data/messages.toml``) when they are drawn; the names of the parts of a score
(``damage``, ``risk``…) are localised as whole texts, and their tooltips too.

Examples
--------
>>> from hexrules.game import Pass
>>> from hexrules.players import Candidate, Decision
>>> d = Decision(Pass(), (Candidate(Pass(), 0.0, (("damage", 0.0),), "wait"),), "default")
>>> decision_html(d).startswith("<div class='hexrules-decision'>")
True
>>> print(decision_text(d))
default chose Pass()
  * Pass()  score +0.00  damage +0.00  (wait)
>>> from hexrules.language import using
>>> with using("zh"):
...     print(decision_text(d))
默认电脑玩家 选择 Pass()
  * Pass()  得分 +0.00  毁伤 +0.00  （等待）
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from hexrules.language import get_language, localize, localized

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.players.base import Decision

__all__ = ["decision_html", "decision_text"]

#: What each part of a score means (the column headers' tooltips).
PARTS = {
    "damage": "expected value taken from the target (exact odds, F-6…F-10)",
    "threat": "expected enemy fire removed or suppressed",
    "commit": "what the shooters or the mover give up (their move, their reactions)",
    "objective": "change of the expected objective points",
    "risk": "expected value lost to opportunity fire on the worst hex of the path (V-6)",
    "exposure": "change of the expected value lost to the next direct-fire phase",
    "offense": "change of the best expected value of our next shot",
    "watch": "objective hexes in sight",
    "cover": "forest or settlement (F-7)",
    "later": "a better chance later (declining now), or the shot given up by firing now",
    "plan": "the value of the planned move, which goes on after the shot",
    "tempo": "movement points gained towards the objective the enemy holds",
    "march": "the moving fire a march gives up (V-3, V-8)",
}


def _columns(d: Decision) -> list[str]:
    cols: list[str] = []
    for c in d.candidates:
        for k, _ in c.parts:
            if k not in cols:
                cols.append(k)
    return cols


def _say(words: str) -> str:
    """``words`` (a note, a part's name, a heading) as a whole text in the current language."""
    return localize(words)


def _chose(d: Decision) -> tuple[str, str]:
    """Who chose (the player's name) and the verb, in the current language."""
    return _say(d.player or "player"), _say("chose")


def decision_text(d: Decision) -> str:
    """The decision in plain text, one candidate a line (``*`` marks the chosen one)."""
    who, chose = _chose(d)
    lines = [f"{who} {chose} {d.order!r}"]
    score = _say("score")
    zh = get_language() == "zh"
    for c in d.candidates:
        mark = "*" if c.order == d.order else " "
        parts = "  ".join(f"{_say(k)} {v:+.2f}" for k, v in c.parts)
        note = (f"  （{_say(c.note)}）" if zh else f"  ({_say(c.note)})") if c.note else ""
        lines.append(f"  {mark} {c.order!r}  {score} {c.score:+.2f}  {parts}{note}".rstrip())
    return "\n".join(lines)


@localized
def decision_html(d: Decision) -> str:
    """An HTML table: one row per candidate, one column per part of its score."""
    cols = _columns(d)
    head = "".join(f"<th title='{html.escape(_say(PARTS.get(k, k)))}'>{html.escape(k)}</th>"
                   for k in cols)
    rows = []
    for c in d.candidates:
        vals = dict(c.parts)
        cells = "".join(f"<td>{vals[k]:+.2f}</td>" if k in vals else "<td></td>" for k in cols)
        chosen = " class='chosen' style='font-weight:bold'" if c.order == d.order else ""
        rows.append(f"<tr{chosen}><td><code>{html.escape(repr(c.order))}</code></td>"
                    f"<td>{c.score:+.2f}</td>{cells}<td>{html.escape(_say(c.note))}</td></tr>")
    who, chose = (html.escape(w) for w in _chose(d))
    return (f"<div class='hexrules-decision'><p><b>{who}</b> {chose} "
            f"<code>{html.escape(repr(d.order))}</code></p>"
            f"<table><tr><th>order</th><th>score</th>{head}<th>why</th></tr>"
            f"{''.join(rows)}</table></div>")
