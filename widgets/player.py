"""The scenario player: play a shipped scenario in the notebook, hot seat or against the
computer, with fog of war (issue 12). No rule logic: every order, error and record is
:mod:`hexrules`'.

Two halves, so that nothing hidden can reach the page (the first in
:mod:`~hexrules_widgets.player_control`):

* :class:`PlayerController` (the kernel side) holds the :class:`~hexrules.game.Game`, the
  seats (a person, or a computer :class:`~hexrules.players.Player` at a difficulty), the
  states before (undo in practice mode), saving and loading. It hands the drawing a
  :class:`Screen`: the view of the side whose screen it is (``state.view(side)``), that
  side's legal orders as a plain tuple (not the lazy sequence, which carries the state), the
  log and the computer's explanation as HTML, *filtered*: with fog of war a record or an
  explanation of the enemy's that names a unit the screen's side does not see, or the hex
  where one stands, is shown as one line only. It also gives orders: an order the engine
  refuses leaves the game unchanged and the engine's message (naming the rule) becomes the
  status line.
* :class:`ScenarioPlayer` (the widget) draws a :class:`Screen` only — a board with the
  counters of the view, the order buttons, the status, the log — and turns clicks into orders
  it passes to the controller. It never sees the state (the review it shows is the
  controller's, built only when its ruling allows).

The clicks: in the direct-fire phase click your shooter(s), then the target (concentrated
fire when several); in the movement phase click a unit to start its move (**March 行军**
ticked: a march), then hex by hex: each hex the unit may step into next is shaded, marked
with the step's cost and the points left after it (``−1`` over ``4``) and listed beside the
board (the controller's :class:`StepOption`, priced by :func:`hexrules.movement.step_cost`);
every other legal order (pass, end move, moving and short-halt fire, the reaction windows'
opportunity and covering fire or decline, the card orders) is a button. A fire plan (A-1) is
a click on its hex. **Review 复盘** shows the after-action review of the game
(:class:`~hexrules_widgets.review.GameReview` of the controller's
:meth:`~PlayerController.review`) in place of the board, **◀ Back to the game 返回推演**
returns; **[project ruling]** it opens when the game is over, and before only in hot-seat
practice without fog of war (:attr:`PlayerController.can_review`: the review is the full
picture). The toggle **中 / EN / 双语** switches the language
(:func:`hexrules.language.set_language`, for the whole kernel) and redraws the player.

Examples
--------
>>> p = ScenarioPlayer(scenario="duel", red="human", blue="normal", fog=True, seed=3)
>>> p.controller.screen().view.side
Side.RED
>>> p.press("Pass")                      # the order buttons, from Python (tests, lessons)
>>> p.controller.game.state.phase.value
'movement'
>>> p.set_language("en"); p.status_line.value     # as the toggle EN does
'✓ T1 Direct-fire phase · Red Pass'
>>> p.set_language("both")
>>> p.review_button.disabled                # the game goes on under fog of war
True
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.language_toggle import language_toggle
from hexrules_widgets.player_control import (
    LEVELS,
    PlayerController,
    Screen,
    StepOption,
    hidden_note,
    named_ids,
    order_label,
    seat_labels,
    widget_states,
)
from hexrules_widgets.units import CounterLayer, SvgLayer, show_path, show_steps

from hexrules.errors import RulesError
from hexrules.game import DeclareFire, GameState, Order, PlanFire, Scenario, StartMove, StepTo
from hexrules.glossary import label
from hexrules.language import LANGUAGES, get_language, pick, set_language, using
from hexrules.map.hexgrid import Hex
from hexrules.movement import points_text

__all__ = ["LEVELS", "PlayerController", "ScenarioPlayer", "Screen", "StepOption", "named_ids",
           "order_label", "widget_states"]

_WIDE = {"description_width": "initial"}


# ---------------------------------------------------------------------------------------
# The drawing: a Screen only
# ---------------------------------------------------------------------------------------
class ScenarioPlayer(ipw.VBox):
    """The scenario player widget (see the module docstring).

    Parameters are :class:`PlayerController`'s; ``scenario`` is a shipped scenario's name or
    the path of a scenario file (the scenario editor's), which then joins the scenario list;
    ``board_height`` the map's CSS height. ``update_ms`` collects the kernel time of each
    board click (benchmarks).
    """

    def __init__(self, scenario: str = "duel", *, red: Any = "human", blue: Any = "normal",
                 fog: bool = True, seed: int = 1, practice: bool = True,
                 board_height: str = "520px", dice: Any = None,
                 state: GameState | None = None) -> None:
        self.controller = PlayerController(scenario, red=red, blue=blue, fog=fog, seed=seed,
                                           practice=practice, dice=dice, state=state)
        self.shooters: list[str] = []
        self.update_ms: list[float] = []
        self._board_height = board_height
        # a scenario file of one's own (the scenario editor's) joins the shipped ones
        shipped = list(Scenario.available())
        self.scenario_pick = ipw.Dropdown(
            options=shipped if scenario in shipped else [*shipped, str(scenario)],
            value=str(scenario), style=_WIDE, layout=ipw.Layout(width="165px"))
        self.red_pick = ipw.Dropdown(value=red if isinstance(red, str) else "normal",
                                     options=list(LEVELS), style=_WIDE,
                                     layout=ipw.Layout(width="245px"))
        self.blue_pick = ipw.Dropdown(value=blue if isinstance(blue, str) else "normal",
                                      options=list(LEVELS), style=_WIDE,
                                      layout=ipw.Layout(width="245px"))
        self.fog_box = ipw.Checkbox(value=fog, indent=False, layout=ipw.Layout(width="auto"))
        self.practice_box = ipw.Checkbox(value=practice, indent=False,
                                         layout=ipw.Layout(width="auto"))
        self.new_button = self._button("", "hexrules-player-new", self._new)
        #: The language toggle 中 / EN / 双语 (:func:`hexrules.language.set_language`).
        # the shared toggle: every toggle on the page (explorer, board) follows it
        self.language = language_toggle(lambda lang: self._on_language({"new": lang}))
        self.language.add_class("hexrules-player-language")
        top = ipw.HBox([self.scenario_pick, self.red_pick, self.blue_pick, self.fog_box,
                        self.new_button, self.language])
        top.add_class("hexrules-player-top")
        self.phase_line = ipw.HTML()
        self.phase_line.add_class("hexrules-player-phase")
        self.status_line = ipw.HTML()
        self.status_line.add_class("hexrules-player-status")
        self.march_box = ipw.Checkbox(value=False, indent=False, layout=ipw.Layout(width="auto"))
        self.march_box.add_class("hexrules-player-march")
        self.undo_button = self._button("", "hexrules-player-undo", self._undo)
        self.computer_button = self._button("", "hexrules-player-computer", self._computer)
        self.path_text = ipw.Text(value="game.json", layout=ipw.Layout(width="100px"))
        self.save_button = self._button("", "hexrules-player-save", self._save)
        self.load_button = self._button("", "hexrules-player-load", self._load)
        #: **Review 复盘**: the after-action review of this game (:meth:`open_review`).
        self.review_button = self._button("", "hexrules-player-review", self.open_review)
        tools = ipw.HBox([self.march_box, self.practice_box, self.undo_button,
                          self.computer_button, self.path_text, self.save_button,
                          self.load_button, self.review_button])
        tools.layout.flex_flow = "row wrap"
        self.orders_box = ipw.VBox()
        self.orders_box.add_class("hexrules-player-orders")
        self.hint_html = ipw.HTML()
        self.order_row = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.order_buttons: list[ipw.Button] = []
        self._buttons_key: Any = None
        self.steps_html = ipw.HTML()
        self.steps_html.add_class("hexrules-player-steps")
        self.log_html = ipw.HTML()
        self.log_html.add_class("hexrules-player-log")
        self.explain_html = ipw.HTML()
        self.explain_html.add_class("hexrules-player-explain")
        self.board: HexBoard | None = None
        self.board_box = ipw.Box(layout=ipw.Layout(width="600px", flex="0 0 auto"))
        for w in (self.phase_line, self.status_line, tools, self.orders_box, self.steps_html):
            w.layout.flex = "0 0 auto"
        records = ipw.VBox([self.log_html, self.explain_html],
                           layout=ipw.Layout(flex="1 1 0px", overflow="auto",
                                             min_height="80px"))
        records.add_class("hexrules-player-records")
        side = ipw.VBox([self.phase_line, self.status_line, tools, self.orders_box,
                         self.steps_html, records],
                        layout=ipw.Layout(width="560px", height=board_height,
                                          overflow="hidden"))
        side.add_class("hexrules-player-side")
        #: The game's page (the bar, the board, the side panel); the review takes its place.
        self.play_view = [top, ipw.HBox([self.board_box, side])]
        #: The review open (:class:`~hexrules_widgets.review.GameReview`), or ``None``.
        self.review: Any = None
        self.review_back = self._button("", "hexrules-player-review-back", self.close_review)
        super().__init__(self.play_view)
        self.add_class("hexrules-scenario-player")
        self._texts()
        self._make_board()
        self.refresh()

    def _texts(self) -> None:
        """The fixed captions in the current language (:mod:`hexrules.language`)."""
        self.scenario_pick.description = label("scenario")
        seats = seat_labels()
        for pick_, side in ((self.red_pick, "red"), (self.blue_pick, "blue")):
            value = pick_.value
            pick_.options = [(seats[k], k) for k in LEVELS]
            pick_.value = value
            pick_.description = label(side)
        self.fog_box.description = label("fog_of_war")
        self.practice_box.description = pick("Practice", "练习")
        self.new_button.description = pick("New game", "新局")
        self.march_box.description = label("march")
        self.undo_button.description = pick("Undo", "悔棋")
        self.computer_button.description = pick("Computer", "电脑") + " ▶"
        self.save_button.description = pick("Save", "保存")
        self.load_button.description = pick("Load", "读取")
        self.review_button.description = pick("Review", "复盘")
        self.review_back.description = "◀ " + pick("Back to the game", "返回推演")

    def _on_language(self, change: dict[str, Any]) -> None:
        set_language(change["new"])
        self._texts()
        self.refresh()

    def set_language(self, lang: str) -> None:
        """Switch every label to ``lang`` (``'zh'``, ``'en'`` or ``'both'``) and redraw, as
        the toggle does (the setting is :mod:`hexrules.language`'s, for the whole kernel)."""
        if lang not in LANGUAGES:
            set_language(lang)  # the library's error, naming the choices
        if self.language.value == lang:
            self._on_language({"new": lang})
        else:
            self.language.value = lang

    @staticmethod
    def _button(text: str, css: str, on: Callable[[Any], Any]) -> ipw.Button:
        b = ipw.Button(description=text, layout=ipw.Layout(width="auto"))
        b.add_class(css)
        b.on_click(on)
        return b

    def _make_board(self) -> None:
        hexmap = self.controller.game.state.hexmap  # the public map, drawn once per game
        if self.board is None or self.board.hexmap is not hexmap:
            self.board = HexBoard(hexmap, height=self._board_height, legend=False)
            self.board.on_hex_click(self.click)
            self.step_labels = SvgLayer(self.board, "steps", level="point")
            self.counters = CounterLayer(self.board)
            self.board_box.children = [self.board]

    # -- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the controller's :class:`Screen` (the only input of the drawing)."""
        self.draw(self.controller.screen())

    def draw(self, screen: Screen) -> None:
        """Draw one :class:`Screen`: counters, phase, status, orders, log, explanation."""
        self.screen = screen
        self.review_button.disabled = not self.controller.can_review
        v = screen.view
        assert self.board is not None
        if screen.curtain:
            self.counters.show([])
            for name in ("reach", "path"):
                self.board.clear_overlay(name)
            self.step_labels.clear()
            self.phase_line.value = f"<b>{html.escape(screen.status)}</b>"
            self.status_line.value = self.steps_html.value = ""
            b = self._button(f"{pick('Show', '显示')} {v.side.label}",
                             "hexrules-player-handover", self._hand_over)
            self.orders_box.children = [b]
            self.order_buttons = [b]
            self._buttons_key = None
            self.log_html.value = self.explain_html.value = ""
            return
        roles = {i: "shooter" for i in self.shooters}
        if v.move is not None:
            roles[v.move.unit] = "selected"
        self.counters.show([*v.units, *v.losses], roles)
        if v.move is not None and screen.steps:
            show_steps(self.board, screen.steps, self.step_labels)
            show_path(self.board, list(v.move.path))
        else:
            self.board.clear_overlay("reach")
            self.board.clear_overlay("path")
            self.step_labels.clear()
        self.steps_html.value = self._steps_text(screen.steps) if v.move is not None else ""
        who = v.to_act.label if v.to_act else "—"
        over = " · " + label("game_over") if v.to_act is None else ""
        move = ""
        if v.move is not None:
            move = (f" · {v.move.unit}: {label('movement_allowance')} {v.move.allowance}, "
                    f"{pick('left', '剩余')} {points_text(v.move.left)}")
        self.phase_line.value = (
            f"<b>{label('turn')} {v.turn}/{v.turns}</b> · {v.phase.label} · "
            f"{label('to_act')}: <b>{who}</b> · {pick('screen', '画面')} {v.side.label}"
            f"{' · ' + label('fog_of_war') if v.fog_of_war else ''} · "
            f"{pick('hidden', '未发现')} {v.hidden}{move}{over}")
        self.status_line.value = html.escape(screen.status)
        given = [o for o in screen.orders
                 if not isinstance(o, StepTo | DeclareFire | StartMove | PlanFire)][:16]
        key = (get_language(), tuple(given))
        if key != self._buttons_key:  # new buttons only when the orders change
            buttons = []
            for o in given:
                b = ipw.Button(description=order_label(o), layout=ipw.Layout(width="auto"))
                b.add_class("hexrules-player-order")
                b.on_click(lambda _b, o=o: self.give(o))
                b.order = o  # type: ignore[attr-defined]
                buttons.append(b)
            self._buttons_key = key
            self.order_row.children = buttons
            self.order_buttons = buttons
        self.hint_html.value = self._hint(screen)
        if self.orders_box.children != (self.hint_html, self.order_row):
            self.orders_box.children = [self.hint_html, self.order_row]
        self.computer_button.disabled = not screen.waiting
        self.undo_button.disabled = not self.controller.practice
        items = []
        for summary, body in reversed(screen.log[-40:]):
            inner = body or f"<i>{hidden_note()}</i>"
            items.append(f"<details><summary>{html.escape(summary)}</summary>{inner}</details>")
        self.log_html.value = f"<b>{pick('Log', '记录')}</b>{''.join(items)}"
        why = pick("Computer's reasoning", "电脑的决策")
        self.explain_html.value = (f"<details open><summary><b>{why}</b></summary>"
                                   f"{screen.explanation}</details>"
                                   if screen.explanation else "")

    def _steps_text(self, steps: tuple[StepOption, ...]) -> str:
        """The next hexes as a line: each hex, the step's cost and the points left after it."""
        if not steps:
            return pick("no step possible: end the move", "无法继续机动: 机动结束")
        assert self.board is not None
        name = self.board.hexmap.name_of
        cells = [f"<span class='hexrules-player-step' data-hex='{name(st.hex)}'>"
                 f"{name(st.hex)} <b>{html.escape(st.text)}</b></span>" for st in steps]
        return (f"<b>{pick('Next hex', '下一格')}</b> (−{label('movement_cost')} → "
                f"{pick('points left', '剩余机动力')}): " + " · ".join(cells))

    def _hint(self, screen: Screen) -> str:
        kinds = {type(o) for o in screen.orders}
        tips = []
        if DeclareFire in kinds:
            tips.append(pick("click shooter(s), then the target", "点击射击单位, 再点击目标")
                        + (f" — {pick('shooters', '射击单位')}: {', '.join(self.shooters)}"
                           if self.shooters else ""))
        if StartMove in kinds:
            tips.append(pick("click a unit to move it", "点击要机动的单位")
                        + f" ({label('declare_move')}; {label('march')}: ☑)")
        if StepTo in kinds:
            tips.append(pick("click the next hex", "点击下一格") + f" ({label('move_step')})")
        if PlanFire in kinds:
            tips.append(pick("click the target hex", "点击目标格") + f" ({label('fire_plan')})")
        if not screen.orders:
            tips.append(pick("waiting", "等待") if screen.waiting else "")
        return "<br>".join(html.escape(t) for t in tips if t)

    # -- input ---------------------------------------------------------------------------
    def click(self, h: Hex) -> None:
        """A click on hex ``h`` (the board's, or from Python): pick, fire, move, plan."""
        t0 = time.perf_counter()
        screen = self.screen
        orders = screen.orders
        if not orders:
            return
        here = [u for u in screen.view.units if u.hex == h and not u.destroyed]
        mine = [u for u in here if u.side is screen.view.side]
        theirs = [u for u in here if u.side is not screen.view.side]
        kinds = {type(o) for o in orders}
        if StepTo in kinds:
            self.give(StepTo(h))
        elif DeclareFire in kinds and mine:
            for u in mine:
                if u.id in self.shooters:
                    self.shooters.remove(u.id)
                else:
                    self.shooters.append(u.id)
            self.draw(screen)
        elif DeclareFire in kinds and theirs and self.shooters:
            self.give(DeclareFire(tuple(self.shooters), theirs[0].id))
        elif StartMove in kinds and mine:
            self.give(StartMove(mine[0].id, march=self.march_box.value))
        elif PlanFire in kinds:
            self.give(PlanFire(h))
        self.update_ms.append((time.perf_counter() - t0) * 1000)

    def give(self, order: Order) -> None:
        """Pass an order to the controller and redraw (a refusal is in the status line)."""
        if self.controller.give(order):
            self.shooters = []
        self._make_board()
        self.refresh()

    def press(self, text: str) -> None:
        """Press the order button whose label starts with ``text`` (tests, lessons).

        ``text`` may be the label in any language setting ("Pass", "放弃行动"), so a lesson's
        code runs unchanged in its Chinese edition.
        """
        for b in self.order_buttons:
            order = getattr(b, "order", None)
            with using("both"):
                both = order_label(order) if order is not None else b.description
            if b.description.startswith(text) or both.startswith(text) \
                    or both.split(" ", 1)[-1].startswith(text):
                b.click()
                return
        raise RulesError(f"no order button {text!r} now; there are "
                         f"{[b.description for b in self.order_buttons]}")

    # -- the after-action review 复盘 ---------------------------------------------------
    def open_review(self, _b: Any = None) -> Any:
        """Show the after-action review of this game in place of the board (returned), when
        :attr:`PlayerController.can_review` allows it; otherwise the status line says why
        and ``None`` is returned. **◀ Back to the game** returns to the board."""
        from hexrules_widgets.review import GameReview

        try:
            review = self.controller.review()
        except RulesError:
            self.refresh()
            return None
        self.review = GameReview(review, board_height=self._board_height)
        bar = ipw.HBox([self.review_back, ipw.HTML(
            f"<b>{html.escape(pick('After-action review', '复盘'))}</b> · "
            f"{html.escape(str(self.scenario_pick.value))}")])
        bar.add_class("hexrules-player-review-bar")
        self.children = [bar, self.review]
        return self.review

    def close_review(self, _b: Any = None) -> None:
        """Back from the review to the game (the review is dropped)."""
        self.review = None
        self.children = self.play_view
        self.refresh()

    def _new(self, _b: Any = None) -> None:
        self.controller = PlayerController(
            self.scenario_pick.value, red=self.red_pick.value, blue=self.blue_pick.value,
            fog=self.fog_box.value, seed=self.controller.seed,
            practice=self.practice_box.value)
        self.shooters = []
        self._make_board()
        self.refresh()

    def _hand_over(self, _b: Any = None) -> None:
        self.controller.hand_over()
        self.refresh()

    def _undo(self, _b: Any = None) -> None:
        self.controller.undo()
        self.refresh()

    def _computer(self, _b: Any = None) -> None:
        self.controller.computer_step()
        self.refresh()

    def _save(self, _b: Any = None) -> None:
        self.controller.save(self.path_text.value)
        self.refresh()

    def _load(self, _b: Any = None) -> None:
        try:
            self.controller.load(self.path_text.value)
        except (RulesError, OSError) as exc:
            self.controller.status = f"✗ {exc}"
        self._make_board()
        self.refresh()
