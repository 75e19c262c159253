"""The Prokhorovka variant's player (Appendix B): the lesson cut on the square board, hot seat
or against the computer (:mod:`hexrules_widgets.variant_player`, on
:class:`~hexrules_widgets.variant_shell.VariantShell`).

The screen is one side's: its own units in full and the enemy units it sees (P-18; their
type, square, facing, visible damage), drawn on a
:class:`~hexrules_widgets.grid_board.SquareBoard` coloured by terrain with the hills' heights
shaded (P-6) and the farm (P-24) marked. A click is turned into the order it means in the
phase and passed to the engine, which accepts or refuses it (its message in the status line):

* **mortar** (P-17): pick the company (a button), click the aim square;
* **movement** (P-9): click one of your units to activate it (its action die is rolled),
  then the neighbouring squares one by one (the legal next steps are shaded); *Finish move*
  ends it, with a free facing if you pick one;
* **fire** (P-10, P-23): click your unit, then a seen enemy (*fire to win* ticked: mode
  ``win``); holding fire and melee are buttons;
* *End phase* ends the side's part of the phase.

Examples
--------
>>> p = ProkPlayer(german="human", soviet="greedy", seed=1)
>>> p.press("End phase")                               # no mortar call
>>> p.controller.game.state.phase, p.screen.orders[0]
('movement', EndPhase())
>>> p.board.click(12, 26)                              # activate GP4-1 (a Pz IV)
>>> p.controller.game.state.mover.unit
'GP4-1'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.grid_board import SquareBoard
from hexrules_widgets.variant_control import ProkController, VariantScreen
from hexrules_widgets.variant_shell import ButtonPool, VariantShell

from hexrules.grid.square import DIRECTION_NAMES, Square
from hexrules.variants.prokhorovka.orders import (
    Activate,
    EndPhase,
    FinishMove,
    HoldFire,
    MeleeAssault,
    MortarCall,
    MoveStep,
    OpenFire,
)

__all__ = ["ProkPlayer", "board_colours"]

_GROUND = {"forest": (115, 158, 102), "plain": (237, 234, 204), "hills": (204, 179, 133)}
_FEATURE = {"road": "#8c8c8c", "barn": "#8c5a33", "house": "#cc4033", "haystack": "#e6bf33"}
_SIDE = {"german": "#4a5d7a", "soviet": "#c0392b"}
_SHORT = {"Pz IV G": "4", "Tiger I": "T", "T-34/76": "76", "T-34/85": "85", "Su-152": "SU",
          "squad": "Q"}


def board_colours(scenario: Any) -> tuple[list[str], list[str]]:
    """The squares' colours (terrain; hills darker with height, P-6) and hover texts of a
    scenario's board, row by row.

    >>> from hexrules.variants.prokhorovka import load_scenario
    >>> cells, tips = board_colours(load_scenario("cut"))
    >>> len(cells), tips[25 * 60 + 54]
    (3600, '(54, 25) hills, 77 m — Hill 252.2')
    """
    b = scenario.board()
    top = max((h.height for h in scenario.hills), default=1.0)
    crest = {sq: h.name for h in scenario.hills for sq in h.crest}
    cells, tips = [], []
    for r in range(b.height):
        for c in range(b.width):
            sq = Square(c, r)
            g, f = b.ground_at(sq), b.feature_at(sq)
            z = b.height_at(sq)
            if f is not None:
                colour = _FEATURE[f]
            else:
                k = 1 - 0.35 * z / top if g == "hills" else 1.0
                colour = "#" + "".join(f"{int(v * k):02x}" for v in _GROUND[g])
            if b.has_trench(sq) and f is None:
                colour = "#3b3b3b"
            cells.append(colour)
            bits = [f or g] + (["trench 战壕"] if b.has_trench(sq) else [])
            tip = f"{sq} {', '.join(bits)}" + (f", {z:.0f} m" if z else "")
            tips.append(tip + (f" — {crest[sq]}" if sq in crest else ""))
    return cells, tips


class ProkPlayer(VariantShell):
    """The Prokhorovka variant's player widget (see the module docstring).

    Parameters
    ----------
    scenario : str
        ``"cut"`` (the lesson cut, P-24).
    german, soviet : str or Player
        ``"human"``, ``"random"``, ``"greedy"`` or a player object.
    seed : int
        The dice seed (the computers' seeds derive from it).
    """

    sides = ("german", "soviet")
    css_class = "hexrules-prok-player"

    def __init__(self, scenario: str = "cut", *, german: Any = "human",
                 soviet: Any = "greedy", seed: int = 1, cell: int = 9) -> None:
        self.scenario, self._cell = scenario, cell
        self.board: SquareBoard | None = None
        self.selected: str | None = None
        self.company: int | None = None
        self.win_box = ipw.Checkbox(value=False, description="Fire to win 火完胜制 (P-10)",
                                    indent=False, layout=ipw.Layout(width="auto"))
        self.win_box.add_class("hexrules-prok-win")
        self.companies = ButtonPool("hexrules-prok-companies")
        super().__init__({"german": german, "soviet": soviet}, ["random", "greedy"], seed,
                         board_width=f"{60 * cell + 14}px", height="580px")

    # -- the shell's part ----------------------------------------------------------------
    def make_controller(self, seats: dict[str, Any]) -> ProkController:
        return ProkController(self.scenario, german=seats["german"], soviet=seats["soviet"],
                              seed=self.seed)

    def after_new(self) -> None:
        sc = self.controller.public
        cells, tips = board_colours(sc)
        if self.board is None or (self.board.cols, self.board.rows) != (sc.width, sc.height):
            self.board = SquareBoard(sc.width, sc.height, cells=cells, tips=tips,
                                     cell=self._cell, height="575px")
            self.board.on_square_click(self.click)
            self.board_box.children = [self.board]
        else:
            self.board.set_cells(cells, tips)
        self.after_order()

    def after_order(self) -> None:
        self.selected = None

    def clear_board(self) -> None:
        assert self.board is not None
        self.board.set_marks([])
        self.board.set_shade([])

    def phase_text(self, screen: VariantScreen) -> str:
        v = screen.view
        who = v.to_act or "game over 推演结束"
        losses = " · ".join(f"{s}: {k} killed, {w} wounded, {t} vehicles" for s, k, w, t in
                            v.losses)
        return (f"<b>Turn 回合 {v.turn}</b> · {html.escape(v.phase)} · to act 行动: "
                f"<b>{html.escape(str(who))}</b> · screen {html.escape(v.side)} · "
                f"hidden enemies {v.hidden}<br><small>{html.escape(losses)}</small>")

    def extra_buttons(self) -> list[ipw.Button]:
        return list(self.companies.shown)

    # -- drawing -------------------------------------------------------------------------
    def draw_play(self, screen: VariantScreen) -> None:
        assert self.board is not None
        v, orders = screen.view, screen.orders
        sc = self.controller.public
        marks = []
        for u in v.own:
            if not u.on_map:
                continue
            what = f"{u.men} men" if u.is_squad else f"crew {u.crew}"
            marks.append({"col": u.square.col, "row": u.square.row, "text": _SHORT[u.type],
                          "fill": _SIDE[u.side], "shape": "circle" if u.is_squad else "square",
                          "facing": u.facing, "cls": f"hexrules-prok-unit hexrules-prok-{u.id}",
                          "stroke": "#ffeb3b" if u.id in (self.selected, v.mover) else "#fff",
                          "stroke_width": 2 if u.id in (self.selected, v.mover) else 1,
                          "title": f"{u.id} {u.type} · {what} · loads {u.loads}"})
        foe = "soviet" if v.side == "german" else "german"
        for x in v.seen:
            marks.append({"col": x.square.col, "row": x.square.row, "text": _SHORT[x.type],
                          "fill": _SIDE[foe], "shape": "circle" if x.type == "squad"
                          else "square", "facing": x.facing,
                          "cls": f"hexrules-prok-unit hexrules-prok-{x.id}",
                          "title": f"{x.id} {x.type}" + (" · disabled" if x.disabled else "")})
        self.board.set_marks(marks)
        shade = [{"col": s.col, "row": s.row, "fill": "#9c27b0", "opacity": 0.25,
                  "cls": "hexrules-prok-farm"} for s in sorted(sc.farm, key=lambda s: (s.row,
                                                                                      s.col))]
        steps = [o.square for o in orders if isinstance(o, MoveStep)]
        shade += [{"col": s.col, "row": s.row, "fill": "#2e7d32", "opacity": 0.55,
                   "cls": "hexrules-prok-step"} for s in steps]
        if self.selected:
            targets = {o.target for o in orders if isinstance(o, OpenFire | MeleeAssault)
                       and o.unit == self.selected}
            shade += [{"col": x.square.col, "row": x.square.row, "fill": "#ff6f00",
                       "opacity": 0.6, "cls": "hexrules-prok-target"} for x in v.seen
                      if x.id in targets]
        self.board.set_shade(shade)
        self._controls(screen)

    def _controls(self, screen: VariantScreen) -> None:
        orders = screen.orders
        v = screen.view
        buttons: list[tuple[str, Any, str, bool]] = []
        rows: list[Any] = []
        hint = ""
        if not orders:
            self.hint.value = "waiting 等待" if screen.waiting else ""
            self.set_rows(())
            self.set_buttons([])
            return
        if v.phase == "mortar":
            calls = sorted({o.company for o in _call_heads(orders)})
            if self.company not in calls:
                self.company = calls[0] if calls else None
            self.companies.show([(f"Company {c} 连", lambda c=c: self._pick_company(c),
                                  "hexrules-prok-company", c == self.company) for c in calls])
            rows.append(self.companies)
            hint = (f"mortar call 呼叫火炮支援: click the aim square for company {self.company}"
                    if calls else "")
        elif v.phase == "movement" and v.mover is None:
            hint = "click one of your units to move it (its action die is rolled, P-9)"
        elif v.phase == "movement":
            hint = f"{v.mover}: click a shaded square to step (P-9), or finish the move"
        elif v.phase == "fire":
            hint = ("click your unit, then a seen enemy (shaded: its targets)"
                    + (f" — shooter {self.selected}" if self.selected else ""))
            rows.append(self.win_box)
        if v.phase != "mortar":
            self.companies.show([])
        for o in orders:
            text = None
            if isinstance(o, EndPhase):
                text = "End phase 结束阶段"
            elif isinstance(o, FinishMove):
                text = "Finish move 结束移动" if o.facing is None else \
                    f"Face {DIRECTION_NAMES[o.facing]}"
            elif isinstance(o, HoldFire | MeleeAssault) and o.unit == self.selected:
                text = (f"Hold fire 停火: {o.unit}" if isinstance(o, HoldFire)
                        else f"Melee 白刃战: {o.unit} → {o.target}")
            if text is not None:
                buttons.append((text, lambda o=o: self.give(o), "hexrules-prok-order", False))
        self.hint.value = html.escape(hint)
        self.set_rows(rows)
        self.set_buttons(buttons)

    def _pick_company(self, c: int) -> None:
        self.company = c
        self.draw(self.screen)

    # -- input ---------------------------------------------------------------------------
    def click(self, col: int, row: int) -> None:
        """A click on square ``(col, row)``: the order it means in this phase, to the engine."""
        screen = self.screen
        if not screen.orders:
            return
        v, sq = screen.view, Square(col, row)
        own = {u.square: u.id for u in v.own if u.on_map}
        seen = {x.square: x.id for x in v.seen}
        if v.phase == "mortar":
            if self.company is not None:
                self.give(MortarCall(self.company, sq))
        elif v.phase == "movement" and v.mover is None:
            if sq in own:
                self.give(Activate(own[sq]))
        elif v.phase == "movement":
            self.give(MoveStep(sq))
        elif v.phase == "fire":
            if sq in own:
                self.selected = own[sq]
                self.draw(screen)
            elif sq in seen and self.selected:
                self.give(OpenFire(self.selected, seen[sq],
                                   "win" if self.win_box.value else "normal"))


def _call_heads(orders: tuple[Any, ...]) -> list[Any]:
    """One mortar call of each company among the mortar step's orders (blocks of squares)."""
    out, seen = [], set()
    for o in orders:
        if isinstance(o, MortarCall) and o.company not in seen:
            seen.add(o.company)
            out.append(o)
    return out
