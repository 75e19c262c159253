"""The scenario editor on the board: an instructor builds an exercise without writing JSON (§9).

:class:`ScenarioEditorPanel` puts a toolbar over a :class:`~hexrules_widgets.HexBoard` and a
side panel beside it. Pick a tool, click the board:

* **Unit 兵力单位算子** places a unit of the side and type chosen (its id is the next free
  ``R1``, ``R2``… or ``B1``…);
* **Move 移动** takes two clicks: a unit's hex, then the hex it sets up on instead;
* **Set-up zone 兵力部署** adds the hex to the chosen side's set-up zone, or takes it out
  ([project ruling] set-up zones: that side's units must then set up inside);
* **Objective 任务目标** makes the hex an objective to hold, worth the points in the box
  (clicked again: its points are updated);
* **Erase 删除** removes, in this order, the last unit in the hex, the objective on it, or
  the hex from the chosen side's zone.

The side panel sets the name, the number of turns, the cards, fog of war, the paper-table
referee, the seed and the lead a win needs; **Destroy objective 歼灭** adds (or updates) a
"destroy the enemy units" objective. **Open 打开** loads any shipped scenario (or a new one),
**Save 保存** writes the file named in the box and reads it back with the loader, and **Play
this scenario 推演此想定** saves it, then opens the scenario player
(:class:`~hexrules_widgets.player.ScenarioPlayer`) on the file just written; **Back to the
editor 返回编辑** returns.

Every decision is :class:`hexrules.game.scenario_edit.ScenarioEditor`'s (the loader's own
checks): a refused edit changes nothing, the status line says why with the rule, and a side
panel field refused goes back to the scenario's value.

Examples
--------
>>> panel = ScenarioEditorPanel("duel")
>>> panel.tools.value = "unit"
>>> panel.click("4563NF")                       # a second red tank
>>> [u.id for u in panel.scenario.side("red").units]
['R1', 'R2']
>>> panel.click("4563RO")                       # a blue tank's hex: refused (V-10)
>>> panel.error.rule
'V-10'
>>> panel.turns_box.value = 8
>>> panel.scenario.turns
8
"""

from __future__ import annotations

import html
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.style import style_widget
from hexrules_widgets.units import CounterLayer

from hexrules.errors import RulesError, ScenarioEditError, ScenarioFormatError
from hexrules.game.scenario import Bilingual, Objective, Scenario
from hexrules.game.scenario_edit import (
    MoveUnit,
    PlaceUnit,
    PutObjective,
    RemoveObjective,
    RemoveUnit,
    ScenarioEditor,
    ScenarioEditRecord,
    SetOption,
    ToggleZone,
    hold_objective,
    new_scenario,
    next_objective_id,
    next_unit_id,
)
from hexrules.glossary import label
from hexrules.language import pick
from hexrules.map.hexgrid import Hex
from hexrules.tables import default_tables
from hexrules.units import Side

__all__ = ["NEW", "TOOLS", "ScenarioEditorPanel", "tool_label"]

#: The tools: key → what a click does (the button labels follow the language setting,
#: :func:`tool_label`).
TOOLS: dict[str, str] = {
    "unit": "click a hex to place a unit of the side and type chosen (C-1)",
    "move": "click a unit's hex, then the hex it sets up on instead",
    "zone": "click a hex to add it to the side's set-up zone, or take it out",
    "objective": "click a hex to make it an objective to hold, worth the points in the box "
                 "(§9)",
    "erase": "click a hex to remove its last unit, its objective, or the hex from the side's "
             "zone",
}


def tool_label(key: str) -> str:
    """A tool's button label in the current language (:mod:`hexrules.language`).

    >>> tool_label("zone")
    'Set-up 兵力部署'
    """
    return {"unit": lambda: label("unit"), "move": lambda: pick("Move", "移动"),
            "zone": lambda: label("setup"), "objective": lambda: label("objective"),
            "erase": lambda: pick("Erase", "删除")}[key]()


#: The Open list's entry for a new scenario on the training map.
NEW = "(new 新建)"
_OK, _NO = "#1a7f37", "#d7191c"
_ZONE_STYLE = {Side.RED: {"color": "#d7191c", "weight": 1, "fillColor": "#ff6b6b",
                          "fillOpacity": 0.35},
               Side.BLUE: {"color": "#1f5fbf", "weight": 1, "fillColor": "#5b9bff",
                           "fillOpacity": 0.35}}
_OBJECTIVE_STYLE = {"color": "#ffb300", "weight": 5, "fill": False}
_WIDE = {"description_width": "initial"}


