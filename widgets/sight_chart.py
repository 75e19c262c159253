"""The sight-line explorer's chart (观察测量表) as a PNG: its size for the screen, one reused
figure, and a cache of the last charts drawn.

:class:`ChartPainter` draws a :class:`~hexrules.sight.SightRecord`'s chart with
:meth:`SightRecord.plot_chart <hexrules.sight.SightRecord.plot_chart>` on an Agg figure it
keeps (only the record's artists are replaced, so the axes' ticks and labels are not rebuilt on
every click, about 30 % faster), or the placeholder shown before a target is chosen.
:func:`chart_size` is the chart's size for an explorer of a given size (the side panel is as
wide as the chart, and on a wider screen the chart and its text grow).

Examples
--------
>>> from hexrules import HexMap, line_of_sight
>>> m = HexMap.load("training")
>>> p = ChartPainter()
>>> png = p.cached(line_of_sight(m, m.parse("4563BB"), m.parse("4563BF")), CHART_SIZES[False],
...                large=False)
>>> png[:4] == b"\\x89PNG" and len(p.charts) == 1
True
"""

from __future__ import annotations

import io
from typing import Any

from hexrules.map.hexgrid import Hex
from hexrules.sight.exact import SightRecord

__all__ = ["CHART_SIZES", "ChartPainter", "chart_size"]

#: Chart image (width, height) in pixels and its base font size in points (at 100 dpi), for
#: the normal and the large mode, until the explorer knows the screen (:func:`chart_size`).
CHART_SIZES: dict[bool, tuple[int, int, float]] = {
    False: (580, 330, 10.5),
    True: (640, 352, 12.5),
}
_CHART_DPI = 100
#: share of the explorer's width the chart may take, and its largest width, per mode
_CHART_SHARE = {False: (0.40, 820), True: (0.50, 980)}
_VERDICT_PX = {False: 215, True: 265}  # room kept above the chart for the verdict
_CACHED = 32  # charts kept, so prepared pairs redraw at once


def chart_size(large: bool, main_w: float, main_h: float) -> tuple[int, int, float]:
    """(width, height, font) of the chart for an explorer of ``main_w`` × ``main_h`` px.

    >>> chart_size(False, 1280, 720)
    (580, 330, 10.5)
    """
    w0, h0, font0 = CHART_SIZES[large]
    share, widest = _CHART_SHARE[large]
    tallest = (main_h - _VERDICT_PX[large]) * w0 / h0  # keep the verdict above it
    w = int(max(w0, min(widest, share * main_w, tallest)) // 10 * 10)
    return w, round(w * h0 / w0), round(font0 * min(1.3, w / w0), 1)


class ChartPainter:
    """Draws charts as PNG bytes on one kept figure, and keeps the last few."""

    def __init__(self) -> None:
        self.fig: Any = None
        self.ax: Any = None
        self.charts: dict[tuple[Hex, Hex, bool], bytes] = {}

    def reset(self) -> None:
        """Forget the figure and the charts (new size, language or ground)."""
        self.fig = None
        self.ax = None
        self.charts.clear()

    def cached(self, rec: SightRecord, size: tuple[int, int, float], large: bool) -> bytes:
        """The chart PNG of ``rec``, from the cache when it was drawn lately."""
        key = (rec.observer, rec.target, large)
        png = self.charts.pop(key, None)
        if png is None:
            png = self.png(rec, size, large)
        self.charts[key] = png
        while len(self.charts) > _CACHED:
            self.charts.pop(next(iter(self.charts)))
        return png

    def png(self, rec: SightRecord | None, size: tuple[int, int, float], large: bool) -> bytes:
        """Draw the chart of ``rec`` (``None``: the placeholder) at ``size`` (width, height,
        font) as PNG bytes."""
        from matplotlib.figure import Figure

        from hexrules.render.plots import use_cjk_fonts

        use_cjk_fonts()
        width, height, font = size
        if self.fig is None:
            self.fig = Figure(figsize=(width / _CHART_DPI, height / _CHART_DPI),
                              dpi=_CHART_DPI)
        fig = self.fig
        if rec is None or self.ax is None:
            fig.clear()
            self.ax = None
        if rec is None:
            ax = fig.add_subplot()
            ax.set_axis_off()
            ax.text(0.5, 0.5, "Observation-measurement chart 观察测量表\n"
                    "appears when a target is chosen", ha="center", va="center",
                    fontsize=font + 1, color="#666666", transform=ax.transAxes)
        else:
            ax = self.ax
            if ax is None:
                ax = self.ax = fig.add_subplot()
                fig.subplots_adjust(left=0.115 if large else 0.105, right=0.975,
                                    top=0.965, bottom=0.215 if large else 0.2)
            for artist in [*ax.lines, *ax.collections, *ax.texts]:
                artist.remove()
            # the legend is the HTML caption below
            rec.plot_chart(ax=ax, compact=True, fontsize=font)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=_CHART_DPI, pil_kwargs={"compress_level": 1})
        return buf.getvalue()
