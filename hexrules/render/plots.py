"""Drawing maps and sight records with matplotlib (imported lazily).

Nothing here decides a rule: every function draws fields of a :class:`~hexrules.map.hexmap.HexMap`
or a :class:`~hexrules.sight.SightRecord`. The core modules import this one only inside
``plot``/``_repr_*`` methods, so ``import hexrules`` never imports matplotlib.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from hexrules import HexMap, line_of_sight
>>> m = HexMap.load("training")
>>> ax = plot_map(m)
>>> rec = line_of_sight(m, "4563BB", "4563HK")
>>> ax = plot_sight(rec)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from hexrules.glossary import label
from hexrules.language import localize_figure
from hexrules.map.coords import HEX_METRES
from hexrules.map.hexgrid import Hex
from hexrules.map.terrain import Terrain

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.map.hexmap import HexMap
    from hexrules.sight import SightRecord

__all__ = [
    "TERRAIN_COLOURS",
    "elevation_colour",
    "figure_png",
    "hexside_points",
    "plot_grazes",
    "plot_map",
    "plot_sight",
    "use_cjk_fonts",
]

_LIGHT = (0xF4, 0xF1, 0xE4)  # low ground: light
_DARK = (0x5C, 0x3D, 0x22)  # high ground: dark (M-4)

#: Colours of terrain overlays and map features.
TERRAIN_COLOURS = {
    "water": "#7fb3e6",
    "river": "#2a6fdb",
    "road": "#3b3b3b",
    "city": "#7a1f1f",
    "forest": "#1f6b2a",
    "line": "#d62728",
    "passed": "#ffd54f",
    "graze": "#ff7f0e",
    "clear": "#2ca02c",
    "blocked": "#d62728",
}


def elevation_colour(level: int, max_level: int) -> str:
    """Colour of an elevation level, light (low) to dark (high) (M-4).

    >>> elevation_colour(0, 5), elevation_colour(5, 5)
    ('#f4f1e4', '#5c3d22')
    """
    f = 0.0 if max_level <= 0 else min(max(level / max_level, 0.0), 1.0)
    rgb = [round(lo + (hi - lo) * f) for lo, hi in zip(_LIGHT, _DARK, strict=True)]
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def hexside_points(hexmap: HexMap, a: Hex, b: Hex) -> list[tuple[float, float]]:
    """The two end points (metres) of the hexside between adjacent hexes ``a`` and ``b``.

    >>> from hexrules import HexMap
    >>> hexside_points(HexMap.flat(4, 3), Hex(0, 0), Hex(1, 0))  # the east side of Hex(0, 0)
    [(463045.0, 4545989.43375673), (463045.0, 4545960.56624327)]
    """
    shared = sorted(set(a.corners()) & set(b.corners()))
    return [hexmap.georef.lattice_point(x, y) for x, y in shared]


_FONTS_READY = False


def use_cjk_fonts() -> None:
    """Let matplotlib draw the Chinese terms: add a CJK font as a fallback, once.

    Uses the Noto Sans CJK SC font shipped by the ``mplfonts`` package when it is installed
    (``pip install hexrules[lab]``), else any CJK font the system has; without one, Chinese
    glyphs are drawn as boxes and everything else still works.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> use_cjk_fonts()  # safe to call again: the work is done once
    >>> use_cjk_fonts()
    """
    global _FONTS_READY
    if _FONTS_READY:
        return
    _FONTS_READY = True
    import warnings
    from pathlib import Path

    from matplotlib import font_manager, rcParams

    candidates: list[Path] = []
    try:
        import mplfonts

        candidates.append(Path(mplfonts.__file__).parent / "fonts" / "NotoSansCJKsc-Regular.otf")
    except ImportError:
        pass
    names = {f.name for f in font_manager.fontManager.ttflist}
    for path in candidates:
        if path.exists():
            font_manager.fontManager.addfont(str(path))
            names.add(font_manager.FontProperties(fname=str(path)).get_name())
    cjk = [n for n in ("Noto Sans CJK SC", "Noto Sans CJK JP", "WenQuanYi Zen Hei",
                       "WenQuanYi Micro Hei", "SimHei", "Source Han Sans SC") if n in names]
    if cjk:
        rcParams["font.family"] = ["DejaVu Sans", *cjk]  # per-glyph fallback
    else:  # pragma: no cover - depends on the machine
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")


def _ax(ax: Any, size: tuple[float, float] = (7, 7)) -> Any:
    use_cjk_fonts()
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=size)
    return ax


#: Where the board (widgets/board.py) draws its symbols, in metres from the hex centre: three
#: small blocks of houses for a settlement, three tree crowns for a forest (M-5).
_HOUSES = ((-10, 6), (9, 7), (0, -10))
_HOUSE_HALF = (5, 4)  # half width and half height of a block, metres
_TREES = ((-10, -6), (10, -6), (0, 10))
_TREE_RADIUS = 5.5  # metres
_TREE_EDGE = "#0b3d14"
_KM_GRID_COLOUR = "#1f4e9c"


def _km_label(metres: float) -> str:
    """A grid value in kilometres mod 100, as the coordinates' digits read it: '63', '63.5'."""
    km = (metres / 1000) % 100
    text = f"{km:.2f}".rstrip("0").rstrip(".")
    return text.zfill(2) if "." not in text else text.zfill(len(text) + 2 - text.index("."))


