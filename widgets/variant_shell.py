"""What the variant players (:mod:`hexrules_widgets.variant_player`) draw alike:
:class:`VariantShell` — the seats, the phase and status lines, the order buttons, the log with
each record expandable, the computer's reasoning and the hot seat's curtain — and the
variants' stylesheet (``variants.css``). It draws a
:class:`~hexrules_widgets.variant_control.VariantScreen` only.

>>> variant_css().value.startswith("<style>")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.style import style_widget
from hexrules_widgets.variant_control import VariantScreen, seat_labels

from hexrules.errors import RulesError

__all__ = ["ButtonPool", "VariantShell", "button", "variant_css"]

_WIDE = {"description_width": "initial"}


def variant_css() -> ipw.HTML:
    """The variant players' stylesheet (``variants.css``) as an invisible widget."""
    css = (resources.files("hexrules_widgets") / "variants.css").read_text(encoding="utf-8")
    w = ipw.HTML(f"<style>{css}</style>", layout=ipw.Layout(display="none"))
    w.add_class("hexrules-variant-style")
    return w


def button(text: str, css: str, on: Callable[[Any], Any], *, tip: str = "") -> ipw.Button:
    """A button with a stable CSS class."""
    b = ipw.Button(description=text, tooltip=tip, layout=ipw.Layout(width="auto"))
    b.add_class(css)
    b.on_click(on)
    return b


class ButtonPool(ipw.HBox):
    """A row of buttons that are kept and relabelled, never rebuilt: a redraw changes their
    texts, classes and callbacks and hides the spare ones, so a click in the page never lands
    on a button that is being replaced (the front end swaps new widgets in asynchronously).

    >>> pool = ButtonPool("hexrules-x")
    >>> got = []
    >>> pool.show([("A", lambda: got.append("a"), "hexrules-a", False),
    ...            ("B", lambda: got.append("b"), "hexrules-b", True)])
    >>> pool.shown[1].click(); got, pool.shown[1].button_style
    (['b'], 'info')
    >>> pool.show([("C", lambda: None, "", False)])
    >>> [b.description for b in pool.shown], pool.buttons[1].layout.display
    (['C'], 'none')
    """

    def __init__(self, css: str) -> None:
        super().__init__(layout=ipw.Layout(flex_flow="row wrap"))
        self.add_class(css)
        self.buttons: list[ipw.Button] = []
        self.shown: list[ipw.Button] = []
        self._calls: list[Callable[[], Any]] = []

    def _press(self, i: int) -> None:
        if i < len(self._calls):
            self._calls[i]()

    def show(self, items: Sequence[tuple[str, Callable[[], Any], str, bool]]) -> None:
        """Show one button per ``(text, callback, css class, highlighted)``."""
        grew = False
        while len(self.buttons) < len(items):
            b = ipw.Button(layout=ipw.Layout(width="auto"))
            i = len(self.buttons)
            b.on_click(lambda _b, i=i: self._press(i))
            self.buttons.append(b)
            grew = True
        self._calls = [cb for _, cb, _, _ in items]
        for i, b in enumerate(self.buttons):
            if i < len(items):
                text, _, css, lit = items[i]
                b.description = text
                b.button_style = "info" if lit else ""
                b._dom_classes = tuple(c for c in ("hexrules-pool-button", *css.split()) if c)
                b.layout.display = None
            else:
                b.layout.display = "none"
        self.shown = self.buttons[:len(items)]
        if grew:
            self.children = tuple(self.buttons)


