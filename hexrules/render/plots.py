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
>>> ax = plot_chart(rec)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

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
    "CHART_LINE_LABEL",
    "CHART_X_LABEL",
    "CHART_Y_LABEL",
    "plot_chart",
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


def plot_map(
    hexmap: HexMap,
    ax: Any = None,
    *,
    hexes: Iterable[Hex] | None = None,
    highlight: Iterable[Hex] = (),
    highlight_colour: str = TERRAIN_COLOURS["passed"],
    labels: bool = False,
    legend: bool = True,
) -> Any:
    """Draw the map: elevation shading, city/forest patterns, water, rivers, roads (M-4…M-7).

    Parameters
    ----------
    hexmap : HexMap
    ax : matplotlib Axes, optional
    hexes : iterable of Hex, optional
        Draw only these hexes (default: all).
    highlight : iterable of Hex
        Hexes outlined in ``highlight_colour``.
    labels : bool
        Write each hex's military name in it.
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
    """
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.patches import Patch
    from matplotlib.ticker import MaxNLocator

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
    ax.add_collection(PolyCollection(polys, facecolors=colours, edgecolors="#999999",
                                     linewidths=0.4))
    for terr, hatch in ((Terrain.CITY, "xx"), (Terrain.FOREST, "oo")):
        sel = [p for p, h in zip(polys, shown, strict=True) if hexmap.terrain_at(h) is terr]
        if sel:
            colour = TERRAIN_COLOURS["city" if terr is Terrain.CITY else "forest"]
            ax.add_collection(PolyCollection(sel, facecolors="none", edgecolors=colour,
                                             hatch=hatch, linewidths=0.0))
    shown_set = set(shown)
    rivers = [hexside_points(hexmap, *sorted(s)) for s in hexmap.rivers if set(s) <= shown_set]
    if rivers:
        ax.add_collection(LineCollection(rivers, colors=TERRAIN_COLOURS["river"], linewidths=2.5))
    roads = [[g.centre(h) for h in sorted(s)] for s in hexmap.roads if set(s) <= shown_set]
    if roads:
        ax.add_collection(LineCollection(roads, colors=TERRAIN_COLOURS["road"], linewidths=1.6))
    hl = [g.corners(h) for h in highlight if h in shown_set]
    if hl:
        ax.add_collection(PolyCollection(hl, facecolors="none", edgecolors=highlight_colour,
                                         linewidths=2.0))
    if labels:
        for h in shown:
            x, y = g.centre(h)
            ax.text(x, y, hexmap.name_of(h)[4:], ha="center", va="center", fontsize=5,
                    color="#333333")
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.ticklabel_format(useOffset=False, style="plain")
    ax.xaxis.set_major_locator(MaxNLocator(4))
    ax.yaxis.set_major_locator(MaxNLocator(5))
    ax.set_xlabel("easting (m) 东坐标")
    ax.set_ylabel("northing (m) 北坐标")
    ax.set_title(hexmap.name)
    if legend:
        handles = [
            Patch(facecolor=elevation_colour(lv, top), edgecolor="#999999",
                  label=f"level {lv} ({lv * hexmap.metres_per_level:g} m)")
            for lv in range(top + 1)
        ]
        handles += [
            Patch(facecolor="white", edgecolor=TERRAIN_COLOURS["city"], hatch="xx",
                  label=Terrain.CITY.label),
            Patch(facecolor="white", edgecolor=TERRAIN_COLOURS["forest"], hatch="oo",
                  label=Terrain.FOREST.label),
            Patch(facecolor=TERRAIN_COLOURS["water"], label=Terrain.WATER.label),
            Patch(facecolor=TERRAIN_COLOURS["river"], label="River 线状水系"),
            Patch(facecolor=TERRAIN_COLOURS["road"], label="Road 道路"),
        ]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=7)
    return ax


#: The ring round the first point that blocks, and grazed hexsides (as on the board).
_FIRST_BLOCK = "#ffe119"
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
        for edge, width in (("black", 3.5), (_FIRST_BLOCK, 1.8)):  # a yellow ring on black
            ax.plot([lx + (hx - lx) * t], [ly + (hy - ly) * t], marker="o", markersize=12,
                    markerfacecolor="none", markeredgecolor=edge, markeredgewidth=width,
                    linestyle="none", zorder=4)
    ax.plot([x0], [y0], marker="o", color="black", markersize=8, zorder=4)
    ax.plot([x1], [y1], marker="s", color="black", markersize=8, zorder=4)
    ax.set_title(f"{record.observer_name} → {record.target_name}: {record.verdict} "
                 f"({record.case})")
    return ax


#: The chart's words, from the rulebook (docs/rules.md, L-5).
CHART_LINE_LABEL = "chart line 判定直线"
CHART_X_LABEL = "distance along the sight line 观察线上的距离 (hex widths, 1 = 50 m)"
CHART_Y_LABEL = "elevation change value\n高程变化值 (levels)"


