"""The print kit's A4 sheets: counters (C-1…C-3), blank observation-measurement charts
(观察测量表, L-5) and the reference card (F-3, F-4, F-6 and the turn sequence T-1…T-5).

Every label comes from the glossary (:func:`hexrules.glossary.label`) or the table set, so
an instructor's own tables print their own values. :func:`hexrules.render.printkit.print_kit`
writes all of them.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> from hexrules import load_tables
>>> with tempfile.TemporaryDirectory() as tmp:
...     counters_pdf(Path(tmp) / "c.pdf", load_tables()), chart_pdf(Path(tmp) / "o.pdf")
(1, 1)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexrules.glossary import label, term

__all__ = ["MARKERS", "TURN", "chart_pdf", "counter_labels", "counters_pdf", "reference_pdf"]

A4 = (210.0, 297.0)
COUNTER = 16.0  # mm: fits a 20 mm hex (1:2500)
GAP = 2.5
SIDES = {"red": "#c62828", "blue": "#1565c0"}

#: Status markers (C-3) and how many of each the sheet holds: glossary key → copies.
MARKERS = {"fired": 12, "fired_upon": 12, "moved": 12, "march": 8, "suppressed": 12,
           "weapon_lost": 8, "immobilised": 8, "destroyed": 6}
_MARKER_COLOURS = {"fired": "#fff3c4", "fired_upon": "#ffe0b2", "moved": "#dcedc8",
                   "march": "#c8e6c9", "suppressed": "#ffcdd2", "weapon_lost": "#e1bee7",
                   "immobilised": "#d7ccc8", "destroyed": "#9e9e9e"}
#: The impact marker (C-2): one per artillery piece's fire.
IMPACT = ("Impact", "弹着", 8)

#: The turn sequence (docs/rules.md §8): rule ID, English, Chinese, what happens.
TURN = (
    ("T-1", "Preparation", "回合准备阶段",
     "remove Fired, Fired upon, Moved, March; card effects due now (E-3)"),
    ("T-2", "Direct-fire phase", "直瞄射击阶段",
     "d6: odd red, even blue first; sides alternate: one fire (single or concentrated) or "
     "pass; ends after two passes in a row"),
    ("T-3", "Movement phase", "机动阶段",
     "new d6 for the first side; alternate one unit's move or pass; opportunity, covering, "
     "moving, short-halt fire within a move (V-6…V-9)"),
    ("T-4", "Random-event phase", "随机事件阶段",
     "each side draws a card (§7); remove impact markers and all Suppressed markers; "
     "artillery arriving this turn (A-1…A-8)"),
    ("T-5", term("close_combat").en, term("close_combat").zh,
     "hexes holding both sides (V-10); the turn ends only when none is left (or a stalemate)"),
)


def _zh(key: str) -> str:
    return term(key).zh


def _en(key: str) -> str:
    return term(key).en


def _figure(paper: tuple[float, float] = A4) -> Any:
    from hexrules.render.printkit import _figure as fig

    return fig(paper)


def _page_axes(fig: Any, paper: tuple[float, float] = A4) -> Any:
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, paper[0])
    ax.set_ylim(0, paper[1])
    ax.set_axis_off()
    return ax


def counter_labels(tables: Any, per_side: int = 12) -> list[tuple[str, ...]]:
    """Every counter of the sheet as text: ``("unit", side, id, type label, movement)``,
    ``("marker", key, English, Chinese)`` or ``("impact", English, Chinese)``.

    >>> from hexrules import load_tables
    >>> labels = counter_labels(load_tables(), per_side=2)
    >>> labels[0], labels[4][:3]
    (('unit', 'red', 'R1', 'Tank 坦克', '5'), ('marker', 'fired', 'Fired'))
    """
    out: list[tuple[str, ...]] = []
    for side in SIDES:
        for t in tables.units.types.values():
            for k in range(per_side):
                uid = f"{side[0].upper()}{k + 1}"
                if len(tables.units.types) > 1:
                    uid = f"{uid}{t.id[0]}"
                out.append(("unit", side, uid, f"{t.name} {t.name_zh}", str(t.movement)))
    for key, copies in MARKERS.items():
        out += [("marker", key, _en(key), _zh(key))] * copies
    out += [("impact", IMPACT[0], IMPACT[1])] * IMPACT[2]
    return out


def _counter(ax: Any, x: float, y: float, item: tuple[str, ...]) -> None:
    from matplotlib.patches import Ellipse, Rectangle

    s = COUNTER
    kind = item[0]
    if kind == "unit":
        _, side, uid, type_label, movement = item
        ax.add_patch(Rectangle((x, y), s, s, facecolor=SIDES[side], edgecolor="k", lw=0.4))
        ax.add_patch(Rectangle((x + 4, y + 7.5), 8, 5, facecolor="none", edgecolor="white",
                               lw=0.6))
        ax.add_patch(Ellipse((x + 8, y + 10), 6, 3, facecolor="none", edgecolor="white",
                             lw=0.6))  # the armour symbol
        ax.text(x + 1.2, y + s - 1.2, uid, color="white", fontsize=6, fontweight="bold",
                ha="left", va="top")
        ax.text(x + s / 2, y + 4.6, type_label, color="white", fontsize=3.6, ha="center",
                va="center")
        ax.text(x + s - 1.2, y + 1.5, movement, color="white", fontsize=5, ha="right",
                va="bottom")
        return
    if kind == "marker":
        _, key, en, zh = item
        colour = _MARKER_COLOURS.get(key, "#eeeeee")
    else:
        _, en, zh = item
        colour = "#fff59d"
    ax.add_patch(Rectangle((x, y), s, s, facecolor=colour, edgecolor="k", lw=0.4))
    if kind == "impact":
        ax.plot([x + 3, x + s - 3], [y + s / 2 + 1.5] * 2, color="k", lw=0.5)
        ax.plot([x + s / 2] * 2, [y + 4.5, y + s - 1.5], color="k", lw=0.5)
    ax.text(x + s / 2, y + s * 0.64, en, fontsize=4.2 if len(en) < 10 else 3.6, ha="center",
            va="center")
    ax.text(x + s / 2, y + s * 0.3, zh, fontsize=5.5, ha="center", va="center")


def counters_pdf(path: str | Path, tables: Any, *, per_side: int = 12) -> int:
    """Write the counter sheet(s); returns the number of pages."""
    from matplotlib.backends.backend_pdf import PdfPages

    items = counter_labels(tables, per_side)
    pitch = COUNTER + GAP
    cols = int((A4[0] - 20 + GAP) // pitch)
    rows = int((A4[1] - 40 + GAP) // pitch)
    per_page = cols * rows
    pages = max(1, -(-len(items) // per_page))
    with PdfPages(path, metadata={"Title": "hexrules counters", "Creator": "hexrules"}) as pdf:
        for p in range(pages):
            fig = _figure()
            ax = _page_axes(fig)
            ax.text(10, A4[1] - 12, f"{label('unit')} (C-1), {label('status_markers')} (C-3) "
                    f"and impact markers 弹着标识算子 (C-2)", fontsize=10, va="center")
            ax.text(10, A4[1] - 18, f"{COUNTER:g} mm counters for a 20 mm hex (board at 1:2500)"
                    f"; cut along the lines. Page {p + 1} of {pages}", fontsize=7,
                    va="center", color="#555555")
            left = (A4[0] - (cols * pitch - GAP)) / 2
            top = A4[1] - 26
            for k, item in enumerate(items[p * per_page:(p + 1) * per_page]):
                r, c = divmod(k, cols)
                _counter(ax, left + c * pitch, top - (r + 1) * pitch + GAP, item)
            pdf.savefig(fig)
    return pages


def _chart(ax: Any, x: float, y: float, w: float, h: float, distances: int = 20,
           levels: int = 10) -> None:
    """One blank chart with its header and change-point table, in page millimetres."""
    from matplotlib.patches import Rectangle

    ax.text(x, y + h - 3, f"{label('chart')} (L-5)", fontsize=10, va="center")
    fields = (f"{label('observer')} ________ {_en('elevation_level')} __    "
              f"{label('target')} ________ {_en('elevation_level')} __    range 距离 ____")
    ax.text(x, y + h - 9, fields, fontsize=7, va="center")
    gx, gy, gw, gh = x + 12, y + 30, w - 16, h - 48
    ax.add_patch(Rectangle((gx, gy), gw, gh, facecolor="none", edgecolor="k", lw=0.6))
    for k in range(2 * distances + 1):
        xx = gx + gw * k / (2 * distances)
        ax.plot([xx, xx], [gy, gy + gh], lw=0.5 if k % 2 == 0 else 0.2, color="#888888")
        if k % 2 == 0:
            ax.text(xx, gy - 2.5, str(k // 2), fontsize=5.5, ha="center", va="center")
    for k in range(levels + 1):
        yy = gy + gh * k / levels
        ax.plot([gx, gx + gw], [yy, yy], lw=0.5, color="#888888")
        ax.text(gx - 2, yy, str(k), fontsize=5.5, ha="right", va="center")
    ax.text(gx + gw / 2, gy - 6.5, "distance from the lower unit along the sight line, hexes "
            "(1 = 50 m) 距离", fontsize=6.5, ha="center", va="center")
    ax.text(x + 3, gy + gh / 2, f"{label('change_value')}, levels above the lower unit",
            fontsize=6.5, rotation=90, ha="center", va="center")
    steps = ("1. The lower unit at the origin.  2. Each level climbed: a change point at its "
             "first entry (L-2 heights).  3. The higher unit at (its distance, its level + 1 − "
             "the lower unit's).",
             "4. Draw the line from the origin to the higher unit: every change point below or "
             f"on it → {label('visible')}; any above → {label('blocked')}.")
    ax.text(x, y + 17, steps[0], fontsize=5.6, va="center")
    ax.text(x, y + 13, steps[1], fontsize=5.6, va="center")
    ax.text(x, y + 6, f"{label('change_point')}:  distance ____ level ____ | ____ ____ | "
            "____ ____ | ____ ____ | ____ ____ | ____ ____", fontsize=6.5, va="center")


def chart_pdf(path: str | Path, *, per_page: int = 2) -> int:
    """Write a page of blank observation-measurement charts; returns 1."""
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(path, metadata={"Title": "hexrules observation-measurement chart",
                                  "Creator": "hexrules"}) as pdf:
        fig = _figure()
        ax = _page_axes(fig)
        h = (A4[1] - 20) / per_page
        for k in range(per_page):
            _chart(ax, 12, A4[1] - 10 - (k + 1) * h + 4, A4[0] - 24, h - 8)
        pdf.savefig(fig)
    return 1


def _table(ax: Any, x: float, y: float, cells: list[list[str]], widths: list[float],
           row_h: float = 4.4, fontsize: float = 6.0, header_rows: int = 1) -> float:
    """Draw a grid of text cells from (x, y) downwards; returns the y below it."""
    from matplotlib.patches import Rectangle

    for r, row in enumerate(cells):
        cx = x
        for c, text in enumerate(row):
            shade = "#e8e8e8" if r < header_rows or c == 0 else "white"
            ax.add_patch(Rectangle((cx, y - (r + 1) * row_h), widths[c], row_h,
                                   facecolor=shade, edgecolor="#777777", lw=0.3))
            ax.text(cx + widths[c] / 2, y - (r + 0.5) * row_h, text, fontsize=fontsize,
                    ha="center", va="center")
            cx += widths[c]
    return y - len(cells) * row_h


def _band(b: Any) -> str:
    return str(b.start) if b.start == b.stop else f"{b.start}–{b.stop}"


def reference_cells(tables: Any) -> dict[str, list[list[str]]]:
    """The F-3, F-4 and F-6 tables of a table set as rows of text cells.

    >>> from hexrules import load_tables
    >>> cells = reference_cells(load_tables())
    >>> cells["F-3"]
    [['range 距离 (hexes)', '1–8', '9–30', '31–40', '41–50'], ['attack level 攻击等级', '10', '9', \
'8', '7']]
    >>> cells["F-6"][1][:4]  # 2d6 sum 2: level 1, 2, 3
    ['2', 'W', 'W', 'W']
    """
    a = tables.attack_level
    f3 = [["range 距离 (hexes)", *(_band(b) for b in a.bands)],
          ["attack level 攻击等级", *(str(v) for v in a.levels)]]
    hc = tables.height_correction
    f4 = [["Δlevel 高度差 \\ range", *(_band(b) for b in hc.columns)]]
    f4 += [[str(d + 1), *(str(-v) if v else "0" for v in row)] for d, row in enumerate(hc.rows)]
    cr = tables.combat_results
    f6 = [["2d6 \\ level", *(str(v) for v in cr.levels)]]
    f6 += [[str(s), *(r.code for r in cr.rows[s])] for s in sorted(cr.rows)]
    return {"F-3": f3, "F-4": f4, "F-6": f6}


def reference_pdf(path: str | Path, tables: Any) -> int:
    """Write the reference card (one A4 page); returns 1."""
    from matplotlib.backends.backend_pdf import PdfPages

    cells = reference_cells(tables)
    metas = {m.rule: m for m in tables.metas}
    src = "the library's tables" if tables.is_default else f"tables from {tables.folder}"
    with PdfPages(path, metadata={"Title": "hexrules reference card",
                                  "Creator": "hexrules"}) as pdf:
        fig = _figure()
        ax = _page_axes(fig)
        ax.text(12, A4[1] - 12, "Reference card 参考卡", fontsize=12, va="center")
        ax.text(12, A4[1] - 18, f"{src}; rule IDs from docs/rules.md", fontsize=6.5,
                va="center", color="#555555")
        y = A4[1] - 26
        for rule in ("F-3", "F-4", "F-6"):
            meta = metas.get(rule)
            title = f"{rule} {meta.title} {meta.title_zh} [{meta.status}]" if meta else rule
            ax.text(12, y, title, fontsize=8, va="center", fontweight="bold")
            rows = cells[rule]
            first = 34.0 if rule != "F-6" else 16.0
            width = (A4[0] - 24 - first) / (len(rows[0]) - 1)
            y = _table(ax, 12, y - 3, rows, [first] + [width] * (len(rows[0]) - 1)) - 3
            if rule == "F-4":
                ax.text(12, y, "subtract from the F-3 level; beyond the last column: 0",
                        fontsize=5.8, va="center", color="#555555")
                y -= 5
            if rule == "F-6":
                used = {r for row in tables.combat_results.rows.values() for r in row}
                codes = " · ".join(f"{r.code} {r.label}" for r in type(next(iter(used)))
                                   if r in used)
                ax.text(12, y, codes, fontsize=5.8, va="center", color="#555555")
                y -= 7
        ax.text(12, y, "The turn 回合流程 (§8)", fontsize=8, va="center", fontweight="bold")
        y -= 3
        for rid, en, zh, what in TURN:
            y -= 5.5
            ax.text(12, y, f"{rid} {en} {zh}", fontsize=6.8, va="center", fontweight="bold")
            ax.text(62, y, what, fontsize=5.8, va="center", wrap=True)
        pdf.savefig(fig)
    return 1
