"""hexrules: the rules of a tactical hex wargame (战术兵棋推演), traceable and teachable.

Quick start::

    >>> from hexrules import HexMap, line_of_sight
    >>> m = HexMap.load("training")
    >>> rec = line_of_sight(m, "4563BB", "4563BF")
    >>> rec.case in ("L-3", "L-4", "L-5")
    True
"""

from hexrules.combat import (
    FireKind,
    FireOdds,
    FireOrder,
    FireRecord,
    adjudicate_fire,
    apply_result,
    can_fire,
    final_attack_level,
    fire_odds,
    shot_distribution,
    simulate_fire,
    state_label,
    verify_fire,
)
from hexrules.dice import Dice, Roll, ScriptedDice
from hexrules.errors import (
    CoordinateError,
    CoordinateTypeError,
    DiceExhaustedError,
    IllegalMoveError,
    IllegalOrderError,
    MapFormatError,
    MapMakingError,
    MapNotFoundError,
    NoLineOfSightError,
    OffMapError,
    ReplayDivergedError,
    RulesError,
    RulesTypeError,
    TableFormatError,
    TableKeyError,
    TableLookupError,
)
from hexrules.game import Scenario, ScenarioFormatError, Score
from hexrules.glossary import label, term
from hexrules.map import DIRECTION_NAMES, DIRECTIONS, Georef, Hex, HexMap, Terrain
from hexrules.movement import (
    can_short_halt,
    can_stack,
    movement_allowance,
    path_cost,
    path_steps,
    reachable,
    short_halt_cost,
    stack_count,
    stacking_limit,
    step_cost,
    step_record,
    verify_short_halt,
    verify_stacking,
)
from hexrules.records import Effect, MapRef, Record, Step, TableRef, record_from_dict
from hexrules.sight import SightRecord, line_of_sight, load_sight_cases
from hexrules.tables import TableSet, load_tables
from hexrules.units import Result, Side, Status, Unit

__version__ = "0.1.0"

# Loaded on first use, so that `import hexrules` does not import numba or matplotlib.
_LAZY = {
    "viewshed": "hexrules.sight.fast",
    "visible": "hexrules.sight.fast",
    "visibility_matrix": "hexrules.sight.fast",
    "FastSight": "hexrules.sight.fast",
    "plot_map": "hexrules.render.plots",
    "plot_grazes": "hexrules.render.plots",
    "elevation_colour": "hexrules.render.plots",
    "use_cjk_fonts": "hexrules.render.plots",
    "make_map": "hexrules.mapmaking",
    "jacksboro_dem": "hexrules.mapmaking",
    "read_dem": "hexrules.mapmaking",
    "compare_viewsheds": "hexrules.mapmaking.compare",
    "print_kit": "hexrules.render.printkit",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'hexrules' has no attribute {name!r}")


__all__ = [
    "DIRECTIONS",
    "FastSight",
    "compare_viewsheds",
    "jacksboro_dem",
    "make_map",
    "print_kit",
    "read_dem",
    "elevation_colour",
    "label",
    "load_sight_cases",
    "plot_grazes",
    "plot_map",
    "term",
    "use_cjk_fonts",
    "viewshed",
    "visibility_matrix",
    "visible",
    "Dice",
    "Effect",
    "FireKind",
    "FireOdds",
    "FireOrder",
    "FireRecord",
    "MapRef",
    "Record",
    "Step",
    "TableRef",
    "apply_result",
    "final_attack_level",
    "record_from_dict",
    "simulate_fire",
    "state_label",
    "Result",
    "Roll",
    "ScriptedDice",
    "Side",
    "Status",
    "TableSet",
    "Unit",
    "adjudicate_fire",
    "can_fire",
    "fire_odds",
    "load_tables",
    "shot_distribution",
    "verify_fire",
    "IllegalMoveError",
    "can_short_halt",
    "can_stack",
    "movement_allowance",
    "path_cost",
    "path_steps",
    "reachable",
    "short_halt_cost",
    "stack_count",
    "stacking_limit",
    "step_cost",
    "step_record",
    "verify_short_halt",
    "verify_stacking",
    "DIRECTION_NAMES",
    "CoordinateError",
    "CoordinateTypeError",
    "DiceExhaustedError",
    "Georef",
    "Hex",
    "HexMap",
    "IllegalOrderError",
    "MapFormatError",
    "MapMakingError",
    "MapNotFoundError",
    "NoLineOfSightError",
    "OffMapError",
    "ReplayDivergedError",
    "RulesError",
    "RulesTypeError",
    "SightRecord",
    "TableFormatError",
    "TableKeyError",
    "TableLookupError",
    "Terrain",
    "line_of_sight",
    "Scenario",
    "ScenarioFormatError",
    "Score",
]
