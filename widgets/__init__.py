"""Jupyter widgets for hexrules: the clickable hex board, the sight-line explorer, the map editor.

Thin over :mod:`hexrules`: every rule is decided by the library; the widgets draw records.

>>> from hexrules_widgets import SightExplorer, HexBoard      # doctest: +SKIP
"""

from hexrules_widgets.board import BASE_LEVELS, OVERLAY_LEVELS, HexBoard
from hexrules_widgets.editor import MapEditorPanel
from hexrules_widgets.explorer import SightExplorer
from hexrules_widgets.inspector import HexInspector
from hexrules_widgets.reveal import Reveal

__all__ = ["BASE_LEVELS", "OVERLAY_LEVELS", "HexBoard", "HexInspector", "MapEditorPanel",
           "Reveal", "SightExplorer"]
