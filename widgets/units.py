"""Units on the board: counters with their markers, and the overlays of play (no rule logic).

:class:`CounterLayer` draws unit counters on a :class:`~hexrules_widgets.board.HexBoard` —
the side's colour, the NATO armour symbol of the unit type, the id, one badge per status
marker (C-3) and, for a stack, the number of counters in the hex (V-11). The counters are one
vector image (:class:`SvgLayer`, an ``ImageOverlay`` of the map's exact bounds in Web
Mercator), so they scale with the hexes when the board zooms, cost one trait update however
many units there are, and let clicks through to the board (the board turns a click into a
hex; :meth:`CounterLayer.units_at` says who is there).

The overlay helpers draw what hexrules computes, each into its own named board overlay:

* :func:`show_reach` — the hexes a unit can reach with their exact cost
  (:func:`hexrules.movement.reachable`);
* :func:`show_steps` — the next hexes of a move hex by hex, each with the step's cost and the
  points left after it (the scenario player's :class:`~hexrules_widgets.player.StepOption`,
  priced by :func:`hexrules.movement.step_cost`);
* :func:`show_path` — the path being moved;
* :func:`show_impacts` — impact markers (A-2, A-8; :func:`hexrules.artillery.impact_markers`);
* :func:`show_zone` — an artillery zone: rings 0–2, and the hexes settlement and forest
  leave out (A-5; :func:`hexrules.artillery.zone`).

Examples
--------
>>> from hexrules import Hex, HexMap, Status, Unit
>>> from hexrules_widgets import HexBoard
>>> board = HexBoard(HexMap.load("training"))
>>> layer = CounterLayer(board)
>>> r1 = Unit("R1", "red", board.hexmap.parse("4563GH"), status=[Status.SUPPRESSED])
>>> layer.show([r1, Unit("R2", "red", r1.hex), Unit("B1", "blue", board.hexmap.parse("4563MG"))])
>>> [c.ids for c in layer.counters]
[('R1', 'R2'), ('B1',)]
>>> layer.counters[0].badges, layer.units_at(r1.hex)[1].id
(('S',), 'R2')
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipyleaflet
from hexrules_widgets.board import HexBoard
from hexrules_widgets.geo import _mercator

from hexrules.map.hexgrid import Hex
from hexrules.units import Side, Status, Unit

__all__ = [
    "MARKER_CODES",
    "SIDE_COLOURS",
    "Counter",
    "CounterLayer",
    "SvgLayer",
    "counter_legend",
    "show_impacts",
    "show_path",
    "show_reach",
    "show_steps",
    "show_zone",
    "units_of",
]

#: Counter colours of the two sides (红方 / 蓝方).
SIDE_COLOURS: dict[Side, str] = {Side.RED: "#c62828", Side.BLUE: "#1f4e9c"}
#: The badge of each status marker on a counter (C-3); the legend gives the bilingual label.
MARKER_CODES: dict[Status, str] = {
    Status.FIRED: "F",
    Status.FIRED_UPON: "FU",
    Status.MOVED: "M",
    Status.MARCH: "Mr",
    Status.SUPPRESSED: "S",
    Status.WEAPON_LOST: "W",
    Status.IMMOBILISED: "I",
}
_BADGE_COLOURS = {"S": "#ffd54f", "W": "#ff8a65", "I": "#ff8a65"}
_ZONE_FILLS = ("#b71c1c", "#ef6c00", "#ffb300")  # rings 0, 1, 2


class SvgLayer:
    """A vector image over the whole map, drawn in hex-centre coordinates (no clicks taken).

    The image's bounds are the map's, and Leaflet stretches an image overlay linearly in Web
    Mercator pixels, so a point placed at a hex centre's Mercator position lands exactly
    there at every zoom. ``unit`` is the distance between adjacent hex centres in image units.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> from hexrules_widgets import HexBoard
    >>> board = HexBoard(HexMap.load("training"))
    >>> svg = SvgLayer(board, "labels")
    >>> x, y = svg.xy(board.hexmap.parse("4563AA"))
    >>> 0 < x < svg.width and 0 < y < svg.height and 100 < svg.unit < 200
    True
    >>> svg.draw("<circle cx='10' cy='10' r='5'/>"); svg.layer.url.startswith("data:image/svg")
    True
    """

    WIDTH = 4000.0
    #: The image's size in pixels as the browser rasterizes it before scaling it onto the map:
    #: sharp on a board up to about this wide; at WIDTH pixels every redraw (a counter moved,
    #: a step) would rasterize some 16 million pixels and take a large part of a click.
    RASTER = 1200.0

    def __init__(self, board: HexBoard, name: str, level: str = "marker") -> None:
        self.board = board
        (s, w), (n, e) = board.geo.bounds
        self._x0, self._y0 = _mercator(w, n)
        x1, y1 = _mercator(e, s)
        self._k = self.WIDTH / (x1 - self._x0)
        self.width, self.height = self.WIDTH, (y1 - self._y0) * self._k
        m = board.hexmap
        a, b = m.parse((0, 0)), m.parse((1, 0))
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        self.unit = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
        self.svg = ""
        self.layer = ipyleaflet.ImageOverlay(url=self._url(""), bounds=((s, w), (n, e)),
                                             name=name)
        self.layer.pane = f"hexrules-{level}"
        self.layer.options = [*self.layer.options, "pane"]
        board.map.add(self.layer)

    def xy(self, h: Hex) -> tuple[float, float]:
        """Image coordinates of the centre of hex ``h``."""
        lat, lon = self.board.geo.centre_latlon(h)
        mx, my = _mercator(lon, lat)
        return (mx - self._x0) * self._k, (my - self._y0) * self._k

    def _url(self, body: str) -> str:
        svg = (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {self.width:.1f} "
               f"{self.height:.1f}' width='{self.RASTER:.0f}' "
               f"height='{self.height * self.RASTER / self.width:.0f}' "
               f"font-family='DejaVu Sans, Arial, sans-serif'>{body}</svg>")
        return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()

    def draw(self, body: str) -> None:
        """Replace the image with the SVG elements ``body`` (image coordinates)."""
        if body != self.svg:
            self.svg = body
            self.layer.url = self._url(body)

    def clear(self) -> None:
        """Draw nothing."""
        self.draw("")


@dataclass(frozen=True)
class Counter:
    """What one hex's counter shows: the units there (top first), the badges of the top one."""

    hex: Hex
    side: Side
    ids: tuple[str, ...]
    type: str
    badges: tuple[str, ...]
    destroyed: bool
    role: str = ""  # "shooter", "target", "selected" or ""

    @property
    def count(self) -> int:
        """Counters in the stack."""
        return len(self.ids)