def plot_chart(record: SightRecord, ax: Any = None, *, compact: bool = False,
               fontsize: float | None = None) -> Any:
    """Draw the observation-measurement chart (观察测量表, L-5).

    The lower unit sits at the origin; the profile of (effective) heights along the line is
    shaded; each chart point (first entry into a level above the lower unit's) is a dot, green
    when on or below the chart line (判定直线), red when above, and the first above it (the
    one the reason names) is ringed in yellow on black; the higher unit's point (its level + 1) is a
    star, joined to the origin by the chart line. Both ends are named (observer 观察单位 or
    target 目标) and the horizontal axis ends at the higher unit, its distance along the sight
    line marked; the range the verdict gives is counted in hexes (M-1), so a slanting line of
    range 10 is shorter than 10 hex widths. The vertical axis is the elevation change value
    (高程变化值).

    ``compact=True`` draws the same chart faster for interactive widgets: no title or legend
    (the widget shows them as HTML), at most six ticks per axis, and only the points above the
    line are named. ``fontsize`` is the base font size in points (default: matplotlib's).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from matplotlib.figure import Figure
    >>> from hexrules import HexMap, line_of_sight
    >>> rec = line_of_sight(HexMap.load("training"), "4563KC", "4564GD")
    >>> plot_chart(rec, Figure().add_subplot()).get_title()
    'Observation-measurement chart 观察测量表 — Blocked 不通视 (L-5)'
    >>> ax = plot_chart(rec, Figure().add_subplot(), compact=True)
    >>> ax.get_title(), ax.get_ylabel()
    ('', 'elevation change value\\n高程变化值 (levels)')
    >>> bool(ax.get_xlim()[1] >= rec.length)
    True
    """
    from matplotlib import rcParams
    from matplotlib.ticker import MaxNLocator

    ax = _ax(ax, (6, 3.5))
    base = float(fontsize or rcParams["font.size"])
    length, top = record.chart_top
    h0 = record.lower_level
    # the height profile seen from the lower unit, as steps
    xs, ys = [0.0], [0]
    for st in record.profile_steps:
        xs += [st.distance, st.distance]
        ys += [st.height_from - h0, st.height_to - h0]
    xs.append(length)
    ys.append(ys[-1])
    floor = min(0, min(ys)) - 0.5
    ax.fill_between(xs, ys, floor, color="#d9c9a8", alpha=0.8,
                    label="profile 剖面 (effective height 有效高程)")
    ax.plot([0, length], [0, top], color="#333333", linewidth=1.5, label=CHART_LINE_LABEL)
    ax.plot([0], [0], marker="o", color="black", markersize=8, linestyle="none",
            label="lower unit 低高程单位")
    ax.plot([length], [top], marker="*", color="black", markersize=14, linestyle="none",
            label="higher unit +1 高高程单位+1")
    for clear in (True, False):
        pts = [p for p in record.chart_points if p.clear is clear]
        if pts:
            ax.plot([p.distance for p in pts], [p.rise for p in pts], marker="o", markersize=8,
                    linestyle="none", color=TERRAIN_COLOURS["clear" if clear else "blocked"],
                    label="change point 高程变化点, " + ("below or on the line" if clear
                                                    else "above the line"))
    first = record.blocking_points[0] if record.blocking_points else None
    if first is not None:  # a yellow ring (on black) round it, as on the board
        ax.plot([first.distance], [first.rise], marker="o", markersize=17, linestyle="none",
                markerfacecolor="none", markeredgecolor="black", markeredgewidth=3.5, zorder=3)
        ax.plot([first.distance], [first.rise], marker="o", markersize=17, linestyle="none",
                markerfacecolor="none", markeredgecolor=_FIRST_BLOCK, markeredgewidth=1.8,
                label="first that blocks 首个遮挡点", zorder=3.1)
    for p in record.chart_points:
        if not compact or not p.clear:
            ax.annotate(p.where, (p.distance, p.rise), textcoords="offset points",
                        xytext=(7, 6), fontsize=base - 0.5,
                        color="#000000" if p is first else "#333333")
    ymax = max([top, *ys]) + 0.9
    ax.set_xlim(-0.25, length + max(0.35, length * 0.03))
    ax.set_ylim(floor, ymax)
    ax.grid(True, alpha=0.3)
    ax.tick_params(labelsize=base - 0.5)
    # the axis ends at the higher unit; both ends are named under it: which unit is the
    # observer (观察单位), which the target (目标), and the range counted in hexes (M-1)
    names = {record.observer: ("observer 观察单位", record.observer_name),
             record.target: ("target 目标", record.target_name)}
    ax.xaxis.set_major_locator(MaxNLocator(6 if compact else 8))
    # inner ticks clear of the two end labels (the last is right-aligned on the higher unit)
    inner = [t for t in ax.get_xticks() if 0.6 <= t <= length - max(0.6, 0.16 * length)]
    low_role, low_name = names[record.lower]
    high_role, high_name = names[record.higher]
    ax.set_xticks([0.0, *inner, length])
    labels = ax.set_xticklabels(
        [f"0\n{low_name} {low_role}", *(f"{t:g}" for t in inner),
         f"{length:.2f}\n{high_name} {high_role}"])
    labels[0].set_horizontalalignment("left")
    labels[-1].set_horizontalalignment("right")
    ax.set_xlim(-0.25, length + max(0.35, length * 0.03))
    # top left, where the chart is empty (the line rises from the origin to the right)
    ax.text(0.012, 0.975, f"range 距离 {record.distance} hexes (M-1), {length:.2f} along the line",
            transform=ax.transAxes, va="top", ha="left", fontsize=base - 1, color="#333333")
    ax.yaxis.set_major_locator(MaxNLocator(6, integer=True))
    ax.set_xlabel(CHART_X_LABEL, fontsize=base)
    ax.set_ylabel(CHART_Y_LABEL, fontsize=base - (1 if compact else 0))
    if compact:
        return ax
    ax.set_title(f"Observation-measurement chart 观察测量表 — {record.verdict} ({record.case})",
                 fontsize=base + 1)
    # beside the chart, where it hides no point (and not the range note at the top left)
    ax.legend(fontsize=base - 2.5, loc="upper left", bbox_to_anchor=(1.01, 1.0))
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
