"""The hex inspector of lesson 01: click a hex (or type its name) and read everything about it.

:class:`HexInspector` puts a :class:`~hexrules_widgets.board.HexBoard` beside a panel that
names the chosen hex and gives its coordinates, elevation and terrain, its six neighbours with
the road (道路) or river (河流) between them, and a close-up of the hex and its neighbours
with the direction numbers (M-3). The chosen hex is outlined on the board. Every fact comes
from the :class:`~hexrules.HexMap` (``name_of``, ``elevation_at``, ``terrain_at``,
``has_road``, ``has_river``); the inspector decides nothing.

The close-up is drawn by :func:`hexrules.render.plots.plot_map` (the board's visual language)
and shown as a PNG in an :class:`ipywidgets.Image`, as the sight explorer's chart is.

Examples
--------
>>> ins = HexInspector("training", start="4563VS")
>>> ins.hexmap.name_of(ins.hex)
'4563VS'
>>> ins.board.click(ins.hexmap.parse("4563GH"))   # a click on the board inspects that hex
>>> ins.pick.value, "4563GH" in ins.details.value
('4563GH', True)
"""

from __future__ import annotations

import html
import io
from typing import Any

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard

from hexrules.errors import CoordinateError
from hexrules.glossary import label
from hexrules.map.hexgrid import DIRECTION_NAMES, Hex
from hexrules.map.hexmap import HexMap

__all__ = ["HexInspector"]

_MARK = "#d62728"
_CSS = """
.hexrules-inspector .hexrules-inspector-panel table { border-collapse: collapse; }
.hexrules-inspector .hexrules-inspector-panel td,
.hexrules-inspector .hexrules-inspector-panel th {
  border-bottom: 1px solid #ddd; padding: 2px 8px; text-align: left; vertical-align: top; }
.hexrules-inspector .hexrules-inspector-panel th { white-space: nowrap; }
.hexrules-inspector .hexrules-inspector-name { font-size: 1.35em; font-weight: bold; }
.hexrules-inspector img.hexrules-close-up { max-width: 100%; height: auto; }
"""