def units_of(units: Any) -> tuple[Unit, ...]:
    """The units of a game state or a side's view (``.units``), or of an iterable of Unit.

    >>> from hexrules import Hex
    >>> units_of([Unit("R1", "red", Hex(0, 0))])[0].id
    'R1'
    """
    return tuple(getattr(units, "units", units))


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def counter_legend() -> dict[str, str]:
    """Badge code → bilingual marker label (C-3), for a legend.

    >>> counter_legend()["S"]
    'Suppressed 压制'
    """
    return {code: status.label for status, code in MARKER_CODES.items()}


class CounterLayer:
    """The unit counters of a board (one vector image), redrawn by :meth:`show`.

    Parameters
    ----------
    board : HexBoard
    scale : float
        Counter width in hex widths (1: a counter as wide as a hex; the markers' badges sit
        under it, over the next hex).

    Attributes
    ----------
    counters : list of Counter
        What is drawn, one per hex and side, in the order the units were given.
    """

    def __init__(self, board: HexBoard, *, scale: float = 1.0) -> None:
        self.board = board
        self.scale = float(scale)  # counter size in hex widths (1: as wide as a hex)
        self.svg = SvgLayer(board, "units", level="marker")
        self.units: tuple[Unit, ...] = ()
        self.counters: list[Counter] = []
        self.roles: dict[str, str] = {}

    def show(self, units: Iterable[Unit], roles: Mapping[str, str] | None = None) -> None:
        """Draw ``units`` (destroyed ones greyed and crossed); ``roles`` marks ids.

        ``roles`` maps a unit id to ``"shooter"`` (yellow ring), ``"target"`` (red dashed
        ring) or ``"selected"`` (white ring).
        """
        self.units = tuple(units)
        self.roles = dict(roles or {})
        stacks: dict[tuple[Hex, Side], list[Unit]] = {}
        for u in self.units:
            if u.hex in self.board.hexmap:
                stacks.setdefault((u.hex, u.side), []).append(u)
        self.counters = []
        for (h, side), here in stacks.items():
            alive = [u for u in here if not u.destroyed] or here
            top = alive[0]
            ordered = [top, *(u for u in here if u is not top)]
            role = next((self.roles[u.id] for u in ordered if u.id in self.roles), "")
            badges = tuple(code for st, code in MARKER_CODES.items() if st in top.status)
            self.counters.append(Counter(h, side, tuple(u.id for u in ordered), top.type,
                                         badges, top.destroyed, role))
        self.svg.draw("".join(self._counter_svg(c) for c in self._draw_order()))

    def _draw_order(self) -> list[Counter]:
        # two sides in one hex (close combat): draw them side by side, blue a little right
        return sorted(self.counters, key=lambda c: c.side is Side.BLUE)

    def units_at(self, h: Hex) -> list[Unit]:
        """The units shown in hex ``h`` (top of each stack first)."""
        return [u for c in self.counters if c.hex == h for u in self.units if u.id in c.ids]

    def _counter_svg(self, c: Counter) -> str:
        cx, cy = self.svg.xy(c.hex)
        u = self.svg.unit * self.scale
        two_sides = sum(1 for o in self.counters if o.hex == c.hex) > 1
        if two_sides:
            cx += (0.3 if c.side is Side.BLUE else -0.3) * u
        size = (1.0 if not two_sides else 0.8) * u
        x, y = cx - size / 2, cy - size / 2
        fill = "#8a8a8a" if c.destroyed else SIDE_COLOURS[c.side]
        sw = 0.04 * u
        out = [f"<g class='counter' data-ids='{_esc(' '.join(c.ids))}'>"]
        if c.count > 1:  # the counters under the top one, offset
            off = 0.09 * u
            out.append(f"<rect x='{x + off:.1f}' y='{y - off:.1f}' width='{size:.1f}' "
                       f"height='{size:.1f}' rx='{0.08 * u:.1f}' fill='{fill}' "
                       f"stroke='#ffffff' stroke-width='{sw:.1f}' opacity='0.85'/>")
        ring = {"shooter": ("#ffeb3b", ""), "target": ("#ff1744", f"{0.12 * u:.1f}"),
                "selected": ("#ffffff", "")}.get(c.role)
        if ring:
            pad = 0.1 * u
            dash = f" stroke-dasharray='{ring[1]} {ring[1]}'" if ring[1] else ""
            out.append(f"<rect x='{x - pad:.1f}' y='{y - pad:.1f}' width='{size + 2 * pad:.1f}' "
                       f"height='{size + 2 * pad:.1f}' rx='{0.12 * u:.1f}' fill='none' "
                       f"stroke='{ring[0]}' stroke-width='{0.11 * u:.1f}'{dash}/>")
        out.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{size:.1f}' height='{size:.1f}' "
                   f"rx='{0.08 * u:.1f}' fill='{fill}' stroke='#ffffff' "
                   f"stroke-width='{sw:.1f}'/>")
        # NATO armour symbol: an ellipse in a frame (the unit type's symbol, C-1)
        fw, fh = size * 0.56, size * 0.26
        fx, fy = cx - fw / 2, y + size * 0.1
        out.append(f"<rect x='{fx:.1f}' y='{fy:.1f}' width='{fw:.1f}' height='{fh:.1f}' "
                   f"fill='none' stroke='#ffffff' stroke-width='{0.035 * u:.1f}'/>")
        out.append(f"<ellipse cx='{cx:.1f}' cy='{fy + fh / 2:.1f}' rx='{fw * 0.36:.1f}' "
                   f"ry='{fh * 0.3:.1f}' fill='none' stroke='#ffffff' "
                   f"stroke-width='{0.035 * u:.1f}'/>")
        out.append(f"<text x='{cx:.1f}' y='{y + size * 0.86:.1f}' font-size='{size * 0.48:.1f}' "
                   f"font-weight='bold' fill='#ffffff' text-anchor='middle'>"
                   f"{_esc(c.ids[0])}</text>")
        if c.destroyed:
            out.append(f"<path d='M{x:.1f},{y:.1f} l{size:.1f},{size:.1f} m0,{-size:.1f} "
                       f"l{-size:.1f},{size:.1f}' stroke='#000000' "
                       f"stroke-width='{0.08 * u:.1f}'/>")
        bx, bh = x, 0.36 * u
        for code in c.badges:  # the markers, in a row under the counter
            bw = (0.16 + 0.2 * len(code)) * u
            colour = _BADGE_COLOURS.get(code, "#ffffff")
            out.append(f"<rect x='{bx:.1f}' y='{y + size + 0.03 * u:.1f}' width='{bw:.1f}' "
                       f"height='{bh:.1f}' rx='{0.05 * u:.1f}' fill='{colour}' "
                       f"stroke='#222222' stroke-width='{0.025 * u:.1f}'/>")
            out.append(f"<text x='{bx + bw / 2:.1f}' y='{y + size + 0.31 * u:.1f}' "
                       f"font-size='{0.3 * u:.1f}' font-weight='bold' fill='#111111' "
                       f"text-anchor='middle'>{code}</text>")
            bx += bw + 0.03 * u
        if c.count > 1:  # the stack's count
            r = 0.2 * u
            out.append(f"<circle cx='{x + size:.1f}' cy='{y:.1f}' r='{r:.1f}' fill='#ffffff' "
                       f"stroke='#111111' stroke-width='{0.03 * u:.1f}'/>")
            out.append(f"<text x='{x + size:.1f}' y='{y + r * 0.55:.1f}' "
                       f"font-size='{0.3 * u:.1f}' font-weight='bold' fill='#111111' "
                       f"text-anchor='middle'>{c.count}</text>")
        out.append("</g>")
        return "".join(out)


