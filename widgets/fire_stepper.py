"""The fire adjudication stepper: pick shooters and a target, see the odds, step through F-2.

:class:`FireStepper` puts a board with the units' counters beside a panel. Click a unit to
make it a shooter (more units of its side for concentrated fire, F-9), then an enemy unit for
the target. Before any die is rolled the panel shows the exact odds of the declaration
(:func:`hexrules.combat.fire_odds`: each shot's result probabilities and, for concentrated
fire, the kill probability against shots spent). **Adjudicate 裁决** rolls the dice
(seeded, scripted, or typed in from real dice: :class:`~hexrules_widgets.stepper.
DiceControls`) through :func:`hexrules.adjudicate_fire`, and **Next / Back** walk the
record's steps: the declaration and its markers (F-1), sight with the sight line drawn,
the standard attack level (the F-3 table, its cell lit), the height correction (F-4 cell),
the other modifiers (F-5), the 2d6 roll, the F-6 cell, the terrain (F-7) and armour (F-8)
corrections, and the result on the counter (F-10).

Everything shown is a field of the :class:`~hexrules.combat.FireRecord` or of the rule tables
it cites; the stepper decides nothing. Illegal declarations are refused with the library's
reason, and nothing changes.

Examples
--------
>>> from hexrules import HexMap, Unit
>>> m = HexMap.load("training")
>>> units = [Unit("R1", "red", m.parse("4563MG")), Unit("B1", "blue", m.parse("4563NH"))]
>>> fs = FireStepper(m, units)
>>> fs.declare(["R1"], "B1").p_destroyed > 0
True
>>> fs.dice.mode.value = "scripted"; fs.dice.faces.value = "2 3 4"
>>> rec = fs.adjudicate()
>>> fs.stage.kind, fs.nav.count == len(fs.stages)
('declaration', True)
>>> fs.last(); fs.stage.kind, fs.layer.units_at(m.parse("4563NH"))[0].suppressed
('result', True)
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.stepper import (
    CAUGHT,
    DiceControls,
    StepNav,
    Stepping,
    error_html,
    frac_html,
)
from hexrules_widgets.style import style_widget
from hexrules_widgets.units import CounterLayer, counter_legend, units_of

from hexrules.combat import FireKind, FireOdds, FireOrder, FireRecord, adjudicate_fire, fire_odds
from hexrules.dice import FacesNeeded
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.records import Step
from hexrules.tables import TableSet, load_tables
from hexrules.units import Result, Unit

__all__ = ["FireStepper", "Stage", "fire_stages"]


@dataclass(frozen=True)
class Stage:
    """One stop of the stepper: a kind, the shot it belongs to and the record's step."""

    kind: str  # declaration, sight, F-3, F-4, F-5, roll, F-6, F-7, F-8, F-10, F-9, result
    shot: int | None = None
    step: Step | None = None


def fire_stages(rec: FireRecord) -> list[Stage]:
    """The stops of a record, in F-2 order: its steps, plus the 2d6 roll before F-6.

    >>> from hexrules import Hex, HexMap, ScriptedDice, Unit, adjudicate_fire
    >>> rec = adjudicate_fire(HexMap.flat(30, 3), Unit("R1", "red", Hex(0, 1)),
    ...                       Unit("B1", "blue", Hex(18, 1)), dice=ScriptedDice([2, 3, 4]))
    >>> [s.kind for s in fire_stages(rec)]
    ['declaration', 'sight', 'F-3', 'F-4', 'F-5', 'roll', 'F-6', 'F-7', 'F-8', 'F-10', 'result']
    """
    out = [Stage("declaration", None, rec.declaration)]
    for k, shot in enumerate(rec.shots):
        for i, st in enumerate(shot.steps):
            if i == 0 and st.rule not in ("F-9",):
                out.append(Stage("sight", k, st))
                continue
            if st.rule == "F-6" and st.dice:
                out.append(Stage("roll", k, st))
            out.append(Stage(st.rule, k, st))
    out.append(Stage("result", None, None))
    return out