def _hex_points(ax: Any) -> float:
    """The width of one hex (50 m) in typographic points on ``ax``, as it will be drawn."""
    ax.apply_aspect()
    (x0, x1) = ax.get_xlim()
    width_px = ax.get_window_extent().width
    return width_px / max(x1 - x0, 1e-9) * HEX_METRES * 72 / ax.figure.dpi


def _terrain_symbols(hexmap: HexMap, ax: Any, shown: list[Hex]) -> None:
    """Draw the board's settlement blocks and forest crowns (same shapes, same colours)."""
    from matplotlib.collections import PatchCollection, PolyCollection
    from matplotlib.patches import Circle

    g = hexmap.georef
    hw, hh = _HOUSE_HALF
    houses, trees = [], []
    for h in shown:
        terr = hexmap.terrain_at(h)
        if terr is Terrain.CITY:
            cx, cy = g.centre(h)
            houses += [[(cx + dx - hw, cy + dy - hh), (cx + dx + hw, cy + dy - hh),
                        (cx + dx + hw, cy + dy + hh), (cx + dx - hw, cy + dy + hh)]
                       for dx, dy in _HOUSES]
        elif terr is Terrain.FOREST:
            cx, cy = g.centre(h)
            trees += [Circle((cx + dx, cy + dy), _TREE_RADIUS) for dx, dy in _TREES]
    if houses:
        ax.add_collection(PolyCollection(houses, facecolors=TERRAIN_COLOURS["city"],
                                         edgecolors=TERRAIN_COLOURS["city"], alpha=0.8,
                                         linewidths=0.8, zorder=2))
    if trees:
        ax.add_collection(PatchCollection(trees, facecolors=TERRAIN_COLOURS["forest"],
                                          edgecolors=_TREE_EDGE, alpha=0.9, linewidths=0.8,
                                          zorder=2))


