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
  it passes to the controller. It never sees the state.

The clicks: in the direct-fire phase click your shooter(s), then the target (concentrated
fire when several); in the movement phase click a unit to start its move (**March 行军**
ticked: a march), then hex by hex (the points left are in the status line); every other
legal order (pass, end move, moving and short-halt fire, opportunity and covering fire,
decline, the card orders) is a button. A fire plan (A-1) is a click on its hex.

Examples
--------
>>> p = ScenarioPlayer(scenario="duel", red="human", blue="normal", fog=True, seed=3)
>>> p.controller.screen().view.side
Side.RED
>>> p.press("Pass")                      # the order buttons, from Python (tests, lessons)
>>> p.controller.game.state.phase.value
'movement'
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.player_control import (
    HIDDEN_NOTE,
    LEVELS,
    SEAT_LABELS,
    PlayerController,
    Screen,
    named_ids,
    order_label,
    widget_states,
)
from hexrules_widgets.units import CounterLayer, show_path, show_reach

from hexrules.errors import RulesError
from hexrules.game import DeclareFire, GameState, Order, PlanFire, Scenario, StartMove, StepTo
from hexrules.glossary import label
from hexrules.language import using
from hexrules.map.hexgrid import Hex

__all__ = ["LEVELS", "PlayerController", "ScenarioPlayer", "Screen", "named_ids", "order_label",
           "widget_states"]

_WIDE = {"description_width": "initial"}