def _css() -> ipw.HTML:
    css = (resources.files("hexrules_widgets") / "scenario_editor.css").read_text("utf-8")
    w = ipw.HTML(f"<style>{css}</style>", layout=ipw.Layout(display="none"))
    w.add_class("hexrules-style")
    return w


class ScenarioEditorPanel(ipw.VBox):
    """The scenario editor: tools over a board, a side panel, open, save and play.

    Parameters
    ----------
    scenario : Scenario or str
        The scenario to edit first: a value, a shipped name (``"duel"``), a file path, or
        :data:`NEW` for a new scenario on the training map.
    save_dir : str or Path
        The folder **Save** writes into (the file name is typed in the box).
    file_name : str
        The file name shown in the box at first.
    board_height : str
        The board's CSS height.

    Attributes
    ----------
    editor : hexrules.game.scenario_edit.ScenarioEditor
        The history; ``editor.scenario`` is the scenario as edited (always valid).
    board : HexBoard
    tools : ipywidgets.ToggleButtons
        The tool (a key of :data:`TOOLS`).
    status : ipywidgets.HTML
        What the last action did, or why it was refused (with the rule).
    error : ScenarioEditError or None
        The last refusal.
    player : ScenarioPlayer or None
        The player opened by **Play this scenario**.
    """

    def __init__(self, scenario: Scenario | str | Path = NEW, *, save_dir: str | Path = ".",
                 file_name: str = "my_scenario.json", board_height: str = "540px") -> None:
        self.editor = ScenarioEditor(new_scenario() if scenario == NEW else scenario)
        self.save_dir = Path(save_dir)
        self.error: ScenarioEditError | None = None
        self.record: ScenarioEditRecord | None = None
        self.player: Any = None
        self.saved: Scenario | None = None
        self._pick: Hex | None = None
        self._syncing = False
        self._board_height = board_height

        auto = {"layout": ipw.Layout(width="auto")}
        self.tools = ipw.ToggleButtons(options=[(tool_label(k), k) for k in TOOLS],
                                       value="unit", tooltips=list(TOOLS.values()),
                                       style={"button_width": "auto"})
        self.tools.add_class("hexrules-sced-tools")
        self.tools.observe(self._on_tool, names="value")
        self.side_pick = ipw.Dropdown(options=[(s.label, s.value) for s in Side],
                                      value="red", layout=ipw.Layout(width="110px"))
        self.side_pick.add_class("hexrules-sced-side")
        types = list(default_tables().units.types)
        self.type_pick = ipw.Dropdown(options=types, value=types[0],
                                      layout=ipw.Layout(width="90px"))
        self.type_pick.add_class("hexrules-sced-type")
        self.points_box = ipw.BoundedIntText(value=2, min=1, max=100,
                                             description=label("points"), style=_WIDE,
                                             layout=ipw.Layout(width="120px"))
        self.points_box.add_class("hexrules-sced-points")
        self.undo_button = self._button(pick("Undo", "撤销"), "hexrules-sced-undo", self.undo)
        self.redo_button = self._button(pick("Redo", "重做"), "hexrules-sced-redo", self.redo)
        bar = ipw.HBox([self.tools, self.side_pick, self.type_pick, self.points_box,
                        self.undo_button, self.redo_button])
        bar.add_class("hexrules-sced-bar")
        self.status = ipw.HTML()
        self.status.add_class("hexrules-sced-status")

        # the side panel
        self.name_en = ipw.Text(description="Name", style=_WIDE, **auto)
        self.name_zh = ipw.Text(description="名称", style=_WIDE, **auto)
        self.turns_box = ipw.BoundedIntText(min=0, max=99, description=label("turns"),
                                            style=_WIDE, layout=ipw.Layout(width="150px"))
        self.turns_box.add_class("hexrules-sced-turns")
        self.cards_box = ipw.Checkbox(description=label("event_card"), indent=False, **auto)
        self.cards_box.add_class("hexrules-sced-cards")
        self.fog_box = ipw.Checkbox(description=label("fog_of_war"), indent=False, **auto)
        self.fog_box.add_class("hexrules-sced-fog")
        self.paper_box = ipw.Checkbox(description=pick("Paper-table referee", "纸面裁判"),
                                      indent=False, **auto)
        self.paper_box.add_class("hexrules-sced-paper")
        self.seed_box = ipw.Text(description=f"{label('dice')} seed", style=_WIDE,
                                 placeholder="none", layout=ipw.Layout(width="150px"))
        self.lead_box = ipw.BoundedIntText(min=0, max=99, description=pick("Win by", "胜差"),
                                           style=_WIDE, layout=ipw.Layout(width="130px"))
        self.destroy_box = ipw.BoundedIntText(value=1, min=1, max=100, style=_WIDE,
                                              layout=ipw.Layout(width="70px"))
        self.destroy_button = self._button(pick("Destroy objective", "歼灭"),
                                           "hexrules-sced-destroy", self.destroy_objective)
        self.objectives_html = ipw.HTML()
        self.objectives_html.add_class("hexrules-sced-objectives")
        self.open_pick = ipw.Dropdown(options=[NEW, *Scenario.available()], value=NEW,
                                      layout=ipw.Layout(width="130px"))
        self.open_pick.add_class("hexrules-sced-open-pick")
        self.open_button = self._button(pick("Open", "打开"), "hexrules-sced-open",
                                        self.open_scenario)
        self.file_box = ipw.Text(value=file_name, layout=ipw.Layout(width="150px"))
        self.file_box.add_class("hexrules-sced-file")
        self.save_button = self._button(pick("Save", "保存"), "hexrules-sced-save", self.save)
        self.play_button = self._button(pick("Play this scenario", "推演此想定"),
                                        "hexrules-sced-play", self.play)
        for w, option in ((self.turns_box, "turns"), (self.cards_box, "cards"),
                          (self.fog_box, "fog_of_war"), (self.paper_box, "paper_table"),
                          (self.lead_box, "min_lead")):
            w.observe(lambda ch, opt=option: self._set(opt, ch["new"]), names="value")
        self.seed_box.observe(lambda ch: self._set_seed(ch["new"]), names="value")
        for w in (self.name_en, self.name_zh):
            w.continuous_update = False
            w.observe(lambda _ch: self._set_name(), names="value")
        side = ipw.VBox([
            self.name_en, self.name_zh,
            ipw.HBox([self.turns_box, self.lead_box]),
            ipw.HBox([self.cards_box, self.fog_box]), self.paper_box, self.seed_box,
            ipw.HBox([self.destroy_button, self.destroy_box]),
            self.objectives_html,
            ipw.HBox([self.open_pick, self.open_button]),
            ipw.HBox([self.file_box, self.save_button]),
            self.play_button,
        ], layout=ipw.Layout(width="400px", height=board_height, overflow="auto"))
        side.add_class("hexrules-sced-side-panel")
        self.board_box = ipw.Box(layout=ipw.Layout(flex="1 1 auto", min_width="0"))
        self.board: HexBoard | None = None
        self.editor_view = ipw.VBox([bar, self.status, ipw.HBox([self.board_box, side])])
        self.editor_view.add_class("hexrules-sced-view")
        self.back_button = self._button(pick("Back to the editor", "返回编辑"),
                                        "hexrules-sced-back", self.back)
        super().__init__([style_widget(), _css(), self.editor_view])
        self.add_class("hexrules-scenario-editor")
        self._make_board()
        self.refresh()
        self._say(self._help())

    @staticmethod
    def _button(text: str, css: str, on: Callable[[], Any]) -> ipw.Button:
        b = ipw.Button(description=text, layout=ipw.Layout(width="auto"))
        b.add_class(css)
        b.on_click(lambda _b: on())
        return b

    # -- public API ----------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        """The scenario as edited so far."""
        return self.editor.scenario

    def click(self, h: Hex | str) -> None:
        """Handle a click on hex ``h`` (a Hex or a military name) with the current tool."""
        assert self.board is not None
        m = self.board.hexmap
        h = m.parse(h) if isinstance(h, str) else h
        name, tool, s = m.name_of(h), self.tools.value, self.scenario
        side = Side(self.side_pick.value)
        here = [u for sd in s.sides for u in sd.units if u.hex == name]
        if tool == "unit":
            self.apply(PlaceUnit(next_unit_id(s, side), side, name, self.type_pick.value))
        elif tool == "move":
            if self._pick is None:
                if not here:
                    self._say(f"No unit on {name} 此格无兵力单位算子: click a unit first", _NO)
                    return
                self._pick = h
                self.board.set_overlay("sced-pick", hexes=[h], level="marker",
                                       style={"color": "#e600e6", "weight": 4, "fill": False,
                                              "dashArray": "4 3"})
                self._say(f"Move 移动 {here[-1].id}: now click the hex it sets up on")
                return
            first, self._pick = self._pick, None
            self.board.clear_overlay("sced-pick")
            if first != h:
                mover = [u for sd in s.sides for u in sd.units if u.hex == m.name_of(first)]
                self.apply(MoveUnit(mover[-1].id, name))
            else:
                self._say(self._help())
        elif tool == "zone":
            self.apply(ToggleZone(side, name))
        elif tool == "objective":
            old = next((o for o in s.objectives if o.kind == "hold" and o.hex == name), None)
            oid = old.id if old is not None else next_objective_id(s)
            o = (hold_objective(oid, name, self.points_box.value) if old is None else
                 Objective(old.id, "hold", old.name, self.points_box.value, hex=name,
                           side=old.side))
            self.apply(PutObjective(o))
        else:  # erase
            obj = next((o for o in s.objectives if o.kind == "hold" and o.hex == name), None)
            zone = next((z for z in s.setup_zones if z.side is side and name in z.hexes), None)
            if here:
                self.apply(RemoveUnit(here[-1].id))
            elif obj is not None:
                self.apply(RemoveObjective(obj.id))
            elif zone is not None:
                self.apply(ToggleZone(side, name))
            else:
                self._say(f"Nothing to erase on {name} 无可删除", _NO)

    def apply(self, edit: Any) -> ScenarioEditRecord | None:
        """Make ``edit`` (any :mod:`hexrules.game.scenario_edit` edit) and show it; a refused
        edit changes nothing and the status line says why. Returns the record, or ``None``."""
        try:
            rec = self.editor.apply(edit)
        except ScenarioEditError as exc:
            self.error = exc
            self._say(f"<b>{pick('Not allowed', '不允许')}</b> ({html.escape(exc.rule)}): "
                      f"{html.escape(exc.reason)}", _NO)
            self.refresh()  # a refused side-panel value goes back
            return None
        self.error, self.record = None, rec
        self.refresh()
        self._say(f"✓ {html.escape(str(rec))}" if rec.changed
                  else f"{pick('No change', '无变化')}: {html.escape(str(rec))}", _OK)
        return rec

    def undo(self) -> None:
        """Undo the last edit (the button)."""
        self._step(self.editor.undo, pick("Undone", "已撤销"))

    def redo(self) -> None:
        """Redo the last undone edit (the button)."""
        self._step(self.editor.redo, pick("Redone", "已重做"))

    def destroy_objective(self) -> ScenarioEditRecord | None:
        """Add (or update) "destroy the enemy units", worth the points beside the button."""
        s = self.scenario
        old = next((o for o in s.objectives if o.kind == "destroy" and o.units is None
                    and o.side is None), None)
        o = Objective(old.id if old else next_objective_id(s, "enemy"), "destroy",
                      old.name if old else Bilingual("Enemy units", "敌方兵力单位算子"),
                      self.destroy_box.value)
        return self.apply(PutObjective(o))

    def open_scenario(self, name: Scenario | str | Path | None = None) -> None:
        """Open a scenario for editing (default: the one chosen in the Open list); a file the
        loader refuses changes nothing."""
        name = self.open_pick.value if name is None else name
        try:
            self.editor.open(new_scenario() if name == NEW else name)
        except (ScenarioFormatError, OSError) as exc:
            self._say(f"<b>{pick('Not opened', '未打开')}</b>: {html.escape(str(exc))}", _NO)
            return
        self._make_board()
        self.refresh()
        self._say(f"{pick('Opened', '已打开')} {html.escape(self.scenario.name.label)}", _OK)

    def save(self, file_name: str | None = None) -> Scenario | None:
        """Save as ``save_dir / file_name`` (default: the box's name, ``.json`` added) and read
        it back with the loader; returns the scenario read back, or ``None``."""
        name = (file_name if file_name is not None else self.file_box.value).strip()
        if not name or Path(name).name != name:
            self._say(f"<b>{pick('Not saved', '未保存')}</b>: type a file name such as "
                      "my_scenario.json (no folder)", _NO)
            return None
        if not name.endswith(".json"):
            name += ".json"
        path = self.save_dir / name
        try:
            self.saved = self.editor.save(path)
        except ScenarioFormatError as exc:
            self._say(f"<b>{pick('Not saved', '未保存')}</b>: {html.escape(str(exc))}", _NO)
            return None
        self._say(f"{pick('Saved', '已保存')} <b>{html.escape(str(path))}</b>; "
                  f"<code>Scenario.load({html.escape(repr(str(path)))})</code> reads it back",
                  _OK)
        return self.saved

    def play(self) -> Any:
        """Save, then open the scenario player on the file just written (returned)."""
        from hexrules_widgets.player import ScenarioPlayer

        from hexrules.game import GameState

        saved = self.save()
        if saved is None:
            return None
        seed = saved.seed if saved.seed is not None else 1
        state = GameState.from_scenario(saved, seed=seed)
        # the player's scenario list gets the file just written, so New game 新局 replays it
        player = ScenarioPlayer(str(saved.source), red="human", blue="normal",
                                fog=saved.fog_of_war, seed=seed, state=state,
                                board_height=self._board_height)
        self.player = player
        self.children = [self.children[0], self.children[1],
                         ipw.VBox([self.back_button, player])]
        return player

    def back(self) -> None:
        """Back from the player to the editor."""
        self.children = [self.children[0], self.children[1], self.editor_view]

    # -- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the scenario: units, zones, objectives, the side panel, the buttons."""
        s = self.scenario
        assert self.board is not None
        self.counters.show(s.units().values())
        for side in Side:
            zone = next((z.hexes for z in s.setup_zones if z.side is side), ())
            self.board.set_overlay(f"sced-zone-{side.value}",
                                   hexes=[self.board.hexmap.parse(n) for n in zone],
                                   style=_ZONE_STYLE[side], level="shade")
        held = [self.board.hexmap.parse(o.hex) for o in s.objectives if o.kind == "hold"]
        self.board.set_overlay("sced-objectives", hexes=held, style=_OBJECTIVE_STYLE,
                               level="highlight")
        self._syncing = True
        try:
            self.name_en.value, self.name_zh.value = s.name.en, s.name.zh
            self.turns_box.value = s.turns
            self.cards_box.value, self.fog_box.value = s.cards, s.fog_of_war
            self.paper_box.value = s.paper_table
            self.seed_box.value = "" if s.seed is None else str(s.seed)
            self.lead_box.value = s.victory.min_lead
        finally:
            self._syncing = False
        rows = "".join(
            f"<li><b>{html.escape(o.name.label)}</b>: "
            f"{html.escape(o.hex or ('enemy units' if o.units is None else ', '.join(o.units)))}"
            f", {o.points} {label('points')}"
            f"{', ' + o.side.label if o.side else ''}</li>" for o in s.objectives)
        counts = " · ".join(f"{sd.side.label} {len(sd.units)}" for sd in s.sides)
        self.objectives_html.value = (f"<div>{counts}</div><b>{label('objective')}</b>"
                                      f"<ul>{rows}</ul>")
        self.undo_button.disabled = not self.editor.can_undo
        self.redo_button.disabled = not self.editor.can_redo

    # -- internals -----------------------------------------------------------------------
    def _make_board(self) -> None:
        m = self.scenario.hexmap()
        if self.board is None or self.board.hexmap is not m:
            self.board = HexBoard(m, height=self._board_height, legend=False)
            self.board.on_hex_click(self.click)
            # a little smaller than a hex, so that a set-up zone's tint shows round a unit
            self.counters = CounterLayer(self.board, scale=0.75)
            self.board_box.children = [self.board]

    def _set(self, option: str, value: Any) -> None:
        if not self._syncing:
            self.apply(SetOption(option, value))

    def _set_seed(self, text: str) -> None:
        if self._syncing:
            return
        text = text.strip()
        if text and not text.isdigit():
            self._say(f"<b>{pick('Not allowed', '不允许')}</b>: the seed is a whole number ≥ 0 "
                      f"or empty, got {html.escape(text)!r}", _NO)
            return
        self.apply(SetOption("seed", int(text) if text else None))

    def _set_name(self) -> None:
        if not self._syncing:
            self.apply(SetOption("name", Bilingual(self.name_en.value, self.name_zh.value)))

    def _help(self) -> str:
        text, what = tool_label(self.tools.value), TOOLS[self.tools.value]
        return (f"<b>{label('scenario')} editor 编辑</b> — {html.escape(text)}: "
                f"{html.escape(what)}. Every edit is checked by the scenario loader's rules.")

    def _say(self, text: str, colour: str | None = None) -> None:
        self.status.value = (f"<span style='color:{colour}'>{text}</span>" if colour
                             else text)

    def _step(self, step: Callable[[], ScenarioEditRecord], done: str) -> None:
        try:
            rec = step()
        except RulesError as exc:
            self._say(html.escape(str(exc)), _NO)
            return
        self.error, self.record = None, rec
        self.refresh()
        self._say(f"{done}: {html.escape(str(rec))}", _OK)

    def _on_tool(self, _change: dict[str, Any]) -> None:
        self._pick = None
        if self.board is not None:
            self.board.clear_overlay("sced-pick")
        self._say(self._help())