def _km_grid(hexmap: HexMap, ax: Any, shown: list[Hex], size: float) -> None:
    """Dashed 1 km grid lines (方里网) with each square's four digits where no hex is drawn."""
    import matplotlib.patheffects as pe

    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    style = {"color": _KM_GRID_COLOUR, "linestyle": (0, (6, 3)), "linewidth": 1.6, "zorder": 5}
    for e in range(int(x0 // 1000) + 1, int(x1 // 1000) + 1):
        ax.axvline(e * 1000, **style)
    for n in range(int(y0 // 1000) + 1, int(y1 // 1000) + 1):
        ax.axhline(n * 1000, **style)
    # each square's name in a corner of the axes inside that square, if no hex is there
    centres = [hexmap.georef.centre(h) for h in shown]
    per_pt = (x1 - x0) / (ax.get_window_extent().width * 72 / ax.figure.dpi)  # metres a point
    w, hgt = 2.6 * size * per_pt, 1.3 * size * per_pt  # the label's box, metres
    pad = 0.4 * size * per_pt
    for cx, cy, ha, va in ((x0 + pad, y1 - pad, "left", "top"), (x1 - pad, y1 - pad, "right",
                           "top"), (x0 + pad, y0 + pad, "left", "bottom"),
                           (x1 - pad, y0 + pad, "right", "bottom")):
        bx0 = cx if ha == "left" else cx - w
        by0 = cy - hgt if va == "top" else cy
        clear = all(not (bx0 - 26 < hx < bx0 + w + 26 and by0 - 29 < hy < by0 + hgt + 29)
                    for hx, hy in centres)
        if clear:
            name = f"{int(cy // 1000) % 100:02d}{int(cx // 1000) % 100:02d}"
            ax.text(cx, cy, name, ha=ha, va=va, fontsize=size,
                    color=_KM_GRID_COLOUR, zorder=6,
                    path_effects=[pe.withStroke(linewidth=3, foreground="white")])


def plot_map(
    hexmap: HexMap,
    ax: Any = None,
    *,
    hexes: Iterable[Hex] | None = None,
    highlight: Iterable[Hex] = (),
    highlight_colour: str = TERRAIN_COLOURS["passed"],
    labels: bool = False,
    notes: Mapping[Hex, str] | None = None,
    km_grid: bool = False,
    legend: bool = True,
) -> Any:
    """Draw the map as the board does: elevation shading, settlements, forests, water, rivers.

    The visual language is the board's (``hexrules_widgets.HexBoard``): elevation shading
    (高程着色) light (low) to dark (high), three small blocks of houses for a settlement
    (居民地), three tree crowns for a forest (丛林地), in :data:`TERRAIN_COLOURS`; water
    (面状水系) blue; rivers (线状水系) blue along hexsides; roads (道路) dark between hex
    centres (M-4…M-7). The axes read in kilometres, last two digits, as a hex's name does
    (``63.5`` is half-way between the 1 km grid lines 63 and 64).

    Parameters
    ----------
    hexmap : HexMap
    ax : matplotlib Axes, optional
    hexes : iterable of Hex, optional
        Draw only these hexes (default: all).
    highlight : iterable of Hex
        Hexes outlined in ``highlight_colour``.
    labels : bool
        Write each hex's two letters in it, sized to the hexes as drawn.
    notes : mapping of Hex to str, optional
        A short text to write in some hexes (under the letters when ``labels`` is on).
    km_grid : bool
        Draw the 1 km grid lines (方里网) dashed, and name the squares in the corners of the
        axes where no hex is drawn.
    legend : bool
        Add a legend of elevation levels (and metres) and terrain.

    Returns
    -------
    matplotlib Axes
        ``ax``, or the new axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from matplotlib.figure import Figure
    >>> from hexrules import HexMap
    >>> m = HexMap.load("training")
    >>> ax = plot_map(m, Figure().add_subplot())
    >>> ax.get_title()
    'Training ground 训练场'
    >>> ax = plot_map(HexMap.flat(4, 3), Figure().add_subplot(), labels=True, legend=False)
    >>> len(ax.texts)  # one military name per hex
    12
    >>> _km_label(4_563_500.0), _km_label(464_000.0)
    ('63.5', '64')
    """
    import matplotlib.patheffects as pe
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    ax = _ax(ax)
    g = hexmap.georef
    shown = list(hexmap.hexes() if hexes is None else (h for h in hexes if h in hexmap))
    top = int(hexmap.elevation.max())
    polys = [g.corners(h) for h in shown]
    colours = [
        TERRAIN_COLOURS["water"] if hexmap.terrain_at(h) is Terrain.WATER
        else elevation_colour(hexmap.elevation_at(h), top)
        for h in shown
    ]
    ax.add_collection(PolyCollection(polys, facecolors=colours, edgecolors="#9a9a9a",
                                     linewidths=0.5, zorder=1))
    _terrain_symbols(hexmap, ax, shown)
    shown_set = set(shown)
    rivers = [hexside_points(hexmap, *sorted(s)) for s in hexmap.rivers if set(s) <= shown_set]
    if rivers:
        ax.add_collection(LineCollection(rivers, colors=TERRAIN_COLOURS["river"], linewidths=3.5,
                                         capstyle="round", zorder=3))
    roads = [[g.centre(h) for h in sorted(s)] for s in hexmap.roads if set(s) <= shown_set]
    if roads:
        ax.add_collection(LineCollection(roads, colors=TERRAIN_COLOURS["road"], linewidths=2.2,
                                         alpha=0.85, capstyle="round", zorder=3))
    # outlined just inside the hex, so a river on its hexside still shows
    hl = [[(cx + 0.86 * (x - cx), cy + 0.86 * (y - cy)) for x, y in g.corners(h)]
          for h in highlight if h in shown_set for cx, cy in [g.centre(h)]]
    if hl:
        ax.add_collection(PolyCollection(hl, facecolors="none", edgecolors=highlight_colour,
                                         linewidths=2.8, zorder=4))
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.xaxis.set_major_locator(MaxNLocator(4, steps=[1, 2, 5, 10]))
    ax.yaxis.set_major_locator(MaxNLocator(5, steps=[1, 2, 5, 10]))
    km = FuncFormatter(lambda v, _: _km_label(v))
    ax.xaxis.set_major_formatter(km)
    ax.yaxis.set_major_formatter(km)
    ax.set_xlabel(f"{label('easting')} (km)")
    ax.set_ylabel(f"{label('northing')} (km)")
    ax.set_title(hexmap.name)
    notes = dict(notes or {})
    if labels or notes or km_grid:
        size = min(max(0.27 * _hex_points(ax), 5.0), 13.0)
        halo = [pe.withStroke(linewidth=min(2.5, 0.5 + 0.2 * size), foreground="white")]
        for h in shown:
            x, y = g.centre(h)
            note = notes.get(h)
            if labels:
                ax.text(x, y + (4 if note else 0), hexmap.name_of(h)[4:], ha="center",
                        va="center", fontsize=size, color="#222222", zorder=7,
                        path_effects=halo)
            if note:
                ax.text(x, y - (9 if labels else 0), note, ha="center", va="center",
                        fontsize=size * (0.85 if labels else 1.0), color="#b00020",
                        zorder=7, path_effects=halo)
        if km_grid:
            _km_grid(hexmap, ax, shown, max(size, 10.0))
    if legend:
        handles: list[Any] = [
            Patch(facecolor=elevation_colour(lv, top), edgecolor="#999999",
                  label=f"level {lv} ({lv * hexmap.metres_per_level:g} m)")
            for lv in range(top + 1)
        ]
        handles += [
            Line2D([], [], linestyle="none", marker="s", markersize=8,
                   color=TERRAIN_COLOURS["city"], label=Terrain.CITY.label),
            Line2D([], [], linestyle="none", marker="o", markersize=8,
                   markerfacecolor=TERRAIN_COLOURS["forest"], markeredgecolor=_TREE_EDGE,
                   label=Terrain.FOREST.label),
            Patch(facecolor=TERRAIN_COLOURS["water"], label=Terrain.WATER.label),
            Line2D([], [], color=TERRAIN_COLOURS["river"], linewidth=3.5, label=label("river")),
            Line2D([], [], color=TERRAIN_COLOURS["road"], linewidth=2.2, label=label("road")),
        ]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9,
                  title="Legend 图例", title_fontsize=9)
    localize_figure(ax.figure)
    return ax


#: The ring round the first point that blocks (yellow on black) and grazed hexsides, as on
#: the board.
FIRST_BLOCK = "#ffe119"
_GRAZE = "#c51b7d"


def plot_sight(record: SightRecord, ax: Any = None, *, hexmap: HexMap | None = None,
               margin: int = 2) -> Any:
    """Draw the map around a sight line: the line, passed hexes, grazed hexsides, end hexes.

    Only hexes within ``margin`` of a crossed hex are drawn, so short lines stay readable.
    Passed hexes are outlined (not filled), so their terrain pattern stays visible; grazed
    hexsides are drawn over the line; the first point that blocks (the one the reason
    names) is ringed. ``hexmap`` is the record's map (found from ``record.map`` when not given).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from matplotlib.figure import Figure
    >>> from hexrules import HexMap, line_of_sight
    >>> rec = line_of_sight(HexMap.load("training"), "4563AE", "4563AF")
    >>> plot_sight(rec, Figure().add_subplot()).get_title()
    '4563AE → 4563AF: Visible 通视 (L-4)'
    """
    m = record.map.resolve(hexmap)
    g = m.georef
    ax = _ax(ax)
    near = {n for c in record.crossings for n in c.hex.spiral(margin) if n in m}
    plot_map(m, ax, hexes=sorted(near), highlight=[c.hex for c in record.passed],
             legend=False)
    (x0, y0), (x1, y1) = g.centre(record.observer), g.centre(record.target)
    colour = TERRAIN_COLOURS["clear" if record.visible else "blocked"]
    ax.plot([x0, x1], [y0, y1], color="white", linewidth=5, solid_capstyle="round", zorder=3)
    ax.plot([x0, x1], [y0, y1], color=colour, linewidth=2.5, zorder=3.1)
    for gz in record.grazes:  # over the line, a thin core with its two corners, as on the board
        pts = hexside_points(m, *gz.hexes)
        ax.plot(*zip(*pts, strict=True), color=_GRAZE, linewidth=1.4, marker="o",
                markersize=3.5, markeredgecolor="white", markeredgewidth=0.6,
                solid_capstyle="butt", zorder=3.5)
    if record.blocking_points:
        p = record.blocking_points[0]
        (lx, ly), (hx, hy) = g.centre(record.lower), g.centre(record.higher)
        t = float(p.t)
        for edge, width in (("black", 3.5), (FIRST_BLOCK, 1.8)):  # a yellow ring on black
            ax.plot([lx + (hx - lx) * t], [ly + (hy - ly) * t], marker="o", markersize=12,
                    markerfacecolor="none", markeredgecolor=edge, markeredgewidth=width,
                    linestyle="none", zorder=4)
    ax.plot([x0], [y0], marker="o", color="black", markersize=8, zorder=4)
    ax.plot([x1], [y1], marker="s", color="black", markersize=8, zorder=4)
    ax.set_title(f"{record.observer_name} → {record.target_name}: {record.verdict} "
                 f"({record.case})")
    localize_figure(ax.figure)
    return ax


def plot_grazes(record: SightRecord, ax: Any = None, *, hexmap: HexMap | None = None) -> Any:
    """Draw the hexsides a sight line runs along (L-1 [decision]), each with its ruling.

    A lesson figure for the hexside rule: the hexes on both sides of every grazed hexside,
    and the line's own hexes, with their letters and their height for sight (通视高程, L-2);
    each grazed hexside (格边) as a wide orange band under the thin dashed sight line, so
    both show; the legend gives each hexside's two heights and the one it counts with.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from matplotlib.figure import Figure
    >>> from hexrules import HexMap, line_of_sight
    >>> rec = line_of_sight(HexMap.load("training"), "4563FO", "4563CT")
    >>> ax = plot_grazes(rec, Figure(figsize=(8, 6)).add_subplot())
    >>> [t.get_text() for t in ax.get_legend().get_texts()][2]
    'Hexside 格边 4563EP | 4563FP: h = 1 | 1 → counts 1'
    """
    from matplotlib.lines import Line2D

    m = record.map.resolve(hexmap)
    g = m.georef
    ax = _ax(ax, (8, 6))
    sides = {h for gz in record.grazes for h in gz.hexes if h in m}
    shown = {n for c in record.crossings for n in c.hex.spiral(1) if n in m} | sides
    notes = {h: f"h={m.effective_height(h)}" for h in sides | {c.hex for c in record.crossings}}
    plot_map(m, ax, hexes=sorted(shown), labels=True, notes=notes, legend=False)
    colour = TERRAIN_COLOURS["clear" if record.visible else "blocked"]
    (x0, y0), (x1, y1) = g.centre(record.observer), g.centre(record.target)
    handles: list[Any] = [Line2D([], [], color=colour, linewidth=1.6, linestyle=(0, (5, 2)),
                                 label=f"{label('sight_line')} ({record.verdict})"),
                      Line2D([], [], linestyle="none", marker="$h$", color="#b00020",
                             label=f"h = {label('effective_height').lower()} (L-2)")]
    for gz in record.grazes:
        (ax_, ay), (bx, by) = hexside_points(m, *gz.hexes)
        ax.plot([ax_, bx], [ay, by], color=TERRAIN_COLOURS["graze"], linewidth=9,
                solid_capstyle="butt", alpha=0.9, zorder=8)
        heights = " | ".join("off the map" if h is None else str(h) for h in gz.heights)
        counts = "no obstacle" if gz.height is None else f"counts {gz.height}"
        handles.append(Line2D([], [], color=TERRAIN_COLOURS["graze"], linewidth=6,
                              label=f"{label('hexside')} {gz.names[0]} | {gz.names[1]}: "
                                    f"h = {heights} → {counts}"))
    ax.plot([x0, x1], [y0, y1], color=colour, linewidth=1.6, linestyle=(0, (5, 2)), zorder=9)
    ax.plot([x0], [y0], marker="o", color="black", markersize=9, zorder=9)
    ax.plot([x1], [y1], marker="s", color="black", markersize=9, zorder=9)
    ax.set_title(f"{record.observer_name} → {record.target_name}: {label('hexside')} "
                 f"(L-1) — {record.verdict}")
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, -0.12), fontsize=10,
              frameon=False)
    localize_figure(ax.figure)
    return ax


def figure_png(draw: Callable[..., Any], **kwargs: Any) -> bytes:
    """Render ``draw(ax)`` on a fresh Agg figure and return PNG bytes (for ``_repr_png_``).

    ``draw`` is called as ``draw(ax=ax, **kwargs)``; a ``figsize`` keyword sizes the figure.

    Examples
    --------
    >>> from hexrules import HexMap
    >>> png = figure_png(HexMap.flat(4, 3).plot, figsize=(3, 3), legend=False)
    >>> png[1:4], len(png) > 1000
    (b'PNG', True)
    """
    from matplotlib.figure import Figure

    use_cjk_fonts()
    fig = Figure(figsize=kwargs.pop("figsize", (7, 6)))
    ax = fig.add_subplot()
    draw(ax=ax, **kwargs)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight", dpi=90)
    return buf.getvalue()
