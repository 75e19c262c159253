"""The review's plots with matplotlib (imported lazily): the kill timeline, expected against
actual damage per turn, each side's sight over time, the win probability, and board
snapshots; in the style of :mod:`hexrules.render.plots` (its CJK fonts, the board's
colours).

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from hexrules.players import RandomPlayer, play
>>> from hexrules.review import Review
>>> r = Review.build(play("duel", {"red": RandomPlayer(seed=1), "blue": RandomPlayer(seed=2)},
...                       seed=3).state, computer=False)
>>> ax = plot_kills(r); ax = plot_damage(r); ax = plot_sight(r)
>>> png_of(plot_damage, r)[1:4]
b'PNG'
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from hexrules.render.plots import _ax, plot_map, use_cjk_fonts
from hexrules.units import Side

if TYPE_CHECKING:  # pragma: no cover
    from hexrules.review.core import Review

__all__ = ["SIDE_COLOURS", "plot_board", "plot_damage", "plot_kills", "plot_sight",
           "plot_win", "png_of"]

#: The sides' colours, as the board's counters.
SIDE_COLOURS = {Side.RED: "#c62828", Side.BLUE: "#1f4e9c"}


def _turn_axis(ax: Any, r: Review) -> None:
    starts = [e.index for e in r.events if e.kind == "turn"]
    for k in starts[1:]:
        ax.axvline(k, color="#cccccc", lw=0.8, zorder=0)
    ax.set_xlim(0, max(1, len(r) - 1))
    ax.set_xlabel("record 记录 (grey lines: a new turn 回合)")


def plot_kills(r: Review, ax: Any = None) -> Any:
    """Kill timeline 击毁时间线: each kill and damage at its record, by the side that dealt
    it, with the running count of kills."""
    ax = _ax(ax, (7, 2.6))
    for side in Side:
        ks = sorted(e.index for e in r.events if e.kind in ("kill", "first_kill")
                    and e.side is side)
        xs, ys = [0], [0]
        for n, k in enumerate(ks, 1):
            xs += [k, k]
            ys += [n - 1, n]
        xs.append(len(r) - 1)
        ys.append(len(ks))
        ax.plot(xs, ys, color=SIDE_COLOURS[side], lw=2, label=f"kills by {side.label}")
        for e in r.events:
            if e.side is side and e.kind in ("kill", "first_kill", "damage"):
                y = sum(1 for k in ks if k <= e.index)
                ax.plot(e.index, y, "X" if e.kind != "damage" else "o",
                        color=SIDE_COLOURS[side], ms=8 if e.kind != "damage" else 5)
                ax.annotate(",".join(e.units), (e.index, y), xytext=(3, 4),
                            textcoords="offset points", fontsize=8)
    _turn_axis(ax, r)
    ax.set_ylabel("units destroyed")
    ax.set_title("Kill timeline 击毁时间线 (× kill, ● weapon lost / immobilised)")
    ax.legend(fontsize=8, loc="upper left")
    return ax


def plot_damage(r: Review, ax: Any = None) -> Any:
    """Expected 期望 against actual 实际 damage dealt per turn, by side (bars)."""
    ax = _ax(ax, (7, 2.8))
    data = r.per_turn()
    turns = sorted(next(iter(data.values())))
    w = 0.2
    for j, side in enumerate(Side):
        row = data[side.value]
        off = (j - 0.5) * 2 * w
        ax.bar([t + off - w / 2 for t in turns], [row[t][0] for t in turns], w,
               color=SIDE_COLOURS[side], alpha=0.35, label=f"{side.label} expected 期望")
        ax.bar([t + off + w / 2 for t in turns], [row[t][1] for t in turns], w,
               color=SIDE_COLOURS[side], label=f"{side.label} actual 实际")
    ax.set_xticks(turns)
    ax.set_xlabel("turn 回合")
    ax.set_ylabel("damage dealt (unit values)")
    ax.set_title("Expected against actual damage per turn 期望与实际毁伤")
    ax.legend(fontsize=7, ncol=2)
    return ax


def plot_sight(r: Review, ax: Any = None) -> Any:
    """How many enemy units each side's units saw 通视, after every record."""
    ax = _ax(ax, (7, 2.4))
    xs = [k for k, _, _ in r.sight]
    for j, side in enumerate(Side):
        ax.step(xs, [row[1 + j] for row in r.sight], where="post", color=SIDE_COLOURS[side],
                lw=1.8, label=f"{side.label} sees")
    _turn_axis(ax, r)
    ax.set_ylabel("enemy units seen")
    ax.set_title("Each side's sight over time 各方通视")
    ax.legend(fontsize=8)
    return ax


def plot_win(r: Review, ax: Any = None) -> Any:
    """The estimated win probability of each side with its 95 % interval, and the turning
    points shaded."""
    ax = _ax(ax, (7, 2.6))
    if not r.win:
        ax.text(0.5, 0.5, "no estimate yet: review.with_win_probability()",
                ha="center", va="center", transform=ax.transAxes)
        return ax
    xs = [w.index for w in r.win]
    for side in Side:
        ps = [w.p(side) for w in r.win]
        lo = [w.interval(side)[0] for w in r.win]
        hi = [w.interval(side)[1] for w in r.win]
        ax.plot(xs, ps, "o-", color=SIDE_COLOURS[side], label=f"P({side.label} wins)")
        ax.fill_between(xs, lo, hi, color=SIDE_COLOURS[side], alpha=0.12)
    for t in r.turning:
        ax.axvspan(t.start, t.end, color="#f5c542", alpha=0.3)
    _turn_axis(ax, r)
    ax.set_ylim(0, 1)
    ax.set_title(f"Win probability 胜率 ({r.win[0].games} games a state; yellow: turning "
                 f"points 转折点)")
    ax.legend(fontsize=8)
    return ax


def _ground(r: Review, margin: int = 3) -> list[Any]:
    """The hexes within ``margin`` of any hex a unit stood in during the game."""
    hit = r.__dict__.get("_ground")
    if hit is None:
        m = r.states[0].hexmap
        stood = {u.hex for s in r.states for u in (*s.units, *s.losses)}
        hit = [h for h in m if any(h.distance(x) <= margin for x in stood)]
        r.__dict__["_ground"] = hit
    return hit


def plot_board(r: Review, k: int, side: Side | str | None = None, ax: Any = None) -> Any:
    """The board after record ``k`` as ``side`` knew it (``None``: the full picture): the
    ground the game was fought over, with each unit's id written in its hex."""
    ax = _ax(ax, (6, 5))
    s = r.state_at(k)
    units = s.units if side is None else s.view(side).units
    notes: dict[Any, str] = {}
    for u in units:
        notes[u.hex] = (notes.get(u.hex, "") + " " + u.id).strip()
    plot_map(s.hexmap, ax, hexes=_ground(r), notes=notes, legend=False,
             highlight=[u.hex for u in units])
    who = "full picture 全局" if side is None else f"{Side.parse(side).label} view"
    ax.set_title(f"after record #{k}, turn {s.turn} — {who}", fontsize=9)
    return ax


def png_of(draw: Any, *args: Any, figsize: tuple[float, float] = (7, 2.8)) -> bytes:
    """PNG bytes of ``draw(*args, ax=ax)`` on a fresh Agg figure (for the HTML report)."""
    from matplotlib.figure import Figure

    use_cjk_fonts()
    fig = Figure(figsize=figsize)
    ax = fig.add_subplot()
    draw(*args, ax=ax)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight", dpi=80)
    return buf.getvalue()
