"""HTML of the squad variant's state and views for a notebook (imported lazily).

>>> from hexrules.variants.squad import SquadState
>>> html = SquadState.new("lesson", seed=1).view("red")._repr_html_()
>>> "R1" in html and "B1" not in html
True
"""

from __future__ import annotations

from html import escape as e
from typing import TYPE_CHECKING

from hexrules.glossary import label
from hexrules.language import localized
from hexrules.variants.squad.rules import load_rules
from hexrules.variants.squad.teams import Team, hex_name

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.variants.squad.state import SquadState
    from hexrules.variants.squad.view import SquadView

__all__ = ["state_html", "view_html"]

_HEAD = ("<tr><th>Team</th><th>type</th><th>hex 六角格</th><th>facing 方向</th>"
         "<th>posture 姿态</th><th>defence 防御</th><th>order 作战指令</th><th>status</th></tr>")


def _row(t: Team) -> str:
    r = load_rules()
    theo = t.type(r).defence
    status = label("killed") if t.killed else label("suppressed") if t.suppressed else ""
    cells = (t.id, t.type(r).label, hex_name(t.hex), str(t.facing), t.posture.label(r),
             f"{t.defence}/{theo}", t.order.label, status)
    return "<tr>" + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>"


@localized
def view_html(view: SquadView) -> str:
    """One side's view: its own teams, then the enemy teams it has detected."""
    r = load_rules()
    head = (f"<p><b>{e(view.side.label)}</b> · turn 回合 {view.turn}/{view.turns} · "
            f"{e(view.phase.label)}</p>")
    own = f"<table>{_HEAD}{''.join(_row(t) for t in view.own)}</table>"
    rows = []
    for k in view.known:
        if k.lit:
            full = (f"{k.facing}", k.posture.label(r) if k.posture else "", f"{k.defence}",
                    label("suppressed") if k.suppressed else "")
        else:
            full = ("?", "?", "?", "")
        cells = (k.id, r.types[k.kind].label, hex_name(k.hex), *full,
                 label("lighting") if k.lit else "detected 发现")
        rows.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>")
    known = ("<table><tr><th>Enemy</th><th>type</th><th>hex 六角格</th><th>facing 方向</th>"
             "<th>posture 姿态</th><th>defence 防御</th><th>status</th><th>how known</th>"
             f"</tr>{''.join(rows)}</table>" if rows else "<p>No enemy team detected.</p>")
    return f"<div class='hexrules-squad-view'>{head}{own}{known}</div>"


@localized
def state_html(state: SquadState) -> str:
    """The whole state (the referee's view): every team."""
    head = (f"<p>Turn 回合 {state.turn}/{state.turns} · {e(state.phase.label)}"
            f"{' · ' + e(state.to_act.label) + ' to hand in' if state.to_act else ''}</p>")
    return (f"<div class='hexrules-squad-state'>{head}<table>{_HEAD}"
            f"{''.join(_row(t) for t in state.teams)}</table></div>")