# ---------------------------------------------------------------------------------------
# Overlays of play
# ---------------------------------------------------------------------------------------
def _points(cost: Fraction) -> str:
    from hexrules.movement.costs import points_text

    return points_text(cost)


def show_reach(board: HexBoard, reach: Mapping[Hex, Fraction], labels: SvgLayer | None = None,
               *, name: str = "reach") -> None:
    """Shade the hexes a unit can reach and write each one's exact cost (V-1…V-5).

    ``reach`` is :func:`hexrules.movement.reachable`'s answer; ``labels`` an
    :class:`SvgLayer` for the costs (none: shading only).
    """
    feats = [board.hex_feature(h, {"color": "#2e7d32", "weight": 1.2, "fillColor": "#66bb6a",
                                   "fillOpacity": 0.28, "opacity": 0.9},
                               cost=str(c), part="reach") for h, c in reach.items()]
    board.set_overlay(name, feats, level="shade")
    if labels is not None:
        u = labels.unit
        body = []
        for h, c in reach.items():
            x, y = labels.xy(h)
            body.append(f"<text x='{x:.1f}' y='{y - 0.2 * u:.1f}' font-size='{0.24 * u:.1f}' "
                        f"fill='#0b3d14' stroke='#ffffff' stroke-width='{0.05 * u:.1f}' "
                        f"paint-order='stroke' text-anchor='middle'>{_esc(_points(c))}</text>")
        labels.draw("".join(body))


