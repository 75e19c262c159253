"""Drawing a Prokhorovka board (matplotlib, imported lazily): :func:`plot_board`.

The ground is coloured (forest green, plain pale, hills tan), features drawn over it (the
road grey, the barn brown, houses red, haystacks gold), trenches as dark marks, and the
units as squares (vehicles) or circles (squads), German grey-blue and Soviet red, a cross
for one wiped out. With ``side`` only that side's units and the enemies it sees are drawn
(the fog of war of :func:`~hexrules.variants.prokhorovka.view.view`).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from hexrules.variants.prokhorovka import load_scenario, new_state
>>> ax = plot_board(new_state(load_scenario("cut")), side="german", window=(0, 20, 59, 40))
>>> [float(x) for x in ax.get_xlim()], [float(y) for y in ax.get_ylim()]
([-0.5, 59.5], [40.5, 19.5])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from hexrules.variants.prokhorovka.data import FEATURES
from hexrules.variants.prokhorovka.scenario import Scenario
from hexrules.variants.prokhorovka.state import PState
from hexrules.variants.prokhorovka.view import view

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = ["plot_board"]

_GROUND = np.array([[0.45, 0.62, 0.40], [0.93, 0.92, 0.80], [0.80, 0.70, 0.52]])
_FEATURE = {"road": (0.55, 0.55, 0.55), "barn": (0.55, 0.35, 0.20),
            "house": (0.80, 0.25, 0.20), "haystack": (0.90, 0.75, 0.20)}
_SIDE = {"german": "#4a5d7a", "soviet": "#c0392b"}


def plot_board(what: PState | Scenario, *, side: str | None = None, ax: Axes | None = None,
               window: tuple[int, int, int, int] | None = None, labels: bool = True) -> Axes:
    """Draw a state's (or a scenario's starting) board and units; the axes.

    ``window`` = (first column, first row, last column, last row) draws a part of the map.
    """
    import matplotlib.pyplot as plt

    from hexrules.variants.prokhorovka.engine import new_state

    s = what if isinstance(what, PState) else new_state(what)
    b = s.board
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 7))
    img = _GROUND[b.ground].copy()
    for k, name in enumerate(FEATURES, 1):
        img[b.feature == k] = _FEATURE[name]
    ax.imshow(img, origin="upper", interpolation="nearest")
    rows, cols = np.nonzero(b.trench)
    ax.scatter(cols, rows, marker="s", s=4, color="#222222", label="trench 战壕")
    if side is None:
        units = [u for u in s.units if u.square is not None]
    else:
        v = view(s, side)
        seen = {x.id for x in v.seen}
        units = [u for u in s.units if u.square is not None
                 and (u.side == side or u.id in seen)]
    for u in units:
        x, y = u.square.col, u.square.row
        marker = "o" if u.is_squad else "s"
        if not u.alive:
            ax.scatter([x], [y], marker="x", s=40, color=_SIDE[u.side])
            continue
        ax.scatter([x], [y], marker=marker, s=60, color=_SIDE[u.side], edgecolor="white",
                   linewidth=0.8, zorder=3)
        if labels:
            ax.annotate(u.id, (x, y), xytext=(3, 3), textcoords="offset points", fontsize=7,
                        color=_SIDE[u.side], zorder=4)
    c0, r0, c1, r1 = window if window is not None else (0, 0, b.width - 1, b.height - 1)
    ax.set_xlim(c0 - 0.5, c1 + 0.5)
    ax.set_ylim(r1 + 0.5, r0 - 0.5)
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    who = "" if side is None else f", as the {side} side sees it"
    ax.set_title(f"{s.scenario.title}: turn {s.turn}, {s.phase}{who}", fontsize=9)
    return ax


