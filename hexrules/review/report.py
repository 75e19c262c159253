"""The review as HTML: the notebook display (``Review._repr_html_``) and the static,
self-contained report an instructor hands out (:meth:`Review.to_html`: inline CSS, the plots
and board snapshots as embedded PNG images, no script, nothing from the network).

Examples
--------
>>> from hexrules.players import RandomPlayer, play
>>> from hexrules.review import Review
>>> r = Review.build(play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)},
...                       seed=3).state, computer=False)
>>> page = r.to_html()
>>> page.startswith("<!DOCTYPE html>"), "http" in page.replace("http-equiv", "")
(True, False)
"""

from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING

from hexrules.review.decisions import decision_point_html

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.review.core import Review

__all__ = ["review_html"]

_CSS = """
body { font-family: 'DejaVu Sans', 'Noto Sans CJK SC', sans-serif; max-width: 60em;
       margin: 1em auto; color: #222; }
.hexrules-review table { border-collapse: collapse; margin: .4em 0; }
.hexrules-review td, .hexrules-review th { border: 1px solid #ccc; padding: 2px 6px;
       font-size: 90%; }
.hexrules-review img { max-width: 100%; }
.hexrules-dp-rolled { background: #fff3c4; font-weight: bold; }
.hexrules-decision-point { border-left: 3px solid #888; padding-left: .5em; margin: .5em 0; }
.hexrules-review-boards { display: flex; flex-wrap: wrap; gap: .5em; }
.hexrules-review-boards figure { margin: 0; width: 30em; }
"""


def _img(png: bytes, alt: str) -> str:
    return (f"<img alt='{html.escape(alt)}' src='data:image/png;base64,"
            f"{base64.b64encode(png).decode()}'>")


def _summary_table(r: Review) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(s.side.label)}</td><td>{s.shots}</td><td>{s.expected_kills:.2f}</td>"
        f"<td>{s.fire_kills}</td><td>{s.expected_damage:.2f}</td><td>{s.damage:.2f}</td>"
        f"<td>{s.luck:+.2f}</td><td>{s.kills}</td><td>{e(', '.join(s.lost) or '—')}</td>"
        f"<td>{e('; '.join(f'{t}: {p}' for t, p in s.objectives) or '—')}</td>"
        f"<td>{s.points}</td></tr>" for s in r.summary())
    return ("<table class='hexrules-review-summary'><tr><th>side 方</th><th>shots 射击</th>"
            "<th>expected kills 期望击毁</th><th>kills by fire 射击击毁</th>"
            "<th>expected damage 期望毁伤</th><th>damage 实际毁伤</th><th>luck 运气</th>"
            "<th>all kills 总击毁</th>"
            "<th>units lost 损失</th>"
            f"<th>objectives 目标</th><th>points 得分</th></tr>{rows}</table>")


def _turning(r: Review) -> str:
    if not r.turning:
        return ("<p class='hexrules-review-turning'>turning points: estimate the win "
                "probability first (<code>review.with_win_probability()</code>)</p>")
    items = "".join(f"<li>{html.escape(str(t))}</li>" for t in r.turning)
    return f"<ol class='hexrules-review-turning'>{items}</ol>"


def _key_decisions(r: Review, top: int = 6) -> str:
    fire = [d for d in r.decisions if d.fire]
    luck = sorted(fire, key=lambda d: -abs(d.luck))[:top // 2]
    regret = sorted((d for d in r.decisions if d.regret > 0), key=lambda d: -d.regret)
    picked = sorted({d.index: d for d in [*luck, *regret[:top // 2]]}.values(),
                    key=lambda d: d.index)
    return "".join(decision_point_html(d) for d in picked) or "<p>no decision points</p>"


def review_html(r: Review, *, standalone: bool) -> str:
    """The review as HTML (``standalone``: a whole page with plots and board snapshots)."""
    from hexrules.review.plots import (
        plot_board,
        plot_damage,
        plot_kills,
        plot_sight,
        plot_win,
        png_of,
    )

    e = html.escape
    final = r.states[-1]
    sc = final.score
    result = (sc.result if sc is not None else "unfinished 未结束")
    title = f"After-action review 复盘: {final.scenario or 'game'}"
    head = (f"<h2>{e(title)}</h2><p>{len(r)} records, {final.turn} turns; result "
            f"<b>{e(str(result))}</b>; {len(r.decisions)} decision points, "
            f"{sum(d.fire for d in r.decisions)} shots</p>")
    body = [head, "<h3>Summary per side 各方小结</h3>", _summary_table(r),
            "<h3>Turning points 转折点</h3>", _turning(r)]
    events = "".join(f"<li>#{ev.index} turn {ev.turn}: {e(ev.title)} — {e(ev.text)}</li>"
                     for ev in r.events if ev.kind != "turn")
    body += ["<h3>Timeline 时间线</h3>", f"<ul class='hexrules-review-events'>{events}</ul>"]
    if standalone:
        body += ["<h3>Plots 图表</h3>", _img(png_of(plot_kills, r), "kill timeline"),
                 _img(png_of(plot_damage, r), "expected against actual damage"),
                 _img(png_of(plot_sight, r), "sight over time")]
        if r.win:
            body.append(_img(png_of(plot_win, r), "win probability"))
        ends = [k - 1 for k in (ev.index for ev in r.events if ev.kind == "turn") if k > 0]
        ends.append(len(r) - 1)
        figs = "".join(
            f"<figure>{_img(png_of(plot_board, r, k, figsize=(5, 4)), f'board {k}')}"
            f"<figcaption>end of turn {r.state_at(k).turn}</figcaption></figure>"
            for k in ends)
        body += ["<h3>The board at the end of each turn 每回合结束态势</h3>",
                 f"<div class='hexrules-review-boards'>{figs}</div>"]
    body += ["<h3>Key decisions 关键决策</h3>", _key_decisions(r)]
    inner = f"<div class='hexrules-review'>{''.join(body)}</div>"
    if not standalone:
        return inner
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{e(title)}</title><style>{_CSS}</style></head><body>{inner}"
            "</body></html>")
