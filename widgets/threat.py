"""The threat map on the board: where a unit that stops is likely to be destroyed, and why.

:class:`ThreatView` shades every hex by the exact probability that a unit of the chosen side
stopping there is destroyed (or damaged) by the enemy units that can see it —
:func:`hexrules.analysis.threat_map`, whose ruling docs/rules.md states ("Threat map"). Click
a hex for the reasons (:func:`hexrules.analysis.threat_of`): each enemy that would fire, its
final attack level, the hex's terrain (cover: F-7) and the odds; a click on a unit of the
side also shows where it can move and at what exact cost (:func:`hexrules.movement.reachable`),
so the threat of each hex it could end in is in view. :func:`threat_overlay` draws a threat
map on any board (the scenario player reuses it).

Examples
--------
>>> from hexrules import HexMap, Unit
>>> m = HexMap.load("training")
>>> tv = ThreatView(m, [Unit("B1", "blue", m.parse("4563MG"))], side="red")
>>> tv.threat[m.parse("4563NH")] > 0
True
>>> tv.click(m.parse("4563NH")); "B1" in tv.why.value
True
>>> tv.kind.value = "damage"; tv.threat[m.parse("4563NH")] >= tv.threat_of.p_destroyed
True
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Mapping
from fractions import Fraction

import ipywidgets as ipw
from hexrules_widgets.board import HexBoard
from hexrules_widgets.drift_stepper import heat_colour
from hexrules_widgets.stepper import frac_html, pct
from hexrules_widgets.style import style_widget
from hexrules_widgets.units import CounterLayer, SvgLayer, show_reach, units_of

from hexrules.analysis import Threat, threat_map, threat_of
from hexrules.glossary import label
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.movement import reachable
from hexrules.tables import TableSet, load_tables
from hexrules.units import DEFAULT_UNIT_TYPE, Side, Unit

__all__ = ["ThreatView", "threat_overlay"]

_KINDS = {"destroy": "Destroyed 歼灭", "damage": "Damaged 失火/失动/歼灭"}


def threat_overlay(board: HexBoard, threat: Mapping[Hex, Fraction], *,
                   name: str = "threat") -> Fraction:
    """Shade the hexes of a threat map (pale: unlikely, dark red: the likeliest); its top.

    Hexes at 0 are left clear. Returns the largest probability (the legend's top).
    """
    top = max(threat.values(), default=Fraction(0))
    feats = []
    if top > 0:
        ftop = float(top)
        for h, p in threat.items():
            if p.numerator:
                c = heat_colour(float(p) / ftop)
                feats.append(board.hex_feature(h, {"color": c, "weight": 0.4, "fillColor": c,
                                                   "fillOpacity": 0.7}, p=f"{p}",
                                               part="threat"))
    board.set_overlay(name, feats, level="shade")
    return top


class ThreatView(ipw.VBox):
    """A board shaded by the threat map of one side, with the reasons for a clicked hex.

    Parameters
    ----------
    hexmap : HexMap or str
    units : iterable of Unit, GameState or View
        The units on the board (a state's or a side's view's ``units``).
    side : Side or str
        The side of the unit that would stop in a hex.
    kind : str
        ``"destroy"`` or ``"damage"``.
    unit_type : str
    tables : TableSet, optional
    board_height : str

    Attributes
    ----------
    threat : dict of Hex to Fraction
    threat_of : Threat or None
        The reasons for the hex clicked last.
    last_update_ms : float
    """

    def __init__(self, hexmap: HexMap | str, units: Iterable[Unit], *,
                 side: Side | str = "red", kind: str = "destroy",
                 unit_type: str = DEFAULT_UNIT_TYPE, tables: TableSet | None = None,
                 board_height: str = "600px") -> None:
        self.hexmap = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
        self.tables = tables or load_tables()
        self.units = units_of(units)
        self.unit_type = unit_type
        self.threat: dict[Hex, Fraction] = {}
        self.threat_of: Threat | None = None
        self.last_update_ms = 0.0
        self.board = HexBoard(self.hexmap, height=board_height, legend=False)
        self.layer = CounterLayer(self.board, scale=1.15)
        self.costs = SvgLayer(self.board, "reach-costs", level="point")
        self.reach: dict[Hex, Fraction] = {}
        self.board.on_hex_click(self.click)
        self.side_box = ipw.ToggleButtons(
            options=[(f"A {s.label} unit stops here", s.value) for s in Side],
            value=Side.parse(side).value)
        self.side_box.add_class("hexrules-threat-side")
        self.kind = ipw.ToggleButtons(options=[(v, k) for k, v in _KINDS.items()], value=kind)
        self.kind.add_class("hexrules-threat-kind")
        self.legend = ipw.HTML("")
        self.legend.add_class("hexrules-threat-legend")
        self.why = ipw.HTML("Click a hex for the reasons.")
        self.why.add_class("hexrules-threat-why")
        for w in (self.side_box, self.kind):
            w.observe(lambda _: self.refresh(), names="value")
        self.side = ipw.VBox([ipw.HTML(f"<b>{html.escape(label('threat_map'))}</b>"),
                              self.side_box, self.kind, self.legend, self.why])
        self.side.add_class("hexrules-stepper-side")
        main = ipw.HBox([ipw.VBox([self.board]), self.side])
        main.add_class("hexrules-stepper-main")
        super().__init__([style_widget(), main])
        self.add_class("hexrules-threat-view")
        self.layer.show(self.units)
        self.refresh()

    def set_units(self, units: Iterable[Unit]) -> None:
        """Show other units (a new position) and recompute the map."""
        self.units = tuple(units)
        self.layer.show(self.units)
        self.refresh()

    def refresh(self) -> None:
        """Recompute and redraw the threat map (the side or kind changed)."""
        start = time.perf_counter()
        self.threat = threat_map(self.units, self.hexmap, self.side_box.value,
                                 unit_type=self.unit_type, kind=self.kind.value,
                                 tables=self.tables)
        top = threat_overlay(self.board, self.threat)
        seen = sum(1 for p in self.threat.values() if p > 0)
        scale = (f"linear-gradient(90deg, {heat_colour(0.02)}, {heat_colour(0.5)}, "
                 f"{heat_colour(1.0)})")
        self.legend.value = (
            f"<div>P({html.escape(_KINDS[self.kind.value])}) for a "
            f"{html.escape(Side.parse(self.side_box.value).label)} {html.escape(self.unit_type)}"
            f" that ends its move in the hex, if every enemy that sees it fires once "
            f"(halted fire, F-2): <span class='hexrules-heat-scale' style='background:{scale}'>"
            f"</span> 0 … {pct(top)}; {seen} hexes under fire, the rest clear.</div>")
        if self.threat_of is not None:
            self.click(self.threat_of.hex)
        self.last_update_ms = (time.perf_counter() - start) * 1000

    def click(self, h: Hex) -> None:
        """The reasons for hex ``h``: who fires, at what level, and the odds.

        A unit of the side in ``h`` also gets its reachable hexes and their costs drawn.
        """
        start = time.perf_counter()
        mover = next((u for u in self.layer.units_at(h)
                      if u.side.value == self.side_box.value and u.alive), None)
        if mover is not None:
            self.reach = reachable(self.hexmap, mover, units=self.units, tables=self.tables)
            show_reach(self.board, self.reach, self.costs)
        else:
            self.reach = {}
            self.board.clear_overlay("reach")
            self.costs.clear()
        t = threat_of(self.units, self.hexmap, self.side_box.value, h,
                      unit_type=self.unit_type, tables=self.tables)
        self.threat_of = t
        e = html.escape
        m = self.hexmap
        rows = "".join(f"<li>{e(uid)}: {e(label('final_attack_level'))} {lv}"
                       f"{' (no effect)' if lv <= 0 else ''}</li>" for uid, lv in t.shooters)
        cover = ""
        faces = self.tables.combat_results.terrain_faces.get(t.terrain)
        if faces:
            cover = (f"<div>Cover 掩护: {e(t.terrain.label)} turns W, I or K into S when "
                     f"a die shows {', '.join(map(str, sorted(faces)))} (F-7).</div>")
        self.why.value = (
            f"<div><b>{e(m.name_of(h))}</b> · {e(t.terrain.label)} · level 高程等级 "
            f"{m.elevation_at(h)}</div>"
            + (f"<div>Enemies that see it and would fire:</div><ul>{rows}</ul>" if rows else
               "<div>No enemy sees this hex: no direct fire.</div>")
            + cover
            + f"<div>{e(label('destroyed'))}: <b>{frac_html(t.p_destroyed)}</b> · damaged "
              f"(W, I or K): <b>{frac_html(t.p_damaged)}</b></div>"
            + (f"<div>{e(mover.id)} can reach {len(self.reach)} hexes this turn "
               f"({e(label('movement_cost'))} written in each, V-1…V-5).</div>"
               if mover is not None else ""))
        self.last_update_ms = (time.perf_counter() - start) * 1000
