"""What the two steppers share: the dice controls, Next / Back, and HTML pieces (no rules).

* :class:`DiceControls` — where the dice come from (T-6): seeded :class:`~hexrules.dice.Dice`,
  :class:`~hexrules.dice.ScriptedDice` (faces typed in advance) or
  :class:`~hexrules.dice.TypedDice` (a class rolls real dice and the instructor types each
  roll when the adjudication asks for it; bad input is refused with the reason).
* :class:`StepNav` — the Back / Next buttons and the "step 3 of 11" line.
* :func:`dice_html` — dice drawn as faces with pips (inline SVG: no font needed);
  :func:`table_html` — a rule table with one cell (or row) highlighted; :func:`pct`.

Examples
--------
>>> dc = DiceControls()
>>> dc.mode.value = "scripted"; dc.faces.value = "3 4 2"
>>> dc.source().roll(2, "F-6", "2d6")
(3, 4)
>>> "hexrules-die" in dice_html((3, 4))
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

from hexrules.dice import Dice, DiceSource, ScriptedDice, TypedDice
from hexrules.errors import RulesError
from hexrules.glossary import label

__all__ = ["DICE_MODES", "DiceControls", "StepNav", "Stepping", "dice_html", "pct", "table_html"]

#: The dice modes: value → button label.
DICE_MODES = {
    "seeded": "Seeded 种子",
    "scripted": "Scripted 预设",
    "typed": "Typed in 手动输入",
}

_PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)],
         4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
         6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}


def pct(p: Fraction | float) -> str:
    """A probability as a percentage with one decimal (``'55.6 %'``).

    >>> pct(Fraction(5, 9))
    '55.6 %'
    """
    return f"{float(p) * 100:.1f} %"


def frac_html(p: Fraction) -> str:
    """A probability as a percentage, its exact fraction in the tooltip."""
    return f"<span title='{p.numerator}/{p.denominator}'>{pct(p)}</span>"


def dice_html(faces: Sequence[int], *, mark: set[int] | frozenset[int] = frozenset(),
              size: int = 44, css: str = "") -> str:
    """Dice with pips; faces in ``mark`` are drawn red (e.g. the F-7 faces that apply)."""
    out = []
    for f in faces:
        hit = f in mark
        pips = "".join(f"<circle cx='{x * 10}' cy='{y * 10}' r='4' fill='"
                       f"{'#ffffff' if hit else '#111111'}'/>" for x, y in _PIPS[f])
        out.append(
            f"<svg class='hexrules-die{' hexrules-die-marked' if hit else ''}' "
            f"data-face='{f}' width='{size}' height='{size}' viewBox='0 0 40 40'>"
            f"<rect x='1.5' y='1.5' width='37' height='37' rx='7' fill='"
            f"{'#d32f2f' if hit else '#ffffff'}' stroke='#222222' stroke-width='2'/>{pips}</svg>")
    return f"<span class='hexrules-dice {css}'>{''.join(out)}</span>"


def table_html(caption: str, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]],
               *, row: str | None = None, column: str | None = None, css: str = "") -> str:
    """A rule table: ``rows`` of (row label, cells); the cell at (``row``, ``column``) lit.

    With only ``row`` the whole row is lit; with only ``column``, the column.

    >>> t = table_html("F-3", ["level"], [("1–8", ["10"]), ("9–30", ["9"])], row="9–30",
    ...                column="level")
    >>> t.count("hexrules-cell-hit")
    1
    """
    e = html.escape
    head = "".join(f"<th class='{'hexrules-col-hit' if c == column else ''}'>{e(c)}</th>"
                   for c in columns)
    body = []
    for r, cells in rows:
        tds = []
        for c, v in zip(columns, cells, strict=True):
            hit = (r == row or row is None) and (c == column or column is None) \
                and (row is not None or column is not None)
            tds.append(f"<td class='{'hexrules-cell-hit' if hit else ''}'>{e(v)}</td>")
        cls = "hexrules-row-hit" if r == row else ""
        body.append(f"<tr class='{cls}'><th>{e(r)}</th>{''.join(tds)}</tr>")
    return (f"<table class='hexrules-rule-table {css}'><caption>{e(caption)}</caption>"
            f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")


class DiceControls(ipw.HBox):
    """Where the dice come from: seeded, scripted, or typed in as a class rolls them (T-6).

    Attributes
    ----------
    mode : ipywidgets.ToggleButtons
        ``"seeded"``, ``"scripted"`` or ``"typed"``.
    seed : ipywidgets.IntText
    faces : ipywidgets.Text
        The scripted faces (``"3 4 2"``).
    typed : TypedDice
        The faces typed in so far (typed mode).

    Examples
    --------
    >>> dc = DiceControls(seed=5)
    >>> dc.source().log == ()
    True
    >>> dc.mode.value = "scripted"; dc.faces.value = "3 9"
    >>> dc.source()
    Traceback (most recent call last):
    ...
    hexrules.errors.RulesError: '9' is not a die face: type whole numbers 1-6 (T-6)
    """

    def __init__(self, *, seed: int = 1, mode: str = "seeded", faces: str = "") -> None:
        self.mode = ipw.ToggleButtons(options=[(v, k) for k, v in DICE_MODES.items()],
                                      value=mode, tooltips=[
                                          "Dice(seed=…): the same seed gives the same rolls",
                                          "ScriptedDice: the faces typed here, in order",
                                          "Roll real dice; type each roll when asked"])
        self.mode.add_class("hexrules-dice-mode")
        self.seed = ipw.IntText(value=seed, description="seed", layout=ipw.Layout(width="9em"))
        self.seed.style.description_width = "initial"
        self.seed.add_class("hexrules-dice-seed")
        self.faces = ipw.Text(value=faces, placeholder="3 4 2 …", description="faces",
                              layout=ipw.Layout(width="12em"))
        self.faces.style.description_width = "initial"
        self.faces.add_class("hexrules-dice-faces")
        self.typed = TypedDice()
        title = ipw.HTML(f"<b>{html.escape(label('dice'))}</b>")
        super().__init__([title, self.mode, self.seed, self.faces],
                         layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("hexrules-dice-controls")
        self.mode.observe(lambda _: self._show(), names="value")
        self._show()

    def _show(self) -> None:
        m = self.mode.value
        self.seed.layout.display = "" if m == "seeded" else "none"
        self.faces.layout.display = "" if m == "scripted" else "none"

    def source(self) -> DiceSource:
        """Fresh dice for one adjudication (typed mode: the faces typed so far).

        Raises
        ------
        RulesError
            A scripted face that is not 1–6 (nothing is rolled).
        """
        m = self.mode.value
        if m == "seeded":
            return Dice(seed=int(self.seed.value))
        if m == "scripted":
            from hexrules.dice import parse_faces

            text = self.faces.value.strip()
            return ScriptedDice(parse_faces(text) if text else ())
        return self.typed.fresh()

    def reset_typed(self) -> None:
        """Forget the faces typed (a new declaration)."""
        self.typed = TypedDice()


class StepNav(ipw.HBox):
    """Back / Next and where we are (``step 3 of 11``); calls ``on_move(index)``."""

    def __init__(self, on_move: Callable[[int], Any]) -> None:
        auto = ipw.Layout(width="auto")
        self.back = ipw.Button(description="Back 上一步", icon="chevron-left", layout=auto)
        self.next = ipw.Button(description="Next 下一步", icon="chevron-right", layout=auto)
        self.back.add_class("hexrules-step-back")
        self.next.add_class("hexrules-step-next")
        self.where = ipw.HTML("")
        self.where.add_class("hexrules-step-where")
        self.index = 0
        self.count = 0
        self._on_move = on_move
        self.back.on_click(lambda _: self.move(self.index - 1))
        self.next.on_click(lambda _: self.move(self.index + 1))
        super().__init__([self.back, self.next, self.where],
                         layout=ipw.Layout(align_items="center"))
        self.add_class("hexrules-step-nav")
        self.set(0, 0)

    def set(self, index: int, count: int) -> None:
        """Show step ``index`` of ``count`` (0 steps: both buttons off)."""
        self.index, self.count = index, count
        self.back.disabled = index <= 0 or count == 0
        self.next.disabled = index >= count - 1 or count == 0
        self.where.value = (f"step {index + 1} of {count}" if count else "")

    def move(self, index: int) -> None:
        """Go to step ``index`` (clamped), then tell the stepper."""
        if self.count == 0:
            return
        index = max(0, min(index, self.count - 1))
        self.set(index, self.count)
        self._on_move(index)


def error_html(exc: BaseException) -> str:
    """A refusal, explained (the library's message)."""
    kind = type(exc).__name__
    return (f"<div class='hexrules-refusal'><b>Refused 拒绝</b> ({html.escape(kind)}): "
            f"{html.escape(str(exc))}</div>")


# the project's errors are RulesError subclasses; the steppers catch these
CAUGHT = (RulesError,)


class Stepping:
    """What both steppers do with their stages and typed-in dice (mixed into each widget).

    A stepper has ``stages``, ``index``, ``nav`` (a :class:`StepNav`), ``dice`` (its
    :class:`DiceControls`), ``need`` (the roll the typed-in dice wait for), ``typed_prompt``
    and ``adjudicate()``.
    """

    stages: Sequence[Any]
    index: int
    nav: StepNav
    dice: DiceControls
    need: Any
    typed_prompt: ipw.HTML

    def adjudicate(self) -> Any:  # pragma: no cover - each stepper's own
        raise NotImplementedError

    def _typed_refused(self, exc: Exception) -> None:
        """Show why typed-in faces were refused (a stepper may keep more of its prompt)."""
        self.typed_prompt.value = error_html(exc)

    def enter_faces(self, text: str) -> Any:
        """Typed-in mode: the faces rolled for the roll asked; bad input is refused."""
        if self.need is None:
            return None
        try:
            self.dice.typed.enter(text, self.need)
        except CAUGHT as exc:
            self._typed_refused(exc)
            return None
        return self.adjudicate()

    @property
    def stage(self) -> Any:
        """The stage shown."""
        return self.stages[self.index] if self.stages else None

    def next(self) -> None:
        """Next step."""
        self.nav.move(self.index + 1)

    def back(self) -> None:
        """Previous step."""
        self.nav.move(self.index - 1)
