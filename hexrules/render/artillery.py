"""Drawing artillery with matplotlib (imported lazily): odds heat maps and one gun's fire.

Nothing here decides a rule: :func:`plot_odds_map` colours hexes by probabilities computed
by :mod:`hexrules.artillery.odds`, :func:`plot_gun` draws the fields of a
:class:`~hexrules.artillery.record.GunRecord`. Both draw the map with
:func:`hexrules.render.plots.plot_map` underneath.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from matplotlib.figure import Figure
>>> from hexrules import HexMap, ScriptedDice, impact_distribution
>>> from hexrules.artillery import FirePlan, adjudicate_gun
>>> m = HexMap.load("training")
>>> odds = impact_distribution(m, m.parse("4563OP"))
>>> plot_odds_map(m, odds.hexes, Figure().add_subplot(), target=odds.target).get_title()
'Training ground 训练场'
>>> rec = adjudicate_gun(m, FirePlan("red", "155", m.parse("4563OP"), called=1), 1, [],
...                      dice=ScriptedDice([1, 3, 2, 2]))
>>> plot_gun(rec, Figure().add_subplot()).get_title()
'Gun 火炮 1: 4563OP → 4563OR'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from hexrules.errors import RulesError
from hexrules.glossary import label
from hexrules.language import localize_figure
from hexrules.map.hexgrid import Hex
from hexrules.render.plots import TERRAIN_COLOURS, _ax, plot_map

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.artillery.record import GunRecord
    from hexrules.map.hexmap import HexMap
    from hexrules.units import Unit

__all__ = ["RING_COLOURS", "plot_gun", "plot_odds_map"]

#: Colours of the rings of a gun's zone (A-5): impact hex, adjacent hexes, hexes two away.
RING_COLOURS = ("#b2182b", "#ef8a62", "#fddbc7")


def plot_odds_map(
    hexmap: HexMap,
    odds: Mapping[Hex, object],
    ax: Any = None,
    *,
    target: Hex | None = None,
    units: Iterable[Unit] = (),
    cmap: str = "Reds",
    vmax: float | None = None,
    scale: str = "linear",
    colorbar: str = "probability 概率",
    hexes: Iterable[Hex] | None = None,
) -> Any:
    """Draw the map with each hex of ``odds`` coloured by its probability (a heat map).

    Parameters
    ----------
    hexmap : HexMap
    odds : mapping of Hex to a probability
        Fractions or floats, e.g. ``impact_distribution(...).hexes`` or ``attack_odds(...)``.
    ax : matplotlib Axes, optional
    target : Hex, optional
        Marked with a black ring (the planned hex).
    units : iterable of Unit
        Drawn as their ids, red or blue.
    cmap : str
        A matplotlib colour map.
    vmax : float, optional
        The probability of the darkest colour (default: the largest in ``odds``).
    scale : {'linear', 'sqrt'}
        ``'sqrt'`` spreads the small probabilities (a square-root colour scale), so a drift
        pattern shows beside a likely planned hex.
    colorbar : str
        The colour bar's label ('' for none).
    hexes : iterable of Hex, optional
        Draw only these hexes of the map (default: all).

    Returns
    -------
    matplotlib Axes
    """
    from matplotlib import colormaps
    from matplotlib.collections import PolyCollection
    from matplotlib.colors import Normalize, PowerNorm

    ax = _ax(ax)
    plot_map(hexmap, ax, hexes=hexes, legend=False)
    g = hexmap.georef
    shown = None if hexes is None else set(hexes)
    items = [(h, float(p)) for h, p in odds.items()  # type: ignore[arg-type]
             if h in hexmap and float(p) > 0 and (shown is None or h in shown)]
    top = vmax if vmax is not None else max((p for _, p in items), default=1.0)
    if scale not in ("linear", "sqrt"):
        raise RulesError(f"scale must be 'linear' or 'sqrt', got {scale!r}")
    norm = (Normalize if scale == "linear" else lambda a, b: PowerNorm(0.5, a, b))(
        0.0, top or 1.0)
    colours = colormaps[cmap]
    if items:
        ax.add_collection(PolyCollection(
            [g.corners(h) for h, _ in items], facecolors=[colours(norm(p)) for _, p in items],
            edgecolors="none", alpha=0.85))
    if target is not None:
        ax.add_collection(PolyCollection([g.corners(target)], facecolors="none",
                                         edgecolors="black", linewidths=2.5))
    _draw_units(hexmap, ax, units)
    if colorbar:
        from matplotlib.cm import ScalarMappable

        ax.figure.colorbar(ScalarMappable(norm=norm, cmap=colours), ax=ax, shrink=0.7,
                           label=colorbar)
    localize_figure(ax.figure)
    return ax


def _draw_units(hexmap: HexMap, ax: Any, units: Iterable[Unit]) -> None:
    for u in units:
        if u.hex in hexmap:
            x, y = hexmap.georef.centre(u.hex)
            ax.text(x, y, u.id, ha="center", va="center", fontsize=7,
                    color="white", bbox={"boxstyle": "round,pad=0.2", "linewidth": 0,
                                         "facecolor": "#c62828" if u.side.value == "red"
                                         else "#1565c0"})


def plot_gun(record: GunRecord, ax: Any = None, *, hexmap: HexMap | None = None,
             margin: int = 2, units: Iterable[Unit] = ()) -> Any:
    """Draw one gun's fire: the planned hex, the drift path, the impact hex and its zone.

    Attacked hexes are coloured by ring (:data:`RING_COLOURS`); hexes of rings 1–2 left out
    (settlement and forest stop splinters, A-5) are hatched grey. ``hexmap`` is the record's
    map (found from ``record.map`` when not given); ``units`` are drawn by id (by default the
    units the gun attacked).
    """
    from matplotlib.collections import PolyCollection

    m = record.map.resolve(hexmap)
    g = m.georef
    ax = _ax(ax)
    target = record.plan.target
    seeds = [target, *record.path]
    near = sorted({n for h in seeds for n in h.spiral(2 + margin) if n in m})
    plot_map(m, ax, hexes=near, legend=False)
    for ring in range(3):
        polys = [g.corners(z.hex) for z in record.zone if z.attacked and z.ring == ring]
        if polys:
            ax.add_collection(PolyCollection(polys, facecolors=RING_COLOURS[ring],
                                             edgecolors="none", alpha=0.75))
    out = [g.corners(z.hex) for z in record.zone if not z.attacked]
    if out:
        ax.add_collection(PolyCollection(out, facecolors="#bdbdbd", edgecolors="#616161",
                                         hatch="//", alpha=0.6, linewidths=0.5))
    ax.add_collection(PolyCollection([g.corners(target)], facecolors="none",
                                     edgecolors="black", linewidths=2.5))
    if len(record.path) > 1:
        pts = [g.centre(h) for h in record.path]
        ax.plot(*zip(*pts, strict=True), color=TERRAIN_COLOURS["line"], linewidth=2,
                marker="o", markersize=3)
        ax.annotate("", xy=pts[-1], xytext=pts[-2],
                    arrowprops={"arrowstyle": "-|>", "color": TERRAIN_COLOURS["line"]})
    if record.landed:
        x, y = g.centre(record.impact)  # type: ignore[arg-type]
        ax.plot([x], [y], marker="X", color="black", markersize=11)
    shown = list(units) or [s.unit_after for s in record.strikes]
    _draw_units(m, ax, shown)
    ax.autoscale_view()
    name = m.name_of(target)
    if record.cancelled:
        where = label("fire_cancelled")
    elif record.lost:
        where = label("fire_lost")
    else:
        where = m.name_of(record.impact)  # type: ignore[arg-type]
    ax.set_title(f"{label('gun')} {record.number}: {name} → {where}")
    localize_figure(ax.figure)
    return ax
