"""The sight-line explorer's text panels: the verdict and the "why" table (判定依据).

Pure functions of a :class:`~hexrules.sight.exact.SightRecord`: they only word its fields.

>>> from hexrules import HexMap, line_of_sight
>>> rec = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
>>> "不通视" in verdict_html(rec), first_block(rec).where
(True, '4563KE')
"""

from __future__ import annotations

import html
import struct

from hexrules.map.coords import HEX_METRES
from hexrules.sight.exact import CASE_LABELS, ChartPoint, SightRecord

__all__ = ["first_block", "png_size", "verdict_html", "why_html"]


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header."""
    return struct.unpack(">II", png[16:24])


def first_block(rec: SightRecord) -> ChartPoint | None:
    """The chart point the reason names as blocking (the first above the line), or None."""
    return rec.blocking_points[0] if rec.blocking_points else None


def verdict_html(rec: SightRecord | None, note: str | None = None) -> str:
    """The verdict panel: verdict, case, reason, hexside rulings, a pair's note, rules."""
    if rec is None:
        return ("<div class='hexrules-verdict-line'>Verdict 判定: choose an observer "
                "观察单位 and a target 目标</div>")
    e = html.escape
    cls = "hexrules-visible" if rec.visible else "hexrules-blocked"
    parts = [
        f"<div class='hexrules-verdict-line'><b class='{cls}'>{e(rec.verdict)}</b> · "
        f"{e(rec.observer_name)} → {e(rec.target_name)} · range 距离 {rec.distance} hexes "
        f"({rec.distance * HEX_METRES} m)</div>",
        f"<div class='hexrules-case'><b>{e(CASE_LABELS[rec.case])}</b></div>",
        f"<div class='hexrules-reason'>{e(rec.reason)}</div>",
    ]
    # hexsides whose two sides differ: the lower one is what the line meets (L-1)
    sides = [g for g in rec.grazes if g.height is not None and len(set(g.heights)) == 2]
    if sides:
        ruled = "; ".join(f"{e(g.names[0])} | {e(g.names[1])}: min{g.heights} = {g.height}"
                          for g in sides)
        parts.append(f"<div class='hexrules-graze-note'>Along a hexside 格边 the line meets "
                     f"the lower side's height (L-1, L-2): {ruled}</div>")
    if note:
        parts.append(f"<div class='hexrules-shows'><i>{e(note)}</i></div>")
    parts.append(
        f"<div class='hexrules-rules'>Rules 规则: {e(', '.join(rec.rules))} · the range is "
        f"counted hex by hex (M-1); the chart measures along the straight line, "
        f"{rec.length:.2f} hex widths</div>")
    return "".join(parts)


def why_html(rec: SightRecord) -> str:
    """判定依据: every hex on the line with its level, terrain and height for sight."""
    e = html.escape
    block = first_block(rec)
    blocking = set(block.where.split("|")) if block else set()
    roles = {"observer": "observer 观察单位", "target": "target 目标"}
    rows = []
    for c in rec.crossings:
        cls = " class='hexrules-why-block'" if c.name in blocking else ""
        mark = " ✗" if c.name in blocking else ""
        rows.append(
            f"<tr{cls}><td>{e(c.name)}{mark}</td><td>{roles.get(c.role, 'passed 途经格')}"
            f"</td><td>{c.entry:.2f}–{c.exit:.2f}</td><td>{c.elevation}</td>"
            f"<td>{e(c.terrain.label)}</td><td>{c.height}</td></tr>")
    for g in rec.grazes:
        rows.append(
            f"<tr><td>{e(g.names[0])} | {e(g.names[1])}</td><td>hexside 格边</td>"
            f"<td>{g.entry:.2f}–{g.exit:.2f}</td><td colspan='3' "
            f"class='hexrules-why-ruling'>{e(g.ruling)}</td></tr>")
    points = "".join(
        f"<li>({p.distance:.2f}, +{p.rise}) at {e(p.where)}: "
        f"{'below or on the line ✓' if p.clear else '<b>above the line ✗</b>'}</li>"
        for p in rec.chart_points
    ) or "<li>none: no hex on the line rises above the lower unit</li>"
    return (
        "<div class='hexrules-why-title'><b>Why 判定依据</b> — every hex the line passes "
        "through, with the height it takes part with</div>"
        "<table><thead><tr><th>hex<br>六角格</th><th>role<br>作用</th><th>along the line"
        "<br>沿线距离</th><th>level<br>高程等级</th><th>terrain<br>地形</th>"
        "<th>height for sight<br>通视高程 (L-2)</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
        "<div>Chart points 高程变化点 (distance from the lower unit, 高程变化值):</div>"
        f"<ul>{points}</ul>"
    )
