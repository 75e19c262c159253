"""The after-action review 复盘 widget: step through a finished game on the board, in the full
picture or as one side knew it, with the record and the decision analysis of each order.

:class:`GameReview` draws a :class:`hexrules.review.Review` (it decides nothing: every number
comes from the review). The bar: **◀ Back 后退** and **Next 前进 ▶** one record, jump to a
turn, jump to an event (the first kill, a kill, an artillery mission…), the view **Full 全局
/ Red 红方 / Blue 蓝方**, the position. The board shows the counters after the record; the
side panel the record and its decision point (odds, luck, the orders the computer ranks
higher).

A side's view (fog of war) shows only what that side knew then: the counters of its view
(:meth:`Review.view_at <hexrules.review.Review.view_at>`), the record as it may read it
(:meth:`~hexrules.review.Review.record_for`; an enemy record naming a hidden unit is one
line), the decision points it may read and the events of its timeline. **[project ruling]**
The whole-game summary, the turning points and the plots belong to the full picture only
(they name units a side did not see at that moment).

Examples
--------
>>> from hexrules.players import RandomPlayer, play
>>> g = play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)}, seed=3)
>>> w = GameReview(g.state)
>>> w.next(); w.position
1
>>> w.jump_to_turn(2); w.review.record(w.position).turn
2
>>> w.set_view("red"); [u.id for u in w.counters.units if u.side.value == "blue"] == [
...     u.id for u in w.review.view_at(w.position, "red").units if u.side.value == "blue"]
True
"""

from __future__ import annotations

import html
from importlib import resources
from pathlib import Path
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.language_toggle import language_toggle
from hexrules_widgets.style import style_widget
from hexrules_widgets.units import CounterLayer

from hexrules.errors import RulesError
from hexrules.glossary import order_label
from hexrules.language import get_language, localize, localize_html, pick
from hexrules.review import EVENT_KINDS, Review
from hexrules.units import Side

__all__ = ["VIEWS", "GameReview"]

#: The views: (label, side or None for the full picture).
VIEWS: tuple[tuple[str, str | None], ...] = (("Full 全局", None), ("Red 红方", "red"),
                                             ("Blue 蓝方", "blue"))


def _say(both: str, en: str, zh: str) -> str:
    """``both`` as the bilingual edition has always written it; ``en`` or ``zh`` alone."""
    return both if get_language() == "both" else pick(en, zh)


def _css() -> ipw.HTML:
    text = (resources.files("hexrules_widgets") / "review.css").read_text(encoding="utf-8")
    w = ipw.HTML(f"<style>{text}</style>", layout=ipw.Layout(display="none"))
    return w