_KINDS = [FireKind.NORMAL, FireKind.MOVING, FireKind.SHORT_HALT, FireKind.CLOSE_COMBAT]
_PROMPT = ("Click a unit for the shooter 射击单位 (more of its side: concentrated fire "
           "集火射击), then an enemy unit for the target 目标")


class FireStepper(Stepping, ipw.VBox):
    """Declare direct fire on the board, see the exact odds, then step through F-2.

    Parameters
    ----------
    hexmap : HexMap or str
    units : iterable of Unit, GameState or View
        The units on the board (ids unique; a state's or a side's view's ``units``).
    tables : TableSet, optional
    seed : int
        The seed of the seeded dice.
    board_height : str
        CSS height of the board.

    Attributes
    ----------
    board : HexBoard
    layer : CounterLayer
    shooters : list of str
    target : str or None
    odds : FireOdds or None
        The declaration's exact odds (before any roll).
    record : FireRecord or None
    stages : list of Stage
    index : int
    last_update_ms : float
        Python time of the last click handled (click → odds and counters shown).
    """

    def __init__(self, hexmap: HexMap | str, units: Iterable[Unit], *,
                 tables: TableSet | None = None, seed: int = 1,
                 board_height: str = "600px") -> None:
        self.hexmap = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
        self.tables = tables or load_tables()
        self.units: tuple[Unit, ...] = units_of(units)
        self.shooters: list[str] = []
        self.target: str | None = None
        self.odds: FireOdds | None = None
        self.record: FireRecord | None = None
        self.stages: list[Stage] = []
        self.index = 0
        self.need: FacesNeeded | None = None
        self.last_update_ms = 0.0

        self.board = HexBoard(self.hexmap, height=board_height, legend=False)
        self.layer = CounterLayer(self.board, scale=1.15)
        self.board.on_hex_click(self.click)

        auto = ipw.Layout(width="auto")
        self.kind = ipw.Dropdown(options=[(k.label, k.value) for k in _KINDS], value="normal",
                                 layout=ipw.Layout(width="auto"))
        self.kind.add_class("hexrules-fire-kind")
        self.kind.observe(lambda _: self._declared(), names="value")
        self.adjudicate_button = ipw.Button(description="Adjudicate 裁决", icon="play",
                                            layout=auto, disabled=True)
        self.adjudicate_button.add_class("hexrules-adjudicate")
        self.adjudicate_button.on_click(lambda _: self.adjudicate())
        self.clear_button = ipw.Button(description="Start over 重新开始", icon="undo",
                                       layout=auto)
        self.clear_button.add_class("hexrules-clear")
        self.clear_button.on_click(lambda _: self.clear())
        self.dice = DiceControls(seed=seed)
        self.typed_box = ipw.Text(placeholder="e.g. 3 5", layout=ipw.Layout(width="8em"))
        self.typed_box.add_class("hexrules-typed-faces")
        self.typed_button = ipw.Button(description="Enter 输入", layout=auto)
        self.typed_button.add_class("hexrules-typed-enter")
        self.typed_button.on_click(lambda _: self.enter_faces(self.typed_box.value))
        self.typed_prompt = ipw.HTML("")
        self.typed_prompt.add_class("hexrules-typed-prompt")
        self.typed_row = ipw.HBox([self.typed_prompt, self.typed_box, self.typed_button],
                                  layout=ipw.Layout(display="none", align_items="center",
                                                    flex_flow="row wrap"))
        self.typed_row.add_class("hexrules-typed-row")

        self.status = ipw.HTML(_PROMPT)
        self.status.add_class("hexrules-fire-status")
        self.odds_panel = ipw.HTML("")
        self.odds_panel.add_class("hexrules-odds")
        self.nav = StepNav(self.go)
        self.step_panel = ipw.HTML("")
        self.step_panel.add_class("hexrules-step")
        self.outline = ipw.HTML("")
        self.outline.add_class("hexrules-step-outline")
        legend = " · ".join(f"<b>{c}</b> {html.escape(t)}" for c, t in counter_legend().items())
        self.legend = ipw.HTML(f"<div class='hexrules-counter-legend'>{legend}</div>")

        row = ipw.HBox([self.kind, self.adjudicate_button, self.clear_button],
                       layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        self.side = ipw.VBox([row, self.dice, self.typed_row, self.status, self.odds_panel,
                              self.nav, self.step_panel, self.outline])
        self.side.add_class("hexrules-stepper-side")
        main = ipw.HBox([ipw.VBox([self.board, self.legend]), self.side])
        main.add_class("hexrules-stepper-main")
        super().__init__([style_widget(), main])
        self.add_class("hexrules-fire-stepper")
        self._draw_units()

    # -- selection -----------------------------------------------------------------------
    def _unit(self, uid: str) -> Unit:
        return next(u for u in self.units if u.id == uid)

    def click(self, h: Hex) -> None:
        """A click on hex ``h``: choose a shooter (toggle), or the target."""
        start = time.perf_counter()
        here = [u for u in self.layer.units_at(h) if u.alive]
        if self.record is not None:
            self._reset()
        if not here:
            self.status.value = (f"No unit in {html.escape(self.hexmap.name_of(h))}. "
                                 + _PROMPT)
        elif not self.shooters:
            self.shooters = [here[0].id]
        else:
            side = self._unit(self.shooters[0]).side
            own = [u for u in here if u.side is side]
            enemy = [u for u in here if u.side is not side]
            if enemy and (not own or self.target is None):
                self.target = enemy[0].id
            elif own:
                uid = own[0].id
                if uid in self.shooters:
                    self.shooters.remove(uid)
                else:
                    self.shooters.append(uid)
                if not self.shooters:
                    self.target = None
        self._declared()
        self.last_update_ms = (time.perf_counter() - start) * 1000

    def declare(self, shooters: Sequence[str], target: str,
                kind: FireKind | str = FireKind.NORMAL) -> FireOdds | None:
        """Choose the shooters and the target by id: shows and returns the exact odds."""
        self._reset()
        self.shooters, self.target = list(shooters), target
        k = FireKind.parse(kind).value
        if self.kind.value != k:
            self.kind.value = k  # redraws through the observer
        else:
            self._declared()
        return self.odds

    def clear(self) -> None:
        """Forget the declaration and the record."""
        self._reset()
        self.shooters, self.target = [], None
        self._declared()

    def _reset(self) -> None:
        self.record, self.stages, self.index, self.need = None, [], 0, None
        self.dice.reset_typed()
        self.typed_row.layout.display = "none"
        self.nav.set(0, 0)
        self.step_panel.value = self.outline.value = ""
        for name in ("fire-sight", "fire-passed"):
            self.board.clear_overlay(name)

    def _order(self) -> FireOrder:
        return FireOrder(self.shooters, self.target or "", self.kind.value)

    def _declared(self) -> None:
        """Odds of the declaration as it stands (or the reason it is refused)."""
        self.odds = None
        self.adjudicate_button.disabled = True
        e = html.escape
        names = ", ".join(self.shooters) or "—"
        self.status.value = (f"<b>{e(label('shooter'))}</b>: {e(names)} · "
                             f"<b>Target 目标</b>: {e(self.target or '—')}"
                             + ("" if self.shooters and self.target else f"<br>{_PROMPT}"))
        if self.shooters and self.target:
            try:
                self.odds = fire_odds(self.hexmap, self._order(), units=self.units,
                                      tables=self.tables)
            except CAUGHT as exc:
                self.odds_panel.value = error_html(exc)
            else:
                self.odds_panel.value = self._odds_html(self.odds)
                self.adjudicate_button.disabled = False
        else:
            self.odds_panel.value = ""
        self._draw_units()

    def _odds_html(self, odds: FireOdds) -> str:
        e = html.escape
        heads = "".join(f"<th>{r.code}</th>" for r in Result)
        rows = []
        for u, lv, dist in zip(odds.shooters, odds.levels, odds.shots, strict=True):
            level = "blocked 不通视" if lv is None else str(lv)
            cells = "".join(f"<td>{frac_html(dist[r])}</td>" for r in Result)
            rows.append(f"<tr><th>{e(u.id)}</th><td>{e(level)}</td>{cells}</tr>")
        out = [f"<div class='hexrules-odds-title'><b>Odds before rolling</b> · "
               f"{e(str(odds.order))}</div>",
               f"<table class='hexrules-odds-table'><thead><tr><th>{e(label('shooter'))}</th>"
               f"<th>level 等级</th>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"]
        if len(odds.shots) > 1:
            curve = " · ".join(f"{k} shot{'s' if k > 1 else ''}: {frac_html(p)}"
                               for k, p in enumerate(odds.kill_curve, 1))
            out.append(f"<div class='hexrules-kill-curve'><b>{e(label('destroyed'))} after "
                       f"shots spent</b> (F-9): {curve} · expected shots "
                       f"{float(odds.expected_shots):.2f}</div>")
        else:
            out.append(f"<div class='hexrules-kill-curve'><b>{e(label('destroyed'))}</b>: "
                       f"{frac_html(odds.p_destroyed)}</div>")
        return "".join(out)

    def _odds_line(self, odds: FireOdds) -> str:
        curve = " → ".join(frac_html(p) for p in odds.kill_curve)
        return (f"<div class='hexrules-odds-line'><b>Odds before rolling</b> · "
                f"{html.escape(str(odds.order))} · {html.escape(label('destroyed'))} "
                f"{curve}</div>")

    # -- adjudication --------------------------------------------------------------------
    def adjudicate(self) -> FireRecord | None:
        """Roll the dice (the mode chosen) and adjudicate; shows the first step.

        In typed-in mode, asks for the next roll instead when the faces typed so far do not
        suffice (answer with :meth:`enter_faces`).
        """
        if not (self.shooters and self.target):
            return None
        try:
            dice = self.dice.source()
            rec = adjudicate_fire(self.hexmap, self._order(), units=self.units, dice=dice,
                                  tables=self.tables)
        except FacesNeeded as need:
            self.need = need
            n = "the face" if need.count == 1 else f"the {need.count} faces"
            self.typed_prompt.value = (
                f"<b>Roll {'a d6' if need.count == 1 else f'{need.count}d6'}</b> for "
                f"{html.escape(need.rule)} {html.escape(need.purpose)} and type {n}:")
            self.typed_row.layout.display = ""
            self.typed_box.value = ""
            return None
        except CAUGHT as exc:
            self.odds_panel.value = error_html(exc) + self.odds_panel.value
            return None
        self.need = None
        self.typed_row.layout.display = "none"
        self.record = rec
        if self.odds is not None:  # one line while stepping: room for the tables
            self.odds_panel.value = self._odds_line(self.odds)
        self.stages = fire_stages(rec)
        self.nav.set(0, len(self.stages))
        self.go(0)
        return rec

    def show(self, rec: FireRecord) -> None:
        """Step through a record made elsewhere (a game's log): its units as they were.

        The units the record names replace those of the stepper (by id) in their state
        before the declaration; the stepper opens on the declaration.
        """
        before = {u.id: u for u in (*rec.shooters, rec.target)}
        self._reset()
        self.units = tuple(before.pop(u.id, u) for u in self.units) + tuple(before.values())
        self.shooters, self.target = list(rec.order.shooters), rec.order.target
        if self.kind.value != rec.order.kind.value:
            self.kind.value = rec.order.kind.value  # its observer recomputes the odds
        else:
            self._declared()
        # a record from a game may not be declarable again here (markers): no odds then
        self.odds_panel.value = "" if self.odds is None else self._odds_line(self.odds)
        self.adjudicate_button.disabled = True
        self.record = rec
        self.stages = fire_stages(rec)
        self.nav.set(0, len(self.stages))
        self.go(0)

    # -- stepping ------------------------------------------------------------------------
    def _typed_refused(self, exc: Exception) -> None:
        self.typed_prompt.value = error_html(exc) + self.typed_prompt.value.split("</div>")[-1]

    def last(self) -> None:
        """The final result."""
        self.nav.move(len(self.stages) - 1)

    def go(self, index: int) -> None:
        """Show stage ``index``: its panel, the counters as they stand then, the sight line."""
        if not self.stages:
            return
        self.index = max(0, min(index, len(self.stages) - 1))
        if self.nav.index != self.index:
            self.nav.set(self.index, len(self.stages))
        st = self.stages[self.index]
        from hexrules_widgets.fire_panels import stage_html

        self.step_panel.value = stage_html(self.record, st, self.tables)  # type: ignore[arg-type]
        self.outline.value = self._outline()
        self._draw_units()
        self._draw_sight(st)

    def _outline(self) -> str:
        chips = []
        for i, s in enumerate(self.stages):
            cur = " hexrules-chip-current" if i == self.index else ""
            name = s.kind if s.shot is None or len(self.record.shots) == 1 \
                else f"{s.kind}·{s.shot + 1}"  # type: ignore[union-attr]
            chips.append(f"<span class='hexrules-chip{cur}'>{html.escape(name)}</span>")
        return "<div class='hexrules-chips'>" + "".join(chips) + "</div>"

    def units_now(self) -> list[Unit]:
        """The units as they stand at the stage shown (before adjudication: as declared)."""
        rec = self.record
        if rec is None:
            return list(self.units)
        after: dict[str, Unit] = {u.id: u for u in rec.shooters_after}
        st = self.stages[self.index]
        if st.kind == "result":
            after[rec.target.id] = rec.target_after
        else:
            k = st.shot if st.shot is not None else 0
            shot = rec.shots[k]
            applied = st.kind in ("F-10",) or (st.kind == "F-9")
            after[rec.target.id] = shot.target_after if applied else shot.target_before
        return [after.get(u.id, u) for u in self.units]

    def _draw_units(self) -> None:
        roles = {uid: "shooter" for uid in self.shooters}
        if self.target:
            roles[self.target] = "target"
        st = self.stage
        if st is not None and st.shot is not None and self.record is not None \
                and len(self.record.shots) > 1:  # the shooter whose shot this is
            for uid in self.shooters:
                roles[uid] = "selected"
            roles[self.record.shots[st.shot].shooter.id] = "shooter"
        self.layer.show(self.units_now(), roles)

    def _draw_sight(self, st: Stage) -> None:
        b = self.board
        rec = self.record
        if rec is None or st.shot is None or st.kind in ("F-9",):
            b.clear_overlay("fire-sight")
            b.clear_overlay("fire-passed")
            return
        shot = rec.shots[st.shot]
        s = shot.sight
        if s is None:
            b.clear_overlay("fire-sight")
            b.clear_overlay("fire-passed")
            return
        colour = "#1a9850" if s.visible else "#d7191c"
        b.set_overlay("fire-sight", [
            b.line_feature([s.observer, s.target], {"color": "#ffffff", "weight": 7}),
            b.line_feature([s.observer, s.target], {"color": colour, "weight": 3.5,
                                                    "dashArray": "" if s.visible else "8 6"},
                           part="sight-line", visible=s.visible)], level="line")
        b.set_overlay("fire-passed", [b.hex_feature(c.hex, {"color": "#ff8c00", "weight": 2,
                                                           "fill": False}, scale=0.86)
                                      for c in s.passed], level="highlight")
