"""The map editor on the board: "what if there were a wood here?" (M-4…M-7).

:class:`MapEditorPanel` puts a toolbar over a :class:`~hexrules_widgets.SightExplorer` (or a
bare :class:`~hexrules_widgets.HexBoard`): pick a tool, click the board. **Level +1 / −1**
raises or lowers the hex clicked; **Open / Forest / Settlement / Water** paints it; **River**
and **Road** take two clicks — a hex, then an adjacent hex — and toggle the river on the
hexside between them or the road between their centres (click the first hex again to
cancel). **Undo / Redo** step through the history, **Save** writes the map file named in the
box. The first tool, **Sight line 观察线**, gives the clicks back to the explorer.

Every edit is decided by :class:`hexrules.map.edit.MapEditor` (the map-file loader's own
rules): a refused edit changes nothing and the status line says why, with the rule. After
each edit, undo or redo the explorer shows the edited map at once
(:meth:`~hexrules_widgets.SightExplorer.set_map`): the sight line, verdict, chart and
viewshed are judged again on the new ground.

Examples
--------
>>> panel = MapEditorPanel("training")
>>> ex = panel.view
>>> _ = ex.select("4563BB", "4563BF")
>>> ex.record.visible
True
>>> panel.tools.value = "forest"
>>> panel.board.click(ex.hexmap.parse("4563BD"))     # paint a wood on the line
>>> ex.record.visible, panel.editor.edits
(False, (PaintTerrain(Hex(3, 1), Terrain.FOREST),))
>>> panel.undo()
>>> ex.record.visible
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.explorer import SightExplorer
from hexrules_widgets.style import style_widget

from hexrules.errors import MapEditError, MapFormatError
from hexrules.glossary import label
from hexrules.map.edit import (
    EditRecord,
    MapEditor,
    PaintTerrain,
    RaiseLevel,
    ToggleRiver,
    ToggleRoad,
)
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain

__all__ = ["TOOLS", "MapEditorPanel"]

_LEVEL = "Level 高程等级"
#: The tools: key → (button label, what a click does).
TOOLS: dict[str, tuple[str, str]] = {
    "sight": (label("sight_line"), "clicks choose the observer and the target (no editing)"),
    "raise": (f"{_LEVEL} +1", "click a hex to raise it one level (M-4)"),
    "lower": (f"{_LEVEL} −1", "click a hex to lower it one level (M-4)"),
    "open": (Terrain.OPEN.label, "click a hex to paint it open ground (M-5)"),
    "forest": (Terrain.FOREST.label, "click a hex to paint a forest (M-5)"),
    "city": (Terrain.CITY.label, "click a hex to paint a settlement (M-5)"),
    "water": (Terrain.WATER.label, "click a hex to paint water (M-5)"),
    "river": (label("river"), "click a hex, then an adjacent hex: the river on the hexside "
                              "格边 between them goes on or off (M-6)"),
    "road": (label("road"), "click a hex, then an adjacent hex: the road between their "
                            "centres goes on or off (M-7)"),
}
#: What each rule of a refusal is about, in both languages (for the status line).
_RULE_TERMS = {
    "M-1": label("hex"), "M-4": label("elevation_level"), "M-5": "Terrain 地形",
    "M-6": label("river"), "M-7": label("road"),
    "V-1": f"{label('road')} · {label('water')}",
}
_OK, _NO = "#1a7f37", "#d7191c"


class MapEditorPanel(ipw.VBox):
    """A paint toolbar over the sight-line explorer (or a board), with undo, redo and save.

    Parameters
    ----------
    view : SightExplorer, HexBoard, HexMap or str
        What to edit on: an explorer (its sight line follows every edit), a bare board, or a
        map (or map name) for a new explorer.
    save_dir : str or Path
        The folder the **Save** button writes into (the file name is typed in the box).
    file_name : str
        The file name shown in the box at first.

    Attributes
    ----------
    view : SightExplorer or HexBoard
    board : HexBoard
    editor : hexrules.map.edit.MapEditor
        The history; ``editor.hexmap`` is the map as edited.
    tools : ipywidgets.ToggleButtons
        The tool (its value is a key of :data:`TOOLS`).
    status : ipywidgets.HTML
        What the last click did, or why it was refused (with the rule).
    record : EditRecord or None
        The record of the last edit made, undone or redone.
    error : MapEditError or None
        The last refusal (``None`` after an edit that went through).
    """

    def __init__(self, view: SightExplorer | HexBoard | HexMap | str = "training", *,
                 save_dir: str | Path = ".", file_name: str = "what_if.json") -> None:
        if isinstance(view, HexMap | str):
            view = SightExplorer(view)
        self.view = view
        self.board: HexBoard = view.board if isinstance(view, SightExplorer) else view
        self.editor = MapEditor(self.board.hexmap)
        self.save_dir = Path(save_dir)
        self.record: EditRecord | None = None
        self.error: MapEditError | None = None
        self._pick: Hex | None = None
        self._view_click: Callable[[Hex], Any] | None = (
            view.click if isinstance(view, SightExplorer) else None)
        self._view_listens = self._view_click is not None

        first = TOOLS["sight"][0] if self._view_click else "Off 关"
        options = [(first, "sight")] + [(text, key) for key, (text, _) in TOOLS.items()
                                        if key != "sight"]
        self.tools = ipw.ToggleButtons(options=options, value="sight",
                                       tooltips=[TOOLS[k][1] for _, k in options],
                                       style={"button_width": "auto"})
        self.tools.add_class("hexrules-editor-tools")
        self.tools.observe(self._on_tool, names="value")
        auto = {"layout": ipw.Layout(width="auto")}
        self.undo_button = ipw.Button(description="Undo 撤销", icon="undo", **auto)
        self.redo_button = ipw.Button(description="Redo 重做", icon="repeat", **auto)
        self.file_box = ipw.Text(value=file_name, description="File 文件",
                                 layout=ipw.Layout(width="auto"))
        self.file_box.style.description_width = "initial"
        self.save_button = ipw.Button(description="Save 保存", icon="save", **auto)
        for w, cls, action in ((self.undo_button, "hexrules-editor-undo", self.undo),
                               (self.redo_button, "hexrules-editor-redo", self.redo),
                               (self.save_button, "hexrules-editor-save", self.save)):
            w.add_class(cls)
            w.on_click(lambda _, act=action: act())
        self.file_box.add_class("hexrules-editor-file")
        self.status = ipw.HTML(self._help())
        self.status.add_class("hexrules-editor-status")
        self.bar = ipw.HBox([self.tools, self.undo_button, self.redo_button, self.file_box,
                             self.save_button])
        self.bar.add_class("hexrules-editor-bar")
        self.board.on_hex_click(self.click)
        super().__init__([style_widget(), self.bar, self.status, view])
        self.add_class("hexrules-editor")
        self._sync_buttons()

    # -- public API ----------------------------------------------------------------------
    @property
    def hexmap(self) -> HexMap:
        """The map as edited so far."""
        return self.editor.hexmap

    def click(self, h: Hex) -> None:
        """Handle a click on hex ``h`` with the current tool (the board calls it)."""
        tool = self.tools.value
        if tool == "sight":
            return
        if tool in ("river", "road"):
            if self._pick is None:
                self._pick = h
                self.board.set_overlay("editor-pick", hexes=[h], level="marker",
                                       style={"color": "#e600e6", "weight": 4, "fill": False,
                                              "dashArray": "4 3"})
                self._say(f"{html.escape(TOOLS[tool][0])}: <b>{self._name(h)}</b> — now click "
                          "an adjacent hex 相邻格 (the same hex again cancels)")
                return
            first, self._pick = self._pick, None
            self.board.clear_overlay("editor-pick")
            if first == h:
                self._say(self._help())
                return
            self.apply((ToggleRiver if tool == "river" else ToggleRoad)(first, h))
            return
        if tool in ("raise", "lower"):
            self.apply(RaiseLevel(h, 1 if tool == "raise" else -1))
        else:
            self.apply(PaintTerrain(h, tool))

    def apply(self, edit: Any) -> EditRecord | None:
        """Make ``edit`` (any :mod:`hexrules.map.edit` edit) and show it; a refused edit
        changes nothing and the status line says why. Returns the record, or ``None``."""
        try:
            rec = self.editor.apply(edit)
        except MapEditError as exc:
            self.error = exc
            terms = _RULE_TERMS.get(exc.rule or "", "")
            self._say(f"<b>Not allowed 不允许</b> ({html.escape(exc.rule or '')}"
                      f"{', ' + html.escape(terms) if terms else ''}): "
                      f"{html.escape(exc.reason)}", _NO)
            return None
        self.error = None
        self.record = rec
        self._show(f"✓ {html.escape(str(rec))}" if rec.changed
                   else f"No change 无变化: {html.escape(str(rec))}")
        return rec

    def undo(self) -> None:
        """Undo the last edit (the button)."""
        self._step(self.editor.undo, "Undone 已撤销")

    def redo(self) -> None:
        """Redo the last undone edit (the button)."""
        self._step(self.editor.redo, "Redone 已重做")

    def save(self, file_name: str | None = None) -> HexMap | None:
        """Save the edited map as ``save_dir / file_name`` (default: the box's name, ``.json``
        added if missing); returns the map as the loader reads it back, or ``None``."""
        name = (file_name if file_name is not None else self.file_box.value).strip()
        if not name or Path(name).name != name:
            self._say("<b>Not saved 未保存</b>: type a file name such as what_if.json (no "
                      "folder)", _NO)
            return None
        if not name.endswith(".json"):
            name += ".json"
        path = self.save_dir / name
        try:
            back = self.editor.save(path)
        except MapFormatError as exc:  # the folder is missing (MapNotFoundError) …
            self._say(f"<b>Not saved 未保存</b>: {html.escape(str(exc))}", _NO)
            return None
        self._say(f"Saved 已保存 <b>{html.escape(str(path))}</b>: {len(self.editor.edits)} "
                  f"edit(s); <code>HexMap.load({html.escape(repr(str(path)))})</code> reads it "
                  "back", _OK)
        return back

    # -- internals -----------------------------------------------------------------------
    def _name(self, h: Hex) -> str:
        return html.escape(self.hexmap.name_of(h))

    def _help(self) -> str:
        tool = self.tools.value if hasattr(self, "tools") else "sight"
        text, what = TOOLS[tool]
        if tool == "sight" and self._view_click is None:
            text, what = "Off 关", "clicks do not edit"
        return (f"<b>Map editor 地图编辑</b> — {html.escape(text)}: {html.escape(what)}. "
                "Undo 撤销 / Redo 重做 step through the edits; Save 保存 writes a map file the "
                "loader reads back.")

    def _say(self, text: str, colour: str | None = None) -> None:
        self.status.value = (f"<span style='color:{colour}'>{text}</span>" if colour
                             else text)

    def _show(self, text: str) -> None:
        """The edited map on the view at once, the text in the status line."""
        self.view.set_map(self.editor.hexmap)
        self._say(text, _OK)
        self._sync_buttons()

    def _step(self, step: Callable[[], EditRecord], done: str) -> None:
        try:
            rec = step()
        except MapEditError as exc:
            self._say(f"{html.escape(exc.reason)}", _NO)
            return
        self.record = rec
        self.error = None
        self._show(f"{done}: {html.escape(str(rec))}")

    def _sync_buttons(self) -> None:
        self.undo_button.disabled = not self.editor.can_undo
        self.redo_button.disabled = not self.editor.can_redo

    def _on_tool(self, change: dict[str, Any]) -> None:
        self._pick = None
        self.board.clear_overlay("editor-pick")
        editing = change["new"] != "sight"
        # while a paint tool is on, a click edits and does not also pick sight hexes
        if self._view_click is not None and editing == self._view_listens:
            self.board.on_hex_click(self._view_click, remove=editing)
            self._view_listens = not editing
        self._say(self._help())
