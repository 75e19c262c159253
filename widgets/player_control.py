"""The kernel side of the scenario player (:mod:`hexrules_widgets.player`): the
:class:`PlayerController` that holds the game, and the :class:`Screen` it hands the drawing.

The controller holds the :class:`~hexrules.game.Game`, the seats (a person, or a computer
:class:`~hexrules.players.Player` at a difficulty), the states before (undo in practice mode),
saving and loading. Its :meth:`~PlayerController.screen` is all the drawing gets: the view of
the side whose screen it is (``state.view(side)``), that side's legal orders as a plain tuple
(not the lazy sequence, which carries the state), and the log and the computer's reasoning as
HTML as that side may read them, decided by :mod:`hexrules.game.logview` (what is left out
under fog of war, and always the enemy's hand and fire plans: a ruling, not the widget's).

Examples
--------
>>> c = PlayerController("duel", red="human", blue="normal", fog=True, seed=3)
>>> c.screen().view.side, c.screen().orders
(Side.RED, (Pass(),))
>>> from hexrules.game import StepTo
>>> c.give(StepTo("4563AA")), c.status[:23]      # refused: the engine's message, no change
(False, '✗ State unchanged 原状态不变')
"""

from __future__ import annotations

import base64
import dataclasses
import json
import re
import urllib.parse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw

from hexrules.errors import RulesError
from hexrules.game import (
    DeclareFire,
    Game,
    GameRecord,
    GameState,
    Options,
    Order,
    StepTo,
    View,
)
from hexrules.game.logview import decision_is_public, hidden_from, names, public_record
from hexrules.glossary import ORDER_TERMS, label
from hexrules.language import get_language, pick, text
from hexrules.map.hexgrid import Hex
from hexrules.movement import points_text, step_cost
from hexrules.units import Side

if TYPE_CHECKING:
    from hexrules.review import Review

__all__ = ["HIDDEN_NOTE", "LEVELS", "SEAT_LABELS", "PlayerController", "Screen", "StepOption",
           "hidden_note", "named_ids", "order_label", "record_summary", "seat_labels",
           "widget_states"]

LEVELS = ("human", "easy", "normal", "hard")
_SEATS = {"human": ("Human", "人"), "easy": ("Computer easy", "电脑 易"),
          "normal": ("Computer normal", "电脑 中"), "hard": ("Computer hard", "电脑 难")}
#: The seats' labels in both languages (:func:`seat_labels` follows the language setting).
SEAT_LABELS = {k: f"{en} {zh}" for k, (en, zh) in _SEATS.items()}
#: What stands for a record the screen's side may not read (:func:`hidden_note`: current
#: language).
HIDDEN_NOTE = "details not shown to you 不公开 (fog of war 战争迷雾, cards in hand, fire plans)"

#: Why the review does not open yet (:attr:`PlayerController.can_review`).
_NO_REVIEW = {"en": "the review opens when the game is over (during the game: only in hot-seat "
                    "practice without fog of war)",
              "zh": "复盘在推演结束后打开 (推演中: 仅限双方都是人、无战争迷雾的练习)"}


def seat_labels() -> dict[str, str]:
    """Seat → its label in the current language (:mod:`hexrules.language`).

    >>> from hexrules.language import using
    >>> with using("en"):
    ...     seat_labels()["normal"]
    'Computer normal'
    """
    return {k: pick(en, zh) for k, (en, zh) in _SEATS.items()}


def hidden_note() -> str:
    """:data:`HIDDEN_NOTE` in the current language.

    >>> from hexrules.language import using
    >>> with using("zh"):
    ...     hidden_note()
    '不公开 (战争迷雾, 随机事件卡, 炮兵火力计划)'
    """
    if get_language() == "both":
        return HIDDEN_NOTE
    return pick("details not shown to you (fog of war, cards in hand, fire plans)",
                f"不公开 ({label('fog_of_war')}, {label('event_card')}, {label('fire_plan')})")