#: Fill of a next hex by its step cost: cheap (road, open) light, dear (forest, slope) dark.
_STEP_FILLS = ("#a5d6a7", "#66bb6a", "#2e7d32", "#1b5e20")


def show_steps(board: HexBoard, steps: Iterable[Any], labels: SvgLayer | None = None, *,
               name: str = "reach") -> None:
    """Shade the hexes a moving unit may step into next and write in each the step's cost
    and the movement points left after it (V-1…V-5): ``−1`` over ``4``.

    ``steps`` are items with ``hex``, ``cost`` and ``left`` (exact, as
    :func:`hexrules.movement.step_cost` prices them; the widget computes nothing);
    ``labels`` an :class:`SvgLayer` for the numbers (none: shading only). Each feature
    carries ``cost`` and ``left`` (for tests), and a fill darker for a dearer step.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from types import SimpleNamespace as Step
    >>> from hexrules import HexMap
    >>> from hexrules_widgets import HexBoard
    >>> board = HexBoard(HexMap.load("training"))
    >>> h = board.hexmap.parse("4563GH")
    >>> show_steps(board, [Step(hex=h, cost=Fraction(2), left=Fraction(3))])
    >>> p = board.overlays["reach"].data["features"][0]["properties"]
    >>> p["cost"], p["left"], p["part"]
    ('2', '3', 'step')
    """
    steps = list(steps)
    feats = []
    for st in steps:
        shade = _STEP_FILLS[min(len(_STEP_FILLS) - 1, max(0, math.ceil(st.cost) - 1))]
        feats.append(board.hex_feature(st.hex, {"color": "#1b5e20", "weight": 1.5,
                                                "fillColor": shade, "fillOpacity": 0.55,
                                                "opacity": 1},
                                       cost=_points(st.cost), left=_points(st.left),
                                       part="step"))
    board.set_overlay(name, feats, level="shade")
    if labels is not None:
        u = labels.unit
        body = []
        for st in steps:
            x, y = labels.xy(st.hex)
            body.append(f"<g class='step' data-cost='{_esc(_points(st.cost))}' "
                        f"data-left='{_esc(_points(st.left))}'>"
                        f"<text x='{x:.1f}' y='{y - 0.06 * u:.1f}' font-size='{0.42 * u:.1f}' "
                        f"fill='#7f0000' stroke='#ffffff' stroke-width='{0.07 * u:.1f}' "
                        f"paint-order='stroke' text-anchor='middle'>−{_esc(_points(st.cost))}"
                        f"</text><text x='{x:.1f}' y='{y + 0.4 * u:.1f}' "
                        f"font-size='{0.48 * u:.1f}' font-weight='bold' fill='#0b3d14' "
                        f"stroke='#ffffff' stroke-width='{0.07 * u:.1f}' paint-order='stroke' "
                        f"text-anchor='middle'>{_esc(_points(st.left))}</text></g>")
        labels.draw("".join(body))


