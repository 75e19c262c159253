"""Jupyter widgets for hexrules: the clickable hex board and the sight-line explorer.

Thin over :mod:`hexrules`: every rule is decided by the library; the widgets draw records.

>>> from widgets import SightExplorer, HexBoard      # doctest: +SKIP
"""

from widgets.board import OVERLAY_LEVELS, HexBoard
from widgets.explorer import SightExplorer

__all__ = ["OVERLAY_LEVELS", "HexBoard", "SightExplorer"]