def order_label(order: Order) -> str:
    """A short bilingual label of an order (a button's text).

    >>> from hexrules.game import Pass, OpportunityFire
    >>> order_label(Pass()), order_label(OpportunityFire(("B1",)))
    ('Pass 放弃行动', 'Opportunity fire 机会射击: B1')
    """
    name = type(order).__name__
    # the glossary's names of the orders; a declaration's button names the fire it declares
    key = "direct_fire" if name == "DeclareFire" else ORDER_TERMS.get(name)
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
    if f.get("march"):
        bits[-1:] = [f"{bits[-1]} ({label('march')})"]
    return text + (": " + " → ".join(bits) if bits else "")


@dataclass(frozen=True)
class StepOption:
    """A hex the moving unit may step into next, with the step's exact cost (V-1…V-3, from
    :func:`hexrules.movement.step_cost`) and the movement points left after it.

    >>> from fractions import Fraction
    >>> StepOption(Hex(1, 0), Fraction(1), Fraction(4)).text
    '−1 → 4'
    """

    hex: Hex
    cost: Fraction
    left: Fraction

    @property
    def text(self) -> str:
        """``'−cost → left'`` (exact points, e.g. ``'−½ → 4½'``)."""
        return f"−{points_text(self.cost)} → {points_text(self.left)}"


@dataclass(frozen=True)
class Screen:
    """What one side's screen shows: a value the drawing takes (nothing else of the game).

    ``orders`` are the legal orders when a person on this side is to act (else empty);
    ``log`` pairs a one-line summary with the record's HTML (``""``: hidden by fog of war);
    ``explanation`` the computer's last decision as HTML (filtered the same way);
    ``steps`` the hexes of the legal steps of the move being made, each with its cost and the
    points left after it (:class:`StepOption`).
    """

    view: View
    orders: tuple[Order, ...]
    log: tuple[tuple[str, str], ...]
    explanation: str
    status: str
    waiting: bool  # a computer is to act (both seats computers: press Computer)
    curtain: bool = False  # hot seat with fog of war: the screen changes hands
    steps: tuple[StepOption, ...] = ()


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
    return names(_readable(text), words)



