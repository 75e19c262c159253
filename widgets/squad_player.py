"""The squad variant's player (Appendix A, Q-9…Q-11): its lesson scenario on the hex board,
hot seat or against the computer (:mod:`hexrules_widgets.variant_player`, on
:class:`~hexrules_widgets.variant_shell.VariantShell`).

The screen is one side's: its own teams and only the enemy teams it has detected (Q-13; lit
up ones with their posture and defence, Q-14), so fog of war is kept by what the widget is
given, not by what it hides. A commander writes each phase's plan by clicks and hands it in:

* **deployment 部署阶段** (Q-11): pick a team (its id button), click a hex of the shaded zone,
  set its facing, posture and standing order; the scenario's set-up is the default;
* **action plan 行动计划表** (Q-9, Q-10): pick a team, click the neighbouring hex to step there
  (or a turn or posture button: the actions the library says it may still write, with their
  AP), *Undo action* takes the last back; its path is drawn;
* **attack plan 攻击计划书** (Q-9, Q-6): click your attackers, then a detected enemy; the
  medics' treatments are buttons.

The engine checks the plan when it is handed in (a refusal names the rule and changes
nothing).

Examples
--------
>>> p = SquadPlayer(red="human", blue="objective", seed=2)
>>> p.press("Hand in")                                 # the scenario's deployment
>>> p.pick("R3")
>>> [b.description for b in p.action_buttons][:2]
['Step 1 (1 AP)', 'Step 2 (1 AP)']
>>> p.press("Step 2")
>>> p.written["R3"]
[StepAction(direction=2)]
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.units import SvgLayer, show_path
from hexrules_widgets.variant_control import SquadController, VariantScreen
from hexrules_widgets.variant_shell import ButtonPool, VariantShell

from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.units import Side
from hexrules.variants.squad.movement import action_cost, perform
from hexrules.variants.squad.plans import (
    ActionPlan,
    Attack,
    AttackPlan,
    Deployment,
    Placement,
    StepAction,
    TeamPlan,
    TurnAction,
)
from hexrules.variants.squad.state import SquadPhase
from hexrules.variants.squad.teams import Posture, StandingOrder, hex_name

__all__ = ["SquadPlayer"]

_COLOURS = {Side.RED: "#c62828", Side.BLUE: "#1565c0"}


def action_label(a: Any, ap: int) -> str:
    """A button's text for an action and its AP.

    >>> from hexrules.variants.squad import ChangePosture
    >>> action_label(StepAction(3), 1), action_label(ChangePosture("concealed"), 1)
    ('Step 3 (1 AP)', 'Posture concealed (1 AP)')
    """
    if isinstance(a, StepAction):
        return f"Step {a.direction} ({ap} AP)"
    if isinstance(a, TurnAction):
        return f"Turn {a.direction} ({ap} AP)"
    return f"Posture {a.posture.value} ({ap} AP)"


class SquadPlayer(VariantShell):
    """The squad variant's player widget (see the module docstring).

    Parameters
    ----------
    scenario : str
        A squad scenario of ``maps/squad`` (``"lesson"``).
    red, blue : str or Player
        ``"human"``, ``"random"``, ``"objective"`` or a player object.
    seed : int
        The dice seed (the computers' seeds derive from it).
    state : SquadState, optional
        Go on from this position (a lesson's set-up).
    """

    sides = ("red", "blue")
    css_class = "hexrules-squad-player"

    def __init__(self, scenario: str = "lesson", *, red: Any = "human",
                 blue: Any = "objective", seed: int = 1, state: Any = None,
                 board_height: str = "520px") -> None:
        self.scenario, self._state, self._height = scenario, state, board_height
        self.board: HexBoard | None = None
        self.selected: str | None = None
        self.placements: dict[str, Placement] = {}
        self.written: dict[str, list[Any]] = {}
        self.standing: dict[str, StandingOrder] = {}
        self.attackers: list[str] = []
        self.attacks: list[Attack] = []
        self.heals: list[Any] = []
        self.teams_pool = ButtonPool("hexrules-squad-teams")
        self.actions_pool = ButtonPool("hexrules-squad-actions")
        self.plan_html = ipw.HTML()
        self.plan_html.add_class("hexrules-squad-plan")
        self.facing_pick = ipw.ToggleButtons(options=[str(d) for d in range(1, 7)],
                                             description="Facing 朝向", style={
                                                 "button_width": "2.2em"})
        self.facing_pick.add_class("hexrules-squad-facing")
        self.posture_pick = ipw.Dropdown(options=[(p.value, p) for p in Posture],
                                         description="Posture 姿态",
                                         layout=ipw.Layout(width="200px"))
        self.order_pick = ipw.Dropdown(options=[(o.label, o) for o in StandingOrder],
                                       description="Order 指令",
                                       layout=ipw.Layout(width="270px"))
        for w in (self.facing_pick, self.posture_pick, self.order_pick):
            w.observe(self._edit, names="value")
        self.picks_row = ipw.HBox([self.posture_pick, self.order_pick])
        super().__init__({"red": red, "blue": blue}, ["random", "objective"], seed,
                         board_width="600px", height=board_height)

    # -- the shell's part ----------------------------------------------------------------
    def make_controller(self, seats: dict[str, Any]) -> SquadController:
        state, self._state = self._state, None
        return SquadController(self.scenario, red=seats["red"], blue=seats["blue"],
                               seed=self.seed, state=state)

    def after_new(self) -> None:
        hexmap = self.controller.public.ground.hexmap
        if self.board is None or self.board.hexmap is not hexmap:
            self.board = HexBoard(hexmap, height=self._height, legend=False)
            self.board.on_hex_click(self.click)
            self.teams_layer = SvgLayer(self.board, "squad-teams")
            self.board_box.children = [self.board]
        obj = self.controller.public.objective
        self.board.set_overlay("objective", hexes=[obj], style={
            "color": "#6a1b9a", "weight": 3, "fillOpacity": 0.0}, level="marker")
        self.after_order()

    def after_order(self) -> None:
        self.selected, self.attackers = None, []
        self.placements, self.written, self.standing = {}, {}, {}
        self.attacks, self.heals = [], []

    def clear_board(self) -> None:
        assert self.board is not None
        self.teams_layer.clear()
        for name in ("zone", "path", "pick"):
            self.board.clear_overlay(name)

    def phase_text(self, screen: VariantScreen) -> str:
        v = screen.view
        who = v.to_act.label if v.to_act else label("game_over")
        won = ""
        if v.phase is SquadPhase.OVER:
            won = f" · winner 胜方: {v.winner.label if v.winner else 'draw 平局'}"
        return (f"<b>{label('turn')} {v.turn}/{v.turns}</b> · {v.phase.label} · "
                f"{label('to_act')}: <b>{who}</b> · screen {v.side.label} · "
                f"{label('fog_of_war')}{won}")

    @property
    def team_buttons(self) -> list[ipw.Button]:
        """The team buttons shown now."""
        return list(self.teams_pool.shown)

    @property
    def action_buttons(self) -> list[ipw.Button]:
        """The action (or treatment) buttons shown now."""
        return list(self.actions_pool.shown)

    def extra_buttons(self) -> list[ipw.Button]:
        return [*self.team_buttons, *self.action_buttons]

    # -- drawing -------------------------------------------------------------------------
    def _team(self, tid: str) -> Any:
        return next(t for t in self.screen.view.own if t.id == tid)

    def planned(self, tid: str) -> Any:
        """The team as the draft leaves it (deployment: its placement; plan: after its
        written actions)."""
        t = self._team(tid)
        if tid in self.placements:
            p = self.placements[tid]
            t = t.but(hex=p.hex, facing=p.facing, posture=p.posture)
        for a in self.written.get(tid, []):
            t = perform(t, a)
        return t

    def draw_play(self, screen: VariantScreen) -> None:
        assert self.board is not None
        v, space = screen.view, screen.space
        if space is not None and space.phase is SquadPhase.DEPLOYMENT and not self.placements:
            self.placements = {t.id: Placement(t.id, t.hex, t.facing, t.posture, t.order,
                                               t.contact) for t in v.own}
        self._draw_teams(screen)
        hint = ""
        if space is None:
            self.board.clear_overlay("zone")
            self.set_rows(())
            self.set_buttons([])
            self.hint.value = "waiting 等待" if screen.waiting else ""
            return
        mine = [t for t in v.own if not t.killed]
        if self.selected is None and mine:
            self.selected = mine[0].id
        self.teams_pool.show([(t.id, lambda tid=t.id: self.pick(tid),
                               f"hexrules-squad-team hexrules-squad-team-{t.id}",
                               t.id == self.selected or t.id in self.attackers) for t in mine])
        hand_in = ("Hand in 提交", self._hand_in, "hexrules-squad-hand-in", False)
        if space.phase is SquadPhase.DEPLOYMENT:
            self.board.set_overlay("zone", hexes=space.deploy_hexes(), style={
                "color": "#2e7d32", "weight": 0.5, "fillColor": "#a5d6a7",
                "fillOpacity": 0.35}, level="shade")
            hint = "pick a team, click a hex of the zone 部署区; set facing, posture, order"
            p = self.placements[self.selected]
            self._quiet(p.facing, p.posture, p.order)
            self.posture_pick.layout.display = None
            self.set_rows((self.teams_pool, self.facing_pick, self.picks_row))
            buttons = [hand_in]
        elif space.phase is SquadPhase.ACTION_PLANS:
            self.board.clear_overlay("zone")
            hint = "pick a team, click the next hex (or an action); then hand in the plan"
            t = self.planned(self.selected)
            self._quiet(t.facing, t.posture, self.standing.get(self.selected,
                                                               self._team(self.selected).order))
            written = tuple(self.written.get(self.selected, []))
            self.actions_pool.show([
                (action_label(a, action_cost(space.scenario.ground, t, a)),
                 lambda a=a: self._write(a), "hexrules-squad-action", False)
                for a in space.actions(self._team(self.selected), written)])
            self.posture_pick.layout.display = "none"
            self.set_rows((self.teams_pool, self.actions_pool, self.picks_row))
            buttons = [("Undo action 撤销", self._undo, "hexrules-squad-undo", False), hand_in]
        else:
            self.board.clear_overlay("zone")
            hint = ("click your attackers, then a detected enemy 目标 — attackers: "
                    + (", ".join(self.attackers) or "none"))
            plan = "; ".join(f"{', '.join(a.attackers)} → {a.target}" for a in self.attacks)
            cure = ", ".join(f"{h.medic}→{h.patient}" for h in self.heals)
            self.plan_html.value = (f"Plan 计划: {html.escape(plan) or '—'}"
                                    + (f" · heals: {html.escape(cure)}" if cure else ""))
            self.actions_pool.show([
                (f"Heal {h.medic} → {h.patient} (Q-6)", lambda h=h: self._heal(h),
                 "hexrules-squad-heal", False)
                for h in space.heals(v.own) if h not in self.heals])
            self.set_rows((self.teams_pool, self.plan_html, self.actions_pool))
            buttons = [("Clear 清除", self._clear, "hexrules-squad-clear", False), hand_in]
        self.hint.value = html.escape(hint)
        self.set_buttons(buttons)

    def _quiet(self, facing: int, posture: Posture, order: StandingOrder) -> None:
        self._drawing = True
        try:
            self.facing_pick.value = str(facing)
            self.posture_pick.value = posture
            self.order_pick.value = order
        finally:
            self._drawing = False

    def _draw_teams(self, screen: VariantScreen) -> None:
        assert self.board is not None
        layer, v = self.teams_layer, screen.view
        r = layer.unit * 0.36
        body = []
        for t in v.own:
            if t.killed:
                continue
            t = self.planned(t.id) if screen.space is not None else t
            body.append(self._counter(layer, t.hex, t.id, _COLOURS[t.side], t.facing, r,
                                      t.id == self.selected or t.id in self.attackers))
        foe = v.side.opponent
        for k in v.known:
            body.append(self._counter(layer, k.hex, k.id if k.lit else f"{k.id}?",
                                      _COLOURS[foe], k.facing, r, False, dashed=not k.lit))
        layer.draw("".join(body))
        if self.selected and self.written.get(self.selected):
            t = self._team(self.selected)
            hexes = [t.hex]
            for a in self.written[self.selected]:
                t = perform(t, a)
                hexes.append(t.hex)
            show_path(self.board, hexes)
        else:
            self.board.clear_overlay("path")

    @staticmethod
    def _counter(layer: SvgLayer, h: Hex, text: str, colour: str, facing: int | None,
                 r: float, picked: bool, dashed: bool = False) -> str:
        x, y = layer.xy(h)
        ring = "stroke='#ffeb3b' stroke-width='10'" if picked else \
            "stroke='#ffffff' stroke-width='5'"
        dash = " stroke-dasharray='12 8'" if dashed else ""
        out = f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r:.1f}' fill='{colour}' {ring}{dash}/>"
        if facing is not None:
            fx, fy = layer.xy(h.neighbor(facing))
            k = r * 1.5 / max(1e-9, ((fx - x) ** 2 + (fy - y) ** 2) ** 0.5)
            out += (f"<line x1='{x:.1f}' y1='{y:.1f}' x2='{x + (fx - x) * k:.1f}' "
                    f"y2='{y + (fy - y) * k:.1f}' stroke='{colour}' stroke-width='8'/>")
        out += (f"<text x='{x:.1f}' y='{y + r * 0.35:.1f}' font-size='{r:.0f}' fill='#fff' "
                f"text-anchor='middle'>{html.escape(text)}</text>")
        return out

    # -- input ---------------------------------------------------------------------------
    def pick(self, tid: str) -> None:
        """Select own team ``tid`` (deployment and plans) or toggle it as an attacker."""
        space = self.screen.space
        if space is not None and space.phase is SquadPhase.ATTACK_PLANS:
            if tid in self.attackers:
                self.attackers.remove(tid)
            else:
                self.attackers.append(tid)
        self.selected = tid
        self.draw(self.screen)

    def click(self, h: Hex) -> None:
        """A click on hex ``h`` (the board's, or from Python)."""
        screen = self.screen
        space = screen.space
        if space is None:
            return
        own = {t.hex: t.id for t in screen.view.own if not t.killed}
        if space.phase is SquadPhase.DEPLOYMENT:
            placed = {p.hex: tid for tid, p in self.placements.items()}
            if h in placed:
                self.pick(placed[h])
                return
            if self.selected and h in space.deploy_hexes():
                p = self.placements[self.selected]
                self.placements[self.selected] = Placement(p.team, h, p.facing, p.posture,
                                                           p.order, p.contact)
                self.controller.status = f"{p.team} → {hex_name(h)}"
            else:
                self.controller.status = f"✗ {hex_name(h)} is not in your zone 部署区 (Q-11)"
            self.refresh()
        elif space.phase is SquadPhase.ACTION_PLANS:
            planned = {self.planned(t).hex: t for t in self.written} | {
                h2: t for h2, t in own.items() if t not in self.written}
            if h in planned and planned[h] != self.selected:
                self.pick(planned[h])
                return
            if self.selected is None:
                return
            at = self.planned(self.selected).hex
            step = next((d for d in range(1, 7) if at.neighbor(d) == h), None)
            written = tuple(self.written.get(self.selected, []))
            if step is not None and StepAction(step) in space.actions(
                    self._team(self.selected), written):
                self._write(StepAction(step))
            else:
                self.controller.status = (f"✗ {self.selected} cannot step to {hex_name(h)} now "
                                          "(a neighbouring passable hex, AP left: Q-7, Q-12)")
                self.refresh()
        else:
            if h in own:
                self.pick(own[h])
                return
            foe = next((k for k in screen.view.known if k.hex == h), None)
            if foe is not None and self.attackers:
                self.attacks = [a for a in self.attacks
                                if not set(a.attackers) & set(self.attackers)]
                self.attacks.append(Attack(tuple(self.attackers), foe.id))
                self.attackers = []
                self.refresh()

    def _write(self, a: Any) -> None:
        assert self.selected is not None
        self.written.setdefault(self.selected, []).append(a)
        self.draw(self.screen)

    def _undo(self, _b: Any = None) -> None:
        if self.selected and self.written.get(self.selected):
            self.written[self.selected].pop()
        self.draw(self.screen)

    def _heal(self, h: Any) -> None:
        self.heals.append(h)
        self.draw(self.screen)

    def _clear(self, _b: Any = None) -> None:
        self.attacks, self.attackers, self.heals = [], [], []
        self.draw(self.screen)

    def _edit(self, change: Any) -> None:
        if getattr(self, "_drawing", False) or self.selected is None:
            return
        space = self.screen.space
        if space is None:
            return
        if space.phase is SquadPhase.DEPLOYMENT:
            p = self.placements[self.selected]
            self.placements[self.selected] = Placement(
                p.team, p.hex, int(self.facing_pick.value), self.posture_pick.value,
                self.order_pick.value, p.contact)
            self.draw(self.screen)
        elif space.phase is SquadPhase.ACTION_PLANS:
            self.standing[self.selected] = self.order_pick.value

    def plan(self) -> Any:
        """The order the draft makes for this screen's side."""
        space, v = self.screen.space, self.screen.view
        if space.phase is SquadPhase.DEPLOYMENT:
            return Deployment(v.side, tuple(self.placements[t.id] for t in v.own
                                            if t.id in self.placements))
        if space.phase is SquadPhase.ACTION_PLANS:
            return ActionPlan(v.side, tuple(
                TeamPlan(t.id, self.standing.get(t.id, t.order),
                         tuple(self.written.get(t.id, [])), t.contact)
                for t in v.own if not t.killed))
        return AttackPlan(v.side, tuple(self.heals), tuple(self.attacks))

    def _hand_in(self, _b: Any = None) -> None:
        if self.screen.space is not None:
            self.give(self.plan())