class VariantShell(ipw.VBox):
    """What both variant players draw alike (see the module docstring).

    A subclass sets :attr:`sides` (its seats' names), makes its controller in
    :meth:`make_controller`, its board in ``board_box`` and draws a screen's board and its
    own controls in :meth:`draw_play`.
    """

    sides: tuple[str, ...] = ()
    css_class = "hexrules-variant-player"

    def __init__(self, seats: dict[str, Any], players: Sequence[str], seed: int,
                 board_width: str, side_width: str = "560px", height: str = "560px") -> None:
        self.seed = seed
        self.seat_picks = {}
        for side, who in seats.items():
            dd = ipw.Dropdown(options=seat_labels(players),
                              value=who if isinstance(who, str) else players[-1],
                              description=side.capitalize(), style=_WIDE,
                              layout=ipw.Layout(width="260px"))
            dd.add_class(f"hexrules-variant-seat-{side}")
            self.seat_picks[side] = dd
        self.new_button = button("New game 新局", "hexrules-variant-new", self._new)
        top = ipw.HBox([*self.seat_picks.values(), self.new_button])
        top.add_class("hexrules-variant-top")
        self.phase_line = ipw.HTML()
        self.phase_line.add_class("hexrules-variant-phase")
        self.status_line = ipw.HTML()
        self.status_line.add_class("hexrules-variant-status")
        self.computer_button = button("Computer 电脑 ▶", "hexrules-variant-computer",
                                      self._computer)
        self.hint = ipw.HTML()
        self.hint.add_class("hexrules-variant-hint")
        self.controls = ipw.VBox()
        self.controls.add_class("hexrules-variant-controls")
        self.orders_box = ButtonPool("hexrules-variant-orders")
        self.log_html = ipw.HTML()
        self.log_html.add_class("hexrules-variant-log")
        self.explain_html = ipw.HTML()
        self.explain_html.add_class("hexrules-variant-explain")
        records = ipw.VBox([self.explain_html, self.log_html],
                           layout=ipw.Layout(flex="1 1 0px", overflow="auto", min_height="80px"))
        records.add_class("hexrules-variant-records")
        for w in (self.phase_line, self.status_line, self.hint, self.controls,
                  self.orders_box):
            w.layout.flex = "0 0 auto"
        side = ipw.VBox([self.phase_line, self.status_line, self.hint, self.controls,
                         self.orders_box, self.computer_button, records],
                        layout=ipw.Layout(width=side_width, max_width=side_width,
                                          height=height, overflow="hidden"))
        side.add_class("hexrules-variant-side")
        self.board_box = ipw.Box(layout=ipw.Layout(width=board_width, min_width=board_width,
                                                   flex="0 0 auto"))
        super().__init__([style_widget(), variant_css(), top,
                          ipw.HBox([self.board_box, side])])
        self.add_class(self.css_class)
        self.add_class("hexrules-variant-player")
        self.controller = self.make_controller({s: v for s, v in seats.items()})
        self.after_new()
        self.refresh()

    # -- the subclass's part ---------------------------------------------------------------
    def make_controller(self, seats: dict[str, Any]) -> Any:  # pragma: no cover
        raise NotImplementedError

    def after_new(self) -> None:
        """A new game was made (reset the drafts, the board)."""

    def draw_play(self, screen: VariantScreen) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def clear_board(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def phase_text(self, screen: VariantScreen) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    # -- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the controller's screen (the only input of the drawing)."""
        self.draw(self.controller.screen())

    def draw(self, screen: VariantScreen) -> None:
        """Draw one screen: curtain, or phase, status, the variant's part, log, reasoning."""
        self.screen = screen
        if screen.curtain:
            self.clear_board()
            self.phase_line.value = f"<b>{html.escape(screen.status)}</b>"
            self.status_line.value = self.hint.value = ""
            self.set_rows(())
            self.set_buttons([(f"Show {screen.side} 显示", self._hand_over,
                               "hexrules-variant-handover", False)])
            self.log_html.value = self.explain_html.value = ""
            return
        self.phase_line.value = self.phase_text(screen)
        self.status_line.value = html.escape(screen.status)
        self.computer_button.disabled = not screen.waiting
        self.draw_play(screen)
        items = []
        for summary, body in reversed(screen.log[-60:]):
            inner = body or "<i>not shown to you 不公开 (fog of war 战争迷雾)</i>"
            items.append(f"<details class='hexrules-variant-record'><summary>"
                         f"{html.escape(summary)}</summary>{inner}</details>")
        self.log_html.value = f"<b>Log 记录</b>{''.join(items)}"
        self.explain_html.value = (
            "<details open class='hexrules-variant-reasoning'><summary><b>Computer's reasoning"
            f" 电脑的决策</b></summary>{screen.explanation}</details>"
            if screen.explanation else "")

    def set_buttons(self, items: Sequence[tuple[str, Callable[[], Any], str, bool]]) -> None:
        """The order buttons of this screen: ``(text, callback, css class, highlighted)``."""
        self.orders_box.show(items)

    @property
    def order_buttons(self) -> list[ipw.Button]:
        """The order buttons shown now."""
        return list(self.orders_box.shown)

    def set_rows(self, rows: Sequence[ipw.Widget]) -> None:
        """The variant's control rows (kept widgets: the box changes only when they do)."""
        if tuple(self.controls.children) != tuple(rows):
            self.controls.children = tuple(rows)

    # -- input ---------------------------------------------------------------------------
    def give(self, order: Any) -> bool:
        """Pass an order to the controller and redraw (a refusal is in the status line)."""
        ok = self.controller.give(order)
        if ok:
            self.after_order()
        self.refresh()
        return ok

    def after_order(self) -> None:
        """An order was accepted (reset the drafts)."""

    def press(self, text: str) -> None:
        """Press the button whose label starts with ``text`` (tests, lessons): an order button,
        or one of the variant's controls."""
        for b in [*self.order_buttons, *self.extra_buttons()]:
            if b.description.startswith(text):
                b.click()
                return
        raise RulesError(f"no button {text!r} now; there are "
                         f"{[b.description for b in self.order_buttons + self.extra_buttons()]}")

    def extra_buttons(self) -> list[ipw.Button]:
        """The variant's other buttons (its controls), for :meth:`press`."""
        return []

    def _new(self, _b: Any = None) -> None:
        self.controller = self.make_controller({s: d.value for s, d in self.seat_picks.items()})
        self.after_new()
        self.refresh()

    def _hand_over(self, _b: Any = None) -> None:
        self.controller.hand_over()
        self.refresh()

    def _computer(self, _b: Any = None) -> None:
        self.controller.computer_step()
        self.refresh()