class PlayerController:
    """The kernel side of the scenario player: the game, the seats, undo, save and load.

    Parameters
    ----------
    scenario : str
        A shipped scenario (:meth:`Scenario.available`) or the path of a scenario file.
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
        self.status = lambda: f"{label('scenario')}: {scenario}"
        self.observer = Side.RED
        self.shown: Side | None = None  # hot seat with fog: the side that has the screen
        self._log_cache: dict[int, tuple[GameRecord, Any, tuple[str, str]]] = {}
        self.run_computers()

    @property
    def status(self) -> str:
        """The status line: the last order's outcome or the engine's refusal.

        Set it to a string, or to a function of no arguments that writes it (then it is
        written again in the language of the moment, :mod:`hexrules.language`).
        """
        return self._status() if callable(self._status) else self._status

    @status.setter
    def status(self, value: str | Callable[[], str]) -> None:
        self._status = value

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
        return hidden_from(self.game.state, side)

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
                              + pick("hand over the screen", "交换"), False, True)
        # what public_record decides depends on the record, the side and, with fog of war,
        # the ids and hexes hidden from it: drawn once for each of those (and the language)
        words = (frozenset(set.union(*hidden_from(state, side)))
                 if state.options.fog_of_war else frozenset())
        key = (side, words, get_language())
        log = []
        for i, rec in enumerate(state.log):
            hit = self._log_cache.get(i)
            if hit is not None and hit[0] is rec and hit[1] == key:
                log.append(hit[2])
                continue
            public = public_record(state, rec, side)
            if public is not None:
                entry = (record_summary(rec), public._repr_html_())
            else:
                who = rec.side.label if rec.side else ""
                entry = (f"{who} {rec.phase.label}: {hidden_note()}", "")
            self._log_cache[i] = (rec, key, entry)
            log.append(entry)
        expl = ""
        for by, d in self.decisions.items():
            expl += (d._repr_html_() if decision_is_public(state, d, by, side)
                     else f"<p>{by.label}: {hidden_note()}</p>")
        orders: tuple[Order, ...] = ()
        if self.human(state.to_act) and state.to_act is side and not state.over:
            orders = tuple(state.legal_orders())
        waiting = not state.over and not self.human(state.to_act)
        return Screen(state.view(side), orders, tuple(log), expl, self.status, waiting,
                      steps=self.step_options(orders))

    def step_options(self, orders: Sequence[Order]) -> tuple[StepOption, ...]:
        """The legal steps among ``orders`` with their exact cost and the points left after
        each, priced by :func:`hexrules.movement.step_cost` as the engine prices them (V-1…V-3;
        the move's march or not)."""
        state = self.game.state
        mv = state.move
        if mv is None:
            return ()
        m, out = state.hexmap, []
        for o in orders:
            if isinstance(o, StepTo):
                to = o.to if isinstance(o.to, Hex) else m.parse(o.to)
                cost = step_cost(m, mv.hex, to, march=mv.march, tables=state.tables)
                out.append(StepOption(to, cost, mv.left - cost))
        return tuple(out)

    # -- giving orders -------------------------------------------------------------------
    def give(self, order: Order) -> bool:
        """Give a person's order; an order the engine refuses changes nothing and its message
        becomes the status. Then the computers play until a person is to act."""
        try:
            rec = self.game.apply(order)
        except RulesError as exc:
            why = str(exc)
            self.status = lambda: f"✗ {label('state_unchanged')}: {why}"
            return False
        self.status = lambda: f"✓ {record_summary(rec)}"
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
            self.status = lambda: "✗ " + pick("undo is off (practice mode only)",
                                              "不能悔棋 (仅限练习)")
            return False
        for i in range(len(g.history) - 2, -1, -1):
            st = g.history[i]
            if self.human(st.to_act):
                del g.history[i + 1:]
                self.status = lambda: "↶ " + pick("undone", "已悔棋")
                return True
        self.status = lambda: "✗ " + pick("nothing to undo", "无可悔棋")
        return False

    # -- the after-action review 复盘 ---------------------------------------------------
    @property
    def can_review(self) -> bool:
        """Whether the after-action review 复盘 of this game may open now.

        **[project ruling]** When the game is over, always: the review shows the full
        picture, which is its purpose. Before the end, only in hot-seat practice (both seats
        people, practice mode) *without* fog of war: a review during the game shows every
        unit, the enemy's hand and fire plans and the computer's better orders, so under fog
        of war or against the computer it would give away what the screen keeps back.
        """
        state = self.game.state
        if state.over:
            return True
        return (self.practice and not state.options.fog_of_war
                and all(self.human(s) for s in Side))

    def review(self) -> Review:
        """The after-action review of this game (:meth:`hexrules.review.Review.build` of the
        full state), when :attr:`can_review` allows it.

        Raises
        ------
        RulesError
            If it does not (the game goes on under fog of war, against the computer, or
            outside practice mode); nothing changes but the status line.
        """
        if not self.can_review:
            self.status = lambda: f"✗ {text(_NO_REVIEW)}"
            raise RulesError(text(_NO_REVIEW, lang="en"))
        from hexrules.review import Review

        return Review.build(self.game.state)

    def save(self, path: str | Path) -> None:
        """Write the game (its state) to a JSON file."""
        Path(path).write_text(json.dumps(self.game.to_dict(), ensure_ascii=False),
                              encoding="utf-8")
        self.status = lambda: f"{pick('saved', '已保存')} {path}"

    def load(self, path: str | Path) -> None:
        """Read a saved game; the seats stay."""
        self.game = Game.load(path)
        self.fog = self.game.state.options.fog_of_war
        self.status = lambda: f"{pick('loaded', '已读取')} {path}"
        self.run_computers()


def record_summary(rec: GameRecord) -> str:
    who = rec.side.label if rec.side else ""
    what = order_label(rec.order) if rec.order is not None else label("setup")
    return f"T{rec.turn} {rec.phase.label} · {who} {what}"


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

