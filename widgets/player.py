"""The scenario player: play a shipped scenario in the notebook, hot seat or against the
computer, with fog of war (issue 12). No rule logic: every order, error and record is
:mod:`hexrules`'.

Two halves, so that nothing hidden can reach the page:

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

import base64
import dataclasses
import html
import json
import re
import time
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.units import CounterLayer, show_path, show_reach

from hexrules.errors import RulesError
from hexrules.game import (
    DeclareFire,
    FieldRepair,
    Game,
    GameEvent,
    GameRecord,
    GameState,
    Options,
    Order,
    PlanFire,
    RapidReload,
    Scenario,
    StartMove,
    StepTo,
    View,
)
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.units import Side

__all__ = ["LEVELS", "PlayerController", "ScenarioPlayer", "Screen", "named_ids", "order_label",
           "widget_states"]

#: The seats: a person at the board, or the computer at a difficulty.
LEVELS = ("human", "easy", "normal", "hard")
_SEAT_LABELS = {"human": "Human 人", "easy": "Computer easy 电脑 易",
                "normal": "Computer normal 电脑 中", "hard": "Computer hard 电脑 难"}
_WIDE = {"description_width": "initial"}
_HIDDEN_NOTE = "details not shown to you 不公开 (fog of war 战争迷雾, cards in hand, fire plans)"


def order_label(order: Order) -> str:
    """A short bilingual label of an order (a button's text).

    >>> from hexrules.game import Pass, OpportunityFire
    >>> order_label(Pass()), order_label(OpportunityFire(("B1",)))
    ('Pass 放弃行动', 'Opportunity fire 机会射击: B1')
    """
    name = type(order).__name__
    key = {"Pass": "pass", "EndMove": "end_move", "Decline": "decline",
           "MovingFire": "moving_fire", "ShortHaltFire": "short_halt_fire",
           "OpportunityFire": "opportunity_fire", "CoveringFire": "covering_fire",
           "FieldRepair": "field_repair", "PlanFire": "fire_plan",
           "RapidReload": "rapid_reload", "DeclareFire": "direct_fire",
           "StartMove": "declare_move", "StepTo": "move_step"}.get(name)
    text = label(key) if key else name
    f = dataclasses.asdict(order) if dataclasses.is_dataclass(order) else {}
    bits = []
    for k in ("shooters", "unit", "target"):
        v = getattr(order, k, None)
        if isinstance(v, tuple):
            bits.append(", ".join(v))
        elif v is not None and not isinstance(v, Hex):
            bits.append(str(v))
    if isinstance(order, DeclareFire):
        bits = [f"{', '.join(order.fire.shooters)} → {order.fire.target}"]
    if f.get("enhance"):
        bits.append("+E-2")
    return text + (": " + " → ".join(bits) if bits else "")


@dataclass(frozen=True)
class Screen:
    """What one side's screen shows: a value the drawing takes (nothing else of the game).

    ``orders`` are the legal orders when a person on this side is to act (else empty);
    ``log`` pairs a one-line summary with the record's HTML (``""``: hidden by fog of war);
    ``explanation`` the computer's last decision as HTML (filtered the same way).
    """

    view: View
    orders: tuple[Order, ...]
    log: tuple[tuple[str, str], ...]
    explanation: str
    status: str
    waiting: bool  # a computer is to act (both seats computers: press Computer)
    curtain: bool = False  # hot seat with fog of war: the screen changes hands


_DATA_URL = re.compile(r"data:([\w/+.-]+)(;base64)?,([A-Za-z0-9+/=%._~-]*)")


def _readable(text: str) -> str:
    """Text with SVG data URLs decoded (the counters) and other data URLs (fonts) dropped."""
    def dec(m: re.Match[str]) -> str:
        if "svg" not in m.group(1):
            return ""
        body = m.group(3)
        if m.group(2):
            return base64.b64decode(body + "=" * (-len(body) % 4)).decode("utf-8", "replace")
        return urllib.parse.unquote(body)
    return _DATA_URL.sub(dec, text)


def named_ids(text: str, words: set[str] | Sequence[str]) -> list[str]:
    """The words (unit ids, hex names) named in ``text`` as whole words, SVG images included
    (for the fog-of-war filter and leak tests: a widget state, a page's DOM).

    >>> named_ids("<p>R1 fires on B12</p>", {"R1", "B1"})
    ['R1']
    """
    text = _readable(text)
    return sorted(w for w in set(words)
                  if re.search(rf"(?<![A-Za-z0-9]){re.escape(w)}(?![A-Za-z0-9])", text))


def _mentions(text: str, words: set[str]) -> bool:
    return bool(named_ids(text, words))


class PlayerController:
    """The kernel side of the scenario player: the game, the seats, undo, save and load.

    Parameters
    ----------
    scenario : str
        A shipped scenario (:meth:`Scenario.available`).
    red, blue : str or Player
        ``"human"``, a difficulty (``"easy"``, ``"normal"``, ``"hard"``: a
        :class:`~hexrules.players.DefaultPlayer`) or any player object.
    fog : bool
        Fog of war (each screen shows its side's view only).
    seed : int
        The dice seed (the computers' seeds derive from it).
    practice : bool
        Keep the states before, so a person may take an order back (:meth:`undo`).
    dice : DiceSource, optional
        The dice (e.g. :class:`~hexrules.ScriptedDice` for an instructor's rehearsal).
    state : GameState, optional
        Go on from this position instead (a lesson's or an instructor's set-up); its own
        options (fog of war) stand.
    """

    def __init__(self, scenario: str = "duel", *, red: Any = "human", blue: Any = "normal",
                 fog: bool = True, seed: int = 1, practice: bool = True,
                 dice: Any = None, state: GameState | None = None) -> None:
        self.scenario, self.fog, self.seed, self.practice = scenario, fog, seed, practice
        if state is not None:
            self.game = Game(state)
            self.fog = state.options.fog_of_war
        else:
            base = GameState.from_scenario(scenario, seed=seed, dice=dice)
            opts: Options = dataclasses.replace(base.options, fog_of_war=fog)
            self.game = Game.from_scenario(scenario, seed=seed, dice=dice, options=opts)
        self.seats = {Side.RED: self._seat(red, Side.RED), Side.BLUE: self._seat(blue, Side.BLUE)}
        self.decisions: dict[Side, Any] = {}
        self.status = f"{label('scenario')}: {scenario}"
        self.observer = Side.RED
        self.shown: Side | None = None  # hot seat with fog: the side that has the screen
        self.run_computers()

    def _seat(self, who: Any, side: Side) -> Any:
        if isinstance(who, str):
            if who not in LEVELS:
                raise RulesError(f"a seat is one of {', '.join(LEVELS)} or a player, got {who!r}")
            if who == "human":
                return None
            from hexrules.players import DefaultPlayer, derive_seed

            return DefaultPlayer(seed=derive_seed(self.seed, side.value), level=who)
        return who

    # -- who sees what -------------------------------------------------------------------
    def human(self, side: Side | None) -> bool:
        """Whether a person sits on ``side``."""
        return side is not None and self.seats[side] is None

    @property
    def screen_side(self) -> Side:
        """Whose screen is drawn: the person to act (hot seat), the one person, or the
        observer (both seats computers)."""
        to_act = self.game.state.to_act
        if self.human(to_act):
            return to_act  # type: ignore[return-value]
        people = [s for s in Side if self.human(s)]
        return people[0] if people else self.observer

    def hidden(self, side: Side) -> tuple[set[str], set[str]]:
        """The ids the side does not see and the hexes where they stand (kernel side only)."""
        state = self.game.state
        known = {u.id for u in state.view(side).units}
        lost = {u.id for u in state.losses}
        ids = {u.id for u in state.units if u.id not in known and u.id not in lost}
        hexes = {state.hexmap.name_of(u.hex) for u in state.units if u.id in ids}
        return ids, hexes

    def _public(self, text: str, by: Side | None, side: Side, hidden: tuple[set[str], set[str]]
                ) -> bool:
        if not self.fog or by is side:
            return True
        ids, hexes = hidden
        return not _mentions(text, ids | hexes)

    def _record_html(self, rec: GameRecord, side: Side) -> str:
        """The record's HTML without the enemy's secrets: its card draws and its fire plans
        (the enemy's hand and plan targets are not in a view, fog of war or not)."""
        foe = side.opponent
        if rec.side is foe and isinstance(rec.order, PlanFire):
            return ""
        parts = []
        for part in rec.parts:
            if isinstance(part, GameEvent):
                keep = tuple(st for st in part.steps if not (
                    st.rule in ("T-4", "A-1") and ("side 方", foe.label) in st.inputs))
                part = dataclasses.replace(part, steps=keep)
            parts.append(part)
        return dataclasses.replace(rec, parts=tuple(parts))._repr_html_()

    def _decision_public(self, d: Any, by: Side, side: Side) -> bool:
        """The enemy computer's reasoning lists orders it did not give: none may be a card
        order (they would show its hand) or fire plan."""
        if by is side:
            return True
        for c in d.candidates:
            o = c.order
            secret = isinstance(o, PlanFire | FieldRepair | RapidReload) or bool(
                getattr(o, "enhance", None))
            if secret and (o != d.order or isinstance(o, PlanFire)):
                return False
        return True

    def hand_over(self) -> None:
        """The next person has the screen (hot seat with fog of war)."""
        self.shown = self.screen_side

    def screen(self) -> Screen:
        """What the screen side may see now (the only thing the widget draws).

        Hot seat with fog of war: when the screen passes to the other side, a curtain first
        (nothing of either side drawn) until :meth:`hand_over`.
        """
        state, side = self.game.state, self.screen_side
        if self.fog and all(self.human(s) for s in Side) and self.shown is not side:
            if self.shown is None:
                self.shown = side
            else:
                v = state.view(side)
                empty = dataclasses.replace(v, units=(), losses=(), move=None, window=None,
                                            melee=None, hexes=(), cards=None)
                return Screen(empty, (), (), "", f"{side.label}: {label('to_act')} — "
                              "hand over the screen 交换", False, True)
        hid = self.hidden(side)
        log = []
        for rec in state.log:
            summary = _record_summary(rec)
            body = self._record_html(rec, side)
            if body and self._public(body, rec.side, side, hid):
                log.append((summary, body))
            else:
                who = rec.side.label if rec.side else ""
                log.append((f"{who} {rec.phase.label}: {_HIDDEN_NOTE}", ""))
        expl = ""
        for by, d in self.decisions.items():
            text = d._repr_html_()
            expl += (text if self._public(text, by, side, hid)
                     and self._decision_public(d, by, side)
                     else f"<p>{by.label}: {_HIDDEN_NOTE}</p>")
        orders: tuple[Order, ...] = ()
        if self.human(state.to_act) and state.to_act is side and not state.over:
            orders = tuple(state.legal_orders())
        waiting = not state.over and not self.human(state.to_act)
        return Screen(state.view(side), orders, tuple(log), expl, self.status, waiting)

    # -- giving orders -------------------------------------------------------------------
    def give(self, order: Order) -> bool:
        """Give a person's order; an order the engine refuses changes nothing and its message
        becomes the status. Then the computers play until a person is to act."""
        try:
            rec = self.game.apply(order)
        except RulesError as exc:
            self.status = f"✗ {label('state_unchanged')}: {exc}"
            return False
        self.status = f"✓ {_record_summary(rec)}"
        self.run_computers()
        return True

    def computer_step(self) -> bool:
        """One decision of the computer to act (both seats computers); whether one was made."""
        state = self.game.state
        side = state.to_act
        if state.over or side is None or self.human(side):
            return False
        p = self.seats[side]
        legal = state.legal_orders()
        d = p.decide(state.view(side), legal)
        self.decisions[side] = d
        self.game.apply(d.order)
        return True

    def run_computers(self, limit: int = 2000) -> None:
        """Let the computers act until a person is to act (nothing when both are computers)."""
        if not any(self.human(s) for s in Side):
            return
        for _ in range(limit):
            if not self.computer_step():
                return

    def undo(self) -> bool:
        """Take back the last person's order (practice mode); the computer's answers too."""
        g = self.game
        if not self.practice:
            self.status = "✗ undo is off (practice mode 练习 only)"
            return False
        for i in range(len(g.history) - 2, -1, -1):
            st = g.history[i]
            if self.human(st.to_act):
                del g.history[i + 1:]
                self.status = "↶ undone"
                return True
        self.status = "✗ nothing to undo"
        return False

    def save(self, path: str | Path) -> None:
        """Write the game (its state) to a JSON file."""
        Path(path).write_text(json.dumps(self.game.to_dict(), ensure_ascii=False),
                              encoding="utf-8")
        self.status = f"saved {path}"

    def load(self, path: str | Path) -> None:
        """Read a saved game; the seats stay."""
        self.game = Game.load(path)
        self.fog = self.game.state.options.fog_of_war
        self.status = f"loaded {path}"
        self.run_computers()


def _record_summary(rec: GameRecord) -> str:
    who = rec.side.label if rec.side else ""
    what = order_label(rec.order) if rec.order is not None else label("setup")
    return f"T{rec.turn} {rec.phase.label} · {who} {what}"


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
        seat_opts = [(v, k) for k, v in _SEAT_LABELS.items()]
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
            inner = body or f"<i>{_HIDDEN_NOTE}</i>"
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
        """Press the order button whose label starts with ``text`` (tests, lessons)."""
        for b in self.order_buttons:
            if b.description.startswith(text):
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


def widget_states(root: ipw.Widget) -> list[dict[str, Any]]:
    """The synced states of ``root`` and every widget it reaches (for leak tests)."""
    seen: dict[str, dict[str, Any]] = {}

    def walk(w: Any) -> None:
        if isinstance(w, ipw.Widget) and w.model_id not in seen:
            seen[w.model_id] = w.get_state()
            for k in w.keys:
                val = getattr(w, k, None)
                for item in (val if isinstance(val, list | tuple) else [val]):
                    if isinstance(item, ipw.Widget):
                        walk(item)

    walk(root)
    return list(seen.values())

