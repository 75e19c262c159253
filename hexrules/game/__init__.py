"""The game (§8, §9): scenarios and their scoring; the turn engine builds on them.

>>> from hexrules.game import Scenario
>>> Scenario.load("duel").turns
6
"""

from hexrules.errors import ScenarioFormatError, ScenarioNotFoundError
from hexrules.game.scenario import (
    Bilingual,
    Objective,
    Scenario,
    SideSetup,
    UnitSetup,
    VictoryRule,
)
from hexrules.game.score import ObjectiveScore, Score, score_scenario

__all__ = [
    "Bilingual",
    "Objective",
    "ObjectiveScore",
    "Scenario",
    "ScenarioFormatError",
    "ScenarioNotFoundError",
    "Score",
    "SideSetup",
    "UnitSetup",
    "VictoryRule",
    "score_scenario",
]