class HexInspector(ipw.VBox):
    """A clickable board and, beside it, everything the map says about the chosen hex.

    Parameters
    ----------
    hexmap : HexMap or str
        A map, or the name/path of a map file (``"training"``).
    start : Hex or str, optional
        The hex to inspect first (default: the map's first hex).
    board_height : str
        CSS height of the board.

    Attributes
    ----------
    board : HexBoard
    hex : Hex
        The hex inspected.
    pick : ipywidgets.Combobox
        Type or choose a military name; a complete name inspects it at once.
    show_button : ipywidgets.Button
    details : ipywidgets.HTML
        Name, coordinates, elevation, terrain and the six neighbours.
    close_up : ipywidgets.Image
        The hex and its neighbours with the direction numbers 1–6.
    message : ipywidgets.HTML
        Why a typed name was refused (empty otherwise).

    Examples
    --------
    >>> ins = HexInspector("training", start="4563VS")
    >>> [f["properties"]["name"] for f in ins.board.overlays["inspected"].data["features"]]
    ['4563VS']
    >>> ins.select("45-63")
    >>> "malformed" in ins.message.value, ins.hexmap.name_of(ins.hex)
    (True, '4563VS')
    """

    def __init__(self, hexmap: HexMap | str = "training", *, start: Hex | str | None = None,
                 board_height: str = "560px") -> None:
        self.hexmap = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
        m = self.hexmap
        self.board = HexBoard(m, height=board_height)
        self.board.on_hex_click(self.select)
        names = [m.name_of(h) for h in m.hexes()]
        self.pick = ipw.Combobox(options=names, ensure_option=False, continuous_update=False,
                                 description=label("hex"), placeholder="e.g. 4563GH",
                                 layout=ipw.Layout(width="17em"))
        self.pick.style.description_width = "initial"
        self.pick.add_class("hexrules-inspector-pick")
        self.pick.observe(self._typed, names="value")
        self.show_button = ipw.Button(description="Show 显示", icon="search",
                                      button_style="info",
                                      layout=ipw.Layout(width="auto", min_width="7em"))
        self.show_button.add_class("hexrules-inspector-show")
        self.show_button.on_click(lambda _: self.select(self.pick.value))
        self.message = ipw.HTML("")
        self.message.add_class("hexrules-inspector-message")
        self.details = ipw.HTML("")
        self.details.add_class("hexrules-inspector-details")
        self.close_up = ipw.Image(format="png", layout=ipw.Layout(width="100%",
                                                                 max_width="520px"))
        self.close_up.add_class("hexrules-close-up")
        self._syncing = False
        self.hex: Hex = m.parse(start) if start is not None else next(iter(m.hexes()))

        controls = ipw.HBox([self.pick, self.show_button],
                            layout=ipw.Layout(align_items="center", flex_flow="row wrap"))
        panel = ipw.VBox([controls, self.message, self.close_up, self.details],
                         layout=ipw.Layout(flex="2 1 0%", min_width="400px",
                                           padding="0 0 0 12px"))
        panel.add_class("hexrules-inspector-panel")
        self.board.layout = ipw.Layout(flex="3 1 0%", min_width="420px")
        row = ipw.HBox([self.board, panel], layout=ipw.Layout(width="100%",
                                                              flex_flow="row wrap",
                                                              align_items="flex-start"))
        super().__init__([ipw.HTML(f"<style>{_CSS}</style>"), row],
                         layout=ipw.Layout(width="100%"))
        self.add_class("hexrules-inspector")
        self.select(self.hex)

    # -- public API ----------------------------------------------------------------------
    def select(self, where: Hex | str) -> None:
        """Inspect ``where`` (a hex or a military name such as ``'4563GH'``).

        A name that is malformed or off the map leaves the inspected hex as it was and says
        why in :attr:`message`.
        """
        m = self.hexmap
        try:
            h = m.parse(where)
        except CoordinateError as err:
            self.message.value = f"<span style='color:{_MARK}'>{html.escape(str(err))}</span>"
            return
        self.hex = h
        self.message.value = ""
        self._syncing = True
        try:
            self.pick.value = m.name_of(h)
        finally:
            self._syncing = False
        self.board.set_overlay("inspected", hexes=[h], level="marker",
                               style={"color": _MARK, "weight": 4, "fillOpacity": 0.0})
        self.details.value = self.details_html(h)
        self.close_up.value = self.close_up_png(h)

    def neighbours(self, h: Hex) -> list[tuple[str, Hex, bool, bool, bool]]:
        """``(direction label, neighbour, on the map, road, river)`` for directions 1–6."""
        m = self.hexmap
        out = []
        for d in range(1, 7):
            n = h.neighbor(d)
            on = n in m
            out.append((DIRECTION_NAMES[d - 1], n, on, on and m.has_road(h, n),
                        on and m.has_river(h, n)))
        return out

    def details_html(self, h: Hex) -> str:
        """The panel's text for ``h``: name, coordinates, elevation, terrain, neighbours."""
        m = self.hexmap
        e, n = m.georef.centre(h)
        level = m.elevation_at(h)
        rows = [
            (label("hex_coordinate"), f"<span class='hexrules-inspector-name'>"
                                      f"{m.name_of(h)}</span>"),
            ("axial · offset (col, row)", f"{h!r} · {h.to_offset()}"),
            (label("easting"), f"{e:.0f} m"),
            (label("northing"), f"{n:.0f} m"),
            (label("elevation_level"), f"{level} ({level * m.metres_per_level:g} m)"),
            ("Terrain 地形", html.escape(m.terrain_at(h).label)),
            (label("effective_height") + " (L-2)", str(m.effective_height(h))),
        ]
        facts = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
        cells = []
        for name, nb, on, road, river in self.neighbours(h):
            links = [w for w, yes in ((label("road"), road), (label("river"), river)) if yes]
            cells.append(f"<tr><td>{html.escape(name)}</td>"
                         f"<td>{m.name_of(nb) if on else 'off the map 地图外'}</td>"
                         f"<td>{', '.join(links) or '—'}</td></tr>")
        return (f"<table>{facts}</table><p style='margin:0.6em 0 0.2em'><b>Neighbours 相邻格"
                "</b> (direction 方向, M-3)</p><table><tr><th>direction</th><th>hex</th>"
                f"<th>between them</th></tr>{''.join(cells)}</table>")

    def close_up_png(self, h: Hex) -> bytes:
        """PNG of ``h`` and its neighbours: letters, direction numbers, ``h`` outlined."""
        from matplotlib.figure import Figure

        from hexrules.render.plots import plot_map, use_cjk_fonts

        use_cjk_fonts()
        m = self.hexmap
        fig = Figure(figsize=(5.2, 4.6))
        ax = fig.add_subplot()
        notes = {nb: str(d) for d, (_, nb, on, _, _) in enumerate(self.neighbours(h), 1) if on}
        plot_map(m, ax, hexes=h.spiral(1), highlight=[h], highlight_colour=_MARK, labels=True,
                 notes=notes, legend=False)
        ax.set_title(f"{m.name_of(h)} and its neighbours: direction numbers 1–6 方向",
                     fontsize=11)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", bbox_inches="tight", dpi=100)
        return buf.getvalue()

    # -- events --------------------------------------------------------------------------
    def _typed(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        text = str(change["new"]).strip().upper()
        if len(text) == 6:  # a complete name: inspect it at once
            self.select(text)