class GameReview(ipw.VBox):
    """Step through a :class:`~hexrules.review.Review` (or anything
    :meth:`Review.build <hexrules.review.Review.build>` opens: a saved game file, a game
    log, a state)."""

    def __init__(self, review: Any, *, board_height: str = "500px",
                 language: bool = True) -> None:
        self.review = review if isinstance(review, Review) else Review.build(review)
        self.position = 0
        self.side: str | None = None
        self._relabelling = False
        r = self.review
        self.back_button = self._button("", "hexrules-review-back", self.back)
        self.next_button = self._button("", "hexrules-review-next", self.next)
        self._turns = sorted({rec.turn for rec in r.log.records})
        self.turn_pick = ipw.Dropdown(options=[(str(t), t) for t in self._turns],
                                      value=self._turns[0], description="",
                                      layout=ipw.Layout(width="120px"))
        self.turn_pick.add_class("hexrules-review-turn")
        self.turn_button = self._button("", "hexrules-review-turn-go",
                                        lambda _b: self.jump_to_turn(self.turn_pick.value))
        self.event_pick = ipw.Dropdown(layout=ipw.Layout(width="250px"))
        self.event_pick.add_class("hexrules-review-event")
        self.event_button = self._button("", "hexrules-review-event-go",
                                         lambda _b: self.jump_to(self.event_pick.value))
        #: The view: ``"full"``, ``"red"`` or ``"blue"`` (its labels follow the language).
        self.view_pick = ipw.ToggleButtons(options=[(v[0], v[1] or "full") for v in VIEWS],
                                           value="full")
        self.view_pick.add_class("hexrules-review-view")
        self.view_pick.observe(self._on_view, "value")
        bar = ipw.HBox([self.back_button, self.next_button, self.turn_pick, self.turn_button,
                        self.event_pick, self.event_button, self.view_pick])
        bar.add_class("hexrules-review-bar")
        self.position_line = ipw.HTML()
        self.position_line.add_class("hexrules-review-position")
        self.record_html = ipw.HTML()
        self.record_html.add_class("hexrules-review-record")
        self.decision_html = ipw.HTML()
        self.decision_html.add_class("hexrules-review-decision")
        self.board = HexBoard(r.state_at(0).hexmap, height=board_height, legend=False)
        self.board.layout.width = "100%"  # fill its 600 px box (a flex row shrinks it)
        self.counters = CounterLayer(self.board)
        #: The 中 / EN / 双语 toggle (:func:`~hexrules_widgets.language_toggle.language_toggle`),
        #: or ``None`` with ``language=False``; :meth:`relabel` redraws in the setting.
        self.language_toggle = language_toggle(lambda _: self.relabel()) if language else None
        top = [self.language_toggle] if self.language_toggle else []
        side = ipw.VBox([*top, self.position_line, self.decision_html, self.record_html],
                        layout=ipw.Layout(width="560px", height=board_height))
        side.add_class("hexrules-review-side")
        board_box = ipw.Box([self.board], layout=ipw.Layout(width="600px", flex="0 0 auto"))
        # the whole-game part (full picture only)
        self.summary_html = ipw.HTML()
        self.summary_html.add_class("hexrules-review-whole")
        self.plots_button = self._button("", "hexrules-review-plots", self.draw_plots)
        self.path_text = ipw.Text(value="review.html", layout=ipw.Layout(width="140px"))
        self.export_button = self._button("", "hexrules-review-export",
                                          lambda _b: self.export(self.path_text.value))
        self.status_line = ipw.HTML()
        self.status_line.add_class("hexrules-review-status")
        self.plots_box = ipw.VBox()
        self.whole = ipw.VBox([ipw.HBox([self.plots_button, self.path_text,
                                         self.export_button, self.status_line]),
                               self.summary_html, self.plots_box])
        self.whole.add_class("hexrules-review-whole-box")
        super().__init__([style_widget(), _css(), bar, ipw.HBox([board_box, side]),
                          self.whole])
        self.add_class("hexrules-review-widget")
        self._texts()
        self._fill_events()
        self._fill_summary()
        self.refresh()

    def _texts(self) -> None:
        """The texts of the controls in the current language."""
        self.back_button.description = "◀ " + pick("Back", "后退")
        self.next_button.description = pick("Next", "前进") + " ▶"
        self.turn_button.description = pick("Go to turn", "跳转")
        self.event_button.description = pick("Go to event", "事件")
        self.plots_button.description = pick("Plots", "图表")
        self.export_button.description = pick("Export HTML", "导出")
        turn, view = self.turn_pick.value, self.view_pick.value
        self._relabelling = True  # new option labels, the same values
        try:
            self.turn_pick.options = [(_say(f"turn {t} 回合", f"turn {t}", f"第{t}回合"), t)
                                      for t in self._turns]
            self.view_pick.options = [(localize(lab), side or "full") for lab, side in VIEWS]
            self.turn_pick.value, self.view_pick.value = turn, view
        finally:
            self._relabelling = False

    def relabel(self) -> None:
        """Draw every text again in the current language (after the language toggle)."""
        self._texts()
        self.board.relabel()  # its hover line
        self._fill_events()
        if self.side is None:
            self._fill_summary()
        self.refresh()

    @staticmethod
    def _button(text: str, css: str, on: Any) -> ipw.Button:
        b = ipw.Button(description=text, layout=ipw.Layout(width="auto"))
        b.add_class(css)
        b.on_click(on)
        return b

    # -- moving ------------------------------------------------------------------------------
    def jump_to(self, k: int | None) -> None:
        """Show the state after record ``k``."""
        if k is None:
            return
        if not 0 <= k < len(self.review):
            raise RulesError(f"the review has records 0…{len(self.review) - 1}, got {k!r}")
        self.position = k
        self.refresh()

    def next(self, _b: Any = None) -> None:
        """One record on."""
        self.jump_to(min(self.position + 1, len(self.review) - 1))

    def back(self, _b: Any = None) -> None:
        """One record back."""
        self.jump_to(max(self.position - 1, 0))

    def jump_to_turn(self, turn: int) -> None:
        """The first record of ``turn``."""
        self.jump_to(self.review.turn_start(turn))

    def jump_to_event(self, kind: str) -> None:
        """The first event of ``kind`` (``"first_kill"``…) after the current record, as the
        current view may read the timeline (from the start if there is none after)."""
        k = self.review.find(kind, self.position, self.side)
        if k is None:
            k = self.review.find(kind, -1, self.side)
        if k is None:
            what = localize(EVENT_KINDS.get(kind, kind))
            self.status_line.value = html.escape(_say(f"no {EVENT_KINDS.get(kind, kind)}",
                                                      f"no {what}", f"没有{what}"))
            return
        self.jump_to(k)

    def set_view(self, side: Side | str | None) -> None:
        """The full picture (``None``) or one side's view."""
        value = None if side is None else Side.parse(side).value
        self.view_pick.value = value or "full"

    def _on_view(self, change: dict[str, Any]) -> None:
        if self._relabelling:
            return
        self.side = None if change["new"] == "full" else change["new"]
        self.whole.layout.display = "none" if self.side else None
        if self.side:  # not even hidden in the page: the summary names every unit
            self.summary_html.value = ""
            self.plots_box.children = []
        else:
            self._fill_summary()
        self._fill_events()
        self.refresh()

    # -- drawing -----------------------------------------------------------------------------
    def _fill_events(self) -> None:
        # a side's list names no unit: it lists events still to come, whose units the side
        # may not see now
        turn = _say("t{}", "t{}", "第{}回合")
        opts = [(f"#{e.index} {turn.format(e.turn)} {localize(e.title)}"
                 + (f" {','.join(e.units)}" if e.units and self.side is None else ""), e.index)
                for e in self.review.events_for(self.side) if e.kind != "turn"]
        self.event_pick.options = opts or [(pick("no events", "无事件"), None)]

    def _fill_summary(self) -> None:
        from hexrules.review.report import _summary_table, _turning

        r = self.review
        self.summary_html.value = localize_html(
            f"<b>{pick('Summary per side', '各方小结')}</b>{_summary_table(r)}"
            f"<b>{pick('Turning points', '转折点')}</b>{_turning(r)}")

    def refresh(self) -> None:
        """Redraw the board and the panels for the current record and view."""
        r, k, side = self.review, self.position, self.side
        s = r.state_at(k)
        if side is None:
            units = [*s.units, *s.losses]
        else:
            v = r.view_at(k, side)
            units = [*v.units, *v.losses]
        self.counters.show(units)
        rec = r.record_for(k, side)
        full = r.record(k)
        who = localize(full.side.label if full.side is not None else pick("referee", "裁判"))
        if rec is None:
            body = "<p>" + html.escape(_say(f"{who} acted 行动 (hidden from this view 不可见)",
                                            f"{who} acted (hidden from this view)",
                                            f"{who}已行动（不可见）")) + "</p>"
        else:
            what = pick("start of the game", "推演开始") if rec.order is None \
                else order_label(rec.order)
            body = f"<p><b>{html.escape(what)}</b></p>{rec._repr_html_()}"
        self.record_html.value = body
        d = r.decision_for(k, side)
        self.decision_html.value = localize_html(d._repr_html_()) if d is not None else (
            f"<p class='hexrules-dp-none'>{pick('no decision point here', '此处无决策点')}</p>")
        name = localize(Side.parse(side).label) if side else ""
        view = pick("full picture", "全局") if side is None else _say(
            f"{name} view", f"{name} view", name)
        n = len(r) - 1
        self.position_line.value = (
            f"<b>{_say(f'record {k}/{n}', f'record {k}/{n}', f'记录 {k}/{n}')}</b> · "
            f"{_say(f'turn {full.turn} 回合', f'turn {full.turn}', f'第{full.turn}回合')} · "
            f"{html.escape(localize(full.phase.label))} · {html.escape(who)} · "
            f"{html.escape(view)}")

    def draw_plots(self, _b: Any = None) -> None:
        """Draw the kill timeline, expected against actual damage, sight and win
        probability as images (full picture)."""
        from hexrules.review.plots import plot_damage, plot_kills, plot_sight, plot_win, png_of

        draws = [plot_kills, plot_damage, plot_sight] + ([plot_win] if self.review.win else [])
        imgs = []
        for draw in draws:
            img = ipw.Image(value=png_of(draw, self.review), format="png",
                            layout=ipw.Layout(max_width="900px"))
            img.add_class("hexrules-review-plot")
            imgs.append(img)
        self.plots_box.children = imgs

    def export(self, path: str | Path) -> Path:
        """Write the static HTML report to ``path``."""
        p = Path(path)
        self.review.to_html(p)
        self.status_line.value = f"{pick('written', '已导出')} {html.escape(str(p))}"
        return p