def show_path(board: HexBoard, hexes: Sequence[Hex], *, name: str = "path",
              colour: str = "#ff6f00") -> None:
    """Draw a path through hex centres (the move being made, a drift path)."""
    if len(hexes) < 2:
        feats = [board.point_feature(h, {"radius": 4, "color": colour, "fillColor": colour,
                                         "fillOpacity": 1}, part="path-end") for h in hexes]
    else:
        feats = [board.line_feature(list(hexes), {"color": "#ffffff", "weight": 7,
                                                  "opacity": 0.9}, part="casing"),
                 board.line_feature(list(hexes), {"color": colour, "weight": 4, "opacity": 1},
                                    part="path"),
                 *(board.point_feature(h, {"radius": 3.5, "color": "#ffffff", "weight": 1,
                                           "fillColor": colour, "fillOpacity": 1},
                                       part="path-hex") for h in hexes)]
    board.set_overlay(name, feats, level="line")


def show_impacts(board: HexBoard, markers: Mapping[Hex, Sequence[Any]] | Iterable[Hex], *,
                 name: str = "impacts", moving: Hex | None = None) -> None:
    """Draw impact markers (C-2): a ringed dot per hex, larger with more markers there.

    ``markers`` is :func:`hexrules.artillery.impact_markers`'s answer (or hexes); ``moving``
    draws the marker being placed (a drift in progress) with a thicker ring.
    """
    by_hex = (dict(markers) if isinstance(markers, Mapping)
              else {h: (h,) for h in markers})
    feats = []
    for h, ms in by_hex.items():
        n = max(1, len(ms))
        feats.append(board.point_feature(h, {"radius": 6 + 2 * min(n, 4), "color": "#000000",
                                             "weight": 2, "fillColor": "#fdd835",
                                             "fillOpacity": 0.95}, part="impact", count=n))
    if moving is not None:
        feats.append(board.point_feature(moving, {"radius": 9, "color": "#d50000",
                                                  "weight": 4, "fillColor": "#fdd835",
                                                  "fillOpacity": 1}, part="impact-moving"))
    board.set_overlay(name, feats, level="point")


def show_zone(board: HexBoard, zone: Iterable[Any], *, name: str = "zone") -> None:
    """Draw an artillery zone (A-5): attacked hexes by ring, left-out hexes outlined ×.

    ``zone`` is :func:`hexrules.artillery.zone`'s answer (or a gun record's ``zone``): each
    item has ``hex``, ``ring``, ``attacked`` and ``reason``.
    """
    feats = []
    for z in zone:
        if z.attacked:
            feats.append(board.hex_feature(z.hex, {"color": _ZONE_FILLS[z.ring], "weight": 2,
                                                   "fillColor": _ZONE_FILLS[z.ring],
                                                   "fillOpacity": 0.38 - 0.08 * z.ring},
                                           ring=z.ring, reason=z.reason, part="attacked"))
        else:
            feats.append(board.hex_feature(z.hex, {"color": "#37474f", "weight": 2,
                                                   "dashArray": "4 3", "fill": False},
                                           scale=0.8, ring=z.ring, reason=z.reason,
                                           part="excluded"))
    board.set_overlay(name, feats, level="highlight")
