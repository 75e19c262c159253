"""Jupyter widgets for hexrules: the board, the sight explorer, the map editor, the play widgets.

Play (issue 12): unit counters and overlays (:mod:`~hexrules_widgets.units`), the fire
adjudication stepper, the artillery drift stepper, the threat map and the scenario player
(:mod:`~hexrules_widgets.player`: a shipped scenario, hot seat or against the computer) and
the scenario editor (:mod:`~hexrules_widgets.scenario_editor`, issue 16).

Thin over :mod:`hexrules`: every rule is decided by the library; the widgets draw records.

>>> from hexrules_widgets import SightExplorer, HexBoard      # doctest: +SKIP
"""

from hexrules_widgets.board import BASE_LEVELS, OVERLAY_LEVELS, HexBoard
from hexrules_widgets.drift_stepper import DriftStepper
from hexrules_widgets.editor import MapEditorPanel
from hexrules_widgets.explorer import SightExplorer
from hexrules_widgets.fire_stepper import FireStepper
from hexrules_widgets.inspector import HexInspector
from hexrules_widgets.player import ScenarioPlayer
from hexrules_widgets.reveal import Reveal
from hexrules_widgets.scenario_editor import ScenarioEditorPanel
from hexrules_widgets.threat import ThreatView
from hexrules_widgets.units import CounterLayer

__all__ = ["BASE_LEVELS", "OVERLAY_LEVELS", "CounterLayer", "DriftStepper", "FireStepper",
           "HexBoard", "HexInspector", "MapEditorPanel", "Reveal", "ScenarioEditorPanel",
           "ScenarioPlayer",
           "SightExplorer", "ThreatView"]
