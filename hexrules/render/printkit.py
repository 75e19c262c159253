"""A print-and-play kit from any map: the board at true scale on A3 sheets, a counter sheet,
blank observation-measurement charts and a reference card (matplotlib's PDF backend).

* **Board** (``board.pdf``): at 1:2500 by default, so one 50 m hex measures 20 mm across its
  flats; a 100 mm bar on every sheet checks the printer's scale (print at 100 %, "actual
  size"). A map larger than one sheet is tiled over several, each overlapping its
  neighbours by 15 mm; dashed lines with ✚ marks show where the next sheet's edge lies, and
  the footer names the sheet, its row and column and its neighbours. Every hex carries its
  military coordinate (M-2) and its elevation level (M-4).
* **Counters** (``counters.pdf``, :mod:`hexrules.render.sheets`): unit counters of each unit
  type of the table set (C-1), impact markers (C-2) and status markers (C-3), 16 mm, labelled
  through :func:`hexrules.glossary.label`.
* **Chart** (``chart.pdf``): blank observation-measurement charts (观察测量表, L-5).
* **Reference** (``reference.pdf``): the F-3, F-4 and F-6 tables of the loaded table set
  (:func:`~hexrules.tables.load_tables`, so an instructor's own tables print too) and the
  turn sequence (T-1…T-5).

One call: :func:`print_kit`; one command: ``hexrules-printkit MAP FOLDER``.

Examples
--------
>>> import tempfile
>>> from hexrules import HexMap
>>> m = HexMap.load("training")
>>> [(t.row, t.col, len(t.hexes)) for t in board_tiles(m)][:2]
[(0, 0, 135), (0, 1, 210)]
>>> with tempfile.TemporaryDirectory() as tmp:
...     kit = print_kit(HexMap.flat(10, 8, name="tiny"), tmp)
>>> kit.pages
{'board': 1, 'counters': 1, 'chart': 1, 'reference': 1}
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexrules.errors import RulesError
from hexrules.map.coords import HEX_METRES
from hexrules.map.hexgrid import Hex
from hexrules.map.hexmap import HexMap
from hexrules.map.terrain import Terrain

__all__ = ["PAPER", "BoardTile", "PrintKit", "board_pdf", "board_tiles", "main", "print_kit"]

#: Paper sizes in mm, portrait (width, height).
PAPER = {"A3": (297.0, 420.0), "A4": (210.0, 297.0)}
MARGIN = 10.0  # mm around the printed area
FOOTER = 14.0  # mm under the map for the sheet's name and the scale bar
OVERLAP = 15.0  # mm shared by neighbouring sheets
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class BoardTile:
    """One sheet of the board: its place in the grid of sheets, the ground it shows (metres
    of the map's CRS), the paper size and the hexes whose centres it holds."""

    row: int
    col: int
    rows: int
    cols: int
    x0: float
    y0: float
    x1: float
    y1: float
    paper: tuple[float, float]
    hexes: tuple[Hex, ...]

    @property
    def number(self) -> int:
        """The sheet's number, 1-based, row by row from the north-west."""
        return self.row * self.cols + self.col + 1


def _extent(hexmap: HexMap) -> tuple[float, float, float, float]:
    g = hexmap.georef
    corners = [g.corners(h) for h in (hexmap.parse((0, 0)), hexmap.parse((0, 1)),
                                      hexmap.parse((hexmap.cols - 1, 0)),
                                      hexmap.parse((hexmap.cols - 1, hexmap.rows - 1)),
                                      hexmap.parse((hexmap.cols - 1, min(1, hexmap.rows - 1))),
                                      hexmap.parse((0, hexmap.rows - 1)))]
    xs = [x for c in corners for x, _ in c]
    ys = [y for c in corners for _, y in c]
    return min(xs), min(ys), max(xs), max(ys)


def _count(size_mm: float, area_mm: float) -> int:
    return 1 if size_mm <= area_mm else math.ceil((size_mm - OVERLAP) / (area_mm - OVERLAP))


def board_tiles(hexmap: HexMap, *, scale: int = 2500, paper: str = "A3") -> list[BoardTile]:
    """The sheets of the board at ``1:scale`` on ``paper``, in the orientation that needs the
    fewest sheets.

    Raises
    ------
    ValueError
        For an unknown paper size (the message lists the known ones) or a scale below 1.
    """
    if paper not in PAPER:
        raise RulesError(f"paper must be one of {', '.join(map(repr, PAPER))}, got {paper!r}")
    if not (isinstance(scale, int) and scale >= 1):
        raise RulesError(f"scale must be a whole number >= 1 (1:scale), got {scale!r}")
    mm = 1000.0 / scale  # paper mm per ground metre
    x0, y0, x1, y1 = _extent(hexmap)
    w, h = (x1 - x0) * mm, (y1 - y0) * mm
    best = None
    for pw, ph in (PAPER[paper], PAPER[paper][::-1]):
        aw, ah = pw - 2 * MARGIN, ph - 2 * MARGIN - FOOTER
        nx, ny = _count(w, aw), _count(h, ah)
        if best is None or nx * ny < best[0]:
            best = (nx * ny, nx, ny, pw, ph, aw, ah)
    _, nx, ny, pw, ph, aw, ah = best
    step_x, step_y = (aw - OVERLAP) / mm, (ah - OVERLAP) / mm
    # centre the map on the grid of sheets
    ox = x0 - ((aw / mm + (nx - 1) * step_x) - (x1 - x0)) / 2
    oy = y1 + ((ah / mm + (ny - 1) * step_y) - (y1 - y0)) / 2
    g = hexmap.georef
    centres = [(h, *g.centre(h)) for h in hexmap.hexes()]
    tiles = []
    for r in range(ny):
        for c in range(nx):
            tx0, ty1 = ox + c * step_x, oy - r * step_y
            tx1, ty0 = tx0 + aw / mm, ty1 - ah / mm
            inside = tuple(hx for hx, x, y in centres if tx0 <= x <= tx1 and ty0 <= y <= ty1)
            tiles.append(BoardTile(r, c, ny, nx, tx0, ty0, tx1, ty1, (pw, ph), inside))
    return tiles


def _figure(paper: tuple[float, float]) -> Any:
    from matplotlib.figure import Figure

    from hexrules.render.plots import use_cjk_fonts

    use_cjk_fonts()
    return Figure(figsize=(paper[0] / MM_PER_INCH, paper[1] / MM_PER_INCH))


def _axes_mm(fig: Any, paper: tuple[float, float], left: float, bottom: float, width: float,
             height: float) -> Any:
    """Axes at exact paper millimetres (from the bottom-left corner)."""
    pw, ph = paper
    return fig.add_axes((left / pw, bottom / ph, width / pw, height / ph))


def _draw_tile(fig: Any, hexmap: HexMap, tile: BoardTile, scale: int) -> None:
    from hexrules.render.plots import plot_map

    pw, ph = tile.paper
    aw = (tile.x1 - tile.x0) * 1000 / scale
    ah = (tile.y1 - tile.y0) * 1000 / scale
    ax = _axes_mm(fig, tile.paper, MARGIN, MARGIN + FOOTER, aw, ah)
    g = hexmap.georef
    pad = 2 * HEX_METRES
    near = [h for h in hexmap.hexes() if tile.x0 - pad <= g.centre(h)[0] <= tile.x1 + pad
            and tile.y0 - pad <= g.centre(h)[1] <= tile.y1 + pad]
    plot_map(hexmap, ax, hexes=near, legend=False)
    ax.set_xlim(tile.x0, tile.x1)
    ax.set_ylim(tile.y0, tile.y1)
    ax.set_aspect("auto")
    ax.set_axis_off()
    ax.set_title("")
    hex_mm = HEX_METRES * 1000 / scale
    size = max(3.0, min(6.0, hex_mm * 0.26))  # points
    top = int(hexmap.elevation.max())
    for h in tile.hexes:
        x, y = g.centre(h)
        level = hexmap.elevation_at(h)
        dark = top > 0 and level / top > 0.55 and hexmap.terrain_at(h) is not Terrain.WATER
        ax.text(x, y + HEX_METRES * 0.12, hexmap.name_of(h), ha="center", va="center",
                fontsize=size, color="white" if dark else "#222222")
        ax.text(x, y - HEX_METRES * 0.22, str(level), ha="center", va="center",
                fontsize=size * 0.8, color="#eeeeee" if dark else "#555555")
    # where the neighbouring sheets begin: dashed lines and registration marks
    over = OVERLAP * scale / 1000
    marks = []
    if tile.col + 1 < tile.cols:
        marks.append(("v", tile.x1 - over))
    if tile.col > 0:
        marks.append(("v", tile.x0 + over))
    if tile.row + 1 < tile.rows:
        marks.append(("h", tile.y0 + over))
    if tile.row > 0:
        marks.append(("h", tile.y1 - over))
    for kind, at in marks:
        if kind == "v":
            ax.plot([at, at], [tile.y0, tile.y1], ls=(0, (4, 3)), lw=0.6, color="#d62728")
            pts = [(at, tile.y0 + f * (tile.y1 - tile.y0)) for f in (0.1, 0.5, 0.9)]
        else:
            ax.plot([tile.x0, tile.x1], [at, at], ls=(0, (4, 3)), lw=0.6, color="#d62728")
            pts = [(tile.x0 + f * (tile.x1 - tile.x0), at) for f in (0.1, 0.5, 0.9)]
        for x, y in pts:
            ax.plot([x], [y], marker="P", markersize=7, color="#d62728",
                    markeredgecolor="white", markeredgewidth=0.5)
    # crop marks at the printed area's corners
    fa = _axes_mm(fig, tile.paper, 0, 0, pw, ph)
    fa.set_xlim(0, pw)
    fa.set_ylim(0, ph)
    fa.set_axis_off()
    fa.patch.set_alpha(0)
    lo_x, lo_y, hi_x, hi_y = MARGIN, MARGIN + FOOTER, MARGIN + aw, MARGIN + FOOTER + ah
    for x, y, dx, dy in ((lo_x, lo_y, -1, -1), (hi_x, lo_y, 1, -1), (lo_x, hi_y, -1, 1),
                         (hi_x, hi_y, 1, 1)):
        fa.plot([x, x + 6 * dx], [y, y], lw=0.4, color="k")
        fa.plot([x, x], [y, y + 6 * dy], lw=0.4, color="k")
    _footer(fa, hexmap, tile, scale)


def _footer(fa: Any, hexmap: HexMap, tile: BoardTile, scale: int) -> None:
    y = MARGIN + FOOTER / 2
    neighbours = []
    for dr, dc, word in ((-1, 0, "north"), (1, 0, "south"), (0, -1, "west"), (0, 1, "east")):
        r, c = tile.row + dr, tile.col + dc
        if 0 <= r < tile.rows and 0 <= c < tile.cols:
            neighbours.append(f"{word} {r * tile.cols + c + 1}")
    fa.text(MARGIN, y + 2.5, f"{hexmap.name} — sheet {tile.number} of {tile.rows * tile.cols} "
            f"(row {tile.row + 1}, column {tile.col + 1}) 第{tile.number}张", fontsize=8,
            va="center")
    fa.text(MARGIN, y - 2.5, ("overlap 15 mm 重叠; next sheets: " + ", ".join(neighbours))
            if neighbours else "one sheet", fontsize=6.5, va="center", color="#555555")
    bar_x = tile.paper[0] - MARGIN - 100
    fa.plot([bar_x, bar_x + 100], [y, y], lw=1.2, color="k")
    for k in range(0, 101, 20):
        fa.plot([bar_x + k, bar_x + k], [y - 1, y + 1], lw=0.6, color="k")
    fa.text(bar_x + 50, y + 2.6, f"1:{scale} — 100 mm = {scale / 10:g} m; one hex 50 m = "
            f"{HEX_METRES * 1000 / scale:g} mm (print at 100 %)", ha="center", fontsize=6.5)
    fa.text(bar_x + 50, y - 3, "elevation level under each coordinate 高程等级", ha="center",
            fontsize=6, color="#555555")


def board_pdf(hexmap: HexMap, path: str | Path, *, scale: int = 2500,
              paper: str = "A3") -> list[BoardTile]:
    """Write the board as a PDF, one page per sheet; returns the sheets.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     tiles = board_pdf(HexMap.flat(10, 8, name="tiny"), Path(tmp) / "b.pdf")
    >>> len(tiles), tiles[0].paper
    (1, (297.0, 420.0))
    """
    from matplotlib.backends.backend_pdf import PdfPages

    tiles = board_tiles(hexmap, scale=scale, paper=paper)
    with _pdf_fonts(), PdfPages(path, metadata={"Title": f"{hexmap.name} — board",
                                                "Creator": "hexrules print kit"}) as pdf:
        for tile in tiles:
            fig = _figure(tile.paper)
            _draw_tile(fig, hexmap, tile, scale)
            pdf.savefig(fig)
    return tiles


def _pdf_fonts() -> Any:
    """TrueType (Type 42) fonts in the PDF: searchable text, real glyphs for the CJK labels.

    The CJK fallback font is set up first, so that leaving the context keeps it.
    """
    import matplotlib

    from hexrules.render.plots import use_cjk_fonts

    use_cjk_fonts()
    return matplotlib.rc_context({"pdf.fonttype": 42})


@dataclass(frozen=True)
class PrintKit:
    """What :func:`print_kit` wrote: a path and a page count per sheet kind."""

    paths: dict[str, Path]
    pages: dict[str, int]
    tiles: tuple[BoardTile, ...]


def print_kit(hexmap: HexMap | str | Path, folder: str | Path, *, tables: Any = None,
              scale: int = 2500, paper: str = "A3", units_per_side: int = 12) -> PrintKit:
    """Write the four PDFs of the kit into ``folder`` (created if missing).

    Parameters
    ----------
    hexmap : HexMap, map name or path
    folder : str or Path
    tables : TableSet or folder, optional
        The rule tables for the reference card and the unit types (default: the loaded
        default set).
    scale : int
        The board's scale ``1:scale`` (2500: a hex is 20 mm).
    paper : {"A3", "A4"}
        The board's paper; the other sheets are A4.
    units_per_side : int
        Unit counters per side and unit type.
    """
    from hexrules.render import sheets
    from hexrules.tables import TableSet, load_tables

    m = hexmap if isinstance(hexmap, HexMap) else HexMap.load(hexmap)
    ts = tables if isinstance(tables, TableSet) else load_tables(tables)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = {k: out / f"{k}.pdf" for k in ("board", "counters", "chart", "reference")}
    tiles = board_pdf(m, paths["board"], scale=scale, paper=paper)
    with _pdf_fonts():
        pages = {"board": len(tiles),
                 "counters": sheets.counters_pdf(paths["counters"], ts, per_side=units_per_side),
                 "chart": sheets.chart_pdf(paths["chart"]),
                 "reference": sheets.reference_pdf(paths["reference"], ts)}
    return PrintKit(paths, pages, tuple(tiles))


def main(argv: Sequence[str] | None = None) -> int:
    """``hexrules-printkit MAP FOLDER``: write the print-and-play kit of a map."""
    p = argparse.ArgumentParser(prog="hexrules-printkit", description=(
        "Write a map's print-and-play kit: board.pdf (true scale, tiled A3 sheets), "
        "counters.pdf, chart.pdf (observation-measurement charts), reference.pdf (F-3, F-4, "
        "F-6, the turn sequence)."))
    p.add_argument("map", help="a map name in maps/ (e.g. training, jacksboro) or a path")
    p.add_argument("folder", help="where to write the PDFs")
    p.add_argument("--tables", help="a folder of rule tables (default: the library's)")
    p.add_argument("--scale", type=int, default=2500, help="the board's scale 1:N (2500)")
    p.add_argument("--paper", choices=sorted(PAPER), default="A3")
    args = p.parse_args(argv)
    from hexrules.errors import RulesError

    try:
        kit = print_kit(args.map, args.folder, tables=args.tables, scale=args.scale,
                        paper=args.paper)
    except (RulesError, ValueError) as exc:
        print(f"hexrules-printkit: error: {exc}")
        return 2
    for kind, path in kit.paths.items():
        print(f"{path}  {kit.pages[kind]} page{'s' if kit.pages[kind] != 1 else ''}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
