"""Direct fire and close combat (RULES.md §4, F-1…F-12).

>>> from hexrules.combat import FireKind
>>> FireKind.parse("moving").modifier
-1
"""

from hexrules.combat.fire import (
    FireKind,
    FireOdds,
    FireRecord,
    adjudicate_fire,
    can_fire,
    fire_odds,
    shot_distribution,
    verify_fire,
)

__all__ = [
    "FireKind",
    "FireOdds",
    "FireRecord",
    "adjudicate_fire",
    "can_fire",
    "fire_odds",
    "shot_distribution",
    "verify_fire",
]
