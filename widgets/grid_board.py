"""The clickable square-grid board: an SVG of a grid of squares (the Prokhorovka variant's
map, :mod:`hexrules.grid`), with shades, lines and marks over it.

The board is thin: it draws the colours, hover texts, shades, lines and marks it is given and
turns a click on a square into ``(col, row)`` for its callbacks; which colour a square has,
what a mark shows and what a click means are the caller's (the variant player's). Every
square is an SVG ``rect`` with the classes ``hexrules-square hexrules-square-C-R`` (browser
tests click them by name); a click on a mark is a click on its square. The JavaScript
(``grid_board.js``) and the style (``play.css``) are in their own files.

Examples
--------
>>> b = SquareBoard(4, 3, cells=["#fff"] * 12)
>>> got = []
>>> b.on_square_click(lambda c, r: got.append((c, r)))
>>> b.click(2, 1)
>>> got
[(2, 1)]
>>> b.set_marks([{"col": 0, "row": 0, "text": "T", "fill": "#c0392b"}])
>>> b.marks[0]["text"]
'T'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

import anywidget
import traitlets

from hexrules.errors import RulesError

__all__ = ["SquareBoard"]


class SquareBoard(anywidget.AnyWidget):
    """A ``cols`` × ``rows`` board of ``cell``-pixel squares (see the module docstring).

    Parameters
    ----------
    cols, rows : int
        The grid's size.
    cells : sequence of str, optional
        One CSS colour a square, row by row from the north-west corner.
    tips : sequence of str, optional
        One hover text a square (shown in the line above the board).
    cell : int
        Pixels a square.
    height : str
        The CSS height of the scrolling box (the board scrolls inside it).
    """

    _esm = resources.files("hexrules_widgets") / "grid_board.js"
    cols = traitlets.Int(1).tag(sync=True)
    rows = traitlets.Int(1).tag(sync=True)
    cell = traitlets.Int(9).tag(sync=True)
    cells = traitlets.List(traitlets.Unicode()).tag(sync=True)
    tips = traitlets.List(traitlets.Unicode()).tag(sync=True)
    shade = traitlets.List(traitlets.Dict()).tag(sync=True)
    lines = traitlets.List(traitlets.Dict()).tag(sync=True)
    marks = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(self, cols: int, rows: int, *, cells: Sequence[str] = (),
                 tips: Sequence[str] = (), cell: int = 9, height: str = "560px") -> None:
        if cols < 1 or rows < 1:
            raise RulesError(f"a square board needs at least 1 × 1 squares, got {cols} × {rows}")
        super().__init__(cols=cols, rows=rows, cell=cell, cells=list(cells), tips=list(tips))
        self.layout.height = height
        self.layout.overflow = "auto"
        self.add_class("hexrules-square-board")
        self._callbacks: list[Callable[[int, int], Any]] = []
        self.on_msg(self._message)

    def _message(self, _w: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if content.get("event") == "click":
            self.click(int(content["col"]), int(content["row"]))

    def on_square_click(self, callback: Callable[[int, int], Any]) -> None:
        """Call ``callback(col, row)`` when a square is clicked."""
        self._callbacks.append(callback)

    def click(self, col: int, row: int) -> None:
        """A click on square ``(col, row)`` (the browser's, or from Python: tests, lessons);
        off-board clicks are ignored."""
        if 0 <= col < self.cols and 0 <= row < self.rows:
            for cb in list(self._callbacks):
                cb(col, row)

    def set_cells(self, cells: Sequence[str], tips: Sequence[str] = ()) -> None:
        """Replace the squares' colours (and hover texts)."""
        n = self.cols * self.rows
        if len(cells) != n:
            raise RulesError(f"{len(cells)} colours for {n} squares")
        self.cells = list(cells)
        if tips:
            self.tips = list(tips)

    def set_shade(self, shade: Iterable[Mapping[str, Any]]) -> None:
        """Shade squares: ``{col, row, fill, opacity, cls}`` each."""
        self.shade = [dict(s) for s in shade]

    def set_lines(self, lines: Iterable[Mapping[str, Any]]) -> None:
        """Lines through square centres: ``{points: [[col, row], ...], stroke, width, dash}``."""
        self.lines = [dict(x) for x in lines]

    def set_marks(self, marks: Iterable[Mapping[str, Any]]) -> None:
        """Marks on squares: ``{col, row, text, fill, stroke, shape, facing, cls, title}``."""
        self.marks = [dict(m) for m in marks]
