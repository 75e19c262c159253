"""The observation-measurement chart (观察测量表, L-5) of a sight record, with matplotlib.

Nothing here decides a rule: :func:`plot_chart` draws the fields of a
:class:`~hexrules.sight.SightRecord` (its profile, chart points and chart line). Imported
lazily, like :mod:`hexrules.render.plots`.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from hexrules import HexMap, line_of_sight
>>> rec = line_of_sight(HexMap.load("training"), "4563BB", "4563HK")
>>> ax = plot_chart(rec)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexrules.language import localize_figure
from hexrules.render.plots import FIRST_BLOCK, TERRAIN_COLOURS, _ax

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.sight import SightRecord

__all__ = ["CHART_LINE_LABEL", "CHART_X_LABEL", "CHART_Y_LABEL", "plot_chart"]


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
                    label="profile 剖面 (effective height 通视高程)")
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
                markerfacecolor="none", markeredgecolor=FIRST_BLOCK, markeredgewidth=1.8,
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
        localize_figure(ax.figure)
        return ax
    ax.set_title(f"Observation-measurement chart 观察测量表 — {record.verdict} ({record.case})",
                 fontsize=base + 1)
    # beside the chart, where it hides no point (and not the range note at the top left)
    ax.legend(fontsize=base - 2.5, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    localize_figure(ax.figure)
    return ax
