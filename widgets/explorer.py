"""The sight-line explorer: click an observer hex, then a target hex, and see why (L-1…L-7).

:class:`SightExplorer` puts a :class:`~hexrules_widgets.board.HexBoard` beside the verdict, the
observation-measurement chart (观察测量表) and the "why" panel (判定依据). Every decision
comes from :func:`hexrules.line_of_sight` (the :class:`~hexrules.sight.SightRecord`) or
:func:`hexrules.sight.fast.viewshed`; the explorer only draws the record's fields.

It is made for a projector: the whole explorer fits one screen (1280 × 720 and up) without
scrolling — one row of controls, the board filling the rest of the height, the verdict and the
chart beside it — and a **Large 大字** toggle scales everything a class reads (the verdict,
the controls, the board's labels and legend, the chart's text and point names). The
**中 / EN / 双语** toggle shows every label, verdict, reason and the chart in Chinese, English
or both (:mod:`hexrules.language`).

The chart is drawn by :func:`hexrules.render.chart.plot_chart` on an Agg figure and shown as a
PNG in an :class:`ipywidgets.Image` at exactly its pixel size (never stretched): it needs no
extra front-end extension and behaves the same in JupyterLab, Voila and a static notebook.

:meth:`SightExplorer.set_map` shows an edited map (the map editor,
:class:`~hexrules_widgets.editor.MapEditorPanel`): the sight line is judged again at once.

Examples
--------
>>> ex = SightExplorer("training")
>>> rec = ex.select("4563BB", "4563BF")
>>> ex.verdict_text.startswith(rec.verdict)
True
"""

from __future__ import annotations

import html
import time
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.language_toggle import Relabel, language_toggle
from hexrules_widgets.panels import png_size, verdict_html, why_html
from hexrules_widgets.sight_chart import CHART_SIZES, ChartPainter, chart_size
from hexrules_widgets.sight_layers import (
    OVERLAY_STYLE,
    PASSED_STYLE,
    block_features,
    end_features,
    graze_features,
    line_features,
    passed_features,
    point_features,
)
from hexrules_widgets.style import style_widget

from hexrules.errors import CoordinateError
from hexrules.language import localize, localize_html
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.sight.exact import CASE_LABELS, SightRecord, line_of_sight

__all__ = ["CHART_SIZES", "OVERLAY_STYLE", "SightExplorer"]

_GAP_PX = 10  # between the board and the side panel (explorer.css)

_SIGHT_OVERLAYS = ("sight-ends", "sight-passed", "sight-block", "sight-grazes", "sight-line",
                   "sight-points")
_PAIRS_PROMPT = "Prepared pairs 示例 …"
_PROMPT_OBSERVER = ("Click an observer hex 观察单位 (or type its name, e.g. 4563GH), then a "
                    "target hex 目标")

_CHART_CAPTION = (
    "<div><b>Observation-measurement chart 观察测量表</b> (L-5): the lower unit 低高程单位 at "
    "the origin ●, the higher unit one level up ★ (its level + 1); the chart line 判定直线 "
    "joins them. Shaded: the effective heights 通视高程 along the line; dots: change points "
    "高程变化点, <span style='color:#2ca02c'>green</span> below or on the line, "
    "<span style='color:#d62728'>red</span> above it; ◎ the first that blocks. Distances are "
    "along the straight sight line (1 = one hex width, 50 m); the range is counted in hexes "
    "(M-1).</div>"
)


def _follow_language(change: dict[str, Any]) -> None:
    """Show an HTML panel's new text in the current language (unchanged in "both")."""
    shown = localize_html(change["new"])
    if shown != change["new"]:
        change["owner"].value = shown