# ---------------------------------------------------------------------------------------
# The drawing: a Screen only
# ---------------------------------------------------------------------------------------
class ScenarioPlayer(ipw.VBox):
    """The scenario player widget (see the module docstring).

    Parameters are :class:`PlayerController`'s; ``board_height`` the map's CSS height.
    ``update_ms`` collects the kernel time of each board click (benchmarks).
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
        self.scenario_pick = ipw.Dropdown(options=list(Scenario.available()), value=scenario,
                                          description=label("scenario"), style=_WIDE,
                                          layout=ipw.Layout(width="190px"))
        seat_opts = [(v, k) for k, v in SEAT_LABELS.items()]
        self.red_pick = ipw.Dropdown(options=seat_opts, value=red if isinstance(red, str)
                                     else "normal", description=label("red"), style=_WIDE,
                                     layout=ipw.Layout(width="250px"))
        self.blue_pick = ipw.Dropdown(options=seat_opts, value=blue if isinstance(blue, str)
                                      else "normal", description=label("blue"), style=_WIDE,
                                      layout=ipw.Layout(width="250px"))
        self.fog_box = ipw.Checkbox(value=fog, description=label("fog_of_war"), indent=False,
                                    layout=ipw.Layout(width="auto"))
        self.practice_box = ipw.Checkbox(value=practice, description="Practice 练习",
                                         indent=False, layout=ipw.Layout(width="auto"))
        self.new_button = self._button("New game 新局", "hexrules-player-new", self._new)
        top = ipw.HBox([self.scenario_pick, self.red_pick, self.blue_pick, self.fog_box,
                        self.practice_box, self.new_button])
        top.add_class("hexrules-player-top")
        self.phase_line = ipw.HTML()
        self.phase_line.add_class("hexrules-player-phase")
        self.status_line = ipw.HTML()
        self.status_line.add_class("hexrules-player-status")
        self.march_box = ipw.Checkbox(value=False, description=label("march"), indent=False,
                                      layout=ipw.Layout(width="auto"))
        self.undo_button = self._button("Undo 悔棋", "hexrules-player-undo", self._undo)
        self.computer_button = self._button("Computer 电脑 ▶", "hexrules-player-computer",
                                            self._computer)
        self.path_text = ipw.Text(value="game.json", layout=ipw.Layout(width="110px"))
        self.save_button = self._button("Save 保存", "hexrules-player-save", self._save)
        self.load_button = self._button("Load 读取", "hexrules-player-load", self._load)
        tools = ipw.HBox([self.march_box, self.undo_button, self.computer_button,
                          self.path_text, self.save_button, self.load_button])
        tools.layout.flex_flow = "row wrap"
        self.orders_box = ipw.VBox()
        self.orders_box.add_class("hexrules-player-orders")
        self.log_html = ipw.HTML()
        self.log_html.add_class("hexrules-player-log")
        self.explain_html = ipw.HTML()
        self.explain_html.add_class("hexrules-player-explain")
        self.board: HexBoard | None = None
        self.board_box = ipw.Box(layout=ipw.Layout(width="600px", flex="0 0 auto"))
        for w in (self.phase_line, self.status_line, tools, self.orders_box):
            w.layout.flex = "0 0 auto"
        records = ipw.VBox([self.log_html, self.explain_html],
                           layout=ipw.Layout(flex="1 1 0px", overflow="auto",
                                             min_height="80px"))
        records.add_class("hexrules-player-records")
        side = ipw.VBox([self.phase_line, self.status_line, tools, self.orders_box, records],
                        layout=ipw.Layout(width="560px", height=board_height,
                                          overflow="hidden"))
        side.add_class("hexrules-player-side")
        super().__init__([top, ipw.HBox([self.board_box, side])])
        self.add_class("hexrules-scenario-player")
        self._make_board()
        self.refresh()

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
            self.counters = CounterLayer(self.board)
            self.board_box.children = [self.board]

    # -- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the controller's :class:`Screen` (the only input of the drawing)."""
        self.draw(self.controller.screen())

    def draw(self, screen: Screen) -> None:
        """Draw one :class:`Screen`: counters, phase, status, orders, log, explanation."""
        self.screen = screen
        v = screen.view
        assert self.board is not None
        if screen.curtain:
            self.counters.show([])
            for name in ("reach", "path"):
                self.board.clear_overlay(name)
            self.phase_line.value = f"<b>{html.escape(screen.status)}</b>"
            self.status_line.value = ""
            b = self._button(f"Show {v.side.label} 显示", "hexrules-player-handover",
                             self._hand_over)
            self.orders_box.children = [b]
            self.order_buttons = [b]
            self.log_html.value = self.explain_html.value = ""
            return
        roles = {i: "shooter" for i in self.shooters}
        if v.move is not None:
            roles[v.move.unit] = "selected"
        self.counters.show([*v.units, *v.losses], roles)
        steps = {o.to: 0 for o in screen.orders if isinstance(o, StepTo)}
        hexmap = self.board.hexmap
        if v.move is not None and steps:
            reach = {(h if isinstance(h, Hex) else hexmap.parse(h)): v.move.left
                     for h in steps}
            show_reach(self.board, reach)
            show_path(self.board, list(v.move.path))
        else:
            self.board.clear_overlay("reach")
            self.board.clear_overlay("path")
        who = v.to_act.label if v.to_act else "—"
        over = " · " + label("game_over") if v.to_act is None else ""
        move = ""
        if v.move is not None:
            move = (f" · {v.move.unit}: {label('movement_allowance')} {v.move.allowance}, "
                    f"left 剩余 {v.move.left}")
        self.phase_line.value = (
            f"<b>{label('turn')} {v.turn}/{v.turns}</b> · {v.phase.label} · "
            f"{label('to_act')}: <b>{who}</b> · screen {v.side.label}"
            f"{' · ' + label('fog_of_war') if v.fog_of_war else ''} · hidden {v.hidden}"
            f"{move}{over}")
        self.status_line.value = html.escape(screen.status)
        buttons = []
        for o in screen.orders:
            if isinstance(o, StepTo | DeclareFire | StartMove | PlanFire):
                continue
            b = ipw.Button(description=order_label(o), layout=ipw.Layout(width="auto"))
            b.add_class("hexrules-player-order")
            b.on_click(lambda _b, o=o: self.give(o))
            b.order = o  # type: ignore[attr-defined]
            buttons.append(b)
            if len(buttons) >= 16:
                break
        hint = ipw.HTML(self._hint(screen))
        row = ipw.HBox(buttons, layout=ipw.Layout(flex_flow="row wrap"))
        self.orders_box.children = [hint, row]
        self.order_buttons = buttons
        self.computer_button.disabled = not screen.waiting
        self.undo_button.disabled = not self.controller.practice
        items = []
        for summary, body in reversed(screen.log[-40:]):
            inner = body or f"<i>{HIDDEN_NOTE}</i>"
            items.append(f"<details><summary>{html.escape(summary)}</summary>{inner}</details>")
        self.log_html.value = f"<b>Log 记录</b>{''.join(items)}"
        self.explain_html.value = (f"<details open><summary><b>Computer's reasoning 电脑的决策"
                                   f"</b></summary>{screen.explanation}</details>"
                                   if screen.explanation else "")

    def _hint(self, screen: Screen) -> str:
        kinds = {type(o) for o in screen.orders}
        tips = []
        if DeclareFire in kinds:
            tips.append("click shooter(s) 射击单位, then the target 目标"
                        + (f" — shooters: {', '.join(self.shooters)}" if self.shooters else ""))
        if StartMove in kinds:
            tips.append(f"click a unit to move it ({label('declare_move')})")
        if StepTo in kinds:
            tips.append(f"click the next hex ({label('move_step')})")
        if PlanFire in kinds:
            tips.append(f"click the target hex ({label('fire_plan')})")
        if not screen.orders:
            tips.append("waiting 等待" if screen.waiting else "")
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