class SightExplorer(ipw.VBox):
    """Interactive line of sight: a clickable board, the verdict, the chart and the reasons.

    Click a hex to choose the observer, click another for the target; a third click starts
    over with a new observer. Names can also be typed (``4563GH``) in the two boxes, and
    prepared pairs chosen from a menu.

    Parameters
    ----------
    hexmap : HexMap or str
        A map, or the name/path of a map file (``"training"`` loads ``maps/training.json``).
    prepared : mapping of str to (str, str), optional
        Label → (observer, target) military names, e.g. for a lesson or a class demo: the
        **Prepared pair 示例** menu.
    notes : mapping of str to str, optional
        Label → what that prepared pair shows (shown with its verdict).
    large : bool
        Start in large mode (the **Large 大字** toggle): larger text everywhere, larger chart.
    board_height : str, optional
        A fixed CSS height for the board; by default the explorer fills the screen's height
        and the board takes what the controls leave.
    basemap : bool
        Start with an OpenStreetMap basemap (needs internet; off by default).

    Attributes
    ----------
    board : HexBoard
    record : SightRecord or None
        The record shown, once a target is chosen.
    observer, target : Hex or None
    verdict, why, status : ipywidgets.HTML
    chart : ipywidgets.Image
    large_toggle, viewshed_toggle, basemap_toggle : ipywidgets.ToggleButton
    pairs : ipywidgets.Dropdown
        The prepared pairs (shown when there are any).
    last_update_ms : float
        Python time of the last update (click handled → every widget set).

    Examples
    --------
    >>> ex = SightExplorer("training", prepared={"L-3 clear": ("4563BB", "4563BF")})
    >>> ex.select("4563BB")            # observer only
    >>> ex.observer_box.value
    '4563BB'
    >>> ex.board.click(ex.hexmap.parse("4563BF"))   # a click picks the target
    >>> ex.record.case
    'L-3'
    >>> ex.large_toggle.value = True   # the instructor's large mode
    >>> "hexrules-large" in ex._dom_classes
    True
    """

    def __init__(
        self,
        hexmap: HexMap | str = "training",
        *,
        prepared: Mapping[str, tuple[str, str]] | None = None,
        notes: Mapping[str, str] | None = None,
        large: bool = False,
        board_height: str | None = None,
        basemap: bool = False,
    ) -> None:
        self.hexmap = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
        self.record: SightRecord | None = None
        self.observer: Hex | None = None
        self.target: Hex | None = None
        self.last_update_ms = 0.0
        self._syncing = False
        self._large = bool(large)
        self._notes = dict(notes or {})
        self._prepared = {label: tuple(pair) for label, pair in (prepared or {}).items()}
        self._shown_note: str | None = None

        self.board = HexBoard(self.hexmap, height=board_height, basemap=basemap)
        self.board.on_hex_click(self.click)
        self.board.on_box_change(self._on_board_box)
        self._chart_px: dict[bool, tuple[int, int, float]] = dict(CHART_SIZES)
        if not board_height:
            self.board.add_class("hexrules-board-fill")

        names = [self.hexmap.name_of(h) for h in self.hexmap.hexes()]
        box = {"ensure_option": False, "continuous_update": False, "placeholder": "4563GH"}
        self.observer_box = ipw.Combobox(options=names, description="Observer 观察单位", **box)
        self.target_box = ipw.Combobox(options=names, description="Target 目标", **box)
        for w, cls in ((self.observer_box, "hexrules-observer-box"),
                       (self.target_box, "hexrules-target-box")):
            w.style.description_width = "initial"
            w.layout.width = "auto"
            w.add_class("hexrules-name-box")
            w.add_class(cls)
            w.observe(self._on_box, names="value")
        auto = {"layout": ipw.Layout(width="auto")}
        self.clear_button = ipw.Button(description="Start over 重新开始", icon="undo", **auto)
        self.clear_button.add_class("hexrules-clear")
        self.clear_button.on_click(lambda _: self.clear())
        self.viewshed_toggle = ipw.ToggleButton(
            value=False, description="Viewshed 视域", icon="eye-slash", **auto,
            tooltip="Shade what the observer cannot see (hexrules.sight.fast.viewshed)")
        self.viewshed_toggle.add_class("hexrules-viewshed-toggle")
        self.viewshed_toggle.observe(lambda _: self._draw_viewshed(), names="value")
        self.basemap_toggle = ipw.ToggleButton(
            value=basemap, description="Basemap 底图", icon="globe", **auto,
            tooltip="OpenStreetMap tiles under the hexes (needs internet)")
        self.basemap_toggle.add_class("hexrules-basemap-toggle")
        self.basemap_toggle.observe(self._on_basemap, names="value")
        self.large_toggle = ipw.ToggleButton(
            value=self._large, description="Large 大字", icon="search-plus", **auto,
            tooltip="Large text for a class: verdict, controls, board, legend and chart")
        self.large_toggle.add_class("hexrules-large-toggle")
        self.large_toggle.observe(lambda c: self.set_large(c["new"]), names="value")

        # the prepared pairs in one menu, so the controls keep to one row on a projector; it
        # shows the pair on screen until a click on the board starts another
        self.pairs = ipw.Dropdown(
            options=[(_PAIRS_PROMPT, "")] + [(label, label) for label in self._prepared],
            value="", layout=ipw.Layout(width="auto"), tooltip="Prepared pairs 示例")
        self.pairs.add_class("hexrules-pairs")
        self.pairs.observe(self._on_pair, names="value")

        self.status = ipw.HTML(_PROMPT_OBSERVER)
        self.status.add_class("hexrules-status")
        self.verdict = ipw.HTML(verdict_html(None))
        self.verdict.add_class("hexrules-verdict")
        self.chart = ipw.Image(format="png")
        self.chart.add_class("hexrules-chart")
        self.chart_caption = ipw.HTML(_CHART_CAPTION)
        self.chart_caption.add_class("hexrules-chart-caption")
        self.why = ipw.HTML("")
        self.why.add_class("hexrules-why")

        self._painter = ChartPainter()
        self._empty_chart = self._chart_png(None)
        self._set_chart(self._empty_chart)

        self.language_toggle = language_toggle(lambda _: self.relabel())
        self._relabel = Relabel(self.observer_box, self.target_box, self.clear_button,
                                self.viewshed_toggle, self.basemap_toggle, self.large_toggle,
                                self.pairs, self.chart_caption)
        for w in (self.status, self.verdict, self.why):
            w.observe(_follow_language, names="value")

        controls: list[ipw.Widget] = [self.observer_box, self.target_box, self.clear_button,
                                      self.viewshed_toggle, self.basemap_toggle,
                                      self.large_toggle, self.language_toggle]
        if self._prepared:
            controls.append(self.pairs)
        self.controls = ipw.HBox(controls, layout=ipw.Layout(flex_flow="row wrap",
                                                             align_items="center"))
        self.controls.add_class("hexrules-controls")
        self.side = ipw.VBox([self.status, self.verdict, self.chart, self.chart_caption,
                              self.why])
        self.side.add_class("hexrules-side")
        self._set_chart(self._empty_chart)
        main = ipw.HBox([self.board, self.side])
        main.add_class("hexrules-main")
        super().__init__([style_widget(), self.controls, main])
        self.add_class("hexrules-explorer")
        self._update_legend()
        self._style_toggles()
        if localize("Suppressed 压制") != "Suppressed 压制":  # started in "zh" or "en"
            self.relabel()
        if self._large:
            self.add_class("hexrules-large")

    # -- public API ----------------------------------------------------------------------
    def select(self, observer: Hex | str, target: Hex | str | None = None) -> SightRecord | None:
        """Choose the observer (and the target): draws and returns the sight record.

        Parameters
        ----------
        observer, target : Hex or str
            Hexes or military names (``'4563GH'``); without a target only the observer is set.

        Raises
        ------
        CoordinateError, OffMapError
            For a malformed name or a hex off the map (nothing changes).
        """
        a = self.hexmap.parse(observer)
        b = None if target is None else self.hexmap.parse(target)
        start = time.perf_counter()
        self.observer, self.target = a, b
        self._shown_note = None
        self._set_pair("")
        if b is None:
            self.record = None
            self._show_observer()
        else:
            self.record = line_of_sight(self.hexmap, a, b)
            self._show_record(self.record)
        self.last_update_ms = (time.perf_counter() - start) * 1000
        return self.record

    def set_map(self, hexmap: HexMap) -> SightRecord | None:
        """Show an edited map (same size and place, :mod:`hexrules.map.edit`) at once: the
        board redraws its ground, and the sight line, verdict, chart, "why" and viewshed of
        the chosen hexes are judged again on the new map. Returns the new record.
        """
        start = time.perf_counter()
        self.board.set_map(hexmap)
        self.hexmap = hexmap
        self._painter.charts.clear()  # the charts drawn for the old ground
        self._shown_note = None  # a prepared pair's note spoke of the old ground
        self._set_pair("")
        if self.observer is not None and self.target is not None:
            self.record = line_of_sight(hexmap, self.observer, self.target)
            self._show_record(self.record)
        elif self.observer is not None:
            self._show_observer()
        self.last_update_ms = (time.perf_counter() - start) * 1000
        return self.record

    def select_prepared(self, label: str) -> SightRecord | None:
        """Show the prepared pair ``label`` (from the menu), with its note if it has one."""
        obs, tgt = self._prepared[label]
        rec = self.select(obs, tgt)
        note = self._notes.get(label)
        if note and rec is not None:
            self._shown_note = f"{label}: {note}"
            self.verdict.value = verdict_html(rec, self._shown_note)
        self._set_pair(label)
        return rec

    def relabel(self) -> None:
        """Show everything again in the current language (the 中 / EN / 双语 toggle)."""
        self._relabel.apply()
        self._syncing = True
        try:
            value = self.pairs.value
            self.pairs.options = [(localize(_PAIRS_PROMPT), "")] + [
                (label, label) for label in self._prepared]
            self.pairs.value = value
        finally:
            self._syncing = False
        self.board.relabel()
        self._update_legend()
        self._painter.charts.clear()  # the chart's words are in the old language
        self._empty_chart = self._chart_png(None)
        if self.record is not None:
            self._show_record(self.record)
            if self._shown_note:
                self.verdict.value = verdict_html(self.record, self._shown_note)
        elif self.observer is not None:
            self._show_observer()
        else:
            self.status.value = _PROMPT_OBSERVER
            self.verdict.value = verdict_html(None)
            self._set_chart(self._empty_chart)
        for w in (self.status, self.verdict, self.why):  # a text drawn again unchanged
            w.value = localize_html(w.value)

    def _on_pair(self, change: dict[str, Any]) -> None:
        if change["new"] and not self._syncing:
            self.select_prepared(change["new"])

    def _set_pair(self, label: str) -> None:
        """Show ``label`` in the menu (``""``: the prompt) without selecting it again."""
        if self.pairs.value != label:
            self._syncing = True
            try:
                self.pairs.value = label
            finally:
                self._syncing = False

    def click(self, h: Hex) -> None:
        """Handle a click on hex ``h``: observer first, then target, then start over."""
        if self.observer is None or self.target is not None:
            self.select(h)
        else:
            self.select(self.observer, h)

    def clear(self) -> None:
        """Forget the observer and target and clear every overlay."""
        self.observer = self.target = None
        self.record = None
        self._shown_note = None
        self._set_pair("")
        for name in (*_SIGHT_OVERLAYS, "viewshed"):
            self.board.clear_overlay(name)
        self._sync_boxes()
        self.status.value = _PROMPT_OBSERVER
        self.verdict.value = verdict_html(None)
        self.why.value = ""
        self._set_chart(self._empty_chart)
        self._update_legend()

    def set_large(self, on: bool = True) -> None:
        """Large mode on or off: larger text everywhere and a larger chart (the toggle)."""
        on = bool(on)
        if self.large_toggle.value != on:
            self.large_toggle.value = on  # comes back here through the observer
            return
        if on == self._large:
            return
        self._large = on
        (self.add_class if on else self.remove_class)("hexrules-large")
        self._redraw_chart()
        rec = self.record
        if rec is not None:  # point markers are drawn in pixels: scale them too
            b = self.board
            b.set_overlay("sight-points", point_features(b, rec, on), level="point")
            b.set_overlay("sight-block", block_features(b, self.hexmap, rec, on), level="marker")
        self._style_toggles()

    @property
    def large(self) -> bool:
        """Whether large mode is on."""
        return self._large

    @property
    def verdict_text(self) -> str:
        """The verdict line as plain text (``''`` before a target is chosen)."""
        r = self.record
        if r is None:
            return ""
        return f"{r.verdict} — {CASE_LABELS[r.case]}: {r.reason}"

    # -- drawing -------------------------------------------------------------------------
    def _show_observer(self) -> None:
        a = self.observer
        assert a is not None
        name = self.hexmap.name_of(a)
        self.board.set_overlay("sight-ends", end_features(self.board, a, "observer"),
                               level="marker")
        for overlay in _SIGHT_OVERLAYS[1:]:
            self.board.clear_overlay(overlay)
        self._sync_boxes()
        self.status.value = (f"Observer 观察单位 <b>{name}</b> (level 高程等级 "
                             f"{self.hexmap.elevation_at(a)}) — now click a target hex 目标")
        self.verdict.value = verdict_html(None)
        self.why.value = ""
        self._set_chart(self._empty_chart)
        self._draw_viewshed()

    def _show_record(self, rec: SightRecord) -> None:
        # the verdict first: it reaches the browser before the slower chart is drawn
        self.verdict.value = verdict_html(rec, self._shown_note)
        self.status.value = ""  # the verdict names both ends; a click starts over
        # then the chart (about 30 ms to draw): the browser shows the verdict meanwhile; the
        # board's overlays and the long why panel follow
        self._set_chart(self._cached_chart(rec))
        b = self.board
        b.set_overlay("sight-ends", [*end_features(b, rec.observer, "observer"),
                                     *end_features(b, rec.target, "target")], level="marker")
        b.set_overlay("sight-passed", passed_features(b, rec), level="highlight",
                      style=PASSED_STYLE)
        b.set_overlay("sight-line", line_features(b, rec), level="line")
        b.set_overlay("sight-grazes", graze_features(b, rec), level="graze")
        b.set_overlay("sight-points", point_features(b, rec, self._large), level="point")
        b.set_overlay("sight-block", block_features(b, self.hexmap, rec, self._large),
                      level="marker")
        self.why.value = why_html(rec)
        self._sync_boxes()
        self._draw_viewshed()
        self._update_legend()

    def _draw_viewshed(self) -> None:
        self._style_toggles()
        if not self.viewshed_toggle.value or self.observer is None:
            self.board.clear_overlay("viewshed")
            self._update_legend()
            return
        from hexrules.sight.fast import viewshed

        seen = viewshed(self.hexmap, self.observer)
        hidden = [h for h in self.hexmap.hexes() if not seen[h.to_offset()[::-1]]]
        self.board.set_overlay("viewshed", hexes=hidden, level="shade",
                               style={"stroke": False, "fillColor": OVERLAY_STYLE["viewshed"],
                                      "fillOpacity": 0.5})
        self._update_legend()

    def _on_basemap(self, change: dict[str, Any]) -> None:
        self.board.show_basemap(change["new"])
        self._style_toggles()

    def _style_toggles(self) -> None:
        """A toggle that is on looks on: coloured, and its icon says so."""
        for toggle in (self.viewshed_toggle, self.basemap_toggle, self.large_toggle):
            toggle.button_style = "info" if toggle.value else ""
        self.viewshed_toggle.icon = "eye" if self.viewshed_toggle.value else "eye-slash"

    def _update_legend(self) -> None:
        """The overlays' legend entries under the board (the viewshed's only while shown)."""
        s = OVERLAY_STYLE
        entries = {
            "sight line 观察线: visible 通视": s["visible"],
            "blocked 不通视 (dashed past the block)": s["blocked"],
            "passed hex 途经格": f"transparent; border: 3px solid {s['passed']}",
            "first block 首个遮挡点": f"transparent; border: 3px solid {s['block_marker']};"
                                    " box-shadow: 0 0 0 1.5px #000; border-radius: 50%",
            "hexside 格边": s["graze"],
        }
        if self.viewshed_toggle.value and self.observer is not None:
            entries["hidden 不通视 (viewshed 视域)"] = s["viewshed"]
        self.board.set_legend_extra(entries)

    def _set_chart(self, png: bytes) -> None:
        """Show ``png`` at exactly its pixel size."""
        w, h = png_size(png)
        self.chart.value = png
        self.chart.width, self.chart.height = str(w), str(h)
        side = getattr(self, "side", None)
        if side is not None:  # the side panel is as wide as the chart, the board takes the rest
            side.layout.width = f"{w + 8}px"

    def _on_board_box(self, width: float, height: float) -> None:
        """The board's box changed (load, resize): size the chart to the screen."""
        main_w = width + _GAP_PX + self._chart_px[self._large][0] + 8
        main_h = height + 90  # the hover line and the legend
        size = {large: self._chart_size(large, main_w, main_h) for large in (False, True)}
        if size == self._chart_px:
            return
        self._chart_px = size
        self._redraw_chart()

    @staticmethod
    def _chart_size(large: bool, main_w: float, main_h: float) -> tuple[int, int, float]:
        """(width, height, font) of the chart for an explorer of ``main_w`` × ``main_h`` px."""
        return chart_size(large, main_w, main_h)

    def _redraw_chart(self) -> None:
        """Draw the chart again at the current size (mode or screen changed)."""
        self._painter.reset()
        self._empty_chart = self._chart_png(None)
        rec = self.record
        self._set_chart(self._cached_chart(rec) if rec is not None else self._empty_chart)

    def _cached_chart(self, rec: SightRecord) -> bytes:
        """The chart PNG of ``rec``; the last few are kept, so prepared pairs redraw at once."""
        return self._painter.cached(rec, self._chart_px[self._large], self._large)

    def _chart_png(self, rec: SightRecord | None) -> bytes:
        """Draw the chart (or the empty placeholder) as PNG bytes (:mod:`.sight_chart`)."""
        return self._painter.png(rec, self._chart_px[self._large], self._large)

    def _sync_boxes(self) -> None:
        self._syncing = True
        try:
            self.observer_box.value = "" if self.observer is None else self.hexmap.name_of(
                self.observer)
            self.target_box.value = "" if self.target is None else self.hexmap.name_of(
                self.target)
        finally:
            self._syncing = False

    def _on_box(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        text = (change["new"] or "").strip().upper()
        if not text:
            return
        try:
            if change["owner"] is self.observer_box:
                self.select(text, self.target)
            else:
                if self.observer is None:
                    raise CoordinateError("choose the observer first")
                self.select(self.observer, text)
        except CoordinateError as exc:  # OffMapError is a CoordinateError too
            self.status.value = (f"<span style='color:#d62728'>Not a hex 不是六角格坐标: "
                                 f"{html.escape(str(exc))}</span>")
